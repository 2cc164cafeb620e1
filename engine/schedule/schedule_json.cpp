#include "schedule/schedule_json.hpp"
#include "tech/technology.hpp"

#include <cmath>
#include <map>

namespace mapscape {

namespace {

const Job& job_by_id(const WorkloadScheduleRequest& request, int id) { return request.jobs[static_cast<std::size_t>(id)]; }

double gbps(const WorkloadScheduleRequest& r, double bytes_per_cycle) { return bytes_per_cycle * r.platform.clock_mhz / 1e3; }

}  // namespace

nlohmann::ordered_json workload_schedule_to_json(const WorkloadScheduleRequest& request, const WorkloadSchedule& s,
                                                 const std::string& setting_name) {
    nlohmann::ordered_json j;
    j["algo"] = request.algorithm.name();
    j["setting"] = setting_name;
    j["bw_gbps"] = gbps(request, request.system_bytes_per_cycle());
    j["bw"] = request.bandwidth;
    j["bw_units"] = std::string(bandwidth_unit_name(request.bandwidth_unit));
    j["system_bytes_per_cycle"] = request.system_bytes_per_cycle();
    j["job_analysis"] = std::string(job_analysis_name(request.job_analysis));
    j["technology"] = request.platform.technology ? request.platform.technology->name : std::string("maestro");
    j["seed"] = request.seed;
    j["objective"] = std::string(schedule_objective_name(request.objective));
    j["makespan_cycles"] = s.complete ? nlohmann::ordered_json(s.makespan_cycles) : nlohmann::ordered_json(nullptr);
    j["lower_bound_cycles"] = s.lower_bound_cycles;
    j["above_bound"] = s.complete && s.lower_bound_cycles > 0 ? nlohmann::ordered_json(s.makespan_cycles / s.lower_bound_cycles - 1)
                                                              : nlohmann::ordered_json(nullptr);
    j["throughput_gflops"] = s.complete ? nlohmann::ordered_json(s.throughput_gflops) : nlohmann::ordered_json(nullptr);
    j["utilization"] = s.utilization;
    j["energy_nj"] = s.energy_nj;
    j["samples"] = s.samples;
    j["wall_s"] = s.wall_seconds;
    nlohmann::ordered_json cores = nlohmann::ordered_json::array();
    for (std::size_t c = 0; c < request.platform.cores.size(); ++c)
        cores.push_back({{"core", c}, {"config", request.platform.cores[c].describe()}});
    j["cores"] = std::move(cores);
    nlohmann::ordered_json segments = nlohmann::ordered_json::array();
    for (const Segment& seg : workload_segments(s)) {
        const Job& job = job_by_id(request, seg.job);
        segments.push_back({{"core", seg.core},
                            {"job", job.label()},
                            {"model", job.model},
                            {"start", seg.start},
                            {"end", seg.end},
                            {"bw", gbps(request, seg.bandwidth)}});
    }
    j["segments"] = std::move(segments);
    nlohmann::ordered_json trace = nlohmann::ordered_json::array();
    for (const auto& [samples, best] : s.trace)
        trace.push_back({samples, std::isfinite(best) ? nlohmann::ordered_json(best) : nlohmann::ordered_json(nullptr)});
    j["trace"] = std::move(trace);
    nlohmann::ordered_json groups = nlohmann::ordered_json::array();
    for (const GroupSchedule& g : s.groups)
        groups.push_back({{"group", g.index},
                          {"jobs", g.jobs.size()},
                          {"makespan_cycles", g.result.found ? nlohmann::ordered_json(g.timeline.makespan) : nlohmann::ordered_json(nullptr)},
                          {"lower_bound_cycles", g.lower_bound_cycles},
                          {"samples", g.result.samples},
                          {"wall_s", g.result.wall_seconds}});
    j["groups"] = std::move(groups);
    return j;
}

nlohmann::ordered_json workload_schedule_to_trace(const WorkloadScheduleRequest& request, const WorkloadSchedule& s) {
    const double us_per_cycle = 1.0 / request.platform.clock_mhz;
    nlohmann::ordered_json events = nlohmann::ordered_json::array();
    for (std::size_t c = 0; c < request.platform.cores.size(); ++c)
        events.push_back({{"name", "thread_name"},
                          {"ph", "M"},
                          {"pid", 1},
                          {"tid", c},
                          {"args", {{"name", "core " + std::to_string(c) + " (" + request.platform.cores[c].describe() + ")"}}}});
    const std::vector<Segment> segments = workload_segments(s);
    std::map<std::pair<int, double>, bool> starts;  // (core, start time) of every segment
    for (const Segment& seg : segments) starts[{seg.core, seg.start}] = true;
    for (const Segment& seg : segments) {
        const Job& job = job_by_id(request, seg.job);
        events.push_back({{"name", job.label()},
                          {"cat", job.model},
                          {"ph", "X"},
                          {"pid", 1},
                          {"tid", seg.core},
                          {"ts", seg.start * us_per_cycle},
                          {"dur", (seg.end - seg.start) * us_per_cycle},
                          {"args", {{"bw_gbps", gbps(request, seg.bandwidth)}, {"macs", job.macs}}}});
        events.push_back({{"name", "bandwidth core " + std::to_string(seg.core)},
                          {"ph", "C"},
                          {"pid", 1},
                          {"ts", seg.start * us_per_cycle},
                          {"args", {{"GB/s", gbps(request, seg.bandwidth)}}}});
        if (!starts.count({seg.core, seg.end}))  // the core falls idle
            events.push_back({{"name", "bandwidth core " + std::to_string(seg.core)},
                              {"ph", "C"},
                              {"pid", 1},
                              {"ts", seg.end * us_per_cycle},
                              {"args", {{"GB/s", 0.0}}}});
    }
    nlohmann::ordered_json doc;
    doc["traceEvents"] = std::move(events);
    doc["displayTimeUnit"] = "ns";
    return doc;
}

}  // namespace mapscape
