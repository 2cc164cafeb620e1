// Lets many threads take turns on fewer cores: at most `slots` threads hold a turn at once, and
// a holder that yields goes to the back of the queue, behind every thread already waiting. The
// window's whole-model searches use it to advance all layers together (one batch each in turn)
// instead of one layer after another, so the model's objective exists from the first
// generations on and can be watched converging.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace mapscape {

class TurnGate {
public:
    explicit TurnGate(int slots) : admitted_(static_cast<std::uint64_t>(slots < 1 ? 1 : slots)) {}

    // A place in the queue; taking the tickets of several threads up front (in the order they
    // should start) decides their order before any of them is scheduled.
    std::uint64_t take_ticket() {
        std::lock_guard lock(mutex_);
        return next_ticket_++;
    }
    void wait_for(std::uint64_t ticket) {
        std::unique_lock lock(mutex_);
        turn_.wait(lock, [&] { return ticket < admitted_; });
    }
    void acquire() { wait_for(take_ticket()); }
    void release() {
        {
            std::lock_guard lock(mutex_);
            ++admitted_;
        }
        turn_.notify_all();
    }
    // Passes the turn to the threads waiting, then waits for the next one. The release and the
    // new place in the queue are one step: a thread preempted in between would otherwise queue
    // behind threads that yielded after it.
    void yield() {
        std::unique_lock lock(mutex_);
        ++admitted_;
        const std::uint64_t ticket = next_ticket_++;
        turn_.notify_all();
        turn_.wait(lock, [&] { return ticket < admitted_; });
    }

private:
    std::mutex mutex_;
    std::condition_variable turn_;
    std::uint64_t next_ticket_ = 0;
    std::uint64_t admitted_;  // tickets below this hold or held a turn
};

}  // namespace mapscape
