#include "rl/actor_critic.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>

#include "rl/mlp.hpp"
#include "rl/mlp_pass.hpp"
#include "rl/optimizers.hpp"
#include "rl/reward_normaliser.hpp"
#include "rl/torch_setup.hpp"
#include "util/seed_mixing.hpp"

namespace mapscape::rl {

namespace {

constexpr float kMaskedLogit = -1e9f;

// Index of a draw from softmax(logits[0..n)) restricted to allowed entries (all when `allowed`
// is null), or of the largest allowed logit when `greedy`; its log probability in `logp`.
int choose(const float* logits, int n, const std::uint8_t* allowed, bool greedy, Rng& rng, double& logp) {
    double top = -std::numeric_limits<double>::infinity();
    int argmax = 0;
    for (int i = 0; i < n; ++i)
        if ((!allowed || allowed[i]) && logits[i] > top) {
            top = logits[i];
            argmax = i;
        }
    double total = 0;
    for (int i = 0; i < n; ++i)
        if (!allowed || allowed[i]) total += std::exp(logits[i] - top);
    int pick = argmax;
    if (!greedy) {
        double u = std::uniform_real_distribution<double>(0.0, 1.0)(rng) * total;
        for (int i = 0; i < n; ++i) {
            if (allowed && !allowed[i]) continue;
            pick = i;
            u -= std::exp(logits[i] - top);
            if (u < 0) break;
        }
    }
    logp = (logits[pick] - top) - std::log(total);
    return pick;
}


torch::Tensor float_tensor(std::vector<float>& v, std::int64_t rows, std::int64_t cols) {
    return torch::from_blob(v.data(), {rows, cols}, torch::kFloat32);
}

// One softmax group of the policy (the window slots, or the cores): log probabilities of
// logits[0..n) (plus `bias` when given, as the masked cores get -1e9), into `lp`; returns the
// group's entropy.
double log_softmax(const float* logits, const float* bias, int n, double* lp) {
    double top = -std::numeric_limits<double>::infinity();
    for (int j = 0; j < n; ++j) {
        lp[j] = bias ? static_cast<double>(logits[j] + bias[j]) : static_cast<double>(logits[j]);
        top = std::max(top, lp[j]);
    }
    double total = 0;
    for (int j = 0; j < n; ++j) total += std::exp(lp[j] - top);
    const double log_total = top + std::log(total);
    double entropy = 0;
    for (int j = 0; j < n; ++j) {
        lp[j] -= log_total;
        entropy -= std::exp(lp[j]) * lp[j];
    }
    return entropy;
}

// d(loss)/d(logits) of one softmax group, given d(loss)/d(log p of the chosen entry) and
// d(loss)/d(the group's entropy): d log p_a / dz_j = [j = a] - p_j, dH / dz_j = -p_j (log p_j + H).
void softmax_group_gradient(const double* lp, int n, int chosen, double entropy, double d_logp, double d_entropy, float* d_logits) {
    for (int j = 0; j < n; ++j) {
        const double p = std::exp(lp[j]);
        const double g = d_logp * ((j == chosen ? 1.0 : 0.0) - p) - d_entropy * (p > 0 ? p * (lp[j] + entropy) : 0.0);
        d_logits[j] = static_cast<float>(g);
    }
}

}  // namespace

ActorCriticOptions resolved(ActorCriticOptions o) {
    const bool a2c = o.method == ActorCriticMethod::A2C;
    if (o.learning_rate <= 0) o.learning_rate = a2c ? 7e-4 : 2.5e-4;
    if (o.value_coef <= 0) o.value_coef = a2c ? 0.25 : 0.5;
    if (o.environments <= 0) o.environments = 32;
    if (o.steps <= 0) o.steps = a2c ? 5 : 128;
    o.minibatches = std::max(1, o.minibatches);
    o.epochs = std::max(1, o.epochs);
    return o;
}

struct ScheduleAgent::State {
    const JobTable* table;
    ScheduleObjective objective;
    ActorCriticOptions o;
    double shared_scale = 1, bandwidth_scale = 0;
    Rng rng;
    std::vector<ScheduleEnvironment> envs;
    int window, cores, state_size, action_logits;
    torch::Tensor parameters, gradient;  // policy then value network
    Mlp policy, value;
    RmsProp rmsprop;
    Adam adam;
    RewardNormaliser normaliser;
    std::int64_t updates = 0;
    // Passes of the networks with their buffers: acting, A2C's update, PPO2's values of a rollout
    // and its minibatches.
    MlpPass act_pass, value_pass, value_all_pass, policy_minibatch_pass, value_minibatch_pass;
    // An update's buffers, kept between updates.
    std::vector<float> all_states, minibatch_states, returns, advantages, old_value_copy, d_logits_buffer, d_value;
    std::vector<double> logp_buffer, d_logp_buffer, scratch;
    std::vector<std::int64_t> order, identity;

    // One rollout, index t * environments + e.
    std::vector<float> states, last_states, mask_bias, old_logp;
    std::vector<std::int64_t> slots, core_choices;
    std::vector<double> rewards;
    std::vector<std::uint8_t> dones;
    bool any_masked = false;

    // Log accumulation.
    TrainingRecord sum;
    int summed = 0;
    double objective_sum = 0;
    std::int64_t objective_count = 0;
    double best = std::numeric_limits<double>::infinity();

    State(const JobTable& t, ScheduleObjective obj, const ActorCriticOptions& options, std::uint64_t seed)
        : table(&t), objective(obj), o(resolved(options)), rng(mix_seed(seed, 0x5c4ed)) {
        shared_scale = o.state_scale == StateScale::Shared ? makespan_lower_bound(t, std::numeric_limits<double>::infinity()) : 1;
        if (o.bandwidth_in_state && !(o.system_bytes_per_cycle > 0))
            throw std::invalid_argument("ScheduleAgent: the bandwidth state needs the system bandwidth (system_bytes_per_cycle)");
        bandwidth_scale = o.bandwidth_in_state ? o.system_bytes_per_cycle : 0;
        for (int e = 0; e < o.environments; ++e) envs.emplace_back(t, obj, o.window, o.state_scale, shared_scale, bandwidth_scale);
        window = envs.front().window();
        cores = envs.front().cores();
        state_size = envs.front().state_size();
        action_logits = window + cores;
        policy = Mlp(state_size, o.hidden, action_logits, Activation::Tanh);
        value = Mlp(state_size, o.hidden, 1, Activation::Tanh);
        parameters = torch::zeros({policy.parameter_count() + value.parameter_count()}, torch::kFloat32);
        gradient = torch::zeros_like(parameters);
        policy.bind(parameters, gradient, 0);
        value.bind(parameters, gradient, policy.parameter_count());
        policy.init_orthogonal(rng, std::sqrt(2.0), 0.01);
        value.init_orthogonal(rng, std::sqrt(2.0), 1.0);
        act_pass = MlpPass(policy);
        policy_minibatch_pass = MlpPass(policy);
        value_pass = MlpPass(value);
        value_all_pass = MlpPass(value);
        value_minibatch_pass = MlpPass(value);
        if (o.method == ActorCriticMethod::A2C)
            rmsprop = RmsProp(parameters, gradient, o.learning_rate, o.rmsprop_decay, o.rmsprop_epsilon);
        else
            adam = Adam(parameters, gradient, o.learning_rate, o.adam_epsilon);
        normaliser = RewardNormaliser(o.environments, o.gamma);
    }

    // Forward of the policy for every environment's current state at step t of the rollout; the
    // pass keeps the rollout's activations, which A2C's update backpropagates through (the
    // weights do not change within a rollout).
    torch::Tensor act_logits(std::vector<float>& batch, int count, int t) {
        return act_pass.forward_rows(float_tensor(batch, count, state_size), static_cast<std::int64_t>(count) * o.steps,
                                     static_cast<std::int64_t>(t) * count);
    }

    // Chooses an action for environment `e` from its logits row; records it at `index`.
    void choose_action(const float* logits, ScheduleEnvironment& env, bool greedy, Rng& r, int& slot, int& core, double& logp,
                       std::uint8_t* mask) {
        double slot_logp = 0, core_logp = 0;
        slot = choose(logits, window, nullptr, greedy, r, slot_logp);
        env.core_mask(slot, mask);
        bool all = true;
        for (int c = 0; c < cores; ++c) all = all && mask[c];
        core = choose(logits + window, cores, all ? nullptr : mask, greedy, r, core_logp);
        logp = slot_logp + core_logp;
    }

    // Policy loss terms of rows [0, rows) of a forward's logits for the recorded actions at
    // `index[r]`: writes each row's log probability, and returns the entropies' sum; with
    // `d_logp` (per row) and `d_entropy` (the same for every row) given, also writes
    // d(loss)/d(logits) into `d_logits`.
    double policy_terms(const float* logits, std::int64_t rows, const std::int64_t* index, double* logp, const double* d_logp,
                        double d_entropy, float* d_logits) {
        std::vector<double>& lp = scratch;
        lp.resize(static_cast<std::size_t>(action_logits));
        double entropy_sum = 0;
        for (std::int64_t r = 0; r < rows; ++r) {
            const auto i = static_cast<std::size_t>(index[r]);
            const float* z = logits + r * action_logits;
            const float* bias = any_masked ? mask_bias.data() + i * static_cast<std::size_t>(cores) : nullptr;
            const double slot_entropy = log_softmax(z, nullptr, window, lp.data());
            const double core_entropy = log_softmax(z + window, bias, cores, lp.data() + window);
            const int slot = static_cast<int>(slots[i]), core = static_cast<int>(core_choices[i]);
            logp[r] = lp[static_cast<std::size_t>(slot)] + lp[static_cast<std::size_t>(window + core)];
            entropy_sum += slot_entropy + core_entropy;
            if (!d_logp) continue;
            float* d = d_logits + r * action_logits;
            softmax_group_gradient(lp.data(), window, slot, slot_entropy, d_logp[r], d_entropy, d);
            softmax_group_gradient(lp.data() + window, cores, core, core_entropy, d_logp[r], d_entropy, d + window);
        }
        return entropy_sum;
    }

    // Collects one rollout of o.steps lockstep steps; false when the evaluator ran out first.
    bool collect(ScheduleEvaluator& evaluator) {
        const int E = o.environments, T = o.steps;
        const auto n = static_cast<std::size_t>(E) * static_cast<std::size_t>(T);
        states.resize(n * static_cast<std::size_t>(state_size));
        mask_bias.assign(n * static_cast<std::size_t>(cores), 0.0f);
        old_logp.resize(n);
        slots.resize(n);
        core_choices.resize(n);
        rewards.resize(n);
        dones.resize(n);
        any_masked = false;
        std::vector<float> current(static_cast<std::size_t>(E) * static_cast<std::size_t>(state_size));
        std::vector<double> step_rewards(static_cast<std::size_t>(E));
        std::vector<std::uint8_t> step_dones(static_cast<std::size_t>(E)), mask(static_cast<std::size_t>(cores));
        for (int t = 0; t < T; ++t) {
            for (int e = 0; e < E; ++e) envs[static_cast<std::size_t>(e)].observe(current.data() + static_cast<std::size_t>(e) * static_cast<std::size_t>(state_size));
            std::copy(current.begin(), current.end(), states.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(t) * current.size()));
            const torch::Tensor logits = act_logits(current, E, t);
            const float* lp = logits.data_ptr<float>();
            for (int e = 0; e < E; ++e) {
                const std::size_t i = static_cast<std::size_t>(t) * static_cast<std::size_t>(E) + static_cast<std::size_t>(e);
                ScheduleEnvironment& env = envs[static_cast<std::size_t>(e)];
                int slot = 0, core = 0;
                double logp = 0;
                choose_action(lp + static_cast<std::ptrdiff_t>(e) * action_logits, env, false, rng, slot, core, logp, mask.data());
                for (int c = 0; c < cores; ++c)
                    if (!mask[static_cast<std::size_t>(c)]) {
                        mask_bias[i * static_cast<std::size_t>(cores) + static_cast<std::size_t>(c)] = kMaskedLogit;
                        any_masked = true;
                    }
                slots[i] = slot;
                core_choices[i] = core;
                old_logp[i] = static_cast<float>(logp);
                double reward = env.step(slot, core);
                step_dones[static_cast<std::size_t>(e)] = env.done() ? 1 : 0;
                if (env.done()) {
                    const double objective_value = evaluator.evaluate(env.assignment());
                    if (evaluator.samples() > 0 && std::isfinite(objective_value)) {
                        objective_sum += objective_value;
                        ++objective_count;
                        best = std::min(best, objective_value);
                    }
                    if (!std::isfinite(objective_value)) {
                        if (evaluator.done()) return false;  // out of budget (or stopped)
                        reward -= 10 * std::abs(reward);        // an invalid schedule (cannot happen with masks)
                    } else {
                        reward -= o.final_reward_weight * objective_value;
                    }
                    env.reset();
                }
                step_rewards[static_cast<std::size_t>(e)] = reward;
            }
            if (o.normalise_rewards) normaliser.normalise(step_rewards, step_dones);
            for (int e = 0; e < E; ++e) {
                const std::size_t i = static_cast<std::size_t>(t) * static_cast<std::size_t>(E) + static_cast<std::size_t>(e);
                rewards[i] = step_rewards[static_cast<std::size_t>(e)];
                dones[i] = step_dones[static_cast<std::size_t>(e)];
            }
        }
        last_states.resize(static_cast<std::size_t>(E) * static_cast<std::size_t>(state_size));
        for (int e = 0; e < E; ++e) envs[static_cast<std::size_t>(e)].observe(last_states.data() + static_cast<std::size_t>(e) * static_cast<std::size_t>(state_size));
        return true;
    }

    void step_optimizer() {
        clip_gradient_norm(gradient, o.max_grad_norm);
        if (o.method == ActorCriticMethod::A2C)
            rmsprop.step();
        else
            adam.step();
        gradient.zero_();
    }

    // A2C: loss = -mean(advantage x log p) - entropy_coef mean(entropy) + value_coef mean((R - V)^2),
    // with n-step returns R; its gradient is written by hand (policy_terms, MlpPass::backward).
    void update_a2c() {
        const int E = o.environments, T = o.steps;
        const std::int64_t n = static_cast<std::int64_t>(E) * T;
        const auto rows = static_cast<std::size_t>(n);
        all_states.assign(states.begin(), states.end());
        all_states.insert(all_states.end(), last_states.begin(), last_states.end());
        const float* values = value_pass.forward(float_tensor(all_states, n + E, state_size)).data_ptr<float>();
        // n-step discounted returns, bootstrapped from the last state's value unless its episode ended.
        returns.resize(rows);
        for (int e = 0; e < E; ++e) {
            double ret = values[n + e];
            for (int t = T - 1; t >= 0; --t) {
                const std::size_t i = static_cast<std::size_t>(t) * static_cast<std::size_t>(E) + static_cast<std::size_t>(e);
                ret = rewards[i] + o.gamma * ret * (dones[i] ? 0.0 : 1.0);
                returns[i] = static_cast<float>(ret);
            }
        }
        const double inverse_n = 1.0 / static_cast<double>(n);
        d_value.assign(rows + static_cast<std::size_t>(E), 0.0f);  // the bootstrap rows get no gradient
        d_logp_buffer.resize(rows);
        double value_loss = 0;
        for (std::size_t i = 0; i < rows; ++i) {
            const double error = static_cast<double>(returns[i]) - values[i];
            value_loss += error * error;
            d_value[i] = static_cast<float>(-2.0 * o.value_coef * error * inverse_n);
            d_logp_buffer[i] = -error * inverse_n;  // the advantage R - V, as a constant
        }
        // The rollout's logits, as computed while acting.
        act_pass.set_input(float_tensor(states, n, state_size));
        const float* logits = act_pass.output().data_ptr<float>();
        d_logits_buffer.resize(rows * static_cast<std::size_t>(action_logits));
        identity.resize(rows);
        std::iota(identity.begin(), identity.end(), 0);
        logp_buffer.resize(rows);
        const double entropy = policy_terms(logits, n, identity.data(), logp_buffer.data(), d_logp_buffer.data(), -o.entropy_coef * inverse_n, d_logits_buffer.data()) * inverse_n;
        double policy_loss = 0;
        for (std::size_t i = 0; i < rows; ++i) policy_loss += d_logp_buffer[i] * logp_buffer[i];  // -(advantage/n) log p
        act_pass.backward(float_tensor(d_logits_buffer, n, action_logits));
        value_pass.backward(float_tensor(d_value, n + E, 1));
        step_optimizer();
        record(policy_loss, value_loss * inverse_n, entropy, 0);
    }

    // PPO2: per minibatch, loss = mean(max(-A r, -A clip(r, 1 +- c))) - entropy_coef mean(entropy)
    // + value_coef 0.5 mean(max((V - R)^2, (V_old + clip(V - V_old, +-c) - R)^2)), r the ratio of
    // the new policy's probability to the rollout's, A the advantages normalised in the
    // minibatch; its gradient written by hand as libtorch's autograd would take it (at a tie of
    // the max, half to each side).
    void update_ppo2() {
        const int E = o.environments, T = o.steps;
        const std::int64_t n = static_cast<std::int64_t>(E) * T;
        const auto rows = static_cast<std::size_t>(n);
        all_states.assign(states.begin(), states.end());
        all_states.insert(all_states.end(), last_states.begin(), last_states.end());
        const float* old_values = value_all_pass.forward(float_tensor(all_states, n + E, state_size)).data_ptr<float>();
        // Generalised advantage estimation.
        advantages.resize(rows);
        returns.resize(rows);
        for (int e = 0; e < E; ++e) {
            double gae = 0;
            for (int t = T - 1; t >= 0; --t) {
                const std::size_t i = static_cast<std::size_t>(t) * static_cast<std::size_t>(E) + static_cast<std::size_t>(e);
                const double next_value = t + 1 < T ? old_values[i + static_cast<std::size_t>(E)] : old_values[rows + static_cast<std::size_t>(e)];
                const double live = dones[i] ? 0.0 : 1.0;
                const double delta = rewards[i] + o.gamma * next_value * live - old_values[i];
                gae = delta + o.gamma * o.gae_lambda * live * gae;
                advantages[i] = static_cast<float>(gae);
                returns[i] = static_cast<float>(gae + old_values[i]);
            }
        }
        old_value_copy.assign(old_values, old_values + rows);
        const std::int64_t batch = std::max<std::int64_t>(1, n / o.minibatches);
        const auto b = static_cast<std::size_t>(batch), width = static_cast<std::size_t>(state_size);
        order.resize(rows);
        minibatch_states.resize(b * width);
        d_logits_buffer.resize(b * static_cast<std::size_t>(action_logits));
        d_value.resize(b);
        d_logp_buffer.resize(b);
        logp_buffer.resize(b);
        const double inverse_b = 1.0 / static_cast<double>(batch);
        const double low = 1 - o.clip_range, high = 1 + o.clip_range;
        for (int epoch = 0; epoch < o.epochs; ++epoch) {
            std::iota(order.begin(), order.end(), 0);
            std::shuffle(order.begin(), order.end(), rng);
            for (std::int64_t start = 0; start + batch <= n; start += batch) {
                const std::int64_t* idx = order.data() + start;
                for (std::size_t r = 0; r < b; ++r)
                    std::copy_n(states.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(idx[r]) * width), width,
                                minibatch_states.begin() + static_cast<std::ptrdiff_t>(r * width));
                const torch::Tensor x = float_tensor(minibatch_states, batch, state_size);
                const float* logits = policy_minibatch_pass.forward(x).data_ptr<float>();
                const float* values = value_minibatch_pass.forward(x).data_ptr<float>();
                // The minibatch's advantages, normalised (population standard deviation).
                double mean = 0, variance = 0;
                for (std::size_t r = 0; r < b; ++r) mean += advantages[static_cast<std::size_t>(idx[r])];
                mean *= inverse_b;
                for (std::size_t r = 0; r < b; ++r) {
                    const double dev = advantages[static_cast<std::size_t>(idx[r])] - mean;
                    variance += dev * dev;
                }
                const double scale = 1.0 / (std::sqrt(variance * inverse_b) + 1e-8);
                // Log probabilities first (their gradient's factor needs the ratio).
                const double entropy = policy_terms(logits, batch, idx, logp_buffer.data(), nullptr, 0, nullptr) * inverse_b;
                double policy_loss = 0, value_loss = 0, clipped_count = 0;
                for (std::size_t r = 0; r < b; ++r) {
                    const auto i = static_cast<std::size_t>(idx[r]);
                    const double adv = (advantages[i] - mean) * scale;
                    const double ratio = std::exp(logp_buffer[r] - static_cast<double>(old_logp[i]));
                    const double clamped = std::clamp(ratio, low, high);
                    const bool inside = ratio >= low && ratio <= high;
                    const double unclipped_term = -adv * ratio, clipped_term = -adv * clamped;
                    policy_loss += std::max(unclipped_term, clipped_term);
                    double d_ratio = 0;  // d max(-A r, -A clip(r)) / dr
                    if (unclipped_term > clipped_term)
                        d_ratio = -adv;
                    else if (unclipped_term < clipped_term)
                        d_ratio = inside ? -adv : 0;
                    else
                        d_ratio = 0.5 * -adv + 0.5 * (inside ? -adv : 0);
                    d_logp_buffer[r] = d_ratio * ratio * inverse_b;
                    if (std::abs(ratio - 1) > o.clip_range) ++clipped_count;
                    const double v = values[r], ret = returns[i], old_v = old_value_copy[i];
                    const double step = v - old_v;
                    const bool step_inside = step >= -o.clip_range && step <= o.clip_range;
                    const double clipped_v = old_v + std::clamp(step, -o.clip_range, o.clip_range);
                    const double plain = (v - ret) * (v - ret), clipped = (clipped_v - ret) * (clipped_v - ret);
                    value_loss += std::max(plain, clipped);
                    const double d_plain = 2 * (v - ret), d_clipped = step_inside ? 2 * (clipped_v - ret) : 0;
                    const double d_max = plain > clipped ? d_plain : plain < clipped ? d_clipped : 0.5 * (d_plain + d_clipped);
                    d_value[r] = static_cast<float>(o.value_coef * 0.5 * d_max * inverse_b);
                }
                policy_terms(logits, batch, idx, logp_buffer.data(), d_logp_buffer.data(), -o.entropy_coef * inverse_b, d_logits_buffer.data());
                policy_minibatch_pass.backward(float_tensor(d_logits_buffer, batch, action_logits));
                value_minibatch_pass.backward(float_tensor(d_value, batch, 1));
                step_optimizer();
                record(policy_loss * inverse_b, 0.5 * value_loss * inverse_b, entropy, clipped_count * inverse_b);
            }
        }
    }

    void record(double policy_loss, double value_loss, double entropy, double clip_fraction) {
        ++updates;
        sum.policy_loss += policy_loss;
        sum.value_loss += value_loss;
        sum.entropy += entropy;
        sum.clip_fraction += clip_fraction;
        ++summed;
    }

    void flush(const TrainingLog& log, std::int64_t samples) {
        if (!log || summed == 0) return;
        TrainingRecord r;
        r.update = updates;
        r.samples = samples;
        r.policy_loss = sum.policy_loss / summed;
        r.value_loss = sum.value_loss / summed;
        r.entropy = sum.entropy / summed;
        r.clip_fraction = sum.clip_fraction / summed;
        r.mean_objective = objective_count ? objective_sum / static_cast<double>(objective_count) : std::nan("");
        r.best_objective = best;
        log(r);
        sum = {};
        summed = 0;
        objective_sum = 0;
        objective_count = 0;
    }
};

ScheduleAgent::ScheduleAgent(const JobTable& table, ScheduleObjective objective, const ActorCriticOptions& options, std::uint64_t seed) {
    use_one_deterministic_thread();
    s_ = std::make_unique<State>(table, objective, options, seed);
}

ScheduleAgent::~ScheduleAgent() = default;

std::int64_t ScheduleAgent::updates() const { return s_->updates; }

void ScheduleAgent::train(ScheduleEvaluator& evaluator, const TrainingLog& log, int log_every) {
    use_one_deterministic_thread();
    if (s_->table->jobs() == 0) return;
    std::int64_t next_log = log_every > 0 ? log_every : std::numeric_limits<std::int64_t>::max();
    while (!evaluator.done()) {
        if (!s_->collect(evaluator)) break;
        if (s_->o.method == ActorCriticMethod::A2C)
            s_->update_a2c();
        else
            s_->update_ppo2();
        if (s_->updates >= next_log) {
            s_->flush(log, evaluator.samples());
            next_log += log_every;
        }
    }
    s_->flush(log, evaluator.samples());
}

Assignment ScheduleAgent::rollout(bool greedy, Rng& rng) {
    use_one_deterministic_thread();
    ScheduleEnvironment env(*s_->table, s_->objective, s_->o.window, s_->o.state_scale, s_->shared_scale, s_->bandwidth_scale);
    std::vector<float> state(static_cast<std::size_t>(env.state_size()));
    std::vector<std::uint8_t> mask(static_cast<std::size_t>(env.cores()));
    MlpPass pass(s_->policy);
    while (!env.done()) {
        env.observe(state.data());
        const torch::Tensor& logits = pass.forward(torch::from_blob(state.data(), {1, env.state_size()}, torch::kFloat32));
        int slot = 0, core = 0;
        double logp = 0;
        s_->choose_action(logits.data_ptr<float>(), env, greedy, rng, slot, core, logp, mask.data());
        env.step(slot, core);
    }
    return env.assignment();
}

ScheduleResult run_actor_critic_schedule(const ScheduleProblem& problem, const ActorCriticOptions& options, ScheduleSink* sink,
                                         std::stop_token stop, const TrainingLog& log, int log_every) {
    ScheduleEvaluator evaluator(problem, sink, std::move(stop));
    if (problem.table && problem.table->jobs() > 0) {
        ActorCriticOptions with_problem = options;
        if (with_problem.system_bytes_per_cycle <= 0) with_problem.system_bytes_per_cycle = problem.system_bytes_per_cycle;
        ScheduleAgent agent(*problem.table, problem.objective, with_problem, problem.seed);
        agent.train(evaluator, log, log_every);
    }
    return evaluator.finish();
}

}  // namespace mapscape::rl
