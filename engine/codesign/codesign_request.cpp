#include "codesign/codesign_request.hpp"
#include "util/thread_pool.hpp"

#include <algorithm>
#include <thread>
#include <tuple>

#include "mapping/map_space.hpp"
#include "search/objective.hpp"
#include "search/problem.hpp"
#include "util/diagnostic.hpp"
#include "util/integer_math.hpp"

namespace mapscape {

CodesignProblem make_codesign_problem(const CodesignRequest& o, const Model& model, const std::vector<int>& numbers,
                                      std::uint64_t seed) {
    const CodesignPlatform platform = codesign_platform(o.platform);
    CodesignProblem p;
    for (int n : numbers) {
        Layer l = model.layers[static_cast<std::size_t>(n - 1)];
        if (l.name.empty()) l.name = "layer" + std::to_string(n);
        p.layers.push_back(std::move(l));
    }
    p.layer_numbers = numbers;
    p.base = platform.base;
    p.base.map_space = map_space_preset(o.map_space);
    apply_technology_choice(o.technology, p.base);
    std::vector<Layer> layers = std::move(p.layers);
    apply_default_precision(chosen_precision(o.technology), layers);
    p.layers = std::move(layers);
    // 0 means the platform's budget; beyond a wafer (10^5 mm^2) a budget is a typo, not a design.
    if (!(o.area_budget_mm2 >= 0 && o.area_budget_mm2 <= kMaxAreaBudgetMm2))
        throw InputError({"--area-budget", 0, 0}, "an area budget is a number of mm^2 from 0 (the platform's) to " +
                                                      std::to_string(static_cast<long long>(kMaxAreaBudgetMm2)) + ", not " +
                                                      std::to_string(o.area_budget_mm2));
    p.area_budget_um2 = o.area_budget_mm2 > 0 ? o.area_budget_mm2 * 1e6 : platform.area_budget_um2;
    p.area_model = o.area_model.empty() ? default_area_model() : area_model(o.area_model);
    if (o.max_pes > 0) p.max_pes = o.max_pes;
    if (o.buffers == "need")
        p.buffers = BufferSizing::ToNeed;
    else if (o.buffers == "searched")
        p.buffers = BufferSizing::Searched;
    else
        throw InputError({"--buffers", 0, 0}, "expected need or searched, not \"" + o.buffers + "\"");
    const auto levels = parse_level_range(o.levels, 3);
    if (!levels) throw InputError({"--levels", 0, 0}, "levels must lie within 1-3: 1, 2, 3 or a range such as 1-2, not \"" + o.levels + "\"");
    std::tie(p.min_levels, p.max_levels) = *levels;
    const auto objective = parse_objective(o.objective);
    if (!objective) throw InputError({"--objective", 0, 0}, "cannot read objective \"" + o.objective + "\" (latency, energy, edp, lap)");
    if (const std::string why = codesign_objective_problem(*objective); !why.empty()) throw InputError({"--objective", 0, 0}, why);
    p.objective = *objective;
    if (o.budget < 1 || o.budget > kIntMax)
        throw InputError({"--budget", 0, 0}, "the budget is a number of samples from 1 to " + std::to_string(kIntMax) + ", not " +
                                                 std::to_string(o.budget));
    if (!(o.seconds >= 0 && o.seconds <= 1e9))
        throw InputError({"--time-limit", 0, 0}, "the time limit is a number of seconds from 0 (none) to 10^9, not " + std::to_string(o.seconds));
    p.budget_samples = o.budget;
    p.budget_seconds = o.seconds;
    p.seed = seed;
    p.threads = resolve_thread_count(o.threads);
    p.reject_model_artefacts = !o.maestro_as_is;
    return p;
}

}  // namespace mapscape
