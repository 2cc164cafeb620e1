#include "search/driver.hpp"

#include <cmath>

#include "cost/compute_bound.hpp"
#include "cost/evaluate.hpp"
#include "util/turn_gate.hpp"

namespace mapscape {

namespace {
constexpr std::size_t kSinkBatch = 200;  // points per sink call (one GAMMA generation)
}

SearchDriver::SearchDriver(const SearchProblem& problem, SearchSink* sink, std::stop_token stop)
    : problem_(problem), compute_bound_(problem.layer, problem.accelerator), sink_(sink), stop_(std::move(stop)), start_(std::chrono::steady_clock::now()) {
    if (problem_.threads > 1) pool_ = std::make_unique<ThreadPool>(problem_.threads);
}

bool SearchDriver::done() {
    if (samples_ >= problem_.budget.samples) return true;
    if (problem_.budget.stop_at_objective > 0 && best_ <= problem_.budget.stop_at_objective) return true;
    if (stop_.stop_requested()) {
        stopped_ = true;
        return true;
    }
    if (problem_.budget.seconds > 0) {
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
        if (elapsed >= problem_.budget.seconds) {
            stopped_ = true;
            return true;
        }
    }
    return false;
}

Invalidity search_refusal(const SearchProblem& problem, const CostReport& r, const Mapping& m, const ComputeBound& bound) {
    if (!r.valid()) return r.invalid.kind;
    if (problem.constraints.reject_below_compute_bound) {
        const Invalidity artefact = model_artefact(r, bound, m);
        if (artefact != Invalidity::None) return artefact;
    }
    if (problem.constraints.max_latency_cycles && r.runtime_cycles > *problem.constraints.max_latency_cycles)
        return Invalidity::OverLatencyBudget;
    return Invalidity::None;
}

double SearchDriver::objective_of(const CostReport& r, const Mapping& m, Invalidity& why) const {
    why = search_refusal(problem_, r, m, compute_bound_);
    return why == Invalidity::None ? problem_.objective.value(r) : std::numeric_limits<double>::infinity();
}

std::size_t SearchDriver::evaluate(const std::vector<Mapping>& batch, std::vector<double>& objectives) {
    if (problem_.turns) problem_.turns->yield();
    objectives.assign(batch.size(), std::numeric_limits<double>::infinity());
    if (done()) return 0;
    const auto n = static_cast<std::size_t>(std::min<std::int64_t>(remaining(), static_cast<std::int64_t>(batch.size())));
    reports_.resize(n);
    auto body = [&](std::size_t i) {
        reports_[i] = mapscape::evaluate(problem_.layer, problem_.accelerator, batch[i], ReportDetail::Objectives);
    };
    if (pool_)
        pool_->parallel_for(n, body);
    else
        for (std::size_t i = 0; i < n; ++i) body(i);

    for (std::size_t i = 0; i < n; ++i) {
        const CostReport& r = reports_[i];
        Invalidity why = Invalidity::None;
        const double obj = objective_of(r, batch[i], why);
        objectives[i] = obj;
        ++samples_;
        const bool valid = std::isfinite(obj);
        if (valid) ++valid_samples_;
        else refusals_.add(r.invalid, why);
        const bool improved = valid && obj < best_;
        if (improved) {
            best_ = obj;
            best_mapping_ = batch[i];
            trace_.emplace_back(samples_, best_);
        }
        if (sink_) {
            EvaluatedPoint p;
            p.sample = samples_;
            p.valid = valid;
            p.objective = obj;
            p.runtime_cycles = r.runtime_cycles;
            p.energy_nj = r.energy.total_nj;
            p.power_mw = r.power_mw;
            p.area_um2 = r.area_um2;
            p.invalidity = why;
            p.mapping = batch[i];
            if (improved) sink_->best(p, r);
            pending_.push_back(std::move(p));
        }
    }
    if (sink_ && pending_.size() >= kSinkBatch) flush_sink(false);
    return n;
}

void SearchDriver::flush_sink(bool finished) {
    if (!sink_) return;
    if (!pending_.empty()) {
        sink_->points(pending_);
        pending_.clear();
    }
    SearchProgress pr;
    pr.samples = samples_;
    pr.valid_samples = valid_samples_;
    pr.budget_samples = problem_.budget.samples;
    pr.elapsed_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    pr.best_objective = best_;
    pr.finished = finished;
    sink_->progress(pr);
}

double SearchDriver::evaluate_one(const Mapping& mapping) {
    one_.resize(1);
    one_[0] = mapping;
    evaluate(one_, one_objective_);
    return one_objective_[0];
}

SearchResult SearchDriver::finish() {
    SearchResult r;
    r.samples = samples_;
    r.valid_samples = valid_samples_;
    r.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    r.stopped = stopped_ || (samples_ < problem_.budget.samples && stop_.stop_requested());
    r.trace = trace_;
    r.refusals = refusals_;
    if (std::isfinite(best_)) {
        r.found = true;
        r.best_objective = best_;
        r.best_mapping = best_mapping_;
        r.best_report = mapscape::evaluate(problem_.layer, problem_.accelerator, best_mapping_, ReportDetail::Full);
    }
    if (r.trace.empty() || r.trace.back().first != samples_)
        r.trace.emplace_back(samples_, best_);
    flush_sink(true);
    return r;
}

}  // namespace mapscape
