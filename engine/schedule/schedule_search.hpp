// Schedule searches (MAGMA's M3E, Sec. IV): a problem is one group's job table, the system
// bandwidth, an objective and a sample budget; an evaluator decodes assignments, runs the
// bandwidth allocator, counts samples, keeps the best and reports to a sink.
#pragma once

#include <chrono>
#include <cstdint>
#include <limits>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "schedule/bandwidth_allocator.hpp"

namespace mapscape {

enum class ScheduleObjective { Makespan, Energy };
std::string_view schedule_objective_name(ScheduleObjective o);  // "makespan" (= throughput), "energy"
std::optional<ScheduleObjective> parse_schedule_objective(std::string_view text);

struct ScheduleProblem {
    const JobTable* table = nullptr;
    double system_bytes_per_cycle = 80;  // 16 GB/s at 200 MHz
    ScheduleObjective objective = ScheduleObjective::Makespan;
    std::int64_t budget = 10000;
    std::uint64_t seed = 1;
};

struct ScheduleResult {
    bool found = false;
    Assignment best;
    double best_objective = std::numeric_limits<double>::infinity();
    double makespan = std::numeric_limits<double>::infinity();  // cycles, of the best
    double energy_nj = 0;                                        // of the best
    std::int64_t samples = 0;
    double wall_seconds = 0;
    bool stopped = false;
    std::vector<std::pair<std::int64_t, double>> trace;  // (samples, best objective) at improvements
};

// Receives a schedule search's events on its thread.
class ScheduleSink {
public:
    virtual ~ScheduleSink() = default;
    virtual void best(const Assignment& /*assignment*/, double /*objective*/, std::int64_t /*sample*/) {}
    virtual void progress(std::int64_t /*samples*/, std::int64_t /*budget*/, double /*best*/) {}
    // What no schedule of the problem beats, told before its search starts (makespan objectives).
    virtual void bound(double /*objective*/) {}
};

class ScheduleEvaluator {
public:
    ScheduleEvaluator(const ScheduleProblem& problem, ScheduleSink* sink = nullptr, std::stop_token stop = {});

    const ScheduleProblem& problem() const { return problem_; }
    const JobTable& table() const { return *problem_.table; }
    std::int64_t samples() const { return samples_; }
    std::int64_t remaining() const { return problem_.budget - samples_; }
    bool done();
    // Counts a sample and returns the objective (+infinity when invalid or out of budget).
    double evaluate(const Assignment& a);
    ScheduleResult finish();

private:
    ScheduleProblem problem_;
    ScheduleSink* sink_;
    std::stop_token stop_;
    BandwidthAllocator allocator_;
    CoreQueues queues_;
    std::chrono::steady_clock::time_point start_;
    std::int64_t samples_ = 0;
    double best_ = std::numeric_limits<double>::infinity();
    Assignment best_assignment_;
    std::vector<std::pair<std::int64_t, double>> trace_;
    bool stopped_ = false;
};

// The objective of an assignment without counting a sample (for reports).
double schedule_energy_nj(const JobTable& table, const Assignment& a);

}  // namespace mapscape
