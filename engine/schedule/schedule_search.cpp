#include "schedule/schedule_search.hpp"

#include <algorithm>
#include <cmath>

namespace mapscape {

std::string_view schedule_objective_name(ScheduleObjective o) {
    return o == ScheduleObjective::Makespan ? "makespan" : "energy";
}

std::optional<ScheduleObjective> parse_schedule_objective(std::string_view t) {
    if (t == "makespan" || t == "throughput" || t == "latency") return ScheduleObjective::Makespan;
    if (t == "energy") return ScheduleObjective::Energy;
    return std::nullopt;
}

double schedule_energy_nj(const JobTable& table, const Assignment& a) {
    double e = 0;
    for (std::size_t j = 0; j < a.core.size(); ++j) e += table.energy_nj(static_cast<int>(j), a.core[j]);
    return e;
}

ScheduleEvaluator::ScheduleEvaluator(const ScheduleProblem& problem, ScheduleSink* sink, std::stop_token stop)
    : problem_(problem), sink_(sink), stop_(std::move(stop)),
      allocator_(*problem.table, problem.system_bytes_per_cycle), start_(std::chrono::steady_clock::now()) {
    queues_.resize(static_cast<std::size_t>(problem.table->cores()));
}

bool ScheduleEvaluator::done() {
    if (samples_ >= problem_.budget) return true;
    if (stop_.stop_requested()) stopped_ = true;
    return stopped_;
}

double ScheduleEvaluator::evaluate(const Assignment& a) {
    if (done()) return std::numeric_limits<double>::infinity();
    ++samples_;
    // Decode into the reused queues: each core's jobs by priority, ties by index.
    for (auto& q : queues_) q.clear();
    for (std::size_t j = 0; j < a.core.size(); ++j) queues_[static_cast<std::size_t>(a.core[j])].push_back(static_cast<int>(j));
    for (auto& q : queues_)
        std::stable_sort(q.begin(), q.end(), [&](int x, int y) {
            return a.priority[static_cast<std::size_t>(x)] < a.priority[static_cast<std::size_t>(y)];
        });
    const double makespan = allocator_.makespan(queues_);
    double objective = makespan;
    if (std::isfinite(makespan) && problem_.objective == ScheduleObjective::Energy)
        objective = schedule_energy_nj(*problem_.table, a);
    if (objective < best_) {
        best_ = objective;
        best_assignment_ = a;
        trace_.emplace_back(samples_, best_);
        if (sink_) sink_->best(a, objective, samples_);
    }
    if (sink_ && (samples_ % 100 == 0 || samples_ == problem_.budget)) sink_->progress(samples_, problem_.budget, best_);
    return objective;
}

ScheduleResult ScheduleEvaluator::finish() {
    ScheduleResult r;
    r.samples = samples_;
    r.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    r.stopped = stopped_;
    r.trace = trace_;
    if (std::isfinite(best_)) {
        r.found = true;
        r.best = best_assignment_;
        r.best_objective = best_;
        r.makespan = allocator_.makespan(queues_of(best_assignment_, problem_.table->cores()));
        r.energy_nj = schedule_energy_nj(*problem_.table, best_assignment_);
    }
    if (r.trace.empty() || r.trace.back().first != samples_) r.trace.emplace_back(samples_, best_);
    if (sink_) sink_->progress(samples_, problem_.budget, best_);
    return r;
}

}  // namespace mapscape
