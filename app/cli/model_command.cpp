// `mapscape-cli model`: list, show and convert workloads.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "tech/technology_choice.hpp"
#include "util/diagnostic.hpp"
#include "util/text_file.hpp"
#include "util/units.hpp"
#include "workload/model.hpp"
#include "workload/onnx_import.hpp"

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
    conv->add_option("out", o->out, "output .json")->required();
    conv->add_option("--name", o->name, "model name");
    conv->add_option("--description", o->description, "one-line description");
    conv->add_option("--source", o->source, "where the shapes come from");
    add_import_options(conv, *o);
    conv->callback([o, &exit_code] { exit_code = run_convert(*o); });
}

}  // namespace mapscape::cli
