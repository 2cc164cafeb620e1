#include "codesign/design_space.hpp"

#include <algorithm>
#include <cmath>

#include "cost/bounds.hpp"
#include "util/integer_math.hpp"

namespace mapscape {

namespace {

constexpr std::int64_t kUnboundedBytes = 2147483647;  // the cost model's largest buffer

std::int64_t log_uniform(Rng& rng, std::int64_t lo, std::int64_t hi) {
    if (hi <= lo) return lo;
    const double u = std::uniform_real_distribution<double>(std::log(static_cast<double>(lo)), std::log(static_cast<double>(hi) + 1))(rng);
    return std::clamp<std::int64_t>(static_cast<std::int64_t>(std::exp(u)), lo, hi);
}

// Bytes of a buffer whose banks fill `area_um2`.
std::int64_t bytes_within(const BufferAreaRule& rule, double area_um2) {
    if (rule.um2_per_granule <= 0) return kUnboundedBytes;
    const double banks = std::floor(area_um2 / rule.um2_per_granule);
    return std::clamp<std::int64_t>(static_cast<std::int64_t>(std::min(banks * static_cast<double>(rule.granule_bytes), 1e12)), 1,
                                    kUnboundedBytes);
}

}  // namespace

std::array<std::int64_t, kMaxGenomeLevels> factor_shape(std::int64_t n, int levels, const std::array<double, kMaxGenomeLevels>& shares) {
    std::array<std::int64_t, kMaxGenomeLevels> dims{1, 1, 1};
    n = std::max<std::int64_t>(1, n);
    double remaining_share = 0;
    for (int k = 0; k < levels; ++k) remaining_share += std::max(0.0, shares[static_cast<std::size_t>(k)]);
    std::int64_t left = n;
    for (int k = levels - 1; k >= 1; --k) {  // inner dimensions first, the outermost takes what is left
        const double share = std::max(0.0, shares[static_cast<std::size_t>(k)]);
        const double exponent = remaining_share > 0 ? share / remaining_share : 0;
        remaining_share -= share;
        const auto d = static_cast<std::int64_t>(std::llround(std::pow(static_cast<double>(left), exponent)));
        dims[static_cast<std::size_t>(k)] = std::clamp<std::int64_t>(d, 1, left);
        left /= dims[static_cast<std::size_t>(k)];
    }
    dims[0] = std::max<std::int64_t>(1, left);
    return dims;
}

DesignSpace::DesignSpace(const CodesignProblem& p) : problem_(&p) {
    SearchProblem sp;
    sp.accelerator = p.base;
    sp.system = TargetSystem::S3;
    for (const Layer& l : p.layers) {
        sp.layer = l;
        base_.push_back(make_genome_space(sp));
    }
    const MapSpace& constraints = p.base.map_space;
    if (!constraints.flexible()) {
        min_levels_ = max_levels_ = static_cast<int>(std::min<std::size_t>(constraints.levels.size(), kMaxGenomeLevels));
    } else {
        min_levels_ = std::clamp(p.min_levels, 1, kMaxGenomeLevels);
        max_levels_ = std::clamp(p.max_levels, min_levels_, kMaxGenomeLevels);
    }
    Accelerator one = p.base;
    one.num_pes = 1;
    one.simd_lanes = 1;
    max_pes_ = max_pes_within(p.area_model, one, p.area_budget_um2);
    if (p.max_pes) max_pes_ = std::min(max_pes_, *p.max_pes);
    max_pes_ = std::max<std::int64_t>(1, max_pes_);
    const AreaBreakdown smallest = area_of(p.area_model, one, 1, 1);
    max_l1_ = bytes_within(p.area_model.l1, p.area_budget_um2 - smallest.total_um2() + smallest.l1_um2);
    max_l2_ = bytes_within(p.area_model.l2, p.area_budget_um2 - smallest.total_um2() + smallest.l2_um2);
    // The least L1 every PE needs (a map space that spreads filter rows or columns over an inner
    // level lowers it), and the most PEs that fit with it.
    for (const Layer& l : p.layers) least_l1_ = std::max(least_l1_, min_l1_elements(l, constraints) * p.base.word_size_bytes);
    std::int64_t lo = 0, hi = max_pes_;
    auto fits = [&](std::int64_t pes) {
        one.num_pes = pes;
        return area_of(p.area_model, one, least_l1_, 1).total_um2() <= p.area_budget_um2;
    };
    if (fits(hi)) lo = hi;
    while (hi - lo > 1) {
        const std::int64_t mid = lo + (hi - lo) / 2;
        (fits(mid) ? lo : hi) = mid;
    }
    feasible_pes_ = std::max<std::int64_t>(1, lo);
    one.num_pes = 1;

    // Divisors of the parallelisable dimensions, and products of two of them.
    std::vector<std::int64_t> divisors;
    for (const GenomeSpace& g : base_)
        for (Dim d : g.parallel_choices) {
            const std::int64_t n = at(g.full, d);
            for_each_divisor(n, [&](std::int64_t v) {
                if (v <= max_pes_) divisors.push_back(v);
            });
        }
    std::sort(divisors.begin(), divisors.end());
    divisors.erase(std::unique(divisors.begin(), divisors.end()), divisors.end());
    friendly_ = divisors;
    for (std::int64_t a : divisors)
        for (std::int64_t b : divisors)
            if (a <= b && a * b <= max_pes_) friendly_.push_back(a * b);
    std::sort(friendly_.begin(), friendly_.end());
    friendly_.erase(std::unique(friendly_.begin(), friendly_.end()), friendly_.end());
}

std::int64_t DesignSpace::friendly_near(std::int64_t v, double reach, Rng& rng) const {
    std::vector<std::int64_t> near;
    for (std::int64_t f : friendly_)
        if (static_cast<double>(f) >= static_cast<double>(v) / reach && static_cast<double>(f) <= static_cast<double>(v) * reach) near.push_back(f);
    if (near.empty()) return v;
    return near[static_cast<std::size_t>(uniform(rng, 0, static_cast<std::int64_t>(near.size()) - 1))];
}

std::int64_t DesignSpace::fixed_dim(int level) const {
    const MapSpace& m = problem_->base.map_space;
    if (level < 1 || level >= static_cast<int>(m.levels.size())) return 0;
    return m.levels[static_cast<std::size_t>(level)].cluster_size;
}

GenomeSpace DesignSpace::layer_space(std::size_t layer, const HardwareGenes& hw) const {
    GenomeSpace s = base_[layer];
    s.num_pes = hw.num_pes();
    s.min_levels = s.max_levels = hw.levels;
    s.fixed_units = 0;
    for (int k = 1; k < hw.levels; ++k) s.rules[static_cast<std::size_t>(k)].units = hw.dims[static_cast<std::size_t>(k)];
    return s;
}

Accelerator DesignSpace::accelerator(const HardwareGenes& hw) const {
    Accelerator a = problem_->base;
    a.num_pes = hw.num_pes();
    a.pe_hierarchy.assign(hw.dims.begin(), hw.dims.begin() + hw.levels);
    const bool searched = problem_->buffers == BufferSizing::Searched;
    a.l1_size_bytes = searched ? hw.l1_bytes : kUnboundedBytes;
    a.l2_size_bytes = searched ? hw.l2_bytes : kUnboundedBytes;
    return a;
}

void DesignSpace::repair(HardwareGenes& hw) const {
    hw.levels = std::clamp(hw.levels, min_levels_, max_levels_);
    for (int k = 0; k < kMaxGenomeLevels; ++k) {
        std::int64_t& d = hw.dims[static_cast<std::size_t>(k)];
        d = k < hw.levels ? std::max<std::int64_t>(1, d) : 1;
        if (const std::int64_t fixed = fixed_dim(k); fixed > 0 && k < hw.levels) d = fixed;
    }
    // Over the PE limit: shrink the largest dimension the map space leaves free until it fits.
    while (hw.num_pes() > max_pes_) {
        int largest = -1;
        for (int k = 0; k < hw.levels; ++k)
            if (fixed_dim(k) == 0 && hw.dims[static_cast<std::size_t>(k)] > 1 &&
                (largest < 0 || hw.dims[static_cast<std::size_t>(k)] > hw.dims[static_cast<std::size_t>(largest)]))
                largest = k;
        if (largest < 0) break;  // only fixed sizes left: the design stays over the limit (and invalid)
        std::int64_t& d = hw.dims[static_cast<std::size_t>(largest)];
        d = std::max<std::int64_t>(1, std::min(d - 1, d * max_pes_ / hw.num_pes()));
    }
    hw.l1_bytes = std::clamp<std::int64_t>(hw.l1_bytes, 1, max_l1_);
    hw.l2_bytes = std::clamp<std::int64_t>(hw.l2_bytes, 1, max_l2_);
}

void DesignSpace::conform(DesignGenome& design, Rng& rng) const {
    repair(design.hw);
    design.layers.resize(base_.size());
    for (std::size_t l = 0; l < base_.size(); ++l) {
        const GenomeSpace s = layer_space(l, design.hw);
        Genome& g = design.layers[l];
        if (g.num_levels == 0) g = random_genome(s, 1, rng);
        g.num_levels = std::min(g.num_levels, design.hw.levels);
        while (g.num_levels < design.hw.levels) {
            g.levels[static_cast<std::size_t>(g.num_levels)] = random_inner_level(s, g, rng);
            ++g.num_levels;
        }
        for (int k = 0; k < g.num_levels; ++k)
            g.levels[static_cast<std::size_t>(k)].units = k == 0 ? s.num_pes : design.hw.dims[static_cast<std::size_t>(k)];
        mapscape::repair(g, s);
    }
}

HardwareGenes DesignSpace::random_hardware(Rng& rng) const {
    HardwareGenes hw;
    hw.levels = static_cast<int>(uniform(rng, min_levels_, max_levels_));
    std::array<double, kMaxGenomeLevels> shares{};
    for (double& s : shares) s = std::uniform_real_distribution<double>(0.05, 1.0)(rng);
    hw.dims = factor_shape(log_uniform(rng, 1, feasible_pes_), hw.levels, shares);
    hw.l1_bytes = log_uniform(rng, std::min(least_l1_, max_l1_), std::min(max_l1_, 16 * least_l1_));
    hw.l2_bytes = log_uniform(rng, std::min<std::int64_t>(1024, max_l2_), std::max<std::int64_t>(1, max_l2_ / 8));
    repair(hw);
    return hw;
}

DesignGenome DesignSpace::random_design(Rng& rng) const {
    DesignGenome d;
    d.hw = random_hardware(rng);
    for (std::size_t l = 0; l < base_.size(); ++l) {
        const GenomeSpace s = layer_space(l, d.hw);
        Genome g = random_genome(s, d.hw.levels, rng);
        mapscape::repair(g, s);
        d.layers.push_back(g);
    }
    return d;
}

}  // namespace mapscape
