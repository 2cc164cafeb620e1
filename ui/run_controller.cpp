#include "run_controller.hpp"

#include <future>

#include "pooled_threads.hpp"
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
    // Ready once the work has returned (its pooled thread touches the run no more). A run is
    // never destroyed before: as a joined thread was.
    std::future<void> done;
    ~Run() { wait_done(); }
    void wait_done() {
        if (done.valid()) done.wait();
    }
    bool work_over() const { return finished.load(); }
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
    auto over = std::make_shared<std::promise<void>>();
    run->done = over->get_future();
    // A pooled thread, not a new one: creating a thread from here could wait on the loader's
    // lock for as long as a plugin takes to open (pooled_threads.hpp).
    run_on_pooled_thread([raw, over, work = std::move(work)]() mutable {
        lower_this_thread_priority();
        work(RunContext{raw->id, raw->stop.get_token(), &raw->superseded});
        work = nullptr;  // its captures go before the run is over, as with a thread of its own
        raw->finished = true;
        over->set_value();  // the last touch of the run: it may be destroyed from here on
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
    current_->wait_done();
    while (current_) tick();
}

void RunController::tick() {
    std::erase_if(retired_, [](const std::shared_ptr<Run>& r) {
        if (!r->finished.load()) return false;
        r->wait_done();
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
    run->wait_done();
    const int id = run->id;
    if (current_ == run) current_.reset();
    timer_.setInterval(deliver_every_ms_);
    if (!current_ && retired_.empty()) timer_.stop();
    emit run_over(id);
}

}  // namespace mapscape::ui
