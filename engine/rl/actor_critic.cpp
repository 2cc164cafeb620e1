#include "rl/actor_critic.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "rl/mlp.hpp"
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
    double shared_scale = 1;
    Rng rng;
    std::vector<ScheduleEnvironment> envs;
    int window, cores, state_size, action_logits;
    torch::Tensor parameters, gradient;  // policy then value network
    Mlp policy, value;
    RmsProp rmsprop;
    Adam adam;
    RewardNormaliser normaliser;
    std::int64_t updates = 0;

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
        for (int e = 0; e < o.environments; ++e) envs.emplace_back(t, obj, o.window, o.state_scale, shared_scale);
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
        if (o.method == ActorCriticMethod::A2C)
            rmsprop = RmsProp(parameters, gradient, o.learning_rate, o.rmsprop_decay, o.rmsprop_epsilon);
        else
            adam = Adam(parameters, gradient, o.learning_rate, o.adam_epsilon);
        normaliser = RewardNormaliser(o.environments, o.gamma);
    }

    // Forward of the policy without grad for every environment's current state.
    torch::Tensor act_logits(std::vector<float>& batch, int count) {
        torch::NoGradGuard no_grad;
        return policy.forward(float_tensor(batch, count, state_size)).contiguous();
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

    // Log probabilities of the recorded actions and the policy's entropy, for rows `rows` of the
    // rollout (all when undefined), differentiable.
    std::pair<torch::Tensor, torch::Tensor> log_prob_entropy(const torch::Tensor& logits, const torch::Tensor& slot_index,
                                                              const torch::Tensor& core_index, const torch::Tensor& bias) {
        const torch::Tensor slot_lp = torch::log_softmax(logits.narrow(1, 0, window), 1);
        torch::Tensor core_logits = logits.narrow(1, window, cores);
        if (bias.defined()) core_logits = core_logits + bias;
        const torch::Tensor core_lp = torch::log_softmax(core_logits, 1);
        const torch::Tensor logp = slot_lp.gather(1, slot_index).squeeze(1) + core_lp.gather(1, core_index).squeeze(1);
        const torch::Tensor entropy = -(slot_lp.exp() * slot_lp).sum(1) - (core_lp.exp() * core_lp).sum(1);
        return {logp, entropy};
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
            const torch::Tensor logits = act_logits(current, E);
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

    void update_a2c() {
        const int E = o.environments, T = o.steps;
        const std::int64_t n = static_cast<std::int64_t>(E) * T;
        std::vector<float> all(states);
        all.insert(all.end(), last_states.begin(), last_states.end());
        const torch::Tensor x = float_tensor(all, n + E, state_size);
        const torch::Tensor values_all = value.forward(x).squeeze(1);
        const torch::Tensor values = values_all.narrow(0, 0, n);
        // n-step discounted returns, bootstrapped from the last state's value unless its episode ended.
        std::vector<float> returns(static_cast<std::size_t>(n));
        {
            const torch::Tensor last = values_all.narrow(0, n, E).detach().contiguous();
            const float* lv = last.data_ptr<float>();
            for (int e = 0; e < E; ++e) {
                double ret = lv[e];
                for (int t = T - 1; t >= 0; --t) {
                    const std::size_t i = static_cast<std::size_t>(t) * static_cast<std::size_t>(E) + static_cast<std::size_t>(e);
                    ret = rewards[i] + o.gamma * ret * (dones[i] ? 0.0 : 1.0);
                    returns[i] = static_cast<float>(ret);
                }
            }
        }
        const torch::Tensor target = torch::from_blob(returns.data(), {n}, torch::kFloat32);
        const torch::Tensor logits = policy.forward(float_tensor(states, n, state_size));
        const torch::Tensor slot_index = torch::from_blob(slots.data(), {n, 1}, torch::kInt64);
        const torch::Tensor core_index = torch::from_blob(core_choices.data(), {n, 1}, torch::kInt64);
        const torch::Tensor bias = any_masked ? float_tensor(mask_bias, n, cores) : torch::Tensor();
        auto [logp, entropy] = log_prob_entropy(logits, slot_index, core_index, bias);
        const torch::Tensor advantage = (target - values).detach();
        const torch::Tensor policy_loss = -(advantage * logp).mean();
        const torch::Tensor value_loss = (target - values).pow(2).mean();
        const torch::Tensor mean_entropy = entropy.mean();
        const torch::Tensor loss = policy_loss - o.entropy_coef * mean_entropy + o.value_coef * value_loss;
        loss.backward();
        step_optimizer();
        record(policy_loss.item<double>(), value_loss.item<double>(), mean_entropy.item<double>(), 0);
    }

    void update_ppo2() {
        const int E = o.environments, T = o.steps;
        const std::int64_t n = static_cast<std::int64_t>(E) * T;
        std::vector<float> old_values(static_cast<std::size_t>(n) + static_cast<std::size_t>(E));
        {
            torch::NoGradGuard no_grad;
            std::vector<float> all(states);
            all.insert(all.end(), last_states.begin(), last_states.end());
            const torch::Tensor v = value.forward(float_tensor(all, n + E, state_size)).squeeze(1).contiguous();
            std::copy_n(v.data_ptr<float>(), old_values.size(), old_values.begin());
        }
        // Generalised advantage estimation.
        std::vector<float> advantages(static_cast<std::size_t>(n)), returns(static_cast<std::size_t>(n));
        for (int e = 0; e < E; ++e) {
            double gae = 0;
            for (int t = T - 1; t >= 0; --t) {
                const std::size_t i = static_cast<std::size_t>(t) * static_cast<std::size_t>(E) + static_cast<std::size_t>(e);
                const double next_value = t + 1 < T ? old_values[i + static_cast<std::size_t>(E)] : old_values[static_cast<std::size_t>(n) + static_cast<std::size_t>(e)];
                const double live = dones[i] ? 0.0 : 1.0;
                const double delta = rewards[i] + o.gamma * next_value * live - old_values[i];
                gae = delta + o.gamma * o.gae_lambda * live * gae;
                advantages[i] = static_cast<float>(gae);
                returns[i] = static_cast<float>(gae + old_values[i]);
            }
        }
        const torch::Tensor all_states = float_tensor(states, n, state_size);
        const torch::Tensor all_slots = torch::from_blob(slots.data(), {n, 1}, torch::kInt64);
        const torch::Tensor all_cores = torch::from_blob(core_choices.data(), {n, 1}, torch::kInt64);
        const torch::Tensor all_bias = any_masked ? float_tensor(mask_bias, n, cores) : torch::Tensor();
        const torch::Tensor all_logp = torch::from_blob(old_logp.data(), {n}, torch::kFloat32);
        const torch::Tensor all_adv = torch::from_blob(advantages.data(), {n}, torch::kFloat32);
        const torch::Tensor all_ret = torch::from_blob(returns.data(), {n}, torch::kFloat32);
        const torch::Tensor all_val = torch::from_blob(old_values.data(), {n}, torch::kFloat32);
        const std::int64_t batch = std::max<std::int64_t>(1, n / o.minibatches);
        std::vector<std::int64_t> order(static_cast<std::size_t>(n));
        for (int epoch = 0; epoch < o.epochs; ++epoch) {
            std::iota(order.begin(), order.end(), 0);
            std::shuffle(order.begin(), order.end(), rng);
            for (std::int64_t start = 0; start + batch <= n; start += batch) {
                const torch::Tensor idx = torch::from_blob(order.data() + start, {batch}, torch::kInt64);
                const torch::Tensor logits = policy.forward(all_states.index_select(0, idx));
                const torch::Tensor values = value.forward(all_states.index_select(0, idx)).squeeze(1);
                auto [logp, entropy] = log_prob_entropy(logits, all_slots.index_select(0, idx), all_cores.index_select(0, idx),
                                                        all_bias.defined() ? all_bias.index_select(0, idx) : torch::Tensor());
                torch::Tensor adv = all_adv.index_select(0, idx);
                adv = (adv - adv.mean()) / (adv.std(/*unbiased=*/false) + 1e-8);
                const torch::Tensor ratio = torch::exp(logp - all_logp.index_select(0, idx));
                const torch::Tensor surrogate = torch::max(-adv * ratio, -adv * torch::clamp(ratio, 1 - o.clip_range, 1 + o.clip_range));
                const torch::Tensor policy_loss = surrogate.mean();
                const torch::Tensor ret = all_ret.index_select(0, idx), old_v = all_val.index_select(0, idx);
                const torch::Tensor clipped = old_v + torch::clamp(values - old_v, -o.clip_range, o.clip_range);
                const torch::Tensor value_loss = 0.5 * torch::max((values - ret).pow(2), (clipped - ret).pow(2)).mean();
                const torch::Tensor mean_entropy = entropy.mean();
                const torch::Tensor loss = policy_loss - o.entropy_coef * mean_entropy + o.value_coef * value_loss;
                loss.backward();
                step_optimizer();
                double clipped_share = 0;
                {
                    torch::NoGradGuard no_grad;
                    clipped_share = ((ratio - 1).abs() > o.clip_range).to(torch::kFloat32).mean().item<double>();
                }
                record(policy_loss.item<double>(), value_loss.item<double>(), mean_entropy.item<double>(), clipped_share);
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
    ScheduleEnvironment env(*s_->table, s_->objective, s_->o.window, s_->o.state_scale, s_->shared_scale);
    std::vector<float> state(static_cast<std::size_t>(env.state_size()));
    std::vector<std::uint8_t> mask(static_cast<std::size_t>(env.cores()));
    while (!env.done()) {
        env.observe(state.data());
        const torch::Tensor logits = s_->act_logits(state, 1);
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
        ScheduleAgent agent(*problem.table, problem.objective, options, problem.seed);
        agent.train(evaluator, log, log_every);
    }
    return evaluator.finish();
}

}  // namespace mapscape::rl
