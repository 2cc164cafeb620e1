// GAMMA's genetic operators on genomes (ICCAD'20, Sec. 3.5): crossover, tile mutation,
// parallel-dimension mutation, reorder, growth and aging, plus the fine-tuning step and the
// neighbourhood of the final local search. See gamma.hpp for the sampling choices.
#pragma once

#include <vector>

#include "search/gamma.hpp"

namespace mapscape {

class GammaOperators {
public:
    GammaOperators(const GenomeSpace& space, const GammaOptions& options, Rng& rng)
        : space_(&space), options_(&options), rng_(&rng) {}

    // Swaps one dimension's tile sizes between two genomes, at every level both have.
    void crossover(Genome& a, Genome& b);
    // Tile mutations, parallel-dimension mutation, cluster-size mutation, reorder, growth and
    // aging, each at its rate.
    void mutate(Genome& g);
    // One small tile step (and sometimes a cluster size step).
    void fine_tune(Genome& g);
    // Every genome one change away: tile steps to neighbouring values and divisors, loop
    // swaps, other parallel dimensions, cluster sizes, one level less.
    std::vector<Genome> neighbours(const Genome& g) const;

private:
    bool chance(double p);
    Dim random_tile_dim();
    std::int64_t tile_range(const Genome& g, int level, Dim d) const;
    std::int64_t new_tile(std::int64_t old, std::int64_t range);
    std::int64_t random_divisor(std::int64_t n);
    std::int64_t new_units(const Genome& g, int level, Dim parallel);

    const GenomeSpace* space_;
    const GammaOptions* options_;
    Rng* rng_;
};

}  // namespace mapscape
