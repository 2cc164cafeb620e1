// Searches over the layers of a model: each layer is an independent problem with its own seed
// (derived from the model seed and the layer's index), so layers run in parallel and results
// do not depend on the thread count. Also the GAMMA paper's two-stage pipeline optimisation
// (Sec. 5.4): stage one minimises every layer's latency, the slowest layer sets the pipeline
// latency, and stage two minimises energy (or power, ...) per layer under that latency,
// starting from the stage-one mappings.
#pragma once

#include <cstdint>
#include <functional>
#include <stop_token>
#include <string>
#include <vector>

#include "search/algorithm.hpp"
#include "workload/model.hpp"

namespace mapscape {

struct ModelSearchRequest {
    std::vector<Layer> layers;      // the layers to search (e.g. all of a model, or one)
    std::vector<int> layer_numbers; // their 1-based positions in the model, for seeds and names
    SearchProblem base;             // everything but the layer; base.seed is the model seed
    Algorithm algorithm;
    // Every layer on a thread of its own, base.threads of them running at a time, taking turns
    // a batch at a time, so all layers progress together (the window uses it to show the
    // model's objective converging). Uses more memory: every layer's search state is alive at
    // once. Results are the same either way.
    bool interleave_layers = false;
};

struct LayerSearchOutcome {
    int layer_number = 0;
    std::string name;
    SearchResult result;
};

struct ModelSearchOutcome {
    std::vector<LayerSearchOutcome> layers;
    double wall_seconds = 0;
    // Sums over the layers with a valid mapping, each counted its repeat count times.
    std::int64_t total_runtime_cycles = 0;
    double total_energy_nj = 0;
    int layers_without_mapping = 0;
};

// Called on worker threads: sink_for may return a sink for a layer's events (or nullptr), and
// layer_done reports each finished layer. Implementations must be thread-safe.
struct ModelSearchObserver {
    std::function<SearchSink*(int layer_index)> sink_for;
    std::function<void(int layer_index, const LayerSearchOutcome&)> layer_done;
};

using Trace = std::vector<std::pair<std::int64_t, double>>;  // (samples, best so far)

// The convergence of what a whole-model search optimises, the sum of the layers' bests, from
// the layers' own traces: at each layer-sample count s where some layer improved (once every
// layer has a best), the point (s x layers, sum over layers of each one's best after s of its
// samples, each counted its layer's repeat count times): the layers share the run's samples
// evenly, as interleaved runs do. `layers` are the traces' layers (none: each counted once).
Trace model_trace(const std::vector<const Trace*>& layer_traces, const std::vector<Layer>& layers = {});

// A layer's seed: the model seed mixed with its 1-based position in the model.
std::uint64_t layer_seed(std::uint64_t model_seed, int layer_number);

// Searches every layer with base.threads threads: layers in parallel when there are several,
// otherwise the one layer's batches in parallel.
ModelSearchOutcome search_model(const ModelSearchRequest& request, const ModelSearchObserver& observer = {},
                                std::stop_token stop = {});

// Adjusts one layer's problem and algorithm before it runs, after its seed is set (a warm start
// or a budget of its own).
using LayerSetup = std::function<void(std::size_t index, SearchProblem&, Algorithm&)>;
ModelSearchOutcome search_model(const ModelSearchRequest& request, const LayerSetup& setup, const ModelSearchObserver& observer = {},
                                std::stop_token stop = {});

struct TwoStageOutcome {
    ModelSearchOutcome latency_stage;
    std::int64_t pipeline_latency_cycles = 0;  // the slowest layer's best latency
    int bottleneck_layer = 0;                  // its 1-based number
    ModelSearchOutcome second_stage;
};

// request.base.objective is the second stage's objective; the first stage minimises latency.
TwoStageOutcome two_stage_search(const ModelSearchRequest& request, const ModelSearchObserver& observer = {},
                                 std::stop_token stop = {});

}  // namespace mapscape
