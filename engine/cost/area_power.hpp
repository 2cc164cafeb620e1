// MAESTRO's area and power model: MACs and L1 per PE, an L2, and a bus with a matrix arbiter.
// Buffer sizes are the layer's requirements (in elements), as in MAESTRO, not the capacities.
#pragma once

#include <cstdint>

#include "arch/technology.hpp"

namespace mapscape {

struct AreaPower {
    double area_um2 = 0;
    double mac_area_um2 = 0, l1_area_um2 = 0, l2_area_um2 = 0, noc_area_um2 = 0;  // area_um2's parts
    double pe_power_mw = 0;
    double l1_power_mw = 0;
    double l2_power_mw = 0;
    double noc_power_mw = 0;
    double total_power_mw() const { return pe_power_mw + l1_power_mw + l2_power_mw + noc_power_mw; }
};

AreaPower estimate_area_power(const TechnologyTable& tech, std::int64_t num_pes,
                              std::int64_t simd_lanes, std::int64_t noc_bandwidth,
                              std::int64_t l1_elements, std::int64_t l2_elements);

}  // namespace mapscape
