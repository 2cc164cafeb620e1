// `mapscape-cli naas-compare`: the NAAS paper's Figures 5, 8 and 9 under this cost model.
//   Figure 5  NAAS within each baseline's resources against that baseline running its native
//             dataflow: speedup and energy saving per benchmark (geometric means over the seeds),
//             beside the paper's averages and the room the bound leaves (baseline over bound);
//   Figure 8  searching connectivity and mappings against sizing only (EdgeTPU and NVDLA-1024,
//             VGG16 and MobileNetV2, one network per search): sizing-only EDP over NAAS's;
//   Figure 9  index-based against importance-based encoding: index EDP over importance EDP.
// Markdown and CSV (one row per search and benchmark).
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/option_checks.hpp"
#include "cli/list_option.hpp"
#include "cli/naas_setup.hpp"
#include "util/table_cells.hpp"
#include "naas/naas_search.hpp"
#include "util/csv.hpp"
#include "util/diagnostic.hpp"
#include "util/text_file.hpp"
#include "workload/model.hpp"

namespace mapscape::cli {

namespace {

struct NaasCompareOptions {
    std::string figures = "5,8,9";
    std::string resources = "edgetpu,nvdla1024,eyeriss,nvdla256,shidiannao";
    std::string seeds = "1";
    NaasSetupOptions setup;
    std::string markdown_out, csv_out;
    bool quiet = false;
};

// The paper's figures (NAAS, DAC'21, Sec. III-B): Figure 5's average speedup and energy saving
// per baseline, Figure 8's EDP gain over sizing only.
struct PaperFigure5 {
    double speedup, energy_saving;
};
const std::map<std::string, PaperFigure5> kPaperFigure5 = {
    {"edgetpu", {2.6, 1.1}}, {"nvdla1024", {2.2, 1.1}}, {"eyeriss", {4.4, 2.1}}, {"nvdla256", {1.7, 1.4}}, {"shidiannao", {4.4, 4.9}}};
const std::map<std::pair<std::string, std::string>, double> kPaperFigure8 = {
    {{"edgetpu", "vgg16"}, 3.52}, {{"edgetpu", "mobilenet_v2"}, 1.42}, {{"nvdla1024", "vgg16"}, 2.61}, {{"nvdla1024", "mobilenet_v2"}, 1.62}};

struct Row {
    std::string figure, resources, benchmark, method;
    std::uint64_t seed = 1;
    NaasBenchmarkResult found, baseline;
    NaasBound bound;
    double wall_s = 0;
};

NaasProblem problem_for(const NaasCompareOptions& o, const std::string& resources, const std::vector<std::string>& benchmarks,
                        std::uint64_t seed) {
    NaasProblem p;
    p.resources = naas_resources(resources);
    for (const std::string& n : benchmarks.empty() ? p.resources.benchmarks : benchmarks) {
        const Model m = load_model(n);
        p.benchmarks.push_back({m.name, m.layers});
    }
    o.setup.apply(p);
    p.seed = seed;
    return p;
}

double ratio_geomean(const std::vector<Row>& rows, const std::string& figure, const std::string& resources, const std::string& benchmark,
                     const std::string& method, double (*metric)(const Row&)) {
    std::vector<double> values;
    for (const Row& r : rows)
        if (r.figure == figure && r.resources == resources && r.benchmark == benchmark && r.method == method) values.push_back(metric(r));
    return geometric_mean(values);
}

double speedup(const Row& r) { return r.found.valid ? static_cast<double>(r.baseline.runtime_cycles) / static_cast<double>(r.found.runtime_cycles) : kNan; }
double energy_saving(const Row& r) { return r.found.valid ? r.baseline.energy_nj / r.found.energy_nj : kNan; }
double edp(const Row& r) { return r.found.valid ? r.found.edp : kNan; }
double edp_over_bound(const Row& r) { return r.found.valid ? r.found.edp / r.bound.edp() : kNan; }
double latency_room(const Row& r) { return static_cast<double>(r.baseline.runtime_cycles) / r.bound.runtime_cycles; }
double energy_room(const Row& r) { return r.baseline.energy_nj / r.bound.energy_nj; }

int run_naas_compare(const NaasCompareOptions& o) {
    const std::vector<std::string> figures = split_list(o.figures), resources = split_list(o.resources);
    const std::vector<std::uint64_t> seeds = parse_seed_list(o.seeds, "--seeds");
    for (const std::string& f : figures)
        if (f != "5" && f != "8" && f != "9")
            throw InputError({"", 0, 0}, "--figures must list the paper's figures 5, 8 and 9 (comma-separated), not \"" + f + "\"");
    if (figures.empty()) throw InputError({"", 0, 0}, "--figures must list at least one of 5, 8 and 9");
    const auto wants = [&](const char* f) { return std::find(figures.begin(), figures.end(), f) != figures.end(); };
    std::vector<Row> rows;
    const auto run = [&](const std::string& figure, const std::string& method, const std::string& res, const std::vector<std::string>& benchmarks,
                         std::uint64_t seed) {
        NaasProblem p = problem_for(o, res, benchmarks, seed);
        p.decode.encoding = method == "index" ? NaasEncoding::Index : NaasEncoding::Importance;
        p.decode.sizing_only = method == "sizing-only";
        const NaasResult r = run_naas(p);
        for (std::size_t b = 0; b < p.benchmarks.size(); ++b) {
            Row row;
            row.figure = figure;
            row.resources = res;
            row.benchmark = p.benchmarks[b].name;
            row.method = method;
            row.seed = seed;
            if (r.found) row.found = r.best.benchmarks[b];
            row.baseline = r.baseline.benchmarks[b];
            row.bound = r.bounds[b];
            row.wall_s = r.wall_seconds;
            rows.push_back(std::move(row));
        }
        if (!o.quiet)
            std::fprintf(stderr, "%s %s %s seed %llu: geomean EDP %.4g (baseline %.4g) in %.1f s, %s\n", figure.c_str(), res.c_str(), method.c_str(),
                         static_cast<unsigned long long>(seed), r.best.geomean_edp, r.baseline.geomean_edp, r.wall_seconds,
                         r.found ? r.best.hardware.describe().c_str() : "no design");
    };
    for (std::uint64_t seed : seeds)
        for (const std::string& res : resources) {
            if (wants("5") || wants("9")) run("5", "importance", res, {}, seed);
            if (wants("9")) run("9", "index", res, {}, seed);
            if (wants("8") && (res == "edgetpu" || res == "nvdla1024"))
                for (const char* net : {"vgg16", "mobilenet_v2"}) {
                    run("8", "importance", res, {net}, seed);
                    run("8", "sizing-only", res, {net}, seed);
                }
        }

    std::ostringstream md;
    if (wants("5")) {
        md << "**Figure 5: NAAS within each baseline's resources, against the baseline with its native dataflow** (geometric means over "
           << seeds.size() << " seed(s); room: the baseline's latency and energy over their lower bounds, the most any design could gain)\n\n"
           << "| resources | benchmark | speedup | energy saving | EDP gain | NAAS EDP / bound | room: latency | room: energy |\n"
           << "|---|---|---|---|---|---|---|---|\n";
        for (const std::string& res : resources) {
            std::vector<double> s, e;
            for (const Row& r : rows)
                if (r.figure == "5" && r.resources == res && r.seed == seeds.front()) {
                    const double sp = ratio_geomean(rows, "5", res, r.benchmark, "importance", speedup);
                    const double es = ratio_geomean(rows, "5", res, r.benchmark, "importance", energy_saving);
                    s.push_back(sp);
                    e.push_back(es);
                    md << "| " << res << " | " << r.benchmark << " | " << cell(sp, 3) << " | " << cell(es, 3) << " | " << cell(sp * es, 3) << " | "
                       << cell(ratio_geomean(rows, "5", res, r.benchmark, "importance", edp_over_bound), 3) << " | "
                       << cell(ratio_geomean(rows, "5", res, r.benchmark, "importance", latency_room), 3) << " | "
                       << cell(ratio_geomean(rows, "5", res, r.benchmark, "importance", energy_room), 3) << " |\n";
                }
            const auto paper = kPaperFigure5.find(res);
            md << "| " << res << " | **geomean** (paper: " << (paper != kPaperFigure5.end() ? cell(paper->second.speedup, 2) : "-") << "x, "
               << (paper != kPaperFigure5.end() ? cell(paper->second.energy_saving, 2) : "-") << "x) | **" << cell(geometric_mean(s), 3) << "** | **"
               << cell(geometric_mean(e), 3) << "** | | | | |\n";
        }
        md << "\n";
    }
    if (wants("9")) {
        md << "**Figure 9: index-based against importance-based encoding** (index EDP over importance EDP; the paper: 1.4x to 7.4x"
           << (o.setup.no_baseline_start ? "; every candidate drawn from the distribution, none started from the baseline" : "") << ")\n\n"
           << "| resources | benchmark | importance EDP | index EDP | index / importance |\n|---|---|---|---|---|\n";
        for (const std::string& res : resources)
            for (const Row& r : rows)
                if (r.figure == "9" && r.resources == res && r.seed == seeds.front()) {
                    const double imp = ratio_geomean(rows, "5", res, r.benchmark, "importance", edp);
                    const double idx = ratio_geomean(rows, "9", res, r.benchmark, "index", edp);
                    md << "| " << res << " | " << r.benchmark << " | " << cell(imp) << " | " << cell(idx) << " | " << cell(idx / imp, 3) << " |\n";
                }
        md << "\n";
    }
    if (wants("8")) {
        md << "**Figure 8: connectivity and mapping search against sizing only** (one network per search; sizing-only EDP over NAAS's)\n\n"
           << "| resources | benchmark | NAAS EDP | sizing-only EDP | gain | paper |\n|---|---|---|---|---|---|\n";
        for (const std::string& res : resources)
            for (const Row& r : rows)
                if (r.figure == "8" && r.method == "importance" && r.resources == res && r.seed == seeds.front()) {
                    const double full = ratio_geomean(rows, "8", res, r.benchmark, "importance", edp);
                    const double sizing = ratio_geomean(rows, "8", res, r.benchmark, "sizing-only", edp);
                    const auto paper = kPaperFigure8.find({res, r.benchmark});
                    md << "| " << res << " | " << r.benchmark << " | " << cell(full) << " | " << cell(sizing) << " | " << cell(sizing / full, 3) << " | "
                       << (paper != kPaperFigure8.end() ? cell(paper->second, 3) + "x" : "-") << " |\n";
                }
        md << "\n";
    }
    std::printf("%s", md.str().c_str());
    if (!o.markdown_out.empty()) write_text_file_atomically(o.markdown_out, md.str());
    if (!o.csv_out.empty()) {
        std::ostringstream csv;
        csv << "figure,resources,benchmark,method,seed,edp,runtime_cycles,energy_nj,baseline_edp,baseline_runtime_cycles,baseline_energy_nj,"
               "bound_edp,bound_runtime_cycles,bound_energy_nj,wall_s\n";
        for (const Row& r : rows)
            csv << r.figure << ',' << csv_field(r.resources) << ',' << csv_field(r.benchmark) << ',' << r.method << ',' << r.seed << ','
                << cell(edp(r), 10) << ',' << r.found.runtime_cycles << ',' << cell(r.found.energy_nj, 10) << ',' << cell(r.baseline.edp, 10) << ','
                << r.baseline.runtime_cycles << ',' << cell(r.baseline.energy_nj, 10) << ',' << cell(r.bound.edp(), 10) << ','
                << cell(r.bound.runtime_cycles, 10) << ',' << cell(r.bound.energy_nj, 10) << ',' << cell(r.wall_s, 4) << '\n';
        write_text_file_atomically(o.csv_out, csv.str());
    }
    return kExitOk;
}

}  // namespace

void add_naas_compare_command(CLI::App& app, int& exit_code) {
    auto o = std::make_shared<NaasCompareOptions>();
    CLI::App* c = app.add_subcommand("naas-compare", "the NAAS paper's Figures 5, 8 and 9: NAAS against the baselines' own dataflows, sizing only and index encoding");
    c->add_option("--figures", o->figures, "which figures: 5, 8, 9 (comma-separated)")->capture_default_str();
    c->add_option("--resources", o->resources, "resources for Figures 5 and 9 (Figure 8 uses edgetpu and nvdla1024 among them)")->capture_default_str();
    c->add_option("--seeds", o->seeds, "comma-separated seeds")->capture_default_str();
    o->setup.add_to(*c);
    c->add_option("--markdown", o->markdown_out, "write the tables as Markdown")->check(writable_file());
    c->add_option("--csv", o->csv_out, "write every search's figures per benchmark as CSV")->check(writable_file());
    c->add_flag("--quiet", o->quiet, "no per-search lines on standard error");
    c->callback([o, &exit_code] { exit_code = run_naas_compare(*o); });
}

}  // namespace mapscape::cli
