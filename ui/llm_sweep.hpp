// What the LLM view draws: one phase of a language model's inference against batch, on one
// accelerator. Per batch, the phase's bound (cost/llm_phase_metrics.hpp) and what a search finds:
// every layer of the phase searched with GAMMA at a small fixed budget and seed, the way
// `mapscape-cli search --model llm:...` does it (make_search_setup, search_model,
// llm_metrics_of_search), so the view and the CLI agree; and the knee, the least batch from which
// the bound is set by the MACs rather than by the bytes crossing the off-chip link.
// Plain C++ without Qt (the view's worker thread calls it); a candidate for the engine.
#pragma once

#include <cstdint>
#include <stop_token>
#include <string>
#include <vector>

#include "arch/accelerator.hpp"
#include "cost/llm_phase_metrics.hpp"
#include "workload/llm_config.hpp"
#include "workload/llm_workload.hpp"
#include "workload/model.hpp"

namespace mapscape::ui {

struct LlmSweepSettings {
    LlmConfig config;
    std::string
        config_reference;  // the bundled name or the config.json's path (llm_reference's CONFIG)
    LlmRequest request;    // phase, prompt, context, precision; batch: the one the readout is about
    Accelerator accelerator;
    std::int64_t samples_per_layer = 1000;
    std::uint64_t seed = 1;

    // The same figures would come out (the configuration is named by its reference).
    bool same_work(const LlmSweepSettings& other) const;
};

// The bound at one batch: no search, microseconds.
struct LlmBoundPoint {
    std::int64_t batch = 0;
    double seconds = 0;  // the phase's least time
    double tokens_per_second =
        0;  // the tokens the phase makes (decode) or reads (prefill) over that time
    bool memory_bound = false;
    LlmPhaseBound bound;
};

// What the search found at one batch.
struct LlmSearchedPoint {
    std::int64_t batch = 0;
    bool found = false;       // every layer has a mapping
    LlmPhaseMetrics metrics;  // when found
    int layers_without_mapping = 0;
    std::string problem;  // why there is no figure (an input error, no mapping)
};

// The phase at a batch (throws InputError as build_llm_model does).
Model build_sweep_model(const LlmSweepSettings& settings, std::int64_t batch);

// The knee of the settings' phase (cost/llm_phase_metrics.hpp knee_batch): 0 when every batch up
// to max_batch is memory-bound; 1 when even a batch of one is compute-bound.
std::int64_t sweep_knee_batch(const LlmSweepSettings& settings, std::int64_t max_batch = 65536);

// The batches the chart spans: powers of two from 1 to 256, or to four times the knee when that
// is larger (at most 4096), and the chosen batch (whatever its size), in order.
std::vector<std::int64_t> sweep_batches(std::int64_t knee_batch, std::int64_t chosen_batch);

// GAMMA's population for a budget: a 25th of the samples (25 generations), from 20 up to its
// default (200, from 5,000 samples on). At the default 200, 1,000 samples are five generations
// and 400 two, little better than random (Llama-3-8B's decode at batch 1,024 on the example LLM
// accelerator: 12x the bound at 400); with 40, 1,000 samples come within 2 % of the bound at
// every batch from 1 to 2,048.
int sweep_population(std::int64_t samples_per_layer);

LlmBoundPoint sweep_bound_point(const LlmSweepSettings& settings, std::int64_t batch);
// Searches every layer of the phase at this batch (GAMMA with sweep_population, one thread);
// honours `stop` between batches of samples (found is then false and the problem says "stopped").
LlmSearchedPoint sweep_searched_point(const LlmSweepSettings& settings, std::int64_t batch,
                                      std::stop_token stop = {});

}  // namespace mapscape::ui
