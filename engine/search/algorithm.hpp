// One name for every mapping search Mapscape runs: GAMMA, a baseline optimizer, or a fixed
// dataflow with the tile rule.
#pragma once

#include <functional>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "search/baselines.hpp"
#include "search/fixed_dataflow.hpp"
#include "search/gamma.hpp"

namespace mapscape {

// A search provided by a library outside the engine (the Mind Mappings surrogate's, which needs
// libtorch), added to the registry by name with register_algorithm().
using ExternalSearch = std::function<SearchResult(const SearchProblem&, SearchSink*, std::stop_token)>;
// Why an external search cannot run a problem (a missing model file, a layer type it does not
// cover), or an empty string.
using ExternalCheck = std::function<std::string(const SearchProblem&)>;

struct Algorithm {
    enum class Kind { Gamma, Baseline, Fixed, External };
    Kind kind = Kind::Gamma;
    Baseline baseline = Baseline::Random;
    FixedDataflow dataflow = FixedDataflow::Nvdla;
    GammaOptions gamma;  // for Kind::Gamma
    std::string external_name;  // for Kind::External

    std::string name() const;  // "gamma", "cmaes", "fixed-nvdla", ...
};

// Adds (or replaces) a named external search; thread-safe. Names of built-in algorithms are
// refused (returns false).
bool register_algorithm(const std::string& name, ExternalSearch run, ExternalCheck check = {});
// Why `algorithm` cannot search `problem` (front ends report it before starting), or empty.
std::string algorithm_problem(const Algorithm& algorithm, const SearchProblem& problem);

// "gamma", a baseline name, "fixed-" followed by a dataflow name, or a registered name.
std::optional<Algorithm> parse_algorithm(std::string_view name);
// Every name parse_algorithm accepts, for help texts.
std::vector<std::string> algorithm_names();

SearchResult run_search(const SearchProblem& problem, const Algorithm& algorithm, SearchSink* sink = nullptr,
                        std::stop_token stop = {});

}  // namespace mapscape
