#include "search/vector_optimizers.hpp"

namespace mapscape {

void random_search(BlackBoxObjective& f, Rng& rng) {
    std::uniform_real_distribution<double> u(0, 1);
    std::vector<double> x(f.size());
    for (;;) {
        for (double& v : x) v = u(rng);
        f(x);
    }
}

}  // namespace mapscape
