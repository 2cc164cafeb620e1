#include "worker_priority.hpp"

#include <algorithm>
#include <thread>

#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace mapscape::ui {

int background_threads() { return std::max(1, static_cast<int>(std::thread::hardware_concurrency()) - 1); }

void lower_this_thread_priority() {
#ifdef __linux__
    setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 10);
#endif
}

}  // namespace mapscape::ui
