#include "util/thread_pool.hpp"

#include <algorithm>
#include <string>

#include "util/diagnostic.hpp"

namespace mapscape {

int resolve_thread_count(long long requested, const char* option) {
    if (requested < 0 || requested > kMaxThreads)
        throw InputError({option, 0, 0}, "the thread count is from 0 (one per core) to " + std::to_string(kMaxThreads) + ", not " +
                                             std::to_string(requested));
    return requested > 0 ? static_cast<int>(requested) : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

ThreadPool::ThreadPool(int threads) {
    for (int i = 1; i < threads; ++i) workers_.emplace_back([this] { work(); });
}

ThreadPool::~ThreadPool() {
    {
        std::lock_guard lock(mutex_);
        quit_ = true;
    }
    wake_.notify_all();
    for (auto& t : workers_) t.join();
}

void ThreadPool::parallel_for(std::size_t n, const std::function<void(std::size_t)>& body) {
    if (workers_.empty() || n < 2) {
        for (std::size_t i = 0; i < n; ++i) body(i);
        return;
    }
    std::unique_lock lock(mutex_);
    body_ = &body;
    next_ = 0;
    count_ = n;
    busy_ = workers_.size();
    ++round_;
    lock.unlock();
    wake_.notify_all();
    // The calling thread works too.
    while (true) {
        lock.lock();
        if (next_ >= count_) break;
        const std::size_t i = next_++;
        lock.unlock();
        body(i);
    }
    done_.wait(lock, [this] { return busy_ == 0; });
    body_ = nullptr;
}

void ThreadPool::work() {
    std::size_t seen_round = 0;
    std::unique_lock lock(mutex_);
    while (true) {
        wake_.wait(lock, [&] { return quit_ || round_ != seen_round; });
        if (quit_) return;
        seen_round = round_;
        while (next_ < count_) {
            const std::size_t i = next_++;
            lock.unlock();
            (*body_)(i);
            lock.lock();
        }
        if (--busy_ == 0) done_.notify_all();
    }
}

}  // namespace mapscape
