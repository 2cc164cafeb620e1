#include "cost/faithful_analysis.hpp"

#include <algorithm>
#include <atomic>
#include <numeric>
#include <vector>

#include "util/index_range.hpp"
#include "util/checked_count.hpp"

namespace mapscape {

namespace {

std::atomic<bool> kind_reuse{true};  // set_faithful_kind_reuse

// MAC-space axes. A GEMM is analysed as a convolution with M as N, N as K and K as C and 1x1
// windows (the same couplings).
enum FaithfulAxis : int { fN, fG, fK, fC, fR, fS, fYo, fXo, kFaithfulAxes };

using Span = IndexRange;
Span meet(Span a, Span b) { return intersect(a, b); }
std::int64_t floor_div(std::int64_t a, std::int64_t b) { return floor_div_signed(a, b); }
std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return ceil_div_signed(a, b); }

// A set of lines along one footprint axis: `count` runs of `len` starting every `period` from
// lo. Input rows read by outputs [o, o + n) under filter rows [f, f + r) at stride s are the
// runs o x s + f, ..., one per output row; when s <= r they merge into one run.
struct Lines {
    std::int64_t lo = 0, count = 0, period = 1, len = 0;
    bool empty() const { return count <= 0 || len <= 0; }
    std::int64_t size() const { return empty() ? 0 : count * len; }
    bool operator==(const Lines&) const = default;
};

Lines run_of(Span s) { return s.size() > 0 ? Lines{s.lo, 1, 1, s.size()} : Lines{}; }

Lines windows_of(Span outputs, Span filter, std::int64_t stride) {
    if (outputs.size() == 0 || filter.size() == 0) return {};
    const std::int64_t lo = outputs.lo * stride + filter.lo;
    if (outputs.size() == 1 || stride <= filter.size())
        return {lo, 1, 1, (outputs.size() - 1) * stride + filter.size()};
    return {lo, outputs.size(), stride, filter.size()};
}

std::int64_t points_below(const Lines& l, std::int64_t x) {
    if (l.empty() || x <= l.lo) return 0;
    const std::int64_t d = x - l.lo;
    if (l.count == 1) return std::min(d, l.len);
    const std::int64_t q = d / l.period;
    if (q >= l.count) return l.size();
    return q * l.len + std::min(d % l.period, l.len);
}

std::int64_t points_in(const Lines& l, Span s) { return s.size() > 0 ? points_below(l, s.hi) - points_below(l, s.lo) : 0; }

Span run_at(const Lines& l, std::int64_t i) { return {l.lo + i * l.period, l.lo + i * l.period + l.len}; }

std::int64_t meet_size(const Lines& a, const Lines& b) {
    if (a.empty() || b.empty()) return 0;
    if (a == b) return a.size();
    if (a.count == 1) return points_in(b, run_at(a, 0));
    if (b.count == 1) return points_in(a, run_at(b, 0));
    std::int64_t total = 0;
    for (std::int64_t i = 0; i < a.count; ++i) total += points_in(b, run_at(a, i));
    return total;
}

// |l within r| and |a and b within r|: the padding-free part of input lines.
std::int64_t size_within(const Lines& l, Span r) { return points_in(l, r); }

std::int64_t meet_within(const Lines& a, const Lines& b, Span r) {
    if (a.empty() || b.empty()) return 0;
    std::int64_t total = 0;
    for (std::int64_t i = 0; i < a.count; ++i) total += points_in(b, meet(run_at(a, i), r));
    return total;
}

void clip_spans(std::vector<Span>& spans, Span r) {
    std::size_t kept = 0;
    for (const Span& s : spans)
        if (const Span c = meet(s, r); c.size() > 0) spans[kept++] = c;
    spans.resize(kept);
}

// Input lines the whole layer reads along one axis (outputs x filter at the stride), padding aside.
std::int64_t windows_size_within(std::int64_t outputs, std::int64_t filter, std::int64_t stride, Span real) {
    return size_within(windows_of({0, outputs}, {0, filter}, stride), real);
}

// The runs of x not in y.
void append_difference(const Lines& x, const Lines& y, std::vector<Span>& out) {
    for (std::int64_t i = 0; i < x.count && !x.empty(); ++i) {
        Span piece = run_at(x, i);
        if (y.empty() || points_in(y, piece) == 0) {
            out.push_back(piece);
            continue;
        }
        // Walk y's runs that cut the piece.
        const std::int64_t first = y.count == 1 ? 0 : std::max<std::int64_t>(0, floor_div(piece.lo - y.lo, y.period));
        std::int64_t at = piece.lo;
        for (std::int64_t j = first; j < y.count && at < piece.hi; ++j) {
            const Span cut = run_at(y, j);
            if (cut.lo >= piece.hi) break;
            if (cut.hi <= at) continue;
            if (cut.lo > at) out.push_back({at, cut.lo});
            at = std::max(at, cut.hi);
        }
        if (at < piece.hi) out.push_back({at, piece.hi});
    }
}

// Size of the union of the spans (sorts them).
std::int64_t union_size(std::vector<Span>& spans) {
    std::sort(spans.begin(), spans.end(), [](Span a, Span b) { return a.lo < b.lo; });
    std::int64_t total = 0, end = INT64_MIN;
    for (const Span& s : spans) {
        if (s.hi <= end) continue;
        total += s.hi - std::max(s.lo, end);
        end = s.hi;
    }
    return total;
}

// The layer as the faithful analysis indexes it.
struct FaithfulShape {
    bool depthwise = false;
    std::array<std::int64_t, kFaithfulAxes> size{};
    std::int64_t rows = 1, cols = 1;
    std::int64_t row_stride = 1, col_stride = 1;
    // The input rows and columns that are not padding: only they are fetched and stored.
    Span real_rows{INT64_MIN / 4, INT64_MAX / 4}, real_cols{INT64_MIN / 4, INT64_MAX / 4};
    bool padded = false;
    std::int64_t macs() const {
        std::int64_t v = 1;
        for (std::int64_t s : size) v *= s;
        return v;
    }
};

enum class Walk : std::uint8_t { Axis, InputRows, InputCols, OutputRows, OutputCols };

struct FaithfulDirective {
    Walk walk = Walk::Axis;
    int axis = fN;
    bool spatial = false;
    std::int64_t size = 1, offset = 1;
};

constexpr int kMostDirectives = 8;
// Step kinds one level may have before the analysis refuses the mapping (TooManyCases).
constexpr std::int64_t kMostKinds = 100000;

struct FaithfulLevel {
    std::array<FaithfulDirective, kMostDirectives> directives{};
    int count = 0;
    // The SpatialMaps (at most two), and which row and column walks the level has.
    std::array<int, 2> spatial_index{};
    int spatial_count = 0;
    bool walks_input_rows = false, walks_input_cols = false, walks_output_rows = false, walks_output_cols = false;
    std::int64_t sub_clusters = 1;
    std::int64_t noc_bandwidth = 1, noc_head_latency = 0;
};

// The tile one sub-cluster works on in one step.
struct FaithfulBox {
    std::array<Span, kFaithfulAxes> ax{};
    Span rows, cols;  // input rows and columns the step walks (the footprint comes from ax)
    std::int64_t macs() const {
        std::int64_t v = 1;
        for (const Span& s : ax) v *= s.size();
        return v;
    }
};

// A tensor's footprint: five axes of lines (input N G C rows cols; weight K G C R S; output N G
// K Yo Xo; G is 1 but for grouped convolutions).
constexpr int kFootprintAxes = 5;
using Footprint = std::array<Lines, kFootprintAxes>;

std::int64_t footprint_size(const Footprint& f) {
    std::int64_t v = 1;
    for (const Lines& l : f) v *= l.size();
    return v;
}

std::int64_t footprint_meet(const Footprint& a, const Footprint& b) {
    std::int64_t v = 1;
    for (int i = 0; i < kFootprintAxes && v > 0; ++i) v *= meet_size(a[static_cast<std::size_t>(i)], b[static_cast<std::size_t>(i)]);
    return v;
}

InvalidityDetail fail(Invalidity kind, int level = -1, Dim dim = Dim::K, std::int64_t value = 0, std::int64_t limit = 0) {
    return {kind, static_cast<std::int8_t>(level), dim, value, limit};
}

InvalidityDetail read_shape(const Layer& l, FaithfulShape& s) {
    if (!layer_problem(l).empty()) return fail(Invalidity::LayerShape);
    s.size.fill(1);
    if (l.type == LayerType::Gemm) {
        s.size[fN] = l.size(Dim::M);
        s.size[fK] = l.size(Dim::N);
        s.size[fC] = l.size(Dim::K);
        return {};
    }
    s.depthwise = l.type == LayerType::DepthwiseConv;
    s.size[fN] = l.has(Dim::N) ? l.size(Dim::N) : 1;
    s.size[fK] = s.depthwise ? 1 : l.size(Dim::K);
    if (l.type == LayerType::GroupedConv) s.size[fG] = l.size(Dim::G);
    s.size[fC] = l.size(Dim::C);
    s.size[fR] = l.size(Dim::R);
    s.size[fS] = l.size(Dim::S);
    s.row_stride = std::max<std::int64_t>(1, l.stride(Dim::Y));
    s.col_stride = std::max<std::int64_t>(1, l.stride(Dim::X));
    s.rows = l.has(Dim::Y) ? l.size(Dim::Y) : l.size(Dim::Yo) + s.size[fR] - 1;
    s.cols = l.has(Dim::X) ? l.size(Dim::X) : l.size(Dim::Xo) + s.size[fS] - 1;
    if (s.rows < s.size[fR] || s.cols < s.size[fS]) return fail(Invalidity::LayerShape);
    s.size[fYo] = (s.rows - s.size[fR]) / s.row_stride + 1;
    s.size[fXo] = (s.cols - s.size[fS]) / s.col_stride + 1;
    s.real_rows = {l.padding[0], s.rows - l.padding[1]};
    s.real_cols = {l.padding[2], s.cols - l.padding[3]};
    s.padded = l.padding != std::array<std::int64_t, 4>{};
    return {};
}

InvalidityDetail read_levels(const Layer& l, const FaithfulShape& shape, const Accelerator& acc, const Mapping& mapping,
                             std::array<FaithfulLevel, kMaxClusterLevels>& levels, int& level_count) {
    const bool gemm = l.type == LayerType::Gemm;
    if (mapping.directives.empty()) return fail(Invalidity::EmptyMapping);
    std::array<std::int64_t, kMaxClusterLevels> cluster_sizes{};
    level_count = 1;
    std::int64_t cluster_product = 1;
    for (const Directive& d : mapping.directives) {
        if (d.kind != DirectiveKind::Cluster) continue;
        if (d.size < 1) return fail(Invalidity::MapSizeNotPositive, level_count);
        if (level_count >= kMaxClusterLevels) return fail(Invalidity::TooManyLevels, -1, Dim::K, level_count + 1, kMaxClusterLevels);
        cluster_sizes[static_cast<std::size_t>(level_count - 1)] = d.size;
        cluster_product *= d.size;
        ++level_count;
    }
    if (cluster_product > acc.num_pes) return fail(Invalidity::ClustersExceedPEs, -1, Dim::K, cluster_product, acc.num_pes);
    for (int li = 0; li < level_count; ++li) {
        FaithfulLevel& lv = levels[static_cast<std::size_t>(li)];
        lv = {};
        lv.sub_clusters = li == 0 ? acc.num_pes / cluster_product : cluster_sizes[static_cast<std::size_t>(li - 1)];
        lv.noc_bandwidth = std::max<std::int64_t>(1, acc.noc[static_cast<std::size_t>(li)].bandwidth_elements_per_cycle);
        lv.noc_head_latency = acc.noc[static_cast<std::size_t>(li)].head_latency_cycles();
    }
    // The level's filter tile turns a Y' (X') map into input rows (columns).
    std::array<std::int64_t, kMaxClusterLevels> r_tile{}, s_tile{};
    {
        int li = 0;
        r_tile.fill(-1);
        s_tile.fill(-1);
        for (const Directive& d : mapping.directives) {
            if (d.kind == DirectiveKind::Cluster) {
                ++li;
                continue;
            }
            // The first directive on a dimension sets its tile (a later one is redundant).
            auto& r = r_tile[static_cast<std::size_t>(li)];
            auto& q = s_tile[static_cast<std::size_t>(li)];
            if (d.dim == Dim::R && r < 0) r = std::min(d.size, shape.size[fR]);
            if (d.dim == Dim::S && q < 0) q = std::min(d.size, shape.size[fS]);
        }
        for (auto& r : r_tile)
            if (r < 0) r = shape.size[fR];
        for (auto& q : s_tile)
            if (q < 0) q = shape.size[fS];
    }
    int li = 0;
    std::array<unsigned, kMaxClusterLevels> seen{}, seen_dims{};
    std::array<int, kMaxClusterLevels> spatial_maps{};
    for (const Directive& d : mapping.directives) {
        if (d.kind == DirectiveKind::Cluster) {
            ++li;
            continue;
        }
        const auto lu = static_cast<std::size_t>(li);
        FaithfulLevel& lv = levels[lu];
        if (d.size < 1 || d.offset < 1) return fail(Invalidity::MapSizeNotPositive, li, d.dim);
        // A dimension mapped again in the same level (MAESTRO's row-stationary files map S
        // spatially, then temporally): the first directive sets the tile, the later one is redundant.
        const unsigned dim_bit = 1u << static_cast<unsigned>(index_of(d.dim));
        if (seen_dims[lu] & dim_bit) continue;
        seen_dims[lu] |= dim_bit;
        if (lv.count >= kMostDirectives) return fail(Invalidity::TooManyDirectives, li);
        FaithfulDirective fd;
        fd.spatial = d.kind == DirectiveKind::SpatialMap;
        fd.size = d.size;
        fd.offset = d.offset;
        const auto not_here = [&] { return fail(Invalidity::DimensionNotInLevel, li, d.dim); };
        if (gemm) {
            if (d.dim == Dim::M) fd.axis = fN;
            else if (d.dim == Dim::N) fd.axis = fK;
            else if (d.dim == Dim::K) fd.axis = fC;
            else return not_here();
        } else {
            switch (d.dim) {
                case Dim::N: fd.axis = fN; break;
                case Dim::G:
                    if (shape.size[fG] <= 1 && l.type != LayerType::GroupedConv) return not_here();
                    fd.axis = fG;
                    break;
                case Dim::K:
                    if (shape.depthwise) return not_here();
                    fd.axis = fK;
                    break;
                case Dim::C: fd.axis = fC; break;
                case Dim::R: fd.axis = fR; break;
                case Dim::S: fd.axis = fS; break;
                case Dim::Y: case Dim::Yo:
                    fd.walk = Walk::InputRows;
                    if (d.dim == Dim::Yo) fd.size += r_tile[lu] - 1;
                    break;
                case Dim::X: case Dim::Xo:
                    fd.walk = Walk::InputCols;
                    if (d.dim == Dim::Xo) fd.size += s_tile[lu] - 1;
                    break;
                default: return not_here();
            }
        }
        // With a stride, a map covering whole windows computes whole output rows.
        if (fd.walk == Walk::InputRows && shape.row_stride > 1 && fd.size >= shape.size[fR]) {
            fd.walk = Walk::OutputRows;
            fd.size = fd.offset = (fd.size - shape.size[fR]) / shape.row_stride + 1;
        }
        if (fd.walk == Walk::InputCols && shape.col_stride > 1 && fd.size >= shape.size[fS]) {
            fd.walk = Walk::OutputCols;
            fd.size = fd.offset = (fd.size - shape.size[fS]) / shape.col_stride + 1;
        }
        const unsigned key = fd.walk == Walk::Axis ? (1u << fd.axis)
                             : (fd.walk == Walk::InputRows || fd.walk == Walk::OutputRows) ? (1u << 10)
                                                                                           : (1u << 11);
        if (seen[lu] & key) return fail(Invalidity::InputAndOutputMapped, li, d.dim);
        seen[lu] |= key;
        spatial_maps[lu] += fd.spatial;
        if (fd.spatial && lv.spatial_count < 2) lv.spatial_index[static_cast<std::size_t>(lv.spatial_count++)] = lv.count;
        lv.walks_input_rows |= fd.walk == Walk::InputRows;
        lv.walks_input_cols |= fd.walk == Walk::InputCols;
        lv.walks_output_rows |= fd.walk == Walk::OutputRows;
        lv.walks_output_cols |= fd.walk == Walk::OutputCols;
        lv.directives[static_cast<std::size_t>(lv.count++)] = fd;
    }
    for (int i = 0; i < level_count; ++i) {
        if (spatial_maps[static_cast<std::size_t>(i)] == 0) return fail(Invalidity::NoSpatialMap, i);
        if (spatial_maps[static_cast<std::size_t>(i)] > 2)
            return fail(Invalidity::TooManySpatialMaps, i, Dim::K, spatial_maps[static_cast<std::size_t>(i)], 2);
    }
    return {};
}

std::int64_t positions(std::int64_t extent, const FaithfulDirective& d) {
    if (extent <= 0) return 0;
    if (extent <= d.size) return 1;
    return 1 + ceil_div(extent - d.size, d.offset);
}

std::int64_t noc_delay(std::int64_t elements, const FaithfulLevel& lv) {
    return lv.noc_head_latency + (elements + lv.noc_bandwidth - 1) / lv.noc_bandwidth - 1;
}

// What a run of an inner level over one tile of the level above adds up to.
struct LevelFigures {
    std::int64_t runtime = 0, macs = 0;
    std::array<std::int64_t, 2> leaf_deliveries{};  // elements written into PE buffers
    std::int64_t l1_peak = 0;                        // most any PE held in one step, x2
    std::array<std::int64_t, 3> l1_peak_by_tensor{};
};

struct ShapeKey {
    int level = 0;
    std::array<std::int64_t, kFaithfulAxes> sizes{};
    std::int64_t rows = 0, cols = 0, row_phase = 0, col_phase = 0;
    std::uint64_t hash = 0;  // of the fields above (compared first: the memo is searched linearly)
    bool operator==(const ShapeKey&) const = default;
};

// Figures the top level gathers beyond a level's own.
struct TopFigures {
    std::array<std::int64_t, 2> buffer_reads{}, dram_fills{};
    std::int64_t egress = 0, outputs_seen = 0, outputs_completed = 0;
    std::array<std::int64_t, 3> l2_peak{};
    std::int64_t steps = 0;
    double active_clusters = 0;
    std::int64_t peak_ingress_per_cycle = 0;
    DelayStats ingress, egress_delay, compute;
    std::int64_t delay_weight = 0;
    double ingress_sum = 0, egress_sum = 0, compute_sum = 0;
};

// Figures remembered by a key of integers (a few dozen entries, so a linear search by hash);
// keys laid end to end. References to values stay valid until the next add or clear.
template <typename Value>
class KeyedMemo {
public:
    static std::uint64_t hash_of(const std::vector<std::int64_t>& key) {
        std::uint64_t h = 0x9E3779B97F4A7C15ull;
        for (std::int64_t v : key) h = (h ^ static_cast<std::uint64_t>(v)) * 0x100000001B3ull + (h >> 29);
        return h;
    }
    const Value* find(std::uint64_t hash, const std::vector<std::int64_t>& key) const {
        std::size_t at = 0;
        for (std::size_t e = 0; e < values_.size(); ++e) {
            const std::size_t length = lengths_[e];
            if (hashes_[e] == hash && length == key.size() &&
                std::equal(key.begin(), key.end(), keys_.begin() + static_cast<std::ptrdiff_t>(at)))
                return &values_[e];
            at += length;
        }
        return nullptr;
    }
    const Value& add(std::uint64_t hash, const std::vector<std::int64_t>& key, const Value& value) {
        hashes_.push_back(hash);
        keys_.insert(keys_.end(), key.begin(), key.end());
        lengths_.push_back(key.size());
        values_.push_back(value);
        return values_.back();
    }
    void clear() {
        hashes_.clear();
        keys_.clear();
        lengths_.clear();
        values_.clear();
    }

private:
    std::vector<std::uint64_t> hashes_;
    std::vector<std::int64_t> keys_;
    std::vector<std::size_t> lengths_;
    std::vector<Value> values_;
};

struct FaithfulScratch;

class FaithfulAnalysis {
public:
    FaithfulAnalysis(const FaithfulShape& shape, const std::array<FaithfulLevel, kMaxClusterLevels>& levels, int level_count,
                     const Accelerator& acc, FaithfulScratch& scratch);

    LevelFigures run_top(TopFigures& top) {
        for (int a = 0; a < kFaithfulAxes; ++a) whole_layer_.ax[static_cast<std::size_t>(a)] = {0, shape_.size[static_cast<std::size_t>(a)]};
        whole_layer_.rows = {0, shape_.rows};
        whole_layer_.cols = {0, shape_.cols};
        return run_level(0, whole_layer_, &top);
    }

private:
    // Where each directive stands over the parent's tile.
    struct LoopFrame {
        std::array<std::int64_t, kMostDirectives> counts{}, trips{};
        int owner = -1;  // the first SpatialMap carries the level's spatial loop
        std::array<int, kMostDirectives> moving{};  // directives whose loop has more than one trip
        int moving_count = 0;
    };

    Footprint footprint(const FaithfulBox& b, int t) const {
        if (t == 0)
            return {run_of(b.ax[fN]), run_of(b.ax[fG]), run_of(b.ax[fC]), windows_of(b.ax[fYo], b.ax[fR], shape_.row_stride),
                    windows_of(b.ax[fXo], b.ax[fS], shape_.col_stride)};
        if (t == 1)
            return {shape_.depthwise ? Lines{0, 1, 1, 1} : run_of(b.ax[fK]), run_of(b.ax[fG]), run_of(b.ax[fC]), run_of(b.ax[fR]),
                    run_of(b.ax[fS])};
        return {run_of(b.ax[fN]), run_of(b.ax[fG]), run_of(shape_.depthwise ? b.ax[fC] : b.ax[fK]), run_of(b.ax[fYo]),
                run_of(b.ax[fXo])};
    }

    // One axis of footprint(b, t), without the others (footprint keeps its own table: made axis
    // by axis through this switch it measured about 5% slower).
    Lines footprint_axis(const FaithfulBox& b, int t, int axis) const {
        switch (t * 8 + axis) {
            case 0 * 8 + 3: return windows_of(b.ax[fYo], b.ax[fR], shape_.row_stride);
            case 0 * 8 + 4: return windows_of(b.ax[fXo], b.ax[fS], shape_.col_stride);
            case 0 * 8 + 0: case 2 * 8 + 0: return run_of(b.ax[fN]);
            case 0 * 8 + 1: case 1 * 8 + 1: case 2 * 8 + 1: return run_of(b.ax[fG]);
            case 0 * 8 + 2: case 1 * 8 + 2: return run_of(b.ax[fC]);
            case 1 * 8 + 0: return shape_.depthwise ? Lines{0, 1, 1, 1} : run_of(b.ax[fK]);
            case 1 * 8 + 3: return run_of(b.ax[fR]);
            case 1 * 8 + 4: return run_of(b.ax[fS]);
            case 2 * 8 + 2: return run_of(shape_.depthwise ? b.ax[fC] : b.ax[fK]);
            case 2 * 8 + 3: return run_of(b.ax[fYo]);
            default: return run_of(b.ax[fXo]);
        }
    }

    static void settle_window(Span& outputs, const Span& filter, Span& inputs, std::int64_t stride, bool inputs_mapped,
                              bool outputs_mapped) {
        if (filter.size() == 0) return;
        if (!outputs_mapped) {
            const Span owned{ceil_div(inputs.lo - filter.lo, stride), floor_div(inputs.hi - filter.hi, stride) + 1};
            outputs = meet(outputs, owned);
        }
        if (outputs.size() == 0) return;
        if (inputs_mapped && !outputs_mapped) return;
        inputs = {outputs.lo * stride + filter.lo, (outputs.hi - 1) * stride + filter.hi};
    }

    // Directive d placed at loop position pos within the parent's tile.
    static void place(const FaithfulDirective& d, std::int64_t pos, const FaithfulBox& parent, FaithfulBox& b) {
        const std::int64_t from = pos * d.offset;
        auto put = [&](Span& s, const Span& p) { s = meet({p.lo + from, p.lo + from + d.size}, p); };
        switch (d.walk) {
            case Walk::Axis: put(b.ax[static_cast<std::size_t>(d.axis)], parent.ax[static_cast<std::size_t>(d.axis)]); break;
            case Walk::InputRows: put(b.rows, parent.rows); break;
            case Walk::InputCols: put(b.cols, parent.cols); break;
            case Walk::OutputRows: put(b.ax[fYo], parent.ax[fYo]); break;
            case Walk::OutputCols: put(b.ax[fXo], parent.ax[fXo]); break;
        }
    }

    // What the level's TemporalMaps make of the parent's tile at the given loop positions: the
    // same for every sub-cluster, so made once per step (child_box adds the SpatialMaps).
    static void temporal_part(const FaithfulLevel& lv, const FaithfulBox& parent,
                              const std::array<std::int64_t, kMostDirectives>& step, FaithfulBox& b) {
        b = parent;
        for (int i = 0; i < lv.count; ++i) {
            const FaithfulDirective& d = lv.directives[static_cast<std::size_t>(i)];
            if (!d.spatial) place(d, step[static_cast<std::size_t>(i)], parent, b);
        }
    }

    // The sub-cluster's tile at the given loop positions (`base`: temporal_part at them); false
    // when it idles.
    bool child_box(const FaithfulLevel& lv, const LoopFrame& f, const FaithfulBox& parent, const FaithfulBox& base,
                   const std::array<std::int64_t, kMostDirectives>& step, std::int64_t sc, FaithfulBox& b) const {
        b = base;
        for (int k = 0; k < lv.spatial_count; ++k) {
            const int i = lv.spatial_index[static_cast<std::size_t>(k)];
            const std::int64_t pos = step[static_cast<std::size_t>(f.owner)] * lv.sub_clusters + sc;
            if (pos >= f.counts[static_cast<std::size_t>(i)]) return false;
            place(lv.directives[static_cast<std::size_t>(i)], pos, parent, b);
        }
        settle_window(b.ax[fYo], b.ax[fR], b.rows, shape_.row_stride, lv.walks_input_rows, lv.walks_output_rows);
        settle_window(b.ax[fXo], b.ax[fS], b.cols, shape_.col_stride, lv.walks_input_cols, lv.walks_output_cols);
        return b.macs() > 0;
    }

    LoopFrame frame_of(const FaithfulLevel& lv, const FaithfulBox& parent) const {
        LoopFrame f;
        std::int64_t spatial_steps = 0;
        for (int i = 0; i < lv.count; ++i) {
            const FaithfulDirective& d = lv.directives[static_cast<std::size_t>(i)];
            std::int64_t extent = 0;
            switch (d.walk) {
                case Walk::Axis: extent = parent.ax[static_cast<std::size_t>(d.axis)].size(); break;
                case Walk::InputRows: extent = parent.rows.size(); break;
                case Walk::InputCols: extent = parent.cols.size(); break;
                case Walk::OutputRows: extent = parent.ax[fYo].size(); break;
                case Walk::OutputCols: extent = parent.ax[fXo].size(); break;
            }
            f.counts[static_cast<std::size_t>(i)] = positions(extent, d);
            if (d.spatial) {
                spatial_steps = std::max(spatial_steps, ceil_div(f.counts[static_cast<std::size_t>(i)], lv.sub_clusters));
                if (f.owner < 0) f.owner = i;
            }
        }
        for (int i = 0; i < lv.count; ++i) {
            const auto u = static_cast<std::size_t>(i);
            const FaithfulDirective& d = lv.directives[u];
            f.trips[u] = !d.spatial ? f.counts[u] : (i == f.owner ? spatial_steps : 1);
            if (f.trips[u] > 1) f.moving[static_cast<std::size_t>(f.moving_count++)] = i;
        }
        return f;
    }

    // Whether a directive's positions move tensor t's footprint (t: 0 input, 1 weight, 2 output).
    // A filter row (column) split off moves the outputs too, unless the level walks output rows
    // (columns): a step owns the outputs whose windows its input rows and filter rows complete.
    bool moves(const FaithfulLevel& lv, const FaithfulDirective& d, int t) const {
        if (d.walk != Walk::Axis) return t != 1;
        switch (d.axis) {
            case fN: return t != 1;
            case fG: return true;
            case fK: return t != 0;
            case fC: return t != 2 || shape_.depthwise;
            case fR: return t != 2 || !lv.walks_output_rows;
            case fS: return t != 2 || !lv.walks_output_cols;
            default: return t != 1;
        }
    }

    // The footprint axis of tensor t a directive moves.
    int footprint_axis(const FaithfulDirective& d, int t) const {
        if (d.walk == Walk::InputRows || d.walk == Walk::OutputRows) return 3;
        if (d.walk == Walk::InputCols || d.walk == Walk::OutputCols) return 4;
        switch (d.axis) {
            case fN: return 0;
            case fG: return 1;
            case fK: return t == 1 ? 0 : 2;
            case fC: return 2;
            case fR: return 3;
            case fS: return 4;
            default: return 0;
        }
    }

    // A loop's positions grouped into classes of alike steps: a representative and how many.
    struct PositionClasses {
        static constexpr int kMost = 64;
        std::array<std::int64_t, kMost> position{}, weight{};
        int count = 0;
        void clear() { count = 0; }
        void add(std::int64_t p, std::int64_t w) {
            if (count < kMost) {
                position[static_cast<std::size_t>(count)] = p;
                weight[static_cast<std::size_t>(count++)] = w;
            } else {
                weight[static_cast<std::size_t>(count - 1)] += w;  // beyond the table: counted with the last (approximate)
            }
        }
    };

    // Consecutive sub-clusters whose tiles, now and at the step before, are translates of the
    // first's by the same shift per sub-cluster: everything a run adds is the first's times its
    // length, and its unions are progressions.
    struct ScRun {
        std::int64_t first = 0, count = 0;
        bool active = false, has_previous = false;
        FaithfulBox now, before;            // the first sub-cluster's tiles
        std::array<std::int64_t, kFaithfulAxes> shift{};  // per sub-cluster, along each axis
    };

    // What a step's tiles move, per tensor (union_traffic): buffer reads, deliveries, the union.
    struct StepTraffic {
        std::array<std::int64_t, 2> reads{}, deliveries{};
        std::array<std::int64_t, 3> unions{};
    };

    // A step kind's figures but for its weight and DRAM traffic (kind_figures): summed over its
    // sub-clusters' runs, before the weight.
    struct KindFigures {
        std::int64_t step_macs = 0, active = 0, compute = 0, macs = 0;
        std::array<std::int64_t, 2> leaf_deliveries{};  // elements written into PE buffers
        std::int64_t l1_peak = -1;                      // most any PE held in one step, x2 (-1: no run yet)
        std::array<std::int64_t, 3> l1_peak_by_tensor{};
        StepTraffic traffic;
    };

    // The tile a sub-cluster held at the step before (false: none, its buffers start empty).
    // `base`: temporal_part at `before`.
    bool previous_box(const FaithfulLevel& lv, const LoopFrame& f, const FaithfulBox& parent, const FaithfulBox& base,
                      const std::array<std::int64_t, kMostDirectives>& before, bool first_step, bool owner_wrapped,
                      std::int64_t sc, FaithfulBox& b) const {
        if (first_step) return false;
        if (child_box(lv, f, parent, base, before, sc, b)) return true;
        if (!owner_wrapped) return false;
        // Idle at the owner loop's last position: it still holds the tile of the one before
        // (only the SpatialMaps' owner moves back, so the temporal part stays).
        auto earlier = before;
        earlier[static_cast<std::size_t>(f.owner)] -= 1;
        return earlier[static_cast<std::size_t>(f.owner)] >= 0 && child_box(lv, f, parent, base, earlier, sc, b);
    }

    static bool same_shape(const FaithfulBox& a, const FaithfulBox& b) {
        for (int k = 0; k < kFaithfulAxes; ++k)
            if (a.ax[static_cast<std::size_t>(k)].size() != b.ax[static_cast<std::size_t>(k)].size()) return false;
        return a.rows.size() == b.rows.size() && a.cols.size() == b.cols.size();
    }

    // Splits the level's sub-clusters into runs for this step. Where a spatial position crosses
    // a map's last (possibly cut) position, or its end, the tiles change shape: the cuts.
    void build_runs(int li, const FaithfulLevel& lv, const LoopFrame& f, const FaithfulBox& parent,
                    const std::array<std::int64_t, kMostDirectives>& now, const std::array<std::int64_t, kMostDirectives>& before,
                    bool first_step, bool owner_wrapped) {
        const std::int64_t n = lv.sub_clusters;
        cuts_.clear();
        cuts_.push_back(0);
        cuts_.push_back(n);
        bool translatable = true;
        for (int i = 0; i < lv.count; ++i) {
            const FaithfulDirective& d = lv.directives[static_cast<std::size_t>(i)];
            if (!d.spatial) continue;
            // An input-row walk at a stride owns outputs by the rows' phase: not a translate.
            if ((d.walk == Walk::InputRows && shape_.row_stride > 1) || (d.walk == Walk::InputCols && shape_.col_stride > 1))
                translatable = false;
            // Filter rows (columns) across sub-clusters: each owns the outputs its row completes,
            // so which of them work depends on the step (a diagonal): no runs.
            if (d.walk == Walk::Axis && (d.axis == fR || d.axis == fS)) translatable = false;
            const std::int64_t c = f.counts[static_cast<std::size_t>(i)];
            const std::int64_t o = f.owner >= 0 ? f.owner : i;
            std::array<std::int64_t, 3> bases = {now[static_cast<std::size_t>(o)] * n, before[static_cast<std::size_t>(o)] * n,
                                                 (before[static_cast<std::size_t>(o)] - 1) * n};
            const int used = first_step ? 1 : (owner_wrapped ? 3 : 2);
            for (int k = 0; k < used; ++k)
                for (std::int64_t v : {c - 1 - bases[static_cast<std::size_t>(k)], c - bases[static_cast<std::size_t>(k)]})
                    if (v > 0 && v < n) cuts_.push_back(v);
        }
        if (!translatable) {
            cuts_.clear();
            for (std::int64_t sc = 0; sc <= n; ++sc) cuts_.push_back(sc);
        }
        std::sort(cuts_.begin(), cuts_.end());
        cuts_.erase(std::unique(cuts_.begin(), cuts_.end()), cuts_.end());
        std::vector<ScRun>& runs = runs_[static_cast<std::size_t>(li)];
        runs.clear();
        FaithfulBox base_now, base_before;
        temporal_part(lv, parent, now, base_now);
        if (!first_step) temporal_part(lv, parent, before, base_before);
        for (std::size_t k = 0; k + 1 < cuts_.size(); ++k) {
            const std::int64_t a = cuts_[k], count = cuts_[k + 1] - a;
            ScRun& r = runs.emplace_back();  // built in place: a run is a few hundred bytes
            r.first = a;
            r.count = count;
            r.active = child_box(lv, f, parent, base_now, now, a, r.now);
            if (r.active) r.has_previous = previous_box(lv, f, parent, base_before, before, first_step, owner_wrapped, a, r.before);
            bool split_up = false;
            if (count >= 2 && r.active) {
                FaithfulBox next_now, next_before;
                const bool next_active = child_box(lv, f, parent, base_now, now, a + 1, next_now);
                const bool next_previous = next_active && previous_box(lv, f, parent, base_before, before, first_step, owner_wrapped, a + 1, next_before);
                bool alike = next_active && next_previous == r.has_previous && same_shape(r.now, next_now);
                for (int x = 0; x < kFaithfulAxes && alike; ++x) {
                    const auto xu = static_cast<std::size_t>(x);
                    r.shift[xu] = next_now.ax[xu].lo - r.now.ax[xu].lo;
                    if (r.has_previous) alike = same_shape(r.before, next_before) && next_before.ax[xu].lo - r.before.ax[xu].lo == r.shift[xu];
                }
                split_up = !alike;
            }
            if (split_up) {  // not a translate after all: one run per sub-cluster
                runs.pop_back();
                for (std::int64_t sc = a; sc < a + count; ++sc) {
                    ScRun& one = runs.emplace_back();
                    one.first = sc;
                    one.count = 1;
                    one.active = child_box(lv, f, parent, base_now, now, sc, one.now);
                    if (one.active) one.has_previous = previous_box(lv, f, parent, base_before, before, first_step, owner_wrapped, sc, one.before);
                }
            }
        }
    }

    // The footprint axes of tensor t that the level's SpatialMaps move.
    unsigned spatial_axes(const FaithfulLevel& lv, int t) const {
        unsigned mask = 0;
        for (int i = 0; i < lv.count; ++i) {
            const FaithfulDirective& d = lv.directives[static_cast<std::size_t>(i)];
            if (d.spatial && moves(lv, d, t)) mask |= 1u << footprint_axis(d, t);
        }
        return mask;
    }

    // A footprint axis's shift per sub-cluster in a run.
    std::int64_t footprint_shift(const ScRun& r, int t, int axis) const {
        switch (t * 8 + axis) {
            case 0 * 8 + 0: case 2 * 8 + 0: return r.shift[fN];
            case 0 * 8 + 1: case 1 * 8 + 1: case 2 * 8 + 1: return r.shift[fG];
            case 0 * 8 + 2: case 1 * 8 + 2: return r.shift[fC];
            case 0 * 8 + 3: return r.shift[fYo] * shape_.row_stride + r.shift[fR];
            case 0 * 8 + 4: return r.shift[fXo] * shape_.col_stride + r.shift[fS];
            case 1 * 8 + 0: return shape_.depthwise ? 0 : r.shift[fK];
            case 1 * 8 + 3: return r.shift[fR];
            case 1 * 8 + 4: return r.shift[fS];
            case 2 * 8 + 2: return shape_.depthwise ? r.shift[fC] : r.shift[fK];
            case 2 * 8 + 3: return r.shift[fYo];
            case 2 * 8 + 4: return r.shift[fXo];
            default: return 0;
        }
    }

    // The spans `count` copies of span s cover, each `shift` further on.
    static void append_progression(Span s, std::int64_t shift, std::int64_t count, std::vector<Span>& out) {
        if (s.size() == 0) return;
        if (count == 1 || shift == 0) {
            out.push_back(s);
        } else if (shift > 0 && shift <= s.size()) {
            out.push_back({s.lo, s.hi + (count - 1) * shift});
        } else if (shift < 0 && -shift <= s.size()) {
            out.push_back({s.lo + (count - 1) * shift, s.hi});
        } else {
            for (std::int64_t j = 0; j < count; ++j) out.push_back({s.lo + j * shift, s.hi + j * shift});
        }
    }

    // The part of footprint axis k of tensor t that is not padding.
    Span real_range(int t, int k) const {
        if (t == 0 && k == 3) return shape_.real_rows;
        if (t == 0 && k == 4) return shape_.real_cols;
        return {INT64_MIN / 4, INT64_MAX / 4};
    }

    // For tensor t in this step: the buffer's reads (one read feeds every sub-cluster that
    // needs the element: a union over sub-clusters of what each lacks), the elements delivered
    // (each sub-cluster's own lack, summed) and the union of the step's tiles. t = 2: outputs
    // (no previous tile; reads and deliveries unused).
    void union_traffic(int li, int t, std::int64_t& reads, std::int64_t& deliveries, std::int64_t& whole_size) {
        reads = deliveries = whole_size = 0;
        const std::vector<ScRun>& runs_here = runs_[static_cast<std::size_t>(li)];
        // Footprints are made again where needed rather than kept: a step may have a run per
        // sub-cluster, and storing theirs costs more than making them.
        const ScRun* first = nullptr;
        const ScRun* first_previous = nullptr;
        Footprint a{}, ap{};  // the first active run's footprint now, the first previous one's before
        for (const ScRun& r : runs_here) {
            if (!r.active) continue;
            const Footprint now = footprint(r.now, t);
            std::int64_t lack = footprint_size(now);
            const bool previous = t < 2 && r.has_previous;
            if (previous) {
                const Footprint then = footprint(r.before, t);
                lack -= footprint_meet(now, then);
                if (!first_previous) {
                    first_previous = &r;
                    ap = then;
                }
            }
            deliveries += r.count * lack;
            if (!first) {
                first = &r;
                a = now;
            }
        }
        if (!first) return;
        const unsigned mask = spatial_axes_[static_cast<std::size_t>(li)][static_cast<std::size_t>(t)];
        if ((mask & (mask - 1)) != 0) {  // more than one axis
            // Sub-clusters differ along two axes (two SpatialMaps moving one tensor two ways): no
            // multicast assumed.
            reads = deliveries;
            for (const ScRun& r : runs_here)
                if (r.active) whole_size += r.count * footprint_size(footprint(r.now, t));
            return;
        }
        const int v = mask ? __builtin_ctz(mask) : 0;
        const auto vu = static_cast<std::size_t>(v);
        std::int64_t common = 1, common_meet = first_previous ? 1 : 0;
        // The global buffer neither stores nor sends the input's padding (made at its read port).
        const bool clip = li == 0 && t == 0 && shape_.padded;
        for (std::size_t k = 0; k < kFootprintAxes; ++k) {
            if (k == vu) continue;
            const Span r = real_range(t, static_cast<int>(k));
            common *= clip ? size_within(a[k], r) : a[k].size();
            if (first_previous) common_meet *= clip ? meet_within(a[k], ap[k], r) : meet_size(a[k], ap[k]);
        }
        spans_.clear();
        diff_.clear();
        for (const ScRun& r : runs_here) {
            if (!r.active) continue;
            const std::int64_t shift = footprint_shift(r, t, v);
            const Lines x = footprint_axis(r.now, t, v);
            for (std::int64_t i = 0; i < x.count && !x.empty(); ++i) append_progression(run_at(x, i), shift, r.count, spans_);
            if (t == 2) continue;
            piece_.clear();
            append_difference(x, r.has_previous ? footprint_axis(r.before, t, v) : Lines{}, piece_);
            for (const Span& p : piece_) append_progression(p, shift, r.count, diff_);
        }
        if (clip) {
            clip_spans(spans_, real_range(t, v));
            clip_spans(diff_, real_range(t, v));
        }
        const std::int64_t whole = union_size(spans_);
        whole_size = common * whole;
        if (t == 2) return;
        const std::int64_t fresh = union_size(diff_);
        reads = (common - common_meet) * whole + common_meet * fresh;
    }

    // union_traffic for the three tensors of the step whose runs build_runs made last.
    StepTraffic traffic_of_runs(int li) {
        StepTraffic v;
        for (int t = 0; t < 3; ++t) {
            const auto tu = static_cast<std::size_t>(t);
            std::int64_t reads = 0, deliveries = 0;
            union_traffic(li, t, reads, deliveries, v.unions[tu]);
            if (t < 2) {
                v.reads[tu] = reads;
                v.deliveries[tu] = deliveries;
            }
        }
        return v;
    }

    // The lines tensor t's footprint axis `axis` covers over all sub-clusters, in the runs of one
    // step.
    void axis_lines_of(const std::vector<ScRun>& runs, int t, int axis, std::vector<Span>& out) const {
        for (const ScRun& r : runs) {
            if (!r.active) continue;
            const Lines x = footprint_axis(r.now, t, axis);
            const std::int64_t shift = footprint_shift(r, t, axis);
            for (std::int64_t k = 0; k < x.count && !x.empty(); ++k) append_progression(run_at(x, k), shift, r.count, out);
        }
    }

    // Per moving loop and tensor: the lines first touched (fresh) or last touched (stale) at
    // each representative position, for the top level's DRAM traffic per step.
    struct AxisHistory {
        bool used = false;
        int axis = 0;
        std::array<std::int64_t, 5> fresh{}, stale{};  // at positions 0, 1, 2, T-2, T-1 (by slot)
    };

    static int slot_of(std::int64_t p, std::int64_t trips) {
        if (p == trips - 1) return 4;
        if (p == trips - 2) return 3;
        return static_cast<int>(std::min<std::int64_t>(p, 2));
    }

    void build_history(const FaithfulLevel& lv, const LoopFrame& f, const FaithfulBox& parent,
                       std::array<std::array<AxisHistory, 3>, kMostDirectives>& hist) {
        for (int m = 0; m < f.moving_count; ++m) {
            const int i = f.moving[static_cast<std::size_t>(m)];
            const FaithfulDirective& d = lv.directives[static_cast<std::size_t>(i)];
            const std::int64_t trips = f.trips[static_cast<std::size_t>(i)];
            const std::array<std::int64_t, 5> at = {0, std::min<std::int64_t>(1, trips - 1), std::min<std::int64_t>(2, trips - 1),
                                                    std::max<std::int64_t>(0, trips - 2), trips - 1};
            // Where no SpatialMap moves the axes loop i moves (a TemporalMap beside a SpatialMap
            // on another dimension: the common case), every busy sub-cluster's tile has the same
            // lines along them, so the first sub-cluster's tile tells them without the runs;
            // it must be busy at each position (else the runs are built).
            bool shared_lines = !d.spatial;
            for (int t = 0; t < 3 && shared_lines; ++t)
                shared_lines = !moves(lv, d, t) || !((spatial_axes_[0][static_cast<std::size_t>(t)] >> footprint_axis(d, t)) & 1u);
            for (int k = 0; k < 5 && shared_lines; ++k) {
                std::array<std::int64_t, kMostDirectives> step{};
                step[static_cast<std::size_t>(i)] = at[static_cast<std::size_t>(k)];
                FaithfulBox base;
                temporal_part(lv, parent, step, base);
                shared_lines = child_box(lv, f, parent, base, step, 0, history_boxes_[static_cast<std::size_t>(k)]);
            }
            // The sub-clusters' runs with loop i at each position (every other loop at its
            // first), built once for the three tensors; a position repeated (few trips) is
            // built once.
            for (int k = 0; k < 5 && !shared_lines; ++k) {
                const auto ku = static_cast<std::size_t>(k);
                int same = -1;
                for (int e = 0; e < k && same < 0; ++e)
                    if (at[static_cast<std::size_t>(e)] == at[ku]) same = e;
                history_same_as_[ku] = same;
                if (same >= 0) continue;
                std::array<std::int64_t, kMostDirectives> step{};
                step[static_cast<std::size_t>(i)] = at[ku];
                build_runs(0, lv, f, parent, step, step, true, false);
                std::swap(history_run_lists_[ku], runs_[0]);  // no copy; build_runs clears what it gets back
            }
            for (int t = 0; t < 3; ++t) {
                AxisHistory& h = hist[static_cast<std::size_t>(i)][static_cast<std::size_t>(t)];
                h = {};
                if (!moves(lv, d, t)) continue;
                h.used = true;
                h.axis = footprint_axis(d, t);
                std::array<Span, 5> hull{};
                std::array<std::int64_t, 5> size{};
                std::array<std::vector<Span>, 5>& lines = history_lines_;
                for (int k = 0; k < 5; ++k) {
                    lines[static_cast<std::size_t>(k)].clear();
                    auto& l = lines[static_cast<std::size_t>(k)];
                    if (shared_lines) {
                        const Lines x = footprint_axis(history_boxes_[static_cast<std::size_t>(k)], t, h.axis);
                        for (std::int64_t j = 0; j < x.count && !x.empty(); ++j) l.push_back(run_at(x, j));
                    } else {
                        const int built = history_same_as_[static_cast<std::size_t>(k)];
                        axis_lines_of(history_run_lists_[static_cast<std::size_t>(built >= 0 ? built : k)], t, h.axis, l);
                    }
                    if (t == 0 && shape_.padded) clip_spans(l, real_range(t, h.axis));  // padding is never fetched
                    std::vector<Span>& copy = history_copy_;
                    copy.assign(l.begin(), l.end());
                    size[static_cast<std::size_t>(k)] = union_size(copy);
                    if (!l.empty()) {
                        hull[static_cast<std::size_t>(k)] = {l.front().lo, l.front().hi};
                        for (const Span& s : l) hull[static_cast<std::size_t>(k)] = {std::min(hull[static_cast<std::size_t>(k)].lo, s.lo), std::max(hull[static_cast<std::size_t>(k)].hi, s.hi)};
                    }
                }
                auto covered = [&](int k, Span region) {
                    std::vector<Span>& clipped = history_clipped_;
                    clipped.clear();
                    for (const Span& s : lines[static_cast<std::size_t>(k)]) {
                        const Span c = meet(s, region);
                        if (c.size() > 0) clipped.push_back(c);
                    }
                    return union_size(clipped);
                };
                // Windows advance monotonically: what came before p is the hull up to p - 1's end.
                for (int k = 0; k < 5; ++k) {
                    const std::int64_t p = at[static_cast<std::size_t>(k)];
                    const auto ku = static_cast<std::size_t>(k);
                    if (p == 0) {
                        h.fresh[ku] = size[ku];
                    } else {
                        const int before = p - 1 == 0 ? 0 : (p - 1 == trips - 2 ? 3 : (p - 1 == 1 ? 1 : 2));
                        h.fresh[ku] = size[ku] - covered(k, {hull[0].lo, hull[static_cast<std::size_t>(before)].hi});
                    }
                    if (p == trips - 1) {
                        h.stale[ku] = size[ku];
                    } else {
                        const int after = p + 1 == trips - 1 ? 4 : (p + 1 == 1 ? 1 : (p + 1 == 2 ? 2 : 3));
                        h.stale[ku] = size[ku] - covered(k, {hull[static_cast<std::size_t>(after)].lo, hull[4].hi});
                    }
                }
            }
        }
    }

    LevelFigures run_level(int li, const FaithfulBox& parent, TopFigures* top) {
        const FaithfulLevel& lv = levels_[static_cast<std::size_t>(li)];
        const bool innermost = li + 1 == level_count_;
        LevelFigures out;
        kind_memo_[static_cast<std::size_t>(li)].clear();  // its keys hold for this parent tile only
        const LoopFrame f = frame_of(lv, parent);
        for (int i = 0; i < lv.count; ++i)
            if (f.trips[static_cast<std::size_t>(i)] <= 0) return out;
        std::array<std::array<AxisHistory, 3>, kMostDirectives> hist{};
        if (top) {
            build_history(lv, f, parent, hist);
            for (int t = 0; t < 3; ++t) fixed_parts_[static_cast<std::size_t>(t)] = fixed_part(t, f, hist);
        }

        // Step kinds: the first step; then, for each moving loop m advancing (to a middle or an
        // edge position), each class of every outer moving loop, the inner moving loops back at
        // their first position. A loop's classes: its positions whose tiles are alike (all but
        // the last: only the last may be cut short), or, where the level splits the filter along
        // the dimension the loop walks, each position near either end on its own and the middle
        // ones together. (The top level tells an outer loop's first position from its middle ones
        // for DRAM traffic only: analyse_kind splits those.)
        const int mc = f.moving_count;
        for (int m = 0; m < mc; ++m) {
            const int i = f.moving[static_cast<std::size_t>(m)];
            const std::int64_t t = f.trips[static_cast<std::size_t>(i)];
            const std::int64_t e = edge_width(lv, parent, i);
            PositionClasses& outer = outer_classes_[static_cast<std::size_t>(li)][static_cast<std::size_t>(m)];
            PositionClasses& adv = advance_classes_[static_cast<std::size_t>(li)][static_cast<std::size_t>(m)];
            outer.clear();
            adv.clear();
            const std::int64_t period = phase_period(lv, i);
            period_[static_cast<std::size_t>(li)][static_cast<std::size_t>(m)] = period;
            if (e <= 1) {
                add_by_phase(outer, 0, t - 2, period);
                outer.add(t - 1, 1);
                add_by_phase(adv, 1, t - 2, period);
                adv.add(t - 1, 1);
            } else {
                for (std::int64_t p = 0; p < t; ++p)
                    if (p < e || p >= t - e) outer.add(p, 1);
                add_by_phase(outer, e, t - 1 - e, period);
                for (std::int64_t p = 1; p < t; ++p)
                    if (p <= e || p >= t - e) adv.add(p, 1);
                add_by_phase(adv, e + 1, t - 1 - e, period);
            }
        }
        std::array<int, kMostDirectives> cls{};  // per moving loop: its class (outer or advancing list)
        auto classes = [&](int m, bool advancing_loop) -> const PositionClasses& {
            return advancing_loop ? advance_classes_[static_cast<std::size_t>(li)][static_cast<std::size_t>(m)]
                                  : outer_classes_[static_cast<std::size_t>(li)][static_cast<std::size_t>(m)];
        };
        // Refuse rather than take seconds: many loops, each with many classes (edges, phases).
        double kinds = 1, outer = 1;
        for (int m = 0; m < mc; ++m) {
            kinds += outer * classes(m, true).count;
            outer *= classes(m, false).count;
        }
        if (kinds > static_cast<double>(kMostKinds)) {
            too_many_kinds_ = true;
            return out;
        }
        for (int advancing = -1; advancing < mc; ++advancing) {
            // Odometer over the outer loops' classes and the advancing loop's.
            for (int m = 0; m < mc; ++m) cls[static_cast<std::size_t>(m)] = 0;
            while (true) {
                analyse_kind(li, lv, f, parent, advancing, cls, classes, hist, innermost, out, top);
                int m = advancing;
                while (m >= 0) {
                    int& c = cls[static_cast<std::size_t>(m)];
                    if (++c < classes(m, m == advancing).count) break;
                    c = 0;
                    --m;
                }
                if (m < 0) break;
            }
        }
        return out;
    }

    // Positions lo..hi (inclusive) as classes by their phase against `period`: alike within one.
    static void add_by_phase(PositionClasses& c, std::int64_t lo, std::int64_t hi, std::int64_t period) {
        for (std::int64_t phase = 0; phase < period && lo + phase <= hi; ++phase)
            c.add(lo + phase, (hi - lo - phase) / period + 1);
    }

    // After how many positions directive i's loop tiles alike again: 1, but where it walks input
    // rows (columns) at a stride without whole windows, or moves filter rows (columns) beside such
    // a walk, a step owns the outputs its rows meet at the stride's phase.
    std::int64_t phase_period(const FaithfulLevel& lv, int i) const {
        const FaithfulDirective& d = lv.directives[static_cast<std::size_t>(i)];
        const bool rows = d.walk == Walk::InputRows || (d.walk == Walk::Axis && d.axis == fR);
        const bool cols = d.walk == Walk::InputCols || (d.walk == Walk::Axis && d.axis == fS);
        const std::int64_t stride = rows ? shape_.row_stride : (cols ? shape_.col_stride : 1);
        if (stride <= 1 || !(rows ? lv.walks_input_rows : lv.walks_input_cols)) return 1;
        // A spatial loop's step moves every sub-cluster on by their count.
        const std::int64_t step = d.spatial ? d.offset * lv.sub_clusters : d.offset;
        return stride / std::gcd(step, stride);
    }

    // How many positions at each end of directive i's loop tile differently from the middle.
    std::int64_t edge_width(const FaithfulLevel& lv, const FaithfulBox& parent, int i) const {
        const FaithfulDirective& d = lv.directives[static_cast<std::size_t>(i)];
        const bool rows = d.walk == Walk::InputRows || d.walk == Walk::OutputRows || (d.walk == Walk::Axis && d.axis == fR);
        const bool cols = d.walk == Walk::InputCols || d.walk == Walk::OutputCols || (d.walk == Walk::Axis && d.axis == fS);
        if (!rows && !cols) return 1;
        // Only where the level both walks input rows (columns) and splits the filter along them:
        // then a step's outputs are the rows' windows its filter rows complete, fewer near the ends.
        const bool walks_rows = lv.walks_input_rows || lv.walks_output_rows;
        const bool walks_cols = lv.walks_input_cols || lv.walks_output_cols;
        bool splits_rows = false, splits_cols = false;
        for (int j = 0; j < lv.count; ++j) {
            const FaithfulDirective& o = lv.directives[static_cast<std::size_t>(j)];
            if (o.walk != Walk::Axis) continue;
            splits_rows |= o.axis == fR && o.size < parent.ax[fR].size();
            splits_cols |= o.axis == fS && o.size < parent.ax[fS].size();
        }
        if (rows && walks_rows && splits_rows) return parent.ax[fR].size() + 1;
        if (cols && walks_cols && splits_cols) return parent.ax[fS].size() + 1;
        return 1;
    }

    template <typename Classes>
    void analyse_kind(int li, const FaithfulLevel& lv, const LoopFrame& f, const FaithfulBox& parent, int advancing,
                      const std::array<int, kMostDirectives>& cls, Classes classes,
                      const std::array<std::array<AxisHistory, 3>, kMostDirectives>& hist, bool innermost,
                      LevelFigures& out, TopFigures* top) {
        std::array<std::int64_t, kMostDirectives> now{}, before{};
        std::int64_t weight = 1;
        for (int m = 0; m < f.moving_count; ++m) {
            const auto i = static_cast<std::size_t>(f.moving[static_cast<std::size_t>(m)]);
            const std::int64_t trips = f.trips[i];
            if (m <= advancing) {
                const PositionClasses& list = classes(m, m == advancing);
                const auto c = static_cast<std::size_t>(cls[static_cast<std::size_t>(m)]);
                now[i] = list.position[c];
                before[i] = m == advancing ? now[i] - 1 : now[i];
                weight *= list.weight[c];
            } else {
                now[i] = 0;
                before[i] = trips - 1;
            }
        }
        const bool first_step = advancing < 0;
        // The owner loop is inner to the advancing one: a sub-cluster idle at its last position
        // still holds the tile of the position before.
        const bool owner_wrapped = !first_step && f.owner >= 0 && f.trips[static_cast<std::size_t>(f.owner)] >= 2 &&
                                   f.owner > f.moving[static_cast<std::size_t>(advancing)];
        const KindFigures& kind = kind_figures(li, lv, f, parent, now, before, first_step, owner_wrapped, innermost);
        if (kind.step_macs == 0) return;
        const StepTraffic& traffic = kind.traffic;
        const std::int64_t active = kind.active, compute = kind.compute;
        std::int64_t ingress = 0;
        const std::array<std::int64_t, 3>& unions = traffic.unions;
        for (int t = 0; t < 2; ++t) {
            const auto tu = static_cast<std::size_t>(t);
            ingress += traffic.reads[tu];
            if (top) add_product(top->buffer_reads[tu], weight, traffic.reads[tu]);
            add_product(out.leaf_deliveries[tu], weight, kind.leaf_deliveries[tu]);
        }
        const std::int64_t egress = unions[2];
        add_product(out.macs, weight, kind.macs);
        if (kind.l1_peak > out.l1_peak) {
            out.l1_peak = kind.l1_peak;
            out.l1_peak_by_tensor = kind.l1_peak_by_tensor;
        }
        const std::int64_t in_delay = noc_delay(ingress, lv);
        const std::int64_t out_delay = noc_delay(egress, lv);
        std::int64_t delay = first_step ? in_delay + compute : std::max({in_delay, compute, out_delay});
        if (top) {
            // An outer loop at its first position or a middle one: the same tiles, different
            // DRAM traffic (what is fetched first, what completes): split the kind for it.
            std::array<int, kMostDirectives> split{};
            int splits = 0;
            std::int64_t base = weight;
            std::array<std::int64_t, kMostDirectives> split_weight{};
            for (int m = 0; m < advancing; ++m) {
                const PositionClasses& list = classes(m, false);
                const auto c = static_cast<std::size_t>(cls[static_cast<std::size_t>(m)]);
                if (list.position[c] != 0 || list.weight[c] < 2) continue;
                base /= list.weight[c];
                split_weight[static_cast<std::size_t>(splits)] = list.weight[c];
                split[static_cast<std::size_t>(splits++)] = m;
            }
            const std::int64_t bw = std::max<std::int64_t>(1, acc_.offchip_bw_elements_per_cycle);
            for (unsigned mask = 0; mask < (1u << splits); ++mask) {
                auto at = now;
                std::int64_t sub_weight = base;
                for (int k = 0; k < splits; ++k) {
                    if (!(mask & (1u << k))) continue;
                    const auto i = static_cast<std::size_t>(f.moving[static_cast<std::size_t>(split[static_cast<std::size_t>(k)])]);
                    at[i] = period_[static_cast<std::size_t>(li)][static_cast<std::size_t>(split[static_cast<std::size_t>(k)])];  // the next of its phase
                    sub_weight *= split_weight[static_cast<std::size_t>(k)] - 1;
                }
                // Fetched first now (inputs, weights; outputs: arriving first), and outputs done now.
                std::array<std::int64_t, 3> fresh{};
                for (int t = 0; t < 3; ++t)
                    fresh[static_cast<std::size_t>(t)] = first_touch(f, at, hist, t, unions[static_cast<std::size_t>(t)], false);
                const std::int64_t dram_in = fresh[0] + fresh[1];
                const std::int64_t dram_out = first_touch(f, at, hist, 2, unions[2], true);
                add_product(out.runtime, sub_weight, std::max({delay, dram_in / bw, dram_out / bw}));
                for (int t = 0; t < 2; ++t) add_product(top->dram_fills[static_cast<std::size_t>(t)], sub_weight, fresh[static_cast<std::size_t>(t)]);
                add_product(top->outputs_seen, sub_weight, fresh[2]);
                add_product(top->outputs_completed, sub_weight, dram_out);
            }
            add_product(top->egress, weight, egress);
            for (int t = 0; t < 3; ++t)
                top->l2_peak[static_cast<std::size_t>(t)] = std::max(top->l2_peak[static_cast<std::size_t>(t)], 2 * unions[static_cast<std::size_t>(t)]);
            top->steps += weight;
            top->active_clusters += static_cast<double>(weight) * static_cast<double>(active);
            note_delay(top->ingress, top->ingress_sum, in_delay, weight, top->steps == weight);
            note_delay(top->egress_delay, top->egress_sum, out_delay, weight, top->steps == weight);
            note_delay(top->compute, top->compute_sum, compute, weight, top->steps == weight);
            if (delay > 0) top->peak_ingress_per_cycle = std::max(top->peak_ingress_per_cycle, ceil_div(ingress, delay));
            return;
        }
        add_product(out.runtime, weight, delay);
    }

    // The key of a step kind's tiles (kind_figures): per moving loop, where it stands now and at
    // the step before, except where the loop's tiles there are translates of those at any other
    // such positions: then its tile sizes and how far apart they are. Kinds with one key have the
    // same sub-cluster runs up to a translation along the axes such loops move (so the same MACs,
    // traffic, compute and inner figures). Such loops: a TemporalMap of N, G, K or C, or of output
    // rows (columns); one of input rows (columns) at stride 1 while the level's filter rows stay
    // put, where the tile is whole and owns whole windows inside the parent's; the SpatialMaps'
    // loop over N, G, K or C where every sub-cluster has a whole tile and none is the last. At the
    // padded top level, whose input is clipped at fixed rows, rows and columns only where the
    // tiles' input rows (columns) are all real.
    void kind_key(const FaithfulLevel& lv, const LoopFrame& f, const FaithfulBox& parent,
                           const std::array<std::int64_t, kMostDirectives>& now, const std::array<std::int64_t, kMostDirectives>& before,
                           bool first_step, bool owner_wrapped, bool top_level, std::vector<std::int64_t>& key) const {
        enum Tag : std::int64_t { kExact, kSizes, kInterior };
        key.clear();
        key.push_back(first_step + 2 * owner_wrapped);
        const bool fixed_rows = top_level && shape_.padded;
        // Whether the level's SpatialMaps all move N, G, K or C (and so their sub-clusters' tiles
        // are translates of one another wherever all of them are whole).
        bool plain_spatial = lv.spatial_count > 0;
        for (int k = 0; k < lv.spatial_count; ++k) {
            const FaithfulDirective& d = lv.directives[static_cast<std::size_t>(lv.spatial_index[static_cast<std::size_t>(k)])];
            plain_spatial &= d.walk == Walk::Axis && d.axis != fR && d.axis != fS;
        }
        for (int m = 0; m < f.moving_count; ++m) {
            const auto i = static_cast<std::size_t>(f.moving[static_cast<std::size_t>(m)]);
            const FaithfulDirective& d = lv.directives[i];
            const std::int64_t p_now = now[i], p_before = before[i];
            const std::int64_t delta = p_before - p_now;
            if (d.spatial) {
                // Every sub-cluster at a whole tile short of the last, for every SpatialMap.
                auto interior = [&](std::int64_t p) {
                    for (int k = 0; k < lv.spatial_count; ++k)
                        if ((p + 1) * lv.sub_clusters + 1 > f.counts[static_cast<std::size_t>(lv.spatial_index[static_cast<std::size_t>(k)])]) return false;
                    return true;
                };
                if (static_cast<int>(i) == f.owner && plain_spatial && interior(p_now) && (first_step || interior(p_before))) {
                    key.insert(key.end(), {kInterior, delta});
                } else {
                    key.insert(key.end(), {kExact, p_now, p_before});
                }
                continue;
            }
            Span span;  // the parent's extent along what the loop moves
            bool sized = false, windows = false;
            switch (d.walk) {
                case Walk::Axis:
                    sized = d.axis != fR && d.axis != fS;
                    span = parent.ax[static_cast<std::size_t>(d.axis)];
                    break;
                case Walk::OutputRows: sized = true; span = parent.ax[fYo]; break;
                case Walk::OutputCols: sized = true; span = parent.ax[fXo]; break;
                case Walk::InputRows: windows = shape_.row_stride == 1 && !moves_axis(lv, f, fR); span = parent.rows; break;
                case Walk::InputCols: windows = shape_.col_stride == 1 && !moves_axis(lv, f, fS); span = parent.cols; break;
            }
            auto tile = [&](std::int64_t pos) {
                const Span t = meet({span.lo + pos * d.offset, span.lo + pos * d.offset + d.size}, span);
                return t.size() > 0 ? t : Span{t.lo, t.lo};
            };
            // At the padded top level, a row (column) walk's tiles translate only where their
            // input rows are all real (the padding is clipped at fixed rows).
            const bool walks_rows = d.walk == Walk::InputRows || d.walk == Walk::OutputRows;
            const bool walks_cols = d.walk == Walk::InputCols || d.walk == Walk::OutputCols;
            auto unclipped = [&](std::int64_t p) {
                if (!fixed_rows || (!walks_rows && !walks_cols)) return true;
                const int filter_axis = walks_rows ? fR : fS;
                if (moves_axis(lv, f, filter_axis)) return false;
                const Span filter = fixed_filter(lv, parent, filter_axis);
                const Span t = tile(p);
                if (t.size() == 0 || filter.size() == 0) return false;
                const std::int64_t stride = walks_rows ? shape_.row_stride : shape_.col_stride;
                const bool outputs = d.walk == Walk::OutputRows || d.walk == Walk::OutputCols;
                const Span inputs = outputs ? Span{t.lo * stride + filter.lo, (t.hi - 1) * stride + filter.hi} : t;
                const Span real = walks_rows ? shape_.real_rows : shape_.real_cols;
                return inputs.lo >= real.lo && inputs.hi <= real.hi;
            };
            const bool translates = unclipped(p_now) && (first_step || unclipped(p_before));
            if (sized && translates) {
                key.insert(key.end(), {kSizes, tile(p_now).size(), tile(p_before).size(), delta});
                continue;
            }
            if (windows && translates) {
                // A whole tile whose windows (at the level's fixed filter rows) lie inside the
                // parent's outputs.
                const bool rows = d.walk == Walk::InputRows;
                const Span filter = fixed_filter(lv, parent, rows ? fR : fS);
                const Span outputs = parent.ax[rows ? fYo : fXo];
                auto interior = [&](std::int64_t p) {
                    const Span t = tile(p);
                    return t.size() == d.size && t.lo - filter.lo >= outputs.lo && t.hi - filter.hi + 1 <= outputs.hi;
                };
                if (filter.size() > 0 && interior(p_now) && (first_step || interior(p_before))) {
                    key.insert(key.end(), {kInterior, delta});
                    continue;
                }
            }
            key.insert(key.end(), {kExact, p_now, p_before});
        }
    }

    // Whether the level's tiles differ along the given axis: a loop moves it, or a SpatialMap
    // spreads it over the sub-clusters.
    static bool moves_axis(const FaithfulLevel& lv, const LoopFrame& f, int axis) {
        for (int i = 0; i < lv.count; ++i) {
            const FaithfulDirective& d = lv.directives[static_cast<std::size_t>(i)];
            if (d.walk == Walk::Axis && d.axis == axis && (d.spatial || f.trips[static_cast<std::size_t>(i)] > 1)) return true;
        }
        return false;
    }

    // The filter rows (columns) every tile of the level has when no loop moves them: the level's
    // map of them at its first position, or the parent's.
    static Span fixed_filter(const FaithfulLevel& lv, const FaithfulBox& parent, int axis) {
        const Span p = parent.ax[static_cast<std::size_t>(axis)];
        for (int i = 0; i < lv.count; ++i) {
            const FaithfulDirective& d = lv.directives[static_cast<std::size_t>(i)];
            if (d.walk == Walk::Axis && d.axis == axis) return meet({p.lo, p.lo + d.size}, p);
        }
        return p;
    }

    // A step kind's figures but for its weight and DRAM traffic: the runs built and added up, or
    // those of an earlier kind of this level's run over the same parent with the same key.
    const KindFigures& kind_figures(int li, const FaithfulLevel& lv, const LoopFrame& f, const FaithfulBox& parent,
                                    const std::array<std::int64_t, kMostDirectives>& now,
                                    const std::array<std::int64_t, kMostDirectives>& before, bool first_step, bool owner_wrapped,
                                    bool innermost) {
        // Only the top level's kinds are remembered: an inner level runs once per parent tile,
        // over a few kinds each time, and the key would cost more than it saves (measured on
        // random three-level mappings).
        KeyedMemo<KindFigures>& memo = kind_memo_[static_cast<std::size_t>(li)];
        std::vector<std::int64_t>& key = kind_key_;
        const bool remembered = li == 0 && kind_reuse.load(std::memory_order_relaxed);
        std::uint64_t hash = 0;
        if (remembered) {
            kind_key(lv, f, parent, now, before, first_step, owner_wrapped, true, key);
            hash = KeyedMemo<KindFigures>::hash_of(key);
            if (const KindFigures* known = memo.find(hash, key)) return *known;
        }
        KindFigures k;
        build_runs(li, lv, f, parent, now, before, first_step, owner_wrapped);
        const std::vector<ScRun>& runs = runs_[static_cast<std::size_t>(li)];
        for (const ScRun& r : runs)
            if (r.active) {
                k.active += r.count;
                add_product(k.step_macs, r.count, r.now.macs());
            }
        if (k.step_macs > 0) {
            k.traffic = traffic_of_runs(li);
            for (int t = 0; t < 2 && innermost; ++t)
                k.leaf_deliveries[static_cast<std::size_t>(t)] = k.traffic.deliveries[static_cast<std::size_t>(t)];
            for (std::size_t q = 0; q < runs.size(); ++q) {
                const ScRun& r = runs[q];  // the inner levels' analyses build their own levels' runs, not these
                if (!r.active) continue;
                const FaithfulBox& b = r.now;
                if (innermost) {
                    const std::int64_t macs = b.macs();
                    add_product(k.macs, r.count, macs);
                    k.compute = std::max(k.compute, (macs + acc_.simd_lanes - 1) / acc_.simd_lanes);
                    const std::array<std::int64_t, 3> held = {footprint_size(footprint(b, 0)), footprint_size(footprint(b, 1)),
                                                              footprint_size(footprint(b, 2))};
                    const std::int64_t total = 2 * (held[0] + held[1] + held[2]);
                    if (total > k.l1_peak) {
                        k.l1_peak = total;
                        k.l1_peak_by_tensor = {2 * held[0], 2 * held[1], 2 * held[2]};
                    }
                } else {
                    const LevelFigures child = inner(li + 1, b);
                    k.compute = std::max(k.compute, child.runtime);
                    add_product(k.macs, r.count, child.macs);
                    for (int t = 0; t < 2; ++t)
                        add_product(k.leaf_deliveries[static_cast<std::size_t>(t)], r.count, child.leaf_deliveries[static_cast<std::size_t>(t)]);
                    if (child.l1_peak > k.l1_peak) {
                        k.l1_peak = child.l1_peak;
                        k.l1_peak_by_tensor = child.l1_peak_by_tensor;
                    }
                }
            }
        }
        if (!remembered) {
            KindFigures& kept = unremembered_kind_[static_cast<std::size_t>(li)];
            kept = k;
            return kept;
        }
        return memo.add(hash, key, k);
    }

    // sum += a x b x c; past kMostCount the analysis is refused (ArithmeticOverflow).
    void add_product(std::int64_t& sum, std::int64_t a, std::int64_t b, std::int64_t c = 1) {
        if (!add_product_checked(sum, a, b, c)) overflow_ = true;
    }

    static void note_delay(DelayStats& s, double& sum, std::int64_t value, std::int64_t weight, bool first) {
        if (first) s.min_cycles = s.max_cycles = value;
        s.min_cycles = std::min(s.min_cycles, value);
        s.max_cycles = std::max(s.max_cycles, value);
        sum += static_cast<double>(value) * static_cast<double>(weight);
    }

    // Elements of tensor t first touched (or, with `last`, last touched) at this top-level step:
    // an element's first (last) step is, loop by loop, the first (last) position whose tile holds
    // it, so the count is a product over the loops that move the tensor, zero unless every other
    // loop stands at its first (last) position.
    std::int64_t first_touch(const LoopFrame& f, const std::array<std::int64_t, kMostDirectives>& now,
                             const std::array<std::array<AxisHistory, 3>, kMostDirectives>& hist, int t, std::int64_t step_union,
                             bool last) const {
        std::array<std::int64_t, kFootprintAxes> axis_count{-1, -1, -1, -1, -1};
        for (int m = 0; m < f.moving_count; ++m) {
            const int i = f.moving[static_cast<std::size_t>(m)];
            const std::int64_t trips = f.trips[static_cast<std::size_t>(i)];
            const std::int64_t p = now[static_cast<std::size_t>(i)];
            const AxisHistory& h = hist[static_cast<std::size_t>(i)][static_cast<std::size_t>(t)];
            if (!h.used) {
                if (last ? p != trips - 1 : p != 0) return 0;
                continue;
            }
            const int s = slot_of(p, trips);
            std::int64_t& c = axis_count[static_cast<std::size_t>(h.axis)];
            const std::int64_t v = last ? h.stale[static_cast<std::size_t>(s)] : h.fresh[static_cast<std::size_t>(s)];
            c = c < 0 ? v : std::min(c, v);  // two loops on one axis: the tighter (approximate)
        }
        // Axes no loop moves: the step's whole extent, from the step's own union.
        std::int64_t moved = 1;
        bool any = false;
        for (std::int64_t c : axis_count)
            if (c >= 0) {
                moved *= c;
                any = true;
            }
        if (!any) return step_union;
        // The rest of the footprint is the step's union divided by the moved axes' sizes there.
        return moved == 0 ? 0 : fixed_parts_[static_cast<std::size_t>(t)] * moved;
    }

    // Product of the footprint sizes along the axes no moving loop moves (those are the same at
    // every step).
    std::int64_t fixed_part(int t, const LoopFrame& f, const std::array<std::array<AxisHistory, 3>, kMostDirectives>& hist) const {
        unsigned moved_axes = 0;
        for (int m = 0; m < f.moving_count; ++m) {
            const AxisHistory& h = hist[static_cast<std::size_t>(f.moving[static_cast<std::size_t>(m)])][static_cast<std::size_t>(t)];
            if (h.used) moved_axes |= 1u << h.axis;
        }
        const Footprint fp = footprint(whole_layer_, t);
        std::int64_t v = 1;
        for (int a = 0; a < kFootprintAxes; ++a)
            if (!(moved_axes & (1u << a)))
                v *= t == 0 && shape_.padded ? size_within(fp[static_cast<std::size_t>(a)], real_range(t, a))
                                             : fp[static_cast<std::size_t>(a)].size();
        return v;
    }

    LevelFigures inner(int li, const FaithfulBox& parent) {
        ShapeKey key;
        key.level = li;
        for (int a = 0; a < kFaithfulAxes; ++a) key.sizes[static_cast<std::size_t>(a)] = parent.ax[static_cast<std::size_t>(a)].size();
        key.rows = parent.rows.size();
        key.cols = parent.cols.size();
        key.row_phase = parent.rows.lo - (parent.ax[fYo].lo * shape_.row_stride + parent.ax[fR].lo);
        key.col_phase = parent.cols.lo - (parent.ax[fXo].lo * shape_.col_stride + parent.ax[fS].lo);
        std::uint64_t h = static_cast<std::uint64_t>(li);
        for (std::int64_t v : key.sizes) h = h * 33 + static_cast<std::uint64_t>(v);
        for (std::int64_t v : {key.rows, key.cols, key.row_phase, key.col_phase}) h = h * 33 + static_cast<std::uint64_t>(v);
        key.hash = h;
        for (const auto& [k, v] : memo_)
            if (k.hash == key.hash && k == key) return v;
        LevelFigures figures = run_level(li, parent, nullptr);
        memo_.emplace_back(key, figures);
        return memo_.back().second;
    }

    const FaithfulShape& shape_;
    const std::array<FaithfulLevel, kMaxClusterLevels>& levels_;
    int level_count_;
    const Accelerator& acc_;
public:
    bool too_many_kinds_ = false;
    bool overflow_ = false;  // a count passed 2^62 (add_product)
    // The buffers an analysis works in, kept by each thread from one evaluation to the next (the
    // cost model allocates nothing in its hot path; every one is written before it is read, the
    // memo cleared per analysis).
    struct Scratch {
        std::vector<std::pair<ShapeKey, LevelFigures>> memo;
        std::vector<Span> spans, diff, piece, history_copy, history_clipped;
        std::array<std::vector<Span>, 5> history_lines;
        std::array<std::vector<ScRun>, 5> history_run_lists;
        std::vector<std::int64_t> cuts;
        std::array<std::vector<ScRun>, kMaxClusterLevels> runs;
        std::vector<std::int64_t> kind_key;
        std::array<KeyedMemo<KindFigures>, kMaxClusterLevels> kind_memo;
        std::array<std::array<PositionClasses, kMostDirectives>, kMaxClusterLevels> outer_classes, advance_classes;
        std::array<std::array<std::int64_t, kMostDirectives>, kMaxClusterLevels> period{};  // per level: a level's runs outlive its inner levels' analyses
    };

private:
    FaithfulBox whole_layer_;  // the top level's parent tile: its footprint along unmoved axes is every top step's
    std::vector<std::pair<ShapeKey, LevelFigures>>& memo_;
    std::vector<Span>&spans_, &diff_, &piece_;
    std::vector<Span>&history_copy_, &history_clipped_;
    std::array<std::vector<Span>, 5>& history_lines_;
    std::array<std::vector<ScRun>, 5>& history_run_lists_;  // the runs at each history position
    std::array<std::int64_t, 3> fixed_parts_{};  // fixed_part per tensor at the top level
    std::array<FaithfulBox, 5> history_boxes_{};  // the first sub-cluster's tile at each history position
    std::array<int, 5> history_same_as_{};  // per position: the earlier one with the same runs, or -1
    std::vector<std::int64_t>& cuts_;
    std::array<std::vector<ScRun>, kMaxClusterLevels>& runs_;
    std::vector<std::int64_t>& kind_key_;
    std::array<KeyedMemo<KindFigures>, kMaxClusterLevels>& kind_memo_;  // per level, cleared per run of the level
    std::array<KindFigures, kMaxClusterLevels> unremembered_kind_{};  // per level: its kind's, not remembered
    // Per level and tensor: the footprint axes its SpatialMaps move (spatial_axes), fixed for the analysis.
    std::array<std::array<unsigned, 3>, kMaxClusterLevels> spatial_axes_{};
    std::array<std::array<PositionClasses, kMostDirectives>, kMaxClusterLevels>&outer_classes_, &advance_classes_;
    std::array<std::array<std::int64_t, kMostDirectives>, kMaxClusterLevels>& period_;
};

struct FaithfulScratch : FaithfulAnalysis::Scratch {};

FaithfulAnalysis::FaithfulAnalysis(const FaithfulShape& shape, const std::array<FaithfulLevel, kMaxClusterLevels>& levels,
                                   int level_count, const Accelerator& acc, FaithfulScratch& scratch)
    : shape_(shape), levels_(levels), level_count_(level_count), acc_(acc), memo_(scratch.memo), spans_(scratch.spans),
      diff_(scratch.diff), piece_(scratch.piece), history_copy_(scratch.history_copy), history_clipped_(scratch.history_clipped),
      history_lines_(scratch.history_lines), history_run_lists_(scratch.history_run_lists), cuts_(scratch.cuts), runs_(scratch.runs), kind_key_(scratch.kind_key), kind_memo_(scratch.kind_memo),
      outer_classes_(scratch.outer_classes),
      advance_classes_(scratch.advance_classes), period_(scratch.period) {
    memo_.clear();
    for (int li = 0; li < level_count; ++li)
        for (int t = 0; t < 3; ++t)
            spatial_axes_[static_cast<std::size_t>(li)][static_cast<std::size_t>(t)] = spatial_axes(levels[static_cast<std::size_t>(li)], t);
}

}  // namespace

void set_faithful_kind_reuse(bool on) { kind_reuse.store(on, std::memory_order_relaxed); }

void analyze_faithful(const Layer& given, const Accelerator& acc, const Mapping& mapping, TopLevelOutcome& out) {
    out = {};
    if (!accelerator_problem(acc).empty()) {
        out.problem = fail(Invalidity::AcceleratorSpec);
        return;
    }
    const Layer layer = analysed_shape(given);
    FaithfulShape shape;
    if (InvalidityDetail p = read_shape(layer, shape); p.kind != Invalidity::None) {
        out.problem = p;
        return;
    }
    std::array<FaithfulLevel, kMaxClusterLevels> levels{};
    int level_count = 0;
    if (InvalidityDetail p = read_levels(layer, shape, acc, mapping, levels, level_count); p.kind != Invalidity::None) {
        out.problem = p;
        return;
    }
    thread_local FaithfulScratch scratch;
    FaithfulAnalysis analysis(shape, levels, level_count, acc, scratch);
    TopFigures top;
    const LevelFigures figures = analysis.run_top(top);
    if (analysis.too_many_kinds_) {
        out.problem = fail(Invalidity::TooManyCases, -1, Dim::K, 0, kMostKinds);
        return;
    }
    if (analysis.overflow_) {
        out.problem = fail(Invalidity::ArithmeticOverflow);
        return;
    }
    out.runtime = figures.runtime;
    out.macs = figures.macs;
    const std::int64_t layer_macs = shape.macs();
    if (figures.macs == 0) {
        out.problem = fail(Invalidity::NoValidIteration);
        return;
    }
    for (int t = 0; t < 2; ++t) {
        TensorAccesses& a = out.tensors[static_cast<std::size_t>(t)];
        a.l2_read = top.buffer_reads[static_cast<std::size_t>(t)];
        a.l2_write = top.dram_fills[static_cast<std::size_t>(t)];
        a.l1_write = figures.leaf_deliveries[static_cast<std::size_t>(t)];
        a.l1_read = figures.macs;
    }
    TensorAccesses& o = out.tensors[2];
    o.l2_write = top.egress;
    o.l2_read = std::max<std::int64_t>(0, top.egress - top.outputs_seen);
    o.l1_write = o.l1_read = figures.macs;
    out.l1_required = figures.l1_peak;
    out.l1_required_by_tensor = figures.l1_peak_by_tensor;
    out.l2_required = top.l2_peak;
    const double steps = static_cast<double>(std::max<std::int64_t>(1, top.steps));
    out.avg_active_clusters = top.active_clusters / steps;
    out.peak_noc_bw = top.peak_ingress_per_cycle;
    out.ingress = top.ingress;
    out.egress = top.egress_delay;
    out.compute = top.compute;
    out.ingress.avg_cycles = static_cast<std::int64_t>(top.ingress_sum / steps);
    out.egress.avg_cycles = static_cast<std::int64_t>(top.egress_sum / steps);
    out.compute.avg_cycles = static_cast<std::int64_t>(top.compute_sum / steps);
    const std::int64_t ingress_total = top.buffer_reads[0] + top.buffer_reads[1];
    out.arithmetic_intensity = ingress_total > 0 ? static_cast<double>(figures.macs) / static_cast<double>(ingress_total) : 0.0;
    out.avg_noc_bw = out.runtime > 0 ? static_cast<double>(ingress_total) / static_cast<double>(out.runtime) : 0.0;
    if (figures.macs < layer_macs) {
        out.problem = fail(Invalidity::MacsSkipped, -1, Dim::K, figures.macs, layer_macs);
        return;
    }
    // Every MAC done (a faithful mapping does each at least once): what was fetched from DRAM is
    // every input element a MAC reads (padding aside) and every weight, and every output arrived.
    // (The per-step split above follows the loops; where a split filter couples which sub-clusters
    // work to a loop's position, only these totals are exact.)
    const std::int64_t rows_used = windows_size_within(shape.size[fYo], shape.size[fR], shape.row_stride, shape.real_rows);
    const std::int64_t cols_used = windows_size_within(shape.size[fXo], shape.size[fS], shape.col_stride, shape.real_cols);
    out.tensors[0].l2_write = shape.size[fN] * shape.size[fG] * shape.size[fC] * rows_used * cols_used;
    out.tensors[1].l2_write = (shape.depthwise ? 1 : shape.size[fK]) * shape.size[fG] * shape.size[fC] * shape.size[fR] * shape.size[fS];
    const std::int64_t outputs = shape.size[fN] * shape.size[fG] * (shape.depthwise ? shape.size[fC] : shape.size[fK]) * shape.size[fYo] *
                                 shape.size[fXo];
    // L2 reads of outputs: the partial sums read back to accumulate, and each output once more
    // to write it to DRAM.
    o.l2_read = std::max<std::int64_t>(0, top.egress - outputs) + outputs;
    out.output_dram_writes = outputs;
}

}  // namespace mapscape
