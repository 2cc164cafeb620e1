#include "search/gamma_operators.hpp"

#include <algorithm>
#include <cmath>

#include "util/integer_math.hpp"

namespace mapscape {

bool GammaOperators::chance(double p) { return std::uniform_real_distribution<double>(0, 1)(*rng_) < p; }

Dim GammaOperators::random_tile_dim() {
    const auto& choices = space_->parallel_choices;  // the tileable dimensions
    return choices[static_cast<std::size_t>(uniform(*rng_, 0, static_cast<std::int64_t>(choices.size()) - 1))];
}

std::int64_t GammaOperators::tile_range(const Genome& g, int level, Dim d) const {
    return level == 0 ? at(space_->full, d) : at(g.levels[static_cast<std::size_t>(level - 1)].tile, d);
}

std::int64_t GammaOperators::random_divisor(std::int64_t n) {
    // Reservoir sampling over the divisors in increasing order (the same draws, so the same pick
    // for a seed, as the walk to n that took seconds per call for a 2^31-PE array).
    std::int64_t pick = 1, seen = 0;
    for_each_divisor(n, [&](std::int64_t d) {
        if (uniform(*rng_, 0, seen++) == 0) pick = d;
    });
    return pick;
}

std::int64_t GammaOperators::new_tile(std::int64_t old, std::int64_t range) {
    if (chance(options_->end_tile_share)) return chance(0.5) ? 1 : range;
    if (chance(options_->divisor_tile_share)) return random_divisor(range);
    if (chance(options_->near_tile_share)) {  // within a factor of two either way
        const double factor = std::exp(std::uniform_real_distribution<double>(-0.7, 0.7)(*rng_));
        std::int64_t v = static_cast<std::int64_t>(std::lround(static_cast<double>(old) * factor));
        if (v == old) v += chance(0.5) ? 1 : -1;
        return std::clamp<std::int64_t>(v, 1, range);
    }
    return uniform(*rng_, 1, range);
}

// The units of `level` given its parallel dimension: the most that fit (the enclosing tile of
// that dimension, and the PEs left by the other levels) or a uniform draw below that.
std::int64_t GammaOperators::new_units(const Genome& g, int level, Dim parallel) {
    const std::int64_t cap = std::min(max_units(*space_, g, level), tile_range(g, level, parallel));
    return chance(options_->units_fill_share) ? cap : uniform(*rng_, 1, cap);
}

void GammaOperators::crossover(Genome& a, Genome& b) {
    const Dim d = random_tile_dim();
    for (int k = 0; k < std::min(a.num_levels, b.num_levels); ++k)
        std::swap(at(a.levels[static_cast<std::size_t>(k)].tile, d), at(b.levels[static_cast<std::size_t>(k)].tile, d));
}

void GammaOperators::mutate(Genome& g) {
    const GenomeSpace& s = *space_;
    auto random_level = [&](int first) { return static_cast<int>(uniform(*rng_, first, g.num_levels - 1)); };
    for (int trial = 0; trial < options_->tile_mutation_trials; ++trial)
        if (chance(options_->tile_mutation_rate)) {  // tile mutation
            const int k = random_level(0);
            const Dim d = random_tile_dim();
            std::int64_t& t = at(g.levels[static_cast<std::size_t>(k)].tile, d);
            t = new_tile(t, tile_range(g, k, d));
        }
    if (chance(options_->parallel_mutation_rate)) {  // a new parallel dimension (and its units)
        const int k = random_level(0);
        MapperLevel& l = g.levels[static_cast<std::size_t>(k)];
        l.parallel = random_parallel(s, k, *rng_);
        if (k > 0 && s.fixed_units_at(k) == 0) l.units = new_units(g, k, l.parallel);
    }
    if (g.num_levels > 1 && chance(options_->units_divisor_rate)) {
        const int k = random_level(1);
        if (s.fixed_units_at(k) == 0) g.levels[static_cast<std::size_t>(k)].units = random_divisor(max_units(s, g, k));
    }
    if (chance(options_->reorder_rate)) {  // swap two loops of one level
        MapperLevel& l = g.levels[static_cast<std::size_t>(random_level(0))];
        const auto i = static_cast<std::size_t>(uniform(*rng_, 0, l.num_dims - 1));
        const auto j = static_cast<std::size_t>(uniform(*rng_, 0, l.num_dims - 1));
        std::swap(l.order[i], l.order[j]);
    }
    if (g.num_levels < s.max_levels && chance(options_->growth_rate)) {  // a new inner level
        MapperLevel inner = random_inner_level(s, g, *rng_);
        g.levels[static_cast<std::size_t>(g.num_levels)] = inner;
        ++g.num_levels;
        if (s.fixed_units_at(g.num_levels - 1) == 0 && chance(options_->units_fill_share))
            g.levels[static_cast<std::size_t>(g.num_levels - 1)].units =
                std::min(max_units(s, g, g.num_levels - 1), tile_range(g, g.num_levels - 1, inner.parallel));
    }
    if (g.num_levels > s.min_levels && chance(options_->aging_rate)) --g.num_levels;  // drop the innermost
}

void GammaOperators::fine_tune(Genome& g) {
    for (int trial = 0; trial < 3; ++trial) {
        if (trial > 0 && !chance(0.5)) continue;
        const int k = static_cast<int>(uniform(*rng_, 0, g.num_levels - 1));
        const Dim d = random_tile_dim();
        const std::int64_t range = tile_range(g, k, d);
        std::int64_t& t = at(g.levels[static_cast<std::size_t>(k)].tile, d);
        const std::int64_t reach = std::max<std::int64_t>(1, range / 10);  // +-10 % of the range
        std::int64_t step = uniform(*rng_, -reach, reach);
        if (step == 0) step = chance(0.5) ? 1 : -1;
        t = std::clamp<std::int64_t>(t + step, 1, range);
    }
    if (g.num_levels > 1 && chance(0.3)) {
        const int k = static_cast<int>(uniform(*rng_, 1, g.num_levels - 1));
        MapperLevel& l = g.levels[static_cast<std::size_t>(k)];
        if (space_->fixed_units_at(k) == 0) l.units = std::max<std::int64_t>(1, l.units + (chance(0.5) ? 1 : -1));
    }
}

std::vector<Genome> GammaOperators::neighbours(const Genome& g) const {
    const GenomeSpace& s = *space_;
    std::vector<Genome> out;
    for (int k = 0; k < g.num_levels; ++k) {
        const auto ks = static_cast<std::size_t>(k);
        const MapperLevel& l = g.levels[ks];
        for (Dim d : s.parallel_choices) {
            const std::int64_t range = tile_range(g, k, d);
            const std::int64_t t = at(l.tile, d);
            std::int64_t below = 1, above = range;  // the divisors of the range next to t
            for_each_divisor(range, [&](std::int64_t v) {
                if (v < t) below = v;
                if (v > t && above == range) above = v;
            });
            for (std::int64_t v : {t - 2, t - 1, t + 1, t + 2, t / 2, t * 2, std::int64_t{1}, range, below, above}) {
                if (v < 1 || v > range || v == t) continue;
                Genome n = g;
                at(n.levels[ks].tile, d) = v;
                out.push_back(n);
            }
        }
        for (int i = 0; i < l.num_dims; ++i)
            for (int j = i + 1; j < l.num_dims; ++j) {
                Genome n = g;
                std::swap(n.levels[ks].order[static_cast<std::size_t>(i)], n.levels[ks].order[static_cast<std::size_t>(j)]);
                out.push_back(n);
            }
        for (Dim d : s.parallel_at(k))
            if (d != l.parallel) {
                Genome n = g;
                n.levels[ks].parallel = d;
                out.push_back(n);
            }
        if (k > 0 && s.fixed_units_at(k) == 0) {
            const std::int64_t cap = max_units(s, g, k);
            for (std::int64_t v : {l.units - 1, l.units + 1, l.units / 2, l.units * 2, cap}) {
                if (v < 1 || v > cap || v == l.units) continue;
                Genome n = g;
                n.levels[ks].units = v;
                out.push_back(n);
            }
        }
    }
    if (g.num_levels > s.min_levels) {
        Genome n = g;
        --n.num_levels;
        out.push_back(n);
    }
    for (Genome& n : out) repair(n, s);
    return out;
}

}  // namespace mapscape
