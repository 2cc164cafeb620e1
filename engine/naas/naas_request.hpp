// A NAAS search as a user states it, in the words the CLI's options and the Python module's
// keywords use (resources and networks by name, an encoding's name, ...), and the problem it
// makes. `mapscape-cli naas`/`naas-compare` and the Python module build their problems here.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "naas/naas_search.hpp"
#include "workload/model.hpp"

namespace mapscape {

// The search's own settings, shared by `naas` and `naas-compare`.
struct NaasSearchSettings {
    std::string mapping_search = "naas";  // or "gamma"
    int population = 20;
    int iterations = 30;
    std::int64_t mapping_samples = 300;
    std::int64_t baseline_samples = 3000;
    int threads = 0;  // 0: one per core
    bool no_baseline_start = false;
};

// Copies the settings into the problem; throws InputError (at the CLI's option) for an unknown
// mapping search or a value out of range.
void apply_naas_settings(const NaasSearchSettings& settings, NaasProblem& problem);

struct NaasRequest : NaasSearchSettings {
    std::string resources;                // edgetpu, nvdla1024, ..., or an accelerator file
    std::vector<std::string> benchmarks;  // bundled names or model files; empty: the resources' set
    std::vector<Model> benchmark_models;  // models given as such (the Python module); used with the named ones
    std::string encoding = "importance";
    std::string network;                  // a network family (mobilenet_v2 or a file): co-search the network too
    double accuracy_floor = -1;           // top-1 percent; >= 0 implies network mobilenet_v2
    bool sizing_only = false;
};

// Throws InputError naming the setting that is wrong as its CLI option.
NaasProblem make_naas_problem(const NaasRequest& request, std::uint64_t seed);

}  // namespace mapscape
