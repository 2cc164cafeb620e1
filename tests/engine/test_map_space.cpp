// Constrained map spaces: an accelerator that can only parallelise some dimensions (NVDLA-,
// Eyeriss-, ShiDianNao-like), or fixes loop orders, tiles or cluster sizes, gets only mappings
// it can run, from every search; the constraints round-trip through accelerator files, and a bad
// one is refused with its location.
#include <QtTest>

#include "arch/accelerator_json.hpp"
#include "arch/presets.hpp"
#include "cost/evaluate.hpp"
#include "mapping/random_mapping.hpp"
#include "search/algorithm.hpp"
#include "test_support.hpp"
#include "util/json_document.hpp"
#include "workload/model.hpp"

using namespace mapscape;

namespace {

// The spatially mapped dimensions of each level of a mapping.
std::vector<std::vector<Dim>> spatial_dims(const Mapping& m) {
    std::vector<std::vector<Dim>> out;
    for (int k = 0; k < m.num_levels(); ++k) {
        out.emplace_back();
        for (const Directive& d : m.level(k))
            if (d.kind == DirectiveKind::SpatialMap) out.back().push_back(d.dim);
    }
    return out;
}

struct AllPoints : SearchSink {
    std::vector<Mapping> mappings;
    void points(const std::vector<EvaluatedPoint>& batch) override {
        for (const EvaluatedPoint& p : batch) mappings.push_back(p.mapping);
    }
};

}  // namespace

class MapSpaceTest : public QObject {
    Q_OBJECT

private slots:
    void every_search_respects_fixed_parallel_dimensions_data() {
        QTest::addColumn<QString>("style");
        QTest::addColumn<QString>("algorithm");
        for (const char* style : {"nvdla", "eyeriss", "shidiannao"})
            for (const char* algo : {"gamma", "random", "cmaes", "pso"}) QTest::newRow(qPrintable(QString("%1 %2").arg(style, algo))) << style << algo;
    }
    void every_search_respects_fixed_parallel_dimensions() {
        QFETCH(QString, style);
        QFETCH(QString, algorithm);
        const std::map<QString, std::vector<Dim>> expected = {
            {"nvdla", {Dim::K, Dim::C}}, {"eyeriss", {Dim::Yo, Dim::R}}, {"shidiannao", {Dim::Yo, Dim::Xo}}};
        SearchProblem p;
        p.layer = load_bundled_model("resnet18").layers[3];
        p.accelerator = accelerator_preset("edge");
        p.accelerator.map_space = map_space_preset(style.toStdString());
        p.system = TargetSystem::S3;  // the map space decides the levels, whatever the system allows
        p.budget.samples = 1500;
        AllPoints sink;
        const SearchResult r = run_search(p, *parse_algorithm(algorithm.toStdString()), &sink);
        QVERIFY2(r.found, "no valid mapping within the map space");
        QVERIFY(!sink.mappings.empty());
        for (const Mapping& m : sink.mappings) {
            const auto dims = spatial_dims(m);
            QCOMPARE(dims.size(), std::size_t{2});
            for (std::size_t k = 0; k < 2; ++k) QCOMPARE(dims[k], std::vector<Dim>{expected.at(style)[k]});
        }
        const CostReport report = evaluate(p.layer, p.accelerator, r.best_mapping);
        QVERIFY(report.valid());
    }

    void fixed_orders_tiles_and_cluster_sizes_hold() {
        SearchProblem p;
        p.layer = load_bundled_model("resnet18").layers[5];
        p.accelerator = accelerator_preset("edge");
        MapSpace space;
        space.style = "custom";
        LevelFlexibility outer, inner;
        outer.parallel = {DimRole::Out};
        outer.tiles = {{DimRole::In, 8}, {DimRole::Row, 0}};  // 8 input channels, every output row
        inner.parallel = {DimRole::In, DimRole::Col};
        inner.inner_order = {DimRole::FilterRow, DimRole::FilterCol};
        inner.cluster_size = 12;
        space.levels = {outer, inner};
        p.accelerator.map_space = space;
        p.budget.samples = 2000;
        AllPoints sink;
        const SearchResult r = run_search(p, *parse_algorithm("gamma"), &sink);
        QVERIFY(r.found);
        const std::int64_t rows = mappable_size(p.layer, Dim::Yo);
        for (const Mapping& m : sink.mappings) {
            QCOMPARE(m.num_levels(), 2);
            QCOMPARE(m.cluster_size(1), std::int64_t{12});
            const auto outer_level = m.level(0);
            const auto inner_level = m.level(1);
            for (const Directive& d : outer_level) {
                if (d.dim == Dim::C) MAPSCAPE_COMPARE_I64(d.size, 8);
                if (d.dim == Dim::Yo) MAPSCAPE_COMPARE_I64(d.size, rows);
                if (d.kind == DirectiveKind::SpatialMap) QCOMPARE(d.dim, Dim::K);
            }
            QCOMPARE(inner_level[inner_level.size() - 2].dim, Dim::R);  // the fixed innermost loops
            QCOMPARE(inner_level[inner_level.size() - 1].dim, Dim::S);
            for (const Directive& d : inner_level)
                if (d.kind == DirectiveKind::SpatialMap) QVERIFY(d.dim == Dim::C || d.dim == Dim::Xo);
        }
    }

    void roles_follow_the_layer_type() {
        const Layer gemm = Layer::gemm("g", 64, 128, 256);
        QCOMPARE(*role_dim(DimRole::Out, gemm), Dim::N);
        QCOMPARE(*role_dim(DimRole::In, gemm), Dim::K);
        QCOMPARE(*role_dim(DimRole::Row, gemm), Dim::M);
        QVERIFY(!role_dim(DimRole::Col, gemm));
        const Layer dw = Layer::depthwise("dw", 32, 3, 3, 56, 56);
        QCOMPARE(*role_dim(DimRole::Out, dw), Dim::C);  // a depthwise layer's channels
        // A GEMM on an NVDLA-like array: N across clusters, K within.
        SearchProblem p;
        p.layer = gemm;
        p.accelerator = accelerator_preset("edge");
        p.accelerator.map_space = map_space_preset("nvdla");
        p.budget.samples = 800;
        const SearchResult r = run_search(p, *parse_algorithm("gamma"));
        QVERIFY(r.found);
        QCOMPARE(spatial_dims(r.best_mapping), (std::vector<std::vector<Dim>>{{Dim::N}, {Dim::K}}));
    }

    void map_spaces_round_trip_through_accelerator_files() {
        Accelerator a = accelerator_preset("edge");
        a.map_space = map_space_preset("eyeriss");
        QVERIFY(parse_accelerator_json(accelerator_to_json(a).dump(), "a.json") == a);
        MapSpace custom;
        custom.style = "custom";
        LevelFlexibility l0, l1;
        l0.parallel = {DimRole::Row, DimRole::Out};
        l0.tiles = {{DimRole::In, 4}};
        l1.parallel = {DimRole::FilterRow};
        l1.inner_order = {DimRole::Col};
        l1.cluster_size = 3;
        custom.levels = {l0, l1};
        a.map_space = custom;
        QVERIFY(parse_accelerator_json(accelerator_to_json(a).dump(), "a.json") == a);
    }

    void bad_map_spaces_are_refused_where_they_are() {
        const std::string text = "{\"format\": \"mapscape-accelerator\", \"num_pes\": 16,\n"
                                 " \"map_space\": {\"levels\": [{\"parallel\": [\"out\"]},\n"
                                 "   {\"parallel\": [\"diagonal\"]}]}}";
        try {
            parse_accelerator_json(text, "bad.json");
            QFAIL("accepted an unknown role");
        } catch (const InputError& e) {
            QVERIFY2(e.diagnostic().to_string().rfind("bad.json:3:", 0) == 0, e.diagnostic().to_string().c_str());
            QVERIFY(e.diagnostic().message.find("unknown role") != std::string::npos);
        }
        try {
            parse_accelerator_json("{\"num_pes\": 16, \"map_space\": \"systolic\"}", "bad.json");
            QFAIL("accepted an unknown preset");
        } catch (const InputError& e) {
            QVERIFY(e.diagnostic().message.find("flexible, nvdla, eyeriss, shidiannao") != std::string::npos);
        }
    }
};

QTEST_GUILESS_MAIN(MapSpaceTest)
#include "test_map_space.moc"
