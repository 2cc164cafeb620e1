#include "naas/naas_search.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <mutex>
#include <unordered_map>
#include <unordered_set>

#include "cost/bounds.hpp"
#include "search/cma_es.hpp"
#include "naas/naas_mapping_search.hpp"
#include "search/fixed_dataflow.hpp"
#include "search/gamma.hpp"
#include "util/diagnostic.hpp"
#include "util/seed_mixing.hpp"
#include "util/thread_pool.hpp"

namespace mapscape {

namespace {

std::uint64_t combine(std::uint64_t h, std::uint64_t v) { return mix_seed(h, v); }

constexpr int kRefinedDesigns = 3;

// What a layer's mapping depends on: its type, sizes and strides (not its name).
std::uint64_t layer_key(const Layer& layer) {
    std::uint64_t h = combine(0x6c61796572ULL, static_cast<std::uint64_t>(layer.type));
    for (std::int64_t s : layer.sizes) h = combine(h, static_cast<std::uint64_t>(s));
    for (std::int64_t s : layer.strides) h = combine(h, static_cast<std::uint64_t>(s));
    return h;
}

std::uint64_t hardware_key(const NaasHardware& hw) {
    std::uint64_t h = combine(0x68617264ULL, static_cast<std::uint64_t>(hw.levels));
    for (int k = 0; k < hw.levels; ++k) {
        h = combine(h, static_cast<std::uint64_t>(hw.dims[static_cast<std::size_t>(k)]));
        h = combine(h, static_cast<std::uint64_t>(hw.parallel[static_cast<std::size_t>(k)]));
    }
    h = combine(h, static_cast<std::uint64_t>(hw.l1_bytes));
    return combine(h, static_cast<std::uint64_t>(hw.l2_bytes));
}

// One layer's mapping on one accelerator: GAMMA for the layer's EDP, or the native dataflow's
// tile rule (sizing only). Seeded by what it searches, so a cached result is the one any
// candidate would have found.
NaasLayerResult map_layer(const Layer& layer, const Accelerator& acc, std::int64_t samples, std::uint64_t seed,
                          const FixedDataflow* fixed, const NaasEncoding* naas_encoding, std::stop_token stop) {
    SearchProblem p;
    p.layer = layer;
    p.accelerator = acc;
    p.system = TargetSystem::S3;  // the accelerator's map space fixes the levels
    p.objective = Objective::of(Metric::Edp);
    p.budget.samples = samples;
    p.seed = seed;
    SearchResult r;
    if (fixed) {
        r = run_fixed_dataflow(p, *fixed, nullptr, stop);
    } else if (naas_encoding) {
        r = run_naas_mapping_search(p, *naas_encoding, nullptr, stop);
    } else {
        GammaOptions options;
        options.population = static_cast<int>(std::clamp<std::int64_t>(samples / 10, 10, 200));
        r = run_gamma(p, options, nullptr, stop);
    }
    NaasLayerResult out;
    out.valid = r.found;
    if (r.found) {
        out.runtime_cycles = r.best_report.runtime_cycles;
        out.energy_nj = r.best_report.energy.total_nj;
        out.mapping = r.best_mapping;
    }
    return out;
}

class Evaluator {
public:
    // A stop request ends the mapping searches under way (their results are then partial: the
    // caller discards the batch).
    Evaluator(const NaasProblem& problem, int threads, std::stop_token stop = {}) : problem_(problem), pool_(threads), stop_(std::move(stop)) {}

    // Scores the designs (geomean EDP over the benchmarks; +inf when a layer has no mapping).
    // Each design runs its own benchmark set (the problem's, or its network variant's).
    // `naas_encoding`: NAAS's mapping search in that encoding; none: GAMMA (or `fixed`).
    std::vector<NaasDesign> evaluate(const std::vector<NaasHardware>& designs, const std::vector<const std::vector<NaasBenchmark>*>& sets,
                                     std::int64_t samples, const FixedDataflow* fixed, const NaasEncoding* naas_encoding,
                                     const std::vector<Accelerator>* accelerators = nullptr) {
        // The (layer shape, hardware) pairs not yet searched, each once.
        struct Task {
            std::uint64_t key;
            const Layer* layer;
            std::size_t design;
        };
        std::vector<Task> tasks;
        std::unordered_set<std::uint64_t> queued;
        std::vector<Accelerator> accs;
        for (std::size_t i = 0; i < designs.size(); ++i)
            accs.push_back(accelerators ? (*accelerators)[i] : naas_accelerator(designs[i], problem_.resources));
        for (std::size_t i = 0; i < designs.size(); ++i) {
            const std::uint64_t hw = combine(combine(hardware_key(designs[i]), static_cast<std::uint64_t>(samples)), searcher(fixed, naas_encoding));
            for (const NaasBenchmark& b : *sets[i])
                for (const Layer& l : b.layers) {
                    const std::uint64_t key = combine(hw, layer_key(l));
                    if (cache_.count(key) || !queued.insert(key).second) {
                        ++cache_hits_;
                        continue;
                    }
                    tasks.push_back({key, &l, i});
                }
        }
        std::vector<NaasLayerResult> found(tasks.size());
        pool_.parallel_for(tasks.size(), [&](std::size_t t) {
            if (stop_.stop_requested()) return;
            found[t] = map_layer(*tasks[t].layer, accs[tasks[t].design], samples, mix_seed(problem_.seed, tasks[t].key), fixed, naas_encoding, stop_);
        });
        // A stopped batch's searches are partial: its layers are recorded as unmapped (the caller
        // discards the batch and ends the run).
        if (!stop_.stop_requested())
            for (std::size_t t = 0; t < tasks.size(); ++t) cache_.emplace(tasks[t].key, std::move(found[t]));
        else
            for (std::size_t t = 0; t < tasks.size(); ++t) cache_.try_emplace(tasks[t].key);
        searches_ += static_cast<std::int64_t>(tasks.size());

        std::vector<NaasDesign> out(designs.size());
        for (std::size_t i = 0; i < designs.size(); ++i) {
            NaasDesign& d = out[i];
            d.hardware = designs[i];
            d.accelerator = accs[i];
            const std::uint64_t hw = combine(combine(hardware_key(designs[i]), static_cast<std::uint64_t>(samples)), searcher(fixed, naas_encoding));
            std::vector<double> edps;
            for (const NaasBenchmark& b : *sets[i]) {
                NaasBenchmarkResult r;
                r.name = b.name;
                r.network = b.layers;
                r.valid = true;
                for (const Layer& l : b.layers) {
                    const NaasLayerResult& lr = cache_.at(combine(hw, layer_key(l)));
                    r.valid = r.valid && lr.valid;
                    r.runtime_cycles += over_runs(l, lr.runtime_cycles);
                    r.energy_nj += over_runs(l, lr.energy_nj);
                    r.layers.push_back(lr);
                }
                if (r.valid) r.edp = static_cast<double>(r.runtime_cycles) * r.energy_nj;
                edps.push_back(r.edp);
                d.benchmarks.push_back(std::move(r));
            }
            d.geomean_edp = geomean(edps);
        }
        return out;
    }

    static std::uint64_t searcher(const FixedDataflow* fixed, const NaasEncoding* e) {
        return fixed ? 100 + static_cast<std::uint64_t>(*fixed) : e ? 200 + static_cast<std::uint64_t>(*e) : 300;
    }

    std::int64_t searches() const { return searches_; }
    std::int64_t cache_hits() const { return cache_hits_; }

private:
    const NaasProblem& problem_;
    ThreadPool pool_;
    std::stop_token stop_;
    std::unordered_map<std::uint64_t, NaasLayerResult> cache_;
    std::int64_t searches_ = 0, cache_hits_ = 0;
};

std::int64_t least_l1_bytes(const NaasProblem& p, const std::vector<std::vector<NaasBenchmark>>& sets) {
    std::int64_t least = 1;
    for (const auto& set : sets)
        for (const NaasBenchmark& b : set)
            for (const Layer& l : b.layers) least = std::max(least, min_l1_elements(l, true, true));
    return least * p.resources.baseline.word_size_bytes;
}

std::vector<NaasBenchmark> variant_benchmarks(const NetworkFamily& family, const NetworkVariant& v) {
    return {NaasBenchmark{family.name + "_" + v.name(), variant_layers(family, v)}};
}

// The native accelerator as NaasHardware (for reports): its array and map space.
NaasHardware native_hardware(const NaasResources& r) {
    NaasHardware hw;
    const Accelerator& a = r.baseline;
    hw.levels = static_cast<int>(std::clamp<std::size_t>(a.pe_hierarchy.size(), 1, kNaasMaxLevels));
    for (int k = 0; k < hw.levels; ++k) hw.dims[static_cast<std::size_t>(k)] = a.pe_hierarchy[static_cast<std::size_t>(k)];
    if (a.pe_hierarchy.empty()) hw.dims[0] = a.num_pes;
    for (int k = 0; k < hw.levels && k < static_cast<int>(a.map_space.levels.size()); ++k)
        if (!a.map_space.levels[static_cast<std::size_t>(k)].parallel.empty())
            hw.parallel[static_cast<std::size_t>(k)] = a.map_space.levels[static_cast<std::size_t>(k)].parallel.front();
    hw.l1_bytes = a.l1_size_bytes;
    hw.l2_bytes = a.l2_size_bytes;
    return hw;
}

// The resources' own design as NAAS hardware, with the L1 its dataflow needs for the benchmarks.
NaasHardware baseline_hardware(const NaasResources& resources, const Accelerator& own) {
    NaasHardware hw = native_hardware(resources);
    hw.l1_bytes = own.l1_size_bytes;
    hw.l2_bytes = own.l2_size_bytes;
    return hw;
}

std::vector<NaasBenchmark> baseline_set(const NaasProblem& problem) {
    return problem.network ? variant_benchmarks(problem.network->family, problem.network->family.reference) : problem.benchmarks;
}

}  // namespace

double geomean(const std::vector<double>& values) {
    if (values.empty()) return std::numeric_limits<double>::infinity();
    double log_sum = 0;
    for (double v : values) {
        if (!(v > 0) || !std::isfinite(v)) return std::numeric_limits<double>::infinity();
        log_sum += std::log(v);
    }
    return std::exp(log_sum / static_cast<double>(values.size()));
}

Accelerator naas_baseline_accelerator(const NaasResources& resources, const std::vector<NaasBenchmark>& benchmarks) {
    Accelerator a = resources.baseline;
    // MAESTRO holds a whole filter window per PE (twice, with the input and output windows), so a
    // 7x7 layer needs 294 elements of L1 where NVDLA and the Edge TPU keep 64 B: the least the
    // benchmarks need under the native dataflow is taken from the L2, the total memory unchanged.
    std::int64_t least = 0;
    for (const NaasBenchmark& b : benchmarks)
        for (const Layer& l : b.layers) least = std::max(least, min_l1_elements(l, a.map_space) * a.word_size_bytes);
    least = (least + 15) / 16 * 16;
    if (least > a.l1_size_bytes) {
        a.l2_size_bytes = std::max<std::int64_t>(16, a.l2_size_bytes - (least - a.l1_size_bytes) * a.num_pes);
        a.l1_size_bytes = least;
    }
    return a;
}

NaasDesign naas_baseline(const NaasProblem& problem, std::stop_token stop) {
    Evaluator e(problem, problem.threads, std::move(stop));
    const std::vector<NaasBenchmark> set = baseline_set(problem);
    const std::vector<Accelerator> own{naas_baseline_accelerator(problem.resources, set)};
    NaasDesign d = e.evaluate({baseline_hardware(problem.resources, own.front())}, {&set}, problem.baseline_mapping_samples, nullptr, nullptr, &own).front();
    if (problem.network) d.variant = problem.network->family.reference;
    return d;
}

NaasResult run_naas(const NaasProblem& problem, NaasSink* sink, std::stop_token stop) {
    const auto start = std::chrono::steady_clock::now();
    NaasResult result;
    // The benchmark sets candidates may run: the problem's, or one per eligible network variant.
    std::vector<NetworkVariant> variants;
    std::vector<std::vector<NaasBenchmark>> sets;
    if (problem.network) {
        variants = variants_above(problem.network->family, problem.network->accuracy_floor);
        if (variants.empty())
            throw InputError({problem.network->family.name, 0, 0},
                             "no variant of " + problem.network->family.name + " reaches the accuracy floor");
        for (const NetworkVariant& v : variants) sets.push_back(variant_benchmarks(problem.network->family, v));
        result.explored.resize(variants.size());
        for (std::size_t v = 0; v < variants.size(); ++v) result.explored[v].variant = variants[v];
    } else {
        sets.push_back(problem.benchmarks);
    }
    result.baseline = naas_baseline(problem, stop);
    if (sink) sink->baseline(result.baseline);

    Evaluator evaluator(problem, problem.threads, stop);
    const std::int64_t least_l1 = least_l1_bytes(problem, sets);
    const FixedDataflow native = problem.resources.native_dataflow;
    const FixedDataflow* fixed = problem.decode.sizing_only ? &native : nullptr;
    const NaasEncoding* naas_mapping = problem.mapping_search == NaasMappingSearch::Naas ? &problem.decode.encoding : nullptr;
    const int genes = kNaasHardwareGenes + (problem.network ? 1 : 0);
    CmaEs es(std::vector<double>(static_cast<std::size_t>(genes), 0.5), 0.3, problem.population, mix_seed(problem.seed, 0x6e616173ULL));
    // The resources' own design (its array, connectivity and buffers), in the search's encoding;
    // with a network level, running the reference network (or the nearest variant above the floor).
    std::vector<double> native_genes = encode_hardware(
        baseline_hardware(problem.resources, naas_baseline_accelerator(problem.resources, baseline_set(problem))), problem.resources, problem.decode);
    if (problem.network) {
        std::size_t at = 0;
        while (at + 1 < variants.size() && variants[at].published_mmacs < problem.network->family.reference.published_mmacs) ++at;
        native_genes.push_back((static_cast<double>(at) + 0.5) / static_cast<double>(variants.size()));
    }
    std::size_t best_set = 0;
    // The best few distinct designs, whose mappings are searched again at the baseline's budget
    // at the end: the search compares candidates at a small per-layer budget, the report should
    // not.
    struct Contender {
        double fitness;
        NaasHardware hw;
        std::size_t set;
    };
    std::vector<Contender> contenders;
    const auto consider = [&](const NaasDesign& d, std::size_t set) {
        if (!std::isfinite(d.geomean_edp)) return;
        for (const Contender& c : contenders)
            if (c.hw == d.hardware && c.set == set) return;
        contenders.push_back({d.geomean_edp, d.hardware, set});
        std::stable_sort(contenders.begin(), contenders.end(), [](const Contender& a, const Contender& b) { return a.fitness < b.fitness; });
        if (contenders.size() > static_cast<std::size_t>(kRefinedDesigns)) contenders.pop_back();
    };
    for (int it = 1; it <= problem.iterations && !stop.stop_requested(); ++it) {
        NaasIteration record;
        record.iteration = it;
        std::vector<std::vector<double>> drawn;
        std::vector<NaasHardware> designs;
        std::vector<std::size_t> chosen;  // each design's benchmark set
        // Draw until the population is full of candidates within the resources (the paper's
        // rule); a distribution that keeps missing them gives up after 100 draws per place.
        for (int draws = 0; static_cast<int>(designs.size()) < es.lambda() && draws < 100 * es.lambda(); ++draws) {
            // The first generation starts from the resources' own design too (the search should
            // not end below what it is compared with) unless asked not to; the rest are drawn.
            std::vector<double> x = it == 1 && draws == 0 && problem.start_from_baseline ? native_genes : es.sample();
            if (const auto hw = decode_hardware(x, problem.resources, problem.decode, least_l1)) {
                std::size_t set = 0;
                if (problem.network) {
                    const double g = std::clamp(x[kNaasHardwareGenes], 0.0, 1.0);
                    set = std::min(sets.size() - 1, static_cast<std::size_t>(g * static_cast<double>(sets.size())));
                }
                drawn.push_back(std::move(x));
                designs.push_back(*hw);
                chosen.push_back(set);
            } else {
                ++record.redraws;
            }
        }
        if (designs.empty()) break;
        std::vector<const std::vector<NaasBenchmark>*> design_sets;
        for (std::size_t set : chosen) design_sets.push_back(&sets[set]);
        std::vector<NaasDesign> scored = evaluator.evaluate(designs, design_sets, problem.mapping_samples, fixed, naas_mapping);
        if (stop.stop_requested()) break;  // a partial generation is discarded
        std::vector<double> fitness;
        double sum = 0;
        int valid = 0;
        for (std::size_t i = 0; i < scored.size(); ++i) {
            NaasDesign& d = scored[i];
            if (problem.network) {
                d.variant = variants[chosen[i]];
                result.explored[chosen[i]].edp = std::min(result.explored[chosen[i]].edp, d.geomean_edp);
            }
            consider(d, chosen[i]);
            fitness.push_back(d.geomean_edp);
            record.population.push_back(d.geomean_edp);
            if (std::isfinite(d.geomean_edp)) {
                sum += d.geomean_edp;
                ++valid;
            }
            if (d.geomean_edp < result.best.geomean_edp) {
                result.best = d;
                result.found = true;
                best_set = chosen[i];
            }
            record.best = std::min(record.best, d.geomean_edp);
        }
        record.mean = valid ? sum / valid : std::numeric_limits<double>::infinity();
        record.best_so_far = result.best.geomean_edp;
        result.candidates += static_cast<std::int64_t>(designs.size());
        result.redraws += record.redraws;
        // A short population (draws exhausted) still updates the distribution: fill it with the worst.
        while (drawn.size() < static_cast<std::size_t>(es.lambda())) {
            drawn.push_back(drawn.back());
            fitness.push_back(std::numeric_limits<double>::infinity());
        }
        es.tell(drawn, fitness);
        result.trace.push_back(record);
        if (sink) sink->iteration(record, result.best);
    }
    if (!contenders.empty() && problem.mapping_samples < problem.baseline_mapping_samples && !stop.stop_requested()) {
        std::vector<NaasHardware> hws;
        std::vector<const std::vector<NaasBenchmark>*> contender_sets;
        for (const Contender& c : contenders) {
            hws.push_back(c.hw);
            contender_sets.push_back(&sets[c.set]);
        }
        std::vector<NaasDesign> refined = evaluator.evaluate(hws, contender_sets, problem.baseline_mapping_samples, fixed, naas_mapping);
        for (std::size_t i = 0; i < refined.size(); ++i) {
            if (problem.network) {
                refined[i].variant = variants[contenders[i].set];
                result.explored[contenders[i].set].edp = std::min(result.explored[contenders[i].set].edp, refined[i].geomean_edp);
            }
            if (i == 0 || refined[i].geomean_edp < result.best.geomean_edp) {
                result.best = refined[i];
                best_set = contenders[i].set;
            }
        }
        result.refined = true;
    }
    // The bounds of the networks the design runs (with a network level, its variant's).
    std::vector<double> bound_edps;
    for (const NaasBenchmark& b : sets[best_set]) {
        result.bounds.push_back(naas_bound(b.layers, problem.resources));
        bound_edps.push_back(result.bounds.back().edp());
    }
    result.bound_geomean_edp = geomean(bound_edps);
    if (problem.network) {
        // The front: variants no other beats on both accuracy and EDP.
        for (const NaasFrontPoint& p : result.explored) {
            if (!std::isfinite(p.edp)) continue;
            const bool beaten = std::any_of(result.explored.begin(), result.explored.end(), [&](const NaasFrontPoint& q) {
                return std::isfinite(q.edp) && q.variant.top1 >= p.variant.top1 && q.edp <= p.edp &&
                       (q.variant.top1 > p.variant.top1 || q.edp < p.edp);
            });
            if (!beaten) result.front.push_back(p);
        }
    }
    result.stopped = stop.stop_requested();
    result.mapping_searches = evaluator.searches();
    result.cache_hits = evaluator.cache_hits();
    result.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

}  // namespace mapscape
