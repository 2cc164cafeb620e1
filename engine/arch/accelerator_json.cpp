#include "arch/accelerator_json.hpp"
#include "util/integer_math.hpp"

#include <filesystem>
#include <limits>

#include "arch/maestro_hw_file.hpp"
#include "mapping/map_space.hpp"
#include "tech/technology.hpp"
#include "tech/technology_library.hpp"
#include "util/json_document.hpp"
#include "util/text_file.hpp"

namespace mapscape {

namespace {

const JsonObjectSchema kAcceleratorFields{"accelerator",
                                          {"format", "version", "name", "num_pes", "pe_hierarchy", "simd_lanes", "l1_size_bytes",
                                           "l2_size_bytes", "word_size_bytes", "clock_mhz", "offchip_bw_elements_per_cycle", "noc",
                                           "technology", "dram_type", "l2_banks", "map_space", "analysis"}};
const JsonObjectSchema kNocFields{"accelerator.noc", {"bandwidth_elements_per_cycle", "hops", "hop_latency_cycles"}};
const JsonObjectSchema kTechnologyFields{"accelerator.technology",
                                         {"mac_energy_nj", "l1_access_in_macs", "l2_access_in_macs", "dram_access_in_macs",
                                          "mac_area_um2", "mac_power_mw", "sram_area_um2_per_element", "sram_power_mw_per_element"}};

}  // namespace

std::vector<const JsonObjectSchema*> accelerator_schemas() {
    std::vector<const JsonObjectSchema*> all{&kAcceleratorFields, &kNocFields, &kTechnologyFields};
    for (const JsonObjectSchema* s : map_space_schemas()) all.push_back(s);
    return all;
}

nlohmann::ordered_json accelerator_to_json(const Accelerator& a) {
    nlohmann::ordered_json j;
    j["format"] = "mapscape-accelerator";
    j["version"] = 1;
    j["name"] = a.name;
    j["num_pes"] = a.num_pes;
    if (!a.pe_hierarchy.empty()) j["pe_hierarchy"] = a.pe_hierarchy;
    j["simd_lanes"] = a.simd_lanes;
    j["l1_size_bytes"] = a.l1_size_bytes;
    j["l2_size_bytes"] = a.l2_size_bytes;
    j["word_size_bytes"] = a.word_size_bytes;
    j["clock_mhz"] = a.clock_mhz;
    j["offchip_bw_elements_per_cycle"] = a.offchip_bw_elements_per_cycle;
    nlohmann::ordered_json noc = nlohmann::ordered_json::array();
    for (const auto& n : a.noc)
        noc.push_back({{"bandwidth_elements_per_cycle", n.bandwidth_elements_per_cycle},
                       {"hops", n.hops},
                       {"hop_latency_cycles", n.hop_latency_cycles}});
    j["noc"] = noc;
    if (!a.map_space.flexible()) j["map_space"] = map_space_to_json(a.map_space);
    if (a.analysis != AnalysisMode::MaestroExact) j["analysis"] = std::string(analysis_mode_name(a.analysis));
    const TechnologyTable defaults;
    if (a.physical_technology) {
        j["technology"] = technology_reference(*a.physical_technology);
        if (!a.dram_type.empty()) j["dram_type"] = a.dram_type;
        if (a.l2_banks != 1) j["l2_banks"] = a.l2_banks;
    } else if (!(a.technology == defaults)) {
        const auto& t = a.technology;
        j["technology"] = {{"mac_energy_nj", t.mac_energy_nj},
                           {"l1_access_in_macs", t.l1_access_in_macs},
                           {"l2_access_in_macs", t.l2_access_in_macs},
                           {"dram_access_in_macs", t.dram_access_in_macs},
                           {"mac_area_um2", t.mac_area_um2},
                           {"mac_power_mw", t.mac_power_mw},
                           {"sram_area_um2_per_element", t.sram_area_um2_per_element},
                           {"sram_power_mw_per_element", t.sram_power_mw_per_element}};
    }
    return j;
}

Accelerator accelerator_from_json(const JsonDocument& doc, const nlohmann::json& v, const std::string& ptr) {
    if (!v.is_object()) doc.fail(ptr, "an accelerator must be a JSON object");
    doc.check_fields(v, ptr, kAcceleratorFields);
    Accelerator a;
    a.name = doc.string_or(v, ptr, "name", a.name);
    // Each field's range is the one every front end uses (accelerator_field_range).
    auto integer_or = [&](const nlohmann::json& o, const std::string& p, const char* key, std::int64_t fallback) {
        const AcceleratorFieldRange& r = accelerator_field_range(key);
        return doc.integer_or(o, p, key, fallback, static_cast<std::int64_t>(r.min), static_cast<std::int64_t>(r.max));
    };
    a.num_pes = doc.integer(v, ptr, "num_pes", 1, static_cast<std::int64_t>(accelerator_field_range("num_pes").max));
    if (v.contains("pe_hierarchy")) {
        const auto& h = doc.array(v, ptr, "pe_hierarchy");
        const std::string hp = json_child(ptr, "pe_hierarchy");
        for (std::size_t i = 0; i < h.size(); ++i) {
            if (!h[i].is_number_integer() || h[i].get<std::int64_t>() < 1)
                doc.fail(json_child(hp, i), "PE hierarchy sizes must be whole numbers of at least 1");
            a.pe_hierarchy.push_back(h[i].get<std::int64_t>());
        }
    }
    a.simd_lanes = integer_or(v, ptr, "simd_lanes", a.simd_lanes);
    a.word_size_bytes = integer_or(v, ptr, "word_size_bytes", a.word_size_bytes);
    a.l1_size_bytes = integer_or(v, ptr, "l1_size_bytes", a.l1_size_bytes);
    a.l2_size_bytes = integer_or(v, ptr, "l2_size_bytes", a.l2_size_bytes);
    a.clock_mhz = doc.number_or(v, ptr, "clock_mhz", a.clock_mhz, accelerator_field_range("clock_mhz").min, accelerator_field_range("clock_mhz").max);
    a.offchip_bw_elements_per_cycle = integer_or(v, ptr, "offchip_bw_elements_per_cycle", a.offchip_bw_elements_per_cycle);
    if (v.contains("noc")) {
        const auto& noc = v["noc"];
        const std::string np = json_child(ptr, "noc");
        auto level = [&](const nlohmann::json& o, const std::string& p) {
            if (!o.is_object()) doc.fail(p, "a NoC level must be an object");
            doc.check_fields(o, p, kNocFields);
            NocLevel n;  // what a field leaves out: unbounded, 1 hop, 0 cycles per hop
            n.bandwidth_elements_per_cycle = integer_or(o, p, "bandwidth_elements_per_cycle", n.bandwidth_elements_per_cycle);
            n.hops = integer_or(o, p, "hops", n.hops);
            n.hop_latency_cycles = integer_or(o, p, "hop_latency_cycles", n.hop_latency_cycles);
            return n;
        };
        if (noc.is_object()) {
            const NocLevel n = level(noc, np);
            a.noc.fill(n);
        } else if (noc.is_array()) {
            if (noc.empty() || noc.size() > a.noc.size())
                doc.fail(np, "\"noc\" must list 1 to " + std::to_string(a.noc.size()) + " levels");
            for (std::size_t i = 0; i < a.noc.size(); ++i)
                a.noc[i] = level(noc[std::min(i, noc.size() - 1)], json_child(np, std::min(i, noc.size() - 1)));
        } else {
            doc.fail(np, "\"noc\" must be an object or an array of levels");
        }
    }
    a.l2_banks = integer_or(v, ptr, "l2_banks", a.l2_banks);
    if (v.contains("technology") && v["technology"].is_string()) {
        // A technology by name (bundled) or path (relative to this file).
        const std::string tp = json_child(ptr, "technology");
        const std::string name = v["technology"].get<std::string>();
        std::shared_ptr<const Technology> tech;
        try {
            tech = load_technology(name, std::filesystem::path(doc.file()).parent_path().string());
        } catch (const InputError& e) {
            if (e.diagnostic().where.line > 0) throw;  // a problem inside the technology file: its own place
            doc.fail(tp, e.diagnostic().message);
        }
        apply_technology(a, tech);
    } else if (v.contains("technology")) {
        const auto& t = doc.object(v, ptr, "technology");
        const std::string tp = json_child(ptr, "technology");
        doc.check_fields(t, tp, kTechnologyFields);
        auto& tech = a.technology;
        tech.mac_energy_nj = doc.number_or(t, tp, "mac_energy_nj", tech.mac_energy_nj, 0, 1e6);
        tech.l1_access_in_macs = doc.number_or(t, tp, "l1_access_in_macs", tech.l1_access_in_macs, 0, 1e9);
        tech.l2_access_in_macs = doc.number_or(t, tp, "l2_access_in_macs", tech.l2_access_in_macs, 0, 1e9);
        tech.dram_access_in_macs = doc.number_or(t, tp, "dram_access_in_macs", tech.dram_access_in_macs, 0, 1e9);
        tech.mac_area_um2 = doc.number_or(t, tp, "mac_area_um2", tech.mac_area_um2, 0, 1e12);
        tech.mac_power_mw = doc.number_or(t, tp, "mac_power_mw", tech.mac_power_mw, 0, 1e12);
        tech.sram_area_um2_per_element = doc.number_or(t, tp, "sram_area_um2_per_element", tech.sram_area_um2_per_element, 0, 1e12);
        tech.sram_power_mw_per_element = doc.number_or(t, tp, "sram_power_mw_per_element", tech.sram_power_mw_per_element, 0, 1e12);
    }
    if (v.contains("dram_type")) {
        const std::string dp = json_child(ptr, "dram_type");
        a.dram_type = doc.string(v, ptr, "dram_type");
        if (!a.physical_technology)
            doc.fail(dp, "\"dram_type\" needs a physical technology (\"technology\": \"45nm\", ...); MAESTRO's model has one DRAM energy");
        if (!a.physical_technology->dram(a.dram_type)) {
            std::string list;
            for (const auto& d : a.physical_technology->drams) list += (list.empty() ? "" : ", ") + d.type;
            doc.fail(dp, "technology \"" + a.physical_technology->name + "\" has no DRAM type \"" + a.dram_type + "\" (it has: " + list + ")");
        }
        a.dram_type = a.physical_technology->dram(a.dram_type)->type;
    }
    if (v.contains("map_space")) a.map_space = map_space_from_json(doc, v["map_space"], json_child(ptr, "map_space"));
    if (v.contains("analysis")) {
        const std::string name = doc.string(v, ptr, "analysis");
        if (!parse_analysis_mode(name, a.analysis))
            doc.fail(json_child(ptr, "analysis"), "\"analysis\" must be \"maestro\" or \"faithful\", not \"" + name + "\"");
    }
    if (std::string p = accelerator_problem(a); !p.empty()) doc.fail(ptr, p);
    return a;
}

Accelerator parse_accelerator_json(std::string_view text, const std::string& file_name) {
    const JsonDocument doc = JsonDocument::parse(text, file_name);
    const auto& root = doc.root();
    if (!root.is_object()) doc.fail("", "an accelerator file must be a JSON object");
    doc.check_format("mapscape-accelerator", 1, "accelerator");
    return accelerator_from_json(doc, root, "");
}

Accelerator load_accelerator_file(const std::string& path, const Accelerator& base) {
    if (path.size() >= 2 && path.substr(path.size() - 2) == ".m") return read_maestro_hw_file(path, base);
    return parse_accelerator_json(read_text_file(path), path);
}

}  // namespace mapscape
