// Runs the LLM view's sweep (llm_sweep.hpp) through the run controller: on a worker thread, the
// bound at every batch and the knee first (microseconds), then a search of the phase at each
// batch, the readout's batch first; the window receives what is new at most every 40 ms. A new
// sweep (the accelerator was edited) supersedes the running one, whose stop token is raised and
// whose later results are dropped, so a burst of edits ends with the last design's figures only.
#pragma once

#include <QObject>

#include <string>
#include <vector>

#include "llm_sweep.hpp"
#include "run_controller.hpp"

namespace mapscape::ui {

struct LlmSweepSnapshot {
    int run = 0;
    std::vector<std::int64_t> batches;       // what the chart spans
    std::int64_t knee_batch = 0;             // sweep_knee_batch's answer
    std::vector<LlmBoundPoint> bounds;       // one per batch, once known
    std::vector<LlmSearchedPoint> searched;  // in the order they were searched
    bool finished = false, stopped = false;
    std::string error;  // the phase could not be built
};

class LlmController : public QObject {
    Q_OBJECT
  public:
    explicit LlmController(QObject* parent = nullptr);

    // Starts a sweep; returns its id. Supersedes the running one.
    int start(const LlmSweepSettings& settings);
    void stop() { runs_.stop(); }
    bool running() const { return runs_.running(); }
    int current_run() const { return runs_.current_run(); }
    // Waits for the current sweep and delivers its end (tests, screenshots).
    void wait() { runs_.wait(); }
    // The settings of the newest sweep started.
    const LlmSweepSettings& settings() const { return settings_; }

  signals:
    void updated(const LlmSweepSnapshot& snapshot);
    void run_over(int run);  // after its last snapshot: running() is false from here

  private:
    RunController runs_;
    LlmSweepSettings settings_;
    int next_id_ = 1;
};

}  // namespace mapscape::ui

Q_DECLARE_METATYPE(mapscape::ui::LlmSweepSnapshot)
