// Black-box optimizers over [0,1)^n used as the GAMMA paper's baselines (Table 4). Each runs
// until the objective throws BudgetExhausted (callers catch it), restarting when it converges.
#pragma once

#include <cstdint>

#include "search/genome.hpp"
#include "search/black_box.hpp"

namespace mapscape {

// Uniform random points.
void random_search(BlackBoxObjective& f, Rng& rng);

// Particle swarm with the paper's settings: weights 0.8 for the particle's own best and 0.8
// for the swarm's best, momentum 1.6. A momentum above 1 makes velocities grow without bound,
// so each velocity component is clamped to +-max_velocity and particles stop at the bounds.
struct ParticleSwarmOptions {
    int particles = 40;
    double momentum = 1.6;
    double own_best_weight = 0.8;
    double swarm_best_weight = 0.8;
    double max_velocity = 0.5;
};
void particle_swarm(BlackBoxObjective& f, Rng& rng, const ParticleSwarmOptions& options = {});

// Test-based population-size adaptation (Hellwig & Beyer), as the paper summarises it: a
// self-adaptive evolution strategy whose population starts at 50 and shrinks once the
// parents' fitness trend is tested as converged, so that it refines with more generations; it
// restarts from a random point when its step size collapses.
struct TbpsaOptions {
    int initial_population = 50;
    int min_population = 8;
    double initial_step = 0.3;
    int trend_window = 5;  // generations in the convergence test
};
void tbpsa(BlackBoxObjective& f, Rng& rng, const TbpsaOptions& options = {});

// The algorithms taken from pagmo2, with the paper's settings where it gives them.
enum class PagmoMethod {
    StandardGa,          // sga: crossover 0.1, mutation 0.1, tournament selection
    DifferentialEvolution,  // de: F 0.8, CR 0.8 (rand/1/exp)
    OnePlusOneEs,        // sea with a population of one: (1+1)-ES
    CmaEs,               // cmaes: the best half of each generation is the elite
    SimulatedAnnealing,  // simulated_annealing (Corana's adaptive neighbourhood)
    Xnes,                // xnes: exponential natural evolution strategies
};
void pagmo_search(BlackBoxObjective& f, PagmoMethod method, std::uint64_t seed);

// CMA-ES by the project's implementation (lazy covariance decomposition), restarted from a
// random mean whenever it converges: for large encodings (baselines.hpp, BlackBoxSettings).
void cma_es_search(BlackBoxObjective& f, std::uint64_t seed);

}  // namespace mapscape
