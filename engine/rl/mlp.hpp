// Fully connected networks for the RL agents (libtorch), whose weights live in one flat tensor
// that several networks may share, and whose gradients in another: an optimizer step, a gradient
// clip or a target update is then a few tensor operations on one buffer rather than a few per
// layer. Each layer's weight and bias are autograd leaves that alias the flat tensors, so the
// backward pass accumulates straight into the flat gradient.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include <torch/torch.h>

#include "rl/rng.hpp"

namespace mapscape::rl {

enum class Activation { Tanh, Relu };

class Mlp {
public:
    Mlp() = default;
    // `hidden` layers of the given widths between `inputs` and `outputs`; the activation follows
    // every hidden layer, none follows the output layer.
    Mlp(int inputs, std::vector<int> hidden, int outputs, Activation activation);

    int inputs() const { return inputs_; }
    int outputs() const { return outputs_; }
    Activation activation() const { return activation_; }
    // The layers' weights ([in, out]) and biases ([out]), as bound (for MlpPass).
    std::size_t layer_count() const { return weights_.size(); }
    const torch::Tensor& weight(std::size_t layer) const { return weights_[layer]; }
    const torch::Tensor& bias(std::size_t layer) const { return biases_[layer]; }
    std::int64_t parameter_count() const;

    // Places the weights at `offset` in `flat` (float32, 1-D, at least offset + parameter_count)
    // and, when `gradient` is defined (same shape), their gradients at the same offset in it:
    // the layers then require grad, and backward() adds into `gradient`.
    void bind(const torch::Tensor& flat, const torch::Tensor& gradient, std::int64_t offset);
    // [B, inputs] -> [B, outputs].
    torch::Tensor forward(const torch::Tensor& x) const;

    // Initialisers, drawn from `rng` in plain C++ (deterministic whatever libtorch's generator):
    // orthogonal weights scaled by the gains, zero biases (OpenAI Baselines' ortho_init, which
    // stable-baselines' policies use: sqrt(2) hidden, 0.01 policy head, 1 value head);
    void init_orthogonal(Rng& rng, double hidden_gain, double output_gain);
    // or PyTorch's nn.Linear default, U(-1/sqrt(fan_in), 1/sqrt(fan_in)) for weights and biases
    // (HAQ's DDPG), optionally with the output layer's weights from U(-w, w).
    void init_fan_in_uniform(Rng& rng, double output_weight_bound = 0);

private:
    struct LayerView {
        std::int64_t in = 0, out = 0, weight_offset = 0, bias_offset = 0;
    };
    torch::Tensor activate(const torch::Tensor& x) const;

    int inputs_ = 0, outputs_ = 0;
    Activation activation_ = Activation::Tanh;
    std::vector<LayerView> layers_;
    std::vector<torch::Tensor> weights_, biases_;  // [in, out] and [out], aliasing the flat tensor
};

// Orthogonal rows (or columns, whichever are fewer) from a Gaussian matrix by Gram-Schmidt in
// double precision, row-major [rows x cols].
std::vector<float> orthogonal_matrix(int rows, int cols, double gain, Rng& rng);

}  // namespace mapscape::rl
