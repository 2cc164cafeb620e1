// One name for every scheduler: MAGMA, a black-box baseline over MAGMA's encoding (the mapping
// search's optimizers, as the paper's Table IV), or a hand-written mapper.
#pragma once

#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "schedule/heuristic_mappers.hpp"
#include "schedule/magma.hpp"
#include "search/baselines.hpp"

namespace mapscape {

struct ScheduleAlgorithm {
    enum class Kind { Magma, Baseline, Heuristic };
    Kind kind = Kind::Magma;
    Baseline baseline = Baseline::StandardGa;
    Heuristic heuristic = Heuristic::Herald;
    MagmaOptions magma;

    std::string name() const;
};

// "magma", a baseline name (stdga, de, cmaes, tbpsa, pso, random, es11, sa, portfolio, xnes) or
// a heuristic (herald, aimt, fcfs, sjf, rr, greedy).
std::optional<ScheduleAlgorithm> parse_schedule_algorithm(std::string_view name);
std::vector<std::string> schedule_algorithm_names();

// Heuristics use one sample; searches use the budget.
ScheduleResult run_schedule_search(const ScheduleProblem& problem, const ScheduleAlgorithm& algorithm,
                                   ScheduleSink* sink = nullptr, std::stop_token stop = {});

}  // namespace mapscape
