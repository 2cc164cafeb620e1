// `mapscape-cli model`: list, show and convert workloads.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "cli/option_checks.hpp"
#include "tech/technology_choice.hpp"
#include "util/diagnostic.hpp"
#include "util/text_file.hpp"
#include "util/units.hpp"
#include "workload/model.hpp"
#include "workload/onnx_import.hpp"
#include "workload/llm_model.hpp"
#include "cost/llm_phase_metrics.hpp"
#include "arch/presets.hpp"

namespace mapscape::cli {

namespace {

struct ModelOptions {
    std::string model;
    std::string out;
    std::string name;
    std::string description;
    std::string source;
    std::vector<std::string> dimensions;  // NAME=VALUE
    bool unique = false;
    std::string precision;  // for the layers without one ("" = leave them so)
};

bool is_onnx(const std::string& path) {
    if (path.size() <= 5) return false;
    std::string tail = path.substr(path.size() - 5);
    std::transform(tail.begin(), tail.end(), tail.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return tail == ".onnx";
}

Model load_with_dimensions(const ModelOptions& o) {
    if (is_onnx(o.model)) {
        OnnxImportOptions import;
        for (const std::string& d : o.dimensions) import.dimensions.push_back(parse_dimension_value(d));
        import.unique = o.unique;
        return import_onnx_model(o.model, import);
    }
    if (!o.dimensions.empty())
        throw InputError({o.model, 0, 0}, "--dim sets symbolic dimensions of ONNX graphs; this model's sizes are fixed");
    Model m = load_model(o.model);
    return o.unique ? merge_identical_layers(m) : m;
}

// The model, with --dim, --unique and --precision applied (--dim for ONNX graphs; the others for
// any model). The precision is checked before the model is read: a typo fails at once.
Model load(const ModelOptions& o) {
    TechnologyChoice choice;
    choice.precision = o.precision;
    const TensorPrecision precision = chosen_precision(choice);
    Model m = load_with_dimensions(o);
    if (!precision.specified()) return m;
    apply_default_precision(precision, m.layers);
    // Layers kept apart by their precisions may now share one.
    return o.unique ? merge_identical_layers(m) : m;
}

int run_list() {
    const std::vector<std::string> names = bundled_model_names();
    std::size_t width = 0;
    for (const auto& n : names) width = std::max(width, n.size());
    for (const auto& n : names) {
        const Model m = load_bundled_model(n);
        // In the unit that shows the figure (DLRM's 0.000 GMACs were 1.1 MMACs).
        std::printf("%-*s %4zu layers %s  %s\n", static_cast<int>(width), n.c_str(), m.layers.size(),
                    right_aligned(format_quantity(static_cast<double>(total_macs(m.layers)), Quantity::Plain) + "MACs", 12).c_str(),
                    m.description.c_str());
    }
    return kExitOk;
}

double percent(std::int64_t part, std::int64_t whole) {
    return whole > 0 ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0;
}

int run_show(const ModelOptions& o) {
    const Model m = load(o);
    const std::int64_t mapped = total_macs(m.layers);
    std::int64_t unmapped = 0;
    for (const UnmappedOperator& u : m.unmapped) unmapped += u.operations;
    const std::int64_t runs = total_runs(m.layers);
    std::string layers = std::to_string(m.layers.size()) + " layers";
    if (runs != static_cast<std::int64_t>(m.layers.size())) layers += " (" + std::to_string(runs) + " runs with repeats)";
    std::printf("%s: %s, %lld MACs\n", m.name.c_str(), layers.c_str(), static_cast<long long>(mapped));
    if (!m.source.empty()) std::printf("source: %s\n", m.source.c_str());
    std::size_t width = 20;
    for (const auto& l : m.layers) width = std::max(width, l.name.size());
    const bool repeats = runs != static_cast<std::int64_t>(m.layers.size());
    for (std::size_t i = 0; i < m.layers.size(); ++i) {
        const auto& l = m.layers[i];
        const std::int64_t macs = over_runs(l, exact_macs(l));
        std::string times = repeats ? (l.repeat_count > 1 ? "x" + std::to_string(l.repeat_count) : "") : "";
        const std::string precision = precision_text(l.precision);
        std::printf("%4zu  %-*s %-44s%s%-6s %14lld  %5.1f%%%s%s\n", i + 1, static_cast<int>(width), l.name.c_str(),
                    shape_summary(l).c_str(), repeats ? " " : "", times.c_str(), static_cast<long long>(macs), percent(macs, mapped),
                    precision.empty() ? "" : "  ", precision.c_str());
    }
    if (!m.unmapped.empty()) {
        // Shares of all the arithmetic, the mapped layers' MACs and the other operators' own.
        const std::int64_t all = mapped + unmapped;
        std::printf("not mapped: %lld operators, %lld operations, %.2f%% of the model's arithmetic (layers %.2f%%)\n",
                    [&] {
                        long long count = 0;
                        for (const UnmappedOperator& u : m.unmapped) count += u.count;
                        return count;
                    }(),
                    static_cast<long long>(unmapped), percent(unmapped, all), percent(mapped, all));
        std::size_t op_width = 10;
        for (const UnmappedOperator& u : m.unmapped) op_width = std::max(op_width, u.op_type.size());
        for (const UnmappedOperator& u : m.unmapped)
            std::printf("      %-*s %5lld  %14lld  %6.2f%%%s%s\n", static_cast<int>(op_width), u.op_type.c_str(),
                        static_cast<long long>(u.count), static_cast<long long>(u.operations), percent(u.operations, all),
                        u.reason.empty() ? "" : "  ", u.reason.c_str());
    }
    return kExitOk;
}

int run_convert(const ModelOptions& o) {
    Model m = load(o);
    if (!o.name.empty()) m.name = o.name;
    if (!o.description.empty()) m.description = o.description;
    if (!o.source.empty()) m.source = o.source;
    write_text_file_atomically(o.out, model_to_json_text(m));
    std::fprintf(stderr, "wrote %s (%zu layers)\n", o.out.c_str(), m.layers.size());
    return kExitOk;
}

struct LlmOptions {
    std::string config;
    std::string phase = "decode";
    std::int64_t batch = 1;
    std::int64_t prompt = LlmRequest{}.prompt;
    std::int64_t context = LlmRequest{}.context;
    std::string precision;
    std::string platform;  // for the phase's bound and the decode knee
    std::string out;
    bool prompt_given = false, context_given = false;
};

std::string with_commas(std::int64_t n) {
    std::string digits = std::to_string(n), out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

int run_llm(const LlmOptions& o) {
    const auto phase = parse_llm_phase(o.phase);
    if (!phase) throw InputError({"--phase", 0, 0}, "the phase is prefill or decode, not \"" + o.phase + "\"");
    if (*phase == LlmPhase::Prefill && o.context_given)
        throw InputError({"--context", 0, 0}, "a prefill's context is its prompt: give --prompt");
    if (*phase == LlmPhase::Decode && o.prompt_given)
        throw InputError({"--prompt", 0, 0}, "a decode step has a context (the tokens in the KV cache), not a prompt: give --context");
    TechnologyChoice choice;
    choice.precision = o.precision;
    const TensorPrecision precision = chosen_precision(choice);
    const LlmConfig config = load_llm_config(o.config);
    LlmRequest request;
    request.phase = *phase;
    request.batch = o.batch;
    request.prompt = o.prompt;
    request.context = o.context;
    request.precision = precision;
    const Model m = build_llm_model(config, request, o.config);
    const LlmParameterCount params = parameter_count(config);
    std::printf("%s: %s\n", config.name.c_str(), llm_config_summary(config).c_str());
    std::printf("parameters: %s (embedding %s, attention %s, MLP %s, norms %s, LM head %s)\n", with_commas(params.total()).c_str(),
                with_commas(params.embedding).c_str(), with_commas(params.attention).c_str(), with_commas(params.mlp).c_str(),
                with_commas(params.norms).c_str(), params.lm_head ? with_commas(params.lm_head).c_str() : "tied");
    const LlmWorkload& w = *m.llm;
    const std::int64_t macs = total_macs(m.layers);
    std::printf("%s: %s MACs, %s per %s token; KV cache %s elements per token of each sequence\n", m.description.c_str(),
                with_commas(macs).c_str(), with_commas(macs / w.tokens_processed()).c_str(),
                *phase == LlmPhase::Prefill ? "prompt" : "generated", with_commas(kv_cache_elements_per_token(config)).c_str());
    std::size_t width = 10;
    for (const auto& l : m.layers) width = std::max(width, l.name.size());
    for (std::size_t i = 0; i < m.layers.size(); ++i) {
        const auto& l = m.layers[i];
        const std::int64_t layer_macs = over_runs(l, exact_macs(l));
        std::printf("%4zu  %-*s %-30s x%-8lld %16s  %5.1f%%  %s\n", i + 1, static_cast<int>(width), l.name.c_str(), shape_summary(l).c_str(),
                    static_cast<long long>(l.repeat_count), with_commas(layer_macs).c_str(), percent(layer_macs, macs),
                    precision_text(l.precision).c_str());
    }
    if (!o.platform.empty()) {
        const Accelerator acc = load_platform(o.platform);
        const LlmPhaseBound b = llm_phase_bound(m, acc);
        const double hz = acc.clock_mhz * 1e6;
        std::printf("on %s (%s off-chip): bound %.4g ms per %s (compute %.4g ms, off-chip %.4g ms: %.3g GB of weights, %.3g GB of KV "
                    "cache, %.3g GB of activations); %s-bound\n",
                    acc.name.c_str(), format_quantity(offchip_bytes_per_second(acc), Quantity::Plain).append("B/s").c_str(),
                    static_cast<double>(b.cycles) / hz * 1e3, *phase == LlmPhase::Prefill ? "prefill" : "step",
                    static_cast<double>(b.compute_cycles) / hz * 1e3, static_cast<double>(b.memory_cycles) / hz * 1e3,
                    b.weight_bytes / 1e9, b.kv_cache_bytes / 1e9, b.activation_bytes / 1e9, b.memory_bound() ? "memory" : "compute");
        if (*phase == LlmPhase::Decode) {
            const std::int64_t knee = decode_knee_batch(config, request, o.config, acc);
            if (knee == 1)
                std::printf("decode is compute-bound from batch 1 on: the MACs take longer than the weights' bytes\n");
            else if (knee > 0)
                std::printf("decode becomes compute-bound at batch %lld: below it every step reads all the weights for a few MACs "
                            "each; from it on the MACs set most of the step\n",
                            static_cast<long long>(knee));
            else
                std::printf("decode stays memory-bound up to batch 65,536: each sequence's KV cache takes longer to read than all its MACs "
                            "take, so the cache's reads set most of every step however large the batch\n");
        }
    }
    if (!o.out.empty()) {
        write_text_file_atomically(o.out, model_to_json_text(m));
        std::fprintf(stderr, "wrote %s (%zu layers)\n", o.out.c_str(), m.layers.size());
    }
    return kExitOk;
}

void add_import_options(CLI::App* c, ModelOptions& o) {
    c->add_option("--dim", o.dimensions, "value of a symbolic dimension of an ONNX graph, NAME=VALUE (repeatable)");
    c->add_flag("--unique", o.unique, "one layer per distinct shape, with a repeat count (totals unchanged)");
    c->add_option("--precision", o.precision,
                  "number format of the layers that give none (a quantized ONNX graph's keep theirs): int4, int8, "
                  "int16, int32, fp16, bf16, fp32, or input=F,weight=F,output=F");
}

}  // namespace

void add_model_command(CLI::App& app, int& exit_code) {
    auto o = std::make_shared<ModelOptions>();
    CLI::App* c = app.add_subcommand("model", "list, show and convert DNN workloads");
    c->require_subcommand(1);
    c->add_subcommand("list", "list the bundled models")->callback([&exit_code] { exit_code = run_list(); });
    CLI::App* show = c->add_subcommand("show", "print a model's layer table (and an ONNX graph's operators that are not layers)");
    show->add_option("model", o->model, "bundled model name or file (.json, GAMMA .csv, MAESTRO .m, ONNX .onnx)")->required();
    add_import_options(show, *o);
    show->callback([o, &exit_code] { exit_code = run_show(*o); });
    CLI::App* conv = c->add_subcommand("convert", "convert an ONNX graph, a GAMMA CSV or a MAESTRO network to Mapscape JSON");
    conv->add_option("model", o->model, "input model")->required();
    conv->add_option("out", o->out, "output .json")->required()->check(writable_file());
    conv->add_option("--name", o->name, "model name");
    conv->add_option("--description", o->description, "one-line description");
    conv->add_option("--source", o->source, "where the shapes come from");
    add_import_options(conv, *o);
    conv->callback([o, &exit_code] { exit_code = run_convert(*o); });
    auto l = std::make_shared<LlmOptions>();
    CLI::App* llm = c->add_subcommand("llm", "build one phase of a language model's inference (prefill or a decode step) from its "
                                             "configuration: layers, parameters, KV cache, and the phase's bound on a platform");
    llm->add_option("config", l->config, "a bundled configuration (gpt2, llama-2-7b, llama-3-8b, mistral-7b, qwen2-0.5b) or a "
                                         "Hugging Face config.json")->required();
    llm->add_option("--phase", l->phase, "prefill (the prompt, up to the first token) or decode (one step)")->capture_default_str();
    llm->add_option("--batch", l->batch, "sequences processed together")->capture_default_str();
    llm->add_option("--prompt", l->prompt, "prefill: prompt tokens per sequence")->capture_default_str();
    llm->add_option("--context", l->context, "decode: tokens in each sequence's KV cache, the new one included")->capture_default_str();
    llm->add_option("--precision", l->precision,
                    "number format instead of the configuration's torch_dtype: int4, int8, int16, int32, fp16, bf16, fp32, or "
                    "input=F,weight=F,output=F");
    llm->add_option("--platform", l->platform, "a preset or accelerator file: print the phase's bound and, for decode, the batch at "
                                               "which it becomes compute-bound");
    llm->add_option("--out", l->out, "write the layers as a model file (search --model FILE takes it)")->check(writable_file());
    llm->callback([l, llm, &exit_code] {
        l->prompt_given = llm->count("--prompt") > 0;
        l->context_given = llm->count("--context") > 0;
        exit_code = run_llm(*l);
    });
}

}  // namespace mapscape::cli
