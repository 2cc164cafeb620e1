// Fixed dataflows of prior accelerators and of MAESTRO's examples: the loop order and the
// parallel dimensions of both levels are the style's; only temporal tile sizes are chosen.
//
// The tile rule (the GAMMA paper's "tile sizes that fit within the buffers"): every tile knob of
// the style takes each power of two up to its dimension and the whole dimension; all
// combinations are evaluated; among those that fit L1, L2 and the PEs (and any latency cap) the
// one with the largest tiles (largest product of knob values, then the earlier knobs larger)
// is kept, because the largest fitting tiles give the most reuse. The objective does not take
// part in the choice. Cluster sizes are the style's: the accelerator's row length for the
// NVDLA-, Eyeriss- and ShiDianNao-like styles (a fixed 2D array), the constants of MAESTRO's
// example files for kcp_ws (64), yxp_os (8), and the filter width for rs.
//
// Roles: CONV dimensions as written; a GEMM's N plays K (outputs), its K plays C (reduction) and
// M plays the rows; depthwise layers have no K, so every style maps them as MAGMA's depthwise
// file does (channels across the PEs, one level).
#pragma once

#include <optional>
#include <stop_token>
#include <string_view>
#include <vector>

#include "search/driver.hpp"

namespace mapscape {

enum class FixedDataflow { Nvdla, Eyeriss, ShiDianNao, KcpWs, XpWs, YxpOs, Rs, Nlr };

// "nvdla", "eyeriss", "shidiannao", "kcp_ws", "xp_ws", "yxp_os", "rs", "nlr"
std::string_view dataflow_name(FixedDataflow f);
std::optional<FixedDataflow> parse_dataflow(std::string_view name);
const std::vector<FixedDataflow>& all_dataflows();

// The style's mapping for a layer with the given knob values (one per knob, in knob order).
Mapping fixed_dataflow_mapping(FixedDataflow f, const Layer& layer, const Accelerator& acc,
                               const std::vector<std::int64_t>& knobs);
// The knobs' candidate values for a layer.
std::vector<std::vector<std::int64_t>> fixed_dataflow_knobs(FixedDataflow f, const Layer& layer);
// Every combination of the knobs' values, last knob fastest: what the tile rule evaluates.
std::vector<std::vector<std::int64_t>> fixed_dataflow_combinations(FixedDataflow f, const Layer& layer);
// The tile rule's preference: `a` has larger tiles than `b` (a larger product, then the earlier
// knobs larger).
bool larger_tiles(const std::vector<std::int64_t>& a, const std::vector<std::int64_t>& b);

// Applies the tile rule. The sample budget is not used: every combination is evaluated (and
// counted as a sample); the system (S1-S3) does not apply either.
SearchResult run_fixed_dataflow(const SearchProblem& problem, FixedDataflow f, SearchSink* sink = nullptr,
                                std::stop_token stop = {});

}  // namespace mapscape
