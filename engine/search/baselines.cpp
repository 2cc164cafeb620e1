#include "search/baselines.hpp"

#include "search/vector_optimizers.hpp"

namespace mapscape {

namespace {

struct Named {
    Baseline baseline;
    std::string_view name;
};

constexpr Named kNames[] = {
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

// Different streams for the level counts and portfolio members of one seed.
std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t stream) {
    std::uint64_t z = seed + 0x9e3779b97f4a7c15ULL * (stream + 1);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void run_one(VectorObjective& f, Baseline b, std::uint64_t seed) {
    Rng rng(seed);
    try {
        switch (b) {
            case Baseline::Random: random_search(f, rng); break;
            case Baseline::StandardGa: pagmo_search(f, PagmoMethod::StandardGa, seed); break;
            case Baseline::DifferentialEvolution: pagmo_search(f, PagmoMethod::DifferentialEvolution, seed); break;
            case Baseline::OnePlusOneEs: pagmo_search(f, PagmoMethod::OnePlusOneEs, seed); break;
            case Baseline::CmaEs: pagmo_search(f, PagmoMethod::CmaEs, seed); break;
            case Baseline::Tbpsa: tbpsa(f, rng); break;
            case Baseline::ParticleSwarm: particle_swarm(f, rng); break;
            case Baseline::SimulatedAnnealing: pagmo_search(f, PagmoMethod::SimulatedAnnealing, seed); break;
            case Baseline::Xnes: pagmo_search(f, PagmoMethod::Xnes, seed); break;
            case Baseline::Portfolio: break;  // split by the caller
        }
    } catch (const BudgetExhausted&) {
    }
}

}  // namespace

std::string_view baseline_name(Baseline b) {
    for (const Named& n : kNames)
        if (n.baseline == b) return n.name;
    return "random";
}

std::optional<Baseline> parse_baseline(std::string_view name) {
    for (const Named& n : kNames)
        if (n.name == name) return n.baseline;
    return std::nullopt;
}

const std::vector<Baseline>& all_baselines() {
    static const std::vector<Baseline> all = [] {
        std::vector<Baseline> v;
        for (const Named& n : kNames) v.push_back(n.baseline);
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
        const std::uint64_t seed = derive_seed(problem.seed, static_cast<std::uint64_t>(levels));
        if (baseline == Baseline::Portfolio) {  // CMA-ES then DE, half of this share each
            const std::int64_t middle = driver.samples() + (end - driver.samples()) / 2;
            VectorObjective cma(driver, space, levels, middle);
            run_one(cma, Baseline::CmaEs, derive_seed(seed, 100));
            VectorObjective de(driver, space, levels, end);
            run_one(de, Baseline::DifferentialEvolution, derive_seed(seed, 200));
        } else {
            VectorObjective f(driver, space, levels, end);
            run_one(f, baseline, seed);
        }
    }
    return driver.finish();
}

}  // namespace mapscape
