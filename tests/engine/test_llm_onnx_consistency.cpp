// A language model's decoder block exported from PyTorch to ONNX imports as the layers `model llm`
// builds from the same configuration: every GEMM's M, N, K and repeat count, and the MACs. The
// graphs in tests/data/llm/ are one decoder block + final norm + LM head of two tiny
// configurations (GQA gated, MHA ungated tied), a prefill and a decode step with the past keys and
// values as inputs, exported by tools/llm_onnx_export.py (the README there gives the commands);
// their weights' data is stripped, so neither PyTorch nor the weights are needed here.
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <iterator>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "test_support.hpp"
#include "workload/layer.hpp"
#include "workload/llm_config.hpp"
#include "workload/llm_model.hpp"
#include "workload/model.hpp"
#include "workload/onnx_import.hpp"

using namespace mapscape;

namespace {

// A product as M rows (tokens) x K inputs by K x N outputs, run `repeat` times. The importer
// writes a MatMul by a weight as FC (N tokens, K outputs, C inputs: docs/onnx-import.md), model
// llm as GEMM (M tokens, N outputs, K inputs): the same product.
struct Product {
    std::string kind;
    LayerType type = LayerType::Gemm;
    std::int64_t m = 0, n = 0, k = 0, repeat = 0;

    std::int64_t macs() const { return m * n * k * repeat; }
    bool same_product(const Product& o) const {
        return kind == o.kind && m == o.m && n == o.n && k == o.k && repeat == o.repeat;
    }
};

QString text(const Product& p) {
    return QString("%1 %2 M%3 N%4 K%5 x%6")
        .arg(QString::fromStdString(p.kind),
             QString::fromUtf8(layer_type_name(p.type).data(),
                               static_cast<int>(layer_type_name(p.type).size())))
        .arg(p.m)
        .arg(p.n)
        .arg(p.k)
        .arg(p.repeat);
}

std::int64_t dim_or_one(const Layer& l, Dim d) {
    return l.has(d) ? l.size(d) : 1;
}

// The module an imported node came from, as model llm names the layer: /block/attn/q_proj/MatMul
// is q_proj, .../score/MatMul attn_score, GPT-2's .../mlp/fc/... up_proj.
std::string kind_of_node(const std::string& node) {
    const std::size_t last = node.rfind('/');
    const std::size_t before =
        last == std::string::npos || last == 0 ? std::string::npos : node.rfind('/', last - 1);
    const std::string module =
        before == std::string::npos ? node : node.substr(before + 1, last - before - 1);
    if (module == "score") return "attn_score";
    if (module == "value") return "attn_value";
    if (module == "fc") return "up_proj";
    if (module == "proj") return "down_proj";
    return module;
}

Product imported_product(const Layer& l) {
    Product p;
    p.kind = kind_of_node(l.name);
    p.type = l.type;
    p.repeat = l.repeat_count;
    if (l.type == LayerType::FullyConnected) {
        p.m = dim_or_one(l, Dim::N);
        p.n = l.size(Dim::K);
        p.k = l.size(Dim::C);
    } else {
        p.m = dim_or_one(l, Dim::M);
        p.n = l.size(Dim::N);
        p.k = l.size(Dim::K);
    }
    return p;
}

// model llm's layers for one decoder block: every per-layer repeat count divided by the layers
// (attention's: layers x batch x K/V heads); the LM head runs once.
std::vector<Product> block_of(const Model& built, std::int64_t layers) {
    std::vector<Product> out;
    for (const Layer& l : built.layers) {
        Product p;
        p.kind = l.name;
        p.type = l.type;
        p.m = dim_or_one(l, Dim::M);
        p.n = l.size(Dim::N);
        p.k = l.size(Dim::K);
        p.repeat = l.name == "lm_head" ? l.repeat_count : l.repeat_count / layers;
        if (l.name != "lm_head" && l.repeat_count % layers != 0)
            p.repeat = -1;  // not a whole number of blocks
        out.push_back(p);
    }
    return out;
}

struct Export {
    const char* config;
    const char* onnx;
    LlmPhase phase;
    std::int64_t batch, tokens;  // prompt (prefill) or context (decode)
};

// What the files in tests/data/llm/ were exported for (its README).
const Export kExports[] = {
    {"tiny_gqa", "tiny_gqa_prefill.onnx", LlmPhase::Prefill, 2, 16},
    {"tiny_gqa", "tiny_gqa_decode.onnx", LlmPhase::Decode, 1, 40},
    {"tiny_mha_ungated", "tiny_mha_ungated_prefill.onnx", LlmPhase::Prefill, 1, 24},
    {"tiny_mha_ungated", "tiny_mha_ungated_decode.onnx", LlmPhase::Decode, 3, 50},
};

LlmRequest request_of(const Export& e) {
    LlmRequest r;
    r.phase = e.phase;
    r.batch = e.batch;
    if (e.phase == LlmPhase::Prefill)
        r.prompt = e.tokens;
    else
        r.context = e.tokens;
    return r;
}

std::string config_path(const Export& e) {
    return test_data(std::string("llm/") + e.config + ".json");
}

}  // namespace

class LlmOnnxConsistencyTest : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        const std::string status = onnx_plugin_status();
        QVERIFY2(status.ends_with("/mapscape-onnx.so"), status.c_str());
    }

    void exported_block_imports_as_model_llm_builds_it_data() {
        QTest::addColumn<int>("index");
        for (int i = 0; i < static_cast<int>(std::size(kExports)); ++i)
            QTest::newRow(kExports[i].onnx) << i;
    }

    void exported_block_imports_as_model_llm_builds_it() {
        QFETCH(int, index);
        const Export& e = kExports[index];
        const LlmConfig config = load_llm_config_file(config_path(e));
        const Model built = build_llm_model(config, request_of(e), config_path(e));
        const std::vector<Product> expected = block_of(built, config.num_layers);

        const std::string file = test_data(std::string("llm/") + e.onnx);
        QVERIFY2(std::filesystem::file_size(file) < 32 * 1024,
                 "the committed graphs are weightless, a few KB");
        const Model imported = import_onnx_model(file);
        std::vector<Product> got;
        for (const Layer& l : imported.layers) got.push_back(imported_product(l));

        QCOMPARE(got.size(), expected.size());
        std::int64_t block_macs = 0, head_macs = 0;
        for (std::size_t i = 0; i < got.size(); ++i) {
            QVERIFY2(got[i].same_product(expected[i]),
                     qPrintable("imported " + text(got[i]) + ", model llm's block " +
                                text(expected[i])));
            // Projections and the LM head multiply by a weight (FC); attention's products are
            // two activations, one GEMM per K/V head and sequence.
            const bool attention =
                expected[i].kind == "attn_score" || expected[i].kind == "attn_value";
            QVERIFY2(got[i].type == (attention ? LayerType::Gemm : LayerType::FullyConnected),
                     qPrintable(text(got[i])));
            MAPSCAPE_COMPARE_I64(over_runs(imported.layers[i], exact_macs(imported.layers[i])),
                                 expected[i].macs());
            (expected[i].kind == "lm_head" ? head_macs : block_macs) += expected[i].macs();
        }
        MAPSCAPE_COMPARE_I64(total_macs(imported.layers), block_macs + head_macs);
        // The whole model is its layers' blocks and one LM head.
        MAPSCAPE_COMPARE_I64(total_macs(built.layers), config.num_layers * block_macs + head_macs);
    }

    void model_llm_and_model_show_agree_through_the_cli_data() {
        exported_block_imports_as_model_llm_builds_it_data();
    }

    void model_llm_and_model_show_agree_through_the_cli() {
        // As a user checks it: `model llm CONFIG --out` writes build_llm_model's layers, and
        // `model show` of the exported block totals its MACs.
        QFETCH(int, index);
        const Export& e = kExports[index];
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString out = dir.filePath("llm.json");
        const bool prefill = e.phase == LlmPhase::Prefill;
        const CliRun built_run =
            cli({"model", "llm", QString::fromStdString(config_path(e)), "--phase",
                 prefill ? "prefill" : "decode", "--batch", QString::number(e.batch),
                 prefill ? "--prompt" : "--context", QString::number(e.tokens), "--out", out});
        QVERIFY2(built_run.exit_code == 0, built_run.err.constData());
        const LlmConfig config = load_llm_config_file(config_path(e));
        const Model built = build_llm_model(config, request_of(e), config_path(e));
        QCOMPARE(load_model_file(out.toStdString()).layers, built.layers);

        const Model imported = import_onnx_model(test_data(std::string("llm/") + e.onnx));
        const CliRun shown =
            cli({"model", "show", QString::fromStdString(test_data(std::string("llm/") + e.onnx))});
        QVERIFY2(shown.exit_code == 0, shown.err.constData());
        const QByteArray first_line = shown.out.left(shown.out.indexOf('\n'));
        QVERIFY2(first_line.contains(
                     " " + QByteArray::number(static_cast<qint64>(total_macs(imported.layers))) +
                     " MACs"),
                 first_line.constData());
    }

    void tiny_configurations_count_as_pytorch_does() {
        // tools/llm_reference_count.py tests/data/llm/*.json: PyTorch's parameter counts of the
        // modules built from these files (sum of numel, the tied head once).
        MAPSCAPE_COMPARE_I64(
            parameter_count(load_llm_config_file(test_data("llm/tiny_gqa.json"))).total(), 74560);
        MAPSCAPE_COMPARE_I64(
            parameter_count(load_llm_config_file(test_data("llm/tiny_mha_ungated.json"))).total(),
            67104);
    }
};

QTEST_GUILESS_MAIN(LlmOnnxConsistencyTest)
#include "test_llm_onnx_consistency.moc"
