// mapscape: the desktop application. `mapscape [STUDY.json]` opens a study (the bundled example
// when none is given); `--screenshots DIR` runs a short search and saves a picture of each main
// view (used for the README under Xvfb). While a study has unsaved changes a recovery copy is
// kept (ui/recovery_store.hpp), and the copies of sessions that died are offered at start-up.
#include <malloc.h>

#include <cstdio>
#include <string_view>

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QIcon>
#include <QTabWidget>
#include <QTimer>

#include "main_window.hpp"
#include "recovery_store.hpp"
#include "results_benchmark.hpp"
#include "screenshots.hpp"
#include "test_drive.hpp"
#include "ui_benchmark.hpp"

int main(int argc, char** argv) {
    // See mapscape-cli's main: keep pagmo's per-generation matrices on the heap.
    mallopt(M_MMAP_THRESHOLD, 256 << 20);
    mallopt(M_TRIM_THRESHOLD, 512 << 20);
    // The GUI benchmark needs no display: it runs offscreen unless a platform was chosen.
    for (int i = 1; i < argc; ++i)
        if (std::string_view(argv[i]) == "--bench-ui" && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setApplicationName("Mapscape");
    QApplication::setOrganizationName("Mapscape");
    QApplication::setApplicationVersion(MAPSCAPE_VERSION);
    QApplication::setWindowIcon(QIcon(":/icons/mapscape.svg"));
    QApplication::setDesktopFileName("mapscape");
    QCommandLineParser parser;
    parser.setApplicationDescription("Mapscape: design-space exploration for DNN accelerators");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument("study", "a Mapscape study (.json) to open");
    QCommandLineOption shots("screenshots", "save screenshots of the main views to DIR and quit", "DIR");
    parser.addOption(shots);
    QCommandLineOption bench("bench-ui", "measure the window's responsiveness during searches and schedules (offscreen), print the figures and quit");
    QCommandLineOption bench_runs("runs", "with --bench-ui: repetitions of each live scenario", "N", "3");
    QCommandLineOption bench_seconds("seconds", "with --bench-ui: seconds each live scenario is watched", "S", "4");
    QCommandLineOption bench_load("competing", "with --bench-ui: CPU-bound processes for the loaded pass (default: one per CPU; 0: none)", "N", "-1");
    QCommandLineOption bench_json("json", "with --bench-ui: also write the figures to FILE", "FILE");
    QCommandLineOption bench_charts_only("charts-only", "with --bench-ui: only the charts (repaint and stalls with 200,000 points each)");
    QCommandLineOption bench_whatif("whatif", "with --bench-ui: only the What-if tab's live answer (ResNet-50 on edge, 20 random L2 edits)");
    QCommandLineOption bench_chart("chart", "with --bench-ui: only the charts whose name contains TEXT", "TEXT");
    parser.addOptions({bench, bench_runs, bench_seconds, bench_load, bench_json, bench_charts_only, bench_chart, bench_whatif});
    QCommandLineOption window_size("window-size", "open the window at WxH pixels (e.g. 1280x720), as for screenshots", "WxH");
    parser.addOption(window_size);
    QCommandLineOption db("db", "open a sweep's results database (mapscape-cli sweep ... --db FILE)", "FILE");
    parser.addOption(db);
    QCommandLineOption results_benchmark("benchmark-results",
                                         "measure the results view's event-loop stalls on a synthetic database of N runs, then quit", "N");
    parser.addOption(results_benchmark);
    QCommandLineOption no_recovery("no-recovery", "keep no recovery copy of unsaved work and offer none");
    QCommandLineOption recovery_answer("recovery-answer",
                                       "answer the offer of a crashed session's unsaved work without the banner: restore (the newest copy), "
                                       "discard or later (every copy)",
                                       "ANSWER");
    QCommandLineOption test_drive("test-drive",
                                  "for tests: work the window through STEPS (comma-separated: edit, search, schedule, codesign, wait-copy), "
                                  "then print \"test-drive: done\" and keep running",
                                  "STEPS");
    QCommandLineOption dump_study("dump-study-json",
                                  "for tests: once started (after --recovery-answer and --test-drive), write the study and the window's "
                                  "state to FILE as JSON and quit cleanly",
                                  "FILE");
    parser.addOptions({no_recovery, recovery_answer, test_drive, dump_study});
    parser.process(app);
    if (parser.isSet(bench)) {
        mapscape::ui::UiBenchOptions o;
        o.runs = std::max(1, parser.value(bench_runs).toInt());
        o.seconds = std::max(0.5, parser.value(bench_seconds).toDouble());
        o.competing_processes = parser.value(bench_load).toInt();
        o.json_path = parser.value(bench_json);
        o.charts_only = parser.isSet(bench_charts_only);
        o.chart_filter = parser.value(bench_chart);
        o.whatif_only = parser.isSet(bench_whatif);
        return mapscape::ui::run_ui_benchmark(o);
    }

    mapscape::ui::MainWindow window;
    // Decided before anything is opened: a study with a bad value must not wait on a dialog.
    const bool scripted = parser.isSet(recovery_answer) || parser.isSet(test_drive) || parser.isSet(dump_study);
    if (scripted) window.set_interactive(false);  // no dialog may wait for an answer nobody gives
    const QStringList args = parser.positionalArguments();
    if (!args.isEmpty())
        window.open_study(args.front());
    else
        window.open_example();
    window.show();
    if (parser.isSet(window_size)) {
        const QStringList wh = parser.value(window_size).split('x');
        if (wh.size() != 2 || wh[0].toInt() < 200 || wh[1].toInt() < 200) {
            std::fprintf(stderr, "mapscape: --window-size wants WxH, e.g. 1280x720\n");
            return 2;
        }
        window.resize(wh[0].toInt(), wh[1].toInt());
    }
    if (parser.isSet(db)) window.open_results_database(parser.value(db));
    // Recovery copies belong to sessions a person works in, not to picture or benchmark runs.
    const bool automated = parser.isSet(shots) || parser.isSet(results_benchmark);
    if (!parser.isSet(no_recovery) && !automated) window.enable_recovery(mapscape::ui::RecoveryStore::default_directory());
    if (parser.isSet(recovery_answer)) {
        const QString answer = parser.value(recovery_answer);
        if (answer == "restore")
            window.restore_offered_copy();
        else if (answer == "discard")
            while (window.discard_offered_copy()) {}
        else if (answer == "later")
            while (window.postpone_offered_copy()) {}
        else {
            std::fprintf(stderr, "mapscape: --recovery-answer wants restore, discard or later, not \"%s\"\n", qPrintable(answer));
            return 2;
        }
    }
    int exit_code = 0;
    auto dump_and_quit = [&] {
        if (!parser.isSet(dump_study)) return;
        QFile out(parser.value(dump_study));
        if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate) || out.write(mapscape::ui::window_state_json(window)) < 0) {
            std::fprintf(stderr, "mapscape: cannot write %s\n", qPrintable(parser.value(dump_study)));
            exit_code = 1;
        }
        out.close();
        window.close();  // the clean close: the recovery copy goes
    };
    if (parser.isSet(test_drive)) {
        const QStringList steps = parser.value(test_drive).split(',', Qt::SkipEmptyParts);
        for (const QString& step : steps)
            if (!mapscape::ui::test_drive_step_known(step)) {
                std::fprintf(stderr, "mapscape: unknown --test-drive step \"%s\" (edit, search, schedule, codesign, wait-copy)\n", qPrintable(step));
                return 2;
            }
        mapscape::ui::run_test_drive(window, steps, [&] {
            std::printf("test-drive: done\n");
            std::fflush(stdout);
            dump_and_quit();
        });
    } else if (parser.isSet(dump_study)) {
        QTimer::singleShot(0, &window, dump_and_quit);
    }
    if (parser.isSet(results_benchmark)) {
        mapscape::ui::run_results_benchmark(window, parser.value(results_benchmark).toInt(), [&app](int code) { app.exit(code); });
    }
    if (parser.isSet(shots)) {
        mapscape::ui::take_screenshots(window, parser.value(shots), [&app](int code) { app.exit(code); });
    }
    const int code = app.exec();
    return code != 0 ? code : exit_code;
}
