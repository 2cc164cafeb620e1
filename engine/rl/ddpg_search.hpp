// Mind Mappings' RL baseline as a mapping search (its Sec. 5.2, Appendix A): DDPG
// (rl/ddpg.hpp) on the map space's MDP (rl/mapping_environment.hpp). An episode starts from a
// random mapping and takes `episode_length` actions, each a move to a target mapping that the
// cost model evaluates (one sample each; its cost is the step's reward). The first
// `warmup_episodes` act at random (HAQ's warm-up), then the actor acts with truncated-normal
// noise whose deviation starts at 0.5 and decays by 0.99 per episode (HAQ's), and every step is
// followed by one update. The best mapping evaluated is the result.
//
// Beyond HAQ, whose episodes end with a single reward given to all their steps, each step here
// gets its own mapping's cost, discounted by 0.9 (a move is judged by where it lands and, less,
// by where the policy goes from there); the paper does not say how its DDPG sets these.
#pragma once

#include <functional>
#include <memory>
#include <stop_token>
#include <string>

#include "rl/ddpg_options.hpp"
#include "rl/mapping_environment.hpp"
#include "search/driver.hpp"

namespace mapscape::rl {

struct DdpgSearchOptions {
    DdpgOptions agent;
    int episode_length = 5;
    int warmup_episodes = 20;
    double initial_noise = 0.5;
    double noise_decay = 0.99;
};

struct DdpgRecord {
    std::int64_t samples = 0;
    std::int64_t updates = 0;
    double critic_loss = 0;          // mean over the updates since the previous record
    double actor_loss = 0;
    double noise = 0;                // the exploration deviation now
    double mean_log_ratio = 0;       // ln(objective / bound) of the mappings evaluated since (valid ones)
    double best_log_ratio = 0;       // of the best so far
};
using DdpgLog = std::function<void(const DdpgRecord&)>;

// Why DDPG cannot search `problem` (the encoding covers CONV, TRCONV and FC layers), or empty.
std::string ddpg_problem(const SearchProblem& problem);

class DdpgMapper {
public:
    DdpgMapper(const SearchProblem& problem, const DdpgSearchOptions& options = {});
    ~DdpgMapper();
    DdpgMapper(const DdpgMapper&) = delete;
    DdpgMapper& operator=(const DdpgMapper&) = delete;

    // Episodes until the driver's budget is spent, its time is up or it is stopped; `log` (may
    // be empty) gets a record every `log_every` samples.
    void train(SearchDriver& driver, const DdpgLog& log = {}, int log_every = 100);
    // The mapping the actor moves to from `from`, without exploration noise.
    Genome act(const Genome& from);
    // The mapping a uniformly random action moves to (the random policy of the same MDP).
    Genome random_move(Rng& rng) const;
    const MappingEnvironment& environment() const;

private:
    struct State;
    std::unique_ptr<State> s_;
};

SearchResult run_ddpg(const SearchProblem& problem, const DdpgSearchOptions& options = {}, SearchSink* sink = nullptr,
                      std::stop_token stop = {}, const DdpgLog& log = {}, int log_every = 100);

}  // namespace mapscape::rl
