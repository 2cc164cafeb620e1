// Runs the built mapscape-cli (MAPSCAPE_CLI_PATH) as a user would, for the suites that test it.
#pragma once

#include <QByteArray>
#include <QProcess>
#include <QStringList>

struct CliRun {
    int exit_code = -1;  // -100 when it crashed
    QByteArray out, err;
};

inline CliRun cli(const QStringList& args) {
    QProcess p;
    p.start(MAPSCAPE_CLI_PATH, args);
    p.waitForFinished(120000);
    CliRun r;
    r.exit_code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -100;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}
