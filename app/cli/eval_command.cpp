// `mapscape-cli eval`: MAESTRO's job, per layer of a network + dataflow file.
#include <cstdio>
#include <iostream>
#include <memory>
#include <vector>

#include "cli/accelerator_options.hpp"
#include "cli/commands.hpp"
#include "cost/compute_bound.hpp"
#include "cost/cost_report_json.hpp"
#include "cost/evaluate.hpp"
#include "mapping/maestro_file.hpp"
#include "util/json_text.hpp"
#include "util/units.hpp"

namespace mapscape::cli {

namespace {

struct EvalOptions {
    std::string mapping_file;
    AcceleratorOptions hw;
    bool json = false;
};


int run_eval(const EvalOptions& o) {
    const MaestroNetwork net = read_maestro_file(o.mapping_file);
    const Accelerator acc = o.hw.build();
    for (const auto& w : net.warnings) std::cerr << "warning: " << w.to_string() << "\n";

    // A layer without a Dataflow block reuses the previous layer's, as MAESTRO intends.
    std::vector<Mapping> mappings;
    for (std::size_t i = 0; i < net.layers.size(); ++i) {
        const auto& entry = net.layers[i];
        if (entry.has_dataflow) {
            mappings.push_back(entry.mapping);
        } else if (!mappings.empty()) {
            std::cerr << "warning: " << Diagnostic{entry.location, "layer " + entry.layer.name +
                                                   " has no Dataflow; using the previous layer's"}
                                            .to_string()
                      << "\n";
            mappings.push_back(mappings.back());
        } else {
            throw InputError(entry.location, "layer " + entry.layer.name +
                                                 " has no Dataflow block and no earlier layer to "
                                                 "take one from");
        }
    }

    nlohmann::json layers = nlohmann::json::array();
    std::int64_t total_runtime = 0, total_macs = 0;
    double total_energy = 0;
    std::vector<CostReport> reports;
    std::vector<bool> below_bound;
    for (std::size_t i = 0; i < net.layers.size(); ++i) {
        const Layer& layer = net.layers[i].layer;
        const CostReport r = evaluate(layer, acc, mappings[i]);
        total_runtime += r.runtime_cycles;
        total_macs += r.macs;
        total_energy += r.energy.total_nj;
        reports.push_back(r);
        // MAESTRO's runtime can undercount partial tiles; say so when it claims less than the
        // busiest PE must compute.
        const std::int64_t bound = ComputeBound(layer, acc).cycles(mappings[i]);
        below_bound.push_back(r.valid() && r.runtime_cycles < bound);
        if (below_bound.back())
            std::cerr << "warning: " << layer.name << ": the modelled runtime " << r.runtime_cycles
                      << " cycles is below what its busiest PE must compute (" << bound
                      << " cycles); MAESTRO's model undercounts partial tiles here\n";
        if (o.json) {
            nlohmann::json j = cost_report_to_json(layer, acc, r);
            j["compute_bound_cycles"] = bound;
            j["below_compute_bound"] = static_cast<bool>(below_bound.back());
            layers.push_back(std::move(j));
        }
    }
    if (o.json) {
        nlohmann::json doc;
        doc["layers"] = std::move(layers);
        doc["totals"] = {{"runtime_cycles", total_runtime},
                         {"energy_nj", total_energy},
                         {"macs", total_macs}};
        std::cout << json_text(doc, 2) << "\n";
        return kExitOk;
    }
    std::printf("%-22s %-7s %14s %14s %12s %9s %9s %8s %8s  %s\n", "layer", "type",
                "runtime_cyc", "macs", "energy", "L1_req", "L2_req", "NoC_BW", "util_PEs",
                "status");
    for (std::size_t i = 0; i < reports.size(); ++i) {
        const auto& r = reports[i];
        const auto& l = net.layers[i].layer;
        const std::string status = !r.valid()       ? "INVALID: " + describe(r.invalid, l, acc)
                                   : below_bound[i] ? "ok, but below the compute bound (see warning)"
                                                    : "ok";
        std::printf("%-22s %-7s %14lld %14lld %12s %9lld %9lld %8lld %8.1f  %s\n",
                    l.name.substr(0, 22).c_str(), std::string(layer_type_name(l.type)).c_str(),
                    static_cast<long long>(r.runtime_cycles), static_cast<long long>(r.macs),
                    right_aligned(format_quantity(r.energy.total_nj, Quantity::EnergyNj), 12).c_str(),
                    static_cast<long long>(r.l1_required_elements),
                    static_cast<long long>(r.l2_required_elements),
                    static_cast<long long>(r.noc_bw_required), r.avg_utilized_pes, status.c_str());
    }
    std::printf("%-22s %-7s %14lld %14lld %12s\n", "TOTAL", "",
                static_cast<long long>(total_runtime), static_cast<long long>(total_macs),
                right_aligned(format_quantity(total_energy, Quantity::EnergyNj), 12).c_str());
    std::printf("accelerator: %lld PEs, L1 %lld, L2 %lld, NoC BW %lld, off-chip BW %lld, "
                "SIMD %lld\n",
                static_cast<long long>(acc.num_pes), static_cast<long long>(acc.l1_size_elements()),
                static_cast<long long>(acc.l2_size_elements()),
                static_cast<long long>(acc.noc[0].bandwidth_elements_per_cycle),
                static_cast<long long>(acc.offchip_bw_elements_per_cycle),
                static_cast<long long>(acc.simd_lanes));
    return kExitOk;
}

}  // namespace

void add_eval_command(CLI::App& app, int& exit_code) {
    auto options = std::make_shared<EvalOptions>();
    CLI::App* c = app.add_subcommand("eval", "evaluate every layer of a MAESTRO network + dataflow file");
    c->add_option("mapping", options->mapping_file, "MAESTRO .m file (network with dataflows)")->required();
    options->hw.add_to(*c);
    c->add_flag("--json", options->json, "print one JSON document instead of a table");
    c->callback([options, &exit_code] { exit_code = run_eval(*options); });
}

}  // namespace mapscape::cli
