// The random generator of the RL agents (rl::Rng), apart from mlp.hpp so that headers which only
// name it (actor_critic.hpp) need not parse libtorch's headers.
#pragma once

#include <random>

namespace mapscape::rl {

using Rng = std::mt19937_64;

}  // namespace mapscape::rl
