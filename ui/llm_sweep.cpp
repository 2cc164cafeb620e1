#include "llm_sweep.hpp"

#include <algorithm>

#include "search/llm_search_metrics.hpp"
#include "search/search_setup.hpp"
#include "util/diagnostic.hpp"
#include "workload/llm_model.hpp"

namespace mapscape::ui {

namespace {

constexpr std::int64_t kLeastLastBatch = 256;
constexpr std::int64_t kMostLastBatch = 4096;

std::int64_t power_of_two_at_least(std::int64_t n) {
    std::int64_t p = 1;
    while (p < n) p *= 2;
    return p;
}

}  // namespace

bool LlmSweepSettings::same_work(const LlmSweepSettings& o) const {
    return config_reference == o.config_reference && config.name == o.config.name &&
           request == o.request && accelerator == o.accelerator &&
           samples_per_layer == o.samples_per_layer && seed == o.seed;
}

Model build_sweep_model(const LlmSweepSettings& s, std::int64_t batch) {
    LlmRequest r = s.request;
    r.batch = batch;
    return build_llm_model(s.config, r, s.config_reference);
}

std::int64_t sweep_knee_batch(const LlmSweepSettings& s, std::int64_t max_batch) {
    return knee_batch(s.config, s.request, s.config_reference, s.accelerator, max_batch);
}

std::vector<std::int64_t> sweep_batches(std::int64_t knee, std::int64_t chosen) {
    // Four times the knee shows the flat, compute-bound part of the roofline as well as the slope.
    const std::int64_t last = std::clamp(power_of_two_at_least(4 * std::max<std::int64_t>(knee, 1)),
                                         kLeastLastBatch, kMostLastBatch);
    std::vector<std::int64_t> batches;
    for (std::int64_t b = 1; b <= last; b *= 2) batches.push_back(b);
    if (chosen >= 1 && !std::binary_search(batches.begin(), batches.end(), chosen)) {
        batches.push_back(chosen);
        std::sort(batches.begin(), batches.end());
    }
    return batches;
}

int sweep_population(std::int64_t samples_per_layer) {
    return static_cast<int>(
        std::clamp<std::int64_t>(samples_per_layer / 25, 20, SearchDefaults{}.population));
}

LlmBoundPoint sweep_bound_point(const LlmSweepSettings& s, std::int64_t batch) {
    const Model model = build_sweep_model(s, batch);
    LlmBoundPoint p;
    p.batch = batch;
    p.bound = llm_phase_bound(model, s.accelerator);
    p.memory_bound = p.bound.memory_bound();
    p.seconds = static_cast<double>(p.bound.cycles) / (s.accelerator.clock_mhz * 1e6);
    // The tokens llm_phase_metrics counts: a decode step's one per sequence, a prefill's prompts.
    const double tokens =
        static_cast<double>(s.request.phase == LlmPhase::Decode ? model.llm->tokens_generated()
                                                                : model.llm->tokens_processed());
    p.tokens_per_second = p.seconds > 0 ? tokens / p.seconds : 0;
    return p;
}

LlmSearchedPoint sweep_searched_point(const LlmSweepSettings& s, std::int64_t batch,
                                      std::stop_token stop) {
    LlmSearchedPoint p;
    p.batch = batch;
    try {
        SearchSetupOptions options;
        options.budget = s.samples_per_layer;
        options.threads = 1;  // one worker: the window keeps the other cores
        const SearchSetup setup = make_search_setup(build_sweep_model(s, batch), s.accelerator,
                                                    s.accelerator.name, options);
        const ModelSearchRequest request = make_search_request(
            setup, search_algorithm("gamma", sweep_population(s.samples_per_layer)), s.seed);
        const ModelSearchOutcome outcome = search_model(request, {}, stop);
        if (stop.stop_requested()) {
            p.problem = "stopped";
            return p;
        }
        p.layers_without_mapping = outcome.layers_without_mapping;
        if (const auto metrics = llm_metrics_of_search(setup, outcome)) {
            p.found = true;
            p.metrics = *metrics;
        } else {
            p.problem = std::to_string(outcome.layers_without_mapping) + " of " +
                        std::to_string(setup.model.layers.size()) + " layers found no mapping in " +
                        std::to_string(s.samples_per_layer) + " samples";
        }
    } catch (const InputError& e) {
        p.problem = e.diagnostic().to_string();
    }
    return p;
}

}  // namespace mapscape::ui
