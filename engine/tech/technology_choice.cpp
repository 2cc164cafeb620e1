#include "tech/technology_choice.hpp"

#include "tech/technology.hpp"
#include "tech/technology_library.hpp"
#include "util/closest_name.hpp"
#include "util/diagnostic.hpp"

namespace mapscape {

void apply_technology_choice(const TechnologyChoice& c, Accelerator& acc) {
    if (!c.technology.empty()) {
        try {
            apply_technology(acc, load_technology(c.technology));
        } catch (const MissingFileError&) {
            throw;  // names the file the user gave
        } catch (const InputError& e) {
            if (e.diagnostic().where.line > 0) throw;  // inside the technology file
            const bool a_file = c.technology.find('/') != std::string::npos || c.technology.ends_with(".json");
            if (a_file) throw;  // the file's own problem, named by its path
            throw InputError({"--tech", 0, 0}, e.diagnostic().message);
        }
    }
    if (!c.precision.empty()) chosen_precision(c);  // refuses a bad one here too
    if (!c.dram.empty()) {
        if (!acc.physical_technology)
            throw InputError({"--dram", 0, 0}, "a DRAM type needs a physical technology (--tech 45nm, ...): MAESTRO's model "
                                               "prices every DRAM access alike");
        const DramFigures* d = acc.physical_technology->dram(c.dram);
        if (!d) {
            std::vector<std::string> types;
            std::string list;
            for (const auto& x : acc.physical_technology->drams) {
                types.push_back(x.type);
                list += (list.empty() ? "" : ", ") + x.type;
            }
            throw InputError({"--dram", 0, 0}, "technology \"" + acc.physical_technology->name + "\" has no DRAM type \"" + c.dram +
                                                   "\"" + did_you_mean(c.dram, types) + " (it has: " + list + ")");
        }
        acc.dram_type = d->type;
    }
    if (c.l2_banks != 0) {
        if (c.l2_banks < 1 || c.l2_banks > 1024)
            throw InputError({"--l2-banks", 0, 0}, "the L2 bank count must be 1 to 1024, not " + std::to_string(c.l2_banks));
        acc.l2_banks = c.l2_banks;
    }
    if (!c.analysis.empty() && !parse_analysis_mode(c.analysis, acc.analysis))
        throw InputError({"--analysis", 0, 0}, "the analysis must be maestro (MAESTRO's model, figure for figure) or faithful "
                                               "(what the dataflow does: docs/faithful-analysis.md), not \"" + c.analysis + "\"" +
                                                   did_you_mean(c.analysis, {"maestro", "faithful"}));
}

TensorPrecision chosen_precision(const TechnologyChoice& c) {
    TensorPrecision p;
    if (c.precision.empty()) return p;
    if (std::string why = parse_precision(c.precision, p); !why.empty()) throw InputError({"--precision", 0, 0}, why);
    return p;
}

void apply_default_precision(const TensorPrecision& precision, std::vector<Layer>& layers) {
    if (!precision.specified()) return;
    for (Layer& l : layers) l.precision = with_defaults(l.precision, precision);
}

}  // namespace mapscape
