// What an LLM workload is: one phase of inference (a prefill of the prompt, or one decode step)
// of a decoder-only model at a batch and context. A Model built from a configuration carries it
// (Model::llm), so that search, compare and codesign can report time to first token, tokens per
// second and energy per token (cost/llm_phase_metrics.hpp) from the layers they mapped.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "workload/precision.hpp"

namespace mapscape {

enum class LlmPhase { Prefill, Decode };

std::string_view llm_phase_name(LlmPhase phase);  // "prefill", "decode"
std::optional<LlmPhase> parse_llm_phase(std::string_view name);

struct LlmRequest {
    LlmPhase phase = LlmPhase::Decode;
    std::int64_t batch = 1;     // sequences processed together
    std::int64_t prompt = 512;  // prefill: prompt tokens per sequence
    std::int64_t context = 1024;  // decode: tokens in each sequence's KV cache, the new one included
    // Number formats instead of the configuration's torch_dtype (unspecified tensors keep it).
    TensorPrecision precision;

    bool operator==(const LlmRequest&) const = default;
};

// Carried by a Model built from a configuration; stored in the model file's "llm" object.
struct LlmWorkload {
    std::string config;  // the configuration's bundled name or file
    LlmRequest request;
    // Keys and values each sequence's attention reads (decode: min(context, window)).
    std::int64_t attended_tokens = 0;
    // The layers whose weight operand is the KV cache (the attention products), by name.
    std::vector<std::string> kv_cache_layers;

    // Tokens one run of the model produces: decode, one per sequence; prefill, the first token of each.
    std::int64_t tokens_generated() const { return request.batch; }
    // Tokens one run consumes: prefill, every prompt token; decode, one per sequence.
    std::int64_t tokens_processed() const {
        return request.phase == LlmPhase::Prefill ? request.batch * request.prompt : request.batch;
    }
    bool operator==(const LlmWorkload&) const = default;
};

}  // namespace mapscape
