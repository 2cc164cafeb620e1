// `mapscape-cli rl`: the reinforcement-learning baselines beyond the searches every command runs.
// `schedule` trains A2C or PPO2 on one group of a task mix and prints its training curves
// (losses, entropy, the episodes' makespans) every few updates; `search` does the same for DDPG
// on one of Mind Mappings' Table 1 layers; `bench` times one search of each against MAGMA's and
// GAMMA's on the same problems (seconds and microseconds per sample).
#include <time.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>

#include "arch/presets.hpp"
#include "cli/commands.hpp"
#include "cli/option_checks.hpp"
#include "cost/bounds.hpp"
#include "rl/actor_critic.hpp"
#include "rl/ddpg_search.hpp"
#include "rl/registration.hpp"
#include "schedule/magma.hpp"
#include "schedule/workload_schedule.hpp"
#include "search/gamma.hpp"
#include "surrogate/dataset.hpp"
#include "surrogate/paper_comparison.hpp"
#include "util/diagnostic.hpp"

namespace mapscape::cli {

namespace {

// CPU seconds of this process so far: the machine's other load does not count, unlike wall time.
double cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

struct RlOptions {
    // schedule
    std::string algo = "a2c";
    std::string mix = "mix";
    std::string setting = "S2";
    double bw = 16;
    int group = 1;
    int group_size = 100;
    std::int64_t budget = 0;  // 0: 10,000 (schedule), 1,000 (search)
    std::uint64_t seed = 1;
    int log_every = 0;        // 0: about 20 lines
    int environments = 0, steps = 0, epochs = 0;
    double learning_rate = 0;
    bool no_reward_normalisation = false;
    std::string state = "zscore";
    double final_reward_weight = 1;
    // search
    int layer = 1;
    std::int64_t mapping_budget = 1000;  // rl bench: samples of each mapping search
    int episode_length = 0, warmup = -1;
    double discount = -1;
};

// One group of a task mix, its jobs in gene order (by best no-stall latency, as the workload
// scheduler orders them), and its job table.
struct Group {
    Platform platform;
    std::vector<Job> jobs;
    JobTable table;
    double bytes_per_cycle = 0;
};

Group load_group(const RlOptions& o) {
    if (!(o.bw > 0)) throw InputError({"--bw", 0, 0}, "the system bandwidth must be positive");
    Group g;
    g.platform = load_platform_setting(o.setting);
    const auto groups = split_groups(build_jobs(load_task_mix(o.mix)), o.group_size);
    if (o.group < 1 || o.group > static_cast<int>(groups.size()))
        throw InputError({"--group", 0, 0}, "group " + std::to_string(o.group) + " does not exist (the mix has " + std::to_string(groups.size()) +
                                                 " groups of up to " + std::to_string(o.group_size) + " jobs)");
    std::vector<Job> jobs = groups[static_cast<std::size_t>(o.group - 1)];
    const JobTable unsorted = analyze_jobs(jobs, g.platform);
    std::vector<int> order(jobs.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    auto best = [&](int j) {
        double b = std::numeric_limits<double>::infinity();
        for (int c = 0; c < unsorted.cores(); ++c) b = std::min(b, unsorted.latency(j, c));
        return b;
    };
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return best(a) < best(b); });
    for (int i : order) g.jobs.push_back(jobs[static_cast<std::size_t>(i)]);
    g.table = analyze_jobs(g.jobs, g.platform);
    g.bytes_per_cycle = g.platform.bytes_per_cycle(o.bw);
    return g;
}

rl::ActorCriticOptions actor_critic_options(const RlOptions& o) {
    rl::ActorCriticOptions a;
    if (o.algo == "a2c")
        a.method = rl::ActorCriticMethod::A2C;
    else if (o.algo == "ppo2")
        a.method = rl::ActorCriticMethod::PPO2;
    else
        throw InputError({"--algo", 0, 0}, "rl schedule trains a2c or ppo2, not \"" + o.algo + "\"");
    a.environments = o.environments;
    a.steps = o.steps;
    if (o.epochs > 0) a.epochs = o.epochs;
    a.learning_rate = o.learning_rate;
    a.normalise_rewards = !o.no_reward_normalisation;
    if (o.state == "zscore")
        a.state_scale = rl::StateScale::ZScore;
    else if (o.state == "shared")
        a.state_scale = rl::StateScale::Shared;
    else if (o.state == "with-bandwidth")
        a.bandwidth_in_state = true;  // MAGMA's z-scored state, the bandwidth part added
    else
        throw InputError({"--state", 0, 0},
                         "the state is \"zscore\" (MAGMA's), \"shared\" or \"with-bandwidth\", not \"" + o.state + "\"");
    a.final_reward_weight = o.final_reward_weight;
    return rl::resolved(a);
}

ScheduleProblem schedule_problem(const Group& g, std::int64_t budget, std::uint64_t seed) {
    ScheduleProblem p;
    p.table = &g.table;
    p.system_bytes_per_cycle = g.bytes_per_cycle;
    p.budget = budget;
    p.seed = seed;
    return p;
}

int run_rl_schedule(const RlOptions& o) {
    const Group g = load_group(o);
    const rl::ActorCriticOptions a = actor_critic_options(o);
    const std::int64_t budget = o.budget > 0 ? o.budget : 10000;
    const double bound = makespan_lower_bound(g.table, g.bytes_per_cycle);
    std::printf("%s on %s group %d (%d jobs) of %s at %.4g GB/s: %lld schedules (episodes), seed %llu\n", o.algo.c_str(), g.platform.name.c_str(),
                o.group, g.table.jobs(), o.mix.c_str(), o.bw, static_cast<long long>(budget), static_cast<unsigned long long>(o.seed));
    std::printf("  %d environments x %d steps per rollout, learning rate %g, entropy %g, value %g, reward normalisation %s, state %s, "
                "final reward x%g",
                a.environments, a.steps, a.learning_rate, a.entropy_coef, a.value_coef, a.normalise_rewards ? "on" : "off", o.state.c_str(),
                a.final_reward_weight);
    if (a.method == rl::ActorCriticMethod::PPO2) std::printf(", %d epochs x %d minibatches, clip %g", a.epochs, a.minibatches, a.clip_range);
    std::printf("\n  makespan lower bound %.0f cycles\n", bound);
    const std::int64_t steps_per_update = static_cast<std::int64_t>(a.environments) * a.steps;
    const std::int64_t updates = budget * g.table.jobs() / std::max<std::int64_t>(1, steps_per_update) *
                                 (a.method == rl::ActorCriticMethod::PPO2 ? a.epochs * a.minibatches : 1);
    const int every = o.log_every > 0 ? o.log_every : static_cast<int>(std::max<std::int64_t>(1, updates / 20));
    std::printf("%8s %8s %13s %12s %9s %9s %16s %16s\n", "update", "samples", "policy_loss", "value_loss", "entropy", "clipped", "mean_makespan",
                "best/bound");
    const auto log = [&](const rl::TrainingRecord& r) {
        std::printf("%8lld %8lld %13.5f %12.5f %9.4f %9.4f %16.0f %16.4f\n", static_cast<long long>(r.update), static_cast<long long>(r.samples),
                    r.policy_loss, r.value_loss, r.entropy, r.clip_fraction, r.mean_objective, r.best_objective / bound);
        std::fflush(stdout);
    };
    const double cpu_start = cpu_seconds();
    const ScheduleProblem problem = schedule_problem(g, budget, o.seed);
    ScheduleEvaluator evaluator(problem);
    rl::ActorCriticOptions with_bandwidth = a;
    with_bandwidth.system_bytes_per_cycle = problem.system_bytes_per_cycle;
    rl::ScheduleAgent agent(g.table, problem.objective, with_bandwidth, problem.seed);
    agent.train(evaluator, log, every);
    const ScheduleResult r = evaluator.finish();
    const double cpu = cpu_seconds() - cpu_start;
    {
        // The trained policy itself (not counted as samples): its most likely action at every step.
        rl::Rng rng(o.seed);
        BandwidthAllocator allocator(g.table, g.bytes_per_cycle);
        const double greedy = allocator.makespan(queues_of(agent.rollout(true, rng), g.table.cores()));
        std::printf("the trained policy's most likely schedule: makespan %.0f cycles (%.4f x the bound)\n", greedy, greedy / bound);
    }
    std::printf("best makespan %.0f cycles (%.4f x the bound) after %lld samples in %.2f s, %.2f s of CPU (%.1f us of CPU per sample)\n", r.makespan,
                r.makespan / bound, static_cast<long long>(r.samples), r.wall_seconds, cpu, 1e6 * cpu / std::max<std::int64_t>(1, r.samples));
    return r.found ? kExitOk : kExitProblem;
}

rl::DdpgSearchOptions ddpg_options(const RlOptions& o) {
    rl::DdpgSearchOptions d;
    if (o.episode_length > 0) d.episode_length = o.episode_length;
    if (o.warmup >= 0) d.warmup_episodes = o.warmup;
    if (o.discount >= 0) d.agent.discount = o.discount;
    return d;
}

SearchProblem table_layer_problem(int layer, std::int64_t budget, std::uint64_t seed) {
    const std::vector<Layer> layers = mind_mappings_layers();
    if (layer < 1 || layer > static_cast<int>(layers.size()))
        throw InputError({"--layer", 0, 0}, "Mind Mappings' Table 1 has layers 1 to " + std::to_string(layers.size()));
    SearchProblem p = surrogate_problem(layers[static_cast<std::size_t>(layer - 1)], load_platform("mindmappings"));
    p.budget.samples = budget;
    p.seed = seed;
    return p;
}

int run_rl_search(const RlOptions& o) {
    const std::int64_t budget = o.budget > 0 ? o.budget : 1000;
    const SearchProblem p = table_layer_problem(o.layer, budget, o.seed);
    const rl::DdpgSearchOptions d = ddpg_options(o);
    const double minimum = algorithmic_minimum(p.layer, p.accelerator).edp();
    std::printf("ddpg on %s (Mind Mappings' Table 1) on %s, EDP: %lld samples, seed %llu; episodes of %d steps, %d warm-up episodes, discount %g\n",
                p.layer.name.c_str(), p.accelerator.name.c_str(), static_cast<long long>(budget), static_cast<unsigned long long>(o.seed),
                d.episode_length, d.warmup_episodes, d.agent.discount);
    const int every = o.log_every > 0 ? o.log_every : static_cast<int>(std::max<std::int64_t>(1, budget / 10));
    std::printf("%8s %8s %12s %12s %8s %18s %18s\n", "samples", "updates", "critic_loss", "actor_loss", "noise", "mean ln(EDP/bound)",
                "best ln(EDP/bound)");
    const auto log = [](const rl::DdpgRecord& r) {
        std::printf("%8lld %8lld %12.5f %12.5f %8.4f %18.4f %18.4f\n", static_cast<long long>(r.samples), static_cast<long long>(r.updates),
                    r.critic_loss, r.actor_loss, r.noise, r.mean_log_ratio, r.best_log_ratio);
        std::fflush(stdout);
    };
    const double cpu_start = cpu_seconds();
    const SearchResult r = rl::run_ddpg(p, d, nullptr, {}, log, every);
    const double cpu = cpu_seconds() - cpu_start;
    std::printf("best EDP %.5g (%.3f x the algorithmic minimum) after %lld samples (%lld valid) in %.2f s, %.2f s of CPU (%.1f us of CPU per sample)\n",
                r.best_objective, r.best_objective / minimum, static_cast<long long>(r.samples), static_cast<long long>(r.valid_samples), r.wall_seconds,
                cpu, 1e6 * cpu / std::max<std::int64_t>(1, r.samples));
    return r.found ? kExitOk : kExitProblem;
}

int run_rl_bench(const RlOptions& o) {
    const Group g = load_group(o);
    const std::int64_t schedule_budget = o.budget > 0 ? o.budget : 10000;
    const double bound = makespan_lower_bound(g.table, g.bytes_per_cycle);
    std::printf("one search each, seed %llu, one thread; per-sample cost = the search's CPU time / samples (wall time\n"
                "counts the machine's other load too)\n\n", static_cast<unsigned long long>(o.seed));
    std::printf("scheduling %s group %d (%d jobs) on %s at %.4g GB/s, %lld samples:\n", o.mix.c_str(), o.group, g.table.jobs(), g.platform.name.c_str(),
                o.bw, static_cast<long long>(schedule_budget));
    std::printf("| algorithm | wall s | CPU s | us of CPU per sample | best makespan / bound |\n|---|---:|---:|---:|---:|\n");
    auto schedule_row = [&](const char* name, auto&& run) {
        const double start = cpu_seconds();
        const ScheduleResult r = run();
        const double cpu = cpu_seconds() - start;
        std::printf("| %s | %.2f | %.2f | %.1f | %.4f |\n", name, r.wall_seconds, cpu, 1e6 * cpu / std::max<std::int64_t>(1, r.samples), r.makespan / bound);
        std::fflush(stdout);
    };
    for (const char* algo : {"a2c", "ppo2"}) {
        RlOptions with = o;
        with.algo = algo;
        schedule_row(algo, [&] { return rl::run_actor_critic_schedule(schedule_problem(g, schedule_budget, o.seed), actor_critic_options(with)); });
    }
    schedule_row("magma", [&] { return run_magma(schedule_problem(g, schedule_budget, o.seed)); });

    const std::int64_t search_budget = o.mapping_budget;
    SearchProblem p = table_layer_problem(o.layer, search_budget, o.seed);
    const double minimum = algorithmic_minimum(p.layer, p.accelerator).edp();
    std::printf("\nmapping search of %s on %s (EDP), %lld samples:\n", p.layer.name.c_str(), p.accelerator.name.c_str(), static_cast<long long>(search_budget));
    std::printf("| algorithm | wall s | CPU s | us of CPU per sample | best EDP / algorithmic minimum |\n|---|---:|---:|---:|---:|\n");
    auto search_row = [&](const char* name, auto&& run) {
        const double start = cpu_seconds();
        const SearchResult r = run();
        const double cpu = cpu_seconds() - start;
        std::printf("| %s | %.3f | %.3f | %.1f | %.3f |\n", name, r.wall_seconds, cpu, 1e6 * cpu / std::max<std::int64_t>(1, r.samples),
                    r.best_objective / minimum);
        std::fflush(stdout);
    };
    search_row("ddpg", [&] { return rl::run_ddpg(p, ddpg_options(o)); });
    search_row("gamma", [&] { return run_gamma(p, {}); });
    return kExitOk;
}

}  // namespace

void add_rl_command(CLI::App& app, int& exit_code) {
    rl::register_rl_algorithms();
    auto o = std::make_shared<RlOptions>();
    CLI::App* c = app.add_subcommand("rl", "the reinforcement-learning baselines (A2C, PPO2, DDPG): training curves and speed");
    c->require_subcommand(1);
    auto add_group = [o](CLI::App* s) {
        s->add_option("--mix", o->mix, "task mix: vision, language, recommendation, mix, or a mix file")->capture_default_str();
        s->add_option("--setting", o->setting, "platform: S1..S6 or a platform file")->capture_default_str();
        s->add_option("--bw", o->bw, "system bandwidth in GB/s")->capture_default_str()->check(positive_amount("GB/s"));
        s->add_option("--group", o->group, "the group of the mix (1-based)")->capture_default_str()->check(positive_count("group"));
        s->add_option("--group-size", o->group_size, "jobs per group")->capture_default_str()->check(count_in_range(1, 100000, "jobs"));
        s->add_option("--seed", o->seed, "seed")->capture_default_str()->check(seed_value());
    };
    CLI::App* schedule = c->add_subcommand("schedule", "train A2C or PPO2 on one group and print the training curves");
    schedule->add_option("--algo", o->algo, "a2c or ppo2")->capture_default_str();
    add_group(schedule);
    schedule->add_option("--budget", o->budget, "schedules to evaluate (episodes; default 10000)")->check(positive_count("samples"));
    schedule->add_option("--log-every", o->log_every, "updates per printed line (default: about 20 lines)")->check(positive_count("updates"));
    schedule->add_option("--environments", o->environments, "episodes stepping together (default 32)")->check(positive_count("environments"));
    schedule->add_option("--steps", o->steps, "steps per environment per rollout (default: A2C 5, PPO2 128)")->check(positive_count("steps"));
    schedule->add_option("--epochs", o->epochs, "PPO2: epochs per rollout (default 4)")->check(positive_count("epochs"));
    schedule->add_option("--learning-rate", o->learning_rate, "default: the paper's (A2C 0.0007, PPO2 0.00025)")->check(positive_amount("per step"));
    schedule->add_flag("--no-reward-normalisation", o->no_reward_normalisation, "raw rewards (MAGMA's runs normalise them)");
    schedule->add_option("--state", o->state,
                         "zscore (MAGMA's: the window's latencies and the cores' loads z-scored apart), shared (both over the group's "
                         "makespan bound, so jobs and loads compare) or with-bandwidth (zscore plus each window job's bandwidth ask and "
                         "each core's bandwidth use, over the system bandwidth)")
        ->capture_default_str();
    schedule->add_option("--final-reward-weight", o->final_reward_weight, "weight of the episode's -makespan against the step rewards (MAGMA's: 1)")
        ->capture_default_str()
        ->check(amount_in_range(0, 1e6, "weight"));
    schedule->callback([o, &exit_code] { exit_code = run_rl_schedule(*o); });

    CLI::App* search = c->add_subcommand("search", "run DDPG on one of Mind Mappings' Table 1 layers and print the training curves");
    search->add_option("--layer", o->layer, "Table 1 layer, 1-6 (ResNet Conv_3, ResNet Conv_4, Inception Conv_2, VGG Conv_2, AlexNet Conv_2, AlexNet Conv_4)")
        ->capture_default_str()->check(count_in_range(1, 6, "Table 1 layer"));
    search->add_option("--budget", o->budget, "cost-model queries (default 1000)")->check(positive_count("samples"));
    search->add_option("--seed", o->seed, "seed")->capture_default_str()->check(seed_value());
    search->add_option("--log-every", o->log_every, "samples per printed line (default: 10 lines)")->check(positive_count("samples"));
    search->add_option("--episode-length", o->episode_length, "moves per episode (default 5)")->check(positive_count("moves"));
    search->add_option("--warmup", o->warmup, "episodes of random actions first (default 20)")->check(count_or_zero("episodes", "none"));
    search->add_option("--discount", o->discount, "discount of later steps' costs (default 0.9)")->check(amount_in_range(0.0, 1.0, "per step"));
    search->callback([o, &exit_code] { exit_code = run_rl_search(*o); });

    CLI::App* bench = c->add_subcommand("bench", "time A2C, PPO2 and MAGMA on one group, DDPG and GAMMA on one layer (per-sample cost)");
    add_group(bench);
    bench->add_option("--budget", o->budget, "schedules per scheduling search (default 10000)")->check(positive_count("samples"));
    bench->add_option("--layer", o->layer, "Mind Mappings' Table 1 layer for the mapping searches (1-6)")->capture_default_str()->check(count_in_range(1, 6, "Table 1 layer"));
    bench->add_option("--mapping-budget", o->mapping_budget, "cost-model queries per mapping search (DDPG, GAMMA)")->capture_default_str()->check(positive_count("samples"));
    bench->callback([o, &exit_code] { exit_code = run_rl_bench(*o); });
}

}  // namespace mapscape::cli
