// The dynamic half of the cost model: for one cluster level and the tile it receives, list the
// iteration cases (first step, steady steps, edge step per directive), cost each case's data
// movement and delay, and recurse into the sub-clusters. Follows MAESTRO's data-centric
// analysis, including the order in which it visits cases.
#pragma once

#include <array>
#include <cstdint>

#include "cost/cost_report.hpp"
#include "cost/mapping_plan.hpp"

namespace mapscape {

// Everything the outermost level's analysis produces.
struct TopLevelOutcome {
    InvalidityDetail problem;
    std::int64_t runtime = 0;
    std::int64_t macs = 0;
    std::array<TensorAccesses, kNumTensors> tensors{};
    std::array<std::int64_t, kNumTensors> l2_required{};
    std::int64_t l1_required = 0;
    std::int64_t peak_noc_bw = 0;
    double avg_noc_bw = 0;
    std::int64_t offchip_bw = 0;
    double avg_active_clusters = 0;
    double arithmetic_intensity = 0;
    DelayStats ingress, egress, compute;
};

// Scratch space reused across evaluations (memoised sub-cluster analyses). Large; keep one per
// thread rather than on the stack of each call.
struct AnalysisWorkspace;
AnalysisWorkspace& thread_workspace();

void analyze_top_level(const MappingPlan& plan, AnalysisWorkspace& workspace,
                       TopLevelOutcome& out);

}  // namespace mapscape
