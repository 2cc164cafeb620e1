// `mapscape-cli search`: the best mapping of each layer of a model with GAMMA, a baseline
// optimizer or a fixed dataflow; optionally the two-stage pipeline optimisation.
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <mutex>

#include "cli/commands.hpp"
#include "search/refusal_tally.hpp"
#include "cli/option_checks.hpp"
#include "util/table_cells.hpp"
#include "cli/search_setup.hpp"
#include "cost/bounds.hpp"
#include "search/llm_search_metrics.hpp"
#include "search/algorithm.hpp"
#include "search/maestro_export.hpp"
#include "search/search_json.hpp"
#include "util/diagnostic.hpp"
#include "util/text_file.hpp"
#include "util/json_text.hpp"
#include "util/closest_name.hpp"

namespace mapscape::cli {

namespace {

struct SearchOptions {
    SearchSetupOptions setup;
    std::string algo = SearchDefaults{}.algo;
    std::uint64_t seed = SearchDefaults{}.seed;
    std::string json_out;
    std::string export_dir;
    bool two_stage = false;
    int population = SearchDefaults{}.population;
    int generations = SearchDefaults{}.generations;
    bool quiet = false;
};

// "Y'(168) | K x14": each level's spatial dimensions, with the cluster size of inner levels.
std::string parallelism_summary(const Mapping& m) {
    std::string out;
    for (int k = 0; k < m.num_levels(); ++k) {
        if (k > 0) out += " | ";
        std::string spatial;
        for (const Directive& d : m.level(k))
            if (d.kind == DirectiveKind::SpatialMap) spatial += (spatial.empty() ? "" : ",") + std::string(dim_name(d.dim));
        out += spatial.empty() ? "-" : spatial;
        if (k > 0) out += " x" + std::to_string(m.cluster_size(k));
    }
    return out;
}

// "+4.1%": how far a result is above what no mapping can beat ("-7.2%" for one MAESTRO's model
// undercounts, which only --maestro-as-is accepts).
std::string above(double value, double bound) { return percent_from_bound(value, bound); }

void print_table(const ModelSearchOutcome& outcome, const ModelSearchRequest& request) {
    const Objective& objective = request.base.objective;
    std::printf("%5s  %-14s %13s %13s %8s %13s %12s %8s %8s %7s  %s\n", "layer", "name", "objective", "bound", "above",
                "runtime_cyc", "energy_nJ", "samples", "valid", "wall_s", "parallelism (per level)");
    const double bound_total = objective_bound_sum(objective, request.layers, request.base.accelerator);
    const double objective_total = total_over_runs<double>(request.layers, [&](std::size_t i) {
        return outcome.layers[i].result.found ? outcome.layers[i].result.best_objective : 0.0;
    });
    bool below_a_bound = false;
    for (std::size_t i = 0; i < outcome.layers.size(); ++i) {
        const LayerSearchOutcome& o = outcome.layers[i];
        const SearchResult& r = o.result;
        const double bound = objective_bound(objective, layer_bound(request.layers[i], request.base.accelerator));
        if (r.found) {
            below_a_bound = below_a_bound || r.best_objective < bound;
            std::printf("%5d  %-14s %13.5g %13.5g %8s %13lld %12.5g %8lld %8lld %7.3f  %s\n", o.layer_number,
                        layer_cell(request.layers[i], o.name).c_str(), r.best_objective, bound, above(r.best_objective, bound).c_str(),
                        static_cast<long long>(r.best_report.runtime_cycles), r.best_report.energy.total_nj,
                        static_cast<long long>(r.samples), static_cast<long long>(r.valid_samples), r.wall_seconds,
                        parallelism_summary(r.best_mapping).c_str());
            if (r.least_footprint_fallback)
                std::printf("%5s  none of %s ran (%s): the least-footprint mapping, its tiles grown\n", "",
                            request.algorithm.kind == Algorithm::Kind::Fixed ? "the dataflow's tile choices" : "the samples",
                            describe_refusals(r.refusals, r.samples - 1).c_str());
        } else {
            std::printf("%5d  %-14s %13s %13.5g %8s %13s %12s %8lld %8lld %7.3f  no valid mapping found\n", o.layer_number,
                        layer_cell(request.layers[i], o.name).c_str(), "NAN", bound, "-", "-", "-", static_cast<long long>(r.samples),
                        static_cast<long long>(r.valid_samples), r.wall_seconds);
            if (const std::string why = describe_refusals(r.refusals, r.samples); !why.empty())
                std::printf("%5s  why: %s\n", "", why.c_str());
            if (!r.least_footprint_note.empty()) std::printf("%5s  %s\n", "", r.least_footprint_note.c_str());
        }
    }
    // A layer without a mapping leaves the network's figures unknown: NAN and "-", as in its row
    // (not a sum of the other layers that reads as the network's).
    const bool complete = outcome.layers_without_mapping == 0;
    auto number = [complete](const char* format, double v) {
        if (!complete) return std::string("-");
        char text[32];
        std::snprintf(text, sizeof text, format, v);
        return std::string(text);
    };
    std::printf("%5s  %-14s %13s %13.5g %8s %13s %12s %8s %8s %7.3f\n", "TOTAL", "", complete ? number("%.5g", objective_total).c_str() : "NAN",
                bound_total, complete ? above(objective_total, bound_total).c_str() : "-",
                complete ? std::to_string(outcome.total_runtime_cycles).c_str() : "-", number("%.5g", outcome.total_energy_nj).c_str(), "",
                "", outcome.wall_seconds);
    if (below_a_bound)
        std::printf("A negative \"above\" is a mapping below its layer's bound: one MAESTRO's model undercounts, which "
                    "--maestro-as-is accepts.\n");
}

int run_search_command(const SearchOptions& o) {
    const SearchSetup setup = resolve(o.setup);
    const Algorithm algorithm = search_algorithm(o.algo, o.population, o.generations);
    const ModelSearchRequest request = make_search_request(setup, algorithm, o.seed);
    const Accelerator& acc = setup.base.accelerator;

    std::printf("%s (%zu of %zu layers) on %s: %lld PEs, L1 %lld, L2 %lld; %s, %s, objective %s, %lld samples per layer, seed %llu, %d threads%s\n",
                setup.model.name.c_str(), request.layers.size(), setup.model.layers.size(), setup.platform_name.c_str(),
                static_cast<long long>(acc.num_pes), static_cast<long long>(acc.l1_size_elements()),
                static_cast<long long>(acc.l2_size_elements()), std::string(system_name(setup.base.system)).c_str(),
                algorithm.name().c_str(), setup.base.objective.name().c_str(),
                static_cast<long long>(setup.base.budget.samples), static_cast<unsigned long long>(o.seed), setup.base.threads,
                acc.analysis == AnalysisMode::Faithful ? "; faithful analysis" : "");

    ModelSearchObserver observer;
    std::mutex mutex;
    int finished = 0;
    const bool show_progress = !o.quiet && isatty(STDERR_FILENO);
    const std::size_t total = request.layers.size() * (o.two_stage ? 2 : 1);
    if (show_progress)
        observer.layer_done = [&](int, const LayerSearchOutcome&) {
            std::lock_guard lock(mutex);
            std::fprintf(stderr, "\r  %d/%zu layer searches done", ++finished, total);
            if (static_cast<std::size_t>(finished) == total) std::fprintf(stderr, "\n");
        };

    ModelSearchOutcome outcome;
    TwoStageOutcome two;
    if (o.two_stage) {
        two = two_stage_search(request, observer);
        std::printf("stage 1 (latency): total %lld cycles; pipeline latency %lld cycles, set by layer %d\n",
                    static_cast<long long>(two.latency_stage.total_runtime_cycles),
                    static_cast<long long>(two.pipeline_latency_cycles), two.bottleneck_layer);
        std::printf("stage 2 (%s under the pipeline latency):\n", setup.base.objective.name().c_str());
        outcome = two.second_stage;
    } else {
        outcome = search_model(request, observer);
    }
    print_table(outcome, request);
    const auto phase = llm_metrics_of_search(setup, outcome);
    if (phase) std::printf("%s\n", describe_llm_metrics(setup.model, *phase).c_str());

    if (!o.json_out.empty()) {
        SearchRunInfo info{algorithm.name(), setup.base.objective, o.seed, setup.platform_name, setup.base.system,
                           setup.base.budget.samples};
        nlohmann::ordered_json doc =
            o.two_stage ? two_stage_search_to_json(info, request, two) : model_search_to_json(info, request, outcome);
        if (phase) doc["llm_phase"] = llm_metrics_to_json(setup.model, *phase);
        write_text_file_atomically(o.json_out, json_text(doc, 1) + "\n");
        std::fprintf(stderr, "wrote %s\n", o.json_out.c_str());
    }
    if (!o.export_dir.empty()) {
        const ExportedFiles files = export_maestro_files(o.export_dir, setup.model.name, request, outcome);
        for (const auto& skipped : files.skipped_layers)
            std::fprintf(stderr, "warning: %s has no valid mapping and was not exported\n", skipped.c_str());
        std::fprintf(stderr, "wrote %zu MAESTRO files to %s\n", files.paths.size(), o.export_dir.c_str());
    }
    if (outcome.layers_without_mapping > 0) {
        std::fprintf(stderr, "%d layer(s) without a valid mapping\n", outcome.layers_without_mapping);
        return kExitProblem;
    }
    return kExitOk;
}

}  // namespace

std::string algorithm_help() {
    // From the registry, so that a search a plugin adds (mindmappings, ddpg, ...) is listed too.
    std::string searches, dataflows;
    for (const std::string& name : algorithm_names()) {
        if (name.rfind("fixed-", 0) == 0)
            dataflows += (dataflows.empty() ? "" : ", ") + name.substr(6);
        else
            searches += (searches.empty() ? "" : ", ") + name;
    }
    return searches + ", or fixed-DATAFLOW (" + dataflows + ")";
}

void add_search_command(CLI::App& app, int& exit_code) {
    auto o = std::make_shared<SearchOptions>();
    CLI::App* c = app.add_subcommand("search", "search the best mapping of each layer of a model");
    o->setup.add_to(*c);
    c->add_option("--algo", o->algo, algorithm_help())->capture_default_str();
    c->add_option("--seed", o->seed, "random seed (each layer derives its own)")->capture_default_str()->check(seed_value());
    c->add_option("--json", o->json_out, "write the results as JSON to this file")->check(writable_file());
    c->add_option("--export-maestro", o->export_dir, "write MAESTRO files of the best mappings to this directory")->check(writable_directory());
    c->add_flag("--two-stage", o->two_stage,
                "pipeline optimisation: minimise latency first, then the objective under the slowest layer's latency");
    c->add_option("--population", o->population, "GAMMA population size")->capture_default_str()->check(count_in_range(2, 100000, "genomes"));
    c->add_option("--generations", o->generations, "GAMMA generation limit (0 = until the sample budget is used)")
        ->capture_default_str()
        ->check(count_or_zero("generations", "until the sample budget is used"));
    c->add_flag("--quiet", o->quiet, "no progress on stderr");
    c->callback([o, &exit_code] { exit_code = run_search_command(*o); });
}

}  // namespace mapscape::cli
