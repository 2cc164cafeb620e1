#include "surrogate/dataset.hpp"

#include <algorithm>
#include <atomic>
#include <thread>

#include "cost/compute_bound.hpp"
#include "cost/evaluate.hpp"
#include "util/seed_mixing.hpp"

namespace mapscape {

namespace {

constexpr int kMaxDrawsPerSample = 1000;  // a shape with almost no valid mapping is skipped

template <typename T>
T pick(Rng& rng, std::initializer_list<T> values) {
    return *(values.begin() + uniform(rng, 0, static_cast<std::int64_t>(values.size()) - 1));
}

// The samples of one shape, or fewer when the shape has (almost) no valid mapping.
void label_shape(const Layer& layer, const Accelerator& acc, std::int64_t count, std::uint64_t seed, std::int32_t shape,
                 Dataset& out, std::int64_t first, std::int64_t& draws) {
    const SearchProblem problem = surrogate_problem(layer, acc);
    const SurrogateSpace space = make_surrogate_space(problem);
    const AlgorithmicMinimum minimum = algorithmic_minimum(layer, acc);
    const ComputeBound bound(layer, acc);
    const ProblemVector p = problem_vector(space);
    Rng rng(seed);
    Mapping mapping;
    for (std::int64_t i = 0; i < count; ++i) {
        const auto row = static_cast<std::size_t>(first + i);
        for (int attempt = 0; attempt < kMaxDrawsPerSample; ++attempt) {
            ++draws;
            const Genome g = random_surrogate_genome(space, rng);
            decode(g, space.genome, mapping);
            const CostReport r = evaluate(layer, acc, mapping, ReportDetail::Objectives);
            if (!r.valid() || r.runtime_cycles < bound.cycles(mapping)) continue;
            std::copy(p.begin(), p.end(), out.problems.begin() + static_cast<std::ptrdiff_t>(row * kProblemFeatures));
            const MappingVector m = mapping_vector(g, space);
            std::copy(m.begin(), m.end(), out.mappings.begin() + static_cast<std::ptrdiff_t>(row * kMappingFeatures));
            const CostLabels y = cost_labels(r, mapping, layer, acc, minimum);
            std::copy(y.begin(), y.end(), out.labels.begin() + static_cast<std::ptrdiff_t>(row * kNumLabels));
            out.shape_of[row] = shape;
            break;
        }
    }
}

}  // namespace

Layer random_cnn_layer(Rng& rng) {
    const std::int64_t n = pick<std::int64_t>(rng, {1, 2, 4, 8, 16, 32});
    const std::int64_t c = uniform(rng, 0, 16) == 0 ? 3 : 32 * uniform(rng, 1, 16);
    const std::int64_t k = 32 * uniform(rng, 1, 16);
    const std::int64_t r = pick<std::int64_t>(rng, {1, 3, 5, 7});
    const std::int64_t out = uniform(rng, 7, 224);
    const std::int64_t stride = uniform(rng, 0, 7) == 0 ? 2 : 1;
    const std::int64_t in = (out - 1) * stride + r;
    return Layer::conv("random", k, c, r, r, in, in, stride, n == 1 ? 0 : n);
}

SearchProblem surrogate_problem(const Layer& layer, const Accelerator& accelerator) {
    SearchProblem p;
    p.layer = layer;
    p.accelerator = accelerator;
    p.system = TargetSystem::S2;
    p.objective = Objective::of(Metric::Edp);
    return p;
}

Dataset generate_dataset(const Accelerator& acc, const DatasetOptions& o, const std::function<void(double)>& progress,
                         std::stop_token stop) {
    Dataset d;
    const std::int64_t shapes = o.given_shapes.empty() ? o.shapes : static_cast<std::int64_t>(o.given_shapes.size());
    const std::int64_t total = shapes * o.mappings_per_shape;
    d.problems.assign(static_cast<std::size_t>(total * kProblemFeatures), 0.0f);
    d.mappings.assign(static_cast<std::size_t>(total * kMappingFeatures), 0.0f);
    d.labels.assign(static_cast<std::size_t>(total * kNumLabels), 0.0f);
    d.shape_of.assign(static_cast<std::size_t>(total), -1);
    d.shapes = o.given_shapes;
    d.shapes.resize(static_cast<std::size_t>(shapes));
    for (std::int64_t s = 0; s < shapes && o.given_shapes.empty(); ++s) {
        Rng rng(mix_seed(o.seed, static_cast<std::uint64_t>(2 * s)));
        d.shapes[static_cast<std::size_t>(s)] = random_cnn_layer(rng);
    }
    std::atomic<std::int64_t> next{0}, done{0}, draws{0};
    auto worker = [&] {
        std::int64_t my_draws = 0;
        for (std::int64_t s = next++; s < shapes && !stop.stop_requested(); s = next++) {
            label_shape(d.shapes[static_cast<std::size_t>(s)], acc, o.mappings_per_shape, mix_seed(o.seed, static_cast<std::uint64_t>(2 * s + 1)),
                        static_cast<std::int32_t>(s), d, s * o.mappings_per_shape, my_draws);
            const std::int64_t finished = ++done;
            if (progress && (finished % 50 == 0 || finished == shapes)) progress(static_cast<double>(finished) / static_cast<double>(shapes));
        }
        draws += my_draws;
    };
    const int threads = std::max(1, o.threads);
    if (threads == 1) {
        worker();
    } else {
        std::vector<std::jthread> pool;
        for (int t = 0; t < threads; ++t) pool.emplace_back(worker);
    }
    // Drop the rows of shapes that ran out of draws (kept in order, so the set stays deterministic).
    std::int64_t kept = 0;
    for (std::int64_t i = 0; i < total; ++i) {
        if (d.shape_of[static_cast<std::size_t>(i)] < 0) continue;
        if (kept != i) {
            std::copy_n(d.problems.begin() + i * kProblemFeatures, kProblemFeatures, d.problems.begin() + kept * kProblemFeatures);
            std::copy_n(d.mappings.begin() + i * kMappingFeatures, kMappingFeatures, d.mappings.begin() + kept * kMappingFeatures);
            std::copy_n(d.labels.begin() + i * kNumLabels, kNumLabels, d.labels.begin() + kept * kNumLabels);
            d.shape_of[static_cast<std::size_t>(kept)] = d.shape_of[static_cast<std::size_t>(i)];
        }
        ++kept;
    }
    d.size = kept;
    d.problems.resize(static_cast<std::size_t>(kept * kProblemFeatures));
    d.mappings.resize(static_cast<std::size_t>(kept * kMappingFeatures));
    d.labels.resize(static_cast<std::size_t>(kept * kNumLabels));
    d.shape_of.resize(static_cast<std::size_t>(kept));
    d.draws = draws;
    return d;
}

}  // namespace mapscape
