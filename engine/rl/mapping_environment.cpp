#include "rl/mapping_environment.hpp"

#include <algorithm>
#include <cmath>

namespace mapscape::rl {

namespace {

// log2 of the largest dimension the surrogate's training ranges reach (K, C up to 512, batch 32,
// rows 230): problem features divided by it fall in [0,1].
constexpr float kProblemScale = 12.0f;

}  // namespace

MappingEnvironment::MappingEnvironment(const SearchProblem& problem) : space_(make_surrogate_space(problem)) {
    const ProblemVector p = problem_vector(space_);
    for (int i = 0; i < kProblemFeatures; ++i) problem_scaled_[static_cast<std::size_t>(i)] = std::clamp(p[static_cast<std::size_t>(i)] / kProblemScale, 0.0f, 1.0f);
    for (int level = 0; level < 2; ++level) {
        const int block = level * kLevelFeatures;
        for (int s = 0; s < kTileSlots; ++s)
            high_[static_cast<std::size_t>(block + kTileOffset + s)] = static_cast<float>(std::log2(static_cast<double>(space_.full[static_cast<std::size_t>(s)])));
        for (int s = 0; s < kTileSlots; ++s) high_[static_cast<std::size_t>(block + kParallelOffset + s)] = 1.0f;
        for (int s = 0; s < kSlots; ++s) high_[static_cast<std::size_t>(block + kOrderOffset + s)] = static_cast<float>(kSlots - 1);
    }
    high_[kUnitsFeature] = static_cast<float>(std::log2(static_cast<double>(std::max<std::int64_t>(1, space_.genome.num_pes))));
}

void MappingEnvironment::state_of(const Genome& genome, float* state) const {
    std::copy(problem_scaled_.begin(), problem_scaled_.end(), state);
    action_of(genome, state + kProblemFeatures);
}

void MappingEnvironment::action_of(const Genome& genome, float* action) const {
    const MappingVector raw = mapping_vector(genome, space_);
    for (int i = 0; i < kMappingFeatures; ++i) {
        const auto k = static_cast<std::size_t>(i);
        const float range = high_[k] - low_[k];
        action[i] = range > 0 ? std::clamp((raw[k] - low_[k]) / range, 0.0f, 1.0f) : 0.0f;
    }
}

Genome MappingEnvironment::target(const float* action) const {
    MappingVector raw{};
    for (int i = 0; i < kMappingFeatures; ++i) {
        const auto k = static_cast<std::size_t>(i);
        raw[k] = low_[k] + std::clamp(action[i], 0.0f, 1.0f) * (high_[k] - low_[k]);
    }
    return project_to_genome(raw, space_);
}

}  // namespace mapscape::rl
