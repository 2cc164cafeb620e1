// Long engine calls from Python (searches, schedules, sweeps, training): the work runs on a
// worker thread with the GIL released, while the calling thread wakes every 10 ms to check for
// Ctrl-C (PyErr_CheckSignals: a KeyboardInterrupt sets the engine's stop token, waits for the
// worker and propagates) and to call the progress callback, at most every 100 ms, on the calling
// thread. Engine exceptions travel back to the calling thread and are raised there.
//
// Every call is registered while it runs: a mapscape.Cancellation (a handle any thread may
// cancel, active in the `with` block of the thread that makes the call) stops the calls made
// under it, and at interpreter exit every call still running (a daemon thread's search) is
// stopped and waited for, so that none is torn down inside C++ (which aborted the process).
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <limits>
#include <atomic>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "common.hpp"

namespace mapscape::python {

// What a progress callback receives.
struct Progress {
    std::int64_t done = 0;   // units of work done (samples, runs, iterations, epochs: see unit)
    std::int64_t total = 0;  // planned (0: unknown)
    std::string unit = "samples";
    double best = std::numeric_limits<double>::quiet_NaN();   // best objective so far (NaN: none yet)
    double bound = std::numeric_limits<double>::quiet_NaN();  // what no result can beat (NaN: none)
    double elapsed_s = 0;
};

// The latest progress, written by the engine's threads and read by the calling thread.
class ProgressBoard {
public:
    template <typename Update>
    void update(Update&& update) {
        std::lock_guard lock(mutex_);
        update(latest_);
        fresh_ = true;
    }
    std::optional<Progress> take() {
        std::lock_guard lock(mutex_);
        if (!fresh_) return std::nullopt;
        fresh_ = false;
        return latest_;
    }

private:
    std::mutex mutex_;
    Progress latest_;
    bool fresh_ = false;
};

// A handle that stops the long calls made in its `with` block, from any thread: cancel() sets it
// (for good) and stops them; they raise mapscape.Cancelled.
class Cancellation {
public:
    void cancel();
    bool cancelled() const { return cancelled_.load(); }
    void attach(std::stop_source* call);
    void detach(std::stop_source* call);

private:
    std::atomic<bool> cancelled_{false};
    std::mutex mutex_;
    std::vector<std::stop_source*> calls_;
};

// The cancellation of the calling thread's innermost `with` block, or null.
Cancellation* current_cancellation();
void push_cancellation(Cancellation* c);
void pop_cancellation();

// A running call's registration: refused (RuntimeError) once the interpreter is exiting; stopped
// by stop_all_long_calls() and by its thread's Cancellation.
class LongCallRegistration {
public:
    explicit LongCallRegistration(std::stop_source& stop);
    ~LongCallRegistration();
    LongCallRegistration(const LongCallRegistration&) = delete;
    LongCallRegistration& operator=(const LongCallRegistration&) = delete;

private:
    std::stop_source* stop_;
    Cancellation* cancellation_;
};

// At exit (atexit): stops every running call and waits, GIL released, until they have returned
// (at most `seconds`); later calls are refused.
void stop_all_long_calls(double seconds);

// Raised when a Cancellation stopped the call.
[[noreturn]] void throw_cancelled();

inline constexpr std::chrono::milliseconds kSignalCheckInterval{10};
inline constexpr std::chrono::milliseconds kProgressInterval{100};

// Runs work(stop, board) on a worker thread and returns its result. Called with the GIL held.
// `progress` is None or a callable taking a Progress.
template <typename Work>
auto run_long_call(Work&& work, const py::object& progress) -> decltype(work(std::stop_token{}, std::declval<ProgressBoard&>())) {
    using Result = decltype(work(std::stop_token{}, std::declval<ProgressBoard&>()));
    std::stop_source stop;
    const LongCallRegistration registration(stop);
    Cancellation* const cancellation = current_cancellation();
    ProgressBoard board;
    std::optional<Result> result;
    std::exception_ptr error;
    std::mutex mutex;
    std::condition_variable finished_cv;
    bool finished = false;

    std::thread worker([&] {
        try {
            result.emplace(work(stop.get_token(), board));
        } catch (...) {
            error = std::current_exception();
        }
        std::lock_guard lock(mutex);
        finished = true;
        finished_cv.notify_all();
    });
    auto wait_for_worker = [&] {
        py::gil_scoped_release release;
        worker.join();
    };

    const bool report = !progress.is_none();
    auto last_report = std::chrono::steady_clock::now() - kProgressInterval;
    for (;;) {
        bool done;
        {
            py::gil_scoped_release release;
            std::unique_lock lock(mutex);
            done = finished_cv.wait_for(lock, kSignalCheckInterval, [&] { return finished; });
        }
        if (done) break;
        if (cancellation && cancellation->cancelled()) {
            stop.request_stop();
            wait_for_worker();
            throw_cancelled();
        }
        if (PyErr_CheckSignals() != 0) {  // KeyboardInterrupt (or another signal handler's exception)
            stop.request_stop();
            wait_for_worker();
            throw py::error_already_set();
        }
        if (report && std::chrono::steady_clock::now() - last_report >= kProgressInterval) {
            if (std::optional<Progress> p = board.take()) {
                last_report = std::chrono::steady_clock::now();
                try {
                    progress(*p);
                } catch (...) {  // the callback raised: stop the work and raise it
                    stop.request_stop();
                    wait_for_worker();
                    throw;
                }
            }
        }
    }
    wait_for_worker();
    // Stopped by its Cancellation (the worker may have returned what it had by then): raise.
    if (cancellation && cancellation->cancelled()) throw_cancelled();
    if (error) std::rethrow_exception(error);
    return std::move(*result);
}

}  // namespace mapscape::python
