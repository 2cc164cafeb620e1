// Robustness: thousands of randomly mutated versions of the bundled MAESTRO files, HW files,
// model files, GAMMA tables and ONNX graphs go through the readers and the cost model. Nothing may crash,
// hang or trip the sanitizers (CI builds this suite with ASan and UBSan); bad input must come
// back as an InputError with a position, a bad mapping as an invalid report with a reason.
#include <QDir>
#include <QElapsedTimer>
#include <QtTest>
#include <random>

#include "arch/accelerator_json.hpp"
#include "arch/maestro_hw_file.hpp"
#include "arch/presets.hpp"
#include "cost/evaluate.hpp"
#include "reference/loop_nest_simulator.hpp"
#include "mapping/maestro_file.hpp"
#include "schedule/job_table_file.hpp"
#include "schedule/platform.hpp"
#include "schedule/task_mix.hpp"
#include "sweep/sweep_spec.hpp"
#include "tech/technology_json.hpp"
#include "tech/technology_library.hpp"
#include "study/study.hpp"
#include "study_samples.hpp"
#include "test_support.hpp"
#include "util/text_file.hpp"
#include "workload/model.hpp"
#ifdef MAPSCAPE_TEST_ONNX
#include <QTemporaryDir>
#include <fstream>

#include "onnx_builder.hpp"
#include "workload/onnx_import.hpp"
#endif

using namespace mapscape;

namespace {

const std::vector<std::string> kInsertions = {
    "0", "1", "7", "-3", "99999999999", "2147483647", "4294967296", "{", "}", "(", ")", ",", ";", ":", "//",
    "\n", " ", "'", "Cluster(", "SpatialMap(1,1) ", "TemporalMap(2,1) ", "Sz(", "R", "S", "Y'", "X", "K", "N",
    "Layer x {", "Type: DSCONV", "Type: GEMM", "Dimensions {", "Dataflow {", "Constant c 3;", "Stride { Y: 3 }",
    "\"", "[", "]", "null", "-1e300", "1e308", "Y", "G: 2",
    // Deep nesting (refused before any reader recurses) and numbers past 64 bits.
    "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", "{\"a\": {\"a\": {\"a\": {\"a\": {\"a\": ",
    "9223372036854775808", "-9223372036854775809", "18446744073709551616", "1e999", "0.5"};

std::string mutate(std::string text, std::mt19937_64& rng) {
    auto pick = [&](std::size_t n) { return n == 0 ? std::size_t(0) : static_cast<std::size_t>(rng() % n); };
    // Mostly one small edit, often to a number, so that many mutants still parse and reach
    // the cost model.
    const int edits = rng() % 4 == 0 ? 2 + static_cast<int>(rng() % 3) : 1;
    for (int e = 0; e < edits; ++e) {
        const int op = static_cast<int>(rng() % 10);
        switch (op < 4 ? 2 : op - 3) {
            case 0: {  // delete a span
                if (text.empty()) break;
                const std::size_t at = pick(text.size());
                text.erase(at, 1 + pick(std::min<std::size_t>(40, text.size() - at)));
                break;
            }
            case 1:  // insert a token
                text.insert(pick(text.size() + 1), kInsertions[pick(kInsertions.size())]);
                break;
            case 2: {  // change a number
                std::vector<std::size_t> digits;
                for (std::size_t i = 0; i < text.size(); ++i)
                    if (std::isdigit(static_cast<unsigned char>(text[i])) && (i == 0 || !std::isdigit(static_cast<unsigned char>(text[i - 1]))))
                        digits.push_back(i);
                if (digits.empty()) break;
                const std::size_t at = digits[pick(digits.size())];
                std::size_t end = at;
                while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
                static const char* numbers[] = {"0", "1", "2", "3", "13", "64", "255", "1000", "65536", "2147483647", "99999999999"};
                text.replace(at, end - at, numbers[pick(std::size(numbers))]);
                break;
            }
            case 3: {  // duplicate a line
                const std::size_t at = text.rfind('\n', pick(text.size()));
                const std::size_t start = at == std::string::npos ? 0 : at + 1;
                const std::size_t end = text.find('\n', start);
                text.insert(start, text.substr(start, (end == std::string::npos ? text.size() : end + 1) - start));
                break;
            }
            case 4:  // truncate
                text.resize(pick(text.size() + 1));
                break;
            case 5: {  // flip a byte
                if (text.empty()) break;
                text[pick(text.size())] = static_cast<char>(rng() % 256);
                break;
            }
            default: {  // swap two lines
                std::vector<std::size_t> starts = {0};
                for (std::size_t i = 0; i < text.size(); ++i)
                    if (text[i] == '\n') starts.push_back(i + 1);
                if (starts.size() < 3) break;
                const std::size_t a = pick(starts.size() - 1), b = pick(starts.size() - 1);
                if (a == b) break;
                const auto line = [&](std::size_t k) {
                    return text.substr(starts[k], starts[k + 1] - starts[k]);
                };
                const std::string la = line(std::min(a, b)), lb = line(std::max(a, b));
                text.replace(starts[std::max(a, b)], lb.size(), la);
                text.replace(starts[std::min(a, b)], la.size(), lb);
                break;
            }
        }
    }
    return text;
}

// Seeds of the scheduling inputs (at namespace scope: moc does not read raw strings in a class).
const char* const kFuzzMix = R"({"format": "mapscape-mix", "version": 1, "name": "m", "order": "sequential",
 "models": [{"model": "magma/language_insts0.csv", "batch": 1, "copies": 1},
            {"model": "ncf", "batch": 4, "copies": 2}]})";
const char* const kFuzzJobTable = R"({"format": "mapscape-job-table", "version": 1, "cores": 2, "system_bytes_per_cycle": 16,
 "jobs": [{"label": "a#1/layer1", "shape": "GEMM", "latency": [100, 200], "bandwidth": [6, 3]},
          {"label": "a#1/layer2", "shape": "CONV", "latency": [50, null], "bandwidth": [2, 0]}],
 "schedules": [{"core": [1, 0], "priority": [0.9, 0.5]}, {"queues": [[0, 1], []]}]})";
const char* const kFuzzScheduleSweep = R"({"format": "mapscape-sweep", "version": 1, "kind": "schedule", "mixes": ["recommendation"],
 "platforms": ["S1", "S4-flex"], "bandwidths": [16, 1], "bw_units": "bytes-per-cycle",
 "job_analyses": ["mapscape", "magma-code"], "algorithms": ["magma", "herald"], "budgets": [100], "seeds": [1, 2],
 "group_size": 50})";

int iterations() {
    const QByteArray env = qgetenv("MAPSCAPE_FUZZ_ITERATIONS");
    return env.isEmpty() ? 4000 : env.toInt();
}

// Every refusal of a text input says where: the file and a line (and column) in it. The first
// few that do not are kept for the failure message.
struct Locations {
    int located = 0;
    QStringList unlocated;
    void note(const Diagnostic& d) {
        if (d.where.line > 0) ++located;
        else if (unlocated.size() < 5) unlocated << QString::fromStdString(d.to_string());
        else unlocated.back() = "...";
    }
    bool all() const { return unlocated.isEmpty(); }
    QString report() const { return "errors without a line: " + unlocated.join("; "); }
};

}  // namespace

class FuzzInputsTest : public QObject {
    Q_OBJECT

    std::vector<std::pair<std::string, std::string>> seeds_;  // (name, text)

private slots:
    void initTestCase() {
        for (const char* dir : {"maestro_reference/mappings", "maestro_random"}) {
            const QDir d(QString::fromStdString(test_data(dir)));
            for (const QString& f : d.entryList({"*.m"}, QDir::Files, QDir::Name)) {
                const std::string path = test_data(std::string(dir) + "/" + f.toStdString());
                std::string text = read_text_file(path);
                if (text.size() > 60000) text.resize(60000);  // Transformer_Complete: its start is enough
                seeds_.emplace_back(f.toStdString(), text);
            }
        }
        QVERIFY(seeds_.size() > 50);
    }

    void mutated_mapping_files() {
        std::mt19937_64 rng(424242);
        const Accelerator acc = read_maestro_hw_file(test_data("maestro_reference/hw/accelerator_1.m"), maestro_cli_defaults());
        int parsed = 0, rejected = 0, evaluated = 0, invalid = 0;
        Locations where;
        qint64 slowest_ms = 0;
        QElapsedTimer total;
        total.start();
        for (int i = 0; i < iterations(); ++i) {
            const auto& [name, text] = seeds_[rng() % seeds_.size()];
            const std::string mutant = mutate(text, rng);
            try {
                const MaestroNetwork net = parse_maestro_text(mutant, name);
                ++parsed;
                for (std::size_t k = 0; k < net.layers.size() && k < 6; ++k) {
                    const auto& e = net.layers[(k * 7919 + static_cast<std::size_t>(i)) % net.layers.size()];
                    QElapsedTimer t;
                    t.start();
                    const CostReport r = evaluate(e.layer, acc, e.mapping);
                    const CostReport o = evaluate(e.layer, acc, e.mapping, ReportDetail::Objectives);
                    // The faithful analysis on the same mutant: a result or a reason, quickly.
                    Accelerator faithful_acc = acc;
                    faithful_acc.analysis = AnalysisMode::Faithful;
                    const CostReport f = evaluate(e.layer, faithful_acc, e.mapping);
                    QVERIFY(f.valid() ? f.macs >= f.layer_macs : !describe(f.invalid, e.layer, faithful_acc).empty());
                    slowest_ms = std::max(slowest_ms, t.elapsed());
                    ++evaluated;
                    QCOMPARE(r.valid(), o.valid());
                    // The reference simulator on the mutant's mapping over the layer shrunk to at
                    // most 4 per dimension (mapped sizes beyond it are clipped): a result or a
                    // reason, never a crash.
                    if (k < 2) {
                        Layer tiny = e.layer;
                        for (Dim d : kAllDims)
                            if (tiny.size(d) > 4) tiny.set(d, 4);
                        const SimulationResult s = simulate(tiny, acc, e.mapping);
                        if (s.ok()) {
                            QVERIFY(s.distinct_macs <= s.layer_macs);
                            QVERIFY(s.outputs_completed <= s.output_elements);
                        } else {
                            QVERIFY(!s.problem.empty());
                        }
                    }
                    if (!r.valid()) {
                        ++invalid;
                        QVERIFY(!describe(r.invalid, e.layer, acc).empty());
                    } else {
                        QVERIFY(r.runtime_cycles > 0);
                    }
                }
            } catch (const std::exception& e) {
                if (!dynamic_cast<const InputError*>(&e))
                    QFAIL(qPrintable(QString("%1: unexpected %2").arg(QString::fromStdString(name), e.what())));
                const auto& d = dynamic_cast<const InputError&>(e).diagnostic();
                ++rejected;
                QCOMPARE(d.where.file, name);
                QVERIFY(!d.message.empty());
                where.note(d);
            }
        }
        qInfo() << "mutants:" << iterations() << "parsed:" << parsed << "rejected with a message:" << rejected
                << "layers evaluated:" << evaluated << "invalid:" << invalid << "slowest evaluation:" << slowest_ms
                << "ms, total" << total.elapsed() << "ms";
        QVERIFY(parsed > 0 && rejected > 0 && invalid > 0);
        QVERIFY2(where.all(), qPrintable(where.report()));
        QVERIFY2(slowest_ms < 5000, "an evaluation took too long");
    }

    void mutated_other_inputs() {
        std::mt19937_64 rng(777);
        const std::vector<std::pair<std::string, std::string>> other = {
            {"hw.m", read_text_file(test_data("maestro_reference/hw/accelerator_1.m"))},
            {"resnet18.json", read_text_file(std::string(MAPSCAPE_MODELS_DIR) + "/resnet18.json")},
            {"mobilenet_v2.json", read_text_file(std::string(MAPSCAPE_MODELS_DIR) + "/mobilenet_v2.json")},
            {"bert.csv", read_text_file(test_data("gamma_models/BERT_m.csv"))},
            {"accelerator.json", accelerator_to_json(accelerator_preset("eyeriss-like")).dump(1)},
            {"accelerator.json", [] {  // with an analysis setting
                 Accelerator a = accelerator_preset("eyeriss-like");
                 a.analysis = AnalysisMode::Faithful;
                 return accelerator_to_json(a).dump(1);
             }()},
            {"resnet18_torchvision.json", read_text_file(std::string(MAPSCAPE_MODELS_DIR) + "/resnet18_torchvision.json")},  // padding
            {"search_sweep.json", read_text_file(std::string(MAPSCAPE_EXAMPLES_DIR) + "/sweep_example.json")},
            {"codesign_sweep.json", read_text_file(std::string(MAPSCAPE_EXAMPLES_DIR) + "/codesign_sweep.json")},
            {"resnet50.csv", read_text_file(test_data("gamma_models/resnet50.csv"))},
            {"technology.json", read_text_file(std::string(MAPSCAPE_SOURCE_TREE) + "/resources/technologies/45nm.json")},
        };
        int accepted = 0, rejected = 0;
        Locations where;
        for (int i = 0; i < iterations(); ++i) {
            const auto& [name, text] = other[rng() % other.size()];
            const std::string mutant = mutate(text, rng);
            try {
                if (name.ends_with(".m"))
                    parse_maestro_hw_text(mutant, name, maestro_cli_defaults());
                else if (name == "accelerator.json")
                    (void)parse_accelerator_json(mutant, name);
                else if (name == "technology.json")
                    (void)parse_technology_json(mutant, name, [](const std::string& base) { return load_technology(base); });
                else if (name.ends_with("sweep.json"))
                    (void)parse_sweep_spec(mutant, name, MAPSCAPE_EXAMPLES_DIR);
                else if (name.ends_with(".json"))
                    parse_model_json(mutant, name);
                else
                    parse_gamma_csv(mutant, name);
                ++accepted;
            } catch (const InputError& e) {
                ++rejected;
                QCOMPARE(e.diagnostic().where.file, name);
                where.note(e.diagnostic());
            } catch (const std::exception& e) {
                QFAIL(qPrintable(QString("%1: unexpected %2 on:\n%3").arg(QString::fromStdString(name), e.what(),
                                                                           QString::fromStdString(mutant.substr(0, 400)))));
            }
        }
        qInfo() << "other inputs: accepted" << accepted << "rejected with a message" << rejected << "located" << where.located;
        QVERIFY(accepted > 0 && rejected > 0);
        QVERIFY2(where.all(), qPrintable(where.report()));
    }

    // The scheduling inputs: a sequential task mix naming a table beside it and a bundled model,
    // a flexible platform, a job table with labels and shapes, a schedule sweep spec.
    void mutated_schedule_inputs() {
        std::mt19937_64 rng(778);
        const std::string mix_file = std::string(MAPSCAPE_MODELS_DIR) + "/mix_fuzz.json";  // resolves magma/ beside it
        Platform flex = load_platform_setting("S2-flex");
        const std::vector<std::pair<std::string, std::string>> inputs = {
            {mix_file, kFuzzMix},
            {"platform.json", nlohmann::json(platform_to_json(flex)).dump(1)},
            {"table.json", kFuzzJobTable},
            {"sweep.json", kFuzzScheduleSweep},
        };
        int accepted = 0, rejected = 0;
        Locations where;
        for (int i = 0; i < iterations() / 4; ++i) {
            const auto& [name, text] = inputs[rng() % inputs.size()];
            const std::string mutant = mutate(text, rng);
            try {
                if (name == mix_file)
                    (void)build_jobs(parse_task_mix_json(mutant, name));
                else if (name == "platform.json")
                    (void)parse_platform_json(mutant, name);
                else if (name == "table.json")
                    (void)parse_job_table_file(mutant, name);
                else
                    (void)parse_sweep_spec(mutant, name, "");
                ++accepted;
            } catch (const InputError& e) {
                ++rejected;
                // A model named in a mix may report its own file.
                QVERIFY2(e.diagnostic().where.file == name || name == mix_file, e.diagnostic().to_string().c_str());
                where.note(e.diagnostic());
            } catch (const std::exception& e) {
                QFAIL(qPrintable(QString("%1: unexpected %2 on:\n%3").arg(QString::fromStdString(name), e.what(),
                                                                           QString::fromStdString(mutant.substr(0, 400)))));
            }
        }
        qInfo() << "schedule inputs: accepted" << accepted << "rejected with a message" << rejected << "located" << where.located;
        QVERIFY(accepted > 0 && rejected > 0);
        QVERIFY2(where.all(), qPrintable(where.report()));
    }

#ifdef MAPSCAPE_TEST_ONNX
    // Byte-level mutations of a small ONNX graph with every mapped operator, through the plugin
    // (protobuf's parser, ONNX's shape inference) and the importer.
    void mutated_onnx_models() {
        OnnxBuilder b;
        b.input("x", {"batch", 3, 16, 16});
        b.conv("/conv/Conv", "x", "c", 8, 3, {3, 3}, {2, 2}, {1, 1, 1, 1});
        b.node("Relu", "/relu/Relu", {"c"}, {"r"});
        b.conv("/dw/Conv", "r", "d", 8, 1, {3, 3}, {1, 1}, {1, 1, 1, 1}, 8);
        auto& pool = b.node("MaxPool", "/pool/MaxPool", {"d"}, {"p"});
        OnnxBuilder::ints(pool, "kernel_shape", {2, 2});
        OnnxBuilder::ints(pool, "strides", {2, 2});
        b.weight("up.weight", {8, 4, 2, 2});
        auto& up = b.node("ConvTranspose", "/up/ConvTranspose", {"p", "up.weight"}, {"u"});
        OnnxBuilder::ints(up, "strides", {2, 2});
        b.int64s("shape", {-1, 4, 64});
        b.node("Reshape", "/Reshape", {"u", "shape"}, {"t"});
        b.weight("w", {64, 32});
        b.node("MatMul", "/fc/MatMul", {"t", "w"}, {"h"});
        auto& e = b.node("Einsum", "/attn/Einsum", {"h", "h"}, {"s"});
        OnnxBuilder::text(e, "equation", "bik,bjk->bij");
        auto& flat = b.node("Flatten", "/Flatten", {"p"}, {"f"});
        OnnxBuilder::integer(flat, "axis", 1);
        b.weight("g", {10, 128});
        auto& g = b.node("Gemm", "/head/Gemm", {"f", "g"}, {"y"});
        OnnxBuilder::integer(g, "transB", 1);
        b.output("s");
        b.output("y");
        const std::string seed = b.bytes();
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string file = dir.filePath("mutant.onnx").toStdString();
        OnnxImportOptions options;
        options.dimensions = {{"batch", 2}};
        {
            std::ofstream(file, std::ios::binary) << seed;
            QVERIFY(import_onnx_model(file, options).layers.size() >= 5);  // the seed itself imports
        }
        std::mt19937_64 rng(2525);
        auto pick = [&](std::size_t n) { return n == 0 ? std::size_t(0) : static_cast<std::size_t>(rng() % n); };
        int accepted = 0, rejected = 0;
        QElapsedTimer total;
        total.start();
        const int count = std::max(200, iterations() / 8);
        for (int i = 0; i < count; ++i) {
            std::string mutant = seed;
            const int edits = 1 + static_cast<int>(rng() % 3);
            for (int k = 0; k < edits; ++k) switch (rng() % 6) {
                    case 0: mutant[pick(mutant.size())] = static_cast<char>(rng() % 256); break;
                    case 1: mutant[pick(mutant.size())] ^= static_cast<char>(1 << (rng() % 8)); break;
                    case 2: mutant.resize(pick(mutant.size() + 1)); break;
                    case 3: {
                        const std::size_t at = pick(mutant.size());
                        mutant.erase(at, 1 + pick(std::min<std::size_t>(16, mutant.size() - at)));
                        break;
                    }
                    case 4: {  // a small number where a size or an attribute was
                        static const char values[] = {0, 1, 2, 3, 7, 0x7f, 0x40};
                        mutant[pick(mutant.size())] = values[pick(std::size(values))];
                        break;
                    }
                    default: {
                        const std::size_t at = pick(mutant.size());
                        mutant.insert(at, mutant.substr(pick(mutant.size()), 1 + pick(24)));
                        break;
                    }
                }
            std::ofstream(file, std::ios::binary | std::ios::trunc) << mutant;
            try {
                const Model m = import_onnx_model(file, options);
                QVERIFY(!m.layers.empty());
                for (const Layer& l : m.layers) QVERIFY2(layer_problem(l).empty(), layer_problem(l).c_str());
                ++accepted;
            } catch (const InputError& err) {
                ++rejected;
                QCOMPARE(err.diagnostic().where.file, file);
                QVERIFY(!err.diagnostic().message.empty());
            } catch (const std::exception& err) {
                QFAIL(qPrintable(QString("unexpected %1").arg(err.what())));
            }
        }
        qInfo() << "ONNX mutants:" << count << "imported:" << accepted << "rejected with a message:" << rejected << "in"
                << total.elapsed() << "ms";
        QVERIFY(accepted > 0 && rejected > 0);
    }
#endif

    // Studies with every kind of result (format version 2), as saved and as recovery copies hold
    // them: a damaged one must come back as an InputError with its position, never as another
    // exception (a view would index a schedule's jobs and cores with what it reads).
    void mutated_studies() {
        std::mt19937_64 rng(2828);
        const std::string seed = study_to_json_text(testing::study_with_every_result(2));
        int accepted = 0, rejected = 0;
        Locations where;
        for (int i = 0; i < iterations() / 2; ++i) {
            const std::string mutant = mutate(seed, rng);
            try {
                const Study s = parse_study_json(mutant, "study.json");
                if (s.schedule_result)
                    for (const Segment& seg : s.schedule_result->timeline.segments)
                        QVERIFY(seg.job >= 0 && seg.job < static_cast<int>(s.schedule_result->jobs.size()) && seg.core >= 0 &&
                                seg.core < static_cast<int>(s.schedule_result->platform.cores.size()));
                ++accepted;
            } catch (const InputError& e) {
                ++rejected;
                QCOMPARE(e.diagnostic().where.file, std::string("study.json"));
                where.note(e.diagnostic());
            } catch (const std::exception& e) {
                QFAIL(qPrintable(QString("study: unexpected %1 on:\n%2").arg(e.what(), QString::fromStdString(mutant.substr(0, 400)))));
            }
        }
        qInfo() << "studies: accepted" << accepted << "rejected with a message" << rejected << "located" << where.located;
        QVERIFY(accepted > 0 && rejected > 0);
        QVERIFY2(where.all(), qPrintable(where.report()));
    }
};

QTEST_GUILESS_MAIN(FuzzInputsTest)
#include "test_fuzz_inputs.moc"
