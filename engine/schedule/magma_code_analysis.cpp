#include "schedule/magma_code_analysis.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <tuple>

#include "cost/evaluate.hpp"

namespace mapscape {

std::string_view magma_style_name(MagmaStyle s) {
    switch (s) {
        case MagmaStyle::Dla: return "dla";
        case MagmaStyle::Shi: return "shi";
        case MagmaStyle::Eye: return "eye";
        case MagmaStyle::Dpt: return "dpt";
    }
    return "dla";
}

Layer magma_code_layer(const Layer& layer) {
    switch (layer.type) {
        case LayerType::Gemm: return Layer::conv(layer.name, layer.size(Dim::N), layer.size(Dim::K), 1, 1, layer.size(Dim::M), 1);
        case LayerType::FullyConnected: {
            const std::int64_t rows = layer.has(Dim::N) ? layer.size(Dim::N) : 1;
            return Layer::conv(layer.name, layer.size(Dim::K), layer.size(Dim::C), 1, 1, rows, 1);
        }
        case LayerType::TransposedConv: {
            Layer l = layer;
            l.type = LayerType::Conv;  // MAESTRO analyses it as CONV
            return l;
        }
        default: return layer;
    }
}

namespace {

std::int64_t extent(const Layer& l, Dim d) { return std::max<std::int64_t>(1, l.size(d)); }

}  // namespace

Mapping magma_style_mapping(MagmaStyle style, const Layer& l, std::int64_t cls) {
    const std::int64_t r = extent(l, Dim::R), s = extent(l, Dim::S);
    using D = Directive;
    Mapping m;
    auto& d = m.directives;
    // The code's files map neither a batch nor groups; one of each at a time, outermost (what
    // our mix's CONV batches need; the code's own jobs have neither).
    for (Dim extra : {Dim::N, Dim::G})
        if (l.has(extra)) d.push_back(D::temporal(extra, 1, 1));
    if (l.type == LayerType::DepthwiseConv) style = MagmaStyle::Dpt;
    // Input-centric windows when the layer gives input rows, as the code's files are written
    // for; a layer given by its output rows maps Y' and X' (MAESTRO's rewrite is the same).
    const bool input_rows = l.has(Dim::Y) || !l.has(Dim::Yo);
    const bool input_cols = l.has(Dim::X) || !l.has(Dim::Xo);
    auto rows_window = [&](std::int64_t offset) {
        return input_rows ? D::temporal(Dim::Y, r, offset) : D::temporal(Dim::Yo, 1, offset);
    };
    auto cols_window = [&](std::int64_t offset) {
        return input_cols ? D::temporal(Dim::X, s, offset) : D::temporal(Dim::Xo, 1, offset);
    };
    switch (style) {
        case MagmaStyle::Dla:
            d.push_back(D::spatial(Dim::K, 1, 1));
            d.push_back(D::temporal(Dim::C, cls, cls));
            d.push_back(D::temporal(Dim::R, r, r));
            d.push_back(D::temporal(Dim::S, s, s));
            d.push_back(rows_window(1));
            d.push_back(cols_window(1));
            d.push_back(D::cluster(cls));
            d.push_back(D::spatial(Dim::C, 1, 1));
            break;
        case MagmaStyle::Shi:
            d.push_back(D::temporal(Dim::K, 1, 1));
            d.push_back(D::spatial(Dim::Yo, r, r));
            d.push_back(D::temporal(Dim::Xo, cls, cls));
            d.push_back(D::temporal(Dim::C, 1, 1));
            d.push_back(D::temporal(Dim::R, r, r));
            d.push_back(D::temporal(Dim::S, s, s));
            d.push_back(D::cluster(cls));
            d.push_back(D::temporal(Dim::C, 1, 1));
            d.push_back(D::temporal(Dim::Yo, 1, 1));
            d.push_back(D::spatial(Dim::Xo, 1, 1));
            d.push_back(D::temporal(Dim::R, r, r));
            d.push_back(D::temporal(Dim::S, s, s));
            break;
        case MagmaStyle::Eye:
            d.push_back(D::temporal(Dim::C, 1, 1));
            d.push_back(D::temporal(Dim::K, 1, 1));
            d.push_back(D::spatial(Dim::Yo, cls, cls));
            d.push_back(D::temporal(Dim::Xo, s, s));
            d.push_back(D::temporal(Dim::R, r, r));
            d.push_back(D::temporal(Dim::S, s, s));
            d.push_back(D::cluster(cls));
            d.push_back(D::temporal(Dim::C, 1, 1));
            d.push_back(D::spatial(Dim::Yo, 1, 1));
            d.push_back(D::spatial(Dim::Xo, 1, 1));
            d.push_back(D::temporal(Dim::R, r, r));
            d.push_back(D::temporal(Dim::S, s, s));
            break;
        case MagmaStyle::Dpt:
            d.push_back(D::spatial(Dim::C, cls, cls));
            d.push_back(rows_window(1));
            d.push_back(cols_window(1));
            d.push_back(D::temporal(Dim::R, r, r));
            d.push_back(D::temporal(Dim::S, s, s));
            break;
    }
    return m;
}

Accelerator magma_code_accelerator(std::int64_t num_pes, double clock_mhz, int word_bytes) {
    Accelerator a;
    a.name = "MAGMA code core, " + std::to_string(num_pes) + " PEs";
    a.num_pes = num_pes;
    a.simd_lanes = 1;
    a.l1_size_bytes = std::int64_t{1} << 40;
    a.l2_size_bytes = std::int64_t{1} << 40;
    set_uniform_noc(a, 81920000, 1, 1);
    a.offchip_bw_elements_per_cycle = 81920000;
    a.word_size_bytes = word_bytes;
    a.clock_mhz = clock_mhz;
    return a;
}

std::vector<std::int64_t> magma_alignment_cluster_sizes(const Layer& l, std::int64_t num_pes) {
    std::vector<std::int64_t> sizes;
    const std::int64_t c = extent(l, Dim::C);
    for (std::int64_t cls = 1; cls < std::min(c + 1, num_pes); ++cls)
        if (c % cls == 0) sizes.push_back(cls);
    return sizes;
}

namespace {

MagmaCodeCost analyse(const Layer& code_layer, MagmaStyle style, const Accelerator& acc, std::int64_t cls) {
    MagmaCodeCost out;
    out.cluster_size = cls;
    const Mapping m = magma_style_mapping(style, code_layer, cls);
    const CostReport r = evaluate(code_layer, acc, m, ReportDetail::Objectives);
    if (!r.valid() || r.runtime_cycles <= 0) return out;
    out.valid = true;
    out.latency_cycles = static_cast<double>(r.runtime_cycles);
    out.l2_required_elements = r.l2_required_elements;
    // The code divides by runtime - 1 (a 1-cycle job would divide by zero there).
    const double bytes = static_cast<double>(r.l2_required_elements) * acc.word_size_bytes;
    out.bandwidth_bytes_per_cycle = bytes / 2.0 / static_cast<double>(std::max<std::int64_t>(1, r.runtime_cycles - 1));
    out.energy_nj = r.energy.total_nj;
    return out;
}

}  // namespace

MagmaCodeCost magma_code_cost(const Layer& layer, MagmaStyle core_style, std::int64_t num_pes, double clock_mhz, int word_bytes,
                              bool flexible) {
    const Layer l = magma_code_layer(layer);
    const Accelerator acc = magma_code_accelerator(num_pes, clock_mhz, word_bytes);
    MagmaCodeCost best = analyse(l, core_style, acc, kMagmaClusterSize);
    if (!flexible || core_style != MagmaStyle::Dla) return best;
    // (latency, bandwidth, index): the default is listed first with index = candidates.size().
    const auto candidates = magma_alignment_cluster_sizes(l, num_pes);
    constexpr double inf = std::numeric_limits<double>::infinity();
    auto key = [inf](const MagmaCodeCost& c, std::size_t index) {
        return std::make_tuple(c.valid ? c.latency_cycles : inf, c.valid ? c.bandwidth_bytes_per_cycle : inf, index);
    };
    auto best_key = key(best, candidates.size());
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const MagmaCodeCost c = analyse(l, core_style, acc, candidates[i]);
        if (!c.valid || c.l2_required_elements > kMagmaMaxL2Elements) continue;  // latency infinite in the code
        const auto k = key(c, i);
        if (k < best_key) {
            best = c;
            best_key = k;
        }
    }
    return best;
}

std::vector<int> magma_code_job_order(const std::vector<double>& latency, int jobs, int cores) {
    std::vector<int> order(static_cast<std::size_t>(std::max(0, jobs)));
    std::iota(order.begin(), order.end(), 0);
    auto at = [&](int j, int c) { return latency[static_cast<std::size_t>(j) * static_cast<std::size_t>(cores) + static_cast<std::size_t>(c)]; };
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        for (int c = cores - 1; c >= 2; --c) {
            if (at(a, c) < at(b, c)) return true;
            if (at(b, c) < at(a, c)) return false;
        }
        return false;
    });
    return order;
}

}  // namespace mapscape
