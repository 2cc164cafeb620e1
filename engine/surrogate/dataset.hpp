// The surrogate's training and held-out sets (paper Sec. 4.1.1): layer shapes drawn uniformly
// from the paper's representative ranges, random valid mappings of each on a fixed accelerator,
// labelled by our cost model. Deterministic for a seed whatever the thread count: each shape and
// each of its mappings has its own random stream.
#pragma once

#include <cstdint>
#include <functional>
#include <stop_token>
#include <vector>

#include "arch/accelerator.hpp"
#include "surrogate/cost_labels.hpp"
#include "surrogate/mapping_vector.hpp"

namespace mapscape {

// The paper's CNN problem ranges (its code's PROBLEM_RANGES, widened as its text says: K and C
// in [32, 512], plus C = 3 for first layers): N in {1,2,4,8,16,32} (1: no batch dimension),
// C in {3, 32, 64, ..., 512}, K in {32, 64, ..., 512}, R = S in {1,3,5,7}, output rows = columns
// in [7, 224], stride 1 (one shape in eight: 2).
Layer random_cnn_layer(Rng& rng);

struct DatasetOptions {
    std::int64_t shapes = 2000;            // layer shapes
    std::int64_t mappings_per_shape = 500; // the paper's 500 per problem
    std::uint64_t seed = 1;
    int threads = 1;
    std::vector<Layer> given_shapes;       // when not empty: these shapes instead of random ones
};

struct Dataset {
    std::int64_t size = 0;
    std::vector<float> problems;  // size x kProblemFeatures (raw)
    std::vector<float> mappings;  // size x kMappingFeatures (raw)
    std::vector<float> labels;    // size x kNumLabels
    std::vector<std::int32_t> shape_of;  // the shape index of each sample
    std::vector<Layer> shapes;
    std::int64_t draws = 0;       // mappings drawn, including the invalid ones redrawn
};

// A search problem of the surrogate's kind: the layer on the accelerator (system S2, EDP).
SearchProblem surrogate_problem(const Layer& layer, const Accelerator& accelerator);

// Valid samples only (as the paper): a mapping the cost model refuses, or whose runtime is below
// what its busiest PE must compute (cost/compute_bound.hpp), is redrawn. `progress` (may be
// empty) gets the fraction done.
Dataset generate_dataset(const Accelerator& accelerator, const DatasetOptions& options,
                         const std::function<void(double)>& progress = {}, std::stop_token stop = {});

}  // namespace mapscape
