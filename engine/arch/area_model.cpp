#include "arch/area_model.hpp"
#include "tech/hardware_costs.hpp"

#include <algorithm>
#include <cmath>

#include "util/data_paths.hpp"
#include "util/json_document.hpp"
#include "util/text_file.hpp"
#include "util/closest_name.hpp"

namespace mapscape {

double BufferAreaRule::area_um2(std::int64_t bytes) const {
    const std::int64_t g = std::max<std::int64_t>(1, granule_bytes);
    const std::int64_t banks = std::max<std::int64_t>(1, (std::max<std::int64_t>(0, bytes) + g - 1) / g);
    return static_cast<double>(banks) * um2_per_granule;
}

AreaBreakdown area_of(const AreaModel& m, const Accelerator& acc, std::int64_t l1_bytes, std::int64_t l2_bytes) {
    // A physical technology knows its own areas (by capacity, banks and word), which replace the
    // model's linear rules.
    if (acc.physical_technology) return technology_area(acc, l1_bytes, l2_bytes);
    AreaBreakdown a;
    const auto pes = static_cast<double>(acc.num_pes);
    a.pes_um2 = pes * m.mac_um2 * static_cast<double>(acc.simd_lanes);
    a.l1_um2 = pes * m.l1.area_um2(l1_bytes);
    a.l2_um2 = m.l2.area_um2(l2_bytes);
    if (m.noc) {
        const TechnologyTable& t = acc.technology;
        const double bus_scale = t.bus_c1 * pes + t.bus_c0;
        const double arbiter_scale = t.arbiter_c2 * pes * pes + t.arbiter_c1 * pes + t.arbiter_c0;
        a.noc_um2 = t.bus_unit_area_um2 * bus_scale * static_cast<double>(acc.noc[0].bandwidth_elements_per_cycle) +
                    std::max(t.arbiter_unit_area_um2, t.arbiter_unit_area_um2 * arbiter_scale);
    }
    return a;
}

AreaBreakdown area_of(const AreaModel& m, const Accelerator& acc) { return area_of(m, acc, acc.l1_size_bytes, acc.l2_size_bytes); }

namespace {

const JsonObjectSchema kAreaModelsFields{"area models", {"format", "version", "description", "default", "models"}};
const JsonObjectSchema kAreaModelFields{"area models.models[]", {"id", "name", "source", "mac_um2", "l1", "l2", "noc"}};
const JsonObjectSchema kBufferRuleFields{"area models.models[].l1", {"granule_bytes", "um2_per_granule"}};

}  // namespace

std::vector<const JsonObjectSchema*> area_model_schemas() { return {&kAreaModelsFields, &kAreaModelFields, &kBufferRuleFields}; }

std::vector<AreaModel> parse_area_models(std::string_view text, const std::string& file_name) {
    const JsonDocument doc = JsonDocument::parse(text, file_name);
    doc.check_format("mapscape-area-models", 1, "area-models file");
    const nlohmann::json& root = doc.root();
    doc.check_fields(root, "", kAreaModelsFields);
    const std::string default_id = doc.string(root, "", "default");
    const nlohmann::json& list = doc.array(root, "", "models");
    std::vector<AreaModel> models;
    auto rule = [&](const nlohmann::json& parent, const std::string& pointer, const std::string& key) {
        const nlohmann::json& r = doc.object(parent, pointer, key);
        const std::string at = json_child(pointer, key);
        doc.check_fields(r, at, kBufferRuleFields);
        BufferAreaRule b;
        b.granule_bytes = doc.integer(r, at, "granule_bytes", 1, std::int64_t{1} << 40);
        b.um2_per_granule = doc.number_or(r, at, "um2_per_granule", -1, 0, 1e12);
        if (b.um2_per_granule < 0) doc.fail(at, "\"um2_per_granule\" is missing");
        return b;
    };
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string at = json_child("/models", i);
        const nlohmann::json& v = list[i];
        if (!v.is_object()) doc.fail(at, "an area model must be an object");
        doc.check_fields(v, at, kAreaModelFields);
        AreaModel m;
        m.id = doc.string(v, at, "id");
        m.name = doc.string_or(v, at, "name", m.id);
        m.source = doc.string(v, at, "source");
        m.mac_um2 = doc.number_or(v, at, "mac_um2", -1, 0, 1e12);
        if (m.mac_um2 <= 0) doc.fail(at, "\"mac_um2\" must be a positive number");
        m.l1 = rule(v, at, "l1");
        m.l2 = rule(v, at, "l2");
        if (v.contains("noc")) {
            if (!v["noc"].is_boolean()) doc.fail(json_child(at, "noc"), "\"noc\" must be true or false");
            m.noc = v["noc"].get<bool>();
        }
        for (const AreaModel& other : models)
            if (other.id == m.id) doc.fail(json_child(at, "id"), "area model \"" + m.id + "\" is defined twice");
        models.push_back(std::move(m));
    }
    const auto it = std::find_if(models.begin(), models.end(), [&](const AreaModel& m) { return m.id == default_id; });
    if (it == models.end()) doc.fail("/default", "the default \"" + default_id + "\" is not one of the models");
    std::rotate(models.begin(), it, it + 1);  // the default first
    return models;
}

const std::vector<AreaModel>& area_models() {
    static const std::vector<AreaModel> models = [] {
        const std::string path = data_directory() + "/technology/area_models.json";
        return parse_area_models(read_text_file(path), path);
    }();
    return models;
}

const AreaModel& default_area_model() { return area_models().front(); }

const AreaModel& area_model(const std::string& id) {
    for (const AreaModel& m : area_models())
        if (m.id == id) return m;
    std::string known;
    std::vector<std::string> ids;
    for (const AreaModel& m : area_models()) {
        known += (known.empty() ? "" : ", ") + m.id;
        ids.push_back(m.id);
    }
    throw InputError({id, 0, 0}, "unknown area model \"" + id + "\"" + did_you_mean(id, ids) + " (known: " + known + ")");
}

std::int64_t max_pes_within(const AreaModel& m, const Accelerator& acc, double budget_um2) {
    // Area grows with the PE count, so a binary search finds the largest count that fits.
    Accelerator a = acc;
    a.simd_lanes = 1;
    auto fits = [&](std::int64_t pes) {
        a.num_pes = pes;
        return area_of(m, a, 1, 1).total_um2() <= budget_um2;
    };
    if (!fits(1)) return 0;
    std::int64_t lo = 1, hi = 2;
    while (fits(hi) && hi < (std::int64_t{1} << 40)) hi *= 2;
    while (hi - lo > 1) {
        const std::int64_t mid = lo + (hi - lo) / 2;
        (fits(mid) ? lo : hi) = mid;
    }
    return lo;
}

}  // namespace mapscape
