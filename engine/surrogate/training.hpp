// Phase 1 of Mind Mappings (paper Sec. 4.1, 5.5): label a data set with the cost model and train
// the surrogate on it with the Huber loss. Deterministic for a seed: the data set is (see
// dataset.hpp), and libtorch runs on one thread here (torch::set_num_threads(1)), because a
// multi-threaded matrix product may add in a different order from run to run.
#pragma once

#include <functional>
#include <stop_token>
#include <string>
#include <vector>

#include "surrogate/dataset.hpp"

namespace mapscape {

struct SurrogateNormalisation;  // surrogate/surrogate_model.hpp
class Surrogate;  // surrogate/surrogate_model.hpp: kept out, since it parses all of libtorch (~14 s per file)

struct TrainingOptions {
    std::vector<int> hidden = {128, 128, 128};
    DatasetOptions data;          // the training set
    std::int64_t heldout_shapes = 200;  // other layer shapes, never trained on
    std::int64_t heldout_mappings_per_shape = 100;
    int epochs = 24;
    int batch = 256;
    double learning_rate = 2e-3;  // Adam; x0.3 at 50%, 75% and 90% of the epochs
    std::uint64_t seed = 1;       // the weights' initialisation and the batch order
};

struct TrainingProgress {
    std::string stage;     // "labelling", "training"
    double fraction = 0;   // of the stage
    int epoch = 0;
    double train_loss = 0;
    double heldout_loss = 0;
};

// Throws InputError for options that cannot train (no samples, a zero width...).
Surrogate train_surrogate(const Accelerator& accelerator, const TrainingOptions& options,
                          const std::function<void(const TrainingProgress&)>& progress = {},
                          std::stop_token stop = {});

// The normalisation (per feature mean and standard deviation) of a data set.
SurrogateNormalisation normalisation_of(const Dataset& data);

// The held-out set of a training run's options (shapes drawn from another random stream).
Dataset heldout_dataset(const Accelerator& accelerator, const TrainingOptions& options);

}  // namespace mapscape
