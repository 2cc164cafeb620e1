#include "cli/naas_setup.hpp"
#include "cli/option_checks.hpp"

namespace mapscape::cli {

void NaasSetupOptions::add_to(CLI::App& c) {
    c.add_option("--mapping-search", mapping_search, "each layer's mapping on a candidate: naas (the paper's encoding, with --encoding) or gamma")
        ->capture_default_str();
    c.add_option("--population", population, "candidates per iteration")->capture_default_str()->check(count_in_range(2, 10000, "candidates"));
    c.add_option("--iterations", iterations, "iterations of the evolution strategy")->capture_default_str()->check(count_in_range(1, 100000, "iterations"));
    c.add_option("--mapping-samples", mapping_samples, "mapping-search samples per layer and candidate")
        ->capture_default_str()
        ->check(count_in_range(10, 10000000, "samples"));
    c.add_option("--baseline-samples", baseline_samples,
                 "samples per layer on the resources' own accelerator (GAMMA) and on the best three designs at the end")
        ->capture_default_str()
        ->check(count_in_range(10, 10000000, "samples"));
    c.add_option("--threads", threads, "worker threads (0 = one per core); results do not depend on it")
        ->capture_default_str()
        ->check(count_or_zero("threads", "one per core"));
    c.add_flag("--no-baseline-start", no_baseline_start,
               "draw the whole first generation from the distribution (the paper's rule) instead of starting from the resources' own design");
}

}  // namespace mapscape::cli
