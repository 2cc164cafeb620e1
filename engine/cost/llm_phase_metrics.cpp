#include "cost/llm_phase_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "cost/bounds.hpp"
#include "tech/hardware_costs.hpp"
#include "util/units.hpp"
#include "workload/llm_model.hpp"

namespace mapscape {

namespace {

bool is_kv_cache_layer(const Model& model, const Layer& layer) {
    if (!model.llm) return false;
    const auto& names = model.llm->kv_cache_layers;
    return std::find(names.begin(), names.end(), layer.name) != names.end();
}

std::string gigabytes(double bytes) {
    char buf[32];
    std::snprintf(buf, sizeof buf, bytes >= 1e9 ? "%.2f GB" : "%.1f MB", bytes >= 1e9 ? bytes / 1e9 : bytes / 1e6);
    return buf;
}

}  // namespace

LayerOffchipBytes layer_offchip_bytes(const Layer& original, const Accelerator& acc) {
    const Layer layer = analysed_form(original);
    const TensorPrecision p = effective_precision(original, acc);
    LayerOffchipBytes b;
    b.input = static_cast<double>(input_elements(layer)) * element_bits(p.input, acc) / 8.0;
    b.weight = static_cast<double>(weight_elements(layer)) * element_bits(p.weight, acc) / 8.0;
    b.output = static_cast<double>(output_elements(layer)) * element_bits(p.output, acc) / 8.0;
    return b;
}

double offchip_bytes_per_second(const Accelerator& acc) {
    return static_cast<double>(acc.offchip_bw_elements_per_cycle) * static_cast<double>(acc.word_size_bytes) * acc.clock_mhz * 1e6;
}

std::int64_t offchip_floor_cycles(const Layer& layer, const Accelerator& acc) {
    const double bytes_per_cycle =
        static_cast<double>(acc.offchip_bw_elements_per_cycle) * static_cast<double>(acc.word_size_bytes);
    return static_cast<std::int64_t>(std::ceil(layer_offchip_bytes(layer, acc).total() / bytes_per_cycle));
}

LlmPhaseBound llm_phase_bound(const Model& model, const Accelerator& acc) {
    LlmPhaseBound b;
    for (const Layer& l : model.layers) {
        const std::int64_t compute = layer_bound(l, acc).runtime_cycles;
        const std::int64_t memory = offchip_floor_cycles(l, acc);
        b.cycles += over_runs(l, std::max(compute, memory));
        if (memory > compute) b.memory_limited_cycles += over_runs(l, memory);
        b.compute_cycles += over_runs(l, compute);
        b.memory_cycles += over_runs(l, memory);
        const LayerOffchipBytes bytes = layer_offchip_bytes(l, acc);
        const double runs = static_cast<double>(l.repeat_count);
        (is_kv_cache_layer(model, l) ? b.kv_cache_bytes : b.weight_bytes) += runs * bytes.weight;
        b.activation_bytes += runs * (bytes.input + bytes.output);
    }
    return b;
}

LlmPhaseMetrics llm_phase_metrics(const Model& model, const Accelerator& acc, const std::vector<LlmLayerCost>& per_layer) {
    LlmPhaseMetrics m;
    double energy = 0;
    for (std::size_t i = 0; i < model.layers.size() && i < per_layer.size(); ++i) {
        const Layer& l = model.layers[i];
        const std::int64_t floor = offchip_floor_cycles(l, acc);
        if (floor > per_layer[i].runtime_cycles) ++m.floored_layers;
        m.cycles += over_runs(l, std::max(per_layer[i].runtime_cycles, floor));
        energy += over_runs(l, per_layer[i].energy_nj);
    }
    const double hz = acc.clock_mhz * 1e6;
    m.seconds = static_cast<double>(m.cycles) / hz;
    m.bound = llm_phase_bound(model, acc);
    m.bound_seconds = static_cast<double>(m.bound.cycles) / hz;
    if (!model.llm) return m;
    const LlmWorkload& w = *model.llm;
    if (w.request.phase == LlmPhase::Decode) {
        // Each sequence gets one token per step: a token's latency is the step.
        m.ms_per_token = m.seconds * 1e3;
        m.tokens_per_second = static_cast<double>(w.tokens_generated()) / m.seconds;
        m.energy_per_token_nj = energy / static_cast<double>(w.tokens_generated());
    } else {
        const auto prompt_tokens = static_cast<double>(w.tokens_processed());
        m.ms_per_token = m.seconds * 1e3 / prompt_tokens;
        m.tokens_per_second = prompt_tokens / m.seconds;
        m.energy_per_token_nj = energy / prompt_tokens;
    }
    return m;
}

std::string describe_llm_metrics(const Model& model, const LlmPhaseMetrics& m) {
    if (!model.llm) return "";
    const LlmWorkload& w = *model.llm;
    char buf[512];
    const LlmPhaseBound& b = m.bound;
    std::string limit;
    if (b.memory_bound()) {
        limit = "memory: " + gigabytes(b.weight_bytes) + " of weights + " + gigabytes(b.kv_cache_bytes) + " of KV cache + " +
                gigabytes(b.activation_bytes) + " of activations";
    } else {
        limit = "compute: the MACs on every unit";
    }
    const std::string energy = format_quantity(m.energy_per_token_nj, Quantity::EnergyNj);
    if (w.request.phase == LlmPhase::Decode) {
        std::snprintf(buf, sizeof buf, "decode: %.4g ms/token, %.4g tokens/s (batch %lld), %s/token; bound %.4g ms (%s)",
                      m.ms_per_token, m.tokens_per_second, static_cast<long long>(w.request.batch), energy.c_str(),
                      m.bound_seconds * 1e3, limit.c_str());
    } else {
        std::snprintf(buf, sizeof buf,
                      "prefill: time to first token %.4g ms (batch %lld x %lld tokens), %.4g tokens/s, %s/prompt token; bound "
                      "%.4g ms (%s)",
                      m.seconds * 1e3, static_cast<long long>(w.request.batch), static_cast<long long>(w.request.prompt),
                      m.tokens_per_second, energy.c_str(), m.bound_seconds * 1e3, limit.c_str());
    }
    return buf;
}

nlohmann::ordered_json llm_metrics_to_json(const Model& model, const LlmPhaseMetrics& m) {
    nlohmann::ordered_json j;
    if (model.llm) {
        const LlmRequest& r = model.llm->request;
        j["config"] = model.llm->config;
        j["phase"] = std::string(llm_phase_name(r.phase));
        j["batch"] = r.batch;
        if (r.phase == LlmPhase::Prefill)
            j["prompt"] = r.prompt;
        else
            j["context"] = r.context;
    }
    j["seconds"] = m.seconds;
    j["ms_per_token"] = m.ms_per_token;
    j["tokens_per_second"] = m.tokens_per_second;
    j["energy_per_token_nj"] = m.energy_per_token_nj;
    j["floored_layers"] = m.floored_layers;
    j["bound_seconds"] = m.bound_seconds;
    j["limited_by"] = m.bound.memory_bound() ? "memory" : "compute";
    j["weight_bytes"] = m.bound.weight_bytes;
    j["kv_cache_bytes"] = m.bound.kv_cache_bytes;
    j["activation_bytes"] = m.bound.activation_bytes;
    return j;
}

std::int64_t knee_batch(const LlmConfig& config, const LlmRequest& request, const std::string& reference, const Accelerator& acc,
                        std::int64_t max_batch) {
    auto compute_bound_at = [&](std::int64_t batch) {
        LlmRequest r = request;
        r.batch = batch;
        return !llm_phase_bound(build_llm_model(config, r, reference), acc).memory_bound();
    };
    if (compute_bound_at(1)) return 1;
    if (!compute_bound_at(max_batch)) return 0;
    std::int64_t lo = 1, hi = max_batch;  // memory-bound at lo, compute-bound at hi
    while (hi - lo > 1) {
        const std::int64_t mid = lo + (hi - lo) / 2;
        (compute_bound_at(mid) ? hi : lo) = mid;
    }
    return hi;
}

std::int64_t decode_knee_batch(const LlmConfig& config, const LlmRequest& request, const std::string& reference,
                               const Accelerator& acc, std::int64_t max_batch) {
    LlmRequest r = request;
    r.phase = LlmPhase::Decode;
    return knee_batch(config, r, reference, acc, max_batch);
}

}  // namespace mapscape
