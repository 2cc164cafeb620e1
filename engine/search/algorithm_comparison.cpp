#include "search/algorithm_comparison.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "cost/bounds.hpp"
#include "util/closest_name.hpp"
#include "util/diagnostic.hpp"
#include "util/table_cells.hpp"

namespace mapscape {

namespace {

std::vector<std::string> split_list(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream ss(text);
    for (std::string part; std::getline(ss, part, ',');)
        if (!part.empty()) out.push_back(part);
    return out;
}

// Per layer: each algorithm's geometric mean over the seeds ([algorithm][layer]).
std::vector<std::vector<double>> seed_means(const AlgorithmComparison& t) {
    std::vector<std::vector<double>> mean(t.algorithms.size(), std::vector<double>(t.layers.size(), kNan));
    for (std::size_t a = 0; a < t.algorithms.size(); ++a)
        for (std::size_t l = 0; l < t.layers.size(); ++l) {
            std::vector<double> values;
            for (const ComparedRun& r : t.runs[a][l]) values.push_back(r.found ? r.objective_value : kNan);
            mean[a][l] = geometric_mean(values);
        }
    return mean;
}

double objective_of(const ComparedRun& r) { return r.found ? r.objective_value : kNan; }

}  // namespace

std::vector<Algorithm> parse_algorithm_list(const std::string& text) {
    std::vector<Algorithm> algorithms;
    for (const std::string& name : split_list(text)) {
        auto a = parse_algorithm(name);
        if (!a) throw InputError({"--algos", 0, 0}, "unknown algorithm \"" + name + "\"" + did_you_mean(name, algorithm_names()));
        algorithms.push_back(*a);
    }
    return algorithms;
}

AlgorithmComparison compare_algorithms(const SearchSetup& setup, const std::vector<Algorithm>& algorithms,
                                       const std::vector<std::uint64_t>& seeds, const ComparisonObserver& observer,
                                       const ModelSearchObserver& layer_observer, std::stop_token stop) {
    if (algorithms.empty()) throw InputError({"--algos", 0, 0}, "give at least one algorithm");
    if (seeds.empty()) throw InputError({"--seeds", 0, 0}, "give at least one seed");
    AlgorithmComparison t;
    t.model = setup.model.name;
    t.platform = setup.platform_name;
    t.system = setup.base.system;
    t.objective = setup.base.objective;
    t.budget_samples = setup.base.budget.samples;
    t.seeds = seeds;
    for (int n : setup.layer_numbers) {
        const Layer& l = setup.model.layers[static_cast<std::size_t>(n - 1)];
        t.layers.push_back(l.name.empty() ? "layer" + std::to_string(n) : l.name);
        t.selected.push_back(l);
    }
    t.bound_sum = objective_bound_sum(setup.base.objective, t.selected, setup.base.accelerator);
    // Every request first, so that an algorithm that cannot search a layer is reported before any runs.
    std::vector<std::vector<ModelSearchRequest>> requests;
    for (const Algorithm& a : algorithms) {
        t.algorithms.push_back(a.name());
        auto& per_seed = requests.emplace_back();
        for (std::uint64_t seed : seeds) per_seed.push_back(make_search_request(setup, a, seed));
    }
    for (std::size_t a = 0; a < algorithms.size(); ++a) {
        auto& per_layer = t.runs.emplace_back(t.layers.size());
        double wall = 0;
        for (std::size_t s = 0; s < seeds.size(); ++s) {
            if (stop.stop_requested()) {
                t.stopped = true;
                break;
            }
            const ModelSearchOutcome outcome = search_model(requests[a][s], layer_observer, stop);
            wall += outcome.wall_seconds;
            for (std::size_t i = 0; i < outcome.layers.size(); ++i) {
                const SearchResult& r = outcome.layers[i].result;
                t.stopped = t.stopped || r.stopped;
                per_layer[i].push_back({r.found, r.found ? r.best_objective : kNan, r.found ? r.best_report.runtime_cycles : 0,
                                        r.found ? r.best_report.energy.total_nj : kNan, r.samples, r.valid_samples, r.wall_seconds,
                                        r.found && r.least_footprint_fallback});
            }
            if (observer) observer(a, s, outcome);
        }
        t.wall_seconds.push_back(wall);
        if (t.stopped) break;
    }
    return t;
}

std::vector<std::vector<double>> normalized_table(const AlgorithmComparison& t) {
    std::vector<std::vector<double>> mean = seed_means(t);
    const std::size_t L = t.layers.size();
    std::vector<double> best(L, kNan);
    for (std::size_t l = 0; l < L; ++l)
        for (std::size_t a = 0; a < mean.size(); ++a)
            if (std::isfinite(mean[a][l]) && !(mean[a][l] >= best[l])) best[l] = mean[a][l];
    for (auto& row : mean)
        for (std::size_t l = 0; l < L; ++l) row[l] /= best[l];
    return mean;
}

namespace {

// What the Markdown table and the JSON summarise: per algorithm the sum over layers of the seed
// means, each layer counted as often as the network runs it (NAN when a layer has none), and the
// best such sum.
struct Summary {
    std::vector<std::vector<double>> mean;
    std::vector<double> sum;
    double best_sum = kNan;
};

Summary summarise(const AlgorithmComparison& t) {
    Summary s;
    s.mean = seed_means(t);
    s.sum.assign(s.mean.size(), 0.0);
    for (std::size_t a = 0; a < s.mean.size(); ++a) {
        s.sum[a] = total_over_runs<double>(t.selected, [&](std::size_t l) { return s.mean[a][l]; });
        if (std::isfinite(s.sum[a]) && !(s.sum[a] >= s.best_sum)) s.best_sum = s.sum[a];
    }
    return s;
}

}  // namespace

namespace {

struct TableRow {
    std::string label;
    std::vector<std::string> cells;  // per algorithm
};

// The summary rows under the per-layer table, as their cells read.
std::vector<TableRow> summary_rows(const AlgorithmComparison& t) {
    const std::size_t A = t.runs.size(), L = t.layers.size();
    const Summary summary = summarise(t);
    std::vector<TableRow> rows;
    auto add = [&](const std::string& label, auto value) {
        TableRow& row = rows.emplace_back();
        row.label = label;
        for (std::size_t a = 0; a < A; ++a) row.cells.push_back(value(a));
    };
    add("sum (normalized)", [&](std::size_t a) { return cell(summary.sum[a] / summary.best_sum); });
    add("sum (" + std::string(t.objective.name()) + ")", [&](std::size_t a) { return cell(summary.sum[a], 6); });
    add("sum / bound (bound " + cell(t.bound_sum, 6) + ")", [&](std::size_t a) { return cell(summary.sum[a] / t.bound_sum, 4); });
    add("layers with a mapping", [&](std::size_t a) {
        int found = 0;
        for (std::size_t l = 0; l < L; ++l) found += std::isfinite(summary.mean[a][l]);
        return std::to_string(found) + "/" + std::to_string(L);
    });
    // A fallback mapping is no algorithm's choice (docs/no-layer-left.md): say how many layers
    // have one (in some seed), when any has.
    std::vector<int> fallback_layers(A, 0);
    for (std::size_t a = 0; a < A; ++a)
        for (std::size_t l = 0; l < L; ++l)
            fallback_layers[a] += std::any_of(t.runs[a][l].begin(), t.runs[a][l].end(),
                                              [](const ComparedRun& r) { return r.least_footprint_fallback; });
    if (std::any_of(fallback_layers.begin(), fallback_layers.end(), [](int n) { return n > 0; }))
        add("of them by the least-footprint fallback", [&](std::size_t a) { return std::to_string(fallback_layers[a]); });
    // How often the first algorithm is at least as good as each, over (layer, seed) pairs; with
    // a tolerance, results that close count as ties (search noise, not a difference).
    auto share_as_good = [&](std::size_t a, double tolerance) {
        int wins = 0, pairs = 0;
        for (std::size_t l = 0; l < L; ++l)
            for (std::size_t s = 0; s < t.seeds.size(); ++s) {
                if (t.runs[0][l].empty() || t.runs[a][l].empty()) continue;
                const double mine = objective_of(t.runs[0][l][std::min(s, t.runs[0][l].size() - 1)]);
                const double theirs = objective_of(t.runs[a][l][std::min(s, t.runs[a][l].size() - 1)]);
                ++pairs;
                if (std::isfinite(mine) && (!std::isfinite(theirs) || mine <= theirs * (1 + tolerance))) ++wins;
            }
        return cell(100.0 * wins / pairs, 3) + "%";
    };
    add(t.algorithms[0] + " at least as good", [&](std::size_t a) { return share_as_good(a, 1e-12); });
    add(t.algorithms[0] + " within 0.5% or better", [&](std::size_t a) { return share_as_good(a, 0.005); });
    // The same with each algorithm's best over the seeds.
    add(t.algorithms[0] + " best of seeds at least as good", [&](std::size_t a) {
        int wins = 0;
        for (std::size_t l = 0; l < L; ++l) {
            double mine = kNan, theirs = kNan;
            for (const ComparedRun& r : t.runs[0][l])
                if (r.found && !(r.objective_value >= mine)) mine = r.objective_value;
            for (const ComparedRun& r : t.runs[a][l])
                if (r.found && !(r.objective_value >= theirs)) theirs = r.objective_value;
            if (std::isfinite(mine) && (!std::isfinite(theirs) || mine <= theirs * (1 + 1e-12))) ++wins;
        }
        return cell(100.0 * wins / static_cast<double>(L), 3) + "%";
    });
    return rows;
}

}  // namespace

std::string comparison_markdown(const AlgorithmComparison& t) {
    const std::size_t A = t.runs.size(), L = t.layers.size();
    const std::vector<std::vector<double>> normalized = normalized_table(t);
    std::ostringstream md;
    md << "| layer |";
    for (std::size_t a = 0; a < A; ++a) md << ' ' << t.algorithms[a] << " |";
    md << "\n|---|";
    for (std::size_t a = 0; a < A; ++a) md << "---:|";
    md << '\n';
    for (std::size_t l = 0; l < L; ++l) {
        md << "| " << t.layers[l] << " |";
        for (std::size_t a = 0; a < A; ++a) md << ' ' << cell(normalized[a][l]) << " |";
        md << '\n';
    }
    for (const TableRow& row : summary_rows(t)) {
        md << "| **" << row.label << "** |";
        for (const std::string& c : row.cells) md << ' ' << c << " |";
        md << '\n';
    }
    return md.str();
}

std::string comparison_csv(const AlgorithmComparison& t) {
    const std::size_t A = t.runs.size(), L = t.layers.size();
    const std::vector<std::vector<double>> normalized = normalized_table(t);
    std::ostringstream csv;
    csv << "layer";
    for (std::size_t a = 0; a < A; ++a) csv << ',' << t.algorithms[a];
    csv << '\n';
    for (std::size_t l = 0; l < L; ++l) {
        csv << t.layers[l];
        for (std::size_t a = 0; a < A; ++a) csv << ',' << cell(normalized[a][l], 6);
        csv << '\n';
    }
    for (const TableRow& row : summary_rows(t)) {
        csv << row.label;
        for (const std::string& c : row.cells) csv << ',' << c;
        csv << '\n';
    }
    return csv.str();
}

std::string comparison_raw_csv(const AlgorithmComparison& t) {
    std::string raw = "layer,algo,seed,objective_value,runtime_cycles,energy_nj,samples,valid_samples,wall_s\n";
    for (std::size_t a = 0; a < t.runs.size(); ++a)
        for (std::size_t s = 0; s < t.seeds.size(); ++s)
            for (std::size_t l = 0; l < t.layers.size(); ++l) {
                if (s >= t.runs[a][l].size()) continue;
                const ComparedRun& r = t.runs[a][l][s];
                std::ostringstream row;
                row << t.layers[l] << ',' << t.algorithms[a] << ',' << t.seeds[s] << ',' << cell(objective_of(r), 10) << ','
                    << (r.found ? std::to_string(r.runtime_cycles) : "NAN") << ',' << cell(r.energy_nj, 10) << ',' << r.samples << ','
                    << r.valid_samples << ',' << cell(r.wall_seconds, 4) << '\n';
                raw += row.str();
            }
    return raw;
}

nlohmann::ordered_json comparison_to_json(const AlgorithmComparison& t) {
    auto number = [](double v) { return std::isfinite(v) ? nlohmann::ordered_json(v) : nlohmann::ordered_json(nullptr); };
    const Summary summary = summarise(t);
    const std::vector<std::vector<double>> normalized = normalized_table(t);
    nlohmann::ordered_json j;
    j["model"] = t.model;
    j["platform"] = t.platform;
    j["system"] = std::string(system_name(t.system));
    j["objective"] = t.objective.name();
    j["budget_samples"] = t.budget_samples;
    j["algos"] = t.algorithms;
    j["seeds"] = t.seeds;
    j["layers"] = t.layers;
    j["bound_sum"] = number(t.bound_sum);
    j["runs"] = nlohmann::ordered_json::array();
    for (std::size_t a = 0; a < t.runs.size(); ++a)
        for (std::size_t s = 0; s < t.seeds.size(); ++s)
            for (std::size_t l = 0; l < t.layers.size(); ++l) {
                if (s >= t.runs[a][l].size()) continue;
                const ComparedRun& r = t.runs[a][l][s];
                j["runs"].push_back({{"layer", t.layers[l]},
                                     {"algo", t.algorithms[a]},
                                     {"seed", t.seeds[s]},
                                     {"objective_value", number(objective_of(r))},
                                     {"runtime_cycles", r.found ? nlohmann::ordered_json(r.runtime_cycles) : nlohmann::ordered_json(nullptr)},
                                     {"energy_nj", number(r.energy_nj)},
                                     {"samples", r.samples},
                                     {"valid_samples", r.valid_samples},
                                     {"wall_s", r.wall_seconds},
                                     {"least_footprint_fallback", r.least_footprint_fallback}});
            }
    j["normalized"] = nlohmann::ordered_json::object();
    j["sum"] = nlohmann::ordered_json::object();
    j["wall_s"] = nlohmann::ordered_json::object();
    for (std::size_t a = 0; a < t.runs.size(); ++a) {
        nlohmann::ordered_json row = nlohmann::ordered_json::array();
        for (double v : normalized[a]) row.push_back(number(v));
        j["normalized"][t.algorithms[a]] = std::move(row);
        j["sum"][t.algorithms[a]] = number(summary.sum[a]);
        j["wall_s"][t.algorithms[a]] = a < t.wall_seconds.size() ? t.wall_seconds[a] : 0.0;
    }
    j["stopped"] = t.stopped;
    return j;
}

}  // namespace mapscape
