// The fast level analysis: the same results as the reference analysis for mappings whose levels
// each map every dimension once with one SpatialMap (GAMMA's mappings, most dataflows), at a
// fraction of the cost. Iteration cases are visited in MAESTRO's order with running products
// instead of per-case loops; sub-cluster results are memoised by which dimensions take their
// edge tile; a compute-bound innermost level is summed in closed form.
#pragma once

#include "cost/analysis_workspace.hpp"
#include "cost/mapping_plan.hpp"
#include "cost/top_level_outcome.hpp"

namespace mapscape {

enum class FastOutcome {
    NotApplicable,   // the plan is not one the fast analysis handles; `out` is untouched
    Full,            // `out` holds every figure
    ObjectivesOnly,  // `out` holds all but the per-case bandwidth and delay statistics
};

// With objectives_only, a compute-bound outer level is summed in closed form rather than case
// by case (when it is not compute-bound, the full walk runs and Full is returned).
FastOutcome analyze_top_level_fast(const MappingPlan& plan, AnalysisWorkspace& workspace,
                                   TopLevelOutcome& out, bool objectives_only);

}  // namespace mapscape
