// A mapping search problem: one layer on one accelerator, under a target system's rules, with
// an objective, constraints, a budget and a seed.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <string>
#include <string_view>

#include "arch/accelerator.hpp"
#include "search/objective.hpp"
#include "workload/layer.hpp"

namespace mapscape {

class TurnGate;

// GAMMA's target systems (ICCAD'20, Table 3).
enum class TargetSystem {
    S1,  // fixed 2D array: exactly 2 levels, the inner cluster is one row of the array
    S2,  // flexible 2D array: 1 or 2 levels, any aspect ratio
    S3,  // scale-out: several 2D arrays, 2 or 3 levels
};

std::string_view system_name(TargetSystem s);  // "S1", "S2", "S3"
std::optional<TargetSystem> parse_system(std::string_view text);
int min_levels(TargetSystem s);

int max_levels(TargetSystem s);
// Reads a level count or range ("2", "1-2") within 1..limit; nullopt when it is not one.
std::optional<std::pair<int, int>> parse_level_range(std::string_view text, int limit);
// S1's fixed inner cluster: the accelerator's last PE-hierarchy size (its row length), or the
// largest divisor of the PE count not above its square root.
std::int64_t fixed_row_length(const Accelerator& acc);

struct SearchConstraints {
    // A mapping is invalid when the cost model says it cannot run, which includes L1 and L2
    // requirements above the accelerator's sizes and cluster sizes above its PE count.
    std::optional<std::int64_t> max_latency_cycles;  // e.g. a pipeline stage's budget
    // MAESTRO's analysis (and ours, which reproduces it) undercounts some mappings whose tiles
    // leave partial edges: their runtime, down to below MACs / (occupied PEs x SIMD lanes), a
    // throughput no hardware reaches (cost/compute_bound.hpp), and their MAC count, down to two
    // thirds of the layer's, which lowers their energy by as much. Searches would chase those
    // artefacts (an energy search on ResNet-18 picked them on every layer), so such mappings
    // are invalid unless this is turned off (to reproduce tools that use MAESTRO as is).
    bool reject_below_compute_bound = true;
};

struct SearchBudget {
    std::int64_t samples = 10000;  // cost-model evaluations
    double seconds = 0;            // wall-time limit; 0 = none (results then depend on the machine)
    // Adaptive budget: the search ends once its best objective is at or below this (0: never),
    // e.g. within 0.5% of the layer's bound, where more samples cannot pay. Checked after each
    // batch, so results still depend on the seed only.
    double stop_at_objective = 0;
};

struct SearchProblem {
    Layer layer;
    Accelerator accelerator;
    TargetSystem system = TargetSystem::S2;
    // Cluster levels the mappings may have, narrowing the system's range (0: the system's), e.g.
    // exactly 2 on S2 to search as a tool that only tries two-level mappings does.
    int min_levels = 0, max_levels = 0;
    Objective objective;
    SearchConstraints constraints;
    SearchBudget budget;
    std::uint64_t seed = 1;
    int threads = 1;  // evaluation threads; results do not depend on it
    // When set, the search takes a turn from this gate before each batch (interleaved layer
    // searches, util/turn_gate.hpp); results do not depend on it either.
    TurnGate* turns = nullptr;
};

}  // namespace mapscape
