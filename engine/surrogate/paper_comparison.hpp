// The Mind Mappings paper's evaluation (Sec. 5.4, Figures 5 and 6) on our cost model: its Table 1
// CNN layers on its 256-PE accelerator, EDP over the algorithmic minimum, averaged over many runs,
// at equal numbers of cost-model queries (iso-iteration) and at equal wall time (iso-time),
// against simulated annealing, the standard GA, DDPG (its RL baseline) and GAMMA (and GAMMA with
// the guided mutation).
#pragma once

#include <functional>
#include <memory>
#include <stop_token>
#include <string>
#include <vector>

#include "workload/layer.hpp"


namespace mapscape {

class Surrogate;  // surrogate/surrogate_model.hpp: kept out, since it parses all of libtorch (~14 s per file)

// Table 1's CNN layers (N, C, K, R = S, output rows = columns): ResNet Conv_3 16,128,128,3,28;
// ResNet Conv_4 16,256,256,3,14; Inception Conv_2 32,192,192,3,56; VGG Conv_2 16,64,128,3,112;
// AlexNet Conv_2 8,96,256,5,27; AlexNet Conv_4 8,384,384,3,13. Stride 1; input = output + R - 1.
std::vector<Layer> mind_mappings_layers();

struct ComparisonOptions {
    int runs = 100;                // per layer and method (the paper's 100)
    std::int64_t budget = 1000;    // iso-iteration: cost-model queries per run
    double iso_time_seconds = 0;   // iso-time: wall time per run; 0 = Mind Mappings' mean at iso-iteration, per layer
    std::vector<std::string> methods = {"mindmappings", "sa", "stdga", "gamma", "gamma-guided"};  // the CLI adds ddpg
    std::uint64_t seed = 1;
    int threads = 1;               // runs in parallel, each on one thread
    std::vector<Layer> layers = mind_mappings_layers();
};

struct ComparisonRow {
    std::string comparison;  // "iso-iteration" or "iso-time"
    std::string layer;
    std::string method;
    double edp_over_minimum = 0;  // mean over the runs that found a valid mapping (the paper's average); NaN if none did
    double queries = 0;           // mean cost-model queries per run
    double wall_s = 0;            // mean wall time per run
    int runs = 0;
    int found_runs = 0;           // runs that found a valid mapping
};

// Method names: mindmappings, sa, stdga, gamma, gamma-guided, random, or a search registered in
// the algorithm registry (ddpg, the RL baselines', when they are registered). SA, the standard GA
// and DDPG search the same two-level space as Mind Mappings (their fixed-length encoding, whole
// budget); GAMMA searches system S2 (one or two levels) as it does elsewhere. Throws InputError
// for an unknown method.
std::vector<ComparisonRow> compare_with_paper(const std::shared_ptr<const Surrogate>& surrogate, const ComparisonOptions& options,
                                              const std::function<void(const std::string&)>& progress = {},
                                              std::stop_token stop = {});

}  // namespace mapscape
