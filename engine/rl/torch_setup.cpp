#include "rl/torch_setup.hpp"

#include <mutex>

#include <torch/torch.h>

namespace mapscape::rl {

void use_one_deterministic_thread() {
    static std::once_flag once;
    std::call_once(once, [] {
        if (at::get_num_threads() != 1) at::set_num_threads(1);
        at::globalContext().setDeterministicAlgorithms(true, /*warn_only=*/false);
    });
}

}  // namespace mapscape::rl
