// `mapscape-cli model`: list, show and convert workloads.
#include <cstdio>
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "util/text_file.hpp"
#include "util/units.hpp"
#include "workload/model.hpp"

namespace mapscape::cli {

namespace {

struct ModelOptions {
    std::string model;
    std::string out;
    std::string name;
    std::string description;
    std::string source;
};

int run_list() {
    for (const auto& n : bundled_model_names()) {
        const Model m = load_bundled_model(n);
        std::int64_t macs = 0;
        for (const auto& l : m.layers) macs += exact_macs(l);
        // In the unit that shows the figure (DLRM's 0.000 GMACs were 1.1 MMACs).
        std::printf("%-18s %4zu layers %s  %s\n", n.c_str(), m.layers.size(),
                    right_aligned(format_quantity(static_cast<double>(macs), Quantity::Plain) + "MACs", 12).c_str(),
                    m.description.c_str());
    }
    return kExitOk;
}

int run_show(const ModelOptions& o) {
    const Model m = load_model(o.model);
    std::int64_t total = 0;
    for (const auto& l : m.layers) total += exact_macs(l);
    std::printf("%s: %zu layers, %lld MACs\n", m.name.c_str(), m.layers.size(),
                static_cast<long long>(total));
    for (std::size_t i = 0; i < m.layers.size(); ++i) {
        const auto& l = m.layers[i];
        const std::int64_t macs = exact_macs(l);
        std::printf("%4zu  %-20s %-44s %14lld  %5.1f%%\n", i + 1, l.name.c_str(),
                    shape_summary(l).c_str(), static_cast<long long>(macs),
                    total ? 100.0 * static_cast<double>(macs) / static_cast<double>(total) : 0.0);
    }
    return kExitOk;
}

int run_convert(const ModelOptions& o) {
    Model m = load_model(o.model);
    if (!o.name.empty()) m.name = o.name;
    if (!o.description.empty()) m.description = o.description;
    if (!o.source.empty()) m.source = o.source;
    write_text_file_atomically(o.out, model_to_json_text(m));
    std::fprintf(stderr, "wrote %s (%zu layers)\n", o.out.c_str(), m.layers.size());
    return kExitOk;
}

}  // namespace

void add_model_command(CLI::App& app, int& exit_code) {
    auto o = std::make_shared<ModelOptions>();
    CLI::App* c = app.add_subcommand("model", "list, show and convert DNN workloads");
    c->require_subcommand(1);
    c->add_subcommand("list", "list the bundled models")->callback([&exit_code] { exit_code = run_list(); });
    CLI::App* show = c->add_subcommand("show", "print a model's layer table");
    show->add_option("model", o->model, "bundled model name or file (.json, GAMMA .csv, MAESTRO .m)")->required();
    show->callback([o, &exit_code] { exit_code = run_show(*o); });
    CLI::App* conv = c->add_subcommand("convert", "convert a GAMMA CSV or MAESTRO network to Mapscape JSON");
    conv->add_option("model", o->model, "input model")->required();
    conv->add_option("out", o->out, "output .json")->required();
    conv->add_option("--name", o->name, "model name");
    conv->add_option("--description", o->description, "one-line description");
    conv->add_option("--source", o->source, "where the shapes come from");
    conv->callback([o, &exit_code] { exit_code = run_convert(*o); });
}

}  // namespace mapscape::cli
