// mapscape.Accelerator: the PE array, buffers, NoC and off-chip link; presets, files, the area
// under the area models, and the technology that prices it (mapscape.technologies()).
#include <limits>
#include <filesystem>
#include <optional>

#include "arch/accelerator_json.hpp"
#include "arch/area_model.hpp"
#include "arch/presets.hpp"
#include "common.hpp"
#include "json_convert.hpp"
#include "python_types.hpp"
#include "tech/technology.hpp"
#include "tech/technology_choice.hpp"
#include "tech/technology_library.hpp"
#include "util/diagnostic.hpp"
#include "util/json_text.hpp"

namespace mapscape::python {

namespace {

void check(const Accelerator& acc) {
    if (std::string p = accelerator_problem(acc); !p.empty()) throw InputError({acc.name, 0, 0}, p);
}

Accelerator make_accelerator(std::string name, std::int64_t num_pes, std::vector<std::int64_t> pe_hierarchy, std::int64_t simd_lanes,
                             std::int64_t l1_bytes, std::int64_t l2_bytes, std::int64_t noc_bw, std::int64_t noc_hops,
                             std::int64_t noc_hop_latency, std::int64_t offchip_bw, std::int64_t word_bytes, double clock_mhz,
                             const std::string& map_space) {
    // The file format's ranges (accelerator_field_range), named by the Python keywords.
    struct Checked {
        const char* keyword;
        const char* field;
        double value;
    };
    for (const Checked& c : {Checked{"num_pes", "num_pes", static_cast<double>(num_pes)}, Checked{"simd_lanes", "simd_lanes", static_cast<double>(simd_lanes)},
                             Checked{"l1_bytes", "l1_size_bytes", static_cast<double>(l1_bytes)}, Checked{"l2_bytes", "l2_size_bytes", static_cast<double>(l2_bytes)},
                             Checked{"noc_bw", "bandwidth_elements_per_cycle", static_cast<double>(noc_bw)},
                             Checked{"noc_hops", "hops", static_cast<double>(noc_hops)},
                             Checked{"noc_hop_latency", "hop_latency_cycles", static_cast<double>(noc_hop_latency)},
                             Checked{"offchip_bw", "offchip_bw_elements_per_cycle", static_cast<double>(offchip_bw)},
                             Checked{"word_bytes", "word_size_bytes", static_cast<double>(word_bytes)}, Checked{"clock_mhz", "clock_mhz", clock_mhz}}) {
        const AcceleratorFieldRange& r = accelerator_field_range(c.field);
        if (!(c.value >= r.min && c.value <= r.max))
            throw InputError({c.keyword, 0, 0}, "must be from " + std::to_string(static_cast<long long>(r.min)) + " to " +
                                                    std::to_string(static_cast<long long>(r.max)) + ", not " + json_text(nlohmann::json(c.value)));
    }
    Accelerator a;
    a.name = std::move(name);
    a.num_pes = num_pes;
    a.pe_hierarchy = std::move(pe_hierarchy);
    a.simd_lanes = simd_lanes;
    a.l1_size_bytes = l1_bytes;
    a.l2_size_bytes = l2_bytes;
    set_uniform_noc(a, noc_bw, noc_hops, noc_hop_latency);
    a.offchip_bw_elements_per_cycle = offchip_bw;
    a.word_size_bytes = word_bytes;
    a.clock_mhz = clock_mhz;
    try {
        a.map_space = map_space_preset(map_space);
    } catch (const InputError& e) {
        throw InputError({"map_space", 0, 0}, e.diagnostic().message);
    }
    check(a);
    return a;
}

py::dict area_dict(const AreaBreakdown& b) {
    return py::dict(py::arg("total") = b.total_um2(), py::arg("pes") = b.pes_um2, py::arg("l1") = b.l1_um2, py::arg("l2") = b.l2_um2,
                    py::arg("noc") = b.noc_um2);
}

const AreaModel& area_model_or_default(const std::string& id) { return id.empty() ? default_area_model() : area_model(id); }

// A setter that checks the accelerator after the change (and undoes it when wrong). Fields that
// must agree (num_pes and pe_hierarchy) change together with update().
template <typename Field>
auto checked_setter(const char* keyword, Field Accelerator::*field, bool with_hierarchy = false) {
    return [keyword, field, with_hierarchy](Accelerator& a, Field value) {
        Field old = a.*field;
        a.*field = std::move(value);
        if (std::string p = accelerator_problem(a); !p.empty()) {
            a.*field = std::move(old);
            if (with_hierarchy) p += " (change both at once: accelerator.update(num_pes=..., pe_hierarchy=[...]))";
            throw py::value_error(std::string(keyword) + ": " + p);
        }
    };
}

// `acc.technology = "45nm"` (or a technology file), as --tech takes it. A problem inside a
// technology file keeps its own FILE:LINE:COL (mapscape.InputError) and a missing file is a
// FileNotFoundError; an unknown name is refused as the property's (with a "did you mean").
void set_technology(Accelerator& a, const py::object& value) {
    const std::string name = path_argument(value, "technology");
    std::shared_ptr<const Technology> tech;
    try {
        tech = load_technology(name);
    } catch (const MissingFileError&) {
        throw;
    } catch (const InputError& e) {
        std::error_code ec;
        const SourceLocation& where = e.diagnostic().where;
        if (where.line > 0 || std::filesystem::is_regular_file(where.file, ec)) throw;
        throw InputError({"technology", 0, 0}, e.diagnostic().message);
    }
    apply_technology(a, tech);
}

// `acc.dram_type = "hbm2"`: one of the technology's DRAM types, checked as --dram is (refused
// under MAESTRO's model, which prices every DRAM access alike); "" is the technology's default.
void set_dram_type(Accelerator& a, const std::string& type) {
    if (type.empty()) {
        a.dram_type.clear();
        return;
    }
    TechnologyChoice choice;
    choice.dram = type;
    Accelerator changed = a;
    try {
        apply_technology_choice(choice, changed);
    } catch (const InputError& e) {
        throw InputError({"dram_type", 0, 0}, e.diagnostic().message);
    }
    a = std::move(changed);
}

// analysis = "maestro" | "faithful" (the CLI's --analysis).
void set_analysis(Accelerator& a, const py::handle& value) {
    if (!py::isinstance<py::str>(value)) throw py::type_error("analysis: expected a str (\"maestro\" or \"faithful\")");
    const std::string name = py::cast<std::string>(value);
    if (!parse_analysis_mode(name, a.analysis))
        throw py::value_error("analysis: \"maestro\" (MAESTRO's model, figure for figure) or \"faithful\" (what the dataflow does), not \"" +
                              name + "\"");
}

// update(**fields): every field set, then the accelerator checked once (all or nothing).
void update_fields(Accelerator& a, const py::kwargs& fields) {
    Accelerator changed = a;
    for (const auto& [key, value] : fields) {
        const std::string k = py::cast<std::string>(key);
        constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
        if (k == "name") {
            if (!py::isinstance<py::str>(value)) throw py::type_error("name: expected a str");
            changed.name = py::cast<std::string>(value);
        } else if (k == "num_pes") changed.num_pes = int_argument(value, k, 1, kMax);
        else if (k == "pe_hierarchy") {
            if (!py::isinstance<py::sequence>(value) || py::isinstance<py::str>(value)) throw py::type_error("pe_hierarchy: expected a list of ints");
            changed.pe_hierarchy.clear();
            for (const py::handle& item : value) changed.pe_hierarchy.push_back(int_argument(item, "pe_hierarchy", 1, kMax));
        } else if (k == "simd_lanes") changed.simd_lanes = int_argument(value, k, 1, kMax);
        else if (k == "l1_bytes") changed.l1_size_bytes = int_argument(value, k, 1, kMax);
        else if (k == "l2_bytes") changed.l2_size_bytes = int_argument(value, k, 1, kMax);
        else if (k == "offchip_bw") changed.offchip_bw_elements_per_cycle = int_argument(value, k, 1, kMax);
        else if (k == "word_bytes") changed.word_size_bytes = int_argument(value, k, 1, kMax);
        else if (k == "clock_mhz") changed.clock_mhz = number_argument(value, k, 1e-3, 1e6);
        else if (k == "l2_banks") changed.l2_banks = int_argument(value, k, 1, kMax);
        else if (k == "analysis") set_analysis(changed, value);
        else
            throw py::type_error("update(): unknown field " + k +
                                 " (name, num_pes, pe_hierarchy, simd_lanes, l1_bytes, l2_bytes, offchip_bw, word_bytes, clock_mhz, "
                                 "l2_banks, analysis; set_noc for the NoC, the technology and dram_type properties for those)");
    }
    if (std::string p = accelerator_problem(changed); !p.empty()) {
        std::string keywords;
        for (const auto& [key, value] : fields) keywords += (keywords.empty() ? "" : ", ") + py::cast<std::string>(key);
        throw py::value_error("update(" + keywords + "): " + p);
    }
    a = std::move(changed);
}

}  // namespace

void bind_arch(py::module_& m) {
    const Accelerator d;
    py::class_<Accelerator>(m, "Accelerator", R"doc(
An accelerator: the PE array, per-PE L1 and shared L2 buffers, the NoC, the off-chip link.

    Accelerator.preset("edge")     GAMMA's Edge platform (Accelerator.presets() lists them all)
    Accelerator.load("hw.json")    an accelerator file (.json, or a MAESTRO HW .m over the Edge preset)
    Accelerator(num_pes=256, l1_bytes=512, l2_bytes=108000, noc_bw=64, offchip_bw=16)

Sizes are bytes (l1_bytes per PE), bandwidths elements per cycle, the clock MHz.
technology prices it: "maestro" (MAESTRO's relative energies, the default) or a physical one
("45nm", ...: mapscape.technologies(), or a technology file), as the CLI's --tech.
)doc")
        .def(py::init(&make_accelerator), py::arg("name") = d.name, py::arg("num_pes") = d.num_pes,
             py::arg("pe_hierarchy") = std::vector<std::int64_t>{}, py::arg("simd_lanes") = d.simd_lanes, py::arg("l1_bytes") = d.l1_size_bytes,
             py::arg("l2_bytes") = d.l2_size_bytes, py::arg("noc_bw") = d.noc[0].bandwidth_elements_per_cycle, py::arg("noc_hops") = d.noc[0].hops,
             py::arg("noc_hop_latency") = d.noc[0].hop_latency_cycles, py::arg("offchip_bw") = d.offchip_bw_elements_per_cycle,
             py::arg("word_bytes") = d.word_size_bytes, py::arg("clock_mhz") = d.clock_mhz, py::arg("map_space") = "flexible",
             "The defaults are MAESTRO's command line's: 7 PEs, unconstrained buffers and NoC, off-chip 70000 elements/cycle.\n"
             "pe_hierarchy: the physical cluster sizes, outermost first (e.g. [12, 14]); map_space: flexible, nvdla, eyeriss or shidiannao.")
        .def_static("preset", &accelerator_preset, py::arg("id"), "a named accelerator: edge, cloud, eyeriss-like, ... (see presets())")
        .def_static("presets", [] {
            py::dict out;
            for (const AcceleratorPreset& p : accelerator_presets()) out[py::str(p.id)] = p.description;
            return out;
        }, "preset ids and their descriptions")
        .def_static("load", [](const py::object& path, const std::optional<Accelerator>& base) {
            const std::string file = path_argument(path, "path");
            if (!base) return load_platform(file);
            Accelerator acc = load_accelerator_file(file, *base);
            if (std::filesystem::path(file).extension() == ".m") acc.name = file;  // as `eval --hw FILE` names it
            return acc;
        }, py::arg("path"), py::arg("base") = py::none(),
                    "An accelerator file (.json, or a MAESTRO HW .m), or a preset id. A MAESTRO HW file gives the PEs, buffers,\n"
                    "NoC and off-chip bandwidth over `base`: by default the Edge preset (as --platform reads it); base=Accelerator()\n"
                    "reads it over MAESTRO's command-line defaults, as `mapscape-cli eval --hw FILE` does.")
        .def_static("area_models", [] {
            std::vector<std::string> ids;
            for (const AreaModel& a : area_models()) ids.push_back(a.id);
            return ids;
        }, "the area models' ids, the default first")
        .def_property("name", [](const Accelerator& a) { return a.name; }, [](Accelerator& a, std::string n) { a.name = std::move(n); })
        .def_property("num_pes", [](const Accelerator& a) { return a.num_pes; }, checked_setter("num_pes", &Accelerator::num_pes, true))
        .def_property("pe_hierarchy", [](const Accelerator& a) { return a.pe_hierarchy; }, checked_setter("pe_hierarchy", &Accelerator::pe_hierarchy, true),
                      "physical cluster sizes, outermost first (empty: not given)")
        .def_property("simd_lanes", [](const Accelerator& a) { return a.simd_lanes; }, checked_setter("simd_lanes", &Accelerator::simd_lanes))
        .def_property("l1_bytes", [](const Accelerator& a) { return a.l1_size_bytes; }, checked_setter("l1_bytes", &Accelerator::l1_size_bytes), "L1 per PE, bytes")
        .def_property("l2_bytes", [](const Accelerator& a) { return a.l2_size_bytes; }, checked_setter("l2_bytes", &Accelerator::l2_size_bytes), "shared L2, bytes")
        .def_property("offchip_bw", [](const Accelerator& a) { return a.offchip_bw_elements_per_cycle; },
                      checked_setter("offchip_bw", &Accelerator::offchip_bw_elements_per_cycle), "off-chip bandwidth, elements/cycle")
        .def_property("word_bytes", [](const Accelerator& a) { return a.word_size_bytes; }, checked_setter("word_bytes", &Accelerator::word_size_bytes))
        .def_property("clock_mhz", [](const Accelerator& a) { return a.clock_mhz; }, checked_setter("clock_mhz", &Accelerator::clock_mhz))
        .def_property("technology", [](const Accelerator& a) { return technology_label(a); }, &set_technology,
                      "what prices energy, area and leakage: maestro (MAESTRO's relative model), a bundled physical technology\n"
                      "(mapscape.technologies(): 45nm, ...) or a technology file's name; set it by name or path (the CLI's --tech)")
        .def_property("dram_type", [](const Accelerator& a) { return a.dram_type; }, &set_dram_type,
                      "the physical technology's DRAM type (e.g. lpddr4, hbm2; '' = its default; the CLI's --dram)")
        .def_property("l2_banks", [](const Accelerator& a) { return a.l2_banks; }, checked_setter("l2_banks", &Accelerator::l2_banks),
                      "banks of the global buffer, 1 to 1024 (each access reads one; physical technologies; the CLI's --l2-banks)")
        .def_property("analysis", [](const Accelerator& a) { return std::string(analysis_mode_name(a.analysis)); },
                      [](Accelerator& a, const py::object& v) { set_analysis(a, v); },
                      "which analysis prices a mapping: \"maestro\" (MAESTRO's model, figure for figure; the default) or \"faithful\"\n"
                      "(partial tiles and split filters as the dataflow does them: docs/faithful-analysis.md; the CLI's --analysis)")
        .def_property_readonly("noc_bw", [](const Accelerator& a) { return a.noc[0].bandwidth_elements_per_cycle; },
                               "the outermost NoC level's bandwidth, elements/cycle (set_noc sets every level)")
        .def_property_readonly("noc", [](const Accelerator& a) {
            py::list levels;
            for (const NocLevel& n : a.noc)
                levels.append(py::dict(py::arg("bandwidth") = n.bandwidth_elements_per_cycle, py::arg("hops") = n.hops,
                                       py::arg("hop_latency") = n.hop_latency_cycles));
            return levels;
        }, "every NoC level, outermost first")
        .def("set_noc", [](Accelerator& a, std::int64_t bw, std::int64_t hops, std::int64_t hop_latency) {
            if (bw < 1) throw py::value_error("bandwidth: at least 1 element per cycle, not " + std::to_string(bw));
            if (hops < 0) throw py::value_error("hops: at least 0, not " + std::to_string(hops));
            if (hop_latency < 0) throw py::value_error("hop_latency: at least 0 cycles, not " + std::to_string(hop_latency));
            Accelerator changed = a;
            set_uniform_noc(changed, bw, hops, hop_latency);
            check(changed);
            a = std::move(changed);
        }, py::arg("bandwidth"), py::arg("hops") = 1, py::arg("hop_latency") = 0, "every NoC level alike, as MAESTRO's command line sets them")
        .def_property_readonly("l1_elements", &Accelerator::l1_size_elements)
        .def_property_readonly("l2_elements", &Accelerator::l2_size_elements)
        .def("area_um2", [](const Accelerator& a, const std::string& model) { return area_of(area_model_or_default(model), a).total_um2(); },
             py::arg("area_model") = "", "the area of the PEs, buffers (and NoC, where the model counts it) in um^2 under an area model (default: gamma)")
        .def("area_breakdown", [](const Accelerator& a, const std::string& model) { return area_dict(area_of(area_model_or_default(model), a)); },
             py::arg("area_model") = "", "the area split into total, pes, l1, l2, noc (um^2)")
        .def("to_dict", [](const Accelerator& a) { return json_to_python(accelerator_to_json(a)); }, "the accelerator as in a Mapscape accelerator file")
        .def("update", &update_fields, "sets several fields at once and checks the accelerator once: update(num_pes=12, pe_hierarchy=[3, 4])")
        .def(py::pickle([](const Accelerator& a) { return accelerator_to_json(a).dump(); },
                        [](const std::string& text) { return parse_accelerator_json(text, "<pickled accelerator>"); }))
        .def("copy", [](const Accelerator& a) { return a; })
        .def("__copy__", [](const Accelerator& a) { return a; })
        .def("__deepcopy__", [](const Accelerator& a, const py::object&) { return a; }, py::arg("memo"))
        .def("__eq__", [](const Accelerator& a, const Accelerator& b) { return a == b; }, py::is_operator())
        .def("__repr__", [](const Accelerator& a) {
            // The technology when it is not MAESTRO's default model (which every repr so far meant).
            const std::string tech = technology_label(a);
            return "<Accelerator " + a.name + ": " + std::to_string(a.num_pes) + " PEs, L1 " + std::to_string(a.l1_size_bytes) + " B/PE, L2 " +
                   std::to_string(a.l2_size_bytes) + " B" + (tech == "maestro" ? "" : ", " + tech) + ">";
        });

    m.def("technologies", &bundled_technology_names,
          "the bundled technologies' names (maestro first, then by process node, largest first): what\n"
          "Accelerator.technology and search(technology=...) take besides a technology file");
}

}  // namespace mapscape::python
