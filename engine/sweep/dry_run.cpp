#include "sweep/dry_run.hpp"

#include <algorithm>
#include <chrono>
#include <map>

#include "sweep/run_result.hpp"

namespace mapscape {

DryRunEstimate estimate_sweep(const SweepPlan& plan, const std::unordered_set<std::string>& done, int threads,
                              int max_sample_runs, std::int64_t max_samples_per_layer) {
    const auto start = std::chrono::steady_clock::now();
    DryRunEstimate e;
    e.planned = static_cast<std::int64_t>(plan.size());
    std::vector<std::size_t> pending;
    for (std::size_t i = 0; i < plan.size(); ++i)
        if (!done.contains(plan.run_id(i))) pending.push_back(i);
    e.to_run = static_cast<std::int64_t>(pending.size());
    e.already_done = e.planned - e.to_run;
    if (pending.empty()) return e;

    // The first pending run of each algorithm, in spec order.
    std::map<std::size_t, std::size_t> sample_of_algorithm;  // algorithm axis index -> run
    for (std::size_t i : pending) {
        if (static_cast<int>(sample_of_algorithm.size()) >= max_sample_runs) break;
        sample_of_algorithm.try_emplace(plan.point(i).algorithm, i);
    }
    std::map<std::size_t, double> rate_of_algorithm;
    double rate_sum = 0;
    for (const auto& [algorithm, index] : sample_of_algorithm) {
        RunTask task = plan.task(index);
        task.budget_samples = std::min(task.budget_samples, max_samples_per_layer);
        task.codesign.budget = std::min(task.codesign.budget, max_samples_per_layer);  // co-design: designs per model
        const bool fixed = task.kind == RunKind::Search && task.algorithm.kind == Algorithm::Kind::Fixed;
        const RunResult r = execute_run(task, threads);
        // Per sample it took (a co-design method may take fewer than its budget).
        const double samples = task.kind == RunKind::Codesign ? static_cast<double>(r.samples) : static_cast<double>(task.budget_samples);
        double units = static_cast<double>(task.layer_numbers.size()) * (fixed ? 1.0 : samples);
        if (task.kind == RunKind::Schedule)  // as work_estimate counts it: jobs x samples per group x cores
            units = static_cast<double>(task.layer_numbers.size()) *
                    (task.schedule_algorithm.kind == ScheduleAlgorithm::Kind::Heuristic ? 1.0 : samples) *
                    static_cast<double>(task.platform.cores.size());
        const double rate = r.wall_seconds / std::max(1.0, units);
        rate_of_algorithm[algorithm] = rate;
        rate_sum += rate;
        e.rates.push_back({plan.spec().algorithms[algorithm].name, rate});
    }
    const double mean_rate = rate_sum / static_cast<double>(rate_of_algorithm.size());
    e.min_run_seconds = 1e300;
    for (std::size_t i : pending) {
        const auto it = rate_of_algorithm.find(plan.point(i).algorithm);
        const double seconds = plan.work_estimate(i) * (it == rate_of_algorithm.end() ? mean_rate : it->second);
        e.total_seconds += seconds;
        e.min_run_seconds = std::min(e.min_run_seconds, seconds);
        e.max_run_seconds = std::max(e.max_run_seconds, seconds);
    }
    e.mean_run_seconds = e.total_seconds / static_cast<double>(pending.size());
    e.sampling_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return e;
}

}  // namespace mapscape
