// The RL baselines in the engine's registries, so that every front end lists and runs them like
// any other algorithm once it links (or, for the CLI, loads) this library:
//   a2c, ppo2  schedulers (schedule/schedule_algorithm.hpp): MAGMA's Table IV baselines;
//   ddpg       a mapping search (search/algorithm.hpp): Mind Mappings' RL baseline.
#pragma once

namespace mapscape::rl {

// Idempotent and thread-safe.
void register_rl_algorithms();

}  // namespace mapscape::rl
