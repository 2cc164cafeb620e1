// The JSON forms of a study's co-design, NAAS and schedule results (study format version 2).
// Readers check every index a view will follow (a segment's core and job, an assignment's core),
// so a damaged file is refused with its position instead of crashing a view later.
#include "study/study_results.hpp"
#include "util/integer_math.hpp"

#include <cmath>
#include <limits>

#include "arch/accelerator_json.hpp"
#include "mapping/map_space.hpp"
#include "mapping/mapping_json.hpp"
#include "schedule/job_analysis.hpp"
#include "util/json_document.hpp"
#include "util/json_number.hpp"
#include "util/json_text.hpp"

namespace mapscape {

namespace {

using Json = nlohmann::ordered_json;

// The fields of each result object, as the writers below write them.
const JsonObjectSchema kDesignFields{"study.codesign.best", {"accelerator", "mappings", "area_um2", "runtime_cycles", "energy_nj", "objective"}};
const JsonObjectSchema kAreaFields{"study.codesign.best.area_um2", {"pes", "l1", "l2", "noc"}};
const JsonObjectSchema kBoundFields{"study.codesign.bound", {"objective", "runtime_cycles", "energy_nj"}};
const JsonObjectSchema kCodesignFields{"study.codesign",
                                       {"algorithm", "platform", "objective", "area_model", "map_space", "area_budget_um2",
                                        "budget_samples", "seed", "model", "model_layers", "found", "best", "bound", "trace",
                                        "samples", "valid_samples", "wall_s", "stopped"}};
const JsonObjectSchema kVariantFields{"study.naas.variant", {"width", "resolution", "top1", "published_mmacs"}};
const JsonObjectSchema kHardwareFields{"study.naas.hardware", {"levels", "dims", "parallel", "l1_bytes", "l2_bytes"}};
const JsonObjectSchema kNaasDesignFields{"study.naas.best", {"hardware", "variant", "accelerator", "geomean_edp", "benchmarks"}};
const JsonObjectSchema kNaasBenchmarkFields{"study.naas.best.benchmarks[]", {"name", "valid", "runtime_cycles", "energy_nj", "edp", "layers"}};
const JsonObjectSchema kNaasLayerFields{"study.naas.best.benchmarks[].layers[]", {"valid", "runtime_cycles", "energy_nj", "mapping"}};
const JsonObjectSchema kFrontPointFields{"study.naas.front[]", {"variant", "edp"}};
const JsonObjectSchema kNaasIterationFields{"study.naas.trace[]", {"iteration", "best_so_far", "best", "mean", "population", "redraws"}};
const JsonObjectSchema kNaasFields{"study.naas",
                                   {"resources", "population", "iterations", "accuracy_floor", "mapping_search", "seed", "model",
                                    "model_layers", "baseline", "trace", "best", "explored", "front", "bound_geomean_edp", "wall_s",
                                    "stopped"}};
const JsonObjectSchema kScheduleSettingsFields{"study.schedule",
                                               {"mix", "setting", "bw", "bw_gbps", "bw_units", "job_analysis", "algorithm", "budget",
                                                "seed", "group"}};
const JsonObjectSchema kPlatformRecordFields{"study.schedule_result.platform", {"name", "description", "clock_mhz", "word_bytes", "cores", "flexible"}};
const JsonObjectSchema kPlatformCoreFields{"study.schedule_result.platform.cores[]", {"rows", "cols", "style", "buffer_bytes"}};
const JsonObjectSchema kJobFields{"study.schedule_result.jobs[]", {"id", "model", "copy", "layer_number", "layer", "macs"}};
const JsonObjectSchema kAssignmentFields{"study.schedule_result.assignment", {"core", "priority"}};
const JsonObjectSchema kTimelineFields{"study.schedule_result.timeline", {"makespan", "core_finish", "valid", "segments"}};
const JsonObjectSchema kScheduleRecordFields{"study.schedule_result",
                                             {"settings", "platform", "jobs", "system_bytes_per_cycle", "assignment", "timeline",
                                              "samples", "budget", "trace", "wall_s", "lower_bound_cycles", "throughput_gflops"}};

constexpr std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();
constexpr double kInf = std::numeric_limits<double>::infinity();

bool boolean_or(const JsonDocument& doc, const nlohmann::json& o, const std::string& p, const std::string& key, bool fallback) {
    if (!o.contains(key)) return fallback;
    if (!o[key].is_boolean()) doc.fail(json_child(p, key), "\"" + key + "\" must be true or false");
    return o[key].get<bool>();
}

// A non-negative figure that may be "none" (null: +infinity, as number_or_null writes it).
double figure_or_inf(const JsonDocument& doc, const nlohmann::json& o, const std::string& p, const std::string& key) {
    if (!o.contains(key) || o[key].is_null()) return kInf;
    return doc.number_or(o, p, key, kInf, 0, 1e300);
}

double figure(const JsonDocument& doc, const nlohmann::json& o, const std::string& p, const std::string& key) {
    return doc.number_or(o, p, key, 0, 0, 1e300);
}

std::int64_t whole_number(const JsonDocument& doc, const nlohmann::json& o, const std::string& p, const std::string& key) {
    return doc.integer_or(o, p, key, 0, 0, kInt64Max);
}

Json trace_to_json(const SampleTrace& trace) {
    Json out = Json::array();
    for (const auto& [samples, best] : trace) out.push_back({samples, number_or_null(best)});
    return out;
}

SampleTrace trace_from(const JsonDocument& doc, const nlohmann::json& o, const std::string& p) {
    SampleTrace out;
    if (!o.contains("trace")) return out;
    const auto& tr = doc.array(o, p, "trace");
    for (std::size_t t = 0; t < tr.size(); ++t) {
        if (!tr[t].is_array() || tr[t].size() != 2 || !tr[t][0].is_number_integer() || !(tr[t][1].is_number() || tr[t][1].is_null()))
            doc.fail(json_child(json_child(p, "trace"), t), "a trace point is [samples, best]");
        out.emplace_back(tr[t][0].get<std::int64_t>(), tr[t][1].is_number() ? tr[t][1].get<double>() : kInf);
    }
    return out;
}

std::vector<double> finite_or_inf_list(const JsonDocument& doc, const nlohmann::json& o, const std::string& p, const std::string& key) {
    std::vector<double> out;
    if (!o.contains(key)) return out;
    const auto& a = doc.array(o, p, key);
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].is_null())
            out.push_back(kInf);
        else if (a[i].is_number())
            out.push_back(a[i].get<double>());
        else
            doc.fail(json_child(json_child(p, key), i), "must be a number or null");
    }
    return out;
}

// ---- co-design ----------------------------------------------------------------------------

Json design_point_to_json(const DesignPoint& d) {
    Json mappings = Json::array();
    for (const Mapping& m : d.mappings) mappings.push_back(mapping_to_json(m));
    return {{"accelerator", accelerator_to_json(d.accelerator)},
            {"mappings", std::move(mappings)},
            {"area_um2", {{"pes", d.area.pes_um2}, {"l1", d.area.l1_um2}, {"l2", d.area.l2_um2}, {"noc", d.area.noc_um2}}},
            {"runtime_cycles", d.runtime_cycles},
            {"energy_nj", d.energy_nj},
            {"objective", number_or_null(d.objective)}};
}

DesignPoint design_point_from(const JsonDocument& doc, const nlohmann::json& v, const std::string& p) {
    if (!v.is_object()) doc.fail(p, "a design must be an object");
    doc.check_fields(v, p, kDesignFields);
    DesignPoint d;
    d.accelerator = accelerator_from_json(doc, doc.object(v, p, "accelerator"), json_child(p, "accelerator"));
    const auto& ms = doc.array(v, p, "mappings");
    for (std::size_t i = 0; i < ms.size(); ++i) d.mappings.push_back(mapping_from_json(doc, ms[i], json_child(json_child(p, "mappings"), i)));
    if (v.contains("area_um2")) {
        const auto& a = doc.object(v, p, "area_um2");
        const std::string ap = json_child(p, "area_um2");
        doc.check_fields(a, ap, kAreaFields);
        d.area.pes_um2 = figure(doc, a, ap, "pes");
        d.area.l1_um2 = figure(doc, a, ap, "l1");
        d.area.l2_um2 = figure(doc, a, ap, "l2");
        d.area.noc_um2 = figure(doc, a, ap, "noc");
    }
    d.runtime_cycles = whole_number(doc, v, p, "runtime_cycles");
    d.energy_nj = figure(doc, v, p, "energy_nj");
    d.objective = figure_or_inf(doc, v, p, "objective");
    return d;
}

// ---- NAAS ---------------------------------------------------------------------------------

Json variant_to_json(const NetworkVariant& v) {
    return {{"width", v.width}, {"resolution", v.resolution}, {"top1", v.top1}, {"published_mmacs", v.published_mmacs}};
}

NetworkVariant variant_from(const JsonDocument& doc, const nlohmann::json& v, const std::string& p) {
    if (!v.is_object()) doc.fail(p, "a network variant must be an object");
    doc.check_fields(v, p, kVariantFields);
    NetworkVariant n;
    n.width = doc.number_or(v, p, "width", 1.0, 1e-6, 1e6);
    n.resolution = doc.integer_or(v, p, "resolution", 224, 1, kIntMax);
    n.top1 = doc.number_or(v, p, "top1", 0, 0, 100);
    n.published_mmacs = figure(doc, v, p, "published_mmacs");
    return n;
}

Json hardware_to_json(const NaasHardware& h) {
    Json dims = Json::array(), parallel = Json::array();
    for (std::int64_t d : h.dims) dims.push_back(d);
    for (DimRole r : h.parallel) parallel.push_back(std::string(role_name(r)));
    return {{"levels", h.levels}, {"dims", std::move(dims)}, {"parallel", std::move(parallel)}, {"l1_bytes", h.l1_bytes}, {"l2_bytes", h.l2_bytes}};
}

NaasHardware hardware_from(const JsonDocument& doc, const nlohmann::json& v, const std::string& p) {
    if (!v.is_object()) doc.fail(p, "the hardware must be an object");
    doc.check_fields(v, p, kHardwareFields);
    NaasHardware h;
    h.levels = static_cast<int>(doc.integer_or(v, p, "levels", h.levels, 1, kNaasMaxLevels));
    const auto& dims = doc.array(v, p, "dims");
    const auto& parallel = doc.array(v, p, "parallel");
    if (dims.size() != kNaasMaxLevels) doc.fail(json_child(p, "dims"), "must hold " + std::to_string(kNaasMaxLevels) + " sizes");
    if (parallel.size() != kNaasMaxLevels) doc.fail(json_child(p, "parallel"), "must hold " + std::to_string(kNaasMaxLevels) + " roles");
    for (std::size_t i = 0; i < kNaasMaxLevels; ++i) {
        if (!dims[i].is_number_integer() || dims[i].get<std::int64_t>() < 1)
            doc.fail(json_child(json_child(p, "dims"), i), "a size must be a positive integer");
        h.dims[i] = dims[i].get<std::int64_t>();
        const auto role = parallel[i].is_string() ? parse_role(parallel[i].get<std::string>()) : std::nullopt;
        if (!role) doc.fail(json_child(json_child(p, "parallel"), i), "unknown dimension role");
        h.parallel[i] = *role;
    }
    h.l1_bytes = doc.integer_or(v, p, "l1_bytes", h.l1_bytes, 0, kInt64Max);
    h.l2_bytes = doc.integer_or(v, p, "l2_bytes", h.l2_bytes, 0, kInt64Max);
    return h;
}

Json naas_design_to_json(const NaasDesign& d) {
    Json benchmarks = Json::array();
    for (const NaasBenchmarkResult& b : d.benchmarks) {
        Json layers = Json::array();
        for (const NaasLayerResult& l : b.layers)
            layers.push_back({{"valid", l.valid},
                              {"runtime_cycles", l.runtime_cycles},
                              {"energy_nj", l.energy_nj},
                              {"mapping", l.valid ? mapping_to_json(l.mapping) : Json(nullptr)}});
        benchmarks.push_back({{"name", b.name},
                              {"valid", b.valid},
                              {"runtime_cycles", b.runtime_cycles},
                              {"energy_nj", b.energy_nj},
                              {"edp", number_or_null(b.edp)},
                              {"layers", std::move(layers)}});
    }
    return {{"hardware", hardware_to_json(d.hardware)},
            {"variant", d.variant ? variant_to_json(*d.variant) : Json(nullptr)},
            {"accelerator", accelerator_to_json(d.accelerator)},
            {"geomean_edp", number_or_null(d.geomean_edp)},
            {"benchmarks", std::move(benchmarks)}};
}

NaasDesign naas_design_from(const JsonDocument& doc, const nlohmann::json& v, const std::string& p) {
    if (!v.is_object()) doc.fail(p, "a NAAS design must be an object");
    doc.check_fields(v, p, kNaasDesignFields);
    NaasDesign d;
    if (!v.contains("hardware")) doc.fail(p, "missing field \"hardware\"");
    d.hardware = hardware_from(doc, v["hardware"], json_child(p, "hardware"));
    if (v.contains("variant") && !v["variant"].is_null()) d.variant = variant_from(doc, v["variant"], json_child(p, "variant"));
    d.accelerator = accelerator_from_json(doc, doc.object(v, p, "accelerator"), json_child(p, "accelerator"));
    d.geomean_edp = figure_or_inf(doc, v, p, "geomean_edp");
    if (v.contains("benchmarks")) {
        const auto& bs = doc.array(v, p, "benchmarks");
        for (std::size_t i = 0; i < bs.size(); ++i) {
            const std::string bp = json_child(json_child(p, "benchmarks"), i);
            if (!bs[i].is_object()) doc.fail(bp, "a benchmark's result must be an object");
            doc.check_fields(bs[i], bp, kNaasBenchmarkFields);
            NaasBenchmarkResult b;
            b.name = doc.string_or(bs[i], bp, "name", "");
            b.valid = boolean_or(doc, bs[i], bp, "valid", false);
            b.runtime_cycles = whole_number(doc, bs[i], bp, "runtime_cycles");
            b.energy_nj = figure(doc, bs[i], bp, "energy_nj");
            b.edp = figure_or_inf(doc, bs[i], bp, "edp");
            const auto& ls = doc.array(bs[i], bp, "layers");
            for (std::size_t k = 0; k < ls.size(); ++k) {
                const std::string lp = json_child(json_child(bp, "layers"), k);
                if (!ls[k].is_object()) doc.fail(lp, "a layer's result must be an object");
                doc.check_fields(ls[k], lp, kNaasLayerFields);
                NaasLayerResult l;
                l.valid = boolean_or(doc, ls[k], lp, "valid", false);
                l.runtime_cycles = whole_number(doc, ls[k], lp, "runtime_cycles");
                l.energy_nj = figure(doc, ls[k], lp, "energy_nj");
                if (l.valid) l.mapping = mapping_from_json(doc, ls[k]["mapping"], json_child(lp, "mapping"));
                b.layers.push_back(std::move(l));
            }
            d.benchmarks.push_back(std::move(b));
        }
    }
    return d;
}

Json front_to_json(const std::vector<NaasFrontPoint>& points) {
    Json out = Json::array();
    for (const NaasFrontPoint& f : points) out.push_back({{"variant", variant_to_json(f.variant)}, {"edp", number_or_null(f.edp)}});
    return out;
}

std::vector<NaasFrontPoint> front_from(const JsonDocument& doc, const nlohmann::json& v, const std::string& p, const std::string& key) {
    std::vector<NaasFrontPoint> out;
    if (!v.contains(key)) return out;
    const auto& a = doc.array(v, p, key);
    for (std::size_t i = 0; i < a.size(); ++i) {
        const std::string fp = json_child(json_child(p, key), i);
        if (!a[i].is_object() || !a[i].contains("variant")) doc.fail(fp, "a front point is {\"variant\", \"edp\"}");
        doc.check_fields(a[i], fp, kFrontPointFields);
        out.push_back({variant_from(doc, a[i]["variant"], json_child(fp, "variant")), figure_or_inf(doc, a[i], fp, "edp")});
    }
    return out;
}

// ---- schedules ----------------------------------------------------------------------------

// (Not schedule/platform.hpp's platform_to_json: buffers in bytes, no format header.)
Json platform_record_json(const Platform& pl) {
    Json cores = Json::array();
    for (const SubAccelerator& c : pl.cores)
        cores.push_back({{"rows", c.rows}, {"cols", c.cols}, {"style", std::string(core_style_name(c.style))}, {"buffer_bytes", c.buffer_bytes}});
    Json j = {{"name", pl.name}, {"description", pl.description}, {"clock_mhz", pl.clock_mhz}, {"word_bytes", pl.word_bytes}, {"cores", std::move(cores)}};
    if (pl.flexible) j["flexible"] = true;
    return j;
}

Platform platform_from(const JsonDocument& doc, const nlohmann::json& v, const std::string& p) {
    if (!v.is_object()) doc.fail(p, "the platform must be an object");
    doc.check_fields(v, p, kPlatformRecordFields);
    Platform pl;
    pl.name = doc.string_or(v, p, "name", "");
    pl.description = doc.string_or(v, p, "description", "");
    pl.clock_mhz = doc.number_or(v, p, "clock_mhz", pl.clock_mhz, 1e-6, 1e9);
    pl.word_bytes = static_cast<int>(doc.integer_or(v, p, "word_bytes", pl.word_bytes, 1, 64));
    pl.flexible = v.contains("flexible") && v["flexible"].is_boolean() && v["flexible"].get<bool>();
    const auto& cores = doc.array(v, p, "cores");
    for (std::size_t i = 0; i < cores.size(); ++i) {
        const std::string cp = json_child(json_child(p, "cores"), i);
        if (!cores[i].is_object()) doc.fail(cp, "a core must be an object");
        doc.check_fields(cores[i], cp, kPlatformCoreFields);
        SubAccelerator c;
        c.rows = doc.integer_or(cores[i], cp, "rows", c.rows, 1, kIntMax);
        c.cols = doc.integer_or(cores[i], cp, "cols", c.cols, 1, kIntMax);
        const std::string style = doc.string_or(cores[i], cp, "style", "HB");
        const auto s = parse_core_style(style);
        if (!s) doc.fail(json_child(cp, "style"), "unknown core style \"" + style + "\"");
        c.style = *s;
        c.buffer_bytes = doc.integer_or(cores[i], cp, "buffer_bytes", c.buffer_bytes, 0, kInt64Max);
        pl.cores.push_back(c);
    }
    return pl;
}

}  // namespace

std::vector<const JsonObjectSchema*> study_result_schemas() {
    return {&kScheduleSettingsFields, &kCodesignFields, &kDesignFields, &kAreaFields, &kBoundFields, &kNaasFields, &kNaasDesignFields,
            &kHardwareFields, &kVariantFields, &kNaasBenchmarkFields, &kNaasLayerFields, &kFrontPointFields, &kNaasIterationFields,
            &kScheduleRecordFields, &kPlatformRecordFields, &kPlatformCoreFields, &kJobFields, &kAssignmentFields, &kTimelineFields};
}

Json schedule_settings_to_json(const ScheduleSettings& s) {
    return {{"mix", s.mix},
            {"setting", s.setting},
            {"bw", s.bandwidth},
            {"bw_units", s.bandwidth_unit},
            {"job_analysis", s.job_analysis},
            {"algorithm", s.algorithm},
            {"budget", s.budget},
            {"seed", s.seed},
            {"group", s.group}};
}

ScheduleSettings schedule_settings_from_json(const JsonDocument& doc, const nlohmann::json& v, const std::string& p) {
    if (!v.is_object()) doc.fail(p, "the schedule settings must be an object");
    doc.check_fields(v, p, kScheduleSettingsFields);
    ScheduleSettings s;
    s.mix = doc.string_or(v, p, "mix", s.mix);
    s.setting = doc.string_or(v, p, "setting", s.setting);
    // "bw_gbps" is what studies written before the bandwidth units hold.
    s.bandwidth = doc.number_or(v, p, v.contains("bw") ? "bw" : "bw_gbps", s.bandwidth, 1e-6, 1e9);
    s.bandwidth_unit = doc.string_or(v, p, "bw_units", s.bandwidth_unit);
    if (!parse_bandwidth_unit(s.bandwidth_unit))
        doc.fail(json_child(p, "bw_units"), "unknown bandwidth unit \"" + s.bandwidth_unit + "\" (gbps or bytes-per-cycle)");
    s.job_analysis = doc.string_or(v, p, "job_analysis", s.job_analysis);
    if (!parse_job_analysis(s.job_analysis))
        doc.fail(json_child(p, "job_analysis"), "unknown job analysis \"" + s.job_analysis + "\" (mapscape or magma-code)");
    s.algorithm = doc.string_or(v, p, "algorithm", s.algorithm);
    s.budget = doc.integer_or(v, p, "budget", s.budget, 1, kIntMax);
    s.seed = static_cast<std::uint64_t>(doc.integer_or(v, p, "seed", 1, 0, kIntMax));
    s.group = static_cast<int>(doc.integer_or(v, p, "group", 1, 1, kIntMax));
    return s;
}

bool CodesignRecord::operator==(const CodesignRecord& other) const {
    return codesign_record_to_json(*this) == codesign_record_to_json(other);
}
bool NaasRecord::operator==(const NaasRecord& other) const { return naas_record_to_json(*this) == naas_record_to_json(other); }
bool ScheduleRecord::operator==(const ScheduleRecord& other) const {
    return schedule_record_to_json(*this) == schedule_record_to_json(other);
}

Json codesign_record_to_json(const CodesignRecord& r) {
    Json j;
    j["algorithm"] = r.algorithm;
    j["platform"] = r.platform;
    j["objective"] = r.objective;
    j["area_model"] = r.area_model;
    j["map_space"] = r.map_space;
    j["area_budget_um2"] = r.area_budget_um2;
    j["budget_samples"] = r.budget_samples;
    j["seed"] = r.seed;
    j["model"] = r.model_name;
    j["model_layers"] = r.model_layers;
    j["found"] = r.found;
    j["best"] = r.found ? design_point_to_json(r.best) : Json(nullptr);
    j["bound"] = {{"objective", r.bound_objective}, {"runtime_cycles", r.bound_runtime_cycles}, {"energy_nj", r.bound_energy_nj}};
    j["trace"] = trace_to_json(r.trace);
    j["samples"] = r.samples;
    j["valid_samples"] = r.valid_samples;
    j["wall_s"] = r.wall_seconds;
    j["stopped"] = r.stopped;
    return j;
}

CodesignRecord codesign_record_from_json(const JsonDocument& doc, const nlohmann::json& v, const std::string& p) {
    if (!v.is_object()) doc.fail(p, "a co-design result must be an object");
    doc.check_fields(v, p, kCodesignFields);
    CodesignRecord r;
    r.algorithm = doc.string_or(v, p, "algorithm", r.algorithm);
    r.platform = doc.string_or(v, p, "platform", r.platform);
    r.objective = doc.string_or(v, p, "objective", r.objective);
    r.area_model = doc.string_or(v, p, "area_model", "");
    r.map_space = doc.string_or(v, p, "map_space", r.map_space);
    r.area_budget_um2 = figure(doc, v, p, "area_budget_um2");
    r.budget_samples = whole_number(doc, v, p, "budget_samples");
    r.seed = static_cast<std::uint64_t>(doc.integer_or(v, p, "seed", 1, 0, kInt64Max));
    r.model_name = doc.string_or(v, p, "model", "");
    r.model_layers = static_cast<int>(doc.integer_or(v, p, "model_layers", 0, 0, kIntMax));
    r.found = boolean_or(doc, v, p, "found", false);
    if (r.found) {
        if (!v.contains("best")) doc.fail(p, "missing field \"best\"");
        r.best = design_point_from(doc, v["best"], json_child(p, "best"));
    }
    if (v.contains("bound")) {
        const auto& b = doc.object(v, p, "bound");
        const std::string bp = json_child(p, "bound");
        doc.check_fields(b, bp, kBoundFields);
        r.bound_objective = figure(doc, b, bp, "objective");
        r.bound_runtime_cycles = figure(doc, b, bp, "runtime_cycles");
        r.bound_energy_nj = figure(doc, b, bp, "energy_nj");
    }
    r.trace = trace_from(doc, v, p);
    r.samples = whole_number(doc, v, p, "samples");
    r.valid_samples = whole_number(doc, v, p, "valid_samples");
    r.wall_seconds = figure(doc, v, p, "wall_s");
    r.stopped = boolean_or(doc, v, p, "stopped", false);
    return r;
}

Json naas_record_to_json(const NaasRecord& r) {
    Json j;
    j["resources"] = r.resources;
    j["population"] = r.population;
    j["iterations"] = r.iterations;
    j["accuracy_floor"] = r.accuracy_floor;
    j["mapping_search"] = r.mapping_search;
    j["seed"] = r.seed;
    j["model"] = r.model_name;
    j["model_layers"] = r.model_layers;
    j["baseline"] = r.has_baseline ? naas_design_to_json(r.baseline) : Json(nullptr);
    Json its = Json::array();
    for (const NaasIteration& it : r.iterations_done) {
        Json population = Json::array();
        for (double v : it.population) population.push_back(number_or_null(v));
        its.push_back({{"iteration", it.iteration},
                       {"best_so_far", number_or_null(it.best_so_far)},
                       {"best", number_or_null(it.best)},
                       {"mean", number_or_null(it.mean)},
                       {"population", std::move(population)},
                       {"redraws", it.redraws}});
    }
    j["trace"] = std::move(its);
    j["best"] = r.has_best ? naas_design_to_json(r.best) : Json(nullptr);
    j["explored"] = front_to_json(r.explored);
    j["front"] = front_to_json(r.front);
    j["bound_geomean_edp"] = r.bound_geomean_edp;
    j["wall_s"] = r.elapsed_seconds;
    j["stopped"] = r.stopped;
    return j;
}

NaasRecord naas_record_from_json(const JsonDocument& doc, const nlohmann::json& v, const std::string& p) {
    if (!v.is_object()) doc.fail(p, "a NAAS result must be an object");
    doc.check_fields(v, p, kNaasFields);
    NaasRecord r;
    r.resources = doc.string_or(v, p, "resources", r.resources);
    r.population = static_cast<int>(doc.integer_or(v, p, "population", r.population, 1, kIntMax));
    r.iterations = static_cast<int>(doc.integer_or(v, p, "iterations", r.iterations, 1, kIntMax));
    r.accuracy_floor = doc.number_or(v, p, "accuracy_floor", 0, 0, 100);
    r.mapping_search = doc.string_or(v, p, "mapping_search", r.mapping_search);
    r.seed = static_cast<std::uint64_t>(doc.integer_or(v, p, "seed", 1, 0, kInt64Max));
    r.model_name = doc.string_or(v, p, "model", "");
    r.model_layers = static_cast<int>(doc.integer_or(v, p, "model_layers", 0, 0, kIntMax));
    if (v.contains("baseline") && !v["baseline"].is_null()) {
        r.has_baseline = true;
        r.baseline = naas_design_from(doc, v["baseline"], json_child(p, "baseline"));
    }
    if (v.contains("trace")) {
        const auto& its = doc.array(v, p, "trace");
        for (std::size_t i = 0; i < its.size(); ++i) {
            const std::string ip = json_child(json_child(p, "trace"), i);
            if (!its[i].is_object()) doc.fail(ip, "an iteration must be an object");
            doc.check_fields(its[i], ip, kNaasIterationFields);
            NaasIteration it;
            it.iteration = static_cast<int>(doc.integer_or(its[i], ip, "iteration", static_cast<std::int64_t>(i) + 1, 0, kIntMax));
            it.best_so_far = figure_or_inf(doc, its[i], ip, "best_so_far");
            it.best = figure_or_inf(doc, its[i], ip, "best");
            it.mean = figure_or_inf(doc, its[i], ip, "mean");
            it.population = finite_or_inf_list(doc, its[i], ip, "population");
            it.redraws = static_cast<int>(doc.integer_or(its[i], ip, "redraws", 0, 0, kIntMax));
            r.iterations_done.push_back(std::move(it));
        }
    }
    if (v.contains("best") && !v["best"].is_null()) {
        r.has_best = true;
        r.best = naas_design_from(doc, v["best"], json_child(p, "best"));
    }
    r.explored = front_from(doc, v, p, "explored");
    r.front = front_from(doc, v, p, "front");
    r.bound_geomean_edp = figure(doc, v, p, "bound_geomean_edp");
    r.elapsed_seconds = figure(doc, v, p, "wall_s");
    r.stopped = boolean_or(doc, v, p, "stopped", false);
    return r;
}

Json schedule_record_to_json(const ScheduleRecord& r) {
    Json j;
    j["settings"] = schedule_settings_to_json(r.settings);
    j["platform"] = platform_record_json(r.platform);
    Json jobs = Json::array();
    for (const Job& job : r.jobs)
        jobs.push_back({{"id", job.id}, {"model", job.model}, {"copy", job.copy}, {"layer_number", job.layer_number}, {"layer", job.layer.name},
                        {"macs", job.macs}});
    j["jobs"] = std::move(jobs);
    j["system_bytes_per_cycle"] = r.system_bytes_per_cycle;
    j["assignment"] = {{"core", r.best.core}, {"priority", r.best.priority}};
    Json segments = Json::array();
    for (const Segment& s : r.timeline.segments) segments.push_back({s.core, s.job, s.start, s.end, s.bandwidth});
    j["timeline"] = {{"makespan", r.timeline.makespan}, {"core_finish", r.timeline.core_finish}, {"valid", r.timeline.valid},
                     {"segments", std::move(segments)}};
    j["samples"] = r.samples;
    j["budget"] = r.budget;
    j["trace"] = trace_to_json(r.trace);
    j["wall_s"] = r.wall_seconds;
    j["lower_bound_cycles"] = r.lower_bound_cycles;
    j["throughput_gflops"] = r.throughput_gflops;
    return j;
}

ScheduleRecord schedule_record_from_json(const JsonDocument& doc, const nlohmann::json& v, const std::string& p) {
    if (!v.is_object()) doc.fail(p, "a schedule result must be an object");
    doc.check_fields(v, p, kScheduleRecordFields);
    ScheduleRecord r;
    if (v.contains("settings")) r.settings = schedule_settings_from_json(doc, v["settings"], json_child(p, "settings"));
    r.platform = platform_from(doc, doc.object(v, p, "platform"), json_child(p, "platform"));
    const auto cores = static_cast<std::int64_t>(r.platform.cores.size());
    const auto& jobs = doc.array(v, p, "jobs");
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        const std::string jp = json_child(json_child(p, "jobs"), i);
        if (!jobs[i].is_object()) doc.fail(jp, "a job must be an object");
        doc.check_fields(jobs[i], jp, kJobFields);
        Job job;
        job.id = static_cast<int>(doc.integer(jobs[i], jp, "id", 0, kIntMax));
        job.model = doc.string_or(jobs[i], jp, "model", "");
        job.copy = static_cast<int>(doc.integer_or(jobs[i], jp, "copy", 0, 0, kIntMax));
        job.layer_number = static_cast<int>(doc.integer_or(jobs[i], jp, "layer_number", 0, 0, kIntMax));
        job.layer.name = doc.string_or(jobs[i], jp, "layer", "");
        job.macs = whole_number(doc, jobs[i], jp, "macs");
        r.jobs.push_back(std::move(job));
    }
    const auto job_count = static_cast<std::int64_t>(r.jobs.size());
    r.system_bytes_per_cycle = figure(doc, v, p, "system_bytes_per_cycle");
    const auto& a = doc.object(v, p, "assignment");
    const std::string ap = json_child(p, "assignment");
    doc.check_fields(a, ap, kAssignmentFields);
    const auto& core = doc.array(a, ap, "core");
    const auto& priority = doc.array(a, ap, "priority");
    if (static_cast<std::int64_t>(core.size()) != job_count || static_cast<std::int64_t>(priority.size()) != job_count)
        doc.fail(ap, "the assignment must give every job a core and a priority");
    for (std::size_t i = 0; i < core.size(); ++i) {
        if (!core[i].is_number_integer() || core[i].get<std::int64_t>() < 0 || core[i].get<std::int64_t>() >= cores)
            doc.fail(json_child(json_child(ap, "core"), i), "not a core of the platform");
        if (!priority[i].is_number()) doc.fail(json_child(json_child(ap, "priority"), i), "a priority must be a number");
        r.best.core.push_back(core[i].get<int>());
        r.best.priority.push_back(priority[i].get<double>());
    }
    const auto& t = doc.object(v, p, "timeline");
    const std::string tp = json_child(p, "timeline");
    doc.check_fields(t, tp, kTimelineFields);
    r.timeline.makespan = figure(doc, t, tp, "makespan");
    for (double f : finite_or_inf_list(doc, t, tp, "core_finish")) r.timeline.core_finish.push_back(f);
    r.timeline.valid = boolean_or(doc, t, tp, "valid", true);
    const auto& segments = doc.array(t, tp, "segments");
    for (std::size_t i = 0; i < segments.size(); ++i) {
        const std::string sp = json_child(json_child(tp, "segments"), i);
        const auto& s = segments[i];
        if (!s.is_array() || s.size() != 5 || !s[0].is_number_integer() || !s[1].is_number_integer() || !s[2].is_number() ||
            !s[3].is_number() || !s[4].is_number())
            doc.fail(sp, "a segment is [core, job, start, end, bytes per cycle]");
        Segment seg{s[0].get<int>(), s[1].get<int>(), s[2].get<double>(), s[3].get<double>(), s[4].get<double>()};
        if (seg.core < 0 || seg.core >= cores) doc.fail(sp, "the segment's core is not one of the platform's");
        if (seg.job < 0 || seg.job >= job_count) doc.fail(sp, "the segment's job is not one of the schedule's");
        if (!(seg.end >= seg.start)) doc.fail(sp, "the segment ends before it starts");
        r.timeline.segments.push_back(seg);
    }
    r.samples = whole_number(doc, v, p, "samples");
    r.budget = whole_number(doc, v, p, "budget");
    r.trace = trace_from(doc, v, p);
    r.wall_seconds = figure(doc, v, p, "wall_s");
    r.lower_bound_cycles = figure(doc, v, p, "lower_bound_cycles");
    r.throughput_gflops = figure(doc, v, p, "throughput_gflops");
    return r;
}

}  // namespace mapscape
