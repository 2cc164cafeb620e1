// `mapscape --benchmark-results N`: how responsive the results database view stays with N runs.
// It writes a synthetic database of N runs to a temporary directory, opens it in the window,
// then filters, types, sorts and changes the scatter as a user would, one step at a time, and
// prints the longest event-loop stall of each step (a 1 ms timer measures the gaps between its
// ticks, so the figure includes repainting).
#pragma once

#include <functional>

namespace mapscape::ui {

class MainWindow;

void run_results_benchmark(MainWindow& window, int runs, std::function<void(int)> done);

}  // namespace mapscape::ui
