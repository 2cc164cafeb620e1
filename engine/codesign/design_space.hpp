// The co-design search space: hardware genes (the PE array's shape, optionally the buffer sizes)
// beside one GAMMA genome per layer, whose cluster levels are the array's dimensions (DiGamma's
// encoding, Fig. 3: pi_L1 PEs per 1-D array, pi_L2 arrays, one mapping per level). A design is
// decoded to an accelerator and a mapping per layer.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "codesign/codesign_problem.hpp"
#include "search/genome.hpp"

namespace mapscape {

struct HardwareGenes {
    int levels = 2;  // the array's dimensionality: 1D to 3D
    std::array<std::int64_t, kMaxGenomeLevels> dims{1, 1, 1};  // [0] outermost; their product is the PE count
    std::int64_t l1_bytes = 1, l2_bytes = 1;                   // per PE and shared, when buffers are searched
    std::int64_t num_pes() const {
        std::int64_t p = 1;
        for (int k = 0; k < levels; ++k) p *= dims[static_cast<std::size_t>(k)];
        return p;
    }
    bool operator==(const HardwareGenes&) const = default;
};

struct DesignGenome {
    HardwareGenes hw;
    std::vector<Genome> layers;
};

// What stays the same across the designs of one problem: per layer the genome space of the
// base accelerator (dimensions, map-space rules), and the hardware's limits.
class DesignSpace {
public:
    explicit DesignSpace(const CodesignProblem& problem);

    const CodesignProblem& problem() const { return *problem_; }
    std::size_t layer_count() const { return base_.size(); }
    int min_levels() const { return min_levels_; }
    int max_levels() const { return max_levels_; }
    // The most PEs any design may have: what the area budget allows with the smallest buffers,
    // and the PE limit.
    std::int64_t max_pes() const { return max_pes_; }
    // The least L1 per PE any design needs (the largest of the layers' least: cost/bounds.hpp),
    // and the most PEs that fit the budget with it (and the smallest L2): no design has more.
    std::int64_t least_l1_bytes() const { return least_l1_; }
    std::int64_t feasible_pes() const { return feasible_pes_; }
    // The largest buffers worth searching (what the budget leaves when every other part is smallest).
    std::int64_t max_l1_bytes() const { return max_l1_; }
    std::int64_t max_l2_bytes() const { return max_l2_; }
    // A cluster size the map space fixes at a level (0: free).
    std::int64_t fixed_dim(int level) const;
    // A layer's genome space on the base accelerator (its dimensions and map-space rules).
    const GenomeSpace& base_space(std::size_t layer) const { return base_[layer]; }

    // A layer's genome space on the hardware: its PE count, and the array's dimensions as the
    // fixed cluster sizes of its levels.
    GenomeSpace layer_space(std::size_t layer, const HardwareGenes& hw) const;
    // The accelerator of a design (buffers as the genes say, or unbounded when sized to need).
    Accelerator accelerator(const HardwareGenes& hw) const;

    // Keeps the genes within the space: levels, the map space's fixed sizes, the PE and buffer limits.
    void repair(HardwareGenes& hw) const;
    // Sets every layer genome's levels and cluster sizes to the hardware's (a genome with fewer
    // levels than the array gets random inner ones) and repairs it.
    void conform(DesignGenome& design, Rng& rng) const;

    // Array sizes that divide the layers' dimensions (or are products of two such): arrays of
    // these sizes leave few PEs idle on the model's layers. Sorted, at most max_pes().
    const std::vector<std::int64_t>& friendly_sizes() const { return friendly_; }
    // The friendly size nearest to `v` in log terms, among those within a factor `reach` of it
    // (a random one of the nearest few), or v when none is.
    std::int64_t friendly_near(std::int64_t v, double reach, Rng& rng) const;

    HardwareGenes random_hardware(Rng& rng) const;
    DesignGenome random_design(Rng& rng) const;

private:
    const CodesignProblem* problem_;
    std::vector<GenomeSpace> base_;
    int min_levels_ = 1, max_levels_ = 2;
    std::int64_t max_pes_ = 1, max_l1_ = 1, max_l2_ = 1, least_l1_ = 1, feasible_pes_ = 1;
    std::vector<std::int64_t> friendly_;
};

// Splits n into `levels` factors (outermost first) near the given shares of log n.
std::array<std::int64_t, kMaxGenomeLevels> factor_shape(std::int64_t n, int levels, const std::array<double, kMaxGenomeLevels>& log_shares);

}  // namespace mapscape
