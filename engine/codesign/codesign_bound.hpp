// What no design within a co-design problem's limits can beat, so every result (and every
// method of the comparison) says how far it is from what is possible.
//
// Latency: a design is one PE array for the whole model (DiGamma's, HW-opt's, Mapping-opt's and
// the black-box optimizers' designs all are), so the bound is the least, over every array that
// fits (at most the most PEs the area budget allows, each PE with the least L1 any mapping of the
// model needs: cost/bounds.hpp), of the model's summed per-layer compute bound on that array. On
// an a0 x a1 array a layer's busiest PE gets at least ceil(D / a) of each dimension D spread over a
// units (ceil(D / (a0 a1)) when both levels spread the same one), whichever dimensions the levels
// spread, so it does at least MACs x prod ceil(D / a) / D; and never less than MACs over the units
// its parallelisable dimensions can keep busy. A layer's cost only falls as a level widens, so the
// widest arrays (a0 = max_pes / a1) are the ones to try. With three levels allowed the bound is
// each layer's own, as before.
// Energy: the layers' energy bounds, which no array size lowers.
#pragma once

#include <cstdint>
#include <vector>

#include "codesign/codesign_problem.hpp"

namespace mapscape {

struct CodesignBound {
    std::int64_t max_pes = 0;         // the most PEs within the budget (and the PE limit)
    std::int64_t runtime_cycles = 0;  // the least summed compute bound of any array that fits
    std::vector<std::int64_t> array;  // that array's levels, outermost first (empty: each layer its own)
    double energy_nj = 0;
    double objective = 0;             // of the problem's objective, from the metric bounds
};

CodesignBound codesign_bound(const CodesignProblem& problem);

}  // namespace mapscape
