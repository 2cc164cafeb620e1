#include "search/genome.hpp"

#include <algorithm>

#include "mapping/map_space.hpp"
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
    if (p.min_levels > 0) s.min_levels = std::clamp(p.min_levels, 1, kMaxGenomeLevels);
    if (p.max_levels > 0) s.max_levels = std::clamp(p.max_levels, s.min_levels, kMaxGenomeLevels);
    if (p.system == TargetSystem::S1) s.fixed_units = fixed_row_length(p.accelerator);
    const MapSpace& constraints = p.accelerator.map_space;
    if (!constraints.flexible()) {
        // The accelerator's map space decides the levels (and overrides the system's range).
        s.min_levels = s.max_levels = static_cast<int>(std::min<std::size_t>(constraints.levels.size(), kMaxGenomeLevels));
        s.fixed_units = 0;
        auto known = [&](Dim d) { return std::find(s.dims.begin(), s.dims.end(), d) != s.dims.end(); };
        for (int k = 0; k < s.max_levels; ++k) {
            const LevelFlexibility& f = constraints.levels[static_cast<std::size_t>(k)];
            LevelRules& r = s.rules[static_cast<std::size_t>(k)];
            for (DimRole role : f.parallel)
                if (const auto d = role_dim(role, p.layer); d && known(*d) && (k > 0 || s.tileable(*d)) &&
                                                            std::find(r.parallel.begin(), r.parallel.end(), *d) == r.parallel.end())
                    r.parallel.push_back(*d);
            for (DimRole role : f.inner_order)
                if (const auto d = role_dim(role, p.layer); d && known(*d)) r.inner_order.push_back(*d);
            for (const TileConstraint& t : f.tiles)
                if (const auto d = role_dim(t.role, p.layer); d && known(*d) && s.tileable(*d)) r.tiles.emplace_back(*d, t.size);
            r.units = k > 0 ? f.cluster_size : 0;
        }
    }
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

}  // namespace

Dim random_parallel(const GenomeSpace& space, int level, Rng& rng) {
    const std::vector<Dim>& choices = space.parallel_at(level);
    return choices[static_cast<std::size_t>(uniform(rng, 0, static_cast<std::int64_t>(choices.size()) - 1))];
}

MapperLevel random_inner_level(const GenomeSpace& space, const Genome& g, Rng& rng) {
    const MapperLevel& parent = g.levels[static_cast<std::size_t>(g.num_levels - 1)];
    MapperLevel l;
    shuffle_order(l, space, rng);
    l.parallel = random_parallel(space, g.num_levels, rng);
    for (Dim d : space.dims)
        at(l.tile, d) = space.tileable(d) ? uniform(rng, 1, at(parent.tile, d)) : at(space.full, d);
    Genome with = g;
    with.levels[static_cast<std::size_t>(g.num_levels)] = l;
    ++with.num_levels;
    const std::int64_t cap = max_units(space, with, g.num_levels);
    const std::int64_t fixed = space.fixed_units_at(g.num_levels);
    l.units = fixed > 0 ? fixed : uniform(rng, 1, std::min(cap, at(parent.tile, l.parallel)));
    return l;
}

Genome random_genome(const GenomeSpace& space, int levels, Rng& rng) {
    Genome g;
    MapperLevel& top = g.levels[0];
    shuffle_order(top, space, rng);
    top.parallel = random_parallel(space, 0, rng);
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
    g.num_levels = std::min(g.num_levels, space.max_levels);
    for (int k = 0; k < g.num_levels; ++k) {
        MapperLevel& l = g.levels[static_cast<std::size_t>(k)];
        const LevelRules& rules = space.rules[static_cast<std::size_t>(k)];
        const std::vector<Dim>& allowed = space.parallel_at(k);
        if (std::find(allowed.begin(), allowed.end(), l.parallel) == allowed.end()) l.parallel = allowed.front();
        if (!rules.inner_order.empty()) {  // the fixed loops last, in their order; the others keep theirs
            auto fixed = [&](Dim d) { return std::find(rules.inner_order.begin(), rules.inner_order.end(), d) != rules.inner_order.end(); };
            // In place (std::stable_partition allocates a buffer on every call, and this runs per decode).
            auto end = l.order.begin();
            for (auto it = l.order.begin(); it != l.order.begin() + l.num_dims; ++it)
                if (!fixed(*it)) *end++ = *it;
            std::copy(rules.inner_order.begin(), rules.inner_order.end(), end);
        }
        for (Dim d : space.dims) {
            std::int64_t& t = at(l.tile, d);
            const std::int64_t bound = k == 0 ? at(space.full, d) : at(g.levels[static_cast<std::size_t>(k - 1)].tile, d);
            if (!space.tileable(d)) {  // whole filters, but one row (column) per unit where parallel
                t = k > 0 && l.parallel == d ? 1 : bound;
                continue;
            }
            for (const auto& [fixed_dim, size] : rules.tiles)
                if (fixed_dim == d) t = size > 0 ? size : bound;
            t = std::clamp<std::int64_t>(t, 1, bound);
        }
        if (k == 0) continue;
        if (const std::int64_t fixed = space.fixed_units_at(k); fixed > 0) l.units = fixed;
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
