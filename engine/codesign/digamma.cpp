#include "codesign/digamma.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <unordered_map>

#include "mapping/random_mapping.hpp"
#include "search/gamma_operators.hpp"
#include "util/seed_mixing.hpp"
#include "util/thread_pool.hpp"
#include "util/fingerprint_set.hpp"

namespace mapscape {

namespace {

struct DesignIndividual {
    DesignGenome design;
    double fitness = std::numeric_limits<double>::infinity();
    DesignSummary summary{};  // what its evaluation found: area, buffer needs, the layers needing most
    std::vector<LayerOutcome> needs{};  // per layer
};

bool by_fitness(const DesignIndividual& a, const DesignIndividual& b) { return a.fitness < b.fitness; }

// The best mapping seen for one layer on one array, and what it cost that layer.
struct LayerBest {
    Genome genome;
    double cost = std::numeric_limits<double>::infinity();
};

std::int64_t smallest_prime_factor(std::int64_t n) {
    for (std::int64_t f = 2; f * f <= n; ++f)
        if (n % f == 0) return f;
    return n;
}

class Digamma {
public:
    Digamma(const CodesignProblem& p, const DigammaOptions& o, CodesignSink* sink, std::stop_token stop)
        : options_(o), stop_(stop), space_(p), evaluator_(p, space_, sink, std::move(stop)), rng_(p.seed) {
        mapping_options_ = o.mapping;
        mapping_options_.growth_rate = 0;  // the array's dimensions decide the levels
        mapping_options_.aging_rate = 0;
    }

    CodesignResult run() {
        const int size = std::max(4, options_.population);
        std::vector<DesignIndividual> population = initial_population(size);
        evaluate(population, 0);
        for (int gen = 1; !evaluator_.done(); ++gen) {
            std::stable_sort(population.begin(), population.end(), by_fitness);
            if (in_last_share(options_.refine_share)) {
                const auto best = std::min_element(population.begin(), population.end(), [](const DesignIndividual& a, const DesignIndividual& b) {
                    return a.summary.objective < b.summary.objective;
                });
                if (best->summary.valid) {
                    // Half on the design as found, half on it re-fitted to the budget (when that
                    // differs): both are assessed; the better one is the result.
                    std::vector<Refit> candidates{{best->design, best->summary.l1_bytes, best->summary.l2_bytes}};
                    for (const RefitShape shape : {RefitShape::Proportional, RefitShape::Balanced, RefitShape::FittedToLayers})
                        if (std::optional<Refit> r = refit_to_budget(*best, shape);
                            r && std::none_of(candidates.begin(), candidates.end(), [&](const Refit& c) { return c.design.hw == r->design.hw; }))
                            candidates.push_back(std::move(*r));
                    for (std::size_t c = 0; c < candidates.size(); ++c) {
                        refine(candidates[c].design, candidates[c].l1_bytes, candidates[c].l2_bytes,
                               evaluator_.remaining() / static_cast<std::int64_t>(candidates.size() - c));
                    }
                    break;  // the refinement spends the rest of the budget
                }
            }
            const auto valid = static_cast<int>(std::count_if(population.begin(), population.end(),
                                                               [](const DesignIndividual& i) { return std::isfinite(i.fitness); }));
            if (valid == 0) {  // nothing to breed from: start again
                population = initial_population(size);
                evaluate(population, 0);
                continue;
            }
            const int elites = std::clamp(static_cast<int>(std::lround(size * options_.elite_ratio)), 1, valid);
            population = next_generation(population, size, elites, valid);
            evaluate(population, static_cast<std::size_t>(elites));
            restart_if_stagnant(population, size, elites);
        }
        return evaluator_.finish();
    }

private:
    bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(rng_) < p; }
    bool in_last_share(double share) const {
        return share > 0 && static_cast<double>(evaluator_.samples()) >=
                                static_cast<double>(evaluator_.problem().budget_samples) * (1 - share);
    }

    std::uint64_t fingerprint(const DesignGenome& d) const {
        std::uint64_t h = 1469598103934665603ULL;
        auto mix = [&h](std::uint64_t v) { h = (h ^ v) * 1099511628211ULL; };
        mix(static_cast<std::uint64_t>(d.hw.levels));
        for (int k = 0; k < d.hw.levels; ++k) mix(static_cast<std::uint64_t>(d.hw.dims[static_cast<std::size_t>(k)]));
        if (evaluator_.problem().buffers == BufferSizing::Searched) {
            mix(static_cast<std::uint64_t>(d.hw.l1_bytes));
            mix(static_cast<std::uint64_t>(d.hw.l2_bytes));
        }
        for (std::size_t l = 0; l < d.layers.size(); ++l) mix(mapscape::fingerprint(d.layers[l], space_.base_space(l)));
        return h;
    }

    // Random designs, and a few that a designer would try first: arrays of a quarter to nearly all
    // of the PEs the budget allows, square where there are two dimensions, with the smallest tiles
    // (the least buffer, so the likeliest to fit the budget).
    std::vector<DesignIndividual> initial_population(int size) {
        std::vector<DesignIndividual> p;
        for (double share : {0.5, 0.65, 0.8, 0.9}) {
            if (static_cast<int>(p.size()) >= size / 4) break;
            DesignGenome d;
            d.hw.levels = std::clamp(2, space_.min_levels(), space_.max_levels());
            const auto pes = std::max<std::int64_t>(1, static_cast<std::int64_t>(share * static_cast<double>(space_.feasible_pes())));
            d.hw.dims = factor_shape(pes, d.hw.levels, {1.0, 1.0, 1.0});
            for (int k = 0; k < d.hw.levels; ++k) {  // sizes that divide the layers' dimensions well
                std::int64_t& dim = d.hw.dims[static_cast<std::size_t>(k)];
                dim = space_.friendly_near(dim, 1.3, rng_);
            }
            d.hw.l1_bytes = 2 * space_.least_l1_bytes();
            d.hw.l2_bytes = 16 * 1024;
            space_.conform(d, rng_);
            for (std::size_t l = 0; l < d.layers.size(); ++l) {
                Genome& g = d.layers[l];
                for (int k = 0; k < g.num_levels; ++k)
                    for (Dim dim : space_.base_space(l).dims)
                        if (space_.base_space(l).tileable(dim)) at(g.levels[static_cast<std::size_t>(k)].tile, dim) = 1;
            }
            space_.conform(d, rng_);
            p.push_back({std::move(d)});
        }
        while (static_cast<int>(p.size()) < size) {
            DesignGenome d = space_.random_design(rng_);
            mutate_hardware(d.hw);  // the first generation's hardware mutation (rate 1.0)
            space_.conform(d, rng_);
            p.push_back({std::move(d)});
        }
        for (const DesignIndividual& i : p) seen_.insert(fingerprint(i.design));
        return p;
    }

    // Mutate-HW: one dimension resized, PEs moved between two dimensions, or the whole array
    // rescaled; the buffers too when they are searched.
    void mutate_hardware(HardwareGenes& hw) {
        std::vector<int> free_dims;
        for (int k = 0; k < hw.levels; ++k)
            if (space_.fixed_dim(k) == 0) free_dims.push_back(k);
        if (!free_dims.empty()) {
            auto pick = [&] { return free_dims[static_cast<std::size_t>(uniform(rng_, 0, static_cast<std::int64_t>(free_dims.size()) - 1))]; };
            const int op = static_cast<int>(uniform(rng_, 0, 3));
            if (op == 3) {  // one dimension to a size nearby that divides the layers' dimensions well
                std::int64_t& d = hw.dims[static_cast<std::size_t>(pick())];
                d = space_.friendly_near(d, 2.0, rng_);
            } else if (op == 0) {  // one dimension grows or shrinks
                std::int64_t& d = hw.dims[static_cast<std::size_t>(pick())];
                const double factor = std::exp(std::uniform_real_distribution<double>(-0.7, 0.7)(rng_));
                std::int64_t v = static_cast<std::int64_t>(std::llround(static_cast<double>(d) * factor));
                if (v == d) v += chance(0.5) ? 1 : -1;
                d = std::max<std::int64_t>(1, v);
            } else if (op == 1 && free_dims.size() >= 2) {  // the same PEs in another shape
                const int from = pick();
                int to = pick();
                if (to == from) to = free_dims[(static_cast<std::size_t>(std::find(free_dims.begin(), free_dims.end(), from) - free_dims.begin()) + 1) % free_dims.size()];
                std::int64_t& a = hw.dims[static_cast<std::size_t>(from)];
                std::int64_t& b = hw.dims[static_cast<std::size_t>(to)];
                const std::int64_t f = a > 1 ? smallest_prime_factor(a) : 1;
                if (f > 1) {
                    a /= f;
                    b *= f;
                } else {
                    ++b;
                }
            } else {  // the whole array rescaled, its shape kept
                const double factor = std::exp(std::uniform_real_distribution<double>(-0.5, 0.5)(rng_));
                const double per_dim = std::pow(factor, 1.0 / static_cast<double>(free_dims.size()));
                for (int k : free_dims) {
                    std::int64_t& d = hw.dims[static_cast<std::size_t>(k)];
                    d = std::max<std::int64_t>(1, static_cast<std::int64_t>(std::llround(static_cast<double>(d) * per_dim)));
                }
            }
        }
        if (evaluator_.problem().buffers == BufferSizing::Searched && chance(options_.buffer_mutation_rate)) {
            std::int64_t& b = chance(0.5) ? hw.l1_bytes : hw.l2_bytes;
            b = std::max<std::int64_t>(1, static_cast<std::int64_t>(static_cast<double>(b) * std::exp(std::uniform_real_distribution<double>(-1.0, 1.0)(rng_))));
        }
        space_.repair(hw);
    }

    // Grow: the innermost dimension is split in two (a new inner level); age: the innermost
    // dimension merges into the one above it. Layer genomes follow in conform().
    void grow_or_age(DesignGenome& d) {
        HardwareGenes& hw = d.hw;
        if (hw.levels < space_.max_levels() && chance(options_.grow_rate)) {
            std::int64_t& inner = hw.dims[static_cast<std::size_t>(hw.levels - 1)];
            const std::int64_t split = inner > 1 ? smallest_prime_factor(inner) : 1;
            inner /= split;
            hw.dims[static_cast<std::size_t>(hw.levels)] = split;
            ++hw.levels;
        } else if (hw.levels > space_.min_levels() && chance(options_.age_rate)) {
            hw.dims[static_cast<std::size_t>(hw.levels - 2)] *= hw.dims[static_cast<std::size_t>(hw.levels - 1)];
            hw.dims[static_cast<std::size_t>(hw.levels - 1)] = 1;
            --hw.levels;
            for (Genome& g : d.layers) g.num_levels = std::min(g.num_levels, hw.levels);
        }
    }

    void mutate_layer(DesignGenome& d, std::size_t l) {
        const GenomeSpace s = space_.layer_space(l, d.hw);
        GammaOperators ops(s, mapping_options_, rng_);
        ops.mutate(d.layers[l]);
        repair(d.layers[l], s);
    }

    // The domain-aware steps DiGamma's buffer rule calls for: the design's buffers are as large as
    // its hungriest layers need, so shrink those layers' tiles; an array that leaves area unused
    // grows into it, one over the budget shrinks to fit.
    // Marks in `changed` the layers whose mappings it squeezed.
    void fit_to_budget(DesignGenome& d, const DesignSummary& parent, const std::vector<LayerOutcome>& needs, std::vector<bool>& changed) {
        const double budget = evaluator_.problem().area_budget_um2;
        if (parent.area_um2 <= 0) return;
        const double room = budget / parent.area_um2;
        if ((room < 1 || room > 1.1) && chance(0.5)) {  // rescale the array towards the budget
            std::vector<int> free_dims;
            for (int k = 0; k < d.hw.levels; ++k)
                if (space_.fixed_dim(k) == 0) free_dims.push_back(k);
            if (!free_dims.empty()) {
                std::int64_t& dim = d.hw.dims[static_cast<std::size_t>(free_dims[static_cast<std::size_t>(uniform(rng_, 0, static_cast<std::int64_t>(free_dims.size()) - 1))])];
                const double factor = std::pow(room, std::uniform_real_distribution<double>(0.3, 1.0)(rng_));
                std::int64_t v = static_cast<std::int64_t>(std::floor(static_cast<double>(dim) * factor));
                if (v == dim) v += room > 1 ? 1 : -1;
                dim = std::max<std::int64_t>(1, v);
                space_.repair(d.hw);
            }
        }
        if (evaluator_.problem().buffers == BufferSizing::ToNeed && needs.size() == d.layers.size() && chance(0.5)) {
            // The buffers are as large as the hungriest layer needs, and most layers grow into
            // what one of them set: squeeze every layer above a lower target at once, at the
            // level that fills the buffer (the outermost for L2, the innermost for L1).
            const AreaBreakdown a = area_of(evaluator_.problem().area_model, space_.accelerator(d.hw), parent.l1_bytes, parent.l2_bytes);
            const bool l1 = a.l1_um2 > a.l2_um2 ? chance(0.75) : chance(0.25);
            const double target = static_cast<double>(l1 ? parent.l1_bytes : parent.l2_bytes) *
                                  std::uniform_real_distribution<double>(0.4, 0.9)(rng_);
            for (std::size_t layer = 0; layer < d.layers.size(); ++layer) {
                const std::int64_t need = l1 ? needs[layer].l1_bytes : needs[layer].l2_bytes;
                if (static_cast<double>(need) <= target) continue;
                Genome& g = d.layers[layer];
                const GenomeSpace& base = space_.base_space(layer);
                MapperLevel& level = g.levels[static_cast<std::size_t>(l1 ? g.num_levels - 1 : 0)];
                Dim largest = base.parallel_choices.front();
                for (Dim dim : base.parallel_choices)
                    if (at(level.tile, dim) > at(level.tile, largest)) largest = dim;
                at(level.tile, largest) = std::max<std::int64_t>(1, at(level.tile, largest) / 2);
                changed[layer] = true;
            }
            // Spend what the smaller buffer frees on PEs at once: a squeeze alone is slower, and
            // only pays together with the larger array it makes room for.
            const Accelerator acc = space_.accelerator(d.hw);
            const AreaBreakdown after = area_of(evaluator_.problem().area_model, acc, l1 ? static_cast<std::int64_t>(target) : parent.l1_bytes,
                                                l1 ? parent.l2_bytes : static_cast<std::int64_t>(target));
            const double per_pe = (after.pes_um2 + after.l1_um2) / static_cast<double>(std::max<std::int64_t>(1, acc.num_pes));
            const double extra_pes = (budget - after.total_um2()) / std::max(per_pe, 1e-9);
            std::vector<int> free_dims;
            for (int k = 0; k < d.hw.levels; ++k)
                if (space_.fixed_dim(k) == 0) free_dims.push_back(k);
            if (extra_pes >= 1 && !free_dims.empty()) {
                std::int64_t& dim = d.hw.dims[static_cast<std::size_t>(free_dims[static_cast<std::size_t>(uniform(rng_, 0, static_cast<std::int64_t>(free_dims.size()) - 1))])];
                const double grow = 1 + extra_pes * std::uniform_real_distribution<double>(0.5, 1.0)(rng_) / static_cast<double>(acc.num_pes);
                dim = std::max(dim + 1, static_cast<std::int64_t>(std::floor(static_cast<double>(dim) * grow)));
                space_.repair(d.hw);
            }
        }
    }

    // Returns which layers' mappings were mutated.
    std::vector<bool> mutate(DesignGenome& d, const DesignIndividual& parent) {
        std::vector<bool> mutated(d.layers.size(), false);
        if (chance(options_.hw_mutation_rate)) mutate_hardware(d.hw);
        if (chance(options_.budget_fit_rate)) fit_to_budget(d, parent.summary, parent.needs, mutated);
        grow_or_age(d);
        space_.conform(d, rng_);
        if (chance(options_.best_layers_rate)) use_best_layers(d, mutated);
        for (std::size_t l = 0; l < d.layers.size(); ++l)
            if (chance(options_.layer_mutation_rate)) {
                mutate_layer(d, l);
                mutated[l] = true;
            }
        if (!d.layers.empty() && std::none_of(mutated.begin(), mutated.end(), [](bool m) { return m; })) {
            const auto l = static_cast<std::size_t>(uniform(rng_, 0, static_cast<std::int64_t>(d.layers.size()) - 1));
            mutate_layer(d, l);
            mutated[l] = true;
        }
        return mutated;
    }

    // Layers are independent on a given array, so a child starts, for every layer the budget
    // step did not just squeeze, from the best mapping any evaluated design found for that layer
    // on its array, and mutates from there: every sample then advances every layer's mapping
    // search on that array, as separate GAMMA searches would, while the array itself evolves.
    void use_best_layers(DesignGenome& d, const std::vector<bool>& mutated) {
        const auto it = best_by_hw_.find(hardware_key(d.hw));
        if (it == best_by_hw_.end()) return;
        for (std::size_t l = 0; l < d.layers.size(); ++l)
            if (!mutated[l] && std::isfinite(it->second[l].cost)) d.layers[l] = it->second[l].genome;
    }

    std::uint64_t hardware_key(const HardwareGenes& hw) const {
        std::uint64_t h = 1469598103934665603ULL;
        auto mix = [&h](std::uint64_t v) { h = (h ^ v) * 1099511628211ULL; };
        mix(static_cast<std::uint64_t>(hw.levels));
        for (int k = 0; k < hw.levels; ++k) mix(static_cast<std::uint64_t>(hw.dims[static_cast<std::size_t>(k)]));
        if (evaluator_.problem().buffers == BufferSizing::Searched) {
            mix(static_cast<std::uint64_t>(hw.l1_bytes));
            mix(static_cast<std::uint64_t>(hw.l2_bytes));
        }
        return h;
    }

    // A layer's share of the design's objective, to rank its mappings on one array: its runtime
    // (latency, latency x area: the area is the array's), its energy, or for EDP the first-order
    // change of the product (runtime x the design's energy + energy x the design's runtime).
    double layer_cost(const LayerOutcome& o, const DesignSummary& design) const {
        double cost = 0;
        for (const ObjectiveTerm& t : evaluator_.problem().objective.terms) switch (t.metric) {
                case Metric::Energy: cost += t.weight * o.energy_nj / std::max(design.energy_nj, 1e-300); break;
                case Metric::Edp:
                    cost += t.weight * (o.energy_nj / std::max(design.energy_nj, 1e-300) +
                                        static_cast<double>(o.runtime_cycles) / std::max<double>(static_cast<double>(design.runtime_cycles), 1));
                    break;
                default: cost += t.weight * static_cast<double>(o.runtime_cycles) / std::max<double>(static_cast<double>(design.runtime_cycles), 1);
            }
        return cost * (evaluator_.problem().objective.terms.size() == 1 ? std::max<double>(static_cast<double>(design.runtime_cycles), 1) : 1);
    }

    void remember_layers(const DesignIndividual& i) {
        if (!i.summary.valid || i.needs.size() != i.design.layers.size()) return;
        if (best_by_hw_.size() > kMaxRememberedArrays) best_by_hw_.clear();  // bounded memory; it refills from the population
        std::vector<LayerBest>& best = best_by_hw_[hardware_key(i.design.hw)];
        best.resize(i.design.layers.size());
        for (std::size_t l = 0; l < best.size(); ++l) {
            if (!i.needs[l].valid) continue;
            const double cost = layer_cost(i.needs[l], i.summary);
            if (cost < best[l].cost) best[l] = {i.design.layers[l], cost};
        }
    }

    // Crossover of mappings: the hardware of `a`, each layer's mapping from either parent (a
    // GAMMA tile crossover within one layer too when the parents' arrays have as many levels).
    void crossover(DesignGenome& a, const DesignGenome& b) {
        for (std::size_t l = 0; l < a.layers.size(); ++l)
            if (chance(0.5)) a.layers[l] = b.layers[l];
        if (a.hw.levels == b.hw.levels && !a.layers.empty()) {
            const auto l = static_cast<std::size_t>(uniform(rng_, 0, static_cast<std::int64_t>(a.layers.size()) - 1));
            const GenomeSpace s = space_.layer_space(l, a.hw);
            GammaOperators ops(s, mapping_options_, rng_);
            Genome other = b.layers[l];
            ops.crossover(a.layers[l], other);
        }
        space_.conform(a, rng_);
    }

    std::vector<DesignIndividual> next_generation(const std::vector<DesignIndividual>& ranked, int size, int elites, int valid) {
        const int parents = std::clamp(static_cast<int>(std::lround(size * options_.parent_ratio)), std::min(2, valid), valid);
        std::vector<DesignIndividual> next(ranked.begin(), ranked.begin() + elites);
        // The arrays of the best designs with every layer's best mapping seen on them: the
        // per-layer searches' progress, put together (a design nobody evaluated otherwise).
        for (int e = 0; e < elites && static_cast<int>(next.size()) < size; ++e) {
            DesignIndividual assembled{ranked[static_cast<std::size_t>(e)].design};
            use_best_layers(assembled.design, std::vector<bool>(assembled.design.layers.size(), false));
            if (seen_.insert(fingerprint(assembled.design))) next.push_back(std::move(assembled));
        }
        while (static_cast<int>(next.size()) < size) {
            const int a = static_cast<int>(uniform(rng_, 0, parents - 1));
            int b = static_cast<int>(uniform(rng_, 0, parents - 2));
            if (parents > 1 && b >= a) ++b;
            DesignIndividual child{ranked[static_cast<std::size_t>(a)].design};
            if (chance(options_.crossover_rate)) crossover(child.design, ranked[static_cast<std::size_t>(parents > 1 ? b : a)].design);
            const DesignIndividual& parent = ranked[static_cast<std::size_t>(a)];
            for (int attempt = 0; attempt < 4; ++attempt) {  // a few tries at a design not seen yet
                mutate(child.design, parent);
                if (seen_.insert(fingerprint(child.design))) break;
            }
            next.push_back(std::move(child));
        }
        return next;
    }

    void restart_if_stagnant(std::vector<DesignIndividual>& population, int size, int elites) {
        const double best = std::min_element(population.begin(), population.end(), by_fitness)->fitness;
        if (best < best_so_far_) {
            best_so_far_ = best;
            stagnant_ = 0;
            return;
        }
        if (options_.stagnation_restart <= 0 || ++stagnant_ < options_.stagnation_restart) return;
        std::stable_sort(population.begin(), population.end(), by_fitness);
        std::vector<DesignIndividual> fresh = initial_population(size - elites);
        std::move(fresh.begin(), fresh.end(), population.begin() + elites);
        evaluate(population, static_cast<std::size_t>(elites));
        stagnant_ = 0;
    }

    struct Refit {
        DesignGenome design;
        std::int64_t l1_bytes = 0, l2_bytes = 0;
    };

    // The best design re-fitted to the budget: buffers sized to what its mappings need are as
    // large as the hungriest layer's mapping, which may spend area the array could use. A re-fit
    // keeps L1 near the least (at most twice it), caps L2 at twice what the median layer needs
    // (and a tenth of the budget; the hungry layers' mappings are searched again within it), and
    // reshapes the array within what then fits: the largest friendly size in the array's own
    // proportions, or balanced, or the 2D shape that keeps most PEs busy on the model's layers.
    // None when that changes nothing.
    enum class RefitShape { Proportional, Balanced, FittedToLayers };

    // A 2D array's estimated cycles on the model: per layer, its MACs over the PEs the best pair
    // of distinct parallelisable dimensions keeps busy across rows and columns (a dimension of
    // size D over d units keeps D / (ceil(D/d) d) of them busy). Lower is better.
    double estimated_cycles(std::int64_t rows, std::int64_t columns) const {
        const CodesignProblem& p = evaluator_.problem();
        double cycles = 0;
        for (const Layer& layer : p.layers) {
            std::vector<std::int64_t> sizes;
            for (Dim d : mappable_dims(layer))
                if (d != Dim::R && d != Dim::S) sizes.push_back(std::max<std::int64_t>(1, mappable_size(layer, d)));
            auto busy = [](std::int64_t size, std::int64_t units) {
                return static_cast<double>(size) / static_cast<double>((size + units - 1) / units * units);
            };
            double best = 1.0 / static_cast<double>(rows * columns);  // nothing spread: one PE busy
            for (std::size_t a = 0; a < sizes.size(); ++a)
                for (std::size_t b = 0; b < sizes.size(); ++b)
                    if (a != b) best = std::max(best, busy(sizes[a], rows) * busy(sizes[b], columns));
            cycles += static_cast<double>(exact_macs(layer)) / (static_cast<double>(rows * columns) * best);
        }
        return cycles;
    }

    std::optional<Refit> refit_to_budget(const DesignIndividual& best, RefitShape shape) const {
        const bool balanced = shape == RefitShape::Balanced;
        const CodesignProblem& p = evaluator_.problem();
        if (p.buffers != BufferSizing::ToNeed || best.needs.empty()) return std::nullopt;
        std::vector<std::int64_t> l2_needs;
        for (const LayerOutcome& o : best.needs) l2_needs.push_back(o.l2_bytes);
        std::nth_element(l2_needs.begin(), l2_needs.begin() + static_cast<std::ptrdiff_t>(l2_needs.size() / 2), l2_needs.end());
        Refit r;
        r.l1_bytes = std::clamp(best.summary.l1_bytes, space_.least_l1_bytes(), 2 * space_.least_l1_bytes());
        // At most a tenth of the budget in L2, as a compute-focused design would have.
        const Accelerator base = space_.accelerator(best.design.hw);
        std::int64_t l2_cap = 1024;
        while (l2_cap < best.summary.l2_bytes && area_of(p.area_model, base, 0, 2 * l2_cap).l2_um2 <= 0.1 * p.area_budget_um2) l2_cap *= 2;
        r.l2_bytes = std::clamp<std::int64_t>(2 * l2_needs[l2_needs.size() / 2], 1024, std::max<std::int64_t>(1024, std::min(l2_cap, best.summary.l2_bytes)));
        const HardwareGenes& hw = best.design.hw;
        std::array<double, kMaxGenomeLevels> shares{};
        for (int k = 0; k < hw.levels; ++k)
            shares[static_cast<std::size_t>(k)] = balanced ? 1.0 : std::log(static_cast<double>(std::max<std::int64_t>(2, hw.dims[static_cast<std::size_t>(k)])));
        if (shape == RefitShape::FittedToLayers) {  // the 2D shape that fits and keeps most PEs busy
            // (a 1D array is re-shaped too when the problem allows 2D ones: its layers' second
            // dimension then runs across the other side)
            if (hw.levels > 2 || space_.max_levels() < 2 || space_.fixed_dim(0) || space_.fixed_dim(1)) return std::nullopt;
            double best_cycles = std::numeric_limits<double>::infinity();
            HardwareGenes chosen = hw;
            const std::int64_t most = space_.feasible_pes();
            // Every side up to 65,536 PEs (the papers' budgets, Cloud's 14,454 PEs: the same walk as ever);
            // above, the map space's friendly sizes: every rows x columns pair is most x ln(most)
            // shapes, hours for a wafer-sized budget, and a side no layer divides well is no gain.
            constexpr std::int64_t kEverySideUpTo = 65536;
            std::vector<std::int64_t> sides;
            if (most <= kEverySideUpTo) {
                for (std::int64_t side = 1; side <= most; ++side) sides.push_back(side);
            } else {
                for (std::int64_t side = 1; side <= 64; ++side) sides.push_back(side);
                for (std::int64_t side : space_.friendly_sizes())
                    if (side > 64 && side <= most) sides.push_back(side);
            }
            for (std::int64_t rows : sides) {
                if (stop_.stop_requested()) return std::nullopt;  // Stop, or a newer run: at once
                for (std::int64_t columns : sides) {
                    if (rows * columns > most) break;
                    HardwareGenes g = hw;
                    g.levels = 2;
                    g.dims = {rows, columns, 1};
                    if (p.max_pes && g.num_pes() > *p.max_pes) break;
                    if (area_of(p.area_model, space_.accelerator(g), r.l1_bytes, r.l2_bytes).total_um2() > p.area_budget_um2) break;
                    if (const double c = estimated_cycles(rows, columns); c < best_cycles) {
                        best_cycles = c;
                        chosen = g;
                    }
                }
            }
            if (chosen == hw) return std::nullopt;
            r.design = best.design;
            r.design.hw = chosen;
            Rng rng(mix_seed(p.seed, 78));
            space_.conform(r.design, rng);
            return r;
        }
        const std::vector<std::int64_t>& sizes = space_.friendly_sizes();
        for (auto n = sizes.rbegin(); n != sizes.rend() && (balanced || *n > hw.num_pes()); ++n) {
            HardwareGenes grown = hw;
            grown.dims = factor_shape(*n, hw.levels, shares);
            for (int k = 0; k < hw.levels; ++k)  // the map space's fixed sizes stay
                if (const std::int64_t f = space_.fixed_dim(k)) grown.dims[static_cast<std::size_t>(k)] = f;
            if ((!balanced && grown.num_pes() <= hw.num_pes()) || grown.num_pes() < 2 || (p.max_pes && grown.num_pes() > *p.max_pes)) continue;
            if (area_of(p.area_model, space_.accelerator(grown), r.l1_bytes, r.l2_bytes).total_um2() > p.area_budget_um2) continue;
            r.design = best.design;
            r.design.hw = grown;
            Rng rng(mix_seed(p.seed, 77));
            space_.conform(r.design, rng);
            return r;
        }
        return std::nullopt;
    }

    // The last share of the budget refines a design's mappings on its array: layers are
    // independent on a fixed array, so a GAMMA search per layer, `samples` long and
    // warm-started from the design's mapping, spends them as that many design points (as
    // Mapping-opt does). The array's shape stays the mappings' cluster sizes and the mappings
    // keep within the given buffers, so the refined design keeps within the budget.
    void refine(const DesignGenome& design, std::int64_t l1_bytes, std::int64_t l2_bytes, std::int64_t samples) {
        const CodesignProblem& p = evaluator_.problem();
        if (samples <= 1) return;
        const HardwareGenes& hw = design.hw;
        Accelerator acc = space_.accelerator(hw);
        acc.l1_size_bytes = l1_bytes;
        acc.l2_size_bytes = l2_bytes;
        MapSpace shape = p.base.map_space;
        if (shape.flexible()) shape.style = "custom";
        shape.levels.resize(static_cast<std::size_t>(hw.levels));
        for (int k = 1; k < hw.levels; ++k) shape.levels[static_cast<std::size_t>(k)].cluster_size = hw.dims[static_cast<std::size_t>(k)];
        acc.map_space = shape;
        Objective per_layer = p.objective;  // each layer's share (area is the array's, fixed here)
        for (ObjectiveTerm& t : per_layer.terms)
            if (t.metric == Metric::LatencyArea || t.metric == Metric::Area) t.metric = Metric::Latency;
        std::vector<SearchResult> results(design.layers.size());
        auto search_layer = [&](std::size_t l) {
            SearchProblem sp;
            sp.layer = p.layers[l];
            sp.accelerator = acc;
            sp.system = TargetSystem::S3;  // the map space decides the levels
            sp.objective = per_layer;
            sp.budget.samples = samples - 1;
            sp.seed = mix_seed(p.seed, 1000 + l);
            sp.constraints.reject_below_compute_bound = p.reject_model_artefacts;
            GammaOptions o;
            o.seeds = {design.layers[l]};
            results[l] = run_gamma(sp, o, nullptr, stop_);
        };
        if (p.threads > 1) {
            ThreadPool pool(p.threads);
            pool.parallel_for(results.size(), search_layer);
        } else {
            for (std::size_t l = 0; l < results.size(); ++l) search_layer(l);
        }
        DecodedDesign refined;
        evaluator_.decode(design, refined);
        refined.accelerator = acc;
        refined.accelerator.map_space = p.base.map_space;
        if (p.buffers == BufferSizing::ToNeed) {  // sized to need again when the design is assessed
            refined.accelerator.l1_size_bytes = space_.accelerator(hw).l1_size_bytes;
            refined.accelerator.l2_size_bytes = space_.accelerator(hw).l2_size_bytes;
        }
        for (std::size_t l = 0; l < results.size(); ++l)
            if (results[l].found) refined.mappings[l] = results[l].best_mapping;
        evaluator_.account(samples - 1);
        std::vector<double> objectives;
        evaluator_.evaluate(std::vector<DecodedDesign>{refined}, objectives);
    }

    void evaluate(std::vector<DesignIndividual>& population, std::size_t first) {
        batch_.resize(population.size() - first);
        for (std::size_t i = first; i < population.size(); ++i) batch_[i - first] = population[i].design;
        evaluator_.evaluate(batch_, objectives_);
        const std::vector<DesignSummary>& summaries = evaluator_.last_summaries();
        const std::vector<LayerOutcome>& needs = evaluator_.last_layer_outcomes();
        const std::size_t layers = space_.layer_count();
        for (std::size_t i = first; i < population.size(); ++i) {
            population[i].fitness = objectives_[i - first];
            if (i - first >= summaries.size()) continue;
            population[i].summary = summaries[i - first];
            // Selection slightly prefers the smaller of near-equal designs: buffers sized to need
            // otherwise grow until they meet the budget, leaving no room for more PEs.
            if (std::isfinite(population[i].fitness))
                population[i].fitness *= 1 + options_.area_preference * population[i].summary.area_um2 / evaluator_.problem().area_budget_um2;
            population[i].needs.assign(needs.begin() + static_cast<std::ptrdiff_t>((i - first) * layers),
                                       needs.begin() + static_cast<std::ptrdiff_t>((i - first + 1) * layers));
            remember_layers(population[i]);
        }
    }

    static constexpr std::size_t kMaxRememberedArrays = 4096;

    DigammaOptions options_;
    std::stop_token stop_;
    GammaOptions mapping_options_;
    DesignSpace space_;
    DesignEvaluator evaluator_;
    Rng rng_;
    FingerprintSet seen_;
    std::unordered_map<std::uint64_t, std::vector<LayerBest>> best_by_hw_;  // per array: per layer
    double best_so_far_ = std::numeric_limits<double>::infinity();
    int stagnant_ = 0;
    std::vector<DesignGenome> batch_;
    std::vector<double> objectives_;
};

}  // namespace

CodesignResult run_digamma(const CodesignProblem& problem, const DigammaOptions& options, CodesignSink* sink, std::stop_token stop) {
    return Digamma(problem, options, sink, std::move(stop)).run();
}

}  // namespace mapscape
