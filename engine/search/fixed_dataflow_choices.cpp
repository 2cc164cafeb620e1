#include "search/fixed_dataflow_choices.hpp"

#include <limits>

#include "cost/compute_bound.hpp"
#include "cost/evaluate.hpp"

namespace mapscape {

FixedDataflowChoices::FixedDataflowChoices(FixedDataflow style, const Layer& layer, const Accelerator& accelerator,
                                           bool reject_model_artefacts)
    : style_(style), layer_(layer), accelerator_(accelerator) {
    accelerator_.l1_size_bytes = std::numeric_limits<std::int64_t>::max();
    accelerator_.l2_size_bytes = std::numeric_limits<std::int64_t>::max();
    const ComputeBound bound(layer_, accelerator_);
    for (auto& knobs : fixed_dataflow_combinations(style_, layer_)) {
        const Mapping m = fixed_dataflow_mapping(style_, layer_, accelerator_, knobs);
        const CostReport r = evaluate(layer_, accelerator_, m, ReportDetail::Objectives);
        if (!r.valid() || (reject_model_artefacts && model_artefact(r, bound, m) != Invalidity::None)) continue;
        candidates_.push_back({std::move(knobs), r.l1_required_bytes, r.l2_required_bytes});
    }
}

std::optional<Mapping> FixedDataflowChoices::choose(std::int64_t l1_bytes, std::int64_t l2_bytes) const {
    const Candidate* chosen = nullptr;
    for (const Candidate& c : candidates_) {
        if (c.l1_bytes > l1_bytes || c.l2_bytes > l2_bytes) continue;
        if (!chosen || larger_tiles(c.knobs, chosen->knobs)) chosen = &c;
    }
    if (!chosen) return std::nullopt;
    return fixed_dataflow_mapping(style_, layer_, accelerator_, chosen->knobs);
}

}  // namespace mapscape
