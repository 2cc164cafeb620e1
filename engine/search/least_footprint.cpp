#include "search/least_footprint.hpp"

#include <algorithm>
#include <limits>
#include <random>
#include <vector>

#include "cost/compute_bound.hpp"
#include "cost/evaluate.hpp"
#include "mapping/random_mapping.hpp"
#include "util/units.hpp"

namespace mapscape {

namespace {

// A candidate's structure: cluster levels and, per inner level, the filter dimension it spreads
// one row (column) per unit, or kNoSpread: units along the outer level's parallel dimension.
constexpr Dim kNoSpread = Dim::Yo;  // never spread (output rows are not a filter dimension)
struct Structure {
    int levels = 1;
    std::vector<Dim> spread;  // levels - 1 entries
};

// The dimension the outermost level parallelises: the largest of the ones that are not filters.
Dim widest_parallel_dim(const Layer& l) {
    std::vector<Dim> choices;
    if (l.type == LayerType::Gemm) {
        choices = {Dim::M, Dim::N, Dim::K};
    } else {
        if (l.type != LayerType::DepthwiseConv) choices.push_back(Dim::K);
        choices.push_back(Dim::C);
    }
    Dim best = choices.front();
    for (Dim d : choices)
        if (l.size(d) > l.size(best)) best = d;
    return best;
}

Mapping build(const Layer& l, const Accelerator& acc, TargetSystem system, const Structure& s, bool whole_filter) {
    std::vector<Dim> dims;
    if (l.type == LayerType::Gemm) {
        dims = {Dim::M, Dim::N, Dim::K};
    } else {
        if (l.has(Dim::N)) dims.push_back(Dim::N);
        if (l.type == LayerType::GroupedConv) dims.push_back(Dim::G);
        if (l.type != LayerType::DepthwiseConv) dims.push_back(Dim::K);
        for (Dim d : {Dim::C, Dim::Yo, Dim::Xo, Dim::R, Dim::S}) dims.push_back(d);
    }
    const Dim parallel = widest_parallel_dim(l);
    // Inner levels: a spread filter dimension's units, or (no spread) units along `parallel`.
    std::vector<std::int64_t> clusters;
    std::int64_t parallel_tile = 1;
    for (Dim spread : s.spread) {
        std::int64_t c = spread == kNoSpread ? std::max<std::int64_t>(1, std::min<std::int64_t>(16, mappable_size(l, parallel)))
                                          : mappable_size(l, spread);
        if (system == TargetSystem::S1 && clusters.empty()) c = fixed_row_length(acc);
        clusters.push_back(std::max<std::int64_t>(1, c));
        if (spread == kNoSpread) parallel_tile *= clusters.back();
    }
    std::int64_t product = 1;
    for (std::int64_t c : clusters) product *= c;
    if (product > acc.num_pes) return {};
    parallel_tile = std::min(parallel_tile, mappable_size(l, parallel));
    // MAESTRO's model needs a temporal filter tile whole; the faithful analysis can take one
    // row (column) of it at a time (whole_filter false).
    auto whole_or_unit = [&](Dim d) { return (d == Dim::R || d == Dim::S) && whole_filter ? mappable_size(l, d) : 1; };
    Mapping m;
    for (Dim d : dims) {
        if (d == parallel)
            m.directives.push_back(Directive::spatial(d, parallel_tile, parallel_tile));
        else
            m.directives.push_back(Directive::temporal(d, whole_or_unit(d), whole_or_unit(d)));
    }
    std::vector<Dim> spread_so_far;
    for (std::size_t i = 0; i < s.spread.size(); ++i) {
        m.directives.push_back(Directive::cluster(clusters[i]));
        const Dim spread = s.spread[i];
        if (spread != kNoSpread) spread_so_far.push_back(spread);
        for (Dim d : dims) {
            const bool spread_before = std::find(spread_so_far.begin(), spread_so_far.end(), d) != spread_so_far.end();
            if ((spread != kNoSpread && d == spread) || (spread == kNoSpread && d == parallel))
                m.directives.push_back(Directive::spatial(d, 1, 1));
            else if (spread_before)
                continue;  // inherited as the level above tiles it (a TemporalMap on R or S must be whole)
            else
                m.directives.push_back(Directive::temporal(d, whole_or_unit(d), whole_or_unit(d)));
        }
    }
    return m;
}

// The faithful analysis's least footprint: the innermost level takes the filter one row and one
// column at a time (temporal tiles of 1) under its parent's one output, which it inherits (no row
// or column map there, so no window walks beside the split filter: the analysis stays quick).
// L1: 2 x (1 input + 1 weight + 1 partial sum).
Mapping split_filter_innermost(Mapping m) {
    std::size_t start = 0;
    for (std::size_t i = 0; i < m.directives.size(); ++i)
        if (m.directives[i].kind == DirectiveKind::Cluster) start = i + 1;
    if (start == 0) return m;  // one level: built with unit filter tiles already
    std::vector<Directive> kept(m.directives.begin(), m.directives.begin() + static_cast<std::ptrdiff_t>(start));
    for (std::size_t i = start; i < m.directives.size(); ++i) {
        Directive d = m.directives[i];
        if (d.dim == Dim::Y || d.dim == Dim::Yo || d.dim == Dim::X || d.dim == Dim::Xo) continue;
        if (d.dim == Dim::R || d.dim == Dim::S) d.size = d.offset = 1;
        kept.push_back(d);
    }
    m.directives = std::move(kept);
    return m;
}

// The other way to 6 elements: the top level takes the filter one row and column at a time over
// every output (its row and column maps cover every input row and column) and the inner levels
// walk the outputs one by one under each filter row. A top-level step then holds one filter
// element per output channel rather than whole filters (what L2 must hold, twice).
Mapping split_filter_on_top(Mapping m, const Layer& l) {
    bool top = true;
    for (Directive& d : m.directives) {
        if (d.kind == DirectiveKind::Cluster) {
            top = false;
            continue;
        }
        if (d.dim == Dim::R || d.dim == Dim::S) d.size = d.offset = 1;
        // Every input row (column): with a filter tile of 1 a Y' map of n covers n rows.
        if (top && d.dim == Dim::Yo) d.size = d.offset = mappable_size(l, d.dim) + std::max<std::int64_t>(1, l.size(Dim::R)) - 1;
        if (top && d.dim == Dim::Xo) d.size = d.offset = mappable_size(l, d.dim) + std::max<std::int64_t>(1, l.size(Dim::S)) - 1;
    }
    return m;
}

std::vector<Structure> structures(const Layer& l, int min_levels, int max_levels) {
    std::vector<Structure> out;
    const bool filters = l.type != LayerType::Gemm;
    std::vector<Dim> options = {kNoSpread};
    if (filters) {
        if (l.size(Dim::R) > 1) options.push_back(Dim::R);
        if (l.size(Dim::S) > 1) options.push_back(Dim::S);
    }
    for (int levels = std::max(1, min_levels); levels <= std::min(max_levels, kMaxClusterLevels); ++levels) {
        // Every sequence of inner-level choices, a filter dimension spread at most once.
        std::vector<std::vector<Dim>> sequences = {{}};
        for (int k = 1; k < levels; ++k) {
            std::vector<std::vector<Dim>> next;
            for (const auto& seq : sequences)
                for (Dim d : options) {
                    if (d != kNoSpread && std::find(seq.begin(), seq.end(), d) != seq.end()) continue;
                    auto longer = seq;
                    longer.push_back(d);
                    next.push_back(std::move(longer));
                }
            sequences = std::move(next);
        }
        for (auto& seq : sequences) out.push_back({levels, std::move(seq)});
    }
    return out;
}

// Whether the candidate runs as the problem's searches accept mappings, and the analysis counts
// exactly the layer's MACs: a fallback is not built on the model's overcounts either (with a
// stride, MAESTRO's model can count several times the layer's MACs for small tiles).
bool runs(const SearchProblem& p, const CostReport& r, const Mapping& m, const ComputeBound& bound, Invalidity& why) {
    why = search_refusal(p, r, m, bound);
    if (why == Invalidity::None && r.macs != r.layer_macs) why = Invalidity::MacsUndercounted;
    return why == Invalidity::None;
}

// Grows the least-footprint mapping's tiles while the objective improves and it still runs: the
// steepest single doublings first, then a (1+1) local search over the tile of one or two maps at
// a time (doubled, halved or drawn anew; filters and the structure kept), seeded by the problem's
// seed. The unit tiles fit any buffer the structure fits, but move data in the smallest pieces.
Mapping grow_tiles(const SearchProblem& p, Mapping m, const ComputeBound& bound, int budget) {
    CostReport r = evaluate(p.layer, p.accelerator, m, ReportDetail::Objectives);
    Invalidity why = Invalidity::None;
    if (!runs(p, r, m, bound, why)) return m;
    double best = p.objective.value(r);
    const Layer l = analysed_form(p.layer);
    std::vector<std::size_t> movable;
    for (std::size_t i = 0; i < m.directives.size(); ++i) {
        const Directive& d = m.directives[i];
        if (d.is_map() && d.dim != Dim::R && d.dim != Dim::S && mappable_size(l, d.dim) > 1) movable.push_back(i);
    }
    if (movable.empty()) return m;
    // First the steepest of the single doublings, while one improves (cheap, and often most of
    // the gain); then random moves for the rest of the budget.
    while (budget > 0) {
        Mapping best_move;
        double best_move_value = best;
        for (std::size_t i : movable) {
            const Directive& d = m.directives[i];
            const std::int64_t extent = mappable_size(l, d.dim);
            if (d.size >= extent || budget <= 0) continue;
            Mapping trial = m;
            trial.directives[i].size = trial.directives[i].offset = std::min(extent, d.size * 2);
            --budget;
            const CostReport t = evaluate(p.layer, p.accelerator, trial, ReportDetail::Objectives);
            if (!runs(p, t, trial, bound, why)) continue;
            const double v = p.objective.value(t);
            if (v < best_move_value) {
                best_move_value = v;
                best_move = std::move(trial);
            }
        }
        if (best_move.empty()) break;
        m = std::move(best_move);
        best = best_move_value;
    }
    std::mt19937_64 rng(p.seed * 0x9e3779b97f4a7c15ULL + 17);
    auto draw = [&](std::int64_t lo, std::int64_t hi) { return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng); };
    for (int k = 0; k < budget; ++k) {
        Mapping trial = m;
        // One map, or two at once (an outer tile and the one below it move together often).
        const int changes = draw(0, 2) == 0 ? 2 : 1;
        for (int c = 0; c < changes; ++c) {
            Directive& d = trial.directives[movable[static_cast<std::size_t>(draw(0, static_cast<std::int64_t>(movable.size()) - 1))]];
            const std::int64_t extent = mappable_size(l, d.dim);
            switch (draw(0, 2)) {
                case 0: d.size = std::min(extent, d.size * 2); break;
                case 1: d.size = std::max<std::int64_t>(1, d.size / 2); break;
                default: d.size = draw(1, extent); break;
            }
            d.offset = d.size;
        }
        if (trial == m) continue;
        const CostReport t = evaluate(p.layer, p.accelerator, trial, ReportDetail::Objectives);
        if (!runs(p, t, trial, bound, why)) continue;
        const double v = p.objective.value(t);
        if (v <= best) {
            best = v;
            m = std::move(trial);
        }
    }
    return m;
}

}  // namespace

Mapping improved_least_footprint(const SearchProblem& problem, const Mapping& mapping, int budget) {
    return grow_tiles(problem, mapping, ComputeBound(problem.layer, problem.accelerator), budget);
}

LeastFootprint least_footprint(const SearchProblem& p) {
    LeastFootprint out;
    const Layer l = analysed_form(p.layer);
    const int lo = p.min_levels > 0 ? p.min_levels : min_levels(p.system);
    const int hi = p.max_levels > 0 ? p.max_levels : max_levels(p.system);
    Accelerator unlimited = p.accelerator;
    unlimited.l1_size_bytes = std::numeric_limits<std::int32_t>::max();
    unlimited.l2_size_bytes = std::numeric_limits<std::int32_t>::max();
    const ComputeBound bound(p.layer, p.accelerator);
    const ComputeBound unlimited_bound(p.layer, unlimited);
    std::int64_t best_l1 = std::numeric_limits<std::int64_t>::max(), best_l2 = 0;
    std::int64_t least_l1 = std::numeric_limits<std::int64_t>::max(), least_l2 = 0;
    Mapping least_mapping;
    // Whole filters first (the faster mappings, and MAESTRO's rule); under the faithful analysis,
    // when none of those fits, one filter row and column at a time: 6 elements of L1 per PE.
    const bool may_split = p.accelerator.analysis == AnalysisMode::Faithful;
    auto consider = [&](const Mapping& m, int levels) {
        if (m.empty()) return;
        // What the candidate needs, whatever the buffers.
        const CostReport free = evaluate(p.layer, unlimited, m, ReportDetail::Objectives);
        Invalidity why = Invalidity::None;
        if (!runs(p, free, m, unlimited_bound, why)) {
            if (why == Invalidity::OverLatencyBudget &&
                (out.fastest_over_cap_cycles == 0 || free.runtime_cycles < out.fastest_over_cap_cycles))
                out.fastest_over_cap_cycles = free.runtime_cycles;
            return;
        }
        const std::int64_t l1 = free.l1_required_elements, l2 = free.l2_required_elements;
        if (l1 < least_l1 || (l1 == least_l1 && l2 < least_l2)) {
            least_l1 = l1;
            least_l2 = l2;
            least_mapping = m;
            out.levels = levels;
            out.l1_needed_bytes = free.l1_required_bytes;
            out.l2_needed_bytes = free.l2_required_bytes;
        }
        const CostReport here = evaluate(p.layer, p.accelerator, m, ReportDetail::Objectives);
        if (!runs(p, here, m, bound, why)) return;
        if (l1 < best_l1 || (l1 == best_l1 && l2 < best_l2)) {
            best_l1 = l1;
            best_l2 = l2;
            out.mapping = m;
        }
    };
    for (int pass = 0; pass < (may_split ? 2 : 1); ++pass)
    for (const Structure& s : structures(l, lo, hi)) {
        if (pass == 1 && out.mapping) break;
        if (pass == 0) {
            consider(build(p.layer, p.accelerator, p.system, s, true), s.levels);
            continue;
        }
        if (std::any_of(s.spread.begin(), s.spread.end(), [](Dim d) { return d != kNoSpread; })) continue;
        // (A single level splits its filter beside its row walks, which the analysis takes one
        // edge position at a time: slow; only when the system allows no second level.)
        if (s.levels == 1 && hi >= 2) continue;
        const Mapping whole_on_top = build(p.layer, p.accelerator, p.system, s, s.levels > 1);
        consider(split_filter_innermost(whole_on_top), s.levels);
        if (s.levels > 1) consider(split_filter_on_top(whole_on_top, l), s.levels);
    }
    if (least_l1 == std::numeric_limits<std::int64_t>::max()) {
        // No candidate runs even with unlimited buffers: too slow for the cap, or not at all.
        out.blocking = out.fastest_over_cap_cycles > 0 ? Invalidity::OverLatencyBudget : Invalidity::NoValidIteration;
        return out;
    }
    out.l1_elements = least_l1;
    out.l2_elements = least_l2;
    if (!out.mapping) {
        const CostReport here = evaluate(p.layer, p.accelerator, least_mapping, ReportDetail::Objectives);
        Invalidity why = Invalidity::None;
        runs(p, here, least_mapping, bound, why);
        out.blocking = why;
    }
    return out;
}

std::string why_no_mapping(const SearchResult& r) {
    if (r.found) return {};
    std::string why = describe_refusals(r.refusals, r.samples);
    if (!r.least_footprint_note.empty()) why += (why.empty() ? "" : "; ") + r.least_footprint_note;
    return why;
}

std::string describe_least_footprint(const LeastFootprint& f, const Accelerator& acc) {
    if (f.mapping) return {};
    if (f.l1_elements == 0 && f.blocking == Invalidity::OverLatencyBudget)
        return "no mapping tried meets the latency cap, whatever the buffers (the fastest takes " +
               format_quantity(static_cast<double>(f.fastest_over_cap_cycles), Quantity::Plain) + " cycles)";
    if (f.l1_elements == 0) return "no mapping of the layer runs on this accelerator, whatever its buffers";
    auto bytes = [](std::int64_t b) { return format_quantity(static_cast<double>(b), Quantity::Bytes); };
    std::string s = "the smallest mapping (" + std::to_string(f.levels) + (f.levels == 1 ? " level" : " levels") + ") needs " +
                    format_quantity(static_cast<double>(f.l1_elements), Quantity::Plain) + " elements of L1 per PE (" +
                    bytes(f.l1_needed_bytes) + ", the accelerator has " + bytes(acc.l1_size_bytes) + ") and " +
                    format_quantity(static_cast<double>(f.l2_elements), Quantity::Plain) + " of L2 (" + bytes(f.l2_needed_bytes) +
                    ", it has " + bytes(acc.l2_size_bytes) + ")";
    if (f.blocking == Invalidity::L1Overflow || f.blocking == Invalidity::L2Overflow) {
        s += ": the layer maps with L1 >= " + bytes(f.l1_needed_bytes) + " and L2 >= " + bytes(std::max(f.l2_needed_bytes, std::int64_t{0}));
    } else if (f.blocking != Invalidity::None) {
        s += "; it breaks another rule too";
    }
    return s;
}

}  // namespace mapscape
