#include "search/llm_search_metrics.hpp"

namespace mapscape {

std::optional<LlmPhaseMetrics> llm_metrics_of_search(const SearchSetup& setup, const ModelSearchOutcome& outcome) {
    const Model& model = setup.model;
    if (!model.llm || setup.layer_numbers.size() != model.layers.size() || outcome.layers_without_mapping > 0) return std::nullopt;
    std::vector<LlmLayerCost> costs(model.layers.size());
    for (const LayerSearchOutcome& o : outcome.layers) {
        const CostReport& r = o.result.best_report;
        costs.at(static_cast<std::size_t>(o.layer_number - 1)) = {r.runtime_cycles, r.energy.total_nj};
    }
    return llm_phase_metrics(model, setup.base.accelerator, costs);
}

}  // namespace mapscape
