// A language model phase's figures from a whole-model search: what `search`, `compare` and the
// Python module report beside the layer table when the model carries an LLM workload.
#pragma once

#include <optional>

#include "cost/llm_phase_metrics.hpp"
#include "search/search_setup.hpp"

namespace mapscape {

// Set when the setup's model is an LLM phase, every layer was searched and every one mapped.
std::optional<LlmPhaseMetrics> llm_metrics_of_search(const SearchSetup& setup, const ModelSearchOutcome& outcome);

}  // namespace mapscape
