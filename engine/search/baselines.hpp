// The GAMMA paper's baseline optimizers (Table 4) plus simulated annealing and xNES, on the
// fixed-length encoding of search/vector_encoding.hpp. As in the paper (Sec. 5.2.1), a
// fixed-length encoding has a fixed number of levels, so on a system allowing several level
// counts the budget is split evenly between them and the better result kept.
#pragma once

#include <cstddef>
#include <optional>
#include <stop_token>
#include <string_view>
#include <vector>

#include "search/black_box.hpp"
#include "search/driver.hpp"

namespace mapscape {

enum class Baseline { Random, StandardGa, DifferentialEvolution, OnePlusOneEs, CmaEs, Tbpsa, ParticleSwarm, Portfolio, SimulatedAnnealing, Xnes };

// CLI names: random, stdga, de, es11, cmaes, tbpsa, pso, portfolio, sa, xnes.
std::string_view baseline_name(Baseline b);
std::optional<Baseline> parse_baseline(std::string_view name);
const std::vector<Baseline>& all_baselines();

// Which CMA-ES runs (alone or in the portfolio): pagmo's, which the mapping and schedule
// comparisons were measured with, or, on encodings of more than `lazy_cma_es_above_genes`
// genes, the project's (search/cma_es.hpp), whose covariance decomposition is lazy. pagmo's
// decomposes every generation, O(n^3): 391 s per Cloud ResNet-18 co-design run (442 genes),
// and by n^3 about 15 times that at MobileNetV2's 1,078.
struct BlackBoxSettings {
    std::size_t lazy_cma_es_above_genes = static_cast<std::size_t>(-1);  // never, by default
};
inline constexpr BlackBoxSettings kCodesignBlackBox{100};
// MAGMA's schedule encoding (a core and a priority per job: 200 genes for a group of 100 jobs)
// takes the project's CMA-ES above 100 genes too. pagmo's there spends about 12 s of CPU per
// group of 10,000 samples, nearly all in its sampling (`sigma * B * D * z` with a dense D is a
// 200 x 200 x 200 matrix product per sample) and in decomposing the covariance every ~2.4
// generations; the project's takes 0.35 s and finds schedules as good, within 0.3% on the
// figures' rows (docs/papers/magma.md, "CMA-ES: pagmo's and the project's").
inline constexpr BlackBoxSettings kScheduleBlackBox{100};

// Runs one baseline on any black-box objective until its budget is used.
void run_black_box(BlackBoxObjective& objective, Baseline baseline, std::uint64_t seed,
                   const BlackBoxSettings& settings = {});

SearchResult run_baseline(const SearchProblem& problem, Baseline baseline, SearchSink* sink = nullptr,
                          std::stop_token stop = {});

}  // namespace mapscape
