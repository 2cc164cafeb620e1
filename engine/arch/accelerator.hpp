// The accelerator: PE array and its cluster hierarchy, buffers, NoC per level, off-chip link.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "arch/technology.hpp"
#include "mapping/map_space.hpp"

namespace mapscape {

struct Technology;  // tech/technology.hpp

// MAESTRO models at most four cluster levels, each with its own NoC.
inline constexpr int kMaxClusterLevels = 4;

struct NocLevel {
    std::int64_t bandwidth_elements_per_cycle = 2147483647;
    std::int64_t hops = 1;
    std::int64_t hop_latency_cycles = 0;  // head latency = hops x hop_latency

    std::int64_t head_latency_cycles() const { return hops * hop_latency_cycles; }
    bool operator==(const NocLevel&) const = default;
};

// Which analysis prices a mapping: MAESTRO's model, figure for figure (the default, and what
// MAESTRO files and the papers' reproductions use), or the faithful analysis of what the
// dataflow does (cost/faithful_analysis.hpp; docs/faithful-analysis.md).
enum class AnalysisMode : std::uint8_t { MaestroExact, Faithful };
std::string_view analysis_mode_name(AnalysisMode mode);           // "maestro" or "faithful"
bool parse_analysis_mode(std::string_view text, AnalysisMode& mode);  // false for anything else

struct Accelerator {
    std::string name = "accelerator";
    std::int64_t num_pes = 7;
    // Physical cluster sizes, outermost first (e.g. {12, 14}: 12 rows of 14 PEs). Optional;
    // when given, their product is the PE count. Used by presets, editors and fixed-array searches.
    std::vector<std::int64_t> pe_hierarchy;
    std::int64_t simd_lanes = 1;                  // ALUs per PE
    std::int64_t l1_size_bytes = 2147483647;      // per PE
    std::int64_t l2_size_bytes = 2147483647;      // shared global buffer
    std::array<NocLevel, kMaxClusterLevels> noc;  // [0]: L2 to the top clusters, then inward
    std::int64_t offchip_bw_elements_per_cycle = 70000;
    std::int64_t word_size_bytes = 1;
    double clock_mhz = 1000.0;
    // MAESTRO's energy multipliers (the `maestro` technology), used when no physical one is set.
    TechnologyTable technology;
    // A physical technology (tech/technology.hpp; `--tech 45nm`): every access priced by the
    // configured buffer sizes and each tensor's width, leakage over the runtime, area from what
    // is built. Null: MAESTRO's model above, which every MAESTRO-exact figure uses.
    std::shared_ptr<const Technology> physical_technology;
    std::string dram_type;         // one of the technology's DRAM types; "" = its default
    std::int64_t l2_banks = 1;     // the global buffer's banks (each access reads one)
    // How flexible the array is: which dimensions it can parallelise at each level, fixed loop
    // orders, tiles and cluster sizes. Every search respects it. Fully flexible by default.
    MapSpace map_space;
    AnalysisMode analysis = AnalysisMode::MaestroExact;

    std::int64_t l1_size_elements() const { return l1_size_bytes / word_size_bytes; }
    std::int64_t l2_size_elements() const { return l2_size_bytes / word_size_bytes; }
    bool operator==(const Accelerator&) const = default;
};

// MAESTRO's command-line defaults (7 PEs, unconstrained buffers and NoC, off-chip 70000).
Accelerator maestro_cli_defaults();

// Sets every NoC level to the same bandwidth and latency, as MAESTRO's command line does.
void set_uniform_noc(Accelerator& acc, std::int64_t bandwidth, std::int64_t hops,
                     std::int64_t hop_latency);

// Explains what is wrong with an accelerator description, or returns an empty string.
std::string accelerator_problem(const Accelerator& acc);

// The range of each numeric field, by its name in the accelerator file format: what the file
// loader, the CLI and the Python module all accept (one table, so they cannot drift).
struct AcceleratorFieldRange {
    std::string_view field;
    double min;
    double max;
};
const AcceleratorFieldRange& accelerator_field_range(std::string_view field);

}  // namespace mapscape
