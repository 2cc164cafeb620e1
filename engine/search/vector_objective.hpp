// The bridge between black-box optimizers over [0,1)^n and the search driver: decodes a point,
// evaluates its mapping through the driver (which counts samples and tracks the best), and
// returns a fitness to minimise. Fitness is the objective's natural logarithm, so that
// step-size and temperature rules see relative rather than absolute differences; an invalid
// mapping gets a large constant (the paper's death penalty).
#pragma once

#include <cstdint>
#include <vector>

#include "search/black_box.hpp"
#include "search/driver.hpp"
#include "search/vector_encoding.hpp"

namespace mapscape {

class VectorObjective : public BlackBoxObjective {
public:
    // Evaluates until the driver has counted `end_sample` samples.
    VectorObjective(SearchDriver& driver, const GenomeSpace& space, int levels, std::int64_t end_sample);

    std::size_t size() const override { return encoding_.size(); }
    bool exhausted() override;
    std::int64_t remaining() const override { return end_sample_ - driver_->samples(); }
    double evaluate(const double* x) override;

private:
    SearchDriver* driver_;
    const GenomeSpace* space_;
    VectorEncoding encoding_;
    std::int64_t end_sample_;
    Genome genome_;
    Mapping mapping_;
};

}  // namespace mapscape
