// Technology table: energy per access, area and power per unit. The numbers are MAESTRO's
// (commit 4eb08d1, DSE_cost-database.hpp, BASE_constants.hpp, DSE_scaling-coefficients.hpp),
// plus a DRAM access energy, which MAESTRO lacks.
#pragma once

namespace mapscape {

struct TechnologyTable {
    // Energy of one multiply-accumulate, nJ (MAESTRO: 0.23 pJ).
    double mac_energy_nj = 0.00023;
    // Energy of one L1 / L2 / DRAM access of one element, in units of one MAC's energy.
    double l1_access_in_macs = 1.68;    // MAESTRO l1_energy_multiplier
    double l2_access_in_macs = 18.61;   // MAESTRO l2_energy_multiplier
    // DRAM: 200 x MAC, the normalised off-chip access cost of Chen, Emer and Sze, "Eyeriss: A
    // Spatial Architecture for Energy-Efficient Dataflow for Convolutional Neural Networks",
    // ISCA 2016 (DRAM 200x, global buffer 6x, PE array 2x, register file 1x a MAC); Mind
    // Mappings' oracle uses the same ratio.
    double dram_access_in_macs = 200.0;

    // Area (um^2) and power (mW) of the building blocks.
    double mac_area_um2 = 283.0;                   // per SIMD lane
    double mac_power_mw = 1.2223;                  // per SIMD lane
    double sram_area_um2_per_element = 0.104;      // L1 and L2 alike
    double sram_power_mw_per_element = 0.00345;    // L1 and L2 alike
    double bus_unit_area_um2 = 101.7938;           // x (bus_c1 * PEs + bus_c0) x bandwidth
    double bus_unit_power_mw = 0.8;                // x (bus_c1 * PEs + bus_c0) / 1000 x bandwidth
    double arbiter_unit_area_um2 = 395.473;        // x (c2 PEs^2 + c1 PEs + c0)
    double arbiter_unit_power_mw = 0.34;           // x (c2 PEs^2 + c1 PEs + c0) / 1000
    double bus_c1 = 14.662;
    double bus_c0 = 28.895;
    double arbiter_c2 = 1.2886;
    double arbiter_c1 = 5.5814;
    double arbiter_c0 = -23.711;

    double l1_access_energy_nj() const { return mac_energy_nj * l1_access_in_macs; }
    double l2_access_energy_nj() const { return mac_energy_nj * l2_access_in_macs; }
    double dram_access_energy_nj() const { return mac_energy_nj * dram_access_in_macs; }

    bool operator==(const TechnologyTable&) const = default;
};

}  // namespace mapscape
