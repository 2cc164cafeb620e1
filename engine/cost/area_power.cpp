#include "cost/area_power.hpp"

#include <algorithm>
#include <cmath>

namespace mapscape {

AreaPower estimate_area_power(const TechnologyTable& t, std::int64_t num_pes,
                              std::int64_t simd_lanes, std::int64_t noc_bandwidth,
                              std::int64_t l1_elements, std::int64_t l2_elements) {
    const auto pes = static_cast<double>(num_pes);
    const auto lanes = static_cast<double>(simd_lanes);
    // An SRAM has at least one cell, even when the layer needs none.
    const double l1_cells = std::max(1.0, static_cast<double>(l1_elements));
    const double l2_cells = std::max(1.0, static_cast<double>(l2_elements));
    const double bus_scale = t.bus_c1 * pes + t.bus_c0;
    const double arbiter_scale = t.arbiter_c2 * pes * pes + t.arbiter_c1 * pes + t.arbiter_c0;
    const auto bandwidth = static_cast<double>(noc_bandwidth);

    AreaPower r;
    const double bus_area = t.bus_unit_area_um2 * bus_scale * bandwidth;
    const double arbiter_area = std::max(t.arbiter_unit_area_um2, t.arbiter_unit_area_um2 * arbiter_scale);
    r.area_um2 = pes * (t.mac_area_um2 * lanes + t.sram_area_um2_per_element * l1_cells) +
                 t.sram_area_um2_per_element * l2_cells + bus_area + arbiter_area;
    r.mac_area_um2 = pes * t.mac_area_um2 * lanes;
    r.l1_area_um2 = pes * t.sram_area_um2_per_element * l1_cells;
    r.l2_area_um2 = t.sram_area_um2_per_element * l2_cells;
    r.noc_area_um2 = bus_area + arbiter_area;
    r.pe_power_mw = pes * t.mac_power_mw * lanes;
    r.l1_power_mw = pes * t.sram_power_mw_per_element * l1_cells;
    r.l2_power_mw = t.sram_power_mw_per_element * l2_cells;
    const double bus_power = t.bus_unit_power_mw * bus_scale / 1000.0 * bandwidth;
    const double arbiter_power =
        std::max(t.arbiter_unit_power_mw, t.arbiter_unit_power_mw * arbiter_scale / 1000.0);
    r.noc_power_mw = bus_power + arbiter_power;
    return r;
}

}  // namespace mapscape
