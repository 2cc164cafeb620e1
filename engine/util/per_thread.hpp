// A per-thread object allocated on the thread's first use. Static thread_local objects of the
// executable live in every thread's static TLS block, which is copied (its initialised part)
// and faulted in at each thread's start and at process start, even in threads and commands
// that never evaluate a mapping: with the analysis caches that was half a megabyte per thread.
#pragma once

#include <memory>

namespace mapscape {

template <typename T>
T& per_thread() {
    static thread_local std::unique_ptr<T> object;
    if (!object) [[unlikely]]
        object = std::make_unique<T>();
    return *object;
}

}  // namespace mapscape
