// The reference loop-nest simulator: hand-computed layers, its own invariants (every MAC done
// once, every output written to DRAM once, at the end), agreement with the MAESTRO-exact model on
// the mappings that model analyses exactly, a deterministic study, and the CLI as a user runs it.
#include "cli_runner.hpp"
#include "cost/evaluate.hpp"
#include "mapping/maestro_file.hpp"
#include "reference/loop_nest_simulator.hpp"
#include "reference/simulation_study.hpp"
#include "test_support.hpp"

using namespace mapscape;

namespace {

const QString kTinyLayers = QStringLiteral(MAPSCAPE_TEST_DATA_DIR "/simulator/tiny_layers.m");

MaestroLayer tiny_layer(const std::string& name) {
    const MaestroNetwork net = read_maestro_file(kTinyLayers.toStdString());
    for (const MaestroLayer& l : net.layers)
        if (l.layer.name == name) return l;
    throw std::runtime_error("no layer " + name);
}

Accelerator two_pes_one_element_per_cycle() {
    Accelerator acc = maestro_cli_defaults();
    acc.num_pes = 2;
    set_uniform_noc(acc, 1, 1, 0);
    return acc;
}

// Whether the MAESTRO-exact model is meant to be exact on the sample: perfect tiling at stride 1,
// none of the features that sort its errors, and an off-chip link that never sets a step's time.
bool in_exact_class(const SimulationResult& s, const Accelerator& acc) {
    return !s.features.any() && acc.offchip_bw_elements_per_cycle >= 1000;
}

}  // namespace

class ReferenceSimulatorTest : public QObject {
    Q_OBJECT

private slots:
    // K2 C1 R3 Y5 (one column), one filter per PE, the window sliding one row per step:
    // 3 steps; inputs: 3 rows, then one new row per step, each sent once to both PEs (5 reads,
    // 10 writes into the PEs); weights: 3 per PE once (6); 2 outputs per step (6); 18 MACs.
    // Cycles at 1 element/cycle, no head latency: (3 + 6 - 1) + 3 for the first step, then the
    // most of ingress 1 -> 0, compute 3, egress 2 -> 1: 11 + 3 + 3 = 17.
    void sliding_window_by_hand() {
        const MaestroLayer l = tiny_layer("Row1D");
        const Accelerator acc = two_pes_one_element_per_cycle();
        const SimulationResult s = simulate(l.layer, acc, l.mapping);
        QVERIFY2(s.ok(), s.problem.c_str());
        MAPSCAPE_COMPARE_I64(s.macs, 18);
        MAPSCAPE_COMPARE_I64(s.tensors[0].l2_read, 5);
        MAPSCAPE_COMPARE_I64(s.tensors[0].l1_write, 10);
        MAPSCAPE_COMPARE_I64(s.tensors[1].l2_read, 6);
        MAPSCAPE_COMPARE_I64(s.tensors[2].l2_write, 6);
        MAPSCAPE_COMPARE_I64(s.runtime_cycles, 17);
        MAPSCAPE_COMPARE_I64(s.levels.front().steps, 3);
        QVERIFY(!s.features.any());
        // The MAESTRO-exact model agrees on every figure it means the same way.
        const CostReport r = evaluate(l.layer, acc, l.mapping);
        QVERIFY(r.valid());
        const auto model = study_figures(r), simulated = study_figures(s);
        QVERIFY(std::equal(model.begin(), model.begin() + kComparableFigures, simulated.begin()));
    }

    // K3 C3 on 2 PEs, C in tiles of 2: the second K step has one PE idle, the second C tile one
    // channel. Weights: step (k0,k1) x C[0,2): 4; x C[2,3): 2; (k2) x C[0,2): 2; x C[2,3): 1 = 9
    // (MAESTRO's model counts 12: its spatial edge as if both PEs worked). Every MAC once: 36.
    void partial_tiles_by_hand() {
        const MaestroLayer l = tiny_layer("Partial");
        const Accelerator acc = two_pes_one_element_per_cycle();
        const SimulationResult s = simulate(l.layer, acc, l.mapping);
        QVERIFY2(s.ok(), s.problem.c_str());
        MAPSCAPE_COMPARE_I64(s.macs, 36);
        MAPSCAPE_COMPARE_I64(s.distinct_macs, 36);
        MAPSCAPE_COMPARE_I64(s.tensors[1].l2_read, 9);
        // Inputs: C[0,2) x 4 pixels = 8, C[2,3) 4, again for the second K step: 24.
        MAPSCAPE_COMPARE_I64(s.tensors[0].l2_read, 24);
        QVERIFY(s.features.partial_tiles);
        QVERIFY(s.features.idle_sub_clusters);
        const CostReport r = evaluate(l.layer, acc, l.mapping);
        MAPSCAPE_COMPARE_I64(r.tensors[1].l2_read, 12);
    }

    // Stride 2: R3 over 7 rows -> 3 output rows, each MAC once; the input rows 0-6 each fetched
    // once (the windows overlap by one row).
    void strided_window_by_hand() {
        const MaestroLayer l = tiny_layer("Strided");
        const SimulationResult s = simulate(l.layer, two_pes_one_element_per_cycle(), l.mapping);
        QVERIFY2(s.ok(), s.problem.c_str());
        MAPSCAPE_COMPARE_I64(s.macs, 9);
        MAPSCAPE_COMPARE_I64(s.layer_macs, 9);
        MAPSCAPE_COMPARE_I64(s.tensors[0].l2_read, 7);
        MAPSCAPE_COMPARE_I64(s.output_elements, 3);
        QVERIFY(s.features.strided_windows);
    }

    // On random mappings of the study's layers (partial tiles, strides, up to three levels):
    // every MAC done exactly once, every output completed and written to DRAM exactly once, each
    // operand read from L1 once per MAC, no element fetched from DRAM twice.
    void invariants_hold_on_random_mappings() {
        int checked = 0;
        for (std::int64_t i = 0; i < 400; ++i) {
            StudySample sample;
            draw_study_sample(7, i, false, sample);
            const SimulationResult s = simulate(sample.layer, sample.accelerator, sample.mapping);
            if (!s.ok()) continue;
            ++checked;
            const std::string where = shape_summary(sample.layer) + " sample " + std::to_string(i);
            QVERIFY2(s.macs == s.layer_macs && s.distinct_macs == s.layer_macs, where.c_str());
            QVERIFY2(s.outputs_completed == s.output_elements, where.c_str());
            QVERIFY2(s.dram_output_writes == s.output_elements, where.c_str());
            QVERIFY2(s.tensors[0].l1_read == s.macs && s.tensors[1].l1_read == s.macs, where.c_str());
            QVERIFY2(s.tensors[0].l2_write <= input_elements(sample.layer), where.c_str());
            QVERIFY2(s.tensors[1].l2_write == weight_elements(sample.layer), where.c_str());
            // Partial sums: every output's first arrival is a write, every later one a read and a write.
            QVERIFY2(s.tensors[2].l2_write == s.output_elements + s.output_psum_reads, where.c_str());
            QVERIFY2(s.runtime_cycles > 0, where.c_str());
        }
        QVERIFY(checked >= 350);
    }

    // The simulator equals the MAESTRO-exact model on every mapping that model analyses exactly:
    // 1,000 mappings with perfect tiling, unit stride and none of the features its errors come with.
    void agrees_with_the_maestro_model_where_it_is_exact() {
        int agreed = 0;
        std::int64_t drawn = 0;
        for (std::int64_t i = 0; agreed < 1000 && i < 40000; ++i) {
            StudySample sample;
            draw_study_sample(11, i, true, sample);
            const CostReport r = evaluate(sample.layer, sample.accelerator, sample.mapping);
            if (!r.valid()) continue;
            const SimulationResult s = simulate(sample.layer, sample.accelerator, sample.mapping);
            QVERIFY2(s.ok(), s.problem.c_str());
            if (s.features.partial_tiles || s.features.idle_sub_clusters || !in_exact_class(s, sample.accelerator)) continue;
            ++drawn;
            const auto model = study_figures(r), simulated = study_figures(s);
            for (int f = 0; f < kComparableFigures; ++f) {
                const std::string what = std::string(study_figure_name(static_cast<StudyFigure>(f))) + " of " +
                                         shape_summary(sample.layer) + ", sample " + std::to_string(i) + ": model " +
                                         std::to_string(model[static_cast<std::size_t>(f)]) + ", simulated " +
                                         std::to_string(simulated[static_cast<std::size_t>(f)]);
                QVERIFY2(model[static_cast<std::size_t>(f)] == simulated[static_cast<std::size_t>(f)], what.c_str());
            }
            ++agreed;
        }
        MAPSCAPE_COMPARE_I64(agreed, 1000);
    }

    // The same seed gives the same study, whatever the thread count.
    void study_is_deterministic() {
        StudyOptions o;
        o.mappings = 150;
        o.seed = 3;
        o.threads = 1;
        const StudyResult one = run_simulation_study(o);
        o.threads = 2;
        const StudyResult two = run_simulation_study(o);
        QCOMPARE(one.samples.size(), two.samples.size());
        for (std::size_t i = 0; i < one.samples.size(); ++i) {
            QVERIFY(one.samples[i].model == two.samples[i].model);
            QVERIFY(one.samples[i].simulated == two.samples[i].simulated);
        }
        const std::string md = study_markdown(one, o, "test CPU");
        QVERIFY(md.find("| runtime (cycles) |") != std::string::npos);
        QVERIFY(md.find("| none of the features below |") != std::string::npos);
    }

    // What it cannot simulate, it says, without crashing.
    void refusals_say_why() {
        Layer l = Layer::conv("c", 4, 4, 3, 3, 8, 8);
        Mapping twice;
        twice.directives = {Directive::spatial(Dim::K, 1, 1), Directive::temporal(Dim::K, 2, 2)};
        const SimulationResult a = simulate(l, two_pes_one_element_per_cycle(), twice);
        QVERIFY(a.problem.find("mapped twice") != std::string::npos);
        Mapping no_spatial;
        no_spatial.directives = {Directive::temporal(Dim::K, 1, 1)};
        QVERIFY(simulate(l, two_pes_one_element_per_cycle(), no_spatial).problem.find("no SpatialMap") != std::string::npos);
        const Layer big = Layer::conv("big", 256, 256, 3, 3, 58, 58);
        Mapping m;
        m.directives = {Directive::spatial(Dim::K, 1, 1)};
        QVERIFY(simulate(big, two_pes_one_element_per_cycle(), m).problem.find("limit") != std::string::npos);
    }

    void cli_simulates_a_file_and_refuses_large_layers() {
        const CliRun run = cli({"simulate", kTinyLayers, "--num-pes", "2", "--noc-bw", "1"});
        QCOMPARE(run.exit_code, 0);
        QVERIFY(run.out.contains("Row1D"));
        QVERIFY(run.out.contains("runtime (cycles)"));
        QVERIFY(run.out.contains("features: none"));
        const CliRun json = cli({"simulate", kTinyLayers, "--layer", "Row1D", "--num-pes", "2", "--noc-bw", "1", "--json"});
        QCOMPARE(json.exit_code, 0);
        const auto doc = nlohmann::json::parse(json.out.toStdString());
        QCOMPARE(doc.at(0).at("simulated").at("runtime_cycles").get<std::int64_t>(), std::int64_t{17});
        // A real network's layers are too large: the message says how long one would take.
        const CliRun big = cli({"simulate", QStringLiteral(MAPSCAPE_EXAMPLES_DIR "/resnet18_kcp_ws.m"), "--layer", "conv1"});
        QCOMPARE(big.exit_code, 1);
        QVERIFY2(big.err.contains("would take about"), big.err.constData());
        QVERIFY(big.err.contains("resnet18_kcp_ws.m:"));
        // A malformed file: file, line and what is wrong.
        QTemporaryDir dir;
        const QString bad = dir.filePath("bad.m");
        {
            QFile f(bad);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("Network N {\n Layer L {\n Type: CONV\n Dimensions { K: 2, C: 1, R: 3, S: 1, Y: 5, X: 1 }\n Dataflow {\n TemporalMap(0,1) K;\n }\n }\n}\n");
        }
        const CliRun malformed = cli({"simulate", bad});
        QCOMPARE(malformed.exit_code, 2);
        QVERIFY2(malformed.err.contains("bad.m:"), malformed.err.constData());
        const CliRun study = cli({"simulate", "--study", "40", "--seed", "2"});
        QCOMPARE(study.exit_code, 0);
        QVERIFY(study.out.contains("40 mappings (seed 2)"));
    }
};

QTEST_GUILESS_MAIN(ReferenceSimulatorTest)
#include "test_reference_simulator.moc"
