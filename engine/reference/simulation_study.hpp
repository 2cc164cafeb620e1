// Measures an analytical model against the reference simulator on random mappings of small
// layers: the distribution of each figure's relative error, and which mapping features the
// large errors come with (docs/reference-simulator.md is this study's output).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "cost/cost_report.hpp"
#include "reference/loop_nest_simulator.hpp"

namespace mapscape {

// The figures compared: each means the same thing in both (MAESTRO's output "L2 read" is a
// constant of the layer, not a count, and is left out).
enum class StudyFigure : int {
    Runtime,
    Macs,
    InputL2Reads,
    WeightL2Reads,
    OutputL2Writes,
    InputDramFills,
    WeightDramFills,
    L1Reads,
    // MAESTRO sets a tensor's L1 writes to its L2 reads (one write per element sent, whatever
    // the multicast); the simulator counts the elements written into PE buffers. Shown, not
    // part of "every figure equal".
    InputL1Writes,
    WeightL1Writes,
    Count
};
inline constexpr int kStudyFigures = static_cast<int>(StudyFigure::Count);
inline constexpr int kComparableFigures = static_cast<int>(StudyFigure::InputL1Writes);
std::string_view study_figure_name(StudyFigure f);

// The figures of a report and of a simulation, in StudyFigure order.
std::array<std::int64_t, kStudyFigures> study_figures(const CostReport& report);
std::array<std::int64_t, kStudyFigures> study_figures(const SimulationResult& simulation);

struct StudyOptions {
    std::int64_t mappings = 10000;
    std::uint64_t seed = 1;
    int threads = 2;
    // Only mappings whose every tile divides the tile above, at stride 1, with no idle
    // sub-cluster: the mappings the analytical model is meant to analyse exactly.
    bool perfect_tiling_only = false;
    // Filter tiles (R, S) drawn like the others, not whole (MAESTRO's rule; the faithful
    // analysis allows them: a row-stationary PE holds one filter row).
    bool split_filters = false;
    // The analysis under test (the accelerator each sample is drawn with gets it).
    AnalysisMode analysis = AnalysisMode::MaestroExact;
};

struct StudySample {
    Layer layer;
    Accelerator accelerator;
    Mapping mapping;
    std::array<std::int64_t, kStudyFigures> model{}, simulated{};
    Invalidity model_flag = Invalidity::None;  // MacsUndercounted and BelowComputeBound are kept
    SimulationFeatures features;
    bool covers_layer = false;  // the simulation did every MAC of the layer, each once
    // (model - simulated) / simulated; 0 when both are 0, +-1e9 when only the simulation's is 0.
    double relative_error(StudyFigure f) const;
    bool exact() const;  // every comparable figure equal
    std::int64_t layer_macs = 0;
};

struct StudyResult {
    std::vector<StudySample> samples;
    std::int64_t drawn = 0;              // mappings drawn, the rejected ones included
    std::int64_t rejected_by_model = 0;  // the analytical model refused them (invalid for it)
    std::int64_t rejected_by_simulator = 0;
    double seconds = 0;
};

// An analytical model under test: the MAESTRO-exact evaluate() by default.
using StudyModel = std::function<CostReport(const Layer&, const Accelerator&, const Mapping&)>;

// Draws random small layers, accelerators and mappings (K, C up to 32; Y, X up to 16; R, S up to
// 3; strides 1 and 2; one to three levels) until `mappings` are analysed by both; deterministic
// for a seed whatever the thread count. `progress` (if set) gets samples done so far.
StudyResult run_simulation_study(const StudyOptions& options, const StudyModel& model = {},
                                 const std::function<void(std::int64_t)>& progress = {});

// One sample drawn as the study draws sample `index` (for tests and for reproducing a row).
bool draw_study_sample(std::uint64_t seed, std::int64_t index, bool perfect_tiling_only, StudySample& sample,
                       bool split_filters = false);

// The study as Markdown: the error distribution per figure, then per mapping feature, then the
// worst cases.
std::string study_markdown(const StudyResult& result, const StudyOptions& options, std::string_view cpu);

}  // namespace mapscape
