#include "search/gamma.hpp"

#include <algorithm>
#include <cmath>

#include "search/gamma_operators.hpp"
#include "util/fingerprint_set.hpp"

namespace mapscape {

namespace {

struct Individual {
    Genome genome;
    double fitness = std::numeric_limits<double>::infinity();  // the objective; +inf when invalid
};

bool by_fitness(const Individual& a, const Individual& b) { return a.fitness < b.fitness; }

class Gamma {
public:
    Gamma(const SearchProblem& p, const GammaOptions& o, SearchSink* sink, std::stop_token stop)
        : options_(o), space_(make_genome_space(p)), driver_(p, sink, std::move(stop)), rng_(p.seed),
          operators_(space_, options_, rng_) {}

    SearchResult run() {
        const int size = std::max(2, options_.population);
        std::vector<Individual> population = initial_population(size);
        evaluate(population, 0);
        for (int gen = 1; (options_.generations <= 0 || gen < options_.generations) && !driver_.done(); ++gen) {
            std::stable_sort(population.begin(), population.end(), by_fitness);
            if (!polished_ && in_last_share(options_.polish_share) && std::isfinite(population.front().fitness)) {
                polished_ = true;
                population.front() = polish(population.front());
                continue;
            }
            const auto valid = static_cast<int>(std::count_if(population.begin(), population.end(),
                                                               [](const Individual& i) { return std::isfinite(i.fitness); }));
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
        return driver_.finish();
    }

private:
    bool in_last_share(double share) const {
        return share > 0 && static_cast<double>(driver_.samples()) >=
                                static_cast<double>(driver_.problem().budget.samples) * (1 - share);
    }

    // Elites, then children of pairs of parents drawn from the best (ranked population).
    std::vector<Individual> next_generation(const std::vector<Individual>& ranked, int size, int elites, int valid) {
        const int parents = std::clamp(static_cast<int>(std::lround(size * options_.parent_ratio)), std::min(2, valid), valid);
        const bool fine_tuning = in_last_share(options_.fine_tune_share);
        std::vector<Individual> next(ranked.begin(), ranked.begin() + elites);
        const std::vector<std::size_t> pool = parent_pool(ranked, parents, valid);
        while (static_cast<int>(next.size()) < size) {
            const int a = static_cast<int>(uniform(rng_, 0, parents - 1));
            int b = static_cast<int>(uniform(rng_, 0, parents - 2));
            if (parents > 1 && b >= a) ++b;
            Individual x{ranked[pool[static_cast<std::size_t>(a)]].genome};
            Individual y{ranked[pool[static_cast<std::size_t>(parents > 1 ? b : a)]].genome};
            if (!fine_tuning && std::uniform_real_distribution<double>(0, 1)(rng_) < options_.crossover_rate)
                operators_.crossover(x.genome, y.genome);
            for (Individual* child : {&x, &y}) {
                for (int attempt = 0; attempt < 4; ++attempt) {  // a few tries at a genome not seen yet
                    if (fine_tuning)
                        operators_.fine_tune(child->genome);
                    else
                        operators_.mutate(child->genome);
                    repair(child->genome, space_);
                    if (!options_.avoid_duplicates || seen_.insert(fingerprint(child->genome, space_))) break;
                }
                if (static_cast<int>(next.size()) < size) next.push_back(*child);
            }
        }
        if (options_.guide && !fine_tuning) guide_some(next, elites);
        return next;
    }

    // Which dimension each level spreads over (and how many levels): a family of mappings.
    static std::uint64_t parallel_family(const Genome& g) {
        std::uint64_t key = static_cast<std::uint64_t>(g.num_levels);
        for (int k = 0; k < g.num_levels; ++k) key = key * 31 + static_cast<std::uint64_t>(g.levels[static_cast<std::size_t>(k)].parallel);
        return key;
    }

    // The indices (into the ranked population) of the parents: the best, except that one family
    // of parallel dimensions of one or two levels takes at most parent_niche_share of the places
    // while other families have valid individuals below. Without the cap, one family's
    // near-copies fill every place within a few generations, and a run whose first good family
    // is the wrong one stays there (ResNet-18 layer 7 on Edge at two levels: X' | C, 4% above
    // K | C, in 19 of 200 seeds; 5 with the cap). Three-level genomes are not capped: a family
    // is a triple there, one of about a hundred, and capping them cost Cloud S3 more than it
    // gained.
    std::vector<std::size_t> parent_pool(const std::vector<Individual>& ranked, int parents, int valid) const {
        std::vector<std::size_t> pool;
        const int cap = options_.parent_niche_share > 0
                            ? std::max(1, static_cast<int>(std::lround(parents * options_.parent_niche_share)))
                            : parents;
        std::vector<std::pair<std::uint64_t, int>> counts;  // family, places taken
        std::vector<std::size_t> skipped;
        for (std::size_t i = 0; i < static_cast<std::size_t>(valid) && static_cast<int>(pool.size()) < parents; ++i) {
            if (ranked[i].genome.num_levels > kCappedLevels) {
                pool.push_back(i);
                continue;
            }
            const std::uint64_t key = parallel_family(ranked[i].genome);
            auto it = std::find_if(counts.begin(), counts.end(), [&](const auto& c) { return c.first == key; });
            if (it == counts.end()) it = counts.insert(counts.end(), {key, 0});
            if (it->second < cap) {
                ++it->second;
                pool.push_back(i);
            } else {
                skipped.push_back(i);
            }
        }
        for (std::size_t i = 0; static_cast<int>(pool.size()) < parents && i < skipped.size(); ++i) pool.push_back(skipped[i]);
        std::sort(pool.begin(), pool.end());  // still best first
        return pool;
    }

    // The guided mutation: every 1/guided_share-th child (after the elites) takes the guide's step.
    void guide_some(std::vector<Individual>& next, int elites) {
        const auto stride = static_cast<std::size_t>(std::max(1.0, std::round(1.0 / std::max(options_.guided_share, 1e-9))));
        std::vector<std::size_t> chosen;
        for (std::size_t i = static_cast<std::size_t>(elites); i < next.size(); i += stride) chosen.push_back(i);
        std::vector<Genome> genomes;
        for (std::size_t i : chosen) genomes.push_back(next[i].genome);
        options_.guide->improve(driver_.problem(), genomes);
        for (std::size_t k = 0; k < chosen.size(); ++k) {
            repair(genomes[k], space_);
            seen_.insert(fingerprint(genomes[k], space_));
            next[chosen[k]].genome = genomes[k];
        }
    }

    // After stagnation_restart generations without a better best, the elites stay and the
    // rest of the population is drawn afresh.
    void restart_if_stagnant(std::vector<Individual>& population, int size, int elites) {
        const double best = std::min_element(population.begin(), population.end(), by_fitness)->fitness;
        if (best < best_so_far_) {
            best_so_far_ = best;
            stagnant_generations_ = 0;
            return;
        }
        if (options_.stagnation_restart <= 0 || ++stagnant_generations_ < options_.stagnation_restart) return;
        std::stable_sort(population.begin(), population.end(), by_fitness);
        const std::vector<Individual> fresh = initial_population(size - elites);
        std::copy(fresh.begin(), fresh.end(), population.begin() + elites);
        evaluate(population, static_cast<std::size_t>(elites));
        stagnant_generations_ = 0;
    }

    // First-improvement local search over the genome's neighbours, a batch at a time, until no
    // neighbour is better or the budget ends.
    Individual polish(Individual best) {
        bool improved = true;
        while (improved && !driver_.done()) {
            improved = false;
            std::vector<Individual> around;
            for (Genome& n : operators_.neighbours(best.genome))
                if (seen_.insert(fingerprint(n, space_))) around.push_back({std::move(n)});
            std::shuffle(around.begin(), around.end(), rng_);
            for (std::size_t i = 0; i < around.size() && !driver_.done(); i += kPolishBatch) {
                std::vector<Individual> batch(around.begin() + static_cast<std::ptrdiff_t>(i),
                                              around.begin() + static_cast<std::ptrdiff_t>(std::min(around.size(), i + kPolishBatch)));
                evaluate(batch, 0);
                const auto it = std::min_element(batch.begin(), batch.end(), by_fitness);
                if (it->fitness < best.fitness) {
                    best = *it;
                    improved = true;
                    break;
                }
            }
        }
        return best;
    }

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
        for (const Individual& i : p) seen_.insert(fingerprint(i.genome, space_));
        return p;
    }

    // Evaluates the individuals from `first` on (earlier ones are elites, already known).
    void evaluate(std::vector<Individual>& population, std::size_t first) {
        batch_.resize(population.size() - first);
        for (std::size_t i = first; i < population.size(); ++i) decode(population[i].genome, space_, batch_[i - first]);
        driver_.evaluate(batch_, objectives_);
        for (std::size_t i = first; i < population.size(); ++i) population[i].fitness = objectives_[i - first];
    }

    static constexpr std::size_t kPolishBatch = 16;
    static constexpr int kCappedLevels = 2;  // parent_pool caps families of at most this many levels

    GammaOptions options_;
    GenomeSpace space_;
    SearchDriver driver_;
    Rng rng_;
    GammaOperators operators_;
    FingerprintSet seen_;
    double best_so_far_ = std::numeric_limits<double>::infinity();
    int stagnant_generations_ = 0;
    bool polished_ = false;
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
