// The one shape of every long run the window starts (mapping searches, schedules, co-design):
// the work runs on a pooled thread (pooled_threads.hpp) at low priority and posts what it has to say into a
// mailbox of its owner's; a timer on the GUI thread asks the owner to deliver the mailbox's
// contents every 40 ms (every 5 ms while a stopped run winds down). Delivery must never wait
// for a lock the worker holds (a worker preempted while holding it would freeze the window for
// as long as the scheduler keeps it waiting): it takes the lock with try_lock and, when that
// fails, says so and is asked again at the next tick. A newer run supersedes an older one,
// whose later posts are no longer delivered; Stop asks the work to end through its stop token.
#pragma once

#include <QObject>
#include <QTimer>

#include <atomic>
#include <functional>
#include <memory>
#include <stop_token>
#include <vector>

namespace mapscape::ui {

// What the work sees of its run.
struct RunContext {
    int id = 0;
    std::stop_token stop;
    const std::atomic<bool>* superseded = nullptr;  // a newer run replaced this one
    bool is_superseded() const { return superseded && superseded->load(std::memory_order_relaxed); }
};

class RunController : public QObject {
    Q_OBJECT
public:
    // Runs on the worker thread until the run is over (finished or stopped).
    using Work = std::function<void(const RunContext&)>;
    // Runs on the GUI thread at every tick of the current run: `finished` tells whether the
    // work has returned. Returns false when it could not take what it needed (a busy lock) and
    // must be asked again; when `finished` and it returns true, the run is over for the window.
    using Deliver = std::function<bool(int run, bool finished)>;

    explicit RunController(QObject* parent = nullptr);
    ~RunController() override;

    void start(int id, Work work, Deliver deliver);
    // How often the window asks the current run for what it has (40 ms: a search's stream of
    // points). A short run whose one answer the user waits for asks more often.
    void set_deliver_interval(int ms) { deliver_every_ms_ = ms; }
    void stop();
    bool running() const { return current_ != nullptr; }
    int current_run() const;
    // Waits for the current run's work and delivers its end (tests, scripted runs).
    void wait();

signals:
    void run_over(int run);

private:
    struct Run;
    void tick();

    QTimer timer_;
    int deliver_every_ms_ = 40;
    std::shared_ptr<Run> current_;
    std::vector<std::shared_ptr<Run>> retired_;  // superseded runs still winding down
};

}  // namespace mapscape::ui
