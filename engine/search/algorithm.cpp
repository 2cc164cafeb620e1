#include "search/algorithm.hpp"

namespace mapscape {

std::string Algorithm::name() const {
    switch (kind) {
        case Kind::Gamma: return "gamma";
        case Kind::Baseline: return std::string(baseline_name(baseline));
        case Kind::Fixed: return "fixed-" + std::string(dataflow_name(dataflow));
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
    return std::nullopt;
}

std::vector<std::string> algorithm_names() {
    std::vector<std::string> names{"gamma"};
    for (Baseline b : all_baselines()) names.emplace_back(baseline_name(b));
    for (FixedDataflow f : all_dataflows()) names.push_back("fixed-" + std::string(dataflow_name(f)));
    return names;
}

SearchResult run_search(const SearchProblem& problem, const Algorithm& algorithm, SearchSink* sink, std::stop_token stop) {
    switch (algorithm.kind) {
        case Algorithm::Kind::Gamma: return run_gamma(problem, algorithm.gamma, sink, std::move(stop));
        case Algorithm::Kind::Baseline: return run_baseline(problem, algorithm.baseline, sink, std::move(stop));
        case Algorithm::Kind::Fixed: return run_fixed_dataflow(problem, algorithm.dataflow, sink, std::move(stop));
    }
    return {};
}

}  // namespace mapscape
