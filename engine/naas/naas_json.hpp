// A NAAS run as JSON (`mapscape-cli naas --json`): the resources, encoding, seed, the design found
// (as co-design reports it, with its parallel dimensions), per benchmark its EDP against the
// resources' own accelerator and the bound, the geomeans, and per iteration the best, the mean
// and every candidate's fitness.
#pragma once

#include <nlohmann/json.hpp>

#include "naas/naas_search.hpp"

namespace mapscape {

nlohmann::ordered_json naas_to_json(const NaasProblem& problem, const NaasResult& result);

}  // namespace mapscape
