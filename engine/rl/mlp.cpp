#include "rl/mlp.hpp"

#include <cmath>
#include <stdexcept>

namespace mapscape::rl {

namespace {

// tanh(x) = 2 sigmoid(2x) - 1: this libtorch's tanh kernel costs three times its sigmoid's, and
// the activations are a sixth of an agent's time. The backward pass is tanh's, 1 - y^2.
struct SigmoidTanh : public torch::autograd::Function<SigmoidTanh> {
    static torch::Tensor compute(const torch::Tensor& x) { return torch::sigmoid(x * 2).mul_(2).sub_(1); }
    static torch::Tensor forward(torch::autograd::AutogradContext* context, const torch::Tensor& x) {
        torch::Tensor y = compute(x);
        context->save_for_backward({y});
        return y;
    }
    static torch::autograd::variable_list backward(torch::autograd::AutogradContext* context, torch::autograd::variable_list grad) {
        const torch::Tensor y = context->get_saved_variables()[0];
        return {torch::tanh_backward(grad[0], y)};
    }
};

torch::Tensor fast_tanh(const torch::Tensor& x) {
    if (torch::GradMode::is_enabled() && x.requires_grad()) return SigmoidTanh::apply(x);
    return SigmoidTanh::compute(x);
}

}  // namespace

Mlp::Mlp(int inputs, std::vector<int> hidden, int outputs, Activation activation)
    : inputs_(inputs), outputs_(outputs), activation_(activation) {
    std::int64_t offset = 0, in = inputs;
    hidden.push_back(outputs);
    for (int width : hidden) {
        LayerView l;
        l.in = in;
        l.out = width;
        l.weight_offset = offset;
        offset += l.in * l.out;
        l.bias_offset = offset;
        offset += l.out;
        layers_.push_back(l);
        in = width;
    }
}

std::int64_t Mlp::parameter_count() const {
    return layers_.empty() ? 0 : layers_.back().bias_offset + layers_.back().out;
}

void Mlp::bind(const torch::Tensor& flat, const torch::Tensor& gradient, std::int64_t offset) {
    if (flat.dim() != 1 || flat.size(0) < offset + parameter_count()) throw std::invalid_argument("Mlp::bind: the flat tensor is too small");
    torch::NoGradGuard no_grad;
    weights_.clear();
    biases_.clear();
    auto leaf = [&](std::int64_t at, std::int64_t count, c10::IntArrayRef shape) {
        // detach(): a leaf of its own that shares the flat tensor's storage.
        torch::Tensor t = flat.narrow(0, offset + at, count).view(shape).detach();
        if (gradient.defined()) {
            t.requires_grad_(true);
            t.mutable_grad() = gradient.narrow(0, offset + at, count).view(shape);
        }
        return t;
    };
    for (const LayerView& l : layers_) {
        weights_.push_back(leaf(l.weight_offset, l.in * l.out, {l.in, l.out}));  // [in, out]: no transpose in forward
        biases_.push_back(leaf(l.bias_offset, l.out, {l.out}));
    }
}

torch::Tensor Mlp::activate(const torch::Tensor& x) const {
    return activation_ == Activation::Tanh ? fast_tanh(x) : torch::relu(x);
}

torch::Tensor Mlp::forward(const torch::Tensor& x) const {
    torch::Tensor h = x;
    for (std::size_t i = 0; i < layers_.size(); ++i) {
        h = torch::addmm(biases_[i], h, weights_[i]);
        if (i + 1 < layers_.size()) h = activate(h);
    }
    return h;
}

std::vector<float> orthogonal_matrix(int rows, int cols, double gain, Rng& rng) {
    // Orthonormalise the shorter side's vectors of a Gaussian matrix (modified Gram-Schmidt).
    const bool by_rows = rows <= cols;
    const int count = by_rows ? rows : cols, length = by_rows ? cols : rows;
    std::normal_distribution<double> normal(0.0, 1.0);
    std::vector<std::vector<double>> v(static_cast<std::size_t>(count), std::vector<double>(static_cast<std::size_t>(length)));
    for (auto& row : v)
        for (double& x : row) x = normal(rng);
    for (std::size_t i = 0; i < v.size(); ++i) {
        for (std::size_t j = 0; j < i; ++j) {
            double dot = 0;
            for (int k = 0; k < length; ++k) dot += v[i][static_cast<std::size_t>(k)] * v[j][static_cast<std::size_t>(k)];
            for (int k = 0; k < length; ++k) v[i][static_cast<std::size_t>(k)] -= dot * v[j][static_cast<std::size_t>(k)];
        }
        double norm = 0;
        for (double x : v[i]) norm += x * x;
        norm = std::sqrt(norm);
        for (double& x : v[i]) x = norm > 0 ? x / norm : 0;
    }
    std::vector<float> out(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols));
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            const double x = by_rows ? v[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] : v[static_cast<std::size_t>(c)][static_cast<std::size_t>(r)];
            out[static_cast<std::size_t>(r) * static_cast<std::size_t>(cols) + static_cast<std::size_t>(c)] = static_cast<float>(gain * x);
        }
    return out;
}

void Mlp::init_orthogonal(Rng& rng, double hidden_gain, double output_gain) {
    torch::NoGradGuard no_grad;
    for (std::size_t i = 0; i < layers_.size(); ++i) {
        const LayerView& l = layers_[i];
        std::vector<float> w = orthogonal_matrix(static_cast<int>(l.in), static_cast<int>(l.out),
                                                 i + 1 < layers_.size() ? hidden_gain : output_gain, rng);
        weights_[i].copy_(torch::from_blob(w.data(), {l.in, l.out}, torch::kFloat32));
        biases_[i].zero_();
    }
}

void Mlp::init_fan_in_uniform(Rng& rng, double output_weight_bound) {
    torch::NoGradGuard no_grad;
    for (std::size_t i = 0; i < layers_.size(); ++i) {
        const LayerView& l = layers_[i];
        const double bound = 1.0 / std::sqrt(static_cast<double>(l.in));
        const double weight_bound = (i + 1 == layers_.size() && output_weight_bound > 0) ? output_weight_bound : bound;
        std::uniform_real_distribution<double> w_dist(-weight_bound, weight_bound), b_dist(-bound, bound);
        std::vector<float> w(static_cast<std::size_t>(l.in * l.out)), b(static_cast<std::size_t>(l.out));
        for (float& x : w) x = static_cast<float>(w_dist(rng));
        for (float& x : b) x = static_cast<float>(b_dist(rng));
        weights_[i].copy_(torch::from_blob(w.data(), {l.in, l.out}, torch::kFloat32));
        biases_[i].copy_(torch::from_blob(b.data(), {l.out}, torch::kFloat32));
    }
}

}  // namespace mapscape::rl
