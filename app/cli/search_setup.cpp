#include "cli/search_setup.hpp"
#include "cli/option_checks.hpp"
#include "cli/technology_options.hpp"

namespace mapscape::cli {

void SearchSetupOptions::add_to(CLI::App& c) {
    c.add_option("--model", model, "bundled model name (see `model list`) or a model file (.json, .onnx, .csv, .m)")->required();
    c.add_option("--layer", layers, "layers to search: all, N, A-B or a comma list (1-based)")->capture_default_str();
    c.add_option("--platform", platform, "edge, cloud, another preset id, or an accelerator file (.json or MAESTRO HW .m)")
        ->capture_default_str();
    c.add_option("--system", system, "target system: S1 (fixed 2D array), S2 (flexible 2D), S3 (scale-out)")
        ->capture_default_str();
    c.add_option("--levels", levels,
                 "cluster levels the mappings may have, within the system's range (S1: 2, S2: 1-2, S3: 2-3): "
                 "a count or a range such as 1-2 (default: the system's range)");
    c.add_option("--objective", objective,
                 "latency, energy, power, edp, area, lap, or a product such as latency*energy^2")
        ->capture_default_str();
    c.add_option("--budget", budget, "cost-model samples per layer")->capture_default_str()->check(positive_count("samples"));
    c.add_option("--time-limit", seconds, "wall-time limit per layer in seconds (0 = none; makes results machine-dependent)")
        ->check(amount_or_zero("seconds", "none"));
    c.add_option("--max-latency", max_latency, "hard latency cap in cycles (0 = none)")->check(count_or_zero("cycles", "none"));
    c.add_flag("--maestro-as-is", maestro_as_is,
               "accept mappings MAESTRO's model undercounts (a runtime below what their busiest PE must compute, "
               "or fewer MACs than the layer has: MAESTRO undercounts some partial tiles; tools that use MAESTRO "
               "as is report such mappings)");
    add_technology_options(c, technology);
    c.add_option("--threads", threads, "worker threads (0 = one per core); results do not depend on it")
        ->check(count_or_zero("threads", "one per core"));
}

}  // namespace mapscape::cli
