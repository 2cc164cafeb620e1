#include "whatif_benchmark.hpp"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QSpinBox>
#include <QTabWidget>

#include <algorithm>
#include <cmath>
#include <random>

#include "arch/presets.hpp"
#include "bench_support.hpp"
#include "main_window.hpp"
#include "search/model_search.hpp"
#include "search/search_setup.hpp"
#include "study_document.hpp"
#include "whatif_view.hpp"

namespace mapscape::ui {

namespace {

constexpr int kReferenceSamples = 10000;      // the fresh search each answer is measured against
constexpr int kIdleTimeoutMs = 120000;

bool wait_until(const std::function<bool()>& done, int timeout_ms) {
    QElapsedTimer t;
    t.start();
    while (!done()) {
        if (t.elapsed() > timeout_ms) return false;
        wait_ms(1);
    }
    return true;
}

// The network's total latency at a fresh search's best mappings: every unique shape, the budget
// per shape, GAMMA as `search` runs it (population 200), seed 1, every core.
std::int64_t fresh_search_latency(const Model& model, const Accelerator& acc) {
    SearchSetupOptions o;
    o.budget = kReferenceSamples;
    const SearchSetup setup = make_search_setup(merge_identical_layers(model), acc, "edge", o);
    return search_model(make_search_request(setup, search_algorithm("gamma"), 1)).total_runtime_cycles;
}

QString bench_row(const QString& what, const std::vector<double>& v, const QString& unit) {
    return QString("  %1 median %2, p95 %3, worst %4 %5\n")
        .arg(what, -44)
        .arg(percentile(v, 0.5), 8, 'f', 1)
        .arg(percentile(v, 0.95), 8, 'f', 1)
        .arg(percentile(v, 1.0), 8, 'f', 1)
        .arg(unit);
}

QJsonArray json_array(const std::vector<double>& v) {
    QJsonArray a;
    for (double x : v) a.append(x);
    return a;
}

}  // namespace

QString run_whatif_benchmark(MainWindow& w, int edits, QJsonObject* json) {
    StudyDocument* doc = w.document();
    WhatifView* v = w.whatif();
    const Accelerator edge = accelerator_preset("edge");
    doc->set_model(load_bundled_model("resnet50_torchvision"), "resnet50_torchvision");
    doc->set_accelerator(edge, "edge", "what-if benchmark");
    w.tabs()->setCurrentWidget(v);
    if (!wait_until([v] { return v->idle(); }, kIdleTimeoutMs)) return "  what-if: the first answer did not come\n";

    std::mt19937_64 rng(1);
    std::uniform_real_distribution<double> log2_factor(-1.0, 1.0);  // x0.5 to x2
    std::vector<double> update_ms, tornado_ms, tornado_run_ms, deviation, samples;
    std::vector<Accelerator> designs;
    std::vector<std::int64_t> live_latency;
    QElapsedTimer clock;
    bool delivered = false;
    double delivered_at = 0;
    v->set_live_listener([&](const NetworkAnswerSnapshot&) {
        delivered = true;
        delivered_at = static_cast<double>(clock.nsecsElapsed()) / 1e6;
    });
    // The listener refers to this frame's locals: it goes with them, whichever way we leave.
    struct ListenerReset {
        WhatifView* view;
        ~ListenerReset() { view->set_live_listener({}); }
    } reset{v};
    StallMeter meter;
    meter.start();
    for (int e = 0; e < edits; ++e) {
        Accelerator acc = edge;
        const double factor = std::exp2(log2_factor(rng));
        acc.l2_size_bytes = std::max<std::int64_t>(1024, std::llround(static_cast<double>(edge.l2_size_bytes) * factor / 1024) * 1024);
        if (acc.l2_size_bytes == doc->study().accelerator.l2_size_bytes) acc.l2_size_bytes += 1024;
        delivered = false;
        clock.start();
        doc->set_accelerator(acc, "", "what-if benchmark: L2");
        if (!wait_until([&] { return delivered; }, kIdleTimeoutMs)) return "  what-if: an edit's answer did not come\n";
        update_ms.push_back(delivered_at);
        if (!wait_until([v] { return v->idle(); }, kIdleTimeoutMs)) return "  what-if: an edit's tornado did not come\n";
        tornado_ms.push_back(static_cast<double>(clock.nsecsElapsed()) / 1e6);
        tornado_run_ms.push_back(v->snapshot().table.wall_seconds * 1e3);
        designs.push_back(acc);
        live_latency.push_back(v->live().answer.latency_cycles);
        samples.push_back(static_cast<double>(v->live().answer.samples));
        wait_ms(100);
    }
    meter.stop();
    // How good the fast answers are: against a fresh 10,000-sample search of each design.
    const Model model = doc->study().model;
    for (std::size_t i = 0; i < designs.size(); ++i) {
        const std::int64_t fresh = fresh_search_latency(model, designs[i]);
        deviation.push_back(100.0 * (static_cast<double>(live_latency[i]) / static_cast<double>(fresh) - 1));
    }
    std::vector<double> abs_deviation;
    for (double d : deviation) abs_deviation.push_back(std::abs(d));
    QString out = QString("  what-if: ResNet-50 (torchvision, %1 unique shapes) on edge, %2 random L2 edits (x0.5-x2), %3 samples a shape at most\n")
                      .arg(v->live().answer.layers.size())
                      .arg(edits)
                      .arg(v->samples_box()->value());
    out += bench_row("what-if: edit until the network's figures", update_ms, "ms");
    out += bench_row("what-if: samples per answer (all shapes)", samples, "");
    out += bench_row("what-if: edit until the tornado's 14 bars", tornado_ms, "ms");
    out += bench_row("what-if: the tornado's own run", tornado_run_ms, "ms");
    out += QString("  %1 %2 ms over %3 ticks (longest %4 ms)\n")
               .arg("what-if: 99th-percentile stall", -44)
               .arg(percentile(meter.gaps_ms(), 0.99), 8, 'f', 1)
               .arg(meter.gaps_ms().size())
               .arg(percentile(meter.gaps_ms(), 1.0), 0, 'f', 1);
    out += bench_row("what-if: latency vs fresh 10,000-sample search", deviation, "%");
    out += QString("  %1 %2 %\n").arg("what-if: |latency - fresh search|, worst", -44).arg(percentile(abs_deviation, 1.0), 8, 'f', 2);
    if (json) {
        (*json)["whatif"] = QJsonObject{{"update_ms", json_array(update_ms)},
                                        {"tornado_ms", json_array(tornado_ms)},
                                        {"tornado_run_ms", json_array(tornado_run_ms)},
                                        {"samples", json_array(samples)},
                                        {"p99_stall_ms", percentile(meter.gaps_ms(), 0.99)},
                                        {"longest_stall_ms", percentile(meter.gaps_ms(), 1.0)},
                                        {"latency_vs_fresh_percent", json_array(deviation)}};
    }
    return out;
}

}  // namespace mapscape::ui
