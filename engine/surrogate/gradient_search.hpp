// Phase 2 of Mind Mappings (paper Sec. 4.2, Appendix A): projected gradient descent on the
// surrogate from random valid mappings, with a random mapping injected every few steps and
// accepted by simulated annealing, checking the most promising mappings with the real cost model.
//
// As the paper intends (the public code's quirks are not reproduced; ALGORITHM_NOTES section 4):
//  * the descent follows the gradient of the predicted objective (ln EDP over the algorithmic
//    minimum by default), not of the sum of the normalised outputs;
//  * a move whose projection is the mapping the chain already holds doubles the step (up to 64x)
//    until the projection changes, and the chain continues from the projected mapping;
//  * injections are accepted with probability exp(-increase / T), T starting at `temperature`
//    and multiplied by 0.75 every 50 injections;
//  * the best mapping is the best the real cost model saw (the search's samples are real queries).
// Beyond the paper: several chains descend together (one batched surrogate call per step), a
// predicted buffer overflow (the surrogate's L1 and L2 need labels) adds to the descended cost,
// and each round the chains' distinct mappings with the lowest predicted cost, not yet queried,
// go to the cost model: `steps_per_query` surrogate steps per chain per real query.
#pragma once

#include <memory>
#include <stop_token>

#include "search/driver.hpp"

namespace mapscape {

class Surrogate;  // surrogate/surrogate_model.hpp: kept out, since it parses all of libtorch (~14 s per file)

struct MindMappingsOptions {
    int chains = 32;
    int injection_interval = 10;  // the paper's
    double learning_rate = 1.0;   // the paper's alpha, in the z-scored space
    double temperature = 1.0;     // ln-cost units (a factor e accepted with probability 1/e at first)
    double anneal_factor = 0.75;  // the paper's, every anneal_every injections
    int anneal_every = 50;
    int steps_per_query = 4;
    double overflow_penalty = 2.0;  // per unit of predicted ln(need / size) above 0
};

// The problem's layer must be covered (surrogate_covers); otherwise nothing is evaluated.
SearchResult run_mindmappings(const SearchProblem& problem, const Surrogate& surrogate, const MindMappingsOptions& options = {},
                              SearchSink* sink = nullptr, std::stop_token stop = {});

// The cost of one surrogate step as the search takes it (forward and gradient with respect to the
// mapping vectors, for a batch of `chains`, plus projection), against one cost-model query.
struct StepTiming {
    int chains = 0;
    double step_us_per_mapping = 0;        // forward + input gradient, per mapping of the batch
    double projection_us_per_mapping = 0;  // continuous vector -> valid mapping
    double query_us = 0;                   // one cost-model evaluation (objectives detail)
};
StepTiming time_surrogate_step(const Surrogate& surrogate, const SearchProblem& problem, int chains, double seconds);

}  // namespace mapscape
