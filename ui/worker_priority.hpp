// Background searches must not take the CPU from the GUI thread: they use one core fewer than
// the machine has and run at a lower scheduling priority.
#pragma once

namespace mapscape::ui {

// Threads for a background search (at least one).
int background_threads();
// Lowers the calling thread's priority (Linux: a nice value of 10 for this thread only).
void lower_this_thread_priority();

}  // namespace mapscape::ui
