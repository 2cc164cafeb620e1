// The mapping of least L1 footprint (then least L2) a layer has on an accelerator, under the
// MAESTRO-exact analysis, built rather than searched: every tile one element except the filter,
// which is held whole or spread over the units of inner cluster levels one row (column) each.
// Its L1 need equals the analytical lower bound min_l1_elements (cost/bounds.hpp) of the
// structure it uses, so no mapping with those levels needs less. A search that ends without a
// valid mapping falls back to it (search/algorithm.cpp), and when even it cannot run, it says
// which rule it breaks and what L1 and L2 would let it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "cost/cost_report.hpp"
#include "mapping/mapping.hpp"
#include "search/driver.hpp"
#include "search/problem.hpp"

namespace mapscape {

struct LeastFootprint {
    // The least-L1 mapping that runs on the accelerator within the problem's levels (and its
    // constraints), if one does.
    std::optional<Mapping> mapping;
    std::int64_t l1_elements = 0;  // the least L1 (per PE) any candidate needs, runnable or not
    std::int64_t l2_elements = 0;  // the least L2 among the candidates needing that L1
    // When no candidate runs: the rule the least demanding one breaks, and the capacities that
    // would let it run (bytes, at the accelerator's word size).
    Invalidity blocking = Invalidity::None;
    std::int64_t l1_needed_bytes = 0, l2_needed_bytes = 0;
    int levels = 0;  // cluster levels of the least-L1 candidate
    // When the candidates run only past the problem's latency cap: the fastest of them (cycles).
    std::int64_t fastest_over_cap_cycles = 0;
};

LeastFootprint least_footprint(const SearchProblem& problem);

// Why a search result has no mapping: the rule its samples broke, with counts, and what the
// least-footprint mapping needs ("" when it has one). The one sentence the CLI, its JSON, the app
// and Python all give.
std::string why_no_mapping(const SearchResult& result);

// The least-footprint mapping with its tiles grown while the problem's objective improves and it
// still runs (at most `budget` evaluations): what a search falls back to.
Mapping improved_least_footprint(const SearchProblem& problem, const Mapping& mapping, int budget);

// "the smallest mapping needs 726 elements of L1 (1,452 B) and fits 512 B only with ...": what
// a search that found nothing prints; "" when the builder found a mapping.
std::string describe_least_footprint(const LeastFootprint& f, const Accelerator& accelerator);

}  // namespace mapscape
