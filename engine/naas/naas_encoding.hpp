// NAAS's hardware encoding (DAC'21, Sec. II-A): a candidate accelerator is a vector in [0,1]^n,
// decoded to the PE array's size, dimensionality (1D to 3D) and shape, L1 and L2 sizes on the
// paper's strides (PEs 8, buffers 16 B; the array's dimensions exact factors of the PE count), and its
// connectivity: which loop dimension each array dimension parallelises.
//
// Connectivity, two ways (the paper's Figure 9 compares them):
//   importance  six genes give each dimension (K, C, Y', X', R, S by role) an importance; the k
//               most important are the parallel dimensions of a k-D array, the most important
//               outermost (a filter row or column is parallel at inner levels only, as MAESTRO
//               allows one per unit, so the outermost takes the most important other one);
//   index       one gene indexes the list of every valid ordered choice of k dimensions.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <optional>
#include <vector>

#include "mapping/map_space.hpp"
#include "naas/naas_resources.hpp"

namespace mapscape {

enum class NaasEncoding { Importance, Index };
std::string_view encoding_name(NaasEncoding e);  // "importance", "index"
std::optional<NaasEncoding> parse_encoding(std::string_view text);

inline constexpr int kNaasMaxLevels = 3;
// PEs, dimensionality, two shares of the array's shape, L1, L2, six connectivity genes.
inline constexpr int kNaasHardwareGenes = 12;
// The dimensions the six connectivity genes stand for, in gene order.
inline constexpr std::array<DimRole, 6> kNaasRoles = {DimRole::Out, DimRole::In, DimRole::Row, DimRole::Col, DimRole::FilterRow,
                                                      DimRole::FilterCol};

struct NaasHardware {
    int levels = 2;
    std::array<std::int64_t, kNaasMaxLevels> dims{1, 1, 1};  // [0] outermost; product = PEs
    std::array<DimRole, kNaasMaxLevels> parallel{DimRole::Out, DimRole::In, DimRole::Row};
    std::int64_t l1_bytes = 16, l2_bytes = 16;  // per PE, shared
    std::int64_t num_pes() const { return dims[0] * dims[1] * dims[2]; }
    std::int64_t sram_bytes() const { return l1_bytes * num_pes() + l2_bytes; }
    bool operator==(const NaasHardware&) const = default;
    std::string describe() const;  // "16 x 12 (K | C), L1 64 B, L2 96 KB"
};

struct NaasDecodeOptions {
    NaasEncoding encoding = NaasEncoding::Importance;
    // Sizing only (NHAS/NASAIC's space, the paper's Figure 8): the connectivity is the resources'
    // native one and the connectivity genes are ignored.
    bool sizing_only = false;
};

// Every PE count a candidate can have: multiples of the stride (8, or 1 for fewer than 8 PEs)
// up to the resources' PEs, and those PEs themselves.
std::vector<std::int64_t> naas_pe_counts(const NaasResources& resources);
std::int64_t naas_pe_stride(const NaasResources& resources);

// The hardware a vector stands for (genes outside [0,1] are clipped), or nothing when it breaks
// the resources (more PEs or memory than they have; an L1 below `least_l1_bytes`).
std::optional<NaasHardware> decode_hardware(const std::vector<double>& genes, const NaasResources& resources,
                                            const NaasDecodeOptions& options, std::int64_t least_l1_bytes);

// A vector that decodes to `hw` (with the same options, when `hw` is within the resources and on
// their strides): how a known design, such as the resources' own, joins a population.
std::vector<double> encode_hardware(const NaasHardware& hw, const NaasResources& resources, const NaasDecodeOptions& options);

// The candidate as an accelerator: the resources' other fields (NoC, off-chip, word size, clock,
// technology), its array as the PE hierarchy, and a map space that fixes each level's parallel
// dimension and cluster size (so every mapping searched on it respects its connectivity).
Accelerator naas_accelerator(const NaasHardware& hw, const NaasResources& resources);

// Every ordered choice of `levels` distinct roles valid as connectivity (the index encoding's list).
const std::vector<std::array<DimRole, kNaasMaxLevels>>& connectivity_choices(int levels);

}  // namespace mapscape
