// `mapscape --bench-ui`: how responsive the window stays, measured as a user feels it. The
// event loop's stalls (the time between two ticks of a 5 ms timer) while a search and while a
// schedule search run, how long Stop takes to show its effect, how long an edit takes to
// re-evaluate, and every chart's repaint and stalls with 200,000 points (chart_benchmark.hpp);
// each over several runs, once on a quiet machine and once beside competing CPU-bound
// processes. Tight figures live here, not in tests, which must pass on a loaded machine.
#pragma once

#include <QString>

namespace mapscape::ui {

struct UiBenchOptions {
    int runs = 3;             // repetitions of each live scenario
    double seconds = 4.0;     // how long each live scenario is watched before Stop
    int competing_processes = -1;  // busy processes for the loaded pass; -1: one per CPU; 0: no loaded pass
    QString json_path;        // also write the figures as JSON
    bool charts_only = false;  // only the charts section (no live searches, schedules, co-designs)
    QString chart_filter;      // only the charts whose name contains it
    bool whatif_only = false;  // only the What-if tab's live answer (whatif_benchmark.hpp)
    int whatif_edits = 20;
};

// Runs the benchmark in a window of its own and prints a table; returns the exit code.
int run_ui_benchmark(const UiBenchOptions& options);

}  // namespace mapscape::ui
