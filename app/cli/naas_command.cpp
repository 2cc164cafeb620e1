// `mapscape-cli naas`: NAAS's accelerator search (sizing and connectivity, with the mappings)
// within a known accelerator's resources, for a set of benchmark networks; compared with that
// accelerator running its native dataflow and with a lower bound.
#include <unistd.h>

#include <cmath>
#include <cstdio>

#include "cli/commands.hpp"
#include "cli/option_checks.hpp"
#include "cli/list_option.hpp"
#include "cli/naas_setup.hpp"
#include "naas/naas_json.hpp"
#include "naas/naas_search.hpp"
#include "search/maestro_export.hpp"
#include "util/diagnostic.hpp"
#include "util/json_text.hpp"
#include "util/text_file.hpp"
#include "workload/model.hpp"

namespace mapscape::cli {

namespace {

struct NaasOptions {
    std::string benchmarks;
    std::string resources;
    std::string encoding = "importance";
    std::string network;
    double accuracy_floor = -1;
    bool sizing_only = false;
    NaasSetupOptions setup;
    std::uint64_t seed = 1;
    std::string json_out;
    std::string export_dir;
    bool quiet = false;
};

class TerminalProgress : public NaasSink {
public:
    explicit TerminalProgress(int iterations) : iterations_(iterations) {}
    void baseline(const NaasDesign& d) override {
        std::fprintf(stderr, "  baseline (native dataflow): geomean EDP %.4g\n", d.geomean_edp);
    }
    void iteration(const NaasIteration& it, const NaasDesign& best) override {
        std::fprintf(stderr, "\r  iteration %d of %d: best %.4g (%s), population mean %.4g, %d redrawn   ", it.iteration,
                     iterations_, it.best_so_far, best.hardware.describe().c_str(), it.mean, it.redraws);
        if (it.iteration == iterations_) std::fprintf(stderr, "\n");
    }

private:
    int iterations_;
};

NaasProblem build_problem(const NaasOptions& o) {
    NaasRequest request;
    static_cast<NaasSearchSettings&>(request) = o.setup;
    request.resources = o.resources;
    request.benchmarks = split_list(o.benchmarks);
    request.encoding = o.encoding;
    request.network = o.network;
    request.accuracy_floor = o.accuracy_floor;
    request.sizing_only = o.sizing_only;
    return make_naas_problem(request, o.seed);
}

int run_naas_command(const NaasOptions& o) {
    const NaasProblem problem = build_problem(o);
    TerminalProgress progress(problem.iterations);
    const bool show = !o.quiet && isatty(STDERR_FILENO);
    if (!o.quiet)
        std::fprintf(stderr, "NAAS within %s: %lld PEs, %lld B of on-chip memory; %s encoding%s; population %d x %d iterations\n",
                     problem.resources.id.c_str(), static_cast<long long>(problem.resources.max_pes),
                     static_cast<long long>(problem.resources.max_sram_bytes), std::string(encoding_name(problem.decode.encoding)).c_str(),
                     problem.decode.sizing_only ? ", sizing only" : "", problem.population, problem.iterations);
    const NaasResult r = run_naas(problem, show ? &progress : nullptr);

    // speedup, energy and EDP x: the baseline's over the design's; /bound: the design's over the
    // bound; room: the baseline's latency and energy over their bounds (the most any design can gain).
    std::printf("%-14s %12s %12s %12s %9s %9s %8s %8s  %s\n", "benchmark", "EDP", "baseline", "bound", "speedup", "energy", "EDP x",
                "/bound", "room (latency, energy)");
    for (std::size_t b = 0; b < r.baseline.benchmarks.size(); ++b) {
        const NaasBenchmarkResult& base = r.baseline.benchmarks[b];
        if (!r.found) {
            std::printf("%-14s %12s %12.4g %12.4g\n", base.name.c_str(), "none", base.edp, r.bounds[b].edp());
            continue;
        }
        const NaasBenchmarkResult& f = r.best.benchmarks[b];
        const NaasBound& bound = r.bounds[b];
        std::printf("%-14s %12.4g %12.4g %12.4g %8.2fx %8.2fx %7.2fx %7.2fx  %.2fx, %.2fx\n", f.name.c_str(), f.edp, base.edp, bound.edp(),
                    static_cast<double>(base.runtime_cycles) / static_cast<double>(f.runtime_cycles), base.energy_nj / f.energy_nj,
                    base.edp / f.edp, f.edp / bound.edp(), static_cast<double>(base.runtime_cycles) / bound.runtime_cycles,
                    base.energy_nj / bound.energy_nj);
    }
    if (r.found)
        std::printf("GEOMEAN        %12.4g %12.4g %12.4g %29.2fx %7.2fx\n", r.best.geomean_edp, r.baseline.geomean_edp, r.bound_geomean_edp,
                    r.baseline.geomean_edp / r.best.geomean_edp, r.best.geomean_edp / r.bound_geomean_edp);
    std::printf("design: %s\n", r.found ? r.best.hardware.describe().c_str() : "none within the resources");
    if (problem.network) {
        std::printf("network: %s (top-1 %.1f%%; floor %.1f%%), baseline runs %s (%.1f%%)\n",
                    r.found && r.best.variant ? r.best.variant->name().c_str() : "none", r.found && r.best.variant ? r.best.variant->top1 : 0.0,
                    problem.network->accuracy_floor, problem.network->family.reference.name().c_str(), problem.network->family.reference.top1);
        std::printf("accuracy-EDP front:");
        for (const NaasFrontPoint& f : r.front) std::printf("  %s %.1f%% %.4g", f.variant.name().c_str(), f.variant.top1, f.edp);
        std::printf("\n");
    }
    std::printf("baseline: %s\n", r.baseline.hardware.describe().c_str());
    // The array each benchmark's latency bound is reached on (one array for the whole network).
    const std::vector<NaasBenchmarkResult>& bounded = r.found ? r.best.benchmarks : r.baseline.benchmarks;
    for (std::size_t b = 0; b < r.bounds.size() && b < bounded.size(); ++b)
        std::printf("bound of %s: on %s\n", bounded[b].name.c_str(), r.bounds[b].array.c_str());
    std::printf("%lld candidates (%lld redrawn), %lld layer mapping searches (%lld cached) in %.2f s\n",
                static_cast<long long>(r.candidates), static_cast<long long>(r.redraws), static_cast<long long>(r.mapping_searches),
                static_cast<long long>(r.cache_hits), r.wall_seconds);

    if (!o.json_out.empty()) {
        write_text_file_atomically(o.json_out, json_text(naas_to_json(problem, r), 1) + "\n");
        if (!o.quiet) std::fprintf(stderr, "wrote %s\n", o.json_out.c_str());
    }
    if (!o.export_dir.empty() && r.found) {
        for (const NaasBenchmarkResult& b : r.best.benchmarks) {
            std::vector<ExportLayer> layers;
            for (std::size_t l = 0; l < b.network.size(); ++l)
                if (b.layers[l].valid) layers.push_back({b.network[l], b.layers[l].mapping});
            const ExportedFiles files = export_maestro_files(o.export_dir, b.name, layers, r.best.accelerator);
            if (!o.quiet) std::fprintf(stderr, "wrote %zu MAESTRO files for %s to %s\n", files.paths.size(), b.name.c_str(), o.export_dir.c_str());
        }
    }
    return r.found ? kExitOk : kExitProblem;
}

}  // namespace

void add_naas_command(CLI::App& app, int& exit_code) {
    auto o = std::make_shared<NaasOptions>();
    CLI::App* c = app.add_subcommand("naas", "NAAS: search an accelerator's array, connectivity and buffers with the mappings, within a known accelerator's resources");
    c->add_option("--resources", o->resources, "edgetpu, nvdla1024, nvdla256, eyeriss, shidiannao, or an accelerator file")->required();
    c->add_option("--benchmarks", o->benchmarks, "comma-separated networks (bundled names or model files; default: the paper's set for the resources)");
    c->add_option("--network", o->network, "co-search a network variant too: a family of variants with published accuracies (bundled: mobilenet_v2, or a file)");
    c->add_option("--accuracy-floor", o->accuracy_floor, "the least ImageNet top-1 accuracy (percent) of the network variant (implies --network mobilenet_v2)")
        ->check(amount_in_range(0.0, 100.0, "percent"));
    c->add_option("--encoding", o->encoding, "importance or index (the paper's Figure 9 ablation)")->capture_default_str();
    c->add_flag("--sizing-only", o->sizing_only, "search PEs, array shape and buffers only, with the resources' native connectivity and dataflow (NHAS-style)");
    o->setup.add_to(*c);
    c->add_option("--seed", o->seed, "seed")->capture_default_str()->check(seed_value());
    c->add_option("--json", o->json_out, "write the run as JSON")->check(writable_file());
    c->add_option("--export-maestro", o->export_dir, "write the design's mappings as MAESTRO files (per benchmark: a file per layer, the model, the HW file)")->check(writable_directory());
    c->add_flag("--quiet", o->quiet, "no progress or notes on standard error");
    c->callback([o, &exit_code] { exit_code = run_naas_command(*o); });
}

}  // namespace mapscape::cli
