// A small fixed pool of worker threads for data-parallel loops (batch evaluation). The caller
// takes part, so a pool of n threads has n - 1 workers.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace mapscape {

// The most threads any request may ask for: enough for any machine this runs on, and far below
// what exhausts a process (a hostile 65536 once made every fork fail).
inline constexpr int kMaxThreads = 256;

// A requested thread count: 0 means one per core; 1 to kMaxThreads as given; anything else is an
// InputError at `option` ("--threads", which front ends name as their own keyword).
int resolve_thread_count(long long requested, const char* option = "--threads");

class ThreadPool {
public:
    explicit ThreadPool(int threads);
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    int threads() const { return static_cast<int>(workers_.size()) + 1; }
    // Calls body(i) for i in [0, n), spread over the threads; returns when all are done.
    // body must not throw.
    void parallel_for(std::size_t n, const std::function<void(std::size_t)>& body);

private:
    void work();

    std::vector<std::thread> workers_;
    std::mutex mutex_;
    std::condition_variable wake_, done_;
    const std::function<void(std::size_t)>* body_ = nullptr;
    std::size_t next_ = 0, count_ = 0, busy_ = 0;
    std::size_t round_ = 0;
    bool quit_ = false;
};

}  // namespace mapscape
