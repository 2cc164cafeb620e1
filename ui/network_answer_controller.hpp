// Runs the What-if tab's live network answer (search/network_answer.hpp) through the run
// controller: the whole network searched again on a worker thread after an edit, each shape's
// search warm-started from the previous design's answer. A new run (another edit) supersedes the
// running one, whose stop token is raised and whose answer is dropped, so a burst of edits ends
// with the last design's answer only.
#pragma once

#include <QObject>

#include <memory>
#include <string>

#include "run_controller.hpp"
#include "search/network_answer.hpp"

namespace mapscape::ui {

struct NetworkAnswerSnapshot {
    int run = 0;
    NetworkAnswer answer;
    bool finished = false, stopped = false;
    std::string error;  // the search refused the setup
};

class NetworkAnswerController : public QObject {
    Q_OBJECT
  public:
    explicit NetworkAnswerController(QObject* parent = nullptr);

    // Starts a run seeded from `previous` (may be null); returns its id. Supersedes the running one.
    int start(const NetworkAnswerRequest& request, std::shared_ptr<const NetworkAnswer> previous);
    void stop() { runs_.stop(); }
    bool running() const { return runs_.running(); }
    void wait() { runs_.wait(); }
    const NetworkAnswerRequest& request() const { return request_; }

  signals:
    void updated(const mapscape::ui::NetworkAnswerSnapshot& snapshot);

  private:
    RunController runs_;
    NetworkAnswerRequest request_;
    int next_id_ = 1;
};

}  // namespace mapscape::ui

Q_DECLARE_METATYPE(mapscape::ui::NetworkAnswerSnapshot)
