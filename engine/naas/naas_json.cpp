#include "naas/naas_json.hpp"

#include <cmath>

#include "arch/accelerator_json.hpp"
#include "mapping/mapping_json.hpp"
#include "util/json_number.hpp"

namespace mapscape {

namespace {

nlohmann::ordered_json hardware_json(const NaasDesign& d) {
    const Accelerator& a = d.accelerator;
    nlohmann::ordered_json parallel = nlohmann::ordered_json::array();
    for (int k = 0; k < d.hardware.levels; ++k) parallel.push_back(std::string(role_name(d.hardware.parallel[static_cast<std::size_t>(k)])));
    return {{"num_pes", a.num_pes},
            {"cluster_sizes", a.pe_hierarchy},
            {"parallel_dims", std::move(parallel)},
            {"l1_bytes", a.l1_size_bytes},
            {"l2_bytes", a.l2_size_bytes},
            {"sram_bytes", a.l1_size_bytes * a.num_pes + a.l2_size_bytes},
            {"noc_bw", a.noc[0].bandwidth_elements_per_cycle},
            {"describe", d.hardware.describe()},
            {"hw", accelerator_to_json(a)}};
}

}  // namespace

nlohmann::ordered_json naas_to_json(const NaasProblem& p, const NaasResult& r) {
    nlohmann::ordered_json j;
    j["resources"] = p.resources.id;
    j["resources_limits"] = {{"max_pes", p.resources.max_pes}, {"max_sram_bytes", p.resources.max_sram_bytes},
                             {"noc_bw", p.resources.baseline.noc[0].bandwidth_elements_per_cycle}};
    j["encoding"] = std::string(encoding_name(p.decode.encoding));
    j["sizing_only"] = p.decode.sizing_only;
    j["seed"] = p.seed;
    j["population"] = p.population;
    j["iterations"] = p.iterations;
    j["mapping_samples"] = p.mapping_samples;
    j["start_from_baseline"] = p.start_from_baseline;
    j["wall_s"] = r.wall_seconds;
    j["stopped"] = r.stopped;
    j["found"] = r.found;
    j["refined"] = r.refined;
    j["accelerator"] = r.found ? hardware_json(r.best) : nlohmann::ordered_json(nullptr);
    j["baseline_accelerator"] = hardware_json(r.baseline);
    nlohmann::ordered_json benchmarks = nlohmann::ordered_json::array();
    for (std::size_t b = 0; b < r.baseline.benchmarks.size(); ++b) {
        nlohmann::ordered_json e;
        e["name"] = r.found ? r.best.benchmarks[b].name : r.baseline.benchmarks[b].name;
        const NaasBenchmarkResult* found = r.found ? &r.best.benchmarks[b] : nullptr;
        const NaasBenchmarkResult& base = r.baseline.benchmarks[b];
        e["edp"] = found ? number_or_null(found->edp) : nullptr;
        e["runtime_cycles"] = found ? nlohmann::ordered_json(found->runtime_cycles) : nullptr;
        e["energy_nj"] = found ? nlohmann::ordered_json(found->energy_nj) : nullptr;
        e["baseline_edp"] = number_or_null(base.edp);
        e["baseline_runtime_cycles"] = base.runtime_cycles;
        e["baseline_energy_nj"] = base.energy_nj;
        e["bound_edp"] = r.bounds[b].edp();
        e["bound_runtime_cycles"] = r.bounds[b].runtime_cycles;
        e["bound_energy_nj"] = r.bounds[b].energy_nj;
        e["bound_array"] = r.bounds[b].array;
        e["speedup"] = found && found->valid && base.valid ? number_or_null(static_cast<double>(base.runtime_cycles) / static_cast<double>(found->runtime_cycles)) : nullptr;
        e["energy_saving"] = found && found->valid && base.valid ? number_or_null(base.energy_nj / found->energy_nj) : nullptr;
        if (found) {
            nlohmann::ordered_json layers = nlohmann::ordered_json::array();
            for (std::size_t l = 0; l < found->layers.size(); ++l) {
                const NaasLayerResult& lr = found->layers[l];
                layers.push_back({{"name", found->network[l].name},
                                  {"valid", lr.valid},
                                  {"runtime_cycles", lr.runtime_cycles},
                                  {"energy_nj", lr.energy_nj},
                                  {"mapping", lr.valid ? mapping_to_json(lr.mapping) : nlohmann::ordered_json(nullptr)}});
            }
            e["layers"] = std::move(layers);
        }
        benchmarks.push_back(std::move(e));
    }
    j["benchmarks"] = std::move(benchmarks);
    if (p.network) {
        const auto point = [](const NetworkVariant& v, double edp) {
            return nlohmann::ordered_json{{"variant", v.name()}, {"width", v.width}, {"resolution", v.resolution}, {"top1", v.top1}, {"edp", number_or_null(edp)}};
        };
        nlohmann::ordered_json net;
        net["family"] = p.network->family.name;
        net["accuracy_floor"] = p.network->accuracy_floor;
        net["variant"] = r.found && r.best.variant ? point(*r.best.variant, r.best.geomean_edp) : nlohmann::ordered_json(nullptr);
        net["baseline_variant"] = point(p.network->family.reference, r.baseline.geomean_edp);
        net["explored"] = nlohmann::ordered_json::array();
        for (const NaasFrontPoint& f : r.explored) net["explored"].push_back(point(f.variant, f.edp));
        net["front"] = nlohmann::ordered_json::array();
        for (const NaasFrontPoint& f : r.front) net["front"].push_back(point(f.variant, f.edp));
        j["network"] = std::move(net);
    }
    j["geomean_edp"] = r.found ? number_or_null(r.best.geomean_edp) : nullptr;
    j["baseline_geomean_edp"] = number_or_null(r.baseline.geomean_edp);
    j["bound_geomean_edp"] = r.bound_geomean_edp;
    j["candidates"] = r.candidates;
    j["redraws"] = r.redraws;
    j["mapping_searches"] = r.mapping_searches;
    j["cache_hits"] = r.cache_hits;
    nlohmann::ordered_json trace = nlohmann::ordered_json::array();
    nlohmann::ordered_json populations = nlohmann::ordered_json::array();
    for (const NaasIteration& it : r.trace) {
        trace.push_back({it.iteration, number_or_null(it.best_so_far), number_or_null(it.mean)});
        nlohmann::ordered_json pop = nlohmann::ordered_json::array();
        for (double v : it.population) pop.push_back(number_or_null(v));
        populations.push_back(std::move(pop));
    }
    j["trace"] = std::move(trace);
    j["populations"] = std::move(populations);
    return j;
}

}  // namespace mapscape
