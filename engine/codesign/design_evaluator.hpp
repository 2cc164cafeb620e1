// Evaluates co-design candidates, a batch at a time (designs in parallel when asked; results do not
// depend on the thread count): every layer under its mapping on the design's accelerator, the
// buffers sized to what the mappings need (or checked against the searched sizes), the area against
// the budget, and the model's objective. Counts samples (one per design), keeps the best, enforces
// the budget and the stop request, and reports events to a sink, as the mapping search's driver does.
#pragma once

#include <chrono>
#include <cstdint>
#include <limits>
#include <memory>
#include <stop_token>
#include <vector>

#include "codesign/design_space.hpp"
#include "cost/compute_bound.hpp"
#include "util/thread_pool.hpp"

namespace mapscape {

enum class DesignInvalidity : std::uint8_t {
    None,
    LayerCannotRun,  // a layer's mapping cannot run (or the model undercounts it): see layer_invalidity
    OverAreaBudget,  // the design (buffers as its mappings need them) is larger than the budget
    OverPeLimit,
};

// One layer of an evaluated design: whether its mapping can run (and is not undercounted), its
// cost, and the buffers it needs (bytes: L1 per PE, L2).
struct LayerOutcome {
    bool valid = false;
    std::int64_t runtime_cycles = 0;
    double energy_nj = 0;
    std::int64_t l1_bytes = 0, l2_bytes = 0;
};

// What a sink hears of each evaluated design.
struct DesignSummary {
    std::int64_t sample = 0;  // 1-based
    bool valid = false;
    DesignInvalidity why = DesignInvalidity::None;
    int layer = -1;                           // the first layer that cannot run, if that is why
    Invalidity layer_invalidity = Invalidity::None;
    double objective = std::numeric_limits<double>::infinity();
    std::int64_t runtime_cycles = 0;          // summed over the layers that could be evaluated
    double energy_nj = 0;
    double area_um2 = 0;
    std::int64_t num_pes = 0;
    std::array<std::int64_t, kMaxGenomeLevels> dims{1, 1, 1};
    int levels = 1;
    std::int64_t l1_bytes = 0, l2_bytes = 0;  // the buffers the design has (or needs)
    int l1_layer = -1, l2_layer = -1;         // the layers whose mappings need the most L1, L2
};

struct CodesignProgress {
    std::int64_t samples = 0, valid_samples = 0, budget_samples = 0;
    double elapsed_seconds = 0;
    double best_objective = std::numeric_limits<double>::infinity();
    bool finished = false;
};

// Receives a co-search's events on its thread (implementations that hand them over must copy).
class CodesignSink {
public:
    virtual ~CodesignSink() = default;
    virtual void designs(const std::vector<DesignSummary>& /*batch*/) {}
    virtual void best(const DesignPoint& /*design*/) {}
    virtual void progress(const CodesignProgress& /*progress*/) {}
};

// A candidate as an accelerator and a mapping per layer (genomes decode to this; fixed-mapping
// baselines build it directly).
struct DecodedDesign {
    Accelerator accelerator;        // with unbounded buffers when they are sized to need
    std::vector<Mapping> mappings;  // one per layer
};

class DesignEvaluator {
public:
    DesignEvaluator(const CodesignProblem& problem, const DesignSpace& space, CodesignSink* sink = nullptr,
                    std::stop_token stop = {});

    const CodesignProblem& problem() const { return *problem_; }
    const DesignSpace& space() const { return *space_; }
    std::int64_t samples() const { return samples_; }
    std::int64_t remaining() const { return problem_->budget_samples - samples_; }
    bool done();  // out of samples or time, or asked to stop
    double best_objective() const { return best_; }

    // Evaluates the designs in order until the budget runs out; fills objectives (+inf when
    // invalid or not evaluated). Returns how many were evaluated.
    std::size_t evaluate(const std::vector<DesignGenome>& batch, std::vector<double>& objectives);
    std::size_t evaluate(const std::vector<DecodedDesign>& batch, std::vector<double>& objectives);
    void decode(const DesignGenome& design, DecodedDesign& out) const;
    // What the last evaluate() learnt of each design it evaluated (in batch order), and of
    // each of its layers (design i's at [i x layers, (i + 1) x layers); invalid after the first
    // layer that cannot run).
    const std::vector<DesignSummary>& last_summaries() const { return summaries_; }
    const std::vector<LayerOutcome>& last_layer_outcomes() const { return needs_; }

    // Counts `samples` design points evaluated elsewhere (per-layer mapping searches on a fixed
    // array: layers are independent there, so n evaluations of every layer are n design points)
    // and reports progress.
    void account(std::int64_t samples);

    // The best design in full detail (re-evaluated), with the run's figures.
    CodesignResult finish();

private:
    DesignSummary evaluate_one(const DecodedDesign& d) const;
    void flush_sink(bool finished);

    const CodesignProblem* problem_;
    const DesignSpace* space_;
    std::vector<ComputeBound> bounds_;  // per layer, for the base accelerator's PEs
    CodesignSink* sink_;
    std::stop_token stop_;
    std::unique_ptr<ThreadPool> pool_;
    std::chrono::steady_clock::time_point start_;
    std::int64_t samples_ = 0, valid_samples_ = 0;
    double best_ = std::numeric_limits<double>::infinity();
    DecodedDesign best_design_;
    std::vector<std::pair<std::int64_t, double>> trace_;
    bool stopped_ = false;
    std::vector<DecodedDesign> decoded_;     // scratch
    std::vector<DesignSummary> summaries_;   // scratch
    std::vector<LayerOutcome> needs_;          // scratch
    std::vector<DesignSummary> pending_;     // not yet given to the sink
};

// The full figures of one decoded design: per-layer reports, the buffers sized (or given), the
// area, the totals and the objective. `valid` tells whether it is within every limit.
struct DesignFigures {
    bool valid = false;
    DesignPoint point;
    std::vector<CostReport> reports;
    DesignInvalidity why = DesignInvalidity::None;
};
DesignFigures design_figures(const CodesignProblem& problem, const DecodedDesign& design);

}  // namespace mapscape
