// Scheduling a whole workload: its jobs cut into groups, each group analysed and scheduled on
// its own (groups run one after the other on the accelerator), optionally warm-starting each
// group's MAGMA from the previous group's best (the paper's warm start, Sec. V-C: groups of
// one task mix are similar tasks). Within a group, jobs take the analysis's gene order
// (job_analysis.hpp: gene_order).
#pragma once

#include <functional>
#include <stop_token>
#include <vector>

#include "schedule/schedule_algorithm.hpp"

namespace mapscape {

struct WorkloadScheduleRequest {
    std::vector<Job> jobs;
    Platform platform;
    double bandwidth = 16;  // system bandwidth, in bandwidth_unit
    BandwidthUnit bandwidth_unit = BandwidthUnit::Gbps;
    JobAnalysis job_analysis = JobAnalysis::Mapscape;
    int group_size = 100;
    int only_group = -1;  // 0-based group to schedule alone; -1 = all
    ScheduleObjective objective = ScheduleObjective::Makespan;
    std::int64_t budget = 10000;  // samples per group
    std::uint64_t seed = 1;
    ScheduleAlgorithm algorithm;
    bool warm_start = false;      // MAGMA only
    int threads = 1;              // groups in parallel when not warm-starting

    double system_bytes_per_cycle() const { return platform.bytes_per_cycle(bandwidth, bandwidth_unit); }
};

// A group's jobs in gene order and their table in that order.
struct OrderedGroup {
    std::vector<Job> jobs;
    JobTable table;
};
OrderedGroup analyze_group(const std::vector<Job>& jobs, const Platform& platform, JobAnalysis analysis);

struct GroupSchedule {
    int index = 0;                // 0-based group
    std::vector<Job> jobs;        // in gene order
    JobTable table;
    ScheduleResult result;
    Timeline timeline;            // of the best assignment
    double lower_bound_cycles = 0;  // no schedule of the group finishes sooner (makespan_lower_bound)
};

struct WorkloadSchedule {
    std::vector<GroupSchedule> groups;
    double makespan_cycles = 0;   // groups back to back
    double lower_bound_cycles = 0;  // sum of the groups' makespan lower bounds
    double energy_nj = 0;
    std::int64_t macs = 0;
    double throughput_gflops = 0;
    double utilization = 0;       // no-stall compute time over cores x makespan
    std::int64_t samples = 0;
    double wall_seconds = 0;
    bool complete = true;         // every group has a valid schedule
    // (samples per group, sum over groups of the best makespan so far)
    std::vector<std::pair<std::int64_t, double>> trace;
};

struct WorkloadScheduleObserver {
    std::function<ScheduleSink*(int group)> sink_for;  // called on worker threads
    std::function<void(const GroupSchedule&)> group_done;
};

WorkloadSchedule schedule_workload(const WorkloadScheduleRequest& request, const WorkloadScheduleObserver& observer = {},
                                   std::stop_token stop = {});

// All segments of the workload with group offsets applied and workload job ids.
std::vector<Segment> workload_segments(const WorkloadSchedule& schedule);

}  // namespace mapscape
