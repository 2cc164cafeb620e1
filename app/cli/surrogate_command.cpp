// `mapscape-cli surrogate`: the Mind Mappings surrogate. `train` labels a data set with the cost
// model and trains the surrogate (reproducing the shipped one with the defaults), `eval` measures
// it on layer shapes it never saw, `bench` times a surrogate step against a cost-model query, and
// `compare` runs the paper's iso-iteration and iso-time comparisons.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <type_traits>

#include "arch/presets.hpp"
#include "cli/commands.hpp"
#include "cli/option_checks.hpp"
#include "cli/list_option.hpp"
#include "surrogate/paper_comparison.hpp"
#include "surrogate/registration.hpp"
#include "surrogate/surrogate_runs.hpp"
#include "surrogate/training.hpp"
#include "util/diagnostic.hpp"
#include "util/text_file.hpp"

namespace mapscape::cli {

namespace {

template <typename T>
std::string joined(const std::vector<T>& items) {
    std::string text;
    for (const T& item : items) {
        if (!text.empty()) text += ',';
        if constexpr (std::is_same_v<T, std::string>) text += item;
        else text += std::to_string(item);
    }
    return text;
}

struct SurrogateOptions {
    std::string model_path;  // empty: the shipped one
    double bench_seconds = 0.3;
    std::string out;
    // The requests' own defaults (engine/plugin/surrogate_plugin_api.hpp), which Python reads too.
    std::string platform = SurrogateTrainRequest{}.platform;
    std::string hidden = joined(SurrogateTrainRequest{}.hidden);
    std::int64_t shapes = 0, mappings_per_shape = 0;
    int epochs = SurrogateTrainRequest{}.epochs;
    std::uint64_t seed = SurrogateTrainRequest{}.seed;
    int threads = SurrogateTrainRequest{}.threads;
    int runs = SurrogateCompareRequest{}.runs;
    std::int64_t budget = SurrogateCompareRequest{}.budget;
    double iso_time = SurrogateCompareRequest{}.iso_time;
    std::string methods = joined(SurrogateCompareRequest{}.methods);
    std::string json_out;
};

std::vector<int> parse_widths(const std::string& text) {
    std::vector<int> widths;
    for (const std::string& part : split_list(text)) {
        try {
            std::size_t used = 0;
            const int w = std::stoi(part, &used);
            if (used != part.size() || w < 1 || w > 65536) throw std::invalid_argument(part);
            widths.push_back(w);
        } catch (const std::exception&) {
            throw InputError({"--hidden", 0, 0}, "\"" + part + "\" is not a layer width (1-65536)");
        }
    }
    if (widths.empty()) throw InputError({"--hidden", 0, 0}, "give at least one hidden layer width");
    return widths;
}

void print_accuracy(const char* what, const nlohmann::ordered_json& a) {
    std::printf("%s: %lld samples of %lld layer shapes\n", what, a["samples"].get<long long>(), a["shapes"].get<long long>());
    std::printf("  Spearman rank correlation of predicted and true EDP: %.4f over all samples, %.4f within a shape (mean)\n",
                a["spearman_edp"].get<double>(), a["spearman_edp_within_shape"].get<double>());
    std::printf("  relative error of EDP: median %.3f, mean %.3f; Huber loss %.4f\n", a["median_relative_error_edp"].get<double>(),
                a["mean_relative_error_edp"].get<double>(), a["huber_loss"].get<double>());
}

int run_train(const SurrogateOptions& o) {
    SurrogateTrainRequest r;
    r.platform = o.platform;
    r.hidden = parse_widths(o.hidden);
    r.shapes = o.shapes;
    r.mappings_per_shape = o.mappings_per_shape;
    r.epochs = o.epochs;
    r.seed = o.seed;
    r.threads = o.threads;
    r.out = o.out;
    {
        TrainingOptions defaults;  // what the report will say, printed before the long part
        std::printf("training on %s: %lld shapes x %lld mappings, MLP %s, %d epochs, seed %llu\n", load_platform(o.platform).name.c_str(),
                    static_cast<long long>(o.shapes > 0 ? o.shapes : defaults.data.shapes),
                    static_cast<long long>(o.mappings_per_shape > 0 ? o.mappings_per_shape : defaults.data.mappings_per_shape), o.hidden.c_str(),
                    o.epochs > 0 ? o.epochs : defaults.epochs, static_cast<unsigned long long>(o.seed));
        std::fflush(stdout);
    }
    const nlohmann::ordered_json j = run_surrogate_training(r, [](const SurrogateTrainingEvent& p) {
        if (p.stage == "training")
            std::printf("  epoch %3d  train loss %.5f  held-out loss %.5f\n", p.epoch, p.train_loss, p.heldout_loss);
        std::fflush(stdout);
    });
    const auto& info = j["info"];
    std::printf("labelled %lld samples (%lld mappings drawn) in %.1f s; trained in %.1f s total\n",
                info["training"]["samples"].get<long long>(), info["training"]["mappings_drawn"].get<long long>(),
                info["training"]["labelling_seconds"].get<double>(), info["training"]["seconds"].get<double>());
    print_accuracy("held-out shapes", info["heldout"]);
    std::printf("wrote %s (%lld parameters, weights checksum %s)\n", j["out"].get<std::string>().c_str(), j["parameters"].get<long long>(),
                j["weights_checksum"].get<std::string>().c_str());
    return kExitOk;
}

int run_eval(const SurrogateOptions& o) {
    SurrogateEvalRequest r;
    r.model_path = o.model_path;
    r.shapes = o.shapes;
    r.mappings_per_shape = o.mappings_per_shape;
    r.seed = o.seed;
    r.threads = o.threads;
    const nlohmann::ordered_json j = run_surrogate_evaluation(r);
    std::printf("surrogate: MLP %zu hidden layers, %lld parameters, weights checksum %s, trained for %s\n", j["hidden"].size(),
                j["parameters"].get<long long>(), j["weights_checksum"].get<std::string>().c_str(), j["accelerator"].get<std::string>().c_str());
    print_accuracy("random layer shapes", j["random_shapes"]);
    print_accuracy("the paper's Table 1 layers", j["table1_layers"]);
    return kExitOk;
}

int run_bench(const SurrogateOptions& o) {
    std::printf("%-18s %7s %16s %16s %12s %8s\n", "layer", "chains", "step_us/mapping", "project_us/map", "query_us", "ratio");
    std::fflush(stdout);
    // Named: a range-for over a part of a temporary would iterate freed memory.
    const nlohmann::ordered_json bench = run_surrogate_bench(o.model_path, o.bench_seconds);
    for (const auto& row : bench["rows"])
        std::printf("%-18s %7d %16.2f %16.2f %12.3f %8.1f\n", row["layer"].get<std::string>().c_str(), row["chains"].get<int>(),
                    row["step_us_per_mapping"].get<double>(), row["projection_us_per_mapping"].get<double>(), row["query_us"].get<double>(),
                    row["ratio"].get<double>());
    return kExitOk;
}

// The rows of run_surrogate_comparison's JSON.
std::vector<ComparisonRow> rows_of(const nlohmann::ordered_json& j) {
    std::vector<ComparisonRow> rows;
    for (const auto& r : j["rows"]) {
        ComparisonRow row;
        row.comparison = r["comparison"];
        row.layer = r["layer"];
        row.method = r["method"];
        row.edp_over_minimum = r["edp_over_minimum"].is_null() ? NAN : r["edp_over_minimum"].get<double>();
        row.found_runs = r["found_runs"];
        row.queries = r["queries"];
        row.wall_s = r["wall_s"];
        row.runs = j["runs"];
        rows.push_back(std::move(row));
    }
    return rows;
}

void print_table(const std::vector<ComparisonRow>& rows, const std::string& comparison, const std::vector<std::string>& methods) {
    std::printf("\n%s: EDP over the algorithmic minimum (mean of the runs that found a valid mapping; lower is better)\n",
                comparison.c_str());
    std::printf("| layer |");
    for (const auto& m : methods) std::printf(" %s |", m.c_str());
    std::printf("\n|---|");
    for (std::size_t i = 0; i < methods.size(); ++i) std::printf("---:|");
    std::printf("\n");
    std::map<std::string, std::vector<double>> log_sum;
    std::vector<std::string> layers;
    for (const auto& r : rows)
        if (r.comparison == comparison && std::find(layers.begin(), layers.end(), r.layer) == layers.end()) layers.push_back(r.layer);
    std::map<std::string, double> queries, wall;
    for (const auto& layer : layers) {
        std::printf("| %s |", layer.c_str());
        for (const auto& m : methods)
            for (const auto& r : rows)
                if (r.comparison == comparison && r.layer == layer && r.method == m) {
                    if (r.found_runs == r.runs)
                        std::printf(" %.3f |", r.edp_over_minimum);
                    else
                        std::printf(" %.3f (%d/%d found) |", r.edp_over_minimum, r.found_runs, r.runs);
                    log_sum[m].push_back(std::log(r.edp_over_minimum));
                    queries[m] += r.queries / static_cast<double>(layers.size());
                    wall[m] += r.wall_s / static_cast<double>(layers.size());
                }
        std::printf("\n");
    }
    auto geo = [](const std::vector<double>& v) { return v.empty() ? NAN : std::exp(std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size())); };
    std::printf("| **geometric mean** |");
    for (const auto& m : methods) std::printf(" %.3f |", geo(log_sum[m]));
    if (std::find(methods.begin(), methods.end(), "mindmappings") != methods.end()) {  // a ratio needs both
        std::printf("\n| **vs mindmappings** |");
        for (const auto& m : methods) {
            // Per layer ratio method / mindmappings, geometric mean over layers.
            std::vector<double> ratio;
            for (std::size_t i = 0; i < log_sum[m].size() && i < log_sum["mindmappings"].size(); ++i)
                ratio.push_back(log_sum[m][i] - log_sum["mindmappings"][i]);
            std::printf(" %.2fx |", geo(ratio));
        }
    }
    std::printf("\n| **queries per run** |");
    for (const auto& m : methods) std::printf(" %.0f |", queries[m]);
    std::printf("\n| **wall s per run** |");
    for (const auto& m : methods) std::printf(" %.4f |", wall[m]);
    std::printf("\n");
}

int run_surrogate_compare(const SurrogateOptions& o) {
    SurrogateCompareRequest r;
    r.model_path = o.model_path;
    r.runs = o.runs;
    r.budget = o.budget;
    r.iso_time = o.iso_time;
    r.methods = split_list(o.methods);
    r.seed = o.seed;
    r.threads = std::max(1, o.threads);
    std::fprintf(stderr, "Table 1 layers on %s, %d runs per layer and method, %lld queries (iso-iteration), %d threads\n",
                 accelerator_of(*(o.model_path.empty() ? shipped_surrogate() : load_surrogate(o.model_path))).name.c_str(),
                 r.runs,
                 static_cast<long long>(r.budget), r.threads);
    const nlohmann::ordered_json j = run_surrogate_comparison(r, [](const std::string& line) { std::fprintf(stderr, "  %s\n", line.c_str()); });
    const std::vector<ComparisonRow> rows = rows_of(j);
    print_table(rows, "iso-iteration", r.methods);
    print_table(rows, "iso-time", r.methods);
    if (!o.json_out.empty()) {
        write_text_file_atomically(o.json_out, j.dump(1) + "\n");
        std::fprintf(stderr, "wrote %s\n", o.json_out.c_str());
    }
    return kExitOk;
}

}  // namespace

void add_surrogate_command(CLI::App& app, int& exit_code) {
    auto o = std::make_shared<SurrogateOptions>();
    CLI::App* c = app.add_subcommand("surrogate", "the Mind Mappings surrogate: train, eval, bench, compare");
    c->require_subcommand(1);
    CLI::App* train = c->add_subcommand("train", "label a data set with the cost model and train the surrogate (defaults reproduce the shipped one)");
    train->add_option("--out", o->out, "where to write the model (default: models/mindmappings_surrogate_trained.bin, beside the shipped one, which is never overwritten)")->check(writable_file());
    train->add_option("--platform", o->platform, "the accelerator to train for (preset id or file)")->capture_default_str();
    train->add_option("--hidden", o->hidden, "hidden layer widths, comma-separated")->capture_default_str();
    train->add_option("--shapes", o->shapes, "layer shapes in the training set (default 2000)")->check(positive_count("shapes"));
    train->add_option("--mappings-per-shape", o->mappings_per_shape, "random valid mappings per shape (default 500)")->check(positive_count("mappings"));
    train->add_option("--epochs", o->epochs, "training epochs (default 24)")->check(positive_count("epochs"));
    train->add_option("--seed", o->seed, "seed of the data set, the initial weights and the batch order")->capture_default_str()->check(seed_value());
    train->add_option("--threads", o->threads, "threads that label the data set (training itself is on one)")->capture_default_str()->check(positive_count("threads"));
    train->callback([o, &exit_code] { exit_code = run_train(*o); });

    CLI::App* eval = c->add_subcommand("eval", "held-out accuracy: rank correlation and relative error of predicted EDP on unseen shapes");
    eval->add_option("--model", o->model_path, "a surrogate file (default: the shipped one)");
    eval->add_option("--shapes", o->shapes, "unseen layer shapes (default 200)")->check(positive_count("shapes"));
    eval->add_option("--mappings-per-shape", o->mappings_per_shape, "random valid mappings per shape (default 200)")->check(positive_count("mappings"));
    eval->add_option("--seed", o->seed, "seed of the unseen shapes")->capture_default_str()->check(seed_value());
    eval->add_option("--threads", o->threads, "labelling threads")->capture_default_str()->check(positive_count("threads"));
    eval->callback([o, &exit_code] { exit_code = run_eval(*o); });

    CLI::App* bench = c->add_subcommand("bench", "time a surrogate step (forward + input gradient, batched) against a cost-model query");
    bench->add_option("--model", o->model_path, "a surrogate file (default: the shipped one)");
    bench->add_option("--seconds", o->bench_seconds, "seconds each of the 24 timings (6 layers x 4 chain counts) measures")->capture_default_str();
    bench->callback([o, &exit_code] { exit_code = run_bench(*o); });

    CLI::App* compare = c->add_subcommand("compare", "the paper's iso-iteration and iso-time comparisons on its Table 1 layers");
    compare->add_option("--model", o->model_path, "a surrogate file (default: the shipped one)");
    compare->add_option("--runs", o->runs, "runs per layer and method")->capture_default_str()->check(positive_count("runs"));
    compare->add_option("--budget", o->budget, "cost-model queries per run (iso-iteration)")->capture_default_str()->check(positive_count("queries"));
    compare->add_option("--iso-time", o->iso_time, "seconds per run for iso-time (0: Mind Mappings' mean time at iso-iteration)")
        ->check(amount_or_zero("seconds", "Mind Mappings' mean time at iso-iteration"));
    compare->add_option("--methods", o->methods, "comma-separated: mindmappings, sa, stdga, ddpg, gamma, gamma-guided, random, ...")->capture_default_str();
    compare->add_option("--seed", o->seed, "seed")->capture_default_str()->check(seed_value());
    compare->add_option("--threads", o->threads, "runs in parallel")->capture_default_str()->check(positive_count("threads"));
    compare->add_option("--json", o->json_out, "write the rows as JSON to this file")->check(writable_file());
    compare->callback([o, &exit_code] { exit_code = run_surrogate_compare(*o); });
}

}  // namespace mapscape::cli
