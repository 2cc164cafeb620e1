// Workloads: the bundled models, GAMMA's CSV tables, our JSON format and its errors.
#include <QtTest>

#include "test_support.hpp"
#include "util/diagnostic.hpp"
#include "workload/model.hpp"

using namespace mapscape;

namespace {
std::string error_of(std::string_view text, bool csv = false) {
    try {
        if (csv)
            parse_gamma_csv(text, "t.csv");
        else
            parse_model_json(text, "m.json");
    } catch (const InputError& e) {
        return e.diagnostic().to_string();
    }
    return "no error";
}
}  // namespace

class WorkloadsTest : public QObject {
    Q_OBJECT

private slots:
    // The cost model copies a layer without its name (analysed_shape: no heap copy per
    // evaluation); every other field must come along, for each type the analysed form converts.
    void analysed_shape_keeps_every_field_but_the_name() {
        for (LayerType type : {LayerType::Conv, LayerType::FullyConnected, LayerType::TransposedConv, LayerType::DepthwiseConv}) {
            Layer l = Layer::conv("a layer name long enough to live on the heap", 64, 32, 3, 3, 30, 30, 2);
            l.type = type;
            l.set(Dim::N, 4);
            l.set_stride(Dim::X, 2);
            l.repeat_count = 3;
            l.padding = {1, 2, 3, 4};
            l.precision = {NumberFormat::Int8, NumberFormat::Int4, NumberFormat::Int32};
            Layer expected = analysed_form(l);
            QCOMPARE(expected.name, l.name);
            expected.name.clear();
            QVERIFY(analysed_shape(l) == expected);
        }
        // A field added to Layer must be copied by analysed_shape too (engine/workload/layer.cpp).
        static_assert(sizeof(Layer) == sizeof(std::string) + 8 + 2 * kNumDims * 8 + 8 + 4 * 8 + 8,
                      "Layer changed: copy the new field in analysed_shape and update this check");
    }
    void bundled_models_load() {
        const auto names = bundled_model_names();
        for (const char* required : {"alexnet", "vgg16", "resnet18", "resnet50", "mobilenet_v2", "mnasnet",
                                     "shufflenet_v2", "squeezenet", "bert", "ncf", "dlrm"})
            QVERIFY2(std::find(names.begin(), names.end(), required) != names.end(), required);
        for (const auto& n : names) {
            const Model m = load_bundled_model(n);
            QVERIFY(!m.layers.empty());
            for (const auto& l : m.layers) QVERIFY2(layer_problem(l).empty(), (n + ": " + l.name).c_str());
        }
        const Model r18 = load_bundled_model("resnet18");
        QCOMPARE(r18.layers.size(), std::size_t(20));
        QCOMPARE(r18.layers[0], Layer::conv("layer1", 64, 3, 7, 7, 224, 224));
        const Model bert = load_bundled_model("bert");
        QCOMPARE(bert.layers[0], Layer::gemm("layer1", 512, 768, 768));
        const Model mbv2 = load_bundled_model("mobilenet_v2");
        QCOMPARE(mbv2.layers[1].type, LayerType::DepthwiseConv);
    }

    // Our JSON agrees with GAMMA's tables, which it was converted from.
    void json_matches_gamma_tables_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("csv");
        QTest::newRow("resnet18") << "resnet18" << "resnet18.csv";
        QTest::newRow("mobilenet_v2") << "mobilenet_v2" << "mobilenet_v2.csv";
        QTest::newRow("bert") << "bert" << "BERT_m.csv";
        QTest::newRow("ncf") << "ncf" << "ncf_m.csv";
    }
    void json_matches_gamma_tables() {
        QFETCH(QString, model);
        QFETCH(QString, csv);
        const Model a = load_bundled_model(model.toStdString());
        const Model b = load_model_file(test_data("gamma_models/" + csv.toStdString()));
        QCOMPARE(a.layers.size(), b.layers.size());
        for (std::size_t i = 0; i < a.layers.size(); ++i) QVERIFY(a.layers[i] == b.layers[i]);
    }

    void model_json_round_trip() {
        Model m;
        m.name = "mix";
        m.description = "all layer kinds";
        m.layers = {Layer::conv("c", 8, 4, 3, 3, 10, 10, 2, 2), Layer::depthwise("d", 4, 3, 3, 10, 10),
                    Layer::gemm("g", 3, 4, 5), Layer::fully_connected("f", 10, 20, 1)};
        Layer grouped = Layer::conv("gc", 4, 8, 3, 3, 12, 12);
        grouped.type = LayerType::GroupedConv;
        grouped.set(Dim::G, 2);
        m.layers.push_back(grouped);
        const Model again = parse_model_json(model_to_json_text(m), "again.json");
        QCOMPARE(again.name, m.name);
        QCOMPARE(again.layers.size(), m.layers.size());
        for (std::size_t i = 0; i < m.layers.size(); ++i) QVERIFY(again.layers[i] == m.layers[i]);
    }

    void json_errors_point_at_the_value_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("syntax") << "{\n  \"layers\": [\n    {\"type\": \"CONV\",}\n  ]\n}" << "m.json:3:21: malformed JSON: syntax error while parsing object key";
        QTest::newRow("negative") << "{\"layers\": [\n  {\"type\": \"CONV\", \"K\": -4, \"C\": 1, \"R\": 1, \"S\": 1, \"Y\": 1, \"X\": 1}\n]}"
                                  << "m.json:2:25: \"K\" = -4 is out of range";
        QTest::newRow("type") << "{\"layers\": [\n {\"type\": \"CONVO\"}\n]}" << "m.json:2:11: unknown layer type \"CONVO\"";
        QTest::newRow("unknown field") << "{\"layers\": [\n {\"type\": \"GEMM\", \"M\": 1, \"N\": 1, \"K\": 1, \"Q\": 2}\n]}"
                                       << "m.json:2:48: layers[0].Q: unknown field \"Q\" (model.layers[] fields: name, type";
        QTest::newRow("inconsistent") << "{\"layers\": [\n {\"name\": \"x\", \"type\": \"CONV\", \"K\": 1, \"C\": 1, \"R\": 9, \"S\": 1, \"Y\": 3, \"X\": 3}\n]}"
                                      << "m.json:2:2: layer \"x\": filter size R = 9";
        QTest::newRow("newer") << "{\"format\": \"mapscape-model\", \"version\": 7, \"layers\": []}"
                               << "m.json:1:41: model format version 7 is newer";
        QTest::newRow("no layers") << "{\"layers\": []}" << "m.json:1:12: the model has no layers";
        QTest::newRow("not a number") << "{\"layers\": [{\"type\": \"GEMM\", \"M\": \"big\", \"N\": 1, \"K\": 1}]}"
                                      << "m.json:1:35: \"M\" must be a whole number";
        // A key given twice: JSON readers keep one of the two, silently; the file is refused.
        QTest::newRow("key twice") << "{\"layers\": [\n {\"type\": \"GEMM\", \"M\": 64, \"N\": 1, \"K\": 1, \"M\": 32}\n]}"
                                   << "m.json:2:44: \"M\" is given twice in one object (first at 2:19)";
        QTest::newRow("same key in two objects") << "{\"layers\": [\n {\"type\": \"GEMM\", \"M\": 1, \"N\": 1, \"K\": 1},\n {\"type\": \"GEMM\", \"M\": 1, \"N\": 1, \"K\": 1, \"N\": 2}\n]}"
                                                 << "m.json:3:43: \"N\" is given twice in one object (first at 3:27)";
    }
    void json_errors_point_at_the_value() {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const QString got = QString::fromStdString(error_of(text.toStdString()));
        QVERIFY2(got.startsWith(expected), qPrintable("got: " + got));
    }

    void gamma_csv_errors() {
        // GAMMA's own malformed example row (a comma is missing).
        const QString got = QString::fromStdString(error_of(
            std::string("K,C,Y,X,R,S,T\n32,32,16,16.1,1,1\n"), true));
        QVERIFY2(got.startsWith("t.csv:2:10: expected a whole number, found '16.1'"), qPrintable(got));
        // The header is GAMMA's (columns go by position): another order, or no header (the
        // first layer would be taken for one), is refused rather than read wrongly.
        for (const char* table : {"C,K,Y,X,R,S,T\n3,64,224,224,11,11,1\n", "64,3,224,224,11,11,1\n64,64,56,56,3,3,1\n"}) {
            const QString header = QString::fromStdString(error_of(table, true));
            QVERIFY2(header.startsWith("t.csv:1:1: the first row must be GAMMA's header K,C,Y,X,R,S,T"), qPrintable(header));
        }
        const QString t = QString::fromStdString(error_of("K,C,Y,X,R,S,T\n1,1,1,1,1,1,9\n", true));
        QVERIFY2(t.startsWith("t.csv:2:13: unknown layer type code T = 9"), qPrintable(t));
        QVERIFY(QString::fromStdString(error_of("K,C,Y,X,R,S,T\n", true)).contains("no layer rows"));
    }

    void layer_arithmetic() {
        const Layer c = Layer::conv("c", 64, 3, 7, 7, 224, 224, 2);
        QCOMPARE(output_rows(c), std::int64_t(109));
        QCOMPARE(exact_macs(c), std::int64_t(64) * 3 * 49 * 109 * 109);
        QCOMPARE(input_elements(c), std::int64_t(3) * 224 * 224);
        QCOMPARE(weight_elements(c), std::int64_t(64) * 3 * 49);
        QCOMPARE(exact_macs(Layer::fully_connected("f", 10, 20, 4)), std::int64_t(800));
        QCOMPARE(shape_summary(c), std::string("CONV K64 C3 R7 S7 Y224 X224 /2"));
    }
};

QTEST_GUILESS_MAIN(WorkloadsTest)
#include "test_workloads.moc"
