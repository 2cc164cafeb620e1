// GAMMA: the genetic algorithm for DNN mapping of Kao and Krishna (ICCAD'20), as the paper
// intends it (the public code's quirks are not reproduced; see ALGORITHM_NOTES section 1).
//
// Population, generations, elite and parent ratios and operator rates are the paper's. Where
// the paper leaves a choice open, the choices below were measured on ResNet-18 (Edge and Cloud,
// S1-S3, latency and energy, 3 seeds) against the baselines:
//  * the run continues until the sample budget is used (the paper's 200 x 50 = 10K counted the
//    elites' re-evaluation, which is skipped here);
//  * tile mutation makes several attempts per child, each at the tile-mutation rate, and draws
//    the new tile uniformly (the paper), near the old one, from the divisors of its range (the
//    public code's use_factor) or at the ends of its range;
//  * a new number of parallel units is often the most that fits (the public code's V1 rule) or
//    a divisor of the PEs left (its V2 rule);
//  * a child identical to an already evaluated genome is mutated again (the public V2 code
//    deduplicates), so no sample is spent twice;
//  * one family of parallel dimensions of one or two levels (X' | C, say) takes at most a third
//    of the parent places while others have valid individuals (ResNet-18, MobileNetV2 and BERT
//    on Edge at two levels, seeds 1-10: 3 of 780 runs more than 0.5% above the best any run
//    found, 14 without; at one or two levels 29 and 59);
//  * after several generations without improvement the non-elite population is re-drawn;
//  * the last part of the budget fine-tunes (the public code's fine-tune mode: small tile
//    steps only), and the very last part is a local search around the best genome.
#pragma once

#include <optional>
#include <stop_token>
#include <vector>

#include <memory>

#include "search/driver.hpp"
#include "search/genome.hpp"
#include "search/genome_guide.hpp"

namespace mapscape {

struct GammaOptions {
    int population = 200;  // the paper's settings: 200 individuals, 50 generations, rates 0.5
    int generations = 0;   // 0: until the sample budget is used
    double crossover_rate = 0.5;
    double tile_mutation_rate = 0.5;
    double parallel_mutation_rate = 0.5;
    double reorder_rate = 0.5;
    double growth_rate = 0.5;
    double aging_rate = 0.5;
    double elite_ratio = 0.05;
    double parent_ratio = 0.15;

    int tile_mutation_trials = 5;      // attempts per child, each at tile_mutation_rate
    double near_tile_share = 0.5;      // of uniform-or-near draws: a step near the old tile
    double divisor_tile_share = 0.15;  // a divisor of the tile's range
    double end_tile_share = 0.15;      // 1 or the whole range
    double units_divisor_rate = 0.3;   // per child: a cluster size becomes a divisor of the PEs left
    double units_fill_share = 0.5;     // of new cluster sizes: the most that fits
    double parent_niche_share = 1.0 / 3;  // most parent places one family of parallel dims takes (0: no cap)
    bool avoid_duplicates = true;
    int stagnation_restart = 8;        // generations without improvement before re-drawing (0: never)
    double fine_tune_share = 0.15;     // last share of the budget: small tile steps only
    double polish_share = 0.1;         // last share of the budget: local search around the best

    std::vector<Genome> seeds;  // warm start: individuals placed in the first population

    // Guided mutation (beyond the paper; the surrogate's gradient): this share of each
    // generation's children is moved by the guide after the random operators.
    std::shared_ptr<const GenomeGuide> guide;
    double guided_share = 0.25;
};

SearchResult run_gamma(const SearchProblem& problem, const GammaOptions& options, SearchSink* sink = nullptr,
                       std::stop_token stop = {});

// A mapping's genome, when it has GAMMA's form (used to warm-start from a previous result).
std::optional<Genome> genome_of(const Mapping& mapping, const GenomeSpace& space);

}  // namespace mapscape
