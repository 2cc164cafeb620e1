#include "rl/reward_normaliser.hpp"

#include <algorithm>
#include <cmath>

namespace mapscape::rl {

RewardNormaliser::RewardNormaliser(int environments, double gamma, double clip, double epsilon)
    : returns_(static_cast<std::size_t>(std::max(1, environments)), 0.0), gamma_(gamma), clip_(clip), epsilon_(epsilon) {}

void RewardNormaliser::update(const std::vector<double>& x) {
    const auto n = static_cast<double>(x.size());
    double batch_mean = 0;
    for (double v : x) batch_mean += v;
    batch_mean /= n;
    double batch_variance = 0;
    for (double v : x) batch_variance += (v - batch_mean) * (v - batch_mean);
    batch_variance /= n;
    const double delta = batch_mean - mean_, total = count_ + n;
    mean_ += delta * n / total;
    variance_ = (variance_ * count_ + batch_variance * n + delta * delta * count_ * n / total) / total;
    count_ = total;
}

void RewardNormaliser::normalise(std::vector<double>& rewards, const std::vector<std::uint8_t>& done) {
    for (std::size_t i = 0; i < returns_.size(); ++i) returns_[i] = returns_[i] * gamma_ + rewards[i];
    update(returns_);
    const double scale = std::sqrt(variance_ + epsilon_);
    for (std::size_t i = 0; i < returns_.size(); ++i) {
        rewards[i] = std::clamp(rewards[i] / scale, -clip_, clip_);
        if (done[i]) returns_[i] = 0;
    }
}

double RewardNormaliser::return_std() const { return std::sqrt(variance_); }

}  // namespace mapscape::rl
