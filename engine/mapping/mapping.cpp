#include "mapping/mapping.hpp"

namespace mapscape {

int Mapping::num_levels() const {
    int levels = 1;
    for (const auto& d : directives)
        if (d.kind == DirectiveKind::Cluster) ++levels;
    return levels;
}

std::vector<Directive> Mapping::level(int index) const {
    std::vector<Directive> out;
    int current = 0;
    for (const auto& d : directives) {
        if (d.kind == DirectiveKind::Cluster) {
            ++current;
            continue;
        }
        if (current == index) out.push_back(d);
    }
    return out;
}

std::int64_t Mapping::cluster_size(int index) const {
    int current = 0;
    for (const auto& d : directives) {
        if (d.kind != DirectiveKind::Cluster) continue;
        if (++current == index) return d.size;
    }
    return 0;
}

std::string to_maestro_text(const Directive& d) {
    if (d.kind == DirectiveKind::Cluster)
        return "Cluster(" + std::to_string(d.size) + "," +
               (d.cluster_kind == ClusterKind::Logical ? "L" : "P") + ");";
    std::string head = d.kind == DirectiveKind::SpatialMap ? "SpatialMap(" : "TemporalMap(";
    return head + std::to_string(d.size) + "," + std::to_string(d.offset) + ") " +
           std::string(dim_name(d.dim)) + ";";
}

}  // namespace mapscape
