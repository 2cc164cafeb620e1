// Co-design as a user relies on it: every design a method reports fits its area budget (and every
// valid design it evaluated did), buffers are what the mappings need, exported MAESTRO files
// re-read to the same figures, a seed gives the same design with one or two threads, the
// accelerator's flexibility holds, nothing beats the bound, and the area models read from data.
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>

#include "arch/area_model.hpp"
#include "arch/maestro_hw_file.hpp"
#include "codesign/codesign_algorithm.hpp"
#include "codesign/codesign_bound.hpp"
#include "codesign/codesign_request.hpp"
#include "codesign/design_space.hpp"
#include "cost/bounds.hpp"
#include "cost/compute_bound.hpp"
#include "cost/evaluate.hpp"
#include "mapping/maestro_file.hpp"
#include "search/maestro_export.hpp"
#include "test_support.hpp"
#include "workload/model.hpp"

using namespace mapscape;

namespace {

CodesignProblem problem(const std::string& model, std::size_t layers, std::int64_t budget, const std::string& platform = "edge") {
    const CodesignPlatform p = codesign_platform(platform);
    CodesignProblem c;
    const Model m = load_bundled_model(model);
    for (std::size_t i = 0; i < std::min(layers, m.layers.size()); ++i) {
        c.layers.push_back(m.layers[i]);
        c.layer_numbers.push_back(static_cast<int>(i) + 1);
    }
    c.base = p.base;
    c.area_budget_um2 = p.area_budget_um2;
    c.area_model = default_area_model();
    c.budget_samples = budget;
    c.seed = 3;
    return c;
}

struct Designs : CodesignSink {
    std::vector<DesignSummary> all;
    void designs(const std::vector<DesignSummary>& batch) override { all.insert(all.end(), batch.begin(), batch.end()); }
};

}  // namespace

class CodesignTest : public QObject {
    Q_OBJECT

private slots:
    void every_reported_design_fits_its_budget_data() {
        QTest::addColumn<QString>("algorithm");
        for (const char* a : {"digamma", "cmaes", "random", "pso", "hw-opt-nvdla", "hw-opt-shidiannao", "map-opt-compute", "map-opt-buffer"})
            QTest::newRow(a) << a;
    }
    void every_reported_design_fits_its_budget() {
        QFETCH(QString, algorithm);
        CodesignProblem p = problem("resnet18", 4, 1500);
        Designs sink;
        const CodesignResult r = run_codesign(p, *parse_codesign_algorithm(algorithm.toStdString()), &sink);
        QVERIFY2(r.found, "no design within 0.2 mm²");
        const DesignPoint& d = r.best;
        QVERIFY(d.area.total_um2() <= p.area_budget_um2);
        // The area the result states is the area of the accelerator it describes.
        QCOMPARE(area_of(p.area_model, d.accelerator).total_um2(), d.area.total_um2());
        for (const DesignSummary& s : sink.all)
            if (s.valid) QVERIFY2(s.area_um2 <= p.area_budget_um2, qPrintable(QString("sample %1").arg(s.sample)));
        const CodesignBound bound = codesign_bound(p);
        QVERIFY(d.runtime_cycles >= bound.runtime_cycles);
        QVERIFY(r.samples <= p.budget_samples);
        QCOMPARE(d.mappings.size(), p.layers.size());
    }

    void buffers_are_what_the_mappings_need() {
        const CodesignProblem p = problem("resnet18", 6, 2000);
        const CodesignResult r = run_codesign(p, *parse_codesign_algorithm("digamma"));
        QVERIFY(r.found);
        std::int64_t l1 = 0, l2 = 0, runtime = 0;
        for (std::size_t l = 0; l < p.layers.size(); ++l) {
            const CostReport c = evaluate(p.layers[l], r.best.accelerator, r.best.mappings[l]);
            QVERIFY(c.valid());  // it runs on the buffers it was given
            l1 = std::max(l1, c.l1_required_bytes);
            l2 = std::max(l2, c.l2_required_bytes);
            runtime += c.runtime_cycles;
        }
        MAPSCAPE_COMPARE_I64(r.best.accelerator.l1_size_bytes, l1);
        MAPSCAPE_COMPARE_I64(r.best.accelerator.l2_size_bytes, l2);
        MAPSCAPE_COMPARE_I64(r.best.runtime_cycles, runtime);
    }

    void exported_files_reread_to_the_same_figures() {
        const CodesignProblem p = problem("mobilenet_v2", 5, 1500);
        const CodesignResult r = run_codesign(p, *parse_codesign_algorithm("digamma"));
        QVERIFY(r.found);
        QTemporaryDir dir;
        std::vector<ExportLayer> layers;
        for (std::size_t l = 0; l < p.layers.size(); ++l) layers.push_back({p.layers[l], r.best.mappings[l]});
        const ExportedFiles files = export_maestro_files(dir.path().toStdString(), "mobilenet_v2", layers, r.best.accelerator);
        const MaestroNetwork net = read_maestro_file(files.paths[files.paths.size() - 2]);
        Accelerator hw = read_maestro_hw_file(files.paths.back(), Accelerator{});
        QCOMPARE(net.layers.size(), p.layers.size());
        for (std::size_t l = 0; l < p.layers.size(); ++l) {
            const CostReport again = evaluate(net.layers[l].layer, hw, net.layers[l].mapping);
            QVERIFY(again.valid());
            MAPSCAPE_COMPARE_I64(again.runtime_cycles, r.reports[l].runtime_cycles);
            QCOMPARE(again.energy.total_nj, r.reports[l].energy.total_nj);
        }
    }

    void a_seed_gives_the_same_design_with_one_or_two_threads() {
        for (const char* name : {"digamma", "cmaes"}) {
            CodesignProblem p = problem("resnet18", 5, 1200);
            p.threads = 1;
            const CodesignResult one = run_codesign(p, *parse_codesign_algorithm(name));
            p.threads = 2;
            const CodesignResult two = run_codesign(p, *parse_codesign_algorithm(name));
            QVERIFY(one.found && two.found);
            QVERIFY2(one.best.accelerator == two.best.accelerator, name);
            QCOMPARE(one.best.mappings, two.best.mappings);
            QCOMPARE(one.trace, two.trace);
        }
        CodesignProblem p = problem("resnet18", 5, 1200);
        const CodesignResult a = run_codesign(p, *parse_codesign_algorithm("digamma"));
        p.seed = 4;
        QVERIFY(run_codesign(p, *parse_codesign_algorithm("digamma")).trace != a.trace);
    }

    void the_accelerators_flexibility_holds() {
        CodesignProblem p = problem("resnet18", 4, 1500);
        p.base.map_space = map_space_preset("nvdla");
        const CodesignResult r = run_codesign(p, *parse_codesign_algorithm("digamma"));
        QVERIFY(r.found);
        QCOMPARE(r.best.accelerator.pe_hierarchy.size(), std::size_t{2});
        for (const Mapping& m : r.best.mappings) {
            QCOMPARE(m.num_levels(), 2);
            for (int k = 0; k < 2; ++k)
                for (const Directive& d : m.level(k))
                    if (d.kind == DirectiveKind::SpatialMap) QCOMPARE(d.dim, k == 0 ? Dim::K : Dim::C);
        }
    }

    void a_budget_nothing_fits_in_finds_nothing() {
        CodesignProblem p = problem("resnet18", 3, 500);
        p.area_budget_um2 = 100;  // less than one PE
        const CodesignResult r = run_codesign(p, *parse_codesign_algorithm("digamma"));
        QVERIFY(!r.found);
    }

    // The largest budget the requests allow (1e5 mm², a wafer's worth): DiGamma's refit to the
    // budget once walked every rows x columns shape up to hundreds of millions of PEs (the app
    // then waited on it at close). It finishes in a fraction of a second here; a minute is the
    // margin for a busy machine.
    void a_wafer_sized_budget_is_designed_quickly() {
        CodesignProblem p = problem("resnet18", 2, 4000);
        p.area_budget_um2 = kMaxAreaBudgetMm2 * 1e6;
        QElapsedTimer t;
        t.start();
        const CodesignResult r = run_codesign(p, *parse_codesign_algorithm("digamma"));
        QVERIFY(r.found);
        QVERIFY2(t.elapsed() < 60000, qPrintable(QString::number(t.elapsed())));
    }

    void area_models_come_from_data() {
        QCOMPARE(default_area_model().id, std::string("gamma"));
        QVERIFY(!area_model("maestro").source.empty());
        Accelerator edge;
        edge.num_pes = 168;
        // GAMMA's external model: 282 um^2 per PE and 0.086 um^2 per SRAM bit.
        QCOMPARE(area_of(area_model("gamma"), edge, 512, 108000).total_um2(), 168 * 282.0 + (168 * 512.0 + 108000) * 0.688);
        try {
            parse_area_models("{\"format\": \"mapscape-area-models\", \"default\": \"x\",\n \"models\": [{\"id\": \"x\", \"source\": \"s\",\n"
                              "  \"mac_um2\": -3, \"l1\": {\"granule_bytes\": 1, \"um2_per_granule\": 1}, \"l2\": {\"granule_bytes\": 1, \"um2_per_granule\": 1}}]}",
                              "bad.json");
            QFAIL("accepted a negative MAC area");
        } catch (const InputError& e) {
            QVERIFY2(e.diagnostic().to_string().rfind("bad.json:2:", 0) == 0, e.diagnostic().to_string().c_str());
        }
    }

    // A design is one array for the whole model: no design that fits, with any mappings the
    // searches accept, beats the bound taken over arrays; and it is above each layer's own best.
    void no_design_beats_the_one_array_bound_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("layers");
        QTest::addColumn<QString>("platform");
        QTest::newRow("mobilenet_v2 edge") << "mobilenet_v2" << 12 << "edge";
        QTest::newRow("mobilenet_v2 cloud") << "mobilenet_v2" << 12 << "cloud";
        QTest::newRow("ncf cloud") << "ncf" << 12 << "cloud";
        QTest::newRow("bert edge") << "bert" << 6 << "edge";
    }
    void no_design_beats_the_one_array_bound() {
        QFETCH(QString, model);
        QFETCH(int, layers);
        QFETCH(QString, platform);
        const CodesignProblem p = problem(model.toStdString(), static_cast<std::size_t>(layers), 100, platform.toStdString());
        const CodesignBound bound = codesign_bound(p);
        double per_layer = 0;
        for (const Layer& l : p.layers) {
            const std::int64_t units = std::min(bound.max_pes, max_busy_units(l, 2));
            per_layer += static_cast<double>((exact_macs(l) + units - 1) / units);
        }
        QVERIFY(static_cast<double>(bound.runtime_cycles) >= per_layer);
        const DesignSpace space(p);
        Rng rng(17);
        int complete = 0;
        for (int i = 0; i < 400; ++i) {
            DesignGenome design = space.random_design(rng);
            space.conform(design, rng);
            const Accelerator acc = space.accelerator(design.hw);
            std::int64_t runtime = 0;
            bool ok = true;
            for (std::size_t l = 0; l < p.layers.size() && ok; ++l) {
                const Mapping m = decode(design.layers[l], space.layer_space(l, design.hw));
                const CostReport r = evaluate(p.layers[l], acc, m, ReportDetail::Objectives);
                ok = r.valid() && model_artefact(r, ComputeBound(p.layers[l], acc), m) == Invalidity::None;
                runtime += r.runtime_cycles;
            }
            if (!ok) continue;
            ++complete;
            QVERIFY2(runtime >= bound.runtime_cycles, qPrintable(QString("%1 cycles on %2 PEs, bound %3").arg(runtime).arg(acc.num_pes).arg(bound.runtime_cycles)));
        }
        qInfo("%d complete random designs checked", complete);
        QVERIFY(complete > 20);
    }

    void the_bound_names_the_most_pes_that_fit() {
        const CodesignProblem p = problem("resnet18", 20, 10);
        const CodesignBound b = codesign_bound(p);
        // 282 um^2 per PE plus its least L1 (a 7x7 filter, input window and output window, each
        // doubled: 294 bytes at 0.688 um^2), within 0.2 mm^2.
        MAPSCAPE_COMPARE_I64(b.max_pes, static_cast<std::int64_t>((0.2e6 - 0.688) / (282 + 294 * 0.688)));
        QVERIFY(b.runtime_cycles > 0 && b.objective == static_cast<double>(b.runtime_cycles));
    }
};

QTEST_GUILESS_MAIN(CodesignTest)
#include "test_codesign.moc"
