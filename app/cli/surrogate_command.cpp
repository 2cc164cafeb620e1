// `mapscape-cli surrogate`: the Mind Mappings surrogate. `train` labels a data set with the cost
// model and trains the surrogate (reproducing the shipped one with the defaults), `eval` measures
// it on layer shapes it never saw, `bench` times a surrogate step against a cost-model query, and
// `compare` runs the paper's iso-iteration and iso-time comparisons.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>

#include "arch/presets.hpp"
#include "cli/commands.hpp"
#include "cli/option_checks.hpp"
#include "cli/list_option.hpp"
#include "surrogate/gradient_search.hpp"
#include "surrogate/paper_comparison.hpp"
#include "surrogate/registration.hpp"
#include "surrogate/surrogate_accuracy.hpp"
#include "surrogate/training.hpp"
#include "util/diagnostic.hpp"
#include "util/text_file.hpp"

namespace mapscape::cli {

namespace {

struct SurrogateOptions {
    std::string model_path;  // empty: the shipped one
    std::string out;
    std::string platform = "mindmappings";
    std::string hidden = "128,128,128";
    std::int64_t shapes = 0, mappings_per_shape = 0;
    int epochs = 0;
    std::uint64_t seed = 1;
    int threads = 2;
    int runs = 100;
    std::int64_t budget = 1000;
    double iso_time = 0;
    std::string methods = "mindmappings,sa,stdga,gamma,gamma-guided";
    std::string json_out;
};

std::shared_ptr<const Surrogate> load(const SurrogateOptions& o) {
    if (o.model_path.empty()) return shipped_surrogate();
    return std::make_shared<const Surrogate>(Surrogate::load(o.model_path));
}

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

std::uint64_t weights_checksum(const Surrogate& s) {
    std::uint64_t h = 1469598103934665603ULL;
    for (const auto& p : s.parameters()) {
        const torch::Tensor f = p.detach().to(torch::kFloat32).contiguous();
        const auto* bytes = reinterpret_cast<const unsigned char*>(f.data_ptr<float>());
        for (std::size_t i = 0; i < static_cast<std::size_t>(f.numel()) * sizeof(float); ++i) h = (h ^ bytes[i]) * 1099511628211ULL;
    }
    return h;
}

void print_accuracy(const char* what, const SurrogateAccuracy& a) {
    std::printf("%s: %lld samples of %lld layer shapes\n", what, static_cast<long long>(a.samples), static_cast<long long>(a.shapes));
    std::printf("  Spearman rank correlation of predicted and true EDP: %.4f over all samples, %.4f within a shape (mean)\n",
                a.spearman_edp, a.spearman_edp_within_shape);
    std::printf("  relative error of EDP: median %.3f, mean %.3f; Huber loss %.4f\n", a.median_relative_error_edp, a.mean_relative_error_edp,
                a.huber_loss);
}

int run_train(const SurrogateOptions& o) {
    TrainingOptions t;
    t.hidden = parse_widths(o.hidden);
    if (o.shapes > 0) t.data.shapes = o.shapes;
    if (o.mappings_per_shape > 0) t.data.mappings_per_shape = o.mappings_per_shape;
    if (o.epochs > 0) t.epochs = o.epochs;
    t.seed = o.seed;
    t.data.seed = o.seed;
    t.data.threads = std::max(1, o.threads);
    const Accelerator acc = load_platform(o.platform);
    const std::string out = o.out.empty() ? shipped_surrogate_path() : o.out;
    std::printf("training on %s: %lld shapes x %lld mappings, MLP %s, %d epochs, seed %llu\n", acc.name.c_str(),
                static_cast<long long>(t.data.shapes), static_cast<long long>(t.data.mappings_per_shape), o.hidden.c_str(), t.epochs,
                static_cast<unsigned long long>(t.seed));
    const Surrogate s = train_surrogate(acc, t, [](const TrainingProgress& p) {
        if (p.stage == "training")
            std::printf("  epoch %3d  train loss %.5f  held-out loss %.5f\n", p.epoch, p.train_loss, p.heldout_loss);
        std::fflush(stdout);
    });
    s.save(out);
    const auto& info = s.info();
    std::printf("labelled %lld samples (%lld mappings drawn) in %.1f s; trained in %.1f s total\n",
                info["training"]["samples"].get<long long>(), info["training"]["mappings_drawn"].get<long long>(),
                info["training"]["labelling_seconds"].get<double>(), info["training"]["seconds"].get<double>());
    SurrogateAccuracy a;
    a.samples = info["heldout"]["samples"];
    a.shapes = info["heldout"]["shapes"];
    a.spearman_edp = info["heldout"]["spearman_edp"];
    a.spearman_edp_within_shape = info["heldout"]["spearman_edp_within_shape"];
    a.median_relative_error_edp = info["heldout"]["median_relative_error_edp"];
    a.mean_relative_error_edp = info["heldout"]["mean_relative_error_edp"];
    a.huber_loss = info["heldout"]["huber_loss"];
    print_accuracy("held-out shapes", a);
    std::printf("wrote %s (%lld parameters, weights checksum %016llx)\n", out.c_str(), static_cast<long long>(s.parameter_count()),
                static_cast<unsigned long long>(weights_checksum(s)));
    return kExitOk;
}

int run_eval(const SurrogateOptions& o) {
    const auto s = load(o);
    DatasetOptions d;
    d.shapes = o.shapes > 0 ? o.shapes : 200;
    d.mappings_per_shape = o.mappings_per_shape > 0 ? o.mappings_per_shape : 200;
    d.seed = o.seed + 1000003;  // not the training stream of any seed
    d.threads = std::max(1, o.threads);
    std::printf("surrogate: MLP %zu hidden layers, %lld parameters, weights checksum %016llx, trained for %s\n", s->hidden().size(),
                static_cast<long long>(s->parameter_count()), static_cast<unsigned long long>(weights_checksum(*s)),
                s->accelerator().name.c_str());
    print_accuracy("random layer shapes", measure_accuracy(*s, generate_dataset(s->accelerator(), d)));
    // Table 1's layers (unseen shapes too), random valid mappings of each.
    d.given_shapes = mind_mappings_layers();
    print_accuracy("the paper's Table 1 layers", measure_accuracy(*s, generate_dataset(s->accelerator(), d)));
    return kExitOk;
}

int run_bench(const SurrogateOptions& o) {
    const auto s = load(o);
    std::printf("%-18s %7s %16s %16s %12s %8s\n", "layer", "chains", "step_us/mapping", "project_us/map", "query_us", "ratio");
    for (const Layer& layer : mind_mappings_layers())
        for (int chains : {1, 16, 32, 64}) {
            const StepTiming t = time_surrogate_step(*s, surrogate_problem(layer, s->accelerator()), chains, 0.3);
            std::printf("%-18s %7d %16.2f %16.2f %12.3f %8.1f\n", layer.name.c_str(), chains, t.step_us_per_mapping,
                        t.projection_us_per_mapping, t.query_us, (t.step_us_per_mapping + t.projection_us_per_mapping) / t.query_us);
        }
    return kExitOk;
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

int run_compare(const SurrogateOptions& o) {
    register_surrogate_algorithms();
    const auto s = load(o);
    ComparisonOptions c;
    c.runs = o.runs;
    c.budget = o.budget;
    c.iso_time_seconds = o.iso_time;
    c.methods = split_list(o.methods);
    c.seed = o.seed;
    c.threads = std::max(1, o.threads);
    std::fprintf(stderr, "Table 1 layers on %s, %d runs per layer and method, %lld queries (iso-iteration), %d threads\n",
                 s->accelerator().name.c_str(), c.runs, static_cast<long long>(c.budget), c.threads);
    const std::vector<ComparisonRow> rows = compare_with_paper(s, c, [](const std::string& line) { std::fprintf(stderr, "  %s\n", line.c_str()); });
    print_table(rows, "iso-iteration", c.methods);
    print_table(rows, "iso-time", c.methods);
    if (!o.json_out.empty()) {
        nlohmann::ordered_json j;
        j["accelerator"] = s->accelerator().name;
        j["runs"] = c.runs;
        j["budget_queries"] = c.budget;
        j["seed"] = c.seed;
        j["rows"] = nlohmann::ordered_json::array();
        for (const auto& r : rows)
            j["rows"].push_back({{"comparison", r.comparison}, {"layer", r.layer}, {"method", r.method}, {"edp_over_minimum", std::isfinite(r.edp_over_minimum) ? nlohmann::ordered_json(r.edp_over_minimum) : nlohmann::ordered_json(nullptr)},
                                 {"found_runs", r.found_runs},
                                 {"queries", r.queries}, {"wall_s", r.wall_s}});
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
    train->add_option("--out", o->out, "where to write the model (default: the shipped models/mindmappings_surrogate.bin)");
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
    bench->callback([o, &exit_code] { exit_code = run_bench(*o); });

    CLI::App* compare = c->add_subcommand("compare", "the paper's iso-iteration and iso-time comparisons on its Table 1 layers");
    compare->add_option("--model", o->model_path, "a surrogate file (default: the shipped one)");
    compare->add_option("--runs", o->runs, "runs per layer and method")->capture_default_str()->check(positive_count("runs"));
    compare->add_option("--budget", o->budget, "cost-model queries per run (iso-iteration)")->capture_default_str()->check(positive_count("queries"));
    compare->add_option("--iso-time", o->iso_time, "seconds per run for iso-time (0: Mind Mappings' mean time at iso-iteration)")
        ->check(amount_or_zero("seconds", "Mind Mappings' mean time at iso-iteration"));
    compare->add_option("--methods", o->methods, "comma-separated: mindmappings, sa, stdga, gamma, gamma-guided, random, ...")->capture_default_str();
    compare->add_option("--seed", o->seed, "seed")->capture_default_str()->check(seed_value());
    compare->add_option("--threads", o->threads, "runs in parallel")->capture_default_str()->check(positive_count("threads"));
    compare->add_option("--json", o->json_out, "write the rows as JSON to this file");
    compare->callback([o, &exit_code] { exit_code = run_compare(*o); });
}

}  // namespace mapscape::cli
