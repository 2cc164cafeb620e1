// The actor-critic baselines of MAGMA's Table IV on its scheduling environment
// (rl/schedule_environment.hpp), as stable-baselines 2 runs them there:
//  * A2C (Mnih et al. 2016): n-step returns, loss = policy gradient - 0.01 entropy + 0.25 value
//    error, gradient clipped to norm 0.5, RMSProp at 0.0007 (decay 0.99, epsilon 1e-5);
//  * PPO2 (Schulman et al. 2017): GAE (lambda 0.95), clipped surrogate and clipped value loss
//    (range 0.2), loss = -surrogate - 0.01 entropy + 0.5 value error, 4 epochs of 4 minibatches
//    per rollout, advantages normalised per minibatch, gradient clipped to 0.5, Adam at 0.00025;
// with the paper's networks (separate policy and value MLPs of 3 x 128, tanh), discount 0.99, a
// two-part categorical policy (window slot, core) and reward normalisation.
//
// One episode builds one schedule, which the evaluator counts as one sample (MAGMA's budget
// accounting for every method), so 10,000 samples of a 100-job group are a million steps. To run
// them in seconds, `environments` episodes step in lockstep and share each network call; the
// stable-baselines defaults for one environment (A2C 5 steps, PPO2 128 steps per update) then
// apply per environment. Deterministic for a seed: sampling, initial weights and minibatch order
// come from the agent's own generator, and libtorch runs on one thread.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <stop_token>
#include <vector>

#include "rl/rng.hpp"
#include "rl/schedule_environment.hpp"
#include "schedule/schedule_search.hpp"

namespace mapscape::rl {

enum class ActorCriticMethod { A2C, PPO2 };

struct ActorCriticOptions {
    ActorCriticMethod method = ActorCriticMethod::A2C;
    std::vector<int> hidden = {128, 128, 128};  // each of the policy and the value network
    double gamma = 0.99;
    double learning_rate = 0;    // 0: the paper's (A2C 0.0007, PPO2 0.00025)
    double entropy_coef = 0.01;
    double value_coef = 0;       // 0: stable-baselines' (A2C 0.25, PPO2 0.5)
    double max_grad_norm = 0.5;
    int environments = 0;        // episodes stepping together; 0: 32
    int steps = 0;               // steps per environment per rollout; 0: A2C 5, PPO2 128
    // PPO2
    double clip_range = 0.2;
    double gae_lambda = 0.95;
    int minibatches = 4;
    int epochs = 4;
    // A2C's RMSProp and PPO2's Adam
    double rmsprop_decay = 0.99, rmsprop_epsilon = 1e-5, adam_epsilon = 1e-5;
    bool normalise_rewards = true;
    int window = 5;
    // Beyond MAGMA's environment, for investigating the agents: the state's scaling, and the
    // weight of the final objective against the step rewards (MAGMA's: 1).
    StateScale state_scale = StateScale::ZScore;
    double final_reward_weight = 1;
    // The jobs' bandwidth asks and the cores' bandwidth use in the state, over the system
    // bandwidth (schedule_environment.hpp); `system_bytes_per_cycle` 0: the problem's.
    bool bandwidth_in_state = false;
    double system_bytes_per_cycle = 0;
};

// The defaults filled in (learning rate, value coefficient, environments, steps).
ActorCriticOptions resolved(ActorCriticOptions options);

// One line of the training log: the mean over the updates since the previous line.
struct TrainingRecord {
    std::int64_t update = 0;       // updates so far
    std::int64_t samples = 0;      // schedules evaluated so far
    double policy_loss = 0;        // A2C: -mean(advantage x log p); PPO2: the clipped surrogate, negated
    double value_loss = 0;         // mean squared error of the value (PPO2: clipped, halved)
    double entropy = 0;            // of the policy, nats per step
    double clip_fraction = 0;      // PPO2: share of steps whose ratio was clipped
    double mean_objective = 0;     // of the episodes finished since the previous line
    double best_objective = 0;     // of every episode so far
};
using TrainingLog = std::function<void(const TrainingRecord&)>;

class ScheduleAgent {
public:
    ScheduleAgent(const JobTable& table, ScheduleObjective objective, const ActorCriticOptions& options, std::uint64_t seed);
    ~ScheduleAgent();
    ScheduleAgent(const ScheduleAgent&) = delete;
    ScheduleAgent& operator=(const ScheduleAgent&) = delete;

    // Trains on episodes until the evaluator's budget is spent or it is stopped; every episode's
    // schedule goes through the evaluator (one sample each). `log` (may be empty) gets a record
    // every `log_every` updates.
    void train(ScheduleEvaluator& evaluator, const TrainingLog& log = {}, int log_every = 100);
    // One episode of the current policy, evaluated by nobody: sampled, or the most likely action
    // at each step when `greedy`.
    Assignment rollout(bool greedy, Rng& rng);
    std::int64_t updates() const;

private:
    struct State;
    std::unique_ptr<State> s_;
};

// A2C or PPO2 as a schedule search (MAGMA's sample accounting, best schedule kept, convergence
// trace, events to the sink).
ScheduleResult run_actor_critic_schedule(const ScheduleProblem& problem, const ActorCriticOptions& options, ScheduleSink* sink = nullptr,
                                         std::stop_token stop = {}, const TrainingLog& log = {}, int log_every = 100);

}  // namespace mapscape::rl
