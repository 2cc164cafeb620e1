// One name for every mapping search Mapscape runs: GAMMA, a baseline optimizer, or a fixed
// dataflow with the tile rule.
#pragma once

#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "search/baselines.hpp"
#include "search/fixed_dataflow.hpp"
#include "search/gamma.hpp"

namespace mapscape {

struct Algorithm {
    enum class Kind { Gamma, Baseline, Fixed };
    Kind kind = Kind::Gamma;
    Baseline baseline = Baseline::Random;
    FixedDataflow dataflow = FixedDataflow::Nvdla;
    GammaOptions gamma;  // for Kind::Gamma

    std::string name() const;  // "gamma", "cmaes", "fixed-nvdla", ...
};

// "gamma", a baseline name, or "fixed-" followed by a dataflow name.
std::optional<Algorithm> parse_algorithm(std::string_view name);
// Every name parse_algorithm accepts, for help texts.
std::vector<std::string> algorithm_names();

SearchResult run_search(const SearchProblem& problem, const Algorithm& algorithm, SearchSink* sink = nullptr,
                        std::stop_token stop = {});

}  // namespace mapscape
