// Reward normalisation as stable-baselines' VecNormalize(norm_obs=False) does it (MAGMA's RL
// runs wrap their environment in it): each environment keeps its discounted return, the running
// variance of those returns is updated every step, and rewards are divided by its square root
// (no mean subtracted) and clipped to +-10. A return restarts at an episode's end.
#pragma once

#include <cstdint>
#include <vector>

namespace mapscape::rl {

class RewardNormaliser {
public:
    explicit RewardNormaliser(int environments = 1, double gamma = 0.99, double clip = 10.0, double epsilon = 1e-8);

    // Normalises one step's rewards of every environment in place (done[i]: its episode ended).
    void normalise(std::vector<double>& rewards, const std::vector<std::uint8_t>& done);
    double return_std() const;

private:
    void update(const std::vector<double>& returns);

    std::vector<double> returns_;
    double gamma_, clip_, epsilon_;
    // Running mean and variance of the returns (Chan et al.'s parallel update, as VecNormalize's
    // RunningMeanStd), counting from a tiny prior.
    double mean_ = 0, variance_ = 1, count_ = 1e-4;
};

}  // namespace mapscape::rl
