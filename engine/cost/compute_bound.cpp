#include "cost/compute_bound.hpp"

#include <algorithm>

#include "mapping/random_mapping.hpp"
#include "util/integer_math.hpp"

namespace mapscape {

namespace {

constexpr int kMaxLevels = 8;

// One level's map of one dimension, as plain tiles of `tile` elements (offset = tile).
struct LevelSplit {
    bool present = false;
    bool spatial = false;
    std::int64_t tile = 1;
};

using DimLevels = std::array<LevelSplit, kMaxLevels>;

// Elements of a dimension unit 0 processes from level `k` down, given `extent` elements.
std::int64_t share(const DimLevels& levels, const std::array<std::int64_t, kMaxLevels>& units, int k, int count,
                   std::int64_t extent) {
    if (k == count) return extent;
    const LevelSplit& s = levels[static_cast<std::size_t>(k)];
    if (!s.present || s.tile >= extent) return share(levels, units, k + 1, count, extent);
    const std::int64_t chunks = ceil_div(extent, s.tile);
    const std::int64_t edge = extent - (chunks - 1) * s.tile;
    const std::int64_t inner_full = share(levels, units, k + 1, count, s.tile);
    const std::int64_t inner_edge = edge == s.tile ? inner_full : share(levels, units, k + 1, count, edge);
    if (!s.spatial) return (chunks - 1) * inner_full + inner_edge;
    const std::int64_t u = std::max<std::int64_t>(1, units[static_cast<std::size_t>(k)]);
    const std::int64_t mine = ceil_div(chunks, u);  // chunks 0, u, 2u, ...
    const bool has_last = (chunks - 1) % u == 0;
    return has_last ? (mine - 1) * inner_full + inner_edge : mine * inner_full;
}

std::int64_t steps(std::int64_t extent, std::int64_t size, std::int64_t offset) {
    if (extent <= size || offset < 1) return 1;
    return (extent - size + offset - 1) / offset + 1;
}

}  // namespace

ComputeBound::ComputeBound(const Layer& layer, const Accelerator& acc)
    : macs_(exact_macs(layer)), num_pes_(std::max<std::int64_t>(1, acc.num_pes)),
      lanes_(std::max<std::int64_t>(1, acc.simd_lanes)) {
    const Layer l = analysed_form(layer);
    for (Dim d : kAllDims) {
        const std::int64_t v = d == Dim::Yo || d == Dim::Xo ? mappable_size(l, d) : l.size(d);
        full_[static_cast<std::size_t>(index_of(d))] = std::max<std::int64_t>(1, v);
        stride_[static_cast<std::size_t>(index_of(d))] = std::max<std::int64_t>(1, l.stride(d));
    }
    for (Dim d : mappable_dims(l)) work_dims_[static_cast<std::size_t>(work_count_++)] = d;
    filter_rows_ = std::max<std::int64_t>(1, l.size(Dim::R));
    filter_cols_ = std::max<std::int64_t>(1, l.size(Dim::S));
    // The product of the work dimensions must be the MAC count, or the per-dimension shares
    // mean nothing (e.g. strided layers); then only the occupancy bound is used.
    std::int64_t product = 1;
    for (int i = 0; i < work_count_; ++i) product *= full_[static_cast<std::size_t>(index_of(work_dims_[static_cast<std::size_t>(i)]))];
    if (product != macs_) work_count_ = 0;
}

std::int64_t ComputeBound::occupied_pes(const Mapping& m) const {
    std::int64_t clusters_product = 1;
    for (const Directive& d : m.directives)
        if (d.kind == DirectiveKind::Cluster) clusters_product *= std::max<std::int64_t>(1, d.size);
    std::int64_t sub_units = std::max<std::int64_t>(1, num_pes_ / clusters_product);
    std::array<std::int64_t, kNumDims> extent = full_, next = full_;
    std::int64_t occupied = 1, active = 0;
    auto close_level = [&] {
        occupied *= std::max<std::int64_t>(1, std::min(sub_units, active == 0 ? 1 : active));
        extent = next;
        active = 0;
    };
    for (const Directive& d : m.directives) {
        if (d.kind == DirectiveKind::Cluster) {
            close_level();
            sub_units = std::max<std::int64_t>(1, d.size);
            continue;
        }
        const auto i = static_cast<std::size_t>(index_of(d.dim));
        if (d.kind == DirectiveKind::SpatialMap) active = std::max(active, steps(extent[i], d.size, d.offset));
        next[i] = std::min(extent[i], std::max<std::int64_t>(1, d.size));
    }
    close_level();
    return std::min(occupied, num_pes_);
}

std::int64_t ComputeBound::busiest_pe_macs(const Mapping& m) const {
    const auto fallback = [&] { return ceil_div(macs_, occupied_pes(m)); };
    if (work_count_ == 0) return fallback();

    std::array<DimLevels, kNumDims> splits{};
    std::array<std::int64_t, kMaxLevels> units{};
    std::int64_t clusters_product = 1;
    int level = 0;
    for (const Directive& d : m.directives) {
        if (d.kind == DirectiveKind::Cluster) {
            if (++level >= kMaxLevels) return fallback();
            units[static_cast<std::size_t>(level)] = std::max<std::int64_t>(1, d.size);
            clusters_product *= units[static_cast<std::size_t>(level)];
            continue;
        }
        Dim dim = d.dim;
        std::int64_t tile = d.size;
        if (dim == Dim::Y || dim == Dim::X) {
            // A sliding window of t output rows is (t + R - 1, t) in input rows.
            const std::int64_t filter = dim == Dim::Y ? filter_rows_ : filter_cols_;
            if (stride_[static_cast<std::size_t>(index_of(dim))] != 1 || d.size < filter ||
                d.offset != d.size - filter + 1)
                return fallback();
            tile = d.offset;
            dim = dim == Dim::Y ? Dim::Yo : Dim::Xo;
        } else if (d.size != d.offset) {
            return fallback();
        }
        LevelSplit& s = splits[static_cast<std::size_t>(index_of(dim))][static_cast<std::size_t>(level)];
        s.present = true;
        s.spatial = d.kind == DirectiveKind::SpatialMap;
        s.tile = std::max<std::int64_t>(1, tile);
    }
    units[0] = std::max<std::int64_t>(1, num_pes_ / clusters_product);
    std::int64_t work = 1;
    for (int w = 0; w < work_count_; ++w) {
        const auto i = static_cast<std::size_t>(index_of(work_dims_[static_cast<std::size_t>(w)]));
        work *= share(splits[i], units, 0, level + 1, full_[i]);
    }
    return std::max(work, fallback());
}

std::int64_t ComputeBound::cycles(const Mapping& mapping) const { return ceil_div(busiest_pe_macs(mapping), lanes_); }

Invalidity model_artefact(const CostReport& report, const ComputeBound& bound, const Mapping& mapping) {
    if (report.macs < report.layer_macs) return Invalidity::MacsUndercounted;
    if (report.runtime_cycles < bound.cycles(mapping)) return Invalidity::BelowComputeBound;
    return Invalidity::None;
}

}  // namespace mapscape
