#include "surrogate/gradient_search.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>

#include "cost/evaluate.hpp"
#include "surrogate/surrogate_gradient.hpp"
#include <unordered_set>

namespace mapscape {

namespace {

constexpr double kMaxStepGrowth = 64;

struct Chain {
    Genome genome;
    double predicted = 0;  // ln objective ratio (+ overflow penalty) of genome
    double rate = 1;
    int steps_since_injection = 0;
};

class MindMappings {
public:
    MindMappings(const SearchProblem& p, const Surrogate& s, const MindMappingsOptions& o, SearchSink* sink, std::stop_token stop)
        : options_(o), space_(make_surrogate_space(p)), driver_(p, sink, std::move(stop)), rng_(p.seed),
          oracle_(s, space_, p.objective, o.overflow_penalty), temperature_(o.temperature) {}

    SearchResult run() {
        if (!space_.covered) return driver_.finish();
        torch::set_num_threads(1);
        const int n = std::max(1, options_.chains);
        chains_.resize(static_cast<std::size_t>(n));
        std::vector<Genome> start;
        for (std::size_t i = 0; i < chains_.size(); ++i) start.push_back(random_surrogate_genome(space_, rng_));
        const std::vector<double> predicted = oracle_.predict(start, nullptr);
        for (std::size_t i = 0; i < chains_.size(); ++i) chains_[i] = {start[i], predicted[i], options_.learning_rate, 0};
        while (!driver_.done()) {
            round_.clear();
            for (int step = 0; step < std::max(1, options_.steps_per_query) && !driver_.done(); ++step) descend();
            query();
        }
        return driver_.finish();
    }

private:
    // One batched gradient step of every chain (with injections where due).
    void descend() {
        std::vector<Genome> current;
        for (const Chain& c : chains_) current.push_back(c.genome);
        std::vector<MappingVector> gradients;
        const std::vector<double> predicted = oracle_.predict(current, &gradients);
        for (std::size_t i = 0; i < chains_.size(); ++i) {
            Chain& c = chains_[i];
            c.predicted = predicted[i];
            remember(c.genome, c.predicted);
            const Genome moved = project_to_genome(oracle_.step(c.genome, gradients[i], c.rate), space_);
            if (moved == c.genome) {
                c.rate = std::min(c.rate * 2, options_.learning_rate * kMaxStepGrowth);  // stuck: a longer step next time
            } else {
                c.genome = moved;
                c.rate = options_.learning_rate;
            }
            ++c.steps_since_injection;
        }
        inject();
    }

    // The paper's random injection with simulated-annealing acceptance.
    void inject() {
        std::vector<std::size_t> due;
        std::vector<Genome> proposals;
        for (std::size_t i = 0; i < chains_.size(); ++i)
            if (chains_[i].steps_since_injection >= options_.injection_interval) {
                due.push_back(i);
                proposals.push_back(random_surrogate_genome(space_, rng_));
            }
        if (due.empty()) return;
        // The chains' moved mappings and the proposals, predicted together.
        std::vector<Genome> batch = proposals;
        for (std::size_t i : due) batch.push_back(chains_[i].genome);
        const std::vector<double> predicted = oracle_.predict(batch, nullptr);
        for (std::size_t k = 0; k < due.size(); ++k) {
            Chain& c = chains_[due[k]];
            const double proposal = predicted[k], held = predicted[due.size() + k];
            remember(c.genome, held);
            remember(proposals[k], proposal);
            const double increase = proposal - held;
            const double u = std::uniform_real_distribution<double>(0, 1)(rng_);
            if (increase <= 0 || u < std::exp(-increase / std::max(temperature_, 1e-12))) {
                c.genome = proposals[k];
                c.rate = options_.learning_rate;
            }
            c.steps_since_injection = 0;
            if (++injections_ % std::max(1, options_.anneal_every) == 0) temperature_ *= options_.anneal_factor;
        }
    }

    void remember(const Genome& g, double predicted) {
        const std::uint64_t key = fingerprint(g, space_.genome);
        if (queried_.contains(key)) return;
        auto [it, fresh] = round_.try_emplace(key, predicted, g);
        if (!fresh && predicted < it->second.first) it->second.first = predicted;
    }

    // The round's most promising mappings not yet queried, one per chain, to the cost model.
    void query() {
        std::vector<std::pair<double, const Genome*>> ranked;
        for (const auto& [key, entry] : round_) ranked.emplace_back(entry.first, &entry.second);
        std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        ranked.resize(std::min(ranked.size(), chains_.size()));
        batch_.clear();
        for (const auto& [cost, genome] : ranked) {
            queried_.insert(fingerprint(*genome, space_.genome));
            batch_.push_back(decode(*genome, space_.genome));
        }
        if (batch_.empty()) {  // every mapping seen was queried: restart the chains
            for (Chain& c : chains_) c.steps_since_injection = options_.injection_interval;
            return;
        }
        driver_.evaluate(batch_, objectives_);
    }

    MindMappingsOptions options_;
    SurrogateSpace space_;
    SearchDriver driver_;
    Rng rng_;
    SurrogateGradient oracle_;
    double temperature_;
    std::int64_t injections_ = 0;
    std::vector<Chain> chains_;
    // Ordered by fingerprint so that ties and iteration are deterministic.
    std::map<std::uint64_t, std::pair<double, Genome>> round_;
    std::unordered_set<std::uint64_t> queried_;
    std::vector<Mapping> batch_;
    std::vector<double> objectives_;
};

}  // namespace

SearchResult run_mindmappings(const SearchProblem& problem, const Surrogate& surrogate, const MindMappingsOptions& options,
                              SearchSink* sink, std::stop_token stop) {
    return MindMappings(problem, surrogate, options, sink, std::move(stop)).run();
}

StepTiming time_surrogate_step(const Surrogate& surrogate, const SearchProblem& problem, int chains, double seconds) {
    torch::set_num_threads(1);
    StepTiming t;
    t.chains = chains;
    const SurrogateSpace space = make_surrogate_space(problem);
    SurrogateGradient oracle(surrogate, space, problem.objective, 2.0);
    Rng rng(problem.seed);
    std::vector<Genome> genomes;
    for (int i = 0; i < chains; ++i) genomes.push_back(random_surrogate_genome(space, rng));
    std::vector<MappingVector> gradients;
    using clock = std::chrono::steady_clock;
    auto timed = [seconds](auto&& body) {
        std::int64_t reps = 0;
        const auto start = clock::now();
        double elapsed = 0;
        do {
            body();
            ++reps;
            elapsed = std::chrono::duration<double>(clock::now() - start).count();
        } while (elapsed < seconds);
        return elapsed * 1e6 / static_cast<double>(reps);
    };
    oracle.predict(genomes, &gradients);  // warm-up
    t.step_us_per_mapping = timed([&] { oracle.predict(genomes, &gradients); }) / chains;
    Genome sink_genome;
    t.projection_us_per_mapping = timed([&] {
        for (int i = 0; i < chains; ++i)
            sink_genome = project_to_genome(oracle.step(genomes[static_cast<std::size_t>(i)], gradients[static_cast<std::size_t>(i)], 1.0), space);
    }) / chains;
    std::vector<Mapping> mappings;
    for (const Genome& g : genomes) mappings.push_back(decode(g, space.genome));
    std::size_t next = 0;
    double total_runtime = 0;
    t.query_us = timed([&] {
        for (int i = 0; i < 64; ++i)
            total_runtime += static_cast<double>(evaluate(problem.layer, problem.accelerator, mappings[next++ % mappings.size()], ReportDetail::Objectives).runtime_cycles);
    }) / 64;
    if (total_runtime < 0) t.query_us = 0;  // keeps the evaluations from being optimised away
    return t;
}

}  // namespace mapscape
