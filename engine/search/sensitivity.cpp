#include "search/sensitivity.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "cost/evaluate.hpp"
#include "tech/hardware_costs.hpp"
#include "tech/technology.hpp"
#include "tech/technology_library.hpp"
#include "util/closest_name.hpp"
#include "util/diagnostic.hpp"
#include "util/integer_math.hpp"
#include "util/units.hpp"

namespace mapscape {

namespace {

[[noreturn]] void bad_vary(const std::string& message) { throw InputError({"--vary", 0, 0}, message); }

// value x factor, rounded, at least 1; false when it leaves [1, kIntMax] or does not change.
bool scaled(std::int64_t value, double factor, std::int64_t& out) {
    const double v = std::round(static_cast<double>(value) * factor);
    if (!(v >= 1) || v > static_cast<double>(kIntMax)) return false;
    out = static_cast<std::int64_t>(v);
    return out != value;
}

std::string bytes_text(std::int64_t bytes) { return format_quantity(static_cast<double>(bytes), Quantity::Bytes); }

// The next narrower or wider format of the same kind; Unspecified when there is none.
NumberFormat neighbour_format(NumberFormat f, bool wider) {
    switch (f) {
        case NumberFormat::Int4: return wider ? NumberFormat::Int8 : NumberFormat::Unspecified;
        case NumberFormat::Int8: return wider ? NumberFormat::Int16 : NumberFormat::Int4;
        case NumberFormat::Int16: return wider ? NumberFormat::Int32 : NumberFormat::Int8;
        case NumberFormat::Int32: return wider ? NumberFormat::Unspecified : NumberFormat::Int16;
        case NumberFormat::Fp16:
        case NumberFormat::Bf16: return wider ? NumberFormat::Fp32 : NumberFormat::Int8;
        case NumberFormat::Fp32: return wider ? NumberFormat::Unspecified : NumberFormat::Fp16;
        default: return NumberFormat::Unspecified;
    }
}

// The bundled physical technologies by process node, smallest first.
std::vector<std::shared_ptr<const Technology>> nodes() {
    std::vector<std::shared_ptr<const Technology>> out;
    for (const std::string& name : bundled_technology_names()) {
        auto t = load_technology(name);
        if (!t->maestro_relative && t->process_node_nm > 0) out.push_back(t);
    }
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a->process_node_nm < b->process_node_nm; });
    return out;
}

KnobVariant not_applicable(std::string why) {
    KnobVariant v;
    v.applies = false;
    v.why_not = std::move(why);
    return v;
}

// A variant's row, with the layers searched and their outcome (the clock variants reuse the
// current design's).
struct VariantSearch {
    SensitivityRow row;
    std::vector<Layer> layers;
    ModelSearchOutcome outcome;
};

VariantSearch search_variant(const SensitivityRequest& request, const Model& model, const Accelerator& acc,
                             const SearchSetupOptions& options, std::stop_token stop) {
    const SearchSetup setup = make_search_setup(model, acc, request.platform_name, options);
    VariantSearch v;
    const ModelSearchRequest search = make_search_request(setup, search_algorithm(request.algo, request.population), request.seed);
    v.layers = search.layers;
    v.outcome = search_model(search, warm_start_setup(request.start_from.get(), request.stop_within_bound, 1), {}, stop);
    v.row.latency_cycles = v.outcome.total_runtime_cycles;
    v.row.latency_ms = static_cast<double>(v.outcome.total_runtime_cycles) / (acc.clock_mhz * 1e3);
    v.row.energy_nj = v.outcome.total_energy_nj;
    v.row.layers_without_mapping = v.outcome.layers_without_mapping;
    return v;
}

// A clock variant of a latency search: the clock changes no cycle count and no validity, so the
// search would walk exactly the current design's path to the same mappings; they are priced at
// the new clock (milliseconds, and the leakage energy of a physical technology) instead.
SensitivityRow repriced_at_clock(const VariantSearch& current, const Accelerator& acc) {
    SensitivityRow row = current.row;
    row.latency_ms = static_cast<double>(row.latency_cycles) / (acc.clock_mhz * 1e3);
    row.energy_nj = total_over_runs<double>(current.layers, [&](std::size_t i) {
        const SearchResult& r = current.outcome.layers[i].result;
        return r.found ? evaluate(current.layers[i], acc, r.best_mapping, ReportDetail::Full).energy.total_nj : 0.0;
    });
    return row;
}

}  // namespace

const std::vector<std::string>& sensitivity_knob_names() {
    static const std::vector<std::string> names{"pe_rows", "pe_columns", "l1", "l2", "noc_bw", "offchip_bw", "clock", "precision", "node"};
    return names;
}

std::vector<SensitivityKnob> default_sensitivity_knobs(const Accelerator& acc) {
    std::vector<SensitivityKnob> knobs;
    for (const std::string& name : sensitivity_knob_names()) {
        if ((name == "precision" || name == "node") && !acc.physical_technology) continue;
        knobs.push_back({name, {0.5, 2.0}});
    }
    return knobs;
}

SensitivityKnob parse_sensitivity_knob(const std::string& text) {
    const std::size_t eq = text.find('=');
    SensitivityKnob k;
    k.name = text.substr(0, eq);
    const auto& names = sensitivity_knob_names();
    if (std::find(names.begin(), names.end(), k.name) == names.end()) {
        std::string list;
        for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
        bad_vary("unknown knob \"" + k.name + "\"" + did_you_mean(k.name, names) + " (knobs: " + list + ")");
    }
    if (eq == std::string::npos) {
        k.factors = {0.5, 2.0};
        return k;
    }
    std::size_t start = eq + 1;
    while (start <= text.size()) {
        const std::size_t comma = text.find(',', start);
        std::string f = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (!f.empty() && (f[0] == 'x' || f[0] == 'X')) f.erase(0, 1);
        char* end = nullptr;
        const double value = f.empty() ? 0 : std::strtod(f.c_str(), &end);
        if (f.empty() || end != f.c_str() + f.size() || !(value > 0) || value > 1e6)
            bad_vary("\"" + text + "\": each factor is a positive number such as x0.5 or x2, not \"" +
                     text.substr(start, comma == std::string::npos ? std::string::npos : comma - start) + "\"");
        k.factors.push_back(value);
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return k;
}

KnobVariant vary_knob(const Accelerator& acc, const std::vector<Layer>& layers, const std::string& knob, double factor) {
    KnobVariant v;
    v.accelerator = acc;
    Accelerator& a = v.accelerator;
    if (knob == "pe_rows" || knob == "pe_columns") {
        // Rows: the outermost cluster level; columns: the innermost. An accelerator without a
        // hierarchy is one row of num_pes columns.
        std::vector<std::int64_t> h = acc.pe_hierarchy.empty() ? std::vector<std::int64_t>{1, acc.num_pes} : acc.pe_hierarchy;
        if (h.size() == 1) h.insert(h.begin(), 1);
        const std::size_t at = knob == "pe_rows" ? 0 : h.size() - 1;
        std::int64_t n = 0;
        if (!scaled(h[at], factor, n)) return not_applicable("the " + std::string(knob == "pe_rows" ? "rows" : "columns") + " cannot become x" + format_quantity(factor, Quantity::Plain));
        h[at] = n;
        std::int64_t pes = 1;
        for (std::int64_t x : h) pes *= x;
        if (pes > kIntMax) return not_applicable("too many PEs");
        a.pe_hierarchy = h;
        a.num_pes = pes;
        v.setting = std::to_string(h.front()) + " x " + std::to_string(h.back()) + " PEs";
    } else if (knob == "l1" || knob == "l2") {
        std::int64_t& size = knob == "l1" ? a.l1_size_bytes : a.l2_size_bytes;
        if (size >= kIntMax) return not_applicable(std::string(knob == "l1" ? "L1" : "L2") + " is unbounded");
        std::int64_t n = 0;
        if (!scaled(size, factor, n)) return not_applicable("the size cannot be scaled so");
        size = n;
        v.setting = std::string(knob == "l1" ? "L1 " : "L2 ") + bytes_text(n);
    } else if (knob == "noc_bw") {
        for (NocLevel& level : a.noc) {
            if (level.bandwidth_elements_per_cycle >= kIntMax) return not_applicable("the NoC is unbounded");
            std::int64_t n = 0;
            if (!scaled(level.bandwidth_elements_per_cycle, factor, n)) return not_applicable("the NoC bandwidth cannot be scaled so");
            level.bandwidth_elements_per_cycle = n;
        }
        v.setting = "NoC " + std::to_string(a.noc[0].bandwidth_elements_per_cycle) + " elements/cycle";
    } else if (knob == "offchip_bw") {
        std::int64_t n = 0;
        if (!scaled(acc.offchip_bw_elements_per_cycle, factor, n)) return not_applicable("the off-chip bandwidth cannot be scaled so");
        a.offchip_bw_elements_per_cycle = n;
        v.setting = "off-chip " + std::to_string(n) + " elements/cycle";
    } else if (knob == "clock") {
        a.clock_mhz = acc.clock_mhz * factor;
        if (!(a.clock_mhz >= 0.001 && a.clock_mhz <= 1e6)) return not_applicable("the clock leaves 0.001 MHz to 1 THz");
        v.setting = "clock " + format_quantity(a.clock_mhz, Quantity::Plain) + "MHz";
    } else if (knob == "precision") {
        if (factor == 1) return not_applicable("x1 leaves the precision as it is");
        const NumberFormat current = layers.empty() ? format_of_word(acc.word_size_bytes)
                                                    : effective_precision(layers.front(), acc).weight;
        const NumberFormat next = neighbour_format(current, factor > 1);
        if (next == NumberFormat::Unspecified)
            return not_applicable("no " + std::string(factor > 1 ? "wider" : "narrower") + " format than " +
                                  std::string(current == NumberFormat::Unspecified ? "the word" : format_name(current)));
        v.precision = uniform_precision(next);
        v.setting = "precision " + std::string(format_name(next));
    } else if (knob == "node") {
        if (!acc.physical_technology || acc.physical_technology->process_node_nm <= 0)
            return not_applicable("the node needs a physical technology (--tech 45nm)");
        const auto list = nodes();
        const double nm = acc.physical_technology->process_node_nm;
        std::shared_ptr<const Technology> pick;
        // x0.5: the next smaller node; x2: the next larger (the bundled ones, by feature size).
        for (const auto& t : list) {
            if (factor < 1 && t->process_node_nm < nm) pick = t;
            if (factor > 1 && t->process_node_nm > nm && !pick) pick = t;
        }
        if (!pick || factor == 1) return not_applicable("no bundled node " + std::string(factor < 1 ? "below " : "above ") + acc.physical_technology->name);
        apply_technology(a, pick);
        a.dram_type = acc.dram_type;
        a.l2_banks = acc.l2_banks;
        v.setting = "node " + pick->name;
    } else {
        return not_applicable("unknown knob");
    }
    return v;
}

SensitivityTable sensitivity(const SensitivityRequest& request, std::stop_token stop) {
    const auto started = std::chrono::steady_clock::now();
    SensitivityTable table;
    // The current design as the search sees it: the technology and precision options applied
    // once; each variant then changes one thing of that.
    const SearchSetup base = make_search_setup(merge_identical_layers(request.model), request.accelerator, request.platform_name,
                                               request.options);
    Model model = base.model;
    SearchSetupOptions options = request.options;
    options.technology = {};
    table.unique_layers = static_cast<std::int64_t>(model.layers.size());
    const VariantSearch current = search_variant(request, model, base.base.accelerator, options, stop);
    table.current = current.row;
    const bool latency_search = base.base.objective == Objective::of(Metric::Latency);
    table.current.setting = "current design";
    const std::vector<SensitivityKnob> knobs =
        request.knobs.empty() ? default_sensitivity_knobs(base.base.accelerator) : request.knobs;
    for (const SensitivityKnob& knob : knobs) {
        for (double factor : knob.factors) {
            if (stop.stop_requested()) break;
            const KnobVariant v = vary_knob(base.base.accelerator, model.layers, knob.name, factor);
            SensitivityRow row;
            if (v.applies) {
                Model varied = model;
                if (v.precision.specified())
                    for (Layer& l : varied.layers) l.precision = v.precision;
                row = knob.name == "clock" && latency_search ? repriced_at_clock(current, v.accelerator)
                                                              : search_variant(request, varied, v.accelerator, options, stop).row;
            }
            row.knob = knob.name;
            row.factor = factor;
            row.setting = v.setting;
            row.applies = v.applies;
            row.why_not = v.why_not;
            table.rows.push_back(std::move(row));
        }
    }
    table.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return table;
}

std::optional<double> sensitivity_change(const SensitivityRow& row, const SensitivityRow& current, SensitivityMetric metric) {
    if (!row.applies || row.layers_without_mapping > 0 || current.layers_without_mapping > 0) return std::nullopt;
    const bool latency = metric == SensitivityMetric::LatencyMs;
    const double now = latency ? current.latency_ms : current.energy_nj;
    const double then = latency ? row.latency_ms : row.energy_nj;
    if (!(now > 0)) return std::nullopt;
    return then / now - 1;
}

namespace {

nlohmann::ordered_json row_json(const SensitivityRow& r, const SensitivityRow& current) {
    nlohmann::ordered_json j;
    j["knob"] = r.knob;
    j["factor"] = r.factor;
    j["setting"] = r.setting;
    j["applies"] = r.applies;
    if (!r.applies) {
        j["why_not"] = r.why_not;
        return j;
    }
    j["latency_cycles"] = r.latency_cycles;
    j["latency_ms"] = r.latency_ms;
    j["energy_nj"] = r.energy_nj;
    const auto change = [&](SensitivityMetric m) {
        const auto c = sensitivity_change(r, current, m);
        return c ? nlohmann::ordered_json(*c) : nlohmann::ordered_json();
    };
    j["latency_change"] = change(SensitivityMetric::LatencyMs);
    j["energy_change"] = change(SensitivityMetric::EnergyNj);
    j["layers_without_mapping"] = r.layers_without_mapping;
    return j;
}

}  // namespace

nlohmann::ordered_json sensitivity_to_json(const SensitivityRequest& request, const SensitivityTable& table) {
    nlohmann::ordered_json j;
    j["model"] = request.model.name;
    j["platform"] = request.platform_name;
    j["algo"] = request.algo;
    j["objective"] = request.options.objective;
    j["budget"] = request.options.budget;
    j["seed"] = request.seed;
    j["unique_layers"] = table.unique_layers;
    nlohmann::ordered_json current = row_json(table.current, table.current);
    current.erase("knob");
    current.erase("factor");
    current.erase("latency_change");
    current.erase("energy_change");
    j["current"] = current;
    j["rows"] = nlohmann::ordered_json::array();
    for (const SensitivityRow& r : table.rows) j["rows"].push_back(row_json(r, table.current));
    return j;
}

}  // namespace mapscape
