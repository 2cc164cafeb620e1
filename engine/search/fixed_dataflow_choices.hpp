// The tile rule of a fixed dataflow (fixed_dataflow.hpp) for one layer on one PE array, for any
// buffer sizes at once. L1 and L2 sizes take no part in the style's mapping or in the cost
// model's verdict except as "does it fit", so every knob combination is evaluated once, with
// the buffers it needs; the rule's choice for given sizes is then the most preferred
// combination that fits them, the same mapping run_fixed_dataflow finds with those sizes.
// HW-opt's grid varies L1 and L2 for each array shape: it asks here instead of re-evaluating
// every combination at every grid point.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "search/fixed_dataflow.hpp"

namespace mapscape {

class FixedDataflowChoices {
public:
    // `accelerator`'s buffer sizes are ignored; `reject_model_artefacts` as the search's constraint.
    FixedDataflowChoices(FixedDataflow style, const Layer& layer, const Accelerator& accelerator, bool reject_model_artefacts);

    // The style's mapping with the largest tiles that fit the sizes; nullopt when none does.
    std::optional<Mapping> choose(std::int64_t l1_bytes, std::int64_t l2_bytes) const;
    std::size_t candidates() const { return candidates_.size(); }

private:
    struct Candidate {
        std::vector<std::int64_t> knobs;
        std::int64_t l1_bytes = 0, l2_bytes = 0;
    };
    FixedDataflow style_;
    Layer layer_;
    Accelerator accelerator_;
    std::vector<Candidate> candidates_;  // valid but for the buffer sizes, in evaluation order
};

}  // namespace mapscape
