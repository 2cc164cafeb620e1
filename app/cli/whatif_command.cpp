// `mapscape-cli whatif`: the network's best latency and energy with each accelerator knob at
// x0.5 and x2 (search/sensitivity.hpp), every unique layer shape searched afresh per variant.
#include <cmath>
#include <cstdio>
#include <memory>

#include "arch/presets.hpp"
#include "cli/commands.hpp"
#include "cli/option_checks.hpp"
#include "cli/technology_options.hpp"
#include "search/sensitivity.hpp"
#include "util/json_text.hpp"
#include "util/text_file.hpp"
#include "util/units.hpp"

namespace mapscape::cli {

namespace {

struct WhatifOptions {
    std::string model;
    std::string platform = SearchDefaults{}.platform;
    std::vector<std::string> vary;
    SearchSetupOptions setup;
    std::string algo = SearchDefaults{}.algo;
    std::uint64_t seed = SearchDefaults{}.seed;
    std::string json_out;
};

std::string change_text(const std::optional<double>& change) {
    if (!change) return "-";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.1f%%", 100 * *change);
    return buf;
}

int run_whatif(const WhatifOptions& o) {
    SensitivityRequest request;
    request.model = load_model(o.model);
    request.accelerator = load_platform(o.platform);
    request.platform_name = o.platform;
    request.options = o.setup;
    request.algo = o.algo;
    request.seed = o.seed;
    for (const std::string& v : o.vary) request.knobs.push_back(parse_sensitivity_knob(v));
    const SensitivityTable t = sensitivity(request);
    std::printf("%s on %s: %lld unique layer shapes, %s, objective %s, %lld samples per layer, seed %llu\n", request.model.name.c_str(),
                o.platform.c_str(), static_cast<long long>(t.unique_layers), o.algo.c_str(), o.setup.objective.c_str(),
                static_cast<long long>(o.setup.budget), static_cast<unsigned long long>(o.seed));
    std::printf("%-11s %6s  %-28s %14s %12s %8s %12s %8s\n", "knob", "factor", "setting", "latency_cyc", "latency_ms", "change",
                "energy", "change");
    auto print_row = [&](const SensitivityRow& r, const std::string& knob, const std::string& factor) {
        if (!r.applies) {
            std::printf("%-11s %6s  %-28s %s\n", knob.c_str(), factor.c_str(), "-", r.why_not.c_str());
            return;
        }
        std::printf("%-11s %6s  %-28s %14lld %12.4g %8s %s %8s%s\n", knob.c_str(), factor.c_str(), r.setting.c_str(),
                    static_cast<long long>(r.latency_cycles), r.latency_ms, change_text(sensitivity_change(r, t.current, SensitivityMetric::LatencyMs)).c_str(),
                    right_aligned(format_quantity(r.energy_nj, Quantity::EnergyNj), 12).c_str(),
                    change_text(sensitivity_change(r, t.current, SensitivityMetric::EnergyNj)).c_str(),
                    r.layers_without_mapping ? ("  " + std::to_string(r.layers_without_mapping) + " layer(s) without a mapping").c_str() : "");
    };
    print_row(t.current, "current", "x1");
    for (const SensitivityRow& r : t.rows) {
        char factor[32];
        std::snprintf(factor, sizeof factor, "x%g", r.factor);
        print_row(r, r.knob, factor);
    }
    std::printf("%zu variants in %.2f s\n", t.rows.size() + 1, t.wall_seconds);
    if (!o.json_out.empty()) {
        write_text_file_atomically(o.json_out, json_text(sensitivity_to_json(request, t), 1) + "\n");
        std::fprintf(stderr, "wrote %s\n", o.json_out.c_str());
    }
    return t.current.layers_without_mapping > 0 ? kExitProblem : kExitOk;
}

}  // namespace

void add_whatif_command(CLI::App& app, int& exit_code) {
    auto o = std::make_shared<WhatifOptions>();
    o->setup.budget = 1500;
    CLI::App* c = app.add_subcommand("whatif", "how the network's best latency and energy answer each accelerator knob at x0.5 and x2 "
                                               "(every unique layer shape searched again per variant)");
    c->add_option("--model", o->model, "bundled model name, a model file, or llm:CONFIG,...")->required();
    c->add_option("--platform", o->platform, "edge, cloud, another preset id, or an accelerator file")->capture_default_str();
    c->add_option("--vary", o->vary,
                  "a knob and its factors, e.g. l2=x0.5,x2 (repeatable; default: pe_rows, pe_columns, l1, l2, noc_bw, offchip_bw, "
                  "clock at x0.5 and x2, and precision and node under a physical --tech)");
    c->add_option("--objective", o->setup.objective, "what each layer's search minimises")->capture_default_str();
    c->add_option("--budget", o->setup.budget, "cost-model samples per layer and variant")->capture_default_str()->check(positive_count("samples"));
    c->add_option("--algo", o->algo, "the mapping search")->capture_default_str();
    c->add_option("--seed", o->seed, "random seed")->capture_default_str()->check(seed_value());
    add_technology_options(*c, o->setup.technology);
    c->add_option("--threads", o->setup.threads, "worker threads (0 = one per core); results do not depend on it")
        ->check(count_or_zero("threads", "one per core"));
    c->add_option("--json", o->json_out, "write the table as JSON to this file")->check(writable_file());
    c->callback([o, &exit_code] { exit_code = run_whatif(*o); });
}

}  // namespace mapscape::cli
