// How flexible an accelerator is (GAMMA's "constrained map spaces"): per cluster level, which
// dimensions it can parallelise, a fixed order of its innermost loops, fixed tile sizes and a
// fixed cluster size. A fully flexible accelerator has no constraint; a fixed-style one (NVDLA-,
// Eyeriss- or ShiDianNao-like) fixes its parallel dimensions. Every search (mapping search and
// co-design) respects the accelerator's map space.
//
// Dimensions are named by role, so one constraint serves every layer type:
//   out  CONV K, GEMM N (a depthwise layer, which has no K: its channels C)
//   in   CONV C, GEMM K
//   row  output rows Y' (GEMM M);   col  output columns X'
//   filter_row R;  filter_col S (parallel at an inner level only: one filter row per unit)
// A role a layer does not have leaves that constraint out for that layer.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "workload/dimension.hpp"
#include "workload/layer.hpp"

namespace mapscape {

class JsonDocument;
struct JsonObjectSchema;

enum class DimRole { Out, In, Row, Col, FilterRow, FilterCol };

std::string_view role_name(DimRole r);  // "out", "in", "row", "col", "filter_row", "filter_col"
std::optional<DimRole> parse_role(std::string_view name);
// The dimension a role stands for in a layer (in the genome's terms: Y', X' for rows and
// columns), or nothing when the layer has no such dimension.
std::optional<Dim> role_dim(DimRole role, const Layer& layer);

struct TileConstraint {
    DimRole role = DimRole::Out;
    std::int64_t size = 0;  // 0: the enclosing level's whole tile (the layer's dimension at level 0)
    bool operator==(const TileConstraint&) const = default;
};

struct LevelFlexibility {
    std::vector<DimRole> parallel;     // the level's parallel dimension is one of these (empty: any)
    std::vector<DimRole> inner_order;  // the level's innermost loops, outermost of them first
    std::vector<TileConstraint> tiles;
    std::int64_t cluster_size = 0;     // units of a cluster at this level (levels >= 1); 0: free
    bool operator==(const LevelFlexibility&) const = default;
};

struct MapSpace {
    std::string style = "flexible";        // a preset's name, or "custom"
    std::vector<LevelFlexibility> levels;  // empty: fully flexible; else mappings have exactly this many levels
    bool flexible() const { return levels.empty(); }
    bool operator==(const MapSpace&) const = default;
};

// "flexible"; "nvdla" (K across clusters, C within: NVDLA-like); "eyeriss" (output rows across
// clusters, filter rows within: Eyeriss-like row stationary); "shidiannao" (output rows and
// columns: ShiDianNao-like). Throws InputError listing the presets for another name.
MapSpace map_space_preset(std::string_view style);
const std::vector<std::string>& map_space_presets();
// A sentence for people: "fully flexible", "2 levels: out | in".
std::string describe(const MapSpace& space);

nlohmann::ordered_json map_space_to_json(const MapSpace& space);
// A preset name ("nvdla") or an object {"style", "levels": [{"parallel": [...], "inner_order":
// [...], "tiles": {"in": 1, "row": "whole"}, "cluster_size": 16}]}. Throws InputError.
MapSpace map_space_from_json(const JsonDocument& doc, const nlohmann::json& value, const std::string& pointer);
// The fields of a custom map space object and of its levels (for the format page's check).
std::vector<const JsonObjectSchema*> map_space_schemas();

}  // namespace mapscape
