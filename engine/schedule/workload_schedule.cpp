#include "schedule/workload_schedule.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <thread>

#include "util/seed_mixing.hpp"

namespace mapscape {

namespace {

void schedule_group(const WorkloadScheduleRequest& req, GroupSchedule& g, const std::vector<Assignment>& warm,
                    const WorkloadScheduleObserver& observer, const std::stop_token& stop) {
    OrderedGroup ordered = analyze_group(g.jobs, req.platform, req.job_analysis);
    g.jobs = std::move(ordered.jobs);
    g.table = std::move(ordered.table);

    ScheduleProblem p;
    p.table = &g.table;
    p.system_bytes_per_cycle = req.system_bytes_per_cycle();
    p.objective = req.objective;
    p.budget = req.budget;
    p.seed = mix_seed(req.seed, static_cast<std::uint64_t>(g.index));
    ScheduleAlgorithm algorithm = req.algorithm;
    if (algorithm.kind == ScheduleAlgorithm::Kind::Magma) algorithm.magma.warm_start = warm;
    ScheduleSink* sink = observer.sink_for ? observer.sink_for(g.index) : nullptr;
    if (sink && req.objective == ScheduleObjective::Makespan) sink->bound(makespan_lower_bound(g.table, p.system_bytes_per_cycle));
    g.result = run_schedule_search(p, algorithm, sink, stop);
    if (g.result.found) {
        BandwidthAllocator allocator(g.table, p.system_bytes_per_cycle);
        g.timeline = allocator.timeline(queues_of(g.result.best, g.table.cores()));
    }
    if (observer.group_done) observer.group_done(g);
}

}  // namespace

OrderedGroup analyze_group(const std::vector<Job>& jobs, const Platform& platform, JobAnalysis analysis) {
    OrderedGroup out;
    const JobTable table = analyze_jobs(jobs, platform, analysis);
    const std::vector<int> order = gene_order(table, analysis);
    for (int i : order) out.jobs.push_back(jobs[static_cast<std::size_t>(i)]);
    out.table = table.reordered(order);
    return out;
}

WorkloadSchedule schedule_workload(const WorkloadScheduleRequest& req, const WorkloadScheduleObserver& observer,
                                   std::stop_token stop) {
    const auto start = std::chrono::steady_clock::now();
    const auto all = split_groups(req.jobs, req.group_size);
    WorkloadSchedule out;
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (req.only_group >= 0 && static_cast<int>(i) != req.only_group) continue;
        GroupSchedule g;
        g.index = static_cast<int>(i);
        g.jobs = all[i];
        out.groups.push_back(std::move(g));
    }
    const bool warm = req.warm_start && req.algorithm.kind == ScheduleAlgorithm::Kind::Magma;
    if (warm || req.threads <= 1 || out.groups.size() <= 1) {
        std::vector<Assignment> previous;
        for (GroupSchedule& g : out.groups) {
            schedule_group(req, g, warm ? previous : std::vector<Assignment>{}, observer, stop);
            if (g.result.found) previous = {g.result.best};
        }
    } else {
        std::atomic<std::size_t> next{0};
        std::vector<std::jthread> pool;
        for (int t = 0; t < std::min<int>(req.threads, static_cast<int>(out.groups.size())); ++t)
            pool.emplace_back([&] {
                for (std::size_t i = next++; i < out.groups.size(); i = next++) schedule_group(req, out.groups[i], {}, observer, stop);
            });
    }

    double busy = 0, capacity = 0;
    for (GroupSchedule& g : out.groups) {
        out.samples += g.result.samples;
        out.macs += g.table.total_macs();
        g.lower_bound_cycles = makespan_lower_bound(g.table, req.system_bytes_per_cycle());
        out.lower_bound_cycles += g.lower_bound_cycles;
        if (!g.result.found) {
            out.complete = false;
            continue;
        }
        out.makespan_cycles += g.timeline.makespan;
        out.energy_nj += g.result.energy_nj;
        for (std::size_t j = 0; j < g.jobs.size(); ++j) busy += g.table.latency(static_cast<int>(j), g.result.best.core[j]);
        capacity += g.timeline.makespan * static_cast<double>(g.table.cores());
    }
    if (out.complete && out.makespan_cycles > 0) {
        out.throughput_gflops = 2.0 * static_cast<double>(out.macs) * req.platform.clock_mhz / out.makespan_cycles / 1e3;
        out.utilization = busy / capacity;
    }
    // Convergence of the whole workload: at each sample count, the sum of every group's best.
    std::vector<std::int64_t> points;
    for (const GroupSchedule& g : out.groups)
        for (const auto& [s, v] : g.result.trace) points.push_back(s);
    std::sort(points.begin(), points.end());
    points.erase(std::unique(points.begin(), points.end()), points.end());
    for (std::int64_t s : points) {
        double total = 0;
        for (const GroupSchedule& g : out.groups) {
            double best = std::numeric_limits<double>::infinity();
            for (const auto& [gs, v] : g.result.trace)
                if (gs <= s) best = v;
            total += best;
        }
        out.trace.emplace_back(s, total);
    }
    out.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return out;
}

std::vector<Segment> workload_segments(const WorkloadSchedule& s) {
    std::vector<Segment> out;
    double offset = 0;
    for (const GroupSchedule& g : s.groups) {
        if (!g.result.found) continue;
        for (Segment seg : g.timeline.segments) {
            seg.start += offset;
            seg.end += offset;
            seg.job = g.jobs[static_cast<std::size_t>(seg.job)].id;
            out.push_back(seg);
        }
        offset += g.timeline.makespan;
    }
    return out;
}

}  // namespace mapscape
