#include "search/genome.hpp"

#include <algorithm>

#include "mapping/random_mapping.hpp"

namespace mapscape {

std::int64_t uniform(Rng& rng, std::int64_t lo, std::int64_t hi) {
    if (hi <= lo) return lo;
    return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng);
}

GenomeSpace make_genome_space(const SearchProblem& p) {
    GenomeSpace s;
    s.dims = mappable_dims(p.layer);
    for (Dim d : s.dims) {
        at(s.full, d) = std::max<std::int64_t>(1, mappable_size(p.layer, d));
        if (s.tileable(d)) s.parallel_choices.push_back(d);
    }
    s.num_pes = p.accelerator.num_pes;
    s.min_levels = min_levels(p.system);
    s.max_levels = max_levels(p.system);
    if (p.system == TargetSystem::S1) s.fixed_units = fixed_row_length(p.accelerator);
    return s;
}

std::int64_t max_units(const GenomeSpace& space, const Genome& g, int level) {
    std::int64_t others = 1;
    for (int k = 1; k < g.num_levels; ++k)
        if (k != level) others *= std::max<std::int64_t>(1, g.levels[static_cast<std::size_t>(k)].units);
    return std::max<std::int64_t>(1, space.num_pes / others);
}

namespace {

void shuffle_order(MapperLevel& l, const GenomeSpace& space, Rng& rng) {
    l.num_dims = static_cast<int>(space.dims.size());
    std::copy(space.dims.begin(), space.dims.end(), l.order.begin());
    std::shuffle(l.order.begin(), l.order.begin() + l.num_dims, rng);
}

Dim random_parallel(const GenomeSpace& space, Rng& rng) {
    return space.parallel_choices[static_cast<std::size_t>(
        uniform(rng, 0, static_cast<std::int64_t>(space.parallel_choices.size()) - 1))];
}

}  // namespace

MapperLevel random_inner_level(const GenomeSpace& space, const Genome& g, Rng& rng) {
    const MapperLevel& parent = g.levels[static_cast<std::size_t>(g.num_levels - 1)];
    MapperLevel l;
    shuffle_order(l, space, rng);
    l.parallel = random_parallel(space, rng);
    for (Dim d : space.dims)
        at(l.tile, d) = space.tileable(d) ? uniform(rng, 1, at(parent.tile, d)) : at(space.full, d);
    Genome with = g;
    with.levels[static_cast<std::size_t>(g.num_levels)] = l;
    ++with.num_levels;
    const std::int64_t cap = max_units(space, with, g.num_levels);
    l.units = space.fixed_units > 0 ? space.fixed_units
                                    : uniform(rng, 1, std::min(cap, at(parent.tile, l.parallel)));
    return l;
}

Genome random_genome(const GenomeSpace& space, int levels, Rng& rng) {
    Genome g;
    MapperLevel& top = g.levels[0];
    shuffle_order(top, space, rng);
    top.parallel = random_parallel(space, rng);
    top.units = space.num_pes;
    for (Dim d : space.dims) at(top.tile, d) = space.tileable(d) ? uniform(rng, 1, at(space.full, d)) : at(space.full, d);
    g.num_levels = 1;
    while (g.num_levels < levels && g.num_levels < kMaxGenomeLevels) {
        g.levels[static_cast<std::size_t>(g.num_levels)] = random_inner_level(space, g, rng);
        ++g.num_levels;
    }
    return g;
}

void repair(Genome& g, const GenomeSpace& space) {
    for (int k = 0; k < g.num_levels; ++k) {
        MapperLevel& l = g.levels[static_cast<std::size_t>(k)];
        for (Dim d : space.dims) {
            std::int64_t& t = at(l.tile, d);
            if (!space.tileable(d)) {
                t = at(space.full, d);
                continue;
            }
            const std::int64_t bound = k == 0 ? at(space.full, d) : at(g.levels[static_cast<std::size_t>(k - 1)].tile, d);
            t = std::clamp<std::int64_t>(t, 1, bound);
        }
        if (k == 0) continue;
        if (space.fixed_units > 0) l.units = space.fixed_units;
        l.units = std::clamp<std::int64_t>(l.units, 1, max_units(space, g, k));
    }
}

std::uint64_t fingerprint(const Genome& g, const GenomeSpace& space) {
    std::uint64_t h = 1469598103934665603ULL;  // FNV-1a over the used fields
    auto mix = [&h](std::uint64_t v) { h = (h ^ v) * 1099511628211ULL; };
    mix(static_cast<std::uint64_t>(g.num_levels));
    for (int k = 0; k < g.num_levels; ++k) {
        const MapperLevel& l = g.levels[static_cast<std::size_t>(k)];
        mix(static_cast<std::uint64_t>(l.parallel));
        mix(k > 0 ? static_cast<std::uint64_t>(l.units) : 0);
        for (int i = 0; i < l.num_dims; ++i) mix(static_cast<std::uint64_t>(l.order[static_cast<std::size_t>(i)]));
        for (Dim d : space.dims) mix(static_cast<std::uint64_t>(at(l.tile, d)));
    }
    return h;
}

void decode(const Genome& g, const GenomeSpace& space, Mapping& out) {
    (void)space;
    out.directives.clear();
    for (int k = 0; k < g.num_levels; ++k) {
        const MapperLevel& l = g.levels[static_cast<std::size_t>(k)];
        if (k > 0) out.directives.push_back(Directive::cluster(l.units));
        for (int i = 0; i < l.num_dims; ++i) {
            const Dim d = l.order[static_cast<std::size_t>(i)];
            const std::int64_t t = at(l.tile, d);
            out.directives.push_back(d == l.parallel ? Directive::spatial(d, t, t) : Directive::temporal(d, t, t));
        }
    }
}

Mapping decode(const Genome& g, const GenomeSpace& space) {
    Mapping m;
    decode(g, space, m);
    return m;
}

}  // namespace mapscape
