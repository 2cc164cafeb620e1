// A MAESTRO network + dataflow file evaluated layer by layer, as MAESTRO does (`mapscape-cli eval`,
// the Python module's evaluate_file()): each layer under its Dataflow block (or the previous
// layer's), with the busiest PE's compute bound next to the modelled runtime.
//   JSON (eval --json): {"layers":[cost_report_to_json + "compute_bound_cycles","below_compute_bound"],
//                        "totals":{"runtime_cycles","energy_nj","macs"}}
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "arch/accelerator.hpp"
#include "cost/cost_report.hpp"
#include "mapping/maestro_file.hpp"

namespace mapscape {

struct EvaluatedNetwork {
    MaestroNetwork net;
    std::vector<Mapping> mappings;  // what each layer ran (a layer without a Dataflow block: the previous one's)
    std::vector<CostReport> reports;
    std::vector<std::int64_t> compute_bounds;  // cycles the busiest PE must compute
    std::int64_t total_runtime = 0, total_macs = 0;
    double total_energy = 0;
    // The file's ignored constructs, layers that borrowed a Dataflow, MAESTRO's partial-tile
    // undercounts: "file:line:col: ..." sentences without the "warning: " prefix.
    std::vector<std::string> warnings;

    bool below_bound(std::size_t i) const { return reports[i].valid() && reports[i].runtime_cycles < compute_bounds[i]; }
};

// Throws InputError (file:line:column) for a file that cannot be read, or whose first layer has
// no Dataflow block.
// `precision`: for layers without their own (a MAESTRO file names none); unspecified: the word size.
EvaluatedNetwork evaluate_network(const MaestroNetwork& network, const Accelerator& accelerator,
                                  const TensorPrecision& precision = {});
EvaluatedNetwork evaluate_network_file(const std::string& path, const Accelerator& accelerator,
                                       const TensorPrecision& precision = {});

// One layer's eval --json entry: the cost report's JSON with the compute bound.
nlohmann::json evaluated_layer_json(const Layer& layer, const Accelerator& accelerator, const CostReport& report,
                                    std::int64_t compute_bound_cycles);
nlohmann::json network_json(const EvaluatedNetwork& evaluated, const Accelerator& accelerator);

}  // namespace mapscape
