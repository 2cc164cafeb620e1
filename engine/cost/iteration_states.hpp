// Iteration states of one directive over the tile it maps (MAESTRO's "init / steady / edge"
// cases), and the NoC delay model. Shared by the reference and the fast level analyses.
#pragma once

#include <array>
#include <cstdint>

#include "cost/mapping_plan.hpp"

namespace mapscape {

enum class Position : std::uint8_t { Init, Steady, Edge };

// One iteration state of one directive: its first step, its steady steps, or its last step.
struct IterationState {
    Position position = Position::Init;
    bool unrolled = false;           // Init only: one step covers the whole dimension
    bool edge = false;               // the Edge step, or an Init step that overhangs
    bool spatial_edge_edge = false;  // spatial: the last busy sub-cluster holds a partial tile
    std::int64_t occurrences = 1;
};

struct DirectiveStates {
    int count = 0;
    std::array<IterationState, 3> states{};
    void add(const IterationState& s) { states[static_cast<std::size_t>(count++)] = s; }
};

inline DirectiveStates directive_states(const LevelDirective& d, std::int64_t dim,
                                 std::int64_t sub_clusters) {
    DirectiveStates out;
    const std::int64_t size = d.size, ofs = d.offset;
    if (!d.spatial) {
        const bool init_edge = dim < size;
        out.add({Position::Init, dim <= size, init_edge, false, 1});
        const std::int64_t steady = int_div(dim - size, ofs);
        if (size < dim && steady > 0) out.add({Position::Steady, false, false, false, steady});
        if (!init_edge && steady * ofs + size < dim) out.add({Position::Edge, false, true, false, 1});
        return out;
    }
    const std::int64_t n = sub_clusters;
    const std::int64_t coverage = size + ofs * (n - 1);
    const bool init_unroll = dim <= coverage, init_edge = dim < coverage;
    out.add({Position::Init, init_unroll, init_edge, init_edge, 1});
    const std::int64_t steady = int_div(int_div(dim - size, ofs) + 1, n) - 1;
    const bool has_edge = !init_unroll && ((steady + 1) * (ofs * n) + coverage > dim) &&
                          (steady * (ofs * n) + coverage != dim);
    if (coverage < dim && steady > 0) out.add({Position::Steady, false, false, false, steady});
    const std::int64_t remaining = dim - (steady + 1) * ofs * n;
    std::int64_t active = remaining < size ? 1 : int_div(remaining - size, ofs) + 1;
    bool edge_edge = false;
    if ((active - 1) * ofs + size < remaining) {
        ++active;
        edge_edge = true;
    }
    if (!init_edge && has_edge) out.add({Position::Edge, false, true, edge_edge, 1});
    return out;
}

inline std::int64_t noc_delay(std::int64_t traffic, std::int64_t bandwidth, std::int64_t head_latency) {
    std::int64_t quotient, remainder;
    if (((traffic | bandwidth) >> 31) == 0) {  // both fit in 31 bits: cheaper division
        const auto t = static_cast<std::uint32_t>(traffic), b = static_cast<std::uint32_t>(bandwidth);
        quotient = t / b;
        remainder = t % b;
    } else {
        quotient = traffic / bandwidth;
        remainder = traffic % bandwidth;
    }
    const std::int64_t sends = remainder != 0 ? quotient + 1 : quotient;
    return head_latency + sends - 1;
}

}  // namespace mapscape
