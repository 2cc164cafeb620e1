#include "rl/optimizers.hpp"

#include <cmath>

namespace mapscape::rl {

// The updates are plain loops over the flat buffers (one pass each, where libtorch would take
// five or six operations); this file is compiled without errno for sqrt, so that they vectorise.

namespace {

float* floats(torch::Tensor& t) { return t.data_ptr<float>(); }

}  // namespace

RmsProp::RmsProp(torch::Tensor parameters, torch::Tensor gradient, double learning_rate, double decay, double epsilon)
    : parameters_(std::move(parameters)), gradient_(std::move(gradient)), learning_rate_(learning_rate), decay_(decay), epsilon_(epsilon) {
    torch::NoGradGuard no_grad;
    mean_square_ = torch::ones_like(parameters_);
}

void RmsProp::step() {
    float* __restrict p = floats(parameters_);
    const float* __restrict g = floats(gradient_);
    float* __restrict ms = floats(mean_square_);
    const auto n = parameters_.numel();
    const auto decay = static_cast<float>(decay_), rest = static_cast<float>(1 - decay_), eps = static_cast<float>(epsilon_),
               lr = static_cast<float>(learning_rate_);
    for (std::int64_t i = 0; i < n; ++i) {
        ms[i] = decay * ms[i] + rest * g[i] * g[i];
        p[i] -= lr * g[i] / std::sqrt(ms[i] + eps);
    }
}

Adam::Adam(torch::Tensor parameters, torch::Tensor gradient, double learning_rate, double epsilon, double beta1, double beta2)
    : parameters_(std::move(parameters)), gradient_(std::move(gradient)), learning_rate_(learning_rate), epsilon_(epsilon), beta1_(beta1), beta2_(beta2) {
    torch::NoGradGuard no_grad;
    first_ = torch::zeros_like(parameters_);
    second_ = torch::zeros_like(parameters_);
}

void Adam::step() {
    ++steps_;
    float* __restrict p = floats(parameters_);
    const float* __restrict g = floats(gradient_);
    float* __restrict m = floats(first_);
    float* __restrict v = floats(second_);
    const auto n = parameters_.numel();
    const auto b1 = static_cast<float>(beta1_), b2 = static_cast<float>(beta2_), r1 = static_cast<float>(1 - beta1_),
               r2 = static_cast<float>(1 - beta2_), eps = static_cast<float>(epsilon_);
    // PyTorch's: theta -= lr / c1 * m / (sqrt(v) / sqrt(c2) + eps)
    const auto step = static_cast<float>(learning_rate_ / (1 - std::pow(beta1_, static_cast<double>(steps_))));
    const auto root_c2 = static_cast<float>(std::sqrt(1 - std::pow(beta2_, static_cast<double>(steps_))));
    for (std::int64_t i = 0; i < n; ++i) {
        m[i] = b1 * m[i] + r1 * g[i];
        v[i] = b2 * v[i] + r2 * g[i] * g[i];
        p[i] -= step * m[i] / (std::sqrt(v[i]) / root_c2 + eps);
    }
}

double clip_gradient_norm(torch::Tensor& gradient, double max_norm) {
    float* g = floats(gradient);
    const auto n = gradient.numel();
    double sum = 0;
    for (std::int64_t i = 0; i < n; ++i) sum += static_cast<double>(g[i]) * static_cast<double>(g[i]);
    const double norm = std::sqrt(sum);
    if (norm > max_norm && norm > 0) {
        const auto scale = static_cast<float>(max_norm / norm);
        for (std::int64_t i = 0; i < n; ++i) g[i] *= scale;
    }
    return norm;
}

}  // namespace mapscape::rl
