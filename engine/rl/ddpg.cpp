#include "rl/ddpg.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "rl/torch_setup.hpp"
#include "util/seed_mixing.hpp"

namespace mapscape::rl {

namespace {

// A draw from N(mean, sd) truncated to [0,1] (by rejection; clamped after many misses).
float truncated_normal(double mean, double sd, Rng& rng) {
    std::normal_distribution<double> normal(mean, sd);
    for (int attempt = 0; attempt < 100; ++attempt) {
        const double x = normal(rng);
        if (x >= 0 && x <= 1) return static_cast<float>(x);
    }
    return static_cast<float>(std::clamp(mean, 0.0, 1.0));
}

}  // namespace

Ddpg::Ddpg(int state_size, int action_size, const DdpgOptions& options, std::uint64_t seed)
    : state_size_(state_size), action_size_(action_size), o_(options), rng_(mix_seed(seed, 0xdd96)) {
    use_one_deterministic_thread();
    const std::vector<int> hidden{o_.hidden, o_.hidden};
    actor_ = Mlp(state_size, hidden, action_size, Activation::Relu);
    critic_ = Mlp(state_size + action_size, hidden, 1, Activation::Relu);
    actor_target_ = actor_;
    critic_target_ = critic_;
    actor_parameters_ = torch::zeros({actor_.parameter_count()}, torch::kFloat32);
    critic_parameters_ = torch::zeros({critic_.parameter_count()}, torch::kFloat32);
    actor_target_parameters_ = torch::zeros_like(actor_parameters_);
    critic_target_parameters_ = torch::zeros_like(critic_parameters_);
    actor_gradient_ = torch::zeros_like(actor_parameters_);
    critic_gradient_ = torch::zeros_like(critic_parameters_);
    actor_.bind(actor_parameters_, actor_gradient_, 0);
    critic_.bind(critic_parameters_, critic_gradient_, 0);
    actor_target_.bind(actor_target_parameters_, torch::Tensor(), 0);
    critic_target_.bind(critic_target_parameters_, torch::Tensor(), 0);
    actor_.init_fan_in_uniform(rng_, o_.output_init);
    critic_.init_fan_in_uniform(rng_);
    {
        torch::NoGradGuard no_grad;
        actor_target_parameters_.copy_(actor_parameters_);
        critic_target_parameters_.copy_(critic_parameters_);
    }
    actor_optimizer_ = Adam(actor_parameters_, actor_gradient_, o_.actor_learning_rate);
    critic_optimizer_ = Adam(critic_parameters_, critic_gradient_, o_.critic_learning_rate);
    const auto memory = static_cast<std::size_t>(std::max(o_.batch, o_.memory));
    states_.resize(memory * static_cast<std::size_t>(state_size));
    next_states_.resize(states_.size());
    actions_.resize(memory * static_cast<std::size_t>(action_size));
    rewards_.resize(memory);
    live_.resize(memory);
}

torch::Tensor Ddpg::actor_forward(const Mlp& net, const torch::Tensor& states) const { return torch::sigmoid(net.forward(states)); }

torch::Tensor Ddpg::critic_forward(const Mlp& net, const torch::Tensor& states, const torch::Tensor& actions) const {
    return net.forward(torch::cat({states, actions}, 1)).squeeze(1);
}

void Ddpg::act(const float* state, double noise, float* action) {
    use_one_deterministic_thread();
    torch::Tensor a;
    {
        torch::NoGradGuard no_grad;
        a = actor_forward(actor_, torch::from_blob(const_cast<float*>(state), {1, state_size_}, torch::kFloat32)).contiguous();
    }
    const float* p = a.data_ptr<float>();
    for (int i = 0; i < action_size_; ++i) action[i] = noise > 0 ? truncated_normal(p[i], noise, rng_) : p[i];
}

void Ddpg::random_action(float* action) {
    std::uniform_real_distribution<double> u(0.0, 1.0);
    for (int i = 0; i < action_size_; ++i) action[i] = static_cast<float>(u(rng_));
}

void Ddpg::remember(const float* state, const float* action, double reward, const float* next_state, bool terminal) {
    const std::size_t capacity = rewards_.size(), i = next_;
    std::copy_n(state, state_size_, states_.begin() + static_cast<std::ptrdiff_t>(i * static_cast<std::size_t>(state_size_)));
    std::copy_n(next_state, state_size_, next_states_.begin() + static_cast<std::ptrdiff_t>(i * static_cast<std::size_t>(state_size_)));
    std::copy_n(action, action_size_, actions_.begin() + static_cast<std::ptrdiff_t>(i * static_cast<std::size_t>(action_size_)));
    rewards_[i] = static_cast<float>(reward);
    live_[i] = terminal ? 0.0f : 1.0f;
    next_ = (next_ + 1) % capacity;
    stored_ = std::min(stored_ + 1, capacity);
}

DdpgUpdate Ddpg::update() {
    use_one_deterministic_thread();
    DdpgUpdate out;
    if (stored_ == 0) return out;
    // A batch without repetition when the memory holds enough (keras-rl's sampling, as HAQ's).
    const auto batch = static_cast<std::int64_t>(o_.batch);
    std::vector<std::size_t> pick(static_cast<std::size_t>(batch));
    if (stored_ >= static_cast<std::size_t>(batch)) {
        std::vector<std::size_t> all(stored_);
        std::iota(all.begin(), all.end(), 0);
        for (std::size_t k = 0; k < pick.size(); ++k) {
            const std::size_t j = k + static_cast<std::size_t>(std::uniform_int_distribution<std::size_t>(0, stored_ - 1 - k)(rng_));
            std::swap(all[k], all[j]);
            pick[k] = all[k];
        }
    } else {
        for (std::size_t& p : pick) p = std::uniform_int_distribution<std::size_t>(0, stored_ - 1)(rng_);
    }
    std::vector<float> s(pick.size() * static_cast<std::size_t>(state_size_)), s2(s.size()), a(pick.size() * static_cast<std::size_t>(action_size_)),
        r(pick.size()), live(pick.size());
    double mean_reward = 0;
    for (std::size_t k = 0; k < pick.size(); ++k) {
        const std::size_t i = pick[k];
        std::copy_n(states_.begin() + static_cast<std::ptrdiff_t>(i * static_cast<std::size_t>(state_size_)), state_size_,
                    s.begin() + static_cast<std::ptrdiff_t>(k * static_cast<std::size_t>(state_size_)));
        std::copy_n(next_states_.begin() + static_cast<std::ptrdiff_t>(i * static_cast<std::size_t>(state_size_)), state_size_,
                    s2.begin() + static_cast<std::ptrdiff_t>(k * static_cast<std::size_t>(state_size_)));
        std::copy_n(actions_.begin() + static_cast<std::ptrdiff_t>(i * static_cast<std::size_t>(action_size_)), action_size_,
                    a.begin() + static_cast<std::ptrdiff_t>(k * static_cast<std::size_t>(action_size_)));
        r[k] = rewards_[i];
        live[k] = live_[i];
        mean_reward += r[k];
    }
    // HAQ's moving-average baseline, taken off the batch's rewards.
    mean_reward /= static_cast<double>(pick.size());
    baseline_ = have_baseline_ ? baseline_ + o_.baseline_alpha * (mean_reward - baseline_) : mean_reward;
    have_baseline_ = true;
    for (float& x : r) x = static_cast<float>(x - baseline_);

    const torch::Tensor states = torch::from_blob(s.data(), {batch, state_size_}, torch::kFloat32);
    const torch::Tensor next_states = torch::from_blob(s2.data(), {batch, state_size_}, torch::kFloat32);
    const torch::Tensor actions = torch::from_blob(a.data(), {batch, action_size_}, torch::kFloat32);
    const torch::Tensor rewards = torch::from_blob(r.data(), {batch}, torch::kFloat32);
    const torch::Tensor lives = torch::from_blob(live.data(), {batch}, torch::kFloat32);
    torch::Tensor target;
    {
        torch::NoGradGuard no_grad;
        target = rewards + o_.discount * lives * critic_forward(critic_target_, next_states, actor_forward(actor_target_, next_states));
    }
    critic_gradient_.zero_();
    const torch::Tensor critic_loss = (critic_forward(critic_, states, actions) - target).pow(2).mean();
    critic_loss.backward();
    critic_optimizer_.step();

    actor_gradient_.zero_();
    const torch::Tensor actor_loss = -critic_forward(critic_, states, actor_forward(actor_, states)).mean();
    actor_loss.backward();
    actor_optimizer_.step();
    {
        torch::NoGradGuard no_grad;
        actor_target_parameters_.mul_(1 - o_.tau).add_(actor_parameters_, o_.tau);
        critic_target_parameters_.mul_(1 - o_.tau).add_(critic_parameters_, o_.tau);
    }
    out.critic_loss = critic_loss.item<double>();
    out.actor_loss = actor_loss.item<double>();
    return out;
}

}  // namespace mapscape::rl
