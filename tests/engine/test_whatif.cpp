// What-if sensitivity: each knob scaled as the user asks (or refused with why), the whole
// network searched again per variant, deterministic for a seed whatever the threads, and the CLI
// refusing a bad --vary with what is wrong.
#include "arch/presets.hpp"
#include "cli_runner.hpp"
#include "search/network_answer.hpp"
#include "search/sensitivity.hpp"
#include "tech/technology_library.hpp"
#include "test_support.hpp"
#include "util/diagnostic.hpp"

using namespace mapscape;

namespace {

std::string refusal(const std::string& text) {
    try {
        parse_sensitivity_knob(text);
    } catch (const InputError& e) {
        return e.diagnostic().to_string();
    }
    return "(accepted)";
}

Model small_network() {
    Model m = load_bundled_model("resnet18");
    m.layers.resize(4);  // layers 2-4 share a shape: two unique shapes
    return m;
}

}  // namespace

class WhatifTest : public QObject {
    Q_OBJECT

private slots:
    void knobs_scale_what_they_name() {
        const Accelerator edge = accelerator_preset("edge");
        const KnobVariant l2 = vary_knob(edge, {}, "l2", 2);
        QVERIFY(l2.applies);
        MAPSCAPE_COMPARE_I64(l2.accelerator.l2_size_bytes, 2 * edge.l2_size_bytes);
        const KnobVariant rows = vary_knob(edge, {}, "pe_rows", 0.5);
        QCOMPARE(rows.accelerator.pe_hierarchy, (std::vector<std::int64_t>{6, 14}));
        MAPSCAPE_COMPARE_I64(rows.accelerator.num_pes, 84);
        const KnobVariant columns = vary_knob(edge, {}, "pe_columns", 2);
        MAPSCAPE_COMPARE_I64(columns.accelerator.num_pes, 12 * 28);
        const KnobVariant noc = vary_knob(edge, {}, "noc_bw", 0.5);
        for (const NocLevel& level : noc.accelerator.noc)
            MAPSCAPE_COMPARE_I64(level.bandwidth_elements_per_cycle, edge.noc[0].bandwidth_elements_per_cycle / 2);
        QCOMPARE(vary_knob(edge, {}, "clock", 2).accelerator.clock_mhz, 2 * edge.clock_mhz);
        // What cannot be scaled says why.
        const KnobVariant unbounded = vary_knob(maestro_cli_defaults(), {}, "l1", 2);
        QVERIFY(!unbounded.applies);
        QVERIFY(unbounded.why_not.find("unbounded") != std::string::npos);
        QVERIFY(!vary_knob(edge, {}, "node", 0.5).applies);  // MAESTRO's multipliers have no node
        // Under a physical technology: the next node and the next format.
        Accelerator physical = edge;
        apply_technology(physical, load_technology("45nm"));
        QCOMPARE(vary_knob(physical, {}, "node", 0.5).setting, std::string("node 28nm"));
        QCOMPARE(vary_knob(physical, {}, "node", 2).setting, std::string("node 65nm"));
        QCOMPARE(vary_knob(physical, {}, "precision", 0.5).setting, std::string("precision int4"));
        QCOMPARE(vary_knob(physical, {}, "precision", 2).setting, std::string("precision int16"));
        QCOMPARE(default_sensitivity_knobs(edge).size(), std::size_t(7));
        QCOMPARE(default_sensitivity_knobs(physical).size(), std::size_t(9));
    }

    void vary_is_read_and_refused_with_why() {
        const SensitivityKnob k = parse_sensitivity_knob("l2=x0.5,x2,4");
        QCOMPARE(k.name, std::string("l2"));
        QCOMPARE(k.factors, (std::vector<double>{0.5, 2, 4}));
        QCOMPARE(parse_sensitivity_knob("clock").factors, (std::vector<double>{0.5, 2}));
        QVERIFY(refusal("l3=x2").find("--vary: unknown knob \"l3\" (knobs: pe_rows, pe_columns, l1, l2,") == 0);
        QVERIFY(refusal("offchip=x2").find("did you mean \"offchip_bw\"") != std::string::npos);
        QVERIFY(refusal("l2=x0").find("each factor is a positive number") != std::string::npos);
        QVERIFY(refusal("l2=xtwo").find("not \"xtwo\"") != std::string::npos);
        QVERIFY(refusal("l2=").find("each factor") != std::string::npos);
    }

    // Fourteen variants and the current design, each the whole network searched again; the
    // clock changes the seconds and nothing the search sees; the same seed gives the same table
    // on one thread or two.
    void the_table_is_the_network_searched_per_variant() {
        SensitivityRequest r;
        r.model = small_network();
        r.accelerator = accelerator_preset("edge");
        r.platform_name = "edge";
        r.options.budget = 300;
        r.options.threads = 1;
        const SensitivityTable one = sensitivity(r);
        QCOMPARE(one.unique_layers, std::int64_t(2));
        QCOMPARE(one.rows.size(), std::size_t(14));
        QVERIFY(one.current.latency_cycles > 0);
        QCOMPARE(one.current.layers_without_mapping, 0);
        for (const SensitivityRow& row : one.rows) {
            QVERIFY2(row.applies, row.knob.c_str());
            QVERIFY2(row.latency_cycles > 0 && row.energy_nj > 0, row.knob.c_str());
        }
        const SensitivityRow& faster_clock = one.rows[13];
        QCOMPARE(faster_clock.knob, std::string("clock"));
        MAPSCAPE_COMPARE_I64(faster_clock.latency_cycles, one.current.latency_cycles);
        QCOMPARE(faster_clock.latency_ms, one.current.latency_ms / 2);
        r.options.threads = 2;
        const SensitivityTable two = sensitivity(r);
        QCOMPARE(sensitivity_to_json(r, two).dump(), sensitivity_to_json(r, one).dump());
    }

    // The live answer: every unique shape searched, totals over every run, never below the
    // bound; after an edit, each shape's search starts from the previous design's mapping, and
    // the answer depends on the seed and that previous answer, not on the threads.
    void the_live_answer_follows_an_edit_from_the_previous_mappings() {
        NetworkAnswerRequest r;
        r.model = load_bundled_model("resnet18");
        r.accelerator = accelerator_preset("edge");
        r.platform_name = "edge";
        r.options.budget = 1500;
        r.options.threads = 2;
        const NetworkAnswer before = answer_network(r);
        QCOMPARE(before.layers.size(), std::size_t(11));
        QCOMPARE(before.layers_without_mapping, 0);
        std::int64_t sum = 0;
        for (const LayerAnswer& a : before.layers) {
            QVERIFY(!a.warm_started);
            QVERIFY2(a.runtime_cycles >= a.bound_runtime_cycles && a.energy_nj >= a.bound_energy_nj, a.name.c_str());
            QVERIFY(a.samples >= 1 && a.samples <= 4 * 1500 + 2000);  // a cold start's 4x, and the fallback may grow beyond
            sum += a.layer.repeat_count * a.runtime_cycles;
        }
        MAPSCAPE_COMPARE_I64(before.latency_cycles, sum);
        QVERIFY(before.latency_cycles >= before.bound_latency_cycles && before.energy_nj >= before.bound_energy_nj);
        QCOMPARE(before.latency_ms, static_cast<double>(before.latency_cycles) / (r.accelerator.clock_mhz * 1e3));
        QVERIFY(before.area_mm2 > 0 && before.edp_mj_ms > 0);

        r.accelerator = vary_knob(r.accelerator, {}, "l2", 2).accelerator;
        const NetworkAnswer after = answer_network(r, &before);
        for (const LayerAnswer& a : after.layers) QVERIFY2(a.warm_started, a.name.c_str());
        // The previous best mappings still run with more L2, and the search keeps the better:
        // no layer is slower than before.
        for (std::size_t i = 0; i < after.layers.size(); ++i)
            QVERIFY2(after.layers[i].runtime_cycles <= before.layers[i].runtime_cycles, after.layers[i].name.c_str());
        r.options.threads = 1;
        const NetworkAnswer again = answer_network(r, &before);
        MAPSCAPE_COMPARE_I64(again.latency_cycles, after.latency_cycles);
        QCOMPARE(again.energy_nj, after.energy_nj);
        for (std::size_t i = 0; i < after.layers.size(); ++i) QVERIFY(again.layers[i].mapping == after.layers[i].mapping);
    }

    // Adaptive budgets: a shape whose search comes within 0.5% of its bound ends there; without
    // the rule every shape uses its whole budget.
    void a_search_near_its_bound_ends_early() {
        NetworkAnswerRequest r;
        r.model = load_bundled_model("resnet18");
        r.accelerator = accelerator_preset("nvdla-like");  // 1,024 PEs: most layers can reach their bound
        r.platform_name = "nvdla-like";
        r.options.budget = 3000;
        r.options.threads = 2;
        r.cold_start_factor = 1;
        const NetworkAnswer adaptive = answer_network(r);
        int early = 0;
        for (const LayerAnswer& a : adaptive.layers)
            if (a.samples < 3000) {
                ++early;
                QVERIFY2(static_cast<double>(a.runtime_cycles) <= 1.005 * static_cast<double>(a.bound_runtime_cycles), a.name.c_str());
            }
        QVERIFY(early >= 1);
        r.stop_within_bound = 0;
        const NetworkAnswer whole = answer_network(r);
        for (const LayerAnswer& a : whole.layers) QVERIFY(a.samples >= 3000);  // the fallback adds its one
        qInfo("resnet18 on nvdla-like, 3000 samples a shape: %d of %zu shapes ended within 0.5%% of their bound; %lld samples in all "
              "(%lld without the rule); latency %lld vs %lld cycles",
              early, adaptive.layers.size(), static_cast<long long>(adaptive.samples), static_cast<long long>(whole.samples),
              static_cast<long long>(adaptive.latency_cycles), static_cast<long long>(whole.latency_cycles));
    }

    void the_cli_prints_the_table() {
        const CliRun run = cli({"whatif", "--model", "resnet18", "--vary", "l2=x0.5,x2", "--vary", "clock=x2", "--budget", "200"});
        QCOMPARE(run.exit_code, 0);
        QVERIFY2(run.out.contains("current") && run.out.contains("L2 52.73 KiB") && run.out.contains("clock 400MHz"), run.out.constData());
        const CliRun bad = cli({"whatif", "--model", "resnet18", "--vary", "l3=x2"});
        QCOMPARE(bad.exit_code, 2);
        QVERIFY2(bad.err.contains("--vary: unknown knob \"l3\""), bad.err.constData());
    }
};

QTEST_GUILESS_MAIN(WhatifTest)
#include "test_whatif.moc"
