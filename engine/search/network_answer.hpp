// The live what-if answer: a whole network searched again after an edit of the accelerator, at
// its best mappings, fast enough to follow the edit. Every unique layer shape is searched once
// (repeat counts kept) with GAMMA, each search warm-started from the previous design's best
// mapping of the same shape (GAMMA repairs it to the new hardware) and ended as soon as it is
// within a set distance of the layer's lower bound, where more samples cannot pay. The app's
// What-if tab shows it beside the previous design's answer and the bound, and starts its tornado
// of variants from its mappings (`mapscape-cli whatif` searches every variant afresh).
#pragma once

#include <cstdint>
#include <stop_token>
#include <string>
#include <vector>

#include "mapping/mapping.hpp"
#include "search/model_search.hpp"
#include "search/search_setup.hpp"
#include "workload/model.hpp"

namespace mapscape {

struct LayerAnswer {
    std::string name;
    Layer layer;               // the unique shape, its repeat count the network's
    bool found = false;
    Mapping mapping;           // the best found
    std::int64_t runtime_cycles = 0;  // one run
    double energy_nj = 0;             // one run
    std::int64_t bound_runtime_cycles = 0;  // cost/bounds.hpp, one run
    double bound_energy_nj = 0;
    std::int64_t samples = 0;  // what the layer's search used
    bool warm_started = false; // seeded from the previous design's mapping
    // The best mappings of this answer and of the answers before it (newest first, at most
    // kAnswerMemory): the next edit's search starts from all of them, so that a design the user
    // comes back to finds its old mappings.
    std::vector<Mapping> remembered;
    std::string why_none;      // no mapping: why (search/least_footprint.hpp)
};

inline constexpr std::size_t kAnswerMemory = 6;
// GAMMA's population for answers that must come fast: 100 reaches 1% of a 10,000-sample result
// in fewer samples than the papers' 200 (docs/whatif.md measures both).
inline constexpr int kQuickGammaPopulation = 100;
// Where a shape's search ends: within 0.5% of its bound, more samples cannot pay.
inline constexpr double kQuickStopWithinBound = 0.005;

struct NetworkAnswer {
    std::vector<LayerAnswer> layers;     // one per unique shape, in the model's order
    // Totals over every run of every layer with a mapping.
    std::int64_t latency_cycles = 0;
    double latency_ms = 0;               // at the accelerator's clock
    double energy_nj = 0;
    double edp_mj_ms = 0;                // energy (mJ) x latency (ms)
    double area_mm2 = 0;                 // the design as configured (arch/area_model.hpp's default model, or its technology's)
    double clock_mhz = 0;                // the design's, for figures in ms
    std::int64_t bound_latency_cycles = 0;
    double bound_latency_ms = 0;
    double bound_energy_nj = 0;
    int layers_without_mapping = 0;
    std::int64_t samples = 0;            // over all layers' searches
    double wall_seconds = 0;
    bool stopped = false;
};

struct NetworkAnswerRequest {
    Model model;  // merged to its unique shapes here
    Accelerator accelerator;
    std::string platform_name;
    SearchSetupOptions options;  // objective, budget (samples per shape, at most), system, threads
    std::uint64_t seed = 1;
    int population = kQuickGammaPopulation;
    // A shape with nothing to start from (the first answer, a new shape) searches this many
    // times the budget: later edits then start from its mappings.
    int cold_start_factor = 4;
    // End a shape's search once its objective is within this of its bound (0: use the budget).
    double stop_within_bound = kQuickStopWithinBound;
};

// How a shape's search starts and ends: from `previous`'s remembered mappings of the same shape
// (none: cold, with cold_start_factor x the budget) and, with stop_within_bound > 0, once within
// that of the shape's bound. For search_model's layers; `warm` (may be null) records which started
// warm. Thread-safe to call from search_model's workers.
LayerSetup warm_start_setup(const NetworkAnswer* previous, double stop_within_bound, int cold_start_factor,
                            std::vector<char>* warm = nullptr);

// Throws InputError for a setup the search refuses. `previous` (may be null) seeds each shape's
// search with the mappings it remembers for that shape. Deterministic for a seed, the previous answer and the
// request, whatever the thread count.
NetworkAnswer answer_network(const NetworkAnswerRequest& request, const NetworkAnswer* previous = nullptr,
                             std::stop_token stop = {});

}  // namespace mapscape
