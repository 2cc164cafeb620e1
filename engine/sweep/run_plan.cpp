#include "sweep/run_plan.hpp"

#include "arch/accelerator_json.hpp"
#include "arch/area_model.hpp"
#include "codesign/codesign_problem.hpp"
#include "tech/technology_choice.hpp"
#include "util/json_document.hpp"
#include "util/sha256.hpp"

namespace mapscape {

namespace {

nlohmann::json algorithm_options(const Algorithm& a) {
    if (a.kind == Algorithm::Kind::Gamma) return {{"population", a.gamma.population}};
    return nlohmann::json::object();
}

// A co-design run's request, read from its settings: the one way both a plan and a worker that
// received the task make it, so they cannot disagree.
CodesignRequest codesign_request_of(const nlohmann::json& s) {
    CodesignRequest r;
    r.platform = s.at("platform").get<std::string>();
    r.area_budget_mm2 = s.at("area_budget_mm2").get<double>();
    r.levels = s.at("levels").get<std::string>();
    r.map_space = s.at("map_space").get<std::string>();
    r.buffers = s.at("buffers").get<std::string>();
    r.area_model = s.at("area_model").get<std::string>();
    r.max_pes = s.at("max_pes").get<std::int64_t>();
    r.objective = s.at("objective").get<std::string>();
    r.budget = s.at("budget_samples").get<std::int64_t>();
    r.maestro_as_is = s.at("maestro_as_is").get<bool>();
    r.technology.technology = s.value("technology", "");
    r.technology.precision = s.value("precision", "");
    return r;
}

// A schedule run's settings into its task's fields (the same way on a plan and on a worker).
void schedule_settings_into(const nlohmann::json& s, RunTask& t) {
    const auto algorithm = parse_schedule_algorithm(s.at("algorithm").get<std::string>());
    const auto objective = parse_schedule_objective(s.at("objective").get<std::string>());
    const auto unit = parse_bandwidth_unit(s.at("bw_units").get<std::string>());
    const auto analysis = parse_job_analysis(s.at("job_analysis").get<std::string>());
    if (!algorithm || !objective || !unit || !analysis) throw InputError({"<sweep task>", 0, 0}, "settings this version cannot read: " + s.dump());
    t.kind = RunKind::Schedule;
    t.schedule_algorithm = *algorithm;
    t.schedule_objective = *objective;
    t.bandwidth = s.at("bandwidth").get<double>();
    t.bandwidth_unit = *unit;
    t.job_analysis = *analysis;
    t.group_size = s.at("group_size").get<int>();
    t.budget_samples = s.at("budget_samples").get<std::int64_t>();
    t.seed = s.at("seed").get<std::uint64_t>();
}

}  // namespace

SweepPlan::SweepPlan(SweepSpec spec) : spec_(std::move(spec)), size_(spec_.run_count()) {
    for (const SweepModel& m : spec_.models) {
        model_json_.push_back(model_to_json(m.model).dump());
        model_sha_.push_back(sha256_hex(model_json_.back(), 16));
    }
    for (const SweepAccelerator& a : spec_.accelerators) {
        // A schedule sweep's platform is the whole multi-core platform.
        accelerator_json_.push_back(spec_.kind == RunKind::Schedule ? nlohmann::json(platform_to_json(a.platform)).dump()
                                                                     : accelerator_to_json(a.accelerator).dump());
        accelerator_sha_.push_back(sha256_hex(accelerator_json_.back(), 16));
    }
}

RunPoint SweepPlan::point(std::size_t index) const {
    RunPoint p;
    auto take = [&index](std::size_t& field, std::size_t radix) {
        field = index % radix;
        index /= radix;
    };
    take(p.seed, spec_.seeds.size());
    take(p.budget, spec_.budgets.size());
    take(p.objective, spec_.objectives.size());
    take(p.algorithm, spec_.algorithms.size());
    take(p.job_analysis, spec_.job_analyses.size());
    take(p.bandwidth, spec_.bandwidths.size());
    take(p.system, spec_.systems.size());
    take(p.area_budget, spec_.area_budgets_mm2.size());
    take(p.precision, spec_.precisions.size());
    take(p.technology, spec_.technologies.size());
    take(p.accelerator, spec_.accelerators.size());
    take(p.model, spec_.models.size());
    return p;
}

std::string SweepPlan::settings_json(std::size_t index) const {
    const RunPoint p = point(index);
    if (spec_.kind == RunKind::Schedule) {
        const nlohmann::json settings = {
            {"kind", std::string(run_kind_name(spec_.kind))},
            {"mix", spec_.models[p.model].name},
            {"mix_sha256", model_sha_[p.model]},
            {"platform", spec_.accelerators[p.accelerator].name},
            {"platform_sha256", accelerator_sha_[p.accelerator]},
            {"bandwidth", spec_.bandwidths[p.bandwidth]},
            {"bw_units", std::string(bandwidth_unit_name(spec_.bandwidth_unit))},
            {"job_analysis", std::string(job_analysis_name(spec_.job_analyses[p.job_analysis]))},
            {"group_size", spec_.group_size},
            {"algorithm", spec_.algorithms[p.algorithm].name},
            {"objective", std::string(schedule_objective_name(spec_.schedule_objectives[p.objective]))},
            {"budget_samples", spec_.budgets[p.budget]},
            {"seed", spec_.seeds[p.seed]}};
        return settings.dump();
    }
    if (spec_.kind == RunKind::Codesign) {
        const SweepAccelerator& platform = spec_.accelerators[p.accelerator];
        const double budget_mm2 = spec_.area_budgets_mm2[p.area_budget];
        const CodesignRequest& c = spec_.codesign;
        const nlohmann::json settings = {
            {"kind", std::string(run_kind_name(spec_.kind))},
            {"model", spec_.models[p.model].name},
            {"model_sha256", model_sha_[p.model]},
            {"layers", spec_.models[p.model].layers},
            {"platform", platform.name},
            {"platform_sha256", accelerator_sha_[p.accelerator]},
            {"area_budget_mm2", budget_mm2 > 0 ? budget_mm2 : codesign_platform(platform.name).area_budget_um2 / 1e6},
            {"levels", c.levels},
            {"map_space", c.map_space},
            {"buffers", c.buffers},
            {"area_model", c.area_model.empty() ? default_area_model().id : c.area_model},
            {"max_pes", c.max_pes},
            {"algorithm", spec_.algorithms[p.algorithm].name},
            {"objective", spec_.objectives[p.objective].name()},
            {"budget_samples", spec_.budgets[p.budget]},
            {"seed", spec_.seeds[p.seed]},
            {"maestro_as_is", spec_.maestro_as_is}};
        return with_technology_axes(settings, p).dump();
    }
    const Algorithm& algorithm = spec_.algorithms[p.algorithm].algorithm;
    const nlohmann::json settings = {{"kind", std::string(run_kind_name(spec_.kind))},
                                     {"model", spec_.models[p.model].name},
                                     {"model_sha256", model_sha_[p.model]},
                                     {"layers", spec_.models[p.model].layers},
                                     {"accelerator", spec_.accelerators[p.accelerator].name},
                                     {"accelerator_sha256", accelerator_sha_[p.accelerator]},
                                     {"system", std::string(system_name(spec_.systems[p.system]))},
                                     {"algorithm", spec_.algorithms[p.algorithm].name},
                                     {"algorithm_options", algorithm_options(algorithm)},
                                     {"objective", spec_.objectives[p.objective].name()},
                                     {"budget_samples", spec_.budgets[p.budget]},
                                     {"seed", spec_.seeds[p.seed]},
                                     {"maestro_as_is", spec_.maestro_as_is}};
    return with_technology_axes(settings, p).dump();  // nlohmann::json keeps keys sorted: the canonical form
}

nlohmann::json SweepPlan::with_technology_axes(nlohmann::json settings, const RunPoint& p) const {
    if (spec_.has_technology_axis()) settings["technology"] = spec_.technologies[p.technology];
    if (spec_.has_precision_axis()) settings["precision"] = spec_.precisions[p.precision];
    return settings;
}

std::string SweepPlan::run_id(std::size_t index) const { return sha256_hex(settings_json(index), 32); }

RunTask SweepPlan::task(std::size_t index) const {
    const RunPoint p = point(index);
    RunTask t;
    t.index = index;
    t.settings_json = settings_json(index);
    t.run_id = sha256_hex(t.settings_json, 32);
    t.kind = spec_.kind;
    t.model = spec_.models[p.model].model;
    t.layer_numbers = spec_.models[p.model].layer_numbers;
    t.accelerator = spec_.accelerators[p.accelerator].accelerator;
    t.system = spec_.systems[p.system];
    t.algorithm = spec_.algorithms[p.algorithm].algorithm;
    t.objective = spec_.objectives[p.objective];
    t.budget_samples = spec_.budgets[p.budget];
    t.seed = spec_.seeds[p.seed];
    t.maestro_as_is = spec_.maestro_as_is;
    if (t.kind == RunKind::Search) {
        const TechnologyChoice choice{spec_.technologies[p.technology], spec_.precisions[p.precision], "", 0, ""};
        apply_technology_choice(choice, t.accelerator);
        apply_default_precision(chosen_precision(choice), t.model.layers);
    }
    if (t.kind == RunKind::Codesign) {
        t.codesign_algorithm = spec_.algorithms[p.algorithm].codesign;
        t.codesign = codesign_request_of(nlohmann::json::parse(t.settings_json));
    }
    if (t.kind == RunKind::Schedule) {
        t.platform = spec_.accelerators[p.accelerator].platform;
        schedule_settings_into(nlohmann::json::parse(t.settings_json), t);
    }
    return t;
}

double SweepPlan::work_estimate(std::size_t index) const {
    const RunPoint p = point(index);
    const double layers = static_cast<double>(spec_.models[p.model].layer_numbers.size());
    if (spec_.kind == RunKind::Schedule) {  // jobs x samples per group (a heuristic takes one)
        const bool heuristic = spec_.algorithms[p.algorithm].schedule.kind == ScheduleAlgorithm::Kind::Heuristic;
        return layers * (heuristic ? 1.0 : static_cast<double>(spec_.budgets[p.budget])) *
               static_cast<double>(spec_.accelerators[p.accelerator].platform.cores.size());
    }
    if (spec_.kind == RunKind::Codesign && spec_.algorithms[p.algorithm].codesign.kind == CodesignAlgorithm::Kind::HwOpt) {
        const std::lock_guard lock(hw_opt_samples_mutex_);
        const auto key = std::make_tuple(p.model, p.accelerator, p.area_budget, p.budget);
        auto it = hw_opt_samples_.find(key);
        if (it == hw_opt_samples_.end()) {
            const RunTask t = task(index);
            it = hw_opt_samples_.emplace(key, hw_opt_sample_count(make_codesign_problem(t.codesign, t.model, t.layer_numbers, t.seed))).first;
        }
        return layers * static_cast<double>(it->second);
    }
    const bool fixed = spec_.kind == RunKind::Search && spec_.algorithms[p.algorithm].algorithm.kind == Algorithm::Kind::Fixed;
    return layers * (fixed ? 1.0 : static_cast<double>(spec_.budgets[p.budget]));
}

nlohmann::json run_task_to_json(const RunTask& t) {
    nlohmann::json j = {{"format", "mapscape-sweep-task"},
                        {"index", t.index},
                        {"run_id", t.run_id},
                        {"settings", t.settings_json},
                        {"model", model_to_json(t.model)},
                        {"layer_numbers", t.layer_numbers},
                        {"accelerator", accelerator_to_json(t.accelerator)},
                        {"population", t.algorithm.gamma.population}};
    if (t.kind == RunKind::Schedule) j["platform"] = nlohmann::json(platform_to_json(t.platform)).dump();
    return j;
}

RunTask run_task_from_json(const std::string& text) {
    const JsonDocument doc = JsonDocument::parse(text, "<sweep task>");
    const nlohmann::json& root = doc.root();
    if (!root.is_object() || root.value("format", "") != "mapscape-sweep-task")
        doc.fail("", "not a sweep task (ranks of different Mapscape versions?)");
    RunTask t;
    t.index = static_cast<std::size_t>(doc.integer(root, "", "index", 0, std::numeric_limits<std::int64_t>::max()));
    t.run_id = doc.string(root, "", "run_id");
    t.settings_json = doc.string(root, "", "settings");
    t.model = model_from_json(doc, doc.object(root, "", "model"), "/model");
    for (const auto& n : doc.array(root, "", "layer_numbers")) t.layer_numbers.push_back(n.get<int>());
    t.accelerator = accelerator_from_json(doc, doc.object(root, "", "accelerator"), "/accelerator");
    // The rest is in the settings, which are the run's identity.
    const nlohmann::json s = nlohmann::json::parse(t.settings_json);
    if (s.at("kind") == "codesign") {
        const auto algorithm = parse_codesign_algorithm(s.at("algorithm").get<std::string>());
        if (!algorithm) doc.fail("/settings", "settings this version cannot read: " + t.settings_json);
        t.kind = RunKind::Codesign;
        t.codesign_algorithm = *algorithm;
        t.codesign = codesign_request_of(s);
        t.objective = *parse_objective(t.codesign.objective);
        t.budget_samples = t.codesign.budget;
        t.seed = s.at("seed").get<std::uint64_t>();
        t.maestro_as_is = t.codesign.maestro_as_is;
        return t;
    }
    if (s.at("kind") == "schedule") {
        t.platform = parse_platform_json(doc.string(root, "", "platform"), "<sweep task platform>");
        try {
            schedule_settings_into(s, t);
        } catch (const InputError&) {
            doc.fail("/settings", "settings this version cannot read: " + t.settings_json);
        }
        return t;
    }
    if (s.at("kind") != "search") doc.fail("/settings", "unknown run kind " + s.at("kind").dump());
    t.kind = RunKind::Search;
    const auto system = parse_system(s.at("system").get<std::string>());
    const auto algorithm = parse_algorithm(s.at("algorithm").get<std::string>());
    const auto objective = parse_objective(s.at("objective").get<std::string>());
    if (!system || !algorithm || !objective) doc.fail("/settings", "settings this version cannot read: " + t.settings_json);
    t.system = *system;
    t.algorithm = *algorithm;
    t.algorithm.gamma.population = static_cast<int>(doc.integer(root, "", "population", 2, 100000));
    t.objective = *objective;
    t.budget_samples = s.at("budget_samples").get<std::int64_t>();
    t.seed = s.at("seed").get<std::uint64_t>();
    t.maestro_as_is = s.at("maestro_as_is").get<bool>();
    return t;
}

}  // namespace mapscape
