// The surrogate's gradient as a GAMMA operator (beyond the paper): a guided mutation that moves a
// child one projected gradient step downhill on the surrogate, doubling the step until the
// projection changes (up to a few times). Two-level children of covered layers only; others are
// left as they are.
#pragma once

#include <memory>

#include "search/genome_guide.hpp"

namespace mapscape {

class Surrogate;  // surrogate/surrogate_model.hpp: kept out, since it parses all of libtorch (~14 s per file)

class SurrogateGuide : public GenomeGuide {
public:
    explicit SurrogateGuide(std::shared_ptr<const Surrogate> surrogate, double learning_rate = 1.0, int doublings = 6);
    void improve(const SearchProblem& problem, std::vector<Genome>& genomes) const override;

private:
    std::shared_ptr<const Surrogate> surrogate_;
    double learning_rate_;
    int doublings_;
};

}  // namespace mapscape
