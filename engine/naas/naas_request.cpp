#include "naas/naas_request.hpp"
#include "util/thread_pool.hpp"

#include <algorithm>
#include <thread>

#include "util/diagnostic.hpp"

namespace mapscape {

void apply_naas_settings(const NaasSearchSettings& s, NaasProblem& p) {
    if (s.mapping_search != "naas" && s.mapping_search != "gamma")
        throw InputError({"--mapping-search", 0, 0}, "unknown mapping search \"" + s.mapping_search + "\" (naas or gamma)");
    auto within = [](const char* option, std::int64_t value, std::int64_t lo, std::int64_t hi) {
        if (value < lo || value > hi)
            throw InputError({option, 0, 0}, std::to_string(value) + " is not within " + std::to_string(lo) + "-" + std::to_string(hi));
    };
    within("--population", s.population, 2, 10000);
    within("--iterations", s.iterations, 1, 100000);
    within("--mapping-samples", s.mapping_samples, 10, 10000000);
    within("--baseline-samples", s.baseline_samples, 10, 10000000);

    p.mapping_search = s.mapping_search == "gamma" ? NaasMappingSearch::Gamma : NaasMappingSearch::Naas;
    p.population = s.population;
    p.iterations = s.iterations;
    p.mapping_samples = s.mapping_samples;
    p.baseline_mapping_samples = s.baseline_samples;
    p.start_from_baseline = !s.no_baseline_start;
    p.threads = resolve_thread_count(s.threads);
}

NaasProblem make_naas_problem(const NaasRequest& o, std::uint64_t seed) {
    NaasProblem p;
    p.resources = naas_resources(o.resources);
    const auto encoding = parse_encoding(o.encoding);
    if (!encoding) throw InputError({"--encoding", 0, 0}, "unknown encoding \"" + o.encoding + "\" (importance or index)");
    p.decode.encoding = *encoding;
    p.decode.sizing_only = o.sizing_only;
    if (o.accuracy_floor > 100) throw InputError({"--accuracy-floor", 0, 0}, "the accuracy floor is a top-1 percentage (0-100)");
    if (!o.network.empty() || o.accuracy_floor >= 0) {
        if (!o.benchmarks.empty() || !o.benchmark_models.empty())
            throw InputError({"--benchmarks", 0, 0}, "--benchmarks and a network level (--network, --accuracy-floor) exclude each other");
        p.network = NaasNetworkLevel{load_network_family(o.network.empty() ? "mobilenet_v2" : o.network), std::max(0.0, o.accuracy_floor)};
    } else {
        const std::vector<std::string>& names = o.benchmarks.empty() && o.benchmark_models.empty() ? p.resources.benchmarks : o.benchmarks;
        if (names.empty() && o.benchmark_models.empty())
            throw InputError({"--benchmarks", 0, 0}, "give the benchmark networks (these resources have no default set)");
        for (const std::string& n : names) {
            const Model m = load_model(n);
            p.benchmarks.push_back({m.name, m.layers});
        }
        for (const Model& m : o.benchmark_models) {
            if (m.layers.empty()) throw InputError({m.name, 0, 0}, "the model has no layers");
            p.benchmarks.push_back({m.name, m.layers});
        }
    }
    apply_naas_settings(o, p);
    p.seed = seed;
    return p;
}

}  // namespace mapscape
