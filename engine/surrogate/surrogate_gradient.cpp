#include "surrogate/surrogate_gradient.hpp"

#include <optional>

namespace mapscape {

SurrogateGradient::SurrogateGradient(const Surrogate& s, const SurrogateSpace& space, const Objective& objective, double penalty)
    : s_(&s), space_(&space), objective_(objective), penalty_(penalty) {
    const ProblemVector p = problem_vector(space);
    problem_ = torch::from_blob(const_cast<float*>(p.data()), {1, kProblemFeatures}, torch::kFloat32).clone();
    std_ = s.normalisation().input_std;
}

std::vector<double> SurrogateGradient::predict(const std::vector<Genome>& genomes, std::vector<MappingVector>* gradients) const {
    const auto n = static_cast<std::int64_t>(genomes.size());
    std::vector<float> raw(static_cast<std::size_t>(n * kMappingFeatures));
    for (std::int64_t i = 0; i < n; ++i) {
        const MappingVector v = mapping_vector(genomes[static_cast<std::size_t>(i)], *space_);
        std::copy(v.begin(), v.end(), raw.begin() + i * kMappingFeatures);
    }
    std::optional<torch::NoGradGuard> no_grad;
    if (!gradients) no_grad.emplace();
    torch::Tensor m = s_->normalise_mappings(torch::from_blob(raw.data(), {n, kMappingFeatures}, torch::kFloat32)).detach();
    if (gradients) m.requires_grad_(true);
    const torch::Tensor labels = s_->forward(problem_.expand({n, kProblemFeatures}), m);
    const torch::Tensor y = s_->denormalise_labels(labels);
    const torch::Tensor cost = s_->log_objective_ratio(labels, objective_) +
                               penalty_ * (y.select(1, kL1NeedLabel).clamp_min(0) + y.select(1, kL2NeedLabel).clamp_min(0));
    std::vector<double> out(static_cast<std::size_t>(n));
    const torch::Tensor c = cost.detach().to(torch::kFloat64).contiguous();
    std::copy_n(c.data_ptr<double>(), n, out.begin());
    if (gradients) {
        const torch::Tensor g = torch::autograd::grad({cost.sum()}, {m})[0].to(torch::kFloat32).contiguous();
        gradients->resize(static_cast<std::size_t>(n));
        const float* gp = g.data_ptr<float>();
        for (std::int64_t i = 0; i < n; ++i)
            std::copy_n(gp + i * kMappingFeatures, kMappingFeatures, (*gradients)[static_cast<std::size_t>(i)].begin());
    }
    return out;
}

MappingVector SurrogateGradient::step(const Genome& g, const MappingVector& gradient, double rate) const {
    MappingVector v = mapping_vector(g, *space_);
    for (int i = 0; i < kMappingFeatures; ++i)
        v[static_cast<std::size_t>(i)] -= static_cast<float>(rate * gradient[static_cast<std::size_t>(i)] *
                                                              std_[static_cast<std::size_t>(kProblemFeatures + i)]);
    return v;
}

}  // namespace mapscape
