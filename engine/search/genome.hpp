// GAMMA's genome (ICCAD'20, Sec. 3.3): per cluster level, a parallel (spatially mapped)
// dimension with its number of parallel units, then every dimension with a tile size, in loop
// order. Decoded to MAESTRO directives as GAMMA does: the parallel dimension becomes a
// SpatialMap, the others TemporalMaps, with size = offset = tile; rows and columns are mapped in
// output coordinates (Y', X'); filter dimensions always take the whole filter (MAESTRO's rule).
#pragma once

#include <array>
#include <cstdint>
#include <random>
#include <vector>

#include "cost/mapping_plan.hpp"
#include "mapping/mapping.hpp"
#include "search/problem.hpp"

namespace mapscape {

inline constexpr int kMaxGenomeLevels = 3;
inline constexpr int kMaxGenomeDims = 8;

struct MapperLevel {
    Dim parallel = Dim::K;
    std::int64_t units = 1;  // sub-units of a cluster of this level (levels >= 1); unused at level 0
    int num_dims = 0;
    std::array<Dim, kMaxGenomeDims> order{};  // loop order, outermost first
    DimArray tile{};                          // tile per dimension (Y', X' for rows and columns)
    bool operator==(const MapperLevel&) const = default;
};

struct Genome {
    int num_levels = 0;
    std::array<MapperLevel, kMaxGenomeLevels> levels{};  // [0] outermost
    bool operator==(const Genome&) const = default;
};

// What a constrained map space (mapping/map_space.hpp) fixes at one level, resolved for a layer.
struct LevelRules {
    std::vector<Dim> parallel;                          // allowed parallel dimensions (empty: any tileable)
    std::vector<Dim> inner_order;                       // the innermost loops, outermost of them first
    std::vector<std::pair<Dim, std::int64_t>> tiles;    // fixed tiles (0: the enclosing level's whole tile)
    std::int64_t units = 0;                             // fixed cluster size (levels >= 1); 0: free
};

// The shape of the genomes of one problem.
struct GenomeSpace {
    std::vector<Dim> dims;              // mappable dimensions, e.g. K C Y' X' R S
    std::vector<Dim> parallel_choices;  // those that may be spatially mapped (not R, S)
    DimArray full{};                    // size of each mappable dimension
    std::int64_t num_pes = 1;
    int min_levels = 1, max_levels = 2;
    std::int64_t fixed_units = 0;       // S1: the inner cluster size; 0 = free
    std::array<LevelRules, kMaxGenomeLevels> rules{};  // the accelerator's map space, per level
    bool tileable(Dim d) const { return d != Dim::R && d != Dim::S; }
    // The parallel dimensions a level may take: its rules', else every tileable one. Filter
    // dimensions (R, S) appear only through rules, at inner levels: one filter row (column) per
    // unit, as Eyeriss's row-stationary arrays do.
    const std::vector<Dim>& parallel_at(int level) const {
        const auto& allowed = rules[static_cast<std::size_t>(level)].parallel;
        return allowed.empty() ? parallel_choices : allowed;
    }
    // The fixed cluster size of a level >= 1 (0: free).
    std::int64_t fixed_units_at(int level) const {
        const std::int64_t r = rules[static_cast<std::size_t>(level)].units;
        return r > 0 ? r : (level >= 1 ? fixed_units : 0);
    }
};

GenomeSpace make_genome_space(const SearchProblem& problem);

using Rng = std::mt19937_64;
std::int64_t uniform(Rng& rng, std::int64_t lo, std::int64_t hi);  // inclusive; lo if hi < lo

// A parallel dimension the level may take, drawn uniformly.
Dim random_parallel(const GenomeSpace& space, int level, Rng& rng);
// A random genome with `levels` levels (GAMMA's initialisation; inner levels as in growth).
Genome random_genome(const GenomeSpace& space, int levels, Rng& rng);
// A random level appended inside `parent` (GAMMA's growth): tiles no larger than the parent's.
MapperLevel random_inner_level(const GenomeSpace& space, const Genome& g, Rng& rng);
// Units a level >= 1 may take given the others (their product must not exceed the PEs).
std::int64_t max_units(const GenomeSpace& space, const Genome& g, int level);
// Restores the genome's invariants after operators: inner tiles no larger than outer ones,
// whole filters (a filter dimension parallel at an inner level: one row per unit), cluster sizes
// within the PEs (and S1's fixed row), and the rules of a constrained map space.
void repair(Genome& g, const GenomeSpace& space);

// A hash of what a genome means (fields a genome does not use are ignored), to recognise a
// genome that was already evaluated.
std::uint64_t fingerprint(const Genome& g, const GenomeSpace& space);

// The MAESTRO mapping of a genome (`out` is reused to avoid allocation).
void decode(const Genome& g, const GenomeSpace& space, Mapping& out);
Mapping decode(const Genome& g, const GenomeSpace& space);

}  // namespace mapscape
