// The least-footprint mapping: valid, and as small as the L1 lower bound allows, on layers checked
// by hand (11x11 stride 4, 7x7 stride 2, a 16x16 patch, 5x5 depthwise, 1x1); every search that
// finds nothing falls back to it; and when it does not fit either, the message says what would.
#include "arch/presets.hpp"
#include "cost/bounds.hpp"
#include "cost/compute_bound.hpp"
#include "cost/evaluate.hpp"
#include "search/algorithm.hpp"
#include "search/least_footprint.hpp"
#include "search/algorithm_comparison.hpp"
#include "test_support.hpp"
#include "workload/model.hpp"

using namespace mapscape;

namespace {

SearchProblem problem_on(const Layer& layer, const std::string& preset) {
    SearchProblem p;
    p.layer = layer;
    p.accelerator = accelerator_preset(preset);
    p.budget.samples = 2000;
    return p;
}

}  // namespace

class LeastFootprintTest : public QObject {
    Q_OBJECT

private slots:
    // With one or two levels (S2) the least L1 is 6 x min(r, s) (the larger filter side spread
    // over an inner cluster, one row or column per PE; MAESTRO sizes the input window, the filter
    // and the output each at r x s of the PE's tile), 6 for a 1x1 filter: 2 x (1 + 1 + 1).
    void minimal_and_valid_on_hand_checked_layers() {
        const std::vector<std::pair<Layer, std::int64_t>> cases = {
            {Layer::conv("alexnet_conv1", 96, 3, 11, 11, 227, 227, 4), 66},
            {Layer::conv("resnet_conv1", 64, 3, 7, 7, 224, 224, 2), 42},
            {Layer::conv("vit_patch", 768, 3, 16, 16, 224, 224, 16), 96},
            {Layer::depthwise("dw5x5", 32, 5, 5, 28, 28), 30},
            {Layer::conv("pointwise", 64, 64, 1, 1, 56, 56), 6},
        };
        for (const auto& [layer, expected] : cases) {
            SearchProblem p = problem_on(layer, "edge");
            p.accelerator.l1_size_bytes = 1 << 20;
            const LeastFootprint f = least_footprint(p);
            QVERIFY2(f.mapping.has_value(), layer.name.c_str());
            MAPSCAPE_COMPARE_I64(f.l1_elements, expected);
            // The bound of the structure it used: no mapping with its levels needs less.
            const std::int64_t bound =
                std::min({min_l1_elements(layer), min_l1_elements(layer, true, false), min_l1_elements(layer, false, true)});
            MAPSCAPE_COMPARE_I64(f.l1_elements, bound);
            const CostReport r = evaluate(layer, p.accelerator, *f.mapping);
            QVERIFY2(r.valid(), (layer.name + ": " + describe(r.invalid, layer, p.accelerator)).c_str());
            QCOMPARE(model_artefact(r, ComputeBound(layer, p.accelerator), *f.mapping), Invalidity::None);
            MAPSCAPE_COMPARE_I64(r.l1_required_elements, expected);
            MAPSCAPE_COMPARE_I64(r.macs, exact_macs(layer));
        }
    }

    // Three levels (S3) spread both filter sides: 6 elements whatever the filter.
    void three_levels_spread_both_filter_sides() {
        SearchProblem p = problem_on(Layer::conv("alexnet_conv1", 96, 3, 11, 11, 227, 227, 4), "cloud");
        p.system = TargetSystem::S3;
        const LeastFootprint f = least_footprint(p);
        QVERIFY(f.mapping.has_value());
        MAPSCAPE_COMPARE_I64(f.l1_elements, 6);
        QCOMPARE(f.levels, 3);
    }

    // AlexNet's first layer on Eyeriss-like: GAMMA's 2,000 samples all hold the 11x11 filter
    // whole (726 elements > 256); the search falls back to the least-footprint mapping.
    void a_search_that_finds_nothing_falls_back() {
        const Layer layer = load_bundled_model("alexnet").layers[0];
        const SearchProblem p = problem_on(layer, "eyeriss-like");
        const SearchResult r = run_search(p, *parse_algorithm("gamma"));
        QVERIFY(r.found);
        QVERIFY(r.least_footprint_fallback);
        QVERIFY(r.best_report.valid());
        MAPSCAPE_COMPARE_I64(r.valid_samples, 1);
        QVERIFY(r.best_report.l1_required_bytes <= p.accelerator.l1_size_bytes);
        // Every fixed dataflow too: none of kcp_ws's tile choices fits (each holds the filter
        // whole), so it ends with the least-footprint mapping, said so, rather than none.
        const SearchResult fixed = run_search(p, *parse_algorithm("fixed-kcp_ws"));
        QVERIFY(fixed.found && fixed.least_footprint_fallback);
        QVERIFY(fixed.best_report.valid());
        MAPSCAPE_COMPARE_I64(fixed.valid_samples, 1);
        // A style whose own tiles fit keeps them: no fallback.
        const SearchResult fits = run_search(problem_on(load_bundled_model("alexnet").layers[2], "eyeriss-like"), *parse_algorithm("fixed-eyeriss"));
        QVERIFY(fits.found && !fits.least_footprint_fallback);
    }

    // compare tells the fallback layers apart from the algorithms' own mappings.
    void compare_counts_the_fallback_layers() {
        SearchSetupOptions o;
        o.layers = "1-2";
        o.budget = 300;
        const SearchSetup setup = make_search_setup("alexnet", "eyeriss-like", o);
        const AlgorithmComparison c = compare_algorithms(setup, parse_algorithm_list("gamma,fixed-kcp_ws"), {1});
        QVERIFY(c.runs[1][0][0].found && c.runs[1][0][0].least_footprint_fallback);  // 11x11: held whole, does not fit
        QVERIFY(c.runs[1][1][0].found && !c.runs[1][1][0].least_footprint_fallback);
        const std::string md = comparison_markdown(c);
        QVERIFY2(md.find("| **of them by the least-footprint fallback** | 1 | 1 |") != std::string::npos, md.c_str());
        QCOMPARE(comparison_to_json(c)["runs"][2]["least_footprint_fallback"].get<bool>(), true);  // fixed-kcp_ws, layer 1
    }

    // Where not even the least-footprint mapping fits, the message names what it needs and the
    // L1 and L2 that would let the layer map.
    void the_message_says_what_would_fit() {
        const Layer layer = load_bundled_model("alexnet").layers[0];
        const SearchProblem p = problem_on(layer, "shidiannao-like");
        const LeastFootprint f = least_footprint(p);
        QVERIFY(!f.mapping);
        QCOMPARE(f.blocking, Invalidity::L1Overflow);
        MAPSCAPE_COMPARE_I64(f.l1_elements, 66);
        MAPSCAPE_COMPARE_I64(f.l1_needed_bytes, 132);
        const std::string text = describe_least_footprint(f, p.accelerator);
        QVERIFY2(text.find("66 elements of L1") != std::string::npos, text.c_str());
        QVERIFY2(text.find("maps with L1 >= 132 B") != std::string::npos, text.c_str());
        const SearchResult r = run_search(p, *parse_algorithm("gamma"));
        QVERIFY(!r.found);
        QCOMPARE(r.least_footprint_note, text);
    }
};

QTEST_GUILESS_MAIN(LeastFootprintTest)
#include "test_least_footprint.moc"
