#include "reference/loop_nest_simulator.hpp"
#include "util/index_range.hpp"

#include <algorithm>
#include <limits>
#include <string>

namespace mapscape {

namespace {

// Bounds on what one simulation allocates: stamps per tensor element per level, state per sub-cluster.
constexpr std::int64_t kMaxTensorElements = 4'000'000;
constexpr std::int64_t kMaxSubClusters = 16384;

// MAC-space axes. A GEMM is simulated as a convolution with M as N, N as K and K as C (the
// same couplings: input {M, K}, weight {K, N}, output {M, N}) and 1x1 windows.
enum Axis : int { kN, kK, kC, kR, kS, kYo, kXo, kAxes };

using Range = IndexRange;
std::int64_t floor_div(std::int64_t a, std::int64_t b) { return floor_div_signed(a, b); }
std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return ceil_div_signed(a, b); }

// The part of the layer a sub-cluster works on in one step: a range per MAC axis (output rows
// and columns for Yo, Xo) and the input rows and columns the step spans.
struct Box {
    std::array<Range, kAxes> ax{};
    Range rows, cols;
    bool rows_exact = true, cols_exact = true;  // rows/cols are exactly what the outputs read
    std::int64_t macs() const {
        std::int64_t v = 1;
        for (const Range& r : ax) v *= r.size();
        return v;
    }
};

// How a directive moves through the tile above.
enum class Walk { Axis, InputRows, InputCols, OutputRows, OutputCols };

struct SimDirective {
    Walk walk = Walk::Axis;
    Axis axis = kN;
    bool spatial = false;
    std::int64_t size = 1, offset = 1;
};

struct SimLevel {
    std::vector<SimDirective> directives;
    std::int64_t sub_clusters = 1;
    std::int64_t noc_bandwidth = 1;
    std::int64_t noc_head_latency = 0;
};

// The layer as the simulator indexes it.
struct Shape {
    bool depthwise = false;
    std::array<std::int64_t, kAxes> size{};
    std::int64_t rows = 1, cols = 1;              // input rows and columns
    std::int64_t row_stride = 1, col_stride = 1;
    std::int64_t input_elements() const { return size[kN] * size[kC] * rows * cols; }
    std::int64_t weight_elements() const { return (depthwise ? 1 : size[kK]) * size[kC] * size[kR] * size[kS]; }
    std::int64_t output_elements() const {
        return size[kN] * (depthwise ? size[kC] : size[kK]) * size[kYo] * size[kXo];
    }
    std::int64_t macs_per_output() const { return (depthwise ? 1 : size[kC]) * size[kR] * size[kS]; }
};

std::int64_t noc_delay_cycles(std::int64_t elements, std::int64_t bandwidth, std::int64_t head_latency) {
    return head_latency + (elements + bandwidth - 1) / bandwidth - 1;
}

// Builds the shape, or says why the layer is not simulated.
std::string build_shape(const Layer& given, Shape& s) {
    const Layer l = analysed_form(given);
    if (const std::string p = layer_problem(l); !p.empty()) return p;
    if (l.type == LayerType::GroupedConv) return "grouped convolutions (NGCONV) are not simulated";
    s.size.fill(1);
    if (l.type == LayerType::Gemm) {
        s.size[kN] = l.size(Dim::M);
        s.size[kK] = l.size(Dim::N);
        s.size[kC] = l.size(Dim::K);
        return {};
    }
    s.depthwise = l.type == LayerType::DepthwiseConv;
    s.size[kN] = l.has(Dim::N) ? l.size(Dim::N) : 1;
    s.size[kK] = s.depthwise ? 1 : l.size(Dim::K);
    s.size[kC] = l.size(Dim::C);
    s.size[kR] = l.size(Dim::R);
    s.size[kS] = l.size(Dim::S);
    s.row_stride = l.stride(Dim::Y);
    s.col_stride = l.stride(Dim::X);
    // MAESTRO derives the missing one of Y / Y' with stride-1 arithmetic, then applies the stride.
    s.rows = l.has(Dim::Y) ? l.size(Dim::Y) : l.size(Dim::Yo) + s.size[kR] - 1;
    s.cols = l.has(Dim::X) ? l.size(Dim::X) : l.size(Dim::Xo) + s.size[kS] - 1;
    if (s.rows < s.size[kR] || s.cols < s.size[kS]) return "the filter is larger than the input";
    s.size[kYo] = (s.rows - s.size[kR]) / s.row_stride + 1;
    s.size[kXo] = (s.cols - s.size[kS]) / s.col_stride + 1;
    return {};
}

// Reads the directives into levels, or says why they cannot be simulated.
std::string build_levels(const Layer& given, const Shape& shape, const Accelerator& acc, const Mapping& mapping,
                         std::vector<SimLevel>& levels) {
    const Layer l = analysed_form(given);
    const bool gemm = l.type == LayerType::Gemm;
    std::vector<std::vector<Directive>> raw(1);
    std::vector<std::int64_t> cluster_sizes;
    for (const Directive& d : mapping.directives) {
        if (d.kind == DirectiveKind::Cluster) {
            if (d.size < 1) return "a Cluster size must be at least 1";
            cluster_sizes.push_back(d.size);
            raw.emplace_back();
        } else {
            if (d.size < 1 || d.offset < 1) return "a map's size and offset must be at least 1";
            raw.back().push_back(d);
        }
    }
    if (mapping.directives.empty()) return "the mapping has no directives";
    if (raw.size() > static_cast<std::size_t>(kMaxClusterLevels)) return "more than four cluster levels";
    std::int64_t cluster_product = 1;
    for (std::int64_t c : cluster_sizes) cluster_product *= c;
    if (cluster_product > acc.num_pes) return "the cluster sizes multiply to more than the PEs";
    levels.assign(raw.size(), {});
    for (std::size_t li = 0; li < raw.size(); ++li) {
        SimLevel& lv = levels[li];
        lv.sub_clusters = li == 0 ? acc.num_pes / cluster_product : cluster_sizes[li - 1];
        if (lv.sub_clusters > kMaxSubClusters)
            return "cluster level " + std::to_string(li) + " has " + std::to_string(lv.sub_clusters) +
                   " sub-clusters, more than the simulator's limit of " + std::to_string(kMaxSubClusters);
        lv.noc_bandwidth = acc.noc[li].bandwidth_elements_per_cycle;
        lv.noc_head_latency = acc.noc[li].head_latency_cycles();
        if (lv.noc_bandwidth < 1) return "a NoC bandwidth below 1";
        // The level's filter tile, which turns a Y' (X') map into input rows (columns).
        std::int64_t r_tile = shape.size[kR], s_tile = shape.size[kS];
        bool any_spatial = false;
        unsigned seen = 0;
        for (const Directive& d : raw[li]) {
            if (d.dim == Dim::R) r_tile = std::min(d.size, shape.size[kR]);
            if (d.dim == Dim::S) s_tile = std::min(d.size, shape.size[kS]);
        }
        for (const Directive& d : raw[li]) {
            SimDirective sd;
            sd.spatial = d.kind == DirectiveKind::SpatialMap;
            any_spatial = any_spatial || sd.spatial;
            sd.size = d.size;
            sd.offset = d.offset;
            const std::string name(dim_name(d.dim));
            auto axis = [&](Axis a) { sd.walk = Walk::Axis; sd.axis = a; };
            if (gemm) {
                if (d.dim == Dim::M) axis(kN);
                else if (d.dim == Dim::N) axis(kK);
                else if (d.dim == Dim::K) axis(kC);
                else return "a GEMM has no dimension " + name;
            } else {
                switch (d.dim) {
                    case Dim::N: axis(kN); break;
                    case Dim::K:
                        if (shape.depthwise) return "a depthwise convolution has no dimension K to map";
                        axis(kK);
                        break;
                    case Dim::C: axis(kC); break;
                    case Dim::R: axis(kR); break;
                    case Dim::S: axis(kS); break;
                    case Dim::Y: case Dim::Yo:
                        sd.walk = Walk::InputRows;
                        if (d.dim == Dim::Yo) sd.size += r_tile - 1;
                        break;
                    case Dim::X: case Dim::Xo:
                        sd.walk = Walk::InputCols;
                        if (d.dim == Dim::Xo) sd.size += s_tile - 1;
                        break;
                    default: return "a convolution has no dimension " + name;
                }
            }
            // With a stride, a map covering whole windows computes whole output rows (MAESTRO's reading).
            if (sd.walk == Walk::InputRows && shape.row_stride > 1 && sd.size >= shape.size[kR]) {
                sd.walk = Walk::OutputRows;
                sd.size = sd.offset = (sd.size - shape.size[kR]) / shape.row_stride + 1;
            }
            if (sd.walk == Walk::InputCols && shape.col_stride > 1 && sd.size >= shape.size[kS]) {
                sd.walk = Walk::OutputCols;
                sd.size = sd.offset = (sd.size - shape.size[kS]) / shape.col_stride + 1;
            }
            const unsigned key = sd.walk == Walk::Axis ? (1u << sd.axis)
                                 : (sd.walk == Walk::InputRows || sd.walk == Walk::OutputRows) ? (1u << 10)
                                                                                               : (1u << 11);
            if (seen & key) return "dimension " + name + " is mapped twice in cluster level " + std::to_string(li);
            seen |= key;
            lv.directives.push_back(sd);
        }
        if (!any_spatial) return "cluster level " + std::to_string(li) + " has no SpatialMap";
    }
    return {};
}

// Positions a map takes over an extent.
std::int64_t positions(std::int64_t extent, const SimDirective& d) {
    if (extent <= 0) return 0;
    if (extent <= d.size) return 1;
    return 1 + ceil_div(extent - d.size, d.offset);
}

class Simulator {
public:
    Simulator(const Shape& shape, const std::vector<SimLevel>& levels, const Accelerator& acc, SimulationResult& out)
        : shape_(shape), levels_(levels), acc_(acc), out_(out) {
        out_.levels.assign(levels.size(), {});
        const std::array<std::int64_t, kNumTensors> sizes = {shape.input_elements(), shape.weight_elements(),
                                                            shape.output_elements()};
        for (std::size_t li = 0; li < levels.size(); ++li) {
            LevelState& st = state_.emplace_back();
            st.previous.resize(static_cast<std::size_t>(levels[li].sub_clusters));
            for (int t = 0; t < 2; ++t) {
                st.resident[static_cast<std::size_t>(t)].assign(static_cast<std::size_t>(sizes[static_cast<std::size_t>(t)]), 0);
                st.sent[static_cast<std::size_t>(t)].assign(static_cast<std::size_t>(sizes[static_cast<std::size_t>(t)]), 0);
            }
            st.sent_up.assign(static_cast<std::size_t>(sizes[2]), 0);
            st.boxes.resize(static_cast<std::size_t>(levels[li].sub_clusters));
            st.active.resize(static_cast<std::size_t>(levels[li].sub_clusters));
        }
        for (int t = 0; t < 2; ++t)
            fetched_[static_cast<std::size_t>(t)].assign(static_cast<std::size_t>(sizes[static_cast<std::size_t>(t)]), 0);
        output_seen_.assign(static_cast<std::size_t>(sizes[2]), 0);
        remaining_.assign(static_cast<std::size_t>(sizes[2]), static_cast<std::int32_t>(shape.macs_per_output()));
        done_.assign(static_cast<std::size_t>((layer_macs() + 63) / 64), 0);
        row_mark_.assign(static_cast<std::size_t>(shape.rows), 0);
        col_mark_.assign(static_cast<std::size_t>(shape.cols), 0);
    }

    std::int64_t layer_macs() const {
        std::int64_t v = 1;
        for (std::int64_t s : shape_.size) v *= s;
        return v;
    }

    void run() {
        Box top;
        for (int a = 0; a < kAxes; ++a) top.ax[static_cast<std::size_t>(a)] = {0, shape_.size[static_cast<std::size_t>(a)]};
        top.rows = {0, shape_.rows};
        top.cols = {0, shape_.cols};
        out_.runtime_cycles = run_level(0, top);
        out_.layer_macs = layer_macs();
        out_.output_elements = shape_.output_elements();
        for (std::uint64_t w : done_) out_.distinct_macs += __builtin_popcountll(w);
        const SimulatedLevelTraffic& top_traffic = out_.levels.front();
        const SimulatedLevelTraffic& pe_traffic = out_.levels.back();
        for (int t = 0; t < 2; ++t) {
            TensorAccesses& a = out_.tensors[static_cast<std::size_t>(t)];
            a.l2_read = top_traffic.buffer_reads[static_cast<std::size_t>(t)];
            a.l2_write = dram_fills_[static_cast<std::size_t>(t)];
            a.l1_write = pe_traffic.deliveries[static_cast<std::size_t>(t)];
            a.l1_read = out_.macs;
        }
        TensorAccesses& o = out_.tensors[2];
        o.l2_write = top_traffic.egress;
        o.l2_read = out_.output_psum_reads;
        o.l1_write = o.l1_read = out_.macs;
        out_.dram_reads = dram_fills_[0] + dram_fills_[1];
    }

private:
    struct LevelState {
        std::array<std::vector<std::uint32_t>, 2> resident, sent;  // stamps per element
        std::vector<std::uint32_t> sent_up;                         // stamps per output element
        std::uint32_t resident_stamp = 0, sent_stamp = 0, sent_up_stamp = 0;
        std::vector<std::array<std::vector<std::int32_t>, 2>> previous;  // each sub-cluster's tile
        std::vector<Box> boxes;
        std::vector<char> active;
    };

    // The sub-cluster's box for the given loop positions, or false when it idles.
    bool child_box(const SimLevel& lv, const Box& parent, const std::vector<std::int64_t>& step,
                   std::int64_t sub_cluster, const std::vector<std::int64_t>& counts, Box& b) {
        b = parent;
        bool rows_mapped = false, cols_mapped = false, out_rows = false, out_cols = false;
        for (std::size_t i = 0; i < lv.directives.size(); ++i) {
            const SimDirective& d = lv.directives[i];
            std::int64_t pos = step[i];
            if (d.spatial) {
                pos = step[i] * lv.sub_clusters + sub_cluster;
                if (pos >= counts[i]) {
                    out_.features.idle_sub_clusters = true;
                    return false;
                }
            }
            const std::int64_t from = pos * d.offset;
            switch (d.walk) {
                case Walk::Axis: {
                    const Range& p = parent.ax[static_cast<std::size_t>(d.axis)];
                    b.ax[static_cast<std::size_t>(d.axis)] = intersect({p.lo + from, p.lo + from + d.size}, p);
                    break;
                }
                case Walk::InputRows:
                    b.rows = intersect({parent.rows.lo + from, parent.rows.lo + from + d.size}, parent.rows);
                    rows_mapped = true;
                    break;
                case Walk::InputCols:
                    b.cols = intersect({parent.cols.lo + from, parent.cols.lo + from + d.size}, parent.cols);
                    cols_mapped = true;
                    break;
                case Walk::OutputRows: {
                    const Range& p = parent.ax[kYo];
                    b.ax[kYo] = intersect({p.lo + from, p.lo + from + d.size}, p);
                    out_rows = true;
                    break;
                }
                case Walk::OutputCols: {
                    const Range& p = parent.ax[kXo];
                    b.ax[kXo] = intersect({p.lo + from, p.lo + from + d.size}, p);
                    out_cols = true;
                    break;
                }
            }
        }
        for (const SimDirective& d : lv.directives) {
            const Range now = d.walk == Walk::Axis         ? b.ax[static_cast<std::size_t>(d.axis)]
                              : d.walk == Walk::InputRows  ? b.rows
                              : d.walk == Walk::InputCols  ? b.cols
                              : d.walk == Walk::OutputRows ? b.ax[kYo]
                                                           : b.ax[kXo];
            const Range whole = d.walk == Walk::Axis         ? parent.ax[static_cast<std::size_t>(d.axis)]
                                : d.walk == Walk::InputRows  ? parent.rows
                                : d.walk == Walk::InputCols  ? parent.cols
                                : d.walk == Walk::OutputRows ? parent.ax[kYo]
                                                             : parent.ax[kXo];
            if (now.size() < std::min(d.size, whole.size())) out_.features.partial_tiles = true;
        }
        settle_window(b.ax[kYo], b.ax[kR], b.rows, b.rows_exact, shape_.row_stride, rows_mapped, out_rows);
        settle_window(b.ax[kXo], b.ax[kS], b.cols, b.cols_exact, shape_.col_stride, cols_mapped, out_cols);
        return b.macs() > 0;
    }

    // Outputs a step owns: those whose window rows within the step's filter rows all lie in its
    // input rows; and the input rows the owned outputs then span.
    static void settle_window(Range& outputs, const Range& filter, Range& inputs, bool& exact, std::int64_t stride,
                              bool inputs_mapped, bool outputs_mapped) {
        if (filter.size() == 0) return;
        if (!outputs_mapped) {
            const Range owned{ceil_div(inputs.lo - filter.lo, stride), floor_div(inputs.hi - filter.hi, stride) + 1};
            outputs = intersect(outputs, owned);
        }
        if (outputs.size() == 0) return;
        if (inputs_mapped && !outputs_mapped) return;  // the rows stay as mapped
        inputs = {outputs.lo * stride + filter.lo, (outputs.hi - 1) * stride + filter.hi};
        exact = stride <= filter.size();
    }

    // Element indices of the box's part of tensor t.
    void footprint(const Box& b, int t, std::vector<std::int32_t>& list) {
        list.clear();
        const auto& s = shape_.size;
        auto mark_lines = [](const Range& outs, const Range& filt, std::int64_t stride, std::vector<std::uint8_t>& mark,
                             std::vector<std::int64_t>& lines) {
            lines.clear();
            for (std::int64_t o = outs.lo; o < outs.hi; ++o)
                for (std::int64_t f = filt.lo; f < filt.hi; ++f) {
                    const std::int64_t line = o * stride + f;
                    if (!mark[static_cast<std::size_t>(line)]) {
                        mark[static_cast<std::size_t>(line)] = 1;
                        lines.push_back(line);
                    }
                }
            for (std::int64_t line : lines) mark[static_cast<std::size_t>(line)] = 0;
        };
        if (t == 0) {
            mark_lines(b.ax[kYo], b.ax[kR], shape_.row_stride, row_mark_, rows_);
            mark_lines(b.ax[kXo], b.ax[kS], shape_.col_stride, col_mark_, cols_);
            for (std::int64_t n = b.ax[kN].lo; n < b.ax[kN].hi; ++n)
                for (std::int64_t c = b.ax[kC].lo; c < b.ax[kC].hi; ++c)
                    for (std::int64_t y : rows_)
                        for (std::int64_t x : cols_)
                            list.push_back(static_cast<std::int32_t>(((n * s[kC] + c) * shape_.rows + y) * shape_.cols + x));
        } else {
            const Range k_range = shape_.depthwise ? Range{0, 1} : b.ax[kK];
            for (std::int64_t k = k_range.lo; k < k_range.hi; ++k)
                for (std::int64_t c = b.ax[kC].lo; c < b.ax[kC].hi; ++c)
                    for (std::int64_t r = b.ax[kR].lo; r < b.ax[kR].hi; ++r)
                        for (std::int64_t q = b.ax[kS].lo; q < b.ax[kS].hi; ++q)
                            list.push_back(static_cast<std::int32_t>(((k * s[kC] + c) * s[kR] + r) * s[kS] + q));
        }
    }

    std::int64_t output_volume(const Box& b) const {
        const std::int64_t channels = shape_.depthwise ? b.ax[kC].size() : b.ax[kK].size();
        return b.ax[kN].size() * channels * b.ax[kYo].size() * b.ax[kXo].size();
    }

    // Marks the box's MACs done; returns how many outputs became complete.
    std::int64_t execute_macs(const Box& b) {
        const auto& s = shape_.size;
        std::int64_t completed = 0;
        for (std::int64_t n = b.ax[kN].lo; n < b.ax[kN].hi; ++n)
            for (std::int64_t k = b.ax[kK].lo; k < b.ax[kK].hi; ++k)
                for (std::int64_t c = b.ax[kC].lo; c < b.ax[kC].hi; ++c)
                    for (std::int64_t y = b.ax[kYo].lo; y < b.ax[kYo].hi; ++y)
                        for (std::int64_t x = b.ax[kXo].lo; x < b.ax[kXo].hi; ++x) {
                            const std::int64_t out = shape_.depthwise ? ((n * s[kC] + c) * s[kYo] + y) * s[kXo] + x
                                                                      : ((n * s[kK] + k) * s[kYo] + y) * s[kXo] + x;
                            std::int32_t fresh = 0;
                            for (std::int64_t r = b.ax[kR].lo; r < b.ax[kR].hi; ++r)
                                for (std::int64_t q = b.ax[kS].lo; q < b.ax[kS].hi; ++q) {
                                    const std::int64_t mac =
                                        (((((n * s[kK] + k) * s[kC] + c) * s[kR] + r) * s[kS] + q) * s[kYo] + y) * s[kXo] + x;
                                    std::uint64_t& word = done_[static_cast<std::size_t>(mac >> 6)];
                                    const std::uint64_t bit = 1ull << (mac & 63);
                                    if (!(word & bit)) {
                                        word |= bit;
                                        ++fresh;
                                    }
                                }
                            if (fresh == 0) continue;
                            std::int32_t& left = remaining_[static_cast<std::size_t>(out)];
                            left -= fresh;
                            if (left == 0) ++completed;
                        }
        return completed;
    }

    // Whether a directive's steps move tensor t's tile (t: 0 input, 1 weight, 2 output).
    bool moves(const SimDirective& d, int t) const {
        if (d.walk != Walk::Axis) return t != 1;
        switch (d.axis) {
            case kN: return t != 1;
            case kK: return t != 0;
            case kC: return t != 2 || shape_.depthwise;
            case kR: case kS: return t != 2;
            default: return t != 1;
        }
    }

    void note_loop_features(const SimLevel& lv, const std::vector<std::int64_t>& trips) {
        SimulationFeatures& f = out_.features;
        const std::size_t nd = lv.directives.size();
        for (std::size_t i = 0; i < nd; ++i) {
            const SimDirective& d = lv.directives[i];
            // How far a step's input rows (columns) reach past the next position's start.
            std::int64_t overlap = 0;
            if (d.walk == Walk::InputRows || d.walk == Walk::InputCols) overlap = d.size - d.offset;
            if (d.walk == Walk::OutputRows) overlap = shape_.size[kR] - shape_.row_stride * d.offset;
            if (d.walk == Walk::OutputCols) overlap = shape_.size[kS] - shape_.col_stride * d.offset;
            const bool windowed = overlap > 0;
            if (d.spatial && windowed && lv.sub_clusters > 1) f.spatial_window_overlap = true;
            if (trips[i] <= 1) continue;
            // A sub-cluster's next spatial position overlapping its own last one.
            if (d.spatial && overlap > d.offset * (lv.sub_clusters - 1) && d.walk != Walk::Axis) f.spatial_self_overlap = true;
            for (std::size_t j = i + 1; j < nd; ++j) {
                if (trips[j] <= 1) continue;
                for (int t = 0; t < 2; ++t)
                    if (!moves(d, t) && moves(lv.directives[j], t)) f.refetch_after_inner_loop = true;
                if (windowed && moves(lv.directives[j], 0)) f.window_reuse_across_wrap = true;
            }
        }
    }

    // Runs one level over the parent's tile from empty buffers; returns its cycles.
    std::int64_t run_level(std::size_t li, const Box& parent) {
        const SimLevel& lv = levels_[li];
        LevelState& st = state_[li];
        SimulatedLevelTraffic& traffic = out_.levels[li];
        const bool top = li == 0;
        const bool innermost = li + 1 == levels_.size();
        const std::size_t nd = lv.directives.size();

        // Extents and positions of each directive over the parent's tile.
        std::vector<std::int64_t> counts(nd), step(nd, 0);
        std::int64_t spatial_steps = 0;
        int spatial_owner = -1;  // the first SpatialMap carries the level's spatial loop
        for (std::size_t i = 0; i < nd; ++i) {
            const SimDirective& d = lv.directives[i];
            std::int64_t extent = 0;
            switch (d.walk) {
                case Walk::Axis: extent = parent.ax[static_cast<std::size_t>(d.axis)].size(); break;
                case Walk::InputRows: extent = parent.rows.size(); break;
                case Walk::InputCols: extent = parent.cols.size(); break;
                case Walk::OutputRows: extent = parent.ax[kYo].size(); break;
                case Walk::OutputCols: extent = parent.ax[kXo].size(); break;
            }
            counts[i] = positions(extent, d);
            if (d.spatial) {
                spatial_steps = std::max(spatial_steps, ceil_div(counts[i], lv.sub_clusters));
                if (spatial_owner < 0) spatial_owner = static_cast<int>(i);
            }
        }
        // Loop trip counts in loop order (a SpatialMap other than the first adds no loop).
        std::vector<std::int64_t> trips(nd, 1);
        for (std::size_t i = 0; i < nd; ++i) {
            if (!lv.directives[i].spatial) trips[i] = counts[i];
            else if (static_cast<int>(i) == spatial_owner) trips[i] = spatial_steps;
        }
        for (std::int64_t t : trips)
            if (t <= 0) return 0;
        note_loop_features(lv, trips);
        for (auto& prev : st.previous) prev[0].clear(), prev[1].clear();

        std::int64_t runtime = 0;
        bool first_step = true;
        std::vector<std::int32_t> list;
        while (true) {
            // The spatial directives follow their loop's position.
            std::vector<std::int64_t> pos = step;
            for (std::size_t i = 0; i < nd; ++i)
                if (lv.directives[i].spatial) pos[i] = step[static_cast<std::size_t>(spatial_owner)];
            std::int64_t step_macs = 0;
            for (std::int64_t sc = 0; sc < lv.sub_clusters; ++sc) {
                const auto u = static_cast<std::size_t>(sc);
                st.active[u] = child_box(lv, parent, pos, sc, counts, st.boxes[u]);
                if (st.active[u]) step_macs += st.boxes[u].macs();
            }
            if (step_macs > 0) {
                runtime += execute_step(li, lv, st, traffic, top, innermost, first_step, list);
            }
            first_step = false;
            // Next position, innermost loop fastest.
            std::size_t i = nd;
            while (i > 0) {
                --i;
                if (++step[i] < trips[i]) break;
                step[i] = 0;
                if (i == 0) return runtime;
            }
            if (nd == 0) return runtime;
        }
    }

    std::int64_t execute_step(std::size_t li, const SimLevel& lv, LevelState& st, SimulatedLevelTraffic& traffic,
                              bool top, bool innermost, bool first_step, std::vector<std::int32_t>& list) {
        ++traffic.steps;
        std::int64_t ingress = 0, egress = 0, dram_in = 0;
        for (int t = 0; t < 2; ++t) {
            const auto tu = static_cast<std::size_t>(t);
            auto& resident = st.resident[tu];
            auto& sent = st.sent[tu];
            const std::uint32_t sent_stamp = ++st.sent_stamp;
            for (std::int64_t sc = 0; sc < lv.sub_clusters; ++sc) {
                const auto u = static_cast<std::size_t>(sc);
                if (!st.active[u]) continue;  // an idle sub-cluster keeps its tile
                auto& previous = st.previous[u][tu];
                const std::uint32_t stamp = ++st.resident_stamp;
                for (std::int32_t e : previous) resident[static_cast<std::size_t>(e)] = stamp;
                footprint(st.boxes[u], t, list);
                for (std::int32_t e : list) {
                    const auto eu = static_cast<std::size_t>(e);
                    if (resident[eu] == stamp) continue;
                    ++traffic.deliveries[tu];
                    if (sent[eu] == sent_stamp) continue;
                    sent[eu] = sent_stamp;
                    ++traffic.buffer_reads[tu];
                    ++ingress;
                    if (top && !fetched_[tu][eu]) {
                        fetched_[tu][eu] = 1;
                        ++dram_fills_[tu];
                        ++dram_in;
                    }
                }
                previous.swap(list);
            }
        }
        std::int64_t compute = 0;
        std::int64_t completed_before = out_.outputs_completed;
        const std::uint32_t up_stamp = ++st.sent_up_stamp;
        for (std::int64_t sc = 0; sc < lv.sub_clusters; ++sc) {
            const auto u = static_cast<std::size_t>(sc);
            if (!st.active[u]) continue;
            const Box& b = st.boxes[u];
            egress += send_up(b, st.sent_up, up_stamp, top);
            if (innermost) {
                const std::int64_t macs = b.macs();
                out_.macs += macs;
                ++out_.leaf_steps;
                compute = std::max(compute, (macs + acc_.simd_lanes - 1) / acc_.simd_lanes);
                out_.outputs_completed += execute_macs(b);
                const std::int64_t held = static_cast<std::int64_t>(st.previous[u][0].size() + st.previous[u][1].size()) +
                                          output_volume(b);
                out_.l1_peak_elements = std::max(out_.l1_peak_elements, 2 * held);
            } else {
                compute = std::max(compute, run_level(li + 1, b));
            }
        }
        traffic.egress += egress;
        const std::int64_t in_delay = noc_delay_cycles(ingress, lv.noc_bandwidth, lv.noc_head_latency);
        const std::int64_t out_delay = noc_delay_cycles(egress, lv.noc_bandwidth, lv.noc_head_latency);
        std::int64_t delay = first_step ? in_delay + compute : std::max({in_delay, compute, out_delay});
        if (top) {
            const std::int64_t dram_out = out_.outputs_completed - completed_before;
            out_.dram_output_writes += dram_out;
            const std::int64_t bw = acc_.offchip_bw_elements_per_cycle;
            delay = std::max({delay, dram_in / bw, dram_out / bw});
        }
        return delay;
    }

    // Sends the box's partial sums up; sub-clusters that share outputs in a step have them
    // reduced on the way (each output leaves once per step, as the analytical model counts). At
    // the top, an output that already holds a partial sum in L2 is read back to accumulate.
    // Returns the outputs sent that no earlier sub-cluster of this step sent.
    std::int64_t send_up(const Box& b, std::vector<std::uint32_t>& sent_up, std::uint32_t stamp, bool top) {
        const auto& s = shape_.size;
        const Range ch = shape_.depthwise ? b.ax[kC] : b.ax[kK];
        const std::int64_t channels = shape_.depthwise ? s[kC] : s[kK];
        std::int64_t sent = 0;
        for (std::int64_t n = b.ax[kN].lo; n < b.ax[kN].hi; ++n)
            for (std::int64_t k = ch.lo; k < ch.hi; ++k)
                for (std::int64_t y = b.ax[kYo].lo; y < b.ax[kYo].hi; ++y)
                    for (std::int64_t x = b.ax[kXo].lo; x < b.ax[kXo].hi; ++x) {
                        const auto e = static_cast<std::size_t>(((n * channels + k) * s[kYo] + y) * s[kXo] + x);
                        if (sent_up[e] == stamp) continue;
                        sent_up[e] = stamp;
                        ++sent;
                        if (!top) continue;
                        if (output_seen_[e]) ++out_.output_psum_reads;
                        output_seen_[e] = 1;
                    }
        return sent;
    }

    const Shape& shape_;
    const std::vector<SimLevel>& levels_;
    const Accelerator& acc_;
    SimulationResult& out_;
    std::vector<LevelState> state_;
    std::array<std::vector<std::uint8_t>, 2> fetched_;
    std::array<std::int64_t, 2> dram_fills_{};
    std::vector<std::uint8_t> output_seen_;
    std::vector<std::int32_t> remaining_;
    std::vector<std::uint64_t> done_;
    std::vector<std::uint8_t> row_mark_, col_mark_;
    std::vector<std::int64_t> rows_, cols_;
};

}  // namespace

std::int64_t simulation_work(const Layer& layer) { return exact_macs(analysed_form(layer)); }

SimulationResult simulate(const Layer& layer, const Accelerator& acc, const Mapping& mapping,
                          const SimulationLimits& limits) {
    SimulationResult out;
    if (const std::string p = accelerator_problem(acc); !p.empty()) {
        out.problem = "accelerator: " + p;
        return out;
    }
    Shape shape;
    if (std::string p = build_shape(layer, shape); !p.empty()) {
        out.problem = std::move(p);
        return out;
    }
    const std::int64_t work = simulation_work(layer);
    const std::int64_t largest = std::max({shape.input_elements(), shape.weight_elements(), shape.output_elements()});
    if (work > limits.max_mac_points) {
        out.problem = "the layer has " + std::to_string(work) + " MACs, more than the simulator's limit of " +
                      std::to_string(limits.max_mac_points);
        return out;
    }
    // Each level keeps a few stamps per tensor element: bound what that takes.
    if (largest > kMaxTensorElements) {
        out.problem = "a tensor of the layer has " + std::to_string(largest) + " elements, more than the simulator's limit of " +
                      std::to_string(kMaxTensorElements);
        return out;
    }
    std::vector<SimLevel> levels;
    if (std::string p = build_levels(layer, shape, acc, mapping, levels); !p.empty()) {
        out.problem = std::move(p);
        return out;
    }
    out.features.strided_windows = shape.row_stride > 1 || shape.col_stride > 1;
    Simulator sim(shape, levels, acc, out);
    sim.run();
    return out;
}

}  // namespace mapscape
