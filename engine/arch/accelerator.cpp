#include "arch/accelerator.hpp"

#include <stdexcept>
#include "util/integer_math.hpp"

#include <limits>

namespace mapscape {

std::string_view analysis_mode_name(AnalysisMode mode) {
    return mode == AnalysisMode::Faithful ? "faithful" : "maestro";
}

bool parse_analysis_mode(std::string_view text, AnalysisMode& mode) {
    if (text == "maestro" || text == "maestro-exact") {
        mode = AnalysisMode::MaestroExact;
        return true;
    }
    if (text == "faithful") {
        mode = AnalysisMode::Faithful;
        return true;
    }
    return false;
}

Accelerator maestro_cli_defaults() {
    Accelerator acc;
    acc.name = "maestro-defaults";
    return acc;
}

void set_uniform_noc(Accelerator& acc, std::int64_t bandwidth, std::int64_t hops,
                     std::int64_t hop_latency) {
    for (auto& level : acc.noc) level = NocLevel{bandwidth, hops, hop_latency};
}

std::string accelerator_problem(const Accelerator& acc) {
    auto out_of_range = [](std::int64_t v) { return v < 1 || v > kIntMax; };
    auto positive = [&](const char* what, std::int64_t v) -> std::string {
        if (!out_of_range(v)) return {};
        if (v < 1) return std::string(what) + " must be at least 1, not " + std::to_string(v);
        if (v > kIntMax)
            return std::string(what) + " = " + std::to_string(v) +
                   " is larger than the supported maximum " + std::to_string(kIntMax);
        return {};
    };
    std::string p;
    if (!(p = positive("the number of PEs", acc.num_pes)).empty()) return p;
    if (!(p = positive("the SIMD lane count", acc.simd_lanes)).empty()) return p;
    if (!(p = positive("the word size", acc.word_size_bytes)).empty()) return p;
    if (acc.word_size_bytes > 16) return "the word size must be at most 16 bytes";
    if (acc.l1_size_bytes < acc.word_size_bytes)
        return "the L1 size must hold at least one word";
    if (acc.l2_size_bytes < acc.word_size_bytes)
        return "the L2 size must hold at least one word";
    if (acc.l1_size_bytes > kIntMax || acc.l2_size_bytes > kIntMax)
        return "buffer sizes above " + std::to_string(kIntMax) + " bytes are not supported";
    if (!(p = positive("the off-chip bandwidth", acc.offchip_bw_elements_per_cycle)).empty())
        return p;
    for (std::size_t i = 0; i < acc.noc.size(); ++i) {
        const auto& n = acc.noc[i];
        // The message is built only on a problem: the faithful analysis checks the accelerator
        // at every evaluation, and the cost model allocates nothing in its hot path.
        const bool bad_bandwidth = out_of_range(n.bandwidth_elements_per_cycle);
        if (!bad_bandwidth && n.hops >= 0 && n.hop_latency_cycles >= 0) continue;
        const std::string where = "NoC level " + std::to_string(i);
        if (bad_bandwidth) return positive((where + " bandwidth").c_str(), n.bandwidth_elements_per_cycle);
        return where + " hops and hop latency must not be negative";
    }
    if (!(acc.clock_mhz > 0.0)) return "the clock frequency must be positive";
    if (acc.l2_banks < 1 || acc.l2_banks > 1024) return "the L2 bank count must be 1 to 1024, not " + std::to_string(acc.l2_banks);
    if (acc.pe_hierarchy.size() > static_cast<std::size_t>(kMaxClusterLevels))
        return "the PE hierarchy has more than " + std::to_string(kMaxClusterLevels) + " levels";
    if (!acc.pe_hierarchy.empty()) {
        std::int64_t product = 1;
        for (auto s : acc.pe_hierarchy) {
            if (s < 1) return "PE hierarchy sizes must be at least 1";
            product *= s;
            if (product > kIntMax) return "the PE hierarchy is too large";
        }
        if (product != acc.num_pes)
            return "the PE hierarchy multiplies to " + std::to_string(product) + " PEs but the "
                   "accelerator has " + std::to_string(acc.num_pes);
    }
    return {};
}

const AcceleratorFieldRange& accelerator_field_range(std::string_view field) {
    static constexpr AcceleratorFieldRange kRanges[] = {
        {"num_pes", 1, kIntMax},
        {"simd_lanes", 1, 1024},
        {"l1_size_bytes", 1, kIntMax},
        {"l2_size_bytes", 1, kIntMax},
        {"word_size_bytes", 1, 16},
        {"clock_mhz", 1e-3, 1e6},
        {"offchip_bw_elements_per_cycle", 1, kIntMax},
        {"bandwidth_elements_per_cycle", 1, kIntMax},
        {"hops", 0, 1e6},
        {"hop_latency_cycles", 0, 1e6},
        {"l2_banks", 1, 1024},
    };
    for (const AcceleratorFieldRange& r : kRanges)
        if (r.field == field) return r;
    throw std::logic_error("no range for accelerator field " + std::string(field));
}

}  // namespace mapscape
