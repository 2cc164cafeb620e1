#include "mapping/random_mapping.hpp"

#include <algorithm>

namespace mapscape {

std::vector<Dim> mappable_dims(const Layer& layer) {
    const Layer l = analysed_form(layer);
    std::vector<Dim> dims;
    if (l.has(Dim::N) && l.type != LayerType::Gemm) dims.push_back(Dim::N);
    switch (l.type) {
        case LayerType::Gemm: return {Dim::M, Dim::N, Dim::K};
        case LayerType::GroupedConv: dims.push_back(Dim::G); [[fallthrough]];
        case LayerType::Conv:
        case LayerType::TransposedConv: dims.push_back(Dim::K); [[fallthrough]];
        default:
            for (Dim d : {Dim::C, Dim::Yo, Dim::Xo, Dim::R, Dim::S}) dims.push_back(d);
    }
    return dims;
}

std::int64_t mappable_size(const Layer& layer, Dim d) {
    const Layer l = analysed_form(layer);
    if (d == Dim::Yo) return l.has(Dim::Y) ? l.size(Dim::Y) - l.size(Dim::R) + 1 : l.size(Dim::Yo);
    if (d == Dim::Xo) return l.has(Dim::X) ? l.size(Dim::X) - l.size(Dim::S) + 1 : l.size(Dim::Xo);
    return l.size(d);
}

Mapping random_mapping(const Layer& layer, const RandomMappingOptions& o, std::mt19937_64& rng) {
    const std::vector<Dim> dims = mappable_dims(layer);
    std::vector<Dim> parallel_choices;
    for (Dim d : dims)
        if (d != Dim::R && d != Dim::S) parallel_choices.push_back(d);
    auto uniform = [&](std::int64_t lo, std::int64_t hi) {
        return std::uniform_int_distribution<std::int64_t>(lo, std::max(lo, hi))(rng);
    };
    std::vector<std::int64_t> bound;
    for (Dim d : dims) bound.push_back(mappable_size(layer, d));
    Mapping m;
    std::int64_t remaining_pes = o.num_pes;
    for (int level = 0; level < std::clamp(o.levels, 1, 4); ++level) {
        const Dim parallel = parallel_choices[static_cast<std::size_t>(
            uniform(0, static_cast<std::int64_t>(parallel_choices.size()) - 1))];
        if (level > 0) {
            const std::int64_t cluster = uniform(1, std::min<std::int64_t>(remaining_pes, 64));
            remaining_pes = std::max<std::int64_t>(1, remaining_pes / cluster);
            m.directives.push_back(Directive::cluster(cluster));
        }
        std::vector<std::size_t> order(dims.size());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
        std::shuffle(order.begin(), order.end(), rng);
        for (std::size_t i : order) {
            const Dim d = dims[i];
            std::int64_t tile;
            if (o.whole_filters && (d == Dim::R || d == Dim::S))
                tile = mappable_size(layer, d);
            else
                tile = uniform(1, o.nested_tiles ? bound[i] : mappable_size(layer, d));
            bound[i] = tile;
            m.directives.push_back(d == parallel ? Directive::spatial(d, tile, tile)
                                                 : Directive::temporal(d, tile, tile));
        }
    }
    return m;
}

}  // namespace mapscape
