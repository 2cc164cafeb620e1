// Why a search's samples were refused: how many broke each rule, and, for the buffers, the
// smallest requirement any sample had. When a search ends without a mapping this is what the
// user reads instead of a bare "no valid mapping found": which rule every candidate broke, with
// counts, and what L1 or L2 would have let the least demanding one run.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "cost/cost_report.hpp"

namespace mapscape {

inline constexpr int kInvalidityKinds = static_cast<int>(Invalidity::MacsSkipped) + 1;

struct RefusalTally {
    std::array<std::int64_t, kInvalidityKinds> counts{};  // by Invalidity (None unused)
    std::int64_t smallest_l1_bytes = 0;  // the least L1 a sample over L1 needed (0: none was)
    std::int64_t l1_limit_bytes = 0;
    std::int64_t smallest_l2_bytes = 0;
    std::int64_t l2_limit_bytes = 0;

    void add(const InvalidityDetail& why, Invalidity kind);
    std::int64_t total() const;
    bool operator==(const RefusalTally&) const = default;
};

// A short name of each rule: "exceed L1", "filter tile not whole", ...
std::string_view refusal_name(Invalidity kind);
// "9,812 of 10,000 exceed L1 (the least any needed: 726 B of 512 B); 188 filter tile not whole",
// the most frequent first; "" when nothing was refused.
std::string describe_refusals(const RefusalTally& tally, std::int64_t samples);

}  // namespace mapscape
