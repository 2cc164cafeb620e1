#include "codesign/design_evaluator.hpp"

#include <cmath>

#include "cost/evaluate.hpp"

namespace mapscape {

namespace {

constexpr std::size_t kSinkBatch = 200;

// Evaluates every layer of a design; `reports` (when given) receives each layer's full report.
DesignSummary assess(const CodesignProblem& p, const DecodedDesign& d, const std::vector<ComputeBound>& bounds,
                     ReportDetail detail, std::vector<CostReport>* reports, LayerOutcome* needs = nullptr) {
    DesignSummary s;
    const Accelerator& acc = d.accelerator;
    s.num_pes = acc.num_pes;
    s.levels = static_cast<int>(std::max<std::size_t>(1, std::min<std::size_t>(acc.pe_hierarchy.size(), kMaxGenomeLevels)));
    if (acc.pe_hierarchy.empty()) s.dims[0] = acc.num_pes;
    for (std::size_t k = 0; k < acc.pe_hierarchy.size() && k < kMaxGenomeLevels; ++k) s.dims[k] = acc.pe_hierarchy[k];
    std::int64_t l1_need = 0, l2_need = 0;
    if (reports) reports->clear();
    for (std::size_t l = 0; l < p.layers.size(); ++l) {
        const CostReport r = evaluate(p.layers[l], acc, d.mappings[l], detail);
        if (reports) reports->push_back(r);
        Invalidity why = r.invalid.kind;
        if (why == Invalidity::None && p.reject_model_artefacts)
            why = model_artefact(r, bounds[l].with_pes(acc.num_pes), d.mappings[l]);
        if (needs) needs[l] = {why == Invalidity::None, r.runtime_cycles, r.energy.total_nj, r.l1_required_bytes, r.l2_required_bytes};
        if (why != Invalidity::None) {
            if (s.why == DesignInvalidity::None) {
                s.why = DesignInvalidity::LayerCannotRun;
                s.layer = static_cast<int>(l);
                s.layer_invalidity = why;
            }
            if (!reports) return s;  // a search needs no more of it
            continue;
        }
        s.runtime_cycles += over_runs(p.layers[l], r.runtime_cycles);
        s.energy_nj += over_runs(p.layers[l], r.energy.total_nj);
        if (r.l1_required_bytes > l1_need) {
            l1_need = r.l1_required_bytes;
            s.l1_layer = static_cast<int>(l);
        }
        if (r.l2_required_bytes > l2_need) {
            l2_need = r.l2_required_bytes;
            s.l2_layer = static_cast<int>(l);
        }
    }
    const bool to_need = p.buffers == BufferSizing::ToNeed;
    s.l1_bytes = to_need ? std::max<std::int64_t>(1, l1_need) : acc.l1_size_bytes;
    s.l2_bytes = to_need ? std::max<std::int64_t>(1, l2_need) : acc.l2_size_bytes;
    s.area_um2 = area_of(p.area_model, acc, s.l1_bytes, s.l2_bytes).total_um2();
    if (s.why != DesignInvalidity::None) return s;
    if (p.max_pes && acc.num_pes > *p.max_pes) {
        s.why = DesignInvalidity::OverPeLimit;
        return s;
    }
    if (s.area_um2 > p.area_budget_um2) {  // always enforced: never "good but big"
        s.why = DesignInvalidity::OverAreaBudget;
        return s;
    }
    s.valid = true;
    s.objective = design_objective(p.objective, static_cast<double>(s.runtime_cycles), s.energy_nj, s.area_um2);
    return s;
}

std::vector<ComputeBound> bounds_of(const CodesignProblem& p) {
    std::vector<ComputeBound> out;
    for (const Layer& l : p.layers) out.emplace_back(l, p.base);
    return out;
}

}  // namespace

DesignFigures design_figures(const CodesignProblem& p, const DecodedDesign& d) {
    DesignFigures f;
    const DesignSummary s = assess(p, d, bounds_of(p), ReportDetail::Full, &f.reports);
    f.valid = s.valid;
    f.why = s.why;
    f.point.accelerator = d.accelerator;
    f.point.accelerator.l1_size_bytes = s.l1_bytes;
    f.point.accelerator.l2_size_bytes = s.l2_bytes;
    f.point.mappings = d.mappings;
    f.point.area = area_of(p.area_model, d.accelerator, s.l1_bytes, s.l2_bytes);
    f.point.runtime_cycles = s.runtime_cycles;
    f.point.energy_nj = s.energy_nj;
    f.point.objective = s.objective;
    return f;
}

DesignEvaluator::DesignEvaluator(const CodesignProblem& problem, const DesignSpace& space, CodesignSink* sink, std::stop_token stop)
    : problem_(&problem), space_(&space), bounds_(bounds_of(problem)), sink_(sink), stop_(std::move(stop)),
      start_(std::chrono::steady_clock::now()) {
    if (problem.threads > 1) pool_ = std::make_unique<ThreadPool>(problem.threads);
}

bool DesignEvaluator::done() {
    if (samples_ >= problem_->budget_samples) return true;
    if (stop_.stop_requested()) {
        stopped_ = true;
        return true;
    }
    if (problem_->budget_seconds > 0 &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count() >= problem_->budget_seconds) {
        stopped_ = true;
        return true;
    }
    return false;
}

void DesignEvaluator::decode(const DesignGenome& design, DecodedDesign& out) const {
    out.accelerator = space_->accelerator(design.hw);
    out.mappings.resize(design.layers.size());
    for (std::size_t l = 0; l < design.layers.size(); ++l) mapscape::decode(design.layers[l], GenomeSpace{}, out.mappings[l]);
}

std::size_t DesignEvaluator::evaluate(const std::vector<DesignGenome>& batch, std::vector<double>& objectives) {
    const auto n = static_cast<std::size_t>(std::clamp<std::int64_t>(remaining(), 0, static_cast<std::int64_t>(batch.size())));
    decoded_.resize(n);
    for (std::size_t i = 0; i < n; ++i) decode(batch[i], decoded_[i]);
    const std::size_t evaluated = evaluate(decoded_, objectives);
    objectives.resize(batch.size(), std::numeric_limits<double>::infinity());
    return evaluated;
}

std::size_t DesignEvaluator::evaluate(const std::vector<DecodedDesign>& batch, std::vector<double>& objectives) {
    objectives.assign(batch.size(), std::numeric_limits<double>::infinity());
    if (done()) return 0;
    const auto n = static_cast<std::size_t>(std::min<std::int64_t>(remaining(), static_cast<std::int64_t>(batch.size())));
    summaries_.resize(n);
    const std::size_t layers = problem_->layers.size();
    needs_.assign(n * layers, LayerOutcome{});
    auto body = [&](std::size_t i) {
        summaries_[i] = assess(*problem_, batch[i], bounds_, ReportDetail::Objectives, nullptr, needs_.data() + i * layers);
    };
    if (pool_)
        pool_->parallel_for(n, body);
    else
        for (std::size_t i = 0; i < n; ++i) body(i);
    for (std::size_t i = 0; i < n; ++i) {
        DesignSummary& s = summaries_[i];
        s.sample = ++samples_;
        objectives[i] = s.objective;
        if (s.valid) ++valid_samples_;
        if (s.valid && s.objective < best_) {
            best_ = s.objective;
            best_design_ = batch[i];
            trace_.emplace_back(samples_, best_);
            if (sink_) sink_->best(design_figures(*problem_, best_design_).point);
        }
        if (sink_) pending_.push_back(s);
    }
    if (sink_ && pending_.size() >= kSinkBatch) flush_sink(false);
    return n;
}

void DesignEvaluator::account(std::int64_t samples) {
    samples_ += std::clamp<std::int64_t>(samples, 0, std::max<std::int64_t>(0, remaining()));
    flush_sink(false);
}

void DesignEvaluator::flush_sink(bool finished) {
    if (!sink_) return;
    if (!pending_.empty()) {
        sink_->designs(pending_);
        pending_.clear();
    }
    CodesignProgress p;
    p.samples = samples_;
    p.valid_samples = valid_samples_;
    p.budget_samples = problem_->budget_samples;
    p.elapsed_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    p.best_objective = best_;
    p.finished = finished;
    sink_->progress(p);
}

CodesignResult DesignEvaluator::finish() {
    CodesignResult r;
    r.samples = samples_;
    r.valid_samples = valid_samples_;
    r.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    r.stopped = stopped_ || (samples_ < problem_->budget_samples && stop_.stop_requested());
    r.trace = trace_;
    if (std::isfinite(best_)) {
        DesignFigures f = design_figures(*problem_, best_design_);
        r.found = true;
        r.best = std::move(f.point);
        r.reports = std::move(f.reports);
    }
    if (r.trace.empty() || r.trace.back().first != samples_) r.trace.emplace_back(samples_, best_);
    flush_sink(true);
    return r;
}

}  // namespace mapscape
