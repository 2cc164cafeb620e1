// The bridge between black-box optimizers over [0,1)^n and the search driver: decodes a point,
// evaluates its mapping through the driver (which counts samples and tracks the best), and
// returns a fitness to minimise. Fitness is the objective's natural logarithm, so that
// step-size and temperature rules see relative rather than absolute differences; an invalid
// mapping gets a large constant (the paper's death penalty).
#pragma once

#include <cstdint>
#include <vector>

#include "search/driver.hpp"
#include "search/vector_encoding.hpp"

namespace mapscape {

inline constexpr double kInvalidFitness = 1e6;

// Thrown by VectorObjective when its share of the budget is used (or the search must stop), to
// leave an optimizer's loop from inside its fitness call.
struct BudgetExhausted {};

class VectorObjective {
public:
    // Evaluates until the driver has counted `end_sample` samples.
    VectorObjective(SearchDriver& driver, const GenomeSpace& space, int levels, std::int64_t end_sample);

    std::size_t size() const { return encoding_.size(); }
    bool exhausted();
    std::int64_t remaining() const { return end_sample_ - driver_->samples(); }
    double operator()(const double* x);
    double operator()(const std::vector<double>& x) { return (*this)(x.data()); }

private:
    SearchDriver* driver_;
    const GenomeSpace* space_;
    VectorEncoding encoding_;
    std::int64_t end_sample_;
    Genome genome_;
    Mapping mapping_;
};

}  // namespace mapscape
