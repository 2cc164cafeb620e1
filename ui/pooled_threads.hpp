// Threads for the window's background runs that the GUI thread never creates itself. Creating a
// thread takes the dynamic loader's TLS lock, which dlopen holds while it maps and relocates a
// library: opening the libtorch plugin on a worker (the Surrogate tab) held it for up to a second,
// and a run started from the GUI thread meanwhile (an accelerator edit's what-if answer) froze the
// window that long. Here the GUI thread only queues work; a spawner thread, started once with the
// window, creates a worker whenever none is idle, so no run waits for another to end.
#pragma once

#include <functional>

namespace mapscape::ui {

// Starts the spawner and two idle workers (the window does this at start-up, before any plugin
// is opened); later calls do nothing.
void start_pooled_threads();

// Runs `task` on a pooled thread and returns at once. `task` must not throw.
void run_on_pooled_thread(std::function<void()> task);

}  // namespace mapscape::ui
