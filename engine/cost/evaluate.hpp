// The cost model's entry point: a pure function of (layer, accelerator, mapping).
#pragma once

#include "arch/accelerator.hpp"
#include "cost/cost_report.hpp"
#include "mapping/mapping.hpp"
#include "workload/layer.hpp"

namespace mapscape {

// Evaluates one layer. Thread-safe, allocation-free, never throws for bad mappings: a mapping
// that cannot run comes back with report.invalid set (and whatever figures could be computed).
CostReport evaluate(const Layer& layer, const Accelerator& accelerator, const Mapping& mapping,
                    ReportDetail detail = ReportDetail::Full);

// The same, always through the plain reference analysis (slower; the fast path is tested
// against it).
CostReport evaluate_with_reference_analysis(const Layer& layer, const Accelerator& accelerator,
                                            const Mapping& mapping);

}  // namespace mapscape
