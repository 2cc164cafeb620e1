#include "naas/network_family.hpp"
#include "util/file_names.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "util/diagnostic.hpp"
#include "util/json_document.hpp"
#include "workload/model.hpp"
#include "util/closest_name.hpp"

namespace mapscape {

namespace {

// Channels scaled by the width multiplier, rounded to a multiple of 8, never more than 10% below.
std::int64_t scaled_channels(double channels, double width) {
    const double v = channels * width;
    std::int64_t rounded = std::max<std::int64_t>(8, static_cast<std::int64_t>(v + 4) / 8 * 8);
    if (static_cast<double>(rounded) < 0.9 * v) rounded += 8;
    return rounded;
}

std::int64_t macs_of(const std::vector<Layer>& layers) {
    std::int64_t m = 0;
    for (const Layer& l : layers) m += over_runs(l, exact_macs(analysed_form(l)));
    return m;
}

}  // namespace

std::string NetworkVariant::name() const {
    char buf[64];
    const bool whole = width == std::floor(width);
    std::snprintf(buf, sizeof buf, whole ? "%.1f_%lld" : "%g_%lld", width, static_cast<long long>(resolution));
    return buf;
}

namespace {

const JsonObjectSchema kFamilyFields{"network family", {"format", "version", "name", "architecture", "description", "source", "variants", "reference"}};
const JsonObjectSchema kVariantFields{"network family.variants[]", {"width", "resolution", "top1", "published_mmacs"}};
const JsonObjectSchema kReferenceFields{"network family.reference", {"width", "resolution"}};

}  // namespace

std::vector<const JsonObjectSchema*> network_family_schemas() { return {&kFamilyFields, &kVariantFields, &kReferenceFields}; }

NetworkFamily load_network_family(const std::string& name_or_path) {
    std::string path = name_or_path;
    if (path.find('/') == std::string::npos && path.find(".json") == std::string::npos)
        path = models_directory() + "/families/" + name_or_path + ".json";
    if (!path_exists(path)) {
        std::vector<std::string> bundled;
        std::error_code ec;
        for (const auto& entry : std::filesystem::directory_iterator(models_directory() + "/families", ec))
            if (entry.path().extension() == ".json") bundled.push_back(entry.path().stem().string());
        throw InputError({name_or_path, 0, 0}, "no network family \"" + name_or_path + "\"" + did_you_mean(name_or_path, bundled) +
                                                   " (looked for " + path + ")");
    }
    const JsonDocument doc = JsonDocument::read(path);
    doc.check_format("mapscape-network-family", 1, "network family");
    const nlohmann::json& root = doc.root();
    if (!root.is_object()) doc.fail("", "a network family must be a JSON object");
    doc.check_fields(root, "", kFamilyFields);
    NetworkFamily f;
    f.name = doc.string(root, "", "name");
    f.architecture = doc.string(root, "", "architecture");
    if (f.architecture != "mobilenet_v2") doc.fail("/architecture", "unknown architecture \"" + f.architecture + "\" (known: mobilenet_v2)");
    f.description = doc.string_or(root, "", "description", "");
    f.source = doc.string(root, "", "source");
    const auto read_variant = [&](const nlohmann::json& v, const std::string& pointer, bool with_accuracy) {
        if (!v.is_object()) doc.fail(pointer, "a variant is an object with \"width\" and \"resolution\"");
        doc.check_fields(v, pointer, with_accuracy ? kVariantFields : kReferenceFields);
        NetworkVariant n;
        n.width = doc.number_or(v, pointer, "width", -1, 0.05, 4.0);
        if (n.width < 0) doc.fail(json_child(pointer, "width"), "a variant needs its width multiplier");
        n.resolution = doc.integer(v, pointer, "resolution", 32, 4096);
        if (with_accuracy) {
            n.top1 = doc.number_or(v, pointer, "top1", -1, 0, 100);
            if (n.top1 < 0) doc.fail(json_child(pointer, "top1"), "a variant needs its published top-1 accuracy");
            n.published_mmacs = doc.number_or(v, pointer, "published_mmacs", 0, 0, 1e9);
        }
        return n;
    };
    const nlohmann::json& variants = doc.array(root, "", "variants");
    for (std::size_t i = 0; i < variants.size(); ++i) f.variants.push_back(read_variant(variants[i], json_child("/variants", i), true));
    if (f.variants.empty()) doc.fail("/variants", "a family needs at least one variant");
    const NetworkVariant ref = read_variant(doc.object(root, "", "reference"), "/reference", false);
    const auto it = std::find_if(f.variants.begin(), f.variants.end(),
                                 [&](const NetworkVariant& v) { return v.width == ref.width && v.resolution == ref.resolution; });
    if (it == f.variants.end()) doc.fail("/reference", "the reference is not one of the variants");
    f.reference = *it;
    std::vector<std::pair<std::int64_t, NetworkVariant>> by_macs;
    for (const NetworkVariant& v : f.variants) by_macs.emplace_back(macs_of(variant_layers(f, v)), v);
    std::stable_sort(by_macs.begin(), by_macs.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    f.variants.clear();
    for (auto& [m, v] : by_macs) f.variants.push_back(v);
    return f;
}

std::vector<Layer> variant_layers(const NetworkFamily& family, const NetworkVariant& v) {
    std::vector<Layer> layers;
    const auto add = [&](Layer l) {
        l.name = family.name + "_" + v.name() + "_layer" + std::to_string(layers.size() + 1);
        layers.push_back(std::move(l));
    };
    // Same padding: a layer with output o, filter r and stride s reads (o - 1) s + r rows.
    const auto input_of = [](std::int64_t out, std::int64_t r, std::int64_t s) { return (out - 1) * s + r; };
    std::int64_t size = (v.resolution + 1) / 2;  // the stem's stride 2
    std::int64_t channels = scaled_channels(32, v.width);
    add(Layer::conv("", channels, 3, 3, 3, input_of(size, 3, 2), input_of(size, 3, 2), 2));
    struct Stage {
        int expansion, out_channels, repeats, stride;
    };
    // MobileNetV2 (Sandler et al., CVPR 2018), Table 2.
    constexpr Stage kStages[] = {{1, 16, 1, 1}, {6, 24, 2, 2}, {6, 32, 3, 2}, {6, 64, 4, 2}, {6, 96, 3, 1}, {6, 160, 3, 2}, {6, 320, 1, 1}};
    for (const Stage& st : kStages) {
        const std::int64_t out = scaled_channels(st.out_channels, v.width);
        for (int i = 0; i < st.repeats; ++i) {
            const std::int64_t stride = i == 0 ? st.stride : 1;
            const std::int64_t hidden = channels * st.expansion;
            if (st.expansion != 1) add(Layer::conv("", hidden, channels, 1, 1, size, size, 1));
            const std::int64_t next = (size + stride - 1) / stride;
            add(Layer::depthwise("", hidden, 3, 3, input_of(next, 3, stride), input_of(next, 3, stride), stride));
            size = next;
            add(Layer::conv("", out, hidden, 1, 1, size, size, 1));
            channels = out;
        }
    }
    const std::int64_t head = v.width > 1.0 ? scaled_channels(1280, v.width) : 1280;
    add(Layer::conv("", head, channels, 1, 1, size, size, 1));
    add(Layer::fully_connected("", 1000, head));
    return layers;
}

std::vector<NetworkVariant> variants_above(const NetworkFamily& family, double floor) {
    std::vector<NetworkVariant> out;
    for (const NetworkVariant& v : family.variants)
        if (v.top1 >= floor) out.push_back(v);
    return out;
}

}  // namespace mapscape
