#include "surrogate/mapping_vector.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "workload/layer.hpp"

namespace mapscape {

namespace {

int slot_of(Dim d) {
    for (int s = 0; s < kSlots; ++s)
        if (kSlotDims[static_cast<std::size_t>(s)] == d) return s;
    return -1;
}

// The integer in [1, bound] nearest to 2^log_value, measured in log space.
std::int64_t nearest_in_log(double log_value, std::int64_t bound) {
    bound = std::max<std::int64_t>(1, bound);
    const double v = std::clamp(log_value, 0.0, std::log2(static_cast<double>(bound)));
    const double x = std::exp2(v);
    const auto lo = std::clamp<std::int64_t>(static_cast<std::int64_t>(std::floor(x)), 1, bound);
    const auto hi = std::clamp<std::int64_t>(lo + 1, 1, bound);
    return std::abs(std::log2(static_cast<double>(hi)) - v) < std::abs(std::log2(static_cast<double>(lo)) - v) ? hi : lo;
}

std::int64_t draw_size(Rng& rng, std::int64_t bound, bool log_uniform) {
    bound = std::max<std::int64_t>(1, bound);
    if (!log_uniform) return uniform(rng, 1, bound);
    const double u = std::uniform_real_distribution<double>(0, 1)(rng);
    return std::clamp<std::int64_t>(std::llround(std::exp2(u * std::log2(static_cast<double>(bound)))), 1, bound);
}

}  // namespace

bool surrogate_covers(const Layer& layer) {
    const LayerType t = layer.type;
    return (t == LayerType::Conv || t == LayerType::TransposedConv || t == LayerType::FullyConnected) && layer_problem(layer).empty();
}

SurrogateSpace make_surrogate_space(const SearchProblem& problem) {
    SurrogateSpace s;
    s.genome = make_genome_space(problem);
    s.genome.min_levels = s.genome.max_levels = 2;
    s.covered = surrogate_covers(problem.layer);
    for (int i = 0; i < kSlots; ++i) {
        const Dim d = kSlotDims[static_cast<std::size_t>(i)];
        s.present[static_cast<std::size_t>(i)] = std::find(s.genome.dims.begin(), s.genome.dims.end(), d) != s.genome.dims.end();
        s.full[static_cast<std::size_t>(i)] = s.present[static_cast<std::size_t>(i)] ? std::max<std::int64_t>(1, at(s.genome.full, d)) : 1;
    }
    const Layer analysed = analysed_form(problem.layer);
    s.stride = std::max<std::int64_t>(1, analysed.stride(Dim::Y));
    return s;
}

ProblemVector problem_vector(const SurrogateSpace& space) {
    ProblemVector p{};
    for (int i = 0; i < kSlots; ++i) p[static_cast<std::size_t>(i)] = static_cast<float>(std::log2(static_cast<double>(space.full[static_cast<std::size_t>(i)])));
    p[kSlots] = static_cast<float>(std::log2(static_cast<double>(space.stride)));
    return p;
}

MappingVector mapping_vector(const Genome& g, const SurrogateSpace& space) {
    MappingVector m{};
    for (int k = 0; k < 2; ++k) {
        const MapperLevel& l = g.levels[static_cast<std::size_t>(k)];
        float* block = m.data() + k * kLevelFeatures;
        for (int s = 0; s < kTileSlots; ++s)
            if (space.present[static_cast<std::size_t>(s)])
                block[kTileOffset + s] = static_cast<float>(std::log2(static_cast<double>(std::max<std::int64_t>(1, at(l.tile, kSlotDims[static_cast<std::size_t>(s)])))));
        const int parallel = slot_of(l.parallel);
        if (parallel >= 0 && parallel < kTileSlots) block[kParallelOffset + parallel] = 1.0f;
        // Absent slots take the outermost positions (a loop of one iteration anywhere is the same).
        int absent = 0;
        for (int s = 0; s < kSlots; ++s)
            if (!space.present[static_cast<std::size_t>(s)]) block[kOrderOffset + s] = static_cast<float>(absent++);
        for (int i = 0; i < l.num_dims; ++i) {
            const int s = slot_of(l.order[static_cast<std::size_t>(i)]);
            if (s >= 0) block[kOrderOffset + s] = static_cast<float>(absent + i);
        }
    }
    m[kUnitsFeature] = static_cast<float>(std::log2(static_cast<double>(std::max<std::int64_t>(1, g.levels[1].units))));
    return m;
}

Genome project_to_genome(const MappingVector& raw, const SurrogateSpace& space) {
    const GenomeSpace& gs = space.genome;
    Genome g;
    g.num_levels = 2;
    for (int k = 0; k < 2; ++k) {
        MapperLevel& l = g.levels[static_cast<std::size_t>(k)];
        const float* block = raw.data() + k * kLevelFeatures;
        // Parallel slot: the largest one-hot value among the allowed choices (first on ties).
        float best = -std::numeric_limits<float>::infinity();
        l.parallel = gs.parallel_choices.front();
        for (Dim d : gs.parallel_choices) {
            const int s = slot_of(d);
            if (s >= 0 && s < kTileSlots && block[kParallelOffset + s] > best) {
                best = block[kParallelOffset + s];
                l.parallel = d;
            }
        }
        // Loop order: ascending positions (stable on ties, in slot order).
        std::vector<int> slots;
        for (int s = 0; s < kSlots; ++s)
            if (space.present[static_cast<std::size_t>(s)]) slots.push_back(s);
        std::stable_sort(slots.begin(), slots.end(), [block](int a, int b) { return block[kOrderOffset + a] < block[kOrderOffset + b]; });
        l.num_dims = static_cast<int>(slots.size());
        for (std::size_t i = 0; i < slots.size(); ++i) l.order[i] = kSlotDims[static_cast<std::size_t>(slots[i])];
        // Tiles: nearest integers in log space, inner within outer.
        for (Dim d : gs.dims) {
            const int s = slot_of(d);
            if (!gs.tileable(d) || s < 0 || s >= kTileSlots) {
                at(l.tile, d) = at(gs.full, d);
                continue;
            }
            const std::int64_t bound = k == 0 ? at(gs.full, d) : at(g.levels[0].tile, d);
            at(l.tile, d) = nearest_in_log(block[kTileOffset + s], bound);
        }
        l.units = k == 0 ? gs.num_pes : (gs.fixed_units > 0 ? gs.fixed_units : nearest_in_log(raw[kUnitsFeature], gs.num_pes));
    }
    repair(g, gs);
    return g;
}

Genome random_surrogate_genome(const SurrogateSpace& space, Rng& rng) {
    const GenomeSpace& gs = space.genome;
    const bool log_uniform = std::uniform_int_distribution<int>(0, 1)(rng) == 1;
    Genome g;
    g.num_levels = 2;
    for (int k = 0; k < 2; ++k) {
        MapperLevel& l = g.levels[static_cast<std::size_t>(k)];
        l.num_dims = static_cast<int>(gs.dims.size());
        std::copy(gs.dims.begin(), gs.dims.end(), l.order.begin());
        std::shuffle(l.order.begin(), l.order.begin() + l.num_dims, rng);
        l.parallel = gs.parallel_choices[static_cast<std::size_t>(uniform(rng, 0, static_cast<std::int64_t>(gs.parallel_choices.size()) - 1))];
        for (Dim d : gs.dims) {
            const std::int64_t bound = k == 0 ? at(gs.full, d) : at(g.levels[0].tile, d);
            at(l.tile, d) = gs.tileable(d) ? draw_size(rng, bound, log_uniform) : at(gs.full, d);
        }
        l.units = k == 0 ? gs.num_pes : (gs.fixed_units > 0 ? gs.fixed_units : draw_size(rng, gs.num_pes, log_uniform));
    }
    repair(g, gs);
    return g;
}

}  // namespace mapscape
