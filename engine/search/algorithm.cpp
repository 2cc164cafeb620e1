#include "search/algorithm.hpp"

#include "cost/evaluate.hpp"
#include "search/least_footprint.hpp"

#include <map>
#include <mutex>

namespace mapscape {

namespace {

struct ExternalRegistry {
    std::mutex mutex;
    std::map<std::string, ExternalSearch, std::less<>> searches;
    std::map<std::string, ExternalCheck, std::less<>> checks;
};

ExternalRegistry& external_registry() {
    static ExternalRegistry registry;
    return registry;
}

ExternalSearch find_external_search(std::string_view name) {
    ExternalRegistry& r = external_registry();
    std::lock_guard lock(r.mutex);
    const auto it = r.searches.find(name);
    return it == r.searches.end() ? ExternalSearch{} : it->second;
}

}  // namespace

bool register_algorithm(const std::string& name, ExternalSearch run, ExternalCheck check) {
    if (name.empty() || !run) return false;
    if (const auto existing = parse_algorithm(name); existing && existing->kind != Algorithm::Kind::External) return false;
    ExternalRegistry& r = external_registry();
    std::lock_guard lock(r.mutex);
    r.searches[name] = std::move(run);
    r.checks[name] = std::move(check);
    return true;
}

std::string algorithm_problem(const Algorithm& algorithm, const SearchProblem& problem) {
    if (algorithm.kind != Algorithm::Kind::External) return {};
    ExternalCheck check;
    {
        ExternalRegistry& r = external_registry();
        std::lock_guard lock(r.mutex);
        if (const auto it = r.checks.find(algorithm.external_name); it != r.checks.end()) check = it->second;
    }
    return check ? check(problem) : std::string{};
}

std::string Algorithm::name() const {
    switch (kind) {
        case Kind::Gamma: return "gamma";
        case Kind::Baseline: return std::string(baseline_name(baseline));
        case Kind::Fixed: return "fixed-" + std::string(dataflow_name(dataflow));
        case Kind::External: return external_name;
    }
    return "gamma";
}

std::optional<Algorithm> parse_algorithm(std::string_view name) {
    Algorithm a;
    if (name == "gamma") return a;
    if (auto b = parse_baseline(name)) {
        a.kind = Algorithm::Kind::Baseline;
        a.baseline = *b;
        return a;
    }
    constexpr std::string_view prefix = "fixed-";
    if (name.starts_with(prefix))
        if (auto f = parse_dataflow(name.substr(prefix.size()))) {
            a.kind = Algorithm::Kind::Fixed;
            a.dataflow = *f;
            return a;
        }
    if (find_external_search(name)) {
        a.kind = Algorithm::Kind::External;
        a.external_name = std::string(name);
        return a;
    }
    return std::nullopt;
}

std::vector<std::string> algorithm_names() {
    std::vector<std::string> names{"gamma"};
    for (Baseline b : all_baselines()) names.emplace_back(baseline_name(b));
    for (FixedDataflow f : all_dataflows()) names.push_back("fixed-" + std::string(dataflow_name(f)));
    ExternalRegistry& r = external_registry();
    std::lock_guard lock(r.mutex);
    for (const auto& [name, run] : r.searches) names.push_back(name);
    return names;
}

// A search whose samples found no valid mapping returns the least-footprint mapping when it
// runs, its tiles grown (at most kFallbackGrowth evaluations, beyond the search's budget): no
// layer is left without a mapping when one exists, whatever the encoding can express. A fixed
// dataflow none of whose tile choices fits falls back the same way (its row says so): the style
// cannot hold the layer in these buffers, and an architect asking for it still gets a mapping
// that runs rather than none.
constexpr int kFallbackGrowth = 2000;
SearchResult with_least_footprint_fallback(const SearchProblem& problem, SearchResult r) {
    if (r.found || r.stopped) return r;
    const LeastFootprint f = least_footprint(problem);
    if (!f.mapping) {
        r.least_footprint_note = describe_least_footprint(f, problem.accelerator);
        return r;
    }
    r.found = true;
    r.least_footprint_fallback = true;
    r.best_mapping = improved_least_footprint(problem, *f.mapping, kFallbackGrowth);
    r.best_report = evaluate(problem.layer, problem.accelerator, r.best_mapping, ReportDetail::Full);
    r.best_objective = problem.objective.value(r.best_report);
    ++r.samples;
    ++r.valid_samples;
    r.trace.emplace_back(r.samples, r.best_objective);
    return r;
}

SearchResult run_search(const SearchProblem& problem, const Algorithm& algorithm, SearchSink* sink, std::stop_token stop) {
    switch (algorithm.kind) {
        case Algorithm::Kind::Gamma:
            return with_least_footprint_fallback(problem, run_gamma(problem, algorithm.gamma, sink, std::move(stop)));
        case Algorithm::Kind::Baseline:
            return with_least_footprint_fallback(problem, run_baseline(problem, algorithm.baseline, sink, std::move(stop)));
        case Algorithm::Kind::Fixed:
            return with_least_footprint_fallback(problem, run_fixed_dataflow(problem, algorithm.dataflow, sink, std::move(stop)));
        case Algorithm::Kind::External:
            if (const ExternalSearch run = find_external_search(algorithm.external_name)) return run(problem, sink, std::move(stop));
            return {};
    }
    return {};
}

}  // namespace mapscape
