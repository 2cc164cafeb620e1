// NAAS as a user relies on it: candidates respect the resources and the paper's strides, the
// importance encoding makes the most important dimensions parallel, the evolution strategy
// converges, every layer's mapping runs on the design with the connectivity it was given, the
// baseline is the resources' own accelerator, nothing beats the bound, and a seed gives the same
// design with one or two threads.
#include <cmath>

#include <QtTest>

#include "cost/bounds.hpp"
#include "cost/compute_bound.hpp"
#include "cost/evaluate.hpp"
#include "search/cma_es.hpp"
#include "naas/naas_bound.hpp"
#include "naas/naas_mapping_search.hpp"
#include "naas/naas_search.hpp"
#include "search/genome.hpp"
#include "test_support.hpp"
#include "util/diagnostic.hpp"
#include "workload/model.hpp"

using namespace mapscape;

namespace {

NaasProblem small_problem(const std::string& resources, int threads) {
    NaasProblem p;
    p.resources = naas_resources(resources);
    const Model m = load_bundled_model("mobilenet_v2");
    p.benchmarks.push_back({"mobilenet_v2 (first 8 layers)", std::vector<Layer>(m.layers.begin(), m.layers.begin() + 8)});
    const Model s = load_bundled_model("squeezenet");
    p.benchmarks.push_back({"squeezenet (first 6 layers)", std::vector<Layer>(s.layers.begin(), s.layers.begin() + 6)});
    p.population = 8;
    p.iterations = 4;
    p.mapping_samples = 120;
    p.baseline_mapping_samples = 400;
    p.seed = 5;
    p.threads = threads;
    return p;
}

}  // namespace

class NaasTest : public QObject {
    Q_OBJECT

private slots:
    void decoded_candidates_keep_the_resources_and_strides() {
        const NaasResources r = naas_resources("eyeriss");
        std::mt19937_64 rng(3);
        std::uniform_real_distribution<double> u(-0.2, 1.2);  // clipped to [0,1]
        int valid = 0;
        for (int i = 0; i < 3000; ++i) {
            std::vector<double> g(kNaasHardwareGenes);
            for (double& x : g) x = u(rng);
            const auto hw = decode_hardware(g, r, {}, 54);
            if (!hw) continue;
            ++valid;
            QVERIFY(hw->num_pes() <= r.max_pes && hw->num_pes() % 8 == 0);
            QVERIFY(hw->sram_bytes() <= r.max_sram_bytes);
            QVERIFY(hw->l1_bytes % 16 == 0 && hw->l2_bytes % 16 == 0 && hw->l1_bytes >= 54);
            QVERIFY(hw->levels >= 1 && hw->levels <= 3);
            // The outermost parallel dimension is never a filter's (MAESTRO spreads those only within a cluster).
            QVERIFY(hw->parallel[0] != DimRole::FilterRow && hw->parallel[0] != DimRole::FilterCol);
            for (int a = 0; a < hw->levels; ++a)
                for (int b = a + 1; b < hw->levels; ++b) QVERIFY(hw->parallel[static_cast<std::size_t>(a)] != hw->parallel[static_cast<std::size_t>(b)]);
        }
        QVERIFY(valid > 300);
    }

    void importance_makes_the_most_important_dimensions_parallel() {
        const NaasResources r = naas_resources("edgetpu");
        // 2-D array; importance: C highest, then K, then the others low (the paper's Figure 3).
        std::vector<double> g = {0.5, 0.5, 0.5, 0.5, 0.01, 0.05, /*K*/ 0.8, /*C*/ 0.9, 0.1, 0.2, 0.3, 0.05};
        auto hw = decode_hardware(g, r, {}, 1);
        QVERIFY(hw);
        QCOMPARE(hw->levels, 2);
        QCOMPARE(hw->parallel[0], DimRole::In);
        QCOMPARE(hw->parallel[1], DimRole::Out);
        // The filter row most important: it goes inside, the next one outermost.
        g[6 + 4] = 0.99;
        hw = decode_hardware(g, r, {}, 1);
        QCOMPARE(hw->parallel[0], DimRole::In);
        QCOMPARE(hw->parallel[1], DimRole::FilterRow);
        // Sizing only keeps the native connectivity whatever the genes say.
        NaasDecodeOptions sizing;
        sizing.sizing_only = true;
        hw = decode_hardware(g, r, sizing, 1);
        QCOMPARE(hw->parallel[0], DimRole::Out);
        QCOMPARE(hw->parallel[1], DimRole::In);
        // The index encoding enumerates every ordered choice with a non-filter outermost.
        QCOMPARE(connectivity_choices(1).size(), std::size_t{4});
        QCOMPARE(connectivity_choices(2).size(), std::size_t{4 * 5});
        QCOMPARE(connectivity_choices(3).size(), std::size_t{4 * 5 * 4});
    }

    void cma_es_converges_on_a_shifted_sphere() {
        CmaEs es(std::vector<double>(8, 0.5), 0.3, 0, 11);
        std::vector<double> target = {0.1, 0.9, 0.3, 0.7, 0.2, 0.8, 0.4, 0.6};
        double best = 1e9;
        for (int generation = 0; generation < 300; ++generation) {
            std::vector<std::vector<double>> xs;
            std::vector<double> f;
            for (int i = 0; i < es.lambda(); ++i) {
                xs.push_back(es.sample());
                double d = 0;
                for (std::size_t k = 0; k < 8; ++k) d += (xs.back()[k] - target[k]) * (xs.back()[k] - target[k]);
                f.push_back(d);
                best = std::min(best, d);
            }
            es.tell(xs, f);
        }
        QVERIFY2(best < 1e-10, qPrintable(QString::number(best)));
    }

    // NAAS's own mapping search, in either encoding: valid mappings with the accelerator's
    // connectivity, within the budget, the same for a seed.
    void the_mapping_search_keeps_the_connectivity_in_both_encodings() {
        const NaasResources r = naas_resources("eyeriss");
        NaasHardware hw;
        hw.levels = 2;
        hw.dims = {24, 7, 1};
        hw.parallel = {DimRole::Out, DimRole::Col, DimRole::Row};
        hw.l1_bytes = 688;
        hw.l2_bytes = 45552;
        SearchProblem p;
        p.layer = load_bundled_model("mobilenet_v2").layers[3];
        p.accelerator = naas_accelerator(hw, r);
        p.system = TargetSystem::S3;
        p.objective = Objective::of(Metric::Edp);
        p.budget.samples = 400;
        p.seed = 9;
        for (NaasEncoding e : {NaasEncoding::Importance, NaasEncoding::Index}) {
            const SearchResult a = run_naas_mapping_search(p, e);
            QVERIFY(a.found);
            MAPSCAPE_COMPARE_I64(a.samples, 400);
            QVERIFY(evaluate(p.layer, p.accelerator, a.best_mapping).valid());
            QCOMPARE(a.best_mapping.num_levels(), 2);
            MAPSCAPE_COMPARE_I64(a.best_mapping.cluster_size(1), 7);
            for (const Directive& d : a.best_mapping.level(0))
                if (d.kind == DirectiveKind::SpatialMap) QCOMPARE(d.dim, Dim::K);
            const SearchResult b = run_naas_mapping_search(p, e);
            QCOMPARE(a.best_objective, b.best_objective);
            QVERIFY(a.best_mapping == b.best_mapping);
        }
    }

    // The resources' own design joins the first population: its encoding decodes back to it, in
    // both encodings and with sizing only.
    void the_native_design_encodes_to_itself() {
        for (const std::string& id : naas_resource_ids()) {
            const NaasResources r = naas_resources(id);
            const Model m = load_bundled_model(r.benchmarks.front());
            const Accelerator own = naas_baseline_accelerator(r, {{m.name, m.layers}});
            NaasHardware hw;
            hw.levels = static_cast<int>(own.pe_hierarchy.size());
            for (int k = 0; k < hw.levels; ++k) {
                hw.dims[static_cast<std::size_t>(k)] = own.pe_hierarchy[static_cast<std::size_t>(k)];
                hw.parallel[static_cast<std::size_t>(k)] = own.map_space.levels[static_cast<std::size_t>(k)].parallel.front();
                // A fixed array runs every layer on its clusters as built; Eyeriss regroups its PEs.
                if (k > 0 && id != "eyeriss")
                    MAPSCAPE_COMPARE_I64(own.map_space.levels[static_cast<std::size_t>(k)].cluster_size, own.pe_hierarchy[static_cast<std::size_t>(k)]);
            }
            hw.l1_bytes = own.l1_size_bytes;
            hw.l2_bytes = own.l2_size_bytes;
            for (NaasDecodeOptions o : {NaasDecodeOptions{NaasEncoding::Importance, false}, NaasDecodeOptions{NaasEncoding::Index, false},
                                        NaasDecodeOptions{NaasEncoding::Importance, true}}) {
                const auto back = decode_hardware(encode_hardware(hw, r, o), r, o, own.l1_size_bytes);
                QVERIFY2(back, id.c_str());
                QVERIFY2(*back == hw, qPrintable(QString::fromStdString(id + ": " + back->describe() + " for " + hw.describe())));
            }
        }
    }

    // The latency bound holds for every mapping the searches accept on every array the search
    // can build (and the resources' own): random arrays and random mappings of every bundled
    // network the paper runs, MAESTRO's undercounts excepted as the searches except them.
    void no_design_beats_the_array_bound() {
        std::mt19937_64 rng(21);
        std::uniform_real_distribution<double> u(0.0, 1.0);
        std::int64_t checked = 0;
        for (const std::string& id : {std::string("eyeriss"), std::string("nvdla256"), std::string("shidiannao")}) {
            const NaasResources r = naas_resources(id);
            for (const std::string& name : {std::string("mobilenet_v2"), std::string("squeezenet"), std::string("bert"), std::string("ncf")}) {
                const Model model = load_bundled_model(name);
                const NaasBound network_bound = naas_bound(model.layers, r);
                for (int design = 0; design < 12; ++design) {
                    std::vector<double> g(kNaasHardwareGenes);
                    for (double& x : g) x = u(rng);
                    const auto hw = decode_hardware(g, r, {}, 1);
                    if (!hw) continue;
                    Accelerator acc = naas_accelerator(*hw, r);
                    acc.l1_size_bytes = acc.l2_size_bytes = 1 << 30;  // every tiling fits: the bound is on compute
                    std::vector<ArrayLevel> levels;
                    for (int k = 0; k < hw->levels; ++k)
                        levels.push_back({hw->dims[static_cast<std::size_t>(k)], hw->parallel[static_cast<std::size_t>(k)]});
                    double total = 0;
                    for (const Layer& layer : model.layers) {
                        const std::int64_t bound = array_compute_cycles(layer, levels, acc.simd_lanes);
                        total += static_cast<double>(bound);
                        SearchProblem p;
                        p.layer = layer;
                        p.accelerator = acc;
                        p.system = TargetSystem::S3;
                        const GenomeSpace space = make_genome_space(p);
                        const ComputeBound compute(layer, acc);
                        for (int i = 0; i < 15; ++i) {
                            Genome genome = random_genome(space, space.max_levels, rng);
                            repair(genome, space);
                            const Mapping m = decode(genome, space);
                            QVERIFY(compute.cycles(m) >= bound);
                            const CostReport report = evaluate(layer, acc, m, ReportDetail::Objectives);
                            if (!report.valid() || model_artefact(report, compute, m) != Invalidity::None) continue;
                            ++checked;
                            QVERIFY2(report.runtime_cycles >= bound,
                                     qPrintable(QString("%1 %2 on %3: %4 cycles, bound %5").arg(QString::fromStdString(name), QString::fromStdString(layer.name),
                                                                                                 QString::fromStdString(hw->describe())).arg(report.runtime_cycles).arg(bound)));
                        }
                    }
                    // The network's bound is below every array's.
                    QVERIFY(network_bound.runtime_cycles <= total);
                }
            }
        }
        qInfo("%lld accepted mappings checked against their array's bound", static_cast<long long>(checked));
        QVERIFY(checked > 10000);
    }

    // One array for the whole network: the bound exceeds each layer on its own best array (no
    // one shape of 256 PEs serves MobileNetV2's 112x112 and 7x7 layers, its 3 and 960 channels).
    void one_array_for_a_network_bounds_tighter_than_each_layer_alone() {
        const NaasResources r = naas_resources("nvdla256");
        const Model model = load_bundled_model("mobilenet_v2");
        Accelerator acc = r.baseline;
        double per_layer = 0;
        for (const Layer& l : model.layers) {
            acc.num_pes = std::min(r.max_pes, max_busy_units(l, kNaasMaxLevels));
            per_layer += static_cast<double>(layer_bound(l, acc).runtime_cycles);
        }
        const NaasBound b = naas_bound(model.layers, r);
        QVERIFY2(b.runtime_cycles > 1.1 * per_layer, qPrintable(QString("%1 against %2").arg(b.runtime_cycles).arg(per_layer)));
        QVERIFY(!b.array.empty());
        // Eyeriss regroups its PEs per layer, so no one array bounds what it does: each layer's own.
        const NaasResources eyeriss = naas_resources("eyeriss");
        acc = eyeriss.baseline;
        double eyeriss_per_layer = 0;
        for (const Layer& l : model.layers) {
            acc.num_pes = std::min(eyeriss.max_pes, max_busy_units(l, kNaasMaxLevels));
            eyeriss_per_layer += static_cast<double>(layer_bound(l, acc).runtime_cycles);
        }
        const NaasBound e = naas_bound(model.layers, eyeriss);
        QCOMPARE(e.runtime_cycles, eyeriss_per_layer);
        QVERIFY(e.array.find("each layer") != std::string::npos);
    }

    void a_design_maps_every_layer_with_its_connectivity_and_respects_the_bound() {
        const NaasProblem p = small_problem("eyeriss", 2);
        const NaasResult r = run_naas(p);
        QVERIFY(r.found);
        QCOMPARE(static_cast<int>(r.trace.size()), p.iterations);
        QVERIFY(r.best.hardware.num_pes() <= p.resources.max_pes);
        QVERIFY(r.best.hardware.sram_bytes() <= p.resources.max_sram_bytes);
        for (std::size_t i = 1; i < r.trace.size(); ++i) QVERIFY(r.trace[i].best_so_far <= r.trace[i - 1].best_so_far);
        // Every layer's mapping runs on the design, parallelises what the array connects, and
        // costs what the search recorded.
        for (std::size_t b = 0; b < p.benchmarks.size(); ++b) {
            const NaasBenchmarkResult& br = r.best.benchmarks[b];
            QVERIFY(br.valid);
            double runtime = 0;
            for (std::size_t l = 0; l < br.layers.size(); ++l) {
                const Layer& layer = p.benchmarks[b].layers[l];
                const Mapping& m = br.layers[l].mapping;
                const CostReport report = evaluate(layer, r.best.accelerator, m);
                QVERIFY(report.valid());
                MAPSCAPE_COMPARE_I64(report.runtime_cycles, br.layers[l].runtime_cycles);
                QCOMPARE(m.num_levels(), r.best.hardware.levels);
                for (int k = 0; k < m.num_levels(); ++k) {
                    const auto role = role_dim(r.best.hardware.parallel[static_cast<std::size_t>(k)], layer);
                    if (!role) continue;
                    bool spatial = false;
                    for (const Directive& d : m.level(k)) spatial |= d.kind == DirectiveKind::SpatialMap && d.dim == *role;
                    QVERIFY2(spatial, qPrintable(QString("layer %1 level %2").arg(l).arg(k)));
                    if (k > 0) MAPSCAPE_COMPARE_I64(m.cluster_size(k), r.best.hardware.dims[static_cast<std::size_t>(k)]);
                }
                runtime += static_cast<double>(report.runtime_cycles);
            }
            QVERIFY(runtime >= r.bounds[b].runtime_cycles);
            QVERIFY(br.energy_nj >= r.bounds[b].energy_nj * (1 - 1e-12));
            QVERIFY(br.edp >= r.bounds[b].edp());
            QVERIFY(r.baseline.benchmarks[b].edp >= r.bounds[b].edp());
        }
        // The baseline is Eyeriss itself, row stationary.
        MAPSCAPE_COMPARE_I64(r.baseline.accelerator.num_pes, 168);
        QCOMPARE(r.baseline.hardware.parallel[0], DimRole::Row);
        QCOMPARE(r.baseline.hardware.parallel[1], DimRole::FilterRow);
    }

    void a_seed_gives_the_same_design_with_one_or_two_threads() {
        const NaasResult one = run_naas(small_problem("shidiannao", 1));
        const NaasResult two = run_naas(small_problem("shidiannao", 2));
        QVERIFY(one.found && two.found);
        QVERIFY(one.best.hardware == two.best.hardware);
        QCOMPARE(one.best.geomean_edp, two.best.geomean_edp);
        QCOMPARE(one.trace.size(), two.trace.size());
        for (std::size_t i = 0; i < one.trace.size(); ++i) QCOMPARE(one.trace[i].population, two.trace[i].population);
    }

    // The resources' own design leads the first generation; without it (the paper's rule, for
    // its encoding ablation) the same draws fill the population, one place earlier.
    void the_baseline_start_only_puts_the_own_design_before_the_same_draws() {
        NaasProblem p = small_problem("nvdla256", 2);
        p.iterations = 1;
        for (NaasEncoding e : {NaasEncoding::Importance, NaasEncoding::Index}) {
            p.decode.encoding = e;
            p.start_from_baseline = true;
            const NaasResult started = run_naas(p);
            p.start_from_baseline = false;
            const NaasResult drawn = run_naas(p);
            QCOMPARE(started.trace.size(), std::size_t{1});
            QCOMPARE(drawn.trace.size(), std::size_t{1});
            const std::vector<double>& a = started.trace[0].population;
            const std::vector<double>& b = drawn.trace[0].population;
            QCOMPARE(a.size(), static_cast<std::size_t>(p.population));
            QCOMPARE(b.size(), a.size());
            QVERIFY(std::isfinite(a.front()));  // the own design maps every layer
            for (std::size_t i = 1; i < a.size(); ++i) QCOMPARE(a[i], b[i - 1]);
        }
    }

    void sizing_only_keeps_the_native_dataflow() {
        NaasProblem p = small_problem("nvdla256", 2);
        p.decode.sizing_only = true;
        const NaasResult r = run_naas(p);
        QVERIFY(r.found);
        QCOMPARE(r.best.hardware.levels, 2);
        QCOMPARE(r.best.hardware.parallel[0], DimRole::Out);
        QCOMPARE(r.best.hardware.parallel[1], DimRole::In);
    }

    // The network level's variants are the published networks: the generated layers have the
    // MAC counts their publisher gives (within 5% and the table's rounding to millions: its
    // counting of the classifier may differ), and accuracy floors pick the right ones.
    void network_variants_match_their_published_mac_counts() {
        const NetworkFamily f = load_network_family("mobilenet_v2");
        QCOMPARE(f.variants.size(), std::size_t{22});
        QCOMPARE(f.reference.name(), std::string("1.0_224"));
        for (const NetworkVariant& v : f.variants) {
            std::int64_t macs = 0;
            const std::vector<Layer> layers = variant_layers(f, v);
            QCOMPARE(layers.size(), std::size_t{53});  // stem, 17 blocks (the first without expansion), head, classifier
            for (const Layer& l : layers) macs += exact_macs(analysed_form(l));
            const double gap = std::abs(static_cast<double>(macs) - v.published_mmacs * 1e6);
            QVERIFY2(gap <= 0.05 * v.published_mmacs * 1e6 + 1e6, qPrintable(QString("%1: %2 MACs against %3 M").arg(QString::fromStdString(v.name())).arg(macs).arg(v.published_mmacs)));
        }
        for (std::size_t i = 1; i < f.variants.size(); ++i) QVERIFY(f.variants[i - 1].published_mmacs <= f.variants[i].published_mmacs + 2);
        const auto above = variants_above(f, 70.0);
        QCOMPARE(above.size(), std::size_t{4});  // 1.0 at 192 and 224, 1.3 and 1.4 at 224
        for (const NetworkVariant& v : above) QVERIFY(v.top1 >= 70.0);
    }

    void the_network_level_keeps_the_accuracy_floor() {
        NaasProblem p = small_problem("eyeriss", 2);
        p.network = NaasNetworkLevel{load_network_family("mobilenet_v2"), 69.0};
        p.iterations = 3;
        const NaasResult r = run_naas(p);
        QVERIFY(r.found && r.best.variant);
        QVERIFY(r.best.variant->top1 >= 69.0);
        QVERIFY(r.baseline.variant && r.baseline.variant->name() == "1.0_224");
        QVERIFY(!r.front.empty());
        for (const NaasFrontPoint& a : r.front) {
            QVERIFY(a.variant.top1 >= 69.0);
            for (const NaasFrontPoint& b : r.front) QVERIFY(!(b.variant.top1 > a.variant.top1 && b.edp < a.edp));
        }
        QVERIFY(r.best.geomean_edp >= r.bound_geomean_edp);
    }

    void unknown_resources_are_refused() {
        try {
            naas_resources("tpu9");
            QFAIL("accepted unknown resources");
        } catch (const InputError& e) {
            QVERIFY(e.diagnostic().to_string().find("edgetpu, nvdla1024, nvdla256, eyeriss, shidiannao") != std::string::npos);
        }
    }
};

QTEST_GUILESS_MAIN(NaasTest)
#include "test_naas.moc"
