// What a mapping means, for teaching: the loop nest it stands for, and what each PE holds at a
// given time step. Follows MAESTRO's data-centric reading: at each cluster level a TemporalMap
// steps a dimension through tiles of `size` by `offset`; a SpatialMap hands consecutive tiles
// to the level's sub-units, in rounds when there are more tiles than sub-units; dimensions a
// level does not map pass down whole. Y and X maps of convolutions are input rows/columns.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "arch/accelerator.hpp"
#include "mapping/mapping.hpp"
#include "workload/layer.hpp"

namespace mapscape {

// One loop of the nest: a temporal map, or the rounds and the parallel units of a spatial map.
struct NestLoop {
    int level = 0;
    Dim dim = Dim::K;
    bool spatial = false;
    std::int64_t extent = 0;   // elements of the dimension at this level (first tile)
    std::int64_t size = 1, offset = 1;
    std::int64_t steps = 1;    // tiles along the extent
    std::int64_t units = 1;    // sub-units sharing the tiles (spatial)
    std::int64_t rounds = 1;   // temporal iterations of this loop (spatial: ceil(steps / units))
};

struct LoopNest {
    std::vector<NestLoop> loops;              // outermost first
    std::vector<std::int64_t> units_per_level;  // sub-units of each level, outermost first
    std::int64_t pe_count = 1;                // product of units_per_level
    std::int64_t time_steps = 1;              // product of every loop's rounds
    std::string error;                        // why the nest could not be built (empty if fine)
};

LoopNest build_loop_nest(const Layer& layer, const Accelerator& acc, const Mapping& mapping);

// The loop nest as indented pseudo-code, spatial loops marked "parallel for".
std::string loop_nest_text(const LoopNest& nest);

struct DimRange {
    Dim dim = Dim::K;
    std::int64_t first = 0, count = 0;  // elements [first, first + count)
};

struct PeView {
    bool active = false;          // has work at this step
    std::vector<DimRange> ranges; // per dimension of the layer that the mapping covers
};

// What every PE holds at time step `step` (0 <= step < nest.time_steps), PEs in row-major order
// of their unit indices (outermost level first).
std::vector<PeView> pes_at_step(const Layer& layer, const LoopNest& nest, std::int64_t step);

// "K 0-3, C 5, Y' 0-6": the ranges of one PE.
std::string describe_ranges(const std::vector<DimRange>& ranges);

// The tensor elements a PE's ranges cover: "output[K 0-3][Y' 2][X' 0-6]", "weight[...]",
// "input[...]" (dimensions the ranges leave out are whole).
struct TensorSlices {
    std::string output, weight, input;
};
TensorSlices tensor_slices(const Layer& layer, const std::vector<DimRange>& ranges);

}  // namespace mapscape
