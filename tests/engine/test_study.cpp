// Studies as the app saves them (round trip, atomic save, clear errors for bad and newer files),
// the dataflow text view's reader, and the teaching view's loop nest and PE contents.
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <fstream>
#include <functional>

#include "arch/presets.hpp"
#include "mapping/dataflow_text.hpp"
#include "mapping/loop_nest.hpp"
#include "search/fixed_dataflow.hpp"
#include "study_samples.hpp"
#include "study/study.hpp"
#include "test_support.hpp"
#include "util/diagnostic.hpp"
#include "util/text_file.hpp"

using namespace mapscape;

class StudyTest : public QObject {
    Q_OBJECT

private slots:
    void round_trip_keeps_everything() {
        Study s = new_study("mobilenet_v2", "eyeriss-like");
        s.selected_layer = 3;
        s.mappings[3] = s.mapping_for(3);
        s.mappings[3].directives[0].size = 2;
        s.search.algorithm = "cmaes";
        s.search.objective = *parse_objective("latency*energy^2");
        s.search.system = TargetSystem::S3;
        s.search.all_layers = true;
        SearchRun run;
        run.id = 4;
        run.label = "run 4";
        run.settings = s.search;
        LayerRunResult l;
        l.layer = 3;
        l.found = true;
        l.best_mapping = s.mappings[3];
        l.objective_value = 12345.5;
        l.trace = {{1, 20000.0}, {50, 12345.5}};
        run.layers.push_back(l);
        LayerRunResult none;
        none.layer = 4;
        none.trace = {{100, std::numeric_limits<double>::infinity()}};
        none.why_none = "100 of 100 exceed L1 (the least any needed: 1,452 B of 512 B per PE)";
        run.layers.push_back(none);
        s.runs.push_back(run);
        s.schedule.mix = "vision";
        s.schedule.bandwidth = 2.5;
        s.schedule.bandwidth_unit = "bytes-per-cycle";
        s.schedule.job_analysis = "magma-code";
        QTemporaryDir dir;
        const std::string path = dir.filePath("s.json").toStdString();
        save_study(s, path);
        const Study back = load_study(path);
        QVERIFY(back == s);
        // The file stands alone: the model is inside it.
        QVERIFY(read_text_file(path).find("\"layers\"") != std::string::npos);
    }

    void results_of_every_kind_round_trip_in_version_2() {
        const Study s = testing::study_with_every_result();
        const std::string text = study_to_json_text(s);
        QVERIFY(text.find("\"version\": 2") != std::string::npos);
        const Study back = parse_study_json(text, "s.json");
        QVERIFY(back.codesign && back.naas && back.schedule_result);
        QVERIFY(back == s);
        QCOMPARE(back.codesign->best.mappings.size(), std::size_t(3));
        QVERIFY(std::isinf(back.codesign->trace.front().second));     // "nothing yet" survives as null
        QVERIFY(std::isinf(back.naas->iterations_done[0].population[2]));
        QCOMPARE(back.schedule_result->jobs[2].label(), std::string("resnet18#1/layer3"));
        QCOMPARE(back.schedule_result->settings.bandwidth_unit, std::string("bytes-per-cycle"));
        QCOMPARE(back.schedule_result->settings.job_analysis, std::string("magma-code"));
        QCOMPARE(back.schedule_result->system_bytes_per_cycle, 16.0);
        QCOMPARE(back.schedule_result->timeline.segments.size(), std::size_t(3));
        // A study without those results stays version 1, which older builds open.
        Study plain = s;
        plain.codesign.reset();
        plain.naas.reset();
        plain.schedule_result.reset();
        QVERIFY(study_to_json_text(plain).find("\"version\": 1,") != std::string::npos);
        QVERIFY(parse_study_json(study_to_json_text(plain), "p.json") == plain);
    }

    void damaged_results_say_where() {
        const std::string good = study_to_json_text(testing::study_with_every_result());
        auto error_of = [](const std::string& text) {
            try {
                parse_study_json(text, "s.json");
            } catch (const InputError& e) {
                return e.diagnostic().to_string();
            }
            return std::string("no error");
        };
        auto damaged = [&good](const std::function<void(nlohmann::json&)>& change) {
            nlohmann::json j = nlohmann::json::parse(good);
            change(j);
            return j.dump(1);
        };
        // A segment naming a job the schedule does not have would index past its jobs.
        const std::string bad_job = error_of(damaged([](nlohmann::json& j) { j["schedule_result"]["timeline"]["segments"][2][1] = 7; }));
        QVERIFY2(bad_job.find("the segment's job is not one of the schedule's") != std::string::npos, bad_job.c_str());
        QVERIFY2(bad_job.rfind("s.json:", 0) == 0, bad_job.c_str());
        const std::string bad_core = error_of(damaged([](nlohmann::json& j) { j["schedule_result"]["assignment"]["core"][1] = 9; }));
        QVERIFY2(bad_core.find("not a core of the platform") != std::string::npos, bad_core.c_str());
        const std::string bad_role = error_of(damaged([](nlohmann::json& j) { j["naas"]["best"]["hardware"]["parallel"][0] = "up"; }));
        QVERIFY2(bad_role.find("unknown dimension role") != std::string::npos, bad_role.c_str());
        const std::string bad_flag = error_of(damaged([](nlohmann::json& j) { j["codesign"]["found"] = 1; }));
        QVERIFY2(bad_flag.find("\"found\" must be true or false") != std::string::npos, bad_flag.c_str());
        const std::string bad_trace = error_of(damaged([](nlohmann::json& j) { j["codesign"]["trace"][1] = "x"; }));
        QVERIFY2(bad_trace.find("a trace point is [samples, best]") != std::string::npos, bad_trace.c_str());
    }

    void bad_files_say_where_and_what() {
        const std::string good = study_to_json_text(new_study("resnet18", "edge"));
        auto error_of = [](const std::string& text) {
            try {
                parse_study_json(text, "s.json");
            } catch (const InputError& e) {
                return e.diagnostic().to_string();
            }
            return std::string("no error");
        };
        std::string newer = good;
        newer.replace(newer.find("\"version\": 1"), 12, "\"version\": 7");
        QVERIFY2(error_of(newer).find("study format version 7 is newer than this Mapscape understands (2); please upgrade") !=
                     std::string::npos,
                 error_of(newer).c_str());
        QVERIFY(error_of(newer).rfind("s.json:3:", 0) == 0);
        std::string wrong = good;
        wrong.replace(wrong.find("mapscape-study"), 14, "mapscape-model");
        QVERIFY(error_of(wrong).find("not a mapscape-study") != std::string::npos);
        QVERIFY(error_of(good.substr(0, good.size() / 2)).rfind("s.json:", 0) == 0);  // truncated
        std::string bad_layer = good;
        bad_layer.replace(bad_layer.find("\"selected_layer\": 0"), 19, "\"selected_layer\": 99");
        QVERIFY(error_of(bad_layer).find("selected_layer") != std::string::npos);
    }

    // Studies saved before the bandwidth units hold "bw_gbps": GB/s, our job analysis.
    void older_schedule_settings_read_as_gb_per_s() {
        std::string text = study_to_json_text(new_study("resnet18", "edge"));
        const auto at = text.find("\"bw\":");
        QVERIFY(at != std::string::npos);
        text.replace(at, 5, "\"bw_gbps\":");
        for (const char* key : {"\"bw_units\": \"gbps\",", "\"job_analysis\": \"mapscape\","}) {
            const auto k = text.find(key);
            QVERIFY(k != std::string::npos);
            text.erase(k, std::string(key).size());
        }
        const Study s = parse_study_json(text, "old.json");
        QCOMPARE(s.schedule.bandwidth_unit, std::string("gbps"));
        QCOMPARE(s.schedule.job_analysis, std::string("mapscape"));
        QCOMPARE(s.schedule.bandwidth, new_study("resnet18", "edge").schedule.bandwidth);
        std::string bad = study_to_json_text(new_study("resnet18", "edge"));
        const std::string analysis = "\"job_analysis\": \"mapscape\"";
        QVERIFY(bad.find(analysis) != std::string::npos);
        bad.replace(bad.find(analysis), analysis.size(), "\"job_analysis\": \"maestro\"");
        try {
            parse_study_json(bad, "s.json");
            QFAIL("an unknown job analysis was read");
        } catch (const InputError& e) {
            QVERIFY2(e.diagnostic().message.find("unknown job analysis \"maestro\"") != std::string::npos, e.diagnostic().message.c_str());
        }
    }

    void saving_is_atomic() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("s.json").toStdString();
        save_study(new_study("resnet18", "edge"), path);
        // A failed save (directory gone) leaves the old file as it was.
        const std::string before = read_text_file(path);
        QVERIFY_THROWS_EXCEPTION(mapscape::InputError, save_study(new_study("vgg16", "edge"), dir.filePath("missing/s.json").toStdString()));
        QCOMPARE(read_text_file(path), before);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"s.json"});  // no temporary left over
    }

    void dataflow_text_reads_back_with_positions() {
        const Layer layer = load_bundled_model("resnet18").layers[1];
        const Mapping m = fixed_dataflow_mapping(FixedDataflow::Nvdla, layer, accelerator_preset("edge"), {2, 3, 1});
        QVERIFY(parse_dataflow_text(dataflow_text(m), layer) == m);
        QVERIFY(parse_dataflow_text("SpatialMap(1,1) K;\n// a comment\nTemporalMap(Sz(R),1) Y;\n", layer).directives.size() == 2);
        try {
            parse_dataflow_text("SpatialMap(1,1) K;\nTemporalMap(3,3) Q;\n", layer, "directives");
            QFAIL("accepted an unknown dimension");
        } catch (const InputError& e) {
            QCOMPARE(e.diagnostic().where.file, std::string("directives"));
            QCOMPARE(e.diagnostic().where.line, 2);
        }
    }

    void loop_nest_and_pe_contents() {
        // K64 C64 3x3 over 56x56 inputs, NVDLA-like on 12 x 14 PEs: K across 12 clusters,
        // C across the 14 PEs of a cluster.
        const Layer layer = load_bundled_model("resnet18").layers[1];
        const Accelerator edge = accelerator_preset("edge");
        const Mapping m = fixed_dataflow_mapping(FixedDataflow::Nvdla, layer, edge, {1, 1, 1});
        const LoopNest nest = build_loop_nest(layer, edge, m);
        QVERIFY(nest.error.empty());
        QCOMPARE(nest.units_per_level, (std::vector<std::int64_t>{12, 14}));
        MAPSCAPE_COMPARE_I64(nest.pe_count, 168);
        const std::string text = loop_nest_text(nest);
        QVERIFY(text.find("parallel for K0 in 12 units") != std::string::npos);
        QVERIFY(text.find("parallel for C1 in 14 units") != std::string::npos);
        // Step 0: PE (cluster 2, PE 5) holds output channel 2 and input channel 5 of the first
        // channel tile, the first 3 input rows and columns.
        const std::vector<PeView> pes = pes_at_step(layer, nest, 0);
        QCOMPARE(pes.size(), std::size_t{168});
        const PeView& pe = pes[2 * 14 + 5];
        QVERIFY(pe.active);
        QCOMPARE(describe_ranges(pe.ranges), std::string("K 2, C 5, R 0-2, S 0-2, Y 0-2, X 0-2"));
        const TensorSlices t = tensor_slices(layer, pe.ranges);
        QCOMPARE(t.output, std::string("output[K 2][Y' 0][X' 0]"));
        QCOMPARE(t.weight, std::string("weight[K 2][C 5][R 0-2][S 0-2]"));
        QCOMPARE(t.input, std::string("input[C 5][Y 0-2][X 0-2]"));
        // The next step moves along the innermost temporal loop: one input column on.
        const std::vector<PeView> next = pes_at_step(layer, nest, 1);
        QCOMPARE(describe_ranges(next[2 * 14 + 5].ranges), std::string("K 2, C 5, R 0-2, S 0-2, Y 0-2, X 1-3"));
        // At the very end: K = 64 over 12 clusters leaves 4 clusters busy in the last round, and
        // the last tile of C (64 = 4 x 14 + 8) keeps 8 of their 14 PEs busy.
        int busy = 0;
        for (const PeView& v : pes_at_step(layer, nest, nest.time_steps - 1)) busy += v.active;
        QCOMPARE(busy, 4 * 8);
    }
};

QTEST_GUILESS_MAIN(StudyTest)
#include "test_study.moc"
