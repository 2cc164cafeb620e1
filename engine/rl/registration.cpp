#include "rl/registration.hpp"

#include <mutex>

#include "rl/actor_critic.hpp"
#include "rl/ddpg_search.hpp"
#include "schedule/schedule_algorithm.hpp"
#include "search/algorithm.hpp"

namespace mapscape::rl {

void register_rl_algorithms() {
    static std::once_flag once;
    std::call_once(once, [] {
        for (const ActorCriticMethod method : {ActorCriticMethod::A2C, ActorCriticMethod::PPO2}) {
            ActorCriticOptions options;
            options.method = method;
            register_schedule_algorithm(method == ActorCriticMethod::A2C ? "a2c" : "ppo2",
                                        [options](const ScheduleProblem& problem, ScheduleSink* sink, std::stop_token stop) {
                                            return run_actor_critic_schedule(problem, options, sink, std::move(stop));
                                        });
        }
        register_algorithm("ddpg", [](const SearchProblem& problem, SearchSink* sink, std::stop_token stop) {
            return run_ddpg(problem, {}, sink, std::move(stop));
        }, ddpg_problem);
    });
}

}  // namespace mapscape::rl
