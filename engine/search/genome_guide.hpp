// A hook for GAMMA's guided mutation: something that knows which way is better (the Mind
// Mappings surrogate's gradient) moves some children a step that way before they are evaluated.
// Defined here so that GAMMA needs nothing of the library that implements it.
#pragma once

#include <vector>

#include "search/genome.hpp"

namespace mapscape {

class GenomeGuide {
public:
    virtual ~GenomeGuide() = default;
    // Moves each genome (of `problem`'s space) a step towards a better objective, in place; the
    // genomes stay valid (repaired). Called on the search's thread; must be deterministic.
    virtual void improve(const SearchProblem& problem, std::vector<Genome>& genomes) const = 0;
};

}  // namespace mapscape
