// `mapscape-cli codesign`: the best accelerator (PE array and buffers) and a mapping per layer for
// a model under an area budget, with DiGamma or a baseline; the design as JSON and MAESTRO files.
#include <unistd.h>

#include <cmath>
#include <cstdio>

#include "cli/codesign_setup.hpp"
#include "cli/option_checks.hpp"
#include "util/table_cells.hpp"
#include "cli/commands.hpp"
#include "cost/llm_phase_metrics.hpp"
#include "cli/search_setup.hpp"
#include "codesign/codesign_algorithm.hpp"
#include "codesign/codesign_bound.hpp"
#include "codesign/codesign_json.hpp"
#include "workload/layer_selection.hpp"
#include "search/maestro_export.hpp"
#include "util/diagnostic.hpp"
#include "util/json_text.hpp"
#include "util/text_file.hpp"
#include "util/units.hpp"
#include "util/closest_name.hpp"

namespace mapscape::cli {

namespace {

struct CodesignOptions {
    std::string model;
    std::string layers = "all";
    CodesignSetupOptions setup;
    std::string algo = CodesignRequest{}.algo;
    std::uint64_t seed = CodesignRequest{}.seed;
    std::string json_out;
    std::string export_dir;
    bool quiet = false;
};

// Progress on the terminal, a line rewritten in place.
class TerminalProgress : public CodesignSink {
public:
    void progress(const CodesignProgress& p) override {
        std::fprintf(stderr, "\r  %lld of %lld designs, %lld valid, best %s   ", static_cast<long long>(p.samples),
                     static_cast<long long>(p.budget_samples), static_cast<long long>(p.valid_samples),
                     std::isfinite(p.best_objective) ? format_quantity(p.best_objective, Quantity::Plain).c_str() : "-");
        if (p.finished) std::fprintf(stderr, "\n");
    }
};

std::string shape_text(const Accelerator& a) {
    std::string s;
    for (std::int64_t d : a.pe_hierarchy) s += (s.empty() ? "" : " x ") + std::to_string(d);
    return s.empty() ? std::to_string(a.num_pes) : s;
}

std::string parallelism(const Mapping& m) {
    std::string out;
    for (int k = 0; k < m.num_levels(); ++k) {
        std::string spatial;
        for (const Directive& d : m.level(k))
            if (d.kind == DirectiveKind::SpatialMap) spatial += (spatial.empty() ? "" : ",") + std::string(dim_name(d.dim));
        out += (k ? " | " : "") + (spatial.empty() ? std::string("-") : spatial);
    }
    return out;
}

int run_codesign_command(const CodesignOptions& o) {
    const auto algorithm = parse_codesign_algorithm(o.algo);
    if (!algorithm) {
        std::string known;
        for (const auto& n : codesign_algorithm_names()) known += (known.empty() ? "" : ", ") + n;
        throw InputError({"--algo", 0, 0}, "unknown co-design method \"" + o.algo + "\"" +
                                               did_you_mean(o.algo, codesign_algorithm_names()) + " (known: " + known + ")");
    }
    const Model model = load_model(o.model);
    if (model.layers.empty()) throw InputError({o.model, 0, 0}, "the model has no layers");
    const CodesignProblem problem = make_codesign_problem(o.setup, model, parse_layer_selection(o.layers, model.layers.size(), {"--layer", 0, 0}), o.seed);
    const CodesignBound bound = codesign_bound(problem);
    std::printf("%s (%zu layers), %s platform: budget %s (%s area model), %s, objective %s, %lld samples, seed %llu, %d threads\n",
                model.name.c_str(), problem.layers.size(), o.setup.platform.c_str(),
                format_quantity(problem.area_budget_um2, Quantity::AreaUm2).c_str(), problem.area_model.id.c_str(), algorithm->name().c_str(),
                problem.objective.name().c_str(), static_cast<long long>(problem.budget_samples),
                static_cast<unsigned long long>(o.seed), problem.threads);
    TerminalProgress terminal;
    const bool show = !o.quiet && isatty(STDERR_FILENO);
    const CodesignResult r = run_codesign(problem, *algorithm, show ? &terminal : nullptr);

    if (!r.found) {
        std::printf("no design within the budget was found (%lld samples, %.2f s)\n", static_cast<long long>(r.samples), r.wall_seconds);
    } else {
        const DesignPoint& d = r.best;
        const Accelerator& a = d.accelerator;
        std::printf("accelerator: %lld PEs (%s), L1 %s per PE, L2 %s; area %s of %s: PEs %.0f%%, L1 %.0f%%, L2 %.0f%%%s\n",
                    static_cast<long long>(a.num_pes), shape_text(a).c_str(), format_quantity(static_cast<double>(a.l1_size_bytes), Quantity::Bytes).c_str(),
                    format_quantity(static_cast<double>(a.l2_size_bytes), Quantity::Bytes).c_str(),
                    format_quantity(d.area.total_um2(), Quantity::AreaUm2).c_str(), format_quantity(problem.area_budget_um2, Quantity::AreaUm2).c_str(),
                    100 * d.area.pes_um2 / d.area.total_um2(), 100 * d.area.l1_um2 / d.area.total_um2(), 100 * d.area.l2_um2 / d.area.total_um2(),
                    d.area.noc_um2 > 0 ? (", NoC " + std::to_string(static_cast<int>(std::lround(100 * d.area.noc_um2 / d.area.total_um2()))) + "%").c_str() : "");
        std::printf("%5s  %-14s %13s %12s  %s\n", "layer", "name", "runtime_cyc", "energy", "parallelism (per level)");
        for (std::size_t l = 0; l < problem.layers.size(); ++l)
            std::printf("%5d  %-14s %13lld %s  %s\n", problem.layer_numbers[l], layer_cell(problem.layers[l], problem.layers[l].name).c_str(),
                        static_cast<long long>(r.reports[l].runtime_cycles), right_aligned(format_quantity(r.reports[l].energy.total_nj, Quantity::EnergyNj), 12).c_str(),
                        parallelism(d.mappings[l]).c_str());
        std::printf("TOTAL: %s (%lld), %s; objective %s %.6g, bound %.6g (%s; the model's MACs on the %lld PEs the budget allows)\n",
                    format_quantity(static_cast<double>(d.runtime_cycles), Quantity::Cycles).c_str(), static_cast<long long>(d.runtime_cycles),
                    format_quantity(d.energy_nj, Quantity::EnergyNj).c_str(), problem.objective.name().c_str(), d.objective, bound.objective,
                    percent_from_bound(d.objective, bound.objective).c_str(), static_cast<long long>(bound.max_pes));
        if (model.llm && problem.layers.size() == model.layers.size()) {
            // An LLM phase on the designed accelerator (its off-chip link is the platform's).
            std::vector<LlmLayerCost> costs;
            for (const CostReport& report : r.reports) costs.push_back({report.runtime_cycles, report.energy.total_nj});
            Model designed = model;
            designed.layers = problem.layers;
            std::printf("%s\n", describe_llm_metrics(designed, llm_phase_metrics(designed, a, costs)).c_str());
        }
    }
    std::printf("%lld samples (%lld valid) in %.2f s\n", static_cast<long long>(r.samples), static_cast<long long>(r.valid_samples), r.wall_seconds);

    if (!o.json_out.empty()) {
        write_text_file_atomically(o.json_out, json_text(codesign_to_json({algorithm->name(), o.setup.platform}, problem, r, bound), 1) + "\n");
        std::fprintf(stderr, "wrote %s\n", o.json_out.c_str());
    }
    if (!o.export_dir.empty() && r.found) {
        std::vector<ExportLayer> layers;
        for (std::size_t l = 0; l < problem.layers.size(); ++l) layers.push_back({problem.layers[l], r.best.mappings[l]});
        const ExportedFiles files = export_maestro_files(o.export_dir, model.name, layers, r.best.accelerator);
        std::fprintf(stderr, "wrote %zu MAESTRO files to %s\n", files.paths.size(), o.export_dir.c_str());
    }
    return r.found ? kExitOk : kExitProblem;
}

}  // namespace

void add_codesign_command(CLI::App& app, int& exit_code) {
    auto o = std::make_shared<CodesignOptions>();
    CLI::App* c = app.add_subcommand("codesign", "co-design an accelerator (PE array, buffers) and a mapping per layer under an area budget");
    c->add_option("--model", o->model, "bundled model name (see `model list`) or a model file (.json, .onnx, .csv, .m)")->required();
    c->add_option("--layer", o->layers, "layers the accelerator serves: all, N, A-B or a comma list (1-based)")->capture_default_str();
    o->setup.add_to(*c);
    c->add_option("--algo", o->algo, "digamma, a black-box baseline (random, stdga, de, es11, cmaes, tbpsa, pso, portfolio, sa, xnes), "
                                     "hw-opt-nvdla|eyeriss|shidiannao, map-opt-buffer|compute|medium")
        ->capture_default_str();
    c->add_option("--seed", o->seed, "random seed; the same seed gives the same design with any thread count")->capture_default_str()->check(seed_value());
    c->add_option("--json", o->json_out, "write the design, its mappings, costs, bound and convergence as JSON")->check(writable_file());
    c->add_option("--export-maestro", o->export_dir, "write the design as MAESTRO files (a file per layer, the model, the HW file)")->check(writable_directory());
    c->add_flag("--quiet", o->quiet, "no progress line");
    c->callback([o, &exit_code] { exit_code = run_codesign_command(*o); });
}

}  // namespace mapscape::cli
