// A study holding one of every result it can keep (format version 2: a search run, a co-design,
// a NAAS search, a schedule), for the study suite's round trips and the fuzz suite's seeds.
#pragma once

#include <cmath>
#include <limits>

#include "arch/area_model.hpp"
#include "study/study.hpp"

namespace mapscape::testing {

inline Study study_with_every_result(int layers = 3) {
    Study s = new_study("resnet18", "edge");
    s.model.layers.resize(static_cast<std::size_t>(layers));
    SearchRun run;
    run.id = 1;
    run.label = "run 1: gamma, latency, seed 1";
    LayerRunResult l;
    l.layer = 0;
    l.found = true;
    l.best_mapping = s.mapping_for(0);
    l.objective_value = 1234;
    l.trace = {{10, 2000.0}, {300, 1234.0}};
    run.layers.push_back(l);
    s.runs.push_back(run);

    CodesignRecord c;
    c.area_budget_um2 = 2e5;
    c.budget_samples = 300;
    c.model_name = s.model.name;
    c.model_layers = layers;
    c.found = true;
    c.best.accelerator = s.accelerator;
    for (int i = 0; i < layers; ++i) c.best.mappings.push_back(s.mapping_for(i));
    c.best.area = area_of(default_area_model(), s.accelerator);
    c.best.runtime_cycles = 98765;
    c.best.energy_nj = 4321.5;
    c.best.objective = 98765;
    c.bound_objective = 50000;
    c.trace = {{1, std::numeric_limits<double>::infinity()}, {40, 120000.0}, {300, 98765.0}};
    c.samples = 300;
    c.valid_samples = 120;
    c.wall_seconds = 0.5;
    s.codesign = c;

    NaasRecord n;
    n.model_name = s.model.name;
    n.model_layers = layers;
    n.has_best = n.has_baseline = true;
    n.best.hardware.dims = {4, 8, 1};
    n.best.hardware.parallel = {DimRole::Out, DimRole::In, DimRole::Row};
    n.best.accelerator = s.accelerator;
    n.best.geomean_edp = 1e9;
    NaasBenchmarkResult b;
    b.name = s.model.name;
    b.valid = true;
    b.runtime_cycles = 1000;
    b.energy_nj = 1e6;
    b.edp = 1e9;
    for (int i = 0; i < layers; ++i) b.layers.push_back({true, 300, 3e5, s.mapping_for(i)});
    n.best.benchmarks.push_back(b);
    n.baseline = n.best;
    n.baseline.geomean_edp = 2e9;
    NaasIteration it;
    it.iteration = 1;
    it.best_so_far = it.best = 1e9;
    it.mean = 1.5e9;
    it.population = {1e9, 2e9, std::numeric_limits<double>::infinity()};
    n.iterations_done.push_back(it);
    NetworkVariant v;
    v.width = 0.75;
    v.resolution = 160;
    v.top1 = 68.4;
    n.explored.push_back({v, 3e8});
    n.front.push_back({v, 3e8});
    n.bound_geomean_edp = 5e8;
    s.naas = n;

    ScheduleRecord r;
    r.settings.budget = 200;
    r.settings.bandwidth = 16;  // the MAGMA code's regime: not the defaults, so a round trip shows them kept
    r.settings.bandwidth_unit = "bytes-per-cycle";
    r.settings.job_analysis = "magma-code";
    r.platform = platform_setting(1);
    for (int j = 0; j < 3; ++j) {
        Job job;
        job.id = j;
        job.model = "resnet18";
        job.layer_number = j + 1;
        job.layer.name = "layer" + std::to_string(j + 1);
        job.macs = 1000 * (j + 1);
        r.jobs.push_back(job);
    }
    r.system_bytes_per_cycle = 16;
    r.best.core = {0, 1, 0};
    r.best.priority = {0.1, 0.5, 0.9};
    r.timeline.makespan = 300;
    r.timeline.core_finish.assign(r.platform.cores.size(), 0.0);
    r.timeline.core_finish[0] = 300;
    r.timeline.core_finish[1] = 150;
    r.timeline.segments = {{0, 0, 0, 100, 40}, {1, 1, 0, 150, 40}, {0, 2, 100, 300, 80}};
    r.samples = 200;
    r.budget = 200;
    r.trace = {{1, 400.0}, {200, 300.0}};
    r.lower_bound_cycles = 250;
    r.throughput_gflops = 12.5;
    s.schedule_result = r;
    return s;
}

}  // namespace mapscape::testing
