// A decoder-only language model's shape, read from its Hugging Face `config.json`: what an
// architect needs to build its layers (workload/llm_model.hpp) and count its parameters. Weights
// are never read; the bundled configurations (models/llm/*.json) are the published files.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "workload/precision.hpp"

namespace mapscape {

struct LlmConfig {
    std::string name;        // the bundled name or the file's stem
    std::string model_type;  // "llama", "gpt2", ...
    std::int64_t hidden_size = 0;
    std::int64_t num_heads = 0;
    std::int64_t num_kv_heads = 0;  // fewer than num_heads: grouped-query (1: multi-query) attention
    std::int64_t head_dim = 0;      // hidden_size / num_heads unless the file says otherwise
    std::int64_t intermediate_size = 0;
    std::int64_t num_layers = 0;
    std::int64_t vocab_size = 0;
    std::int64_t max_positions = 0;  // the longest context the model was trained for
    bool gated_mlp = false;          // gate and up projections (SwiGLU) instead of one up projection
    bool tied_embeddings = false;    // the LM head shares the token embedding's weights
    bool learned_positions = false;  // a position embedding table of max_positions rows (GPT-2)
    bool layer_norm_bias = false;    // LayerNorm (weight and bias) rather than RMSNorm (weight)
    bool qkv_bias = false, output_bias = false, mlp_bias = false;
    std::int64_t sliding_window = 0;  // attention sees at most this many tokens; 0 = all
    NumberFormat weight_format = NumberFormat::Unspecified;  // torch_dtype

    std::int64_t group_size() const { return num_heads / num_kv_heads; }  // query heads per K/V head
};

// Parameters by part: what the published counts add up.
struct LlmParameterCount {
    std::int64_t embedding = 0;  // tokens (and learned positions)
    std::int64_t attention = 0;  // Q, K, V, O with biases, all layers
    std::int64_t mlp = 0;        // all layers
    std::int64_t norms = 0;      // every layer's two and the final one
    std::int64_t lm_head = 0;    // 0 when tied to the embedding
    std::int64_t total() const { return embedding + attention + mlp + norms + lm_head; }
};

// Parses a config.json. Fields the shapes do not depend on (dropout, rope, token ids) are
// ignored; the ones read are checked (type, range, heads dividing the hidden size) and a
// configuration Mapscape cannot model (mixture of experts, an unknown family without
// "gated_mlp") is refused: InputError at the field, FILE:LINE:COL.
LlmConfig parse_llm_config(std::string_view text, const std::string& file_name);
LlmConfig load_llm_config_file(const std::string& path);
// The configurations in models/llm/ (file stems), and loading one by name or path.
std::vector<std::string> bundled_llm_names();
LlmConfig load_llm_config(const std::string& name_or_path);

LlmParameterCount parameter_count(const LlmConfig& config);

// "32 layers, hidden 4096, 32 heads (8 K/V: GQA), MLP 14336 gated, vocabulary 128256".
std::string llm_config_summary(const LlmConfig& config);

}  // namespace mapscape
