#include "search/gamma.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace mapscape {

namespace {

struct Individual {
    Genome genome;
    double fitness = std::numeric_limits<double>::infinity();  // objective; +inf when invalid
};

bool chance(Rng& rng, double p) { return std::uniform_real_distribution<double>(0, 1)(rng) < p; }

class Gamma {
public:
    Gamma(const SearchProblem& p, const GammaOptions& o, SearchSink* sink, std::stop_token stop)
        : options_(o), space_(make_genome_space(p)), driver_(p, sink, std::move(stop)), rng_(p.seed) {}

    SearchResult run() {
        const int pop = std::max(2, options_.population);
        std::vector<Individual> population = initial_population(pop);
        evaluate(population, 0);
        for (int gen = 1; gen < std::max(1, options_.generations) && !driver_.done(); ++gen) {
            rank(population);
            const auto valid = static_cast<int>(std::count_if(population.begin(), population.end(),
                                                               [](const Individual& i) { return std::isfinite(i.fitness); }));
            if (valid == 0) {  // nothing to breed from: start again
                population = initial_population(pop);
                evaluate(population, 0);
                continue;
            }
            const int elites = std::clamp(static_cast<int>(std::lround(pop * options_.elite_ratio)), 1, valid);
            const int parents = std::clamp(static_cast<int>(std::lround(pop * options_.parent_ratio)), std::min(2, valid), valid);
            std::vector<Individual> next(population.begin(), population.begin() + elites);
            while (static_cast<int>(next.size()) < pop) {
                const int a = static_cast<int>(uniform(rng_, 0, parents - 1));
                int b = static_cast<int>(uniform(rng_, 0, parents - 2));
                if (parents > 1 && b >= a) ++b;
                Individual x{population[static_cast<std::size_t>(a)].genome};
                Individual y{population[static_cast<std::size_t>(parents > 1 ? b : a)].genome};
                if (chance(rng_, options_.crossover_rate)) crossover(x.genome, y.genome);
                for (Individual* child : {&x, &y}) {
                    mutate(child->genome);
                    repair(child->genome, space_);
                    if (static_cast<int>(next.size()) < pop) next.push_back(*child);
                }
            }
            population = std::move(next);
            evaluate(population, static_cast<std::size_t>(elites));
        }
        return driver_.finish();
    }

private:
    std::vector<Individual> initial_population(int size) {
        std::vector<Individual> p;
        for (const Genome& g : options_.seeds) {
            if (static_cast<int>(p.size()) >= size) break;
            Individual i{g};
            repair(i.genome, space_);
            p.push_back(i);
        }
        // One individual with the smallest tiles: it needs the least buffer, so it is the
        // likeliest to fit a tight accelerator.
        if (static_cast<int>(p.size()) < size) {
            Genome g = random_genome(space_, space_.min_levels, rng_);
            for (int k = 0; k < g.num_levels; ++k)
                for (Dim d : space_.dims)
                    if (space_.tileable(d)) at(g.levels[static_cast<std::size_t>(k)].tile, d) = 1;
            repair(g, space_);
            p.push_back({g});
        }
        while (static_cast<int>(p.size()) < size) {
            Genome g = random_genome(space_, space_.min_levels, rng_);
            repair(g, space_);
            p.push_back({g});
        }
        return p;
    }

    // Evaluates individuals from `first` on (earlier ones are elites with known fitness).
    void evaluate(std::vector<Individual>& population, std::size_t first) {
        batch_.resize(population.size() - first);
        for (std::size_t i = first; i < population.size(); ++i) decode(population[i].genome, space_, batch_[i - first]);
        driver_.evaluate(batch_, objectives_);
        for (std::size_t i = first; i < population.size(); ++i) population[i].fitness = objectives_[i - first];
    }

    static void rank(std::vector<Individual>& population) {
        std::stable_sort(population.begin(), population.end(),
                         [](const Individual& a, const Individual& b) { return a.fitness < b.fitness; });
    }

    // The paper's crossover: swap one dimension's tile sizes between two parents, at every level
    // both have (loop orders stay).
    void crossover(Genome& a, Genome& b) {
        const Dim d = space_.parallel_choices[static_cast<std::size_t>(
            uniform(rng_, 0, static_cast<std::int64_t>(space_.parallel_choices.size()) - 1))];
        for (int k = 0; k < std::min(a.num_levels, b.num_levels); ++k)
            std::swap(at(a.levels[static_cast<std::size_t>(k)].tile, d), at(b.levels[static_cast<std::size_t>(k)].tile, d));
    }

    void mutate(Genome& g) {
        auto level = [&]() -> MapperLevel& {
            return g.levels[static_cast<std::size_t>(uniform(rng_, 0, g.num_levels - 1))];
        };
        if (chance(rng_, options_.tile_mutation_rate)) {  // a new random tile for one dimension
            const int k = static_cast<int>(uniform(rng_, 0, g.num_levels - 1));
            const Dim d = space_.parallel_choices[static_cast<std::size_t>(
                uniform(rng_, 0, static_cast<std::int64_t>(space_.parallel_choices.size()) - 1))];
            const std::int64_t bound = k == 0 ? at(space_.full, d) : at(g.levels[static_cast<std::size_t>(k - 1)].tile, d);
            at(g.levels[static_cast<std::size_t>(k)].tile, d) = uniform(rng_, 1, bound);
        }
        if (chance(rng_, options_.parallel_mutation_rate)) {  // a new parallel dimension (and unit count)
            const int k = static_cast<int>(uniform(rng_, 0, g.num_levels - 1));
            MapperLevel& l = g.levels[static_cast<std::size_t>(k)];
            l.parallel = space_.parallel_choices[static_cast<std::size_t>(
                uniform(rng_, 0, static_cast<std::int64_t>(space_.parallel_choices.size()) - 1))];
            if (k > 0 && space_.fixed_units == 0) {
                const std::int64_t parent_tile = at(g.levels[static_cast<std::size_t>(k - 1)].tile, l.parallel);
                l.units = uniform(rng_, 1, std::min(max_units(space_, g, k), parent_tile));
            }
        }
        if (chance(rng_, options_.reorder_rate)) {  // swap two loops of one level
            MapperLevel& l = level();
            const auto i = static_cast<std::size_t>(uniform(rng_, 0, l.num_dims - 1));
            const auto j = static_cast<std::size_t>(uniform(rng_, 0, l.num_dims - 1));
            std::swap(l.order[i], l.order[j]);
        }
        if (g.num_levels < space_.max_levels && chance(rng_, options_.growth_rate)) {  // a new inner level
            g.levels[static_cast<std::size_t>(g.num_levels)] = random_inner_level(space_, g, rng_);
            ++g.num_levels;
        }
        if (g.num_levels > space_.min_levels && chance(rng_, options_.aging_rate)) --g.num_levels;  // drop the innermost
    }

    GammaOptions options_;
    GenomeSpace space_;
    SearchDriver driver_;
    Rng rng_;
    std::vector<Mapping> batch_;
    std::vector<double> objectives_;
};

}  // namespace

SearchResult run_gamma(const SearchProblem& problem, const GammaOptions& options, SearchSink* sink,
                       std::stop_token stop) {
    return Gamma(problem, options, sink, std::move(stop)).run();
}

std::optional<Genome> genome_of(const Mapping& mapping, const GenomeSpace& space) {
    Genome g;
    g.num_levels = mapping.num_levels();
    if (g.num_levels > kMaxGenomeLevels) return std::nullopt;
    for (int k = 0; k < g.num_levels; ++k) {
        MapperLevel& l = g.levels[static_cast<std::size_t>(k)];
        l.units = k == 0 ? space.num_pes : mapping.cluster_size(k);
        const auto directives = mapping.level(k);
        if (directives.size() != space.dims.size()) return std::nullopt;
        int spatial = 0;
        for (const auto& d : directives) {
            if (std::find(space.dims.begin(), space.dims.end(), d.dim) == space.dims.end() || d.size != d.offset)
                return std::nullopt;
            if (d.kind == DirectiveKind::SpatialMap) {
                l.parallel = d.dim;
                ++spatial;
            }
            l.order[static_cast<std::size_t>(l.num_dims++)] = d.dim;
            at(l.tile, d.dim) = d.size;
        }
        if (spatial != 1) return std::nullopt;
    }
    return g;
}

}  // namespace mapscape
