#include "pooled_threads.hpp"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

namespace mapscape::ui {

namespace {

class PooledThreads {
public:
    PooledThreads() : spawner_([this] { spawn_loop(); }) {
        std::lock_guard lock(mutex_);
        wanted_ = 2;
        spawn_wanted_.notify_one();
    }

    // At exit: the workers finish what they run (every run has been stopped and waited for by
    // its controller by then) and end.
    ~PooledThreads() {
        {
            std::lock_guard lock(mutex_);
            closing_ = true;
        }
        spawn_wanted_.notify_all();
        work_ready_.notify_all();
        spawner_.join();
        for (std::thread& w : workers_) w.join();
    }

    void post(std::function<void()> task) {
        std::lock_guard lock(mutex_);
        queue_.push_back(std::move(task));
        // Idle workers not yet promised a task: none left, so one more is made.
        if (idle_ < static_cast<int>(queue_.size())) {
            ++wanted_;
            spawn_wanted_.notify_one();
        }
        work_ready_.notify_one();
    }

private:
    void spawn_loop() {
        std::unique_lock lock(mutex_);
        while (true) {
            spawn_wanted_.wait(lock, [this] { return closing_ || wanted_ > 0; });
            if (closing_) return;
            --wanted_;
            lock.unlock();
            std::thread worker([this] { work_loop(); });  // may wait on the loader's lock: not the GUI thread
            lock.lock();
            workers_.push_back(std::move(worker));
        }
    }

    void work_loop() {
        std::unique_lock lock(mutex_);
        while (true) {
            ++idle_;
            work_ready_.wait(lock, [this] { return closing_ || !queue_.empty(); });
            --idle_;
            if (queue_.empty()) return;  // closing, nothing left
            std::function<void()> task = std::move(queue_.front());
            queue_.pop_front();
            lock.unlock();
            task();
            task = nullptr;  // its captures go on this thread, before it is idle again
            lock.lock();
        }
    }

    std::mutex mutex_;
    std::condition_variable spawn_wanted_, work_ready_;
    std::deque<std::function<void()>> queue_;
    int idle_ = 0, wanted_ = 0;
    bool closing_ = false;
    std::vector<std::thread> workers_;
    std::thread spawner_;  // last: started once the members above exist
};

PooledThreads& pool() {
    static PooledThreads threads;
    return threads;
}

}  // namespace

void start_pooled_threads() { pool(); }

void run_on_pooled_thread(std::function<void()> task) { pool().post(std::move(task)); }

}  // namespace mapscape::ui
