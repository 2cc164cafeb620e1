#include "naas/naas_bound.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <tuple>

#include "cost/bounds.hpp"
#include "mapping/random_mapping.hpp"
#include "util/integer_math.hpp"

namespace mapscape {

namespace {

// What a layer's compute bound on any array depends on.
struct LayerTerms {
    std::int64_t macs = 0;
    std::int64_t busy = 1;                // the most units its parallelisable dimensions keep busy
    std::array<std::int64_t, 6> size{};   // per role: its dimension's extent (0: the layer lacks it)
    std::array<int, 6> dim{};             // per role: its dimension (two roles may share one: depthwise)
    auto key() const { return std::tie(macs, busy, size, dim); }
    bool operator<(const LayerTerms& o) const { return key() < o.key(); }
};

LayerTerms terms_of(const Layer& layer) {
    LayerTerms t;
    t.macs = exact_macs(layer);
    t.busy = max_busy_units(layer, kNaasMaxLevels);
    for (std::size_t r = 0; r < kNaasRoles.size(); ++r)
        if (const auto d = role_dim(kNaasRoles[r], layer)) {
            t.size[r] = std::max<std::int64_t>(1, mappable_size(layer, *d));
            t.dim[r] = static_cast<int>(*d);
        }
    return t;
}

// The bound of cost/bounds.hpp (MACs over the busy units) on n PEs and the busiest PE's share on
// the array, whichever is larger.
std::int64_t cycles_on(const LayerTerms& t, std::span<const ArrayLevel> levels, std::int64_t lanes) {
    std::int64_t pes = 1, free_units = 1;
    std::array<std::int64_t, kNumDims> spread;
    spread.fill(1);
    std::array<std::int64_t, kNumDims> extent{};
    for (const ArrayLevel& l : levels) {
        pes *= l.units;
        const auto r = l.role ? static_cast<std::size_t>(std::find(kNaasRoles.begin(), kNaasRoles.end(), *l.role) - kNaasRoles.begin()) : kNaasRoles.size();
        if (r < kNaasRoles.size() && t.size[r] > 0) {
            spread[static_cast<std::size_t>(t.dim[r])] *= l.units;
            extent[static_cast<std::size_t>(t.dim[r])] = t.size[r];
        } else {
            free_units *= l.units;  // any dimension: at best an even share
        }
    }
    std::int64_t busiest = t.macs;
    for (std::size_t d = 0; d < spread.size(); ++d)
        if (spread[d] > 1 && extent[d] > 0) busiest = busiest_share(busiest, extent[d], spread[d]);
    const std::int64_t on_array = ceil_div(busiest, free_units * lanes);
    const std::int64_t on_busy = ceil_div(t.macs, std::min(pes, t.busy) * lanes);
    return std::max(on_array, on_busy);
}

std::vector<std::int64_t> divisors(std::int64_t n) {
    std::vector<std::int64_t> out;
    for (std::int64_t d = 1; d * d <= n; ++d)
        if (n % d == 0) {
            out.push_back(d);
            if (d * d != n) out.push_back(n / d);
        }
    std::sort(out.begin(), out.end());
    return out;
}

std::string describe_array(std::span<const ArrayLevel> levels) {
    std::string s, roles;
    for (std::size_t k = 0; k < levels.size(); ++k) {
        s += (k ? " x " : "") + std::to_string(levels[k].units);
        roles += (k ? " | " : "") + (levels[k].role ? std::string(role_name(*levels[k].role)) : std::string("any"));
    }
    return s + " (" + roles + ")";
}

}  // namespace

std::int64_t array_compute_cycles(const Layer& layer, std::span<const ArrayLevel> levels, std::int64_t lanes) {
    return cycles_on(terms_of(layer), levels, std::max<std::int64_t>(1, lanes));
}

NaasBound naas_bound(const std::vector<Layer>& network, const NaasResources& resources) {
    NaasBound bound;
    const Accelerator& own = resources.baseline;
    const std::int64_t lanes = std::max<std::int64_t>(1, own.simd_lanes);
    // Identical layer shapes counted once, weighted by how often the network runs them.
    std::map<LayerTerms, std::int64_t> counts;
    Accelerator acc = own;
    acc.num_pes = std::max<std::int64_t>(1, resources.max_pes);
    for (const Layer& l : network) {
        counts[terms_of(l)] += over_runs(l, std::int64_t{1});
        bound.energy_nj += over_runs(l, layer_bound(l, acc).energy_nj);
    }
    const std::vector<std::pair<LayerTerms, std::int64_t>> layers(counts.begin(), counts.end());
    const auto total_on = [&](std::span<const ArrayLevel> levels, std::int64_t stop_above) {
        std::int64_t total = 0;
        for (const auto& [t, n] : layers) {
            total += n * cycles_on(t, levels, lanes);
            if (total >= stop_above) break;
        }
        return total;
    };

    std::int64_t best = std::numeric_limits<std::int64_t>::max();
    const auto consider = [&](std::span<const ArrayLevel> levels) {
        const std::int64_t total = total_on(levels, best);
        if (total < best) {
            best = total;
            bound.array = describe_array(levels);
        }
    };
    // The resources' own array: its levels' sizes and parallel dimensions where its map space
    // fixes them; a map space that leaves them to the mapping is bounded per layer.
    const MapSpace& space = own.map_space;
    const bool fixed_array = !space.flexible() && space.levels.size() == own.pe_hierarchy.size() &&
                             std::all_of(space.levels.begin() + 1, space.levels.end(), [](const LevelFlexibility& l) { return l.cluster_size > 0; });
    if (fixed_array) {
        std::vector<ArrayLevel> levels;
        for (std::size_t k = 0; k < space.levels.size(); ++k) {
            ArrayLevel l;
            l.units = k == 0 ? own.pe_hierarchy[0] : space.levels[k].cluster_size;
            if (space.levels[k].parallel.size() == 1) l.role = space.levels[k].parallel.front();
            levels.push_back(l);
        }
        consider(levels);
    } else {
        const ArrayLevel any{std::max<std::int64_t>(1, resources.max_pes), std::nullopt};
        consider(std::span<const ArrayLevel>(&any, 1));
        bound.array = "each layer's own grouping of " + std::to_string(any.units) + " PEs (the resources' array regroups per layer)";
        // No array does better than each layer's own best use of the PEs: nothing to search.
        bound.runtime_cycles = static_cast<double>(best);
        return bound;
    }
    // Every array a candidate can decode to (a superset: every factorisation, not only those
    // the shape genes reach).
    std::array<ArrayLevel, kNaasMaxLevels> levels;
    for (const std::int64_t n : naas_pe_counts(resources)) {
        const std::vector<std::int64_t> outer = divisors(n);
        for (int depth = 1; depth <= kNaasMaxLevels; ++depth) {
            const auto& choices = connectivity_choices(depth);
            const auto try_shape = [&](std::array<std::int64_t, kNaasMaxLevels> units) {
                for (const auto& c : choices) {
                    for (int k = 0; k < depth; ++k)
                        levels[static_cast<std::size_t>(k)] = {units[static_cast<std::size_t>(k)], c[static_cast<std::size_t>(k)]};
                    consider(std::span<const ArrayLevel>(levels.data(), static_cast<std::size_t>(depth)));
                }
            };
            if (depth == 1) {
                try_shape({n, 1, 1});
            } else if (depth == 2) {
                for (std::int64_t a : outer) try_shape({a, n / a, 1});
            } else {
                for (std::int64_t a : outer)
                    for (std::int64_t b : divisors(n / a)) try_shape({a, b, n / a / b});
            }
        }
    }
    bound.runtime_cycles = static_cast<double>(best);
    return bound;
}

}  // namespace mapscape
