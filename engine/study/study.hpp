// A study: what the desktop app edits and saves. The workload (stored whole, so the file stands
// alone), the accelerator, the dataflow the user set for each layer, the search settings, the
// finished searches (best mapping, cost and convergence per layer; not every evaluated point),
// and the scheduling settings; from version 2 also the last finished co-design, NAAS search and
// schedule (study_results.hpp). Saved as "mapscape-study" JSON: version 1 when it holds none of
// those, so that older builds still open it, else version 2.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "arch/accelerator.hpp"
#include "mapping/mapping.hpp"
#include "search/search_setup.hpp"
#include "search/objective.hpp"
#include "search/problem.hpp"
#include "study/study_results.hpp"
#include "study/study_settings.hpp"
#include "workload/model.hpp"

namespace mapscape {

inline constexpr int kStudyFormatVersion = 2;

// The app's search settings start from the defaults the CLI and the Python module read.
struct SearchSettings {
    std::string algorithm = SearchDefaults{}.algo;
    Objective objective;
    TargetSystem system = TargetSystem::S2;
    std::int64_t budget = SearchSetupOptions{}.budget;
    std::uint64_t seed = SearchDefaults{}.seed;
    bool all_layers = false;  // false: the selected layer only
    bool operator==(const SearchSettings&) const = default;
};

struct LayerRunResult {
    int layer = 0;  // 0-based
    bool found = false;
    Mapping best_mapping;
    double objective_value = 0;
    std::int64_t runtime_cycles = 0;
    double energy_nj = 0;
    std::int64_t samples = 0;
    std::int64_t valid_samples = 0;
    std::vector<std::pair<std::int64_t, double>> trace;
    std::string why_none;  // without a mapping: the rules the samples broke (describe_refusals)
    // The mapping is the least-footprint fallback: none of the samples (tile choices) fitted.
    bool least_footprint_fallback = false;
    bool operator==(const LayerRunResult&) const = default;
};

struct SearchRun {
    int id = 0;
    std::string label;  // "gamma, latency, seed 1"
    SearchSettings settings;
    double wall_seconds = 0;
    bool stopped = false;
    std::vector<LayerRunResult> layers;
    // The accelerator it searched on: its figures, its exports and its bound are that one's,
    // whatever the study's accelerator became after it. Absent in studies saved before runs
    // recorded it (the app then says it uses the study's).
    std::optional<Accelerator> accelerator;
    bool operator==(const SearchRun&) const = default;

    // The accelerator to export, bound or re-evaluate this run with.
    const Accelerator& accelerator_or(const Accelerator& study_accelerator) const {
        return accelerator ? *accelerator : study_accelerator;
    }
};

struct Study {
    std::string name = "Untitled study";
    std::string workload_source;  // where the model came from (a bundled name or a file)
    Model model;
    std::string accelerator_preset;  // the preset it started from, if any
    Accelerator accelerator;
    int selected_layer = 0;
    std::map<int, Mapping> mappings;  // the user's dataflow per layer (0-based)
    SearchSettings search;
    std::vector<SearchRun> runs;
    ScheduleSettings schedule;
    // The last finished run of each kind (format version 2), if any.
    std::optional<CodesignRecord> codesign;
    std::optional<NaasRecord> naas;
    std::optional<ScheduleRecord> schedule_result;
    bool operator==(const Study&) const = default;

    // The dataflow shown for a layer: the user's, or a default one (NVDLA-like with the tile rule
    // defaults) when none was set.
    Mapping mapping_for(int layer) const;
};

// A study of a bundled model on a preset accelerator.
Study new_study(const std::string& model_name, const std::string& preset);

nlohmann::ordered_json study_to_json(const Study& study);
std::string study_to_json_text(const Study& study);
// Throws InputError with file:line:column; refuses newer versions with a clear message.
Study parse_study_json(std::string_view text, const std::string& file_name);
// A study from a parsed document.
Study study_from_document(const JsonDocument& doc);
// The fields of every object a study file holds (for the format page's check).
std::vector<const JsonObjectSchema*> study_schemas();
Study load_study(const std::string& path);
// Writes through a temporary file and a rename, so a crash never leaves a half-written study.
void save_study(const Study& study, const std::string& path);

}  // namespace mapscape
