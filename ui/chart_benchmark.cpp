#include "chart_benchmark.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QTabWidget>
#include <QTemporaryDir>

#include <cmath>
#include <functional>
#include <memory>
#include <random>
#include <vector>

#include "bench_support.hpp"
#include "codesign_view.hpp"
#include "convergence_chart.hpp"
#include "main_window.hpp"
#include "naas_panel.hpp"
#include "chart_view.hpp"
#include "results_scatter.hpp"
#include "results_view.hpp"
#include "scatter_chart.hpp"
#include "schedule_view.hpp"
#include "sweep/synthetic_results.hpp"
#ifdef MAPSCAPE_TORCH_PLUGIN
#include "surrogate_view.hpp"
#endif

namespace mapscape::ui {

namespace {

using Chart = ChartView;

// The GUI thread's part of taking a change into a chart: the series' replace (and the axes)
// once the worker has decimated; returns its milliseconds. The worker's own time is not the GUI
// thread's; it shows in the new-data-to-pixels latency.
int drawn_points(Chart* chart) { return chart->drawn_total(); }

double settle(Chart* chart) {
    chart->settle();
    return chart->take_gui_ms();
}

// One chart of the window and how data reaches it.
struct ChartCase {
    QString name;
    std::function<void()> show;              // brings the chart on screen
    std::function<Chart*()> chart;
    std::function<void()> fill;              // the chart's 200,000 points
    std::function<void(int tick)> change;    // what one 40 ms tick of live data (or a user's action) does
    int change_every_ticks = 1;              // live data: every tick; a user's action: every 10th
    std::function<void()> after;             // clean-up (may be empty)
};

struct Generator {
    std::mt19937_64 rng{7};
    double lognormal(double median, double sigma) { return median * std::exp(sigma * normal_(rng)); }
    double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }

private:
    std::normal_distribution<double> normal_{0, 1};
};

// A best-so-far curve over `n` samples: non-increasing, one point per sample.
std::vector<std::pair<std::int64_t, double>> descending_trace(Generator& g, int n, double start) {
    std::vector<std::pair<std::int64_t, double>> trace;
    trace.reserve(static_cast<std::size_t>(n));
    double best = start;
    for (int i = 1; i <= n; ++i) {
        if (g.uniform(0, 1) < 0.3) best *= 1 - g.uniform(0, 4e-5);
        trace.emplace_back(i, best);
    }
    return trace;
}

std::vector<QPointF> as_points(const std::vector<std::pair<std::int64_t, double>>& trace) {
    std::vector<QPointF> out;
    out.reserve(trace.size());
    for (const auto& [x, y] : trace) out.emplace_back(static_cast<double>(x), y);
    return out;
}

struct CaseFigures {
    std::vector<double> repaint_ms, latency_ms, gaps_ms;
    std::vector<double> change_ms, settle_ms, paint_ms;  // the repaint's parts
    int drawn = 0;  // points the series hold after the last repaint
};

CaseFigures measure(MainWindow& w, ChartCase& c, const ChartBenchOptions& o) {
    CaseFigures f;
    c.show();
    wait_ms(100);
    c.fill();
    Chart* chart = c.chart();
    settle(chart);
    chart->grab();
    wait_ms(50);
    // Repaints: a change, then the GUI thread's work until the pixels are painted.
    for (int r = 0; r < o.repaints; ++r) {
        settle(chart);  // nothing from before the change is counted
        QElapsedTimer wall;
        wall.start();
        c.change(r * c.change_every_ticks);
        const double change_ms = static_cast<double>(wall.nsecsElapsed()) / 1e6;
        const double settle_ms = settle(chart);
        QElapsedTimer paint;
        paint.start();
        chart->grab();
        const double paint_ms = static_cast<double>(paint.nsecsElapsed()) / 1e6;
        f.repaint_ms.push_back(change_ms + settle_ms + paint_ms);
        f.change_ms.push_back(change_ms);
        f.settle_ms.push_back(settle_ms);
        f.paint_ms.push_back(paint_ms);
        f.drawn = drawn_points(chart);
        f.latency_ms.push_back(static_cast<double>(wall.nsecsElapsed()) / 1e6);
        wait_ms(20);
    }
    // Streaming: live data every 40 ms (or a user's action every 400 ms) and a resize of the
    // window every second, while the stall meter ticks.
    const QSize size = w.size();
    StallMeter meter;
    QTimer tick;
    int ticks = 0;
    QObject::connect(&tick, &QTimer::timeout, [&] {
        ++ticks;
        if (ticks % c.change_every_ticks == 0) c.change(o.repaints + ticks);
        if (ticks % 25 == 12) w.resize(ticks % 50 == 12 ? size - QSize(120, 80) : size);
    });
    meter.start();
    tick.start(40);
    wait_ms(static_cast<int>(o.stream_seconds * 1000));
    tick.stop();
    meter.stop();
    w.resize(size);
    f.gaps_ms = meter.gaps_ms();
    if (c.after) c.after();
    wait_ms(100);
    return f;
}

}  // namespace

QString run_chart_benchmark(MainWindow& w, const ChartBenchOptions& o, QJsonObject* json) {
    auto g = std::make_shared<Generator>();
    const int n = o.points;
    std::vector<ChartCase> cases;

    // Search results: the energy-latency scatter, fed through its point store as searches feed it.
    cases.push_back({"search: energy-latency scatter", [&w] { w.tabs()->setCurrentIndex(2); }, [&w] { return static_cast<Chart*>(w.scatter()); },
                     [&w, g, n] {
                         std::vector<PlotPoint> points;
                         points.reserve(static_cast<std::size_t>(n));
                         for (int i = 0; i < n; ++i) points.push_back({g->lognormal(2e5, 0.8), g->lognormal(5e3, 0.6), i % 5 != 0, 1, 0, i + 1, {}});
                         w.scatter()->add_points(points);
                         w.scatter()->redraw();
                     },
                     [&w, g, n](int tick) {
                         std::vector<PlotPoint> points;
                         for (int i = 0; i < 250; ++i)
                             points.push_back({g->lognormal(2e5, 0.8), g->lognormal(5e3, 0.6), i % 5 != 0, 1, 0, n + tick * 250 + i + 1, {}});
                         w.scatter()->add_points(points);
                         w.scatter()->redraw();
                     },
                     1, [&w] { w.scatter()->clear(); }});

    // The convergence charts: one run's best-so-far over 200,000 samples, a point per sample.
    auto convergence_case = [g, n](const QString& name, std::function<void()> show, std::function<ConvergenceChart*()> chart) {
        auto samples = std::make_shared<std::int64_t>(n);
        auto best = std::make_shared<double>(0);
        return ChartCase{name, show, [chart] { return static_cast<Chart*>(chart()); },
                         [g, n, chart, samples, best] {
                             const auto trace = descending_trace(*g, n, 1e9);
                             *samples = n;
                             *best = trace.back().second;
                             chart()->clear();
                             chart()->set_curve(1, "bench", trace);
                         },
                         [g, chart, samples, best](int) {
                             for (int i = 0; i < 25; ++i) {
                                 *best *= 1 - g->uniform(0, 4e-5);
                                 chart()->add_point(1, "bench", ++*samples, *best);
                             }
                         },
                         1, [chart] { chart()->clear(); }};
    };
    cases.push_back(convergence_case("search: convergence", [&w] { w.tabs()->setCurrentIndex(2); }, [&w] { return w.convergence(); }));
    cases.push_back(convergence_case("schedule: convergence", [&w] { w.tabs()->setCurrentWidget(w.schedule()); },
                                     [&w] { return w.schedule()->convergence(); }));

    // Co-design: designs' area against latency (within the budget, over it), the front, the trace.
    auto show_codesign = [&w](const char* method) {
        return [&w, method] {
            w.tabs()->setCurrentWidget(w.codesign());
            w.codesign()->method()->setCurrentText(method);
        };
    };
    auto design = [g] { return QPointF(g->lognormal(1.5e5, 0.5), g->lognormal(3e6, 0.7)); };
    cases.push_back({"co-design: designs scatter", show_codesign("digamma"), [&w] { return w.codesign()->scatter(); },
                     [&w, n, design] {
                         std::vector<QPointF> valid, invalid;
                         for (int i = 0; i < n; ++i) {
                             const QPointF p = design();
                             (p.x() <= 2e5 ? valid : invalid).push_back(p);
                         }
                         Chart* c = w.codesign()->scatter();
                         c->set_data(0, std::move(valid));
                         c->set_data(1, std::move(invalid));
                         c->fit_to_data();
                     },
                     [&w, design](int) {
                         Chart* c = w.codesign()->scatter();
                         for (int i = 0; i < 250; ++i) {
                             const QPointF p = design();
                             c->append(p.x() <= 2e5 ? 0 : 1, p);
                         }
                         c->fit_to_data();
                     },
                     1, [&w] {
                         for (int layer : {0, 1}) w.codesign()->scatter()->set_data(layer, {});
                     }});
    auto trace_samples = std::make_shared<double>(n);
    auto trace_best = std::make_shared<double>(0);
    cases.push_back({"co-design: convergence", show_codesign("digamma"), [&w] { return w.codesign()->convergence(); },
                     [&w, g, n, trace_samples, trace_best] {
                         auto points = as_points(descending_trace(*g, n, 1e9));
                         *trace_samples = n;
                         *trace_best = points.back().y();
                         w.codesign()->convergence()->set_data(0, std::move(points));
                         w.codesign()->convergence()->fit_to_data();
                     },
                     [&w, g, trace_samples, trace_best](int) {
                         for (int i = 0; i < 25; ++i) {
                             *trace_best *= 1 - g->uniform(0, 4e-5);
                             w.codesign()->convergence()->append(0, QPointF(++*trace_samples, *trace_best));
                         }
                         w.codesign()->convergence()->fit_to_data();
                     },
                     1, [&w] { w.codesign()->convergence()->set_data(0, {}); }});

    // NAAS: every candidate's EDP per iteration (100 a generation), the mean and the best.
    auto iteration = std::make_shared<int>(0);
    auto naas_generation = [g](int it, std::vector<QPointF>& candidates) {
        const double median = 1e12 * std::pow(0.9995, it);
        double sum = 0;
        for (int i = 0; i < 100; ++i) {
            candidates.emplace_back(it, g->lognormal(median, 0.5));
            sum += candidates.back().y();
        }
        return sum / 100;
    };
    cases.push_back({"NAAS: population per iteration", show_codesign("naas"), [&w] { return w.codesign()->naas()->population_chart(); },
                     [&w, n, iteration, naas_generation] {
                         std::vector<QPointF> candidates, mean, best;
                         double best_so_far = 1e300;
                         for (*iteration = 0; *iteration < n / 100; ++*iteration) {
                             const std::size_t first = candidates.size();
                             mean.emplace_back(*iteration, naas_generation(*iteration, candidates));
                             for (std::size_t i = first; i < candidates.size(); ++i) best_so_far = std::min(best_so_far, candidates[i].y());
                             best.emplace_back(*iteration, best_so_far);
                         }
                         Chart* c = w.codesign()->naas()->population_chart();
                         c->set_data(0, std::move(candidates));
                         c->set_data(1, std::move(mean));
                         c->set_data(2, std::move(best));
                         c->fit_to_data();
                     },
                     [&w, iteration, naas_generation](int) {
                         Chart* c = w.codesign()->naas()->population_chart();
                         std::vector<QPointF> candidates;
                         const double mean = naas_generation(*iteration, candidates);
                         double best = c->data(2).empty() ? 1e300 : c->data(2).back().y();
                         for (const QPointF& p : candidates) {
                             c->append(0, p);
                             best = std::min(best, p.y());
                         }
                         c->append(1, QPointF(*iteration, mean));
                         c->append(2, QPointF(*iteration, best));
                         ++*iteration;
                         c->fit_to_data();
                     },
                     1, [&w] {
                         for (int layer : {0, 1, 2}) w.codesign()->naas()->population_chart()->set_data(layer, {});
                     }});
    auto variant = [g] { return QPointF(g->lognormal(1e12, 0.6), g->uniform(60, 80)); };
    cases.push_back({"NAAS: accuracy against EDP", [&w, show = show_codesign("naas")] {
                         show();
                         w.codesign()->naas()->accuracy_floor()->setValue(70);  // shows the chart
                     },
                     [&w] { return w.codesign()->naas()->front_chart(); },
                     [&w, n, variant] {
                         std::vector<QPointF> explored;
                         for (int i = 0; i < n; ++i) explored.push_back(variant());
                         Chart* c = w.codesign()->naas()->front_chart();
                         c->set_data(0, std::move(explored));
                         c->fit_to_data();
                     },
                     [&w, variant](int) {
                         Chart* c = w.codesign()->naas()->front_chart();
                         for (int i = 0; i < 250; ++i) c->append(0, variant());
                         c->fit_to_data();
                     },
                     1, [&w] {
                         w.codesign()->naas()->front_chart()->set_data(0, {});
                         w.codesign()->naas()->accuracy_floor()->setValue(0);
                         w.codesign()->method()->setCurrentText("digamma");
                     }});

#ifdef MAPSCAPE_TORCH_PLUGIN
    // The surrogate's held-out chart: predicted against true EDP (each over its minimum).
    auto heldout = [&w] { return w.findChild<SurrogateView*>()->heldout_chart(); };
    auto heldout_points = [g](int count) {
        std::vector<QPointF> points;
        for (int i = 0; i < count; ++i) {
            const double actual = 1 + g->lognormal(3, 1.2);
            points.emplace_back(actual, actual * g->lognormal(1, 0.35));
        }
        return points;
    };
    // Three sets of shapes, made beforehand: the benchmark times the chart, not the sets' making.
    auto sets = std::make_shared<std::vector<std::vector<QPointF>>>();
    cases.push_back({"surrogate: held-out predictions", [&w] { w.tabs()->setCurrentWidget(w.findChild<SurrogateView*>()); }, heldout,
                     [heldout, heldout_points, sets, n] {
                         for (int k = 0; k < 3; ++k) sets->push_back(heldout_points(n));
                         heldout()->set_data(0, sets->front());
                         heldout()->fit_to_data();
                     },
                     [heldout, sets](int tick) {  // a user's action: another set of shapes
                         heldout()->set_data(0, (*sets)[static_cast<std::size_t>(tick / 10 % 3)]);
                         heldout()->fit_to_data();
                     },
                     10, {}});
#endif

    // Sweep results: the runs scatter of a 200,000-run database (the real view, read from SQLite),
    // and a selected run's convergence.
    auto database = std::make_shared<QTemporaryDir>();
    const QString db_path = database->filePath("bench.sqlite");
    cases.push_back({"sweep results: runs scatter",
                     [&w, database, db_path, n] {
                         w.tabs()->setCurrentWidget(w.results());
                         write_synthetic_results(db_path.toStdString(), n);
                         w.open_results_database(db_path);
                         while (w.results()->loading()) wait_ms(20);
                     },
                     [&w] { return w.results()->scatter(); },
                     [&w] { w.results()->set_scatter_axes("runtime_cycles", "energy_nj", "algorithm"); },
                     [&w](int tick) {  // a user's action: the other y column
                         w.results()->set_scatter_axes("runtime_cycles", tick % 20 < 10 ? "area_um2" : "energy_nj", "algorithm");
                     },
                     10, {}});
    cases.push_back(convergence_case("sweep results: convergence", [&w] { w.tabs()->setCurrentWidget(w.results()); },
                                     [&w] { return w.results()->convergence(); }));

    QString out = QString("  %1 %2 %3 %4 %5 %6\n")
                      .arg("chart (200,000 points)", -34)
                      .arg("drawn", 7)
                      .arg("repaint median", 15)
                      .arg("p99", 8)
                      .arg("stall p99", 10)
                      .arg("longest", 8);
    QJsonArray rows;
    for (ChartCase& c : cases) {
        if (!c.name.contains(o.filter)) continue;
        const CaseFigures f = measure(w, c, o);
        out += QString("  %1 %2 %3 %4 %5 %6 ms\n")
                   .arg(c.name, -34)
                   .arg(f.drawn, 7)
                   .arg(percentile(f.repaint_ms, 0.5), 12, 'f', 1)
                   .arg(percentile(f.repaint_ms, 0.99), 11, 'f', 1)
                   .arg(percentile(f.gaps_ms, 0.99), 10, 'f', 1)
                   .arg(percentile(f.gaps_ms, 1.0), 8, 'f', 1);
        QJsonArray repaint, latency;
        for (double x : f.repaint_ms) repaint.append(x);
        for (double x : f.latency_ms) latency.append(x);
        rows.append(QJsonObject{{"chart", c.name},
                                {"drawn_points", f.drawn},
                                {"repaint_ms", repaint},
                                {"repaint_median_parts_ms", QJsonObject{{"change", percentile(f.change_ms, 0.5)},
                                                                        {"take_decimation", percentile(f.settle_ms, 0.5)},
                                                                        {"paint", percentile(f.paint_ms, 0.5)}}},
                                {"new_data_to_pixels_ms", latency},
                                {"stall_p99_ms", percentile(f.gaps_ms, 0.99)},
                                {"stall_longest_ms", percentile(f.gaps_ms, 1.0)},
                                {"ticks", static_cast<int>(f.gaps_ms.size())}});
    }
    if (json) (*json)["charts"] = rows;
    return out;
}

}  // namespace mapscape::ui
