// Mind Mappings' RL baseline's view of the map space (its Sec. 5.2 and Appendix A: "each mapping
// is a state in the MDP, an action results in a move to a target state and the cost of the
// mapping is the reward"), on the encoding its comparison uses for every method: the surrogate's
// two-level mapping vectors (surrogate/mapping_vector.hpp).
//  * a state is the problem's and the current mapping's features, each scaled to [0,1] by its
//    range in this problem (log2 tiles over log2 of the dimension, positions over 6, ...);
//  * an action is a point of [0,1]^35 (the actor's sigmoid output): the target mapping's features
//    in the same scaling, projected to the nearest valid mapping as Mind Mappings projects its
//    gradient steps;
//  * the reward is minus the cost: -ln(objective / its lower bound), so that rewards of different
//    layers and objectives are on one scale.
#pragma once

#include "search/problem.hpp"
#include "surrogate/mapping_vector.hpp"

namespace mapscape::rl {

class MappingEnvironment {
public:
    explicit MappingEnvironment(const SearchProblem& problem);

    static constexpr int action_size() { return kMappingFeatures; }
    static constexpr int state_size() { return kProblemFeatures + kMappingFeatures; }
    const SurrogateSpace& space() const { return space_; }
    bool covered() const { return space_.covered; }

    // Writes state_size() floats in [0,1].
    void state_of(const Genome& genome, float* state) const;
    // The valid mapping an action (action_size() values in [0,1]) moves to.
    Genome target(const float* action) const;
    // The action that names `genome` (its mapping features scaled to [0,1]).
    void action_of(const Genome& genome, float* action) const;

private:
    SurrogateSpace space_;
    ProblemVector problem_scaled_{};
    MappingVector low_{}, high_{};  // each raw mapping feature's range in this problem
};

}  // namespace mapscape::rl
