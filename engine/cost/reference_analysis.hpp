// The dynamic half of the cost model, written plainly: for one cluster level and the tile it
// receives, list the iteration cases (first step, steady steps, edge step per directive), cost
// each case's data movement and delay, and recurse into the sub-clusters. Follows MAESTRO's
// data-centric analysis, including the order in which it visits cases. It handles every
// mapping; the fast analysis (fast_analysis.hpp) handles the common ones and is tested against
// this one.
#pragma once

#include <array>
#include <cstdint>

#include "cost/cost_report.hpp"
#include "cost/mapping_plan.hpp"
#include "cost/analysis_workspace.hpp"
#include "cost/top_level_outcome.hpp"

namespace mapscape {

struct AnalysisWorkspace;

void analyze_top_level_reference(const MappingPlan& plan, AnalysisWorkspace& workspace,
                                 TopLevelOutcome& out);

}  // namespace mapscape
