#include "naas/naas_mapping_search.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "search/cma_es.hpp"
#include "search/genome.hpp"
#include "util/seed_mixing.hpp"

namespace mapscape {

namespace {

// The genes of one level: the order (one per dimension, or one index), then a tile ratio per dimension.
int genes_per_level(std::size_t dims, NaasEncoding e) { return static_cast<int>((e == NaasEncoding::Importance ? dims : 1) + dims); }

// The n-th permutation of `dims` (n in [0, |dims|!)), in the factorial number system.
void nth_permutation(std::vector<Dim> dims, std::uint64_t n, std::array<Dim, kMaxGenomeDims>& out) {
    for (std::size_t i = 0; !dims.empty(); ++i) {
        std::uint64_t f = 1;
        for (std::size_t k = 2; k < dims.size(); ++k) f *= k;
        const std::size_t at = std::min<std::size_t>(dims.size() - 1, static_cast<std::size_t>(n / f));
        n %= f;
        out[i] = dims[at];
        dims.erase(dims.begin() + static_cast<std::ptrdiff_t>(at));
    }
}

Genome genome_of(const std::vector<double>& x, const GenomeSpace& space, NaasEncoding encoding) {
    const std::size_t n = space.dims.size();
    Genome g;
    g.num_levels = space.min_levels;
    std::size_t next = 0;
    const auto gene = [&] { return std::clamp(x[next++], 0.0, 1.0); };
    std::uint64_t permutations = 1;
    for (std::size_t k = 2; k <= n; ++k) permutations *= k;
    for (int k = 0; k < g.num_levels; ++k) {
        MapperLevel& l = g.levels[static_cast<std::size_t>(k)];
        l.num_dims = static_cast<int>(n);
        if (encoding == NaasEncoding::Importance) {
            std::vector<std::pair<double, Dim>> ranked;
            for (Dim d : space.dims) ranked.emplace_back(gene(), d);
            std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
            for (std::size_t i = 0; i < n; ++i) l.order[i] = ranked[i].second;
        } else {
            const auto index = std::min<std::uint64_t>(permutations - 1, static_cast<std::uint64_t>(gene() * static_cast<double>(permutations)));
            nth_permutation(space.dims, index, l.order);
        }
        const auto& allowed = space.parallel_at(k);
        l.parallel = allowed.front();
        if (k > 0) l.units = space.fixed_units_at(k) > 0 ? space.fixed_units_at(k) : 1;
        for (Dim d : space.dims) {
            const std::int64_t enclosing = k == 0 ? at(space.full, d) : at(g.levels[static_cast<std::size_t>(k - 1)].tile, d);
            at(l.tile, d) = std::max<std::int64_t>(1, std::llround(std::pow(static_cast<double>(enclosing), gene())));
        }
    }
    repair(g, space);
    return g;
}

}  // namespace

SearchResult run_naas_mapping_search(const SearchProblem& problem, NaasEncoding encoding, SearchSink* sink, std::stop_token stop) {
    SearchDriver driver(problem, sink, stop);
    const GenomeSpace space = make_genome_space(problem);
    const int dims = space.min_levels * genes_per_level(space.dims.size(), encoding);
    // Tiles start at half their range, the order undecided: the mean of the unit cube.
    CmaEs es(std::vector<double>(static_cast<std::size_t>(dims), 0.5), 0.3, 0, mix_seed(problem.seed, 0x6d6170ULL));
    std::vector<std::vector<double>> xs;
    std::vector<Mapping> batch;
    std::vector<double> objectives;
    while (!driver.done()) {
        xs.clear();
        batch.clear();
        for (int i = 0; i < es.lambda(); ++i) {
            xs.push_back(es.sample());
            batch.push_back(decode(genome_of(xs.back(), space, encoding), space));
        }
        const std::size_t evaluated = driver.evaluate(batch, objectives);
        if (evaluated < batch.size()) break;  // out of budget: a partial generation teaches nothing
        es.tell(xs, objectives);
    }
    return driver.finish();
}

}  // namespace mapscape
