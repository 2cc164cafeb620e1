// What-if sensitivity of a whole network to each accelerator knob: the network's best latency and
// energy with one knob at x0.5 and x2 of today's value (PE rows, PE columns, L1, L2, NoC
// bandwidth, off-chip bandwidth, clock; precision and process node under a physical technology),
// every unique layer shape searched afresh on each variant. `mapscape-cli whatif` prints it,
// Python's mapscape.sensitivity() returns it, and the app's tornado chart draws it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "arch/accelerator.hpp"
#include "search/network_answer.hpp"
#include "search/search_setup.hpp"
#include "workload/model.hpp"

namespace mapscape {

// A knob and the factors it is tried at.
struct SensitivityKnob {
    std::string name;  // pe_rows, pe_columns, l1, l2, noc_bw, offchip_bw, clock, precision, node
    std::vector<double> factors;
};

// Every knob's name, in the table's order.
const std::vector<std::string>& sensitivity_knob_names();
// The knobs at x0.5 and x2: the seven of every accelerator, and precision and node when the
// accelerator has a physical technology.
std::vector<SensitivityKnob> default_sensitivity_knobs(const Accelerator& acc);
// "l2=x0.5,x2" (or "l2=0.5,2"): throws InputError at "--vary" naming what is wrong.
SensitivityKnob parse_sensitivity_knob(const std::string& text);

// The accelerator (and layer precision) with one knob scaled; `setting` says what it became
// ("L2 216 KB"). Empty optional-like: `applies` false with `why_not` ("L1 is unbounded").
struct KnobVariant {
    bool applies = true;
    std::string why_not;
    std::string setting;
    Accelerator accelerator;
    TensorPrecision precision;  // for the precision knob; unspecified otherwise
};
KnobVariant vary_knob(const Accelerator& acc, const std::vector<Layer>& layers, const std::string& knob, double factor);

struct SensitivityRow {
    std::string knob;   // "" for the current design
    double factor = 1;
    std::string setting;
    bool applies = true;
    std::string why_not;
    std::int64_t latency_cycles = 0;  // the network's best, each layer counted as often as it runs
    double latency_ms = 0;            // at the variant's clock
    double energy_nj = 0;             // of the same mappings
    int layers_without_mapping = 0;
};

// A row's relative change from the current design (0.05 = 5% more), when both are comparable:
// the row applies, every layer of both has a mapping and the current figure is positive. The
// one rule the JSON, the CLI's table and the app's tornado chart all use.
enum class SensitivityMetric { LatencyMs, EnergyNj };
std::optional<double> sensitivity_change(const SensitivityRow& row, const SensitivityRow& current, SensitivityMetric metric);

struct SensitivityTable {
    SensitivityRow current;
    std::vector<SensitivityRow> rows;  // knob by knob, factors in the order given
    std::int64_t unique_layers = 0;
    double wall_seconds = 0;
};

struct SensitivityRequest {
    Model model;  // searched one layer per unique shape (repeat counts kept)
    Accelerator accelerator;
    std::string platform_name;
    SearchSetupOptions options;  // objective, budget, system, threads, technology/precision
    std::string algo = "gamma";
    int population = SearchDefaults{}.population;  // GAMMA's
    std::uint64_t seed = 1;
    // The app's tornado: every variant's shapes, and the current design's, start from the live
    // answer's best mappings (repaired to the variant) and end within this of their bound (0: use
    // the budget). The current design is searched again like the variants, not taken from the
    // live answer: variants searched further than their centre would all read a little better
    // (-0.4% for a NoC that does not matter). The CLI and Python search every variant afresh.
    std::shared_ptr<const NetworkAnswer> start_from;
    double stop_within_bound = 0;
    std::vector<SensitivityKnob> knobs;  // empty: default_sensitivity_knobs
};

// Throws InputError for a setup the search refuses. Results depend on the seed, not the threads.
SensitivityTable sensitivity(const SensitivityRequest& request, std::stop_token stop = {});

// {"model", "platform", "objective", "budget", "seed", "unique_layers", "current": {row},
//  "rows": [{"knob", "factor", "setting", "applies", "why_not", "latency_cycles", "latency_ms",
//  "energy_nj", "latency_change", "energy_change", "layers_without_mapping"}]}
nlohmann::ordered_json sensitivity_to_json(const SensitivityRequest& request, const SensitivityTable& table);

}  // namespace mapscape
