// Helpers shared by the engine test suites.
#pragma once

#include <QString>
#include <QtTest>
#include <string>

inline std::string test_data(const std::string& relative) {
    return std::string(MAPSCAPE_TEST_DATA_DIR) + "/" + relative;
}

// QCOMPARE for 64-bit integers with a readable failure message.
#define MAPSCAPE_COMPARE_I64(actual, expected)                                                    \
    QCOMPARE(static_cast<qint64>(actual), static_cast<qint64>(expected))
