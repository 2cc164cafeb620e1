// A dataflow mapping: MAESTRO's ordered directives, outermost first, split into cluster levels
// by Cluster directives.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "workload/dimension.hpp"

namespace mapscape {

enum class DirectiveKind { TemporalMap, SpatialMap, Cluster };
enum class ClusterKind { Physical, Logical };  // MAESTRO's P and L; the analysis treats them alike

struct Directive {
    DirectiveKind kind = DirectiveKind::TemporalMap;
    Dim dim = Dim::K;            // mapped dimension (maps only)
    std::int64_t size = 1;       // elements per step (maps) or sub-units per cluster (Cluster)
    std::int64_t offset = 1;     // elements advanced per step (maps only)
    ClusterKind cluster_kind = ClusterKind::Physical;  // Cluster only

    static Directive temporal(Dim d, std::int64_t size, std::int64_t offset) {
        return {DirectiveKind::TemporalMap, d, size, offset, ClusterKind::Physical};
    }
    static Directive spatial(Dim d, std::int64_t size, std::int64_t offset) {
        return {DirectiveKind::SpatialMap, d, size, offset, ClusterKind::Physical};
    }
    static Directive cluster(std::int64_t size, ClusterKind kind = ClusterKind::Physical) {
        return {DirectiveKind::Cluster, Dim::K, size, 1, kind};
    }
    bool is_map() const { return kind != DirectiveKind::Cluster; }
    bool operator==(const Directive&) const = default;
};

struct Mapping {
    std::vector<Directive> directives;  // outermost first, as written in a MAESTRO Dataflow block

    bool operator==(const Mapping&) const = default;
    bool empty() const { return directives.empty(); }

    // Number of cluster levels: 1 + number of Cluster directives.
    int num_levels() const;
    // The map directives of one level (0 = outermost), without the Cluster directive.
    std::vector<Directive> level(int index) const;
    // Size of the Cluster directive that opens level `index` (index >= 1).
    std::int64_t cluster_size(int index) const;
};

// "SpatialMap(1,1) K;" style text of one directive (no Sz(), no constants).
std::string to_maestro_text(const Directive& d);

}  // namespace mapscape
