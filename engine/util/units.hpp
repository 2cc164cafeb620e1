// Quantities written for people: SI prefixes on the base unit ("224.5 µJ", not "224.5 k nJ"),
// counts with k/M/G ("1.23 M cycles"), bytes in KiB/MiB, areas in µm² or mm². Tables,
// tooltips, chart axes and readouts all format through here, so a figure reads the same
// everywhere. Machine-readable outputs (JSON, CSV) keep plain numbers in the base unit their
// field names carry (energy_nj, area_um2).
#pragma once

#include <string>
#include <string_view>

namespace mapscape {

enum class Quantity {
    Plain,        // a number: k, M, G prefixes, no unit
    Cycles,       // counts of clock cycles
    EnergyNj,     // stored in nJ, written in pJ, nJ, µJ, mJ, J
    PowerMw,      // stored in mW, written in µW, mW, W
    AreaUm2,      // stored in µm², written in µm² below 0.01 mm², else mm²
    Bytes,        // B, KiB, MiB, GiB
    Seconds,      // ns, µs, ms, s
    EdpNjCycles,  // energy x delay: stored in nJ·cycles, written with a prefix on J
    LapCyclesUm2, // latency x area: stored in cycles·µm², written in cycles·mm²
};

struct FormatOptions {
    int significant_digits = 4;
    bool unit = true;  // false: the number and its prefix only ("1.5 M"), for axes titled with the unit
};

std::string format_quantity(double value, Quantity quantity, FormatOptions options = {});
// `text` right-aligned in `width` columns, counting characters rather than bytes ("µ" is two
// bytes, one column), for terminal tables.
std::string right_aligned(const std::string& text, int width);

// The quantity a field's name carries by the project's naming convention (units in names):
// `runtime_cycles`, `energy_nj`, `area_um2`, `power_mw`, `l2_size_bytes`, `wall_seconds` or
// `wall_s`, `edp`; Plain when the name names no unit (`samples`, `objective_value`).
Quantity quantity_of_field(std::string_view name);

// The unit a quantity is stored in, for titles and column headers ("nJ", "cycles", "µm²").
std::string base_unit(Quantity quantity);

}  // namespace mapscape
