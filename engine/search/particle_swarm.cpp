#include <algorithm>
#include <limits>

#include "search/vector_optimizers.hpp"

namespace mapscape {

void particle_swarm(BlackBoxObjective& f, Rng& rng, const ParticleSwarmOptions& o) {
    const std::size_t n = f.size();
    const auto count = static_cast<std::size_t>(std::max(2, o.particles));
    std::uniform_real_distribution<double> u(0, 1);
    std::vector<std::vector<double>> x(count, std::vector<double>(n)), v = x, own_best = x;
    std::vector<double> own_best_fitness(count, std::numeric_limits<double>::infinity());
    std::vector<double> swarm_best(n);
    double swarm_best_fitness = std::numeric_limits<double>::infinity();
    for (std::size_t p = 0; p < count; ++p)
        for (std::size_t i = 0; i < n; ++i) {
            x[p][i] = u(rng);
            v[p][i] = (u(rng) - 0.5) * o.max_velocity;
        }
    for (;;) {
        for (std::size_t p = 0; p < count; ++p) {
            const double fit = f(x[p]);
            if (fit < own_best_fitness[p]) {
                own_best_fitness[p] = fit;
                own_best[p] = x[p];
            }
            if (fit < swarm_best_fitness) {
                swarm_best_fitness = fit;
                swarm_best = x[p];
            }
        }
        for (std::size_t p = 0; p < count; ++p)
            for (std::size_t i = 0; i < n; ++i) {
                double vel = o.momentum * v[p][i] + o.own_best_weight * u(rng) * (own_best[p][i] - x[p][i]) +
                             o.swarm_best_weight * u(rng) * (swarm_best[i] - x[p][i]);
                vel = std::clamp(vel, -o.max_velocity, o.max_velocity);
                double pos = x[p][i] + vel;
                if (pos < 0 || pos > 1) {  // stop at the wall
                    pos = std::clamp(pos, 0.0, 1.0);
                    vel = 0;
                }
                x[p][i] = pos;
                v[p][i] = vel;
            }
    }
}

}  // namespace mapscape
