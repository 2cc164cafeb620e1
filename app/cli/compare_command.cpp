// `mapscape-cli compare`: several algorithms on the same layers and seeds, tabulated like the
// GAMMA paper's Figure 6 (search/algorithm_comparison.hpp), as Markdown, CSV and JSON.
#include <cstdio>
#include <memory>

#include "cli/commands.hpp"
#include "cli/option_checks.hpp"
#include "cli/search_setup.hpp"
#include "search/algorithm_comparison.hpp"
#include "search/llm_search_metrics.hpp"
#include "util/json_text.hpp"
#include "util/text_file.hpp"

namespace mapscape::cli {

namespace {

struct CompareOptions {
    SearchSetupOptions setup;
    std::string algos = SearchDefaults{}.compare_algos;
    std::string seeds = SearchDefaults{}.compare_seeds;
    std::string markdown_out;
    std::string csv_out;
    std::string raw_csv_out;
    std::string json_out;
};

int run_compare(const CompareOptions& o) {
    const SearchSetup setup = resolve(o.setup);
    const std::vector<Algorithm> algorithms = parse_algorithm_list(o.algos);
    const std::vector<std::uint64_t> seeds = parse_seed_list(o.seeds, "--seeds");
    std::fprintf(stderr, "%s, %zu layers on %s, %s, objective %s, %lld samples, seeds %s\n", setup.model.name.c_str(),
                 setup.layer_numbers.size(), setup.platform_name.c_str(), std::string(system_name(setup.base.system)).c_str(),
                 setup.base.objective.name().c_str(), static_cast<long long>(setup.base.budget.samples), o.seeds.c_str());
    double wall = 0;
    std::vector<std::string> llm_lines;  // an LLM phase's figures per algorithm, at the first seed
    const AlgorithmComparison t = compare_algorithms(setup, algorithms, seeds, [&](std::size_t a, std::size_t s, const ModelSearchOutcome& outcome) {
        wall += outcome.wall_seconds;
        if (s == 0)
            if (const auto phase = llm_metrics_of_search(setup, outcome))
                llm_lines.push_back(algorithms[a].name() + " (seed " + std::to_string(seeds[0]) + "): " + describe_llm_metrics(setup.model, *phase));
        if (s + 1 == seeds.size()) {
            std::fprintf(stderr, "  %-18s %8.2f s\n", algorithms[a].name().c_str(), wall);
            wall = 0;
        }
    });
    const std::string md = comparison_markdown(t);
    std::printf("%s", md.c_str());
    for (const std::string& line : llm_lines) std::printf("%s\n", line.c_str());
    if (!o.markdown_out.empty()) write_text_file_atomically(o.markdown_out, md);
    if (!o.csv_out.empty()) write_text_file_atomically(o.csv_out, comparison_csv(t));
    if (!o.raw_csv_out.empty()) write_text_file_atomically(o.raw_csv_out, comparison_raw_csv(t));
    if (!o.json_out.empty()) write_text_file_atomically(o.json_out, json_text(comparison_to_json(t), 1) + "\n");
    // A layer no algorithm mapped under any seed is a problem (exit 1); one algorithm's NAN is a finding.
    for (std::size_t layer = 0; layer < t.layers.size(); ++layer) {
        bool mapped = false;
        for (const auto& by_layer : t.runs)
            for (const ComparedRun& run : by_layer[layer]) mapped = mapped || run.found;
        if (!mapped) {
            std::fprintf(stderr, "layer %s: no algorithm found a valid mapping\n", t.layers[layer].c_str());
            return kExitProblem;
        }
    }
    return kExitOk;
}

}  // namespace

void add_compare_command(CLI::App& app, int& exit_code) {
    auto o = std::make_shared<CompareOptions>();
    CLI::App* c = app.add_subcommand("compare", "run several search algorithms on the same layers and seeds and tabulate");
    o->setup.add_to(*c);
    c->add_option("--algos", o->algos, "comma-separated algorithms, the first the reference: " + algorithm_help())
        ->capture_default_str();
    c->add_option("--seeds", o->seeds, "comma-separated seeds")->capture_default_str();
    c->add_option("--markdown", o->markdown_out, "also write the Markdown table to this file")->check(writable_file());
    c->add_option("--csv", o->csv_out, "write the normalised table as CSV to this file")->check(writable_file());
    c->add_option("--raw-csv", o->raw_csv_out, "write every (layer, algorithm, seed) result as CSV to this file")->check(writable_file());
    c->add_option("--json", o->json_out, "write every result, the normalised table and the sums as JSON to this file")->check(writable_file());
    c->callback([o, &exit_code] { exit_code = run_compare(*o); });
}

}  // namespace mapscape::cli
