// The optimizers the papers name, on one flat float32 parameter tensor and its flat gradient
// (Mlp::bind), both contiguous:
//  * RMSProp as TensorFlow 1 implements it (stable-baselines' A2C, MAGMA's Table IV): the mean
//    square starts at 1 and epsilon sits inside the square root;
//  * Adam as PyTorch implements it (HAQ's DDPG; stable-baselines' PPO2 differs only in where
//    epsilon enters, which its 1e-5 makes immaterial);
// and the gradient clip by global norm the actor-critic methods apply before a step.
#pragma once

#include <cstdint>

#include <torch/torch.h>

namespace mapscape::rl {

class RmsProp {
public:
    RmsProp() = default;
    RmsProp(torch::Tensor parameters, torch::Tensor gradient, double learning_rate, double decay = 0.99, double epsilon = 1e-5);
    // Applies the gradient (and leaves it as it is).
    void step();
    double learning_rate() const { return learning_rate_; }

private:
    torch::Tensor parameters_, gradient_, mean_square_;
    double learning_rate_ = 7e-4, decay_ = 0.99, epsilon_ = 1e-5;
};

class Adam {
public:
    Adam() = default;
    Adam(torch::Tensor parameters, torch::Tensor gradient, double learning_rate, double epsilon = 1e-8, double beta1 = 0.9, double beta2 = 0.999);
    void step();
    double learning_rate() const { return learning_rate_; }

private:
    torch::Tensor parameters_, gradient_, first_, second_;
    double learning_rate_ = 1e-3, epsilon_ = 1e-8, beta1_ = 0.9, beta2_ = 0.999;
    std::int64_t steps_ = 0;
};

// Scales a gradient down to `max_norm` when its norm is above; returns the norm before clipping.
double clip_gradient_norm(torch::Tensor& gradient, double max_norm);

}  // namespace mapscape::rl
