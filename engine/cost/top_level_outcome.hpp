// What the analysis of the outermost cluster level produces for one layer.
#pragma once

#include <array>
#include <cstdint>

#include "cost/cost_report.hpp"

namespace mapscape {

struct TopLevelOutcome {
    InvalidityDetail problem;
    std::int64_t runtime = 0;
    std::int64_t macs = 0;
    std::array<TensorAccesses, kNumTensors> tensors{};
    std::array<std::int64_t, kNumTensors> l2_required{};
    std::int64_t l1_required = 0;
    std::array<std::int64_t, kNumTensors> l1_required_by_tensor{};  // l1_required's parts
    std::int64_t peak_noc_bw = 0;
    double avg_noc_bw = 0;
    std::int64_t offchip_bw = 0;
    double avg_active_clusters = 0;
    double arithmetic_intensity = 0;
    DelayStats ingress, egress, compute;
    // Outputs written to DRAM; -1: the output's L2 reads (MAESTRO's model reads each output from
    // L2 once, to write it back). The faithful analysis's L2 reads add partial sums read back.
    std::int64_t output_dram_writes = -1;
};

}  // namespace mapscape
