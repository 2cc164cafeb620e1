// The layers of one phase of a decoder-only language model's inference, built from its
// configuration (workload/llm_config.hpp) with exact shapes and repeat counts:
//
//   per decoder layer (repeat: the model's layers)   q_proj, k_proj, v_proj, o_proj, then
//       gate_proj (gated MLPs only), up_proj, down_proj: GEMMs of M = tokens (batch x prompt in a
//       prefill, batch in a decode step), K = input features, N = output features;
//   attention (repeat: layers x batch x K/V heads)     attn_score = Q K^T and attn_value = P V,
//       one GEMM per K/V head: its group's query heads share one K (V) operand, the KV cache,
//       which is the GEMM's weight tensor (read from off-chip once per K/V head). M = group x
//       query tokens, N (K) = the keys attended. A prefill's S x S causal product is counted as
//       the dense product a GEMM engine computes (the masked half included); a decode step
//       attends min(context, sliding window) keys;
//   lm_head (repeat 1)                                  the logits of each sequence's last
//       position only (what generation needs; M = batch).
//
// The K/V projections' outputs are the tokens' cache entries, written off-chip. Embedding
// lookups, norms, rotary embeddings, softmax and activations are not layers (no MACs).
#pragma once

#include <string>

#include "workload/llm_config.hpp"
#include "workload/llm_workload.hpp"
#include "workload/model.hpp"

namespace mapscape {

// Throws InputError ("--batch" etc. as the location) for a request the configuration cannot
// serve: a context or prompt longer than its positions, a zero batch.
Model build_llm_model(const LlmConfig& config, const LlmRequest& request, const std::string& config_reference);

// "llm:CONFIG[,phase=prefill|decode][,batch=B][,prompt=S][,context=L][,precision=F]": a language model's phase
// wherever a model is named (search --model, mixes, sweeps). CONFIG: a bundled configuration
// (models/llm/) or a config.json.
bool is_llm_reference(const std::string& text);
Model load_llm_reference(const std::string& text);
// The reference that load_llm_reference reads back to the same model.
std::string llm_reference(const std::string& config, const LlmRequest& request);

// The KV cache one token adds to a sequence, all layers, keys and values, in elements.
std::int64_t kv_cache_elements_per_token(const LlmConfig& config);

}  // namespace mapscape
