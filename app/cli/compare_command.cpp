// `mapscape-cli compare`: several algorithms on the same layers and seeds, tabulated like the
// GAMMA paper's Figure 6 (each algorithm's best per layer, normalised to the best of all, NAN
// where an algorithm found no valid mapping), as Markdown and CSV.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/option_checks.hpp"
#include "cli/list_option.hpp"
#include "cli/table_cells.hpp"
#include "cli/search_setup.hpp"
#include "cost/bounds.hpp"
#include "util/diagnostic.hpp"
#include "util/text_file.hpp"
#include "util/closest_name.hpp"

namespace mapscape::cli {

namespace {

struct CompareOptions {
    SearchSetupOptions setup;
    std::string algos = "gamma,random,stdga,de,es11,cmaes,tbpsa,pso,portfolio,sa,fixed-nvdla,fixed-eyeriss,fixed-shidiannao";
    std::string seeds = "1,2,3";
    std::string markdown_out;
    std::string csv_out;
    std::string raw_csv_out;
};

struct Table {
    std::vector<std::string> algos;
    std::vector<std::string> layers;
    std::vector<std::vector<std::vector<double>>> value;  // [algo][layer][seed], NAN = none
};

int run_compare(const CompareOptions& o) {
    const SearchSetup setup = resolve(o.setup);
    Table t;
    std::vector<Algorithm> algorithms;
    for (const std::string& name : split_list(o.algos)) {
        auto a = parse_algorithm(name);
        if (!a) throw InputError({"--algos", 0, 0}, "unknown algorithm \"" + name + "\"" + did_you_mean(name, algorithm_names()));
        algorithms.push_back(*a);
        t.algos.push_back(a->name());
    }
    const std::vector<std::uint64_t> seeds = parse_seed_list(o.seeds, "--seeds");
    if (algorithms.empty() || seeds.empty()) throw InputError({"compare", 0, 0}, "need at least one algorithm and one seed");

    for (int n : setup.layer_numbers) {
        const Layer& l = setup.model.layers[static_cast<std::size_t>(n - 1)];
        t.layers.push_back(l.name.empty() ? "layer" + std::to_string(n) : l.name);
    }
    std::string raw = "layer,algo,seed,objective_value,runtime_cycles,energy_nj,samples,valid_samples,wall_s\n";
    std::fprintf(stderr, "%s, %zu layers on %s, %s, objective %s, %lld samples, seeds %s\n", setup.model.name.c_str(),
                 t.layers.size(), setup.platform_name.c_str(), std::string(system_name(setup.base.system)).c_str(),
                 setup.base.objective.name().c_str(), static_cast<long long>(setup.base.budget.samples), o.seeds.c_str());
    for (const Algorithm& a : algorithms) {
        auto& per_layer = t.value.emplace_back(t.layers.size());
        double wall = 0;
        for (std::uint64_t seed : seeds) {
            const ModelSearchOutcome outcome = search_model(make_request(setup, a, seed));
            wall += outcome.wall_seconds;
            for (std::size_t i = 0; i < outcome.layers.size(); ++i) {
                const SearchResult& r = outcome.layers[i].result;
                per_layer[i].push_back(r.found ? r.best_objective : kNan);
                std::ostringstream row;
                row << t.layers[i] << ',' << a.name() << ',' << seed << ',' << cell(r.found ? r.best_objective : kNan, 10) << ','
                    << (r.found ? std::to_string(r.best_report.runtime_cycles) : "NAN") << ','
                    << cell(r.found ? r.best_report.energy.total_nj : kNan, 10) << ',' << r.samples << ',' << r.valid_samples
                    << ',' << cell(r.wall_seconds, 4) << '\n';
                raw += row.str();
            }
        }
        std::fprintf(stderr, "  %-18s %8.2f s\n", a.name().c_str(), wall);
    }

    // Per layer: each algorithm's geometric mean over the seeds, normalised to the best.
    const std::size_t A = t.algos.size(), L = t.layers.size();
    std::vector<std::vector<double>> mean(A, std::vector<double>(L, kNan));
    for (std::size_t a = 0; a < A; ++a)
        for (std::size_t l = 0; l < L; ++l) mean[a][l] = geometric_mean(t.value[a][l]);
    std::vector<double> best(L, kNan);
    for (std::size_t l = 0; l < L; ++l)
        for (std::size_t a = 0; a < A; ++a)
            if (std::isfinite(mean[a][l]) && !(mean[a][l] >= best[l])) best[l] = mean[a][l];

    std::ostringstream md, csv;
    md << "| layer |";
    csv << "layer";
    for (const auto& name : t.algos) {
        md << ' ' << name << " |";
        csv << ',' << name;
    }
    md << "\n|---|";
    for (std::size_t a = 0; a < A; ++a) md << "---:|";
    md << '\n';
    csv << '\n';
    for (std::size_t l = 0; l < L; ++l) {
        md << "| " << t.layers[l] << " |";
        csv << t.layers[l];
        for (std::size_t a = 0; a < A; ++a) {
            const double v = mean[a][l] / best[l];
            md << ' ' << cell(v) << " |";
            csv << ',' << cell(v, 6);
        }
        md << '\n';
        csv << '\n';
    }
    // End to end: the sum over layers, each counted as often as the network runs it (NAN when a
    // layer has no mapping), normalised.
    std::vector<Layer> selected;
    for (int n : setup.layer_numbers) selected.push_back(setup.model.layers[static_cast<std::size_t>(n - 1)]);
    std::vector<double> sum(A, 0.0);
    double best_sum = kNan;
    for (std::size_t a = 0; a < A; ++a) {
        sum[a] = total_over_runs<double>(selected, [&](std::size_t l) { return mean[a][l]; });
        if (std::isfinite(sum[a]) && !(sum[a] >= best_sum)) best_sum = sum[a];
    }
    auto summary_row = [&](const std::string& label, auto value) {
        md << "| **" << label << "** |";
        csv << label;
        for (std::size_t a = 0; a < A; ++a) {
            const std::string v = value(a);
            md << ' ' << v << " |";
            csv << ',' << v;
        }
        md << '\n';
        csv << '\n';
    };
    summary_row("sum (normalized)", [&](std::size_t a) { return cell(sum[a] / best_sum); });
    summary_row("sum (" + std::string(setup.base.objective.name()) + ")", [&](std::size_t a) { return cell(sum[a], 6); });
    // What no mapping of these layers beats (cost/bounds.hpp), and each sum's distance to it.
    const double bound_sum = objective_bound_sum(setup.base.objective, selected, setup.base.accelerator);
    summary_row("sum / bound (bound " + cell(bound_sum, 6) + ")", [&](std::size_t a) { return cell(sum[a] / bound_sum, 4); });
    summary_row("layers with a mapping", [&](std::size_t a) {
        int found = 0;
        for (std::size_t l = 0; l < L; ++l) found += std::isfinite(mean[a][l]);
        return std::to_string(found) + "/" + std::to_string(L);
    });
    // How often the first algorithm is at least as good as each, over (layer, seed) pairs; with
    // a tolerance, results that close count as ties (search noise, not a difference).
    auto share_as_good = [&](std::size_t a, double tolerance) {
        int wins = 0, pairs = 0;
        for (std::size_t l = 0; l < L; ++l)
            for (std::size_t s = 0; s < seeds.size(); ++s) {
                const double mine = t.value[0][l][std::min(s, t.value[0][l].size() - 1)];
                const double theirs = t.value[a][l][std::min(s, t.value[a][l].size() - 1)];
                ++pairs;
                if (std::isfinite(mine) && (!std::isfinite(theirs) || mine <= theirs * (1 + tolerance))) ++wins;
            }
        return cell(100.0 * wins / pairs, 3) + "%";
    };
    summary_row(t.algos[0] + " at least as good", [&](std::size_t a) { return share_as_good(a, 1e-12); });
    summary_row(t.algos[0] + " within 0.5% or better", [&](std::size_t a) { return share_as_good(a, 0.005); });

    // The same with each algorithm's best over the seeds.
    summary_row(t.algos[0] + " best of seeds at least as good", [&](std::size_t a) {
        int wins = 0;
        for (std::size_t l = 0; l < L; ++l) {
            double mine = kNan, theirs = kNan;
            for (double v : t.value[0][l])
                if (std::isfinite(v) && !(v >= mine)) mine = v;
            for (double v : t.value[a][l])
                if (std::isfinite(v) && !(v >= theirs)) theirs = v;
            if (std::isfinite(mine) && (!std::isfinite(theirs) || mine <= theirs * (1 + 1e-12))) ++wins;
        }
        return cell(100.0 * wins / static_cast<double>(L), 3) + "%";
    });

    std::printf("%s", md.str().c_str());
    if (!o.markdown_out.empty()) write_text_file_atomically(o.markdown_out, md.str());
    if (!o.csv_out.empty()) write_text_file_atomically(o.csv_out, csv.str());
    if (!o.raw_csv_out.empty()) write_text_file_atomically(o.raw_csv_out, raw);
    return kExitOk;
}

}  // namespace

void add_compare_command(CLI::App& app, int& exit_code) {
    auto o = std::make_shared<CompareOptions>();
    CLI::App* c = app.add_subcommand("compare", "run several search algorithms on the same layers and seeds and tabulate");
    o->setup.add_to(*c);
    c->add_option("--algos", o->algos, "comma-separated algorithms (see `search --help`); the first is the reference")
        ->capture_default_str();
    c->add_option("--seeds", o->seeds, "comma-separated seeds")->capture_default_str();
    c->add_option("--markdown", o->markdown_out, "also write the Markdown table to this file");
    c->add_option("--csv", o->csv_out, "write the normalised table as CSV to this file");
    c->add_option("--raw-csv", o->raw_csv_out, "write every (layer, algorithm, seed) result as CSV to this file");
    c->callback([o, &exit_code] { exit_code = run_compare(*o); });
}

}  // namespace mapscape::cli
