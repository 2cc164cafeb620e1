#include "surrogate/paper_comparison.hpp"

#include <atomic>
#include <cmath>
#include <limits>
#include <numeric>
#include <thread>

#include "search/algorithm.hpp"
#include "search/baselines.hpp"
#include "search/gamma.hpp"
#include "search/vector_objective.hpp"
#include "surrogate/dataset.hpp"
#include "surrogate/gradient_search.hpp"
#include "surrogate/registration.hpp"
#include "surrogate/surrogate_guide.hpp"
#include "util/diagnostic.hpp"
#include "util/seed_mixing.hpp"

namespace mapscape {

namespace {

Layer table_layer(const char* name, std::int64_t n, std::int64_t c, std::int64_t k, std::int64_t r, std::int64_t out) {
    return Layer::conv(name, k, c, r, r, out + r - 1, out + r - 1, 1, n);
}

SearchResult run_method(const std::string& method, const SearchProblem& p, const std::shared_ptr<const Surrogate>& s) {
    if (method == "mindmappings") return run_mindmappings(p, *s);
    if (method == "gamma") return run_gamma(p, {});
    if (method == "gamma-guided") {
        GammaOptions o;
        o.guide = std::make_shared<SurrogateGuide>(s);
        return run_gamma(p, o);
    }
    // A search another library registered (the RL baselines' ddpg), on the same problem.
    if (const auto registered = parse_algorithm(method); registered && registered->kind == Algorithm::Kind::External)
        return run_search(p, *registered);
    const auto baseline = parse_baseline(method);
    SearchDriver driver(p);
    const GenomeSpace space = make_genome_space(p);
    VectorObjective f(driver, space, 2, p.budget.samples);
    run_black_box(f, *baseline, p.seed);
    return driver.finish();
}

struct Cell {
    std::vector<double> ratio, queries, wall;
};

}  // namespace

std::vector<Layer> mind_mappings_layers() {
    return {table_layer("ResNet Conv_3", 16, 128, 128, 3, 28), table_layer("ResNet Conv_4", 16, 256, 256, 3, 14),
            table_layer("Inception Conv_2", 32, 192, 192, 3, 56), table_layer("VGG Conv_2", 16, 64, 128, 3, 112),
            table_layer("AlexNet Conv_2", 8, 96, 256, 5, 27), table_layer("AlexNet Conv_4", 8, 384, 384, 3, 13)};
}

std::vector<ComparisonRow> compare_with_paper(const std::shared_ptr<const Surrogate>& surrogate, const ComparisonOptions& o,
                                              const std::function<void(const std::string&)>& progress, std::stop_token stop) {
    for (const std::string& m : o.methods)
        if (m != "mindmappings" && m != "gamma" && m != "gamma-guided" && !parse_baseline(m) && !parse_algorithm(m))
            throw InputError({"--methods", 0, 0}, "unknown method \"" + m + "\" (mindmappings, sa, stdga, gamma, gamma-guided, ddpg, random, ...)");
    if (o.runs < 1 || o.budget < 1) throw InputError({"--runs", 0, 0}, "need at least one run and one query");
    const Accelerator& acc = accelerator_of(*surrogate);
    std::vector<ComparisonRow> rows;
    std::vector<double> iso_time(o.layers.size(), o.iso_time_seconds);
    for (const char* comparison : {"iso-iteration", "iso-time"}) {
        const bool timed = std::string(comparison) == "iso-time";
        for (std::size_t l = 0; l < o.layers.size(); ++l) {
            const Layer& layer = o.layers[l];
            const double minimum = algorithmic_minimum(layer, acc).edp();
            for (std::size_t mi = 0; mi < o.methods.size(); ++mi) {
                const std::string& method = o.methods[mi];
                if (stop.stop_requested()) return rows;
                Cell cell;
                cell.ratio.assign(static_cast<std::size_t>(o.runs), 0);
                cell.queries = cell.wall = cell.ratio;
                std::atomic<int> next{0};
                auto worker = [&] {
                    for (int run = next++; run < o.runs && !stop.stop_requested(); run = next++) {
                        SearchProblem p = surrogate_problem(layer, acc);
                        p.seed = mix_seed(o.seed, static_cast<std::uint64_t>(1000 * l + run));
                        p.budget.samples = timed ? std::numeric_limits<std::int64_t>::max() / 2 : o.budget;
                        p.budget.seconds = timed ? (iso_time[l] > 0 ? iso_time[l] : 0.1) : 0;
                        const SearchResult r = run_method(method, p, surrogate);
                        const auto i = static_cast<std::size_t>(run);
                        cell.ratio[i] = r.found ? r.best_objective / minimum : std::numeric_limits<double>::infinity();
                        cell.queries[i] = static_cast<double>(r.samples);
                        cell.wall[i] = r.wall_seconds;
                    }
                };
                {
                    std::vector<std::jthread> pool;
                    for (int t = 1; t < std::max(1, o.threads); ++t) pool.emplace_back(worker);
                    worker();
                }
                auto mean = [&](const std::vector<double>& v) { return std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size()); };
                std::vector<double> found;
                for (double r : cell.ratio)
                    if (std::isfinite(r)) found.push_back(r);
                ComparisonRow row{comparison, layer.name, method, found.empty() ? std::numeric_limits<double>::quiet_NaN() : mean(found),
                                  mean(cell.queries), mean(cell.wall), o.runs, static_cast<int>(found.size())};
                if (!timed && method == "mindmappings" && o.iso_time_seconds <= 0) iso_time[l] = row.wall_s;
                rows.push_back(row);
                if (progress) {
                    char line[256];
                    std::snprintf(line, sizeof line, "%s %-16s %-13s EDP/min %9.3f (%d/%d runs found one)  queries %9.0f  wall %.4f s",
                                  comparison, layer.name.c_str(), method.c_str(), row.edp_over_minimum, row.found_runs, row.runs, row.queries,
                                  row.wall_s);
                    progress(line);
                }
            }
        }
    }
    return rows;
}

}  // namespace mapscape
