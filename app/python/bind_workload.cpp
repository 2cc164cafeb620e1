// mapscape.Layer and mapscape.Model: DNN layers (type, dimension sizes, stride, MACs) and models
// (bundled names, Mapscape JSON, MAESTRO .m, GAMMA CSV).
#include <filesystem>

#include "common.hpp"
#include "json_convert.hpp"
#include "python_types.hpp"
#include "util/diagnostic.hpp"
#include "util/text_file.hpp"
#include "workload/model.hpp"

namespace mapscape::python {

namespace {

// Y' and X' are spelled Yo and Xo in Python keywords.
std::optional<Dim> dim_of_keyword(const std::string& key) {
    if (key == "Yo") return Dim::Yo;
    if (key == "Xo") return Dim::Xo;
    return parse_dim(key);
}

Layer make_layer(const std::string& type, const std::string& name, std::int64_t stride, const py::kwargs& dims) {
    const auto t = parse_layer_type(type);
    if (!t) throw InputError({"type", 0, 0}, "unknown layer type \"" + type + "\" (CONV, DSCONV, NGCONV, TRCONV, GEMM, FC)");
    Layer l;
    l.name = name;
    l.type = *t;
    if (stride < 1) throw InputError({"stride", 0, 0}, "the stride must be at least 1, not " + std::to_string(stride));
    l.set_stride(Dim::Y, stride);
    l.set_stride(Dim::X, stride);
    for (const auto& [key, value] : dims) {
        const std::string k = py::cast<std::string>(key);
        const auto d = dim_of_keyword(k);
        if (!d) throw InputError({k, 0, 0}, "not a dimension (C, G, K, M, N, R, S, X, Xo, Y, Yo)");
        if (!py::isinstance<py::int_>(value) || py::isinstance<py::bool_>(value))
            throw py::type_error(k + ": a dimension size is an int, not " + py::cast<std::string>(py::str(py::type::of(value).attr("__name__"))));
        const auto size = py::cast<std::int64_t>(value);
        if (size < 1) throw InputError({k, 0, 0}, "a dimension size must be at least 1, not " + std::to_string(size));
        l.set(*d, size);
    }
    if (std::string p = layer_problem(l); !p.empty()) throw InputError({name.empty() ? std::string("Layer") : name, 0, 0}, p);
    return l;
}

std::string keyword_name(Dim d) {
    if (d == Dim::Yo) return "Yo";
    if (d == Dim::Xo) return "Xo";
    return std::string(dim_name(d));
}

py::dict sizes_of(const Layer& l) {
    py::dict sizes;
    for (Dim d : kAllDims)
        if (l.has(d)) sizes[py::str(keyword_name(d))] = l.size(d);
    return sizes;
}

std::int64_t model_macs(const Model& m) {
    std::int64_t total = 0;
    for (const Layer& l : m.layers) total += exact_macs(l);
    return total;
}

}  // namespace

void bind_workload(py::module_& m) {
    py::class_<Layer>(m, "Layer", R"doc(
A DNN layer in MAESTRO's conventions: its type, its dimension sizes (elements) and its stride.

    Layer(type="CONV", name="", stride=1, **dims)

dims are the dimension sizes by name: K (output channels), C (input channels), R, S (filter rows,
columns), Y, X (input rows, columns; or Yo, Xo: output rows, columns, MAESTRO's Y' and X'),
N (batch), G (groups), M (GEMM rows). type is CONV, DSCONV, NGCONV, TRCONV, GEMM or FC.

    >>> mapscape.Layer("CONV", name="conv1", K=64, C=3, R=7, S=7, Y=224, X=224, stride=2).macs
    118013952
)doc")
        .def(py::init(&make_layer), py::arg("type") = "CONV", py::arg("name") = "", py::arg("stride") = 1)
        .def_property("name", [](const Layer& l) { return l.name; }, [](Layer& l, std::string n) { l.name = std::move(n); })
        .def_property_readonly("type", [](const Layer& l) { return std::string(layer_type_name(l.type)); }, "CONV, DSCONV, NGCONV, TRCONV, GEMM or FC")
        .def_property_readonly("sizes", &sizes_of, "the given dimension sizes by name (Yo, Xo: output rows, columns), elements")
        .def_property_readonly("stride", [](const Layer& l) { return l.stride(Dim::Y); }, "the stride along the rows (Y)")
        .def_property_readonly("strides", [](const Layer& l) { return py::dict(py::arg("Y") = l.stride(Dim::Y), py::arg("X") = l.stride(Dim::X)); },
                               "the strides along Y and X")
        .def_property_readonly("macs", &exact_macs, "multiply-accumulates of the layer (exact, whatever the mapping)")
        .def_property_readonly("output_rows", &output_rows)
        .def_property_readonly("output_columns", &output_columns)
        .def_property_readonly("input_elements", &input_elements)
        .def_property_readonly("weight_elements", &weight_elements)
        .def_property_readonly("output_elements", &output_elements)
        .def("__getitem__", [](const Layer& l, const std::string& dim) {
            const auto d = dim_of_keyword(dim);
            if (!d || !l.has(*d)) throw py::key_error(dim);
            return l.size(*d);
        }, py::arg("dim"), "a dimension's size: layer['K']")
        .def("to_dict", [](const Layer& l) { return json_to_python(layer_to_json(l)); }, "the layer as in a Mapscape model file")
        .def("__eq__", [](const Layer& a, const Layer& b) { return a == b; }, py::is_operator())
        .def("__repr__", [](const Layer& l) { return "<Layer " + (l.name.empty() ? std::string() : l.name + ": ") + shape_summary(l) + ">"; });

    py::class_<Model>(m, "Model", R"doc(
A DNN workload: an ordered list of layers.

    Model.load("resnet18")            a bundled model (Model.bundled() lists them)
    Model.load("net.json")            a Mapscape model file; also MAESTRO .m and GAMMA .csv
    Model("mine", [Layer(...), ...])  built from layers
)doc")
        .def(py::init([](std::string name, std::vector<Layer> layers, std::string description) {
                 Model model;
                 model.name = std::move(name);
                 model.layers = std::move(layers);
                 model.description = std::move(description);
                 return model;
             }),
             py::arg("name"), py::arg("layers"), py::arg("description") = "")
        .def_static("load", [](const py::object& name_or_path) { return load_model_for_python(path_argument(name_or_path, "name_or_path")); }, py::arg("name_or_path"),
                    "A bundled model by name, or a file: Mapscape .json, MAESTRO .m (dataflows ignored), GAMMA .csv.\n"
                    "Raises FileNotFoundError for a missing file, mapscape.InputError for a malformed one.")
        .def_static("bundled", &bundled_model_names, "the names of the bundled models")
        .def_property("name", [](const Model& x) { return x.name; }, [](Model& x, std::string n) { x.name = std::move(n); })
        .def_property("description", [](const Model& x) { return x.description; }, [](Model& x, std::string d) { x.description = std::move(d); })
        .def_property_readonly("source", [](const Model& x) { return x.source; }, "where the layer shapes come from")
        .def_property_readonly("layers", [](const Model& x) { return x.layers; }, "the layers (a copy)")
        .def_property_readonly("macs", &model_macs, "multiply-accumulates of all layers")
        .def("__len__", [](const Model& x) { return x.layers.size(); })
        .def("__getitem__", [](const Model& x, std::ptrdiff_t i) {
            const auto n = static_cast<std::ptrdiff_t>(x.layers.size());
            if (i < 0) i += n;
            if (i < 0 || i >= n) throw py::index_error("layer index out of range (0-based; the CLI's --layer counts from 1)");
            return x.layers[static_cast<std::size_t>(i)];
        }, py::arg("index"))
        .def("__iter__", [](const Model& x) { return py::iter(py::cast(x.layers)); })
        .def("to_dict", [](const Model& x) { return json_to_python(model_to_json(x)); }, "the model as in a Mapscape model file")
        .def("save", [](const Model& x, const py::object& path) { write_text_file_atomically(path_argument(path, "path"), model_to_json_text(x)); },
             py::arg("path"), "writes a Mapscape model file (.json)")
        .def("__eq__", [](const Model& a, const Model& b) { return a == b; }, py::is_operator())
        .def("__repr__", [](const Model& x) {
            return "<Model " + x.name + ": " + std::to_string(x.layers.size()) + " layers, " + std::to_string(model_macs(x)) + " MACs>";
        });
}

Model load_model_for_python(const std::string& name_or_path) {
    try {
        return load_model(name_or_path);
    } catch (const MissingFileError&) {
        throw;
    } catch (const InputError& e) {
        // Until the engine reads ONNX graphs (issue 25), say so rather than "unknown file type".
        if (std::filesystem::path(name_or_path).extension() == ".onnx" && e.diagnostic().message.find("unknown model file type") != std::string::npos)
            throw InputError({name_or_path, 0, 0}, "this build of Mapscape cannot read ONNX models yet (its ONNX importer has not landed); "
                                                   "convert the model to Mapscape JSON, MAESTRO .m or GAMMA .csv");
        throw;
    }
}

}  // namespace mapscape::python
