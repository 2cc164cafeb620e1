// GAMMA: the genetic algorithm for DNN mapping of Kao and Krishna (ICCAD'20), as the paper
// intends it (its public code's quirks are not reproduced; see ALGORITHM_NOTES section 1).
#pragma once

#include <optional>
#include <stop_token>
#include <vector>

#include "search/driver.hpp"
#include "search/genome.hpp"

namespace mapscape {

struct GammaOptions {
    int population = 200;  // the paper's settings: 200 individuals x 50 generations = 10K samples
    int generations = 50;  // upper bound; the sample budget usually ends the run
    double crossover_rate = 0.5;
    double tile_mutation_rate = 0.5;
    double parallel_mutation_rate = 0.5;
    double reorder_rate = 0.5;
    double growth_rate = 0.5;
    double aging_rate = 0.5;
    double elite_ratio = 0.05;
    double parent_ratio = 0.15;
    std::vector<Genome> seeds;  // warm start: individuals placed in the first population
};

SearchResult run_gamma(const SearchProblem& problem, const GammaOptions& options,
                       SearchSink* sink = nullptr, std::stop_token stop = {});

// A mapping's genome, when it has GAMMA's form (used to warm-start from a previous result).
std::optional<Genome> genome_of(const Mapping& mapping, const GenomeSpace& space);

}  // namespace mapscape
