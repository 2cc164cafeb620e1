#include "workload/llm_config.hpp"

#include <algorithm>
#include <filesystem>
#include <map>

#include "util/closest_name.hpp"
#include "util/data_paths.hpp"
#include "util/diagnostic.hpp"
#include "util/file_names.hpp"
#include "util/json_document.hpp"
#include "util/text_file.hpp"

namespace mapscape {

namespace {

// What a model family's config.json leaves to its code (transformers' modelling files): whether
// the MLP is gated, whether the LM head is tied when the file does not say, how layers are
// normalised, which projections carry biases and whether positions are a learned table.
struct FamilyDefaults {
    bool gated_mlp;
    bool tied_embeddings;
    bool layer_norm_bias;
    bool qkv_bias, output_bias, mlp_bias;
    bool learned_positions;
};

const std::map<std::string, FamilyDefaults>& families() {
    static const std::map<std::string, FamilyDefaults> table{
        // gated tied   LN-bias qkv    out    mlp    positions
        {"llama", {true, false, false, false, false, false, false}},
        {"mistral", {true, false, false, false, false, false, false}},
        {"qwen2", {true, false, false, true, false, false, false}},
        {"gemma", {true, true, false, false, false, false, false}},
        {"phi3", {true, false, false, false, false, false, false}},
        {"gpt2", {false, true, true, true, true, true, true}},
        {"gpt_neox", {false, false, true, true, true, true, false}},
        {"opt", {false, true, true, true, true, true, true}},
    };
    return table;
}

// Mixture-of-experts fields: each token runs a few of several MLPs, which these layers do not model.
constexpr const char* kExpertFields[] = {"num_local_experts", "num_experts", "n_routed_experts", "moe_intermediate_size"};

class ConfigReader {
public:
    explicit ConfigReader(const JsonDocument& doc) : doc_(doc), root_(doc.root()) {}

    // The first of `keys` present and not null; "" when none is.
    std::string present(std::initializer_list<const char*> keys) const {
        for (const char* k : keys)
            if (root_.contains(k) && !root_[k].is_null()) return k;
        return "";
    }

    std::int64_t required(std::initializer_list<const char*> keys, std::int64_t min, std::int64_t max) const {
        const std::string key = present(keys);
        if (key.empty()) {
            std::string names;
            for (const char* k : keys) names += (names.empty() ? "\"" : " or \"") + std::string(k) + "\"";
            doc_.fail("", "missing field " + names + ": the configuration must give it");
        }
        return doc_.integer(root_, "", key, min, max);
    }

    std::int64_t optional(std::initializer_list<const char*> keys, std::int64_t fallback, std::int64_t min,
                          std::int64_t max) const {
        const std::string key = present(keys);
        return key.empty() ? fallback : doc_.integer(root_, "", key, min, max);
    }

    bool flag(const char* key, bool fallback) const {
        if (!root_.contains(key) || root_[key].is_null()) return fallback;
        if (!root_[key].is_boolean()) doc_.fail(json_child("", key), "\"" + std::string(key) + "\" must be true or false");
        return root_[key].get<bool>();
    }

    // "config.json:4:26: num_attention_heads: 30 heads do not divide ...": the field, then why.
    [[noreturn]] void fail(const std::string& key, const std::string& message) const {
        doc_.fail(json_child("", key), key.empty() ? message : key + ": " + message);
    }

    const nlohmann::json& root() const { return root_; }
    const JsonDocument& doc() const { return doc_; }

private:
    const JsonDocument& doc_;
    const nlohmann::json& root_;
};

NumberFormat dtype_format(const std::string& dtype) {
    if (dtype == "float16") return NumberFormat::Fp16;
    if (dtype == "bfloat16") return NumberFormat::Bf16;
    if (dtype == "float32") return NumberFormat::Fp32;
    if (dtype == "int8") return NumberFormat::Int8;
    return NumberFormat::Unspecified;
}

std::string llm_directory() { return data_directory() + "/models/llm"; }

}  // namespace

LlmConfig parse_llm_config(std::string_view text, const std::string& file_name) {
    const JsonDocument doc = JsonDocument::parse(text, file_name);
    if (!doc.root().is_object()) doc.fail("", "a model configuration (config.json) must be a JSON object");
    const ConfigReader r(doc);
    LlmConfig c;
    c.name = std::filesystem::path(file_name).stem().string();
    if (c.name == "config") c.name = std::filesystem::path(file_name).parent_path().filename().string();
    if (c.name.empty()) c.name = "llm";

    for (const char* key : kExpertFields)
        if (r.root().contains(key) && !r.root()[key].is_null())
            r.fail(key, "a mixture-of-experts model: each token runs a few of several MLPs, which Mapscape's decoder layers "
                        "do not model");
    if (r.root().contains("is_encoder_decoder") && r.root()["is_encoder_decoder"].is_boolean() &&
        r.root()["is_encoder_decoder"].get<bool>())
        r.fail("is_encoder_decoder", "an encoder-decoder model: only decoder-only language models are built");

    c.model_type = doc.string_or(r.root(), "", "model_type", "");
    const auto family = families().find(c.model_type);
    const bool gated_given = r.root().contains("gated_mlp");
    if (family == families().end() && !gated_given) {
        std::vector<std::string> known;
        for (const auto& [name, _] : families()) known.push_back(name);
        std::string list;
        for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
        const std::string where = r.root().contains("model_type") ? "model_type" : "";
        const std::string what = c.model_type.empty() ? "no \"model_type\"" : "model_type \"" + c.model_type + "\"";
        doc.fail(json_child("", where), (where.empty() ? "" : where + ": ") + what + " is not a family Mapscape knows" + did_you_mean(c.model_type, known) +
                                            " (known: " + list + "); add \"gated_mlp\": true or false to say whether its MLP "
                                            "has a gate projection");
    }
    const FamilyDefaults d = family != families().end() ? family->second
                                                        : FamilyDefaults{false, false, false, false, false, false, false};

    constexpr std::int64_t kMaxWidth = 1 << 20;
    c.hidden_size = r.required({"hidden_size", "n_embd", "d_model"}, 1, kMaxWidth);
    c.num_heads = r.required({"num_attention_heads", "n_head"}, 1, 4096);
    c.num_layers = r.required({"num_hidden_layers", "n_layer"}, 1, 4096);
    c.vocab_size = r.required({"vocab_size"}, 1, 1 << 24);
    const std::string heads_key = r.present({"num_attention_heads", "n_head"});
    if (const std::string key = r.present({"head_dim"}); !key.empty()) {
        c.head_dim = doc.integer(r.root(), "", key, 1, kMaxWidth);
    } else {
        if (c.hidden_size % c.num_heads != 0)
            r.fail(heads_key, std::to_string(c.num_heads) + " heads do not divide the hidden size " +
                                  std::to_string(c.hidden_size) + " (and no \"head_dim\" says what each head has)");
        c.head_dim = c.hidden_size / c.num_heads;
    }
    const std::string kv_key = r.present({"num_key_value_heads"});
    if (!kv_key.empty()) {
        c.num_kv_heads = doc.integer(r.root(), "", kv_key, 1, 4096);
    } else {
        c.num_kv_heads = r.flag("multi_query", false) ? 1 : c.num_heads;
    }
    if (c.num_kv_heads > c.num_heads || c.num_heads % c.num_kv_heads != 0)
        r.fail(kv_key.empty() ? heads_key : kv_key,
               std::to_string(c.num_kv_heads) + " key/value heads do not divide the " + std::to_string(c.num_heads) +
                   " attention heads (each K/V head serves a whole group of query heads)");
    // GPT-2's n_inner is null for "4 x hidden"; OPT calls it ffn_dim.
    c.intermediate_size = r.optional({"intermediate_size", "n_inner", "ffn_dim"}, 4 * c.hidden_size, 1, 1 << 22);
    c.max_positions = r.optional({"max_position_embeddings", "n_positions", "n_ctx"}, 0, 1, 1 << 24);
    c.gated_mlp = r.flag("gated_mlp", d.gated_mlp);
    c.tied_embeddings = r.flag("tie_word_embeddings", d.tied_embeddings);
    c.learned_positions = d.learned_positions;
    if (c.learned_positions && c.max_positions == 0)
        r.fail("", "missing field \"n_positions\": the position embedding table's rows");
    c.layer_norm_bias = d.layer_norm_bias;
    c.qkv_bias = d.qkv_bias;
    c.output_bias = d.output_bias;
    c.mlp_bias = d.mlp_bias;
    if (r.root().contains("attention_bias")) c.qkv_bias = c.output_bias = r.flag("attention_bias", false);
    c.mlp_bias = r.flag("mlp_bias", c.mlp_bias);
    // Mistral's window; Qwen2 gives one but turns it off with use_sliding_window.
    if (r.flag("use_sliding_window", true)) c.sliding_window = r.optional({"sliding_window"}, 0, 1, 1 << 24);
    if (r.root().contains("torch_dtype") && r.root()["torch_dtype"].is_string()) {
        c.weight_format = dtype_format(r.root()["torch_dtype"].get<std::string>());
        if (c.weight_format == NumberFormat::Unspecified)
            r.fail("torch_dtype", "unknown torch_dtype \"" + r.root()["torch_dtype"].get<std::string>() +
                                      "\" (expected float16, bfloat16, float32 or int8)");
    }
    return c;
}

LlmConfig load_llm_config_file(const std::string& path) {
    return parse_llm_config(read_text_file(path), path);
}

std::vector<std::string> bundled_llm_names() {
    std::vector<std::string> names;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(llm_directory(), ec))
        if (entry.path().extension() == ".json") names.push_back(entry.path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
}

LlmConfig load_llm_config(const std::string& name_or_path) {
    if (path_exists(name_or_path) && !is_directory_path(name_or_path)) return load_llm_config_file(name_or_path);
    // Bundled names may hold dots ("qwen2-0.5b"); a name with a slash or ending in .json is a file.
    const bool file_like = name_or_path.find('/') != std::string::npos ||
                           (name_or_path.size() > 5 && name_or_path.compare(name_or_path.size() - 5, 5, ".json") == 0);
    if (file_like) return load_llm_config_file(name_or_path);
    const std::string path = llm_directory() + "/" + name_or_path + ".json";
    if (!path_exists(path)) {
        const std::vector<std::string> known = bundled_llm_names();
        std::string list;
        for (const auto& n : known) list += (list.empty() ? "" : ", ") + n;
        throw InputError({name_or_path, 0, 0}, "no bundled language model configuration called \"" + name_or_path + "\"" +
                                                   did_you_mean(name_or_path, known) + " (known: " + list +
                                                   "; or give a config.json)");
    }
    LlmConfig c = load_llm_config_file(path);
    c.name = name_or_path;
    return c;
}

LlmParameterCount parameter_count(const LlmConfig& c) {
    LlmParameterCount p;
    const std::int64_t h = c.hidden_size, q = c.num_heads * c.head_dim, kv = c.num_kv_heads * c.head_dim;
    p.embedding = c.vocab_size * h + (c.learned_positions ? c.max_positions * h : 0);
    std::int64_t attention = h * q + 2 * h * kv + q * h;
    if (c.qkv_bias) attention += q + 2 * kv;
    if (c.output_bias) attention += h;
    std::int64_t mlp = (c.gated_mlp ? 3 : 2) * h * c.intermediate_size;
    if (c.mlp_bias) mlp += (c.gated_mlp ? 2 : 1) * c.intermediate_size + h;
    const std::int64_t norm = c.layer_norm_bias ? 2 * h : h;
    p.attention = c.num_layers * attention;
    p.mlp = c.num_layers * mlp;
    p.norms = (2 * c.num_layers + 1) * norm;
    p.lm_head = c.tied_embeddings ? 0 : c.vocab_size * h;
    return p;
}

std::string llm_config_summary(const LlmConfig& c) {
    std::string attention = std::to_string(c.num_heads) + " heads";
    if (c.num_kv_heads == 1)
        attention += " (1 K/V: MQA)";
    else if (c.num_kv_heads < c.num_heads)
        attention += " (" + std::to_string(c.num_kv_heads) + " K/V: GQA)";
    std::string s = std::to_string(c.num_layers) + " layers, hidden " + std::to_string(c.hidden_size) + ", " + attention +
                    " of " + std::to_string(c.head_dim) + ", MLP " + std::to_string(c.intermediate_size) +
                    (c.gated_mlp ? " gated" : "") + ", vocabulary " + std::to_string(c.vocab_size) +
                    (c.tied_embeddings ? " (tied head)" : "");
    if (c.sliding_window > 0) s += ", attention window " + std::to_string(c.sliding_window);
    return s;
}

}  // namespace mapscape
