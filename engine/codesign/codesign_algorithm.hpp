// One name for every co-design method: DiGamma, a black-box baseline over the joint encoding,
// HW-opt with a fixed mapping style, or Mapping-opt on a fixed accelerator (codesign_baselines.hpp).
#pragma once

#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "codesign/codesign_baselines.hpp"
#include "codesign/digamma.hpp"

namespace mapscape {

struct CodesignAlgorithm {
    enum class Kind { Digamma, BlackBox, HwOpt, MapOpt };
    Kind kind = Kind::Digamma;
    Baseline baseline = Baseline::CmaEs;
    FixedDataflow style = FixedDataflow::Nvdla;
    FixedHardware hardware = FixedHardware::ComputeFocused;
    DigammaOptions digamma;

    // "digamma", "cmaes", "hw-opt-nvdla", "map-opt-compute", ...
    std::string name() const;
};

std::optional<CodesignAlgorithm> parse_codesign_algorithm(std::string_view name);
// Every accepted name, DiGamma first, then the paper's baselines in its figures' order.
std::vector<std::string> codesign_algorithm_names();

CodesignResult run_codesign(const CodesignProblem& problem, const CodesignAlgorithm& algorithm, CodesignSink* sink = nullptr,
                            std::stop_token stop = {});

}  // namespace mapscape
