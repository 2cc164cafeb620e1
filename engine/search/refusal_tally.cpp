#include "search/refusal_tally.hpp"

#include <algorithm>
#include <vector>


namespace mapscape {

namespace {

std::string with_separators(std::int64_t n) {
    std::string digits = std::to_string(n), out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

}  // namespace

void RefusalTally::add(const InvalidityDetail& detail, Invalidity kind) {
    const auto k = static_cast<std::size_t>(kind);
    if (kind == Invalidity::None || k >= counts.size()) return;
    ++counts[k];
    // Only the buffer checks' own refusals carry a requirement (detail.kind is the report's).
    if (kind == Invalidity::L1Overflow && detail.kind == kind &&
        (smallest_l1_bytes == 0 || detail.value < smallest_l1_bytes)) {
        smallest_l1_bytes = detail.value;
        l1_limit_bytes = detail.limit;
    }
    if (kind == Invalidity::L2Overflow && detail.kind == kind &&
        (smallest_l2_bytes == 0 || detail.value < smallest_l2_bytes)) {
        smallest_l2_bytes = detail.value;
        l2_limit_bytes = detail.limit;
    }
}

std::int64_t RefusalTally::total() const {
    std::int64_t n = 0;
    for (std::int64_t c : counts) n += c;
    return n;
}

std::string_view refusal_name(Invalidity kind) {
    switch (kind) {
        case Invalidity::None: return "valid";
        case Invalidity::LayerShape: return "malformed layer";
        case Invalidity::AcceleratorSpec: return "malformed accelerator";
        case Invalidity::EmptyMapping: return "empty mapping";
        case Invalidity::MapSizeNotPositive: return "map size below 1";
        case Invalidity::FilterTileNotWhole: return "filter tile not whole";
        case Invalidity::TooManyLevels: return "more levels than the hardware";
        case Invalidity::ClustersExceedPEs: return "clusters exceed the PEs";
        case Invalidity::NoSpatialMap: return "a level without a spatial map";
        case Invalidity::TooManySpatialMaps: return "more than two spatial maps in a level";
        case Invalidity::TooManyDirectives: return "too many directives in a level";
        case Invalidity::DimensionNotInLevel: return "a dimension the level lacks";
        case Invalidity::InputAndOutputMapped: return "input and output both mapped";
        case Invalidity::NoValidIteration: return "no iteration does work";
        case Invalidity::ZeroSubClusterRuntime: return "inner clusters never compute";
        case Invalidity::ReusedUnrolledDimension: return "unrolled dimension reused";
        case Invalidity::ArithmeticOverflow: return "counts overflow";
        case Invalidity::TooManyCases: return "too many iteration cases";
        case Invalidity::L1Overflow: return "exceed L1";
        case Invalidity::L2Overflow: return "exceed L2";
        case Invalidity::OverLatencyBudget: return "over the latency cap";
        case Invalidity::BelowComputeBound: return "below the compute bound (MAESTRO's undercount)";
        case Invalidity::MacsUndercounted: return "fewer MACs than the layer (MAESTRO's undercount)";
        case Invalidity::MacsSkipped: return "skips some of the layer's MACs";
    }
    return "refused";
}

std::string describe_refusals(const RefusalTally& t, std::int64_t samples) {
    std::vector<std::pair<std::int64_t, int>> order;
    for (int k = 1; k < kInvalidityKinds; ++k)
        if (t.counts[static_cast<std::size_t>(k)] > 0) order.emplace_back(t.counts[static_cast<std::size_t>(k)], k);
    std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    std::string s;
    bool first = true;
    for (const auto& [count, k] : order) {
        const auto kind = static_cast<Invalidity>(k);
        s += first ? "" : "; ";
        s += with_separators(count) + (first ? " of " + with_separators(samples) : std::string()) + " " + std::string(refusal_name(kind));
        if (kind == Invalidity::L1Overflow && t.smallest_l1_bytes > 0)
            s += " (the least any needed: " + with_separators(t.smallest_l1_bytes) + " B of " + with_separators(t.l1_limit_bytes) +
                 " B per PE)";
        if (kind == Invalidity::L2Overflow && t.smallest_l2_bytes > 0)
            s += " (the least any needed: " + with_separators(t.smallest_l2_bytes) + " B of " + with_separators(t.l2_limit_bytes) + " B)";
        first = false;
    }
    return s;
}

}  // namespace mapscape
