// The cost model's contract: reasons for mappings that cannot run, its energy, area and power
// formulas, agreement of the fast analysis with the reference one, and no heap allocation.
#include <atomic>
#include <cstdlib>
#include <new>
#include <random>
#include <thread>
#include <vector>

#include <QtTest>

#include "cost/evaluate.hpp"
#include "mapping/maestro_file.hpp"
#include "mapping/random_mapping.hpp"
#include "test_support.hpp"
#include "workload/model.hpp"

using namespace mapscape;

// Counts heap allocations made while `counting` is set (this test binary replaces new/delete).
static std::atomic<bool> counting{false};
static std::atomic<long> allocations{0};
void* operator new(std::size_t n) {
    if (counting) ++allocations;
    if (void* p = std::malloc(n ? n : 1)) return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace {

Layer conv3x3() { return Layer::conv("c", 64, 32, 3, 3, 30, 30); }

Mapping kcp_ws(std::int64_t cluster = 16) {
    Mapping m;
    m.directives = {Directive::spatial(Dim::K, 1, 1), Directive::temporal(Dim::C, 16, 16),
                    Directive::temporal(Dim::R, 3, 3), Directive::temporal(Dim::S, 3, 3),
                    Directive::temporal(Dim::Y, 3, 1), Directive::temporal(Dim::X, 3, 1),
                    Directive::cluster(cluster),       Directive::spatial(Dim::C, 1, 1),
                    Directive::temporal(Dim::Y, 3, 1), Directive::temporal(Dim::X, 3, 1),
                    Directive::temporal(Dim::R, 3, 3), Directive::temporal(Dim::S, 3, 3)};
    return m;
}

Accelerator small_accelerator() {
    Accelerator acc;
    acc.num_pes = 256;
    set_uniform_noc(acc, 64, 1, 1);
    acc.offchip_bw_elements_per_cycle = 64;
    return acc;
}

bool same_report(const CostReport& a, const CostReport& b, bool full) {
    if (a.invalid.kind != b.invalid.kind || a.runtime_cycles != b.runtime_cycles || a.macs != b.macs ||
        a.l1_required_elements != b.l1_required_elements || a.l2_required_elements != b.l2_required_elements)
        return false;
    for (int t = 0; t < kNumTensors; ++t) {
        const auto &x = a.tensors[static_cast<std::size_t>(t)], &y = b.tensors[static_cast<std::size_t>(t)];
        if (x.l1_read != y.l1_read || x.l1_write != y.l1_write || x.l2_read != y.l2_read || x.l2_write != y.l2_write)
            return false;
    }
    if (std::abs(a.avg_utilized_pes - b.avg_utilized_pes) > 1e-9 * std::max(1.0, b.avg_utilized_pes)) return false;
    if (!full) return true;
    return a.noc_bw_required == b.noc_bw_required && a.offchip_bw_required == b.offchip_bw_required &&
           a.avg_noc_bw_required == b.avg_noc_bw_required && a.arithmetic_intensity == b.arithmetic_intensity &&
           a.ingress_delay.min_cycles == b.ingress_delay.min_cycles && a.ingress_delay.max_cycles == b.ingress_delay.max_cycles &&
           a.ingress_delay.avg_cycles == b.ingress_delay.avg_cycles && a.egress_delay.avg_cycles == b.egress_delay.avg_cycles &&
           a.compute_delay.min_cycles == b.compute_delay.min_cycles && a.compute_delay.max_cycles == b.compute_delay.max_cycles &&
           a.compute_delay.avg_cycles == b.compute_delay.avg_cycles;
}

}  // namespace

class CostModelTest : public QObject {
    Q_OBJECT

private slots:
    void valid_mapping_basics() {
        const Layer l = conv3x3();
        const CostReport r = evaluate(l, small_accelerator(), kcp_ws());
        QVERIFY(r.valid());
        MAPSCAPE_COMPARE_I64(r.layer_macs, 64LL * 32 * 9 * 28 * 28);
        MAPSCAPE_COMPARE_I64(r.macs, r.layer_macs);
        QVERIFY(r.runtime_cycles >= r.macs / 256);
        QVERIFY(r.avg_utilized_pes > 0 && r.avg_utilized_pes <= 256);
        // Energy breakdown adds up; MAESTRO's own formula is reported beside it.
        QCOMPARE(r.energy.total_nj, r.energy.mac_nj + r.energy.l1_nj + r.energy.l2_nj + r.energy.dram_nj);
        QCOMPARE(r.energy.mac_nj, double(r.macs) * 0.00023);
        QVERIFY(r.maestro_energy_nj > 0 && r.maestro_energy_nj < r.energy.total_nj);
        MAPSCAPE_COMPARE_I64(r.dram_accesses, input_elements(l) + weight_elements(l) + 64 * 28 * 28);
        QVERIFY(r.area_um2 > 0 && r.power_mw > 0);
    }

    void invalid_mappings_have_reasons_data() {
        QTest::addColumn<int>("expected");
        QTest::addColumn<int>("case_id");
        QTest::newRow("no spatial map") << int(Invalidity::NoSpatialMap) << 0;
        QTest::newRow("three spatial maps") << int(Invalidity::TooManySpatialMaps) << 1;
        QTest::newRow("five levels") << int(Invalidity::TooManyLevels) << 2;
        QTest::newRow("clusters exceed PEs") << int(Invalidity::ClustersExceedPEs) << 3;
        QTest::newRow("partial filter tile") << int(Invalidity::FilterTileNotWhole) << 4;
        QTest::newRow("dimension not in layer") << int(Invalidity::DimensionNotInLevel) << 5;
        QTest::newRow("Y and Y'") << int(Invalidity::InputAndOutputMapped) << 6;
        QTest::newRow("empty mapping") << int(Invalidity::EmptyMapping) << 7;
        QTest::newRow("zero size") << int(Invalidity::MapSizeNotPositive) << 8;
        QTest::newRow("L1 overflow") << int(Invalidity::L1Overflow) << 9;
        QTest::newRow("L2 overflow") << int(Invalidity::L2Overflow) << 10;
        QTest::newRow("K on an inner DSCONV level") << int(Invalidity::DimensionNotInLevel) << 11;
        QTest::newRow("malformed layer") << int(Invalidity::LayerShape) << 12;
    }
    void invalid_mappings_have_reasons() {
        QFETCH(int, expected);
        QFETCH(int, case_id);
        Layer l = conv3x3();
        Accelerator acc = small_accelerator();
        Mapping m = kcp_ws();
        switch (case_id) {
            case 0: m.directives[0].kind = DirectiveKind::TemporalMap; break;
            case 1:
                m.directives[1].kind = DirectiveKind::SpatialMap;
                m.directives[4].kind = DirectiveKind::SpatialMap;
                break;
            case 2:
                for (int i = 0; i < 3; ++i) {
                    m.directives.push_back(Directive::cluster(1));
                    m.directives.push_back(Directive::spatial(Dim::C, 1, 1));
                }
                break;
            case 3: m.directives[6].size = 512; break;
            case 4: m.directives[2] = Directive::temporal(Dim::R, 1, 1); break;
            case 5: m.directives.push_back(Directive::temporal(Dim::M, 1, 1)); break;
            case 6: m.directives.push_back(Directive::temporal(Dim::Yo, 1, 1)); break;
            case 7: m.directives.clear(); break;
            case 8: m.directives[1].size = 0; break;
            case 9: acc.l1_size_bytes = 4; break;
            case 10: acc.l2_size_bytes = 4; break;
            case 11:
                l = Layer::depthwise("dw", 32, 3, 3, 30, 30);
                m.directives[0].dim = Dim::C;
                m.directives[1].dim = Dim::K;
                m.directives[1].size = m.directives[1].offset = 1;
                m.directives.push_back(Directive::temporal(Dim::K, 1, 1));
                break;
            case 12: l.set(Dim::R, 40); break;
        }
        const CostReport r = evaluate(l, acc, m);
        QCOMPARE(int(r.invalid.kind), expected);
        const std::string why = describe(r.invalid, l, acc);
        QVERIFY2(why.size() > 10, why.c_str());
        // The objectives-only report agrees on validity.
        QCOMPARE(int(evaluate(l, acc, m, ReportDetail::Objectives).invalid.kind), expected);
    }

    void huge_sizes_are_rejected() {
        Layer l = Layer::gemm("huge", 2000000000, 2000000000, 2000000000);
        Mapping m;
        m.directives = {Directive::spatial(Dim::M, 1, 1)};
        const CostReport r = evaluate(l, small_accelerator(), m);
        QCOMPARE(r.invalid.kind, Invalidity::LayerShape);
        QVERIFY(describe(r.invalid, l, small_accelerator()).find("2^53") != std::string::npos);
    }

    // Sliding windows nested three deep on a long row (a mapping the app's monkey typed): the
    // middle level's runtime passes 2^63 cycles although the layer's MACs stay small. Every
    // analysis refuses it as an overflow instead of wrapping round (undefined behaviour, which the
    // sanitized suite would catch).
    void an_inner_runtime_beyond_64_bits_is_an_overflow() {
        Layer l = Layer::conv("long row", 1, 1, 1, 1, 1, std::int64_t{1} << 26);
        Mapping m;
        m.directives = {Directive::spatial(Dim::K, 1, 1), Directive::temporal(Dim::X, std::int64_t{1} << 25, 1),
                        Directive::cluster(1),           Directive::spatial(Dim::K, 1, 1),
                        Directive::temporal(Dim::X, std::int64_t{1} << 24, 1), Directive::cluster(1),
                        Directive::spatial(Dim::K, 1, 1), Directive::temporal(Dim::X, std::int64_t{1} << 23, 1)};
        Accelerator acc = small_accelerator();
        acc.num_pes = 1;
        Accelerator faithful = acc;
        faithful.analysis = AnalysisMode::Faithful;
        for (const CostReport& r : {evaluate(l, acc, m), evaluate(l, acc, m, ReportDetail::Objectives),
                                    evaluate_with_reference_analysis(l, acc, m), evaluate(l, faithful, m)})
            QCOMPARE(r.invalid.kind, Invalidity::ArithmeticOverflow);
    }

    // The fast analysis must agree with the plain reference one on every figure, for every kind
    // of mapping and hardware: random GAMMA-style mappings of 1-3 levels with random offsets.
    void fast_analysis_matches_reference() {
        const std::vector<Model> models = {load_bundled_model("resnet18"), load_bundled_model("mobilenet_v2"),
                                           load_bundled_model("bert"), load_bundled_model("ncf")};
        std::mt19937_64 rng(20261122);
        int mismatches = 0, objective_closed_forms = 0;
        const int count = 6000;
        for (int i = 0; i < count; ++i) {
            const Model& model = models[rng() % models.size()];
            const Layer& l = model.layers[rng() % model.layers.size()];
            Accelerator acc;
            acc.num_pes = std::array<int, 5>{16, 64, 168, 256, 1024}[rng() % 5];
            acc.simd_lanes = rng() % 4 == 0 ? 4 : 1;
            set_uniform_noc(acc, std::array<int, 5>{1, 8, 64, 1000, 81920000}[rng() % 5], 1, static_cast<int>(rng() % 3));
            acc.offchip_bw_elements_per_cycle = std::array<int, 4>{1, 16, 64, 70000}[rng() % 4];
            RandomMappingOptions o;
            o.levels = 1 + static_cast<int>(rng() % 3);
            o.num_pes = acc.num_pes;
            o.nested_tiles = rng() % 4 != 0;
            Mapping m = random_mapping(l, o, rng);
            if (rng() % 3 == 0)
                for (auto& d : m.directives)
                    if (d.is_map() && d.dim != Dim::R && d.dim != Dim::S && rng() % 3 == 0)
                        d.offset = 1 + static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(d.size));
            const CostReport reference = evaluate_with_reference_analysis(l, acc, m);
            const CostReport full = evaluate(l, acc, m);
            const CostReport objectives = evaluate(l, acc, m, ReportDetail::Objectives);
            objective_closed_forms += objectives.detail == ReportDetail::Objectives;
            if (!same_report(full, reference, true) || !same_report(objectives, reference, false)) ++mismatches;
        }
        QCOMPARE(mismatches, 0);
        qInfo() << "objectives-only closed form used on" << objective_closed_forms << "of" << count;
        QVERIFY(objective_closed_forms > count / 3);
    }

    // The analysis keeps each thread's recently seen layers' preparation; a layer edited in
    // place, or more layers than it keeps, must still be analysed as they are now. Reference
    // results are each the first evaluation on a fresh thread, whose keep is empty.
    void an_edited_layer_is_analysed_as_it_is_now() {
        // Many more layers than it keeps, alike but for one size or the stride, so that some
        // share a slot and differ in one field only.
        std::vector<Layer> layers;
        for (int i = 0; i < 120; ++i)
            layers.push_back(Layer::conv("v" + std::to_string(i), 16 + i % 40, 32, 3, 3, 30 + i / 40, 30, 1 + (i % 7 == 0)));
        Accelerator acc;
        acc.num_pes = 256;
        std::mt19937_64 rng(11);
        RandomMappingOptions o;
        o.levels = 2;
        o.num_pes = acc.num_pes;
        std::vector<Mapping> mappings;
        for (const Layer& l : layers) mappings.push_back(random_mapping(l, o, rng));
        Layer edited = layers[3];
        edited.set(Dim::K, edited.size(Dim::K) * 2);
        edited.set_stride(Dim::Y, 2);
        auto evaluate_all = [&](std::vector<CostReport>& out) {
            for (std::size_t i = 0; i < layers.size(); ++i) out.push_back(evaluate(layers[i], acc, mappings[i]));
            out.push_back(evaluate(edited, acc, mappings[3]));
        };
        std::vector<CostReport> fresh;  // each the first evaluation on its thread
        for (std::size_t i = 0; i <= layers.size(); ++i) {
            const Layer& l = i < layers.size() ? layers[i] : edited;
            const Mapping& m = i < layers.size() ? mappings[i] : mappings[3];
            std::thread([&] { fresh.push_back(evaluate(l, acc, m)); }).join();
        }

        std::vector<CostReport> warm;
        Layer in_place = layers[3];
        evaluate(in_place, acc, mappings[3]);
        in_place = edited;  // same object, new shape
        for (int round = 0; round < 3; ++round) {
            warm.clear();
            evaluate_all(warm);
            QCOMPARE(warm.size(), fresh.size());
            for (std::size_t i = 0; i < fresh.size(); ++i) QVERIFY2(same_report(warm[i], fresh[i], true), qPrintable(QString::number(i)));
        }
        QVERIFY(same_report(evaluate(in_place, acc, mappings[3]), fresh.back(), true));
        QVERIFY(!same_report(fresh[3], fresh.back(), true));  // the edit does change the result
    }

    void evaluate_does_not_allocate() {
        const Model model = load_bundled_model("resnet18");
        std::mt19937_64 rng(7);
        RandomMappingOptions o;
        o.levels = 2;
        std::vector<Mapping> mappings;
        for (int i = 0; i < 200; ++i) mappings.push_back(random_mapping(model.layers[i % 20], o, rng));
        const Accelerator acc = small_accelerator();
        for (const auto& m : mappings) evaluate(model.layers[0], acc, m);  // warm up thread-locals
        long checksum = 0;
        allocations = 0;
        counting = true;
        for (std::size_t i = 0; i < mappings.size(); ++i) {
            checksum += evaluate(model.layers[i % 20], acc, mappings[i]).runtime_cycles;
            checksum += evaluate(model.layers[i % 20], acc, mappings[i], ReportDetail::Objectives).runtime_cycles;
        }
        counting = false;
        QVERIFY(checksum > 0);
        QCOMPARE(allocations.load(), 0L);
    }
};

QTEST_GUILESS_MAIN(CostModelTest)
#include "test_cost_model.moc"
