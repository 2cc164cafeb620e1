// `sweep --dry-run`: how many runs a spec makes, how many a database already holds, and an
// estimate of the time per run from a few sample runs with a capped budget (a run's time grows
// with its layers times its samples per layer; fixed dataflows take one sample per layer).
#pragma once

#include <cstdint>
#include <string>
#include <unordered_set>
#include <vector>

#include "sweep/run_plan.hpp"

namespace mapscape {

struct AlgorithmRate {
    std::string algorithm;
    double seconds_per_unit = 0;  // per layer x sample, from one run with the capped budget
};

struct DryRunEstimate {
    std::int64_t planned = 0;
    std::int64_t already_done = 0;
    std::int64_t to_run = 0;
    std::vector<AlgorithmRate> rates;  // measured per algorithm
    double mean_run_seconds = 0;       // estimated, over the runs to do
    double min_run_seconds = 0, max_run_seconds = 0;
    double total_seconds = 0;          // one rank with the given threads
    double sampling_seconds = 0;       // what measuring took
};

// Runs at most one sample per algorithm (up to `max_sample_runs`), each with at most
// `max_samples_per_layer` samples per layer, with `threads` threads.
DryRunEstimate estimate_sweep(const SweepPlan& plan, const std::unordered_set<std::string>& done, int threads,
                              int max_sample_runs = 8, std::int64_t max_samples_per_layer = 1000);

}  // namespace mapscape
