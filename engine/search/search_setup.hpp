// A model search as a user states it, in the words the CLI's options and the Python module's
// keywords use (a layer selection, a system's name, an objective's text, ...), and the requests
// it makes. `mapscape-cli search`/`compare` and the Python module build their searches here, so
// they check, default and seed the same way.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "search/model_search.hpp"
#include "tech/technology_choice.hpp"

namespace mapscape {

// The defaults of `search` and `compare` beyond the setup, defined here once: the CLI's options, the
// Python module's keywords and its stubs all read these (test_stubs, test_cli_parity check it).
struct SearchDefaults {
    std::string platform = "edge";  // the CLI's --platform, Python's accelerator
    std::string algo = "gamma";
    std::uint64_t seed = 1;
    int population = 200;  // GAMMA's
    int generations = 0;   // 0: until the budget is used
    std::string compare_algos = "gamma,random,stdga,de,es11,cmaes,tbpsa,pso,portfolio,sa,fixed-nvdla,fixed-eyeriss,fixed-shidiannao";
    std::string compare_seeds = "1,2,3";
};

struct SearchSetupOptions {
    std::string layers = "all";
    std::string system = "S2";
    std::string levels;  // empty: the system's range
    std::string objective = "latency";
    std::int64_t budget = 10000;
    double seconds = 0;
    std::int64_t max_latency = 0;
    int threads = 0;  // 0 = every core
    bool maestro_as_is = false;
    TechnologyChoice technology;  // --tech, --precision, --dram, --l2-banks
};

struct SearchSetup {
    Model model;
    std::vector<int> layer_numbers;  // 1-based
    SearchProblem base;              // without layer and seed
    std::string platform_name;       // as the JSON names it ("edge", a file's path)
};

// Checks the options against the model and accelerator. Throws InputError naming the setting that
// is wrong as its CLI option ("--levels").
SearchSetup make_search_setup(Model model, Accelerator accelerator, std::string platform_name, const SearchSetupOptions& options);
// The same with the model and accelerator named as on the command line (a bundled name or a file).
SearchSetup make_search_setup(const std::string& model, const std::string& platform, const SearchSetupOptions& options);

// A search algorithm by name, with GAMMA's population and generation limit (0: until the budget
// is used). Throws InputError listing the known names.
Algorithm search_algorithm(const std::string& name, int population = SearchDefaults{}.population,
                           int generations = SearchDefaults{}.generations);

// A request for one algorithm and seed over the selected layers; a layer without a name is named
// "layerN". Throws InputError when the algorithm cannot search one of them.
ModelSearchRequest make_search_request(const SearchSetup& setup, const Algorithm& algorithm, std::uint64_t seed);

}  // namespace mapscape
