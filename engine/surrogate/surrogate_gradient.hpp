// Batched surrogate queries for one problem: the predicted cost of genomes (ln objective over its
// algorithmic minimum, plus a penalty for predicted buffer overflow) and its gradient with respect
// to their mapping vectors; and a step down that gradient. Shared by the gradient search, GAMMA's
// guided mutation and the GUI's "what to try next".
#pragma once

#include <vector>

#include "surrogate/surrogate_model.hpp"

namespace mapscape {

class SurrogateGradient {
public:
    SurrogateGradient(const Surrogate& surrogate, const SurrogateSpace& space, const Objective& objective,
                      double overflow_penalty = 2.0);

    // Predicted costs of the genomes (two-level, of this space); with `gradients`, also
    // d cost / d (z-scored mapping vector) of each.
    std::vector<double> predict(const std::vector<Genome>& genomes, std::vector<MappingVector>* gradients) const;
    // The raw vector of `genome` after a step of `rate` down `gradient` (taken in the z-scored space).
    MappingVector step(const Genome& genome, const MappingVector& gradient, double rate) const;

private:
    const Surrogate* s_;
    const SurrogateSpace* space_;
    Objective objective_;
    double penalty_;
    torch::Tensor problem_;
    std::vector<float> std_;
};

}  // namespace mapscape
