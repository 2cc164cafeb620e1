#include "codesign/codesign_problem.hpp"

#include <cmath>

#include "arch/presets.hpp"
#include "util/diagnostic.hpp"
#include "util/closest_name.hpp"

namespace mapscape {

CodesignPlatform codesign_platform(const std::string& id) {
    // The DiGamma paper's budgets (Sec. V-A): 0.2 mm² of PEs and buffers at the edge, 7.0 mm² in
    // the cloud; NoC, off-chip bandwidth, word size and clock as GAMMA's Edge and Cloud platforms.
    if (id == "edge") return {id, 0.2e6, accelerator_preset("edge")};
    if (id == "cloud") return {id, 7.0e6, accelerator_preset("cloud")};
    throw InputError({id, 0, 0}, "unknown co-design platform \"" + id + "\"" + did_you_mean(id, {"edge", "cloud"}) + " (known: edge, cloud)");
}

double design_objective(const Objective& objective, double runtime_cycles, double energy_nj, double area_um2) {
    double v = 1;
    for (const ObjectiveTerm& t : objective.terms) {
        double m = runtime_cycles;
        switch (t.metric) {
            case Metric::Latency: m = runtime_cycles; break;
            case Metric::Energy: m = energy_nj; break;
            case Metric::Edp: m = energy_nj * runtime_cycles; break;
            case Metric::Area: m = area_um2; break;
            case Metric::LatencyArea: m = runtime_cycles * area_um2; break;
            case Metric::Power: m = runtime_cycles; break;  // refused by codesign_objective_problem
        }
        v *= std::pow(m, t.weight);
    }
    return v;
}

std::string codesign_objective_problem(const Objective& objective) {
    for (const ObjectiveTerm& t : objective.terms)
        if (t.metric == Metric::Power)
            return "a co-design objective is made of latency, energy, edp, area and lap (latency x area); power is not summed over layers";
    return {};
}

}  // namespace mapscape
