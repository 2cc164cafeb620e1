#include "cost/reference_analysis.hpp"

#include "cost/iteration_states.hpp"
#include "util/per_thread.hpp"

#include <algorithm>
#include <cstring>
#include <limits>

namespace mapscape {

AnalysisWorkspace& thread_workspace() { return per_thread<AnalysisWorkspace>(); }

namespace {

// Accumulates a += b * c, remembering whether 64 bits overflowed.
inline void add_product(std::int64_t& a, std::int64_t b, std::int64_t c, bool& overflow) {
    std::int64_t p = 0;
    if (__builtin_mul_overflow(b, c, &p) || __builtin_add_overflow(a, p, &a)) overflow = true;
}

// The iteration case being costed: the state of each dimension (by name: with a dimension
// mapped twice, MAESTRO keeps the state of the later directive).
struct Case {
    std::array<const IterationState*, kNumDims> state{};
    std::int64_t occurrences = 1;
    int changing = -1;  // last directive whose state is not the first step
    bool all_init = true;

    const IterationState& of(Dim d) const { return *state[static_cast<std::size_t>(index_of(d))]; }
};

// Data volumes of one case at one level, as MAESTRO's reuse analysis computes them.
class CaseCosting {
public:
    CaseCosting(const LevelPlan& level, const Case& c) : lv_(level), c_(c) {}

    // Elements one sub-cluster's tile of tensor t holds in this case.
    std::int64_t pe_mapped_volume(const TensorDims& t, bool first, bool edge_edge) const {
        std::int64_t v = 1;
        for (int i = 0; i < lv_.num_directives; ++i) {
            const auto& d = dir(i);
            if (!t.set.contains(d.dim)) continue;
            const auto& st = c_.of(d.dim);
            if (!d.spatial) {
                v *= st.edge ? me(d.dim) : m(d.dim);
            } else if (st.edge) {
                const std::int64_t nec = lv_.num_edge_sub_clusters;
                if (nec == 1 && (first || edge_edge))
                    v *= me(d.dim);
                else if (nec > 1)
                    v *= edge_edge ? me(d.dim) : m(d.dim);
            } else {
                v *= m(d.dim);
            }
        }
        return v;
    }

    // Elements of input tensor t sent to one sub-cluster in this case (temporal reuse applied).
    std::int64_t pe_ingress_volume(const TensorDims& t, bool first, bool edge_edge) {
        const int changing = c_.changing;
        if (changing < 0) return pe_mapped_volume(t, first, edge_edge);
        bool inited = false;
        for (int i = changing + 1; i < lv_.num_directives; ++i) {
            const auto& d = dir(i);
            const auto& st = c_.of(d.dim);
            if (t.set.contains(d.dim) && st.position == Position::Init && !st.unrolled) {
                inited = true;
                break;
            }
        }
        bool tensor_changes = false;
        std::int64_t v = 1;
        for (int i = 0; i < lv_.num_directives; ++i) {
            const auto& d = dir(i);
            if (!t.set.contains(d.dim)) continue;
            const auto& st = c_.of(d.dim);
            const bool is_changing = i == changing;
            if (is_changing) tensor_changes = true;
            if (!d.spatial) {
                if (st.position == Position::Init) {
                    v *= st.edge ? me(d.dim) : m(d.dim);
                } else if (is_changing && !inited) {
                    if (u(d.dim) == 0) fatal_ = Invalidity::ReusedUnrolledDimension;
                    v *= std::max<std::int64_t>(u(d.dim), 1);
                } else {
                    v *= m(d.dim);
                }
            } else {
                const std::int64_t full = edge_edge ? me(d.dim) : m(d.dim);
                const std::int64_t fresh = edge_edge ? ue(d.dim) : u(d.dim);
                if (first)
                    v *= full;
                else if (st.position == Position::Init)
                    v *= i > changing ? fresh : full;
                else
                    v *= (!inited && is_changing) ? fresh : full;
            }
        }
        return tensor_changes ? v : 0;
    }

    // Elements of input tensor t the level's buffer sends out in this case.
    std::int64_t spatial_ingress(const TensorDims& t) {
        const SpatialInfo sp = spatial_info(t, false);
        if (!sp.mapped) return pe_ingress_volume(t, true, false);
        const std::int64_t nc = lv_.num_sub_clusters, nec = lv_.num_edge_sub_clusters;
        if (!sp.edge)
            return pe_ingress_volume(t, true, false) + (nc - 1) * pe_ingress_volume(t, false, false);
        const bool ee = sp.state->spatial_edge_edge;
        std::int64_t v = (nec == 1 && ee) ? pe_ingress_volume(t, true, true)
                                          : pe_ingress_volume(t, true, false);
        if (nec > 1) {
            const std::int64_t n_ee = ee ? 1 : 0;
            const std::int64_t n_full = std::max<std::int64_t>(nec - n_ee - 1, 0);
            v += n_full * pe_ingress_volume(t, false, false);
            v += n_ee * pe_ingress_volume(t, false, true);
        }
        return v;
    }

    // Output elements (or, with partial_sums, MACs) of one sub-cluster in this case.
    std::int64_t pe_egress_volume(const TensorDims& o, bool partial_sums, bool first,
                                  bool edge_edge, bool reuse_at_edge = true) const {
        const std::int64_t nec = lv_.num_edge_sub_clusters;
        std::int64_t v = 1;
        auto fresh_or_one = [&](Dim d) { return u(d) != 0 ? u(d) : 1; };
        if (partial_sums) {
            for (int i = 0; i < lv_.num_directives; ++i) {
                const auto& d = dir(i);
                if (o.set.contains(d.dim)) continue;
                const auto& st = c_.of(d.dim);
                if (!d.spatial) {
                    v *= st.edge ? me(d.dim) : m(d.dim);
                    continue;
                }
                switch (st.position) {
                    case Position::Init:
                        if (st.edge && edge_edge)
                            v *= me(d.dim);
                        else
                            v *= first ? m(d.dim) : fresh_or_one(d.dim);
                        break;
                    case Position::Steady: v *= first ? m(d.dim) : fresh_or_one(d.dim); break;
                    case Position::Edge:
                        if (nec == 1 && (first || edge_edge))
                            v *= me(d.dim);
                        else if (nec > 1)
                            v *= edge_edge ? ue(d.dim) : first ? m(d.dim) : fresh_or_one(d.dim);
                        break;
                }
            }
        }
        for (int k = 0; k < o.count; ++k) {
            const Dim var = o.dims[static_cast<std::size_t>(k)];
            const auto& d = dir(lv_.first_directive[static_cast<std::size_t>(index_of(var))]);
            const auto& st = c_.of(var);
            const Dim out = output_dim_of(var);
            if (!d.spatial) {
                switch (st.position) {
                    case Position::Init: v *= st.edge ? me(out) : m(out); break;
                    case Position::Steady: v *= m(out); break;
                    case Position::Edge: v *= me(out); break;
                }
                continue;
            }
            switch (st.position) {
                case Position::Init:
                    if (st.edge && edge_edge)
                        v *= nec == 1 ? me(out) : reuse_at_edge ? ue(out) : me(out);
                    else
                        v *= first ? m(out) : fresh_or_one(out);
                    break;
                case Position::Steady: v *= first ? m(out) : fresh_or_one(out); break;
                case Position::Edge:
                    // MAESTRO looks up the input-coordinate entry here (Y rather than Y').
                    if (nec == 1 && (first || edge_edge))
                        v *= me(var);
                    else if (nec > 1)
                        v *= edge_edge ? ue(out) : first ? m(out) : fresh_or_one(out);
                    break;
            }
        }
        return v;
    }

    // Output elements sent up to the level's buffer in this case.
    std::int64_t spatial_egress(const TensorDims& o) const {
        const SpatialInfo sp = spatial_info(o, false);
        if (!sp.mapped) return pe_egress_volume(o, false, true, false);
        const std::int64_t nc = lv_.num_sub_clusters, nec = lv_.num_edge_sub_clusters;
        if (!sp.edge)
            return pe_egress_volume(o, false, true, false) +
                   (nc - 1) * pe_egress_volume(o, false, false, false);
        const bool ee = sp.state->spatial_edge_edge;
        std::int64_t v = (nec == 1 && ee) ? pe_egress_volume(o, false, true, true)
                                          : pe_egress_volume(o, false, true, false);
        if (nec > 1) {
            const std::int64_t n_ee = ee ? 1 : 0;
            const std::int64_t n_full = std::max<std::int64_t>(nec - n_ee - 1, 0);
            v += n_full * pe_egress_volume(o, false, false, false);
            v += n_ee * pe_egress_volume(o, false, false, true);
        }
        return v;
    }

    // MACs on the busiest sub-cluster in this case.
    std::int64_t critical_path_macs(const TensorDims& o) const {
        const SpatialInfo sp = spatial_info(o, false);
        if (!sp.mapped || !sp.edge) return pe_egress_volume(o, true, true, false);
        const bool ee = sp.state->spatial_edge_edge;
        return (lv_.num_edge_sub_clusters == 1 && ee) ? pe_egress_volume(o, true, true, true)
                                                      : pe_egress_volume(o, true, true, false);
    }

    // MACs over all sub-clusters in this case.
    std::int64_t total_macs(const TensorDims& o) const {
        const SpatialInfo sp = spatial_info(o, true);
        const std::int64_t nc = lv_.num_sub_clusters, nec = lv_.num_edge_sub_clusters;
        if (!sp.mapped) return nc * pe_egress_volume(o, true, true, false);
        if (!sp.edge) return nc * pe_egress_volume(o, true, true, false);
        const bool ee = sp.state->spatial_edge_edge;
        std::int64_t v = (nec == 1 && ee) ? pe_egress_volume(o, true, true, true)
                                          : pe_egress_volume(o, true, true, false);
        if (nec > 1) {
            const std::int64_t n_ee = ee ? 1 : 0;
            const std::int64_t n_full = std::max<std::int64_t>(nec - n_ee - 1, 0);
            v += n_full * pe_egress_volume(o, true, true, false);
            v += n_ee * pe_egress_volume(o, true, false, true, false);
        }
        return v;
    }

    // The tile a sub-cluster works on in this case (sizes of this level's mapped dimensions).
    void sub_cluster_tile(bool edge_edge, DimArray& tile) const {
        tile = {};
        DimSet done;
        const std::int64_t nec = lv_.num_edge_sub_clusters;
        for (int i = 0; i < lv_.num_directives; ++i) {
            const auto& d = dir(i);
            if (done.contains(d.dim)) continue;
            done.insert(d.dim);
            const auto& st = c_.of(d.dim);
            std::int64_t size = 0;
            if (!d.spatial) {
                size = st.edge ? me(d.dim) : m(d.dim);
            } else {
                const bool use_edge = nec == 1 || edge_edge;
                switch (st.position) {
                    case Position::Init: size = st.edge && use_edge ? me(d.dim) : m(d.dim); break;
                    case Position::Steady: size = m(d.dim); break;
                    case Position::Edge: size = use_edge ? me(d.dim) : m(d.dim); break;
                }
            }
            at(tile, d.dim) = size;
        }
    }

    Invalidity fatal() const { return fatal_; }

private:
    struct SpatialInfo {
        bool mapped = false;
        bool edge = false;
        const IterationState* state = nullptr;
    };

    // Whether tensor t is spatially mapped in this level, and the state of that mapping. With
    // any_spatial, every SpatialMap counts (MAESTRO does so when counting partial sums).
    SpatialInfo spatial_info(const TensorDims& t, bool any_spatial) const {
        SpatialInfo info;
        for (int k = 0; k < t.count; ++k) {
            const Dim var = t.dims[static_cast<std::size_t>(k)];
            const auto& d = dir(lv_.first_directive[static_cast<std::size_t>(index_of(var))]);
            if (!d.spatial) continue;
            info.mapped = true;
            info.state = &c_.of(var);
            if (info.state->edge) info.edge = true;
        }
        if (any_spatial) {
            for (int i = 0; i < lv_.num_directives; ++i) {
                const auto& d = dir(i);
                if (!d.spatial) continue;
                info.mapped = true;
                info.state = &c_.of(d.dim);
                if (info.state->edge) info.edge = true;
            }
        }
        return info;
    }

    const LevelDirective& dir(int i) const { return lv_.directives[static_cast<std::size_t>(i)]; }
    std::int64_t m(Dim d) const { return at(lv_.mapped, d); }
    std::int64_t u(Dim d) const { return at(lv_.unique, d); }
    std::int64_t me(Dim d) const { return at(lv_.mapped_edge, d); }
    std::int64_t ue(Dim d) const { return at(lv_.unique_edge, d); }

    const LevelPlan& lv_;
    const Case& c_;
    Invalidity fatal_ = Invalidity::None;
};

}  // namespace

namespace {

std::uint64_t hash_tile(const DimArray& tile) {
    std::uint64_t h = 1469598103934665603ull;
    for (auto v : tile) {
        h ^= static_cast<std::uint64_t>(v);
        h *= 1099511628211ull;
        h ^= h >> 29;
    }
    return h;
}

// Walks the iteration cases of a level in MAESTRO's order: directive i (outermost first) is in
// state ceil(case / f_i) mod n_i, where f_i is the number of cases of the directives inside it.
class CaseWalker {
public:
    CaseWalker(const LevelPlan& lv, const DimArray& tile) : lv_(lv) {
        n_ = lv.num_directives;
        for (int i = 0; i < n_; ++i) {
            const auto& d = lv.directives[static_cast<std::size_t>(i)];
            states_[static_cast<std::size_t>(i)] =
                directive_states(d, at(tile, d.dim), lv.num_sub_clusters);
        }
        std::int64_t acc = 1;
        for (int i = n_ - 1; i >= 0; --i) {
            stride_[static_cast<std::size_t>(i)] = acc;
            acc *= states_[static_cast<std::size_t>(i)].count;
        }
        total_ = acc;
    }

    std::int64_t total() const { return total_; }

    void load(std::int64_t case_index, Case& c) const {
        c.occurrences = 1;
        for (int i = 0; i < n_; ++i) {
            const auto& ds = states_[static_cast<std::size_t>(i)];
            const std::int64_t f = stride_[static_cast<std::size_t>(i)];
            const std::int64_t s = ((case_index + f - 1) / f) % ds.count;
            const IterationState* st = &ds.states[static_cast<std::size_t>(s)];
            const auto& d = lv_.directives[static_cast<std::size_t>(i)];
            c.state[static_cast<std::size_t>(index_of(d.dim))] = st;
            c.occurrences *= st->occurrences;
        }
        c.changing = -1;
        c.all_init = true;
        for (int i = 0; i < n_; ++i) {
            const auto& d = lv_.directives[static_cast<std::size_t>(i)];
            if (c.of(d.dim).position != Position::Init) {
                c.changing = i;
                c.all_init = false;
            }
        }
    }

private:
    const LevelPlan& lv_;
    int n_ = 0;
    std::array<DirectiveStates, kMaxLevelDirectives> states_{};
    std::array<std::int64_t, kMaxLevelDirectives> stride_{};
    std::int64_t total_ = 1;
};

InnerOutcome analyze_inner(const MappingPlan& plan, int li, const DimArray& tile,
                           AnalysisWorkspace& ws);

// Analyses the sub-clusters of one case; returns the slowest runtime and the busy unit count.
struct SubClusterResult {
    std::int64_t runtime = 0;
    double active_units = 0;
    std::int64_t first_innermost_size_calls = 0;
    Invalidity fatal = Invalidity::None;
};

SubClusterResult analyze_sub_clusters(const MappingPlan& plan, int li, const CaseCosting& costing,
                                      const IterationState& spatial_state, AnalysisWorkspace& ws) {
    const LevelPlan& lv = plan.levels[static_cast<std::size_t>(li)];
    SubClusterResult r;
    DimArray tile{};
    auto run = [&](bool edge_edge, std::int64_t spatial_occurrences, bool first) {
        costing.sub_cluster_tile(edge_edge, tile);
        const InnerOutcome o = analyze_inner(plan, li + 1, tile, ws);
        r.runtime = std::max(r.runtime, o.runtime);
        r.active_units += o.avg_active * static_cast<double>(spatial_occurrences);
        if (first) r.first_innermost_size_calls = o.first_innermost_size_calls;
        if (o.fatal != Invalidity::None) r.fatal = o.fatal;
    };
    if (spatial_state.edge) {
        const std::int64_t nec = lv.num_edge_sub_clusters;
        if (spatial_state.spatial_edge_edge) {
            run(true, 1, true);
            if (nec - 1 > 0) run(false, nec - 1, false);
        } else {
            run(false, nec, true);
        }
    } else {
        run(false, lv.num_sub_clusters, true);
    }
    return r;
}

// Static L1 volume of tensor t's tile at a level (MAESTRO's "mapped volume").
std::int64_t mapped_volume(const LevelPlan& lv, const TensorDims& t) {
    std::int64_t v = 1;
    for (int k = 0; k < t.count; ++k) {
        const Dim d = t.dims[static_cast<std::size_t>(k)];
        if (lv.mapped_dims.contains(d)) v *= at(lv.mapped, d);
    }
    return v;
}

InnerOutcome analyze_inner_uncached(const MappingPlan& plan, int li, const DimArray& tile,
                                    AnalysisWorkspace& ws) {
    const LevelPlan& lv = plan.levels[static_cast<std::size_t>(li)];
    const bool innermost = li == plan.num_levels - 1;
    const TensorDims& out_t = plan.tensors[static_cast<std::size_t>(TensorRole::Output)];
    const CaseWalker walker(lv, tile);
    InnerOutcome result;
    if (!ws.charge(walker.total())) {
        result.fatal = Invalidity::TooManyCases;
        return result;
    }
    Case c;
    std::int64_t total_occurrences = 0;
    double active_sum = 0;
    bool seen_valid = false;
    std::int64_t size_calls = 0;
    for (std::int64_t ci = 0; ci < walker.total() && !ws.exhausted(); ++ci) {
        walker.load(ci, c);
        CaseCosting costing(lv, c);
        if (!seen_valid) {
            // MAESTRO records buffer sizes here, costing the ingress (which can abort).
            ++size_calls;
            for (int t = 0; t < 2; ++t) costing.spatial_ingress(plan.tensors[static_cast<std::size_t>(t)]);
            if (costing.fatal() != Invalidity::None) result.fatal = costing.fatal();
        }
        const std::int64_t egress = costing.spatial_egress(out_t);
        if (costing.critical_path_macs(out_t) <= 0) continue;
        std::int64_t ingress = 0;
        for (int t = 0; t < 2; ++t) ingress += costing.spatial_ingress(plan.tensors[static_cast<std::size_t>(t)]);
        if (costing.fatal() != Invalidity::None) result.fatal = costing.fatal();

        const IterationState& sp = c.of(lv.directives[static_cast<std::size_t>(lv.first_spatial)].dim);
        const std::int64_t busy = sp.edge ? lv.num_edge_sub_clusters : lv.num_sub_clusters;
        std::int64_t compute = 0;
        double active = 0;
        if (!innermost) {
            const SubClusterResult sub = analyze_sub_clusters(plan, li, costing, sp, ws);
            if (sub.fatal != Invalidity::None) result.fatal = sub.fatal;
            compute = sub.runtime;
            active = sub.active_units;
            if (!seen_valid) result.first_innermost_size_calls = sub.first_innermost_size_calls;
        } else {
            const std::int64_t psums = costing.critical_path_macs(out_t);
            compute = (psums + plan.simd_lanes - 1) / plan.simd_lanes;
        }
        if (active == 0) active = static_cast<double>(busy);
        const std::int64_t in_delay = noc_delay(ingress, lv.noc_bandwidth, lv.noc_head_latency);
        const std::int64_t out_delay = noc_delay(egress, lv.noc_bandwidth, lv.noc_head_latency);
        const std::int64_t delay =
            c.all_init ? compute + in_delay : std::max(out_delay, std::max(compute, in_delay));
        add_inner_runtime(result, c.occurrences, delay);
        active_sum += active * static_cast<double>(c.occurrences);
        total_occurrences += c.occurrences;
        seen_valid = true;
    }
    if (innermost) result.first_innermost_size_calls = size_calls;
    if (total_occurrences != 0) result.avg_active = active_sum / static_cast<double>(total_occurrences);
    return result;
}

InnerOutcome analyze_inner(const MappingPlan& plan, int li, const DimArray& tile,
                           AnalysisWorkspace& ws) {
    auto& slots = ws.tile_memo[static_cast<std::size_t>(li)];
    const std::uint64_t h = hash_tile(tile);
    for (int probe = 0; probe < 8; ++probe) {
        auto& e = slots[static_cast<std::size_t>((h + static_cast<std::uint64_t>(probe)) % kTileMemoSlots)];
        if (e.generation != ws.generation) {
            e.generation = ws.generation;
            e.key = tile;
            e.value = analyze_inner_uncached(plan, li, tile, ws);
            return e.value;
        }
        if (e.key == tile) return e.value;
    }
    return analyze_inner_uncached(plan, li, tile, ws);
}

}  // namespace

void analyze_top_level_reference(const MappingPlan& plan, AnalysisWorkspace& ws,
                                 TopLevelOutcome& out) {
    out = TopLevelOutcome{};
    ++ws.generation;
    ws.cases_left = kCaseBudget;
    const LevelPlan& lv = plan.levels[0];
    const bool innermost = plan.num_levels == 1;
    constexpr auto kIn = static_cast<std::size_t>(TensorRole::Input);
    constexpr auto kW = static_cast<std::size_t>(TensorRole::Weight);
    constexpr auto kOut = static_cast<std::size_t>(TensorRole::Output);
    const TensorDims& out_t = plan.tensors[kOut];
    const CaseWalker walker(lv, plan.full);
    if (!ws.charge(walker.total())) {
        out.problem = {Invalidity::TooManyCases, 0, Dim::K, walker.total(), kCaseBudget};
        return;
    }

    bool overflow = false;
    bool seen_valid = false;
    std::int64_t size_calls = 0;  // MAESTRO records buffer sizes until it meets a working case
    std::int64_t first_innermost_size_calls = 0;
    std::int64_t total_occurrences = 0;
    double active_sum = 0;
    long double avg_bw_sum = 0;
    long double delay_sum[3] = {0, 0, 0};
    std::int64_t delay_min[3] = {std::numeric_limits<std::int64_t>::max(),
                                 std::numeric_limits<std::int64_t>::max(),
                                 std::numeric_limits<std::int64_t>::max()};
    std::int64_t delay_max[3] = {0, 0, 0};
    Invalidity fatal = Invalidity::None;
    Case c;

    for (std::int64_t ci = 0; ci < walker.total() && !ws.exhausted(); ++ci) {
        walker.load(ci, c);
        CaseCosting costing(lv, c);
        if (!seen_valid) {
            ++size_calls;
            for (std::size_t t = 0; t < 2; ++t) {
                out.l2_required[t] += 2 * costing.spatial_ingress(plan.tensors[t]);
                std::int64_t size = 1;
                for (int k = 0; k < plan.tensors[t].count; ++k)
                    size *= at(plan.full, plan.tensors[t].dims[static_cast<std::size_t>(k)]);
                out.tensors[t].l2_write = size;
            }
            out.l2_required[kOut] = 2 * costing.spatial_egress(out_t);
            std::int64_t out_size = 1;
            for (int k = 0; k < out_t.count; ++k) {
                const Dim d = out_t.dims[static_cast<std::size_t>(k)];
                out_size *= (plan.convolution_like && is_reference_dim(d))
                                ? at(plan.full, d) - at(plan.full, window_partner(d)) + 1
                                : at(plan.full, d);
            }
            out.tensors[kOut].l2_read = out_size;
        }
        const std::int64_t egress = costing.spatial_egress(out_t);
        const std::int64_t macs_all = costing.total_macs(out_t);
        add_product(out.tensors[kOut].l2_write, c.occurrences, egress, overflow);
        add_product(out.tensors[kOut].l1_write, c.occurrences, macs_all, overflow);
        add_product(out.tensors[kOut].l1_read, c.occurrences, macs_all, overflow);
        const std::int64_t psums = costing.critical_path_macs(out_t);
        if (costing.fatal() != Invalidity::None) fatal = costing.fatal();
        if (psums <= 0) continue;

        std::int64_t ingress = 0;
        for (std::size_t t = 0; t < 2; ++t) {
            const std::int64_t in_t = costing.spatial_ingress(plan.tensors[t]);
            ingress += in_t;
            add_product(out.tensors[t].l2_read, c.occurrences, in_t, overflow);
            out.tensors[t].l1_write = out.tensors[t].l2_read;
            add_product(out.tensors[t].l1_read, c.occurrences, macs_all, overflow);
        }
        if (costing.fatal() != Invalidity::None) fatal = costing.fatal();
        out.arithmetic_intensity = static_cast<double>(macs_all) / static_cast<double>(ingress);

        const IterationState& sp = c.of(lv.directives[static_cast<std::size_t>(lv.first_spatial)].dim);
        const std::int64_t busy = sp.edge ? lv.num_edge_sub_clusters : lv.num_sub_clusters;
        std::int64_t compute = 0;
        double active = 0;
        if (!innermost) {
            const SubClusterResult sub = analyze_sub_clusters(plan, 0, costing, sp, ws);
            if (sub.fatal != Invalidity::None) fatal = sub.fatal;
            compute = sub.runtime;
            active = sub.active_units;
            if (!seen_valid) first_innermost_size_calls = sub.first_innermost_size_calls;
        } else {
            compute = (psums + plan.simd_lanes - 1) / plan.simd_lanes;
        }
        if (active == 0) active = static_cast<double>(busy);

        const std::int64_t in_delay = noc_delay(ingress, lv.noc_bandwidth, lv.noc_head_latency);
        const std::int64_t out_delay = noc_delay(egress, lv.noc_bandwidth, lv.noc_head_latency);
        std::int64_t delay =
            c.all_init ? compute + in_delay : std::max(out_delay, std::max(compute, in_delay));
        // Off-chip: the double-buffered L2 refills its halves while the level computes.
        const std::int64_t out_buffer = out.l2_required[kOut];
        const std::int64_t in_buffer = out.l2_required[kIn] + out.l2_required[kW];
        delay = std::max(in_buffer / plan.offchip_bandwidth / 2,
                         std::max(delay, out_buffer / plan.offchip_bandwidth / 2));
        if (compute == 0) {
            fatal = Invalidity::ZeroSubClusterRuntime;
        } else {
            out.offchip_bw = std::max(out.offchip_bw, out_buffer / compute);
            out.offchip_bw = std::max(out.offchip_bw, in_buffer / compute);
            out.offchip_bw /= 2;
        }
        add_product(out.runtime, c.occurrences, delay, overflow);
        add_product(out.macs, c.occurrences, macs_all, overflow);
        active_sum += active * static_cast<double>(c.occurrences);
        if (compute == 0) compute = 1;
        const std::int64_t traffic = std::max(ingress, egress);
        out.peak_noc_bw = std::max(out.peak_noc_bw, traffic / compute);
        std::int64_t weighted = 0;
        add_product(weighted, c.occurrences, traffic, overflow);
        avg_bw_sum += static_cast<long double>(weighted / compute);
        const std::int64_t delays[3] = {in_delay, out_delay, compute};
        for (int k = 0; k < 3; ++k) {
            delay_sum[k] += static_cast<long double>(c.occurrences) * static_cast<long double>(delays[k]);
            delay_min[k] = std::min(delay_min[k], delays[k]);
            delay_max[k] = std::max(delay_max[k], delays[k]);
        }
        total_occurrences += c.occurrences;
        seen_valid = true;
    }

    if (ws.exhausted()) {
        out.problem = {Invalidity::TooManyCases, 0, Dim::K, 0, kCaseBudget};
        return;
    }
    if (!seen_valid) {
        // MAESTRO then reports the outermost level's buffer figures, recorded for every case.
        out.l1_required_by_tensor = {2 * size_calls * mapped_volume(lv, plan.tensors[kIn]),
                                   2 * size_calls * mapped_volume(lv, plan.tensors[kW]), 2 * mapped_volume(lv, out_t)};
        out.l1_required = out.l1_required_by_tensor[0] + out.l1_required_by_tensor[1] + out.l1_required_by_tensor[2];
        out.problem.kind = Invalidity::NoValidIteration;
        out.problem.level = 0;
        return;
    }
    if (innermost) first_innermost_size_calls = size_calls;
    // MAESTRO's L1 figure: the first innermost analysis, whose input-tensor sizes accumulate
    // once per recorded case while the output's is overwritten.
    const LevelPlan& inner = plan.levels[static_cast<std::size_t>(plan.num_levels - 1)];
    out.l1_required_by_tensor = {2 * first_innermost_size_calls * mapped_volume(inner, plan.tensors[kIn]),
                                   2 * first_innermost_size_calls * mapped_volume(inner, plan.tensors[kW]), 2 * mapped_volume(inner, out_t)};
    out.l1_required = out.l1_required_by_tensor[0] + out.l1_required_by_tensor[1] + out.l1_required_by_tensor[2];
    const auto occ = static_cast<long double>(total_occurrences);
    out.avg_noc_bw = static_cast<double>(avg_bw_sum / occ);
    out.avg_active_clusters = active_sum / static_cast<double>(total_occurrences);
    DelayStats* stats[3] = {&out.ingress, &out.egress, &out.compute};
    for (int k = 0; k < 3; ++k) {
        stats[k]->min_cycles = delay_min[k];
        stats[k]->max_cycles = delay_max[k];
        stats[k]->avg_cycles = static_cast<std::int64_t>(delay_sum[k] / occ);
    }
    if (fatal != Invalidity::None) {
        out.problem.kind = fatal;
        out.problem.level = 0;
    } else if (overflow) {
        out.problem.kind = Invalidity::ArithmeticOverflow;
    }
}

}  // namespace mapscape
