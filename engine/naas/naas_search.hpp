// NAAS (DAC'21): the accelerator's sizing and connectivity searched with an evolution strategy
// over the hardware encoding (naas_encoding.hpp), each candidate scored by the geometric mean,
// over a set of benchmark networks, of the EDP its best mappings reach; the mappings come from a
// mapping search of every layer on the candidate (GAMMA here, on a budget per layer), cached per
// (layer shape, accelerator). Invalid candidates (over the resources) are redrawn until the
// population is full, as the paper does.
//
// A network's EDP is its latency (the layers' runtimes summed) times its energy (summed); each
// layer's mapping is searched for the layer's EDP.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "mapping/mapping.hpp"
#include "naas/naas_bound.hpp"
#include "naas/naas_encoding.hpp"
#include "naas/naas_resources.hpp"
#include "naas/network_family.hpp"
#include "workload/layer.hpp"

namespace mapscape {

struct NaasBenchmark {
    std::string name;
    std::vector<Layer> layers;
};

// The network level: each candidate also picks a variant of the family at or above the accuracy
// floor (one more gene: the variant's rank among those, fewest MACs first), and is scored by that
// network's EDP; the baseline runs the family's reference network.
struct NaasNetworkLevel {
    NetworkFamily family;
    double accuracy_floor = 0;  // top-1, percent
};

// How each layer's mapping is searched on a candidate: NAAS's own (the candidate's encoding,
// naas_mapping_search.hpp) or GAMMA. The baseline is always mapped with GAMMA.
enum class NaasMappingSearch { Naas, Gamma };

struct NaasProblem {
    NaasResources resources;
    NaasMappingSearch mapping_search = NaasMappingSearch::Naas;
    std::vector<NaasBenchmark> benchmarks;  // unused with a network level
    std::optional<NaasNetworkLevel> network;
    NaasDecodeOptions decode;           // importance or index encoding; sizing only
    int population = 20;
    int iterations = 30;
    std::int64_t mapping_samples = 300;            // per layer and candidate
    std::int64_t baseline_mapping_samples = 3000;  // per layer on the resources' own accelerator, and on the best designs at the end
    std::uint64_t seed = 1;
    int threads = 1;                    // results do not depend on it
    // The first generation holds the resources' own design, so the search never ends below what
    // it is compared with. The paper draws every candidate from the distribution; its encoding
    // ablation (Figure 9) compares the encodings so, where a shared start would hide how well
    // each one leads the search away from the middle of the cube.
    bool start_from_baseline = true;
};

struct NaasLayerResult {
    bool valid = false;
    std::int64_t runtime_cycles = 0;
    double energy_nj = 0;
    Mapping mapping;
};

struct NaasBenchmarkResult {
    std::string name;
    bool valid = false;  // every layer has a mapping
    std::int64_t runtime_cycles = 0;
    double energy_nj = 0;
    double edp = std::numeric_limits<double>::infinity();
    std::vector<Layer> network;           // the benchmark's layers
    std::vector<NaasLayerResult> layers;  // and what each got
};

struct NaasDesign {
    NaasHardware hardware;
    std::optional<NetworkVariant> variant;  // with a network level
    Accelerator accelerator;
    std::vector<NaasBenchmarkResult> benchmarks;
    double geomean_edp = std::numeric_limits<double>::infinity();
};

// One generation: its best and mean fitness (geomean EDP over the valid candidates) and every
// candidate's (the paper's Figure 4 shows their spread falling).
struct NaasIteration {
    int iteration = 0;  // 1-based
    double best_so_far = std::numeric_limits<double>::infinity();
    double best = std::numeric_limits<double>::infinity();
    double mean = std::numeric_limits<double>::infinity();
    std::vector<double> population;  // +inf where a layer found no mapping
    int redraws = 0;                 // candidates ruled out and drawn again
};

// A network variant and the least EDP any candidate reached with it.
struct NaasFrontPoint {
    NetworkVariant variant;
    double edp = std::numeric_limits<double>::infinity();
};

struct NaasResult {
    bool found = false;
    std::vector<NaasFrontPoint> explored;  // with a network level: every variant tried, fewest MACs first
    std::vector<NaasFrontPoint> front;     // those no other beats on both accuracy and EDP (the paper's Figure 10)
    NaasDesign best;
    NaasDesign baseline;                // the resources' accelerator with its native dataflow
    std::vector<NaasBound> bounds;      // per benchmark (with a network level: of the design's network)
    double bound_geomean_edp = 0;
    std::vector<NaasIteration> trace;
    std::int64_t candidates = 0, redraws = 0, mapping_searches = 0, cache_hits = 0;
    // The best three distinct designs' mappings were searched again at the baseline's per-layer
    // budget and the best of them reported (when the search's budget is smaller).
    bool refined = false;
    double wall_seconds = 0;
    bool stopped = false;
};

// Receives the search's progress on its thread.
class NaasSink {
public:
    virtual ~NaasSink() = default;
    virtual void baseline(const NaasDesign& /*design*/) {}
    virtual void iteration(const NaasIteration& /*it*/, const NaasDesign& /*best*/) {}
};

NaasResult run_naas(const NaasProblem& problem, NaasSink* sink = nullptr, std::stop_token stop = {});

// The resources' own accelerator running its native dataflow, each layer mapped by GAMMA within
// that dataflow's map space (baseline_mapping_samples per layer): "mapped as well as it can be".
NaasDesign naas_baseline(const NaasProblem& problem, std::stop_token stop = {});
// That accelerator as the baseline runs it: its L1 raised to the least the benchmarks need under
// its dataflow where it holds less (from its L2; the same total memory).
Accelerator naas_baseline_accelerator(const NaasResources& resources, const std::vector<NaasBenchmark>& benchmarks);

// Geometric mean of positive values (+inf if any is +inf).
double geomean(const std::vector<double>& values);

}  // namespace mapscape
