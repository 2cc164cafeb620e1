// Sweeps as users rely on them: a spec's runs and their identities, errors placed at
// FILE:LINE:COL, a database that resumes after a stop or a kill and ends the same as one written
// in one go, foreign and corrupt files refused with the reason, 1 rank and 2 MPI ranks giving
// the same database (timing columns aside), the column cache's filters, order and CSV.
#include <QElapsedTimer>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <set>
#include <stop_token>

#include "arch/area_model.hpp"
#include "sweep/dry_run.hpp"
#include "sweep/results_database.hpp"
#include "sweep/run_table.hpp"
#include "sweep/stored_run_decode.hpp"
#include "sweep/sweep_runner.hpp"
#include "sweep/sweep_spec.hpp"
#include "sweep/synthetic_results.hpp"
#include "cli_runner.hpp"
#include "test_support.hpp"
#include "util/diagnostic.hpp"
#include "util/sha256.hpp"

using namespace mapscape;

namespace {

// 12 short runs: 2 accelerators x 3 algorithms x 2 seeds on three ResNet-18 layers.
const char* const kSmallSpec = R"({
  "format": "mapscape-sweep",
  "version": 1,
  "name": "small",
  "models": [{"model": "resnet18", "layers": "1-3"}],
  "accelerators": ["edge", "eyeriss-like"],
  "algorithms": ["gamma", "random", "fixed-nvdla"],
  "objectives": ["latency"],
  "budgets": [300],
  "seeds": [1, 2]
}
)";

// 16 runs of about a tenth of a second each: long enough to be killed in the middle.
const char* const kKillSpec = R"({
  "format": "mapscape-sweep",
  "name": "to be killed",
  "models": [{"model": "resnet18", "layers": "2-7"}],
  "accelerators": ["edge"],
  "algorithms": ["gamma", "random"],
  "budgets": [4000],
  "seeds": {"from": 1, "to": 8}
}
)";

// 8 co-design runs of a few hundredths of a second: 2 area budgets x 2 methods x 2 seeds.
const char* const kCodesignSpec = R"({
  "format": "mapscape-sweep",
  "version": 1,
  "kind": "codesign",
  "name": "small co-design",
  "models": [{"model": "resnet18", "layers": "1-3"}],
  "platforms": ["edge"],
  "area_budgets_mm2": [0.1, 0.2],
  "algorithms": ["digamma", "map-opt-compute"],
  "objectives": ["latency"],
  "budgets": [600],
  "seeds": [1, 2]
}
)";

// 16 schedule runs: MAGMA's recommendation instances (10 groups of 100 jobs) on S1 and S2, at 16
// and 1 bytes per cycle, with both job analyses, by MAGMA and Herald-like.
const char* const kScheduleSpec = R"({
  "format": "mapscape-sweep",
  "version": 1,
  "kind": "schedule",
  "name": "small schedule",
  "mixes": ["magma-recommendation"],
  "platforms": ["S1", "S2"],
  "bandwidths": [16, 1],
  "bw_units": "bytes-per-cycle",
  "job_analyses": ["mapscape", "magma-code"],
  "algorithms": ["magma", "herald"],
  "budgets": [200],
  "seeds": [1]
}
)";

QString write_file(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    const QString path = dir.filePath(name);
    QFile f(path);
    f.open(QIODevice::WriteOnly | QIODevice::Truncate);
    f.write(text);
    return path;
}

using Run = CliRun;

// Everything in a results database but the timing columns, in a fixed order: two databases
// with the same runs give the same text.
QString content_without_timing(const QString& path) {
    sql::Connection db(path.toStdString(), sql::Connection::Mode::ReadOnly);
    QString out;
    const std::vector<std::pair<std::string, std::string>> tables = {
        {"models", "model_sha256"}, {"accelerators", "accelerator_sha256"}, {"runs", "run_id"}, {"layer_results", "run_id, layer_number"},
        {"run_traces", "run_id"}};
    for (const auto& [table, order] : tables) {
        const auto& timing = table == "runs" ? run_timing_columns() : table == "layer_results" ? layer_timing_columns()
                                                                                                : std::vector<std::string>{};
        std::string columns;
        auto info = db.prepare("PRAGMA table_info(" + table + ")");
        while (info.step())
            if (std::find(timing.begin(), timing.end(), info.text(1)) == timing.end())
                columns += (columns.empty() ? "" : ", ") + info.text(1);
        auto rows = db.prepare("SELECT " + columns + " FROM " + table + " ORDER BY " + order);
        out += QString::fromStdString(table + ": " + columns + "\n");
        while (rows.step()) {
            for (int c = 0; c < rows.columns(); ++c) out += (rows.is_null(c) ? QString("NULL") : QString::fromStdString(rows.text(c))) + "|";
            out += "\n";
        }
    }
    return out;
}

std::int64_t count(const QString& path, const char* sql) {
    sql::Connection db(path.toStdString(), sql::Connection::Mode::ReadOnly);
    return db.integer(sql).value_or(-1);
}

// Stops the sweep after `after` runs are stored.
class StopAfter : public SweepSink {
public:
    StopAfter(std::stop_source& source, int after) : source_(source), after_(after) {}
    void run_stored(const SweepProgress& p, const RunResult&) override {
        if (p.written >= after_) source_.request_stop();
    }

private:
    std::stop_source& source_;
    int after_;
};

SweepOutcome sweep_into(const QString& db_path, const SweepPlan& plan, std::stop_token stop = {}, SweepSink* sink = nullptr,
                        int threads = 2) {
    ResultsDatabase db(db_path.toStdString(), ResultsDatabase::Access::ReadWrite);
    InvocationInfo info;
    info.spec_file = "spec";
    SweepOptions options;
    options.threads_per_rank = threads;
    return run_sweep(plan, db, info, options, nullptr, stop, sink);
}

bool cli_has_mpi() { return cli({"sweep", "--help"}).out.contains("MPI: built in"); }

}  // namespace

class SweepTest : public QObject {
    Q_OBJECT

private slots:
    void sha256_matches_the_standard_vectors() {
        QCOMPARE(sha256_hex(""), std::string("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
        QCOMPARE(sha256_hex("abc"), std::string("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
        QCOMPARE(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
                 std::string("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"));
        QCOMPARE(sha256_hex(std::string(1000000, 'a')), std::string("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"));
    }

    void spec_axes_make_the_runs() {
        const SweepSpec spec = parse_sweep_spec(kSmallSpec, "small.json", "");
        QCOMPARE(spec.run_count(), std::size_t{12});
        QCOMPARE(spec.models.front().layer_numbers, (std::vector<int>{1, 2, 3}));
        QCOMPARE(spec.systems.size(), std::size_t{1});  // default S2
        const SweepSpec ranges = parse_sweep_spec(R"({"models": ["resnet18"], "accelerators": ["edge"], "algorithms": ["gamma"],
            "budgets": {"from": 1000, "to": 16000, "times": 2}, "seeds": {"from": 3, "to": 9, "step": 3}})",
                                                  "r.json", "");
        QCOMPARE(ranges.budgets, (std::vector<std::int64_t>{1000, 2000, 4000, 8000, 16000}));
        QCOMPARE(ranges.seeds, (std::vector<std::uint64_t>{3, 6, 9}));
        const SweepPlan plan(ranges);
        QCOMPARE(plan.size(), std::size_t{15});
        QCOMPARE(plan.point(1).seed, std::size_t{1});  // seeds vary fastest
        QCOMPARE(plan.point(3).budget, std::size_t{1});
    }

    void the_bundled_specs_read_with_their_documented_run_counts() {
        const SweepSpec search = load_sweep_spec(MAPSCAPE_EXAMPLES_DIR "/sweep_example.json");
        QCOMPARE(search.kind, RunKind::Search);
        QCOMPARE(search.run_count(), std::size_t{40});
        const SweepSpec codesign = load_sweep_spec(MAPSCAPE_EXAMPLES_DIR "/codesign_sweep.json");
        QCOMPARE(codesign.kind, RunKind::Codesign);
        QCOMPARE(codesign.run_count(), std::size_t{18});
        QCOMPARE(codesign.area_budgets_mm2, (std::vector<double>{0.1, 0.2, 0.4}));
    }

    void run_identity_is_the_settings_not_the_spec_layout() {
        const SweepPlan a(parse_sweep_spec(kSmallSpec, "a.json", ""));
        // The same runs listed in another order, plus more seeds: the shared runs keep their ids.
        const SweepPlan b(parse_sweep_spec(R"({"models": [{"model": "resnet18", "layers": "1-3"}], "accelerators": ["eyeriss-like", "edge"],
            "algorithms": ["fixed-nvdla", "gamma", "random"], "budgets": [300], "seeds": [2, 1, 3]})",
                                           "b.json", ""));
        std::set<std::string> ids_a, ids_b;
        for (std::size_t i = 0; i < a.size(); ++i) ids_a.insert(a.run_id(i));
        for (std::size_t i = 0; i < b.size(); ++i) ids_b.insert(b.run_id(i));
        QCOMPARE(ids_a.size(), a.size());  // all different
        for (const std::string& id : ids_a) QVERIFY(ids_b.contains(id));
        QCOMPARE(ids_b.size(), ids_a.size() + 6);
        QCOMPARE(a.run_id(0).size(), std::size_t{32});
        // GAMMA's population is part of a GAMMA run's identity only.
        const SweepPlan c(parse_sweep_spec(std::string(kSmallSpec).replace(std::string(kSmallSpec).find("\"name\""), 6, "\"gamma_population\": 50, \"name\""),
                                           "c.json", ""));
        for (std::size_t i = 0; i < a.size(); ++i) {
            const bool gamma = a.spec().algorithms[a.point(i).algorithm].name == "gamma";
            QCOMPARE(a.run_id(i) == c.run_id(i), !gamma);
        }
    }

    void spec_errors_point_at_the_value_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("malformed") << "{\n  \"models\": [\"resnet18\",]\n}" << "spec.json:2:";
        QTest::newRow("unknown field") << "{\"models\": [\"resnet18\"],\n \"seed\": [1]}" << "spec.json:2:10: seed: unknown field \"seed\" (did you mean \"seeds\"?)";
        QTest::newRow("unknown algorithm") << "{\"models\": [\"resnet18\"], \"accelerators\": [\"edge\"],\n \"algorithms\": [\"gamma\", \"gama\"]}"
                                           << "spec.json:2:26: unknown algorithm \"gama\"";
        QTest::newRow("unknown model") << "{\"models\": [\n  \"resnet99\"], \"accelerators\": [\"edge\"], \"algorithms\": [\"gamma\"]}"
                                       << "spec.json:2:3: cannot load model \"resnet99\"";
        QTest::newRow("unknown accelerator") << "{\"models\": [\"resnet18\"], \"accelerators\": [\"edge\", \"tpu9\"], \"algorithms\": [\"gamma\"]}"
                                             << "spec.json:1:51: cannot load accelerator \"tpu9\": tpu9: no accelerator preset called \"tpu9\"";
        QTest::newRow("duplicate seed") << "{\"models\": [\"resnet18\"], \"accelerators\": [\"edge\"], \"algorithms\": [\"gamma\"],\n\"seeds\": [1, 2, 1]}"
                                        << "spec.json:2:17: \"1\" appears twice in \"seeds\"";
        QTest::newRow("layers outside the model") << "{\"models\": [{\"model\": \"resnet18\", \"layers\": \"19-25\"}], \"accelerators\": [\"edge\"], \"algorithms\": [\"gamma\"]}"
                                                  << "spec.json:1:45: layer selection \"19-25\" is outside 1-20";
        QTest::newRow("bad objective") << "{\"models\": [\"resnet18\"], \"accelerators\": [\"edge\"], \"algorithms\": [\"gamma\"], \"objectives\": [\"speed\"]}"
                                       << "spec.json:1:92: \"speed\" is not an objective";
        QTest::newRow("bad range") << "{\"models\": [\"resnet18\"], \"accelerators\": [\"edge\"], \"algorithms\": [\"gamma\"], \"budgets\": {\"from\": 100, \"to\": 50}}"
                                   << "spec.json:1:108: \"to\" = 50 is out of range [100,";
        QTest::newRow("missing axis") << "{\"models\": [\"resnet18\"], \"algorithms\": [\"gamma\"]}" << "spec.json:1:1: missing field \"accelerators\"";
        QTest::newRow("unknown kind") << "{\"kind\": \"codsign\", \"models\": [\"resnet18\"]}"
                                      << "spec.json:1:10: unknown run kind \"codsign\" (known: \"search\"";
        QTest::newRow("area budgets in a search") << "{\"models\": [\"resnet18\"],\n \"area_budgets_mm2\": [1, 2]}"
                                                  << "spec.json:2:22: \"area_budgets_mm2\" belongs to co-design sweeps; this spec's \"kind\" is \"search\" (set";
        QTest::newRow("accelerators in a co-design") << "{\"kind\": \"codesign\", \"models\": [\"resnet18\"],\n \"accelerators\": [\"edge\"]}"
                                                     << "spec.json:2:18: \"accelerators\" belongs to mapping-search sweeps; this spec's \"kind\" is \"codesign\"";
        QTest::newRow("unknown platform") << "{\"kind\": \"codesign\", \"models\": [\"resnet18\"], \"platforms\": [\"edge\", \"mobile\"]}"
                                          << "spec.json:1:68: unknown co-design platform \"mobile\" (known: edge, cloud)";
        QTest::newRow("search algorithm in a co-design") << "{\"kind\": \"codesign\", \"models\": [\"resnet18\"], \"algorithms\": [\"gamma\"]}"
                                                         << "spec.json:1:61: unknown co-design algorithm \"gamma\" (known: digamma,";
        QTest::newRow("negative area budget") << "{\"kind\": \"codesign\", \"models\": [\"resnet18\"], \"algorithms\": [\"digamma\"],\n\"area_budgets_mm2\": [0.2, -1]}"
                                              << "spec.json:2:27: an area budget is a number of mm² above 0";
        QTest::newRow("co-design objective") << "{\"kind\": \"codesign\", \"models\": [\"resnet18\"], \"algorithms\": [\"digamma\"],\n\"objectives\": [\"power\"]}"
                                             << "spec.json:2:16: ";
        QTest::newRow("unknown mix") << "{\"kind\": \"schedule\", \"mixes\": [\"vision\",\n \"astronomy\"], \"algorithms\": [\"magma\"]}"
                                     << "spec.json:2:2: cannot load task mix \"astronomy\"";
        QTest::newRow("bandwidth units") << "{\"kind\": \"schedule\", \"mixes\": [\"vision\"], \"algorithms\": [\"magma\"],\n\"bw_units\": \"GiB\"}"
                                         << "spec.json:2:13: unknown bandwidth unit \"GiB\" (gbps or bytes-per-cycle)";
        QTest::newRow("job analysis") << "{\"kind\": \"schedule\", \"mixes\": [\"vision\"], \"algorithms\": [\"magma\"],\n\"job_analyses\": [\"maestro\"]}"
                                      << "spec.json:2:18: \"maestro\" is not a job analysis: mapscape or magma-code";
        QTest::newRow("models in a schedule") << "{\"kind\": \"schedule\", \"mixes\": [\"vision\"],\n \"models\": [\"resnet18\"]}"
                                              << "spec.json:2:12: \"models\" belongs to mapping-search sweeps; this spec's \"kind\" is \"schedule\"";
        QTest::newRow("schedule algorithm") << "{\"kind\": \"schedule\", \"mixes\": [\"vision\"], \"algorithms\": [\"gamma\"]}"
                                            << "spec.json:1:58: unknown scheduling algorithm \"gamma\"";
        QTest::newRow("bandwidth") << "{\"kind\": \"schedule\", \"mixes\": [\"vision\"], \"algorithms\": [\"magma\"],\n\"bandwidths\": [16, 0]}"
                                   << "spec.json:2:20: a system bandwidth is a number above 0";
        QTest::newRow("levels") << "{\"kind\": \"codesign\", \"models\": [\"resnet18\"], \"algorithms\": [\"digamma\"],\n\"levels\": \"2-5\"}"
                                << "spec.json:2:11: levels must lie within 1-3";
        QTest::newRow("map space") << "{\"kind\": \"codesign\", \"models\": [\"resnet18\"], \"algorithms\": [\"digamma\"],\n\"map_space\": \"tpu\"}"
                                   << "spec.json:2:14: unknown map space \"tpu\"";
        QTest::newRow("newer format") << "{\"format\": \"mapscape-sweep\", \"version\": 7}" << "spec.json:1:41: sweep spec format version 7 is newer";
        QTest::newRow("other format") << "{\"format\": \"mapscape-study\"}" << "spec.json:1:12: this is a \"mapscape-study\" file, not a mapscape-sweep";
    }
    void spec_errors_point_at_the_value() {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        try {
            parse_sweep_spec(text.toStdString(), "spec.json", "");
            QFAIL("accepted");
        } catch (const InputError& e) {
            const QString message = QString::fromStdString(e.diagnostic().to_string());
            QVERIFY2(message.startsWith(expected), qPrintable(message));
        }
    }

    void a_task_sent_as_json_gives_the_same_result() {
        const SweepPlan plan(parse_sweep_spec(kSmallSpec, "small.json", ""));
        const RunTask task = plan.task(1);
        const RunResult direct = execute_run(task, 1);
        // What an MPI worker does: read the task, run it (with another thread count), send the result.
        RunResult sent = execute_run(run_task_from_json(run_task_to_json(task).dump()), 2);
        sent.worker_rank = 1;
        const RunResult remote = run_result_from_json(run_result_to_json(sent).dump());
        QCOMPARE(remote.worker_rank, 1);
        QCOMPARE(remote.run_id, direct.run_id);
        QCOMPARE(remote.runtime_cycles, direct.runtime_cycles);
        QCOMPARE(remote.energy_nj, direct.energy_nj);
        QCOMPARE(remote.layers.size(), direct.layers.size());
        for (std::size_t i = 0; i < direct.layers.size(); ++i) {
            QCOMPARE(remote.layers[i].mapping_json, direct.layers[i].mapping_json);
            QCOMPARE(remote.layers[i].cost_json, direct.layers[i].cost_json);
            QCOMPARE(remote.layers[i].trace_json, direct.layers[i].trace_json);
        }
    }

    void a_stopped_sweep_resumes_to_the_same_database() {
        QTemporaryDir dir;
        const SweepPlan plan(parse_sweep_spec(kSmallSpec, "small.json", ""));
        const QString whole = dir.filePath("whole.sqlite"), resumed = dir.filePath("resumed.sqlite");
        const SweepOutcome one_go = sweep_into(whole, plan, {}, nullptr, 1);
        QCOMPARE(one_go.progress.written, std::int64_t{12});
        QCOMPARE(count(whole, "SELECT count(*) FROM layer_results"), std::int64_t{36});

        std::stop_source stop;
        StopAfter sink(stop, 5);
        const SweepOutcome first = sweep_into(resumed, plan, stop.get_token(), &sink, 2);
        QVERIFY(first.stopped);
        QCOMPARE(first.progress.written, std::int64_t{5});
        QCOMPARE(count(resumed, "SELECT count(*) FROM runs"), std::int64_t{5});
        const SweepOutcome second = sweep_into(resumed, plan);
        QCOMPARE(second.progress.already_done, std::int64_t{5});
        QCOMPARE(second.progress.written, std::int64_t{7});
        QCOMPARE(content_without_timing(resumed), content_without_timing(whole));  // 1 thread and 2 threads alike
        const SweepOutcome third = sweep_into(resumed, plan);
        QCOMPARE(third.progress.written, std::int64_t{0});  // nothing left to do
        QCOMPARE(count(resumed, "SELECT count(*) FROM invocations WHERE finished_at IS NOT NULL"), std::int64_t{3});
    }

    void a_stored_run_opens_as_study_parts() {
        QTemporaryDir dir;
        const SweepPlan plan(parse_sweep_spec(kSmallSpec, "small.json", ""));
        const QString path = dir.filePath("r.sqlite");
        sweep_into(path, plan);
        ResultsDatabase db(path.toStdString(), ResultsDatabase::Access::ReadOnly);
        const StoredRun run = db.read_run(plan.run_id(0));
        QCOMPARE(run.algorithm, std::string("gamma"));
        const RunStudyParts parts = study_parts_of(run);
        QVERIFY(parts.model == plan.spec().models[0].model);
        QVERIFY(parts.accelerator == plan.spec().accelerators[0].accelerator);
        QVERIFY(!parts.mappings.empty());
        for (const auto& [layer, mapping] : parts.mappings) QVERIFY(layer >= 0 && layer < 3 && mapping.num_levels() >= 1);
        QVERIFY(run.layer_results[1].mapping_maestro.find("Dataflow") != std::string::npos);
        const Trace sum = summed_trace({parse_trace(run.layer_results[0].trace_json), parse_trace(run.layer_results[1].trace_json)});
        QVERIFY(!sum.empty());
        for (std::size_t i = 1; i < sum.size(); ++i) QVERIFY(sum[i].second <= sum[i - 1].second);  // best so far only falls
    }

    void foreign_and_corrupt_files_are_refused_with_the_reason_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("expected");
        QTest::newRow("text file") << "text" << "is not a SQLite database";
        QTest::newRow("another application's database") << "foreign" << "is a SQLite database but not a Mapscape results database (application id 0, tables: customers)";
        QTest::newRow("newer schema") << "newer" << "results schema version 2 is newer than this Mapscape understands (1); please upgrade";
        QTest::newRow("missing table") << "damaged" << "is damaged: its table \"layer_results\" is missing";
        QTest::newRow("corrupt pages") << "corrupt" << "is corrupt: ";
        QTest::newRow("truncated copy") << "truncated" << "is corrupt: ";
    }
    void foreign_and_corrupt_files_are_refused_with_the_reason() {
        QFETCH(QString, kind);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString path = dir.filePath("x.sqlite");
        if (kind == "text") {
            write_file(dir, "x.sqlite", "run_id,model\n1,resnet18\n");
        } else if (kind == "foreign") {
            sql::Connection db(path.toStdString(), sql::Connection::Mode::ReadWriteCreate);
            db.exec("CREATE TABLE customers(name TEXT)");
        } else {
            sweep_into(path, SweepPlan(parse_sweep_spec(kSmallSpec, "small.json", "")));
            sql::Connection db(path.toStdString(), sql::Connection::Mode::ReadWriteCreate);
            if (kind == "newer") db.exec("PRAGMA user_version=2");
            if (kind == "damaged") db.exec("DROP TABLE layer_results");
        }
        if (kind == "corrupt") {
            // Scribble over pages 2-4 (the first tables' b-tree pages), as a failing disk would.
            std::fstream f(path.toStdString(), std::ios::in | std::ios::out | std::ios::binary);
            f.seekp(4096);
            const std::string junk(3 * 4096, '\x5a');
            f.write(junk.data(), static_cast<std::streamsize>(junk.size()));
        }
        if (kind == "truncated") std::filesystem::resize_file(path.toStdString(), std::filesystem::file_size(path.toStdString()) / 2);
        for (auto access : {ResultsDatabase::Access::ReadOnly, ResultsDatabase::Access::ReadWrite}) {
            try {
                ResultsDatabase db(path.toStdString(), access);
                QFAIL("accepted");
            } catch (const InputError& e) {
                const QString message = QString::fromStdString(e.diagnostic().to_string());
                QVERIFY2(message.startsWith(path + ": " + expected), qPrintable(message));
            }
        }
        // The CLI says the same and exits with 2, leaving the file as it was.
        const QByteArray before = [&] { QFile f(path); f.open(QIODevice::ReadOnly); return f.readAll(); }();
        const QString spec = write_file(dir, "spec.json", kSmallSpec);
        const Run r = cli({"sweep", spec, "--db", path, "--quiet"});
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.contains(expected.toUtf8()), r.err.constData());
        QFile f(path);
        f.open(QIODevice::ReadOnly);
        QCOMPARE(f.readAll(), before);
    }

    void cli_reports_spec_errors_and_dry_runs() {
        QTemporaryDir dir;
        const QString bad = write_file(dir, "bad.json", "{\"models\": [\"resnet18\"], \"accelerators\": [\"edge\"],\n \"algorithms\": [\"gama\"]}");
        const Run r = cli({"sweep", bad, "--db", dir.filePath("out.sqlite")});
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.startsWith((bad + ":2:17: unknown algorithm \"gama\"").toUtf8()), r.err.constData());
        QVERIFY(!QFile::exists(dir.filePath("out.sqlite")));

        const QString spec = write_file(dir, "small.json", kSmallSpec);
        const Run dry = cli({"sweep", spec, "--db", dir.filePath("out.sqlite"), "--dry-run", "--threads", "1"});
        QCOMPARE(dry.exit_code, 0);
        QVERIFY2(dry.out.contains("small: 12 runs (1 models x 2 accelerators x 1 systems x 3 algorithms"), dry.out.constData());
        QVERIFY(dry.out.contains("0 already in"));
        QVERIFY(QRegularExpression("estimated time per run: mean [0-9.e+-]+ s").match(QString::fromUtf8(dry.out)).hasMatch());
        QVERIFY(!QFile::exists(dir.filePath("out.sqlite")));  // a dry run writes nothing

        const Run real = cli({"sweep", spec, "--db", dir.filePath("out.sqlite"), "--threads", "2"});
        QCOMPARE(real.exit_code, 0);
        QVERIFY(real.out.contains("[12/12]"));
        const Run again = cli({"sweep", spec, "--db", dir.filePath("out.sqlite"), "--dry-run"});
        QVERIFY2(again.out.contains("12 already in"), again.out.constData());
        QVERIFY(again.out.contains("0 to run"));

        // A co-design spec: its own axes in the count, and a line per run naming platform and budget.
        const QString cs = write_file(dir, "cs.json", kCodesignSpec);
        const Run cs_dry = cli({"sweep", cs, "--db", dir.filePath("cs.sqlite"), "--dry-run", "--threads", "1"});
        QCOMPARE(cs_dry.exit_code, 0);
        QVERIFY2(cs_dry.out.contains("8 co-design runs (1 models x 1 platforms x 2 area budgets x 2 algorithms"), cs_dry.out.constData());
        const Run cs_real = cli({"sweep", cs, "--db", dir.filePath("cs.sqlite"), "--threads", "1"});
        QCOMPARE(cs_real.exit_code, 0);
        QVERIFY2(cs_real.out.contains(" resnet18 edge@0.2mm2 digamma latency budget 600 seed 2: "), cs_real.out.constData());
        QVERIFY(cs_real.out.contains("mm2  ["));  // the design's area
    }

    void a_killed_sweep_loses_only_the_runs_in_flight() {
        QTemporaryDir dir;
        const QString spec = write_file(dir, "kill.json", kKillSpec);
        const QString killed = dir.filePath("killed.sqlite"), whole = dir.filePath("whole.sqlite");
        QProcess p;
        p.start(MAPSCAPE_CLI_PATH, {"sweep", spec, "--db", killed, "--threads", "1"});
        QVERIFY(p.waitForStarted());
        // Kill it (SIGKILL: no chance to tidy up) once four runs are stored.
        QByteArray out;
        QElapsedTimer clock;
        clock.start();
        while (!out.contains("[4/16]") && clock.elapsed() < 60000) {
            p.waitForReadyRead(100);
            out += p.readAllStandardOutput();
        }
        QVERIFY2(out.contains("[4/16]"), out.constData());
        ::kill(static_cast<pid_t>(p.processId()), SIGKILL);
        p.waitForFinished();
        out += p.readAllStandardOutput();
        // A line per stored run, printed after its transaction commits.
        const std::int64_t printed = QString::fromUtf8(out).count(QRegularExpression("^\\[\\d+/16\\]", QRegularExpression::MultilineOption));
        QVERIFY(printed >= 4 && printed < 16);
        // Every run printed is in the database with all its layers (and perhaps the one whose
        // line the kill cut off); nothing is half-written.
        const std::int64_t stored = count(killed, "SELECT count(*) FROM runs");
        QVERIFY2(stored == printed || stored == printed + 1, qPrintable(QString("%1 printed, %2 stored").arg(printed).arg(stored)));
        QCOMPARE(count(killed, "SELECT count(*) FROM layer_results"), stored * 6);
        const Run resume = cli({"sweep", spec, "--db", killed, "--threads", "1"});
        QCOMPARE(resume.exit_code, 0);
        QVERIFY2(resume.out.contains(QByteArray::number(16 - stored) + " run(s) stored (0 failed), " + QByteArray::number(stored) + " already there"),
                 resume.out.constData());
        QCOMPARE(cli({"sweep", spec, "--db", whole, "--threads", "2", "--quiet"}).exit_code, 0);
        QCOMPARE(content_without_timing(killed), content_without_timing(whole));
    }

    void one_rank_and_two_mpi_ranks_give_the_same_database() {
        if (!cli_has_mpi()) QSKIP("mapscape-cli was built without MPI");
        const QString mpirun = QStandardPaths::findExecutable("mpirun");
        QVERIFY2(!mpirun.isEmpty(), "mapscape-cli has MPI but there is no mpirun (Debian: openmpi-bin)");
        QTemporaryDir dir;
        const QString spec = write_file(dir, "small.json", kSmallSpec);
        const QString one = dir.filePath("one.sqlite"), two = dir.filePath("two.sqlite");
        // OpenMPI is loaded by the ranks mpirun starts (from the plugin), and by no other sweep.
        QProcessEnvironment trace;
        trace.insert("LD_DEBUG", "files");  // the dynamic loader names each library it opens
        const Run alone = cli({"sweep", spec, "--db", one, "--threads", "1", "--quiet"}, MAPSCAPE_CLI_PATH, trace);
        QCOMPARE(alone.exit_code, 0);
        QVERIFY2(!alone.err.contains("file=libmpi") && !alone.err.contains("mapscape-mpi.so"), "a sweep without mpirun loads MPI");
        // Rank 0 only hands out runs, so rank 1 runs them all and sends every result back to it
        // (without --coordinator-only, rank 0 may run all twelve 1 ms runs before rank 1 asks).
        const Run r = cli({"-np", "2", "--oversubscribe", MAPSCAPE_CLI_PATH, "sweep", spec, "--db", two, "--threads", "1", "--coordinator-only"},
                          mpirun, trace);
        QVERIFY2(r.exit_code == 0, (r.out + r.err).right(4000).constData());
        QVERIFY2(r.out.contains("on 2 rank(s) x 1 thread(s)"), r.out.constData());
        QVERIFY(r.err.contains("mapscape-mpi.so"));
        QCOMPARE(count(two, "SELECT count(*) FROM runs WHERE worker_rank = 1"), std::int64_t{12});
        QCOMPARE(count(two, "SELECT ranks FROM invocations"), std::int64_t{2});
        QCOMPARE(content_without_timing(two), content_without_timing(one));
        // Co-design runs travel between ranks the same way.
        const QString cs = write_file(dir, "cs.json", kCodesignSpec);
        const QString cs_one = dir.filePath("cs1.sqlite"), cs_two = dir.filePath("cs2.sqlite");
        QCOMPARE(cli({"sweep", cs, "--db", cs_one, "--threads", "1", "--quiet"}).exit_code, 0);
        const Run c = cli({"-np", "2", "--oversubscribe", MAPSCAPE_CLI_PATH, "sweep", cs, "--db", cs_two, "--threads", "1", "--quiet"}, mpirun);
        QVERIFY2(c.exit_code == 0, (c.out + c.err).constData());
        QCOMPARE(content_without_timing(cs_two), content_without_timing(cs_one));
        // And schedule runs.
        const QString ss = write_file(dir, "ss.json", kScheduleSpec);
        const QString ss_one = dir.filePath("ss1.sqlite"), ss_two = dir.filePath("ss2.sqlite");
        QCOMPARE(cli({"sweep", ss, "--db", ss_one, "--threads", "1", "--quiet"}).exit_code, 0);
        const Run sr = cli({"-np", "2", "--oversubscribe", MAPSCAPE_CLI_PATH, "sweep", ss, "--db", ss_two, "--threads", "1", "--quiet"}, mpirun);
        QVERIFY2(sr.exit_code == 0, (sr.out + sr.err).constData());
        QCOMPARE(content_without_timing(ss_two), content_without_timing(ss_one));
        // An MPI sweep with a bad spec stops every rank with the diagnostic.
        const QString bad = write_file(dir, "bad.json", "{\"models\": [\"resnet18\"]}");
        const Run b = cli({"-np", "2", "--oversubscribe", MAPSCAPE_CLI_PATH, "sweep", bad, "--db", dir.filePath("bad.sqlite")}, mpirun);
        QVERIFY(b.exit_code != 0);
        QVERIFY2(b.err.contains("bad.json:1:1: missing field \"accelerators\""), b.err.constData());
    }

    void a_schedule_sweep_stores_what_schedule_finds() {
        const SweepPlan plan(parse_sweep_spec(kScheduleSpec, "sched.json", ""));
        QCOMPARE(plan.size(), std::size_t{16});
        QCOMPARE(plan.point(2).job_analysis, std::size_t{1});  // ... > bandwidths > job analyses > algorithms > ...
        QCOMPARE(plan.point(4).bandwidth, std::size_t{1});
        const auto settings = nlohmann::json::parse(plan.settings_json(2));
        QCOMPARE(settings.at("kind").get<std::string>(), std::string("schedule"));
        QCOMPARE(settings.at("bw_units").get<std::string>(), std::string("bytes-per-cycle"));
        QCOMPARE(settings.at("job_analysis").get<std::string>(), std::string("magma-code"));
        QCOMPARE(settings.at("platform").get<std::string>(), std::string("S1"));

        // The run is what `schedule` computes with the same settings, sent as JSON or not.
        const RunTask task = plan.task(2);
        const RunResult direct = execute_run(task, 1);
        QVERIFY2(!direct.failed, direct.error.c_str());
        QCOMPARE(direct.layers.size(), std::size_t{10});
        WorkloadScheduleRequest r;
        r.jobs = build_jobs(load_task_mix("magma-recommendation"));
        r.platform = platform_setting(1);
        r.bandwidth = 16;
        r.bandwidth_unit = BandwidthUnit::BytesPerCycle;
        r.job_analysis = JobAnalysis::MagmaCode;
        r.algorithm = *parse_schedule_algorithm("magma");
        r.budget = 200;
        const WorkloadSchedule s = schedule_workload(r);
        QCOMPARE(direct.runtime_cycles, static_cast<std::int64_t>(std::llround(s.makespan_cycles)));
        QCOMPARE(direct.energy_nj, s.energy_nj);
        const RunResult sent = run_result_from_json(run_result_to_json(execute_run(run_task_from_json(run_task_to_json(task).dump()), 2)).dump());
        QCOMPARE(sent.runtime_cycles, direct.runtime_cycles);
        QCOMPARE(sent.trace_json, direct.trace_json);
        QCOMPARE(sent.layers[3].mapping_json, direct.layers[3].mapping_json);

        // Resumed with another thread count: the same database as one go.
        QTemporaryDir dir;
        const QString whole = dir.filePath("whole.sqlite"), resumed = dir.filePath("resumed.sqlite");
        QCOMPARE(sweep_into(whole, plan, {}, nullptr, 1).progress.written, std::int64_t{16});
        std::stop_source stop;
        StopAfter sink(stop, 5);
        QVERIFY(sweep_into(resumed, plan, stop.get_token(), &sink, 2).stopped);
        QCOMPARE(sweep_into(resumed, plan).progress.already_done, std::int64_t{5});
        QCOMPARE(content_without_timing(resumed), content_without_timing(whole));
        ResultsDatabase db(whole.toStdString(), ResultsDatabase::Access::ReadOnly);
        const StoredRun run = db.read_run(plan.run_id(2));
        QCOMPARE(run.kind, std::string("schedule"));
        QCOMPARE(run.system, std::string("16 B/cycle, magma-code"));
        QCOMPARE(run.objective, std::string("makespan"));
        QCOMPARE(run.layer_results.size(), std::size_t{10});
        QVERIFY(!parse_trace(run.trace_json).empty());
        QCOMPARE(count(whole, "SELECT count(*) FROM runs WHERE kind = 'schedule' AND layer_count = 10 AND layers_without_mapping = 0"),
                 std::int64_t{16});
        // No schedule beats its group's bound.
        QCOMPARE(count(whole, "SELECT count(*) FROM layer_results WHERE runtime_cycles + 1 < json_extract(cost_json, '$.lower_bound_cycles')"),
                 std::int64_t{0});
        // A schedule run is not a study's mappings.
        try {
            (void)study_parts_of(run);
            QFAIL("a schedule run opened as a study");
        } catch (const InputError& e) {
            QVERIFY2(e.diagnostic().message.find("schedule run") != std::string::npos, e.diagnostic().message.c_str());
        }
    }

    void a_codesign_sweep_stores_the_designs_it_found() {
        const SweepPlan plan(parse_sweep_spec(kCodesignSpec, "cs.json", ""));
        QCOMPARE(plan.size(), std::size_t{8});
        QCOMPARE(plan.point(4).area_budget, std::size_t{1});  // models > platforms > area budgets > ... > seeds
        // The settings say what the run is; the platform's own budget is written out.
        const auto settings = nlohmann::json::parse(plan.settings_json(0));
        QCOMPARE(settings.at("kind").get<std::string>(), std::string("codesign"));
        QCOMPARE(settings.at("area_budget_mm2").get<double>(), 0.1);
        const SweepPlan own_budget(parse_sweep_spec(R"({"kind": "codesign", "models": ["resnet18"], "platforms": ["cloud"], "algorithms": ["digamma"]})",
                                                    "own.json", ""));
        QCOMPARE(nlohmann::json::parse(own_budget.settings_json(0)).at("area_budget_mm2").get<double>(), 7.0);
        QCOMPARE(nlohmann::json::parse(own_budget.settings_json(0)).at("budget_samples").get<std::int64_t>(), std::int64_t{40000});

        // A worker that receives the task as JSON finds the same design.
        const RunTask task = plan.task(1);
        const RunResult direct = execute_run(task, 1);
        QVERIFY2(!direct.failed, direct.error.c_str());
        const RunResult sent = run_result_from_json(run_result_to_json(execute_run(run_task_from_json(run_task_to_json(task).dump()), 2)).dump());
        QCOMPARE(sent.accelerator_json, direct.accelerator_json);
        QCOMPARE(sent.trace_json, direct.trace_json);
        QCOMPARE(sent.runtime_cycles, direct.runtime_cycles);

        // Stopped and resumed with another thread count: the same database as one go.
        QTemporaryDir dir;
        const QString whole = dir.filePath("whole.sqlite"), resumed = dir.filePath("resumed.sqlite");
        QCOMPARE(sweep_into(whole, plan, {}, nullptr, 1).progress.written, std::int64_t{8});
        std::stop_source stop;
        StopAfter sink(stop, 3);
        QVERIFY(sweep_into(resumed, plan, stop.get_token(), &sink, 2).stopped);
        QCOMPARE(sweep_into(resumed, plan).progress.already_done, std::int64_t{3});
        QCOMPARE(content_without_timing(resumed), content_without_timing(whole));
        QCOMPARE(count(whole, "SELECT count(*) FROM run_traces"), std::int64_t{8});

        // Each run points at the design it found, which fits its budget and maps every layer.
        ResultsDatabase db(whole.toStdString(), ResultsDatabase::Access::ReadOnly);
        for (std::size_t i = 0; i < plan.size(); ++i) {
            const StoredRun run = db.read_run(plan.run_id(i));
            QCOMPARE(run.kind, std::string("codesign"));
            const double budget_mm2 = plan.spec().area_budgets_mm2[plan.point(i).area_budget];
            QCOMPARE(QString::fromStdString(run.accelerator), QString("edge@%1mm2").arg(budget_mm2));
            const RunStudyParts parts = study_parts_of(run);
            QCOMPARE(parts.mappings.size(), std::size_t{3});
            const AreaBreakdown area = area_of(default_area_model(), parts.accelerator);
            QVERIFY2(area.total_um2() <= budget_mm2 * 1e6 * 1.000001, qPrintable(QString::number(area.total_um2())));
            const Trace trace = parse_trace(run.trace_json);
            QVERIFY(!trace.empty());
            for (std::size_t k = 1; k < trace.size(); ++k) QVERIFY(trace[k].second <= trace[k - 1].second);
            QCOMPARE(run.layer_results.size(), std::size_t{3});
        }
        // The stored area column is the design's, within its budget: area against latency is a real scatter.
        QCOMPARE(count(whole, "SELECT count(*) FROM runs r WHERE r.area_um2 > 1e6 * json_extract(r.settings_json, '$.area_budget_mm2') * 1.000001"),
                 std::int64_t{0});
    }

    void the_column_cache_filters_sorts_and_exports() {
        QTemporaryDir dir;
        const QString path = dir.filePath("s.sqlite");
        write_synthetic_results(path.toStdString(), 3000);
        ResultsDatabase db(path.toStdString(), ResultsDatabase::Access::ReadOnly);
        QCOMPARE(db.meta("synthetic"), std::string("1"));
        const RunTable t = load_run_table(db);
        QCOMPARE(t.rows(), std::size_t{3000});
        {  // a read told to stop (the view superseded or closed) stops, rather than reading on
            std::stop_source stop;
            stop.request_stop();
            QCOMPARE(load_run_table(db, stop.get_token()).rows(), std::size_t{0});
        }
        const int algorithm = t.column_index("algorithm"), runtime = t.column_index("runtime_cycles");
        QVERIFY(algorithm >= 0 && runtime >= 0);
        const auto& values = t.column(static_cast<std::size_t>(algorithm)).values;
        QVERIFY(std::is_sorted(values.begin(), values.end()));
        const auto gamma = static_cast<std::uint32_t>(std::find(values.begin(), values.end(), "gamma") - values.begin());
        RunFilter f;
        f.allowed_values.push_back({algorithm, {gamma}});
        std::vector<std::uint32_t> rows = filter_runs(t, f);
        QCOMPARE(rows.size(), std::size_t{300});  // one run in ten
        for (std::uint32_t r : rows) QCOMPARE(t.text(r, static_cast<std::size_t>(algorithm)), std::string("gamma"));
        sort_runs(t, rows, runtime, true);
        auto value = [&](std::size_t i) { return t.number(rows[i], static_cast<std::size_t>(runtime)); };
        std::size_t with_value = 0;
        while (with_value < rows.size() && !std::isnan(value(with_value))) ++with_value;
        QVERIFY(with_value > 0);
        for (std::size_t i = 1; i < with_value; ++i) QVERIFY(value(i - 1) >= value(i));
        for (std::size_t i = with_value; i < rows.size(); ++i) QVERIFY(std::isnan(value(i)));  // NULLs last
        f.text = "EYERISS";  // any text column, any case
        const std::vector<std::uint32_t> eyeriss = filter_runs(t, f);
        QVERIFY(!eyeriss.empty() && eyeriss.size() < rows.size());
        RunFilter complete;
        complete.complete_only = true;
        const std::size_t complete_runs = filter_runs(t, complete).size();
        QVERIFY(complete_runs > 2000 && complete_runs < 3000);  // the synthetic runs leave one in 20 incomplete
        const std::string csv = run_table_csv(t, eyeriss);
        QCOMPARE(static_cast<std::size_t>(std::count(csv.begin(), csv.end(), '\n')), eyeriss.size() + 1);
        QVERIFY(csv.starts_with("model,accelerator,system,algorithm,objective,budget_samples,seed,"));
    }
};

QTEST_GUILESS_MAIN(SweepTest)
#include "test_sweep.moc"
