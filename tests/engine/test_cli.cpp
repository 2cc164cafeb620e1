// mapscape-cli as a user runs it: real files, malformed ones, JSON output, exit codes.
#include <filesystem>
#include <fstream>

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.hpp"
#include "test_support.hpp"

namespace {

using Run = CliRun;

QString data(const char* relative) { return QString::fromStdString(test_data(relative)); }

// Writes `text` to `name` in `dir`; returns its path.
QString write_file(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    QFile f(dir.filePath(name));
    f.open(QIODevice::WriteOnly);
    f.write(text);
    return dir.filePath(name);
}

}  // namespace

class CliTest : public QObject {
    Q_OBJECT

private slots:
    // A misspelled field in every kind of file the CLI reads: exit 2, the file, line and column,
    // the field's path and the field meant.
    void misspelled_fields_exit_2_with_a_suggestion() {
        QTemporaryDir dir;
        auto file = [&](const QString& name, const QByteArray& text) { return write_file(dir, name, text); };
        const QList<QPair<QStringList, QString>> cases = {
            {{"model", "show", file("m.json", R"({"layers": [{"type": "FC", "K": 4, "C": 4, "repet": 2}]})")}, R"(layers[0].repet: unknown field "repet" (did you mean "repeat"?))"},
            {{"search", "--model", "resnet18", "--layer", "1", "--budget", "10", "--platform", file("a.json", R"({"num_pes": 16, "l1_size": 512})")},
             R"(l1_size: unknown field "l1_size" (did you mean "l1_size_bytes"?))"},
            {{"schedule", "--mix", file("x.json", R"({"models": [{"model": "ncf", "copy": 2}]})"), "--budget", "10"},
             R"(models[0].copy: unknown field "copy" (did you mean "copies"?))"},
            {{"schedule", "--mix", "vision", "--budget", "10", "--setting", file("p.json", R"({"cores": [{"rows": 32, "colums": 64}]})")},
             R"(cores[0].colums: unknown field "colums" (did you mean "cols"?))"},
            {{"schedule-eval", file("t.json", R"({"cores": 1, "system_bytes_per_cycle": 4, "jobs": [{"latency": [1], "bandwith": [1]}]})")},
             R"(jobs[0].bandwith: unknown field "bandwith" (did you mean "bandwidth"?))"},
            {{"sweep", file("s.json", R"({"models": ["resnet18"], "accelerators": ["edge"], "algorithms": ["gamma"], "seed": [1]})"), "--db",
              dir.filePath("s.sqlite"), "--dry-run"},
             R"(seed: unknown field "seed" (did you mean "seeds"?))"},
        };
        for (const auto& [args, message] : cases) {
            const Run r = cli(args);
            QVERIFY2(r.exit_code == 2, qPrintable(args.join(' ') + ": exit " + QString::number(r.exit_code) + "\n" + r.err));
            QVERIFY2(r.out.isEmpty(), r.out.constData());
            QVERIFY2(r.err.contains(message.toUtf8()) && r.err.contains(".json:1:"), qPrintable(args.join(' ') + "\n" + r.err));
        }
    }

    // A technology file with a problem, a misspelled bundled name, a DRAM type the technology
    // lacks: exit 2, with the file, line, column and field, or the option and the likely name.
    void bad_technology_choices_exit_2_with_where_and_why() {
        QTemporaryDir dir;
        auto file = [&](const QString& name, const QByteArray& text) { return write_file(dir, name, text); };
        const QString example = QStringLiteral(MAPSCAPE_EXAMPLES_DIR "/resnet18_kcp_ws.m");
        const QString hw = QStringLiteral(MAPSCAPE_EXAMPLES_DIR "/edge_accelerator.m");
        const QList<QPair<QStringList, QString>> cases = {
            {{"eval", example, "--hw", hw, "--tech", file("t.json", R"({"format": "mapscape-technology", "name": "t",
  "model": "maestro", "maestro": {"mac_energy_nj": -1}})")},
             R"(t.json:2:52: "mac_energy_nj" must not be negative (-1))"},
            {{"eval", example, "--hw", hw, "--tech", "45mn"}, R"(--tech: no technology called "45mn" (did you mean "45nm"?))"},
            {{"search", "--model", "resnet18", "--layer", "1", "--budget", "10", "--tech", "45nm", "--dram", "hbm9"},
             R"(--dram: technology "45nm" has no DRAM type "hbm9")"},
            {{"search", "--model", "resnet18", "--layer", "1", "--budget", "10", "--precision", "int9"},
             R"(--precision: unknown number format "int9")"},
        };
        for (const auto& [args, message] : cases) {
            const Run r = cli(args);
            QVERIFY2(r.exit_code == 2, qPrintable(args.join(' ') + ": exit " + QString::number(r.exit_code) + "\n" + r.err));
            QVERIFY2(r.err.contains(message.toUtf8()), qPrintable(args.join(' ') + "\n" + r.err));
        }
    }

    // Every command and subcommand the CLI lists runs once on a small input: no command is
    // left out of the suites, and the *_asan run of this suite runs each under AddressSanitizer.
    void every_command_runs_once() {
        QTemporaryDir dir;
        const QString table = dir.filePath("t.json");
        {
            QFile f(table);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"({"cores": 2, "system_bytes_per_cycle": 16, "jobs": [{"latency": [100, 200], "bandwidth": [6, 3]}],
                        "schedules": [{"core": [1], "priority": [0.5]}]})");
        }
        const QString spec = dir.filePath("spec.json");
        {
            QFile f(spec);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"({"models": [{"model": "resnet18", "layers": "2"}], "accelerators": ["edge"], "algorithms": ["random"], "budgets": [50]})");
        }
        const QString example = QStringLiteral(MAPSCAPE_EXAMPLES_DIR "/resnet18_kcp_ws.m");
        const QString hw = QStringLiteral(MAPSCAPE_EXAMPLES_DIR "/edge_accelerator.m");
        const QMap<QString, QStringList> runs = {
            {"eval", {"eval", example, "--hw", hw}},
            {"bench", {"bench", "--seconds", "0.05", "--threads", "1"}},
            {"model list", {"model", "list"}},
            {"model show", {"model", "show", "resnet18"}},
            {"model convert", {"model", "convert", example, dir.filePath("m.json")}},
            {"model llm", {"model", "llm", "qwen2-0.5b", "--phase", "prefill", "--prompt", "64", "--platform",
                           QStringLiteral(MAPSCAPE_EXAMPLES_DIR "/llm_accelerator.json"), "--out", dir.filePath("llm.json")}},
            {"search", {"search", "--model", "resnet18", "--layer", "2", "--budget", "200", "--quiet"}},
            {"whatif", {"whatif", "--model", "resnet18", "--vary", "l2=x2", "--budget", "50"}},
            {"simulate", {"simulate", "--study", "20"}},
            {"compare", {"compare", "--model", "resnet18", "--layer", "2", "--budget", "100", "--seeds", "1", "--algos", "gamma,random"}},
            {"schedule", {"schedule", "--mix", "vision", "--setting", "S1", "--group", "1", "--budget", "100"}},
            {"schedule-compare", {"schedule-compare", "--mixes", "vision", "--setting", "S1", "--group", "1", "--budget", "100",
                                  "--seeds", "1", "--algos", "magma,herald"}},
            {"schedule-eval", {"schedule-eval", table}},
            {"sweep", {"sweep", spec, "--db", dir.filePath("s.sqlite")}},
            {"codesign", {"codesign", "--model", "resnet18", "--layer", "1-2", "--budget", "200", "--quiet"}},
            {"codesign-compare", {"codesign-compare", "--models", "resnet18", "--platforms", "edge", "--algos", "digamma", "--seeds", "1",
                                  "--budget", "100", "--quiet"}},
            {"naas", {"naas", "--resources", "nvdla256", "--population", "4", "--iterations", "2", "--mapping-samples", "30",
                      "--baseline-samples", "300", "--quiet"}},
            {"naas-compare", {"naas-compare", "--figures", "5", "--resources", "nvdla256", "--seeds", "1", "--population", "4",
                              "--iterations", "2", "--mapping-samples", "30", "--baseline-samples", "300", "--quiet"}},
#ifdef MAPSCAPE_CLI_HAS_TORCH_PLUGIN
            {"surrogate train", {"surrogate", "train", "--out", dir.filePath("s.bin"), "--shapes", "4", "--mappings-per-shape", "4", "--epochs", "1"}},
            {"surrogate eval", {"surrogate", "eval", "--shapes", "4", "--mappings-per-shape", "4"}},
            {"surrogate bench", {"surrogate", "bench", "--seconds", "0.001"}},
            {"surrogate compare", {"surrogate", "compare", "--runs", "1", "--budget", "20", "--methods", "mindmappings,sa"}},
            {"rl schedule", {"rl", "schedule", "--algo", "a2c", "--mix", "vision", "--setting", "S1", "--group", "1", "--budget", "50"}},
            {"rl search", {"rl", "search", "--layer", "1", "--budget", "30"}},
            {"rl bench", {"rl", "bench", "--budget", "50", "--group-size", "10", "--mapping-budget", "30"}},
#endif
        };
        // The commands the CLI lists, with the subcommands of those that have some.
        auto listed = [](const QByteArray& help) {
            QStringList names;
            bool in = false;
            for (const QString& line : QString::fromUtf8(help).split('\n')) {
                if (line.startsWith("Subcommands:")) in = true;
                else if (in && line.startsWith("  ") && line.size() > 2 && line[2].isLetter()) names << line.trimmed().section(' ', 0, 0);
                else if (in && !line.startsWith(" ")) in = false;
            }
            return names;
        };
        QStringList commands;
        for (const QString& c : listed(cli({"--help"}).out)) {
            const QStringList subs = listed(cli({c, "--help"}).out);
            if (subs.isEmpty()) commands << c;
            for (const QString& sub : subs) commands << c + " " + sub;
        }
        QVERIFY(commands.size() >= 13);
        for (const QString& command : commands) {
#ifndef MAPSCAPE_CLI_HAS_TORCH_PLUGIN
            if (command.startsWith("surrogate") || command.startsWith("rl")) continue;
#endif
            QVERIFY2(runs.contains(command), qPrintable("no run of \"" + command + "\" in this test: add one"));
            const Run r = cli(runs[command]);
            QVERIFY2(r.exit_code == 0 && !(r.out + r.err).isEmpty(), qPrintable(command + ": exit " + QString::number(r.exit_code) + "\n" + r.err));
        }
    }

    void eval_json() {
        const Run r = cli({"eval", data("maestro_reference/mappings/Resnet50_kcp_ws.m"), "--hw",
                           data("maestro_reference/hw/accelerator_1.m"), "--json"});
        // Some of its layers need more L1 than accelerator_1 has: the JSON says which, exit 1 that some do.
        QCOMPARE(r.exit_code, 1);
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(r.out, &pe);
        QCOMPARE(pe.error, QJsonParseError::NoError);
        const QJsonArray layers = doc.object()["layers"].toArray();
        QCOMPARE(layers.size(), 66);
        const QJsonObject first = layers[0].toObject();
        for (const char* key : {"name", "type", "runtime_cycles", "macs", "energy_nj", "maestro_energy_nj",
                                "l1_req_elems", "l2_req_elems", "noc_bw_req", "avg_bw_req", "offchip_bw_req",
                                "avg_utilized_pes", "area_um2", "power_mw", "valid", "reason", "tensors"})
            QVERIFY2(first.contains(key), key);
        for (const char* key : {"total", "mac", "l1", "l2", "dram"}) QVERIFY(first["energy_nj"].toObject().contains(key));
        for (const char* t : {"input", "filter", "output"})
            for (const char* key : {"l1_read", "l1_write", "l2_read", "l2_write"})
                QVERIFY(first["tensors"].toObject()[t].toObject().contains(key));
        QCOMPARE(first["runtime_cycles"].toInteger(), 9504801);  // MAESTRO's figure
        QCOMPARE(first["valid"].toBool(), false);                // needs L1 294 > 100
        QVERIFY(first["reason"].toString().contains("L1 requirement 294 B exceeds the L1 size 100 B"));
        const QJsonObject totals = doc.object()["totals"].toObject();
        QVERIFY(totals["runtime_cycles"].toInteger() > 0 && totals["energy_nj"].toDouble() > 0 && totals["macs"].toInteger() > 0);
    }

    void eval_table_and_options() {
        const Run r = cli({"eval", data("maestro_reference/mappings/example.m"), "--num-pes", "256", "--noc-bw", "64",
                           "--noc-hop-latency", "1", "--offchip-bw", "50", "--simd-lanes", "2"});
        QCOMPARE(r.exit_code, 0);
        QVERIFY(r.out.contains("CONV1"));
        QVERIFY(r.out.contains("TOTAL"));
        QVERIFY(r.out.contains("256 PEs"));
    }

    void bad_inputs_data() {
        QTest::addColumn<QString>("content");
        QTest::addColumn<QString>("expected");
        QTest::newRow("syntax") << "Network n {\n Layer l {\n  Type: CONV\n  Dimensions { K: 4, C: 4, R: 1, S: 1, Y: 4, X: 4 }\n  Dataflow { SpatialMap(1,1) K; TemporalMapp(1,1) C; }\n }\n}\n"
                                << ":5:33: expected TemporalMap";
        QTest::newRow("empty") << "" << ":1:1: no 'Network";
        QTest::newRow("binary") << QString::fromLatin1("\x01\x02\xff\xfe{{{") << ":1:3: invalid UTF-8 byte 0xFF";
        // A layer name with a byte that is not UTF-8 (a Latin-1 file, a corrupted copy) used to
        // reach the JSON writer, which failed with no location.
        const QString layer = "Network n {\n Layer %1 {\n  Type: CONV\n  Dimensions { K: 4, C: 4, R: 1, S: 1, Y: 4, X: 4 }\n"
                              "  Dataflow {\n   SpatialMap(1,1) K;\n   %2\n  }\n }\n}\n";
        QTest::newRow("latin-1 name") << layer.arg(QString::fromLatin1("co\xc1v"), "TemporalMap(1,1) C;") << ":2:10: invalid UTF-8 byte 0xC1";
        // MAESTRO reads these as if they were complete; whoever typed them made a mistake.
        QTest::newRow("no closing parenthesis") << layer.arg("c", "TemporalMap(2,2 C;") << ":7:19: missing ')' in TemporalMap";
        QTest::newRow("no semicolon") << layer.arg("c", "TemporalMap(2,2) C") << ":7:22: missing ';' after 'TemporalMap(2,2) C'";
        QTest::newRow("Sz without parenthesis") << layer.arg("c", "TemporalMap(Sz(R,1) C;") << ":7:20: expected ')' in TemporalMap";
        QTest::newRow("stray character") << layer.arg("c", "TemporalMap(1;1) C;") << ":7:17: expected ',' in TemporalMap";
        QTest::newRow("cluster without semicolon") << layer.arg("c", "Cluster(2,P)\n   SpatialMap(1,1) C;") << ":7:16: missing ';' after Cluster";
    }
    void bad_inputs() {
        QFETCH(QString, content);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString path = dir.filePath("bad.m");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content.toLatin1());
        f.close();
        const Run r = cli({"eval", path, "--json"});
        QCOMPARE(r.exit_code, 2);
        QVERIFY(r.out.isEmpty());  // no partial output
        QVERIFY2(QString(r.err).startsWith(path + expected), r.err.constData());
    }

    void bad_usage() {
        QCOMPARE(cli({"eval"}).exit_code, 2);
        QCOMPARE(cli({"eval", "/nonexistent.m"}).exit_code, 2);
        const Run r = cli({"eval", data("maestro_reference/mappings/example.m"), "--num-pes", "0"});
        QCOMPARE(r.exit_code, 2);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(cli({"frobnicate"}).exit_code, 2);
        QCOMPARE(cli({"--help"}).exit_code, 0);
    }

    // What a user types wrong: each is refused with exit code 2, nothing on stdout, and a
    // message that says what is wrong and, where a name was misspelled, the likely one.
    void command_line_mistakes_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString example = data("maestro_reference/mappings/example.m");
        QTest::newRow("missing model file") << QStringList{"model", "convert", "nothere.m", "out.json"}
                                            << "nothere.m: cannot open: No such file or directory";
        QTest::newRow("missing model file in a directory")
            << QStringList{"search", "--model", "/nonexistent/net.json"} << "/nonexistent/net.json: cannot open";
        QTest::newRow("misspelled model") << QStringList{"search", "--model", "resnet1"}
                                          << "no bundled model called \"resnet1\" (did you mean \"resnet18\"?)";
        // A HW file sets the PEs, buffers, NoC and off-chip bandwidth: a value given beside it was
        // dropped unseen (eval ran on the file's 256 PEs with --num-pes 16).
        const QString hw = data("maestro_reference/hw/accelerator_1.m");
        QTest::newRow("option beside --hw") << QStringList{"eval", example, "--hw", hw, "--num-pes", "16"}
                                            << "--num-pes: the HW file (--hw " + hw + ") sets this";
        QTest::newRow("bandwidth beside --hw") << QStringList{"eval", example, "--offchip-bw", "8", "--hw", hw}
                                               << "--offchip-bw: the HW file";
        QTest::newRow("file beside --study") << QStringList{"simulate", "--study", "5", example}
                                             << "mapping: --study draws its own layers and accelerators";
        QTest::newRow("hardware beside --study") << QStringList{"simulate", "--study", "5", "--num-pes", "3"}
                                                 << "--num-pes: --study draws its own layers";
        // Outputs that cannot be written are refused before the run, not after it (the results
        // went to standard output, then exit 2).
        QTest::newRow("output in no directory") << QStringList{"search", "--model", "alexnet", "--layer", "2", "--budget", "50",
                                                               "--json", "/nonexistent/x.json"}
                                                << "--json: cannot write \"/nonexistent/x.json\": there is no directory /nonexistent";
        QTest::newRow("export over a file") << QStringList{"search", "--model", "alexnet", "--layer", "2", "--budget", "50",
                                                           "--export-maestro", example}
                                            << "--export-maestro: cannot write to \"" + example + "\": it is a file";
        QTest::newRow("schedule output is a directory") << QStringList{"schedule", "--mix", "vision", "--group", "1", "--budget", "50",
                                                                       "--json", QDir::tempPath()}
                                                        << "it is a directory";
        QTest::newRow("no banks") << QStringList{"search", "--model", "alexnet", "--tech", "45nm", "--l2-banks", "0"}
                                  << "--l2-banks must be a whole number of banks from 1 to 1024, not \"0\"";
        QTest::newRow("layers backwards") << QStringList{"search", "--model", "alexnet", "--layer", "3-2"}
                                          << "layer selection \"3-2\" runs backwards (write 2-3)";
        QTest::newRow("missing HW file") << QStringList{"eval", example, "--hw", "/nonexistent/hw.m"}
                                         << "--hw: cannot open \"/nonexistent/hw.m\": No such file or directory";
        QTest::newRow("HW file a directory") << QStringList{"eval", example, "--hw", QDir::tempPath()}
                                             << "it is a directory, not a file";
        QTest::newRow("misspelled option") << QStringList{"search", "--model", "resnet18", "--budgte", "2000"}
                                           << "unknown option --budgte (did you mean --budget?)";
        QTest::newRow("misspelled option=value") << QStringList{"search", "--model", "resnet18", "--budgte=2000"}
                                                 << "unknown option --budgte (did you mean --budget?)";
        QTest::newRow("unknown option") << QStringList{"schedule", "--mix", "vision", "--frobnicate"}
                                        << "mapscape-cli schedule: unknown option --frobnicate;";
        QTest::newRow("stray argument") << QStringList{"search", "--model", "resnet18", "2000"}
                                        << "unexpected argument \"2000\"";
        QTest::newRow("misspelled command") << QStringList{"serach", "--model", "resnet18"}
                                            << "unknown command \"serach\" (did you mean \"search\"?)";
        QTest::newRow("misspelled subcommand") << QStringList{"model", "lsit"}
                                               << "unknown command \"lsit\" (did you mean \"list\"?)";
        QTest::newRow("no command") << QStringList{} << "a command is needed: eval,";
        QTest::newRow("required option") << QStringList{"search"} << "--model is required";
        QTest::newRow("option without its value") << QStringList{"search", "--model", "resnet18", "--budget"} << "--budget";
        QTest::newRow("negative budget") << QStringList{"search", "--model", "resnet18", "--budget", "-5"}
                                         << "--budget must be a positive number of samples, not \"-5\"";
        QTest::newRow("zero budget") << QStringList{"search", "--model", "resnet18", "--budget", "0"}
                                     << "--budget must be a positive number of samples, not \"0\"";
        QTest::newRow("budget text") << QStringList{"search", "--model", "resnet18", "--budget", "many"}
                                     << "--budget must be a positive number of samples, not \"many\"";
        QTest::newRow("schedule budget") << QStringList{"schedule", "--mix", "vision", "--budget", "0"}
                                         << "--budget must be a positive number of samples";
        QTest::newRow("codesign budget") << QStringList{"codesign", "--model", "resnet18", "--budget", "-1"}
                                         << "--budget must be a positive number of samples";
        QTest::newRow("threads") << QStringList{"search", "--model", "resnet18", "--threads", "-2"}
                                 << "--threads must be a whole number of threads (0: one per core), not \"-2\"";
        QTest::newRow("time limit") << QStringList{"search", "--model", "resnet18", "--time-limit", "-1"}
                                    << "--time-limit must be a number of seconds of at least 0";
        QTest::newRow("seed") << QStringList{"search", "--model", "resnet18", "--seed", "-3"}
                              << "--seed must be a whole number of at least 0 (a seed), not \"-3\"";
        QTest::newRow("population") << QStringList{"search", "--model", "resnet18", "--population", "1"}
                                    << "--population must be a whole number of genomes from 2 to 100000, not \"1\"";
        QTest::newRow("PEs") << QStringList{"eval", example, "--num-pes", "0"}
                             << "--num-pes must be a whole number of PEs from 1 to 2147483647, not \"0\"";
        QTest::newRow("bandwidth") << QStringList{"schedule", "--mix", "vision", "--bw", "-16"}
                                   << "--bw must be a positive number (GB/s, or bytes per cycle with --bw-units bytes-per-cycle), not \"-16\"";
        QTest::newRow("bandwidth list") << QStringList{"schedule-compare", "--bw", "16,-1"}
                                        << "--bw must be a comma-separated list of positive bandwidths (GB/s, or bytes per cycle with --bw-units bytes-per-cycle), "
                                           "not \"-1\"";
        QTest::newRow("area budget") << QStringList{"codesign", "--model", "resnet18", "--area-budget", "0"}
                                     << "--area-budget must be a positive number (mm^2), not \"0\"";
        QTest::newRow("accuracy floor") << QStringList{"naas", "--resources", "eyeriss", "--accuracy-floor", "101"}
                                        << "--accuracy-floor must be a number (percent) from 0 to 100, not \"101\"";
        QTest::newRow("seed list") << QStringList{"compare", "--model", "resnet18", "--seeds", "1,two"}
                                   << "--seeds must be a comma-separated list of seeds (whole numbers of at least 0), not \"two\"";
        QTest::newRow("negative seed in a list") << QStringList{"codesign-compare", "--seeds", "-1"}
                                                 << "--seeds must be a comma-separated list of seeds";
        QTest::newRow("misspelled platform") << QStringList{"search", "--model", "resnet18", "--platform", "edg"}
                                             << "no accelerator preset called \"edg\" (did you mean \"edge\"?)";
        QTest::newRow("misspelled algorithm") << QStringList{"search", "--model", "resnet18", "--algo", "gama"}
                                              << "unknown algorithm \"gama\" (did you mean \"gamma\"?)";
        QTest::newRow("misspelled mix") << QStringList{"schedule", "--mix", "visoin"}
                                        << "no task mix called \"visoin\" (did you mean \"vision\"?)";
        QTest::newRow("misspelled scheduler") << QStringList{"schedule", "--mix", "vision", "--algo", "magam"}
                                              << "unknown scheduling algorithm \"magam\" (did you mean \"magma\"?)";
        QTest::newRow("misspelled co-design method") << QStringList{"codesign", "--model", "resnet18", "--algo", "digama"}
                                                     << "unknown co-design method \"digama\" (did you mean \"digamma\"?)";
        QTest::newRow("misspelled map space") << QStringList{"codesign", "--model", "resnet18", "--map-space", "nvdl"}
                                              << "unknown map space \"nvdl\" (did you mean \"nvdla\"?)";
        QTest::newRow("misspelled resources") << QStringList{"naas", "--resources", "eyeris"}
                                              << "unknown resources \"eyeris\" (did you mean \"eyeriss\"?)";
        QTest::newRow("misspelled co-design platform") << QStringList{"codesign", "--model", "resnet18", "--platform", "edg"}
                                                       << "unknown co-design platform \"edg\" (did you mean \"edge\"?)";
        QTest::newRow("misspelled objective") << QStringList{"search", "--model", "resnet18", "--objective", "latncy"}
                                              << "cannot read objective \"latncy\" (did you mean \"latency\"?)";
        QTest::newRow("misspelled network family") << QStringList{"naas", "--resources", "eyeriss", "--network", "mobilenet"}
                                                   << "no network family \"mobilenet\" (did you mean \"mobilenet_v2\"?)";
        QTest::newRow("a figure the paper has not") << QStringList{"naas-compare", "--figures", "7"}
                                                    << "--figures must list the paper's figures 5, 8 and 9 (comma-separated), not \"7\"";
        QTest::newRow("unrelated name, no guess") << QStringList{"search", "--model", "zzzzzz"}
                                                  << "no bundled model called \"zzzzzz\" (known:";
    }
    void command_line_mistakes() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = cli(args);
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.out.isEmpty(), r.out.constData());
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
        QVERIFY2(!r.err.contains("1797693134862315"), r.err.constData());  // no DBL_MAX written out
        QVERIFY(r.err.count('\n') <= 2);  // one message, not a screen of help
    }

    // An empty MAESTRO file's error has a line and a column, as every other error has.
    void empty_mapping_file_has_a_column() {
        QTemporaryDir dir;
        const QString path = dir.filePath("empty.m");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        const Run r = cli({"eval", path});
        QCOMPARE(r.exit_code, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.startsWith((path + ":1:1: no 'Network { ... }' block").toUtf8()), r.err.constData());
    }

    // Small models are listed in the unit that shows their figure (DLRM was "0.000 GMACs").
    void model_list_shows_small_models_in_their_unit() {
        const Run r = cli({"model", "list"});
        QCOMPARE(r.exit_code, 0);
        QVERIFY2(!r.out.contains(" 0.000 "), r.out.constData());
        for (const QByteArray& line : r.out.split('\n')) {
            if (!line.startsWith("dlrm ") && !line.startsWith("resnet18 ")) continue;
            QVERIFY2(line.contains(line.startsWith("dlrm") ? "184.4 kMACs" : "2.269 GMACs"), line.constData());
        }
    }

    // DiGamma behind Mapping-opt (NCF, 60 designs, seed 1: 2.23x) is "worse", not "0.45x better".
    void codesign_compare_says_worse_when_digamma_is_behind() {
        const Run r = cli({"codesign-compare", "--models", "ncf", "--platforms", "edge", "--algos", "digamma,map-opt-compute",
                           "--seeds", "1", "--budget", "60", "--quiet"});
        QCOMPARE(r.exit_code, 0);
        QVERIFY2(r.out.contains("against Mapping-opt 2.23x worse than the best, map-opt-compute"), r.out.constData());
        QVERIFY2(!r.out.contains("better than the best"), r.out.constData());
    }

    // A result below its bound (a mapping MAESTRO's model undercounts, which --maestro-as-is
    // accepts) reads "-7.2%", never "+-7.2%".
    void below_bound_results_have_one_sign() {
        const Run r = cli({"search", "--model", "resnet18", "--layer", "1-4", "--objective", "energy", "--budget", "3000",
                           "--maestro-as-is", "--quiet"});
        QCOMPARE(r.exit_code, 0);
        QVERIFY2(!r.out.contains("+-"), r.out.constData());
        QVERIFY2(r.out.contains("is a mapping below its layer's bound"), r.out.constData());
    }

    // Scripts that score their own search's candidates keep one process and stream paths to it.
    void eval_batch_reads_paths_and_answers_a_line_each() {
        const QString good = data("maestro_reference/mappings/example.m");
        const Run single = cli({"eval", good, "--num-pes", "256", "--json"});
        QCOMPARE(single.exit_code, 0);
        const QJsonObject expected = QJsonDocument::fromJson(single.out).object();
        const QByteArray input = (good + "\n/nonexistent/x.m\n\n" + good + "\n").toUtf8();
        const Run batch = cli({"eval", "--batch", "--num-pes", "256"}, MAPSCAPE_CLI_PATH, {}, input);
        QCOMPARE(batch.exit_code, 1);  // every line answered; one file failed, which the exit code says
        QVERIFY2(batch.err.contains("1 of 3 files could not be evaluated"), batch.err.constData());
        const Run all_good = cli({"eval", "--batch", "--num-pes", "256"}, MAPSCAPE_CLI_PATH, {}, (good + "\n").toUtf8());
        QCOMPARE(all_good.exit_code, 0);
        const QList<QByteArray> lines = batch.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 3);  // the empty line is skipped
        for (int i : {0, 2}) {
            const QJsonObject doc = QJsonDocument::fromJson(lines[i]).object();
            QCOMPARE(doc["file"].toString(), good);
            QCOMPARE(doc["totals"].toObject()["runtime_cycles"].toInteger(), expected["totals"].toObject()["runtime_cycles"].toInteger());
            QCOMPARE(doc["layers"].toArray().size(), expected["layers"].toArray().size());
        }
        const QJsonObject bad = QJsonDocument::fromJson(lines[1]).object();
        QCOMPARE(bad["file"].toString(), QString("/nonexistent/x.m"));
        QVERIFY(bad["error"].toString().contains("/nonexistent/x.m"));
        const Run both = cli({"eval", good, "--batch"});
        QCOMPARE(both.exit_code, 2);
        QVERIFY(both.err.contains("--batch"));
        const Run none = cli({"eval"});
        QCOMPARE(none.exit_code, 2);
        QVERIFY(none.err.contains("--batch"));
    }

    void bad_hw_file() {
        QTemporaryDir dir;
        const QString path = dir.filePath("hw.m");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("num_pes: 16\nnoc_bw_cstr: fast\n");
        f.close();
        const Run r = cli({"eval", data("maestro_reference/mappings/example.m"), "--hw", path});
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(QString(r.err).startsWith(path + ":2:14: the value of noc_bw_cstr must be a whole number"), r.err.constData());
    }

    void maestro_crash_files_are_diagnosed() {
        const Run r = cli({"eval", data("maestro_reference/mappings/vgg16_rs.m"), "--hw",
                           data("maestro_reference/hw/accelerator_1.m"), "--json"});
        QCOMPARE(r.exit_code, 1);  // the layers MAESTRO crashes on are reported invalid
        const auto layers = QJsonDocument::fromJson(r.out).object()["layers"].toArray();
        bool diagnosed = false;
        for (const auto& l : layers)
            if (l.toObject()["reason"].toString().contains("division by zero")) diagnosed = true;
        QVERIFY(diagnosed);
    }

    void bench_prints_rates() {
        const Run r = cli({"bench", "--seconds", "0.05", "--mappings", "100"});
        QCOMPARE(r.exit_code, 0);
        QVERIFY(QRegularExpression("cost_model_single_thread: [0-9]+ evaluations/s").match(QString(r.out)).hasMatch());
        // A MAESTRO file's layers, as tools/bench_against_maestro.py reads them.
        const Run file = cli({"bench", "--mapping", data("maestro_reference/mappings/MobileNetV2_kcp_ws.m"), "--hw",
                              data("maestro_reference/hw/accelerator_1.m"), "--seconds", "0.1"});
        QCOMPARE(file.exit_code, 0);
        QVERIFY2(QRegularExpression("file_full_report_single_thread: [0-9]+ evaluations/s \\([0-9.]+ us per layer\\)")
                     .match(QString(file.out)).hasMatch(), file.out.constData());
        const Run missing = cli({"bench", "--mapping", "no_such_file.m", "--seconds", "0.1"});
        QCOMPARE(missing.exit_code, 2);
        QVERIFY2(missing.err.contains("no_such_file.m"), missing.err.constData());
    }

    void model_commands() {
        const Run list = cli({"model", "list"});
        QCOMPARE(list.exit_code, 0);
        QVERIFY(list.out.contains("resnet18"));
        const Run show = cli({"model", "show", "resnet18"});
        QCOMPARE(show.exit_code, 0);
        QVERIFY(show.out.contains("CONV K64 C3 R7 S7 Y224 X224"));
        QTemporaryDir dir;
        const Run conv = cli({"model", "convert", data("gamma_models/vgg16.csv"), dir.filePath("vgg.json")});
        QCOMPARE(conv.exit_code, 0);
        QCOMPARE(cli({"model", "show", dir.filePath("vgg.json")}).exit_code, 0);
        // A file name that is not UTF-8 (Linux names are bytes) names the model; the JSON
        // written from it stays valid, with U+FFFD for the bad byte.
        {
            const std::string odd = dir.path().toStdString() + "/net\xc1.csv";
            std::ofstream(odd) << "K,C,Y,X,R,S,T\n64,3,224,224,7,7,1\n";
            QProcess sh;
            sh.start("/bin/sh", {"-c", QString("\"%1\" model convert \"$0\"/net*.csv \"$0\"/odd.json").arg(MAPSCAPE_CLI_PATH), dir.path()});
            QVERIFY(sh.waitForFinished(60000));
            QCOMPARE(sh.exitCode(), 0);
            QFile f(dir.filePath("odd.json"));
            QVERIFY(f.open(QIODevice::ReadOnly));
            QJsonParseError pe;
            const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &pe);
            QCOMPARE(pe.error, QJsonParseError::NoError);
            QCOMPARE(doc.object()["name"].toString(), QString("net\uFFFD"));
            // QTemporaryDir cannot name this file to remove it, and would leave the folder behind.
            std::filesystem::remove(odd);
        }
        const Run bad = cli({"model", "show", data("gamma_models/example.csv")});
        QCOMPARE(bad.exit_code, 2);
        QVERIFY(bad.err.contains("example.csv:2:10: expected a whole number"));
    }

    // The CLI defines only the command its first argument names (main.cpp): each command listed
    // by --help must still be reachable and answer its own --help.
    void every_command_answers_its_help() {
        const Run help = cli({"--help"});
        QCOMPARE(help.exit_code, 0);
        const QString text = QString::fromUtf8(help.out);
        const QString listed = text.mid(text.indexOf("Subcommands:"));
        const QRegularExpression name("^  ([a-z][a-z-]*) ", QRegularExpression::MultilineOption);
        QStringList commands;
        for (auto it = name.globalMatch(listed); it.hasNext();) commands << it.next().captured(1);
        QVERIFY2(commands.size() >= 12, qPrintable(listed));
        for (const QString& command : commands) {
            const Run r = cli({command, "--help"});
            QVERIFY2(r.exit_code == 0 && r.out.contains("Usage:") && r.out.contains(command.toUtf8()),
                     qPrintable(command + ": " + r.out + r.err));
        }
        const Run version = cli({"--version"});
        QCOMPARE(version.exit_code, 0);
        QVERIFY(version.out.startsWith("mapscape-cli "));
    }

    // Every call of the CLI pays for the libraries it loads (scripts call it per layer or per
    // candidate): MPI, pagmo (with TBB and Boost), libtorch, ONNX, Python and Qt belong to
    // plugins or other programs, loaded only by the commands that use them.
    void a_call_loads_only_the_libraries_it_uses() {
        QProcessEnvironment trace;
        trace.insert("LD_DEBUG", "files");  // the dynamic loader names each library it opens
        const QStringList heavy = {"libmpi", "libopen-", "libpagmo", "libtbb", "libboost", "libtorch", "libc10",
                                   "libonnx", "libprotobuf", "libpython", "libQt6"};
        const auto loaded_heavy = [&heavy](const Run& r) {
            QStringList found;
            for (const QString& lib : heavy)
                if (r.err.contains(("file=" + lib).toUtf8())) found << lib;
            return found.join(' ');
        };
        const QString example = data("maestro_reference/mappings/example.m");
        const QString hw = data("maestro_reference/hw/accelerator_1.m");
        for (const QStringList& args : {QStringList{"--version"}, QStringList{"--help"}, QStringList{"eval", example, "--hw", hw},
                                        QStringList{"search", "--model", "resnet18", "--layer", "2", "--budget", "200", "--quiet"}}) {
            const Run r = cli(args, MAPSCAPE_CLI_PATH, trace);
            QVERIFY2(r.exit_code == 0 || (args.front() == "eval" && r.exit_code == 1), r.err.constData());  // eval: 1 for an invalid layer
            QVERIFY2(loaded_heavy(r).isEmpty(), qPrintable(args.join(' ') + " loads " + loaded_heavy(r)));
        }
        // A pagmo baseline opens the pagmo plugin, and gives what it gave linked in.
        const Run de = cli({"search", "--model", "resnet18", "--layer", "5", "--algo", "de", "--budget", "2000", "--seed", "3", "--quiet"},
                           MAPSCAPE_CLI_PATH, trace);
        QCOMPARE(de.exit_code, 0);
        QVERIFY(de.err.contains("mapscape-pagmo.so"));
        QVERIFY(de.out.contains("TOTAL"));
        // Without the plugin beside it, the CLI says what is missing instead of crashing.
        QTemporaryDir alone;
        const QString copy = alone.filePath("mapscape-cli");
        QVERIFY(QFile::copy(MAPSCAPE_CLI_PATH, copy));
        QProcessEnvironment env;
        env.insert("MAPSCAPE_DATA_DIR", QFileInfo(MAPSCAPE_CLI_PATH).absolutePath() + "/share/mapscape");
        const Run missing = cli({"search", "--model", "resnet18", "--layer", "5", "--algo", "de", "--budget", "400", "--quiet"}, copy, env);
        QCOMPARE(missing.exit_code, 2);
        QVERIFY2(missing.err.contains("mapscape-pagmo.so") && missing.err.contains("MAPSCAPE_PLUGIN_DIR"), missing.err.constData());
        // The example's one layer needs more L2 than accelerator_1 has: evaluated (exit 1 says it cannot run), not refused.
        QCOMPARE(cli({"eval", example, "--hw", hw}, copy, env).exit_code, 1);
    }

#ifdef MAPSCAPE_CLI_HAS_TORCH_PLUGIN
    // libtorch takes ~0.4 s to start, and scripts call the CLI per layer: only the surrogate's and
    // the RL baselines' searches and commands may load it (from the plugin), and those must work.
    void torch_plugin_is_loaded_only_when_used() {
        QProcessEnvironment trace;
        trace.insert("LD_DEBUG", "files");  // the dynamic loader names each library it opens
        const auto loads_torch = [](const Run& r) { return r.err.contains("libtorch_cpu"); };
        const Run version = cli({"--version"}, MAPSCAPE_CLI_PATH, trace);
        QCOMPARE(version.exit_code, 0);
        QVERIFY(!loads_torch(version));
        const Run gamma = cli({"search", "--model", "resnet18", "--layer", "2", "--budget", "200", "--quiet"}, MAPSCAPE_CLI_PATH, trace);
        QCOMPARE(gamma.exit_code, 0);
        QVERIFY(!loads_torch(gamma));
        const Run help = cli({"--help"}, MAPSCAPE_CLI_PATH, trace);
        QVERIFY(help.out.contains("surrogate"));
        QVERIFY(!loads_torch(help));

        QTemporaryDir dir;
        const Run guided = cli({"search", "--model", "resnet18", "--layer", "2", "--algo", "mindmappings", "--budget", "200",
                                "--seed", "2", "--json", dir.filePath("mm.json"), "--quiet"}, MAPSCAPE_CLI_PATH, trace);
        QCOMPARE(guided.exit_code, 0);
        QVERIFY(loads_torch(guided));
        QFile f(dir.filePath("mm.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(doc["algo"].toString(), QString("mindmappings"));
        QVERIFY(doc["totals"].toObject()["runtime_cycles"].toInteger() > 0);
        const Run command = cli({"surrogate", "--help"});
        QCOMPARE(command.exit_code, 0);
        QVERIFY(command.out.contains("train"));
        QVERIFY(help.out.contains("rl "));
        const Run rl_help = cli({"rl", "--help"});
        QCOMPARE(rl_help.exit_code, 0);
        QVERIFY(rl_help.out.contains("schedule") && rl_help.out.contains("bench"));

        // The RL schedulers: not loaded by a MAGMA schedule, loaded by an A2C one, which counts
        // one sample per schedule like every scheduler.
        const Run magma = cli({"schedule", "--mix", "vision", "--setting", "S1", "--group", "1", "--budget", "200"}, MAPSCAPE_CLI_PATH, trace);
        QCOMPARE(magma.exit_code, 0);
        QVERIFY(!loads_torch(magma));
        const Run a2c = cli({"schedule", "--mix", "vision", "--setting", "S1", "--group", "1", "--algo", "a2c", "--budget", "40",
                             "--json", dir.filePath("a2c.json")}, MAPSCAPE_CLI_PATH, trace);
        QCOMPARE(a2c.exit_code, 0);
        QVERIFY(loads_torch(a2c));
        QVERIFY(a2c.out.contains(", a2c, objective makespan, 40 samples per group"));
        QVERIFY(a2c.out.contains("total: makespan"));
        const Run ddpg = cli({"search", "--model", "resnet18", "--layer", "2", "--algo", "ddpg", "--budget", "60", "--quiet"});
        QCOMPARE(ddpg.exit_code, 0);
        QVERIFY(ddpg.out.contains("TOTAL"));
        // A layer DDPG's encoding does not cover is refused before anything runs.
        const Run depthwise = cli({"search", "--model", "mobilenet_v2", "--layer", "2", "--algo", "ddpg", "--budget", "60", "--quiet"});
        QCOMPARE(depthwise.exit_code, 2);
        QVERIFY2(depthwise.err.contains("DDPG"), depthwise.err.constData());

        // Without its plugin the CLI still runs everything else and says what is missing.
        QTemporaryDir alone;
        const QString copy = alone.filePath("mapscape-cli");
        QVERIFY(QFile::copy(MAPSCAPE_CLI_PATH, copy));
        QProcessEnvironment data;
        data.insert("MAPSCAPE_DATA_DIR", QFileInfo(MAPSCAPE_CLI_PATH).absolutePath() + "/share/mapscape");
        QCOMPARE(cli({"search", "--model", "resnet18", "--layer", "2", "--budget", "100", "--quiet"}, copy, data).exit_code, 0);
        const Run missing = cli({"search", "--model", "resnet18", "--layer", "2", "--algo", "mindmappings", "--quiet"}, copy, data);
        QCOMPARE(missing.exit_code, 2);
        QVERIFY2(missing.err.contains("mapscape-torch.so") && missing.err.contains("MAPSCAPE_PLUGIN_DIR"), missing.err.constData());
        const Run no_command = cli({"surrogate", "eval"}, copy, data);
        QCOMPARE(no_command.exit_code, 2);
        QVERIFY(no_command.err.contains("mapscape-torch.so"));
        const Run no_scheduler = cli({"schedule", "--mix", "vision", "--setting", "S1", "--group", "1", "--algo", "ppo2"}, copy, data);
        QCOMPARE(no_scheduler.exit_code, 2);
        QVERIFY2(no_scheduler.err.contains("mapscape-torch.so") && no_scheduler.out.isEmpty(), no_scheduler.err.constData());
        QCOMPARE(cli({"rl", "bench"}, copy, data).exit_code, 2);
    }
#endif

    void search_json_and_maestro_export() {
        QTemporaryDir dir;
        const Run r = cli({"search", "--model", "resnet18", "--layer", "1-2", "--budget", "600", "--seed", "3",
                           "--json", dir.filePath("out.json"), "--export-maestro", dir.filePath("export"), "--quiet"});
        QCOMPARE(r.exit_code, 0);
        QVERIFY(r.out.contains("TOTAL"));
        QFile f(dir.filePath("out.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(doc["algo"].toString(), QString("gamma"));
        QCOMPARE(doc["objective"].toString(), QString("latency"));
        QCOMPARE(doc["seed"].toInteger(), 3);
        const QJsonArray layers = doc["layers"].toArray();
        QCOMPARE(layers.size(), 2);
        qint64 total = 0;
        for (const auto& v : layers) {
            const QJsonObject l = v.toObject();
            for (const char* key : {"name", "objective_value", "samples", "valid_samples", "wall_s", "best_mapping", "cost", "trace"})
                QVERIFY2(l.contains(key), key);
            QCOMPARE(l["samples"].toInteger(), 600);
            QCOMPARE(l["objective_value"].toDouble(), double(l["cost"].toObject()["runtime_cycles"].toInteger()));
            const QJsonArray trace = l["trace"].toArray();
            QVERIFY(!trace.isEmpty());
            QCOMPARE(trace.last().toArray()[0].toInteger(), 600);
            total += l["cost"].toObject()["runtime_cycles"].toInteger();
        }
        QCOMPARE(doc["totals"].toObject()["runtime_cycles"].toInteger(), total);
        // MAESTRO files: one per layer, one for the model, the HW file; eval reads them back
        // and gives the searched runtimes.
        const Run again = cli({"eval", dir.filePath("export/resnet18.m"), "--hw", dir.filePath("export/resnet18_hw.m"), "--json"});
        QCOMPARE(again.exit_code, 0);
        const QJsonArray evaluated = QJsonDocument::fromJson(again.out).object()["layers"].toArray();
        QCOMPARE(evaluated.size(), 2);
        for (int i = 0; i < 2; ++i)
            QCOMPARE(evaluated[i].toObject()["runtime_cycles"].toInteger(),
                     layers[i].toObject()["cost"].toObject()["runtime_cycles"].toInteger());
        QVERIFY(QFile::exists(dir.filePath("export/resnet18_layer1.m")));
        QVERIFY(QFile::exists(dir.filePath("export/resnet18_layer2.m")));
    }

    // Layer names from ONNX or TensorFlow graphs hold '/', and a name can hold "../": the
    // export maps each to a safe, unique file inside the chosen directory.
    void export_of_layer_names_that_are_not_file_names() {
        QTemporaryDir dir;
        QFile model(dir.filePath("graph.json"));
        QVERIFY(model.open(QIODevice::WriteOnly));
        model.write(R"({"format": "mapscape-model", "version": 1, "name": "graph", "layers": [
            {"name": "block1/conv1", "type": "CONV", "K": 16, "C": 16, "R": 3, "S": 3, "Y": 16, "X": 16},
            {"name": "../../../tmp/evil", "type": "CONV", "K": 16, "C": 16, "R": 1, "S": 1, "Y": 8, "X": 8},
            {"name": "a\\b", "type": "CONV", "K": 8, "C": 8, "R": 1, "S": 1, "Y": 8, "X": 8}]})");
        model.close();
        const Run r = cli({"search", "--model", dir.filePath("graph.json"), "--layer", "all", "--budget", "300",
                           "--export-maestro", dir.filePath("out"), "--quiet"});
        QCOMPARE(r.exit_code, 0);
        QStringList files = QDir(dir.filePath("out")).entryList(QDir::Files, QDir::Name);
        QCOMPARE(files, (QStringList{"graph.m", "graph_a_b.m", "graph_block1_conv1.m", "graph_hw.m", "graph_tmp_evil.m"}));
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).size(), 2);  // graph.json, out
        const Run again = cli({"eval", dir.filePath("out/graph.m"), "--hw", dir.filePath("out/graph_hw.m")});
        QCOMPARE(again.exit_code, 0);
        QVERIFY(again.out.contains("block1/conv1"));
    }

    // A co-design run as the issue defines its JSON; the exported design re-evaluates the same.
    void codesign_json_and_export() {
        QTemporaryDir dir;
        const Run r = cli({"codesign", "--model", "resnet18", "--layer", "1-3", "--platform", "edge", "--budget", "1500", "--seed", "2",
                           "--json", dir.filePath("d.json"), "--export-maestro", dir.filePath("hw"), "--quiet"});
        QCOMPARE(r.exit_code, 0);
        QVERIFY(r.out.contains("accelerator:"));
        QFile f(dir.filePath("d.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
        for (const char* key : {"algo", "platform", "objective", "seed", "samples", "wall_s", "area_budget_um2", "accelerator", "layers", "totals",
                                "bound", "trace"})
            QVERIFY2(doc.contains(key), key);
        QCOMPARE(doc["algo"].toString(), QString("digamma"));
        QCOMPARE(doc["area_budget_um2"].toDouble(), 200000.0);
        const QJsonObject acc = doc["accelerator"].toObject();
        for (const char* key : {"num_pes", "cluster_sizes", "l1_bytes", "l2_bytes", "noc_bw", "area_um2"}) QVERIFY2(acc.contains(key), key);
        const QJsonObject area = acc["area_um2"].toObject();
        QVERIFY(area["total"].toDouble() <= 200000.0);
        QVERIFY(std::abs(area["pes"].toDouble() + area["l1"].toDouble() + area["l2"].toDouble() - area["total"].toDouble()) < 1e-6);
        const QJsonArray layers = doc["layers"].toArray();
        QCOMPARE(layers.size(), 3);
        qint64 runtime = 0;
        for (const auto& l : layers) runtime += l.toObject()["cost"].toObject()["runtime_cycles"].toInteger();
        QCOMPARE(doc["totals"].toObject()["runtime_cycles"].toInteger(), runtime);
        QVERIFY(doc["bound"].toObject()["runtime_cycles"].toInteger() <= runtime);
        QVERIFY(doc["bound"].toObject()["array"].isArray());  // the array the bound is reached on (empty: per layer)
        const Run again = cli({"eval", dir.filePath("hw/resnet18.m"), "--hw", dir.filePath("hw/resnet18_hw.m"), "--json"});
        QCOMPARE(again.exit_code, 0);
        qint64 reread = 0;
        for (const auto& l : QJsonDocument::fromJson(again.out).object()["layers"].toArray()) reread += l.toObject()["runtime_cycles"].toInteger();
        QCOMPARE(reread, runtime);
        // Bad input names what is wrong.
        const Run bad = cli({"codesign", "--model", "resnet18", "--algo", "annealing"});
        QCOMPARE(bad.exit_code, 2);
        QVERIFY(bad.err.contains("unknown co-design method \"annealing\""));
        QCOMPARE(cli({"codesign", "--model", "resnet18", "--platform", "mars"}).exit_code, 2);
        QCOMPARE(cli({"codesign", "--model", "resnet18", "--objective", "power"}).exit_code, 2);
    }

    // The comparison's tables and its summary, which names only the groups it ran.
    void codesign_compare_tables_name_only_the_groups_run() {
        QTemporaryDir dir;
        const Run r = cli({"codesign-compare", "--models", "dlrm", "--platforms", "edge", "--algos", "digamma,map-opt-compute,map-opt-medium",
                           "--seeds", "1", "--budget", "400", "--markdown", dir.filePath("t.md"), "--raw-csv", dir.filePath("raw.csv"), "--quiet"});
        QCOMPARE(r.exit_code, 0);
        QVERIFY(r.out.contains("Figure 6: HW-opt, Mapping-opt and DiGamma"));
        QVERIFY(r.out.contains("Distance to the lower bound"));
        QVERIFY(r.out.contains("| geomean |"));
        QVERIFY(r.out.contains("DiGamma (edge): against Mapping-opt "));
        QVERIFY2(!r.out.contains("black-box") && !r.out.contains("against HW-opt"), qPrintable(r.out));
        QFile raw(dir.filePath("raw.csv"));
        QVERIFY(raw.open(QIODevice::ReadOnly));
        QCOMPARE(raw.readAll().count('\n'), 4);  // header and three runs
        QCOMPARE(cli({"codesign-compare", "--models", "dlrm", "--algos", "map-opt-compute", "--seeds", "1"}).exit_code, 2);  // no DiGamma
    }

    void naas_json_export_and_bad_inputs() {
        QTemporaryDir dir;
        const Run r = cli({"naas", "--resources", "eyeriss", "--benchmarks", "squeezenet", "--population", "4", "--iterations", "2",
                           "--mapping-samples", "40", "--baseline-samples", "100", "--seed", "3", "--threads", "2", "--json",
                           dir.filePath("naas.json"), "--export-maestro", dir.filePath("export"), "--quiet"});
        QCOMPARE(r.exit_code, 0);
        QVERIFY(r.out.contains("GEOMEAN"));
        QFile f(dir.filePath("naas.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
        for (const char* key : {"resources", "encoding", "seed", "wall_s", "accelerator", "benchmarks", "geomean_edp", "baseline_geomean_edp",
                                "bound_geomean_edp", "trace"})
            QVERIFY2(doc.contains(key), key);
        QCOMPARE(doc["resources"].toString(), QString("eyeriss"));
        QCOMPARE(doc["encoding"].toString(), QString("importance"));
        QVERIFY(doc["start_from_baseline"].toBool());
        const QJsonObject acc = doc["accelerator"].toObject();
        for (const char* key : {"num_pes", "cluster_sizes", "l1_bytes", "l2_bytes", "noc_bw", "parallel_dims"}) QVERIFY2(acc.contains(key), key);
        QVERIFY(acc["num_pes"].toInteger() <= 168);
        QCOMPARE(acc["parallel_dims"].toArray().size(), acc["cluster_sizes"].toArray().size());
        const QJsonObject bench = doc["benchmarks"].toArray()[0].toObject();
        for (const char* key : {"name", "edp", "runtime_cycles", "energy_nj", "baseline_edp", "bound_edp"}) QVERIFY2(bench.contains(key), key);
        QVERIFY(!bench["bound_array"].toString().isEmpty());  // where the bound is reached
        QVERIFY(bench["edp"].toDouble() >= bench["bound_edp"].toDouble());
        QCOMPARE(doc["trace"].toArray().size(), 2);
        QCOMPARE(doc["trace"].toArray()[0].toArray().size(), 3);  // [iteration, best, mean]
        // The exported design re-reads to the figures the search reported.
        const Run again = cli({"eval", dir.filePath("export/squeezenet.m"), "--hw", dir.filePath("export/squeezenet_hw.m"), "--json"});
        QCOMPARE(again.exit_code, 0);
        QCOMPARE(QJsonDocument::fromJson(again.out).object()["totals"].toObject()["runtime_cycles"].toInteger(), bench["runtime_cycles"].toInteger());

        // The paper's rule for its encoding ablation: every candidate drawn, said so in the JSON.
        const Run drawn = cli({"naas", "--resources", "eyeriss", "--benchmarks", "squeezenet", "--population", "8", "--iterations", "2",
                               "--mapping-samples", "40", "--baseline-samples", "100", "--no-baseline-start", "--seed", "3", "--json",
                               dir.filePath("drawn.json"), "--quiet"});
        QCOMPARE(drawn.exit_code, 0);
        QFile g(dir.filePath("drawn.json"));
        QVERIFY(g.open(QIODevice::ReadOnly));
        QVERIFY(!QJsonDocument::fromJson(g.readAll()).object()["start_from_baseline"].toBool(true));

        const Run unknown = cli({"naas", "--resources", "tpu9"});
        QCOMPARE(unknown.exit_code, 2);
        QVERIFY(unknown.err.contains("edgetpu, nvdla1024"));
        const Run encoding = cli({"naas", "--resources", "eyeriss", "--encoding", "gray"});
        QCOMPARE(encoding.exit_code, 2);
        QVERIFY(encoding.err.contains("importance or index"));
        const Run net = cli({"naas", "--resources", "eyeriss", "--benchmarks", "nosuchnet"});
        QCOMPARE(net.exit_code, 2);
        QVERIFY(net.err.contains("nosuchnet"));
    }

    // --levels narrows the system's range: every best mapping has exactly the levels asked for
    // (MobileNetV2's layer 43 with seed 2 settles on one level within S2's 1-2 otherwise).
    void search_levels_narrow_the_system() {
        QTemporaryDir dir;
        for (const char* levels : {"1", "2"}) {
            const QString json = dir.filePath(QString("l%1.json").arg(levels));
            const Run r = cli({"search", "--model", "mobilenet_v2", "--layer", "42-43", "--budget", "2000", "--seed", "2", "--levels", levels,
                               "--json", json, "--quiet"});
            QCOMPARE(r.exit_code, 0);
            QFile f(json);
            QVERIFY(f.open(QIODevice::ReadOnly));
            for (const auto& l : QJsonDocument::fromJson(f.readAll()).object()["layers"].toArray()) {
                const QJsonArray mapping = l.toObject()["best_mapping"].toArray();
                QCOMPARE(QString::number(mapping.size()), QString(levels));
            }
        }
    }

    void search_without_a_valid_mapping_reports_null() {
        QTemporaryDir dir;
        const Run r = cli({"search", "--model", "resnet18", "--layer", "3", "--budget", "200", "--max-latency", "5",
                           "--algo", "random", "--json", dir.filePath("none.json"), "--quiet"});
        QCOMPARE(r.exit_code, 1);
        QVERIFY(r.out.contains("no valid mapping found"));
        // Why: the cap, not the accelerator (it said "no mapping of the layer runs on this
        // accelerator"); and the network's total is unknown, not the sum of nothing.
        QVERIFY2(r.out.contains("no mapping tried meets the latency cap, whatever the buffers (the fastest takes"), r.out.constData());
        QVERIFY2(QRegularExpression("\\nTOTAL +NAN +[0-9.e+]+ +- +- +- ").match(QString::fromUtf8(r.out)).hasMatch(), r.out.constData());
        QFile f(dir.filePath("none.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject layer = QJsonDocument::fromJson(f.readAll()).object()["layers"].toArray()[0].toObject();
        QVERIFY(layer["objective_value"].isNull());
        QVERIFY(layer["best_mapping"].isNull());
        QCOMPARE(layer["valid_samples"].toInteger(), 0);
    }

    void search_bad_inputs_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("algorithm") << QStringList{"--algo", "hillclimb"} << "unknown algorithm \"hillclimb\"";
        QTest::newRow("layer") << QStringList{"--layer", "21"} << "outside 1-20";
        QTest::newRow("layer text") << QStringList{"--layer", "first"} << "is not a layer number";
        QTest::newRow("system") << QStringList{"--system", "S9"} << "unknown target system";
        QTest::newRow("levels outside the system") << QStringList{"--system", "S3", "--levels", "1-2"} << "within S3's 2-3, not \"1-2\"";
        QTest::newRow("levels text") << QStringList{"--levels", "two"} << "within S2's 1-2, not \"two\"";
        QTest::newRow("objective") << QStringList{"--objective", "speed"} << "cannot read objective";
        QTest::newRow("platform") << QStringList{"--platform", "tpu"} << "no accelerator preset called \"tpu\"";
        QTest::newRow("platform file") << QStringList{"--platform", "/nonexistent/acc.json"} << "/nonexistent/acc.json";
        // Devices that never end are refused at a size, not read until the memory is gone.
        QTest::newRow("endless technology") << QStringList{"--tech", "/dev/zero"} << "/dev/zero: is larger than 512 MiB";
        QTest::newRow("endless platform") << QStringList{"--platform", "/dev/zero"} << "/dev/zero: is larger than 512 MiB";
        QTest::newRow("technology directory") << QStringList{"--tech", "/tmp"} << "/tmp: is a directory";
    }

    void search_bad_inputs() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = cli(QStringList{"search", "--model", "resnet18", "--budget", "10"} + args);
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(QString(r.err).contains(message), r.err.constData());
    }

    void search_malformed_model_file() {
        QTemporaryDir dir;
        QFile f(dir.filePath("net.json"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"name\": \"net\", \"layers\": [\n  {\"type\": \"CONV\", \"K\": -4}\n]}\n");
        f.close();
        const Run r = cli({"search", "--model", dir.filePath("net.json"), "--budget", "10"});
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.contains("net.json:2:"), r.err.constData());
    }

    void compare_tabulates_like_figure_6() {
        QTemporaryDir dir;
        const Run r = cli({"compare", "--model", "resnet18", "--layer", "1,8", "--budget", "400", "--seeds", "1,2",
                           "--algos", "gamma,random,fixed-nvdla", "--csv", dir.filePath("t.csv"), "--raw-csv",
                           dir.filePath("raw.csv")});
        QCOMPARE(r.exit_code, 0);
        QVERIFY(r.out.contains("| layer | gamma | random | fixed-nvdla |"));
        QVERIFY(r.out.contains("| layer1 |"));
        QVERIFY(r.out.contains("| layer8 |"));
        QVERIFY(r.out.contains("gamma at least as good"));
        QVERIFY(r.out.contains("gamma within 0.5% or better"));
        // The bound row: no algorithm's sum is below the layers' bound.
        const QRegularExpression bound_row("\\*\\*sum / bound \\(bound [0-9.e+]+\\)\\*\\* \\| ([0-9.]+|NAN) \\| ([0-9.]+|NAN) \\| ([0-9.]+|NAN) \\|");
        const QRegularExpressionMatch m = bound_row.match(QString::fromUtf8(r.out));
        QVERIFY2(m.hasMatch(), r.out.constData());
        for (int i = 1; i <= 3; ++i) QVERIFY(m.captured(i) == "NAN" || m.captured(i).toDouble() >= 1.0);
        QVERIFY(m.captured(1) != "NAN");  // GAMMA maps both layers
        QFile csv(dir.filePath("t.csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QCOMPARE(QString(csv.readLine()).trimmed(), QString("layer,gamma,random,fixed-nvdla"));
        QFile raw(dir.filePath("raw.csv"));
        QVERIFY(raw.open(QIODevice::ReadOnly));
        QCOMPARE(QString(raw.readAll()).count('\n'), 1 + 2 * 3 * 2);  // header + layers x algos x seeds
        // No valid mapping anywhere: NAN, not a crash.
        const Run none = cli({"compare", "--model", "resnet18", "--layer", "2", "--budget", "50", "--seeds", "1",
                              "--algos", "random", "--max-latency", "3"});
        QCOMPARE(none.exit_code, 1);  // a layer no algorithm mapped
        QVERIFY(none.out.contains("NAN"));
        QVERIFY(none.err.contains("no algorithm found a valid mapping"));
    }

    // A table small enough to work out by hand: with 10 bytes/cycle, schedule 0 runs job 2 and job 1
    // side by side (8 asked), then job 0 and job 1 share 10 of the 12 they ask (5/6 speed each):
    // job 1 ends at 50 + 50 / (5/6) = 110, job 0 then runs alone and ends at 160.
    void schedule_eval_gives_the_hand_worked_makespans() {
        QTemporaryDir dir;
        const QString path = dir.filePath("table.json");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "mapscape-job-table", "version": 1, "cores": 2, "system_bytes_per_cycle": 10,
 "jobs": [{"latency": [100, 200], "bandwidth": [6, 3]},
          {"latency": [100, 100], "bandwidth": [6, 6]},
          {"latency": [50, null], "bandwidth": [2, 0]}],
 "schedules": [{"core": [0, 1, 0], "priority": [0.9, 0.5, 0.1]},
               {"queues": [[0, 2], [1]]},
               {"queues": [[0], [1, 2]]}]})");
        f.close();
        const Run r = cli({"schedule-eval", path, "--json", dir.filePath("out.json")});
        QCOMPARE(r.exit_code, 1);  // schedule 2 puts job 2 on a core that cannot run it
        QVERIFY2(r.out.contains("schedule 0: makespan 160 cycles"), r.out.constData());
        QVERIFY2(r.out.contains("schedule 1: makespan 170 cycles"), r.out.constData());
        QVERIFY2(r.out.contains("schedule 2: invalid"), r.out.constData());
        QFile out(dir.filePath("out.json"));
        QVERIFY(out.open(QIODevice::ReadOnly));
        const QJsonObject doc = QJsonDocument::fromJson(out.readAll()).object();
        const QJsonArray results = doc["results"].toArray();
        QCOMPARE(results.size(), 3);
        QCOMPARE(results[0].toObject()["makespan_cycles"].toDouble(), 160.0);
        QCOMPARE(results[0].toObject()["core_finish_cycles"].toArray()[1].toDouble(), 110.0);
        QVERIFY(results[2].toObject()["makespan_cycles"].isNull());
        QVERIFY(doc["lower_bound_cycles"].toDouble() > 0 && doc["lower_bound_cycles"].toDouble() <= 160.0);
    }

    void schedule_eval_refuses_bad_tables_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected");
        const QByteArray head = R"({"format": "mapscape-job-table", "cores": 2, "system_bytes_per_cycle": 4,
"jobs": [{"latency": [10, 20], "bandwidth": [1, 1]}, {"latency": [10, 20], "bandwidth": [1, 1]}],
"schedules": [)";
        QTest::newRow("per-core count") << QByteArray(R"({"format": "mapscape-job-table", "cores": 2, "system_bytes_per_cycle": 4,
"jobs": [{"latency": [10], "bandwidth": [1, 1]}]})") << ":2:22: \"latency\" lists 1 values; the table has 2 cores";
        QTest::newRow("queued twice") << head + R"({"queues": [[0, 1], [1]]}]})" << ":3:36: job 1 is queued twice";
        QTest::newRow("core out of range") << head + R"({"core": [0, 2], "priority": [0, 0]}]})" << ":3:28: a core is 0 to 1, not 2";
        QTest::newRow("negative latency") << QByteArray(R"({"format": "mapscape-job-table", "cores": 1, "system_bytes_per_cycle": 4,
"jobs": [{"latency": [-5], "bandwidth": [1]}]})") << ":2:23: a latency is a number of cycles above 0";
        QTest::newRow("endless bandwidth") << QByteArray(R"({"format": "mapscape-job-table", "cores": 1, "system_bytes_per_cycle": 4,
"jobs": [{"latency": [5], "bandwidth": [1e308]}]})") << ":2:41: a bandwidth is a number of bytes per cycle from 0 to 1e15, not 1e+308";
        QTest::newRow("no bandwidth") << QByteArray(R"({"format": "mapscape-job-table", "cores": 1, "jobs": [{"latency": [5], "bandwidth": [1]}]})")
                                      << ": \"system_bytes_per_cycle\" (a number above 0) is required";
        QTest::newRow("unknown field") << QByteArray(R"({"format": "mapscape-job-table", "cores": 1, "bandwith": 3})") << ":1:58: bandwith: unknown field \"bandwith\"";
    }
    void schedule_eval_refuses_bad_tables() {
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString path = dir.filePath("t.json");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
        f.close();
        const Run r = cli({"schedule-eval", path});
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(QString(r.err).startsWith(path) && QString(r.err).contains(expected), r.err.constData());
    }

    void schedule_json_and_trace() {
        QTemporaryDir dir;
        const Run r = cli({"schedule", "--mix", "recommendation", "--setting", "S2", "--bw", "4", "--algo", "magma",
                           "--budget", "500", "--group", "2", "--json", dir.filePath("s.json"), "--trace", dir.filePath("t.json")});
        QCOMPARE(r.exit_code, 0);
        QVERIFY(r.out.contains("throughput"));
        QFile f(dir.filePath("s.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
        for (const char* key : {"algo", "setting", "bw_gbps", "seed", "makespan_cycles", "lower_bound_cycles", "above_bound",
                                "throughput_gflops", "utilization", "energy_nj", "samples", "wall_s", "segments", "trace", "groups"})
            QVERIFY2(doc.contains(key), key);
        // The bound is in the result, and no schedule beats it: whole workload and each group.
        const double bound = doc["lower_bound_cycles"].toDouble();
        QVERIFY(bound > 0 && bound <= doc["makespan_cycles"].toDouble() * (1 + 1e-9));  // MAGMA may reach it
        QVERIFY(std::abs(doc["above_bound"].toDouble() - (doc["makespan_cycles"].toDouble() / bound - 1)) < 1e-9);
        QVERIFY(doc["above_bound"].toDouble() > -1e-9);
        double group_bounds = 0;
        for (const auto& g : doc["groups"].toArray()) {
            const QJsonObject group = g.toObject();
            QVERIFY(group["lower_bound_cycles"].toDouble() > 0);
            QVERIFY(group["lower_bound_cycles"].toDouble() <= group["makespan_cycles"].toDouble() * (1 + 1e-9));
            group_bounds += group["lower_bound_cycles"].toDouble();
        }
        QVERIFY(std::abs(group_bounds - bound) < 1e-9 * bound);
        QCOMPARE(doc["algo"].toString(), QString("magma"));
        QCOMPARE(doc["samples"].toInteger(), 500);
        const QJsonArray segments = doc["segments"].toArray();
        QVERIFY(segments.size() >= 100);
        double last_end = 0;
        for (const auto& v : segments) {
            const QJsonObject s = v.toObject();
            QVERIFY(s["end"].toDouble() > s["start"].toDouble());
            QVERIFY(s["bw"].toDouble() <= 4.0 + 1e-9);  // GB/s, never above the system's
            QVERIFY(!s["job"].toString().isEmpty());
            QCOMPARE(s["model"].toString().isEmpty(), false);
            last_end = std::max(last_end, s["end"].toDouble());
        }
        QVERIFY(std::abs(last_end - doc["makespan_cycles"].toDouble()) < 1e-6 * last_end);
        QFile t(dir.filePath("t.json"));
        QVERIFY(t.open(QIODevice::ReadOnly));
        const QJsonArray events = QJsonDocument::fromJson(t.readAll()).object()["traceEvents"].toArray();
        int complete = 0;
        for (const auto& e : events) complete += e.toObject()["ph"].toString() == "X";
        QCOMPARE(complete, segments.size());
    }

    void schedule_bad_inputs_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("mix") << QStringList{"--mix", "astronomy"} << "no task mix called \"astronomy\"";
        QTest::newRow("setting") << QStringList{"--mix", "vision", "--setting", "S7"} << "no setting S7";
        QTest::newRow("bandwidth") << QStringList{"--mix", "vision", "--bw", "0"} << "--bw must be a positive number (GB/s, or bytes per cycle with --bw-units bytes-per-cycle), not \"0\"";
        QTest::newRow("algorithm") << QStringList{"--mix", "vision", "--algo", "magic"} << "unknown scheduling algorithm";
        QTest::newRow("group") << QStringList{"--mix", "vision", "--group", "9"} << "group 9 does not exist";
        QTest::newRow("job analysis") << QStringList{"--mix", "vision", "--job-analysis", "maestro"}
                                      << "unknown job analysis \"maestro\" (mapscape or magma-code)";
        QTest::newRow("bandwidth unit") << QStringList{"--mix", "vision", "--bw-units", "GiB/s"}
                                        << "unknown bandwidth unit \"GiB/s\" (gbps or bytes-per-cycle)";
    }

    void schedule_bad_inputs() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = cli(QStringList{"schedule", "--budget", "10"} + args);
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(QString(r.err).contains(message), r.err.constData());
    }

    void schedule_malformed_mix_file() {
        QTemporaryDir dir;
        QFile f(dir.filePath("m.json"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format\": \"mapscape-mix\",\n \"models\": [{\"model\": \"resnet18\", \"batch\": 1},\n  {\"model\": \"nosuchnet\"}]}\n");
        f.close();
        const Run r = cli({"schedule", "--mix", dir.filePath("m.json"), "--budget", "10"});
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.contains("m.json:3:"), r.err.constData());
        QVERIFY2(r.err.contains("nosuchnet"), r.err.constData());
    }

    void schedule_compare_table() {
        const Run r = cli({"schedule-compare", "--mixes", "recommendation", "--bw", "2,16", "--algos", "magma,herald,aimt",
                           "--seeds", "1", "--budget", "300", "--group", "1"});
        QCOMPARE(r.exit_code, 0);
        QVERIFY2(r.out.contains("| task, bandwidth | bound (GFLOP/s) | magma (GFLOP/s) | magma / bound | magma / herald | magma / aimt |"),
                 r.out.constData());
        QVERIFY(r.out.contains("| recommendation @ 2 GB/s |"));
        // Every row has the bound, and no scheduler's share of it is above 100%.
        const QRegularExpression share("\\| ([0-9.]+)% \\|");
        int rows = 0;
        for (auto it = share.globalMatch(QString::fromUtf8(r.out)); it.hasNext(); ++rows) QVERIFY(it.next().captured(1).toDouble() <= 100.0);
        QCOMPARE(rows, 2);
        QVERIFY(r.out.contains("| **geomean** |"));
    }
};

QTEST_GUILESS_MAIN(CliTest)
#include "test_cli.moc"
