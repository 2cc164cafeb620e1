#include "surrogate/registration.hpp"

#include <mutex>

#include "search/algorithm.hpp"
#include "surrogate/gradient_search.hpp"
#include "surrogate/surrogate_guide.hpp"
#include "surrogate/surrogate_model.hpp"
#include "workload/model.hpp"

namespace mapscape {

std::string shipped_surrogate_path() { return models_directory() + "/mindmappings_surrogate.bin"; }

std::string trained_surrogate_path() { return models_directory() + "/mindmappings_surrogate_trained.bin"; }

std::shared_ptr<const Surrogate> load_surrogate(const std::string& path) {
    return std::make_shared<const Surrogate>(Surrogate::load(path));
}

const Accelerator& accelerator_of(const Surrogate& surrogate) { return surrogate.accelerator(); }

std::shared_ptr<const Surrogate> shipped_surrogate() {
    static std::mutex mutex;
    static std::shared_ptr<const Surrogate> loaded;
    std::lock_guard lock(mutex);
    if (!loaded) loaded = std::make_shared<const Surrogate>(Surrogate::load(shipped_surrogate_path()));
    return loaded;
}

namespace {

std::string surrogate_problem_with(const SearchProblem& problem) {
    try {
        shipped_surrogate();
    } catch (const std::exception& e) {
        return e.what();
    }
    if (!surrogate_covers(problem.layer))
        return "layer " + problem.layer.name + " is " + std::string(layer_type_name(problem.layer.type)) +
               "; the surrogate covers CONV, TRCONV and FC layers (choose others with --layer)";
    return {};
}

}  // namespace

void register_surrogate_algorithms() {
    static std::once_flag once;
    std::call_once(once, [] {
        // A search cannot report an error through its result: without a usable surrogate it
        // evaluates nothing. Front ends call shipped_surrogate() first to tell the user why.
        register_algorithm("mindmappings", [](const SearchProblem& problem, SearchSink* sink, std::stop_token stop) {
            std::shared_ptr<const Surrogate> s;
            try {
                s = shipped_surrogate();
            } catch (const std::exception&) {
                return SearchResult{};
            }
            return run_mindmappings(problem, *s, {}, sink, std::move(stop));
        }, surrogate_problem_with);
        register_algorithm("gamma-guided", [](const SearchProblem& problem, SearchSink* sink, std::stop_token stop) {
            GammaOptions options;
            try {
                options.guide = std::make_shared<SurrogateGuide>(shipped_surrogate());
            } catch (const std::exception&) {
                return SearchResult{};
            }
            return run_gamma(problem, options, sink, std::move(stop));
        }, [](const SearchProblem&) {
            try {  // GAMMA searches any layer; the guide moves only what the surrogate covers
                shipped_surrogate();
            } catch (const std::exception& e) {
                return std::string(e.what());
            }
            return std::string{};
        });
    });
}

}  // namespace mapscape
