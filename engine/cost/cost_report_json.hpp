// The JSON form of a cost report, shared by `mapscape-cli eval --json`, search results and the
// GUI's exports.
#pragma once

#include <nlohmann/json.hpp>

#include "arch/accelerator.hpp"
#include "cost/cost_report.hpp"
#include "workload/layer.hpp"

namespace mapscape {

// {"name","type","runtime_cycles","macs","energy_nj":{...},"maestro_energy_nj",...,"tensors":{}}
nlohmann::json cost_report_to_json(const Layer& layer, const Accelerator& accelerator,
                                   const CostReport& report);

}  // namespace mapscape
