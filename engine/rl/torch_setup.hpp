// libtorch as the RL agents need it: one intra-op thread and deterministic algorithms, so that a
// seed gives the same result every run (agents running on several threads at once each stay on
// their own one).
#pragma once

namespace mapscape::rl {

// Idempotent and thread-safe; every agent calls it before touching a tensor.
void use_one_deterministic_thread();

}  // namespace mapscape::rl
