#include "search/vector_objective.hpp"

#include <algorithm>
#include <cmath>

namespace mapscape {

VectorObjective::VectorObjective(SearchDriver& driver, const GenomeSpace& space, int levels, std::int64_t end_sample)
    : driver_(&driver), space_(&space), encoding_(space, levels), end_sample_(end_sample) {}

bool VectorObjective::exhausted() { return driver_->samples() >= end_sample_ || driver_->done(); }

double VectorObjective::evaluate(const double* x) {
    if (exhausted()) throw BudgetExhausted{};
    encoding_.decode(x, genome_);
    decode(genome_, *space_, mapping_);
    const double objective = driver_->evaluate_one(mapping_);
    if (!std::isfinite(objective)) return kInvalidFitness;
    return std::log(std::max(objective, 1e-300));
}

}  // namespace mapscape
