#include "results_benchmark.hpp"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>
#include <memory>
#include <vector>

#include "main_window.hpp"
#include "results_table_model.hpp"
#include "results_view.hpp"
#include "sweep/synthetic_results.hpp"

namespace mapscape::ui {

namespace {

// The longest gap between the ticks of a 1 ms timer since the last reset.
class StallProbe : public QObject {
public:
    explicit StallProbe(QObject* parent) : QObject(parent) {
        timer_.setInterval(1);
        timer_.setTimerType(Qt::PreciseTimer);
        connect(&timer_, &QTimer::timeout, this, [this] {
            const qint64 now = clock_.nsecsElapsed();
            longest_ns_ = std::max(longest_ns_, now - last_ns_);
            last_ns_ = now;
        });
        clock_.start();
        timer_.start();
    }
    void reset() {
        last_ns_ = clock_.nsecsElapsed();
        longest_ns_ = 0;
    }
    double longest_ms() const { return static_cast<double>(longest_ns_) / 1e6; }

private:
    QTimer timer_;
    QElapsedTimer clock_;
    qint64 last_ns_ = 0, longest_ns_ = 0;
};

struct Step {
    const char* name;
    std::function<void(ResultsView&)> act;
};

}  // namespace

void run_results_benchmark(MainWindow& w, int runs, std::function<void(int)> done) {
    auto dir = std::make_shared<QTemporaryDir>();
    const QString path = dir->filePath("synthetic.sqlite");
    QElapsedTimer generate;
    generate.start();
    write_synthetic_results(path.toStdString(), runs);
    std::printf("synthetic database: %d runs, %.1f MB, written in %.2f s\n", runs,
                static_cast<double>(QFileInfo(path).size()) / 1e6, static_cast<double>(generate.elapsed()) / 1e3);
    std::fflush(stdout);

    auto* probe = new StallProbe(&w);
    auto steps = std::make_shared<std::vector<Step>>(std::vector<Step>{
        {"filter algorithm = gamma", [](ResultsView& v) { v.set_value_filter("algorithm", "gamma"); }},
        {"and model = resnet18", [](ResultsView& v) { v.set_value_filter("model", "resnet18"); }},
        {"type 'e' in the text filter", [](ResultsView& v) { v.set_text_filter("e"); }},
        {"type 'ed'", [](ResultsView& v) { v.set_text_filter("ed"); }},
        {"type 'edge'", [](ResultsView& v) { v.set_text_filter("edge"); }},
        {"complete runs only", [](ResultsView& v) { v.set_complete_only(true); }},
        {"complete runs only off", [](ResultsView& v) { v.set_complete_only(false); }},
        {"clear the text filter", [](ResultsView& v) { v.set_text_filter(""); }},
        {"model = (all)", [](ResultsView& v) { v.set_value_filter("model", ""); }},
        {"algorithm = (all): every run shown", [](ResultsView& v) { v.set_value_filter("algorithm", ""); }},
        {"sort all by runtime, descending", [](ResultsView& v) { v.model()->sort(v.model()->table()->column_index("runtime_cycles"), Qt::DescendingOrder); }},
        {"sort all by model", [](ResultsView& v) { v.model()->sort(v.model()->table()->column_index("model"), Qt::AscendingOrder); }},
        {"sort all by run id", [](ResultsView& v) { v.model()->sort(v.model()->table()->column_index("run_id"), Qt::AscendingOrder); }},
        {"scatter: area against runtime, by accelerator", [](ResultsView& v) { v.set_scatter_axes("runtime_cycles", "area_um2", "accelerator"); }},
        {"scatter: energy against runtime, by algorithm", [](ResultsView& v) { v.set_scatter_axes("runtime_cycles", "energy_nj", "algorithm"); }},
        {"select a run (its convergence)", [](ResultsView& v) { v.select_row(v.model()->rowCount() / 2); }},
        {"filter objective = energy", [](ResultsView& v) { v.set_value_filter("objective", "energy"); }},
    });
    auto results = std::make_shared<std::vector<double>>();
    auto state = std::make_shared<int>(-1);  // -1: opening; then the step under way
    auto open_clock = std::make_shared<QElapsedTimer>();
    w.tabs()->setCurrentWidget(w.results());
    probe->reset();
    open_clock->start();
    w.open_results_database(path);

    auto* timer = new QTimer(&w);
    timer->setInterval(400);  // each step gets this long to settle (repaints included)
    QObject::connect(timer, &QTimer::timeout, &w, [&w, dir, steps, results, state, probe, open_clock, timer, done, runs] {
        ResultsView& v = *w.results();
        if (*state == -1) {
            if (v.loading()) return;
            if (!v.last_error().isEmpty()) {
                std::printf("cannot open: %s\n", qPrintable(v.last_error()));
                timer->stop();
                done(1);
                return;
            }
            std::printf("open (read on a worker thread, then shown): %.2f s; longest stall %.1f ms\n",
                        static_cast<double>(open_clock->elapsed()) / 1e3, probe->longest_ms());
            results->push_back(probe->longest_ms());
            *state = 0;
        } else {
            results->push_back(probe->longest_ms());
            std::printf("  %-48s longest stall %6.1f ms, %d runs shown\n", (*steps)[static_cast<std::size_t>(*state)].name,
                        probe->longest_ms(), v.model()->rowCount());
            ++*state;
        }
        std::fflush(stdout);
        if (*state >= static_cast<int>(steps->size())) {
            timer->stop();
            std::printf("longest event-loop stall with %d runs: %.1f ms\n", runs, *std::max_element(results->begin(), results->end()));
            std::fflush(stdout);
            done(0);
            return;
        }
        probe->reset();
        (*steps)[static_cast<std::size_t>(*state)].act(v);
    });
    timer->start();
}

}  // namespace mapscape::ui
