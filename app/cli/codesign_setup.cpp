#include "cli/codesign_setup.hpp"
#include "cli/technology_options.hpp"
#include "cli/option_checks.hpp"

namespace mapscape::cli {

void CodesignSetupOptions::add_to(CLI::App& c) {
    c.add_option("--platform", platform, "edge (0.2 mm^2) or cloud (7.0 mm^2): the DiGamma paper's budgets, with GAMMA's "
                                         "Edge and Cloud NoC, off-chip bandwidth and clock")
        ->capture_default_str();
    c.add_option("--area-budget", area_budget_mm2, "area budget in mm^2 for PEs and buffers (default: the platform's)")
        ->check(positive_amount("mm^2"));
    c.add_option("--area-model", area_model, "gamma (default), maestro or gamma-maestro-like (resources/technology/area_models.json)");
    add_technology_options(c, technology);
    c.add_option("--objective", objective, "of the whole model: latency, energy, edp or lap (latency x area)")->capture_default_str();
    c.add_option("--budget", budget, "samples (design points: an accelerator and a mapping per layer)")
        ->capture_default_str()
        ->check(positive_count("samples"));
    c.add_option("--time-limit", seconds, "wall-time limit in seconds (0 = none; makes results machine-dependent)")
        ->check(amount_or_zero("seconds", "none"));
    c.add_option("--max-pes", max_pes, "an upper limit on the PE count (0 = what the budget allows)")->check(count_or_zero("PEs", "what the budget allows"));
    c.add_option("--buffers", buffers, "need: L1 and L2 as large as the mappings need (the paper's rule); searched: sizes are genes")
        ->capture_default_str();
    c.add_option("--levels", levels, "the PE array's dimensionality: 1, 2, 3 or a range such as 1-2")->capture_default_str();
    c.add_option("--map-space", map_space, "the array's flexibility: flexible, nvdla, eyeriss or shidiannao")->capture_default_str();
    c.add_option("--threads", threads, "worker threads (0 = one per core); results do not depend on it")->check(count_or_zero("threads", "one per core"));
    c.add_flag("--maestro-as-is", maestro_as_is, "accept mappings MAESTRO's model undercounts (see `search --help`)");
}

}  // namespace mapscape::cli
