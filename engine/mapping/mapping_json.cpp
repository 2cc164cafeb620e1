#include "mapping/mapping_json.hpp"
#include "util/integer_math.hpp"

#include <limits>

#include "util/json_document.hpp"

namespace mapscape {

namespace {

const JsonObjectSchema kLevelFields{"mapping[]", {"cluster", "logical", "directives"}};
const JsonObjectSchema kDirectiveFields{"mapping[].directives[]", {"map", "dim", "size", "offset"}};

}  // namespace

std::vector<const JsonObjectSchema*> mapping_schemas() { return {&kLevelFields, &kDirectiveFields}; }

nlohmann::ordered_json mapping_to_json(const Mapping& m) {
    nlohmann::ordered_json levels = nlohmann::ordered_json::array();
    nlohmann::ordered_json level;
    level["directives"] = nlohmann::ordered_json::array();
    for (const auto& d : m.directives) {
        if (d.kind == DirectiveKind::Cluster) {
            levels.push_back(level);
            level = nlohmann::ordered_json();
            level["cluster"] = d.size;
            if (d.cluster_kind == ClusterKind::Logical) level["logical"] = true;
            level["directives"] = nlohmann::ordered_json::array();
            continue;
        }
        level["directives"].push_back({{"map", d.kind == DirectiveKind::SpatialMap ? "SpatialMap" : "TemporalMap"},
                                       {"dim", std::string(dim_name(d.dim))},
                                       {"size", d.size},
                                       {"offset", d.offset}});
    }
    levels.push_back(level);
    return levels;
}

Mapping mapping_from_json(const JsonDocument& doc, const nlohmann::json& v, const std::string& ptr) {
    if (!v.is_array() || v.empty()) doc.fail(ptr, "a mapping must be a non-empty array of cluster levels");
    Mapping m;
    for (std::size_t li = 0; li < v.size(); ++li) {
        const std::string lp = json_child(ptr, li);
        const auto& level = v[li];
        if (!level.is_object()) doc.fail(lp, "a cluster level must be an object");
        doc.check_fields(level, lp, kLevelFields);
        if (level.contains("logical") && !level["logical"].is_boolean())
            doc.fail(json_child(lp, "logical"), "\"logical\" must be true or false");
        if (li > 0) {
            const std::int64_t size = doc.integer(level, lp, "cluster", 1, kIntMax);
            const bool logical = level.contains("logical") && level["logical"].get<bool>();
            m.directives.push_back(Directive::cluster(size, logical ? ClusterKind::Logical : ClusterKind::Physical));
        } else if (level.contains("cluster")) {
            doc.fail(json_child(lp, "cluster"), "the outermost level has no cluster size");
        }
        const auto& ds = doc.array(level, lp, "directives");
        for (std::size_t i = 0; i < ds.size(); ++i) {
            const std::string dp = json_child(json_child(lp, "directives"), i);
            const auto& d = ds[i];
            if (!d.is_object()) doc.fail(dp, "a directive must be an object");
            doc.check_fields(d, dp, kDirectiveFields);
            const std::string map = doc.string(d, dp, "map");
            if (map != "SpatialMap" && map != "TemporalMap")
                doc.fail(json_child(dp, "map"), "\"map\" must be SpatialMap or TemporalMap, not \"" + map + "\"");
            const std::string dim = doc.string(d, dp, "dim");
            auto parsed = parse_dim(dim);
            if (!parsed) doc.fail(json_child(dp, "dim"), "unknown dimension \"" + dim + "\"");
            const std::int64_t size = doc.integer(d, dp, "size", 1, kIntMax);
            const std::int64_t offset = doc.integer(d, dp, "offset", 1, kIntMax);
            m.directives.push_back(map == "SpatialMap" ? Directive::spatial(*parsed, size, offset)
                                                       : Directive::temporal(*parsed, size, offset));
        }
    }
    return m;
}

}  // namespace mapscape
