// Mapping searches as users rely on them: budgets, validity, determinism across thread counts,
// cancellation, events, fixed dataflows, the physical runtime bound, export round trips, the
// two-stage pipeline, and search quality on ResNet-18.
#include <QTemporaryDir>
#include <mutex>

#include <QElapsedTimer>
#include <QtTest>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <cmath>

#include "arch/presets.hpp"
#include "cost/compute_bound.hpp"
#include "cost/evaluate.hpp"
#include "mapping/maestro_file.hpp"
#include "search/baselines.hpp"
#include "search/fixed_dataflow_choices.hpp"
#include "search/maestro_export.hpp"
#include "search/model_search.hpp"
#include "search/refusal_tally.hpp"
#include "cost/bounds.hpp"
#include "search/vector_encoding.hpp"
#include "test_support.hpp"
#include "util/integer_math.hpp"

using namespace mapscape;

namespace {

SearchProblem edge_problem(int layer_number, std::int64_t budget = 2000) {
    SearchProblem p;
    p.layer = load_bundled_model("resnet18").layers[static_cast<std::size_t>(layer_number - 1)];
    p.accelerator = accelerator_preset("edge");
    p.system = TargetSystem::S2;
    p.objective = Objective::of(Metric::Latency);
    p.budget.samples = budget;
    p.seed = 7;
    return p;
}

ModelSearchRequest resnet_request(const Algorithm& a, std::int64_t budget, int threads) {
    ModelSearchRequest r;
    const Model m = load_bundled_model("resnet18");
    for (std::size_t i = 0; i < m.layers.size(); ++i) {
        r.layers.push_back(m.layers[i]);
        r.layer_numbers.push_back(static_cast<int>(i) + 1);
    }
    r.base = edge_problem(1, budget);
    r.base.threads = threads;
    r.base.seed = 1;
    r.algorithm = a;
    return r;
}

// Records what a search reports.
struct RecordingSink : SearchSink {
    std::vector<std::int64_t> samples;
    std::vector<double> bests;
    int progress_calls = 0;
    bool finished = false;
    void points(const std::vector<EvaluatedPoint>& batch) override {
        for (const auto& p : batch) samples.push_back(p.sample);
    }
    void best(const EvaluatedPoint& p, const CostReport& r) override {
        QVERIFY(r.valid());
        bests.push_back(p.objective);
    }
    void progress(const SearchProgress& p) override {
        ++progress_calls;
        finished = p.finished;
    }
};

}  // namespace

class SearchTest : public QObject {
    Q_OBJECT

private slots:
    void every_algorithm_uses_the_budget_and_finds_valid_mappings() {
        for (const std::string& name : algorithm_names()) {
            const Algorithm a = *parse_algorithm(name);
            const SearchProblem p = edge_problem(2, 1500);
            const SearchResult r = run_search(p, a);
            QVERIFY2(r.found, name.c_str());
            QVERIFY2(r.best_report.valid(), name.c_str());
            if (a.kind != Algorithm::Kind::Fixed) MAPSCAPE_COMPARE_I64(r.samples, 1500);
            QVERIFY(r.valid_samples <= r.samples);
            // The reported objective is the full report's latency.
            QCOMPARE(r.best_objective, static_cast<double>(r.best_report.runtime_cycles));
            // No mapping a search returns claims more than its busiest PE allows.
            QVERIFY(r.best_report.runtime_cycles >= ComputeBound(p.layer, p.accelerator).cycles(r.best_mapping));
        }
    }

    // CMA-ES on a co-design-sized encoding (the project's implementation, as co-design runs it):
    // it spends exactly the budget and closes in on a sphere's minimum that random points miss.
    void cma_es_on_a_large_encoding_uses_the_budget_and_converges() {
        struct Sphere : BlackBoxObjective {
            std::size_t n = 200;
            std::int64_t left = 20000, used = 0;
            double best = 1e300;
            bool outside = false;
            std::size_t size() const override { return n; }
            bool exhausted() override { return left <= 0; }
            std::int64_t remaining() const override { return left; }
            double evaluate(const double* x) override {
                if (left <= 0) throw BudgetExhausted{};
                --left;
                ++used;
                double d = 0;
                for (std::size_t i = 0; i < n; ++i) {
                    outside = outside || x[i] < 0 || x[i] >= 1;
                    const double t = 0.2 + 0.6 * static_cast<double>(i % 7) / 6;
                    d += (x[i] - t) * (x[i] - t);
                }
                best = std::min(best, d);
                return d;
            }
        };
        Sphere cma, random;
        run_black_box(cma, Baseline::CmaEs, 5, kCodesignBlackBox);
        run_black_box(random, Baseline::Random, 5);
        MAPSCAPE_COMPARE_I64(cma.used, std::int64_t{20000});
        MAPSCAPE_COMPARE_I64(random.used, std::int64_t{20000});
        QVERIFY2(!cma.outside, "a point outside [0, 1)");
        qInfo("sphere in 200 dimensions, 20000 samples: cma-es %g, random %g", cma.best, random.best);
        QVERIFY2(cma.best < random.best / 20, qPrintable(QString("cma-es %1, random %2").arg(cma.best).arg(random.best)));
        Sphere again;
        run_black_box(again, Baseline::CmaEs, 5, kCodesignBlackBox);
        QCOMPARE(again.best, cma.best);
    }

    void same_seed_same_result_with_one_or_two_threads() {
        for (const char* name : {"gamma", "cmaes", "pso"}) {
            const Algorithm a = *parse_algorithm(name);
            const ModelSearchOutcome one = search_model(resnet_request(a, 1000, 1));
            const ModelSearchOutcome two = search_model(resnet_request(a, 1000, 2));
            QCOMPARE(one.layers.size(), two.layers.size());
            for (std::size_t i = 0; i < one.layers.size(); ++i) {
                QVERIFY2(one.layers[i].result.best_mapping == two.layers[i].result.best_mapping, name);
                QCOMPARE(one.layers[i].result.best_objective, two.layers[i].result.best_objective);
                QCOMPARE(one.layers[i].result.trace, two.layers[i].result.trace);
            }
        }
        // Within one layer, GAMMA evaluates its generations on several threads.
        SearchProblem p = edge_problem(5, 3000);
        const SearchResult a = run_gamma(p, {});
        p.threads = 2;
        const SearchResult b = run_gamma(p, {});
        QVERIFY(a.best_mapping == b.best_mapping);
        QCOMPARE(a.trace, b.trace);
        // A different seed explores differently.
        p.seed = 8;
        QVERIFY(run_gamma(p, {}).trace != a.trace);
    }

    // A search that ends without a mapping says why: every sample's rule, counted, and the least
    // L1 any of them needed (AlexNet's 11x11 first layer in Eyeriss-like's 0.5 KB per PE: MAESTRO's
    // whole-filter rule needs 1,452 B of 16-bit words).
    void a_search_without_a_mapping_says_why() {
        SearchProblem p = edge_problem(1, 1500);
        p.layer = load_bundled_model("alexnet").layers[0];
        p.accelerator = accelerator_preset("eyeriss-like");
        const SearchResult r = run_gamma(p, {});
        QVERIFY(!r.found);
        MAPSCAPE_COMPARE_I64(r.refusals.total(), r.samples);
        MAPSCAPE_COMPARE_I64(r.refusals.counts[static_cast<std::size_t>(Invalidity::L1Overflow)], r.samples);
        MAPSCAPE_COMPARE_I64(r.refusals.l1_limit_bytes, 512);
        QVERIFY(r.refusals.smallest_l1_bytes > 512);
        // No sample needed less than the least any mapping can (two input windows, filters and outputs of 11 x 11).
        QVERIFY(r.refusals.smallest_l1_bytes >= min_l1_elements(p.layer) * 2);
        const std::string why = describe_refusals(r.refusals, r.samples);
        QVERIFY2(why.rfind("1,500 of 1,500 exceed L1 (the least any needed: ", 0) == 0, why.c_str());
        QVERIFY2(why.find(" B of 512 B per PE)") != std::string::npos, why.c_str());
        // A search that finds one keeps the tally of the rest.
        const SearchResult ok = run_gamma(edge_problem(2, 1500), {});
        QVERIFY(ok.found);
        MAPSCAPE_COMPARE_I64(ok.refusals.total(), ok.samples - ok.valid_samples);
    }

    // The largest sizes the formats allow (2^31 - 1, a prime, as a dimension and as the PE
    // count): GAMMA's divisor draws once walked every number up to the size, seconds per draw,
    // so such a search could not be stopped for minutes. A few hundred samples now take well
    // under a second; a minute is the margin for a busy machine.
    void searches_at_the_largest_sizes_stay_quick() {
        SearchProblem p = edge_problem(2, 400);
        p.layer.set(Dim::K, kIntMax);
        p.accelerator.num_pes = kIntMax;
        p.accelerator.pe_hierarchy = {kIntMax};
        QElapsedTimer t;
        t.start();
        const SearchResult r = run_gamma(p, {});
        QCOMPARE(r.samples, std::int64_t{400});
        QVERIFY2(t.elapsed() < 60000, qPrintable(QString::number(t.elapsed())));
    }

    // The window's whole-model runs interleave the layers: the same results as one layer after
    // another, but every layer has been searched a while before any layer finishes, so the
    // model's objective can be shown converging from the start.
    void interleaved_layers_progress_together_with_the_same_results() {
        const Algorithm a = *parse_algorithm("gamma");
        ModelSearchRequest r = resnet_request(a, 2000, 1);
        r.layers.resize(6);
        r.layer_numbers.resize(6);
        const ModelSearchOutcome sequential = search_model(r);
        struct Watch : SearchSink {
            std::mutex* mutex = nullptr;
            std::vector<std::int64_t>* samples = nullptr;
            std::vector<std::int64_t>* others_when_first_finished = nullptr;
            std::size_t index = 0;
            void progress(const SearchProgress& p) override {
                std::lock_guard lock(*mutex);
                (*samples)[index] = p.samples;
                if (p.finished && others_when_first_finished->empty()) *others_when_first_finished = *samples;
            }
        };
        std::mutex mutex;
        std::vector<std::int64_t> samples(6, 0), snapshot;
        std::vector<Watch> sinks(6);
        for (std::size_t i = 0; i < 6; ++i) {
            sinks[i].mutex = &mutex;
            sinks[i].samples = &samples;
            sinks[i].others_when_first_finished = &snapshot;
            sinks[i].index = i;
        }
        ModelSearchObserver observer;
        observer.sink_for = [&](int i) -> SearchSink* { return &sinks[static_cast<std::size_t>(i)]; };
        for (int threads : {1, 2}) {
            r.interleave_layers = true;
            r.base.threads = threads;
            snapshot.clear();
            std::fill(samples.begin(), samples.end(), 0);
            const ModelSearchOutcome interleaved = search_model(r, observer);
            for (std::size_t i = 0; i < 6; ++i) {
                QVERIFY(interleaved.layers[i].result.best_mapping == sequential.layers[i].result.best_mapping);
                QCOMPARE(interleaved.layers[i].result.trace, sequential.layers[i].result.trace);
            }
            QCOMPARE(snapshot.size(), std::size_t{6});
            if (threads == 1) {
                // One turn at a time, handed out first come first served: the order of the
                // layers' batches is fixed whatever the OS does, and each layer is close behind
                // the first to finish (a layer reports every 200 points, so it may show a
                // little less than it has searched).
                for (std::int64_t s : snapshot) QVERIFY2(s >= 1000, qPrintable(QString("a layer had only %1 samples").arg(s)));
            } else {
                // Two turns at a time: a layer's thread that holds a turn but that a busy OS does
                // not run advances no further, so one layer may lag while the others take turns.
                // What the turns guarantee: each time the finishing layer yields, the three or
                // more layers queued ahead of it take a turn (a batch) before it does; over its
                // ten or so batches the others took well over 2000 samples in all, more than
                // any schedule without turns (one or two layers at a time) gives them.
                std::int64_t others = 0;
                for (std::int64_t s : snapshot) others += s;
                others -= *std::max_element(snapshot.begin(), snapshot.end());  // the finished layer (its whole budget)
                QVERIFY2(others > 2000, qPrintable(QString("the other layers had only %1 samples in all").arg(others)));
            }
        }
    }

    // The model's convergence from the layers' traces: the sum of each layer's best after the
    // same number of its own samples, from the point where every layer has one.
    void the_model_trace_sums_the_layers_bests() {
        const Trace a = {{1, 10.0}, {5, 8.0}, {10, 8.0}};
        const Trace b = {{3, 100.0}, {4, 90.0}, {10, 90.0}};
        const Trace m = model_trace({&a, &b});
        const Trace expected = {{6, 110.0}, {8, 100.0}, {10, 98.0}, {20, 98.0}};
        QCOMPARE(m, expected);
        QVERIFY(model_trace({}).empty());
        const Trace none = {};
        QVERIFY(model_trace({&a, &none}).empty());  // a layer without a valid mapping: no model figure
    }

    void events_arrive_in_order_and_the_best_only_improves() {
        RecordingSink sink;
        const SearchResult r = run_gamma(edge_problem(3, 2500), {}, &sink);
        MAPSCAPE_COMPARE_I64(static_cast<std::int64_t>(sink.samples.size()), r.samples);
        for (std::size_t i = 0; i < sink.samples.size(); ++i) MAPSCAPE_COMPARE_I64(sink.samples[i], static_cast<std::int64_t>(i) + 1);
        QVERIFY(!sink.bests.empty());
        for (std::size_t i = 1; i < sink.bests.size(); ++i) QVERIFY(sink.bests[i] < sink.bests[i - 1]);
        QCOMPARE(sink.bests.back(), r.best_objective);
        QVERIFY(sink.finished);
        // The trace is the same story: samples increase, the best decreases.
        for (std::size_t i = 1; i < r.trace.size(); ++i) {
            QVERIFY(r.trace[i].first > r.trace[i - 1].first);
            QVERIFY(r.trace[i].second <= r.trace[i - 1].second);
        }
    }

    void a_stop_request_ends_the_search_early() {
        std::stop_source stop;
        struct StopAfter : SearchSink {
            std::stop_source* source;
            void progress(const SearchProgress& p) override {
                if (p.samples >= 400) source->request_stop();
            }
        } sink;
        sink.source = &stop;
        const SearchResult r = run_gamma(edge_problem(4, 10000), {}, &sink, stop.get_token());
        QVERIFY(r.stopped);
        QVERIFY(r.samples < 10000);
        QVERIFY(r.samples >= 400);
    }

    // A user stops a long search of a whole model: it returns at once (milliseconds) even after
    // hundreds of thousands of samples (GAMMA's memory of tried genomes must not take long to
    // free), and the layers not yet begun stay empty.
    void a_stopped_model_search_returns_at_once_and_skips_later_layers() {
        using Clock = std::chrono::steady_clock;
        std::stop_source stop;
        Clock::time_point requested;
        struct StopAt : SearchSink {
            std::stop_source* source = nullptr;
            Clock::time_point* when = nullptr;
            void progress(const SearchProgress& p) override {
                if (p.samples >= 500000 && !source->stop_requested()) {
                    *when = Clock::now();
                    source->request_stop();
                }
            }
        } sink;
        sink.source = &stop;
        sink.when = &requested;
        const Model model = load_bundled_model("resnet18");
        ModelSearchRequest request;
        request.layers = {model.layers[1], model.layers[2], model.layers[3]};
        request.base = edge_problem(1, 2000000);
        request.base.threads = 1;
        ModelSearchObserver observer;
        observer.sink_for = [&](int index) -> SearchSink* { return index == 0 ? &sink : nullptr; };
        const ModelSearchOutcome out = search_model(request, observer, stop.get_token());
        const double after_ms = std::chrono::duration<double, std::milli>(Clock::now() - requested).count();
        qInfo("returned %.1f ms after the stop request", after_ms);
        QVERIFY(stop.stop_requested());
        QVERIFY(out.layers[0].result.stopped);
        QVERIFY(out.layers[0].result.found);
        QVERIFY(out.layers[0].result.samples >= 500000);
        for (std::size_t i = 1; i < out.layers.size(); ++i) {
            QVERIFY(out.layers[i].result.stopped);
            QCOMPARE(out.layers[i].result.samples, std::int64_t{0});
        }
        // Milliseconds on a quiet machine (`mapscape --bench-ui` measures Stop); a wide margin
        // here, as CI machines are shared.
        QVERIFY2(after_ms < 2000, qPrintable(QString("took %1 ms").arg(after_ms)));
    }

    void latency_cap_is_a_hard_constraint() {
        SearchProblem p = edge_problem(6, 3000);
        const SearchResult free = run_gamma(p, {});
        QVERIFY(free.found);
        p.objective = Objective::of(Metric::Energy);
        p.constraints.max_latency_cycles = free.best_report.runtime_cycles * 11 / 10;
        GammaOptions warm;  // a tight cap needs a start that meets it, as in the two-stage flow
        warm.seeds = {*genome_of(free.best_mapping, make_genome_space(p))};
        const SearchResult capped = run_gamma(p, warm);
        QVERIFY(capped.found);
        QVERIFY(capped.best_report.runtime_cycles <= *p.constraints.max_latency_cycles);
        QVERIFY(capped.best_report.energy.total_nj <= free.best_report.energy.total_nj);
        // An impossible cap leaves no valid mapping, and says so.
        p.constraints.max_latency_cycles = 10;
        const SearchResult none = run_gamma(p, {});
        QVERIFY(!none.found);
        MAPSCAPE_COMPARE_I64(none.valid_samples, 0);
        QVERIFY(std::isinf(none.best_objective));
    }

    void the_compute_bound_rejects_maestro_undercounts() {
        // Found by simulated annealing before the bound existed: 28 clusters over 128 output
        // channels need five rounds, but MAESTRO's (and our) runtime is that of 4.6.
        const Layer layer = load_bundled_model("resnet18").layers[6];  // K128 C128 3x3 on 28x28
        const Accelerator edge = accelerator_preset("edge");
        Mapping m;
        m.directives = {Directive::spatial(Dim::K, 1, 1),   Directive::temporal(Dim::S, 3, 3),
                        Directive::temporal(Dim::Xo, 8, 8), Directive::temporal(Dim::C, 6, 6),
                        Directive::temporal(Dim::Yo, 10, 10), Directive::temporal(Dim::R, 3, 3),
                        Directive::cluster(6),               Directive::temporal(Dim::S, 3, 3),
                        Directive::temporal(Dim::Yo, 7, 7),  Directive::temporal(Dim::R, 3, 3),
                        Directive::temporal(Dim::Xo, 3, 3),  Directive::spatial(Dim::C, 1, 1),
                        Directive::temporal(Dim::K, 1, 1)};
        const CostReport r = evaluate(layer, edge, m);
        QVERIFY(r.valid());
        MAPSCAPE_COMPARE_I64(r.runtime_cycles, 593341);  // MAESTRO's figure for this mapping
        const ComputeBound bound(layer, edge);
        MAPSCAPE_COMPARE_I64(bound.occupied_pes(m), 168);
        // Busiest PE: 5 of the 128 output channels, 1 of each 6-channel input tile (22 tiles).
        MAPSCAPE_COMPARE_I64(bound.busiest_pe_macs(m), 5LL * 22 * 26 * 26 * 9);
        QVERIFY(r.runtime_cycles < bound.cycles(m));
        // MAESTRO's own example dataflows never fall below the bound.
        for (const char* file : {"Resnet50_kcp_ws.m", "Resnet50_yxp_os.m", "Resnet50_rs.m", "vgg16_nlr.m"}) {
            const MaestroNetwork net = read_maestro_file(test_data(std::string("maestro_reference/mappings/") + file));
            Mapping last;
            for (const MaestroLayer& l : net.layers) {
                if (l.has_dataflow) last = l.mapping;
                const CostReport lr = evaluate(l.layer, edge, last);
                if (lr.valid()) QVERIFY2(lr.runtime_cycles >= ComputeBound(l.layer, edge).cycles(last), file);
            }
        }
    }

    void fixed_dataflows_have_their_parallel_dimensions() {
        const Layer layer = load_bundled_model("resnet18").layers[9];  // K128 C128 3x3
        const Accelerator edge = accelerator_preset("edge");
        auto spatial_dims = [](const Mapping& m, int level) {
            std::string s;
            for (const Directive& d : m.level(level))
                if (d.kind == DirectiveKind::SpatialMap) s += std::string(dim_name(d.dim)) + " ";
            return s;
        };
        const std::vector<std::int64_t> knobs{1, 1, 1};
        const Mapping nvdla = fixed_dataflow_mapping(FixedDataflow::Nvdla, layer, edge, knobs);
        QCOMPARE(spatial_dims(nvdla, 0), std::string("K "));
        QCOMPARE(spatial_dims(nvdla, 1), std::string("C "));
        MAPSCAPE_COMPARE_I64(nvdla.cluster_size(1), 14);  // Edge is a 12 x 14 array
        const Mapping eyeriss = fixed_dataflow_mapping(FixedDataflow::Eyeriss, layer, edge, knobs);
        QCOMPARE(spatial_dims(eyeriss, 1), std::string("Y R "));
        const Mapping shi = fixed_dataflow_mapping(FixedDataflow::ShiDianNao, layer, edge, knobs);
        QCOMPARE(spatial_dims(shi, 0), std::string("Y "));
        QCOMPARE(spatial_dims(shi, 1), std::string("X "));
        // Every style maps every ResNet-18 layer on Edge, and the tile rule picks fitting tiles.
        const Model resnet = load_bundled_model("resnet18");
        for (FixedDataflow f : all_dataflows())
            for (const Layer& l : resnet.layers) {
                SearchProblem p = edge_problem(1);
                p.layer = l;
                const SearchResult r = run_fixed_dataflow(p, f);
                QVERIFY2(r.found, std::string(dataflow_name(f)).c_str());
                QVERIFY(r.best_report.l1_required_elements <= edge.l1_size_elements());
                QVERIFY(r.best_report.l2_required_elements <= edge.l2_size_elements());
            }
    }

    // HW-opt asks the tile rule once per array shape for every buffer size: it must choose what
    // the rule itself chooses at each size, fitting or not.
    void the_tile_rule_for_any_buffers_chooses_what_the_rule_does() {
        const Model resnet = load_model("resnet18");
        Accelerator acc = accelerator_preset("edge");
        acc.num_pes = 8 * 16;
        acc.pe_hierarchy = {8, 16};
        for (FixedDataflow f : {FixedDataflow::Nvdla, FixedDataflow::Eyeriss, FixedDataflow::ShiDianNao})
            for (int layer : {0, 6, 16}) {
                const FixedDataflowChoices choices(f, resnet.layers[static_cast<std::size_t>(layer)], acc, true);
                QVERIFY(choices.candidates() > 0);
                for (std::int64_t l1 : {16, 64, 512, 4096})
                    for (std::int64_t l2 : {1024, 16384, 108000, 1 << 22}) {
                        SearchProblem p = edge_problem(1);
                        p.layer = resnet.layers[static_cast<std::size_t>(layer)];
                        p.accelerator = acc;
                        p.accelerator.l1_size_bytes = l1;
                        p.accelerator.l2_size_bytes = l2;
                        const SearchResult r = run_fixed_dataflow(p, f);
                        const std::optional<Mapping> m = choices.choose(l1, l2);
                        QCOMPARE(m.has_value(), r.found);
                        if (m) QVERIFY2(*m == r.best_mapping, qPrintable(QString("%1 layer %2 L1 %3 L2 %4").arg(QString::fromStdString(std::string(dataflow_name(f)))).arg(layer).arg(l1).arg(l2)));
                    }
            }
    }

    void vector_encoding_decodes_every_point_to_a_repaired_genome() {
        const SearchProblem p = edge_problem(11);
        for (TargetSystem system : {TargetSystem::S1, TargetSystem::S2, TargetSystem::S3}) {
            SearchProblem q = p;
            q.system = system;
            const GenomeSpace space = make_genome_space(q);
            for (int levels = space.min_levels; levels <= space.max_levels; ++levels) {
                const VectorEncoding e(space, levels);
                Rng rng(3);
                std::uniform_real_distribution<double> u(-0.2, 1.2);  // outside [0,1) is clamped
                std::vector<double> x(e.size());
                for (int trial = 0; trial < 200; ++trial) {
                    for (double& v : x) v = u(rng);
                    Genome g;
                    e.decode(x.data(), g);
                    Genome repaired = g;
                    repair(repaired, space);
                    QVERIFY(repaired == g);
                    QCOMPARE(g.num_levels, levels);
                    if (system == TargetSystem::S1) MAPSCAPE_COMPARE_I64(g.levels[1].units, 14);
                    const Mapping m = decode(g, space);
                    QCOMPARE(m.num_levels(), levels);
                }
            }
        }
    }

    void exported_mappings_reevaluate_to_the_same_costs() {
        ModelSearchRequest r = resnet_request(*parse_algorithm("gamma"), 1500, 2);
        r.layers.resize(6);
        r.layer_numbers.resize(6);
        const ModelSearchOutcome out = search_model(r);
        QTemporaryDir dir;
        const ExportedFiles files = export_maestro_files(dir.path().toStdString(), "resnet18", r, out);
        QCOMPARE(files.paths.size(), std::size_t{6 + 2});
        const MaestroNetwork whole = read_maestro_file(files.paths[6]);
        QCOMPARE(whole.layers.size(), std::size_t{6});
        for (std::size_t i = 0; i < 6; ++i) {
            const MaestroNetwork one = read_maestro_file(files.paths[i]);
            QCOMPARE(one.layers.size(), std::size_t{1});
            QVERIFY(one.layers[0].mapping == out.layers[i].result.best_mapping);
            QVERIFY(whole.layers[i].mapping == out.layers[i].result.best_mapping);
            const CostReport again = evaluate(one.layers[0].layer, r.base.accelerator, one.layers[0].mapping);
            const CostReport& before = out.layers[i].result.best_report;
            MAPSCAPE_COMPARE_I64(again.runtime_cycles, before.runtime_cycles);
            QCOMPARE(again.energy.total_nj, before.energy.total_nj);
            MAPSCAPE_COMPARE_I64(again.l1_required_elements, before.l1_required_elements);
            MAPSCAPE_COMPARE_I64(again.l2_required_elements, before.l2_required_elements);
        }
    }

    void two_stage_keeps_the_pipeline_latency_and_lowers_energy() {
        ModelSearchRequest r = resnet_request(*parse_algorithm("gamma"), 2000, 2);
        r.base.objective = Objective::of(Metric::Energy);
        const TwoStageOutcome out = two_stage_search(r);
        QVERIFY(out.pipeline_latency_cycles > 0);
        QCOMPARE(out.second_stage.layers_without_mapping, 0);
        double before = 0, after = 0;
        for (std::size_t i = 0; i < out.second_stage.layers.size(); ++i) {
            const SearchResult& s1 = out.latency_stage.layers[i].result;
            const SearchResult& s2 = out.second_stage.layers[i].result;
            QVERIFY(s2.best_report.runtime_cycles <= out.pipeline_latency_cycles);
            // Warm-started from the stage-one mapping, stage two is never worse in energy.
            QVERIFY(s2.best_report.energy.total_nj <= s1.best_report.energy.total_nj * (1 + 1e-12));
            before += s1.best_report.energy.total_nj;
            after += s2.best_report.energy.total_nj;
        }
        QVERIFY(after < before);
    }

    void gamma_does_not_settle_in_the_first_family_of_parallel_dimensions() {
        // ResNet-18 layer 7 on Edge at two levels: K | C reaches 632,761 cycles (what the public
        // GAMMA finds too); X' | C and C | X' stop 4% above. Without the cap on one family's
        // parent places about a tenth of the runs stay there, with it a few in a hundred (seeds
        // 1-100 here: 11 and 2; `mapscape-cli search` seeds 61-260: 19 and 5 of 200).
        SearchProblem p = edge_problem(7, 10000);
        p.min_levels = p.max_levels = 2;
        GammaOptions uncapped;
        uncapped.parent_niche_share = 0;
        int settled = 0, settled_uncapped = 0;
        for (std::uint64_t seed = 1; seed <= 100; ++seed) {
            p.seed = seed;
            const SearchResult r = run_gamma(p, {});
            QVERIFY(r.found);
            if (r.best_report.runtime_cycles > 632761 * 1.005) ++settled;
            if (run_gamma(p, uncapped).best_report.runtime_cycles > 632761 * 1.005) ++settled_uncapped;
        }
        qInfo("layer 7 runs 0.5%% above 632,761 cycles, of 100 seeds: %d with the cap, %d without", settled, settled_uncapped);
        QVERIFY(settled_uncapped >= 5);  // the case the cap exists for (11 with these seeds)
        QVERIFY(settled * 3 <= settled_uncapped);  // 2
    }

    void gamma_beats_the_baselines_on_resnet18_edge() {
        // The quality bar of the GAMMA paper's Fig. 6(c), at a budget that keeps CI fast:
        // GAMMA finds a valid mapping for all 20 layers, its end-to-end latency is no worse
        // than any baseline's and far better than the best fixed dataflow's.
        const int budget = 5000;
        const ModelSearchOutcome gamma = search_model(resnet_request(*parse_algorithm("gamma"), budget, 2));
        QCOMPARE(gamma.layers_without_mapping, 0);
        for (const char* name : {"random", "de", "cmaes", "tbpsa", "fixed-nvdla", "fixed-shidiannao", "fixed-eyeriss"}) {
            const ModelSearchOutcome other = search_model(resnet_request(*parse_algorithm(name), budget, 2));
            if (other.layers_without_mapping > 0) continue;
            QVERIFY2(gamma.total_runtime_cycles <= other.total_runtime_cycles, name);
        }
        const ModelSearchOutcome shi = search_model(resnet_request(*parse_algorithm("fixed-shidiannao"), budget, 2));
        QVERIFY(static_cast<double>(shi.total_runtime_cycles) / static_cast<double>(gamma.total_runtime_cycles) > 1.5);
    }
};

QTEST_GUILESS_MAIN(SearchTest)
#include "test_search.moc"
