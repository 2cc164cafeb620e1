// The reinforcement-learning baselines: their building blocks on hand-computed numbers (the
// optimizers, reward normalisation, MAGMA's environment), that each agent learns (A2C, PPO2 and
// DDPG each beat a random policy of the same environment by a margin after a short, seeded
// training), that the hand-written passes the actor-critic agents use agree with libtorch's
// autograd, that a seed gives the same result, and that the algorithms are registered and keep
// the budget accounting of every other search.
// libtorch first: Qt's "slots" macro would break its headers.
#include "rl/actor_critic.hpp"
#include "rl/ddpg_search.hpp"
#ifndef Q_MOC_RUN  // moc needs none of libtorch: without this it scans all its headers
#include "rl/mlp_pass.hpp"
#include "rl/optimizers.hpp"
#endif
#include "rl/reward_normaliser.hpp"
#include "rl/row_major_gemm.hpp"

#include <QtTest>

#include <cmath>
#include <numeric>

#include "arch/presets.hpp"
#include "rl/registration.hpp"
#include "schedule/schedule_algorithm.hpp"
#include "search/algorithm.hpp"
#include "surrogate/dataset.hpp"
#include "test_support.hpp"

using namespace mapscape;

namespace {

// 24 jobs on 3 cores of different speeds (core 1 twice and core 2 four times as slow as core 0)
// and ample bandwidth: a random policy piles jobs on the slow cores, a learned one balances the
// cores' finish times by their speed.
JobTable speed_table() {
    const int jobs = 24, cores = 3;
    std::vector<double> latency, bandwidth, energy;
    for (int j = 0; j < jobs; ++j) {
        const double base = 1000.0 * (1 + (j * 7) % 5);
        for (int c = 0; c < cores; ++c) {
            latency.push_back(base * (1 << c));
            bandwidth.push_back(1.0);
            energy.push_back(1.0);
        }
    }
    return JobTable::from_numbers(jobs, cores, latency, bandwidth, energy, std::vector<std::int64_t>(jobs, 1000));
}

ScheduleProblem problem_of(const JobTable& t, std::int64_t budget, std::uint64_t seed) {
    ScheduleProblem p;
    p.table = &t;
    p.system_bytes_per_cycle = 1000;  // never the bottleneck
    p.budget = budget;
    p.seed = seed;
    return p;
}

double makespan(const JobTable& t, const Assignment& a) {
    BandwidthAllocator allocator(t, 1000);
    return allocator.makespan(queues_of(a, t.cores()));
}

// Mean makespan of a uniformly random policy (slot and core drawn uniformly at every step).
double random_policy_makespan(const JobTable& t, int episodes) {
    rl::Rng rng(7);
    double sum = 0;
    for (int e = 0; e < episodes; ++e) {
        rl::ScheduleEnvironment env(t, ScheduleObjective::Makespan);
        while (!env.done())
            env.step(static_cast<int>(std::uniform_int_distribution<int>(0, env.window() - 1)(rng)),
                     static_cast<int>(std::uniform_int_distribution<int>(0, env.cores() - 1)(rng)));
        sum += makespan(t, env.assignment());
    }
    return sum / episodes;
}

// Trains an agent and returns (its sampled policy's mean makespan, its greedy policy's).
std::pair<double, double> trained_makespans(const JobTable& t, rl::ActorCriticMethod method, std::int64_t budget) {
    rl::ActorCriticOptions o;
    o.method = method;
    rl::ScheduleAgent agent(t, ScheduleObjective::Makespan, o, 3);
    ScheduleEvaluator evaluator(problem_of(t, budget, 3));
    agent.train(evaluator);
    rl::Rng rng(11);
    double sampled = 0;
    for (int e = 0; e < 50; ++e) sampled += makespan(t, agent.rollout(false, rng));
    return {sampled / 50, makespan(t, agent.rollout(true, rng))};
}

SearchProblem small_layer_problem(std::int64_t budget, std::uint64_t seed) {
    SearchProblem p = surrogate_problem(Layer::conv("small", 64, 32, 3, 3, 30, 30, 1, 4), load_platform("mindmappings"));
    p.budget.samples = budget;
    p.seed = seed;
    return p;
}

}  // namespace

class RlTest : public QObject {
    Q_OBJECT

private slots:
    void rmsprop_and_adam_take_their_documented_steps() {
        torch::Tensor p = torch::tensor({1.0f, -2.0f});
        rl::RmsProp rms(p, torch::tensor({0.5f, -1.0f}), 0.1, 0.9, 1e-5);
        rms.step();
        // TensorFlow's: ms = 0.9 * 1 + 0.1 g^2; p -= lr g / sqrt(ms + eps)
        const double ms0 = 0.9 + 0.1 * 0.25, ms1 = 0.9 + 0.1 * 1.0;
        QVERIFY(std::abs(p[0].item<double>() - (1.0 - 0.1 * 0.5 / std::sqrt(ms0 + 1e-5))) < 1e-6);
        QVERIFY(std::abs(p[1].item<double>() - (-2.0 + 0.1 * 1.0 / std::sqrt(ms1 + 1e-5))) < 1e-6);

        torch::Tensor q = torch::tensor({1.0f});
        rl::Adam adam(q, torch::tensor({2.0f}), 0.01);
        adam.step();  // first step: m^ = g, v^ = g^2, so q -= lr * g / (|g| + eps) = lr
        QVERIFY(std::abs(q.item<double>() - (1.0 - 0.01 * 2.0 / (2.0 + 1e-8))) < 1e-6);

        torch::Tensor g = torch::tensor({3.0f, 4.0f});
        QCOMPARE(rl::clip_gradient_norm(g, 0.5), 5.0);
        QVERIFY(std::abs(g.norm().item<double>() - 0.5) < 1e-6);
    }

    void hand_written_passes_agree_with_autograd() {
        // row_major_gemm: every transpose combination against torch::mm.
        rl::Rng rng(7);
        std::normal_distribution<double> normal(0.0, 1.0);
        auto random = [&](std::int64_t rows, std::int64_t cols) {
            std::vector<float> v(static_cast<std::size_t>(rows * cols));
            for (float& x : v) x = static_cast<float>(normal(rng));
            return torch::from_blob(v.data(), {rows, cols}, torch::kFloat32).clone();
        };
        for (const bool ta : {false, true})
            for (const bool tb : {false, true}) {
                const torch::Tensor a = random(ta ? 7 : 5, ta ? 5 : 7), b = random(tb ? 3 : 7, tb ? 7 : 3);
                torch::Tensor c = torch::full({5, 3}, 2.0f);
                rl::row_major_gemm(ta, tb, 5, 3, 7, 1.0f, a.data_ptr<float>(), a.size(1), b.data_ptr<float>(), b.size(1), 0.5f,
                                   c.data_ptr<float>(), 3);
                const torch::Tensor expected = torch::mm(ta ? a.t() : a, tb ? b.t() : b) + 1.0f;
                QVERIFY2(torch::allclose(c, expected, 1e-5, 1e-5), "row_major_gemm");
            }
        // MlpPass: the same outputs and parameter gradients as Mlp::forward and backward().
        for (const rl::Activation activation : {rl::Activation::Tanh, rl::Activation::Relu}) {
            rl::Mlp net(6, {16, 16}, 4, activation);
            const torch::Tensor flat = torch::zeros({net.parameter_count()}), gradient = torch::zeros_like(flat);
            net.bind(flat, gradient, 0);
            net.init_orthogonal(rng, std::sqrt(2.0), 1.0);
            const torch::Tensor x = random(9, 6), d_output = random(9, 4);
            const torch::Tensor expected_output = net.forward(x);
            (expected_output * d_output).sum().backward();
            const torch::Tensor expected_gradient = gradient.clone();
            gradient.zero_();
            rl::MlpPass pass(net);
            // Rows computed in two parts, as the agents compute a rollout while acting.
            pass.forward_rows(x.narrow(0, 0, 4).contiguous(), 9, 0);
            pass.forward_rows(x.narrow(0, 4, 5).contiguous(), 9, 4);
            pass.set_input(x);
            QVERIFY2(torch::allclose(pass.output(), expected_output.detach(), 1e-5, 1e-5), "forward");
            pass.backward(d_output);
            QVERIFY2(torch::allclose(gradient, expected_gradient, 1e-4, 1e-5), "backward");
        }
    }

    void reward_normaliser_divides_by_the_returns_deviation() {
        rl::RewardNormaliser n(2, 0.5, 10.0, 0.0);
        std::vector<double> r{4.0, -4.0};
        n.normalise(r, {0, 1});
        // Returns (4, -4) join the prior (mean 0, variance 1, count 1e-4): variance ~ 16.
        const double variance = (1 * 1e-4 + 16 * 2) / (2 + 1e-4);
        QVERIFY(std::abs(r[0] - 4 / std::sqrt(variance)) < 1e-9);
        QVERIFY(std::abs(r[1] + 4 / std::sqrt(variance)) < 1e-9);
        // The first environment's return is discounted (4 * 0.5 + 2 = 4), the second's restarted (2).
        std::vector<double> next{2.0, 2.0};
        n.normalise(next, {0, 0});
        QVERIFY(next[0] > 0 && std::abs(next[0] - next[1]) < 1e-12);

        // After 400 returns of 1, a return of 1000 is far beyond 10 deviations: clipped to 10.
        rl::RewardNormaliser one(1, 0.99);
        for (int i = 0; i < 400; ++i) {
            std::vector<double> unit{1.0};
            one.normalise(unit, {1});
        }
        std::vector<double> big{1000.0};
        one.normalise(big, {1});
        QCOMPARE(big[0], 10.0);
    }

    void environment_follows_magmas_code() {
        // 7 jobs, 2 cores; window 5.
        std::vector<double> latency{10, 20, 30, 60, 50, 50, 40, 20, 5, 5, 6, 6, 7, 7};
        const JobTable t = JobTable::from_numbers(7, 2, latency, std::vector<double>(14, 1.0), std::vector<double>(14, 1.0),
                                                  std::vector<std::int64_t>(7, 1));
        rl::ScheduleEnvironment env(t, ScheduleObjective::Makespan, 5);
        QCOMPARE(env.state_size(), 12);
        std::vector<float> s(12);
        env.observe(s.data());
        // Slots hold jobs 0-4: their latencies z-scored together; core times all 0: left as is.
        double mean = 0;
        for (int i = 0; i < 10; ++i) mean += s[static_cast<std::size_t>(i)];
        QVERIFY(std::abs(mean) < 1e-5);
        QCOMPARE(s[10], 0.0f);
        QCOMPARE(s[11], 0.0f);
        // Job in slot 1 (job 1) to core 1: reward -60; job 5 enters the window at its end.
        QCOMPARE(env.step(1, 1), -60.0);
        QCOMPARE(env.step(0, 0), -10.0);  // job 0 to core 0
        env.observe(s.data());
        QVERIFY(s[11] > s[10]);           // core 1 is the busier
        // The window is [2 3 4 5 6] and no job is left to enter it; place three more.
        QCOMPARE(env.step(0, 0), -60.0);  // job 2 to core 0: 10 + 50
        QCOMPARE(env.step(0, 1), -80.0);  // job 3 to core 1: 60 + 20
        QCOMPARE(env.step(2, 0), -67.0);  // window [4 5 6]: job 6 to core 0: 60 + 7
        QVERIFY(!env.done());
        // Window [4 5]: slot 3 is empty, so both go to the least-loaded core and the episode ends:
        // job 4 to core 0 (67 < 80; then 72), job 5 to core 0 (72 < 80; then 78).
        QCOMPARE(env.step(3, 1), -72.0 * 0.99 - 78.0);
        QVERIFY(env.done());
        const Assignment& a = env.assignment();
        QCOMPARE(a.core, (std::vector<int>{0, 1, 0, 1, 0, 0, 0}));
        QCOMPARE(a.priority[1], 0.0);        // placed first
        QCOMPARE(a.priority[0], 1.0 / 7.0);  // placed second
        QCOMPARE(a.priority[5], 6.0 / 7.0);  // placed last

        // The shared scale (an option for investigations): every latency over one number.
        rl::ScheduleEnvironment shared(t, ScheduleObjective::Makespan, 5, rl::StateScale::Shared, 10.0);
        shared.step(1, 1);  // job 1 to core 1: 60
        shared.observe(s.data());
        QCOMPARE(s[0], 1.0f);   // job 0 on core 0: 10 / 10
        QCOMPARE(s[7], 0.5f);   // job 4 (slot 3 of the window 0, 2, 3, 4, 5) on core 1: 5 / 10
        QCOMPARE(s[11], 6.0f);  // core 1's load: 60 / 10

        // The bandwidth part (an option for investigations): asks and use over the system's.
        std::vector<double> asks(14);
        for (std::size_t i = 0; i < asks.size(); ++i) asks[i] = static_cast<double>(i + 1);  // job j on core c asks 2j + c + 1
        const JobTable b = JobTable::from_numbers(7, 2, latency, asks, std::vector<double>(14, 1.0), std::vector<std::int64_t>(7, 1));
        rl::ScheduleEnvironment with_bandwidth(b, ScheduleObjective::Makespan, 5, rl::StateScale::ZScore, 1.0, 4.0);
        QCOMPARE(with_bandwidth.state_size(), 24);
        std::vector<float> w(24);
        with_bandwidth.step(1, 1);  // job 1 (asks 4 on core 1) to core 1 for 60 cycles
        with_bandwidth.step(0, 1);  // job 0 (asks 2 on core 1) to core 1 for 20 cycles
        with_bandwidth.observe(w.data());
        QCOMPARE(w[12], 5.0f / 4);  // slot 0 holds job 2: asks 5 on core 0, over 4
        QCOMPARE(w[13], 6.0f / 4);
        QCOMPARE(w[22], 0.0f);                           // core 0 has run nothing
        QCOMPARE(w[23], (4.0f * 60 + 2 * 20) / 80 / 4);  // core 1: its bytes over its time, over 4
    }

    void a2c_learns_to_beat_a_random_policy() {
        const JobTable t = speed_table();
        const double random = random_policy_makespan(t, 200);
        const auto [sampled, greedy] = trained_makespans(t, rl::ActorCriticMethod::A2C, 3000);
        qInfo("A2C: random policy %.0f, trained (sampled) %.0f, trained (greedy) %.0f", random, sampled, greedy);
        QVERIFY(sampled < 0.85 * random);
        QVERIFY(greedy < 0.8 * random);
    }

    void ppo2_learns_to_beat_a_random_policy() {
        const JobTable t = speed_table();
        const double random = random_policy_makespan(t, 200);
        const auto [sampled, greedy] = trained_makespans(t, rl::ActorCriticMethod::PPO2, 1500);
        qInfo("PPO2: random policy %.0f, trained (sampled) %.0f, trained (greedy) %.0f", random, sampled, greedy);
        QVERIFY(sampled < 0.85 * random);
        QVERIFY(greedy < 0.8 * random);
    }

    void ddpg_learns_to_beat_a_random_policy() {
        const SearchProblem p = small_layer_problem(400, 5);
        rl::DdpgMapper mapper(p);
        SearchDriver driver(p);
        mapper.train(driver);
        QCOMPARE(driver.samples(), 400);
        // ln(EDP) of the valid mappings the actor and a random policy move to, from the same
        // starts, by the search's own rules (the driver's validity and objective).
        rl::Rng rng(13);
        const GenomeSpace& space = mapper.environment().space().genome;
        double trained = 0, random = 0;
        int trained_valid = 0, random_valid = 0;
        const int trials = 40;
        for (int i = 0; i < trials; ++i) {
            const Genome start = random_surrogate_genome(mapper.environment().space(), rng);
            SearchDriver judge(p);
            const double a = judge.evaluate_one(decode(mapper.act(start), space));
            const double b = judge.evaluate_one(decode(mapper.random_move(rng), space));
            if (std::isfinite(a)) {
                trained += std::log(a);
                ++trained_valid;
            }
            if (std::isfinite(b)) {
                random += std::log(b);
                ++random_valid;
            }
        }
        QVERIFY(trained_valid > 0 && random_valid > 0);
        trained /= trained_valid;
        random /= random_valid;
        qInfo("DDPG: mean ln EDP random %.3f (%d/%d valid), trained %.3f (%d/%d valid)", random, random_valid, trials, trained, trained_valid, trials);
        QVERIFY(trained_valid >= random_valid);
        QVERIFY(trained < random - 1.0);  // e^1: the trained actor's mappings have under 37% of the random EDP
    }

    void a_seed_gives_the_same_result() {
        const JobTable t = speed_table();
        for (const auto method : {rl::ActorCriticMethod::A2C, rl::ActorCriticMethod::PPO2}) {
            rl::ActorCriticOptions o;
            o.method = method;
            const ScheduleResult a = rl::run_actor_critic_schedule(problem_of(t, 300, 9), o);
            const ScheduleResult b = rl::run_actor_critic_schedule(problem_of(t, 300, 9), o);
            QCOMPARE(a.best, b.best);
            QCOMPARE(a.trace, b.trace);
        }
        const SearchResult a = rl::run_ddpg(small_layer_problem(150, 2));
        const SearchResult b = rl::run_ddpg(small_layer_problem(150, 2));
        QCOMPARE(a.best_objective, b.best_objective);
        QCOMPARE(a.trace, b.trace);
    }

    void registered_like_any_other_algorithm() {
        rl::register_rl_algorithms();
        rl::register_rl_algorithms();  // idempotent
        const auto names = schedule_algorithm_names();
        QVERIFY(std::find(names.begin(), names.end(), "a2c") != names.end());
        QVERIFY(std::find(names.begin(), names.end(), "ppo2") != names.end());
        const auto searches = algorithm_names();
        QVERIFY(std::find(searches.begin(), searches.end(), "ddpg") != searches.end());
        QVERIFY(!register_schedule_algorithm("magma", [](const ScheduleProblem&, ScheduleSink*, std::stop_token) { return ScheduleResult{}; }));

        // One schedule evaluated = one sample; the trace only improves.
        const JobTable t = speed_table();
        for (const char* name : {"a2c", "ppo2"}) {
            const auto algo = parse_schedule_algorithm(name);
            QVERIFY(algo && algo->kind == ScheduleAlgorithm::Kind::External);
            QCOMPARE(algo->name(), std::string(name));
            QVERIFY(schedule_algorithm_problem(*algo).empty());
            const ScheduleResult r = run_schedule_search(problem_of(t, 250, 1), *algo);
            QVERIFY(r.found);
            MAPSCAPE_COMPARE_I64(r.samples, 250);
            for (std::size_t i = 1; i < r.trace.size(); ++i) QVERIFY(r.trace[i].second <= r.trace[i - 1].second);
            QCOMPARE(r.makespan, makespan(t, r.best));
        }
        const SearchProblem p = small_layer_problem(120, 1);
        QVERIFY(algorithm_problem(*parse_algorithm("ddpg"), p).empty());
        const SearchResult r = run_search(p, *parse_algorithm("ddpg"));
        QVERIFY(r.found);
        MAPSCAPE_COMPARE_I64(r.samples, 120);
        // A layer the encoding does not cover is refused with a reason.
        SearchProblem depthwise = p;
        depthwise.layer = Layer::depthwise("dw", 32, 3, 3, 18, 18);
        QVERIFY(!algorithm_problem(*parse_algorithm("ddpg"), depthwise).empty());
    }

    void a_stop_request_ends_training_early() {
        const JobTable t = speed_table();
        std::stop_source stop;
        stop.request_stop();
        rl::ActorCriticOptions o;
        const ScheduleResult r = rl::run_actor_critic_schedule(problem_of(t, 100000, 1), o, nullptr, stop.get_token());
        QVERIFY(r.stopped);
        QVERIFY(r.samples < 100000);
    }
};

QTEST_GUILESS_MAIN(RlTest)
#include "test_rl.moc"
