#include "schedule/schedule_request.hpp"
#include "tech/technology_choice.hpp"
#include "util/thread_pool.hpp"

#include <algorithm>
#include <thread>

#include "schedule/job_analysis.hpp"
#include "schedule/platform.hpp"
#include "util/closest_name.hpp"
#include "util/diagnostic.hpp"

namespace mapscape {

ScheduleAlgorithm schedule_algorithm(const std::string& name) {
    auto a = parse_schedule_algorithm(name);
    if (!a) {
        std::string known;
        for (const auto& n : schedule_algorithm_names()) known += (known.empty() ? "" : ", ") + n;
        throw InputError({"--algo", 0, 0}, "unknown scheduling algorithm \"" + name + "\"" +
                                               did_you_mean(name, schedule_algorithm_names()) + " (known: " + known + ")");
    }
    // A scheduler from a plugin (a2c, ppo2) says here why it cannot run (its plugin did not load).
    if (const std::string why = schedule_algorithm_problem(*a); !why.empty()) throw InputError({"--algo", 0, 0}, why);
    return *a;
}

WorkloadScheduleRequest make_schedule_request(const ScheduleSetupOptions& o, const std::string& mix, double bw, const std::string& algo,
                                              std::uint64_t seed) {
    if (!(bw > 0)) throw InputError({"--bw", 0, 0}, "the system bandwidth must be positive");
    if (o.group_size < 1) throw InputError({"--group-size", 0, 0}, "a group holds at least one job");
    if (o.group < 0) throw InputError({"--group", 0, 0}, "groups are numbered from 1 (0 = every group)");
    if (o.budget < 1) throw InputError({"--budget", 0, 0}, "the budget must be at least one sample");

    WorkloadScheduleRequest r;
    r.jobs = build_jobs(load_task_mix(mix));
    r.platform = load_platform_setting(o.setting);
    if (!o.technology.empty()) {
        Accelerator probe;
        apply_technology_choice({o.technology, "", "", 0, ""}, probe);
        if (o.job_analysis == "magma-code")
            throw InputError({"--tech", 0, 0}, "the magma-code job analysis has its own energy model; a technology needs --job-analysis mapscape");
        r.platform.technology = probe.physical_technology;
    }
    r.bandwidth = bw;
    const auto unit = parse_bandwidth_unit(o.bw_units);
    if (!unit) throw InputError({"--bw-units", 0, 0}, "unknown bandwidth unit \"" + o.bw_units + "\" (gbps or bytes-per-cycle)");
    r.bandwidth_unit = *unit;
    const auto analysis = parse_job_analysis(o.job_analysis);
    if (!analysis) throw InputError({"--job-analysis", 0, 0}, "unknown job analysis \"" + o.job_analysis + "\" (mapscape or magma-code)");
    r.job_analysis = *analysis;
    r.group_size = o.group_size;
    const auto groups = static_cast<int>((r.jobs.size() + static_cast<std::size_t>(o.group_size) - 1) / static_cast<std::size_t>(o.group_size));
    if (o.group > groups)
        throw InputError({"--group", 0, 0}, "group " + std::to_string(o.group) + " does not exist (the mix has " +
                                                 std::to_string(groups) + " groups of up to " + std::to_string(o.group_size) + " jobs)");
    r.only_group = o.group - 1;
    const auto objective = parse_schedule_objective(o.objective);
    if (!objective) throw InputError({"--objective", 0, 0}, "unknown objective \"" + o.objective + "\" (makespan or energy)");
    r.objective = *objective;
    r.budget = o.budget;
    r.seed = seed;
    r.algorithm = schedule_algorithm(algo);
    r.warm_start = o.warm_start;
    r.threads = resolve_thread_count(o.threads);
    return r;
}

}  // namespace mapscape
