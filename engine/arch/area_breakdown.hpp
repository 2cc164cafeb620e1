// Area by part: what the co-design area models, the physical technologies and MAESTRO's model
// all report.
#pragma once

namespace mapscape {

struct AreaBreakdown {
    double pes_um2 = 0;  // the MACs
    double l1_um2 = 0;   // every PE's L1
    double l2_um2 = 0;
    double noc_um2 = 0;
    double total_um2() const { return pes_um2 + l1_um2 + l2_um2 + noc_um2; }
    double buffers_um2() const { return l1_um2 + l2_um2; }
};

}  // namespace mapscape
