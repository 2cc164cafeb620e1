#include "sweep/run_result.hpp"

#include <chrono>
#include <cmath>

#include "arch/accelerator_json.hpp"
#include "codesign/codesign_algorithm.hpp"
#include "cost/cost_report_json.hpp"
#include "mapping/maestro_file.hpp"
#include "mapping/mapping_json.hpp"
#include "search/model_search.hpp"
#include "util/json_document.hpp"
#include "util/json_number.hpp"

namespace mapscape {

namespace {

nlohmann::json stored_trace_json(const std::vector<std::pair<std::int64_t, double>>& trace) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& [samples, best] : trace) out.push_back({samples, number_or_null<nlohmann::json>(best)});
    return out;
}

// The fields of a layer with a valid mapping: its costs, the mapping in both forms, the report.
void set_found_layer(LayerResultRecord& l, Layer layer, const Accelerator& acc, const Mapping& mapping, const CostReport& report,
                     double objective_value, const std::string& model_name) {
    l.found = true;
    l.objective_value = objective_value;
    l.runtime_cycles = report.runtime_cycles;
    l.energy_nj = report.energy.total_nj;
    l.area_um2 = report.area_um2;
    l.power_mw = report.power_mw;
    l.mapping_json = mapping_to_json(mapping).dump();
    l.cost_json = cost_report_to_json(layer, acc, report).dump();
    layer.name = l.name;
    l.mapping_maestro = write_maestro_text(maestro_safe_name(model_name.empty() ? "model" : model_name), {{layer, mapping}});
}

LayerResultRecord layer_record(const LayerSearchOutcome& o, const Layer& layer, const Accelerator& acc, const std::string& model_name) {
    const SearchResult& r = o.result;
    LayerResultRecord l;
    l.layer_number = o.layer_number;
    l.name = o.name;
    l.found = r.found;
    l.samples = r.samples;
    l.valid_samples = r.valid_samples;
    l.wall_seconds = r.wall_seconds;
    l.trace_json = stored_trace_json(r.trace).dump();
    if (r.found) set_found_layer(l, layer, acc, r.best_mapping, r.best_report, r.best_objective, model_name);
    return l;
}

void execute_search(const RunTask& task, int threads, std::stop_token stop, RunResult& out) {
    ModelSearchRequest request;
    for (int n : task.layer_numbers) request.layers.push_back(task.model.layers.at(static_cast<std::size_t>(n - 1)));
    request.layer_numbers = task.layer_numbers;
    request.base.accelerator = task.accelerator;
    request.base.system = task.system;
    request.base.objective = task.objective;
    request.base.constraints.reject_below_compute_bound = !task.maestro_as_is;
    request.base.budget.samples = task.budget_samples;
    request.base.seed = task.seed;
    request.base.threads = std::max(1, threads);
    request.algorithm = task.algorithm;
    const ModelSearchOutcome outcome = search_model(request, {}, stop);
    if (stop.stop_requested()) {
        out.stopped = true;
        return;
    }
    for (std::size_t i = 0; i < outcome.layers.size(); ++i) {
        const LayerSearchOutcome& o = outcome.layers[i];
        out.layers.push_back(layer_record(o, request.layers[i], task.accelerator, task.model.name));
        const LayerResultRecord& l = out.layers.back();
        out.samples += l.samples;
        out.valid_samples += l.valid_samples;
        if (!l.found) {
            ++out.layers_without_mapping;
            continue;
        }
        out.area_um2 = std::max(out.area_um2, l.area_um2);
        out.power_mw = std::max(out.power_mw, l.power_mw);
    }
    // A layer's repeats count in the totals as often as the network runs it.
    out.runtime_cycles = outcome.total_runtime_cycles;
    out.energy_nj = outcome.total_energy_nj;
    out.objective_value = total_over_runs<double>(request.layers, [&](std::size_t i) { return out.layers[i].found ? out.layers[i].objective_value : 0.0; });
}

// A co-design run: one design for the whole model; its layers are the design's mappings.
void execute_codesign(const RunTask& task, int threads, std::stop_token stop, RunResult& out) {
    CodesignRequest request = task.codesign;
    request.threads = std::max(1, threads);
    const CodesignProblem problem = make_codesign_problem(request, task.model, task.layer_numbers, task.seed);
    const CodesignResult r = run_codesign(problem, task.codesign_algorithm, nullptr, stop);
    if (stop.stop_requested()) {
        out.stopped = true;
        return;
    }
    out.samples = r.samples;
    out.valid_samples = r.valid_samples;
    out.trace_json = stored_trace_json(r.trace).dump();
    for (std::size_t i = 0; i < problem.layers.size(); ++i) {
        LayerResultRecord l;
        l.layer_number = problem.layer_numbers[i];
        l.name = problem.layers[i].name;
        l.trace_json = "[]";
        if (r.found) {
            const CostReport& report = r.reports[i];
            const double objective = design_objective(problem.objective, static_cast<double>(report.runtime_cycles),
                                                      report.energy.total_nj, r.best.area.total_um2());
            set_found_layer(l, problem.layers[i], r.best.accelerator, r.best.mappings[i], report, objective, task.model.name);
            l.area_um2 = r.best.area.total_um2();
            out.power_mw = std::max(out.power_mw, l.power_mw);
        } else {
            ++out.layers_without_mapping;
        }
        out.layers.push_back(std::move(l));
    }
    if (!r.found) return;
    out.accelerator_json = accelerator_to_json(r.best.accelerator).dump();
    out.runtime_cycles = r.best.runtime_cycles;
    out.energy_nj = r.best.energy_nj;
    out.objective_value = r.best.objective;
    out.area_um2 = r.best.area.total_um2();
}

// A schedule run: the mix's jobs on the platform, group by group, as `schedule` does; each
// group is a "layer" of the result (its makespan, energy, samples, convergence; its bound and
// best assignment in the cost and mapping columns), the workload's totals the run's.
void execute_schedule(const RunTask& task, int threads, std::stop_token stop, RunResult& out) {
    WorkloadScheduleRequest request;
    request.jobs = jobs_of_mix_model(task.model);
    request.platform = task.platform;
    request.bandwidth = task.bandwidth;
    request.bandwidth_unit = task.bandwidth_unit;
    request.job_analysis = task.job_analysis;
    request.group_size = task.group_size;
    request.objective = task.schedule_objective;
    request.budget = task.budget_samples;
    request.seed = task.seed;
    request.algorithm = task.schedule_algorithm;
    request.threads = std::max(1, threads);
    const WorkloadSchedule s = schedule_workload(request, {}, stop);
    if (stop.stop_requested()) {
        out.stopped = true;
        return;
    }
    for (const GroupSchedule& g : s.groups) {
        LayerResultRecord l;
        l.layer_number = g.index + 1;
        l.name = "group " + std::to_string(g.index + 1) + " (" + std::to_string(g.jobs.size()) + " jobs)";
        l.found = g.result.found;
        l.samples = g.result.samples;
        l.valid_samples = g.result.found ? g.result.samples : 0;
        l.wall_seconds = g.result.wall_seconds;
        l.trace_json = stored_trace_json(g.result.trace).dump();
        const double bytes_per_cycle = request.system_bytes_per_cycle();
        nlohmann::json cost = {{"lower_bound_cycles", g.lower_bound_cycles},
                               {"jobs", g.jobs.size()},
                               {"macs", g.table.total_macs()},
                               {"system_bytes_per_cycle", bytes_per_cycle}};
        if (g.result.found) {
            l.objective_value = g.result.best_objective;
            l.runtime_cycles = static_cast<std::int64_t>(std::llround(g.timeline.makespan));
            l.energy_nj = g.result.energy_nj;
            cost["makespan_cycles"] = g.timeline.makespan;
            nlohmann::json labels = nlohmann::json::array();
            for (const Job& j : g.jobs) labels.push_back(j.label());
            l.mapping_json = nlohmann::json{{"jobs", labels}, {"core", g.result.best.core}, {"priority", g.result.best.priority}}.dump();
        } else {
            ++out.layers_without_mapping;
        }
        l.cost_json = cost.dump();
        out.layers.push_back(std::move(l));
    }
    out.samples = s.samples;
    out.valid_samples = s.complete ? s.samples : 0;
    out.trace_json = stored_trace_json(s.trace).dump();
    if (!s.complete) return;
    out.runtime_cycles = static_cast<std::int64_t>(std::llround(s.makespan_cycles));
    out.energy_nj = s.energy_nj;
    out.objective_value = request.objective == ScheduleObjective::Energy ? s.energy_nj : s.makespan_cycles;
}

}  // namespace

RunResult execute_run(const RunTask& task, int threads, std::stop_token stop) {
    const auto start = std::chrono::steady_clock::now();
    RunResult out;
    out.index = task.index;
    out.run_id = task.run_id;
    try {
        if (task.kind == RunKind::Codesign)
            execute_codesign(task, threads, stop, out);
        else if (task.kind == RunKind::Schedule)
            execute_schedule(task, threads, stop, out);
        else
            execute_search(task, threads, stop, out);
        if (out.stopped) return out;
    } catch (const std::exception& e) {
        out = RunResult{};
        out.index = task.index;
        out.run_id = task.run_id;
        out.failed = true;
        out.error = e.what();
    }
    out.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return out;
}

nlohmann::json run_result_to_json(const RunResult& r) {
    nlohmann::json layers = nlohmann::json::array();
    for (const LayerResultRecord& l : r.layers)
        layers.push_back({{"layer_number", l.layer_number},
                          {"name", l.name},
                          {"found", l.found},
                          {"objective_value", l.objective_value},
                          {"runtime_cycles", l.runtime_cycles},
                          {"energy_nj", l.energy_nj},
                          {"area_um2", l.area_um2},
                          {"power_mw", l.power_mw},
                          {"samples", l.samples},
                          {"valid_samples", l.valid_samples},
                          {"wall_s", l.wall_seconds},
                          {"mapping_json", l.mapping_json},
                          {"mapping_maestro", l.mapping_maestro},
                          {"cost_json", l.cost_json},
                          {"trace_json", l.trace_json}});
    return {{"format", "mapscape-sweep-result"},
            {"index", r.index},
            {"run_id", r.run_id},
            {"failed", r.failed},
            {"stopped", r.stopped},
            {"error", r.error},
            {"layers", std::move(layers)},
            {"layers_without_mapping", r.layers_without_mapping},
            {"runtime_cycles", r.runtime_cycles},
            {"energy_nj", r.energy_nj},
            {"objective_value", r.objective_value},
            {"area_um2", r.area_um2},
            {"power_mw", r.power_mw},
            {"samples", r.samples},
            {"valid_samples", r.valid_samples},
            {"wall_s", r.wall_seconds},
            {"worker_rank", r.worker_rank},
            {"accelerator_json", r.accelerator_json},
            {"trace_json", r.trace_json}};
}

RunResult run_result_from_json(const std::string& text) {
    const JsonDocument doc = JsonDocument::parse(text, "<sweep result>");
    const nlohmann::json& j = doc.root();
    if (!j.is_object() || j.value("format", "") != "mapscape-sweep-result")
        doc.fail("", "not a sweep run result (ranks of different Mapscape versions?)");
    RunResult r;
    try {
        r.index = j.at("index").get<std::size_t>();
        r.run_id = j.at("run_id").get<std::string>();
        r.failed = j.at("failed").get<bool>();
        r.stopped = j.at("stopped").get<bool>();
        r.error = j.at("error").get<std::string>();
        for (const auto& lj : j.at("layers")) {
            LayerResultRecord l;
            l.layer_number = lj.at("layer_number").get<int>();
            l.name = lj.at("name").get<std::string>();
            l.found = lj.at("found").get<bool>();
            l.objective_value = lj.at("objective_value").get<double>();
            l.runtime_cycles = lj.at("runtime_cycles").get<std::int64_t>();
            l.energy_nj = lj.at("energy_nj").get<double>();
            l.area_um2 = lj.at("area_um2").get<double>();
            l.power_mw = lj.at("power_mw").get<double>();
            l.samples = lj.at("samples").get<std::int64_t>();
            l.valid_samples = lj.at("valid_samples").get<std::int64_t>();
            l.wall_seconds = lj.at("wall_s").get<double>();
            l.mapping_json = lj.at("mapping_json").get<std::string>();
            l.mapping_maestro = lj.at("mapping_maestro").get<std::string>();
            l.cost_json = lj.at("cost_json").get<std::string>();
            l.trace_json = lj.at("trace_json").get<std::string>();
            r.layers.push_back(std::move(l));
        }
        r.layers_without_mapping = j.at("layers_without_mapping").get<int>();
        r.runtime_cycles = j.at("runtime_cycles").get<std::int64_t>();
        r.energy_nj = j.at("energy_nj").get<double>();
        r.objective_value = j.at("objective_value").get<double>();
        r.area_um2 = j.at("area_um2").get<double>();
        r.power_mw = j.at("power_mw").get<double>();
        r.samples = j.at("samples").get<std::int64_t>();
        r.valid_samples = j.at("valid_samples").get<std::int64_t>();
        r.wall_seconds = j.at("wall_s").get<double>();
        r.worker_rank = j.at("worker_rank").get<int>();
        r.accelerator_json = j.at("accelerator_json").get<std::string>();
        r.trace_json = j.at("trace_json").get<std::string>();
    } catch (const nlohmann::json::exception& e) {
        doc.fail("", std::string("incomplete sweep run result: ") + e.what());
    }
    return r;
}

}  // namespace mapscape
