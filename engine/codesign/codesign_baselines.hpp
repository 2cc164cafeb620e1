// The DiGamma paper's comparisons (its Figures 5 and 6), at the same sample budget:
//  * black-box optimizers (random, stdga, de, es11, cmaes, tbpsa, pso, portfolio, and sa, xnes)
//    over one joint fixed-length encoding of the hardware and every layer's mapping: genes for the
//    PE count (log scale) and the array's shape (its dimensions' shares of log PEs), the buffer
//    sizes when searched, then each layer's mapping in the mapping baselines' encoding
//    (search/vector_encoding.hpp) with the array's dimensions as its cluster sizes. As there, a
//    range of array dimensionalities splits the budget evenly and the better result is kept.
//  * HW-opt: a grid over the PE array (rows of clusters x PEs per cluster) and the buffer sizes
//    with a fixed NVDLA-, Eyeriss- or ShiDianNao-like mapping, its tiles picked by the fixed
//    dataflows' rule (the largest that fit, search/fixed_dataflow.hpp). A sample is a grid point;
//    points over the area budget are not evaluated; a grid larger than the budget is thinned evenly.
//  * Mapping-opt: GAMMA on three accelerators fixed at the budget, compute-focused (75% of the
//    area in PEs), medium (50%) and buffer-focused (25%), the rest in buffers (a fifth in the
//    PEs' L1s, but at least twice the least L1 the model's layers need; the rest in L2, at least
//    5% of the budget, with fewer PEs if need be), the PEs in a square-ish 2D array whose shape
//    the mappings keep (GAMMA's S1 system: 2 levels, a row per cluster), as DiGamma's arrays do. Layers are independent on a
//    fixed accelerator, so a design point is one mapping per layer and each layer gets the whole
//    sample budget.
#pragma once

#include <stop_token>

#include "codesign/design_evaluator.hpp"
#include "search/baselines.hpp"
#include "search/fixed_dataflow.hpp"

namespace mapscape {

CodesignResult run_codesign_black_box(const CodesignProblem& problem, Baseline baseline, CodesignSink* sink = nullptr,
                                      std::stop_token stop = {});

CodesignResult run_hw_opt(const CodesignProblem& problem, FixedDataflow style, CodesignSink* sink = nullptr,
                          std::stop_token stop = {});
// The samples HW-opt takes: its grid's points within the area budget, at most the budget (the
// same for every style). A sweep's estimates use it: grids are often smaller than the budget.
std::int64_t hw_opt_sample_count(const CodesignProblem& problem);

enum class FixedHardware { ComputeFocused, Medium, BufferFocused };
// The fixed accelerator of a Mapping-opt scheme at the problem's budget.
Accelerator fixed_hardware(const CodesignProblem& problem, FixedHardware kind);
CodesignResult run_map_opt(const CodesignProblem& problem, FixedHardware kind, CodesignSink* sink = nullptr,
                           std::stop_token stop = {});

}  // namespace mapscape
