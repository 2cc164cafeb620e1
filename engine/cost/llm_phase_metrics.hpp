// What an architect asks of an LLM phase on an accelerator: time to first token (a prefill),
// milliseconds per token and tokens per second (a decode step), energy per token, and the bound
// that says what limits it: the MACs on every unit, or the bytes that must cross the off-chip
// link (weights, the KV cache, each layer's activations in and out, each once).
//
// The off-chip floor. MAESTRO's model overlaps the double-buffered L2's refills with computing and
// truncates each step's refill time, so a mapping's modelled runtime can end before its layer's
// bytes could have crossed the link: a decode step at batch 1 (matrix-vector products, one MAC
// per weight) comes out compute-bound although every weight must come from DRAM. A phase's time
// is therefore each layer's runtime or its bytes over the off-chip bandwidth, whichever is
// longer (a roofline per layer), summed over the layers' runs. The layer's own figures (search
// tables, exports) stay the model's.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "arch/accelerator.hpp"
#include "workload/llm_config.hpp"
#include "workload/model.hpp"

namespace mapscape {

// Bytes one run of a layer moves over the off-chip link at the least: each tensor once, at its
// element width (the layer's precision, else the accelerator's word).
struct LayerOffchipBytes {
    double input = 0, weight = 0, output = 0;
    double total() const { return input + weight + output; }
};
LayerOffchipBytes layer_offchip_bytes(const Layer& layer, const Accelerator& acc);
// The off-chip link's bytes per second (elements per cycle x word x clock).
double offchip_bytes_per_second(const Accelerator& acc);
// Cycles the link needs for one run of the layer's bytes.
std::int64_t offchip_floor_cycles(const Layer& layer, const Accelerator& acc);

// The phase's lower bound: per layer the larger of its compute bound (MACs over PEs x lanes) and
// its off-chip floor, summed over runs; with what the bytes are.
struct LlmPhaseBound {
    std::int64_t cycles = 0;
    std::int64_t compute_cycles = 0;  // every layer's compute bound alone
    std::int64_t memory_cycles = 0;   // every layer's off-chip floor alone
    double weight_bytes = 0;          // the projections' and LM head's weights, all runs
    double kv_cache_bytes = 0;        // the KV cache the attention reads, all runs
    double activation_bytes = 0;      // every layer's inputs and outputs (K/V outputs: cache writes)
    // The part of `cycles` set by bytes: the layers whose off-chip floor exceeds their compute bound.
    std::int64_t memory_limited_cycles = 0;
    // Whether bytes set most of the bound. Per layer, not by the totals: a decode step's
    // projections turn compute-bound at some batch while its attention (the KV cache, read once
    // per sequence) never does, and the bound bends where the projections turn.
    bool memory_bound() const { return 2 * memory_limited_cycles >= cycles; }
};
LlmPhaseBound llm_phase_bound(const Model& model, const Accelerator& acc);

// One layer's figures as a search or an evaluation found them (one run).
struct LlmLayerCost {
    std::int64_t runtime_cycles = 0;
    double energy_nj = 0;
};

struct LlmPhaseMetrics {
    double seconds = 0;              // the phase: a prefill's time to first token, a decode step's time
    double ms_per_token = 0;         // decode: per generated token of each sequence (= the step); prefill: per prompt token
    double tokens_per_second = 0;    // decode: batch / step; prefill: prompt tokens processed per second
    double energy_per_token_nj = 0;  // decode: per generated token; prefill: per prompt token
    std::int64_t cycles = 0;
    std::int64_t floored_layers = 0;  // layers whose off-chip floor exceeded their modelled runtime
    LlmPhaseBound bound;
    double bound_seconds = 0;
};
// per_layer[i] belongs to model.layers[i]; the model must carry its LLM workload.
LlmPhaseMetrics llm_phase_metrics(const Model& model, const Accelerator& acc, const std::vector<LlmLayerCost>& per_layer);

// "decode: 135.2 ms/token, 7.4 tokens/s, 1.23 mJ/token; bound 134.9 ms (memory: 13.2 GB of
// weights + 0.5 GB of KV cache at 100 GB/s)".
std::string describe_llm_metrics(const Model& model, const LlmPhaseMetrics& metrics);

// {"phase", "batch", "prompt"|"context", "seconds", "ms_per_token", "tokens_per_second",
//  "energy_per_token_nj", "floored_layers", "bound_seconds", "limited_by": "memory"|"compute",
//  "weight_bytes", "kv_cache_bytes", "activation_bytes"}: search --json's "llm_phase", Python's alike.
nlohmann::ordered_json llm_metrics_to_json(const Model& model, const LlmPhaseMetrics& metrics);

// The least batch at which a decode step's bound stops being set mostly by the off-chip bytes
// (the roofline's knee: the weights are read once per step whatever the batch, while the MACs
// grow with it), searched up to max_batch; 0 when none up to it is compute-bound.
std::int64_t decode_knee_batch(const LlmConfig& config, const LlmRequest& request, const std::string& config_reference,
                               const Accelerator& acc, std::int64_t max_batch = 65536);
// The same for the request's own phase (a prefill's too: its weights are read once whatever the
// batch while its MACs grow with it).
std::int64_t knee_batch(const LlmConfig& config, const LlmRequest& request, const std::string& config_reference,
                        const Accelerator& acc, std::int64_t max_batch = 65536);

}  // namespace mapscape
