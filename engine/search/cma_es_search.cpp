// CMA-ES as a black-box baseline on large encodings: the project's CmaEs (search/cma_es.hpp),
// whose covariance decomposition is lazy, where pagmo's decomposes it every generation. On the
// co-design joint encodings (hundreds to over a thousand genes) pagmo's took 391 s per run at
// 442 genes, and by n^3 would take about 15 times that at 1,078; the algorithm is the same
// (Hansen's defaults), the run 2.4 s and 12.4 s there.
#include <algorithm>
#include <cmath>

#include "search/cma_es.hpp"
#include "search/vector_optimizers.hpp"
#include "util/seed_mixing.hpp"

namespace mapscape {

void cma_es_search(BlackBoxObjective& f, std::uint64_t seed) {
    constexpr double kInitialStep = 0.3;  // as the pagmo runs: a third of the unit range
    constexpr double kTolerance = 1e-6;   // pagmo's ftol and xtol
    const double below_one = std::nextafter(1.0, 0.0);
    Rng rng(seed);
    std::uniform_real_distribution<double> u(0, 1);
    // Restart from a random mean whenever the strategy converges (a flat generation, which
    // includes one where nothing decodes to a valid design, or a collapsed step), as the
    // pagmo-based baselines do.
    for (std::uint64_t restart = 0;; ++restart) {
        if (f.exhausted()) throw BudgetExhausted{};
        std::vector<double> mean(f.size());
        for (double& m : mean) m = u(rng);
        CmaEs es(std::move(mean), kInitialStep, 0, mix_seed(seed, restart));
        for (;;) {
            std::vector<std::vector<double>> candidates = es.sample(es.lambda());
            std::vector<double> fitness;
            fitness.reserve(candidates.size());
            for (std::vector<double>& x : candidates) {
                for (double& v : x) v = std::clamp(v, 0.0, below_one);
                fitness.push_back(f(x));
            }
            es.tell(candidates, fitness);
            const auto [lo, hi] = std::minmax_element(fitness.begin(), fitness.end());
            if (*hi - *lo < kTolerance || es.largest_step() < kTolerance) break;
        }
    }
}

}  // namespace mapscape
