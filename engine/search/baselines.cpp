#include "search/baselines.hpp"

#include <algorithm>

#include "search/vector_objective.hpp"
#include "search/vector_optimizers.hpp"
#include "util/seed_mixing.hpp"

namespace mapscape {

namespace {

struct BaselineName {
    Baseline baseline;
    std::string_view name;
};

constexpr BaselineName kBaselineNames[] = {
    {Baseline::Random, "random"},
    {Baseline::StandardGa, "stdga"},
    {Baseline::DifferentialEvolution, "de"},
    {Baseline::OnePlusOneEs, "es11"},
    {Baseline::CmaEs, "cmaes"},
    {Baseline::Tbpsa, "tbpsa"},
    {Baseline::ParticleSwarm, "pso"},
    {Baseline::Portfolio, "portfolio"},
    {Baseline::SimulatedAnnealing, "sa"},
    {Baseline::Xnes, "xnes"},
};

}  // namespace

void run_black_box(BlackBoxObjective& f, Baseline b, std::uint64_t seed, const BlackBoxSettings& settings) {
    Rng rng(seed);
    try {
        switch (b) {
            case Baseline::Random: random_search(f, rng); break;
            case Baseline::StandardGa: pagmo_search(f, PagmoMethod::StandardGa, seed); break;
            case Baseline::DifferentialEvolution: pagmo_search(f, PagmoMethod::DifferentialEvolution, seed); break;
            case Baseline::OnePlusOneEs: pagmo_search(f, PagmoMethod::OnePlusOneEs, seed); break;
            case Baseline::CmaEs:
                if (f.size() > settings.lazy_cma_es_above_genes)
                    cma_es_search(f, seed);
                else
                    pagmo_search(f, PagmoMethod::CmaEs, seed);
                break;
            case Baseline::Tbpsa: tbpsa(f, rng); break;
            case Baseline::ParticleSwarm: particle_swarm(f, rng); break;
            case Baseline::SimulatedAnnealing: pagmo_search(f, PagmoMethod::SimulatedAnnealing, seed); break;
            case Baseline::Xnes: pagmo_search(f, PagmoMethod::Xnes, seed); break;
            case Baseline::Portfolio: {  // CMA-ES then DE, half of the budget each
                const std::int64_t half = f.remaining() / 2;
                struct Share : BlackBoxObjective {
                    BlackBoxObjective* whole;
                    std::int64_t left;
                    std::size_t size() const override { return whole->size(); }
                    bool exhausted() override { return left <= 0 || whole->exhausted(); }
                    std::int64_t remaining() const override { return std::min(left, whole->remaining()); }
                    double evaluate(const double* x) override {
                        if (exhausted()) throw BudgetExhausted{};
                        --left;
                        return whole->evaluate(x);
                    }
                } first;
                first.whole = &f;
                first.left = half;
                run_black_box(first, Baseline::CmaEs, mix_seed(seed, 100), settings);
                run_black_box(f, Baseline::DifferentialEvolution, mix_seed(seed, 200));
                break;
            }
        }
    } catch (const BudgetExhausted&) {
    }
}

std::string_view baseline_name(Baseline b) {
    for (const BaselineName& n : kBaselineNames)
        if (n.baseline == b) return n.name;
    return "random";
}

std::optional<Baseline> parse_baseline(std::string_view name) {
    for (const BaselineName& n : kBaselineNames)
        if (n.name == name) return n.baseline;
    return std::nullopt;
}

const std::vector<Baseline>& all_baselines() {
    static const std::vector<Baseline> all = [] {
        std::vector<Baseline> v;
        for (const BaselineName& n : kBaselineNames) v.push_back(n.baseline);
        return v;
    }();
    return all;
}

SearchResult run_baseline(const SearchProblem& problem, Baseline baseline, SearchSink* sink, std::stop_token stop) {
    SearchDriver driver(problem, sink, std::move(stop));
    const GenomeSpace space = make_genome_space(problem);
    const int first = space.min_levels, last = space.max_levels;
    const std::int64_t budget = problem.budget.samples;
    for (int levels = first; levels <= last && !driver.done(); ++levels) {
        // An even share of the budget per level count; the last takes what is left.
        const std::int64_t end = levels == last ? budget : budget * (levels - first + 1) / (last - first + 1);
        VectorObjective f(driver, space, levels, end);
        run_black_box(f, baseline, mix_seed(problem.seed, static_cast<std::uint64_t>(levels)));
    }
    return driver.finish();
}

}  // namespace mapscape
