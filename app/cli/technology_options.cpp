#include "cli/technology_options.hpp"
#include "cli/option_checks.hpp"

namespace mapscape::cli {

void add_technology_options(CLI::App& c, TechnologyChoice& choice) {
    c.add_option("--tech", choice.technology,
                 "technology: maestro (MAESTRO's relative energies, the default), 45nm, 65nm, 28nm, 16nm, 7nm, or a "
                 "technology file (.json); see docs/technology.md");
    c.add_option("--precision", choice.precision,
                 "number format of layers that give none: int4, int8, int16, int32, fp16, bf16, fp32, or "
                 "input=F,weight=F,output=F (default: the accelerator's word size)");
    c.add_option("--dram", choice.dram, "DRAM type of the technology (e.g. lpddr4, ddr4, hbm2; default: its own)");
    c.add_option("--l2-banks", choice.l2_banks, "banks of the global buffer (physical technologies; default 1)")
        ->check(count_in_range(1, 1024, "banks"));
    c.add_option("--analysis", choice.analysis,
                 "maestro (MAESTRO's model figure for figure, the default) or faithful (partial tiles and padding counted as "
                 "the dataflow does them, split filters allowed; docs/faithful-analysis.md)");
}

}  // namespace mapscape::cli
