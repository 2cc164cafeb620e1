// Several search algorithms on the same layers and seeds, tabulated like the GAMMA paper's
// Figure 6: each algorithm's best per layer (geometric mean over the seeds) normalised to the
// best of all, NAN where an algorithm found no valid mapping. `mapscape-cli compare` prints it;
// the Python module's compare() returns it.
//   JSON: {"model","platform","system","objective","budget_samples","algos":[...],"seeds":[...],
//          "layers":[...],"bound_sum","runs":[{"layer","algo","seed","objective_value",
//          "runtime_cycles","energy_nj","samples","valid_samples","wall_s",
//          "least_footprint_fallback"}],
//          "normalized":{"<algo>":[per layer, null where none]},"sum":{"<algo>": value or null},
//          "wall_s":{"<algo>": seconds}}
#pragma once

#include <cstdint>
#include <functional>
#include <stop_token>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "search/search_setup.hpp"

namespace mapscape {

// One (algorithm, layer, seed) search; objective_value and energy are NAN when it found no valid
// mapping.
struct ComparedRun {
    bool found = false;
    double objective_value = 0;
    std::int64_t runtime_cycles = 0;
    double energy_nj = 0;
    std::int64_t samples = 0;
    std::int64_t valid_samples = 0;
    double wall_seconds = 0;
    bool least_footprint_fallback = false;  // none of the samples (tile choices) fitted
};

struct AlgorithmComparison {
    std::string model;
    std::string platform;
    TargetSystem system = TargetSystem::S2;
    Objective objective;
    std::int64_t budget_samples = 0;
    std::vector<std::string> algorithms;  // names; the first is the reference
    std::vector<std::string> layers;      // names
    std::vector<Layer> selected;          // the layers (their repeat counts weigh the sums)
    std::vector<std::uint64_t> seeds;
    std::vector<std::vector<std::vector<ComparedRun>>> runs;  // [algorithm][layer][seed]
    std::vector<double> wall_seconds;     // per algorithm, over its seeds
    double bound_sum = 0;                 // what no mapping of these layers beats, summed
    bool stopped = false;
};

// "gamma,cmaes" as the CLI writes it; throws InputError at --algos for an unknown name.
std::vector<Algorithm> parse_algorithm_list(const std::string& text);

// Called on the calling thread after each (algorithm, seed) run of every layer.
using ComparisonObserver = std::function<void(std::size_t algorithm, std::size_t seed, const ModelSearchOutcome& outcome)>;

// Throws InputError without an algorithm or a seed. `sink_for` (optional) gives each run's
// layers their sinks, as ModelSearchObserver does.
AlgorithmComparison compare_algorithms(const SearchSetup& setup, const std::vector<Algorithm>& algorithms,
                                       const std::vector<std::uint64_t>& seeds, const ComparisonObserver& observer = {},
                                       const ModelSearchObserver& layer_observer = {}, std::stop_token stop = {});

// Per layer, each algorithm's geometric mean over the seeds over the best algorithm's ([algorithm][layer]).
std::vector<std::vector<double>> normalized_table(const AlgorithmComparison& comparison);

// The CLI's outputs: the Markdown table with its summary rows, the normalised table as CSV, and
// every (layer, algorithm, seed) result as CSV.
std::string comparison_markdown(const AlgorithmComparison& comparison);
std::string comparison_csv(const AlgorithmComparison& comparison);
std::string comparison_raw_csv(const AlgorithmComparison& comparison);
nlohmann::ordered_json comparison_to_json(const AlgorithmComparison& comparison);

}  // namespace mapscape
