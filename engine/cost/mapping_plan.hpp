// The static half of the cost model: a mapping split into cluster levels, with the directives
// MAESTRO fills in, the tile sizes each level sees, and the per-dimension mapped / unique /
// edge sizes its reuse analysis uses. Built once per evaluation, in fixed-size storage.
#pragma once

#include <array>
#include <cstdint>

#include "arch/accelerator.hpp"
#include "cost/cost_report.hpp"
#include "workload/dimension.hpp"

namespace mapscape {

struct Layer;
struct Mapping;

// Directives per level after filling in inherited and missing dimensions; MAESTRO allows a
// dimension twice in a level, so leave room beyond the 11 dimensions.
inline constexpr int kMaxLevelDirectives = 24;

// No default member values: plans hold large arrays of these, filled as needed (a plan is
// built for every evaluation, and initialising unused entries costs more than the rest).
struct LevelDirective {
    Dim dim;
    bool spatial;
    std::int64_t size;
    std::int64_t offset;
};

// Static reuse-table values of one directive's dimension, gathered for the fast analysis.
struct DirectiveTables {  // no default member values, as LevelDirective
    std::int64_t m, u, me, ue;      // mapped, unique, edge mapped, edge unique
    std::int64_t mo, uo, meo, ueo;  // the same for the output dimension (Y', X')
    std::uint8_t tensors;           // bit r set: coupled to TensorRole r
    bool coupled(TensorRole r) const { return (tensors >> static_cast<int>(r)) & 1u; }
};

struct TensorDims {
    int count = 0;
    std::array<Dim, 6> dims{};  // coupling order matters where MAESTRO takes "the last" one
    DimSet set;
};

// Per-dimension sizes, indexed by Dim.
using DimArray = std::array<std::int64_t, kNumDims>;

struct LevelPlan {
    int num_directives = 0;
    // Per-directive arrays are filled up to num_directives and not cleared beyond it: the plan
    // is rebuilt for every evaluation.
    std::array<LevelDirective, kMaxLevelDirectives> directives;
    std::int64_t num_sub_clusters = 1;       // units this level distributes work over
    std::int64_t num_edge_sub_clusters = 1;  // units active at the spatial edge
    int first_spatial = -1;                  // index of the first SpatialMap
    std::int64_t noc_bandwidth = 1;
    std::int64_t noc_head_latency = 0;

    DimArray tile;            // this level's static dimension sizes
    DimSet tile_dims;           // which dimensions the level has
    DimArray stride;          // outer strides (only Y and X matter)

    // MAESTRO reuse-analysis tables, keyed by dimension (Y' and X' derived from Y and X).
    DimArray mapped, unique, mapped_edge, unique_edge;

    // First and last directive index per dimension (-1 when absent): MAESTRO finds directives
    // by their first occurrence but keeps iteration states by name, so the last one wins.
    std::array<std::int8_t, kNumDims> first_directive;
    std::array<std::int8_t, kNumDims> last_directive;
    DimSet mapped_dims;  // dimensions with a directive in this level

    // For the fast analysis: every dimension mapped once and exactly one SpatialMap.
    bool simple = false;
    // Directives whose edge tile differs from their full tile (bit i for directive i): only
    // these bits tell sub-cluster tiles apart.
    std::uint32_t edge_bits = 0;
    std::array<DirectiveTables, kMaxLevelDirectives> tables;
    // Per input tensor, the product of the tiles (DirectiveTables::m) of the TemporalMaps coupled
    // to it: the most of it that one step moves to a sub-cluster, from which the fast analysis's
    // loose traffic bound starts (0 if beyond 64 bits). And which tensors any directive moves.
    std::array<std::int64_t, 2> temporal_tile_volume;
    std::uint8_t coupled_tensors = 0;  // bit r: TensorRole r
    // Index of the parent level's directive on the same dimension (levels below the top).
    std::array<std::int8_t, kMaxLevelDirectives> parent_directive;
};

// The part of a plan that depends on the layer alone (cached per thread by layer). No default
// member values (LayerPart{} zeroes it): a plan is made for every evaluation, and its layer part
// is overwritten at once.
struct LayerPart {
    bool well_formed;  // sizes positive where needed, work below 2^53
    std::int64_t exact_macs;
    bool convolution_like;
    DimArray full;     // the layer's dimension table (Y'/X' or Y/X derived)
    DimSet full_dims;
    DimArray stride;   // per dimension (only Y and X matter)
    std::array<TensorDims, kNumTensors> tensors;  // by TensorRole
    // Tensor sizes at the top level: input and weight (MAESTRO's L2 write seeds) and the
    // unstrided output (its L2 read seed).
    std::array<std::int64_t, kNumTensors> l2_seed;
    std::array<std::uint8_t, kNumDims> dim_tensors;  // bit r: TensorRole r has the dimension
};

struct MappingPlan : LayerPart {
    InvalidityDetail invalid;  // set when the mapping cannot be analysed at all
    int num_levels = 0;
    std::array<LevelPlan, kMaxClusterLevels> levels;  // [0] outermost
    bool all_levels_simple = false;
    std::int64_t simd_lanes = 1;
    std::int64_t offchip_bandwidth = 1;
    std::int64_t configured_pes = 1;
};

// Builds the plan. Never allocates; problems are reported in plan.invalid.
void build_mapping_plan(const Layer& layer, const Accelerator& accelerator,
                        const Mapping& mapping, MappingPlan& plan);

// MAESTRO's sliding-window partner: Y<->R, X<->S for convolution-like layers.
constexpr bool is_reference_dim(Dim d) { return d == Dim::Y || d == Dim::X; }
constexpr bool is_sliding_dim(Dim d) { return d == Dim::R || d == Dim::S; }
constexpr Dim window_partner(Dim d) {
    switch (d) {
        case Dim::Y: return Dim::R;
        case Dim::R: return Dim::Y;
        case Dim::X: return Dim::S;
        case Dim::S: return Dim::X;
        default: return d;
    }
}
constexpr Dim output_dim_of(Dim d) {  // a table, not a chain of tests on the dimension
    constexpr std::array<Dim, kNumDims> kOutput = {Dim::C, Dim::G, Dim::K, Dim::M,  Dim::N, Dim::R,
                                                   Dim::S, Dim::Xo, Dim::Xo, Dim::Yo, Dim::Yo};
    return kOutput[static_cast<std::size_t>(index_of(d))];
}
static_assert(output_dim_of(Dim::Y) == Dim::Yo && output_dim_of(Dim::X) == Dim::Xo &&
              output_dim_of(Dim::Yo) == Dim::Yo && output_dim_of(Dim::K) == Dim::K);

// Quotient of values MAESTRO keeps in C ints (both within 32 bits); a 32-bit division is
// several times faster than a 64-bit one, and this is the cost model's hot path.
inline std::int64_t int_div(std::int64_t a, std::int64_t b) {
    return static_cast<std::int32_t>(a) / static_cast<std::int32_t>(b);
}

inline std::int64_t at(const DimArray& a, Dim d) { return a[static_cast<std::size_t>(index_of(d))]; }
inline std::int64_t& at(DimArray& a, Dim d) { return a[static_cast<std::size_t>(index_of(d))]; }

}  // namespace mapscape
