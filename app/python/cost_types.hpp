// The Python objects of cost-model results: a report with the layer and accelerator it is of (for
// its JSON, which names the technology and each tensor's precision) and the compute bound
// eval --json puts next to it.
#pragma once

#include <cstdint>
#include <string>

#include "arch/accelerator.hpp"
#include "cost/cost_report.hpp"
#include "workload/layer.hpp"

namespace mapscape::python {

struct PyCostReport {
    CostReport report;
    Layer layer;
    Accelerator accelerator;
    std::string reason;                   // why it cannot run ("" when valid)
    std::int64_t compute_bound_cycles = 0;  // the busiest PE's MACs over its lanes
};

PyCostReport make_cost_report(const CostReport& report, const Layer& layer, const Accelerator& accelerator, const Mapping& mapping);

}  // namespace mapscape::python
