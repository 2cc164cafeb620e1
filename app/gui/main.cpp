// mapscape: the desktop application. `mapscape [STUDY.json]` opens a study (the bundled example
// when none is given); `--screenshots DIR` runs a short search and saves a picture of each main
// view (used for the README under Xvfb).
#include <malloc.h>

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QTabWidget>
#include <QTimer>

#include "main_window.hpp"
#include "results_benchmark.hpp"
#include "screenshots.hpp"

int main(int argc, char** argv) {
    // See mapscape-cli's main: keep pagmo's per-generation matrices on the heap.
    mallopt(M_MMAP_THRESHOLD, 256 << 20);
    mallopt(M_TRIM_THRESHOLD, 512 << 20);
    QApplication app(argc, argv);
    QApplication::setApplicationName("Mapscape");
    QApplication::setOrganizationName("Mapscape");
    QApplication::setApplicationVersion("0.1.0");
    QCommandLineParser parser;
    parser.setApplicationDescription("Mapscape: design-space exploration for DNN accelerators");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument("study", "a Mapscape study (.json) to open");
    QCommandLineOption shots("screenshots", "save screenshots of the main views to DIR and quit", "DIR");
    parser.addOption(shots);
    QCommandLineOption db("db", "open a sweep's results database (mapscape-cli sweep ... --db FILE)", "FILE");
    parser.addOption(db);
    QCommandLineOption results_benchmark("benchmark-results",
                                         "measure the results view's event-loop stalls on a synthetic database of N runs, then quit", "N");
    parser.addOption(results_benchmark);
    parser.process(app);

    mapscape::ui::MainWindow window;
    const QStringList args = parser.positionalArguments();
    if (!args.isEmpty())
        window.open_study(args.front());
    else
        window.open_example();
    window.show();
    if (parser.isSet(db)) window.open_results_database(parser.value(db));
    if (parser.isSet(results_benchmark)) {
        mapscape::ui::run_results_benchmark(window, parser.value(results_benchmark).toInt(), [&app](int code) { app.exit(code); });
    }
    if (parser.isSet(shots)) {
        mapscape::ui::take_screenshots(window, parser.value(shots), [&app](int code) { app.exit(code); });
    }
    return app.exec();
}
