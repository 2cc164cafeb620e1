// One name for every scheduler: MAGMA, a black-box baseline over MAGMA's encoding (the mapping
// search's optimizers, as the paper's Table IV), a hand-written mapper, or one registered by a
// library outside the engine (the RL baselines, which need libtorch).
#pragma once

#include <functional>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "schedule/heuristic_mappers.hpp"
#include "schedule/magma.hpp"
#include "search/baselines.hpp"

namespace mapscape {

// A scheduler provided by a library outside the engine, added by name with
// register_schedule_algorithm() (as search/algorithm.hpp's register_algorithm for mappings).
using ExternalScheduler = std::function<ScheduleResult(const ScheduleProblem&, ScheduleSink*, std::stop_token)>;
// Why an external scheduler cannot run (its library did not load), or an empty string.
using ExternalScheduleCheck = std::function<std::string()>;

struct ScheduleAlgorithm {
    enum class Kind { Magma, Baseline, Heuristic, External };
    Kind kind = Kind::Magma;
    Baseline baseline = Baseline::StandardGa;
    Heuristic heuristic = Heuristic::Herald;
    MagmaOptions magma;
    BlackBoxSettings black_box = kScheduleBlackBox;  // for Kind::Baseline: which CMA-ES runs
    std::string external_name;  // for Kind::External

    std::string name() const;
};

// Adds (or replaces) a named external scheduler; thread-safe. Built-in names are refused
// (returns false).
bool register_schedule_algorithm(const std::string& name, ExternalScheduler run, ExternalScheduleCheck check = {});
// Why `algorithm` cannot run (front ends report it before starting), or empty.
std::string schedule_algorithm_problem(const ScheduleAlgorithm& algorithm);

// "magma", a baseline name (stdga, de, cmaes, tbpsa, pso, random, es11, sa, portfolio, xnes),
// a heuristic (herald, aimt, fcfs, sjf, rr, greedy) or a registered name (a2c, ppo2).
std::optional<ScheduleAlgorithm> parse_schedule_algorithm(std::string_view name);
std::vector<std::string> schedule_algorithm_names();

// Heuristics use one sample; searches use the budget.
ScheduleResult run_schedule_search(const ScheduleProblem& problem, const ScheduleAlgorithm& algorithm,
                                   ScheduleSink* sink = nullptr, std::stop_token stop = {});

}  // namespace mapscape
