// Static preprocessing of a mapping, following MAESTRO's cluster analysis: directives are cut
// into levels at Cluster, primed dimensions are rewritten to input coordinates, dimensions a
// level lacks are inherited from the level above or filled in as full temporal maps, strided
// windows are widened, and each level's tile and reuse tables are derived.
#include "cost/mapping_plan.hpp"
#include "util/integer_math.hpp"

#include <algorithm>
#include <limits>
#include <tuple>

#include "mapping/mapping.hpp"
#include "tech/hardware_costs.hpp"
#include "util/per_thread.hpp"
#include "util/select.hpp"
#include "workload/layer.hpp"

namespace mapscape {

namespace {

void fail(MappingPlan& plan, Invalidity kind, int level = -1, Dim dim = Dim::K,
          std::int64_t value = 0, std::int64_t limit = 0) {
    if (plan.invalid.kind != Invalidity::None) return;
    plan.invalid = InvalidityDetail{kind, static_cast<std::int8_t>(level), dim, value, limit};
}

TensorDims tensor_dims(std::initializer_list<Dim> dims, bool with_batch) {
    TensorDims t;
    if (with_batch) {
        t.dims[static_cast<std::size_t>(t.count++)] = Dim::N;
        t.set.insert(Dim::N);
    }
    for (Dim d : dims) {
        t.dims[static_cast<std::size_t>(t.count++)] = d;
        t.set.insert(d);
    }
    return t;
}

// Effective layer type and sizes as analysed (FC as a 1x1 CONV, TRCONV as CONV).
LayerType analysed_type(LayerType t) {
    if (t == LayerType::FullyConnected || t == LayerType::TransposedConv) return LayerType::Conv;
    return t;
}

bool cheap_layer_check(const Layer& layer) {
    // Every access count is bounded by a small multiple of the product of the dimensions; keep
    // that product below 2^53 so no count can overflow 64 bits (layer_problem says the same).
    constexpr std::int64_t kMaxWork = std::int64_t{1} << 53;
    std::int64_t work = 1;
    for (Dim d : kAllDims) {
        if (layer.size(d) < 0 || layer.size(d) > kIntMax || layer.stride(d) < 1 || layer.stride(d) > kIntMax) return false;
        if (layer.size(d) > 0 && d != Dim::Yo && d != Dim::Xo &&
            (__builtin_mul_overflow(work, layer.size(d), &work) || work > kMaxWork))
            return false;
    }
    auto has = [&](Dim d) { return layer.has(d); };
    switch (layer.type) {
        case LayerType::Gemm: return has(Dim::M) && has(Dim::N) && has(Dim::K);
        case LayerType::FullyConnected: return has(Dim::K) && has(Dim::C);
        default:
            if (!has(Dim::C) || !has(Dim::R) || !has(Dim::S)) return false;
            if (layer.type != LayerType::DepthwiseConv && !has(Dim::K)) return false;
            if (layer.type == LayerType::GroupedConv && !has(Dim::G)) return false;
            if (has(Dim::Y) == has(Dim::Yo) || has(Dim::X) == has(Dim::Xo)) return false;
            if (has(Dim::Y) && layer.size(Dim::Y) < layer.size(Dim::R)) return false;
            if (has(Dim::X) && layer.size(Dim::X) < layer.size(Dim::S)) return false;
            return true;
    }
}

// MAESTRO's dimension table for the layer, including its derivation of the missing one of
// Y / Y' (and X / X') and its (crossed) choice of which stride the derived one inherits.
void build_layer_part(const Layer& layer, LayerPart& part) {
    const LayerType type = analysed_type(layer.type);
    part.convolution_like = is_convolution_like(type);
    part.full = {};
    part.full_dims = {};
    DimArray strides{};
    strides.fill(1);
    for (Dim d : kAllDims) {
        std::int64_t size = layer.size(d);
        if (layer.type == LayerType::FullyConnected &&
            (d == Dim::R || d == Dim::S || d == Dim::Y || d == Dim::X))
            size = 1;
        if (layer.type == LayerType::FullyConnected && (d == Dim::Yo || d == Dim::Xo)) size = 0;
        if (size <= 0) continue;
        at(part.full, d) = size;
        at(strides, d) = layer.stride(d);
        part.full_dims.insert(d);
    }
    if (part.convolution_like) {
        const bool has_y = part.full_dims.contains(Dim::Y), has_x = part.full_dims.contains(Dim::X);
        const bool has_yo = part.full_dims.contains(Dim::Yo),
                   has_xo = part.full_dims.contains(Dim::Xo);
        // MAESTRO takes the stride for the derived row dimension from the column entries of
        // primed layers and vice versa; with the usual unit strides this makes no difference.
        std::int64_t y_stride = 1, x_stride = 1;
        if (has_y) y_stride = at(strides, Dim::Y);
        if (has_x) x_stride = at(strides, Dim::X);
        if (has_xo) y_stride = at(strides, Dim::Xo);
        if (has_yo) x_stride = at(strides, Dim::Yo);
        const std::int64_t r = at(part.full, Dim::R), s = at(part.full, Dim::S);
        if (has_x && !has_xo) {
            at(part.full, Dim::Xo) = at(part.full, Dim::X) - s + 1;
            at(strides, Dim::Xo) = x_stride;
            part.full_dims.insert(Dim::Xo);
        }
        if (has_y && !has_yo) {
            at(part.full, Dim::Yo) = at(part.full, Dim::Y) - r + 1;
            at(strides, Dim::Yo) = y_stride;
            part.full_dims.insert(Dim::Yo);
        }
        if (!has_x && has_xo) {
            at(part.full, Dim::X) = at(part.full, Dim::Xo) + s - 1;
            at(strides, Dim::X) = x_stride;
            part.full_dims.insert(Dim::X);
        }
        if (!has_y && has_yo) {
            at(part.full, Dim::Y) = at(part.full, Dim::Yo) + r - 1;
            at(strides, Dim::Y) = y_stride;
            part.full_dims.insert(Dim::Y);
        }
    }
    part.stride = strides;

    const bool batch = part.full_dims.contains(Dim::N);
    auto& t = part.tensors;
    constexpr auto in = static_cast<std::size_t>(TensorRole::Input);
    constexpr auto w = static_cast<std::size_t>(TensorRole::Weight);
    constexpr auto out = static_cast<std::size_t>(TensorRole::Output);
    switch (type) {
        case LayerType::DepthwiseConv:
            t[in] = tensor_dims({Dim::C, Dim::Y, Dim::X}, batch);
            t[w] = tensor_dims({Dim::C, Dim::R, Dim::S}, false);
            t[out] = tensor_dims({Dim::C, Dim::Y, Dim::X}, batch);
            break;
        case LayerType::GroupedConv:
            t[in] = tensor_dims({Dim::G, Dim::C, Dim::Y, Dim::X}, batch);
            t[w] = tensor_dims({Dim::G, Dim::K, Dim::C, Dim::R, Dim::S}, false);
            t[out] = tensor_dims({Dim::G, Dim::K, Dim::C, Dim::Y, Dim::X}, batch);
            break;
        case LayerType::Gemm:
            t[in] = tensor_dims({Dim::M, Dim::K}, false);
            t[w] = tensor_dims({Dim::K, Dim::N}, false);
            t[out] = tensor_dims({Dim::M, Dim::N}, false);
            break;
        default:
            t[in] = tensor_dims({Dim::C, Dim::Y, Dim::X}, batch);
            t[w] = tensor_dims({Dim::K, Dim::C, Dim::R, Dim::S}, false);
            t[out] = tensor_dims({Dim::K, Dim::Y, Dim::X}, batch);
            break;
    }
    for (Dim d : kAllDims) {
        std::uint8_t mask = 0;
        for (int r = 0; r < kNumTensors; ++r)
            if (t[static_cast<std::size_t>(r)].set.contains(d)) mask = static_cast<std::uint8_t>(mask | (1u << r));
        part.dim_tensors[static_cast<std::size_t>(index_of(d))] = mask;
    }
    for (int r = 0; r < kNumTensors; ++r) {
        const TensorDims& td = t[static_cast<std::size_t>(r)];
        std::int64_t size = 1;
        for (int k = 0; k < td.count; ++k) {
            const Dim d = td.dims[static_cast<std::size_t>(k)];
            size *= (r == static_cast<int>(TensorRole::Output) && part.convolution_like && is_reference_dim(d))
                        ? at(part.full, d) - at(part.full, window_partner(d)) + 1
                        : at(part.full, d);
        }
        part.l2_seed[static_cast<std::size_t>(r)] = size;
    }
}

// The layer's part of the plan, kept per thread: a search evaluates one layer many times, and
// this part costs as much as a level's.
struct LayerPartEntry {
    bool used = false;
    LayerType type = LayerType::Conv;
    std::array<std::int64_t, kNumDims> sizes{}, strides{};
    LayerPart part;
};

const LayerPart& layer_part(const Layer& layer) {
    constexpr std::size_t kSlots = 32;
    auto& cache = per_thread<std::array<LayerPartEntry, kSlots>>();
    using Entry = LayerPartEntry;
    std::uint64_t hash = static_cast<std::uint64_t>(layer.type);
    for (int d = 0; d < kNumDims; ++d)
        hash = hash * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(layer.sizes[static_cast<std::size_t>(d)]) * 31 +
               static_cast<std::uint64_t>(layer.strides[static_cast<std::size_t>(d)]);
    Entry& e = cache[(hash >> 40) % kSlots];
    if (e.used && e.type == layer.type && e.sizes == layer.sizes && e.strides == layer.strides) return e.part;
    e.used = true;
    e.type = layer.type;
    e.sizes = layer.sizes;
    e.strides = layer.strides;
    e.part = LayerPart{};
    e.part.well_formed = cheap_layer_check(layer);
    e.part.exact_macs = exact_macs(layer);
    if (e.part.well_formed) build_layer_part(layer, e.part);
    return e.part;
}

// Field by field: as one struct copy GCC emits "rep movs", which is slow to start at this
// size (a few percent of an evaluation).
void copy_layer_part(const LayerPart& from, LayerPart& to) {
    to.well_formed = from.well_formed;
    to.exact_macs = from.exact_macs;
    to.convolution_like = from.convolution_like;
    to.full = from.full;
    to.full_dims = from.full_dims;
    to.stride = from.stride;
    to.tensors = from.tensors;
    to.l2_seed = from.l2_seed;
    to.dim_tensors = from.dim_tensors;
}

// MAESTRO's spatial edge analysis: how many sub-clusters are busy in the last spatial step.
std::int64_t edge_sub_clusters(const LevelDirective& sp, std::int64_t dim, std::int64_t clusters) {
    const std::int64_t size = sp.size, ofs = sp.offset;
    const std::int64_t full_coverage = ofs * (clusters - 1) + size;
    std::int64_t edge = 1;
    if (dim > full_coverage) {
        const std::int64_t steady = int_div(int_div(dim - size, ofs) + 1, clusters) - 1;
        const std::int64_t remaining = dim - (steady + 1) * ofs * clusters;
        edge = remaining < size ? 1 : int_div(remaining - size, ofs) + 1;
    } else if (dim > size) {
        edge = int_div(dim - size, ofs) + 1;
        if (ofs * (edge - 1) + size < dim) ++edge;
    }
    if (dim <= size) edge = 1;
    return edge;
}

// MAESTRO's reuse tables: per dimension, the mapped tile, its non-overlapping part, and the
// same two at the edge step; Y' and X' follow from Y and X minus the filter.
void build_reuse_tables(LevelPlan& lv, bool convolution_like) {
    // fill() rather than "= {}", which GCC compiles to "rep stos" (slow to start for 88 bytes).
    lv.mapped.fill(0);
    lv.unique.fill(0);
    lv.mapped_edge.fill(0);
    lv.unique_edge.fill(0);
    for (int i = 0; i < lv.num_directives; ++i) {
        const auto& d = lv.directives[static_cast<std::size_t>(i)];
        const std::int64_t dim = at(lv.tile, d.dim), size = d.size, ofs = d.offset;
        std::int64_t steady = int_div(dim - size, ofs);
        steady = std::max<std::int64_t>(steady, 0);
        const bool has_edge = (steady * ofs + size < dim) | (size > dim);
        at(lv.mapped, d.dim) = size;
        at(lv.unique, d.dim) = select(!d.spatial & (dim <= size), 0, std::min(size, ofs));
        std::int64_t edge_size = dim - (steady + 1) * ofs;
        edge_size = select(edge_size < 0, dim, edge_size);
        const std::int64_t out_of_bound = size - edge_size;
        at(lv.mapped_edge, d.dim) = select(has_edge, edge_size, size);
        at(lv.unique_edge, d.dim) = std::max<std::int64_t>(ofs - out_of_bound, 0);
    }
    if (!convolution_like) return;
    for (Dim reference : {Dim::X, Dim::Y}) {  // the last directive on it wins, as in MAESTRO
        const int i = lv.last_directive[static_cast<std::size_t>(index_of(reference))];
        if (i < 0) continue;
        const auto& d = lv.directives[static_cast<std::size_t>(i)];
        const Dim out = output_dim_of(d.dim), window = window_partner(d.dim);
        at(lv.mapped, out) = at(lv.mapped, d.dim) - at(lv.mapped, window) + 1;
        at(lv.unique, out) = std::min(d.offset, d.size);
        at(lv.mapped_edge, out) = at(lv.mapped_edge, d.dim) - at(lv.mapped_edge, window) + 1;
        at(lv.unique_edge, out) = std::min(d.offset, at(lv.mapped_edge, out));
    }
}

// Gathers each directive's reuse-table values and tensor couplings for the fast analysis.
void build_directive_tables(LevelPlan& lv, const std::array<std::uint8_t, kNumDims>& dim_tensors) {
    int spatial_count = 0;
    DimSet seen;
    lv.simple = true;
    lv.edge_bits = 0;
    unsigned coupled = 0;
    std::array<std::int64_t, 2> volume{1, 1};
    bool overflow = false;
    for (int i = 0; i < lv.num_directives; ++i) {
        const auto& d = lv.directives[static_cast<std::size_t>(i)];
        if (seen.contains(d.dim)) lv.simple = false;
        seen.insert(d.dim);
        if (d.spatial) ++spatial_count;
        DirectiveTables& t = lv.tables[static_cast<std::size_t>(i)];
        const Dim o = output_dim_of(d.dim);
        t.m = at(lv.mapped, d.dim);
        t.u = at(lv.unique, d.dim);
        t.me = at(lv.mapped_edge, d.dim);
        t.ue = at(lv.unique_edge, d.dim);
        t.mo = at(lv.mapped, o);
        t.uo = at(lv.unique, o);
        t.meo = at(lv.mapped_edge, o);
        t.ueo = at(lv.unique_edge, o);
        lv.edge_bits |= static_cast<std::uint32_t>(t.me != t.m) << i;  // i < kMaxLevelDirectives
        t.tensors = dim_tensors[static_cast<std::size_t>(index_of(d.dim))];
        coupled |= t.tensors;
        const unsigned temporal_tensors = t.tensors & (0u - static_cast<unsigned>(i != lv.first_spatial));
        overflow |= __builtin_mul_overflow(volume[0], select(temporal_tensors & 1u, t.m, 1), &volume[0]);
        overflow |= __builtin_mul_overflow(volume[1], select((temporal_tensors >> 1) & 1u, t.m, 1), &volume[1]);
    }
    if (spatial_count != 1) lv.simple = false;
    lv.coupled_tensors = static_cast<std::uint8_t>(coupled);
    lv.temporal_tile_volume = {select(overflow, 0, volume[0]), select(overflow, 0, volume[1])};
}

}  // namespace

void build_mapping_plan(const Layer& layer, const Accelerator& acc, const Mapping& mapping,
                        MappingPlan& plan) {
    plan.invalid = {};
    plan.num_levels = 0;
    plan.simd_lanes = acc.simd_lanes;
    // Bandwidths count the accelerator's words; under a physical technology an element wider
    // than a word takes proportionally more of them (the widest tensor's, for all three).
    std::int64_t words_per_element = 1;
    if (acc.physical_technology) {
        const int word_bits = static_cast<int>(8 * acc.word_size_bytes);
        const TensorPrecision& p = layer.precision;
        const int widest = std::max({element_bits(p.input, acc), element_bits(p.weight, acc), element_bits(p.output, acc)});
        words_per_element = std::max(1, (widest + word_bits - 1) / word_bits);
    }
    const auto in_elements = [&](std::int64_t words) { return std::max<std::int64_t>(1, words / words_per_element); };
    plan.offchip_bandwidth = in_elements(acc.offchip_bw_elements_per_cycle);
    plan.configured_pes = acc.num_pes;
    copy_layer_part(layer_part(layer), plan);
    if (!plan.well_formed) return fail(plan, Invalidity::LayerShape);
    if (acc.num_pes < 1 || acc.simd_lanes < 1 || acc.offchip_bw_elements_per_cycle < 1)
        return fail(plan, Invalidity::AcceleratorSpec);
    for (const auto& n : acc.noc)
        if (n.bandwidth_elements_per_cycle < 1) return fail(plan, Invalidity::AcceleratorSpec);
    if (mapping.directives.empty()) return fail(plan, Invalidity::EmptyMapping);

    plan.levels[0].stride = plan.stride;

    // Directive-level checks MAESTRO makes while parsing.
    int num_clusters = 0;
    std::int64_t uppermost = 1;
    std::int64_t innermost_cluster = acc.num_pes;
    {
        int level = 0;
        for (const auto& d : mapping.directives) {
            if (d.kind == DirectiveKind::Cluster) {
                if (d.size < 1) return fail(plan, Invalidity::MapSizeNotPositive, level + 1);
                ++level;
                ++num_clusters;
                if (num_clusters >= kMaxClusterLevels)
                    return fail(plan, Invalidity::TooManyLevels, level, Dim::K, num_clusters + 1,
                                kMaxClusterLevels);
                uppermost *= d.size;
                if (uppermost > acc.num_pes)
                    return fail(plan, Invalidity::ClustersExceedPEs, level, Dim::K, uppermost,
                                acc.num_pes);
                innermost_cluster = d.size;
                continue;
            }
            // Tests combined without short circuits (one rarely taken branch, not several
            // that depend on the directive's dimension).
            const bool bad_size = (d.size < 1) | (d.offset < 1) | (d.size > kIntMax) | (d.offset > kIntMax);
            const bool partial_filter = (d.kind == DirectiveKind::TemporalMap) & is_sliding_dim(d.dim) &
                                        plan.full_dims.contains(d.dim) &
                                        ((d.size != d.offset) | (d.size != at(plan.full, d.dim)));
            if (bad_size | partial_filter) {
                if (bad_size)
                    return fail(plan, Invalidity::MapSizeNotPositive, level, d.dim, std::min(d.size, d.offset));
                return fail(plan, Invalidity::FilterTileNotWhole, level, d.dim, d.size, at(plan.full, d.dim));
            }
        }
    }
    (void)innermost_cluster;
    plan.num_levels = num_clusters + 1;

    // Dimensions of the input tensors, in name order (the order MAESTRO fills them in).
    const DimSet input_vars = plan.tensors[0].set | plan.tensors[1].set;

    const std::int64_t num_unit_clusters = uppermost * (acc.num_pes / uppermost);
    std::int64_t last_cluster_size = num_unit_clusters;
    DimArray level_tile = plan.full;
    DimSet level_dims = plan.full_dims;
    DimArray level_stride = plan.levels[0].stride;

    std::size_t next = 0;  // position in mapping.directives
    for (int li = 0; li < plan.num_levels; ++li) {
        LevelPlan& lv = plan.levels[static_cast<std::size_t>(li)];
        const bool top = li == 0;
        const LevelPlan* up = top ? nullptr : &plan.levels[static_cast<std::size_t>(li - 1)];

        // This level's own directives, up to the next Cluster, collected in place (they follow
        // the inherited ones, which are rare: moved up when there are any); Y' and X' are
        // rewritten to input coordinates by adding this level's filter tile (the last R or S map
        // of the level).
        int own_count = 0;
        std::int64_t closing_cluster = 0;
        DimSet own_dims;
        std::int64_t window_size[2] = {-1, -1};  // R, S
        std::uint32_t output_at[2] = {0, 0};     // positions of the Y' and X' maps
        for (; next < mapping.directives.size(); ++next) {
            const auto& d = mapping.directives[next];
            if (d.kind == DirectiveKind::Cluster) {
                closing_cluster = d.size;
                ++next;
                break;
            }
            if (own_count >= kMaxLevelDirectives) return fail(plan, Invalidity::TooManyDirectives, li);
            auto& od = lv.directives[static_cast<std::size_t>(own_count)];
            od.dim = d.dim;
            od.spatial = d.kind == DirectiveKind::SpatialMap;
            od.size = d.size;
            od.offset = d.offset;
            own_dims.insert(d.dim);
            window_size[0] = select(d.dim == Dim::R, d.size, window_size[0]);
            window_size[1] = select(d.dim == Dim::S, d.size, window_size[1]);
            output_at[0] |= static_cast<std::uint32_t>(d.dim == Dim::Yo) << own_count;
            output_at[1] |= static_cast<std::uint32_t>(d.dim == Dim::Xo) << own_count;
            ++own_count;
        }
        if (plan.convolution_like) {
            for (auto [in_dim, out_dim, window, w] : {std::tuple{Dim::X, Dim::Xo, Dim::S, 1},
                                                      std::tuple{Dim::Y, Dim::Yo, Dim::R, 0}}) {
                if (!own_dims.contains(out_dim)) continue;
                if (own_dims.contains(in_dim)) return fail(plan, Invalidity::InputAndOutputMapped, li, in_dim);
                std::int64_t ws = window_size[w];
                if (ws < 0) {
                    // MAESTRO reads an uninitialised value here; use the filter tile this
                    // level ends up with: the one inherited from above, else the whole filter.
                    ws = at(plan.full, window);
                    if (up) {
                        const int idx = up->first_directive[static_cast<std::size_t>(index_of(window))];
                        if (idx >= 0) ws = up->directives[static_cast<std::size_t>(idx)].size;
                    }
                }
                for (std::uint32_t m = output_at[w]; m != 0; m &= m - 1) {
                    auto& od = lv.directives[static_cast<std::size_t>(__builtin_ctz(m))];
                    od.dim = in_dim;
                    od.size += ws - 1;
                }
                own_dims.erase(out_dim);
                own_dims.insert(in_dim);
            }
        }
        // The completed list: dimensions the level above maps but this one does not, each put
        // at the front (so in reverse order, as in MAESTRO); then the own directives; then the
        // input-tensor dimensions nobody mapped, as one full temporal step, in name order.
        int count = own_count;
        DimSet present = own_dims;
        if (up && (up->mapped_dims.bits() & ~present.bits()) != 0) {
            std::array<LevelDirective, kMaxLevelDirectives> inherited;
            int inherited_count = 0;
            for (int i = 0; i < up->num_directives; ++i) {  // branch-free: which are inherited varies
                const auto& ud = up->directives[static_cast<std::size_t>(i)];
                auto& slot = inherited[static_cast<std::size_t>(inherited_count)];
                slot.dim = ud.dim;
                slot.spatial = false;
                slot.size = ud.size;
                slot.offset = ud.offset;
                inherited_count += !present.contains(ud.dim);
                present.insert(ud.dim);
            }
            if (inherited_count + own_count > kMaxLevelDirectives)
                return fail(plan, Invalidity::TooManyDirectives, li);
            for (int i = own_count - 1; i >= 0; --i)
                lv.directives[static_cast<std::size_t>(i + inherited_count)] = lv.directives[static_cast<std::size_t>(i)];
            for (int i = 0; i < inherited_count; ++i)
                lv.directives[static_cast<std::size_t>(i)] = inherited[static_cast<std::size_t>(inherited_count - 1 - i)];
            count += inherited_count;
        }
        // (Bit order is name order; loops over bit sets have no branch per dimension.)
        for (unsigned missing = input_vars.bits() & level_dims.bits() & ~present.bits(); missing != 0;
             missing &= missing - 1) {
            const auto v = static_cast<Dim>(__builtin_ctz(missing));
            if (count >= kMaxLevelDirectives) return fail(plan, Invalidity::TooManyDirectives, li);
            present.insert(v);
            lv.directives[static_cast<std::size_t>(count++)] = {v, false, at(level_tile, v), at(level_tile, v)};
        }
        // Every directive must name a dimension this level has.
        if ((present.bits() & ~level_dims.bits()) != 0) {
            for (int i = 0; i < count; ++i) {
                const Dim v = lv.directives[static_cast<std::size_t>(i)].dim;
                if (!level_dims.contains(v)) return fail(plan, Invalidity::DimensionNotInLevel, li, v);
            }
        }
        // Widen strided windows: a map covering whole filter windows steps by stride per output.
        if (plan.convolution_like && (at(level_stride, Dim::Y) != 1 || at(level_stride, Dim::X) != 1)) {
            for (int i = 0; i < count; ++i) {
                auto& d = lv.directives[static_cast<std::size_t>(i)];
                if (!is_reference_dim(d.dim)) continue;
                const std::int64_t stride = at(level_stride, d.dim);
                if (stride == 1) continue;
                const std::int64_t window = at(plan.full, window_partner(d.dim));
                if (d.size < window) continue;
                const std::int64_t outputs = (d.size + stride - window) / stride;
                d.size = outputs * std::min(stride, window) + std::max<std::int64_t>(window - stride, 0);
                d.offset = outputs * stride;
                if (!top && window < stride) d.offset = outputs * window;
                if (d.size < 1 || d.offset < 1)
                    return fail(plan, Invalidity::MapSizeNotPositive, li, d.dim, d.size);
                // MAESTRO keeps sizes and offsets in C ints (int_div divides them as such): a
                // stride that widens a window past that is beyond the analysis, not a number.
                if (d.size > kIntMax || d.offset > kIntMax)
                    return fail(plan, Invalidity::ArithmeticOverflow, li, d.dim, std::max(d.size, d.offset));
            }
        }

        // Commit the level.
        lv.num_directives = count;
        lv.num_sub_clusters = top ? num_unit_clusters / uppermost : last_cluster_size;
        const auto& noc = acc.noc[static_cast<std::size_t>(li)];
        lv.noc_bandwidth = in_elements(noc.bandwidth_elements_per_cycle);
        lv.noc_head_latency = noc.head_latency_cycles();
        lv.tile = level_tile;
        lv.tile_dims = level_dims;
        lv.stride = level_stride;
        lv.first_directive.fill(-1);
        lv.last_directive.fill(-1);
        lv.mapped_dims = {};
        lv.first_spatial = -1;
        int spatial_count = 0;
        for (int i = count - 1; i >= 0; --i) {  // backwards, so the first one is written last
            const auto& d = lv.directives[static_cast<std::size_t>(i)];
            const auto di = static_cast<std::size_t>(index_of(d.dim));
            lv.first_directive[di] = static_cast<std::int8_t>(i);
            lv.last_directive[di] = std::max(lv.last_directive[di], static_cast<std::int8_t>(i));
            lv.mapped_dims.insert(d.dim);
            lv.first_spatial = static_cast<int>(select(d.spatial, i, lv.first_spatial));
            spatial_count += d.spatial;
        }
        if (spatial_count == 0) return fail(plan, Invalidity::NoSpatialMap, li);
        if (spatial_count > 2)
            return fail(plan, Invalidity::TooManySpatialMaps, li, Dim::K, spatial_count, 2);
        if (lv.num_sub_clusters < 1)
            return fail(plan, Invalidity::ClustersExceedPEs, li, Dim::K, uppermost, acc.num_pes);
        const auto& sp = lv.directives[static_cast<std::size_t>(lv.first_spatial)];
        lv.num_edge_sub_clusters = edge_sub_clusters(sp, at(level_tile, sp.dim), lv.num_sub_clusters);
        build_reuse_tables(lv, plan.convolution_like);
        build_directive_tables(lv, plan.dim_tensors);
        if (up) {
            for (int i = 0; i < lv.num_directives; ++i)
                lv.parent_directive[static_cast<std::size_t>(i)] =
                    up->first_directive[static_cast<std::size_t>(index_of(lv.directives[static_cast<std::size_t>(i)].dim))];
        }

        // The next level's tile: each input dimension's map size, clipped to this level's size.
        DimArray next_tile;
        next_tile.fill(0);
        DimSet next_dims;
        // Input dimensions this level maps (all of them unless the layer lacks one altogether).
        for (unsigned dims = input_vars.bits() & lv.mapped_dims.bits(); dims != 0; dims &= dims - 1) {
            const auto v = static_cast<Dim>(__builtin_ctz(dims));
            const int idx = lv.first_directive[static_cast<std::size_t>(index_of(v))];
            at(next_tile, v) = std::min(lv.directives[static_cast<std::size_t>(idx)].size, at(level_tile, v));
            next_dims.insert(v);
        }
        level_tile = next_tile;
        level_dims = next_dims;
        last_cluster_size = closing_cluster;
    }

    plan.all_levels_simple = true;
    for (int li = 0; li < plan.num_levels; ++li)
        plan.all_levels_simple = plan.all_levels_simple && plan.levels[static_cast<std::size_t>(li)].simple;
}

}  // namespace mapscape
