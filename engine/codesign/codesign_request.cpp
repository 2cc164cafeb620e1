#include "codesign/codesign_request.hpp"

#include <algorithm>
#include <thread>
#include <tuple>

#include "mapping/map_space.hpp"
#include "search/objective.hpp"
#include "search/problem.hpp"
#include "util/diagnostic.hpp"

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
    p.budget_samples = o.budget;
    p.budget_seconds = o.seconds;
    p.seed = seed;
    p.threads = o.threads > 0 ? o.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    p.reject_model_artefacts = !o.maestro_as_is;
    return p;
}

}  // namespace mapscape
