#include <algorithm>
#include <cmath>
#include <deque>
#include <numeric>

#include "search/vector_optimizers.hpp"

namespace mapscape {

namespace {

struct Candidate {
    std::vector<double> x;
    double step = 0;
    double fitness = 0;
};

// Least-squares slope of the last values against their index.
double slope(const std::deque<double>& y) {
    const double n = static_cast<double>(y.size());
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (std::size_t i = 0; i < y.size(); ++i) {
        const double xi = static_cast<double>(i);
        sx += xi;
        sy += y[i];
        sxx += xi * xi;
        sxy += xi * y[i];
    }
    const double d = n * sxx - sx * sx;
    return d == 0 ? 0 : (n * sxy - sx * sy) / d;
}

}  // namespace

void tbpsa(BlackBoxObjective& f, Rng& rng, const TbpsaOptions& o) {
    const std::size_t n = f.size();
    std::uniform_real_distribution<double> u(0, 1);
    std::normal_distribution<double> gauss(0, 1);
    const double tau = 1.0 / std::sqrt(2.0 * static_cast<double>(n));
    for (;;) {  // one restart per iteration
        std::vector<double> mean(n);
        for (double& m : mean) m = u(rng);
        double step = o.initial_step;
        int lambda = o.initial_population;
        std::deque<double> parent_fitness;  // mean fitness of the selected parents per generation
        while (step > 1e-4) {
            std::vector<Candidate> children(static_cast<std::size_t>(lambda));
            for (Candidate& c : children) {
                c.step = step * std::exp(tau * gauss(rng));
                c.x.resize(n);
                for (std::size_t i = 0; i < n; ++i) c.x[i] = std::clamp(mean[i] + c.step * gauss(rng), 0.0, 1.0);
                c.fitness = f(c.x);
            }
            std::stable_sort(children.begin(), children.end(),
                             [](const Candidate& a, const Candidate& b) { return a.fitness < b.fitness; });
            const auto mu = static_cast<std::size_t>(std::max(1, lambda / 4));
            std::fill(mean.begin(), mean.end(), 0.0);
            double log_step = 0, fit = 0;
            for (std::size_t j = 0; j < mu; ++j) {
                for (std::size_t i = 0; i < n; ++i) mean[i] += children[j].x[i] / static_cast<double>(mu);
                log_step += std::log(children[j].step) / static_cast<double>(mu);
                fit += children[j].fitness / static_cast<double>(mu);
            }
            step = std::exp(log_step);
            parent_fitness.push_back(fit);
            if (static_cast<int>(parent_fitness.size()) > o.trend_window) parent_fitness.pop_front();
            // The test: no significant downward trend over the window means converged, so
            // spend the samples on more, smaller generations.
            if (static_cast<int>(parent_fitness.size()) == o.trend_window &&
                slope(parent_fitness) > -1e-3 * std::max(1.0, std::abs(fit))) {
                lambda = std::max(o.min_population, static_cast<int>(std::lround(lambda / 1.5)));
                parent_fitness.clear();
            }
        }
    }
}

}  // namespace mapscape
