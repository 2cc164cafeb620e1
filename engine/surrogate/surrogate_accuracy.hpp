// How well a surrogate imitates the cost model on samples it was not trained on: rank correlation
// (Spearman) of predicted and true EDP, over all samples and within each layer shape (what a
// search needs: ranking one layer's mappings), and relative errors.
#pragma once

#include <cstdint>
#include <vector>

#include "surrogate/dataset.hpp"
#include "surrogate/surrogate_model.hpp"

namespace mapscape {

struct SurrogateAccuracy {
    std::int64_t samples = 0;
    std::int64_t shapes = 0;
    double spearman_edp = 0;               // over all samples (EDP in absolute units)
    double spearman_edp_within_shape = 0;  // mean over shapes of the per-shape correlation
    double median_relative_error_edp = 0;  // |predicted - true| / true
    double mean_relative_error_edp = 0;
    double huber_loss = 0;                 // on the z-scored labels, as in training
};

// Predicted and true EDP over the algorithmic minimum of every sample.
struct EdpPairs {
    std::vector<double> predicted, actual;
};
EdpPairs predict_edp(const Surrogate& surrogate, const Dataset& data);

SurrogateAccuracy measure_accuracy(const Surrogate& surrogate, const Dataset& data);

// Spearman's rank correlation (average ranks for ties).
double spearman(const std::vector<double>& a, const std::vector<double>& b);

// Tensors of a data set: raw problems [N,8], raw mappings [N,35], labels [N,14].
torch::Tensor problems_tensor(const Dataset& data);
torch::Tensor mappings_tensor(const Dataset& data);
torch::Tensor labels_tensor(const Dataset& data);

}  // namespace mapscape
