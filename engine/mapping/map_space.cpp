#include "mapping/map_space.hpp"

#include <algorithm>

#include "util/diagnostic.hpp"
#include "util/json_document.hpp"
#include "util/closest_name.hpp"

namespace mapscape {

namespace {

struct RoleName {
    DimRole role;
    std::string_view name;
};
constexpr RoleName kRoles[] = {{DimRole::Out, "out"},       {DimRole::In, "in"},
                               {DimRole::Row, "row"},       {DimRole::Col, "col"},
                               {DimRole::FilterRow, "filter_row"}, {DimRole::FilterCol, "filter_col"}};

LevelFlexibility parallel(std::initializer_list<DimRole> roles) {
    LevelFlexibility l;
    l.parallel = roles;
    return l;
}

std::string role_list(const std::vector<DimRole>& roles) {
    std::string s;
    for (DimRole r : roles) s += (s.empty() ? "" : ",") + std::string(role_name(r));
    return s;
}

}  // namespace

std::string_view role_name(DimRole r) {
    for (const RoleName& n : kRoles)
        if (n.role == r) return n.name;
    return "out";
}

std::optional<DimRole> parse_role(std::string_view name) {
    for (const RoleName& n : kRoles)
        if (n.name == name) return n.role;
    return std::nullopt;
}

std::optional<Dim> role_dim(DimRole role, const Layer& original) {
    const Layer l = analysed_form(original);
    const bool gemm = l.type == LayerType::Gemm;
    const bool depthwise = l.type == LayerType::DepthwiseConv;  // no output-channel dimension of its own
    switch (role) {
        case DimRole::Out:
            if (gemm) return Dim::N;
            if (l.has(Dim::K) && !depthwise) return Dim::K;
            return l.has(Dim::C) ? std::optional<Dim>(Dim::C) : std::nullopt;  // depthwise: its channels
        case DimRole::In:
            if (gemm) return Dim::K;
            return l.has(Dim::C) ? std::optional<Dim>(Dim::C) : std::nullopt;
        case DimRole::Row:
            if (gemm) return Dim::M;
            return l.has(Dim::Y) || l.has(Dim::Yo) ? std::optional<Dim>(Dim::Yo) : std::nullopt;
        case DimRole::Col:
            if (gemm) return std::nullopt;
            return l.has(Dim::X) || l.has(Dim::Xo) ? std::optional<Dim>(Dim::Xo) : std::nullopt;
        case DimRole::FilterRow: return !gemm && l.has(Dim::R) ? std::optional<Dim>(Dim::R) : std::nullopt;
        case DimRole::FilterCol: return !gemm && l.has(Dim::S) ? std::optional<Dim>(Dim::S) : std::nullopt;
    }
    return std::nullopt;
}

const std::vector<std::string>& map_space_presets() {
    static const std::vector<std::string> names = {"flexible", "nvdla", "eyeriss", "shidiannao"};
    return names;
}

MapSpace map_space_preset(std::string_view style) {
    MapSpace m;
    m.style = std::string(style);
    if (style == "flexible") return m;
    if (style == "nvdla") {  // output channels across the clusters, input channels across a cluster's PEs
        m.levels = {parallel({DimRole::Out}), parallel({DimRole::In})};
        return m;
    }
    if (style == "eyeriss") {  // row stationary: output rows across the clusters, filter rows within
        m.levels = {parallel({DimRole::Row}), parallel({DimRole::FilterRow})};
        return m;
    }
    if (style == "shidiannao") {  // output rows across the clusters, output columns within
        m.levels = {parallel({DimRole::Row}), parallel({DimRole::Col})};
        return m;
    }
    std::string known;
    for (const std::string& n : map_space_presets()) known += (known.empty() ? "" : ", ") + n;
    throw InputError({std::string(style), 0, 0}, "unknown map space \"" + std::string(style) + "\"" +
                                                      did_you_mean(style, map_space_presets()) + " (known: " + known + ")");
}

std::string describe(const MapSpace& space) {
    if (space.flexible()) return "fully flexible";
    std::string s = std::to_string(space.levels.size()) + " level(s), parallel: ";
    for (std::size_t k = 0; k < space.levels.size(); ++k) {
        const LevelFlexibility& l = space.levels[k];
        s += (k ? " | " : "") + (l.parallel.empty() ? std::string("any") : role_list(l.parallel));
        if (l.cluster_size > 0) s += " x" + std::to_string(l.cluster_size);
    }
    return s;
}

nlohmann::ordered_json map_space_to_json(const MapSpace& space) {
    if (space.style != "custom") return space.style;  // a preset is its name
    nlohmann::ordered_json levels = nlohmann::ordered_json::array();
    for (const LevelFlexibility& l : space.levels) {
        nlohmann::ordered_json j = nlohmann::ordered_json::object();
        if (!l.parallel.empty()) {
            j["parallel"] = nlohmann::ordered_json::array();
            for (DimRole r : l.parallel) j["parallel"].push_back(std::string(role_name(r)));
        }
        if (!l.inner_order.empty()) {
            j["inner_order"] = nlohmann::ordered_json::array();
            for (DimRole r : l.inner_order) j["inner_order"].push_back(std::string(role_name(r)));
        }
        if (!l.tiles.empty()) {
            j["tiles"] = nlohmann::ordered_json::object();
            for (const TileConstraint& t : l.tiles)
                j["tiles"][std::string(role_name(t.role))] = t.size > 0 ? nlohmann::ordered_json(t.size) : nlohmann::ordered_json("whole");
        }
        if (l.cluster_size > 0) j["cluster_size"] = l.cluster_size;
        levels.push_back(std::move(j));
    }
    return {{"style", "custom"}, {"levels", std::move(levels)}};
}

namespace {

const JsonObjectSchema kMapSpaceFields{"accelerator.map_space", {"style", "levels"}};
const JsonObjectSchema kMapSpaceLevelFields{"accelerator.map_space.levels[]", {"parallel", "inner_order", "tiles", "cluster_size"}};

}  // namespace

std::vector<const JsonObjectSchema*> map_space_schemas() { return {&kMapSpaceFields, &kMapSpaceLevelFields}; }

MapSpace map_space_from_json(const JsonDocument& doc, const nlohmann::json& v, const std::string& ptr) {
    if (v.is_string()) {
        try {
            return map_space_preset(v.get<std::string>());
        } catch (const InputError& e) {
            doc.fail(ptr, e.diagnostic().message);
        }
    }
    if (!v.is_object()) doc.fail(ptr, "a map space is a preset name or an object with \"levels\"");
    doc.check_fields(v, ptr, kMapSpaceFields);
    // The writer names a custom space's style; any other style would be a preset, given by name.
    if (doc.string_or(v, ptr, "style", "custom") != "custom")
        doc.fail(json_child(ptr, "style"), "a map space object is a custom one (\"style\": \"custom\"); give a preset by its name instead");
    MapSpace m;
    m.style = "custom";
    const nlohmann::json& levels = doc.array(v, ptr, "levels");
    const std::string lp = json_child(ptr, "levels");
    if (levels.size() > 3) doc.fail(lp, "a map space has at most 3 levels");
    auto roles = [&](const nlohmann::json& list, const std::string& at) {
        if (!list.is_array()) doc.fail(at, "expected a list of roles (out, in, row, col, filter_row, filter_col)");
        std::vector<DimRole> out;
        for (std::size_t i = 0; i < list.size(); ++i) {
            const auto r = list[i].is_string() ? parse_role(list[i].get<std::string>()) : std::nullopt;
            if (!r) doc.fail(json_child(at, i), "unknown role (expected out, in, row, col, filter_row or filter_col)");
            if (std::find(out.begin(), out.end(), *r) != out.end()) doc.fail(json_child(at, i), "a role is listed twice");
            out.push_back(*r);
        }
        return out;
    };
    for (std::size_t k = 0; k < levels.size(); ++k) {
        const std::string at = json_child(lp, k);
        const nlohmann::json& o = levels[k];
        if (!o.is_object()) doc.fail(at, "a level is an object");
        doc.check_fields(o, at, kMapSpaceLevelFields);
        LevelFlexibility l;
        if (o.contains("parallel")) l.parallel = roles(o["parallel"], json_child(at, "parallel"));
        if (o.contains("inner_order")) l.inner_order = roles(o["inner_order"], json_child(at, "inner_order"));
        for (DimRole r : l.parallel)
            if (k == 0 && (r == DimRole::FilterRow || r == DimRole::FilterCol))
                doc.fail(json_child(at, "parallel"), "filter rows and columns can be parallel at inner levels only");
        if (o.contains("tiles")) {
            const nlohmann::json& tiles = doc.object(o, at, "tiles");
            const std::string tp = json_child(at, "tiles");
            for (const auto& [key, value] : tiles.items()) {
                const auto r = parse_role(key);
                if (!r) doc.fail(json_child(tp, key), "unknown role \"" + key + "\"");
                TileConstraint t{*r, 0};
                if (value.is_string() && value.get<std::string>() == "whole") {
                    t.size = 0;
                } else if (value.is_number_integer() && value.get<std::int64_t>() >= 1) {
                    t.size = value.get<std::int64_t>();
                } else {
                    doc.fail(json_child(tp, key), "a tile is a whole number of at least 1, or \"whole\"");
                }
                l.tiles.push_back(t);
            }
        }
        l.cluster_size = doc.integer_or(o, at, "cluster_size", 0, 0, std::int64_t{1} << 30);
        if (k == 0 && l.cluster_size > 0) doc.fail(json_child(at, "cluster_size"), "the outermost level has no cluster size");
        m.levels.push_back(std::move(l));
    }
    return m;
}

}  // namespace mapscape
