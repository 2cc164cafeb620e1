#include "schedule/platform.hpp"

#include <cctype>
#include <filesystem>

#include "util/json_document.hpp"
#include "util/text_file.hpp"

namespace mapscape {

std::string_view core_style_name(CoreStyle s) { return s == CoreStyle::HB ? "HB" : "LB"; }

std::optional<CoreStyle> parse_core_style(std::string_view t) {
    if (t == "HB" || t == "hb") return CoreStyle::HB;
    if (t == "LB" || t == "lb") return CoreStyle::LB;
    return std::nullopt;
}

std::string_view bandwidth_unit_name(BandwidthUnit u) { return u == BandwidthUnit::Gbps ? "gbps" : "bytes-per-cycle"; }

std::optional<BandwidthUnit> parse_bandwidth_unit(std::string_view t) {
    if (t == "gbps" || t == "GB/s") return BandwidthUnit::Gbps;
    if (t == "bytes-per-cycle" || t == "B/cycle") return BandwidthUnit::BytesPerCycle;
    return std::nullopt;
}

FixedDataflow core_dataflow(CoreStyle s) { return s == CoreStyle::HB ? FixedDataflow::Nvdla : FixedDataflow::Eyeriss; }

std::string SubAccelerator::describe() const {
    return std::to_string(rows) + "x" + std::to_string(cols) + " " + std::string(core_style_name(style)) + ", " +
           std::to_string(buffer_bytes / 1024) + " KB";
}

Accelerator SubAccelerator::accelerator(double clock_mhz, int word_bytes) const {
    Accelerator a;
    a.name = describe();
    a.num_pes = num_pes();
    a.pe_hierarchy = {rows, cols};
    a.l1_size_bytes = std::int64_t{1} << 40;
    a.l2_size_bytes = std::int64_t{1} << 40;
    set_uniform_noc(a, 81920000, 1, 1);
    a.offchip_bw_elements_per_cycle = 81920000;
    a.word_size_bytes = word_bytes;
    a.clock_mhz = clock_mhz;
    return a;
}

namespace {

SubAccelerator core(std::int64_t rows, CoreStyle style, std::int64_t buffer_kb) {
    return {rows, 64, style, buffer_kb * 1024};
}

void add(Platform& p, int count, const SubAccelerator& c) {
    for (int i = 0; i < count; ++i) p.cores.push_back(c);
}

}  // namespace

Platform platform_setting(int index) {
    Platform p;
    p.name = "S" + std::to_string(index);
    const auto HB = CoreStyle::HB, LB = CoreStyle::LB;
    switch (index) {
        case 1:
            p.description = "Small homogeneous: 4 x (32x64, HB, 146 KB)";
            add(p, 4, core(32, HB, 146));
            break;
        case 2:
            p.description = "Small heterogeneous: 3 x (32x64, HB, 146 KB), 1 x (32x64, LB, 110 KB)";
            add(p, 3, core(32, HB, 146));
            add(p, 1, core(32, LB, 110));
            break;
        case 3:
            p.description = "Large homogeneous: 8 x (128x64, HB, 580 KB)";
            add(p, 8, core(128, HB, 580));
            break;
        case 4:
            p.description = "Large heterogeneous: 7 x (128x64, HB, 580 KB), 1 x (128x64, LB, 434 KB)";
            add(p, 7, core(128, HB, 580));
            add(p, 1, core(128, LB, 434));
            break;
        case 5:
            p.description = "Large heterogeneous big.LITTLE: 3 x (128x64, HB, 580 KB), 1 x (128x64, LB, 434 KB), "
                            "3 x (64x64, HB, 291 KB), 1 x (64x64, LB, 218 KB)";
            add(p, 3, core(128, HB, 580));
            add(p, 1, core(128, LB, 434));
            add(p, 3, core(64, HB, 291));
            add(p, 1, core(64, LB, 218));
            break;
        case 6:
            p.description = "Large scale-up: 7 x (128x64, HB, 580 KB), 1 x (128x64, LB, 434 KB), "
                            "7 x (64x64, HB, 291 KB), 1 x (64x64, LB, 218 KB)";
            add(p, 7, core(128, HB, 580));
            add(p, 1, core(128, LB, 434));
            add(p, 7, core(64, HB, 291));
            add(p, 1, core(64, LB, 218));
            break;
        default:
            throw InputError({"setting", 0, 0}, "no setting S" + std::to_string(index) + " (S1 to S6)");
    }
    return p;
}

namespace {

const JsonObjectSchema kPlatformFields{"platform", {"format", "version", "name", "description", "clock_mhz", "word_bytes", "flexible", "cores"}};
const JsonObjectSchema kCoreFields{"platform.cores[]", {"rows", "cols", "style", "buffer_kb", "count"}};

}  // namespace

std::vector<const JsonObjectSchema*> platform_schemas() { return {&kPlatformFields, &kCoreFields}; }

std::vector<std::string> platform_setting_names() { return {"S1", "S2", "S3", "S4", "S5", "S6"}; }

Platform parse_platform_json(std::string_view text, const std::string& file_name) {
    const JsonDocument doc = JsonDocument::parse(text, file_name);
    const auto& root = doc.root();
    if (!root.is_object()) doc.fail("", "a platform file must be a JSON object with \"cores\"");
    doc.check_fields(root, "", kPlatformFields);
    doc.check_format("mapscape-platform", 1, "platform");
    Platform p;
    p.name = doc.string_or(root, "", "name", std::filesystem::path(file_name).stem().string());
    p.description = doc.string_or(root, "", "description", "");
    p.clock_mhz = doc.number_or(root, "", "clock_mhz", 200, 1, 1e6);
    p.word_bytes = static_cast<int>(doc.integer_or(root, "", "word_bytes", 1, 1, 16));
    if (root.contains("flexible")) {
        if (!root["flexible"].is_boolean()) doc.fail("/flexible", "\"flexible\" must be true or false");
        p.flexible = root["flexible"].get<bool>();
    }
    const auto& cores = doc.array(root, "", "cores");
    if (cores.empty()) doc.fail("/cores", "the platform has no cores");
    for (std::size_t i = 0; i < cores.size(); ++i) {
        const std::string ptr = json_child("/cores", i);
        if (!cores[i].is_object()) doc.fail(ptr, "each core must be an object with \"rows\" and \"style\"");
        doc.check_fields(cores[i], ptr, kCoreFields);
        SubAccelerator c;
        c.rows = doc.integer(cores[i], ptr, "rows", 1, 1 << 16);
        c.cols = doc.integer_or(cores[i], ptr, "cols", 64, 1, 1 << 16);
        const std::string style = doc.string_or(cores[i], ptr, "style", "HB");
        const auto parsed = parse_core_style(style);
        if (!parsed) doc.fail(json_child(ptr, "style"), "unknown dataflow style \"" + style + "\" (HB or LB)");
        c.style = *parsed;
        c.buffer_bytes = doc.integer_or(cores[i], ptr, "buffer_kb", 512, 1, 1 << 30) * 1024;
        const auto count = doc.integer_or(cores[i], ptr, "count", 1, 1, 1024);
        add(p, static_cast<int>(count), c);
    }
    if (p.cores.size() > 1024) doc.fail("/cores", "more than 1024 cores");
    return p;
}

nlohmann::ordered_json platform_to_json(const Platform& p) {
    nlohmann::ordered_json j;
    j["format"] = "mapscape-platform";
    j["version"] = 1;
    j["name"] = p.name;
    j["description"] = p.description;
    j["clock_mhz"] = p.clock_mhz;
    j["word_bytes"] = p.word_bytes;
    j["flexible"] = p.flexible;
    nlohmann::ordered_json cores = nlohmann::ordered_json::array();
    for (const SubAccelerator& c : p.cores)
        cores.push_back({{"rows", c.rows}, {"cols", c.cols}, {"style", std::string(core_style_name(c.style))}, {"buffer_kb", c.buffer_bytes / 1024}});
    j["cores"] = std::move(cores);
    return j;
}

Platform load_platform_setting(const std::string& s) {
    if (s.size() == 2 && (s[0] == 'S' || s[0] == 's') && std::isdigit(static_cast<unsigned char>(s[1])))
        return platform_setting(s[1] - '0');
    if (s.size() == 7 && (s[0] == 'S' || s[0] == 's') && std::isdigit(static_cast<unsigned char>(s[1])) && s.substr(2) == "-flex") {
        Platform p = platform_setting(s[1] - '0');
        p.name += "-flex";
        p.description += ", flexible PE arrays";
        p.flexible = true;
        return p;
    }
    if (s.find('/') == std::string::npos && s.find('.') == std::string::npos)
        throw InputError({s, 0, 0}, "no setting called \"" + s + "\" (S1 to S6, or a platform .json file)");
    return parse_platform_json(read_text_file(s), s);
}

}  // namespace mapscape
