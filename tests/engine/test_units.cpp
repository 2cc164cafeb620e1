// Figures as people read them: SI prefixes on the base unit, counts with k/M/G, bytes binary,
// areas in µm² or mm²; the same function serves readouts, tooltips, tables and chart axes.
#include <QtTest>

#include "search/objective.hpp"
#include "util/quantity_input.hpp"
#include "util/units.hpp"

using namespace mapscape;

class UnitsTest : public QObject {
    Q_OBJECT

private slots:
    void formats_data() {
        QTest::addColumn<double>("value");
        QTest::addColumn<int>("quantity");
        QTest::addColumn<QString>("expected");
        auto q = [](Quantity x) { return static_cast<int>(x); };
        QTest::newRow("energy µJ (the readout used to say 224.5 k nJ)") << 224.5e3 << q(Quantity::EnergyNj) << "224.5 µJ";
        QTest::newRow("energy nJ") << 3.5 << q(Quantity::EnergyNj) << "3.5 nJ";
        QTest::newRow("energy pJ") << 0.23 << q(Quantity::EnergyNj) << "230 pJ";
        QTest::newRow("energy mJ") << 3.871e6 << q(Quantity::EnergyNj) << "3.871 mJ";
        QTest::newRow("energy rounding carries") << 999.96e3 << q(Quantity::EnergyNj) << "1 mJ";
        QTest::newRow("cycles") << 1.407e7 << q(Quantity::Cycles) << "14.07 M cycles";
        QTest::newRow("few cycles") << 512.0 << q(Quantity::Cycles) << "512 cycles";
        QTest::newRow("power") << 1222.3 << q(Quantity::PowerMw) << "1.222 W";
        QTest::newRow("area µm²") << 4470.0 << q(Quantity::AreaUm2) << "4470 µm²";
        QTest::newRow("area mm²") << 2e5 << q(Quantity::AreaUm2) << "0.2 mm²";
        QTest::newRow("bytes") << 512.0 << q(Quantity::Bytes) << "512 B";
        QTest::newRow("KiB") << 108000.0 << q(Quantity::Bytes) << "105.5 KiB";
        QTest::newRow("MiB") << 4194304.0 << q(Quantity::Bytes) << "4 MiB";
        QTest::newRow("seconds") << 0.0153 << q(Quantity::Seconds) << "15.3 ms";
        QTest::newRow("edp") << 3.4e12 << q(Quantity::EdpNjCycles) << "3.4 kJ·cycles";
        QTest::newRow("plain") << 2.735e6 << q(Quantity::Plain) << "2.735 M";
        QTest::newRow("zero") << 0.0 << q(Quantity::EnergyNj) << "0 nJ";
        QTest::newRow("negative") << -2500.0 << q(Quantity::Cycles) << "-2.5 k cycles";
        QTest::newRow("not a number") << std::nan("") << q(Quantity::EnergyNj) << "n/a";
    }
    void formats() {
        QFETCH(double, value);
        QFETCH(int, quantity);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(format_quantity(value, static_cast<Quantity>(quantity))), expected);
    }

    void axis_labels_can_leave_the_unit_to_the_title() {
        QCOMPARE(QString::fromStdString(format_quantity(1e6, Quantity::Cycles, {3, false})), QString("1 M"));
        QCOMPARE(QString::fromStdString(format_quantity(1e3, Quantity::EnergyNj, {3, false})), QString("1 µ"));
    }

    void field_names_carry_their_quantity_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("quantity");
        auto q = [](Quantity x) { return static_cast<int>(x); };
        QTest::newRow("cycles") << "runtime_cycles" << q(Quantity::Cycles);
        QTest::newRow("energy") << "energy_nj" << q(Quantity::EnergyNj);
        QTest::newRow("area") << "area_um2" << q(Quantity::AreaUm2);
        QTest::newRow("power") << "power_mw" << q(Quantity::PowerMw);
        QTest::newRow("bytes") << "l2_size_bytes" << q(Quantity::Bytes);
        QTest::newRow("seconds") << "wall_seconds" << q(Quantity::Seconds);
        QTest::newRow("seconds, short") << "wall_s" << q(Quantity::Seconds);
        QTest::newRow("edp") << "edp" << q(Quantity::EdpNjCycles);
        QTest::newRow("edp with its unit") << "best_edp_nj_cycles" << q(Quantity::EdpNjCycles);
        QTest::newRow("latency x area") << "lap_cycles_um2" << q(Quantity::LapCyclesUm2);
        QTest::newRow("a count") << "samples" << q(Quantity::Plain);
        QTest::newRow("no unit in the name") << "objective_value" << q(Quantity::Plain);
        QTest::newRow("a unit alone is no field") << "_nj" << q(Quantity::Plain);
        QTest::newRow("a word ending in s") << "layers" << q(Quantity::Plain);
    }
    void field_names_carry_their_quantity() {
        QFETCH(QString, name);
        QFETCH(int, quantity);
        QCOMPARE(static_cast<int>(quantity_of_field(name.toStdString())), quantity);
    }

    // What a user types in a size or bandwidth field ("256 KiB" once became 256 B).
    void sizes_and_rates_read_as_typed() {
        QCOMPARE(parse_byte_size("256 KiB"), std::optional<std::int64_t>(262144));
        QCOMPARE(parse_byte_size("256kib"), std::optional<std::int64_t>(262144));
        QCOMPARE(parse_byte_size("1 MB"), std::optional<std::int64_t>(1000000));
        QCOMPARE(parse_byte_size("1 MiB"), std::optional<std::int64_t>(1048576));
        QCOMPARE(parse_byte_size("64K"), std::optional<std::int64_t>(65536));
        QCOMPARE(parse_byte_size("1.5 KiB"), std::optional<std::int64_t>(1536));
        QCOMPARE(parse_byte_size("108000"), std::optional<std::int64_t>(108000));
        QCOMPARE(parse_byte_size("108000 B"), std::optional<std::int64_t>(108000));
        QVERIFY(!parse_byte_size("0.3 B"));      // not a whole number of bytes
        QVERIFY(!parse_byte_size("12 apples"));
        QVERIFY(!parse_byte_size("-5 KiB"));
        QVERIFY(!parse_byte_size(""));
        QCOMPARE(parse_elements_per_cycle("64 B/cycle", 2), std::optional<std::int64_t>(32));
        QCOMPARE(parse_elements_per_cycle("16", 1), std::optional<std::int64_t>(16));
        QCOMPARE(parse_elements_per_cycle("16 elem/cycle", 1), std::optional<std::int64_t>(16));
        QCOMPARE(parse_elements_per_cycle("81.92 M elem/cycle", 1), std::optional<std::int64_t>(81920000));
        QCOMPARE(parse_elements_per_cycle("2k", 1), std::optional<std::int64_t>(2000));
        QVERIFY(!parse_elements_per_cycle("3 B/cycle", 2));  // not whole elements
    }

    // Each value is shown with the largest unit that keeps it exact, and reads back the same.
    void sizes_and_rates_show_exactly() {
        QCOMPARE(exact_byte_size_text(262144), std::string("256 KiB"));
        QCOMPARE(exact_byte_size_text(108000), std::string("108 kB"));
        QCOMPARE(exact_byte_size_text(512), std::string("512 B"));
        QCOMPARE(exact_byte_size_text(1536), std::string("1.5 KiB"));
        QCOMPARE(exact_byte_size_text(1023), std::string("1023 B"));
        QCOMPARE(exact_byte_size_text(24 * 1024 * 1024), std::string("24 MiB"));
        QCOMPARE(exact_count_text(81920000), std::string("81.92 M"));
        QCOMPARE(exact_count_text(70000), std::string("70 k"));
        QCOMPARE(exact_count_text(64), std::string("64"));
        for (std::int64_t v : {1LL, 7LL, 512LL, 1000LL, 1023LL, 1536LL, 108000LL, 110592LL, 262144LL, 1000001LL, 2147483647LL}) {
            QCOMPARE(parse_byte_size(exact_byte_size_text(v)), std::optional<std::int64_t>(v));
            QCOMPARE(parse_elements_per_cycle(exact_count_text(v), 1), std::optional<std::int64_t>(v));
        }
    }

    void objectives_know_their_quantity() {
        QCOMPARE(static_cast<int>(parse_objective("energy")->quantity()), static_cast<int>(Quantity::EnergyNj));
        QCOMPARE(static_cast<int>(parse_objective("edp")->quantity()), static_cast<int>(Quantity::EdpNjCycles));
        QCOMPARE(static_cast<int>(parse_objective("latency*energy^2")->quantity()), static_cast<int>(Quantity::Plain));
    }
};

QTEST_GUILESS_MAIN(UnitsTest)
#include "test_units.moc"
