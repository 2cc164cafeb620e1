// Random GAMMA-style mappings (per level: a parallel dimension, then every dimension once with
// a random tile, in random order): the workload of benchmarks, fuzzing and fidelity sweeps.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "mapping/mapping.hpp"
#include "workload/layer.hpp"

namespace mapscape {

// Dimensions a mapping of this layer type tiles, as directive names: Y' and X' (output
// coordinates) for convolutions, as GAMMA writes them.
std::vector<Dim> mappable_dims(const Layer& layer);

// Full size of a mappable dimension (output rows for Y', etc.).
std::int64_t mappable_size(const Layer& layer, Dim d);

struct RandomMappingOptions {
    int levels = 2;                 // 1 to 4
    std::int64_t num_pes = 256;     // cluster sizes multiply to at most this
    bool whole_filters = true;      // R and S tiles cover the whole filter (MAESTRO's rule)
    bool nested_tiles = true;       // inner tiles no larger than outer ones
};

Mapping random_mapping(const Layer& layer, const RandomMappingOptions& options, std::mt19937_64& rng);

}  // namespace mapscape
