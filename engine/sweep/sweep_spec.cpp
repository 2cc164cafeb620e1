#include "sweep/sweep_spec.hpp"

#include "util/integer_math.hpp"
#include "workload/llm_model.hpp"
#include "tech/technology_library.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <set>

#include "arch/area_model.hpp"
#include "arch/presets.hpp"
#include "mapping/map_space.hpp"
#include "util/json_document.hpp"
#include "util/text_file.hpp"
#include "workload/layer_selection.hpp"
#include "util/closest_name.hpp"

namespace mapscape {

namespace {

constexpr std::int64_t kMaxRuns = 10'000'000;  // beyond this a spec is almost surely a mistake

// Each kind's fields: those every kind has, then its own.
JsonObjectSchema kind_schema(const char* name, std::vector<std::string> own) {
    JsonObjectSchema s{name, {"format", "version", "name", "kind", "algorithms", "objectives", "budgets", "seeds"}};
    s.fields.insert(s.fields.end(), own.begin(), own.end());
    return s;
}
const JsonObjectSchema kSearchFields =
    kind_schema("sweep", {"models", "phases", "batches", "prompts", "contexts", "accelerators", "technologies", "precisions", "systems",
                          "gamma_population", "maestro_as_is"});
const JsonObjectSchema kSweepCodesignFields =
    kind_schema("sweep (codesign)", {"models", "phases", "batches", "prompts", "contexts", "platforms", "technologies", "precisions",
                                     "area_budgets_mm2", "levels", "map_space",
                                     "buffers", "area_model", "max_pes", "maestro_as_is"});
const JsonObjectSchema kScheduleFields =
    kind_schema("sweep (schedule)", {"mixes", "platforms", "bandwidths", "bw_units", "job_analyses", "group_size"});
const JsonObjectSchema kModelEntryFields{"sweep.models[]", {"model", "layers"}};
const JsonObjectSchema kRangeFields{"sweep range", {"from", "to", "step", "times"}};

const JsonObjectSchema& fields_of(RunKind kind) {
    switch (kind) {
        case RunKind::Codesign: return kSweepCodesignFields;
        case RunKind::Schedule: return kScheduleFields;
        default: return kSearchFields;
    }
}

std::string_view kind_description(RunKind kind) {
    switch (kind) {
        case RunKind::Codesign: return "co-design";
        case RunKind::Schedule: return "schedule";
        default: return "mapping-search";
    }
}

bool looks_like_path(const std::string& name) {
    return name.find('/') != std::string::npos || name.ends_with(".json") || name.ends_with(".csv") ||
           name.ends_with(".m");
}

// A relative path in a spec is relative to the spec's directory.
std::string resolve_path(const std::string& name, const std::string& base_directory) {
    if (!looks_like_path(name) || base_directory.empty()) return name;
    const std::filesystem::path p(name);
    return p.is_absolute() ? name : (std::filesystem::path(base_directory) / p).lexically_normal().string();
}

class SpecReader {
public:
    SpecReader(const JsonDocument& doc, std::string base_directory)
        : doc_(doc), root_(doc.root()), base_(std::move(base_directory)) {}

    SweepSpec read() {
        if (!root_.is_object()) doc_.fail("", "a sweep spec must be a JSON object");
        doc_.check_format("mapscape-sweep", kSweepSpecFormatVersion, "sweep spec");
        SweepSpec s;
        s.kind = kind();
        const bool codesign = s.kind == RunKind::Codesign;
        // A name no kind has is a typo (with the likely field); one another kind has, a kind mix-up.
        for (const auto& [key, value] : root_.items())
            if (!kSearchFields.has(key) && !kSweepCodesignFields.has(key) && !kScheduleFields.has(key)) doc_.unknown_field("", key, fields_of(s.kind));
        for (const auto& [key, value] : root_.items()) {
            if (fields_of(s.kind).has(key)) continue;
            for (RunKind other : {RunKind::Search, RunKind::Codesign, RunKind::Schedule})
                if (other != s.kind && fields_of(other).has(key))
                    doc_.fail(json_child("", key), "\"" + key + "\" belongs to " + std::string(kind_description(other)) +
                                                       " sweeps; this spec's \"kind\" is \"" + std::string(run_kind_name(s.kind)) +
                                                       "\"" + (other == RunKind::Search ? "" : " (set \"kind\": \"" +
                                                       std::string(run_kind_name(other)) + "\" for those)"));
        }
        doc_.check_fields(root_, "", fields_of(s.kind));
        s.file = doc_.file();
        s.name = doc_.string_or(root_, "", "name", std::filesystem::path(doc_.file()).stem().string());
        if (root_.contains("maestro_as_is")) {
            if (!root_["maestro_as_is"].is_boolean()) doc_.fail("/maestro_as_is", "\"maestro_as_is\" must be true or false");
            s.maestro_as_is = root_["maestro_as_is"].get<bool>();
        }
        if (s.kind == RunKind::Schedule)
            read_schedule(s);
        else
            s.models = models();
        if (s.kind != RunKind::Schedule) {
            s.technologies = technologies();
            s.precisions = precisions();
        }
        if (codesign) {
            s.codesign = codesign_settings(s.maestro_as_is);
            s.accelerators = platforms();
            s.area_budgets_mm2 = area_budgets();
            s.systems = {TargetSystem::S2};  // unused: the levels setting says what arrays are searched
            s.algorithms = algorithms(s.kind, 0);
        } else if (s.kind == RunKind::Search) {
            s.gamma_population = static_cast<int>(doc_.integer_or(root_, "", "gamma_population", 200, 2, 100000));
            s.accelerators = accelerators();
            s.systems = string_axis<TargetSystem>("systems", {"S2"}, [](const std::string& t) { return parse_system(t); },
                                                  "a target system: S1, S2 or S3",
                                                  [](TargetSystem x) { return std::string(system_name(x)); });
            s.algorithms = algorithms(s.kind, s.gamma_population);
        }
        if (s.kind == RunKind::Schedule) {
            s.schedule_objectives = string_axis<ScheduleObjective>(
                "objectives", {"makespan"}, [](const std::string& t) { return parse_schedule_objective(t); },
                "a schedule objective: makespan (throughput) or energy",
                [](ScheduleObjective o) { return std::string(schedule_objective_name(o)); });
            for (ScheduleObjective o : s.schedule_objectives)
                s.objectives.push_back(*parse_objective(o == ScheduleObjective::Makespan ? "latency" : "energy"));
        } else {
            s.objectives = string_axis<Objective>(
                "objectives", {"latency"}, [](const std::string& t) { return parse_objective(t); },
                codesign ? "a co-design objective: latency, energy, edp or lap"
                         : "an objective: latency, energy, power, edp, area, lap, or a product such as latency*energy^2",
                [](const Objective& o) { return o.name(); });
        }
        if (codesign)
            for (std::size_t i = 0; i < s.objectives.size(); ++i)
                if (const std::string why = codesign_objective_problem(s.objectives[i]); !why.empty())
                    doc_.fail(json_child("/objectives", i), why);
        s.budgets = integer_axis("budgets", {codesign ? std::int64_t{40000} : std::int64_t{10000}}, 1,
                                 std::numeric_limits<std::int32_t>::max());
        for (std::int64_t seed : integer_axis("seeds", {1}, 0, std::numeric_limits<std::int64_t>::max()))
            s.seeds.push_back(static_cast<std::uint64_t>(seed));
        const double runs = static_cast<double>(s.models.size()) * static_cast<double>(s.accelerators.size()) *
                            static_cast<double>(s.area_budgets_mm2.size()) * static_cast<double>(s.systems.size()) *
                            static_cast<double>(s.bandwidths.size()) * static_cast<double>(s.job_analyses.size()) *
                            static_cast<double>(s.algorithms.size()) * static_cast<double>(s.objectives.size()) *
                            static_cast<double>(s.budgets.size()) * static_cast<double>(s.seeds.size());
        if (runs > static_cast<double>(kMaxRuns))
            doc_.fail("", "the spec's axes make " + std::to_string(static_cast<long long>(runs)) + " runs, more than " +
                              std::to_string(kMaxRuns) + "; split the study into several specs");
        return s;
    }

private:
    RunKind kind() const {
        const std::string k = doc_.string_or(root_, "", "kind", "search");
        if (k == "search") return RunKind::Search;
        if (k == "codesign") return RunKind::Codesign;
        if (k == "schedule") return RunKind::Schedule;
        doc_.fail("/kind", "unknown run kind \"" + k + "\" (known: \"search\", a mapping search on given accelerators; "
                           "\"codesign\", the accelerator searched under an area budget; \"schedule\", task mixes "
                           "scheduled on multi-core platforms)");
    }

    // A schedule sweep's axes: task mixes on platforms at bandwidths, by job analysis, with the
    // `schedule` command's algorithms, objectives, samples per group and seeds.
    void read_schedule(SweepSpec& s) const {
        std::vector<std::string> seen;
        const auto& mixes = *axis("mixes", true);
        for (std::size_t i = 0; i < mixes.size(); ++i) {
            const std::string p = json_child("/mixes", i);
            if (!mixes[i].is_string()) doc_.fail(p, "a task mix is a name or a file (a string)");
            SweepModel m;
            m.name = mixes[i].get<std::string>();
            try {
                m.model = mix_as_model(m.name, build_jobs(load_task_mix(resolve_path(m.name, base_))));
            } catch (const InputError& e) {
                doc_.fail(p, "cannot load task mix \"" + m.name + "\": " + e.diagnostic().to_string());
            }
            for (std::size_t l = 0; l < m.model.layers.size(); ++l) m.layer_numbers.push_back(static_cast<int>(l) + 1);
            check_unique(seen, m.name, p, "mixes");
            s.models.push_back(std::move(m));
        }
        seen.clear();
        if (const nlohmann::json* list = axis("platforms", false)) {
            for (std::size_t i = 0; i < list->size(); ++i) {
                const std::string p = json_child("/platforms", i);
                if (!(*list)[i].is_string()) doc_.fail(p, "a platform is S1 to S6 (or S1-flex ...) or a platform file (a string)");
                SweepAccelerator a;
                a.name = (*list)[i].get<std::string>();
                try {
                    a.platform = load_platform_setting(resolve_path(a.name, base_));
                } catch (const InputError& e) {
                    doc_.fail(p, "cannot load platform \"" + a.name + "\": " + e.diagnostic().to_string());
                }
                check_unique(seen, a.name, p, "platforms");
                s.accelerators.push_back(std::move(a));
            }
        } else {
            s.accelerators.push_back({"S1", {}, platform_setting(1)});
        }
        s.systems = {TargetSystem::S2};  // unused
        s.bandwidths = {16};
        if (const nlohmann::json* list = axis("bandwidths", false)) {
            s.bandwidths.clear();
            seen.clear();
            for (std::size_t i = 0; i < list->size(); ++i) {
                const std::string p = json_child("/bandwidths", i);
                const auto& v = (*list)[i];
                if (!v.is_number() || !(v.get<double>() > 0) || v.get<double>() > 1e9)
                    doc_.fail(p, "a system bandwidth is a number above 0 (in \"bw_units\"), not " + v.dump());
                check_unique(seen, v.dump(), p, "bandwidths");
                s.bandwidths.push_back(v.get<double>());
            }
        }
        const std::string units = doc_.string_or(root_, "", "bw_units", "gbps");
        const auto unit = parse_bandwidth_unit(units);
        if (!unit) doc_.fail("/bw_units", "unknown bandwidth unit \"" + units + "\" (gbps or bytes-per-cycle)");
        s.bandwidth_unit = *unit;
        s.job_analyses = string_axis<JobAnalysis>(
            "job_analyses", {"mapscape"}, [](const std::string& t) { return parse_job_analysis(t); },
            "a job analysis: mapscape or magma-code", [](JobAnalysis a) { return std::string(job_analysis_name(a)); });
        s.group_size = static_cast<int>(doc_.integer_or(root_, "", "group_size", 100, 1, 100000));
        seen.clear();
        const auto& list = *axis("algorithms", true);
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string p = json_child("/algorithms", i);
            if (!list[i].is_string()) doc_.fail(p, "an algorithm is a name (a string)");
            const auto a = parse_schedule_algorithm(list[i].get<std::string>());
            if (!a) {
                std::string known;
                for (const auto& n : schedule_algorithm_names()) known += (known.empty() ? "" : ", ") + n;
                doc_.fail(p, "unknown scheduling algorithm \"" + list[i].get<std::string>() + "\" (known: " + known + ")");
            }
            SweepAlgorithm entry;
            entry.name = a->name();
            entry.schedule = *a;
            check_unique(seen, entry.name, p, "algorithms");
            s.algorithms.push_back(std::move(entry));
        }
    }

    // The co-design settings every run shares, checked the way `codesign` checks its options.
    CodesignRequest codesign_settings(bool maestro_as_is) const {
        CodesignRequest r;
        r.levels = doc_.string_or(root_, "", "levels", r.levels);
        r.map_space = doc_.string_or(root_, "", "map_space", r.map_space);
        r.buffers = doc_.string_or(root_, "", "buffers", r.buffers);
        r.area_model = doc_.string_or(root_, "", "area_model", "");
        r.max_pes = doc_.integer_or(root_, "", "max_pes", 0, 0, std::int64_t{1} << 40);
        r.maestro_as_is = maestro_as_is;
        try {
            map_space_preset(r.map_space);
        } catch (const InputError& e) {
            doc_.fail("/map_space", e.diagnostic().message);
        }
        if (!r.area_model.empty()) {
            try {
                area_model(r.area_model);
            } catch (const InputError& e) {
                doc_.fail("/area_model", e.diagnostic().message);
            }
        }
        try {  // levels and buffers, as the CLI reads them
            make_codesign_problem(r, Model{}, {}, 1);
        } catch (const InputError& e) {
            const std::string option = e.diagnostic().where.file;  // "--levels", "--buffers"
            doc_.fail(option == "--buffers" ? "/buffers" : "/levels", e.diagnostic().message);
        }
        return r;
    }

    std::vector<SweepAccelerator> platforms() const {
        std::vector<SweepAccelerator> out;
        std::vector<std::string> seen;
        const nlohmann::json* list = axis("platforms", false);
        if (!list) return {{"edge", codesign_platform("edge").base, {}}};
        for (std::size_t i = 0; i < list->size(); ++i) {
            const std::string p = json_child("/platforms", i);
            if (!(*list)[i].is_string()) doc_.fail(p, "a platform is a name: edge or cloud");
            const std::string name = (*list)[i].get<std::string>();
            try {
                out.push_back({name, codesign_platform(name).base, {}});
            } catch (const InputError& e) {
                doc_.fail(p, e.diagnostic().message);
            }
            check_unique(seen, name, p, "platforms");
        }
        return out;
    }

    // Technologies by bundled name or file (relative to the spec), each loaded to check it.
    std::vector<std::string> technologies() const {
        const nlohmann::json* list = axis("technologies", false);
        if (!list) return {""};
        std::vector<std::string> out, seen;
        for (std::size_t i = 0; i < list->size(); ++i) {
            const std::string p = json_child("/technologies", i);
            if (!(*list)[i].is_string() || (*list)[i].get<std::string>().empty())
                doc_.fail(p, "a technology is a bundled name (maestro, 45nm, ...) or a technology file");
            std::string name = (*list)[i].get<std::string>();
            try {
                // A file is named by the path it was loaded from, which every worker can open.
                if (looks_like_path(name)) name = technology_reference(*load_technology(resolve_path(name, base_)));
                else load_technology(name);
            } catch (const InputError& e) {
                if (e.diagnostic().where.line > 0) throw;
                doc_.fail(p, e.diagnostic().message);
            }
            check_unique(seen, name, p, "technologies");
            out.push_back(name);
        }
        return out;
    }

    std::vector<std::string> precisions() const {
        const nlohmann::json* list = axis("precisions", false);
        if (!list) return {""};
        std::vector<std::string> out, seen;
        for (std::size_t i = 0; i < list->size(); ++i) {
            const std::string p = json_child("/precisions", i);
            if (!(*list)[i].is_string()) doc_.fail(p, "a precision is a number format (int8, fp16, ...) or input=F,weight=F,output=F");
            TensorPrecision parsed;
            if (std::string why = parse_precision((*list)[i].get<std::string>(), parsed); !why.empty()) doc_.fail(p, why);
            const std::string text = precision_text(parsed);
            check_unique(seen, text, p, "precisions");
            out.push_back(text);
        }
        return out;
    }

    std::vector<double> area_budgets() const {
        const nlohmann::json* list = axis("area_budgets_mm2", false);
        if (!list) return {0};
        std::vector<double> out;
        std::vector<std::string> seen;
        for (std::size_t i = 0; i < list->size(); ++i) {
            const std::string p = json_child("/area_budgets_mm2", i);
            const auto& v = (*list)[i];
            if (!v.is_number() || !(v.get<double>() > 0) || v.get<double>() > 1e6)
                doc_.fail(p, "an area budget is a number of mm² above 0 (at most 1e6), not " + v.dump());
            check_unique(seen, v.dump(), p, "area_budgets_mm2");
            out.push_back(v.get<double>());
        }
        return out;
    }

    // The array at `key` (required unless `fallback` is given), each entry checked to be unique.
    const nlohmann::json* axis(const std::string& key, bool required) const {
        if (!root_.contains(key)) {
            if (required) doc_.fail("", "missing field \"" + key + "\" (a list)");
            return nullptr;
        }
        const auto& v = root_[key];
        if (!v.is_array()) doc_.fail(json_child("", key), "\"" + key + "\" must be a list");
        if (v.empty()) doc_.fail(json_child("", key), "\"" + key + "\" must list at least one value");
        return &v;
    }

    void check_unique(std::vector<std::string>& seen, const std::string& value, const std::string& pointer,
                      const std::string& key) const {
        if (std::find(seen.begin(), seen.end(), value) != seen.end())
            doc_.fail(pointer, "\"" + value + "\" appears twice in \"" + key + "\" (its runs would be the same runs)");
        seen.push_back(value);
    }

    // The LLM axes ("phases", "batches", "prompts", "contexts"): each "llm:NAME" model entry
    // becomes one model per combination (a prefill takes the prompts, a decode the contexts).
    std::vector<std::string> llm_variants(const std::string& name, const std::string& where) const {
        static const char* kAxes[] = {"phases", "batches", "prompts", "contexts"};
        bool any_axis = false;
        for (const char* a : kAxes) any_axis = any_axis || root_.contains(a);
        if (!any_axis || !is_llm_reference(name)) return {name};
        if (name.find(',') != std::string::npos)
            doc_.fail(where, "\"" + name + "\" sets its own phase, batch, prompt or context, and the spec has LLM axes: give the "
                             "configuration alone (\"llm:NAME\") and let the axes vary them");
        const std::vector<LlmPhase> phases = string_axis<LlmPhase>(
            "phases", {"decode"}, [](const std::string& t) { return parse_llm_phase(t); }, "an LLM phase: prefill or decode",
            [](LlmPhase x) { return std::string(llm_phase_name(x)); });
        const LlmRequest defaults;
        const std::vector<std::int64_t> batches = integer_axis("batches", {defaults.batch}, 1, 65536);
        const std::vector<std::int64_t> prompts = integer_axis("prompts", {defaults.prompt}, 1, kIntMax);
        const std::vector<std::int64_t> contexts = integer_axis("contexts", {defaults.context}, 1, kIntMax);
        std::vector<std::string> out;
        for (LlmPhase phase : phases)
            for (std::int64_t batch : batches)
                for (std::int64_t length : phase == LlmPhase::Prefill ? prompts : contexts) {
                    LlmRequest r;
                    r.phase = phase;
                    r.batch = batch;
                    (phase == LlmPhase::Prefill ? r.prompt : r.context) = length;
                    out.push_back(llm_reference(name.substr(4), r));
                }
        return out;
    }

    std::vector<SweepModel> models() const {
        std::vector<SweepModel> out;
        std::vector<std::string> seen;
        bool any_llm = false;
        const auto& list = *axis("models", true);
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string p = json_child("/models", i);
            SweepModel entry;
            std::string where = p;
            if (list[i].is_string()) {
                entry.name = list[i].get<std::string>();
            } else if (list[i].is_object()) {
                doc_.check_fields(list[i], p, kModelEntryFields);
                entry.name = doc_.string(list[i], p, "model");
                entry.layers = doc_.string_or(list[i], p, "layers", "all");
                where = json_child(p, "model");
            } else {
                doc_.fail(p, "a model is a name or a file (a string), an \"llm:NAME\" reference, or {\"model\": ..., \"layers\": \"1-4\"}");
            }
            any_llm = any_llm || is_llm_reference(entry.name);
            for (const std::string& name : llm_variants(entry.name, where)) {
                SweepModel m = entry;
                m.name = name;
                try {
                    m.model = load_model(is_llm_reference(name) ? resolve_llm_config(name) : resolve_path(name, base_));
                } catch (const InputError& e) {
                    doc_.fail(where, "cannot load model \"" + name + "\": " + e.diagnostic().to_string());
                }
                if (m.model.layers.empty()) doc_.fail(where, "model \"" + name + "\" has no layers");
                const std::string selection_at = list[i].is_object() && list[i].contains("layers") ? json_child(p, "layers") : p;
                m.layer_numbers = parse_layer_selection(m.layers, m.model.layers.size(), doc_.location(selection_at));
                check_unique(seen, m.name + " layers " + m.layers, p, "models");
                out.push_back(std::move(m));
            }
        }
        for (const char* a : {"phases", "batches", "prompts", "contexts"})
            if (root_.contains(a) && !any_llm)
                doc_.fail(json_child("", a), "\"" + std::string(a) + "\" varies language models, and no model is one (\"llm:NAME\")");
        return out;
    }

    // An llm: reference whose configuration is a file: the file relative to the spec.
    std::string resolve_llm_config(const std::string& reference) const {
        const std::size_t comma = reference.find(',');
        const std::string config = reference.substr(4, comma == std::string::npos ? std::string::npos : comma - 4);
        return "llm:" + resolve_path(config, base_) + (comma == std::string::npos ? "" : reference.substr(comma));
    }

    std::vector<SweepAccelerator> accelerators() const {
        std::vector<SweepAccelerator> out;
        std::vector<std::string> seen;
        const auto& list = *axis("accelerators", true);
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string p = json_child("/accelerators", i);
            if (!list[i].is_string()) doc_.fail(p, "an accelerator is a preset id or a file (a string)");
            SweepAccelerator a;
            a.name = list[i].get<std::string>();
            try {
                a.accelerator = load_platform(resolve_path(a.name, base_));
            } catch (const InputError& e) {
                doc_.fail(p, "cannot load accelerator \"" + a.name + "\": " + e.diagnostic().to_string());
            }
            check_unique(seen, a.name, p, "accelerators");
            out.push_back(std::move(a));
        }
        return out;
    }

    // Mapping-search algorithms (`search --algo`) or co-design methods (`codesign --algo`).
    std::vector<SweepAlgorithm> algorithms(RunKind kind, int population) const {
        std::vector<SweepAlgorithm> out;
        std::vector<std::string> seen;
        const auto& list = *axis("algorithms", true);
        const bool codesign = kind == RunKind::Codesign;
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string p = json_child("/algorithms", i);
            if (!list[i].is_string()) doc_.fail(p, "an algorithm is a name (a string)");
            const std::string name = list[i].get<std::string>();
            SweepAlgorithm entry;
            if (codesign) {
                const auto a = parse_codesign_algorithm(name);
                if (a) entry = {a->name(), {}, *a, {}};
            } else if (auto a = parse_algorithm(name)) {
                a->gamma.population = population;
                entry = {a->name(), *a, {}, {}};
            }
            if (entry.name.empty()) {
                std::string known;
                for (const auto& n : codesign ? codesign_algorithm_names() : algorithm_names()) known += (known.empty() ? "" : ", ") + n;
                doc_.fail(p, "unknown " + std::string(codesign ? "co-design " : "") + "algorithm \"" + name + "\"" +
                                 did_you_mean(name, codesign ? codesign_algorithm_names() : algorithm_names()) + " (known: " + known + ")");
            }
            check_unique(seen, entry.name, p, "algorithms");
            out.push_back(std::move(entry));
        }
        return out;
    }

    template <class T, class Parse, class Name>
    std::vector<T> string_axis(const std::string& key, const std::vector<std::string>& fallback, Parse parse,
                               const std::string& what, Name canonical_name) const {
        std::vector<T> out;
        std::vector<std::string> seen;
        const nlohmann::json* list = axis(key, false);
        if (!list) {
            for (const std::string& v : fallback) out.push_back(*parse(v));
            return out;
        }
        for (std::size_t i = 0; i < list->size(); ++i) {
            const std::string p = json_child(json_child("", key), i);
            const auto& v = (*list)[i];
            if (!v.is_string()) doc_.fail(p, "each entry of \"" + key + "\" must be " + what);
            const auto parsed = parse(v.get<std::string>());
            if (!parsed) doc_.fail(p, "\"" + v.get<std::string>() + "\" is not " + what);
            check_unique(seen, canonical_name(*parsed), p, key);
            out.push_back(*parsed);
        }
        return out;
    }

    // A list of whole numbers, or a range: {"from": A, "to": B} with "step" (default 1) or
    // "times" (a geometric range: A, A*times, ... up to B).
    std::vector<std::int64_t> integer_axis(const std::string& key, const std::vector<std::int64_t>& fallback,
                                           std::int64_t min, std::int64_t max) const {
        if (!root_.contains(key)) return fallback;
        const std::string p = json_child("", key);
        const auto& v = root_[key];
        std::vector<std::int64_t> out;
        if (v.is_object()) {
            doc_.check_fields(v, p, kRangeFields);
            const std::int64_t from = doc_.integer(v, p, "from", min, max);
            const std::int64_t to = doc_.integer(v, p, "to", from, max);
            if (v.contains("step") && v.contains("times")) doc_.fail(p, "a range has \"step\" or \"times\", not both");
            if (v.contains("times")) {
                const std::int64_t times = doc_.integer(v, p, "times", 2, 1'000'000);
                if (from == 0) doc_.fail(json_child(p, "from"), "a geometric range cannot start at 0");
                for (std::int64_t x = from;; x *= times) {
                    out.push_back(x);
                    if (x > to / times) break;  // the next one would pass `to` (or overflow)
                }
            } else {
                const std::int64_t step = doc_.integer_or(v, p, "step", 1, 1, std::numeric_limits<std::int64_t>::max());
                if ((to - from) / step >= kMaxRuns) doc_.fail(p, "the range has more than " + std::to_string(kMaxRuns) + " values");
                for (std::int64_t x = from;; x += step) {
                    out.push_back(x);
                    if (x > to - step) break;
                }
            }
            return out;
        }
        if (!v.is_array()) doc_.fail(p, "\"" + key + "\" must be a list of whole numbers or a range {\"from\": A, \"to\": B}");
        if (v.empty()) doc_.fail(p, "\"" + key + "\" must list at least one value");
        std::vector<std::string> seen;
        for (std::size_t i = 0; i < v.size(); ++i) {
            const std::string at = json_child(p, i);
            if (!v[i].is_number_integer() || (v[i].is_number_unsigned() && v[i].get<std::uint64_t>() > static_cast<std::uint64_t>(max)))
                doc_.fail(at, "each entry of \"" + key + "\" must be a whole number in [" + std::to_string(min) + ", " +
                                  std::to_string(max) + "], not " + v[i].dump());
            const std::int64_t x = v[i].get<std::int64_t>();
            if (x < min || x > max)
                doc_.fail(at, v[i].dump() + " is out of range [" + std::to_string(min) + ", " + std::to_string(max) + "]");
            check_unique(seen, std::to_string(x), at, key);
            out.push_back(x);
        }
        return out;
    }

    const JsonDocument& doc_;
    const nlohmann::json& root_;
    std::string base_;
};

}  // namespace

std::vector<const JsonObjectSchema*> sweep_spec_schemas() { return {&kSearchFields, &kSweepCodesignFields, &kScheduleFields, &kModelEntryFields, &kRangeFields}; }

std::string_view run_kind_name(RunKind kind) {
    switch (kind) {
        case RunKind::Search: return "search";
        case RunKind::Codesign: return "codesign";
        case RunKind::Schedule: return "schedule";
    }
    return "search";
}

Model mix_as_model(const std::string& name, const std::vector<Job>& jobs) {
    Model m;
    m.name = name;
    m.source = "task mix " + name;
    for (const Job& j : jobs) {
        Layer l = j.layer;
        l.name = j.label();
        m.layers.push_back(std::move(l));
    }
    return m;
}

std::vector<Job> jobs_of_mix_model(const Model& m) {
    std::vector<Job> jobs;
    for (const Layer& l : m.layers) {
        Job j;
        j.id = static_cast<int>(jobs.size());
        j.layer = l;
        // The label "model#copy/layer" back into its parts.
        const auto hash = l.name.find('#'), slash = l.name.find('/', hash == std::string::npos ? 0 : hash);
        if (hash != std::string::npos && slash != std::string::npos) {
            j.model = l.name.substr(0, hash);
            j.copy = std::max(0, std::atoi(l.name.substr(hash + 1, slash - hash - 1).c_str()) - 1);
            j.layer.name = l.name.substr(slash + 1);
        } else {
            j.model = m.name;
        }
        j.layer_number = static_cast<int>(jobs.size()) + 1;
        j.macs = exact_macs(j.layer);
        jobs.push_back(std::move(j));
    }
    return jobs;
}

SweepSpec parse_sweep_spec(std::string_view text, const std::string& file_name, const std::string& base_directory) {
    const JsonDocument doc = JsonDocument::parse(text, file_name);
    return SpecReader(doc, base_directory).read();
}

SweepSpec load_sweep_spec(const std::string& path) {
    return parse_sweep_spec(read_text_file(path), path, std::filesystem::path(path).parent_path().string());
}

}  // namespace mapscape
