#include "sweep/synthetic_results.hpp"
#include "util/file_names.hpp"

#include <cmath>
#include <filesystem>
#include <random>

#include "arch/presets.hpp"
#include "sweep/results_database.hpp"
#include "util/diagnostic.hpp"
#include "util/seed_mixing.hpp"

namespace mapscape {

namespace {

SweepSpec synthetic_spec(std::int64_t runs) {
    SweepSpec s;
    s.file = "synthetic";
    s.name = "synthetic benchmark sweep";
    for (const char* name : {"resnet18", "mobilenet_v2", "vgg16"}) {
        SweepModel m;
        m.name = name;
        m.model = load_bundled_model(name);
        for (std::size_t i = 1; i <= m.model.layers.size(); ++i) m.layer_numbers.push_back(static_cast<int>(i));
        s.models.push_back(std::move(m));
    }
    for (const char* id : {"edge", "eyeriss-like", "nvdla-like", "edgetpu-like"}) s.accelerators.push_back({id, accelerator_preset(id), {}});
    s.systems = {TargetSystem::S1, TargetSystem::S2, TargetSystem::S3};
    for (const char* name : {"gamma", "random", "stdga", "de", "cmaes", "pso", "sa", "fixed-nvdla", "fixed-eyeriss", "fixed-shidiannao"})
        s.algorithms.push_back({name, *parse_algorithm(name), {}, {}});
    s.objectives = {Objective::of(Metric::Latency), Objective::of(Metric::Energy)};
    s.budgets = {10000};
    s.seeds = {1};
    const std::int64_t per_seed = static_cast<std::int64_t>(s.run_count());
    s.seeds.clear();
    for (std::int64_t seed = 1; seed <= (runs + per_seed - 1) / per_seed; ++seed) s.seeds.push_back(static_cast<std::uint64_t>(seed));
    return s;
}

}  // namespace

void write_synthetic_results(const std::string& path, std::int64_t runs, std::uint64_t seed) {
    if (path_exists(path)) throw InputError({path, 0, 0}, "exists already; the synthetic database must be a new file");
    const SweepPlan plan(synthetic_spec(runs));
    ResultsDatabase db(path, ResultsDatabase::Access::ReadWrite);
    db.set_meta("synthetic", "1");
    const std::int64_t invocation = db.begin_invocation({"synthetic", "", 1, 1, runs, 0}, plan);
    const SweepSpec& spec = plan.spec();
    // Each (model, accelerator)'s compute bound: the figures scatter above it.
    std::vector<double> macs;
    for (const SweepModel& m : spec.models) macs.push_back(static_cast<double>(total_macs(m.model.layers)));
    constexpr std::int64_t kRunsPerTransaction = 5000;
    for (std::int64_t first = 0; first < runs; first += kRunsPerTransaction) {
        sql::in_transaction(db.connection(), [&] {
            for (std::int64_t i = first; i < std::min(runs, first + kRunsPerTransaction); ++i) {
                const RunPoint p = plan.point(static_cast<std::size_t>(i));
                std::mt19937_64 rng(mix_seed(seed, static_cast<std::uint64_t>(i)));
                std::lognormal_distribution<double> noise(0.0, 0.35);
                const Accelerator& acc = spec.accelerators[p.accelerator].accelerator;
                const double quality = 1.0 + 0.25 * static_cast<double>(p.algorithm);  // later algorithms do worse
                RunResult r;
                r.index = static_cast<std::size_t>(i);
                r.run_id = plan.run_id(r.index);
                r.runtime_cycles = static_cast<std::int64_t>(macs[p.model] / static_cast<double>(acc.num_pes) * quality * noise(rng));
                r.energy_nj = macs[p.model] * 2.2e-3 * quality * noise(rng);
                r.area_um2 = static_cast<double>(acc.num_pes) * 4.0e4 * noise(rng);
                r.power_mw = static_cast<double>(acc.num_pes) * 1.5 * noise(rng);
                r.objective_value = p.objective == 0 ? static_cast<double>(r.runtime_cycles) : r.energy_nj;
                r.layers_without_mapping = rng() % 20 == 0 ? 1 : 0;
                r.samples = spec.budgets[p.budget] * static_cast<std::int64_t>(spec.models[p.model].layer_numbers.size());
                r.valid_samples = r.samples / 3;
                r.wall_seconds = 0.05 * quality * noise(rng);
                r.worker_rank = static_cast<int>(rng() % 64);
                LayerResultRecord l;
                l.layer_number = 1;
                l.name = spec.models[p.model].model.layers.front().name;
                l.found = true;
                l.objective_value = r.objective_value / static_cast<double>(spec.models[p.model].layer_numbers.size());
                l.samples = spec.budgets[p.budget];
                l.trace_json = "[[100," + std::to_string(l.objective_value * 2.0) + "],[1000," + std::to_string(l.objective_value * 1.2) +
                               "],[10000," + std::to_string(l.objective_value) + "]]";
                r.layers.push_back(std::move(l));
                db.write_run(plan, r, invocation);
            }
        });
    }
    db.end_invocation(invocation, runs);
}

}  // namespace mapscape
