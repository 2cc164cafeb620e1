// Runs mapping searches for the window (through the run controller: worker thread, batched
// delivery, stale runs dropped, Stop). The search threads add every point to the scatter's
// store and post per-layer progress; the window receives progress every 40 ms. A whole-model
// run interleaves its layers (ModelSearchRequest::interleave_layers), so the model's objective,
// the sum of the layers' bests, exists from the first generations on.
#pragma once

#include <QObject>

#include <limits>
#include <memory>
#include <vector>

#include "point_store.hpp"
#include "run_controller.hpp"
#include "study/study.hpp"

namespace mapscape::ui {

struct RunProgress {
    int run = 0;
    std::int64_t samples = 0;
    std::int64_t budget = 0;
    std::int64_t valid_samples = 0;
    double elapsed_seconds = 0;
    std::vector<int> layers;                 // the run's layers (0-based)
    std::vector<double> layer_best;          // best objective per layer, +inf while none
    std::vector<std::int64_t> layer_samples;
    // What the run optimises for what it searches: the layer's best for one layer, the sum of
    // the layers' bests for several (+inf until every layer has one).
    double best_objective = std::numeric_limits<double>::infinity();
};

class SearchController : public QObject {
    Q_OBJECT
public:
    explicit SearchController(QObject* parent = nullptr);

    // Starts a search of `layers` (0-based) of the study's model as run `id` (ids must not clash
    // with the study's earlier runs).
    int start(const Study& study, const SearchSettings& settings, const std::vector<int>& layers, int id);
    void stop() { runs_.stop(); }
    bool running() const { return runs_.running(); }
    int current_run() const { return runs_.current_run(); }
    // Finishes the current run synchronously (tests).
    void wait() { runs_.wait(); }
    // Where the search threads put the points they evaluate (the scatter chart's store).
    void set_point_store(std::shared_ptr<SharedPointStore> store) { points_ = std::move(store); }

signals:
    void progress(const RunProgress& progress);
    void finished(const SearchRun& run);

private:
    RunController runs_;
    std::shared_ptr<SharedPointStore> points_;
};

}  // namespace mapscape::ui

Q_DECLARE_METATYPE(mapscape::ui::RunProgress)
