// The job analysis as the public MAGMA code (maestro-project/magma, src/cost_model_env.py) does
// it, beside ours: each job's layer in the code's CONV form, its style files (dla_f.m for HB
// cores, shi_f.m for LB cores as its GA's settings pick them, dpt_f.m for every depthwise layer)
// with a cluster size of 64, MAESTRO's analysis with unlimited buffers and bandwidth, the
// no-stall latency as the runtime, and the bandwidth ask as L2_req / 2 / (runtime - 1). On a
// flexible platform HB cores also try the cluster sizes of its find_best_alignment, dropping any
// that needs more than 2 MiB of L2. Facts: ALGORITHM_NOTES.md sections 3.2, 3.3 and 3.7.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "arch/accelerator.hpp"
#include "mapping/mapping.hpp"
#include "workload/layer.hpp"

namespace mapscape {

// The code's style files, written as our mappings.
enum class MagmaStyle { Dla, Shi, Eye, Dpt };
std::string_view magma_style_name(MagmaStyle s);  // "dla", "shi", "eye", "dpt"

// The code's cluster size (`cls_size` of every setting).
inline constexpr std::int64_t kMagmaClusterSize = 64;
// find_best_alignment's L2 cap (MAX_L2_SIZE, in MAESTRO's L2 elements = bytes at 1-byte words).
inline constexpr std::int64_t kMagmaMaxL2Elements = 2 * 1024 * 1024;

// The layer the code writes into its MAESTRO file: a GEMM (M x K) * (K x N) becomes a CONV with
// K = N, C = K, Y = M and X = R = S = 1; a fully-connected layer a CONV with K outputs and C
// inputs (a batch becomes the rows Y, as a GEMM's M); CONV and DSCONV as they are. Strides,
// which the code's tables never carry, are kept; a CONV's batch N stays a dimension.
Layer magma_code_layer(const Layer& layer);

// The style file's directives for a layer in the code's form, with `cluster_size` for its
// ClusterSz constant. A depthwise layer takes dpt_f.m whatever the style (as the code does).
Mapping magma_style_mapping(MagmaStyle style, const Layer& code_layer, std::int64_t cluster_size = kMagmaClusterSize);

// The accelerator the code analyses a core as: its PEs, NoC and off-chip bandwidth 81,920,000
// elements per cycle, 1 hop of latency 1, one SIMD lane, buffers unconstrained (MAESTRO's
// warnings only, in the code).
Accelerator magma_code_accelerator(std::int64_t num_pes, double clock_mhz, int word_bytes);

// The cluster sizes find_best_alignment tries for a layer in the code's form on a core of
// `num_pes` PEs with the dla style: every divisor of the reduction dimension (a GEMM's K) below
// min(that + 1, num_pes). Its other styles try none (eye), or a list the code cannot unpack (shi).
std::vector<std::int64_t> magma_alignment_cluster_sizes(const Layer& code_layer, std::int64_t num_pes);

struct MagmaCodeCost {
    bool valid = false;          // MAESTRO would have produced a result
    double latency_cycles = 0;   // "Runtime (Cycles)"
    double bandwidth_bytes_per_cycle = 0;  // L2_req / 2 / (runtime - 1), in bytes at the word size
    double energy_nj = 0;
    std::int64_t l2_required_elements = 0;
    std::int64_t cluster_size = kMagmaClusterSize;  // the one kept
};

// One job on one core. `flexible`: try find_best_alignment's cluster sizes too (HB cores), keep
// the lexicographically smallest (latency, bandwidth, candidate index), as the code does; the
// default cluster size is the last candidate and is never capped.
MagmaCodeCost magma_code_cost(const Layer& layer, MagmaStyle core_style, std::int64_t num_pes, double clock_mhz, int word_bytes,
                              bool flexible = false);

// The code's job order before its GA (`sorting_job`): ascending by the latencies on the last
// core, then the one before, ... down to the third core (the first two take no part; with two
// cores or fewer the order stays), ties in the given order. `latency[j * cores + c]`.
std::vector<int> magma_code_job_order(const std::vector<double>& latency, int jobs, int cores);

}  // namespace mapscape
