// Scratch space of the level analyses: memoised sub-cluster results, reused across evaluations
// on one thread (a generation counter invalidates them between evaluations without clearing).
#pragma once

#include <array>
#include <cstdint>

#include "arch/accelerator.hpp"
#include "cost/cost_report.hpp"
#include "cost/mapping_plan.hpp"
#include "util/checked_count.hpp"

namespace mapscape {

// What an inner level's analysis hands up to the level above.
struct InnerOutcome {
    std::int64_t runtime = 0;
    double avg_active = 0;
    // Times MAESTRO's first innermost analysis (the one its L1 figure comes from) recorded
    // buffer sizes: once, plus once per leading case it skipped as doing no work.
    std::int64_t first_innermost_size_calls = 0;
    Invalidity fatal = Invalidity::None;
};

// Adds `occurrences` steps of `delay` cycles to an inner level's runtime; past kMostCount the
// mapping is refused as an overflow (the levels above still add their delays in 64 bits).
inline void add_inner_runtime(InnerOutcome& r, std::int64_t occurrences, std::int64_t delay) {
    if (!add_product_checked(r.runtime, occurrences, delay)) r.fatal = Invalidity::ArithmeticOverflow;
}

// Reference analysis: keyed by the sub-cluster tile.
struct TileMemoEntry {
    std::uint64_t generation = 0;
    DimArray key{};
    InnerOutcome value;
};
inline constexpr int kTileMemoSlots = 256;

// Fast analysis: keyed by which dimensions of the parent level take their edge tile (one bit
// per parent directive), which determines the sub-cluster tile completely.
struct EdgeMemoEntry {
    std::uint64_t generation = 0;
    InnerOutcome value;
};
inline constexpr int kEdgeMemoBits = 11;

// Iteration cases one evaluation may visit before giving up (a level with many directives with
// partial tiles has a combinatorial number of cases; MAESTRO would take hours on it).
inline constexpr std::int64_t kCaseBudget = 4'000'000;

struct AnalysisWorkspace {
    std::uint64_t generation = 0;
    std::int64_t cases_left = kCaseBudget;  // reset per evaluation
    // Charges `cases` against the budget; false when it is exhausted.
    bool charge(std::int64_t cases) {
        if (cases > cases_left) {
            cases_left = -1;
            return false;
        }
        cases_left -= cases;
        return true;
    }
    bool exhausted() const { return cases_left < 0; }
    std::array<std::array<TileMemoEntry, kTileMemoSlots>, kMaxClusterLevels> tile_memo{};
    std::array<std::array<EdgeMemoEntry, std::size_t{1} << kEdgeMemoBits>, kMaxClusterLevels> edge_memo{};
};

// One workspace per thread (it is large).
AnalysisWorkspace& thread_workspace();

}  // namespace mapscape
