#include "codesign/codesign_baselines.hpp"

#include <algorithm>
#include <cmath>

#include "cost/bounds.hpp"
#include "search/black_box.hpp"
#include "search/fixed_dataflow_choices.hpp"
#include "search/model_search.hpp"
#include "search/vector_encoding.hpp"
#include "util/seed_mixing.hpp"

namespace mapscape {

namespace {

double unit(double x) { return std::clamp(x, 0.0, std::nextafter(1.0, 0.0)); }

std::int64_t log_scaled(double x, std::int64_t lo, std::int64_t hi) {
    if (hi <= lo) return lo;
    const double v = std::exp(std::log(static_cast<double>(lo)) + unit(x) * (std::log(static_cast<double>(hi) + 1) - std::log(static_cast<double>(lo))));
    return std::clamp<std::int64_t>(static_cast<std::int64_t>(v), lo, hi);
}

// The joint encoding of a design with `levels` array dimensions (see the header).
class JointObjective : public BlackBoxObjective {
public:
    JointObjective(DesignEvaluator& evaluator, const DesignSpace& space, int levels, std::int64_t end_sample)
        : evaluator_(&evaluator), space_(&space), levels_(levels), end_sample_(end_sample) {
        hw_genes_ = static_cast<std::size_t>(levels) + (searched() ? 2 : 0);
        HardwareGenes any;
        any.levels = levels;
        for (std::size_t l = 0; l < space.layer_count(); ++l) {
            const GenomeSpace s = space.layer_space(l, any);  // cluster sizes fixed by the array: no genes
            offsets_.push_back(size_);
            size_ += VectorEncoding(s, levels).size();
        }
        size_ += hw_genes_;
        design_.layers.resize(space.layer_count());
    }

    std::size_t size() const override { return size_; }
    bool exhausted() override { return evaluator_->samples() >= end_sample_ || evaluator_->done(); }
    std::int64_t remaining() const override { return end_sample_ - evaluator_->samples(); }

    double evaluate(const double* x) override {
        if (exhausted()) throw BudgetExhausted{};
        HardwareGenes& hw = design_.hw;
        hw.levels = levels_;
        std::array<double, kMaxGenomeLevels> shares{};
        for (int k = 0; k < levels_; ++k) shares[static_cast<std::size_t>(k)] = 0.05 + unit(x[1 + k]);
        hw.dims = factor_shape(log_scaled(x[0], 1, space_->max_pes()), levels_, shares);
        if (searched()) {
            hw.l1_bytes = log_scaled(x[static_cast<std::size_t>(levels_) + 1], 1, space_->max_l1_bytes());
            hw.l2_bytes = log_scaled(x[static_cast<std::size_t>(levels_) + 2], 1, space_->max_l2_bytes());
        }
        space_->repair(hw);
        for (std::size_t l = 0; l < design_.layers.size(); ++l) {
            const GenomeSpace s = space_->layer_space(l, hw);
            VectorEncoding(s, levels_).decode(x + hw_genes_ + offsets_[l], design_.layers[l]);
        }
        batch_.assign(1, design_);
        evaluator_->evaluate(batch_, objectives_);
        const double objective = objectives_.front();
        return std::isfinite(objective) ? std::log(std::max(objective, 1e-300)) : kInvalidFitness;
    }

private:
    bool searched() const { return evaluator_->problem().buffers == BufferSizing::Searched; }

    DesignEvaluator* evaluator_;
    const DesignSpace* space_;
    int levels_;
    std::int64_t end_sample_;
    std::size_t hw_genes_ = 0, size_ = 0;
    std::vector<std::size_t> offsets_;
    DesignGenome design_;
    std::vector<DesignGenome> batch_;
    std::vector<double> objectives_;
};

// 1, 2, 3, 4, 6, 8, 12, 16, ...: sizes for a grid, up to `limit`.
std::vector<std::int64_t> grid_sizes(std::int64_t first, std::int64_t limit) {
    std::vector<std::int64_t> out;
    for (std::int64_t p = 1; p <= limit; p *= 2) {
        if (p >= first) out.push_back(p);
        if (p >= 2 && p * 3 / 2 <= limit && p * 3 / 2 >= first) out.push_back(p * 3 / 2);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::vector<std::int64_t> powers_of_two(std::int64_t first, std::int64_t limit) {
    std::vector<std::int64_t> out;
    for (std::int64_t p = first; p <= limit; p *= 2) out.push_back(p);
    return out;
}

}  // namespace

CodesignResult run_codesign_black_box(const CodesignProblem& problem, Baseline baseline, CodesignSink* sink, std::stop_token stop) {
    const DesignSpace space(problem);
    DesignEvaluator evaluator(problem, space, sink, std::move(stop));
    const int first = space.min_levels(), last = space.max_levels();
    const std::int64_t budget = problem.budget_samples;
    for (int levels = first; levels <= last && !evaluator.done(); ++levels) {
        const std::int64_t end = levels == last ? budget : budget * (levels - first + 1) / (last - first + 1);
        JointObjective f(evaluator, space, levels, end);
        run_black_box(f, baseline, mix_seed(problem.seed, static_cast<std::uint64_t>(levels)), kCodesignBlackBox);
    }
    return evaluator.finish();
}

namespace {

struct HwOptPoint {
    std::int64_t rows, cols, l1, l2;
};

std::vector<HwOptPoint> hw_opt_grid(const CodesignProblem& p, const DesignSpace& space) {
    // Clusters x PEs per cluster (the fixed styles' 2D arrays), L1 and L2 sizes, within the budget.
    std::vector<HwOptPoint> grid;
    const std::vector<std::int64_t> sizes = grid_sizes(1, space.max_pes());
    for (std::int64_t rows : sizes)
        for (std::int64_t cols : sizes) {
            if (rows * cols > space.max_pes() || cols < 2) continue;
            for (std::int64_t l1 : powers_of_two(16, std::min<std::int64_t>(space.max_l1_bytes(), 1 << 20)))
                for (std::int64_t l2 : powers_of_two(1024, std::min<std::int64_t>(space.max_l2_bytes(), std::int64_t{1} << 31))) {
                    Accelerator a = p.base;
                    a.num_pes = rows * cols;
                    a.pe_hierarchy = {rows, cols};
                    if (area_of(p.area_model, a, l1, l2).total_um2() <= p.area_budget_um2) grid.push_back({rows, cols, l1, l2});
                }
        }
    return grid;
}

}  // namespace

std::int64_t hw_opt_sample_count(const CodesignProblem& problem) {
    CodesignProblem p = problem;
    p.buffers = BufferSizing::Searched;
    return std::min<std::int64_t>(static_cast<std::int64_t>(hw_opt_grid(p, DesignSpace(p)).size()), p.budget_samples);
}

CodesignResult run_hw_opt(const CodesignProblem& problem, FixedDataflow style, CodesignSink* sink, std::stop_token stop) {
    CodesignProblem p = problem;
    p.buffers = BufferSizing::Searched;  // the grid's buffers are what the design has
    const DesignSpace space(p);
    DesignEvaluator evaluator(p, space, sink, stop);
    std::vector<HwOptPoint> grid = hw_opt_grid(p, space);
    // More points than samples: every k-th, evenly over the grid.
    if (static_cast<std::int64_t>(grid.size()) > p.budget_samples) {
        std::vector<HwOptPoint> thinned;
        const double step = static_cast<double>(grid.size()) / static_cast<double>(p.budget_samples);
        for (std::int64_t i = 0; i < p.budget_samples; ++i) thinned.push_back(grid[static_cast<std::size_t>(static_cast<double>(i) * step)]);
        grid = std::move(thinned);
    }
    std::vector<DecodedDesign> batch;
    std::vector<double> objectives;
    auto flush = [&] {
        evaluator.evaluate(batch, objectives);
        batch.clear();
    };
    // The tile rule's choices per layer for the current array shape (the grid varies the buffers
    // fastest, so each shape's layers are evaluated once, not once per buffer size).
    std::vector<FixedDataflowChoices> choices;
    std::int64_t choices_rows = 0, choices_cols = 0;
    for (const HwOptPoint& g : grid) {
        if (evaluator.done() || stop.stop_requested()) break;
        DecodedDesign d;
        d.accelerator = p.base;
        d.accelerator.num_pes = g.rows * g.cols;
        d.accelerator.pe_hierarchy = {g.rows, g.cols};
        d.accelerator.l1_size_bytes = g.l1;
        d.accelerator.l2_size_bytes = g.l2;
        d.accelerator.map_space = {};  // the style fixes the mapping
        if (g.rows != choices_rows || g.cols != choices_cols) {
            choices.clear();
            for (const Layer& l : p.layers) choices.emplace_back(style, l, d.accelerator, p.reject_model_artefacts);
            choices_rows = g.rows;
            choices_cols = g.cols;
        }
        for (std::size_t i = 0; i < p.layers.size(); ++i) {
            // No fitting tiles: the style's smallest, which the evaluator then finds invalid.
            std::optional<Mapping> m = choices[i].choose(g.l1, g.l2);
            d.mappings.push_back(m ? std::move(*m) : fixed_dataflow_mapping(style, p.layers[i], d.accelerator, {}));
        }
        batch.push_back(std::move(d));
        if (batch.size() >= 16) flush();
    }
    if (!batch.empty()) flush();
    return evaluator.finish();
}

Accelerator fixed_hardware(const CodesignProblem& p, FixedHardware kind) {
    const double pe_share = kind == FixedHardware::ComputeFocused ? 0.75 : kind == FixedHardware::Medium ? 0.5 : 0.25;
    auto bytes = [](const BufferAreaRule& rule, double area) {
        const double banks = std::floor(std::max(0.0, area) / rule.um2_per_granule);
        return std::max<std::int64_t>(1, static_cast<std::int64_t>(std::min(banks * static_cast<double>(rule.granule_bytes), 2147483647.0)));
    };
    // A designer provisions every PE with at least twice the L1 the model's layers need (whole
    // filters), so that every layer can run.
    std::int64_t least_l1 = 1;
    for (const Layer& l : p.layers) least_l1 = std::max(least_l1, min_l1_elements(l) * p.base.word_size_bytes);
    Accelerator a = p.base;
    a.simd_lanes = 1;
    a.num_pes = 1;
    const double pe_area = area_of(p.area_model, a, 0, 0).pes_um2;
    auto pes = std::max<std::int64_t>(1, static_cast<std::int64_t>(pe_share * p.area_budget_um2 / pe_area));
    if (p.max_pes) pes = std::min(pes, *p.max_pes);
    while (true) {
        const auto rows = std::max<std::int64_t>(1, static_cast<std::int64_t>(std::sqrt(static_cast<double>(pes))));
        a.pe_hierarchy = {rows, pes / rows};
        a.num_pes = rows * (pes / rows);
        const AreaBreakdown base = area_of(p.area_model, a, 0, 0);
        const double buffers = p.area_budget_um2 - base.pes_um2 - base.noc_um2;
        // A fifth of the buffer area in the PEs' L1s (at least twice the least), the rest in L2.
        a.l1_size_bytes = std::max(2 * least_l1, bytes(p.area_model.l1, 0.2 * buffers / static_cast<double>(a.num_pes)));
        const double l1_area = area_of(p.area_model, a, a.l1_size_bytes, 0).l1_um2;
        if (buffers - l1_area >= 0.05 * p.area_budget_um2 || pes <= 1) {
            a.l2_size_bytes = bytes(p.area_model.l2, buffers - l1_area);
            break;
        }
        pes = pes * 9 / 10;  // no room left for an L2: fewer PEs
    }
    a.name = kind == FixedHardware::ComputeFocused ? "compute-focused" : kind == FixedHardware::Medium ? "medium" : "buffer-focused";
    return a;
}

CodesignResult run_map_opt(const CodesignProblem& problem, FixedHardware kind, CodesignSink* sink, std::stop_token stop) {
    CodesignProblem p = problem;
    p.buffers = BufferSizing::Searched;  // the fixed accelerator's buffers
    const Accelerator hw = fixed_hardware(p, kind);
    ModelSearchRequest request;
    request.layers = p.layers;
    request.layer_numbers = p.layer_numbers;
    request.base.accelerator = hw;
    request.base.system = TargetSystem::S1;  // its array is fixed: 2 levels, the rows its cluster size
    request.base.budget.samples = p.budget_samples;
    request.base.budget.seconds = p.budget_seconds;
    request.base.seed = p.seed;
    request.base.threads = p.threads;
    request.base.constraints.reject_below_compute_bound = p.reject_model_artefacts;
    // Each layer minimises its share of the model's objective (area is fixed here).
    request.base.objective = p.objective;
    for (ObjectiveTerm& t : request.base.objective.terms)
        if (t.metric == Metric::LatencyArea) t.metric = Metric::Latency;
    request.algorithm = Algorithm{};
    const ModelSearchOutcome out = search_model(request, {}, stop);

    DecodedDesign d;
    d.accelerator = hw;
    std::vector<const Trace*> traces;
    for (std::size_t i = 0; i < out.layers.size(); ++i) {
        d.mappings.push_back(out.layers[i].result.best_mapping);
        traces.push_back(&out.layers[i].result.trace);
    }
    const DesignSpace space(p);
    CodesignProblem one = p;
    one.budget_samples = 1;
    DesignEvaluator evaluator(one, space, sink, std::move(stop));
    std::vector<double> objectives;
    evaluator.evaluate(std::vector<DecodedDesign>{d}, objectives);
    CodesignResult r = evaluator.finish();
    std::int64_t samples = 0;
    for (const LayerSearchOutcome& o : out.layers) samples = std::max(samples, o.result.samples);
    r.samples = samples;  // design points: one mapping per layer each
    r.valid_samples = r.found ? samples : 0;
    r.wall_seconds = out.wall_seconds;
    r.stopped = r.stopped || std::any_of(out.layers.begin(), out.layers.end(), [](const LayerSearchOutcome& o) { return o.result.stopped; });
    r.trace.clear();
    for (auto [x, best] : model_trace(traces, request.layers)) r.trace.emplace_back(x / std::max<std::int64_t>(1, static_cast<std::int64_t>(out.layers.size())), best);
    if (!r.found) r.trace.emplace_back(samples, std::numeric_limits<double>::infinity());
    return r;
}

}  // namespace mapscape
