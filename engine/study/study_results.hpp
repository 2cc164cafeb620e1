// The results of a study's longer runs that the study keeps beside its mapping searches (format
// version 2): the last finished co-design (DiGamma or a baseline), the last finished NAAS search
// and the last finished schedule, each with what its view needs to show it again and to put the
// design into the study or export it. Not kept: every point a run evaluated (as for searches).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "codesign/codesign_problem.hpp"
#include "naas/naas_search.hpp"
#include "schedule/platform.hpp"
#include "schedule/schedule.hpp"
#include "schedule/task_mix.hpp"
#include "study/study_settings.hpp"

namespace mapscape {

class JsonDocument;
struct JsonObjectSchema;

// The fields of every result object a study keeps (for the format page's check).
std::vector<const JsonObjectSchema*> study_result_schemas();

using SampleTrace = std::vector<std::pair<std::int64_t, double>>;  // (samples, best so far)

struct CodesignRecord {
    // What was asked (the co-design view's settings).
    std::string algorithm = "digamma";
    std::string platform = "edge";
    std::string objective = "latency";
    std::string area_model;  // "": the default
    std::string map_space = "flexible";
    double area_budget_um2 = 0;
    std::int64_t budget_samples = 0;
    std::uint64_t seed = 1;
    // The model it designed for (a design fits only that model).
    std::string model_name;
    int model_layers = 0;
    // What it found.
    bool found = false;
    DesignPoint best;
    double bound_objective = 0;  // the lower bound of the objective; 0: unknown
    double bound_runtime_cycles = 0;
    double bound_energy_nj = 0;
    SampleTrace trace;
    std::int64_t samples = 0, valid_samples = 0;
    double wall_seconds = 0;
    bool stopped = false;
    // Equal when their JSON forms are (the engine's design types have no comparison of their own).
    bool operator==(const CodesignRecord& other) const;
};

struct NaasRecord {
    std::string resources = "eyeriss";
    int population = 20, iterations = 30;
    double accuracy_floor = 0;
    std::string mapping_search = "naas";
    std::uint64_t seed = 1;
    std::string model_name;
    int model_layers = 0;
    bool has_baseline = false;
    NaasDesign baseline;  // the benchmarks' layer shapes (network) are not kept
    std::vector<NaasIteration> iterations_done;
    bool has_best = false;
    NaasDesign best;
    std::vector<NaasFrontPoint> explored, front;
    double bound_geomean_edp = 0;
    double elapsed_seconds = 0;
    bool stopped = false;
    bool operator==(const NaasRecord& other) const;
};

struct ScheduleRecord {
    ScheduleSettings settings;         // what was asked
    Platform platform;                 // the cores it ran on
    std::vector<Job> jobs;             // the group's jobs in gene order; of each layer only its name is kept
    double system_bytes_per_cycle = 0;
    Assignment best;
    Timeline timeline;                 // of the best assignment
    std::int64_t samples = 0, budget = 0;
    SampleTrace trace;                 // (samples, best makespan)
    double wall_seconds = 0;
    double lower_bound_cycles = 0;
    double throughput_gflops = 0;
    bool operator==(const ScheduleRecord& other) const;
};

nlohmann::ordered_json schedule_settings_to_json(const ScheduleSettings& s);
ScheduleSettings schedule_settings_from_json(const JsonDocument& doc, const nlohmann::json& v, const std::string& pointer);
nlohmann::ordered_json codesign_record_to_json(const CodesignRecord& r);
CodesignRecord codesign_record_from_json(const JsonDocument& doc, const nlohmann::json& v, const std::string& pointer);
nlohmann::ordered_json naas_record_to_json(const NaasRecord& r);
NaasRecord naas_record_from_json(const JsonDocument& doc, const nlohmann::json& v, const std::string& pointer);
nlohmann::ordered_json schedule_record_to_json(const ScheduleRecord& r);
ScheduleRecord schedule_record_from_json(const JsonDocument& doc, const nlohmann::json& v, const std::string& pointer);

}  // namespace mapscape
