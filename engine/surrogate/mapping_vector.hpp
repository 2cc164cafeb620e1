// Mind Mappings' problem and mapping vectors (paper Sec. 4.1.2 and 5.5) for two-level GAMMA-style
// mappings of CONV-like layers, and the projection back from a continuous vector to the nearest
// valid mapping (Sec. 4.2, "Projected Gradient Descent").
//
// Dimensions sit in seven fixed slots, N K C Y' X' R S (a slot the layer lacks, such as N without
// a batch, has size 1). Raw (not yet z-scored) features:
//   problem (8):  log2 of the seven slot sizes, log2 of the stride;
//   mapping (35): per level (outer, inner): log2 tile of the five tileable slots (R and S always
//                 take the whole filter, MAESTRO's rule), a one-hot of the parallel (spatially
//                 mapped) slot among those five, the loop position of each of the seven slots
//                 (0 = outermost; the paper's permutation encoding); then log2 of the inner
//                 level's cluster size (its unit count).
// The buffer use (per level and tensor, log2 of the tile footprint) is derived from these inside
// the surrogate (surrogate_model.hpp), so it stays consistent while the search moves the vector.
#pragma once

#include <array>
#include <cstdint>

#include "search/genome.hpp"
#include "search/problem.hpp"

namespace mapscape {

inline constexpr int kSlots = 7;
inline constexpr int kTileSlots = 5;  // N K C Y' X'
inline constexpr std::array<Dim, kSlots> kSlotDims = {Dim::N, Dim::K, Dim::C, Dim::Yo, Dim::Xo, Dim::R, Dim::S};
inline constexpr int kProblemFeatures = kSlots + 1;
inline constexpr int kLevelFeatures = kTileSlots + kTileSlots + kSlots;
inline constexpr int kMappingFeatures = 2 * kLevelFeatures + 1;
// Offsets inside a level's block and of the unit count.
inline constexpr int kTileOffset = 0;
inline constexpr int kParallelOffset = kTileSlots;
inline constexpr int kOrderOffset = 2 * kTileSlots;
inline constexpr int kUnitsFeature = 2 * kLevelFeatures;

using ProblemVector = std::array<float, kProblemFeatures>;
using MappingVector = std::array<float, kMappingFeatures>;

// Layers the surrogate covers: CONV, TRCONV and FC (analysed as CONV); not GEMM, depthwise or
// grouped convolutions, whose tensors relate differently.
bool surrogate_covers(const Layer& layer);

// One problem's view of the vectors: which slots exist, their sizes, the PE count.
struct SurrogateSpace {
    GenomeSpace genome;                  // two levels (the surrogate's mappings)
    std::array<bool, kSlots> present{};  // slot is a dimension of the layer
    std::array<std::int64_t, kSlots> full{};
    std::int64_t stride = 1;
    bool covered = false;                // surrogate_covers(layer)
};

SurrogateSpace make_surrogate_space(const SearchProblem& problem);

ProblemVector problem_vector(const SurrogateSpace& space);
// The genome must have two levels in `space`'s dimensions.
MappingVector mapping_vector(const Genome& genome, const SurrogateSpace& space);

// The nearest valid two-level genome to a continuous raw vector: per level the parallel slot with
// the largest one-hot value among the allowed ones, the loop order by ascending position, tiles
// and the cluster size rounded in log space to the nearest integer within their bounds (inner
// tiles within outer ones, cluster sizes within the PEs; S1's fixed row).
Genome project_to_genome(const MappingVector& raw, const SurrogateSpace& space);

// A random two-level genome as the training set and the search's restarts draw them: tiles and
// cluster sizes log-uniform within their bounds half of the time, uniform otherwise, so that
// small and large tiles are both well represented.
Genome random_surrogate_genome(const SurrogateSpace& space, Rng& rng);

}  // namespace mapscape
