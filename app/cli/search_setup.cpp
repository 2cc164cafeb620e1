#include "cli/search_setup.hpp"
#include "cli/option_checks.hpp"

#include <algorithm>
#include <thread>
#include <tuple>

#include "arch/presets.hpp"
#include "util/diagnostic.hpp"
#include "workload/layer_selection.hpp"
#include "util/closest_name.hpp"

namespace mapscape::cli {

namespace {

[[noreturn]] void bad(const std::string& option, const std::string& message) {
    throw InputError({option, 0, 0}, message);
}

}  // namespace

void SearchSetupOptions::add_to(CLI::App& c) {
    c.add_option("--model", model, "bundled model name (see `model list`) or a model file (.json, .onnx, .csv, .m)")->required();
    c.add_option("--layer", layers, "layers to search: all, N, A-B or a comma list (1-based)")->capture_default_str();
    c.add_option("--platform", platform, "edge, cloud, another preset id, or an accelerator file (.json or MAESTRO HW .m)")
        ->capture_default_str();
    c.add_option("--system", system, "target system: S1 (fixed 2D array), S2 (flexible 2D), S3 (scale-out)")
        ->capture_default_str();
    c.add_option("--levels", levels,
                 "cluster levels the mappings may have, within the system's range (S1: 2, S2: 1-2, S3: 2-3): "
                 "a count or a range such as 1-2 (default: the system's range)");
    c.add_option("--objective", objective,
                 "latency, energy, power, edp, area, lap, or a product such as latency*energy^2")
        ->capture_default_str();
    c.add_option("--budget", budget, "cost-model samples per layer")->capture_default_str()->check(positive_count("samples"));
    c.add_option("--time-limit", seconds, "wall-time limit per layer in seconds (0 = none; makes results machine-dependent)")
        ->check(amount_or_zero("seconds", "none"));
    c.add_option("--max-latency", max_latency, "hard latency cap in cycles (0 = none)")->check(count_or_zero("cycles", "none"));
    c.add_flag("--maestro-as-is", maestro_as_is,
               "accept mappings MAESTRO's model undercounts (a runtime below what their busiest PE must compute, "
               "or fewer MACs than the layer has: MAESTRO undercounts some partial tiles; tools that use MAESTRO "
               "as is report such mappings)");
    c.add_option("--threads", threads, "worker threads (0 = one per core); results do not depend on it")
        ->check(count_or_zero("threads", "one per core"));
}

SearchSetup resolve(const SearchSetupOptions& o) {
    SearchSetup s;
    s.model = load_model(o.model);
    if (s.model.layers.empty()) bad(o.model, "the model has no layers");
    s.layer_numbers = parse_layer_selection(o.layers, s.model.layers.size(), {"--layer", 0, 0});
    s.base.accelerator = load_platform(o.platform);
    s.platform_name = o.platform;
    const auto system = parse_system(o.system);
    if (!system) bad("--system", "unknown target system \"" + o.system + "\" (S1, S2 or S3)");
    s.base.system = *system;
    if (!o.levels.empty()) {
        const auto range = parse_level_range(o.levels, max_levels(*system));
        if (!range || range->first < min_levels(*system))
            bad("--levels", "expected a level count or range within " + o.system + "'s " + std::to_string(min_levels(*system)) + "-" +
                                std::to_string(max_levels(*system)) + ", not \"" + o.levels + "\"");
        std::tie(s.base.min_levels, s.base.max_levels) = *range;
    }
    const auto objective = parse_objective(o.objective);
    if (!objective)
        bad("--objective", "cannot read objective \"" + o.objective + "\"" +
                               did_you_mean(o.objective, {"latency", "energy", "power", "edp", "area", "lap"}) +
                               " (latency, energy, power, edp, area, lap, or products like latency*energy^2)");
    s.base.objective = *objective;
    s.base.budget.samples = o.budget;
    s.base.budget.seconds = o.seconds;
    if (o.max_latency > 0) s.base.constraints.max_latency_cycles = o.max_latency;
    s.base.constraints.reject_below_compute_bound = !o.maestro_as_is;
    s.base.threads = o.threads > 0 ? o.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    return s;
}

ModelSearchRequest make_request(const SearchSetup& s, const Algorithm& algorithm, std::uint64_t seed) {
    ModelSearchRequest r;
    for (int n : s.layer_numbers) {
        Layer l = s.model.layers[static_cast<std::size_t>(n - 1)];
        if (l.name.empty()) l.name = "layer" + std::to_string(n);
        r.layers.push_back(std::move(l));
    }
    r.layer_numbers = s.layer_numbers;
    r.base = s.base;
    r.base.seed = seed;
    r.algorithm = algorithm;
    for (const Layer& l : r.layers) {  // e.g. a search that needs a model file or covers some layer types only
        SearchProblem p = r.base;
        p.layer = l;
        if (const std::string why = algorithm_problem(algorithm, p); !why.empty()) bad("--algo", algorithm.name() + ": " + why);
    }
    return r;
}

}  // namespace mapscape::cli
