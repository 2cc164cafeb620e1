// MAESTRO's text formats: the whole network + dataflow grammar, HW files, the writer's
// round trip, and precise errors for malformed files.
#include <QDir>
#include <QtTest>

#include "arch/maestro_hw_file.hpp"
#include "mapping/maestro_file.hpp"
#include "test_support.hpp"

using namespace mapscape;

namespace {

// The objects as the writer can express them (names become single MAESTRO tokens).
MaestroNetwork normalized(MaestroNetwork net) {
    for (auto& e : net.layers) e.layer.name = maestro_safe_name(e.layer.name);
    return net;
}

std::string error_of(std::string_view text) {
    try {
        parse_maestro_text(text, "bad.m");
    } catch (const InputError& e) {
        return e.diagnostic().to_string();
    }
    return "no error";
}

}  // namespace

class MaestroFilesTest : public QObject {
    Q_OBJECT

private slots:
    void round_trip_data() {
        QTest::addColumn<QString>("file");
        const QDir dir(QString::fromStdString(test_data("maestro_reference/mappings")));
        for (const QString& f : dir.entryList({"*.m"}, QDir::Files, QDir::Name)) QTest::newRow(qPrintable(f)) << f;
        const QDir rnd(QString::fromStdString(test_data("maestro_random")));
        for (const QString& f : rnd.entryList({"net_0*.m"}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(f)) << ("../../maestro_random/" + f);
    }
    // Every bundled file reads, writes and reads back to the same layers and mappings.
    void round_trip() {
        QFETCH(QString, file);
        const auto original = normalized(read_maestro_file(test_data("maestro_reference/mappings/" + file.toStdString())));
        QVERIFY(!original.layers.empty());
        std::vector<std::pair<Layer, Mapping>> pairs;
        for (const auto& e : original.layers) pairs.emplace_back(e.layer, e.mapping);
        const std::string text = write_maestro_text(original.name, pairs);
        const auto again = normalized(parse_maestro_text(text, "written.m"));
        QCOMPARE(again.layers.size(), original.layers.size());
        for (std::size_t i = 0; i < again.layers.size(); ++i) {
            QVERIFY2(again.layers[i].layer == original.layers[i].layer, again.layers[i].layer.name.c_str());
            QVERIFY2(again.layers[i].mapping == original.layers[i].mapping, again.layers[i].layer.name.c_str());
        }
        QCOMPARE(again.name, maestro_safe_name(original.name));
    }

    void grammar_features() {
        const char* text = R"(// leading comment
Constant Tile 4;
Network demo {   // trailing comment
  Layer conv-1 {
    Type: CONV
    Stride { X: 2, Y: 2 }
    Dimensions { N: 2, K: 16, C: Tile, R: 3, S: 3, Y': 10, X: 21 }
    Dataflow {
      SpatialMap(1,1) K;
      TemporalMap(Tile,Tile) C;
      TemporalMap(Sz(R),Sz(R)) R;
      TemporalMap(Sz(S),Sz(S)) S;
      TemporalMap(1,1) Y';
      TemporalMap(Sz(S),1) X;
      Cluster(Sz(R), L);
      SpatialMap(1,1) Y';
    }
  }
  Layer g { Type: GEMM Dimensions { M: 8, N: 4, K: 2 } Dataflow { SpatialMap(1,1) M; } }
}
Accelerator { PE { NumPEs: 4 } }
)";
        const auto net = parse_maestro_text(text, "demo.m");
        QCOMPARE(net.name, std::string("demo"));
        QCOMPARE(net.layers.size(), std::size_t(2));
        const Layer& l = net.layers[0].layer;
        QCOMPARE(l.name, std::string("conv-1"));
        QCOMPARE(l.type, LayerType::Conv);
        MAPSCAPE_COMPARE_I64(l.size(Dim::C), 4);
        MAPSCAPE_COMPARE_I64(l.size(Dim::Yo), 10);
        QVERIFY(!l.has(Dim::Y));
        MAPSCAPE_COMPARE_I64(l.stride(Dim::X), 2);
        const auto& d = net.layers[0].mapping.directives;
        QCOMPARE(d.size(), std::size_t(8));
        QCOMPARE(d[1], Directive::temporal(Dim::C, 4, 4));
        QCOMPARE(d[2], Directive::temporal(Dim::R, 3, 3));
        QCOMPARE(d[4], Directive::temporal(Dim::Yo, 1, 1));
        QCOMPARE(d[6], Directive::cluster(3, ClusterKind::Logical));
        QCOMPARE(net.layers[1].layer.type, LayerType::Gemm);
        QCOMPARE(net.warnings.size(), std::size_t(1));  // the ignored Accelerator block
        QCOMPARE(net.constants.size(), std::size_t(1));
    }

    void errors_have_positions_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("unknown top") << "Netwrk x {}" << "bad.m:1:1: expected 'Network'";
        QTest::newRow("bad directive") << "Network n {\nLayer l {\nType: CONV\nDimensions { K: 1, C: 1, R: 1, S: 1, Y: 1, X: 1 }\nDataflow {\n  TemporalMapp(1,1) K;\n}\n}\n}"
                                       << "bad.m:6:3: expected TemporalMap, SpatialMap, Cluster";
        QTest::newRow("bad number") << "Network n {\nLayer l {\nType: CONV\nDimensions { K: x1, C: 1 }\n}\n}"
                                    << "bad.m:4:17: expected the size of K";
        QTest::newRow("zero size") << "Network n {\nLayer l {\nType: CONV\nDimensions { K: 0 }\n}\n}"
                                   << "bad.m:4:17: the size of K must be at least 1";
        QTest::newRow("unknown dim") << "Network n {\nLayer l {\nType: CONV\nDimensions { Q: 3 }\n}\n}"
                                     << "bad.m:4:14: unknown dimension 'Q'";
        QTest::newRow("Sz before dims") << "Network n {\nLayer l {\nType: CONV\nDataflow { TemporalMap(Sz(R),1) R; }\n}\n}"
                                        << "bad.m:4:27: Sz(R): dimension R is not declared";
        QTest::newRow("FC type") << "Network n {\nLayer l {\nType: FC\n}\n}" << "bad.m:3:7: layer type FC is not supported";
        QTest::newRow("unterminated") << "Network n {\nLayer l {\nType: CONV\n" << "bad.m:2:1: unterminated Layer l";
        QTest::newRow("missing dims") << "Network n {\nLayer l {\nType: CONV\n}\n}" << "bad.m:2:1: Layer l has no Dimensions";
        QTest::newRow("inconsistent layer") << "Network n {\nLayer l {\nType: CONV\nDimensions { K: 1, C: 1, R: 5, S: 1, Y: 3, X: 3 }\n}\n}"
                                            << "bad.m:2:1: Layer l: filter size R = 5 is larger than input size Y = 3";
        QTest::newRow("cluster kind") << "Network n {\nLayer l {\nType: CONV\nDimensions { K: 1, C: 1, R: 1, S: 1, Y: 1, X: 1 }\nDataflow { Cluster(2, Q); }\n}\n}"
                                      << "bad.m:5:23: expected P (physical) or L (logical)";
        // Errors at the end of the file name its line and column too (an empty file: 1:1).
        QTest::newRow("no network") << "// nothing" << "bad.m:1:11: no 'Network { ... }' block";
        QTest::newRow("empty file") << "" << "bad.m:1:1: no 'Network { ... }' block";
        QTest::newRow("cut short") << "Network n {\nLayer l {\nType:" << "bad.m:3:6: unexpected end of file";
        QTest::newRow("huge") << "Network n {\nLayer l {\nType: CONV\nDimensions { K: 99999999999 }\n}\n}"
                              << "bad.m:4:17: the size of K 99999999999 is too large";
    }
    void errors_have_positions() {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const QString got = QString::fromStdString(error_of(text.toStdString()));
        QVERIFY2(got.startsWith(expected), qPrintable("got: " + got));
    }

    void missing_file_is_an_error() {
        try {
            read_maestro_file("/nonexistent/x.m");
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY(QString::fromStdString(e.diagnostic().to_string()).startsWith("/nonexistent/x.m: cannot open"));
        }
    }

    void hw_file() {
        const Accelerator base = maestro_cli_defaults();
        const Accelerator acc = read_maestro_hw_file(test_data("maestro_reference/hw/accelerator_1.m"), base);
        MAPSCAPE_COMPARE_I64(acc.num_pes, 256);
        MAPSCAPE_COMPARE_I64(acc.l1_size_elements(), 100);
        MAPSCAPE_COMPARE_I64(acc.l2_size_elements(), 3000);
        MAPSCAPE_COMPARE_I64(acc.noc[0].bandwidth_elements_per_cycle, 1000);
        MAPSCAPE_COMPARE_I64(acc.offchip_bw_elements_per_cycle, 50);
        MAPSCAPE_COMPARE_I64(acc.noc[3].head_latency_cycles(), 1);  // MAESTRO's HW-file default
        // Absent keys take MAESTRO's HW-file defaults, not the base values.
        const Accelerator sparse = parse_maestro_hw_text("num_pes: 16", "hw.m", base);
        MAPSCAPE_COMPARE_I64(sparse.offchip_bw_elements_per_cycle, 2147483647);
        // Round trip.
        const Accelerator again = parse_maestro_hw_text(write_maestro_hw_text(acc), "again.m", base);
        QCOMPARE(again.num_pes, acc.num_pes);
        QCOMPARE(again.l1_size_bytes, acc.l1_size_bytes);
        QCOMPARE(again.noc, acc.noc);
        QCOMPARE(again.offchip_bw_elements_per_cycle, acc.offchip_bw_elements_per_cycle);
        // Errors.
        try {
            parse_maestro_hw_text("num_pes: 16\nl3_size: 4\n", "hw.m", base);
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY(QString::fromStdString(e.diagnostic().to_string()).startsWith("hw.m:2:1: unknown key 'l3_size'"));
        }
        try {
            parse_maestro_hw_text("num_pes: many\n", "hw.m", base);
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY(QString::fromStdString(e.diagnostic().to_string()).startsWith("hw.m:1:10: the value of num_pes"));
        }
    }
};

QTEST_GUILESS_MAIN(MaestroFilesTest)
#include "test_maestro_files.moc"
