#include "tech/technology_json.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

#include "util/closest_name.hpp"
#include "util/json_document.hpp"

namespace mapscape {

namespace {

const JsonObjectSchema kTechnologyFields{
    "technology",
    {"format", "version", "name", "description", "model", "maestro", "scaled_from", "process_node_nm", "supply_voltage_v",
     "clock", "operations", "accumulators", "sram", "register_file", "noc", "dram", "logic_leakage"}};
const JsonObjectSchema kMaestroFields{"technology.maestro",
                                      {"mac_energy_nj", "l1_access_in_macs", "l2_access_in_macs", "dram_access_in_macs",
                                       "mac_area_um2", "mac_power_mw", "sram_area_um2_per_element",
                                       "sram_power_mw_per_element", "source"}};
const JsonObjectSchema kScaledFields{"technology.scaled_from",
                                     {"technology", "energy", "area", "leakage", "source"}};
const JsonObjectSchema kClockFields{"technology.clock", {"mhz", "source"}};
const JsonObjectSchema kOperationFields{"technology.operations[]", {"operation", "format", "pj", "area_um2", "source"}};
const JsonObjectSchema kAccumulatorFields = [] {
    JsonObjectSchema s{"technology.accumulators", {}};
    for (NumberFormat f : number_formats()) s.fields.emplace_back(format_name(f));
    return s;
}();
const JsonObjectSchema kCurveFields{"technology.sram", {"source", "points"}};
const JsonObjectSchema kRegisterFileFields{"technology.register_file", {"source", "points"}};
const JsonObjectSchema kPointFields{"technology.sram.points[]",
                                   {"capacity_bytes", "width_bits", "read_pj", "write_pj", "leakage_mw", "area_um2",
                                    "source"}};
const JsonObjectSchema kNocFields{"technology.noc", {"pj_per_bit_mm", "source"}};
const JsonObjectSchema kDramFields{"technology.dram", {"default", "types"}};
const JsonObjectSchema kDramTypeFields{"technology.dram.types[]", {"type", "pj_per_bit", "bandwidth_gb_per_s", "source"}};
const JsonObjectSchema kLeakageFields{"technology.logic_leakage", {"mw_per_mm2", "source"}};

constexpr double kHuge = 1e15;

class Reader {
public:
    explicit Reader(const JsonDocument& doc) : doc_(doc) {}

    // A figure the file must give: a number, not negative (and above zero where `positive`).
    double figure(const nlohmann::json& o, const std::string& p, const char* key, bool positive = false) const {
        if (!o.contains(key)) doc_.fail(p, "missing field \"" + std::string(key) + "\"");
        const auto& v = o[key];
        const std::string kp = json_child(p, key);
        if (!v.is_number()) doc_.fail(kp, "\"" + std::string(key) + "\" must be a number");
        const double x = v.get<double>();
        if (!std::isfinite(x) || x > kHuge) doc_.fail(kp, "\"" + std::string(key) + "\" is not a finite figure");
        if (x < 0) doc_.fail(kp, "\"" + std::string(key) + "\" must not be negative (" + json_number(x) + ")");
        if (positive && x == 0) doc_.fail(kp, "\"" + std::string(key) + "\" must be above zero");
        return x;
    }
    std::string source(const nlohmann::json& o, const std::string& p, bool required = true) const {
        if (!o.contains("source")) {
            if (required) doc_.fail(p, "missing field \"source\": every figure names where it comes from");
            return {};
        }
        std::string s = doc_.string(o, p, "source");
        if (required && s.find_first_not_of(" \t") == std::string::npos)
            doc_.fail(json_child(p, "source"), "\"source\" is empty: name the paper, table or tool output");
        return s;
    }
    NumberFormat format(const nlohmann::json& o, const std::string& p, const char* key) const {
        const std::string name = doc_.string(o, p, key);
        NumberFormat f{};
        if (!parse_number_format(name, f)) {
            std::vector<std::string> known;
            for (NumberFormat k : number_formats()) known.emplace_back(format_name(k));
            doc_.fail(json_child(p, key), "unknown number format \"" + name + "\"" + did_you_mean(name, known));
        }
        return f;
    }

    MemoryCurve curve(const nlohmann::json& o, const std::string& p, const JsonObjectSchema& schema) const {
        if (!o.is_object()) doc_.fail(p, "a memory curve must be an object with \"source\" and \"points\"");
        doc_.check_fields(o, p, schema);
        MemoryCurve c;
        c.source = source(o, p);
        const auto& pts = doc_.array(o, p, "points");
        const std::string pp = json_child(p, "points");
        if (pts.empty()) doc_.fail(pp, "a memory curve needs at least one point");
        for (std::size_t i = 0; i < pts.size(); ++i) {
            const std::string ip = json_child(pp, i);
            if (!pts[i].is_object()) doc_.fail(ip, "a point must be an object");
            doc_.check_fields(pts[i], ip, kPointFields);
            MemoryPoint m;
            m.capacity_bytes = figure(pts[i], ip, "capacity_bytes", true);
            m.width_bits = figure(pts[i], ip, "width_bits", true);
            m.read_pj = figure(pts[i], ip, "read_pj", true);
            m.write_pj = figure(pts[i], ip, "write_pj", true);
            m.leakage_mw = figure(pts[i], ip, "leakage_mw");
            m.area_um2 = figure(pts[i], ip, "area_um2", true);
            m.source = source(pts[i], ip, false);
            for (std::size_t j = 0; j < c.points.size(); ++j)
                if (c.points[j].capacity_bytes == m.capacity_bytes && c.points[j].width_bits == m.width_bits)
                    doc_.fail(ip, "a second point at " + json_number(m.capacity_bytes) + " bytes and " +
                                      json_number(m.width_bits) + " bits (the first is points[" + std::to_string(j) + "])");
            c.points.push_back(std::move(m));
        }
        // At one width, a larger memory never costs less per access, leaks less or is smaller.
        std::vector<std::size_t> order(c.points.size());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
        std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            const auto &x = c.points[a], &y = c.points[b];
            return x.width_bits != y.width_bits ? x.width_bits < y.width_bits : x.capacity_bytes < y.capacity_bytes;
        });
        for (std::size_t k = 1; k < order.size(); ++k) {
            const MemoryPoint& a = c.points[order[k - 1]];
            const MemoryPoint& b = c.points[order[k]];
            if (a.width_bits != b.width_bits) continue;
            auto check = [&](double lo, double hi, const char* what) {
                if (hi < lo)
                    doc_.fail(json_child(pp, order[k]),
                              std::string("non-monotonic curve: ") + what + " falls from " + json_number(lo) + " at " +
                                  json_number(a.capacity_bytes) + " bytes to " + json_number(hi) + " at " +
                                  json_number(b.capacity_bytes) + " bytes (width " + json_number(a.width_bits) + " bits)");
            };
            check(a.read_pj, b.read_pj, "read_pj");
            check(a.write_pj, b.write_pj, "write_pj");
            check(a.leakage_mw, b.leakage_mw, "leakage_mw");
            check(a.area_um2, b.area_um2, "area_um2");
        }
        return c;
    }

    static std::string json_number(double x) {
        std::string s = nlohmann::json(x).dump();
        if (s.size() > 2 && s.substr(s.size() - 2) == ".0") s.resize(s.size() - 2);
        return s;
    }

private:
    const JsonDocument& doc_;
};

// Applies `scaled_from`'s factors to every figure of the base.
Technology scaled(const Technology& base, double energy, double area, double leakage) {
    Technology t = base;
    for (auto& o : t.operations) {
        o.pj *= energy;
        o.area_um2 *= area;
    }
    for (auto& m : t.macs) {
        m.multiply_pj *= energy;
        m.add_pj *= energy;
        m.multiply_area_um2 *= area;
        m.add_area_um2 *= area;
    }
    for (MemoryCurve* c : {&t.sram, &t.register_file})
        for (auto& p : c->points) {
            p.read_pj *= energy;
            p.write_pj *= energy;
            p.leakage_mw *= leakage;
            p.area_um2 *= area;
        }
    t.noc_pj_per_bit_mm *= energy;
    return t;
}

}  // namespace

const std::vector<std::string>& known_dram_types() {
    static const std::vector<std::string> types{"ddr3", "ddr4", "ddr5", "lpddr4", "lpddr4x", "lpddr5", "hbm", "hbm2",
                                                "hbm2e", "hbm3", "gddr5", "gddr6"};
    return types;
}

std::vector<const JsonObjectSchema*> technology_schemas() {
    return {&kTechnologyFields, &kMaestroFields, &kScaledFields, &kClockFields, &kOperationFields, &kAccumulatorFields, &kCurveFields,
            &kRegisterFileFields, &kPointFields, &kNocFields, &kDramFields, &kDramTypeFields, &kLeakageFields};
}

Technology parse_technology_json(std::string_view text, const std::string& file_name, const TechnologyResolver& resolve) {
    const JsonDocument doc = JsonDocument::parse(text, file_name);
    const auto& v = doc.root();
    if (!v.is_object()) doc.fail("", "a technology file must be a JSON object");
    doc.check_fields(v, "", kTechnologyFields);
    doc.check_format("mapscape-technology", 1, "technology");
    const Reader rd(doc);
    Technology t;
    t.name = doc.string(v, "", "name");
    if (t.name.empty()) doc.fail("/name", "\"name\" is empty");
    const std::string model = doc.string_or(v, "", "model", "physical");
    if (model != "physical" && model != "maestro")
        doc.fail("/model", "\"model\" must be \"physical\" (figures by size and width) or \"maestro\" (MAESTRO's "
                           "multipliers), not \"" + model + "\"");
    const std::string description = doc.string_or(v, "", "description", "");

    if (model == "maestro") {
        for (const char* key : {"scaled_from", "operations", "accumulators", "sram", "register_file", "noc", "dram", "logic_leakage"})
            if (v.contains(key))
                doc.fail(json_child("", key), "\"" + std::string(key) + "\" does not belong to a \"maestro\" model "
                                                  "(its energies are multiples of a MAC's)");
        const auto& m = doc.object(v, "", "maestro");
        const std::string mp = "/maestro";
        doc.check_fields(m, mp, kMaestroFields);
        t.maestro_relative = true;
        TechnologyTable& tt = t.maestro;
        tt.mac_energy_nj = rd.figure(m, mp, "mac_energy_nj", true);
        tt.l1_access_in_macs = rd.figure(m, mp, "l1_access_in_macs");
        tt.l2_access_in_macs = rd.figure(m, mp, "l2_access_in_macs");
        tt.dram_access_in_macs = rd.figure(m, mp, "dram_access_in_macs");
        tt.mac_area_um2 = rd.figure(m, mp, "mac_area_um2");
        tt.mac_power_mw = rd.figure(m, mp, "mac_power_mw");
        tt.sram_area_um2_per_element = rd.figure(m, mp, "sram_area_um2_per_element");
        tt.sram_power_mw_per_element = rd.figure(m, mp, "sram_power_mw_per_element");
        rd.source(m, mp);
        t.name = doc.string(v, "", "name");
        t.description = description;
        t.file = file_name;
        return t;
    }
    if (v.contains("maestro")) doc.fail("/maestro", "\"maestro\" belongs to a technology whose \"model\" is \"maestro\"");

    bool has_base = false;
    if (v.contains("scaled_from")) {
        const auto& s = doc.object(v, "", "scaled_from");
        const std::string sp = "/scaled_from";
        doc.check_fields(s, sp, kScaledFields);
        const std::string base_name = doc.string(s, sp, "technology");
        std::shared_ptr<const Technology> base;
        try {
            base = resolve ? resolve(base_name) : nullptr;
        } catch (const InputError& e) {
            doc.fail(json_child(sp, "technology"), "cannot load the base technology \"" + base_name + "\": " + e.what());
        }
        if (!base) doc.fail(json_child(sp, "technology"), "no technology \"" + base_name + "\" to scale from");
        if (base->maestro_relative)
            doc.fail(json_child(sp, "technology"), "\"" + base_name + "\" is MAESTRO's relative model; scale a physical one");
        t = scaled(*base, rd.figure(s, sp, "energy", true), rd.figure(s, sp, "area", true), rd.figure(s, sp, "leakage", true));
        rd.source(s, sp);
        has_base = true;
    }
    t.name = doc.string(v, "", "name");
    t.description = description;
    t.file = file_name;
    t.maestro_relative = false;
    auto need = [&](const char* key) {
        if (!has_base && !v.contains(key)) doc.fail("", "missing field \"" + std::string(key) + "\"");
        return v.contains(key);
    };
    if (need("process_node_nm")) t.process_node_nm = rd.figure(v, "", "process_node_nm", true);
    if (v.contains("supply_voltage_v")) t.supply_voltage_v = rd.figure(v, "", "supply_voltage_v", true);
    if (need("clock")) {
        const auto& c = doc.object(v, "", "clock");
        doc.check_fields(c, "/clock", kClockFields);
        t.clock_mhz = rd.figure(c, "/clock", "mhz", true);
        t.clock_source = rd.source(c, "/clock");
    }
    if (need("operations")) {
        const auto& ops = doc.array(v, "", "operations");
        if (ops.empty()) doc.fail("/operations", "\"operations\" needs at least one multiply and one add");
        t.operations.clear();
        for (std::size_t i = 0; i < ops.size(); ++i) {
            const std::string p = json_child("/operations", i);
            if (!ops[i].is_object()) doc.fail(p, "an operation must be an object");
            doc.check_fields(ops[i], p, kOperationFields);
            OperationFigures o;
            const std::string kind = doc.string(ops[i], p, "operation");
            if (kind != "add" && kind != "multiply")
                doc.fail(json_child(p, "operation"), "\"operation\" must be \"add\" or \"multiply\", not \"" + kind + "\"");
            o.multiply = kind == "multiply";
            o.format = rd.format(ops[i], p, "format");
            o.pj = rd.figure(ops[i], p, "pj", true);
            o.area_um2 = rd.figure(ops[i], p, "area_um2");
            o.source = rd.source(ops[i], p);
            if (t.operation(o.multiply, o.format))
                doc.fail(p, "a second " + kind + " at " + std::string(format_name(o.format)));
            t.operations.push_back(std::move(o));
        }
    }
    if (need("accumulators")) {
        // Each multiply's accumulator: the add a MAC of that format makes.
        const auto& acc = doc.object(v, "", "accumulators");
        doc.check_fields(acc, "/accumulators", kAccumulatorFields);
        t.macs.clear();
        for (const auto& o : t.operations) {
            if (!o.multiply) continue;
            const std::string key(format_name(o.format));
            if (!acc.contains(key))
                doc.fail("/accumulators", "missing field \"" + key + "\": the format a " + key + " multiply accumulates in");
            const NumberFormat sum = rd.format(acc, "/accumulators", key.c_str());
            const OperationFigures* add = t.operation(false, sum);
            if (!add)
                doc.fail(json_child("/accumulators", key), "no add at " + std::string(format_name(sum)) + " among the operations");
            t.macs.push_back({o.format, sum, o.pj, add->pj, o.area_um2, add->area_um2, o.source + "; " + add->source});
        }
        if (t.macs.empty()) doc.fail("/operations", "no multiply among the operations: a MAC needs one");
    }
    if (need("sram")) t.sram = rd.curve(doc.object(v, "", "sram"), "/sram", kCurveFields);
    if (need("register_file")) t.register_file = rd.curve(doc.object(v, "", "register_file"), "/register_file", kRegisterFileFields);
    if (need("noc")) {
        const auto& n = doc.object(v, "", "noc");
        doc.check_fields(n, "/noc", kNocFields);
        t.noc_pj_per_bit_mm = rd.figure(n, "/noc", "pj_per_bit_mm");
        t.noc_source = rd.source(n, "/noc");
    }
    if (need("dram")) {
        const auto& d = doc.object(v, "", "dram");
        doc.check_fields(d, "/dram", kDramFields);
        const auto& types = doc.array(d, "/dram", "types");
        if (types.empty()) doc.fail("/dram/types", "\"types\" needs at least one DRAM");
        t.drams.clear();
        for (std::size_t i = 0; i < types.size(); ++i) {
            const std::string p = json_child("/dram/types", i);
            if (!types[i].is_object()) doc.fail(p, "a DRAM entry must be an object");
            doc.check_fields(types[i], p, kDramTypeFields);
            DramFigures f;
            f.type = doc.string(types[i], p, "type");
            std::string lower_type = f.type;
            std::transform(lower_type.begin(), lower_type.end(), lower_type.begin(),
                           [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
            const auto& known = known_dram_types();
            if (std::find(known.begin(), known.end(), lower_type) == known.end()) {
                std::string list;
                for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
                doc.fail(json_child(p, "type"), "unknown DRAM type \"" + f.type + "\"" + did_you_mean(lower_type, known) +
                                                    " (known: " + list + ")");
            }
            f.type = lower_type;
            f.energy_pj_per_bit = rd.figure(types[i], p, "pj_per_bit", true);
            f.bandwidth_gb_per_s = rd.figure(types[i], p, "bandwidth_gb_per_s", true);
            f.source = rd.source(types[i], p);
            if (t.dram(f.type)) doc.fail(json_child(p, "type"), "a second entry for DRAM type \"" + f.type + "\"");
            t.drams.push_back(std::move(f));
        }
        t.default_dram = doc.string(d, "/dram", "default");
        if (!t.dram(t.default_dram)) {
            std::vector<std::string> listed;
            for (const auto& x : t.drams) listed.push_back(x.type);
            doc.fail("/dram/default", "the default DRAM \"" + t.default_dram + "\" is not among the types listed" +
                                          did_you_mean(t.default_dram, listed));
        }
        t.default_dram = t.dram(t.default_dram)->type;
    }
    if (v.contains("logic_leakage")) {
        const auto& l = doc.object(v, "", "logic_leakage");
        doc.check_fields(l, "/logic_leakage", kLeakageFields);
        t.logic_leakage_mw_per_mm2 = rd.figure(l, "/logic_leakage", "mw_per_mm2");
        t.logic_leakage_source = rd.source(l, "/logic_leakage");
    }
    return t;
}

}  // namespace mapscape
