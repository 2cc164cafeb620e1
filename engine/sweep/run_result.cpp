#include "sweep/run_result.hpp"

#include <chrono>
#include <cmath>

#include "cost/cost_report_json.hpp"
#include "mapping/maestro_file.hpp"
#include "mapping/mapping_json.hpp"
#include "search/model_search.hpp"
#include "util/json_document.hpp"

namespace mapscape {

namespace {

nlohmann::json number_or_null(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }

LayerResultRecord layer_record(const LayerSearchOutcome& o, Layer layer, const Accelerator& acc, const std::string& model_name) {
    const SearchResult& r = o.result;
    LayerResultRecord l;
    l.layer_number = o.layer_number;
    l.name = o.name;
    l.found = r.found;
    l.samples = r.samples;
    l.valid_samples = r.valid_samples;
    l.wall_seconds = r.wall_seconds;
    nlohmann::json trace = nlohmann::json::array();
    for (const auto& [samples, best] : r.trace) trace.push_back({samples, number_or_null(best)});
    l.trace_json = trace.dump();
    if (!r.found) return l;
    l.objective_value = r.best_objective;
    l.runtime_cycles = r.best_report.runtime_cycles;
    l.energy_nj = r.best_report.energy.total_nj;
    l.area_um2 = r.best_report.area_um2;
    l.power_mw = r.best_report.power_mw;
    l.mapping_json = mapping_to_json(r.best_mapping).dump();
    l.cost_json = cost_report_to_json(layer, acc, r.best_report).dump();
    layer.name = o.name;
    l.mapping_maestro = write_maestro_text(maestro_safe_name(model_name.empty() ? "model" : model_name), {{layer, r.best_mapping}});
    return l;
}

}  // namespace

RunResult execute_run(const RunTask& task, int threads, std::stop_token stop) {
    const auto start = std::chrono::steady_clock::now();
    RunResult out;
    out.index = task.index;
    out.run_id = task.run_id;
    try {
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
            return out;
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
            out.runtime_cycles += l.runtime_cycles;
            out.energy_nj += l.energy_nj;
            out.objective_value += l.objective_value;
            out.area_um2 = std::max(out.area_um2, l.area_um2);
            out.power_mw = std::max(out.power_mw, l.power_mw);
        }
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
            {"worker_rank", r.worker_rank}};
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
    } catch (const nlohmann::json::exception& e) {
        doc.fail("", std::string("incomplete sweep run result: ") + e.what());
    }
    return r;
}

}  // namespace mapscape
