#include "rl/ddpg_search.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "cost/bounds.hpp"
#include "rl/ddpg.hpp"
#include "util/seed_mixing.hpp"
#include "workload/layer.hpp"

namespace mapscape::rl {

std::string ddpg_problem(const SearchProblem& problem) {
    if (!surrogate_covers(problem.layer))
        return "layer " + problem.layer.name + " is " + std::string(layer_type_name(problem.layer.type)) +
               "; DDPG searches Mind Mappings' encoding, which covers CONV, TRCONV and FC layers (choose others with --layer)";
    return {};
}

struct DdpgMapper::State {
    DdpgSearchOptions o;
    MappingEnvironment env;
    double bound;
    Ddpg agent;
    Rng rng;
    std::vector<float> state, next_state, action;

    State(const SearchProblem& p, const DdpgSearchOptions& options)
        : o(options), env(p), bound(std::max(objective_bound(p.objective, layer_bound(p.layer, p.accelerator)), 1e-300)),
          agent(MappingEnvironment::state_size(), MappingEnvironment::action_size(), options.agent, p.seed), rng(mix_seed(p.seed, 0x5eed)),
          state(static_cast<std::size_t>(MappingEnvironment::state_size())), next_state(state.size()),
          action(static_cast<std::size_t>(MappingEnvironment::action_size())) {}
};

DdpgMapper::DdpgMapper(const SearchProblem& problem, const DdpgSearchOptions& options)
    : s_(std::make_unique<State>(problem, options)) {}

DdpgMapper::~DdpgMapper() = default;

const MappingEnvironment& DdpgMapper::environment() const { return s_->env; }

Genome DdpgMapper::act(const Genome& from) {
    s_->env.state_of(from, s_->state.data());
    s_->agent.act(s_->state.data(), 0, s_->action.data());
    return s_->env.target(s_->action.data());
}

Genome DdpgMapper::random_move(Rng& rng) const {
    std::vector<float> action(static_cast<std::size_t>(MappingEnvironment::action_size()));
    std::uniform_real_distribution<double> u(0.0, 1.0);
    for (float& a : action) a = static_cast<float>(u(rng));
    return s_->env.target(action.data());
}

void DdpgMapper::train(SearchDriver& driver, const DdpgLog& log, int log_every) {
    State& s = *s_;
    if (!s.env.covered()) return;
    // An invalid mapping costs a little more than the worst valid one seen (ln ratio), at least e^5.
    double worst = 5, best = std::numeric_limits<double>::infinity();
    DdpgRecord record;
    int summed = 0, counted = 0;
    double sum_ratio = 0;
    std::int64_t next_log = log_every > 0 ? log_every : std::numeric_limits<std::int64_t>::max();
    auto flush = [&] {
        if (!log || (summed == 0 && counted == 0)) return;
        DdpgRecord r = record;
        r.samples = driver.samples();
        r.critic_loss = summed ? record.critic_loss / summed : std::nan("");
        r.actor_loss = summed ? record.actor_loss / summed : std::nan("");
        r.mean_log_ratio = counted ? sum_ratio / counted : std::nan("");
        r.best_log_ratio = best;
        log(r);
        record.critic_loss = record.actor_loss = 0;
        summed = counted = 0;
        sum_ratio = 0;
    };
    for (int episode = 0; !driver.done(); ++episode) {
        const bool warming = episode < s.o.warmup_episodes;
        const double noise = warming ? s.o.initial_noise : s.o.initial_noise * std::pow(s.o.noise_decay, episode - s.o.warmup_episodes);
        record.noise = noise;
        s.env.state_of(random_surrogate_genome(s.env.space(), s.rng), s.state.data());
        for (int t = 0; t < s.o.episode_length && !driver.done(); ++t) {
            if (warming)
                s.agent.random_action(s.action.data());
            else
                s.agent.act(s.state.data(), noise, s.action.data());
            const Genome moved = s.env.target(s.action.data());
            const double objective = driver.evaluate_one(decode(moved, s.env.space().genome));
            if (driver.done() && !std::isfinite(objective)) break;  // out of budget: not evaluated
            double cost = worst + 1;
            if (std::isfinite(objective) && objective > 0) {
                cost = std::log(objective / s.bound);
                worst = std::max(worst, cost);
                best = std::min(best, cost);
                sum_ratio += cost;
                ++counted;
            }
            s.env.state_of(moved, s.next_state.data());
            s.agent.remember(s.state.data(), s.action.data(), -cost, s.next_state.data(), t + 1 == s.o.episode_length);
            if (!warming) {
                const DdpgUpdate u = s.agent.update();
                ++record.updates;
                record.critic_loss += u.critic_loss;
                record.actor_loss += u.actor_loss;
                ++summed;
            }
            s.state.swap(s.next_state);
            if (driver.samples() >= next_log) {
                flush();
                next_log += log_every;
            }
        }
    }
    flush();
}

SearchResult run_ddpg(const SearchProblem& problem, const DdpgSearchOptions& options, SearchSink* sink, std::stop_token stop, const DdpgLog& log,
                      int log_every) {
    SearchDriver driver(problem, sink, std::move(stop));
    if (ddpg_problem(problem).empty()) {
        DdpgMapper mapper(problem, options);
        mapper.train(driver, log, log_every);
    }
    return driver.finish();
}

}  // namespace mapscape::rl
