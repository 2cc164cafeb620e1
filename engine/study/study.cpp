#include "study/study.hpp"
#include "util/integer_math.hpp"

#include <cmath>

#include "arch/accelerator_json.hpp"
#include "arch/presets.hpp"
#include "mapping/mapping_json.hpp"
#include "search/fixed_dataflow.hpp"
#include "util/json_document.hpp"
#include "util/json_number.hpp"
#include "util/text_file.hpp"
#include "util/json_text.hpp"

namespace mapscape {

namespace {

const JsonObjectSchema kStudyFields{"study",
                                    {"format", "version", "name", "workload_source", "model", "accelerator_preset", "accelerator",
                                     "selected_layer", "mappings", "search", "runs", "schedule", "codesign", "naas", "schedule_result",
                                     "recovery"}};
// What a crash-recovery copy adds (the app writes it and reads it; a study load checks its fields
// and otherwise leaves it to the app, so that a recovery copy opens as the study it holds).
const JsonObjectSchema kRecoveryFields{"study.recovery", {"format", "version", "file", "written_utc", "pid", "host", "app_version"}};
const JsonObjectSchema kStudyMappingFields{"study.mappings[]", {"layer", "mapping"}};
const JsonObjectSchema kSearchSettingsFields{"study.search", {"algorithm", "objective", "system", "budget", "seed", "scope"}};
const JsonObjectSchema kRunFields{"study.runs[]", {"id", "label", "settings", "accelerator", "wall_s", "stopped", "layers"}};
const JsonObjectSchema kRunLayerFields{"study.runs[].layers[]",
                                       {"layer", "found", "best_mapping", "objective_value", "runtime_cycles", "energy_nj", "samples",
                                        "valid_samples", "trace", "why_none", "least_footprint_fallback"}};

nlohmann::ordered_json search_settings_json(const SearchSettings& s) {
    return {{"algorithm", s.algorithm},
            {"objective", s.objective.name()},
            {"system", std::string(system_name(s.system))},
            {"budget", s.budget},
            {"seed", s.seed},
            {"scope", s.all_layers ? "all" : "layer"}};
}

SearchSettings search_settings_from(const JsonDocument& doc, const nlohmann::json& v, const std::string& p) {
    SearchSettings s;
    if (!v.is_object()) doc.fail(p, "search settings must be an object");
    doc.check_fields(v, p, kSearchSettingsFields);
    s.algorithm = doc.string_or(v, p, "algorithm", s.algorithm);
    const std::string objective = doc.string_or(v, p, "objective", "latency");
    const auto o = parse_objective(objective);
    if (!o) doc.fail(json_child(p, "objective"), "unknown objective \"" + objective + "\"");
    s.objective = *o;
    const std::string system = doc.string_or(v, p, "system", "S2");
    const auto sys = parse_system(system);
    if (!sys) doc.fail(json_child(p, "system"), "unknown target system \"" + system + "\"");
    s.system = *sys;
    s.budget = doc.integer_or(v, p, "budget", s.budget, 1, kIntMax);
    s.seed = static_cast<std::uint64_t>(doc.integer_or(v, p, "seed", 1, 0, std::numeric_limits<std::int64_t>::max()));
    const std::string scope = doc.string_or(v, p, "scope", "layer");
    if (scope != "layer" && scope != "all") doc.fail(json_child(p, "scope"), "scope must be \"layer\" or \"all\"");
    s.all_layers = scope == "all";
    return s;
}

// A true/false field (absent: false); another type is an error with its position, not an
// exception from the JSON library.
bool flag_or(const JsonDocument& doc, const nlohmann::json& o, const std::string& p, const std::string& key) {
    if (!o.contains(key)) return false;
    if (!o[key].is_boolean()) doc.fail(json_child(p, key), "\"" + key + "\" must be true or false");
    return o[key].get<bool>();
}

}  // namespace

Mapping Study::mapping_for(int layer) const {
    if (auto it = mappings.find(layer); it != mappings.end()) return it->second;
    if (layer < 0 || layer >= static_cast<int>(model.layers.size())) return {};
    return fixed_dataflow_mapping(FixedDataflow::Nvdla, model.layers[static_cast<std::size_t>(layer)], accelerator, {1, 1, 1});
}

Study new_study(const std::string& model_name, const std::string& preset) {
    Study s;
    s.model = load_model(model_name);
    s.workload_source = model_name;
    s.accelerator = accelerator_preset(preset);
    s.accelerator_preset = preset;
    s.name = s.model.name + " on " + preset;
    return s;
}

nlohmann::ordered_json study_to_json(const Study& s) {
    nlohmann::ordered_json j;
    j["format"] = "mapscape-study";
    // Version 1 readers know everything but the results of version 2: they can open such a study.
    const bool has_results = s.codesign || s.naas || s.schedule_result;
    j["version"] = has_results ? kStudyFormatVersion : 1;
    j["name"] = s.name;
    j["workload_source"] = s.workload_source;
    j["model"] = model_to_json(s.model);
    j["accelerator_preset"] = s.accelerator_preset;
    j["accelerator"] = accelerator_to_json(s.accelerator);
    j["selected_layer"] = s.selected_layer;
    nlohmann::ordered_json mappings = nlohmann::ordered_json::array();
    for (const auto& [layer, m] : s.mappings) mappings.push_back({{"layer", layer}, {"mapping", mapping_to_json(m)}});
    j["mappings"] = std::move(mappings);
    j["search"] = search_settings_json(s.search);
    nlohmann::ordered_json runs = nlohmann::ordered_json::array();
    for (const SearchRun& r : s.runs) {
        nlohmann::ordered_json rj;
        rj["id"] = r.id;
        rj["label"] = r.label;
        rj["settings"] = search_settings_json(r.settings);
        if (r.accelerator) rj["accelerator"] = accelerator_to_json(*r.accelerator);
        rj["wall_s"] = r.wall_seconds;
        rj["stopped"] = r.stopped;
        nlohmann::ordered_json layers = nlohmann::ordered_json::array();
        for (const LayerRunResult& l : r.layers) {
            nlohmann::ordered_json lj;
            lj["layer"] = l.layer;
            lj["found"] = l.found;
            lj["best_mapping"] = l.found ? mapping_to_json(l.best_mapping) : nlohmann::ordered_json(nullptr);
            lj["objective_value"] = l.found ? number_or_null(l.objective_value) : nlohmann::ordered_json(nullptr);
            lj["runtime_cycles"] = l.runtime_cycles;
            lj["energy_nj"] = l.energy_nj;
            lj["samples"] = l.samples;
            lj["valid_samples"] = l.valid_samples;
            if (!l.why_none.empty()) lj["why_none"] = l.why_none;
            if (l.least_footprint_fallback) lj["least_footprint_fallback"] = true;
            nlohmann::ordered_json trace = nlohmann::ordered_json::array();
            for (const auto& [samples, best] : l.trace) trace.push_back({samples, number_or_null(best)});
            lj["trace"] = std::move(trace);
            layers.push_back(std::move(lj));
        }
        rj["layers"] = std::move(layers);
        runs.push_back(std::move(rj));
    }
    j["runs"] = std::move(runs);
    j["schedule"] = schedule_settings_to_json(s.schedule);
    if (s.codesign) j["codesign"] = codesign_record_to_json(*s.codesign);
    if (s.naas) j["naas"] = naas_record_to_json(*s.naas);
    if (s.schedule_result) j["schedule_result"] = schedule_record_to_json(*s.schedule_result);
    return j;
}

std::string study_to_json_text(const Study& s) { return json_text(study_to_json(s), 1) + "\n"; }

std::vector<const JsonObjectSchema*> study_schemas() {
    std::vector<const JsonObjectSchema*> all{&kStudyFields, &kStudyMappingFields, &kSearchSettingsFields, &kRunFields, &kRunLayerFields,
                                             &kRecoveryFields};
    for (const JsonObjectSchema* s : study_result_schemas()) all.push_back(s);
    return all;
}

Study parse_study_json(std::string_view text, const std::string& file_name) {
    const JsonDocument doc = JsonDocument::parse(text, file_name);
    return study_from_document(doc);
}

Study study_from_document(const JsonDocument& doc) {
    const auto& root = doc.root();
    if (!root.is_object()) doc.fail("", "a study file must be a JSON object");
    doc.check_fields(root, "", kStudyFields);
    if (root.contains("recovery")) doc.check_fields(doc.object(root, "", "recovery"), "/recovery", kRecoveryFields);
    doc.check_format("mapscape-study", kStudyFormatVersion, "study");
    Study s;
    s.name = doc.string_or(root, "", "name", s.name);
    s.workload_source = doc.string_or(root, "", "workload_source", "");
    s.model = model_from_json(doc, doc.object(root, "", "model"), "/model");
    s.accelerator_preset = doc.string_or(root, "", "accelerator_preset", "");
    s.accelerator = accelerator_from_json(doc, doc.object(root, "", "accelerator"), "/accelerator");
    const auto layers = static_cast<std::int64_t>(s.model.layers.size());
    s.selected_layer = static_cast<int>(doc.integer_or(root, "", "selected_layer", 0, 0, layers - 1));
    if (root.contains("mappings")) {
        const auto& ms = doc.array(root, "", "mappings");
        for (std::size_t i = 0; i < ms.size(); ++i) {
            const std::string p = json_child("/mappings", i);
            if (!ms[i].is_object()) doc.fail(p, "each entry must be an object with \"layer\" and \"mapping\"");
            doc.check_fields(ms[i], p, kStudyMappingFields);
            const int layer = static_cast<int>(doc.integer(ms[i], p, "layer", 0, layers - 1));
            if (!ms[i].contains("mapping")) doc.fail(p, "missing \"mapping\"");
            s.mappings[layer] = mapping_from_json(doc, ms[i]["mapping"], json_child(p, "mapping"));
        }
    }
    if (root.contains("search")) s.search = search_settings_from(doc, root["search"], "/search");
    if (root.contains("runs")) {
        const auto& runs = doc.array(root, "", "runs");
        for (std::size_t i = 0; i < runs.size(); ++i) {
            const std::string p = json_child("/runs", i);
            const auto& rv = runs[i];
            if (!rv.is_object()) doc.fail(p, "each run must be an object");
            doc.check_fields(rv, p, kRunFields);
            SearchRun r;
            r.id = static_cast<int>(doc.integer(rv, p, "id", 0, kIntMax));
            r.label = doc.string_or(rv, p, "label", "");
            if (rv.contains("settings")) r.settings = search_settings_from(doc, rv["settings"], json_child(p, "settings"));
            if (rv.contains("accelerator"))
                r.accelerator = accelerator_from_json(doc, doc.object(rv, p, "accelerator"), json_child(p, "accelerator"));
            r.wall_seconds = doc.number_or(rv, p, "wall_s", 0, 0, 1e12);
            r.stopped = flag_or(doc, rv, p, "stopped");
            const auto& ls = doc.array(rv, p, "layers");
            for (std::size_t k = 0; k < ls.size(); ++k) {
                const std::string lp = json_child(json_child(p, "layers"), k);
                const auto& lv = ls[k];
                if (!lv.is_object()) doc.fail(lp, "each layer result must be an object");
                doc.check_fields(lv, lp, kRunLayerFields);
                LayerRunResult l;
                l.layer = static_cast<int>(doc.integer(lv, lp, "layer", 0, layers - 1));
                l.found = flag_or(doc, lv, lp, "found");
                if (l.found) {
                    l.best_mapping = mapping_from_json(doc, lv["best_mapping"], json_child(lp, "best_mapping"));
                    l.objective_value = doc.number_or(lv, lp, "objective_value", 0, 0, 1e300);
                }
                l.runtime_cycles = doc.integer_or(lv, lp, "runtime_cycles", 0, 0, std::numeric_limits<std::int64_t>::max());
                l.energy_nj = doc.number_or(lv, lp, "energy_nj", 0, 0, 1e300);
                l.samples = doc.integer_or(lv, lp, "samples", 0, 0, std::numeric_limits<std::int64_t>::max());
                l.valid_samples = doc.integer_or(lv, lp, "valid_samples", 0, 0, std::numeric_limits<std::int64_t>::max());
                l.why_none = doc.string_or(lv, lp, "why_none", "");
                l.least_footprint_fallback = l.found && flag_or(doc, lv, lp, "least_footprint_fallback");
                if (lv.contains("trace")) {
                    const auto& tr = doc.array(lv, lp, "trace");
                    for (std::size_t t = 0; t < tr.size(); ++t) {
                        if (!tr[t].is_array() || tr[t].size() != 2 || !tr[t][0].is_number_integer())
                            doc.fail(json_child(json_child(lp, "trace"), t), "a trace point is [samples, best]");
                        const double best = tr[t][1].is_number() ? tr[t][1].get<double>() : std::numeric_limits<double>::infinity();
                        l.trace.emplace_back(tr[t][0].get<std::int64_t>(), best);
                    }
                }
                r.layers.push_back(std::move(l));
            }
            s.runs.push_back(std::move(r));
        }
    }
    if (root.contains("schedule")) s.schedule = schedule_settings_from_json(doc, doc.object(root, "", "schedule"), "/schedule");
    auto present = [&root](const char* key) { return root.contains(key) && !root[key].is_null(); };
    if (present("codesign")) s.codesign = codesign_record_from_json(doc, root["codesign"], "/codesign");
    if (present("naas")) s.naas = naas_record_from_json(doc, root["naas"], "/naas");
    if (present("schedule_result")) s.schedule_result = schedule_record_from_json(doc, root["schedule_result"], "/schedule_result");
    return s;
}

Study load_study(const std::string& path) { return parse_study_json(read_text_file(path), path); }

void save_study(const Study& study, const std::string& path) { write_text_file_atomically(path, study_to_json_text(study)); }

}  // namespace mapscape
