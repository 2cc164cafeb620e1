// The physical model's prices for one accelerator, technology and tensor precision: what one
// element of each tensor costs to read or write in L1 and L2, to move over the NoC and to and
// from DRAM, what one MAC costs, and the area and leakage of what is built (the configured L1,
// L2 and PE array, not a mapping's requirement). Resolved once per accelerator and precision
// and cached per thread, so that the cost model's hot path only multiplies.
//
// Assumptions (docs/technology.md says why):
//  * L1 is a register file per PE with a port one accelerator word wide (at least 8 bits); L2 an
//    SRAM of `l2_banks` banks with 64-bit ports. An element of b bits costs b / port of one
//    access (two accesses for an fp16 element on a one-byte word; half of one for an int4).
//  * The MACs are built for the operands' format (the wider of input and weight).
//  * An element leaving or entering L2 crosses the array once: half its width plus half its
//    height, in PE pitches (the square root of one PE's area); multicast branches are free.
//  * Leakage: every PE's register file, the L2 banks, and the MACs' logic (the technology's
//    logic leakage per mm^2), over the runtime at the accelerator's clock.
#pragma once

#include <array>
#include <string>

#include "arch/accelerator.hpp"
#include "arch/area_breakdown.hpp"
#include "tech/technology.hpp"
#include "workload/layer.hpp"

namespace mapscape {

struct HardwareCosts {
    std::array<int, 3> element_bits{};  // input, weight, output (TensorRole order)
    std::array<double, 3> l1_read_nj{}, l1_write_nj{}, l2_read_nj{}, l2_write_nj{}, dram_nj{}, noc_nj{};
    double mac_nj = 0;
    NumberFormat mac_format = NumberFormat::Unspecified;  // the MAC row used
    int l1_port_bits = 0;
    int l2_port_bits = 0;
    MemoryFigures l1_access;  // one port-wide access
    MemoryFigures l2_access;
    double array_span_mm = 0;  // what an element to or from L2 travels
    const DramFigures* dram = nullptr;

    double mac_area_um2 = 0;   // every PE's MACs
    double l1_area_um2 = 0;    // every PE's register file
    double l2_area_um2 = 0;
    double area_um2() const { return mac_area_um2 + l1_area_um2 + l2_area_um2; }
    double l1_leakage_mw = 0;  // every PE's
    double l2_leakage_mw = 0;
    double logic_leakage_mw = 0;
    double leakage_mw() const { return l1_leakage_mw + l2_leakage_mw + logic_leakage_mw; }
};

// Each tensor's format on this accelerator: the layer's own, else the accelerator's word.
TensorPrecision effective_precision(const Layer& layer, const Accelerator& acc);
// Bits of one element of a tensor of format `f` on `acc` (its word when unspecified).
int element_bits(NumberFormat f, const Accelerator& acc);

// The prices for `acc` (its physical technology must be set) at this precision. The reference
// stays valid until the same thread asks for eight other combinations.
const HardwareCosts& hardware_costs(const Accelerator& acc, const TensorPrecision& precision);

// The area of `acc` built with L1 and L2 of these sizes and MACs of its word's format, under its
// physical technology: what co-design compares with an area budget.
AreaBreakdown technology_area(const Accelerator& acc, std::int64_t l1_bytes, std::int64_t l2_bytes);

}  // namespace mapscape
