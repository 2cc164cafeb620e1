#include "workload/llm_model.hpp"

#include <algorithm>
#include <charconv>

#include "util/diagnostic.hpp"
#include "util/integer_math.hpp"

namespace mapscape {

std::string_view llm_phase_name(LlmPhase phase) { return phase == LlmPhase::Prefill ? "prefill" : "decode"; }

std::optional<LlmPhase> parse_llm_phase(std::string_view name) {
    if (name == "prefill") return LlmPhase::Prefill;
    if (name == "decode") return LlmPhase::Decode;
    return std::nullopt;
}

namespace {

[[noreturn]] void refuse(const std::string& where, const std::string& message) { throw InputError({where, 0, 0}, message); }

// A GEMM dimension the cost model can hold (MAESTRO's sizes are 32-bit).
std::int64_t checked(std::int64_t value, const std::string& what) {
    if (value > kIntMax) refuse(what, what + " " + std::to_string(value) + " exceeds " + std::to_string(kIntMax));
    return value;
}

}  // namespace

std::int64_t kv_cache_elements_per_token(const LlmConfig& c) { return 2 * c.num_layers * c.num_kv_heads * c.head_dim; }

Model build_llm_model(const LlmConfig& c, const LlmRequest& r, const std::string& config_reference) {
    if (r.batch < 1 || r.batch > 65536) refuse("--batch", "the batch must be 1 to 65,536 sequences, not " + std::to_string(r.batch));
    const bool prefill = r.phase == LlmPhase::Prefill;
    const std::int64_t positions = c.max_positions > 0 ? c.max_positions : kIntMax;
    if (prefill && (r.prompt < 1 || r.prompt > positions))
        refuse("--prompt", "the prompt must be 1 to " + std::to_string(positions) + " tokens (" + c.name +
                               "'s positions), not " + std::to_string(r.prompt));
    if (!prefill && (r.context < 1 || r.context > positions))
        refuse("--context", "the context must be 1 to " + std::to_string(positions) + " tokens (" + c.name +
                                "'s positions), not " + std::to_string(r.context));

    const std::int64_t query_tokens = prefill ? r.prompt : 1;
    const std::int64_t tokens = checked(r.batch * query_tokens, "tokens (batch x prompt)");
    const std::int64_t attended = prefill ? r.prompt : (c.sliding_window > 0 ? std::min(r.context, c.sliding_window) : r.context);
    const std::int64_t h = c.hidden_size, q = c.num_heads * c.head_dim, kv = c.num_kv_heads * c.head_dim;

    Model m;
    m.name = c.name + "_" + std::string(llm_phase_name(r.phase)) + "_b" + std::to_string(r.batch) +
             (prefill ? "_s" + std::to_string(r.prompt) : "_l" + std::to_string(r.context));
    m.description = c.name + " " + std::string(llm_phase_name(r.phase)) + ", batch " + std::to_string(r.batch) +
                    (prefill ? ", prompt " + std::to_string(r.prompt) : ", context " + std::to_string(r.context)) + " (" +
                    llm_config_summary(c) + ")";
    m.source = "built from the configuration " + config_reference + " (mapscape-cli model llm)";
    const TensorPrecision precision = with_defaults(r.precision, uniform_precision(c.weight_format));
    auto add = [&](const std::string& name, std::int64_t rows, std::int64_t cols, std::int64_t inner, std::int64_t repeat) {
        Layer l = Layer::gemm(name, checked(rows, name + " M"), checked(cols, name + " N"), checked(inner, name + " K"));
        l.repeat_count = repeat;
        l.precision = precision;
        m.layers.push_back(std::move(l));
    };
    const std::int64_t layers = c.num_layers;
    const std::int64_t heads_runs = layers * r.batch * c.num_kv_heads;
    const std::int64_t group_rows = c.group_size() * query_tokens;
    add("q_proj", tokens, q, h, layers);
    add("k_proj", tokens, kv, h, layers);
    add("v_proj", tokens, kv, h, layers);
    add("attn_score", group_rows, attended, c.head_dim, heads_runs);
    add("attn_value", group_rows, c.head_dim, attended, heads_runs);
    add("o_proj", tokens, h, q, layers);
    if (c.gated_mlp) add("gate_proj", tokens, c.intermediate_size, h, layers);
    add("up_proj", tokens, c.intermediate_size, h, layers);
    add("down_proj", tokens, h, c.intermediate_size, layers);
    add("lm_head", r.batch, c.vocab_size, h, 1);

    LlmWorkload w;
    w.config = config_reference;
    w.request = r;
    if (prefill) w.request.context = r.prompt;
    w.attended_tokens = attended;
    w.kv_cache_layers = {"attn_score", "attn_value"};
    m.llm = w;
    return m;
}

bool is_llm_reference(const std::string& text) { return text.rfind("llm:", 0) == 0; }

std::string llm_reference(const std::string& config, const LlmRequest& r) {
    std::string s = "llm:" + config + ",phase=" + std::string(llm_phase_name(r.phase)) + ",batch=" + std::to_string(r.batch);
    s += r.phase == LlmPhase::Prefill ? ",prompt=" + std::to_string(r.prompt) : ",context=" + std::to_string(r.context);
    if (r.precision.specified()) {
        if (!r.precision.uniform()) throw InputError({"precision", 0, 0}, "an llm: reference names one format for every tensor");
        s += ",precision=" + precision_text(r.precision);
    }
    return s;
}

Model load_llm_reference(const std::string& text) {
    const std::string body = text.substr(4);
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = body.find(',', start);
        parts.push_back(body.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    if (parts[0].empty()) refuse(text, "\"llm:\" needs a configuration: llm:NAME[,phase=decode][,batch=B][,prompt=S][,context=L]");
    LlmRequest r;
    bool prompt_given = false, context_given = false;
    for (std::size_t i = 1; i < parts.size(); ++i) {
        const std::string& p = parts[i];
        const std::size_t eq = p.find('=');
        const std::string key = p.substr(0, eq);
        const std::string value = eq == std::string::npos ? "" : p.substr(eq + 1);
        if (key == "precision") {
            NumberFormat f{};
            if (!parse_number_format(value, f) || f == NumberFormat::Unspecified)
                refuse(text, "precision \"" + value + "\" is not a number format (int4, int8, int16, int32, fp16, bf16, fp32)");
            r.precision = uniform_precision(f);
            continue;
        }
        if (key == "phase") {
            const auto phase = parse_llm_phase(value);
            if (!phase) refuse(text, "phase \"" + value + "\" is neither prefill nor decode");
            r.phase = *phase;
            continue;
        }
        std::int64_t n = 0;
        const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
        const bool number = ec == std::errc() && end == value.data() + value.size() && !value.empty();
        if (key != "batch" && key != "prompt" && key != "context")
            refuse(text, "unknown setting \"" + key + "\" (expected phase, batch, prompt, context or precision)");
        if (!number) refuse(text, key + " \"" + value + "\" is not a whole number");
        if (key == "batch") r.batch = n;
        if (key == "prompt") r.prompt = n, prompt_given = true;
        if (key == "context") r.context = n, context_given = true;
    }
    if (r.phase == LlmPhase::Prefill && context_given && (!prompt_given || r.context != r.prompt))
        refuse(text, "a prefill's context is its prompt: give prompt=S");
    if (r.phase == LlmPhase::Decode && prompt_given)
        refuse(text, "a decode step has a context, not a prompt: give context=L (the tokens in the KV cache)");
    try {
        return build_llm_model(load_llm_config(parts[0]), r, parts[0]);
    } catch (const MissingFileError&) {
        throw;
    } catch (const InputError& e) {
        // The request's own refusals name an option ("--batch"); in a reference, name the reference.
        if (e.diagnostic().where.file.rfind("--", 0) == 0) refuse(text, e.diagnostic().message);
        throw;
    }
}

}  // namespace mapscape
