// mapscape.Mapping: MAESTRO dataflow directives (from and to MAESTRO text, random GAMMA-style
// mappings), and MAESTRO network files as (layer, mapping) pairs.
#include <random>

#include "common.hpp"
#include "json_convert.hpp"
#include "mapping/dataflow_text.hpp"
#include "mapping/maestro_file.hpp"
#include "mapping/mapping_json.hpp"
#include "mapping/random_mapping.hpp"
#include "python_types.hpp"
#include "util/diagnostic.hpp"
#include "util/json_document.hpp"
#include "util/text_file.hpp"

namespace mapscape::python {

namespace {

// Reads directives without a layer: any dimension may be named, Sz() cannot be resolved.
Layer placeholder_layer() {
    Layer l = Layer::conv("L", 1, 1, 1, 1, 1, 1);
    l.set(Dim::N, 1);
    return l;
}

Mapping from_maestro(const std::string& text, const std::optional<Layer>& layer) {
    if (!layer && text.find("Sz(") != std::string::npos)
        throw InputError({"text", 0, 0}, "the directives use Sz(): give the layer they map (Mapping.from_maestro(text, layer))");
    return parse_dataflow_text(text, layer ? *layer : placeholder_layer(), "mapping");
}

RandomMappingOptions random_options(int levels, std::int64_t num_pes) {
    if (levels < 1 || levels > 4) throw InputError({"levels", 0, 0}, "a mapping has 1 to 4 levels, not " + std::to_string(levels));
    if (num_pes < 1) throw InputError({"num_pes", 0, 0}, "at least one PE");
    RandomMappingOptions o;
    o.levels = levels;
    o.num_pes = num_pes;
    return o;
}

std::string directive_text(const Directive& d) {
    std::string text = to_maestro_text(d);
    if (!text.empty() && text.back() == ';') text.pop_back();
    return text;
}

}  // namespace

void bind_mapping(py::module_& m) {
    py::class_<Mapping>(m, "Mapping", R"doc(
A dataflow mapping: MAESTRO's directives (TemporalMap, SpatialMap, Cluster), outermost first.

    Mapping.from_maestro("SpatialMap(1,1) K;\nTemporalMap(64,64) C;\n...", layer)
    mapping.to_maestro()                          the directives as MAESTRO text
    Mapping.random(layer, levels=2, num_pes=256, seed=1)
)doc")
        .def(py::init<>())
        .def_static("from_maestro", &from_maestro, py::arg("text"), py::arg("layer") = py::none(),
                    "Reads MAESTRO directives, one per line (comments and Sz() allowed; Sz() needs the layer).\n"
                    "Raises mapscape.InputError with the line and column of a mistake.")
        .def_static("random", [](const Layer& layer, int levels, std::int64_t num_pes, std::uint64_t seed, std::optional<std::int64_t> count) -> py::object {
            const RandomMappingOptions o = random_options(levels, num_pes);
            std::mt19937_64 rng(seed);
            if (!count) return py::cast(random_mapping(layer, o, rng));
            if (*count < 0 || *count > 10'000'000) throw InputError({"count", 0, 0}, "a count is from 0 to 10,000,000, not " + std::to_string(*count));
            std::vector<Mapping> out;
            out.reserve(static_cast<std::size_t>(*count));
            for (std::int64_t i = 0; i < *count; ++i) {
                out.push_back(random_mapping(layer, o, rng));
                if ((i & 0x3FF) == 0x3FF && PyErr_CheckSignals() != 0) throw py::error_already_set();  // Ctrl-C
            }
            return py::cast(std::move(out));
        }, py::arg("layer"), py::arg("levels") = 2, py::arg("num_pes") = 256, py::arg("seed") = 1, py::arg("count") = py::none(),
           "A random GAMMA-style mapping of the layer (per level: a parallel dimension, then every dimension with a random tile),\n"
           "or a list of `count` of them; cluster sizes multiply to at most num_pes. Deterministic for a seed.")
        .def("to_maestro", &dataflow_text, "the directives as MAESTRO text, one per line")
        .def_property_readonly("num_levels", &Mapping::num_levels, "cluster levels: 1 + the Cluster directives")
        .def_property_readonly("directives", [](const Mapping& x) {
            std::vector<std::string> out;
            for (const Directive& d : x.directives) out.push_back(directive_text(d));
            return out;
        }, "the directives as text, e.g. 'SpatialMap(1,1) K'")
        .def("to_dict", [](const Mapping& x) { return json_to_python(mapping_to_json(x)); }, "the mapping as in Mapscape's JSON")
        .def("__len__", [](const Mapping& x) { return x.directives.size(); })
        .def("__copy__", [](const Mapping& x) { return x; })
        .def("__deepcopy__", [](const Mapping& x, const py::object&) { return x; }, py::arg("memo"))
        .def(py::pickle([](const Mapping& x) { return mapping_to_json(x).dump(); },
                        [](const std::string& text) {
                            const JsonDocument doc = JsonDocument::parse(text, "<pickled mapping>");
                            return mapping_from_json(doc, doc.root(), "");
                        }))
        .def("__eq__", [](const Mapping& a, const Mapping& b) { return a == b; }, py::is_operator())
        .def("__str__", &dataflow_text)
        .def("__repr__", [](const Mapping& x) {
            std::string text;
            for (const Directive& d : x.directives) text += (text.empty() ? "" : "; ") + directive_text(d);
            return "<Mapping " + std::to_string(x.num_levels()) + " levels: " + text + ">";
        });

    m.def("read_maestro", [](const py::object& path) {
        const MaestroNetwork net = read_maestro_file(path_argument(path, "path"));
        py::list out;
        for (const MaestroLayer& l : net.layers) out.append(py::make_tuple(l.layer, l.has_dataflow ? py::cast(l.mapping) : py::none()));
        return out;
    }, py::arg("path"), "A MAESTRO network + dataflow file as a list of (Layer, Mapping or None) pairs.");

    m.def("write_maestro", [](const py::object& path, const std::string& network_name, const std::vector<std::pair<Layer, Mapping>>& layers) {
        write_text_file_atomically(path_argument(path, "path"), write_maestro_text(network_name, layers));
    }, py::arg("path"), py::arg("network_name"), py::arg("layers"), "Writes (Layer, Mapping) pairs as a MAESTRO network + dataflow file.");
}

}  // namespace mapscape::python
