#include "cost/fast_analysis.hpp"

#include <algorithm>
#include <limits>

#include "cost/iteration_states.hpp"
#include "util/per_thread.hpp"
#include "util/select.hpp"

namespace mapscape {

namespace {

constexpr auto kIn = static_cast<std::size_t>(TensorRole::Input);
constexpr auto kW = static_cast<std::size_t>(TensorRole::Weight);
constexpr auto kOut = static_cast<std::size_t>(TensorRole::Output);
constexpr int kMaxN = kMaxLevelDirectives;

// Exact wide sums (GCC/Clang extension).
__extension__ using Int128 = __int128;

template <class T>
constexpr std::size_t idx(T i) { return static_cast<std::size_t>(i); }

// Division of non-negative values, in 32 bits when both fit (several times faster).
inline std::int64_t quotient(std::int64_t a, std::int64_t b) {
    if (((a | b) >> 31) == 0) return static_cast<std::uint32_t>(a) / static_cast<std::uint32_t>(b);
    return a / b;
}

// One iteration state of one directive with its factors for the running products. Factors of
// the SpatialMap's own directive are 1 here; it is costed separately per case.
// No default member values: large arrays of these are filled per evaluation.
struct StateFactors {
    Position position;
    bool edge;
    bool unrolled;
    bool edge_edge;
    std::int64_t occurrences;
    std::int64_t macs;                    // MAC factor (output or not)
    std::int64_t egress;                  // output factor (1 if not an output dimension)
    std::array<std::int64_t, 2> ingress;  // per input tensor, before the changing directive
    std::uint32_t bit;                    // this directive takes its edge tile
};

// Costs of the SpatialMap's directive in one case: MAESTRO's variants for the first
// sub-cluster, the others, and the partly filled last one at the spatial edge.
struct SpatialCosting {
    const DirectiveTables& t;
    const StateFactors& s;
    std::int64_t nc;
    std::int64_t nec;

    // Sums phi(first, edge_edge) over the sub-clusters the way MAESTRO's spatial traffic does.
    template <class Phi>
    std::int64_t spread(Phi phi) const {
        if (!s.edge) return phi(true, false) + (nc - 1) * phi(false, false);
        const bool ee = s.edge_edge;
        std::int64_t v = (nec == 1 && ee) ? phi(true, true) : phi(true, false);
        if (nec > 1) {
            const std::int64_t n_ee = ee ? 1 : 0;
            const std::int64_t n_full = std::max<std::int64_t>(nec - n_ee - 1, 0);
            v += n_full * phi(false, false) + n_ee * phi(false, true);
        }
        return v;
    }
    std::int64_t ingress(bool first, bool ee, int p, int j, bool inited) const {
        const std::int64_t full = ee ? t.me : t.m, fresh = ee ? t.ue : t.u;
        if (first) return full;
        if (s.position == Position::Init) return p > j ? fresh : full;
        return (!inited && p == j) ? fresh : full;
    }
    std::int64_t mapped(bool first, bool ee) const {
        if (!s.edge) return t.m;
        if (nec == 1 && (first || ee)) return t.me;
        if (nec > 1) return ee ? t.me : t.m;
        return 1;
    }
    // Output factor (egress, and MACs when the SpatialMap is on an output dimension).
    std::int64_t output(bool first, bool ee, bool reuse_at_edge = true) const {
        const std::int64_t fresh = t.uo != 0 ? t.uo : 1;
        switch (s.position) {
            case Position::Init:
                if (s.edge && ee) return nec == 1 ? t.meo : reuse_at_edge ? t.ueo : t.meo;
                return first ? t.mo : fresh;
            case Position::Steady: return first ? t.mo : fresh;
            case Position::Edge:
                // MAESTRO takes the input-coordinate entry here (Y rather than Y').
                if (nec == 1 && (first || ee)) return t.me;
                if (nec > 1) return ee ? t.ueo : first ? t.mo : fresh;
                return 1;
        }
        return 1;
    }
    // MAC factor when the SpatialMap is on a dimension the output does not have.
    std::int64_t reduction(bool first, bool ee) const {
        const std::int64_t fresh = t.u != 0 ? t.u : 1;
        switch (s.position) {
            case Position::Init:
                if (s.edge && ee) return t.me;
                return first ? t.m : fresh;
            case Position::Steady: return first ? t.m : fresh;
            case Position::Edge:
                if (nec == 1 && (first || ee)) return t.me;
                if (nec > 1) return ee ? t.ue : first ? t.m : fresh;
                return 1;
        }
        return 1;
    }
    std::int64_t macs(bool out, bool first, bool ee, bool reuse_at_edge = true) const {
        return out ? output(first, ee, reuse_at_edge) : reduction(first, ee);
    }
    // MACs on the busiest sub-cluster.
    std::int64_t critical_macs(bool out) const {
        return macs(out, true, out && s.edge && nec == 1 && s.edge_edge);
    }
};

// One directive's iteration states for one size of its dimension, rotated so the first step
// comes last: MAESTRO visits the all-first-step case, then (its case c >= 1 puts directive i in
// state (digit_i(c - 1) + 1) mod n_i) the rotated lists in plain odometer order.
// No default member values: arrays of these are made per evaluation, and the builders set
// every field they use.
struct DirectiveStateSet {
    int count;
    std::array<StateFactors, 3> rot;
    // Closed-form sums over the states: occurrences x MAC factor (for the SpatialMap, with its
    // busiest-sub-cluster factor), and for the SpatialMap busy sub-clusters and occurrences.
    std::int64_t macs_sum;
    std::int64_t busy_sum;
    std::int64_t occurrence_sum;
    // Extremes over the states, for the compute-bound test: smallest MAC factor (for the
    // SpatialMap: busiest sub-cluster's), largest egress factor (the SpatialMap: its spread),
    // largest ingress factor per input tensor (1 for the SpatialMap).
    std::int64_t min_macs;
    std::int64_t max_egress;
    std::array<std::int64_t, 2> max_ingress;
    bool reuses_unrolled;  // a fully unrolled temporal dimension has later steps
    // SpatialMap only, per state: traffic summed over its sub-clusters when they all take whole
    // tiles (spread_full), when all but the first take only the fresh part (spread_fresh), and
    // of the output (spread_out, 1 if not an output dimension); MACs over all sub-clusters per
    // MAC of the others (total_factor).
    std::array<std::int64_t, 3> spread_full, spread_fresh, spread_out, total_factor;
    // The first step's whole-tile traffic over the sub-clusters (1 for other directives).
    std::int64_t first_mapped_spread;
    // Other directives: occurrences x ingress factor per input tensor, x egress factor.
    std::array<std::int64_t, 2> ingress_sum;
    std::int64_t egress_sum;
    std::int64_t edge_occurrence_sum;  // TemporalMap: occurrences of the states taking the edge tile
    const StateFactors& first_step() const { return rot[idx(count - 1)]; }
};

// The SpatialMap's states, with their spreads over the sub-clusters.
void build_spatial_state_set(const LevelPlan& lv, int i, std::int64_t dim, DirectiveStateSet& set) {
    const LevelDirective& d = lv.directives[idx(i)];
    const DirectiveTables& t = lv.tables[idx(i)];
    const DirectiveStates ds = directive_states(d, dim, lv.num_sub_clusters);
    const bool out = t.coupled(TensorRole::Output);
    set.count = ds.count;
    set.macs_sum = set.busy_sum = set.occurrence_sum = 0;
    set.min_macs = std::numeric_limits<std::int64_t>::max();
    set.max_egress = 0;
    set.max_ingress = {1, 1};
    set.reuses_unrolled = false;
    set.ingress_sum = {0, 0};
    set.egress_sum = 0;
    for (int k = 0; k < ds.count; ++k) {
        const IterationState& s = ds.states[idx(k + 1 == ds.count ? 0 : k + 1)];  // no modulo: a division
        StateFactors& f = set.rot[idx(k)];
        f.position = s.position;
        f.edge = s.edge;
        f.unrolled = s.unrolled;
        f.edge_edge = s.spatial_edge_edge;
        f.occurrences = s.occurrences;
        f.macs = f.egress = 1;
        f.ingress = {1, 1};
        f.bit = 0;
        set.occurrence_sum += s.occurrences;
        const std::int64_t nc = lv.num_sub_clusters, nec = lv.num_edge_sub_clusters;
        const SpatialCosting spc{t, f, nc, nec};
        const std::int64_t crit = spc.critical_macs(out);
        set.macs_sum += s.occurrences * crit;
        set.min_macs = std::min(set.min_macs, crit);
        set.spread_full[idx(k)] = spc.spread([&](bool, bool e) { return e ? t.me : t.m; });
        set.spread_fresh[idx(k)] = spc.spread([&](bool fi, bool e) { return fi ? (e ? t.me : t.m) : (e ? t.ue : t.u); });
        set.spread_out[idx(k)] = out ? spc.spread([&](bool fi, bool e) { return spc.output(fi, e); }) : 1;
        std::int64_t total;
        if (!f.edge) {
            total = nc * spc.macs(out, true, false);
        } else {
            const bool ee = f.edge_edge;
            total = (nec == 1 && ee) ? spc.macs(out, true, true) : spc.macs(out, true, false);
            if (nec > 1) {
                const std::int64_t n_ee = ee ? 1 : 0;
                const std::int64_t n_full = std::max<std::int64_t>(nec - n_ee - 1, 0);
                total += n_full * spc.macs(out, true, false) + n_ee * spc.macs(out, false, true, false);
            }
        }
        set.total_factor[idx(k)] = total;
        set.max_egress = std::max(set.max_egress, set.spread_out[idx(k)]);
        set.busy_sum += s.occurrences * (s.edge ? lv.num_edge_sub_clusters : lv.num_sub_clusters);
        if (s.position == Position::Init)
            set.first_mapped_spread = spc.spread([&](bool fi, bool e) { return spc.mapped(fi, e); });
    }
}


// A TemporalMap's states (at most Init, Steady, Edge), built without data-dependent branches:
// which states exist varies from directive to directive, and mispredicted branches cost more
// here than the arithmetic.
void build_temporal_state_set(const LevelPlan& lv, int i, std::int64_t dim, DirectiveStateSet& set) {
    const LevelDirective& d = lv.directives[idx(i)];
    const DirectiveTables& t = lv.tables[idx(i)];
    const std::int64_t size = d.size, ofs = d.offset;
    const bool init_edge = dim < size;
    const std::int64_t steady = int_div(dim - size, ofs);
    const bool has_steady = (size < dim) & (steady > 0);
    const bool has_edge = !init_edge & (steady * ofs + size < dim);
    const bool out = t.coupled(TensorRole::Output);
    const bool in0 = t.coupled(TensorRole::Input), in1 = t.coupled(TensorRole::Weight);
    const std::uint32_t bit = 1u << i;

    // Factors: the Init step takes the edge tile when it overhangs, the Edge step always. Each
    // select costs a few instructions, so factors are shared where states agree.
    const std::int64_t full_macs = select(out, t.mo, t.m), edge_macs = select(out, t.meo, t.me);
    const std::int64_t init_macs = select(init_edge, edge_macs, full_macs);
    const std::int64_t full_egress = select(out, full_macs, 1), edge_egress = select(out, edge_macs, 1);
    const std::int64_t init_egress = select(init_edge, edge_egress, full_egress);
    const std::int64_t init_in = select(init_edge, t.me, t.m);
    const std::int64_t first_in0 = select(in0, init_in, 1), first_in1 = select(in1, init_in, 1);
    const std::int64_t later_in0 = select(in0, t.m, 1), later_in1 = select(in1, t.m, 1);
    // MAESTRO visits the first step last (see DirectiveStateSet). Fields are stored one by one:
    // building whole structs and copying them makes the compiler merge scalar stores into wide
    // loads, which stall store forwarding.
    const int mid_at = 0, last_at = has_steady, init_at = has_steady + has_edge;
    set.count = init_at + 1;
    auto put = [&](int at, Position position, bool edge, bool unrolled, std::int64_t occurrences,
                   std::int64_t macs, std::int64_t egress, std::int64_t in_0, std::int64_t in_1,
                   std::uint32_t b) {
        StateFactors& f = set.rot[idx(at)];
        f.position = position;
        f.edge = edge;
        f.unrolled = unrolled;
        f.edge_edge = false;
        f.occurrences = occurrences;
        f.macs = macs;
        f.egress = egress;
        f.ingress[0] = in_0;
        f.ingress[1] = in_1;
        f.bit = b;
    };
    put(mid_at, Position::Steady, false, false, steady, full_macs, full_egress, later_in0, later_in1, 0u);
    put(last_at, Position::Edge, true, false, 1, edge_macs, edge_egress, later_in0, later_in1, bit);
    put(init_at, Position::Init, init_edge, dim <= size, 1, init_macs, init_egress, first_in0, first_in1,
        bit & (0u - static_cast<std::uint32_t>(init_edge)));
    // Sums and extremes over the states that exist.
    const std::int64_t occ_mid = steady & -static_cast<std::int64_t>(has_steady);
    const std::int64_t occ_last = has_edge;
    set.occurrence_sum = 1 + occ_mid + occ_last;
    set.edge_occurrence_sum = occ_last + init_edge;
    set.macs_sum = init_macs + occ_mid * full_macs + occ_last * edge_macs;
    set.egress_sum = init_egress + occ_mid * full_egress + occ_last * edge_egress;
    set.ingress_sum[0] = first_in0 + (occ_mid + occ_last) * later_in0;
    set.ingress_sum[1] = first_in1 + (occ_mid + occ_last) * later_in1;
    // A missing state repeats the first step's factors, which leaves the extremes unchanged.
    const std::int64_t mid_macs = select(has_steady, full_macs, init_macs);
    const std::int64_t last_macs = select(has_edge, edge_macs, init_macs);
    set.min_macs = std::min({init_macs, mid_macs, last_macs});
    set.max_egress = std::max({init_egress, select(has_steady, full_egress, init_egress),
                               select(has_edge, edge_egress, init_egress)});
    const bool later = has_steady | has_edge;
    set.max_ingress[0] = select(later, std::max(first_in0, later_in0), first_in0);
    set.max_ingress[1] = select(later, std::max(first_in1, later_in1), first_in1);
    set.busy_sum = 0;
    set.first_mapped_spread = 1;
    set.reuses_unrolled = (t.u == 0) & (set.count > 1);
}

// build_temporal_state_set for a directive whose tile covers its dimension (a whole filter,
// the batch, a tile as large as its parent's): one step, at a fraction of the cost.
void build_single_state_set(const LevelPlan& lv, int i, std::int64_t dim, DirectiveStateSet& set) {
    const DirectiveTables& t = lv.tables[idx(i)];
    const bool init_edge = dim < lv.directives[idx(i)].size;
    const bool out = t.coupled(TensorRole::Output);
    const std::int64_t macs = select(init_edge, select(out, t.meo, t.me), select(out, t.mo, t.m));
    const std::int64_t egress = select(out, macs, 1);
    const std::int64_t in = select(init_edge, t.me, t.m);
    const std::int64_t in0 = select(t.coupled(TensorRole::Input), in, 1);
    const std::int64_t in1 = select(t.coupled(TensorRole::Weight), in, 1);
    set.count = 1;
    StateFactors& f = set.rot[0];
    f.position = Position::Init;
    f.edge = init_edge;
    f.unrolled = true;
    f.edge_edge = false;
    f.occurrences = 1;
    f.macs = macs;
    f.egress = egress;
    f.ingress[0] = in0;
    f.ingress[1] = in1;
    f.bit = static_cast<std::uint32_t>(init_edge) << i;
    set.occurrence_sum = 1;
    set.edge_occurrence_sum = init_edge;
    set.macs_sum = set.min_macs = macs;
    set.egress_sum = set.max_egress = egress;
    set.ingress_sum[0] = set.max_ingress[0] = in0;
    set.ingress_sum[1] = set.max_ingress[1] = in1;
    set.busy_sum = 0;
    set.first_mapped_spread = 1;
    set.reuses_unrolled = false;
}

// The TemporalMap state sets of the directives in `which` (a bit set), directive k's dimension
// being dim_of(k), into set_of(k). Loops over bit sets rather than a test per directive on
// which path it takes: that varies with the order of a mapping's directives.
template <class DimOf, class SetOf>
void build_temporal_state_sets(const LevelPlan& lv, std::uint32_t which, DimOf dim_of, SetOf set_of) {
    std::uint32_t single = 0;
    for (std::uint32_t m = which; m != 0; m &= m - 1) {
        const int k = __builtin_ctz(m);
        single |= static_cast<std::uint32_t>(dim_of(k) <= lv.directives[idx(k)].size) << k;
    }
    for (std::uint32_t m = which & ~single; m != 0; m &= m - 1) {
        const int k = __builtin_ctz(m);
        build_temporal_state_set(lv, k, dim_of(k), set_of(k));
    }
    for (std::uint32_t m = single; m != 0; m &= m - 1) {
        const int k = __builtin_ctz(m);
        build_single_state_set(lv, k, dim_of(k), set_of(k));
    }
}

struct LevelStates {
    int n = 0;
    int p = 0;  // the SpatialMap
    // Valid up to n (arrays are not cleared: this is built for every sub-cluster analysis).
    std::array<const DirectiveStateSet*, kMaxN> dir;
    // Per input tensor, for k = 0..n: product of first-step ingress factors of directives >= k,
    // and whether one of them is coupled and not fully unrolled (MAESTRO's "tensor inited").
    std::array<std::array<std::int64_t, kMaxN + 1>, 2> after;
    std::array<std::array<bool, kMaxN + 1>, 2> inited_after;
    std::int64_t total_cases = 1;
};

void finish_states(const LevelPlan& lv, LevelStates& ls) {
    ls.total_cases = 1;
    for (int i = 0; i < ls.n; ++i) ls.total_cases *= ls.dir[idx(i)]->count;
    for (int r = 0; r < 2; ++r) {
        auto& after = ls.after[idx(r)];
        auto& inited = ls.inited_after[idx(r)];
        after[idx(ls.n)] = 1;
        inited[idx(ls.n)] = false;
        for (int i = ls.n - 1; i >= 0; --i) {
            const StateFactors& first = ls.dir[idx(i)]->first_step();
            const bool coupled = lv.tables[idx(i)].coupled(static_cast<TensorRole>(r));
            after[idx(i)] = after[idx(i + 1)] * first.ingress[idx(r)];
            inited[idx(i)] = inited[idx(i + 1)] || (coupled && !first.unrolled);
        }
    }
}

// Whether a shortcut has been paying lately. When it succeeds it saves the longer way's cost,
// when it fails it adds its own, and for some dataflows it never succeeds: after a run of misses
// it is tried only on every 16th chance until it succeeds again. Two shortcuts keep one each:
// the loose traffic bounds (which never settle a compute-bound test for sliding windows, whose
// later steps move only a window's fresh part), and the closed form of a search's objectives
// (which gives up, after its traffic bounds, whenever some step's traffic outlasts its compute,
// as in MAESTRO's kcp_ws files: there it cost 60% more than the walk it then falls back to).
// Either way the figures are the same; only the time differs.
class ShortcutHistory {
public:
    bool worth_trying() { return misses_ < kPatience || (++skipped_ & 15u) == 0; }
    void record(bool settled) { misses_ = settled ? 0 : std::min(misses_ + 1, kPatience); }

private:
    static constexpr int kPatience = 8;
    int misses_ = 0;
    unsigned skipped_ = 0;
};
using LooseBoundsHistory = ShortcutHistory;

// Per-thread scratch of the fast analysis: each inner level's state sets for both sizes a
// dimension can have (its parent's full or edge tile), valid for one evaluation.
struct FastScratch {
    std::array<std::array<std::array<DirectiveStateSet, 2>, kMaxN>, kMaxClusterLevels> sets;
    LooseBoundsHistory loose_history;
    ShortcutHistory closed_form_history;
};

FastScratch& fast_scratch() { return per_thread<FastScratch>(); }

// Candidate state sets per directive: one for a given tile, or both sizes a dimension can
// take in a level (its parent's full and edge tile), to decide for all its tiles at once.
struct StateSetChoices {
    int n = 0;
    std::array<std::array<const DirectiveStateSet*, 2>, kMaxN> set;  // both set (the same twice if one)
};

// The choices of one tile: each directive's state set in the level as it is.
StateSetChoices single_choices(const LevelStates& ls) {
    StateSetChoices one;
    one.n = ls.n;
    for (int i = 0; i < ls.n; ++i) {
        one.set[idx(i)] = {ls.dir[idx(i)], ls.dir[idx(i)]};
    }
    return one;
}

// Whether every case but the first step does work and is compute-bound, in every tile the
// choices allow: the largest NoC delay any such case can have (from the largest factors) is at
// most the smallest MAC count of any case. Then the level's runtime has a closed form. The first
// step is left out: it moves whole tiles, but MAESTRO adds its delay rather than overlap it.
struct TrafficBounds {
    bool usable = false;          // no idle case, no abort, no overflow
    std::int64_t min_macs = 0;    // smallest MACs on the busiest sub-cluster of any case
    std::int64_t ingress = 0;     // largest ingress of any case but the first step
    std::int64_t egress = 0;      // largest egress of any case
    bool loose = false;           // from loose_traffic_bounds: ingress may be above the precise bound
};

// 64-bit arithmetic that notes overflow. The bounds and closed forms give up on it (the case
// walk sums exactly in 128 bits): GCC keeps __int128 running values poorly, storing them in two
// halves and reloading them as one wide load, which stalls store forwarding on every step.
// (Overflow is noted on a branch that is never taken: one instruction, where or-ing the flag in
// takes two, and there are hundreds of these per evaluation.)
struct Checked {
    bool overflow = false;
    std::int64_t mul(std::int64_t a, std::int64_t b) {
        std::int64_t r;
        if (__builtin_mul_overflow(a, b, &r)) [[unlikely]] overflow = true;
        return r;
    }
    std::int64_t add(std::int64_t a, std::int64_t b) {
        std::int64_t r;
        if (__builtin_add_overflow(a, b, &r)) [[unlikely]] overflow = true;
        return r;
    }
};

TrafficBounds traffic_bounds(const LevelPlan& lv, const StateSetChoices& ch) {
    // Branch-free over the directives, as loose_traffic_bounds (both choices are visited, one
    // twice when there is one; tests are accumulated, and products a test rules out are taken
    // of zero, so they cannot note an overflow the case-by-case version would not).
    TrafficBounds result;
    const int n = ch.n, p = lv.first_spatial;
    const DirectiveTables& tp = lv.tables[idx(p)];
    Checked ck;
    auto mul = [&](std::int64_t a, std::int64_t b) { return ck.mul(a, b); };
    // Per directive, extremes over its candidate state sets: first-step ingress factor, any
    // ingress factor, and whether its first step is / is not fully unrolled in some tile.
    std::array<std::array<std::int64_t, 2>, kMaxN> first_max, ingress_max;
    std::array<bool, kMaxN> some_unrolled, some_rolled;
    std::int64_t min_macs = 1, egress_max = 1, lowest = std::numeric_limits<std::int64_t>::max();
    bool aborts = false;
    for (int i = 0; i < n; ++i) {
        const DirectiveStateSet& a = *ch.set[idx(i)][0];
        const DirectiveStateSet& b = *ch.set[idx(i)][1];
        aborts |= a.reuses_unrolled | b.reuses_unrolled;  // MAESTRO would abort
        const std::int64_t lo = std::min(a.min_macs, b.min_macs);
        lowest = std::min(lowest, lo);
        const StateFactors& fa = a.first_step();
        const StateFactors& fb = b.first_step();
        for (std::size_t r = 0; r < 2; ++r) {
            first_max[idx(i)][r] = std::max(fa.ingress[r], fb.ingress[r]);
            ingress_max[idx(i)][r] = std::max(a.max_ingress[r], b.max_ingress[r]);
        }
        some_unrolled[idx(i)] = fa.unrolled | fb.unrolled;
        some_rolled[idx(i)] = !fa.unrolled | !fb.unrolled;
        min_macs = mul(min_macs, lo);
        egress_max = mul(egress_max, std::max(a.max_egress, b.max_egress));
    }
    if (aborts || lowest < 1 || ck.overflow) return result;  // an abort, or some case does no work

    // The SpatialMap's largest spread factor with directive j changing: j before it (it is at
    // its first step, all but the first sub-cluster take the fresh part), j after it (any
    // state, whole tiles), or j itself (a later state, whole or fresh by the tensor's state).
    std::int64_t spread_j_before = 0, spread_j_after = 0, spread_self_full = 0, spread_self_fresh = 0;
    for (int v = 0; v < 2; ++v) {
        const DirectiveStateSet& sp = *ch.set[idx(p)][idx(v)];
        spread_j_before = std::max(spread_j_before, sp.spread_fresh[idx(sp.count - 1)]);
        for (int k = 0; k < sp.count; ++k) {
            spread_j_after = std::max(spread_j_after, sp.spread_full[idx(k)]);
            const bool later = k + 1 != sp.count;
            spread_self_full = std::max(spread_self_full, select(later, sp.spread_full[idx(k)], 0));
            spread_self_fresh = std::max(spread_self_fresh, select(later, sp.spread_fresh[idx(k)], 0));
        }
    }

    std::int64_t traffic = 0;
    for (std::size_t r = 0; r < 2; ++r) {
        // After directive k: largest product of first-step factors, and whether the tensor
        // can be / can fail to be "inited" (a later coupled directive not fully unrolled).
        std::array<std::int64_t, kMaxN + 1> after;
        std::array<bool, kMaxN + 1> may_init, may_not_init;
        after[idx(n)] = 1;
        may_init[idx(n)] = false;
        may_not_init[idx(n)] = true;
        for (int k = n - 1; k >= 0; --k) {
            const bool coupled = (lv.tables[idx(k)].tensors >> r) & 1u;
            after[idx(k)] = mul(after[idx(k + 1)], first_max[idx(k)][r]);
            may_init[idx(k)] = may_init[idx(k + 1)] | (coupled & some_rolled[idx(k)]);
            may_not_init[idx(k)] = may_not_init[idx(k + 1)] & (!coupled | some_unrolled[idx(k)]);
        }
        const bool p_in = (tp.tensors >> r) & 1u;
        std::int64_t best = 0, prefix = 1;
        for (int j = 0; j < n; ++j) {
            const DirectiveTables& tj = lv.tables[idx(j)];
            const bool coupled = (tj.tensors >> r) & 1u;
            // Directive j's own factor and the SpatialMap's, with the tensor inited or not.
            const bool other = j != p;
            const std::int64_t own_inited = select(other, tj.m, 1);
            const std::int64_t own_fresh = select(other, std::max<std::int64_t>(tj.u, 1), 1);
            const std::int64_t side = select(p > j, spread_j_before, spread_j_after);
            const std::int64_t sp_inited = select(p_in, select(other, side, spread_self_full), 1);
            const std::int64_t sp_fresh = select(p_in, select(other, side, spread_self_fresh), 1);
            const bool can_init = coupled & may_init[idx(j + 1)];
            const bool can_be_fresh = coupled & may_not_init[idx(j + 1)];
            const std::int64_t inited = mul(own_inited, select(can_init, sp_inited, 0));
            const std::int64_t fresh = mul(own_fresh, select(can_be_fresh, sp_fresh, 0));
            const std::int64_t factor = std::max(inited, fresh);
            best = std::max(best, mul(mul(prefix, select(coupled, after[idx(j + 1)], 0)), factor));
            prefix = mul(prefix, ingress_max[idx(j)][r]);
        }
        traffic = ck.add(traffic, best);
    }
    result.usable = !ck.overflow;
    result.min_macs = min_macs;
    result.ingress = traffic;
    result.egress = egress_max;
    return result;
}

// traffic_bounds with every directive's largest ingress factor (and the SpatialMap's largest
// spread) multiplied out, whichever directive changes: never below the precise bound and a
// fraction of its cost, so it settles most levels; when it does not, the precise bound must.
// Usable exactly when traffic_bounds is, except on overflow, where it returns that instead.
TrafficBounds loose_traffic_bounds(const LevelPlan& lv, const StateSetChoices& ch) {
    // Branch-free over the directives (whose order varies from mapping to mapping): both
    // choices are always visited (one twice when there is one), and tests are accumulated.
    // A TemporalMap's ingress factors never exceed its whole tile, nor the SpatialMap's 1 (it
    // is costed through its spread): the ingress part is the plan's temporal tile volume.
    TrafficBounds result;
    const int n = ch.n, p = lv.first_spatial;
    std::int64_t min_macs = 1, egress = 1, lowest = std::numeric_limits<std::int64_t>::max();
    Checked ck;
    bool aborts = false;
    for (int i = 0; i < n; ++i) {
        const DirectiveStateSet& a = *ch.set[idx(i)][0];
        const DirectiveStateSet& b = *ch.set[idx(i)][1];
        aborts |= a.reuses_unrolled | b.reuses_unrolled;  // MAESTRO would abort
        const std::int64_t lo = std::min(a.min_macs, b.min_macs);
        lowest = std::min(lowest, lo);
        min_macs = ck.mul(min_macs, lo);
        egress = ck.mul(egress, std::max(a.max_egress, b.max_egress));
    }
    if (aborts || lowest < 1) return result;  // an abort, or some case does no work
    std::int64_t spread = 1;
    for (int v = 0; v < 2; ++v) {
        const DirectiveStateSet& set = *ch.set[idx(p)][idx(v)];
        for (int k = 0; k < set.count; ++k)
            spread = std::max({spread, set.spread_full[idx(k)], set.spread_fresh[idx(k)]});
    }
    const DirectiveTables& tp = lv.tables[idx(p)];
    std::int64_t traffic = 0;
    for (std::size_t r = 0; r < 2; ++r) {
        if (!((lv.coupled_tensors >> r) & 1u)) continue;  // no directive moves this tensor
        std::int64_t v = lv.temporal_tile_volume[r];
        ck.overflow |= v == 0;
        if (tp.coupled(static_cast<TensorRole>(r))) v = ck.mul(v, spread);
        traffic = ck.add(traffic, v);
    }
    if (ck.overflow) return traffic_bounds(lv, ch);
    result.usable = true;
    result.loose = true;
    result.min_macs = min_macs;
    result.ingress = traffic;
    result.egress = egress;
    return result;
}

// The largest NoC delay of any case but the first step, given its bounds.
std::int64_t traffic_delay(const LevelPlan& lv, const TrafficBounds& b) {
    return std::max(noc_delay(b.ingress, lv.noc_bandwidth, lv.noc_head_latency),
                    noc_delay(b.egress, lv.noc_bandwidth, lv.noc_head_latency));
}

bool compute_bound(const LevelPlan& lv, const StateSetChoices& ch, LooseBoundsHistory& history) {
    if (history.worth_trying()) {
        const TrafficBounds loose = loose_traffic_bounds(lv, ch);
        if (!loose.usable) return false;
        const bool settled = traffic_delay(lv, loose) <= loose.min_macs;
        if (loose.loose) history.record(settled);
        if (settled) return true;
        if (!loose.loose) return false;
    }
    const TrafficBounds b = traffic_bounds(lv, ch);
    return b.usable && traffic_delay(lv, b) <= b.min_macs;
}

// The per-case quantities of one iteration case.
struct CaseCosts {
    std::int64_t occurrences;
    std::int64_t egress;
    std::int64_t total_macs;     // over all sub-clusters
    std::int64_t critical_macs;  // on the busiest sub-cluster
    std::array<std::int64_t, 2> ingress;
    bool all_init;
    // A fully unrolled temporal dimension changes: MAESTRO aborts if it costs this case's ingress.
    bool reuses_unrolled;
};

// A compute-bound innermost level's figures factorise over its directives: runtime is the
// product of each directive's MAC sum, the first step's ingress the product of its first-step
// factors (the SpatialMap's spread over its sub-clusters included).
struct InnermostFactors {
    std::int64_t runtime, ingress, weights;
};
InnermostFactors innermost_factors(const DirectiveStateSet& set, const DirectiveTables& tp) {
    const std::int64_t spread = set.first_mapped_spread;  // 1 but for the SpatialMap
    InnermostFactors f{set.macs_sum, set.first_step().ingress[0], set.first_step().ingress[1]};
    f.ingress *= select(tp.coupled(TensorRole::Input), spread, 1);
    f.weights *= select(tp.coupled(TensorRole::Weight), spread, 1);
    return f;
}
double busy_sub_clusters(const DirectiveStateSet& spatial_set) {
    return static_cast<double>(spatial_set.busy_sum) / static_cast<double>(spatial_set.occurrence_sum);
}


class FastAnalyzer {
public:
    FastAnalyzer(const MappingPlan& plan, AnalysisWorkspace& ws, FastScratch& scratch)
        : plan_(plan), ws_(ws), scratch_(scratch) {}

    // Returns whether the objectives-only closed form applied. `force_closed_form`: try it
    // whatever the history says.
    bool analyze_top(TopLevelOutcome& out, bool objectives_only, bool force_closed_form = false);
    // The history made analyze_top skip the closed form.
    bool skipped_closed_form() const { return skipped_closed_form_; }

private:
    // The outermost level summed in closed form, when every case does work and is
    // compute-bound; leaves out the per-case statistics. Returns false if it does not apply.
    bool closed_form_top(const LevelPlan& lv, const LevelStates& ls, TopLevelOutcome& out);
    InnerOutcome child(int li, std::uint32_t parent_bits);
    // A level that is not compute-bound: its cases walked, once per tile (parent edge bits).
    [[gnu::noinline]] InnerOutcome analyze_inner_memoised(int li, std::uint32_t parent_bits);
    InnerOutcome analyze_inner(int li, LevelStates& ls);
    InnerOutcome closed_form_innermost(const LevelPlan& lv, const LevelStates& ls);

    // Walks the cases of a level in MAESTRO's order, calling visit(costs, spatial state, bits).
    // Inner levels need no MAC totals (only the outermost level's counts are reported).
    template <bool kTotals, class Visit>
    void walk(const LevelPlan& lv, const LevelStates& ls, Visit visit);

    // Sub-cluster results of one case: the slowest runtime, busy units, and what MAESTRO's
    // first innermost analysis saw.
    template <class Sink>
    void sub_clusters(int li, const LevelPlan& lv, const StateFactors& sp, std::uint32_t bits,
                      Sink sink);

    // Builds a level's state sets for both tile sizes of every dimension, and decides whether
    // the level is compute-bound in all of its tiles.
    [[gnu::noinline]] void prepare_level(int li);

    // A compute-bound innermost level's result is a product over its directives, each of
    // which takes one of two values (its parent's full or edge tile): the directives whose
    // parent has no edge tile are multiplied out once here, leaving a few to pick per child.
    struct InnerProducts {
        std::int64_t runtime = 1, ingress = 1, weights = 1;
        int count = 0;
        std::array<std::uint8_t, kMaxN> parent_bit;  // valid up to count
        std::array<std::array<std::int64_t, 2>, kMaxN> runtime_factor, ingress_factor, weight_factor;
        std::uint8_t spatial_parent_bit = 0;
        std::array<double, 2> avg_active{};
    };
    void build_inner_products(int li, const StateSetChoices& all, std::uint32_t with_edge);
    InnerOutcome inner_product_outcome(int li, std::uint32_t parent_bits) const;

    const MappingPlan& plan_;
    AnalysisWorkspace& ws_;
    FastScratch& scratch_;
    bool skipped_closed_form_ = false;
    std::array<bool, kMaxClusterLevels> level_prepared_{};
    std::array<bool, kMaxClusterLevels> level_compute_bound_{};
    InnerProducts inner_products_;  // of the innermost level, when it is compute-bound
};

template <bool kTotals, class Visit>
void FastAnalyzer::walk(const LevelPlan& lv, const LevelStates& ls, Visit visit) {
    const int n = ls.n, p = ls.p;
    const DirectiveTables& tp = lv.tables[idx(p)];
    const bool p_out = tp.coupled(TensorRole::Output);
    const std::array<bool, 2> p_in = {tp.coupled(TensorRole::Input), tp.coupled(TensorRole::Weight)};
    const std::int64_t nc = lv.num_sub_clusters, nec = lv.num_edge_sub_clusters;

    std::array<int, kMaxN> digit;
    std::array<std::int64_t, kMaxN + 1> occ, macs, egress;
    std::array<std::array<std::int64_t, kMaxN + 1>, 2> ingress;
    std::array<std::uint32_t, kMaxN + 1> bits;
    occ[0] = macs[0] = egress[0] = ingress[0][0] = ingress[1][0] = 1;
    bits[0] = 0;
    auto refresh = [&](int from) {
        for (int i = from; i < n; ++i) {
            const StateFactors& f = ls.dir[idx(i)]->rot[idx(digit[idx(i)])];
            occ[idx(i + 1)] = occ[idx(i)] * f.occurrences;
            macs[idx(i + 1)] = macs[idx(i)] * f.macs;
            egress[idx(i + 1)] = egress[idx(i)] * f.egress;
            ingress[0][idx(i + 1)] = ingress[0][idx(i)] * f.ingress[0];
            ingress[1][idx(i + 1)] = ingress[1][idx(i)] * f.ingress[1];
            bits[idx(i + 1)] = bits[idx(i)] | f.bit;
        }
    };
    const DirectiveStateSet& spatial_set = *ls.dir[idx(p)];
    auto cost = [&](CaseCosts& c, int kp) {
        const auto sn = idx(n);
        int j = n - 1;
        while (j >= 0 && digit[idx(j)] == ls.dir[idx(j)]->count - 1) --j;
        const StateFactors& sp = spatial_set.rot[idx(kp)];
        const SpatialCosting spc{tp, sp, nc, nec};
        c.occurrences = occ[sn];
        c.all_init = j < 0;
        c.reuses_unrolled = false;
        const std::int64_t rest = macs[sn];
        c.egress = egress[sn] * spatial_set.spread_out[idx(kp)];
        c.critical_macs = rest * spc.critical_macs(p_out);
        c.total_macs = kTotals ? rest * spatial_set.total_factor[idx(kp)] : 0;
        for (std::size_t r = 0; r < 2; ++r) {
            if (j < 0) {
                const std::int64_t base = ls.after[r][0];
                c.ingress[r] = p_in[r] ? base * spatial_set.first_mapped_spread : base;
                continue;
            }
            const auto sj = idx(j);
            if (!lv.tables[sj].coupled(static_cast<TensorRole>(r))) {
                c.ingress[r] = 0;
                continue;
            }
            const bool inited = ls.inited_after[r][sj + 1];
            std::int64_t v = ingress[r][sj] * ls.after[r][sj + 1];
            if (j != p) {
                const DirectiveTables& tj = lv.tables[sj];
                if (!inited && tj.u == 0) c.reuses_unrolled = true;
                v *= inited ? tj.m : std::max<std::int64_t>(tj.u, 1);
            }
            if (p_in[r])
                v *= (p < j || (p == j && inited)) ? spatial_set.spread_full[idx(kp)] : spatial_set.spread_fresh[idx(kp)];
            c.ingress[r] = v;
        }
    };

    CaseCosts c{};
    // The all-first-step case comes first.
    for (int i = 0; i < n; ++i) digit[idx(i)] = ls.dir[idx(i)]->count - 1;
    refresh(0);
    cost(c, spatial_set.count - 1);
    visit(c, spatial_set.first_step(), bits[idx(n)]);
    if (ls.total_cases <= 1) return;
    for (int i = 0; i < n; ++i) digit[idx(i)] = 0;
    refresh(0);
    for (std::int64_t m = 0; m + 1 < ls.total_cases; ++m) {
        cost(c, digit[idx(p)]);
        visit(c, spatial_set.rot[idx(digit[idx(p)])], bits[idx(n)]);
        int k = n - 1;
        while (k >= 0 && digit[idx(k)] + 1 == ls.dir[idx(k)]->count) digit[idx(k--)] = 0;
        if (k < 0) break;
        ++digit[idx(k)];
        refresh(k);
    }
}

template <class Sink>
void FastAnalyzer::sub_clusters(int li, const LevelPlan& lv, const StateFactors& sp,
                                std::uint32_t bits, Sink sink) {
    const std::int64_t nc = lv.num_sub_clusters, nec = lv.num_edge_sub_clusters;
    const std::uint32_t p_bit = 1u << lv.first_spatial;
    auto run = [&](bool ee, std::int64_t spatial_occurrences, bool first) {
        const std::uint32_t pbit = (sp.edge && (nec == 1 || ee)) ? p_bit : 0u;
        sink(child(li + 1, bits | pbit), spatial_occurrences, first);
    };
    if (sp.edge) {
        if (sp.edge_edge) {
            run(true, 1, true);
            if (nec - 1 > 0) run(false, nec - 1, false);
        } else {
            run(false, nec, true);
        }
    } else {
        run(false, nc, true);
    }
}

void FastAnalyzer::prepare_level(int li) {
    level_prepared_[idx(li)] = true;
    const LevelPlan& lv = plan_.levels[idx(li)];
    const LevelPlan& up = plan_.levels[idx(li - 1)];
    const int n = lv.num_directives, p = lv.first_spatial;
    auto& sets = scratch_.sets[idx(li)];
    // Loops over bit sets of directives rather than tests per directive: which directive is
    // the SpatialMap, and which parents have an edge tile, vary from mapping to mapping.
    StateSetChoices all;
    all.n = n;
    std::uint32_t with_edge = 0;  // directives whose parent has an edge tile: two variants
    for (int k = 0; k < n; ++k) {
        const auto pk = idx(lv.parent_directive[idx(k)]);
        with_edge |= ((up.edge_bits >> pk) & 1u) << k;
        all.set[idx(k)] = {&sets[idx(k)][0], &sets[idx(k)][0]};
    }
    auto parent = [&](int k) -> const DirectiveTables& { return up.tables[idx(lv.parent_directive[idx(k)])]; };
    const std::uint32_t temporal = ((1u << n) - 1) & ~(1u << p);
    build_temporal_state_sets(lv, temporal, [&](int k) { return parent(k).m; },
                              [&](int k) -> DirectiveStateSet& { return sets[idx(k)][0]; });
    build_temporal_state_sets(lv, temporal & with_edge, [&](int k) { return parent(k).me; },
                              [&](int k) -> DirectiveStateSet& { return sets[idx(k)][1]; });
    for (std::uint32_t m = temporal & with_edge; m != 0; m &= m - 1) {
        const int k = __builtin_ctz(m);
        all.set[idx(k)][1] = &sets[idx(k)][1];
    }
    build_spatial_state_set(lv, p, parent(p).m, sets[idx(p)][0]);
    if ((with_edge >> p) & 1u) {
        build_spatial_state_set(lv, p, parent(p).me, sets[idx(p)][1]);
        all.set[idx(p)][1] = &sets[idx(p)][1];
    }
    level_compute_bound_[idx(li)] =
        li == plan_.num_levels - 1 && plan_.simd_lanes == 1 && compute_bound(lv, all, scratch_.loose_history);
    if (level_compute_bound_[idx(li)]) build_inner_products(li, all, with_edge);
}

void FastAnalyzer::build_inner_products(int li, const StateSetChoices& all, std::uint32_t with_edge) {
    // closed_form_innermost's factors, per directive and parent tile; branch-free, as
    // prepare_level (a directive's slot is written either way and kept if it has two).
    const LevelPlan& lv = plan_.levels[idx(li)];
    const int p = lv.first_spatial;
    const DirectiveTables& tp = lv.tables[idx(p)];
    InnerProducts& ip = inner_products_;
    ip.runtime = ip.ingress = ip.weights = 1;
    ip.count = 0;
    for (int k = 0; k < lv.num_directives; ++k) {
        const InnermostFactors f0 = innermost_factors(*all.set[idx(k)][0], tp);
        const InnermostFactors f1 = innermost_factors(*all.set[idx(k)][1], tp);
        const bool two = (with_edge >> k) & 1u;
        ip.runtime *= select(two, 1, f0.runtime);
        ip.ingress *= select(two, 1, f0.ingress);
        ip.weights *= select(two, 1, f0.weights);
        const auto c = idx(ip.count);
        ip.parent_bit[c] = static_cast<std::uint8_t>(lv.parent_directive[idx(k)]);
        ip.runtime_factor[c] = {f0.runtime, f1.runtime};
        ip.ingress_factor[c] = {f0.ingress, f1.ingress};
        ip.weight_factor[c] = {f0.weights, f1.weights};
        ip.count += two;
    }
    ip.spatial_parent_bit = static_cast<std::uint8_t>(lv.parent_directive[idx(p)]);
    ip.avg_active = {busy_sub_clusters(*all.set[idx(p)][0]), busy_sub_clusters(*all.set[idx(p)][1])};
}

InnerOutcome FastAnalyzer::inner_product_outcome(int li, std::uint32_t parent_bits) const {
    const LevelPlan& lv = plan_.levels[idx(li)];
    const InnerProducts& ip = inner_products_;
    std::int64_t runtime = ip.runtime, ingress = ip.ingress, weights = ip.weights;
    for (int c = 0; c < ip.count; ++c) {
        const auto v = idx((parent_bits >> ip.parent_bit[idx(c)]) & 1u);
        runtime *= ip.runtime_factor[idx(c)][v];
        ingress *= ip.ingress_factor[idx(c)][v];
        weights *= ip.weight_factor[idx(c)][v];
    }
    InnerOutcome o;
    o.runtime = runtime + noc_delay(ingress + weights, lv.noc_bandwidth, lv.noc_head_latency);
    o.avg_active = ip.avg_active[(parent_bits >> ip.spatial_parent_bit) & 1u];
    o.first_innermost_size_calls = 1;
    return o;
}

// Kept small (the rest is out of line) so that callers inline it: a compute-bound innermost
// level answers most calls with a few multiplications.
inline InnerOutcome FastAnalyzer::child(int li, std::uint32_t parent_bits) {
    parent_bits &= plan_.levels[idx(li - 1)].edge_bits;  // bits of dimensions without an edge tile change nothing
    if (!level_prepared_[idx(li)]) prepare_level(li);
    if (level_compute_bound_[idx(li)]) return inner_product_outcome(li, parent_bits);
    return analyze_inner_memoised(li, parent_bits);
}

InnerOutcome FastAnalyzer::analyze_inner_memoised(int li, std::uint32_t parent_bits) {
    const LevelPlan& lv = plan_.levels[idx(li)];
    const bool cacheable = parent_bits < (1u << kEdgeMemoBits);
    auto& entry = ws_.edge_memo[idx(li)][parent_bits & ((1u << kEdgeMemoBits) - 1)];
    if (cacheable && entry.generation == ws_.generation) return entry.value;
    LevelStates ls;
    ls.n = lv.num_directives;
    ls.p = lv.first_spatial;
    for (int k = 0; k < lv.num_directives; ++k) {
        const auto pk = idx(lv.parent_directive[idx(k)]);
        ls.dir[idx(k)] = &scratch_.sets[idx(li)][idx(k)][(parent_bits >> pk) & 1u];
    }
    const InnerOutcome result = analyze_inner(li, ls);
    if (cacheable) {
        entry.generation = ws_.generation;
        entry.value = result;
    }
    return result;
}

InnerOutcome FastAnalyzer::closed_form_innermost(const LevelPlan& lv, const LevelStates& ls) {
    // Every case is valid and compute-bound: runtime = sum of occurrences x MACs on the busiest
    // sub-cluster, which factorises over directives, plus the first step's ingress delay.
    const DirectiveTables& tp = lv.tables[idx(ls.p)];
    std::int64_t runtime = 1, first_in = 1, first_w = 1;
    for (int i = 0; i < ls.n; ++i) {
        const InnermostFactors f = innermost_factors(*ls.dir[idx(i)], tp);
        runtime *= f.runtime;
        first_in *= f.ingress;
        first_w *= f.weights;
    }
    InnerOutcome o;
    o.runtime = runtime + noc_delay(first_in + first_w, lv.noc_bandwidth, lv.noc_head_latency);
    o.avg_active = busy_sub_clusters(*ls.dir[idx(ls.p)]);
    o.first_innermost_size_calls = 1;
    return o;
}

InnerOutcome FastAnalyzer::analyze_inner(int li, LevelStates& ls) {
    const LevelPlan& lv = plan_.levels[idx(li)];
    const bool innermost = li == plan_.num_levels - 1;
    if (innermost && plan_.simd_lanes == 1) {
        // The level is not compute-bound in all its tiles, but may be in this one. Only the
        // loose bound is tried: the precise one, after failing for all tiles, settles one tile
        // in seven (measured on random mappings), less than it costs.
        bool bound = level_compute_bound_[idx(li)];
        if (!bound) {
            const TrafficBounds loose = loose_traffic_bounds(lv, single_choices(ls));
            bound = loose.usable && traffic_delay(lv, loose) <= loose.min_macs;
        }
        if (bound) return closed_form_innermost(lv, ls);
    }
    finish_states(lv, ls);

    InnerOutcome result;
    if (!ws_.charge(ls.total_cases)) {
        result.fatal = Invalidity::TooManyCases;
        return result;
    }
    std::int64_t total_occurrences = 0, size_calls = 0;
    double active_sum = 0;
    bool seen_valid = false;
    const std::int64_t nc = lv.num_sub_clusters, nec = lv.num_edge_sub_clusters;
    walk<false>(lv, ls, [&](const CaseCosts& c, const StateFactors& sp, std::uint32_t bits) {
        if (!seen_valid) ++size_calls;
        if (c.reuses_unrolled && (!seen_valid || c.critical_macs > 0))
            result.fatal = Invalidity::ReusedUnrolledDimension;
        if (c.critical_macs <= 0) return;
        std::int64_t compute = 0;
        double active = 0;
        if (!innermost) {
            sub_clusters(li, lv, sp, bits, [&](const InnerOutcome& o, std::int64_t spatial_occ, bool first) {
                compute = std::max(compute, o.runtime);
                active += o.avg_active * static_cast<double>(spatial_occ);
                if (first && !seen_valid) result.first_innermost_size_calls = o.first_innermost_size_calls;
                if (o.fatal != Invalidity::None) result.fatal = o.fatal;
            });
        } else {
            compute = quotient(c.critical_macs + plan_.simd_lanes - 1, plan_.simd_lanes);
        }
        if (active == 0) active = static_cast<double>(sp.edge ? nec : nc);
        const std::int64_t in_delay = noc_delay(c.ingress[0] + c.ingress[1], lv.noc_bandwidth, lv.noc_head_latency);
        const std::int64_t out_delay = noc_delay(c.egress, lv.noc_bandwidth, lv.noc_head_latency);
        const std::int64_t delay = c.all_init ? compute + in_delay : std::max(out_delay, std::max(compute, in_delay));
        add_inner_runtime(result, c.occurrences, delay);
        active_sum += active * static_cast<double>(c.occurrences);
        total_occurrences += c.occurrences;
        seen_valid = true;
    });
    if (innermost) result.first_innermost_size_calls = size_calls;
    if (total_occurrences != 0) result.avg_active = active_sum / static_cast<double>(total_occurrences);
    return result;
}

std::int64_t mapped_volume(const LevelPlan& lv, const TensorDims& t) {
    std::int64_t v = 1;
    for (int k = 0; k < t.count; ++k) {
        const Dim d = t.dims[idx(k)];
        if (lv.mapped_dims.contains(d)) v *= at(lv.mapped, d);
    }
    return v;
}

bool FastAnalyzer::analyze_top(TopLevelOutcome& out, bool objectives_only, bool force_closed_form) {
    out = TopLevelOutcome{};
    ++ws_.generation;
    ws_.cases_left = kCaseBudget;
    const LevelPlan& lv = plan_.levels[0];
    const bool innermost = plan_.num_levels == 1;
    std::array<DirectiveStateSet, kMaxN> top_sets;
    LevelStates ls;
    for (int i = 0; i < lv.num_directives; ++i) ls.dir[idx(i)] = &top_sets[idx(i)];
    const auto p = idx(lv.first_spatial);
    build_temporal_state_sets(lv, ((1u << lv.num_directives) - 1) & ~(1u << p),
                              [&](int k) { return at(plan_.full, lv.directives[idx(k)].dim); },
                              [&](int k) -> DirectiveStateSet& { return top_sets[idx(k)]; });
    build_spatial_state_set(lv, lv.first_spatial, at(plan_.full, lv.directives[p].dim), top_sets[p]);
    ls.n = lv.num_directives;
    ls.p = lv.first_spatial;
    if (objectives_only) {
        if (force_closed_form || scratch_.closed_form_history.worth_trying()) {
            const bool closed = closed_form_top(lv, ls, out);
            scratch_.closed_form_history.record(closed);
            if (closed) return true;
        } else {
            skipped_closed_form_ = true;
        }
    }
    finish_states(lv, ls);
    if (!ws_.charge(ls.total_cases)) {
        out.problem = {Invalidity::TooManyCases, 0, Dim::K, ls.total_cases, kCaseBudget};
        return false;
    }
    const std::int64_t nc = lv.num_sub_clusters, nec = lv.num_edge_sub_clusters;

    bool seen_valid = false;
    std::int64_t size_calls = 0, first_innermost_size_calls = 0, total_occurrences = 0;
    std::int64_t in_buffer = 0, out_buffer = 0, offchip_delay = 0;
    double active_sum = 0;
    // Exact wide sums, checked against 64 bits once at the end (MAESTRO keeps its counts in
    // 64-bit integers and its delay and bandwidth sums in long double, exact below 2^64).
    Int128 runtime = 0, macs = 0, out_l2_write = 0, out_l1 = 0, avg_bw_sum = 0;
    Int128 in_l2_read[2] = {0, 0}, in_l1_read[2] = {0, 0};
    Int128 delay_sum[3] = {0, 0, 0};
    std::int64_t delay_min[3] = {std::numeric_limits<std::int64_t>::max(),
                                 std::numeric_limits<std::int64_t>::max(),
                                 std::numeric_limits<std::int64_t>::max()};
    std::int64_t delay_max[3] = {0, 0, 0};
    Invalidity fatal = Invalidity::None;

    walk<true>(lv, ls, [&](const CaseCosts& c, const StateFactors& sp, std::uint32_t bits) {
        const Int128 occ = c.occurrences;
        if (!seen_valid) {
            ++size_calls;
            out.l2_required[kIn] += 2 * c.ingress[0];
            out.l2_required[kW] += 2 * c.ingress[1];
            out.l2_required[kOut] = 2 * c.egress;
        }
        if (c.reuses_unrolled && (!seen_valid || c.critical_macs > 0))
            fatal = Invalidity::ReusedUnrolledDimension;
        out_l2_write += occ * c.egress;
        out_l1 += occ * c.total_macs;
        if (c.critical_macs <= 0) return;
        if (!seen_valid) {
            // Buffer sizes are settled now; so are the off-chip refill delays they imply.
            out_buffer = out.l2_required[kOut];
            in_buffer = out.l2_required[kIn] + out.l2_required[kW];
            offchip_delay = std::max(quotient(in_buffer, plan_.offchip_bandwidth) / 2,
                                     quotient(out_buffer, plan_.offchip_bandwidth) / 2);
        }
        in_l2_read[0] += occ * c.ingress[0];
        in_l2_read[1] += occ * c.ingress[1];
        in_l1_read[0] += occ * c.total_macs;
        const std::int64_t ingress = c.ingress[0] + c.ingress[1];
        out.arithmetic_intensity = static_cast<double>(c.total_macs) / static_cast<double>(ingress);

        std::int64_t compute = 0;
        double active = 0;
        if (!innermost) {
            sub_clusters(0, lv, sp, bits, [&](const InnerOutcome& o, std::int64_t spatial_occ, bool first) {
                compute = std::max(compute, o.runtime);
                active += o.avg_active * static_cast<double>(spatial_occ);
                if (first && !seen_valid) first_innermost_size_calls = o.first_innermost_size_calls;
                if (o.fatal != Invalidity::None) fatal = o.fatal;
            });
        } else {
            compute = quotient(c.critical_macs + plan_.simd_lanes - 1, plan_.simd_lanes);
        }
        if (active == 0) active = static_cast<double>(sp.edge ? nec : nc);
        const std::int64_t in_delay = noc_delay(ingress, lv.noc_bandwidth, lv.noc_head_latency);
        const std::int64_t out_delay = noc_delay(c.egress, lv.noc_bandwidth, lv.noc_head_latency);
        std::int64_t delay = c.all_init ? compute + in_delay : std::max(out_delay, std::max(compute, in_delay));
        delay = std::max(delay, offchip_delay);
        if (compute == 0) {
            fatal = Invalidity::ZeroSubClusterRuntime;
        } else {
            out.offchip_bw = std::max(out.offchip_bw, quotient(out_buffer, compute));
            out.offchip_bw = std::max(out.offchip_bw, quotient(in_buffer, compute));
            out.offchip_bw /= 2;
        }
        runtime += occ * delay;
        macs += occ * c.total_macs;
        active_sum += active * static_cast<double>(c.occurrences);
        if (compute == 0) compute = 1;
        const std::int64_t traffic = std::max(ingress, c.egress);
        out.peak_noc_bw = std::max(out.peak_noc_bw, quotient(traffic, compute));
        const Int128 weighted = occ * traffic;
        avg_bw_sum += weighted < (Int128{1} << 62) ? quotient(static_cast<std::int64_t>(weighted), compute)
                                                   : weighted / compute;
        const std::int64_t delays[3] = {in_delay, out_delay, compute};
        for (int k = 0; k < 3; ++k) {
            delay_sum[k] += occ * delays[k];
            delay_min[k] = std::min(delay_min[k], delays[k]);
            delay_max[k] = std::max(delay_max[k], delays[k]);
        }
        total_occurrences += c.occurrences;
        seen_valid = true;
    });

    if (ws_.exhausted()) {
        out = TopLevelOutcome{};
        out.problem = {Invalidity::TooManyCases, 0, Dim::K, 0, kCaseBudget};
        return false;
    }
    bool overflow = false;
    auto narrow = [&](Int128 v) {
        if (v > std::numeric_limits<std::int64_t>::max() || v < std::numeric_limits<std::int64_t>::min()) {
            overflow = true;
            return std::numeric_limits<std::int64_t>::max();
        }
        return static_cast<std::int64_t>(v);
    };
    out.runtime = narrow(runtime);
    out.macs = narrow(macs);
    out.tensors[kOut].l2_write = narrow(out_l2_write);
    out.tensors[kOut].l1_write = out.tensors[kOut].l1_read = narrow(out_l1);
    for (std::size_t r = 0; r < 2; ++r) {
        out.tensors[r].l2_read = out.tensors[r].l1_write = narrow(in_l2_read[r]);
        out.tensors[r].l1_read = narrow(in_l1_read[0]);
    }
    out.tensors[kIn].l2_write = plan_.l2_seed[kIn];
    out.tensors[kW].l2_write = plan_.l2_seed[kW];
    out.tensors[kOut].l2_read = plan_.l2_seed[kOut];
    const TensorDims& out_t = plan_.tensors[kOut];
    if (!seen_valid) {
        out.l1_required_by_tensor = {2 * size_calls * mapped_volume(lv, plan_.tensors[kIn]),
                                   2 * size_calls * mapped_volume(lv, plan_.tensors[kW]), 2 * mapped_volume(lv, out_t)};
        out.l1_required = out.l1_required_by_tensor[0] + out.l1_required_by_tensor[1] + out.l1_required_by_tensor[2];
        out.problem.kind = Invalidity::NoValidIteration;
        out.problem.level = 0;
        return false;
    }
    if (innermost) first_innermost_size_calls = size_calls;
    const LevelPlan& inner = plan_.levels[idx(plan_.num_levels - 1)];
    out.l1_required_by_tensor = {2 * first_innermost_size_calls * mapped_volume(inner, plan_.tensors[kIn]),
                                   2 * first_innermost_size_calls * mapped_volume(inner, plan_.tensors[kW]), 2 * mapped_volume(inner, out_t)};
    out.l1_required = out.l1_required_by_tensor[0] + out.l1_required_by_tensor[1] + out.l1_required_by_tensor[2];
    const auto occ = static_cast<long double>(total_occurrences);
    out.avg_noc_bw = static_cast<double>(static_cast<long double>(avg_bw_sum) / occ);
    if (overflow && fatal == Invalidity::None) fatal = Invalidity::ArithmeticOverflow;
    out.avg_active_clusters = active_sum / static_cast<double>(total_occurrences);
    DelayStats* stats[3] = {&out.ingress, &out.egress, &out.compute};
    for (int k = 0; k < 3; ++k) {
        stats[k]->min_cycles = delay_min[k];
        stats[k]->max_cycles = delay_max[k];
        stats[k]->avg_cycles = static_cast<std::int64_t>(static_cast<long double>(delay_sum[k]) / occ);
    }
    if (fatal != Invalidity::None) {
        out.problem.kind = fatal;
        out.problem.level = fatal == Invalidity::ArithmeticOverflow ? -1 : 0;
    }
    return false;
}

bool FastAnalyzer::closed_form_top(const LevelPlan& lv, const LevelStates& ls, TopLevelOutcome& out) {
    const int n = ls.n, p = ls.p;
    const bool innermost = plan_.num_levels == 1;
    if (innermost && plan_.simd_lanes != 1) return false;
    const DirectiveTables& tp = lv.tables[idx(p)];
    const std::array<bool, 2> p_in = {tp.coupled(TensorRole::Input), tp.coupled(TensorRole::Weight)};
    const std::int64_t nc = lv.num_sub_clusters, nec = lv.num_edge_sub_clusters;
    const DirectiveStateSet& sp_set = *ls.dir[idx(p)];

    const StateSetChoices one = single_choices(ls);
    LooseBoundsHistory& history = scratch_.loose_history;
    TrafficBounds bounds = history.worth_trying() ? loose_traffic_bounds(lv, one) : traffic_bounds(lv, one);
    if (!bounds.usable) return false;

    // The first step (all directives at their first state): buffer sizes and its ingress.
    std::array<std::int64_t, 2> first_ingress{1, 1};
    std::int64_t first_egress = 1;
    for (int i = 0; i < n; ++i) {
        const StateFactors& f = ls.dir[idx(i)]->first_step();
        first_ingress[0] *= f.ingress[0];
        first_ingress[1] *= f.ingress[1];
        first_egress *= f.egress;
    }
    for (std::size_t r = 0; r < 2; ++r)
        if (p_in[r]) first_ingress[r] *= sp_set.first_mapped_spread;
    first_egress *= sp_set.spread_out[idx(sp_set.count - 1)];
    const std::int64_t in_buffer = 2 * first_ingress[0] + 2 * first_ingress[1];
    const std::int64_t out_buffer = 2 * first_egress;
    const std::int64_t offchip_delay = std::max(quotient(in_buffer, plan_.offchip_bandwidth) / 2,
                                                quotient(out_buffer, plan_.offchip_bandwidth) / 2);
    // Whether some case's traffic may take longer than `floor` cycles (the loose bounds first).
    auto may_outlast = [&](std::int64_t floor) {
        const bool settled = std::max(traffic_delay(lv, bounds), offchip_delay) <= floor;
        if (bounds.loose) history.record(settled);
        if (settled) return false;
        if (!bounds.loose) return true;
        bounds = traffic_bounds(lv, one);
        return !bounds.usable || std::max(traffic_delay(lv, bounds), offchip_delay) > floor;
    };

    // Runtime and busy units: sum over cases of occurrences x compute. With sub-clusters, a
    // case's compute is the slowest sub-cluster analysis, which depends on which dimensions take
    // their edge tile (one bit per directive) and on the SpatialMap's state: sum over those
    // patterns, each weighted by the occurrences of the states that produce it.
    Checked ck;
    std::int64_t runtime = 0;
    double active_sum = 0;
    std::int64_t first_size_calls = 1;
    if (innermost) {
        if (may_outlast(bounds.min_macs)) return false;
        std::int64_t product = 1;
        for (int i = 0; i < n; ++i) product = ck.mul(product, ls.dir[idx(i)]->macs_sum);
        runtime = product;
        std::int64_t others = 1;
        for (int i = 0; i < n; ++i)
            if (i != p) others *= ls.dir[idx(i)]->occurrence_sum;
        active_sum = static_cast<double>(sp_set.busy_sum) * static_cast<double>(others);
    } else {
        std::array<int, kMaxN> varying;  // directives whose states split over both tiles
        std::array<std::array<std::int64_t, 2>, kMaxN> weight;  // occurrences per tile
        std::uint32_t fixed_bits = 0;
        int num_varying = 0;
        std::int64_t fixed_weight = 1;
        for (int i = 0; i < n; ++i) {
            if (i == p) continue;
            const DirectiveStateSet& set = *ls.dir[idx(i)];
            const std::int64_t w1 = set.edge_occurrence_sum, w0 = set.occurrence_sum - w1;
            const bool distinct = (lv.edge_bits >> i) & 1u;
            // Branch-free (which directives vary depends on the mapping): the slot is written
            // either way and kept only if the directive varies.
            const bool varies = distinct & (w0 > 0) & (w1 > 0);
            weight[idx(num_varying)][0] = w0;
            weight[idx(num_varying)][1] = w1;
            varying[idx(num_varying)] = i;
            num_varying += varies;
            fixed_bits |= static_cast<std::uint32_t>(distinct & !varies & (w1 > 0)) << i;
            fixed_weight = ck.mul(fixed_weight, select(varies, 1, w0 + w1));
        }
        std::int64_t min_compute = std::numeric_limits<std::int64_t>::max();
        bool fatal = false;
        for (std::uint32_t pattern = 0; pattern < (1u << num_varying); ++pattern) {
            std::uint32_t bits = fixed_bits;
            std::int64_t w = fixed_weight;
            for (int v = 0; v < num_varying; ++v) {
                const unsigned b = (pattern >> v) & 1u;
                bits |= b << varying[idx(v)];
                w = ck.mul(w, weight[idx(v)][b]);
            }
            for (int k = 0; k < sp_set.count; ++k) {
                const StateFactors& sp = sp_set.rot[idx(k)];
                std::int64_t compute = 0;
                double active = 0;
                sub_clusters(0, lv, sp, bits, [&](const InnerOutcome& o, std::int64_t spatial_occ, bool) {
                    compute = std::max(compute, o.runtime);
                    active += o.avg_active * static_cast<double>(spatial_occ);
                    fatal |= o.fatal != Invalidity::None;
                });
                if (active == 0) active = static_cast<double>(sp.edge ? nec : nc);
                min_compute = std::min(min_compute, compute);
                const std::int64_t weight_here = ck.mul(w, sp.occurrences);
                runtime = ck.add(runtime, ck.mul(weight_here, compute));
                active_sum += static_cast<double>(weight_here) * active;
            }
        }
        if (fatal || min_compute < 1 || may_outlast(min_compute)) return false;
        // MAESTRO's L1 figure comes from the first step's first sub-cluster analysis.
        std::uint32_t first_bits = 0;
        for (int i = 0; i < n; ++i) first_bits |= ls.dir[idx(i)]->first_step().bit;
        sub_clusters(0, lv, sp_set.first_step(), first_bits, [&](const InnerOutcome& o, std::int64_t, bool first) {
            if (first) first_size_calls = o.first_innermost_size_calls;
        });
    }
    // The first step adds its ingress delay instead of overlapping it.
    runtime = ck.add(runtime, noc_delay(first_ingress[0] + first_ingress[1], lv.noc_bandwidth, lv.noc_head_latency));

    // Counts, summed over cases by factor: MACs and output traffic multiply out directly.
    std::int64_t occurrences = 1, macs = 1, egress = 1;
    for (int i = 0; i < n; ++i) {
        if (i == p) continue;
        const DirectiveStateSet& set = *ls.dir[idx(i)];
        occurrences = ck.mul(occurrences, set.occurrence_sum);
        macs = ck.mul(macs, set.macs_sum);
        egress = ck.mul(egress, set.egress_sum);
    }
    std::int64_t sp_total = 0, sp_egress = 0;
    for (int k = 0; k < sp_set.count; ++k) {
        const std::int64_t occ = sp_set.rot[idx(k)].occurrences;
        sp_total = ck.add(sp_total, ck.mul(occ, sp_set.total_factor[idx(k)]));
        sp_egress = ck.add(sp_egress, ck.mul(occ, sp_set.spread_out[idx(k)]));
    }
    occurrences = ck.mul(occurrences, sp_set.occurrence_sum);
    macs = ck.mul(macs, sp_total);
    egress = ck.mul(egress, sp_egress);

    // Ingress: the first step, plus the cases grouped by their changing directive j (the last
    // not at its first step): any state before j, a later state of j, first steps after j.
    std::array<std::int64_t, 2> ingress{first_ingress[0], first_ingress[1]};
    for (std::size_t r = 0; r < 2; ++r) {
        // Products after j (first steps), and whether a coupled one there is not unrolled.
        std::array<std::int64_t, kMaxN + 1> after;
        std::array<bool, kMaxN + 1> inited;
        std::int64_t product = 1;
        bool any_inited = false;
        after[idx(n)] = 1;
        inited[idx(n)] = false;
        for (int i = n - 1; i >= 0; --i) {
            const StateFactors& f = ls.dir[idx(i)]->first_step();
            const bool coupled = lv.tables[idx(i)].coupled(static_cast<TensorRole>(r));
            std::int64_t factor = f.ingress[r];
            // The SpatialMap at its first step after j: all but the first take the fresh part.
            factor = select((i == p) & p_in[r], sp_set.spread_fresh[idx(sp_set.count - 1)], factor);
            product = ck.mul(product, factor);
            any_inited |= coupled & !f.unrolled;
            after[idx(i)] = product;
            inited[idx(i)] = any_inited;
        }
        // The SpatialMap's terms: its later states (whole or fresh tiles, by whether the tensor
        // is inited), and all its states before the changing directive (whole tiles).
        std::array<std::int64_t, 2> sp_middle{0, 0};  // [inited]
        std::int64_t sp_before = 0;
        for (int k = 0; k < sp_set.count; ++k) {
            const std::int64_t occ = sp_set.rot[idx(k)].occurrences;
            if (k + 1 < sp_set.count) {
                sp_middle[0] = ck.add(sp_middle[0], ck.mul(occ, sp_set.spread_fresh[idx(k)]));
                sp_middle[1] = ck.add(sp_middle[1], ck.mul(occ, sp_set.spread_full[idx(k)]));
            }
            sp_before = ck.add(sp_before, ck.mul(occ, p_in[r] ? sp_set.spread_full[idx(k)] : 1));
        }
        // Branch-free over the directives, whose order varies from mapping to mapping.
        std::int64_t before = 1;  // sum over the states of directives before j
        for (int j = 0; j < n; ++j) {
            const DirectiveStateSet& set = *ls.dir[idx(j)];
            const DirectiveTables& tj = lv.tables[idx(j)];
            const bool changes = tj.coupled(static_cast<TensorRole>(r)) & (set.count > 1);
            const bool init = inited[idx(j + 1)];
            const std::int64_t own =
                ck.mul(set.occurrence_sum - 1, select(init, tj.m, std::max<std::int64_t>(tj.u, 1)));
            const std::int64_t middle = select(changes, select(j == p, sp_middle[init], own), 0);
            ingress[r] = ck.add(ingress[r], ck.mul(ck.mul(before, middle), after[idx(j + 1)]));
            before = ck.mul(before, select(j == p, sp_before, set.ingress_sum[r]));
        }
    }

    // A count beyond 64 bits: the case walk sums exactly and reports it.
    if (ck.overflow) return false;
    constexpr auto in = kIn, w = kW, o = kOut;
    out.runtime = runtime;
    out.macs = macs;
    out.l2_required[in] = 2 * first_ingress[0];
    out.l2_required[w] = 2 * first_ingress[1];
    out.l2_required[o] = out_buffer;
    out.tensors[in].l2_write = plan_.l2_seed[in];
    out.tensors[w].l2_write = plan_.l2_seed[w];
    out.tensors[o].l2_read = plan_.l2_seed[o];
    out.tensors[o].l2_write = egress;
    out.tensors[o].l1_write = out.tensors[o].l1_read = out.macs;
    for (std::size_t r = 0; r < 2; ++r) {
        out.tensors[r].l2_read = out.tensors[r].l1_write = ingress[r];
        out.tensors[r].l1_read = out.macs;
    }
    const LevelPlan& inner = plan_.levels[idx(plan_.num_levels - 1)];
    out.l1_required_by_tensor = {2 * first_size_calls * mapped_volume(inner, plan_.tensors[kIn]),
                                   2 * first_size_calls * mapped_volume(inner, plan_.tensors[kW]), 2 * mapped_volume(inner, plan_.tensors[kOut])};
    out.l1_required = out.l1_required_by_tensor[0] + out.l1_required_by_tensor[1] + out.l1_required_by_tensor[2];
    out.avg_active_clusters = active_sum / static_cast<double>(occurrences);
    return true;
}

}  // namespace

FastOutcome analyze_top_level_fast(const MappingPlan& plan, AnalysisWorkspace& ws,
                                   TopLevelOutcome& out, bool objectives_only) {
    if (!plan.all_levels_simple) return FastOutcome::NotApplicable;
    FastAnalyzer analyzer(plan, ws, fast_scratch());
    bool closed = analyzer.analyze_top(out, objectives_only);
    // The closed form charges no case budget and the walk does: when the history skipped it and
    // the walk ran out of cases, the closed form decides, as if it had been tried first. So the
    // figures never depend on what a thread evaluated before.
    if (!closed && analyzer.skipped_closed_form() && out.problem.kind == Invalidity::TooManyCases)
        closed = FastAnalyzer(plan, ws, fast_scratch()).analyze_top(out, objectives_only, true);
    return closed ? FastOutcome::ObjectivesOnly : FastOutcome::Full;
}

}  // namespace mapscape
