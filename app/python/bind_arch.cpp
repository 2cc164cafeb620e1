// mapscape.Accelerator: the PE array, buffers, NoC and off-chip link; presets, files, and the
// area under the area models.
#include <filesystem>
#include <optional>

#include "arch/accelerator_json.hpp"
#include "arch/area_model.hpp"
#include "arch/presets.hpp"
#include "common.hpp"
#include "json_convert.hpp"
#include "python_types.hpp"
#include "util/diagnostic.hpp"

namespace mapscape::python {

namespace {

void check(const Accelerator& acc) {
    if (std::string p = accelerator_problem(acc); !p.empty()) throw InputError({acc.name, 0, 0}, p);
}

void check_positive(const char* keyword, std::int64_t value) {
    if (value < 1) throw InputError({keyword, 0, 0}, "must be at least 1, not " + std::to_string(value));
}

Accelerator make_accelerator(std::string name, std::int64_t num_pes, std::vector<std::int64_t> pe_hierarchy, std::int64_t simd_lanes,
                             std::int64_t l1_bytes, std::int64_t l2_bytes, std::int64_t noc_bw, std::int64_t noc_hops,
                             std::int64_t noc_hop_latency, std::int64_t offchip_bw, std::int64_t word_bytes, double clock_mhz,
                             const std::string& map_space) {
    for (auto [keyword, value] : {std::pair{"num_pes", num_pes}, {"simd_lanes", simd_lanes}, {"l1_bytes", l1_bytes}, {"l2_bytes", l2_bytes},
                                  {"noc_bw", noc_bw}, {"offchip_bw", offchip_bw}, {"word_bytes", word_bytes}})
        check_positive(keyword, value);
    if (noc_hops < 0 || noc_hop_latency < 0) throw InputError({"noc_hops", 0, 0}, "NoC hops and hop latency must not be negative");
    if (!(clock_mhz > 0)) throw InputError({"clock_mhz", 0, 0}, "the clock must be positive");
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

// A setter that checks the accelerator after the change (and undoes it when wrong).
template <typename Field>
auto checked_setter(Field Accelerator::*field) {
    return [field](Accelerator& a, Field value) {
        Field old = a.*field;
        a.*field = std::move(value);
        if (std::string p = accelerator_problem(a); !p.empty()) {
            a.*field = std::move(old);
            throw InputError({a.name, 0, 0}, p);
        }
    };
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
        .def_property("num_pes", [](const Accelerator& a) { return a.num_pes; }, checked_setter(&Accelerator::num_pes))
        .def_property("pe_hierarchy", [](const Accelerator& a) { return a.pe_hierarchy; }, checked_setter(&Accelerator::pe_hierarchy),
                      "physical cluster sizes, outermost first (empty: not given)")
        .def_property("simd_lanes", [](const Accelerator& a) { return a.simd_lanes; }, checked_setter(&Accelerator::simd_lanes))
        .def_property("l1_bytes", [](const Accelerator& a) { return a.l1_size_bytes; }, checked_setter(&Accelerator::l1_size_bytes), "L1 per PE, bytes")
        .def_property("l2_bytes", [](const Accelerator& a) { return a.l2_size_bytes; }, checked_setter(&Accelerator::l2_size_bytes), "shared L2, bytes")
        .def_property("offchip_bw", [](const Accelerator& a) { return a.offchip_bw_elements_per_cycle; },
                      checked_setter(&Accelerator::offchip_bw_elements_per_cycle), "off-chip bandwidth, elements/cycle")
        .def_property("word_bytes", [](const Accelerator& a) { return a.word_size_bytes; }, checked_setter(&Accelerator::word_size_bytes))
        .def_property("clock_mhz", [](const Accelerator& a) { return a.clock_mhz; }, checked_setter(&Accelerator::clock_mhz))
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
        .def("copy", [](const Accelerator& a) { return a; })
        .def("__copy__", [](const Accelerator& a) { return a; })
        .def("__deepcopy__", [](const Accelerator& a, const py::object&) { return a; }, py::arg("memo"))
        .def("__eq__", [](const Accelerator& a, const Accelerator& b) { return a == b; }, py::is_operator())
        .def("__repr__", [](const Accelerator& a) {
            return "<Accelerator " + a.name + ": " + std::to_string(a.num_pes) + " PEs, L1 " + std::to_string(a.l1_size_bytes) + " B/PE, L2 " +
                   std::to_string(a.l2_size_bytes) + " B>";
        });
}

}  // namespace mapscape::python
