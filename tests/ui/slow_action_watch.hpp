// What a slow monkey action was doing. Under a busy machine an action's wall time mostly measures
// the neighbours, so each action also gets the GUI thread's own CPU time and how often the thread
// waited (a lock, a join, a file) or was preempted; and when one runs past a limit, a watchdog
// thread has the GUI thread print its stack while it is still stuck. Found that way: a GUI
// thread waiting 1.2 s in dladdr for the loader lock a low-priority worker held.
#pragma once

#include <execinfo.h>
#include <pthread.h>
#include <sys/resource.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <ctime>
#include <thread>

namespace mapscape::ui::testing {

struct ActionCost {
    double cpu_ms = 0;
    long waits = 0, preemptions = 0;
};

class SlowActionWatch {
public:
    explicit SlowActionWatch(std::chrono::milliseconds stack_after) : gui_(pthread_self()), limit_(stack_after) {
        void* warm[1];
        backtrace(warm, 1);  // loads libgcc_s now: the first call allocates, which a signal handler must not
        std::signal(SIGUSR1, print_stack);
        watchdog_ = std::thread([this] { watch(); });
    }
    ~SlowActionWatch() {
        done_ = true;
        watchdog_.join();
        std::signal(SIGUSR1, SIG_DFL);
    }
    // Called on the GUI thread around each action.
    void begin() {
        started_ = now().count();
        before_ = measure();
    }
    ActionCost end() {
        started_ = -1;
        ActionCost after = measure();
        return {after.cpu_ms - before_.cpu_ms, after.waits - before_.waits, after.preemptions - before_.preemptions};
    }

private:
    static std::chrono::milliseconds now() {
        return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch());
    }
    static ActionCost measure() {
        timespec ts{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        rusage ru{};
        getrusage(RUSAGE_THREAD, &ru);
        return {static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6, ru.ru_nvcsw, ru.ru_nivcsw};
    }
    static void print_stack(int) {  // no allocation once backtrace is loaded (the constructor)
        void* frames[64];
        backtrace_symbols_fd(frames, backtrace(frames, 64), 2);
    }
    void watch() {
        long long reported = -1;
        while (!done_) {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            const long long started = started_.load();
            if (started >= 0 && started != reported && now().count() - started > limit_.count()) {
                reported = started;
                pthread_kill(gui_, SIGUSR1);
            }
        }
    }

    pthread_t gui_;
    std::chrono::milliseconds limit_;
    std::atomic<long long> started_{-1};
    std::atomic<bool> done_{false};
    ActionCost before_;
    std::thread watchdog_;
};

}  // namespace mapscape::ui::testing
