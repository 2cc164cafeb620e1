#include "search/search_setup.hpp"
#include "util/thread_pool.hpp"

#include <algorithm>
#include <thread>
#include <tuple>

#include "arch/presets.hpp"
#include "util/closest_name.hpp"
#include "util/diagnostic.hpp"
#include "util/integer_math.hpp"
#include "workload/layer_selection.hpp"

namespace mapscape {

namespace {

[[noreturn]] void bad(const std::string& option, const std::string& message) {
    throw InputError({option, 0, 0}, message);
}

}  // namespace

SearchSetup make_search_setup(Model model, Accelerator accelerator, std::string platform_name, const SearchSetupOptions& o) {
    SearchSetup s;
    s.model = std::move(model);
    if (s.model.layers.empty()) bad(s.model.name, "the model has no layers");
    s.layer_numbers = parse_layer_selection(o.layers, s.model.layers.size(), {"--layer", 0, 0});
    if (std::string p = accelerator_problem(accelerator); !p.empty()) bad(platform_name, p);
    apply_technology_choice(o.technology, accelerator);
    apply_default_precision(chosen_precision(o.technology), s.model.layers);
    s.base.accelerator = std::move(accelerator);
    s.platform_name = std::move(platform_name);
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
    // The ranges the sweep specs and the file formats use, so that every front end refuses alike.
    if (o.budget < 1 || o.budget > kIntMax)
        bad("--budget", "the budget is a number of samples per layer from 1 to " + std::to_string(kIntMax) + ", not " + std::to_string(o.budget));
    if (!(o.seconds >= 0 && o.seconds <= 1e9))
        bad("--time-limit", "the time limit is a number of seconds from 0 (none) to 10^9, not " + std::to_string(o.seconds));
    if (o.max_latency < 0) bad("--max-latency", "the latency cap must not be negative");

    s.base.budget.samples = o.budget;
    s.base.budget.seconds = o.seconds;
    if (o.max_latency > 0) s.base.constraints.max_latency_cycles = o.max_latency;
    s.base.constraints.reject_below_compute_bound = !o.maestro_as_is;
    s.base.threads = resolve_thread_count(o.threads);
    return s;
}

SearchSetup make_search_setup(const std::string& model, const std::string& platform, const SearchSetupOptions& options) {
    Model m = load_model(model);
    if (m.layers.empty()) bad(model, "the model has no layers");
    return make_search_setup(std::move(m), load_platform(platform), platform, options);
}

Algorithm search_algorithm(const std::string& name, int population, int generations) {
    auto algorithm = parse_algorithm(name);
    if (!algorithm) {
        std::string known;
        for (const auto& n : algorithm_names()) known += (known.empty() ? "" : ", ") + n;
        bad("--algo", "unknown algorithm \"" + name + "\"" + did_you_mean(name, algorithm_names()) + " (known: " + known + ")");
    }
    if (population < 2 || population > 100000) bad("--population", "the population must lie within 2-100000, not " + std::to_string(population));
    if (generations < 0) bad("--generations", "the generation limit must not be negative");
    algorithm->gamma.population = population;
    algorithm->gamma.generations = generations;
    return *algorithm;
}

ModelSearchRequest make_search_request(const SearchSetup& s, const Algorithm& algorithm, std::uint64_t seed) {
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

}  // namespace mapscape
