#include "search/vector_encoding.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace mapscape {

namespace {

// The largest double below 1 (std::nextafter(1.0, 0.0), which is a library call, not a constant:
// this runs for every coordinate of every decoded point).
constexpr double kBelowOne = 0x1.fffffffffffffp-1;
static_assert(kBelowOne < 1.0 && 1.0 - kBelowOne == 0x1p-53);

// Into [0, 1): NaN (which std::clamp passes through, and which as an index reads anywhere) and
// anything below 0 become 0.
double unit(double x) { return x >= 0.0 ? (x < kBelowOne ? x : kBelowOne) : 0.0; }

// 1 + floor(u * bound): uniform over [1, bound] when u is uniform.
std::int64_t scaled(double x, std::int64_t bound) {
    const auto v = 1 + static_cast<std::int64_t>(unit(x) * static_cast<double>(std::max<std::int64_t>(1, bound)));
    return std::clamp<std::int64_t>(v, 1, std::max<std::int64_t>(1, bound));
}

}  // namespace

VectorEncoding::VectorEncoding(const GenomeSpace& space, int levels) : space_(&space), levels_(levels) {
    const std::size_t per_level = 1 + space.dims.size() + space.parallel_choices.size();
    for (int k = 0; k < levels; ++k) size_ += per_level + ((k > 0 && space.fixed_units_at(k) == 0) ? 1 : 0);
}

void VectorEncoding::decode(const double* x, Genome& g) const {
    const GenomeSpace& s = *space_;
    const auto n_dims = s.dims.size();
    g.num_levels = levels_;
    std::int64_t used_units = 1;
    for (int k = 0; k < levels_; ++k) {
        MapperLevel& l = g.levels[static_cast<std::size_t>(k)];
        const std::vector<Dim>& choices = s.parallel_at(k);
        l.parallel = choices[static_cast<std::size_t>(unit(*x++) * static_cast<double>(choices.size()))];

        // The loop order: the dimensions by ascending key, ties in dimension order. An insertion
        // sort, stable like std::stable_sort (the same order), but without the temporary buffer
        // std::stable_sort allocates on every call: decoding runs once per evaluated point.
        std::array<int, kMaxGenomeDims> rank{};
        std::array<double, kMaxGenomeDims> key{};
        for (std::size_t i = 0; i < n_dims; ++i) {
            const double k_i = unit(x[i]);
            std::size_t j = i;
            for (; j > 0 && k_i < key[j - 1]; --j) {
                key[j] = key[j - 1];
                rank[j] = rank[j - 1];
            }
            key[j] = k_i;
            rank[j] = static_cast<int>(i);
        }
        l.num_dims = static_cast<int>(n_dims);
        for (std::size_t i = 0; i < n_dims; ++i) l.order[i] = s.dims[static_cast<std::size_t>(rank[i])];
        x += n_dims;

        for (Dim d : s.dims) {
            if (!s.tileable(d)) {
                at(l.tile, d) = at(s.full, d);
                continue;
            }
            const std::int64_t bound = k == 0 ? at(s.full, d) : at(g.levels[static_cast<std::size_t>(k - 1)].tile, d);
            at(l.tile, d) = scaled(*x++, bound);
        }

        if (k == 0) {
            l.units = s.num_pes;
        } else if (s.fixed_units_at(k) > 0) {
            l.units = s.fixed_units_at(k);
        } else {
            const std::int64_t parent_tile = at(g.levels[static_cast<std::size_t>(k - 1)].tile, l.parallel);
            l.units = scaled(*x++, std::min(std::max<std::int64_t>(1, s.num_pes / used_units), parent_tile));
            used_units *= l.units;
        }
    }
    repair(g, s);
}

}  // namespace mapscape
