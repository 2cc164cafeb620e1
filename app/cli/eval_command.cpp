// `mapscape-cli eval`: MAESTRO's job, per layer of a network + dataflow file.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "cli/accelerator_options.hpp"
#include "cli/commands.hpp"
#include "cost/network_evaluation.hpp"
#include "tech/hardware_costs.hpp"
#include "tech/technology.hpp"
#include "tech/technology_library.hpp"
#include "util/json_text.hpp"
#include "util/units.hpp"

namespace mapscape::cli {

namespace {

struct EvalOptions {
    std::string mapping_file;
    AcceleratorOptions hw;
    bool json = false;
    bool batch = false;
};

// Prints the evaluation's warnings (a missing Dataflow block, MAESTRO's partial-tile undercounts).
EvaluatedNetwork evaluate_network(const std::string& file, const Accelerator& acc, const TensorPrecision& precision,
                                  std::ostream& warnings) {
    EvaluatedNetwork e = evaluate_network_file(file, acc, precision);
    for (const std::string& w : e.warnings) warnings << "warning: " << w << "\n";
    return e;
}

// Scripts that score many candidates (a search of their own, as the public GAMMA's) give the
// files' paths on standard input, one per line, and read one JSON line per file back: no process
// start per candidate. A bad file gives {"file", "error"} and the batch goes on; the exit code is
// then 1.
int run_eval_batch(const EvalOptions& o) {
    const Accelerator acc = o.hw.build();
    std::string path;
    int files = 0, failed = 0;
    while (std::getline(std::cin, path)) {
        if (path.empty()) continue;
        ++files;
        nlohmann::json line;
        try {
            std::ostringstream ignored;  // the JSON says what the warnings would
            line = network_json(evaluate_network(path, acc, chosen_precision(o.hw.technology), ignored), acc);
            line["file"] = path;
        } catch (const InputError& e) {
            line = {{"file", path}, {"error", e.diagnostic().to_string()}};
        } catch (const std::exception& e) {
            line = {{"file", path}, {"error", e.what()}};
        }
        failed += line.contains("error");
        std::cout << json_text(line, -1) << std::endl;  // flushed: the caller waits for it
    }
    // The lines say which; the exit code tells a script that reads only it that some failed.
    if (failed > 0) {
        std::fprintf(stderr, "mapscape-cli eval --batch: %d of %d files could not be evaluated (their lines have \"error\")\n",
                     failed, files);
        return kExitProblem;
    }
    return kExitOk;
}

// Under a physical technology: where the energy goes and what is built (MAESTRO's model has no
// NoC, leakage or configured-area figures to show).
void print_technology_summary(const EvaluatedNetwork& e, const Accelerator& acc) {
    if (!acc.physical_technology || e.reports.empty()) return;
    EnergyBreakdown sum;
    for (std::size_t i = 0; i < e.reports.size(); ++i) {
        const EnergyBreakdown& b = e.reports[i].energy;
        sum.mac_nj += b.mac_nj;
        sum.l1_nj += b.l1_nj;
        sum.l2_nj += b.l2_nj;
        sum.noc_nj += b.noc_nj;
        sum.dram_nj += b.dram_nj;
        sum.leakage_nj += b.leakage_nj;
    }
    auto energy = [](double nj) { return format_quantity(nj, Quantity::EnergyNj); };
    const CostReport& r = e.reports.front();
    const TensorPrecision precision = effective_precision(e.net.layers.front().layer, acc);
    const DramFigures* dram = hardware_costs(acc, precision).dram;
    std::printf("technology %s (%s, DRAM %s): energy MAC %s, L1 %s, L2 %s, NoC %s, DRAM %s, leakage %s\n",
                technology_label(acc).c_str(), precision_text(precision).c_str(), dram ? dram->type.c_str() : "none",
                energy(sum.mac_nj).c_str(), energy(sum.l1_nj).c_str(), energy(sum.l2_nj).c_str(), energy(sum.noc_nj).c_str(),
                energy(sum.dram_nj).c_str(), energy(sum.leakage_nj).c_str());
    std::printf("built: area %s (PEs %s, L1 %s, L2 %s), leakage %s\n", format_quantity(r.area_um2, Quantity::AreaUm2).c_str(),
                format_quantity(r.area.pes_um2, Quantity::AreaUm2).c_str(), format_quantity(r.area.l1_um2, Quantity::AreaUm2).c_str(),
                format_quantity(r.area.l2_um2, Quantity::AreaUm2).c_str(), format_quantity(r.leakage_mw, Quantity::PowerMw).c_str());
}

int run_eval(const EvalOptions& o) {
    if (o.batch && !o.mapping_file.empty())
        throw InputError({o.mapping_file, 0, 0}, "--batch reads the files' paths from standard input; give no file with it");
    if (o.batch) return run_eval_batch(o);
    if (o.mapping_file.empty()) throw InputError({"eval", 0, 0}, "give a MAESTRO .m file, or --batch to read their paths from standard input");
    const Accelerator acc = o.hw.build();
    const EvaluatedNetwork e = evaluate_network(o.mapping_file, acc, chosen_precision(o.hw.technology), std::cerr);
    // A layer whose mapping cannot run is a problem the exit code says (1), as search's does.
    const bool all_valid = std::all_of(e.reports.begin(), e.reports.end(), [](const CostReport& r) { return r.valid(); });
    const int exit_code = all_valid ? kExitOk : kExitProblem;
    if (o.json) {
        std::cout << json_text(network_json(e, acc), 2) << "\n";
        return exit_code;
    }
    const auto& reports = e.reports;
    const auto& net = e.net;
    std::printf("%-22s %-7s %14s %14s %12s %9s %9s %8s %8s  %s\n", "layer", "type",
                "runtime_cyc", "macs", "energy", "L1_req", "L2_req", "NoC_BW", "util_PEs",
                "status");
    for (std::size_t i = 0; i < reports.size(); ++i) {
        const auto& r = reports[i];
        const auto& l = net.layers[i].layer;
        const std::string status = !r.valid()       ? "INVALID: " + describe(r.invalid, l, acc)
                                   : e.below_bound(i) ? "ok, but below the compute bound (see warning)"
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
                static_cast<long long>(e.total_runtime), static_cast<long long>(e.total_macs),
                right_aligned(format_quantity(e.total_energy, Quantity::EnergyNj), 12).c_str());
    std::printf("accelerator: %lld PEs, L1 %lld, L2 %lld, NoC BW %lld, off-chip BW %lld, "
                "SIMD %lld\n",
                static_cast<long long>(acc.num_pes), static_cast<long long>(acc.l1_size_elements()),
                static_cast<long long>(acc.l2_size_elements()),
                static_cast<long long>(acc.noc[0].bandwidth_elements_per_cycle),
                static_cast<long long>(acc.offchip_bw_elements_per_cycle),
                static_cast<long long>(acc.simd_lanes));
    print_technology_summary(e, acc);
    return exit_code;
}

}  // namespace

void add_eval_command(CLI::App& app, int& exit_code) {
    auto options = std::make_shared<EvalOptions>();
    CLI::App* c = app.add_subcommand("eval", "evaluate every layer of a MAESTRO network + dataflow file");
    c->add_option("mapping", options->mapping_file, "MAESTRO .m file (network with dataflows)");
    options->hw.add_to(*c);
    c->add_flag("--json", options->json, "print one JSON document instead of a table");
    c->add_flag("--batch", options->batch,
                "read .m file paths from standard input, one per line, and print one JSON line per file "
                "(the --json document and \"file\"; or \"file\" and \"error\") as each is evaluated; exit code 1 if any file gave an error");
    c->callback([options, &exit_code] { exit_code = run_eval(*options); });
}

}  // namespace mapscape::cli
