#include "ui_benchmark.hpp"

#include "util/cpu_name.hpp"

#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QEventLoop>
#include <QTimer>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <functional>
#include <random>
#include <thread>
#include <vector>

#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench_support.hpp"
#include "chart_view.hpp"
#include "chart_benchmark.hpp"
#include "convergence_chart.hpp"
#include "dataflow_editor.hpp"
#include "main_window.hpp"
#include "scatter_chart.hpp"
#include "schedule_view.hpp"
#include "codesign_view.hpp"
#include "search_panel.hpp"
#include "study_document.hpp"
#include "whatif_benchmark.hpp"

namespace mapscape::ui {

namespace {

// CPU-bound processes at normal priority, as another program on a shared machine would be.
class CompetingLoad {
public:
    explicit CompetingLoad(int processes) {
        for (int i = 0; i < processes; ++i) {
            const pid_t pid = fork();
            if (pid == 0) {
                volatile std::uint64_t x = 0;
                for (;;) x = x + 1;
            }
            if (pid > 0) children_.push_back(pid);
        }
    }
    ~CompetingLoad() {
        for (pid_t pid : children_) kill(pid, SIGKILL);
        for (pid_t pid : children_) waitpid(pid, nullptr, 0);
    }

private:
    std::vector<pid_t> children_;
};

struct LiveFigures {
    std::vector<double> gaps_ms;   // every tick gap of every run
    std::vector<double> longest_ms, p99_ms, stop_ms;
    std::vector<double> updates;   // points (search) or samples (schedule) that arrived while watched
};

// What every live scenario measures, run after run: the event loop's stalls from the start of a
// long run until Stop has ended it, how long Stop took, and how much arrived while watched.
struct LiveScenario {
    std::function<void()> start;       // sets the view up and starts a run far longer than the watch
    std::function<double()> received;  // points, samples or designs that arrived so far
    QPushButton* stop_button = nullptr;
    std::function<bool()> running;
    std::function<void()> after;       // clean-up between runs (may be empty)
};

LiveFigures measure_live(const LiveScenario& scenario, const UiBenchOptions& o) {
    LiveFigures f;
    for (int run = 0; run < o.runs; ++run) {
        StallMeter meter;
        meter.start();
        scenario.start();
        wait_ms(static_cast<int>(o.seconds * 1000));
        f.updates.push_back(scenario.received());
        QElapsedTimer stop_clock;
        stop_clock.start();
        scenario.stop_button->click();
        while (scenario.running() && stop_clock.elapsed() < 30000) wait_ms(1);
        f.stop_ms.push_back(static_cast<double>(stop_clock.nsecsElapsed()) / 1e6);
        meter.stop();
        f.longest_ms.push_back(percentile(meter.gaps_ms(), 1.0));
        f.p99_ms.push_back(percentile(meter.gaps_ms(), 0.99));
        f.gaps_ms.insert(f.gaps_ms.end(), meter.gaps_ms().begin(), meter.gaps_ms().end());
        if (scenario.after) scenario.after();
        wait_ms(200);
    }
    return f;
}

LiveFigures measure_search(MainWindow& w, const UiBenchOptions& o) {
    SearchPanel* s = w.search();
    return measure_live({[&w, s] {
                             w.tabs()->setCurrentIndex(2);
                             s->algorithm()->setCurrentText("gamma");
                             s->budget()->setValue(2000000);
                             s->scope()->setCurrentIndex(1);  // all layers: far more work than the watch lasts
                             s->run();
                         },
                         [&w] { return static_cast<double>(w.scatter()->point_count()); }, s->stop_button(),
                         [s] { return s->controller()->running(); }, [&w] { w.scatter()->clear(); }},
                        o);
}

LiveFigures measure_schedule(MainWindow& w, const UiBenchOptions& o) {
    ScheduleView* v = w.schedule();
    return measure_live({[&w, v] {
                             w.tabs()->setCurrentWidget(v);
                             v->algorithm()->setCurrentText("magma");
                             v->budget()->setValue(50000000);
                             v->run();
                         },
                         [v] { return static_cast<double>(v->last().samples); }, v->stop_button(),
                         [v] { return v->controller()->running(); }, {}},
                        o);
}

LiveFigures measure_codesign(MainWindow& w, const UiBenchOptions& o) {
    CodesignView* v = w.codesign();
    return measure_live({[&w, v] {
                             w.tabs()->setCurrentWidget(v);
                             v->method()->setCurrentText("digamma");
                             v->samples()->setValue(10000000);  // far more work than the watch lasts
                             v->run();
                         },
                         [v] { return static_cast<double>(v->dot_count()); }, v->stop_button(),
                         [v] { return v->controller()->running(); }, {}},
                        o);
}

// An edit in the dataflow editor, from the change to the refreshed readout.
std::vector<double> measure_edit(MainWindow& w, int repetitions) {
    std::vector<double> ms;
    w.tabs()->setCurrentIndex(0);
    for (int r = 0; r < repetitions; ++r) {
        w.dataflow()->apply_preset(r % 2 ? "kcp_ws" : "shidiannao");
        ms.push_back(w.dataflow()->last_evaluation_ms());
    }
    return ms;
}

QString row(const char* what, const std::vector<double>& v, const char* unit, const char* last = "worst", int decimals = 1) {
    return QString("  %1 median %2, %3 %4 %5\n")
        .arg(what, -44)
        .arg(percentile(v, 0.5), 9, 'f', decimals)
        .arg(last)
        .arg(percentile(v, 1.0), 9, 'f', decimals)
        .arg(unit);
}

QJsonObject live_json(const LiveFigures& f) {
    auto arr = [](const std::vector<double>& v) {
        QJsonArray a;
        for (double x : v) a.append(x);
        return a;
    };
    return {{"longest_stall_ms", arr(f.longest_ms)}, {"p99_stall_ms", arr(f.p99_ms)}, {"stop_ms", arr(f.stop_ms)},
            {"p99_stall_all_runs_ms", percentile(f.gaps_ms, 0.99)}, {"longest_stall_all_runs_ms", percentile(f.gaps_ms, 1.0)}};
}

}  // namespace

int run_ui_benchmark(const UiBenchOptions& o) {
    MainWindow w;
    w.set_interactive(false);
    w.open_example();
    w.resize(1600, 1000);
    w.show();
    wait_ms(300);
    const int cpus = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    const int load = o.competing_processes < 0 ? cpus : o.competing_processes;
    QJsonObject json{{"cpu", QString::fromStdString(cpu_model_name())}, {"cpus", cpus}, {"runs", o.runs}, {"seconds", o.seconds}};
    std::printf("Mapscape GUI benchmark on %s (%d CPUs); %d run(s) of %.1f s per live scenario\n", cpu_model_name().c_str(), cpus, o.runs,
                o.seconds);
    std::printf("A stall is the time between two ticks of a %d ms timer on the GUI thread.\n", kStallTickMs);
    std::printf("Chart markers through OpenGL: %s\n", qPrintable(ChartView::opengl_reason()));
    json["chart_opengl"] = ChartView::opengl_reason();
    for (int pass = 0; pass < (load > 0 ? 2 : 1); ++pass) {
        const int busy = pass == 0 ? 0 : load;
        std::unique_ptr<CompetingLoad> competing;
        if (busy > 0) competing = std::make_unique<CompetingLoad>(busy);
        QString out = busy == 0 ? QString("\nQuiet machine:\n")
                                : QString("\nWith %1 competing CPU-bound process(es) at normal priority:\n").arg(busy);
        QJsonObject p{{"competing_processes", busy}};
        if (o.whatif_only) {
            out += run_whatif_benchmark(w, o.whatif_edits, &p);
            competing.reset();
            std::printf("%s", out.toUtf8().constData());
            std::fflush(stdout);
            json[busy == 0 ? "quiet" : "loaded"] = p;
            continue;
        }
        if (!o.charts_only) {
            const LiveFigures search = measure_search(w, o);
            const LiveFigures schedule = measure_schedule(w, o);
            const LiveFigures codesign = measure_codesign(w, o);
            const std::vector<double> edit = measure_edit(w, 20);
            out += row("search: longest stall per run", search.longest_ms, "ms");
            out += row("search: 99th-percentile stall per run", search.p99_ms, "ms");
            out += QString("  %1 %2 ms over all %3 ticks\n").arg("search: 99th-percentile stall, all runs", -44).arg(percentile(search.gaps_ms, 0.99), 16, 'f', 1).arg(search.gaps_ms.size());
            out += row("search: Stop until the run is over", search.stop_ms, "ms");
            out += row("search: points received while watched", search.updates, "", "most", 0);
            out += row("schedule: longest stall per run", schedule.longest_ms, "ms");
            out += row("schedule: 99th-percentile stall per run", schedule.p99_ms, "ms");
            out += QString("  %1 %2 ms over all %3 ticks\n").arg("schedule: 99th-percentile stall, all runs", -44).arg(percentile(schedule.gaps_ms, 0.99), 16, 'f', 1).arg(schedule.gaps_ms.size());
            out += row("schedule: Stop until the run is over", schedule.stop_ms, "ms");
            out += row("co-design: longest stall per run", codesign.longest_ms, "ms");
            out += row("co-design: 99th-percentile stall per run", codesign.p99_ms, "ms");
            out += QString("  %1 %2 ms over all %3 ticks\n").arg("co-design: 99th-percentile stall, all runs", -44).arg(percentile(codesign.gaps_ms, 0.99), 16, 'f', 1).arg(codesign.gaps_ms.size());
            out += row("co-design: Stop until the run is over", codesign.stop_ms, "ms");
            out += row("co-design: designs received while watched", codesign.updates, "", "most", 0);
            std::vector<double> edit_us;
            for (double ms : edit) edit_us.push_back(ms * 1000);
            out += row("dataflow edit: evaluation", edit_us, "µs");
            p["search"] = live_json(search);
            p["schedule"] = live_json(schedule);
            p["codesign"] = live_json(codesign);
            QJsonArray e;
            for (double x : edit) e.append(x);
            p["edit_evaluation_ms"] = e;
        }
        // Every chart with 200,000 points: repaint, and stalls while data streams in.
        ChartBenchOptions chart_options;
        chart_options.stream_seconds = std::min(o.seconds, 3.0);
        chart_options.filter = o.chart_filter;
        out += QString("Charts (repaint: the GUI thread's work from new data to painted pixels; stalls while data streams in every 40 ms "
                       "and the window is resized every second, %1 s):\n").arg(chart_options.stream_seconds);
        out += run_chart_benchmark(w, chart_options, &p);
        competing.reset();
        std::printf("%s", out.toUtf8().constData());
        std::fflush(stdout);
        json[busy == 0 ? "quiet" : "loaded"] = p;
    }
    if (!o.json_path.isEmpty()) {
        QFile f(o.json_path);
        if (!f.open(QIODevice::WriteOnly)) {
            std::fprintf(stderr, "mapscape: cannot write %s\n", o.json_path.toLocal8Bit().constData());
            return 2;
        }
        f.write(QJsonDocument(json).toJson());
    }
    return 0;
}

}  // namespace mapscape::ui
