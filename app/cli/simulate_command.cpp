// `mapscape-cli simulate`: the reference loop-nest simulator on the layers of a MAESTRO file,
// side by side with the analytical model; or (--study N) the model measured against it on N
// random mappings of small layers (docs/reference-simulator.md).
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>

#include <unistd.h>

#include "cli/accelerator_options.hpp"
#include "cli/commands.hpp"
#include "cli/option_checks.hpp"
#include "cost/evaluate.hpp"
#include "mapping/maestro_file.hpp"
#include "reference/loop_nest_simulator.hpp"
#include "reference/simulation_study.hpp"
#include "util/cpu_name.hpp"
#include "util/diagnostic.hpp"
#include "util/json_text.hpp"
#include "util/units.hpp"

namespace mapscape::cli {

namespace {

struct SimulateOptions {
    std::string mapping_file;
    AcceleratorOptions hw;
    std::string layer;
    bool json = false;
    std::int64_t max_macs = SimulationLimits{}.max_mac_points;
    std::int64_t study = 0;
    std::uint64_t seed = 1;
    int threads = 2;
    bool perfect = false;
    bool split_filters = false;
    std::string markdown;
    // What only the layer-by-layer mode reads; the study draws its own layers and accelerators.
    std::vector<const CLI::Option*> layers_only;
};

// MAC points per second the simulator visits on this machine's class of CPU (measured on the
// study's layers, 2-core Xeon KVM); used only to say how long a refused layer would take.
constexpr double kMacPointsPerSecond = 30e6;

nlohmann::json tensor_json(const TensorAccesses& a) {
    return {{"l1_read", a.l1_read}, {"l1_write", a.l1_write}, {"l2_read", a.l2_read}, {"l2_write", a.l2_write}};
}

nlohmann::json simulation_json(const SimulationResult& s) {
    nlohmann::json levels = nlohmann::json::array();
    for (const SimulatedLevelTraffic& t : s.levels)
        levels.push_back({{"buffer_reads", {{"input", t.buffer_reads[0]}, {"weight", t.buffer_reads[1]}}},
                          {"deliveries", {{"input", t.deliveries[0]}, {"weight", t.deliveries[1]}}},
                          {"egress", t.egress},
                          {"steps", t.steps}});
    return {{"runtime_cycles", s.runtime_cycles},
            {"macs", s.macs},
            {"distinct_macs", s.distinct_macs},
            {"layer_macs", s.layer_macs},
            {"input", tensor_json(s.tensors[0])},
            {"weight", tensor_json(s.tensors[1])},
            {"output", tensor_json(s.tensors[2])},
            {"output_psum_reads", s.output_psum_reads},
            {"dram_reads", s.dram_reads},
            {"dram_output_writes", s.dram_output_writes},
            {"outputs_completed", s.outputs_completed},
            {"output_elements", s.output_elements},
            {"l1_peak_elements", s.l1_peak_elements},
            {"levels", levels},
            {"features",
             {{"partial_tiles", s.features.partial_tiles},
              {"idle_sub_clusters", s.features.idle_sub_clusters},
              {"strided_windows", s.features.strided_windows},
              {"spatial_window_overlap", s.features.spatial_window_overlap},
              {"refetch_after_inner_loop", s.features.refetch_after_inner_loop},
              {"spatial_self_overlap", s.features.spatial_self_overlap},
              {"window_reuse_across_wrap", s.features.window_reuse_across_wrap}}}};
}

std::string difference(std::int64_t model, std::int64_t simulated) {
    if (model == simulated) return "equal";
    if (simulated == 0) return "simulated 0";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.2f%%", 100.0 * static_cast<double>(model - simulated) / static_cast<double>(simulated));
    return buf;
}

void print_side_by_side(const CostReport& r, const SimulationResult& s, const Layer& layer, const Accelerator& acc) {
    const auto model = study_figures(r);
    const auto simulated = study_figures(s);
    std::printf("  %-40s %16s %16s  %s\n", "figure", acc.analysis == AnalysisMode::Faithful ? "faithful model" : "MAESTRO model",
                "simulated", "model vs simulated");
    for (int f = 0; f < kStudyFigures; ++f)
        std::printf("  %-40s %16lld %16lld  %s\n", std::string(study_figure_name(static_cast<StudyFigure>(f))).c_str(),
                    static_cast<long long>(model[static_cast<std::size_t>(f)]),
                    static_cast<long long>(simulated[static_cast<std::size_t>(f)]),
                    difference(model[static_cast<std::size_t>(f)], simulated[static_cast<std::size_t>(f)]).c_str());
    std::printf("  %-40s %16lld %16lld  %s\n", "L1 requirement (elements)", static_cast<long long>(r.l1_required_elements),
                static_cast<long long>(s.l1_peak_elements), "(the model's count vs the most a PE held, both x2)");
    std::printf("  simulated only: %lld partial-sum reads from L2, %lld outputs written to DRAM, %lld of %lld MACs done "
                "(%lld distinct)\n",
                static_cast<long long>(s.output_psum_reads), static_cast<long long>(s.dram_output_writes),
                static_cast<long long>(s.macs), static_cast<long long>(s.layer_macs), static_cast<long long>(s.distinct_macs));
    std::string features;
    const SimulationFeatures& f = s.features;
    for (auto [on, name] : {std::pair{f.partial_tiles, "partial tiles"}, std::pair{f.idle_sub_clusters, "idle sub-clusters"},
                            std::pair{f.strided_windows, "stride above 1"},
                            std::pair{f.spatial_window_overlap, "overlapping input rows across sub-clusters"},
                            std::pair{f.refetch_after_inner_loop, "refetch after an inner loop"},
                            std::pair{f.spatial_self_overlap, "a sub-cluster's spatial window overlaps its last one"},
                            std::pair{f.window_reuse_across_wrap, "window overlap kept across an inner loop"}})
        if (on) features += std::string(features.empty() ? "" : ", ") + name;
    std::printf("  features: %s\n", features.empty() ? "none (the model is meant to be exact here)" : features.c_str());
    if (!r.valid()) std::printf("  the model flags the mapping: %s\n", describe(r.invalid, layer, acc).c_str());
}

int run_layers(const SimulateOptions& o) {
    if (o.mapping_file.empty()) throw InputError({"simulate", 0, 0}, "give a MAESTRO .m file, or --study N");
    const Accelerator acc = o.hw.build();
    const MaestroNetwork net = read_maestro_file(o.mapping_file);
    SimulationLimits limits;
    limits.max_mac_points = o.max_macs;
    nlohmann::json doc = nlohmann::json::array();
    bool any = false, all_ok = true;
    for (const MaestroLayer& ml : net.layers) {
        if (!o.layer.empty() && ml.layer.name != o.layer) continue;
        any = true;
        if (!ml.has_dataflow) {
            std::cerr << o.mapping_file << ":" << ml.location.line << ": layer " << ml.layer.name << " has no Dataflow block; skipped\n";
            all_ok = false;
            continue;
        }
        const std::int64_t work = simulation_work(ml.layer);
        if (work > limits.max_mac_points) {
            std::fprintf(stderr,
                         "%s:%d: layer %s has %lld MACs; the simulator visits about %.0f million a second here, so it "
                         "would take about %s; raise --max-macs to %lld to run it\n",
                         o.mapping_file.c_str(), ml.location.line, ml.layer.name.c_str(), static_cast<long long>(work),
                         kMacPointsPerSecond / 1e6, format_quantity(static_cast<double>(work) / kMacPointsPerSecond, Quantity::Seconds).c_str(),
                         static_cast<long long>(work));
            all_ok = false;
            continue;
        }
        const auto start = std::chrono::steady_clock::now();
        const SimulationResult s = simulate(ml.layer, acc, ml.mapping, limits);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (!s.ok()) {
            std::cerr << o.mapping_file << ":" << ml.location.line << ": layer " << ml.layer.name << ": " << s.problem << "\n";
            all_ok = false;
            continue;
        }
        const CostReport r = evaluate(ml.layer, acc, ml.mapping);
        if (o.json) {
            doc.push_back({{"layer", ml.layer.name},
                           {"simulated", simulation_json(s)},
                           {"model", study_figures(r)},
                           {"model_valid", r.valid()},
                           {"seconds", seconds}});
            continue;
        }
        std::printf("%s (%s): simulated %lld PE-steps in %.2f s\n", ml.layer.name.c_str(), shape_summary(ml.layer).c_str(),
                    static_cast<long long>(s.leaf_steps), seconds);
        print_side_by_side(r, s, ml.layer, acc);
    }
    if (!any) throw InputError({o.mapping_file, 0, 0}, "no layer named \"" + o.layer + "\" in the file");
    if (o.json) std::cout << json_text(doc, 2) << "\n";
    return all_ok ? kExitOk : kExitProblem;
}

int run_study(const SimulateOptions& o) {
    for (const CLI::Option* given : o.layers_only)
        if (given->count() > 0)
            throw InputError({given->get_name(), 0, 0}, "--study draws its own layers and accelerators; this is for simulating "
                                                          "a file's layers (leave out --study)");
    StudyOptions options;
    options.mappings = o.study;
    options.seed = o.seed;
    options.threads = o.threads;
    options.perfect_tiling_only = o.perfect;
    options.split_filters = o.split_filters;
    Accelerator analysed;  // only its analysis is taken: the study draws its own accelerators
    apply_technology_choice({"", "", "", 0, o.hw.technology.analysis}, analysed);
    options.analysis = analysed.analysis;
    const bool tty = isatty(2);
    const StudyResult result = run_simulation_study(options, {}, [&](std::int64_t done) {
        if (tty) std::fprintf(stderr, "\r%lld of %lld mappings", static_cast<long long>(done), static_cast<long long>(o.study));
    });
    if (tty) std::fprintf(stderr, "\n");
    const std::string md = study_markdown(result, options, cpu_model_name());
    if (!o.markdown.empty()) {
        std::ofstream f(o.markdown);
        f << md;
        if (!f) throw InputError({o.markdown, 0, 0}, "cannot write the study there");
    }
    std::cout << md;
    return kExitOk;
}

}  // namespace

void add_simulate_command(CLI::App& app, int& exit_code) {
    auto o = std::make_shared<SimulateOptions>();
    CLI::App* c = app.add_subcommand(
        "simulate",
        "run the reference loop-nest simulator on the layers of a MAESTRO file, beside the analytical model; or measure "
        "the model against it on random mappings (--study)");
    o->layers_only.push_back(c->add_option("mapping", o->mapping_file, "MAESTRO .m file (network with dataflows)"));
    o->hw.add_to(*c);
    o->layers_only.push_back(c->get_option("--hw"));
    o->layers_only.insert(o->layers_only.end(), o->hw.replaced_by_hw_file.begin(), o->hw.replaced_by_hw_file.end());
    o->layers_only.push_back(c->add_option("--layer", o->layer, "simulate only this layer"));
    o->layers_only.push_back(
        c->add_option("--max-macs", o->max_macs, "refuse layers with more MACs than this (the time it would take is printed)")
            ->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 40)));
    o->layers_only.push_back(c->add_flag("--json", o->json, "print one JSON document instead of tables"));
    c->add_option("--study", o->study, "measure the analytical model (--analysis: maestro, the default, or faithful) on this many random mappings of small layers")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{10'000'000}));
    c->add_option("--seed", o->seed, "the study's seed");
    c->add_option("--threads", o->threads, "the study's threads")->check(CLI::Range(1, 256));
    c->add_flag("--perfect-tiling", o->perfect, "study only mappings whose tiles divide the tiles above, at stride 1");
    c->add_flag("--split-filters", o->split_filters, "draw filter tiles (R, S) like the others, not whole (the faithful analysis allows them)");
    c->add_option("--markdown", o->markdown, "also write the study's tables to this file")->check(writable_file());
    c->callback([o, &exit_code] { exit_code = o->study > 0 ? run_study(*o) : run_layers(*o); });
}

}  // namespace mapscape::cli
