// What no design within a co-design problem's limits can beat, so every result (and every
// method of the comparison) says how far it is from what is possible: the latency of each layer's
// MACs on the most PEs the area budget allows, each PE with the least L1 any mapping of the model
// needs (whole filters: cost/bounds.hpp), and no more PEs than the layer's parallelisable
// dimensions can keep busy; energy from the layers' energy bounds, which no array size lowers.
#pragma once

#include <cstdint>

#include "codesign/codesign_problem.hpp"

namespace mapscape {

struct CodesignBound {
    std::int64_t max_pes = 0;         // the most PEs within the budget (and the PE limit)
    std::int64_t runtime_cycles = 0;  // sum over layers of ceil(MACs / max_pes)
    double energy_nj = 0;
    double objective = 0;             // of the problem's objective, from the metric bounds
};

CodesignBound codesign_bound(const CodesignProblem& problem);

}  // namespace mapscape
