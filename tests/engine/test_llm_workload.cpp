// LLM inference workloads: configurations read as published (parameter counts equal the model
// cards' exact figures), every field honoured in the layers, prefill and decode shapes and MACs
// hand-computed, bad configurations refused with file, line, field and reason, and the phase
// metrics' physics (a batch-1 decode at the off-chip bytes' bound, the knee where it turns
// compute-bound).
#include <QTemporaryDir>
#include <random>

#include "arch/accelerator_json.hpp"
#include "cli_runner.hpp"
#include "cost/llm_phase_metrics.hpp"
#include "search/llm_search_metrics.hpp"
#include "search/search_setup.hpp"
#include "test_support.hpp"
#include "util/diagnostic.hpp"
#include "util/text_file.hpp"
#include "workload/llm_config.hpp"
#include "workload/llm_model.hpp"
#include "workload/model.hpp"

using namespace mapscape;

namespace {

std::string bundled_text(const std::string& name) {
    return read_text_file(std::string(MAPSCAPE_SOURCE_TREE) + "/models/llm/" + name + ".json");
}

// The refusal of a configuration text as the user sees it ("FILE:LINE:COL: message"), or "(accepted)".
std::string refusal(const std::string& text) {
    try {
        parse_llm_config(text, "config.json");
    } catch (const InputError& e) {
        return e.diagnostic().to_string();
    }
    return "(accepted)";
}

const Layer& layer_named(const Model& m, const std::string& name) {
    for (const Layer& l : m.layers)
        if (l.name == name) return l;
    throw std::runtime_error("no layer " + name);
}

bool has_layer(const Model& m, const std::string& name) {
    for (const Layer& l : m.layers)
        if (l.name == name) return true;
    return false;
}

LlmRequest decode(std::int64_t batch, std::int64_t context) {
    LlmRequest r;
    r.phase = LlmPhase::Decode;
    r.batch = batch;
    r.context = context;
    return r;
}

LlmRequest prefill(std::int64_t batch, std::int64_t prompt) {
    LlmRequest r;
    r.phase = LlmPhase::Prefill;
    r.batch = batch;
    r.prompt = prompt;
    return r;
}

Accelerator llm_platform() {
    return load_accelerator_file(std::string(MAPSCAPE_EXAMPLES_DIR) + "/llm_accelerator.json");
}

}  // namespace

class LlmWorkloadTest : public QObject {
    Q_OBJECT

private slots:
    // The exact counts of the modules transformers builds from these files (models/llm/README.md).
    void parameter_counts_equal_the_published_ones_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<qint64>("parameters");
        QTest::newRow("gpt2") << "gpt2" << qint64(124439808);
        QTest::newRow("llama-2-7b") << "llama-2-7b" << qint64(6738415616);
        QTest::newRow("llama-3-8b") << "llama-3-8b" << qint64(8030261248);
        QTest::newRow("mistral-7b") << "mistral-7b" << qint64(7241732096);
        QTest::newRow("qwen2-0.5b") << "qwen2-0.5b" << qint64(494032768);
    }
    void parameter_counts_equal_the_published_ones() {
        QFETCH(QString, name);
        QFETCH(qint64, parameters);
        MAPSCAPE_COMPARE_I64(parameter_count(load_llm_config(name.toStdString())).total(), parameters);
    }

    void every_bundled_configuration_loads() {
        const auto names = bundled_llm_names();
        QCOMPARE(names.size(), std::size_t(5));
        for (const auto& n : names) QCOMPARE(load_llm_config(n).name, n);
    }

    // Llama-2-7B, one decode step at batch 1 and context 1024, by hand: per layer 4 x 4096^2
    // (Q, K, V, O) + 3 x 4096 x 11008 (gate, up, down) + 2 x 32 heads x 128 x 1024 (scores and
    // values), times 32 layers, plus the LM head's 4096 x 32000.
    void decode_macs_by_hand() {
        const Model m = build_llm_model(load_llm_config("llama-2-7b"), decode(1, 1024), "llama-2-7b");
        const std::int64_t per_layer = 4LL * 4096 * 4096 + 3LL * 4096 * 11008 + 2LL * 32 * 128 * 1024;
        MAPSCAPE_COMPARE_I64(total_macs(m.layers), 32 * per_layer + 4096LL * 32000);
        QVERIFY(m.llm.has_value());
        QCOMPARE(m.llm->tokens_generated(), std::int64_t(1));
        const Layer& q = layer_named(m, "q_proj");
        MAPSCAPE_COMPARE_I64(q.size(Dim::M), 1);
        MAPSCAPE_COMPARE_I64(q.size(Dim::K), 4096);
        MAPSCAPE_COMPARE_I64(q.size(Dim::N), 4096);
        MAPSCAPE_COMPARE_I64(q.repeat_count, 32);
    }

    // A prefill: every projection over batch x prompt tokens; attention as the dense S x S
    // product; the LM head for each sequence's last position only.
    void prefill_shapes_by_hand() {
        const Model m = build_llm_model(load_llm_config("llama-2-7b"), prefill(2, 512), "llama-2-7b");
        MAPSCAPE_COMPARE_I64(layer_named(m, "up_proj").size(Dim::M), 1024);
        const Layer& score = layer_named(m, "attn_score");
        MAPSCAPE_COMPARE_I64(score.size(Dim::M), 512);
        MAPSCAPE_COMPARE_I64(score.size(Dim::N), 512);
        MAPSCAPE_COMPARE_I64(score.size(Dim::K), 128);
        MAPSCAPE_COMPARE_I64(score.repeat_count, 32 * 2 * 32);
        MAPSCAPE_COMPARE_I64(layer_named(m, "lm_head").size(Dim::M), 2);
        QCOMPARE(m.llm->tokens_processed(), std::int64_t(1024));
    }

    // Grouped-query attention: K and V project to the K/V heads only, and a group's query heads
    // share one product with the cache (Llama-3-8B: 8 K/V heads of 4 queries each).
    void grouped_query_attention_shares_the_cache() {
        const Model m = build_llm_model(load_llm_config("llama-3-8b"), decode(4, 2048), "llama-3-8b");
        MAPSCAPE_COMPARE_I64(layer_named(m, "k_proj").size(Dim::N), 8 * 128);
        const Layer& score = layer_named(m, "attn_score");
        MAPSCAPE_COMPARE_I64(score.size(Dim::M), 4);  // the group's 4 queries of one token
        MAPSCAPE_COMPARE_I64(score.size(Dim::N), 2048);
        MAPSCAPE_COMPARE_I64(score.repeat_count, 32 * 4 * 8);
        const Layer& value = layer_named(m, "attn_value");
        MAPSCAPE_COMPARE_I64(value.size(Dim::K), 2048);
        MAPSCAPE_COMPARE_I64(value.size(Dim::N), 128);
        // Without GQA (Llama-2-7B) each query head has its own K/V head.
        const Model mha = build_llm_model(load_llm_config("llama-2-7b"), decode(4, 2048), "llama-2-7b");
        MAPSCAPE_COMPARE_I64(layer_named(mha, "k_proj").size(Dim::N), 4096);
        MAPSCAPE_COMPARE_I64(layer_named(mha, "attn_score").size(Dim::M), 1);
    }

    void gated_and_ungated_mlps() {
        const Model gated = build_llm_model(load_llm_config("qwen2-0.5b"), decode(1, 64), "qwen2-0.5b");
        QVERIFY(has_layer(gated, "gate_proj"));
        MAPSCAPE_COMPARE_I64(layer_named(gated, "up_proj").size(Dim::N), 4864);
        const Model plain = build_llm_model(load_llm_config("gpt2"), decode(1, 64), "gpt2");
        QVERIFY(!has_layer(plain, "gate_proj"));
        // GPT-2's n_inner is absent: four times the hidden size.
        MAPSCAPE_COMPARE_I64(layer_named(plain, "up_proj").size(Dim::N), 4 * 768);
        // Tied embeddings: no parameters of its own, but the LM head still computes the logits.
        QCOMPARE(parameter_count(load_llm_config("gpt2")).lm_head, std::int64_t(0));
        MAPSCAPE_COMPARE_I64(layer_named(plain, "lm_head").size(Dim::N), 50257);
    }

    // Fields the shapes depend on, each changed in a copy of a bundled file.
    void every_field_is_honoured() {
        auto with = [](const std::string& name, const nlohmann::json& changes) {
            nlohmann::json j = nlohmann::json::parse(bundled_text(name));
            for (const auto& [k, v] : changes.items()) j[k] = v;
            return parse_llm_config(j.dump(2), name + ".json");
        };
        const LlmConfig head_dim = with("llama-3-8b", {{"head_dim", 64}});
        QCOMPARE(head_dim.head_dim, std::int64_t(64));
        const LlmConfig mqa = with("gpt2", {{"multi_query", true}});
        QCOMPARE(mqa.num_kv_heads, std::int64_t(1));
        const LlmConfig biased = with("llama-2-7b", {{"attention_bias", true}, {"mlp_bias", true}});
        MAPSCAPE_COMPARE_I64(parameter_count(biased).total() - 6738415616LL, 32LL * (4 * 4096 + 2 * 11008 + 4096));
        const LlmConfig untied = with("gpt2", {{"tie_word_embeddings", false}});
        MAPSCAPE_COMPARE_I64(parameter_count(untied).lm_head, 50257LL * 768);
        const LlmConfig ungated = with("llama-2-7b", {{"gated_mlp", false}});
        QVERIFY(!ungated.gated_mlp);
        const LlmConfig fp32 = with("llama-2-7b", {{"torch_dtype", "float32"}});
        QCOMPARE(build_llm_model(fp32, decode(1, 16), "x").layers[0].precision, uniform_precision(NumberFormat::Fp32));
        QCOMPARE(build_llm_model(load_llm_config("llama-2-7b"), decode(1, 16), "x").layers[0].precision,
                 uniform_precision(NumberFormat::Fp16));
        // Mistral's 4,096-token window: a longer context still attends 4,096 keys. Qwen2 turns its window off.
        const Model mistral = build_llm_model(load_llm_config("mistral-7b"), decode(1, 8192), "mistral-7b");
        MAPSCAPE_COMPARE_I64(layer_named(mistral, "attn_score").size(Dim::N), 4096);
        QCOMPARE(mistral.llm->attended_tokens, std::int64_t(4096));
        QCOMPARE(load_llm_config("qwen2-0.5b").sliding_window, std::int64_t(0));
        // An unknown family is accepted when it says whether its MLP is gated.
        const LlmConfig custom = with("llama-2-7b", {{"model_type", "my_decoder"}, {"gated_mlp", true}});
        QVERIFY(custom.gated_mlp);
    }

    void bad_configurations_are_refused_with_the_field_and_why_data() {
        QTest::addColumn<QString>("change");  // JSON object of fields to set; null removes one
        QTest::addColumn<QString>("expected");
        QTest::newRow("missing field") << R"({"hidden_size": null})"
                                       << "missing field \"hidden_size\" or \"n_embd\" or \"d_model\"";
        QTest::newRow("heads not dividing") << R"({"num_attention_heads": 30})" << "30 heads do not divide the hidden size 4096";
        QTest::newRow("zero layers") << R"({"num_hidden_layers": 0})" << "\"num_hidden_layers\"";
        QTest::newRow("kv heads not dividing") << R"({"num_key_value_heads": 5})"
                                               << "5 key/value heads do not divide the 32 attention heads";
        QTest::newRow("mixture of experts") << R"({"num_local_experts": 8})" << "a mixture-of-experts model";
        QTest::newRow("unknown family") << R"({"model_type": "lama"})" << "model_type \"lama\" is not a family Mapscape knows (did you mean \"llama\"?)";
        QTest::newRow("bad dtype") << R"({"torch_dtype": "float8"})" << "unknown torch_dtype \"float8\"";
        QTest::newRow("text for a number") << R"({"hidden_size": "4096"})" << "\"hidden_size\"";
        QTest::newRow("flag not boolean") << R"({"tie_word_embeddings": "no"})" << "\"tie_word_embeddings\" must be true or false";
    }
    void bad_configurations_are_refused_with_the_field_and_why() {
        QFETCH(QString, change);
        QFETCH(QString, expected);
        nlohmann::json j = nlohmann::json::parse(bundled_text("llama-2-7b"));
        const nlohmann::json changes = nlohmann::json::parse(change.toStdString());
        for (const auto& [k, v] : changes.items()) {
            if (v.is_null())
                j.erase(k);
            else
                j[k] = v;
        }
        const std::string message = refusal(j.dump(2));
        QVERIFY2(message.rfind("config.json:", 0) == 0, message.c_str());
        QVERIFY2(message.find(':', 12) != std::string::npos, message.c_str());  // a line
        QVERIFY2(message.find(expected.toStdString()) != std::string::npos, message.c_str());
    }

    // Any mutation of a configuration loads or is refused as input: never another exception,
    // never a crash, never a model with a non-positive dimension.
    void mutated_configurations_never_crash() {
        std::mt19937_64 rng(7);
        const std::vector<std::string> names = bundled_llm_names();
        const nlohmann::json values[] = {nullptr, 0, -1, 1, 3, 7, 1 << 30, 1e300, "x", true, false, nlohmann::json::array(),
                                         nlohmann::json::object(), 2.5};
        int accepted = 0, refused = 0;
        for (int round = 0; round < 3000; ++round) {
            nlohmann::json j = nlohmann::json::parse(bundled_text(names[rng() % names.size()]));
            const int edits = 1 + static_cast<int>(rng() % 3);
            for (int e = 0; e < edits; ++e) {
                auto it = j.begin();
                std::advance(it, static_cast<long>(rng() % j.size()));
                const std::string key = it.key();
                if (rng() % 5 == 0)
                    j.erase(key);
                else
                    j[key] = values[rng() % std::size(values)];
            }
            std::string text = j.dump(1);
            if (rng() % 10 == 0) text.resize(rng() % text.size());  // a truncated file
            try {
                const LlmConfig c = parse_llm_config(text, "fuzz.json");
                const Model m = build_llm_model(c, rng() % 2 ? decode(1 + rng() % 8, 1 + rng() % 64) : prefill(1, 1 + rng() % 64), "fuzz");
                for (const Layer& l : m.layers) QVERIFY2(layer_problem(l).empty(), layer_problem(l).c_str());
                ++accepted;
            } catch (const InputError&) {
                ++refused;
            }
        }
        QVERIFY(accepted > 100);
        QVERIFY(refused > 100);
    }

    void requests_and_references_are_checked() {
        const LlmConfig c = load_llm_config("gpt2");
        auto message = [&](auto&& build) {
            try {
                build();
            } catch (const InputError& e) {
                return e.diagnostic().to_string();
            }
            return std::string("(accepted)");
        };
        QVERIFY(message([&] { build_llm_model(c, decode(1, 2048), "gpt2"); }).find("--context: the context must be 1 to 1024") == 0);
        QVERIFY(message([&] { build_llm_model(c, decode(0, 16), "gpt2"); }).find("--batch") == 0);
        QVERIFY(message([&] { load_model("llm:gpt2,phase=encode"); }).find("phase \"encode\" is neither prefill nor decode") !=
                std::string::npos);
        QVERIFY(message([&] { load_model("llm:gpt2,batch=two"); }).find("batch \"two\" is not a whole number") != std::string::npos);
        QVERIFY(message([&] { load_model("llm:gpt2,beam=4"); }).find("unknown setting \"beam\"") != std::string::npos);
        QVERIFY(message([&] { load_model("llm:gpt2,phase=decode,prompt=5"); }).find("give context=L") != std::string::npos);
        QVERIFY(message([&] { load_model("llm:gtp2"); }).find("did you mean \"gpt2\"") != std::string::npos);
        QVERIFY(message([&] { load_model("llm:gpt2,context=4096"); }).find("llm:gpt2,context=4096: the context must be") == 0);
        // A reference reads back to the model it names, precision included.
        LlmRequest r = prefill(3, 77);
        r.precision = uniform_precision(NumberFormat::Int8);
        const Model built = build_llm_model(c, r, "gpt2");
        QCOMPARE(load_model(llm_reference("gpt2", r)), built);
    }

    void model_files_keep_the_workload() {
        LlmRequest r = decode(8, 300);
        r.precision = uniform_precision(NumberFormat::Int8);
        const Model m = build_llm_model(load_llm_config("mistral-7b"), r, "mistral-7b");
        const Model back = parse_model_json(model_to_json_text(m), "m.json");
        QCOMPARE(back, m);
        QVERIFY(back.llm.has_value());
        QCOMPARE(back.llm->request.context, std::int64_t(300));
        QCOMPARE(back.llm->kv_cache_layers.size(), std::size_t(2));
    }

    // Llama-2-7B's weights are 13.2 GB at 16 bits: at batch 1 on a 100 GB/s link a decode step
    // cannot take less than about 135 ms (67 at 8 bits), and that is what limits it.
    void a_batch_one_decode_is_bound_by_the_weights_bytes() {
        const Accelerator acc = llm_platform();
        QCOMPARE(offchip_bytes_per_second(acc), 100e9);
        const LlmConfig c = load_llm_config("llama-2-7b");
        const Model fp16 = build_llm_model(c, decode(1, 1024), "llama-2-7b");
        const LlmPhaseBound b16 = llm_phase_bound(fp16, acc);
        QVERIFY(b16.memory_bound());
        const double weights = 2.0 * (32.0 * (4 * 4096.0 * 4096 + 3 * 4096.0 * 11008) + 4096.0 * 32000);
        QCOMPARE(b16.weight_bytes, weights);
        QCOMPARE(b16.kv_cache_bytes, 2.0 * 2 * 32 * 32 * 128 * 1024);  // keys and values, 32 layers x 32 heads x 128 x 1024
        const double ms16 = static_cast<double>(b16.cycles) / 1e6;  // 1 GHz
        QVERIFY2(ms16 > 132 && ms16 < 140, std::to_string(ms16).c_str());
        LlmRequest int8 = decode(1, 1024);
        int8.precision = uniform_precision(NumberFormat::Int8);
        const double ms8 = static_cast<double>(llm_phase_bound(build_llm_model(c, int8, "llama-2-7b"), acc).cycles) / 1e6;
        QVERIFY2(std::abs(ms8 - ms16 / 2) < 0.01 * ms16, std::to_string(ms8).c_str());

        // The searched mappings' step is within 10% of it.
        SearchSetupOptions o;
        o.budget = 2000;
        o.threads = 2;
        const SearchSetup setup = make_search_setup(fp16, acc, "llm_accelerator.json", o);
        const ModelSearchOutcome outcome = search_model(make_search_request(setup, search_algorithm("gamma"), 1));
        const auto metrics = llm_metrics_of_search(setup, outcome);
        QVERIFY(metrics.has_value());
        QVERIFY2(metrics->seconds >= metrics->bound_seconds, std::to_string(metrics->seconds).c_str());
        QVERIFY2(metrics->seconds < 1.10 * metrics->bound_seconds, std::to_string(metrics->seconds).c_str());
        QCOMPARE(metrics->tokens_per_second, 1.0 / metrics->seconds);
    }

    // The roofline's knee: below it a step reads every weight for few MACs each; from it on the
    // MACs take longer than the bytes.
    void decode_turns_compute_bound_at_the_knee() {
        const Accelerator acc = llm_platform();
        const LlmConfig c = load_llm_config("llama-3-8b");
        const std::int64_t knee = decode_knee_batch(c, decode(1, 512), "llama-3-8b", acc);
        QVERIFY2(knee > 1 && knee < 65536, std::to_string(knee).c_str());
        QVERIFY(!llm_phase_bound(build_llm_model(c, decode(knee, 512), "x"), acc).memory_bound());
        QVERIFY(llm_phase_bound(build_llm_model(c, decode(knee - 1, 512), "x"), acc).memory_bound());
        // A prefill of a long prompt is compute-bound.
        QVERIFY(!llm_phase_bound(build_llm_model(c, prefill(1, 1024), "x"), acc).memory_bound());
    }

    void the_cli_builds_and_refuses() {
        const CliRun ok = cli({"model", "llm", "llama-2-7b", "--platform", QString(MAPSCAPE_EXAMPLES_DIR) + "/llm_accelerator.json"});
        QCOMPARE(ok.exit_code, 0);
        QVERIFY(ok.out.contains("parameters: 6,738,415,616"));
        QVERIFY(ok.out.contains("memory-bound"));
        // Llama-2-7B has a K/V head per query head: at context 1024 each sequence's cache takes
        // longer to read than its MACs; Llama-3-8B shares each among four and turns compute-bound.
        QVERIFY(ok.out.contains("decode stays memory-bound up to batch 65,536"));
        const CliRun gqa = cli({"model", "llm", "llama-3-8b", "--platform", QString(MAPSCAPE_EXAMPLES_DIR) + "/llm_accelerator.json"});
        QVERIFY2(gqa.out.contains("decode becomes compute-bound at batch"), gqa.out.constData());
        QTemporaryDir dir;
        const QString bad = dir.filePath("config.json");
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\n  \"model_type\": \"llama\",\n  \"hidden_size\": 4096,\n  \"num_attention_heads\": 30,\n"
                "  \"num_hidden_layers\": 2,\n  \"vocab_size\": 100\n}\n");
        f.close();
        const CliRun refused = cli({"model", "llm", bad});
        QCOMPARE(refused.exit_code, 2);
        QVERIFY2(refused.err.contains("config.json:4:"), refused.err.constData());
        QVERIFY2(refused.err.contains("30 heads do not divide the hidden size 4096"), refused.err.constData());
        const CliRun context = cli({"model", "llm", "gpt2", "--context", "5000"});
        QCOMPARE(context.exit_code, 2);
        QVERIFY2(context.err.contains("--context"), context.err.constData());
        const CliRun search = cli({"search", "--model", "llm:qwen2-0.5b,phase=decode,batch=4,context=256", "--platform",
                                   QString(MAPSCAPE_EXAMPLES_DIR) + "/llm_accelerator.json", "--budget", "300", "--quiet"});
        QCOMPARE(search.exit_code, 0);
        QVERIFY2(search.out.contains("decode: ") && search.out.contains("tokens/s (batch 4)"), search.out.constData());
    }
};

QTEST_GUILESS_MAIN(LlmWorkloadTest)
#include "test_llm_workload.moc"
