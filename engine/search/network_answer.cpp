#include "search/network_answer.hpp"

#include <algorithm>
#include <chrono>

#include "arch/area_model.hpp"
#include "cost/bounds.hpp"
#include "search/genome.hpp"
#include "search/least_footprint.hpp"

namespace mapscape {

namespace {

// The accelerator's area as configured: area_of takes the physical technology's own areas when
// there is one, otherwise the default area model's (the one the accelerator editor shows first).
double configured_area_mm2(const Accelerator& acc) { return area_of(default_area_model(), acc).total_um2() / 1e6; }

// The previous design's answer for this shape, when it has one with a mapping.
const LayerAnswer* previous_for(const NetworkAnswer* previous, std::size_t index, const Layer& layer) {
    if (!previous) return nullptr;
    auto usable = [&](const LayerAnswer& a) { return !a.remembered.empty() && same_shape(a.layer, layer); };
    if (index < previous->layers.size() && usable(previous->layers[index])) return &previous->layers[index];
    for (const LayerAnswer& a : previous->layers)  // the model was edited: match by shape
        if (usable(a)) return &a;
    return nullptr;
}

}  // namespace

LayerSetup warm_start_setup(const NetworkAnswer* previous, double stop_within_bound, int cold_start_factor, std::vector<char>* warm) {
    return [=](std::size_t i, SearchProblem& p, Algorithm& algorithm) {
        if (const LayerAnswer* before = previous_for(previous, i, p.layer)) {
            const GenomeSpace space = make_genome_space(p);
            for (const Mapping& m : before->remembered)
                if (auto g = genome_of(m, space)) algorithm.gamma.seeds.push_back(*g);
        }
        const bool warm_start = !algorithm.gamma.seeds.empty();
        if (warm) (*warm)[i] = warm_start;
        if (!warm_start) p.budget.samples *= std::max(1, cold_start_factor);
        if (stop_within_bound > 0)
            p.budget.stop_at_objective = objective_bound(p.objective, layer_bound(p.layer, p.accelerator)) * (1 + stop_within_bound);
    };
}

NetworkAnswer answer_network(const NetworkAnswerRequest& request, const NetworkAnswer* previous, std::stop_token stop) {
    const auto started = std::chrono::steady_clock::now();
    const SearchSetup setup =
        make_search_setup(merge_identical_layers(request.model), request.accelerator, request.platform_name, request.options);
    const Accelerator& acc = setup.base.accelerator;
    const ModelSearchRequest search = make_search_request(setup, search_algorithm("gamma", request.population), request.seed);
    std::vector<char> warm(search.layers.size(), 0);
    const ModelSearchOutcome outcome =
        search_model(search, warm_start_setup(previous, request.stop_within_bound, request.cold_start_factor, &warm), {}, stop);

    NetworkAnswer answer;
    answer.layers.resize(search.layers.size());
    for (std::size_t i = 0; i < search.layers.size(); ++i) {
        LayerAnswer& a = answer.layers[i];
        a.layer = search.layers[i];
        a.name = a.layer.name;
        const LayerBound bound = layer_bound(a.layer, acc);
        a.bound_runtime_cycles = bound.runtime_cycles;
        a.bound_energy_nj = bound.energy_nj;
        a.warm_started = warm[i] != 0;
        if (const LayerAnswer* before = previous_for(previous, i, a.layer)) a.remembered = before->remembered;
    }
    for (std::size_t i = 0; i < search.layers.size(); ++i) {
        LayerAnswer& a = answer.layers[i];
        const SearchResult& r = outcome.layers[i].result;
        a.samples = r.samples;
        answer.samples += r.samples;
        answer.stopped = answer.stopped || r.stopped;
        a.found = r.found;
        if (r.found) {
            a.mapping = r.best_mapping;
            // Newest first, each once, the oldest forgotten.
            std::erase(a.remembered, r.best_mapping);
            a.remembered.insert(a.remembered.begin(), r.best_mapping);
            if (a.remembered.size() > kAnswerMemory) a.remembered.resize(kAnswerMemory);
            a.runtime_cycles = r.best_report.runtime_cycles;
            a.energy_nj = r.best_report.energy.total_nj;
        } else {
            ++answer.layers_without_mapping;
            a.why_none = why_no_mapping(r);
        }
    }
    const std::vector<Layer>& layers = search.layers;
    answer.latency_cycles = total_over_runs<std::int64_t>(layers, [&](std::size_t i) { return answer.layers[i].runtime_cycles; });
    answer.energy_nj = total_over_runs<double>(layers, [&](std::size_t i) { return answer.layers[i].energy_nj; });
    answer.bound_latency_cycles = total_over_runs<std::int64_t>(layers, [&](std::size_t i) { return answer.layers[i].bound_runtime_cycles; });
    answer.bound_energy_nj = total_over_runs<double>(layers, [&](std::size_t i) { return answer.layers[i].bound_energy_nj; });
    const double cycles_per_ms = acc.clock_mhz * 1e3;
    answer.latency_ms = static_cast<double>(answer.latency_cycles) / cycles_per_ms;
    answer.bound_latency_ms = static_cast<double>(answer.bound_latency_cycles) / cycles_per_ms;
    answer.edp_mj_ms = answer.energy_nj / 1e6 * answer.latency_ms;
    answer.area_mm2 = configured_area_mm2(acc);
    answer.clock_mhz = acc.clock_mhz;
    answer.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return answer;
}

}  // namespace mapscape
