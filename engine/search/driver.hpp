// The search driver: evaluates the candidates an optimizer proposes, a batch at a time (in
// parallel when asked, with results independent of the thread count), keeps the best, counts
// samples, enforces the budget and the stop request, and reports events to a sink.
#pragma once

#include <chrono>
#include <cstdint>
#include <limits>
#include <memory>
#include <stop_token>
#include <utility>
#include <vector>

#include "cost/compute_bound.hpp"
#include "cost/cost_report.hpp"
#include "search/events.hpp"
#include "search/problem.hpp"
#include "search/refusal_tally.hpp"
#include "util/thread_pool.hpp"

namespace mapscape {

struct SearchResult {
    bool found = false;           // a valid mapping was found
    Mapping best_mapping;
    CostReport best_report;       // full detail
    double best_objective = std::numeric_limits<double>::infinity();
    std::int64_t samples = 0;
    std::int64_t valid_samples = 0;
    double wall_seconds = 0;
    bool stopped = false;         // cancelled or out of time before the sample budget
    std::vector<std::pair<std::int64_t, double>> trace;  // (samples, best so far) at improvements
    RefusalTally refusals;        // why the other samples were refused
    // The search's samples found nothing and the result is the least-footprint mapping
    // (search/least_footprint.hpp), which every search falls back to.
    bool least_footprint_fallback = false;
    // When not even that mapping runs: what it needs and what would let it ("" otherwise).
    std::string least_footprint_note;
};

// Why a search refuses an evaluated mapping (None: it counts): the model's invalidity, then the
// compute-bound artefacts (unless the problem accepts them), then the latency cap. One rule for
// every search and for the least-footprint fallback.
Invalidity search_refusal(const SearchProblem& problem, const CostReport& report, const Mapping& mapping,
                          const ComputeBound& bound);

class SearchDriver {
public:
    SearchDriver(const SearchProblem& problem, SearchSink* sink = nullptr,
                 std::stop_token stop = {});

    const SearchProblem& problem() const { return problem_; }
    std::int64_t samples() const { return samples_; }
    std::int64_t remaining() const { return problem_.budget.samples - samples_; }
    // Out of samples or time, or asked to stop.
    bool done();

    // Evaluates the mappings in order until the budget runs out; fills objectives (+inf for
    // invalid or unevaluated ones). Returns how many were evaluated.
    std::size_t evaluate(const std::vector<Mapping>& batch, std::vector<double>& objectives);
    // One mapping (for optimizers that propose one at a time); +inf when out of budget.
    double evaluate_one(const Mapping& mapping);

    // Final result (re-evaluates the best mapping in full detail).
    SearchResult finish();

private:
    double objective_of(const CostReport& r, const Mapping& m, Invalidity& why) const;
    // Hands buffered points and progress to the sink (optimizers that evaluate one point at a
    // time would otherwise flood it).
    void flush_sink(bool finished);

    SearchProblem problem_;
    RefusalTally refusals_;
    ComputeBound compute_bound_;
    SearchSink* sink_;
    std::stop_token stop_;
    std::unique_ptr<ThreadPool> pool_;
    std::chrono::steady_clock::time_point start_;
    std::int64_t samples_ = 0, valid_samples_ = 0;
    double best_ = std::numeric_limits<double>::infinity();
    Mapping best_mapping_;
    std::vector<std::pair<std::int64_t, double>> trace_;
    bool stopped_ = false;
    std::vector<CostReport> reports_;  // scratch per batch
    std::vector<Mapping> one_;         // scratch for evaluate_one
    std::vector<double> one_objective_;
    std::vector<EvaluatedPoint> pending_;  // points not yet given to the sink
};

}  // namespace mapscape
