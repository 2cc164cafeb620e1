// pagmo2's algorithms on the baseline encoding. pagmo evaluates a population's members one by
// one through the problem's fitness, so results do not depend on the evaluation thread count.
#include <cmath>
#include <utility>

#include <pagmo/algorithm.hpp>
#include <pagmo/algorithms/cmaes.hpp>
#include <pagmo/algorithms/de.hpp>
#include <pagmo/algorithms/sea.hpp>
#include <pagmo/algorithms/sga.hpp>
#include <pagmo/algorithms/simulated_annealing.hpp>
#include <pagmo/algorithms/xnes.hpp>
#include <pagmo/population.hpp>
#include <pagmo/problem.hpp>

#include "search/vector_optimizers.hpp"

namespace mapscape {

namespace {

// pagmo's user-defined problem: [0,1]^n, one objective, evaluated through the objective.
struct MappingProblem {
    BlackBoxObjective* objective = nullptr;
    std::size_t dimension = 1;

    pagmo::vector_double fitness(const pagmo::vector_double& x) const { return {(*objective)(x)}; }
    std::pair<pagmo::vector_double, pagmo::vector_double> get_bounds() const {
        return {pagmo::vector_double(dimension, 0.0), pagmo::vector_double(dimension, 1.0)};
    }
    std::string get_name() const { return "Mapscape mapping problem"; }
};

constexpr unsigned kManyGenerations = 1000000;  // the sample budget ends the run, not this

struct Configured {
    pagmo::algorithm algorithm;
    pagmo::population::size_type population;
};

Configured configure(PagmoMethod method, std::size_t dimension, std::int64_t remaining, unsigned seed) {
    switch (method) {
        case PagmoMethod::StandardGa:
            return {pagmo::algorithm{pagmo::sga(kManyGenerations, 0.1, 1.0, 0.1, 1.0, 2u, "exponential",
                                                "polynomial", "tournament", seed)},
                    50};
        case PagmoMethod::DifferentialEvolution:
            return {pagmo::algorithm{pagmo::de(kManyGenerations, 0.8, 0.8, 2u, 1e-6, 1e-6, seed)}, 30};
        case PagmoMethod::OnePlusOneEs:
            return {pagmo::algorithm{pagmo::sea(kManyGenerations, seed)}, 1};
        case PagmoMethod::CmaEs: {
            // Hansen's default population, 4 + 3 ln n; pagmo's elite is its best half.
            const auto lambda = static_cast<pagmo::population::size_type>(
                4 + std::floor(3 * std::log(static_cast<double>(dimension))));
            return {pagmo::algorithm{pagmo::cmaes(kManyGenerations, -1, -1, -1, -1, 0.3, 1e-6, 1e-6, false, true, seed)},
                    std::max<pagmo::population::size_type>(lambda, 5)};
        }
        case PagmoMethod::SimulatedAnnealing: {
            // One annealing schedule over the remaining budget: pagmo takes
            // n_T_adj * n_range_adj * bin_size * n steps.
            const unsigned bin = 20;
            const auto per_temperature = static_cast<std::int64_t>(bin * dimension);
            const auto temperatures = static_cast<unsigned>(std::max<std::int64_t>(1, remaining / per_temperature));
            // Fitness is a log: temperatures from 1 (a factor e) down to 0.01 (1 %).
            return {pagmo::algorithm{pagmo::simulated_annealing(1.0, 0.01, temperatures, 1u, bin, 1.0, seed)}, 1};
        }
        case PagmoMethod::Xnes:
            return {pagmo::algorithm{pagmo::xnes(kManyGenerations, -1, -1, -1, 0.3, 1e-6, 1e-6, false, true, seed)},
                    std::max<pagmo::population::size_type>(
                        5, static_cast<pagmo::population::size_type>(4 + std::floor(3 * std::log(static_cast<double>(dimension)))))};
    }
    return {pagmo::algorithm{}, 1};
}

}  // namespace

void pagmo_search(BlackBoxObjective& f, PagmoMethod method, std::uint64_t seed) {
    pagmo::problem problem{MappingProblem{&f, f.size()}};
    auto next_seed = static_cast<unsigned>(seed ^ (seed >> 32));
    // Restart with fresh seeds whenever the algorithm stops on its own (convergence).
    for (;;) {
        if (f.exhausted()) throw BudgetExhausted{};
        Configured c = configure(method, f.size(), f.remaining(), next_seed++);
        pagmo::population population{problem, c.population, next_seed++};
        c.algorithm.evolve(population);
    }
}

}  // namespace mapscape
