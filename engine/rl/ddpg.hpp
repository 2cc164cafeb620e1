// Deep deterministic policy gradient (Lillicrap et al. 2016) as HAQ implements it, whose code
// Mind Mappings' RL baseline is based on: an actor (state -> action in [0,1]^n, sigmoid) and a
// critic (state and action -> value), each two hidden layers of 300 ReLU units; target copies of
// both, moved towards them by tau = 0.01 after every update; a replay memory sampled in batches
// of 64; Adam at 0.0001 (actor) and 0.001 (critic); exploration by a normal truncated to [0,1]
// around the actor's action; rewards less a moving average of the batches' mean rewards.
#pragma once

#include <cstdint>
#include <vector>

#include "rl/ddpg_options.hpp"
#include "rl/mlp.hpp"
#include "rl/optimizers.hpp"

namespace mapscape::rl {

class Ddpg {
public:
    Ddpg(int state_size, int action_size, const DdpgOptions& options, std::uint64_t seed);

    int state_size() const { return state_size_; }
    int action_size() const { return action_size_; }
    // The actor's action for one state, moved by a normal of deviation `noise` truncated to
    // [0,1] (none when noise is 0).
    void act(const float* state, double noise, float* action);
    // Uniform in [0,1]^n (the warm-up's actions).
    void random_action(float* action);
    void remember(const float* state, const float* action, double reward, const float* next_state, bool terminal);
    std::size_t remembered() const { return stored_; }
    // One gradient step of the critic and the actor on a sampled batch, then the target updates.
    DdpgUpdate update();
    Rng& rng() { return rng_; }

private:
    torch::Tensor actor_forward(const Mlp& net, const torch::Tensor& states) const;
    torch::Tensor critic_forward(const Mlp& net, const torch::Tensor& states, const torch::Tensor& actions) const;

    int state_size_, action_size_;
    DdpgOptions o_;
    Rng rng_;
    Mlp actor_, critic_, actor_target_, critic_target_;
    torch::Tensor actor_parameters_, critic_parameters_, actor_target_parameters_, critic_target_parameters_;
    torch::Tensor actor_gradient_, critic_gradient_;
    Adam actor_optimizer_, critic_optimizer_;
    // Replay memory, a ring of o_.memory transitions.
    std::vector<float> states_, actions_, next_states_, rewards_, live_;
    std::size_t stored_ = 0, next_ = 0;
    bool have_baseline_ = false;
    double baseline_ = 0;
};

}  // namespace mapscape::rl
