// DDPG's settings and one update's losses (rl/ddpg.hpp), apart from the agent so that its users
// (ddpg_search.hpp, the CLI) need not parse libtorch's headers.
#pragma once

namespace mapscape::rl {

struct DdpgOptions {
    int hidden = 300;              // units in each of the two hidden layers of both networks
    double actor_learning_rate = 1e-4;
    double critic_learning_rate = 1e-3;
    double tau = 0.01;
    double discount = 0.9;          // HAQ: 1 with one reward per episode; see ddpg_search.hpp
    int batch = 64;
    int memory = 4096;              // transitions kept
    double baseline_alpha = 0.5;    // the moving average's step
    double output_init = 0;         // > 0: the actor's last weights from U(-w, w) (DDPG's paper); 0: PyTorch's default (HAQ)
};

struct DdpgUpdate {
    double critic_loss = 0;  // mean squared TD error
    double actor_loss = 0;   // -mean Q(s, actor(s))
};

}  // namespace mapscape::rl
