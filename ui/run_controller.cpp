#include "run_controller.hpp"

#include <thread>

#include "worker_priority.hpp"

namespace mapscape::ui {

namespace {
constexpr int kStoppingEveryMs = 5;  // while a stopped run winds down
}  // namespace

struct RunController::Run {
    int id = 0;
    std::stop_source stop;
    std::atomic<bool> superseded{false};
    std::atomic<bool> finished{false};
    Deliver deliver;
    std::jthread thread;  // last: joined first on destruction
};

RunController::RunController(QObject* parent) : QObject(parent) {
    timer_.setInterval(deliver_every_ms_);
    connect(&timer_, &QTimer::timeout, this, &RunController::tick);
}

RunController::~RunController() {
    if (current_) current_->stop.request_stop();
    for (auto& r : retired_) r->stop.request_stop();
}

void RunController::start(int id, Work work, Deliver deliver) {
    if (current_) {
        current_->superseded = true;
        current_->stop.request_stop();
        retired_.push_back(current_);
    }
    auto run = std::make_shared<Run>();
    run->id = id;
    run->deliver = std::move(deliver);
    Run* raw = run.get();
    run->thread = std::jthread([raw, work = std::move(work)] {
        lower_this_thread_priority();
        work(RunContext{raw->id, raw->stop.get_token(), &raw->superseded});
        raw->finished = true;
    });
    current_ = run;
    timer_.setInterval(deliver_every_ms_);
    if (!timer_.isActive()) timer_.start();
}

int RunController::current_run() const { return current_ ? current_->id : 0; }

void RunController::stop() {
    if (!current_) return;
    current_->stop.request_stop();
    // Ask quickly until the stopped run has delivered its end, so the user sees Stop take
    // effect at once rather than at the next regular tick.
    timer_.setInterval(kStoppingEveryMs);
    if (!timer_.isActive()) timer_.start();
}

void RunController::wait() {
    if (!current_) return;
    if (current_->thread.joinable()) current_->thread.join();
    while (current_) tick();
}

void RunController::tick() {
    std::erase_if(retired_, [](const std::shared_ptr<Run>& r) {
        if (!r->finished.load()) return false;
        if (r->thread.joinable()) r->thread.join();
        return true;
    });
    if (!current_) {
        if (retired_.empty()) timer_.stop();
        return;
    }
    const std::shared_ptr<Run> run = current_;
    const bool finished = run->finished.load();
    if (!run->deliver(run->id, finished) || !finished) return;
    // A delivery that started another run on this controller (or ran an event loop that did)
    // leaves that one current: this run is over, the new one is not.
    if (run->thread.joinable()) run->thread.join();
    const int id = run->id;
    if (current_ == run) current_.reset();
    timer_.setInterval(deliver_every_ms_);
    if (!current_ && retired_.empty()) timer_.stop();
    emit run_over(id);
}

}  // namespace mapscape::ui
