// A technology description: what one operation, one buffer access, one bit moved over the NoC
// or to DRAM costs, and what the PE array and buffers take of area and leak, on one process.
// Loaded from resources/technologies/NAME.json (tech/technology_json.hpp); each figure in the
// file names its source. The `maestro` technology is MAESTRO's model instead: energies per
// access relative to a MAC, the same for any buffer size and word width (arch/technology.hpp),
// kept so that MAESTRO-exact figures and the papers' reproductions stay as they are.
#pragma once

#include <string>
#include <vector>

#include "arch/technology.hpp"
#include "workload/precision.hpp"

namespace mapscape {

// One arithmetic operation at one format, as the source gives it (Horowitz: an 8-bit add 0.03 pJ).
struct OperationFigures {
    bool multiply = false;  // else an add
    NumberFormat format = NumberFormat::Int8;
    double pj = 0;
    double area_um2 = 0;
    std::string source;
};

// One multiply-accumulate unit by operand format, made of the file's operations: a multiply at
// that format and an add at its accumulator's (e.g. int8 multiplies accumulate in int32).
struct MacFigures {
    NumberFormat format = NumberFormat::Int8;
    NumberFormat accumulator = NumberFormat::Int32;
    double multiply_pj = 0;
    double add_pj = 0;
    double multiply_area_um2 = 0;
    double add_area_um2 = 0;
    std::string source;

    double energy_pj() const { return multiply_pj + add_pj; }
    double area_um2() const { return multiply_area_um2 + add_area_um2; }
};

// A memory at one capacity and port width, as a memory model (CACTI) or a paper gives it.
struct MemoryPoint {
    double capacity_bytes = 0;
    double width_bits = 0;
    double read_pj = 0;     // one access of `width_bits`
    double write_pj = 0;
    double leakage_mw = 0;  // whole array, standby
    double area_um2 = 0;
    std::string source;     // empty: the curve's source
};

// What one access of a memory of some capacity and width costs: interpolated from the points
// (log-log between the two nearest capacities, then between the two nearest widths; beyond the
// ends, along the last segment), so each point is reproduced exactly.
struct MemoryFigures {
    double read_pj = 0;
    double write_pj = 0;
    double leakage_mw = 0;
    double area_um2 = 0;
};

struct MemoryCurve {
    std::string source;
    std::vector<MemoryPoint> points;  // any order; validated: positive, monotonic in capacity

    // One bank of capacity / banks: each access reads one bank, every bank leaks and takes area.
    MemoryFigures at(double capacity_bytes, double width_bits, int banks = 1) const;
};

struct DramFigures {
    std::string type;  // "ddr4", "lpddr4", "lpddr5", "hbm2", "hbm3", "gddr6", ...
    double energy_pj_per_bit = 0;
    double bandwidth_gb_per_s = 0;  // one device / stack / channel, as the source gives it
    std::string source;
};

struct Technology {
    std::string name;         // "45nm", "maestro", ...
    std::string description;
    std::string file;         // where it was loaded from ("" for built-in)
    // MAESTRO's relative model (the `maestro` technology) or the physical one below.
    bool maestro_relative = false;
    TechnologyTable maestro;  // maestro_relative only

    double process_node_nm = 0;
    double supply_voltage_v = 0;
    double clock_mhz = 0;  // the node's reference clock (the accelerator's own clock is used)
    std::string clock_source;
    std::vector<OperationFigures> operations;
    std::vector<MacFigures> macs;  // one per format with a multiply and its accumulator's add
    MemoryCurve sram;           // the global buffer (L2)
    MemoryCurve register_file;  // per-PE storage (L1)
    double noc_pj_per_bit_mm = 0;
    std::string noc_source;
    std::vector<DramFigures> drams;
    std::string default_dram;
    // Static power of everything but the memories (control, clock tree, idle logic), per mm^2 of
    // the PE array's logic; 0 where the source gives none.
    double logic_leakage_mw_per_mm2 = 0;
    std::string logic_leakage_source;

    // The MAC of a format (the wider of the operands picks the row): the exact row if listed,
    // else the narrowest listed format at least as wide of the same kind (integer or floating
    // point), else the widest. nullptr when the table lists none.
    const MacFigures* mac_for(NumberFormat operand) const;
    const DramFigures* dram(const std::string& type) const;  // case-insensitive; nullptr if absent
    const OperationFigures* operation(bool multiply, NumberFormat format) const;
};

// The built-in MAESTRO technology (MAESTRO's multipliers, arch/technology.hpp).
const Technology& maestro_technology();

}  // namespace mapscape
