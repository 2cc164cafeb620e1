// Runs the What-if view's sensitivity table (search/sensitivity.hpp) through the run controller:
// on a worker thread, the whole network searched again for each knob at x0.5 and x2; the window
// receives the table once it is whole. A new run (the accelerator, technology, precision or model
// was edited) supersedes the running one, whose stop token is raised and whose table is dropped,
// so a burst of edits ends with the last design's table only.
#pragma once

#include <QObject>

#include <string>

#include "run_controller.hpp"
#include "search/sensitivity.hpp"

namespace mapscape::ui {

struct WhatifSnapshot {
    int run = 0;
    SensitivityTable table;
    bool finished = false, stopped = false;
    std::string error;  // the search refused the setup
};

class WhatifController : public QObject {
    Q_OBJECT
  public:
    explicit WhatifController(QObject* parent = nullptr);

    // Starts a run; returns its id. Supersedes the running one.
    int start(const SensitivityRequest& request);
    void stop() { runs_.stop(); }
    bool running() const { return runs_.running(); }
    // Waits for the current run and delivers its end (tests, screenshots).
    void wait() { runs_.wait(); }
    // The request of the newest run started.
    const SensitivityRequest& request() const { return request_; }

  signals:
    void updated(const WhatifSnapshot& snapshot);
    void run_over(int run);

  private:
    RunController runs_;
    SensitivityRequest request_;
    int next_id_ = 1;
};

}  // namespace mapscape::ui

Q_DECLARE_METATYPE(mapscape::ui::WhatifSnapshot)
