// The Mind Mappings surrogate (paper Sec. 4.1, 5.5): an MLP from the z-scored problem and mapping
// vectors (plus the buffer use derived from them) to the z-scored meta-statistics, differentiable
// with respect to the mapping vector (libtorch). Its file holds the architecture, the
// normalisation, the accelerator it was trained for, how it was trained, and the weights.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <torch/torch.h>

#include "arch/accelerator.hpp"
#include "search/objective.hpp"
#include "surrogate/cost_labels.hpp"
#include "surrogate/mapping_vector.hpp"

namespace mapscape {

// Per level and tensor (input, weight, output), log2 of the tile's footprint in elements.
inline constexpr int kDerivedFeatures = 6;
inline constexpr int kInputFeatures = kProblemFeatures + kMappingFeatures + kDerivedFeatures;

// The derived buffer-use features of raw problem [B,8] and raw mapping [B,35] vectors [B,6].
torch::Tensor buffer_use_features(const torch::Tensor& problems_raw, const torch::Tensor& mappings_raw);

struct SurrogateNormalisation {
    std::vector<float> input_mean, input_std;  // kInputFeatures each (problem, mapping, derived)
    std::vector<float> label_mean, label_std;  // kNumLabels each
};

class Surrogate {
public:
    Surrogate() = default;
    Surrogate(std::vector<int> hidden, SurrogateNormalisation normalisation, Accelerator accelerator);

    const std::vector<int>& hidden() const { return hidden_; }
    const SurrogateNormalisation& normalisation() const { return norm_; }
    const Accelerator& accelerator() const { return accelerator_; }
    bool empty() const { return !net_; }
    std::int64_t parameter_count() const;
    std::vector<torch::Tensor> parameters() const;
    // Training records (data set, schedule, held-out accuracy), saved with the model.
    nlohmann::ordered_json& info() { return info_; }
    const nlohmann::ordered_json& info() const { return info_; }

    // Raw problem vectors [B, 8] and z-scored mapping vectors [B, 35] -> z-scored labels [B, 14].
    // Differentiable with respect to the mapping vectors.
    torch::Tensor forward(const torch::Tensor& problems_raw, const torch::Tensor& mappings_normalised) const;
    torch::Tensor normalise_mappings(const torch::Tensor& raw) const;
    torch::Tensor denormalise_mappings(const torch::Tensor& normalised) const;
    torch::Tensor denormalise_labels(const torch::Tensor& normalised) const;
    // ln(objective / its value at the algorithmic minimum) from z-scored labels, for objectives
    // made of latency and energy (EDP, products); other metrics are guided by EDP.
    torch::Tensor log_objective_ratio(const torch::Tensor& labels_normalised, const Objective& objective) const;

    // Switches the weights (and normalisation tensors) to double precision, e.g. for gradient
    // checks; a model saved afterwards is still written as float32.
    void to_double();
    void set_training(bool training);
    torch::nn::Sequential& net() { return net_; }

    // Throws InputError (with the file name) when the file cannot be written or read, is not a
    // surrogate file, or is damaged.
    void save(const std::string& path) const;
    static Surrogate load(const std::string& path);

private:
    void make_tensors();

    std::vector<int> hidden_;
    SurrogateNormalisation norm_;
    Accelerator accelerator_;
    nlohmann::ordered_json info_ = nlohmann::ordered_json::object();
    mutable torch::nn::Sequential net_{nullptr};  // forward() is not const in libtorch
    torch::Tensor in_mean_, in_std_, label_mean_, label_std_;
    torch::Dtype dtype_ = torch::kFloat32;
};

// A surrogate's prediction for one genome of a problem: ln ratios to the algorithmic minimum.
struct SurrogatePrediction {
    CostLabels labels{};
    double edp_over_minimum() const;
};

}  // namespace mapscape
