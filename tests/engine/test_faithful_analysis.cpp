// The faithful analysis (--analysis faithful): hand-computed partial-tile, split-filter and padded
// layers in both analyses, agreement with the reference simulator on random mappings, step kinds
// reused only where that changes no figure, mappings that skip MACs or overflow a buffer refused
// with the reason, seeded searches deterministic in both analyses, and the setting as the
// accelerator file, the CLI and a typo meet it.
#include "arch/accelerator_json.hpp"
#include "cli_runner.hpp"
#include "cost/cost_report_json.hpp"
#include "cost/evaluate.hpp"
#include "cost/faithful_analysis.hpp"
#include "mapping/maestro_file.hpp"
#include "mapping/random_mapping.hpp"
#include "reference/loop_nest_simulator.hpp"
#include "reference/simulation_study.hpp"
#include "search/model_search.hpp"
#include "search/search_setup.hpp"
#include "test_support.hpp"
#include "util/json_text.hpp"

#include <random>

using namespace mapscape;

namespace {

// A mapping from MAESTRO's directive text.
Mapping directives(const std::string& text) {
    const std::string file = "Network n { Layer x { Type: CONV Dimensions { K: 1, C: 1, R: 1, S: 1, Y: 1, X: 1 } Dataflow { " + text +
                             " } } }";
    return parse_maestro_text(file, "hand.m").layers.at(0).mapping;
}

Accelerator pes(std::int64_t n, AnalysisMode mode) {
    Accelerator a = maestro_cli_defaults();
    a.num_pes = n;
    a.analysis = mode;
    return a;
}

struct Figures {
    std::int64_t runtime, macs, input_l2_reads, weight_l2_reads, output_l2_writes, input_fills, weight_fills, input_l1_writes,
        output_l2_reads, l1_required;
};

Figures figures(const CostReport& r) {
    return {r.runtime_cycles,      r.macs,
            r.tensors[0].l2_read,  r.tensors[1].l2_read,
            r.tensors[2].l2_write, r.tensors[0].l2_write,
            r.tensors[1].l2_write, r.tensors[0].l1_write,
            r.tensors[2].l2_read,  r.l1_required_elements};
}

#define COMPARE_FIGURES(actual, ...)                                                                          \
    do {                                                                                                      \
        const Figures a_ = (actual);                                                                          \
        const Figures e_{__VA_ARGS__};                                                                        \
        MAPSCAPE_COMPARE_I64(a_.runtime, e_.runtime);                                                         \
        MAPSCAPE_COMPARE_I64(a_.macs, e_.macs);                                                               \
        MAPSCAPE_COMPARE_I64(a_.input_l2_reads, e_.input_l2_reads);                                           \
        MAPSCAPE_COMPARE_I64(a_.weight_l2_reads, e_.weight_l2_reads);                                         \
        MAPSCAPE_COMPARE_I64(a_.output_l2_writes, e_.output_l2_writes);                                       \
        MAPSCAPE_COMPARE_I64(a_.input_fills, e_.input_fills);                                                 \
        MAPSCAPE_COMPARE_I64(a_.weight_fills, e_.weight_fills);                                               \
        MAPSCAPE_COMPARE_I64(a_.input_l1_writes, e_.input_l1_writes);                                         \
        MAPSCAPE_COMPARE_I64(a_.output_l2_reads, e_.output_l2_reads);                                                   \
        MAPSCAPE_COMPARE_I64(a_.l1_required, e_.l1_required);                                                 \
    } while (0)

}  // namespace

class FaithfulAnalysisTest : public QObject {
    Q_OBJECT

private slots:
    // K = 5 in tiles of 2 (the last one 1) on 3 PEs, one input channel each: 3 steps of 2, 2
    // and 1 MACs per PE (5 cycles); each weight fetched once (15), each input once (3, kept
    // while K moves), each output sent once reduced over the PEs (5) and read from L2 once, to
    // DRAM (every output's C is done in its one step: no partial sum read back).
    void partial_tile_by_hand() {
        const Layer layer = Layer::conv("partial", 5, 3, 1, 1, 1, 1);
        const Mapping m = directives("TemporalMap(2,2) K; SpatialMap(1,1) C; TemporalMap(1,1) R; TemporalMap(1,1) S; "
                                     "TemporalMap(1,1) Y; TemporalMap(1,1) X;");
        const CostReport faithful = evaluate(layer, pes(3, AnalysisMode::Faithful), m);
        QVERIFY2(faithful.valid(), describe(faithful.invalid, layer, pes(3, AnalysisMode::Faithful)).c_str());
        // L1: 2 x (1 input + 2 weights + 2 outputs) = 10 elements per PE.
        COMPARE_FIGURES(figures(faithful), 5, 15, 3, 15, 5, 3, 15, 3, 5, 10);
        // MAESTRO's model reads the cut tile as a whole one (18 weights) and reads every output back.
        const CostReport maestro = evaluate(layer, pes(3, AnalysisMode::MaestroExact), m);
        COMPARE_FIGURES(figures(maestro), 5, 15, 3, 18, 5, 3, 15, 3, 5, 10);
        // The reference simulator agrees with the faithful analysis figure for figure.
        const SimulationResult sim = simulate(layer, pes(3, AnalysisMode::MaestroExact), m);
        QVERIFY(sim.ok());
        MAPSCAPE_COMPARE_I64(sim.runtime_cycles, 5);
        MAPSCAPE_COMPARE_I64(sim.tensors[1].l2_read, 15);
    }

    // A row-stationary PE: each of 3 PEs holds one filter row (R split spatially) while the
    // input rows pass by one per step. Step y gives PE r output y - r when it exists: 1, 2, 3, 2
    // and 1 MACs over 5 steps (9, the layer's); each PE fetches its weight once (3); the 3 PEs
    // share each input row (5 reads); each step sends its PEs' distinct outputs (9), 6 of them
    // partial sums read back to accumulate, then each of the 3 once to DRAM (9 L2 reads). L1
    // holds 1 input, 1 weight and 1 partial sum, double-buffered: 6 elements.
    void split_filter_row_stationary_by_hand() {
        const Layer layer = Layer::conv("rows", 1, 1, 3, 1, 5, 1);
        const Mapping m = directives("SpatialMap(1,1) R; TemporalMap(1,1) Y'; TemporalMap(1,1) K; TemporalMap(1,1) C; "
                                     "TemporalMap(1,1) S; TemporalMap(1,1) X';");
        const CostReport faithful = evaluate(layer, pes(3, AnalysisMode::Faithful), m);
        QVERIFY2(faithful.valid(), describe(faithful.invalid, layer, pes(3, AnalysisMode::Faithful)).c_str());
        COMPARE_FIGURES(figures(faithful), 5, 9, 5, 3, 9, 5, 3, 9, 9, 6);
        const SimulationResult sim = simulate(layer, pes(3, AnalysisMode::MaestroExact), m);
        QVERIFY(sim.ok());
        MAPSCAPE_COMPARE_I64(sim.runtime_cycles, 5);
        MAPSCAPE_COMPARE_I64(sim.macs, 9);
        MAPSCAPE_COMPARE_I64(sim.tensors[2].l2_write, 9);
        // MAESTRO's model counts 15 MACs here (more than the layer's 9).
        const CostReport maestro = evaluate(layer, pes(3, AnalysisMode::MaestroExact), m);
        MAPSCAPE_COMPARE_I64(maestro.macs, 15);
    }

    // 5 input rows padded to 7 (one zero row each side), a 3-row filter sliding one row a step:
    // 5 outputs x 3 MACs, done as a dense array does them (the zeros' too). The faithful analysis
    // fetches and reads the 5 real rows once each; the zero rows still travel to the PE (7
    // deliveries). MAESTRO's model reads the padded input as input: 7.
    void padding_by_hand() {
        Layer layer = Layer::conv("padded", 1, 1, 3, 1, 7, 1);
        layer.padding = {1, 1, 0, 0};
        const Mapping m = directives("SpatialMap(1,1) K; TemporalMap(1,1) Y'; TemporalMap(1,1) C; TemporalMap(3,3) R; "
                                     "TemporalMap(1,1) S; TemporalMap(1,1) X';");
        const CostReport faithful = evaluate(layer, pes(1, AnalysisMode::Faithful), m);
        QVERIFY(faithful.valid());
        COMPARE_FIGURES(figures(faithful), 15, 15, 5, 3, 5, 5, 3, 7, 5, 14);
        const CostReport maestro = evaluate(layer, pes(1, AnalysisMode::MaestroExact), m);
        MAPSCAPE_COMPARE_I64(maestro.macs, 15);
        MAPSCAPE_COMPARE_I64(maestro.tensors[0].l2_read, 7);
        MAPSCAPE_COMPARE_I64(maestro.tensors[0].l2_write, 7);
    }

    // A filter split over time under strided windows: the top level takes one filter row and
    // column at a time over every output, the inner one walks the input rows one by one, which own
    // an output only at the stride's phase (each loop's middle positions taken by phase). Every
    // comparable figure equal to the simulator's, at strides 2 (overlapping windows) and 4. (The
    // L1 writes, shown only, can exceed its count here: a PE keeps its weight through the steps
    // the phase leaves without work, which the simulator skips and the analysis does not.)
    void strided_split_filter_equals_the_simulator() {
        const std::string m = "SpatialMap(1,1) K; TemporalMap(1,1) C; TemporalMap(16,16) Y'; TemporalMap(16,16) X'; "
                              "TemporalMap(1,1) R; TemporalMap(1,1) S; Cluster(2,P); SpatialMap(1,1) K; TemporalMap(1,1) C; "
                              "TemporalMap(1,1) Y'; TemporalMap(1,1) X'; TemporalMap(1,1) R; TemporalMap(1,1) S;";
        for (const Layer& layer : {Layer::conv("s2", 2, 2, 3, 3, 11, 11, 2), Layer::conv("s4", 4, 1, 4, 4, 16, 16, 4)}) {
            const CostReport faithful = evaluate(layer, pes(4, AnalysisMode::Faithful), directives(m));
            QVERIFY2(faithful.valid(), layer.name.c_str());
            const SimulationResult sim = simulate(layer, pes(4, AnalysisMode::MaestroExact), directives(m));
            QVERIFY(sim.ok());
            const auto a = study_figures(faithful), b = study_figures(sim);
            for (int f = 0; f < kComparableFigures; ++f)
                QVERIFY2(a[static_cast<std::size_t>(f)] == b[static_cast<std::size_t>(f)],
                         (layer.name + ": " + std::string(study_figure_name(static_cast<StudyFigure>(f)))).c_str());
            MAPSCAPE_COMPARE_I64(faithful.l1_required_elements, 6);
        }
    }

    // A top level that walks K over its sub-clusters and the input rows and columns one window at
    // a time has many step kinds whose tiles are translates of one another (the analysis works
    // out one of each and reuses it): the middle positions, an outer loop at its first or a middle
    // position, the SpatialMaps' loop short of its last step. Where they are not translates (a K
    // tile cut short at the end, windows reaching the padding, a stride's phase) they must still be
    // told apart. Unpadded: every comparable figure equals the simulator's (which has no padding);
    // padded: every figure equals the analysis's with no kind reused.
    void translated_step_kinds_are_told_apart() {
        const std::string m = "SpatialMap(2,2) K; TemporalMap(2,2) C; TemporalMap(Sz(R),1) Y; TemporalMap(Sz(S),1) X; "
                              "TemporalMap(Sz(R),Sz(R)) R; TemporalMap(Sz(S),Sz(S)) S; Cluster(2,P); SpatialMap(1,1) C; "
                              "TemporalMap(Sz(R),1) Y; TemporalMap(Sz(S),1) X; TemporalMap(Sz(R),Sz(R)) R; TemporalMap(Sz(S),Sz(S)) S;";
        int compared = 0;
        for (std::int64_t k : {12, 11})
            for (std::int64_t stride : {1, 2})
                for (bool padded : {false, true}) {
                    Layer layer = Layer::conv("k" + std::to_string(k) + "s" + std::to_string(stride) + (padded ? "p" : ""), k, 4, 3,
                                              3, 12, 10, stride);
                    if (padded) layer.padding = {1, 1, 1, 1};
                    // Sz(R) and Sz(S) resolve against the file's layer.
                    const std::string file = "Network n { Layer x { Type: CONV Dimensions { K: " + std::to_string(k) +
                                             ", C: 4, R: 3, S: 3, Y: 12, X: 10 } Dataflow { " + m + " } } }";
                    const Mapping mapping = parse_maestro_text(file, "kinds.m").layers.at(0).mapping;
                    const CostReport faithful = evaluate(layer, pes(12, AnalysisMode::Faithful), mapping);
                    QVERIFY2(faithful.valid(), layer.name.c_str());
                    if (padded) {
                        set_faithful_kind_reuse(false);
                        const CostReport every_kind = evaluate(layer, pes(12, AnalysisMode::Faithful), mapping);
                        set_faithful_kind_reuse(true);
                        const Accelerator a = pes(12, AnalysisMode::Faithful);
                        QCOMPARE(cost_report_to_json(layer, a, faithful).dump(), cost_report_to_json(layer, a, every_kind).dump());
                        QVERIFY(faithful.tensors[0].l2_read < evaluate(Layer::conv("u", k, 4, 3, 3, 12, 10, stride), pes(12, AnalysisMode::Faithful), mapping).tensors[0].l2_read);
                    } else {
                        const SimulationResult sim = simulate(layer, pes(12, AnalysisMode::MaestroExact), mapping);
                        QVERIFY2(sim.ok(), sim.problem.c_str());
                        const auto a = study_figures(faithful), b = study_figures(sim);
                        for (int f = 0; f < kComparableFigures; ++f)
                            QVERIFY2(a[static_cast<std::size_t>(f)] == b[static_cast<std::size_t>(f)],
                                     (layer.name + ": " + std::string(study_figure_name(static_cast<StudyFigure>(f)))).c_str());
                    }
                    ++compared;
                }
        QCOMPARE(compared, 8);
    }

    // Random layers (padded or not, strides 1 to 3, depthwise, GEMMs) and random mappings (one to
    // three levels, filters split or whole, tiles nested or not): every figure of every report the
    // same with step kinds reused and without.
    void reusing_step_kinds_changes_no_figure() {
        std::mt19937_64 rng(2026);
        auto pick = [&](std::int64_t lo, std::int64_t hi) { return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng); };
        Accelerator acc = pes(1, AnalysisMode::Faithful);
        acc.l1_size_bytes = acc.l2_size_bytes = std::int64_t{1} << 30;
        int valid = 0;
        for (int n = 0; n < 3000; ++n) {
            const std::int64_t stride = pick(1, 3), r = pick(1, 4), s = pick(1, 4);
            const int kind = static_cast<int>(pick(0, 9));
            Layer layer;
            if (kind == 0) {
                layer = Layer::gemm("g", pick(1, 40), pick(1, 40), pick(1, 40));
            } else {
                const std::int64_t y = pick(r, 24), x = pick(s, 24);
                layer = kind == 1 ? Layer::depthwise("d", pick(1, 24), r, s, y, x, stride)
                                  : Layer::conv("c", pick(1, 24), pick(1, 24), r, s, y, x, stride, kind == 2 ? pick(1, 3) : 0);
                const std::int64_t top = pick(0, std::min<std::int64_t>(r - 1, 2)), left = pick(0, std::min<std::int64_t>(s - 1, 2));
                if (pick(0, 1) && 2 * top < y && 2 * left < x) layer.padding = {top, pick(0, top), left, pick(0, left)};
            }
            RandomMappingOptions o;
            o.levels = static_cast<int>(pick(1, 3));
            o.num_pes = pick(1, 64);
            o.whole_filters = pick(0, 2) == 0;
            o.nested_tiles = pick(0, 1);
            acc.num_pes = o.num_pes;
            acc.simd_lanes = pick(1, 2);
            set_uniform_noc(acc, pick(1, 8), 1, pick(0, 1));
            acc.offchip_bw_elements_per_cycle = pick(0, 1) ? 1000000 : pick(1, 16);
            const Mapping mapping = random_mapping(layer, o, rng);
            const CostReport reused = evaluate(layer, acc, mapping);
            set_faithful_kind_reuse(false);
            const CostReport every_kind = evaluate(layer, acc, mapping);
            set_faithful_kind_reuse(true);
            QCOMPARE(cost_report_to_json(layer, acc, reused).dump(), cost_report_to_json(layer, acc, every_kind).dump());
            valid += reused.valid();
        }
        QVERIFY2(valid > 2500, std::to_string(valid).c_str());
    }

    // Windows of 3 rows advancing by 3 leave outputs 1, 2 and 4 of 5 to no step: refused, with
    // how many MACs it does.
    void skipped_macs_are_refused() {
        const Layer layer = Layer::conv("gaps", 1, 1, 3, 1, 7, 1);
        const Mapping m = directives("SpatialMap(1,1) K; TemporalMap(3,3) Y; TemporalMap(1,1) C; TemporalMap(3,3) R; "
                                     "TemporalMap(1,1) S; TemporalMap(1,1) X;");
        const Accelerator acc = pes(1, AnalysisMode::Faithful);
        const CostReport r = evaluate(layer, acc, m);
        QCOMPARE(r.invalid.kind, Invalidity::MacsSkipped);
        const std::string why = describe(r.invalid, layer, acc);
        QVERIFY2(why.find("does 6 of the layer's 15 MACs") != std::string::npos, why.c_str());
    }

    // The configured buffers bound the mapping: the level and the bytes.
    void buffers_are_enforced() {
        const Layer layer = Layer::conv("partial", 5, 3, 1, 1, 1, 1);
        const Mapping m = directives("TemporalMap(2,2) K; SpatialMap(1,1) C; TemporalMap(1,1) R; TemporalMap(1,1) S; "
                                     "TemporalMap(1,1) Y; TemporalMap(1,1) X;");
        Accelerator acc = pes(3, AnalysisMode::Faithful);
        acc.l1_size_bytes = 8;
        const CostReport r = evaluate(layer, acc, m);
        QCOMPARE(r.invalid.kind, Invalidity::L1Overflow);
        QCOMPARE(describe(r.invalid, layer, acc), std::string("L1 requirement 10 B exceeds the L1 size 8 B"));
    }

    // The study: random valid mappings of small layers, every comparable figure within
    // 1% of the simulator's on at least 99% (all are equal today), never fewer MACs than the layer.
    void agrees_with_the_simulator() {
        StudyOptions o;
        o.mappings = 1500;
        o.seed = 5;
        o.analysis = AnalysisMode::Faithful;
        const StudyResult r = run_simulation_study(o);
        QCOMPARE(static_cast<std::int64_t>(r.samples.size()), o.mappings);
        std::int64_t within = 0;
        for (const StudySample& s : r.samples) {
            bool close = true;
            for (int f = 0; f < kComparableFigures; ++f) close = close && std::fabs(s.relative_error(static_cast<StudyFigure>(f))) <= 0.01;
            within += close;
            QVERIFY(s.model[1] >= s.layer_macs);
        }
        QVERIFY2(within * 100 >= 99 * o.mappings, std::to_string(within).c_str());
    }

    // A seeded search gives the same mappings run after run, and whatever the threads, in both
    // analyses; a faithful search's mappings do every MAC of their layer.
    void searches_are_deterministic_in_both_analyses() {
        for (AnalysisMode mode : {AnalysisMode::MaestroExact, AnalysisMode::Faithful}) {
            auto run = [&](int threads) {
                SearchSetupOptions o;
                o.layers = "1-3";
                o.budget = 400;
                o.threads = threads;
                o.technology.analysis = std::string(analysis_mode_name(mode));
                const SearchSetup setup = make_search_setup("resnet18_torchvision", "edge", o);
                return search_model(make_search_request(setup, search_algorithm("gamma"), 7));
            };
            const ModelSearchOutcome a = run(1), b = run(1), c = run(2);
            QCOMPARE(a.layers.size(), std::size_t(3));
            for (std::size_t i = 0; i < a.layers.size(); ++i) {
                QVERIFY(a.layers[i].result.found);
                QCOMPARE(a.layers[i].result.best_mapping, b.layers[i].result.best_mapping);
                QCOMPARE(a.layers[i].result.best_mapping, c.layers[i].result.best_mapping);
                if (mode == AnalysisMode::Faithful)
                    MAPSCAPE_COMPARE_I64(a.layers[i].result.best_report.macs, a.layers[i].result.best_report.layer_macs);
            }
            MAPSCAPE_COMPARE_I64(a.total_runtime_cycles, c.total_runtime_cycles);
        }
    }

    // Row stationary as Eyeriss runs it: AlexNet's 11x11 CONV1 on the eyeriss-like preset's
    // 0.5 KB per PE. MAESTRO's model needs 1,012 B for the fixed Eyeriss dataflow (a temporal
    // filter tile whole); the faithful analysis gives each PE one input row and one filter row:
    // 2 x (11 inputs + 11 weights + 1 partial sum) = 46 elements. GAMMA's samples (whole
    // filters) do not fit either; its least-footprint fallback does.
    void row_stationary_fits_eyeriss() {
        for (const char* algo : {"fixed-eyeriss", "gamma"}) {
            SearchSetupOptions o;
            o.layers = "1";
            o.budget = 300;
            auto found = [&](const char* analysis) {
                o.technology.analysis = analysis;
                const SearchSetup setup = make_search_setup("alexnet", "eyeriss-like", o);
                return search_model(make_search_request(setup, search_algorithm(algo), 1)).layers.at(0).result;
            };
            const SearchResult maestro = found("maestro"), faithful = found("faithful");
            QVERIFY2(faithful.found, algo);
            QVERIFY(faithful.best_report.l1_required_bytes <= 512);
            MAPSCAPE_COMPARE_I64(faithful.best_report.macs, faithful.best_report.layer_macs);
            if (std::string(algo) == "fixed-eyeriss") {
                // Under MAESTRO's model none of the style's tilings fits (each needs >= 1,012 B):
                // it falls back to the least-footprint mapping; the faithful one fits the style.
                QVERIFY(maestro.found && maestro.least_footprint_fallback);
                QVERIFY(!faithful.least_footprint_fallback);
                QVERIFY(faithful.best_report.l1_required_elements >= 46);  // the least it can need
            }
        }
    }

    // MAESTRO's rs style (filter columns over a cluster of S PEs): under the faithful analysis
    // each PE takes one input column beside its filter column, so every one of its tilings does
    // each of the layer's MACs once (read as MAESTRO writes it, each PE would take S columns and
    // skip outputs).
    void rs_style_does_every_mac_under_the_faithful_analysis() {
        SearchSetupOptions o;
        o.layers = "2";
        o.technology.analysis = "faithful";
        const SearchSetup setup = make_search_setup("resnet18", "eyeriss-like", o);
        const SearchResult r = search_model(make_search_request(setup, search_algorithm("fixed-rs"), 1)).layers.at(0).result;
        QVERIFY(r.found && !r.least_footprint_fallback);
        MAPSCAPE_COMPARE_I64(r.best_report.macs, r.best_report.layer_macs);
        QVERIFY(r.valid_samples > 0);
    }

    // When no whole-filter mapping fits, the faithful least-footprint mapping takes one filter
    // row and column at a time: 6 elements of L1 per PE, the least any mapping needs.
    void least_footprint_splits_the_filter() {
        SearchSetupOptions o;
        o.layers = "1";
        o.budget = 50;
        o.technology.analysis = "faithful";
        SearchSetup setup = make_search_setup("alexnet", "eyeriss-like", o);
        setup.base.accelerator.l1_size_bytes = 12;  // 6 elements of 2 B
        const SearchResult r = search_model(make_search_request(setup, search_algorithm("gamma"), 1)).layers.at(0).result;
        QVERIFY(r.found && r.least_footprint_fallback);
        MAPSCAPE_COMPARE_I64(r.best_report.l1_required_elements, 6);
        MAPSCAPE_COMPARE_I64(r.best_report.macs, r.best_report.layer_macs);
    }

    // The accelerator file keeps the setting; a typo is named where it is.
    void accelerator_file_and_cli() {
        Accelerator acc = pes(16, AnalysisMode::Faithful);
        const std::string text = json_text(accelerator_to_json(acc), 2);
        QVERIFY(text.find("\"analysis\": \"faithful\"") != std::string::npos);
        QCOMPARE(parse_accelerator_json(text, "a.json").analysis, AnalysisMode::Faithful);
        QCOMPARE(parse_accelerator_json(json_text(accelerator_to_json(pes(16, AnalysisMode::MaestroExact)), 2), "b.json").analysis,
                 AnalysisMode::MaestroExact);
        std::string bad = text;
        bad.replace(bad.find("\"faithful\""), 10, "\"faithfull\"");
        try {
            parse_accelerator_json(bad, "typo.json");
            QFAIL("accepted an unknown analysis");
        } catch (const InputError& e) {
            const std::string what = e.what();
            QVERIFY2(what.find("typo.json:") == 0 && what.find("\"analysis\" must be \"maestro\" or \"faithful\"") != std::string::npos,
                     what.c_str());
        }
        const CliRun typo = cli({"search", "--model", "resnet18", "--layer", "1", "--budget", "50", "--analysis", "faithfull"});
        QVERIFY(typo.exit_code != 0 && typo.exit_code != -100);
        QVERIFY2(typo.err.contains("--analysis") && typo.err.contains("did you mean \"faithful\""), typo.err.constData());
        const CliRun ok = cli({"search", "--model", "resnet18", "--layer", "1", "--budget", "50", "--analysis", "faithful"});
        QCOMPARE(ok.exit_code, 0);
        QVERIFY2(ok.out.contains("faithful analysis"), ok.out.constData());
    }
};

QTEST_GUILESS_MAIN(FaithfulAnalysisTest)
#include "test_faithful_analysis.moc"
