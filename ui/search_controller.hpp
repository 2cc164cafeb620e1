// Runs searches on a worker thread. The search's sinks append to a buffer under a lock; a 40 ms
// timer on the GUI thread takes what accumulated and emits it, so bursts of events cost one
// repaint. Each run has an id: a newer run supersedes an older one, whose later events are
// dropped; Stop asks the search to end through its stop token (checked between batches).
#pragma once

#include <QObject>
#include <QTimer>

#include <atomic>
#include <memory>
#include <mutex>
#include <stop_token>
#include <thread>
#include <vector>

#include "point_store.hpp"
#include "study/study.hpp"

namespace mapscape::ui {

struct RunProgress {
    int run = 0;
    std::int64_t samples = 0;
    std::int64_t budget = 0;
    std::int64_t valid_samples = 0;
    double elapsed_seconds = 0;
    double best_objective = 0;  // of the first layer of the run, +inf while none
};

class SearchController : public QObject {
    Q_OBJECT
public:
    explicit SearchController(QObject* parent = nullptr);
    ~SearchController() override;

    // Starts a search of `layers` (0-based) of the study's model as run `id` (ids must not clash
    // with the study's earlier runs).
    int start(const Study& study, const SearchSettings& settings, const std::vector<int>& layers, int id);
    void stop();
    bool running() const;
    int current_run() const;
    // Finishes the current run synchronously (tests).
    void wait();
    // Where the search threads put the points they evaluate (the scatter chart's store).
    void set_point_store(std::shared_ptr<SharedPointStore> store) { points_ = std::move(store); }

signals:
    void progress(const RunProgress& progress);
    void finished(const SearchRun& run);

private:
    struct Run;
    void drain();

    QTimer timer_;
    std::shared_ptr<SharedPointStore> points_;
    std::shared_ptr<Run> current_;
    std::vector<std::shared_ptr<Run>> retired_;  // superseded runs still winding down
};

}  // namespace mapscape::ui

Q_DECLARE_METATYPE(mapscape::ui::RunProgress)
