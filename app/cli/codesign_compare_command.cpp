// `mapscape-cli codesign-compare`: the DiGamma paper's Figures 5 and 6 at the same sample budget,
// models x platforms x methods x seeds: each method's objective per model (the geometric mean
// over the seeds that found a design within the budget; N/A where none did), normalised as the
// paper normalises (Figure 5 to CMA-ES, Figure 6 to compute-focused Mapping-opt), and every
// method's distance to the lower bound; geometric means over the models. Markdown and CSV.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <sstream>

#include "cli/codesign_setup.hpp"
#include "cli/option_checks.hpp"
#include "cli/commands.hpp"
#include "cli/list_option.hpp"
#include "util/table_cells.hpp"
#include "codesign/codesign_algorithm.hpp"
#include "codesign/codesign_bound.hpp"
#include "util/csv.hpp"
#include "util/diagnostic.hpp"
#include "util/text_file.hpp"
#include "util/closest_name.hpp"

namespace mapscape::cli {

namespace {

constexpr const char* kFigure5[] = {"random", "stdga", "pso", "tbpsa", "es11", "de", "portfolio", "cmaes", "digamma"};
constexpr const char* kFigure6[] = {"hw-opt-nvdla", "hw-opt-shidiannao", "hw-opt-eyeriss", "map-opt-buffer",
                                    "map-opt-medium", "map-opt-compute", "digamma"};

struct CodesignCompareOptions {
    std::string models = "mobilenet_v2,resnet18,resnet50,mnasnet,bert,ncf,dlrm";
    std::string platforms = "edge,cloud";
    std::string algos = "digamma,random,stdga,pso,tbpsa,es11,de,portfolio,cmaes,hw-opt-nvdla,hw-opt-shidiannao,hw-opt-eyeriss,"
                        "map-opt-buffer,map-opt-medium,map-opt-compute";
    std::string seeds = "1,2,3";
    CodesignSetupOptions setup;
    std::string markdown_out, csv_out, raw_csv_out;
    bool quiet = false;
};

struct Key {
    std::string platform, model, algo;
    bool operator<(const Key& o) const { return std::tie(platform, model, algo) < std::tie(o.platform, o.model, o.algo); }
};

struct Figures {
    std::vector<double> objective;  // per seed, NAN = nothing within the budget
    double bound = kNan;
    double wall_s = 0;
};

double value(const std::map<Key, Figures>& all, const Key& k) {
    const auto it = all.find(k);
    return it == all.end() ? kNan : geometric_mean(it->second.objective);
}

// A table of the given methods: per model, value / reference (or / bound when `reference` is
// empty), then the geometric mean over the models with a value.
void table(std::ostringstream& md, std::ostringstream& csv, const std::map<Key, Figures>& all, const std::string& platform,
           const std::vector<std::string>& models, const std::vector<std::string>& methods, const std::string& reference,
           const std::string& title) {
    md << "\n**" << title << "** (" << platform << ")\n\n| model |";
    csv << "\n" << csv_field(title + " (" + platform + ")") << "\nmodel";
    for (const std::string& m : methods) {
        md << ' ' << m << " |";
        csv << ',' << m;
    }
    md << "\n|---|";
    for (std::size_t i = 0; i < methods.size(); ++i) md << "---|";
    md << '\n';
    csv << '\n';
    std::vector<std::vector<double>> column(methods.size());
    for (const std::string& model : models) {
        const auto bound_it = all.find({platform, model, methods.back()});
        const double denominator = reference.empty() ? (bound_it == all.end() ? kNan : bound_it->second.bound)
                                                     : value(all, {platform, model, reference});
        md << "| " << model << " |";
        csv << model;
        for (std::size_t i = 0; i < methods.size(); ++i) {
            const double v = value(all, {platform, model, methods[i]}) / denominator;
            column[i].push_back(v);
            md << ' ' << (std::isfinite(v) ? cell(v, 3) : "N/A") << " |";
            csv << ',' << (std::isfinite(v) ? cell(v, 6) : "NA");
        }
        md << '\n';
        csv << '\n';
    }
    md << "| geomean |";
    csv << "geomean";
    for (const auto& c : column) {
        const auto known = std::count_if(c.begin(), c.end(), [](double v) { return std::isfinite(v); });
        const double g = geometric_mean(c);
        md << ' ' << (known == 0 ? "N/A" : cell(g, 3));
        if (known > 0 && static_cast<std::size_t>(known) < c.size()) md << " (" << known << " of " << c.size() << ")";  // over the models with a value
        md << " |";
        csv << ',' << (known == 0 ? "NA" : cell(g, 6));
    }
    md << '\n';
    csv << '\n';
}

// DiGamma against the best of a group: the group's method with the lowest geometric mean over
// the models where it found a design, and the geometric mean over those models of its value over
// DiGamma's.
std::string against(const std::map<Key, Figures>& all, const std::string& platform, const std::vector<std::string>& models,
                    const std::vector<std::string>& group) {
    std::string best;
    double best_mean = kNan;
    for (const std::string& m : group) {
        if (m == "digamma") continue;
        std::vector<double> normalised;  // to DiGamma, so that methods with gaps compare fairly
        int missing = 0;
        for (const std::string& model : models) {
            const double v = value(all, {platform, model, m}), d = value(all, {platform, model, "digamma"});
            if (std::isfinite(v) && std::isfinite(d)) normalised.push_back(v / d);
            else ++missing;
        }
        const double g = geometric_mean(normalised);
        if (std::isfinite(g) && missing == 0 && (!std::isfinite(best_mean) || g < best_mean)) {
            best_mean = g;
            best = m;
        }
    }
    if (best.empty()) return "no method of the group found a design for every model";
    // best_mean is the best method's value over DiGamma's: above 1, DiGamma is ahead.
    char buf[160];
    if (best_mean >= 1)
        std::snprintf(buf, sizeof buf, "%.2fx better than the best, %s", best_mean, best.c_str());
    else
        std::snprintf(buf, sizeof buf, "%.2fx worse than the best, %s", 1 / best_mean, best.c_str());
    return buf;
}

int run_codesign_compare(const CodesignCompareOptions& o) {
    const std::vector<std::string> models = split_list(o.models), platforms = split_list(o.platforms), algos = split_list(o.algos);
    const std::vector<std::uint64_t> seeds = parse_seed_list(o.seeds, "--seeds");
    for (const std::string& a : algos)
        if (!parse_codesign_algorithm(a))
            throw InputError({"--algos", 0, 0}, "unknown co-design method \"" + a + "\"" + did_you_mean(a, codesign_algorithm_names()));
    if (std::find(algos.begin(), algos.end(), "digamma") == algos.end())
        throw InputError({"--algos", 0, 0}, "the comparison is DiGamma's: include digamma");
    std::map<Key, Figures> all;
    std::ostringstream raw;
    raw << "platform,model,algo,seed,found,objective,runtime_cycles,energy_nj,area_um2,num_pes,l1_bytes,l2_bytes,samples,wall_s,bound_objective\n";
    for (const std::string& platform : platforms)
        for (const std::string& model_name : models) {
            const Model model = load_model(model_name);
            std::vector<int> numbers;
            for (std::size_t i = 1; i <= model.layers.size(); ++i) numbers.push_back(static_cast<int>(i));
            CodesignSetupOptions setup = o.setup;
            setup.platform = platform;
            for (const std::string& algo : algos)
                for (std::uint64_t seed : seeds) {
                    const CodesignProblem p = make_codesign_problem(setup, model, numbers, seed);
                    const CodesignBound bound = codesign_bound(p);
                    const CodesignResult r = run_codesign(p, *parse_codesign_algorithm(algo));
                    Figures& f = all[{platform, model_name, algo}];
                    f.objective.push_back(r.found ? r.best.objective : kNan);
                    f.bound = bound.objective;
                    f.wall_s += r.wall_seconds;
                    raw << platform << ',' << csv_field(model_name) << ',' << algo << ',' << seed << ',' << (r.found ? 1 : 0) << ','
                        << (r.found ? cell(r.best.objective, 10) : "NA") << ',' << (r.found ? std::to_string(r.best.runtime_cycles) : "NA")
                        << ',' << (r.found ? cell(r.best.energy_nj, 10) : "NA") << ',' << (r.found ? cell(r.best.area.total_um2(), 10) : "NA")
                        << ',' << (r.found ? std::to_string(r.best.accelerator.num_pes) : "NA") << ','
                        << (r.found ? std::to_string(r.best.accelerator.l1_size_bytes) : "NA") << ','
                        << (r.found ? std::to_string(r.best.accelerator.l2_size_bytes) : "NA") << ',' << r.samples << ','
                        << cell(r.wall_seconds, 4) << ',' << cell(bound.objective, 10) << '\n';
                    if (!o.quiet)
                        std::fprintf(stderr, "%s %s %s seed %llu: %s in %.1f s\n", platform.c_str(), model_name.c_str(), algo.c_str(),
                                     static_cast<unsigned long long>(seed), r.found ? cell(r.best.objective, 5).c_str() : "nothing within the budget",
                                     r.wall_seconds);
                }
        }

    std::ostringstream md, csv;
    md << "Co-design, objective " << o.setup.objective << ", " << o.setup.budget << " samples, seeds " << o.seeds
       << " (geometric mean over the seeds that found a design within the budget; N/A: none did)\n";
    auto present = [&](const char* const* names, std::size_t n) {
        std::vector<std::string> out;
        for (std::size_t i = 0; i < n; ++i)
            if (std::find(algos.begin(), algos.end(), names[i]) != algos.end()) out.push_back(names[i]);
        return out;
    };
    const std::vector<std::string> fig5 = present(kFigure5, std::size(kFigure5)), fig6 = present(kFigure6, std::size(kFigure6));
    for (const std::string& platform : platforms) {
        const bool has_cma = std::find(fig5.begin(), fig5.end(), "cmaes") != fig5.end();
        const bool has_compute = std::find(fig6.begin(), fig6.end(), "map-opt-compute") != fig6.end();
        if (fig5.size() > 1)
            table(md, csv, all, platform, models, fig5, has_cma ? "cmaes" : "digamma",
                  std::string("Figure 5: black-box optimizers and DiGamma, normalised to ") + (has_cma ? "CMA-ES" : "DiGamma"));
        if (fig6.size() > 1)
            table(md, csv, all, platform, models, fig6, has_compute ? "map-opt-compute" : "digamma",
                  std::string("Figure 6: HW-opt, Mapping-opt and DiGamma, normalised to ") + (has_compute ? "compute-focused Mapping-opt" : "DiGamma"));
        std::vector<std::string> every = algos;
        std::stable_partition(every.begin(), every.end(), [](const std::string& a) { return a != "digamma"; });  // DiGamma last
        table(md, csv, all, platform, models, every, "", "Distance to the lower bound (value / bound; 1 = the bound)");
        // One clause per group this run compared DiGamma with (groups it did not run are not named).
        std::string clauses;
        const std::pair<const char*, std::vector<std::string>> groups[] = {
            {"the black-box optimizers", fig5}, {"HW-opt", present(kFigure6, 3)}, {"Mapping-opt", present(kFigure6 + 3, 3)}};
        for (const auto& [name, group] : groups) {
            if (std::none_of(group.begin(), group.end(), [](const std::string& m) { return m != "digamma"; })) continue;
            clauses += (clauses.empty() ? "against " : "; against ") + std::string(name) + " " + against(all, platform, models, group);
        }
        if (!clauses.empty()) md << "\nDiGamma (" << platform << "): " << clauses << ".\n";
        std::vector<double> dist;
        for (const std::string& model : models) {
            const auto it = all.find({platform, model, "digamma"});
            if (it != all.end()) dist.push_back(geometric_mean(it->second.objective) / it->second.bound);
        }
        double dig_wall = 0;
        for (const std::string& model : models)
            if (const auto it = all.find({platform, model, "digamma"}); it != all.end()) dig_wall += it->second.wall_s;
        md << "DiGamma is " << cell(geometric_mean(dist), 3) << "x its lower bound (geometric mean over the models); its runs took "
           << cell(dig_wall, 3) << " s in all.\n";
    }
    std::printf("%s", md.str().c_str());
    if (!o.markdown_out.empty()) write_text_file_atomically(o.markdown_out, md.str());
    if (!o.csv_out.empty()) write_text_file_atomically(o.csv_out, csv.str());
    if (!o.raw_csv_out.empty()) write_text_file_atomically(o.raw_csv_out, raw.str());
    return kExitOk;
}

}  // namespace

void add_codesign_compare_command(CLI::App& app, int& exit_code) {
    auto o = std::make_shared<CodesignCompareOptions>();
    CLI::App* c = app.add_subcommand("codesign-compare", "the DiGamma paper's Figures 5 and 6: co-design methods over models and platforms");
    c->add_option("--models", o->models, "comma-separated models (bundled names or files)")->capture_default_str();
    c->add_option("--platforms", o->platforms, "comma-separated platforms (edge, cloud)")->capture_default_str();
    c->add_option("--algos", o->algos, "comma-separated methods (see `codesign --help`); must include digamma")->capture_default_str();
    c->add_option("--seeds", o->seeds, "comma-separated seeds")->capture_default_str();
    o->setup.add_to(*c);
    c->add_option("--markdown", o->markdown_out, "also write the Markdown tables to this file")->check(writable_file());
    c->add_option("--csv", o->csv_out, "write the normalised tables as CSV to this file")->check(writable_file());
    c->add_option("--raw-csv", o->raw_csv_out, "write every (platform, model, method, seed) result as CSV to this file")->check(writable_file());
    c->add_flag("--quiet", o->quiet, "no line per run on the standard error");
    c->callback([o, &exit_code] { exit_code = run_codesign_compare(*o); });
}

}  // namespace mapscape::cli
