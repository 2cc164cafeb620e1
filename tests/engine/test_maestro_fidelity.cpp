// Fidelity to the real MAESTRO: every layer of MAESTRO's bundled mapping files and of 360
// random GAMMA-style mappings, against MAESTRO's own CSV outputs (tests/data, sources in the
// READMEs there). Also: the files MAESTRO crashes on or rejects get a diagnosis instead.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "arch/maestro_hw_file.hpp"
#include "cost/evaluate.hpp"
#include "cost/maestro_results.hpp"
#include "mapping/maestro_file.hpp"
#include "test_support.hpp"

using namespace mapscape;

namespace {

struct RunConditions {
    std::string hw_file;  // empty: command-line values below
    std::int64_t num_pes = 7, noc_bw = 2147483647, hop_latency = 0, offchip_bw = 70000, simd = 1;
    std::int64_t l1 = 2147483647, l2 = 2147483647;
};

Accelerator accelerator_for(const RunConditions& c) {
    Accelerator acc = maestro_cli_defaults();
    acc.num_pes = c.num_pes;
    acc.simd_lanes = c.simd;
    acc.l1_size_bytes = c.l1;
    acc.l2_size_bytes = c.l2;
    acc.offchip_bw_elements_per_cycle = c.offchip_bw;
    set_uniform_noc(acc, c.noc_bw, 1, c.hop_latency);
    if (!c.hw_file.empty()) acc = read_maestro_hw_file(c.hw_file, acc);
    return acc;
}

// Evaluates every layer of `mapping_file` and compares with MAESTRO's CSV. Integer quantities
// must match exactly; the rest (printed with 6 digits by MAESTRO) to 1e-5.
void check_file(const std::string& mapping_file, const std::string& csv_file, const RunConditions& c,
                FidelityTally& tally, ReportDetail detail = ReportDetail::Full) {
    const MaestroNetwork net = read_maestro_file(mapping_file);
    const auto rows = read_maestro_results(csv_file);
    QCOMPARE(rows.size(), net.layers.size());
    const Accelerator acc = accelerator_for(c);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto& entry = net.layers[i];
        const CostReport r = evaluate(entry.layer, acc, entry.mapping, detail);
        tally.add(r, rows[i]);
        for (const auto& q : fidelity_quantities()) {
            if (detail == ReportDetail::Objectives &&
                (std::string(q.name).find("BW") != std::string::npos))
                continue;
            const double theirs = rows[i].value(q.maestro_column);
            const double err = relative_error(q.ours(r), theirs);
            if (err > 1e-5)
                QFAIL(qPrintable(QString("%1 layer %2: %3 is %4, MAESTRO says %5")
                                     .arg(QString::fromStdString(mapping_file))
                                     .arg(QString::fromStdString(entry.layer.name))
                                     .arg(q.name)
                                     .arg(q.ours(r), 0, 'g', 12)
                                     .arg(theirs, 0, 'g', 12)));
        }
    }
}

}  // namespace

class MaestroFidelityTest : public QObject {
    Q_OBJECT

    FidelityTally reference_tally_, random_tally_;

private slots:
    void bundled_files_data() {
        QTest::addColumn<QString>("name");
        const QDir outputs(QString::fromStdString(test_data("maestro_reference/outputs")));
        for (const QString& f : outputs.entryList({"*.csv"}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(f)) << f.chopped(4);
    }
    void bundled_files() {
        QFETCH(QString, name);
        RunConditions c;
        if (name == "alexnet_rs_validation") {
            c.noc_bw = 14;
            c.hop_latency = 1;
            c.num_pes = 168;
            c.l1 = 5120;
            c.l2 = 1024000;
        } else if (name == "vgg16_maeri") {
            c.noc_bw = 1000000000;
            c.num_pes = 256;
            c.l1 = 5120;
            c.l2 = 1024000;
        } else {
            c.hw_file = test_data("maestro_reference/hw/accelerator_1.m");
        }
        const std::string base = test_data("maestro_reference/");
        check_file(base + "mappings/" + name.toStdString() + ".m",
                   base + "outputs/" + name.toStdString() + ".csv", c, reference_tally_);
    }

    void random_mappings_data() {
        QTest::addColumn<int>("index");
        QFile f(QString::fromStdString(test_data("maestro_random/conditions.json")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto conds = QJsonDocument::fromJson(f.readAll()).object()["conditions"].toArray();
        for (int i = 0; i < conds.size(); ++i)
            QTest::newRow(qPrintable(conds[i].toObject()["file"].toString())) << i;
    }
    void random_mappings() {
        QFETCH(int, index);
        QFile f(QString::fromStdString(test_data("maestro_random/conditions.json")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto o = QJsonDocument::fromJson(f.readAll()).object()["conditions"].toArray()[index].toObject();
        RunConditions c;
        c.num_pes = o["num_pes"].toInteger();
        c.noc_bw = o["noc_bw"].toInteger();
        c.hop_latency = o["hop_latency"].toInteger();
        c.offchip_bw = o["offchip_bw"].toInteger();
        c.simd = o["simd_lanes"].toInteger();
        const std::string base = test_data("maestro_random/");
        check_file(base + o["file"].toString().toStdString(), base + o["output"].toString().toStdString(), c,
                   random_tally_);
        // The objectives-only path must agree on everything it reports.
        FidelityTally ignored;
        check_file(base + o["file"].toString().toStdString(), base + o["output"].toString().toStdString(), c,
                   ignored, ReportDetail::Objectives);
    }

    // Mappings MAESTRO crashes on (division by zero) or aborts on: a reason, never a crash.
    void maestro_crashes_are_diagnosed() {
        QFile f(QString::fromStdString(test_data("maestro_random/conditions.json")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto crashes = QJsonDocument::fromJson(f.readAll()).object()["crashes"].toArray();
        QVERIFY(crashes.size() > 10);
        for (const auto& v : crashes) {
            const auto o = v.toObject();
            RunConditions c;
            c.num_pes = o["num_pes"].toInteger();
            c.noc_bw = o["noc_bw"].toInteger();
            c.hop_latency = o["hop_latency"].toInteger();
            c.offchip_bw = o["offchip_bw"].toInteger();
            c.simd = o["simd_lanes"].toInteger();
            const auto net = read_maestro_file(test_data("maestro_random/" + o["file"].toString().toStdString()));
            const CostReport r = evaluate(net.layers[0].layer, accelerator_for(c), net.layers[0].mapping);
            QVERIFY2(!r.valid(), qPrintable(o["file"].toString()));
            QVERIFY(!describe(r.invalid, net.layers[0].layer, accelerator_for(c)).empty());
        }
    }

    void bundled_files_maestro_cannot_run_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("expected");
        for (const char* f : {"Resnet50_rs", "vgg16_rs", "UNet_RS", "ResNeXt50_rs"})
            QTest::newRow(f) << QString(f) << int(Invalidity::ZeroSubClusterRuntime);
        for (const char* f : {"googlenet_ykp_os", "mnasnet_ykp_os", "squeezenet1_0_ykp_os"})
            QTest::newRow(f) << QString(f) << int(Invalidity::FilterTileNotWhole);
    }
    void bundled_files_maestro_cannot_run() {
        QFETCH(QString, file);
        QFETCH(int, expected);
        const auto net = read_maestro_file(test_data("maestro_reference/mappings/" + file.toStdString() + ".m"));
        RunConditions c;
        c.hw_file = test_data("maestro_reference/hw/accelerator_1.m");
        const Accelerator acc = accelerator_for(c);
        int diagnosed = 0;
        for (const auto& e : net.layers) {
            const CostReport r = evaluate(e.layer, acc, e.mapping);
            if (int(r.invalid.kind) == expected) {
                ++diagnosed;
                QVERIFY(!describe(r.invalid, e.layer, acc).empty());
            }
        }
        QVERIFY2(diagnosed > 0, "the layer MAESTRO fails on is not diagnosed");
    }

    void cleanupTestCase() {
        qInfo().noquote() << "\nFidelity to MAESTRO on its bundled files (" << reference_tally_.layers() << " layers):\n"
                          << QString::fromStdString(reference_tally_.table());
        qInfo().noquote() << "\nFidelity to MAESTRO on random GAMMA-style mappings (" << random_tally_.layers()
                          << " layers):\n"
                          << QString::fromStdString(random_tally_.table());
        // The thresholds (we match exactly, which the per-layer checks enforce).
        for (const auto* tally : {&reference_tally_, &random_tally_}) {
            for (const auto& s : tally->summarize()) {
                if (s.quantity == "runtime") {
                    QVERIFY(s.within_5_percent >= 0.95);
                    QVERIFY(s.within_20_percent >= 1.0);
                }
                if (s.quantity == "L1 requirement" || s.quantity == "L2 requirement" ||
                    s.quantity.find("L2 read") != std::string::npos || s.quantity.find("L1 read") != std::string::npos)
                    QVERIFY(s.within_5_percent >= 0.95);
            }
        }
    }
};

QTEST_GUILESS_MAIN(MaestroFidelityTest)
#include "test_maestro_fidelity.moc"
