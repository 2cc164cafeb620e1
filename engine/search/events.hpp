// What a running search reports, in batches, so that a GUI can plot while it runs.
#pragma once

#include <cstdint>
#include <vector>

#include "cost/cost_report.hpp"
#include "mapping/mapping.hpp"

namespace mapscape {

struct EvaluatedPoint {
    std::int64_t sample = 0;  // 1-based index of the evaluation within the search
    bool valid = false;
    double objective = 0;  // +inf when invalid
    std::int64_t runtime_cycles = 0;
    double energy_nj = 0;
    double power_mw = 0;
    double area_um2 = 0;
    Invalidity invalidity = Invalidity::None;
    Mapping mapping;
};

struct SearchProgress {
    std::int64_t samples = 0;
    std::int64_t valid_samples = 0;
    std::int64_t budget_samples = 0;
    double elapsed_seconds = 0;
    double best_objective = 0;  // +inf while nothing valid was found
    bool finished = false;
};

// Receives a search's events on the search's thread. Implementations that hand them to another
// thread must copy them.
class SearchSink {
public:
    virtual ~SearchSink() = default;
    // Every evaluated point, in sample order, a batch at a time.
    virtual void points(const std::vector<EvaluatedPoint>& /*batch*/) {}
    // A new best valid point.
    virtual void best(const EvaluatedPoint& /*point*/, const CostReport& /*report*/) {}
    virtual void progress(const SearchProgress& /*progress*/) {}
};

}  // namespace mapscape
