// mapscape.Layer and mapscape.Model: DNN layers (type, dimension sizes, stride, MACs) and models
// (bundled names, Mapscape JSON, MAESTRO .m, GAMMA CSV, ONNX graphs).
#include <cctype>
#include <filesystem>

#include "common.hpp"
#include "json_convert.hpp"
#include "python_types.hpp"
#include "util/diagnostic.hpp"
#include "util/json_document.hpp"
#include "util/text_file.hpp"
#include "workload/llm_model.hpp"
#include "workload/model.hpp"
#include "workload/onnx_import.hpp"
#include "workload/precision.hpp"

namespace mapscape::python {

namespace {

// Y' and X' are spelled Yo and Xo in Python keywords.
std::optional<Dim> dim_of_keyword(const std::string& key) {
    if (key == "Yo") return Dim::Yo;
    if (key == "Xo") return Dim::Xo;
    return parse_dim(key);
}

Layer make_layer(const std::string& type, const std::string& name, std::int64_t stride, std::int64_t repeat_count, const py::kwargs& dims) {
    const auto t = parse_layer_type(type);
    if (!t) throw InputError({"type", 0, 0}, "unknown layer type \"" + type + "\" (CONV, DSCONV, NGCONV, TRCONV, GEMM, FC)");
    Layer l;
    l.name = name;
    l.type = *t;
    if (stride < 1) throw InputError({"stride", 0, 0}, "the stride must be at least 1, not " + std::to_string(stride));
    l.set_stride(Dim::Y, stride);
    l.set_stride(Dim::X, stride);
    if (repeat_count < 1) throw InputError({"repeat_count", 0, 0}, "a layer runs at least once, not " + std::to_string(repeat_count) + " times");
    l.repeat_count = repeat_count;
    for (const auto& [key, value] : dims) {
        const std::string k = py::cast<std::string>(key);
        const auto d = dim_of_keyword(k);
        if (!d) throw InputError({k, 0, 0}, "not a dimension (C, G, K, M, N, R, S, X, Xo, Y, Yo)");
        // An int or a NumPy integer (anything with __index__), within what a file may hold.
        if (py::isinstance<py::bool_>(value) || !(py::isinstance<py::int_>(value) || py::hasattr(value, "__index__")))
            throw py::type_error(k + ": a dimension size is an int, not " + py::cast<std::string>(py::str(py::type::of(value).attr("__name__"))));
        const py::object number = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
        if (!number) {
            PyErr_Clear();
            throw py::type_error(k + ": a dimension size is an int, not " + py::cast<std::string>(py::str(py::type::of(value).attr("__name__"))));
        }
        int overflow = 0;
        const long long size = PyLong_AsLongLongAndOverflow(number.ptr(), &overflow);
        if (overflow != 0 || size < 1 || size > 2147483647)
            throw py::value_error(k + ": a dimension size is from 1 to 2^31 - 1, not " + py::cast<std::string>(py::str(number)));
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

std::int64_t model_macs(const Model& m) { return total_macs(m.layers); }

bool is_onnx_path(const std::string& path) {
    std::string extension = std::filesystem::path(path).extension().string();
    for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return extension == ".onnx";
}

// dims={"batch": 4}: the values of an ONNX graph's symbolic dimensions, checked as --dim is.
std::vector<onnx_graph::DimensionValue> dimension_values(const py::handle& dims) {
    std::vector<onnx_graph::DimensionValue> out;
    if (dims.is_none()) return out;
    if (!py::isinstance<py::dict>(dims))
        throw py::type_error("dims: expected a dict of symbolic dimension names to ints, not " +
                             py::cast<std::string>(py::type::of(dims).attr("__name__")));
    for (const auto& [key, value] : py::reinterpret_borrow<py::dict>(dims)) {
        if (!py::isinstance<py::str>(key)) throw py::type_error("dims: the names of symbolic dimensions are str");
        if (!py::isinstance<py::int_>(value) || py::isinstance<py::bool_>(value))
            throw py::type_error("dims: the value of " + py::cast<std::string>(key) + " must be an int");
        out.push_back(parse_dimension_value(py::cast<std::string>(key) + "=" + py::str(value).cast<std::string>(), "dims"));
    }
    return out;
}

// The importer names the CLI's option for a missing value; a Python user gives dims=.
InputError with_python_dims_hint(const InputError& e) {
    Diagnostic d = e.diagnostic();
    const std::size_t at = d.message.find("give it with --dim ");
    if (at == std::string::npos) return e;
    const std::size_t name_start = at + std::string("give it with --dim ").size();
    const std::size_t name_end = d.message.find("=VALUE", name_start);
    if (name_end == std::string::npos) return e;
    const std::string name = d.message.substr(name_start, name_end - name_start);
    d.message = d.message.substr(0, at) + "give it with dims={\"" + name + "\": VALUE}";
    return InputError(d);
}

Model load_with_options(const std::string& name_or_path, const py::handle& dims, bool unique) {
    OnnxImportOptions options;
    options.dimensions = dimension_values(dims);
    options.unique = unique;
    const bool onnx = is_onnx_path(name_or_path);
    if (!onnx && !options.dimensions.empty())
        throw InputError({"dims", 0, 0}, "dims sets symbolic dimensions of ONNX graphs; the sizes of " + name_or_path + " are fixed");
    // An ONNX import can take seconds on a large graph: other Python threads run meanwhile.
    py::gil_scoped_release release;
    try {
        if (onnx) return import_onnx_model(name_or_path, options);
    } catch (const MissingFileError&) {
        throw;
    } catch (const InputError& e) {
        throw with_python_dims_hint(e);
    }
    Model m = load_model_for_python(name_or_path);
    return unique ? merge_identical_layers(m) : m;
}

py::list unmapped_operators(const Model& m) {
    py::list out;
    for (const UnmappedOperator& u : m.unmapped)
        out.append(py::dict(py::arg("op_type") = u.op_type, py::arg("count") = u.count, py::arg("operations") = u.operations,
                            py::arg("reason") = u.reason));
    return out;
}

}  // namespace

void bind_workload(py::module_& m) {
    py::class_<Layer>(m, "Layer", R"doc(
A DNN layer in MAESTRO's conventions: its type, its dimension sizes (elements) and its stride.

    Layer(type="CONV", name="", stride=1, repeat_count=1, **dims)

dims are the dimension sizes by name: K (output channels), C (input channels), R, S (filter rows,
columns), Y, X (input rows, columns; or Yo, Xo: output rows, columns, MAESTRO's Y' and X'),
N (batch), G (groups), M (GEMM rows). type is CONV, DSCONV, NGCONV, TRCONV, GEMM or FC.
repeat_count: how many times the network runs the layer (model totals count it so often).
precision: each tensor's number format ("int8", or "input=int8,weight=int4,output=int32"; ""
leaves it to the accelerator's word size or search(precision=...)).

    >>> mapscape.Layer("CONV", name="conv1", K=64, C=3, R=7, S=7, Y=224, X=224, stride=2).macs
    118013952
)doc")
        .def(py::init(&make_layer), py::arg("type") = "CONV", py::arg("name") = "", py::arg("stride") = 1, py::arg("repeat_count") = 1)
        .def_property("name", [](const Layer& l) { return l.name; }, [](Layer& l, std::string n) { l.name = std::move(n); })
        .def_property_readonly("type", [](const Layer& l) { return std::string(layer_type_name(l.type)); }, "CONV, DSCONV, NGCONV, TRCONV, GEMM or FC")
        .def_property_readonly("sizes", &sizes_of, "the given dimension sizes by name (Yo, Xo: output rows, columns), elements")
        .def_property_readonly("stride", [](const Layer& l) { return l.stride(Dim::Y); }, "the stride along the rows (Y)")
        .def_property_readonly("strides", [](const Layer& l) { return py::dict(py::arg("Y") = l.stride(Dim::Y), py::arg("X") = l.stride(Dim::X)); },
                               "the strides along Y and X")
        .def_property_readonly("macs", &exact_macs, "multiply-accumulates of one run of the layer (exact, whatever the mapping)")
        .def_property("repeat_count", [](const Layer& l) { return l.repeat_count; }, [](Layer& l, std::int64_t n) {
            Layer changed = l;
            changed.repeat_count = n;
            if (std::string p = layer_problem(changed); !p.empty()) throw InputError({"repeat_count", 0, 0}, p);
            l.repeat_count = n;
        }, "how many times the network runs the layer (identical layers merged, attention heads), 1 to 2^31 - 1")
        .def_property("precision", [](const Layer& l) { return precision_text(l.precision); }, [](Layer& l, const std::string& text) {
            TensorPrecision p;  // "" = unspecified, as the getter says it
            if (!text.empty())
                if (std::string why = parse_precision(text, p); !why.empty()) throw InputError({"precision", 0, 0}, why);
            l.precision = p;
        }, "each tensor's number format: int4, int8, int16, int32, fp16, bf16, fp32 for all, or input=F,weight=F,output=F\n"
           "(any subset); '' when the layer gives none (the accelerator's word size, or the precision a search is given)")
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
        .def("__copy__", [](const Layer& l) { return l; })
        .def("__deepcopy__", [](const Layer& l, const py::object&) { return l; }, py::arg("memo"))
        .def(py::pickle([](const Layer& l) { return layer_to_json(l).dump(); },
                        [](const std::string& text) {
                            const JsonDocument doc = JsonDocument::parse(text, "<pickled layer>");
                            return layer_from_json(doc, doc.root(), "");
                        }))
        .def("__eq__", [](const Layer& a, const Layer& b) { return a == b; }, py::is_operator())
        .def("__repr__", [](const Layer& l) { return "<Layer " + (l.name.empty() ? std::string() : l.name + ": ") + shape_summary(l) + ">"; });

    py::class_<Model>(m, "Model", R"doc(
A DNN workload: an ordered list of layers.

    Model.load("resnet18")            a bundled model (Model.bundled() lists them)
    Model.load("net.json")            a Mapscape model file; also MAESTRO .m, GAMMA .csv and ONNX .onnx
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
        .def_static("load", [](const py::object& name_or_path, const py::object& dims, bool unique) {
                        return load_with_options(path_argument(name_or_path, "name_or_path"), dims, unique);
                    }, py::arg("name_or_path"), py::kw_only(), py::arg("dims") = py::none(), py::arg("unique") = false,
                    "A bundled model by name, or a file: Mapscape .json, MAESTRO .m (dataflows ignored), GAMMA .csv, ONNX .onnx\n"
                    "(every Conv, ConvTranspose, Gemm, MatMul and Einsum a layer; read by the ONNX reader plugin\n"
                    "mapscape-onnx.so, loaded on the first .onnx file; model.unmapped lists the other operators).\n"
                    "dims: values of an ONNX graph's symbolic dimensions, e.g. {\"batch\": 1} (the CLI's --dim).\n"
                    "unique: one layer per distinct shape with its repeat_count, totals unchanged (the CLI's --unique).\n"
                    "Raises FileNotFoundError for a missing file, mapscape.InputError for a malformed one, ValueError\n"
                    "for a bad dims value.")
        .def_static("bundled", &bundled_model_names, "the names of the bundled models")
        .def_static("llm", [](const py::object& config, const std::string& phase, std::int64_t batch, std::optional<std::int64_t> prompt,
                              std::optional<std::int64_t> context, const std::optional<std::string>& precision) {
                        const std::string reference = path_argument(config, "config");
                        const auto parsed = parse_llm_phase(phase);
                        if (!parsed) throw py::value_error("phase is \"prefill\" or \"decode\", not \"" + phase + "\"");
                        LlmRequest r;
                        r.phase = *parsed;
                        r.batch = batch;
                        if (*parsed == LlmPhase::Prefill && context)
                            throw py::value_error("a prefill's context is its prompt: give prompt=");
                        if (*parsed == LlmPhase::Decode && prompt)
                            throw py::value_error("a decode step has a context (the tokens in the KV cache), not a prompt: give context=");
                        if (prompt) r.prompt = *prompt;
                        if (context) r.context = *context;
                        if (precision) {
                            if (std::string why = parse_precision(*precision, r.precision); !why.empty()) throw py::value_error(why);
                        }
                        return build_llm_model(load_llm_config(reference), r, reference);
                    }, py::arg("config"), py::kw_only(), py::arg("phase") = "decode", py::arg("batch") = LlmRequest{}.batch,
                    py::arg("prompt") = py::none(), py::arg("context") = py::none(), py::arg("precision") = py::none(),
                    "One phase of a decoder-only language model's inference (the CLI's `model llm`): config is a bundled\n"
                    "configuration (Model.llm_configs()) or a Hugging Face config.json; phase \"prefill\" (prompt tokens per\n"
                    "sequence, default 512) or \"decode\" (one step; context: tokens in each sequence's KV cache, default 1024);\n"
                    "precision: instead of the configuration's torch_dtype. search() of it reports result.llm_phase.")
        .def_static("llm_configs", &bundled_llm_names, "the bundled language model configurations (models/llm/)")
        .def_static("llm_parameters", [](const py::object& config) {
                        const LlmParameterCount p = parameter_count(load_llm_config(path_argument(config, "config")));
                        py::dict d;
                        d["embedding"] = p.embedding;
                        d["attention"] = p.attention;
                        d["mlp"] = p.mlp;
                        d["norms"] = p.norms;
                        d["lm_head"] = p.lm_head;
                        d["total"] = p.total();
                        return d;
                    }, py::arg("config"), "a configuration's parameters by part (embedding, attention, mlp, norms, lm_head, total)")
        .def_property_readonly("llm_workload", [](const Model& x) -> py::object {
            if (!x.llm) return py::none();
            return json_to_python(model_to_json(x)["llm"]);
        }, "a language model phase's settings (config, phase, batch, prompt or context, ...), None for other models")
        .def_property("name", [](const Model& x) { return x.name; }, [](Model& x, std::string n) { x.name = std::move(n); })
        .def_property("description", [](const Model& x) { return x.description; }, [](Model& x, std::string d) { x.description = std::move(d); })
        .def_property_readonly("source", [](const Model& x) { return x.source; }, "where the layer shapes come from")
        .def_property_readonly("unmapped", &unmapped_operators,
                               "an imported graph's operators that are no layer: dicts of op_type, count, operations\n"
                               "(their arithmetic: MACs of a convolution, else elementary operations) and reason")
        .def_property_readonly("layers", [](const Model& x) { return x.layers; }, "the layers (a copy)")
        .def_property_readonly("macs", &model_macs, "multiply-accumulates of all layers, each counted as often as it runs")
        .def("__len__", [](const Model& x) { return x.layers.size(); })
        // The model's own layers (not copies): model[0].repeat_count = 5 changes the model. A
        // model's layer list never grows or shrinks, so the references stay valid while it lives.
        .def("__getitem__", [](Model& x, std::ptrdiff_t i) -> Layer& {
            const auto n = static_cast<std::ptrdiff_t>(x.layers.size());
            if (i < 0) i += n;
            if (i < 0 || i >= n) throw py::index_error("layer index out of range (0-based; the CLI's --layer counts from 1)");
            return x.layers[static_cast<std::size_t>(i)];
        }, py::arg("index"), py::return_value_policy::reference_internal)
        .def("__setitem__", [](Model& x, std::ptrdiff_t i, const Layer& layer) {
            const auto n = static_cast<std::ptrdiff_t>(x.layers.size());
            if (i < 0) i += n;
            if (i < 0 || i >= n) throw py::index_error("layer index out of range (0-based; the CLI's --layer counts from 1)");
            if (std::string p = layer_problem(layer); !p.empty()) throw InputError({layer.name, 0, 0}, p);
            x.layers[static_cast<std::size_t>(i)] = layer;
        }, py::arg("index"), py::arg("layer"))
        .def("__iter__", [](Model& x) { return py::make_iterator<py::return_value_policy::reference_internal>(x.layers.begin(), x.layers.end()); },
             py::keep_alive<0, 1>())
        .def("__copy__", [](const Model& x) { return x; })
        .def("__deepcopy__", [](const Model& x, const py::object&) { return x; }, py::arg("memo"))
        .def(py::pickle([](const Model& x) { return model_to_json(x).dump(); },
                        [](const std::string& text) { return parse_model_json(text, "<pickled model>"); }))
        .def("to_dict", [](const Model& x) { return json_to_python(model_to_json(x)); }, "the model as in a Mapscape model file")
        .def("save", [](const Model& x, const py::object& path) { write_text_file_atomically(path_argument(path, "path"), model_to_json_text(x)); },
             py::arg("path"), "writes a Mapscape model file (.json)")
        .def("__eq__", [](const Model& a, const Model& b) { return a == b; }, py::is_operator())
        .def("__repr__", [](const Model& x) {
            return "<Model " + x.name + ": " + std::to_string(x.layers.size()) + " layers, " + std::to_string(model_macs(x)) + " MACs>";
        });
}

Model load_model_for_python(const std::string& name_or_path) { return load_model(name_or_path); }

}  // namespace mapscape::python
