#include "python_types.hpp"

#include "arch/presets.hpp"
#include "util/diagnostic.hpp"

namespace mapscape::python {

namespace {

std::string type_name(const py::handle& value) { return py::cast<std::string>(py::type::of(value).attr("__name__")); }

bool is_path_like(const py::handle& value) {
    return py::isinstance<py::str>(value) || py::hasattr(value, "__fspath__");
}

}  // namespace

std::int64_t int_argument(const py::handle& value, const std::string& keyword, std::int64_t min, std::int64_t max) {
    if (py::isinstance<py::bool_>(value) || !(py::isinstance<py::int_>(value) || py::hasattr(value, "__index__")))
        throw py::type_error(keyword + ": expected an int, not " + type_name(value));
    const py::object number = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
    if (!number) {
        PyErr_Clear();
        throw py::type_error(keyword + ": expected an int, not " + type_name(value));
    }
    int overflow = 0;
    const long long n = PyLong_AsLongLongAndOverflow(number.ptr(), &overflow);
    if (overflow != 0 || n < min || n > max)
        throw py::value_error(keyword + ": " + py::cast<std::string>(py::str(number)) + " is out of range (from " + std::to_string(min) +
                              " to " + std::to_string(max) + ")");
    return n;
}

double number_argument(const py::handle& value, const std::string& keyword, double min, double max) {
    if (py::isinstance<py::bool_>(value) || !(py::isinstance<py::int_>(value) || py::isinstance<py::float_>(value) || py::hasattr(value, "__float__")))
        throw py::type_error(keyword + ": expected a number, not " + type_name(value));
    const py::object as_float = py::reinterpret_steal<py::object>(PyNumber_Float(value.ptr()));
    if (!as_float) {
        PyErr_Clear();
        throw py::type_error(keyword + ": expected a number, not " + type_name(value));
    }
    const double x = py::cast<double>(as_float);
    if (!(x >= min && x <= max))
        throw py::value_error(keyword + ": " + std::to_string(x) + " is out of range (from " + std::to_string(min) + " to " + std::to_string(max) + ")");
    return x;
}

std::string path_argument(const py::handle& path, const char* keyword) {
    if (!is_path_like(path)) throw py::type_error(std::string(keyword) + ": expected a str or os.PathLike, not " + type_name(path));
    const py::object text = py::module_::import("os").attr("fspath")(path);
    if (!py::isinstance<py::str>(text)) throw py::type_error(std::string(keyword) + ": expected a str path, not " + type_name(text));
    // Non-UTF-8 names (os.fsdecode of arbitrary bytes) go back to their bytes, as the file system has them.
    const std::string value = py::cast<std::string>(py::bytes(py::module_::import("os").attr("fsencode")(text)));
    if (value.empty()) throw py::value_error(std::string(keyword) + ": an empty name or path");
    if (value.find('\0') != std::string::npos) throw py::value_error(std::string(keyword) + ": a name or path with a NUL character");
    return value;
}

Model model_argument(const py::handle& model) {
    if (py::isinstance<Model>(model)) return py::cast<Model>(model);
    if (!is_path_like(model)) throw py::type_error("model: expected a mapscape.Model, a bundled model's name or a model file, not " + type_name(model));
    Model m = load_model_for_python(path_argument(model, "model"));
    if (m.layers.empty()) throw InputError({m.name, 0, 0}, "the model has no layers");
    return m;
}

std::pair<Accelerator, std::string> platform_argument(const py::handle& platform) {
    if (py::isinstance<Accelerator>(platform)) {
        Accelerator acc = py::cast<Accelerator>(platform);
        std::string name = acc.name;
        return {std::move(acc), std::move(name)};
    }
    if (!is_path_like(platform))
        throw py::type_error("accelerator: expected a mapscape.Accelerator, a preset id or an accelerator file, not " + type_name(platform));
    std::string text = path_argument(platform, "accelerator");
    return {load_platform(text), text};
}

namespace {

// An int, or anything with __index__ (a NumPy integer), as a layer number from 1.
bool is_whole_number(const py::handle& value) {
    return !py::isinstance<py::bool_>(value) && (py::isinstance<py::int_>(value) || py::hasattr(value, "__index__"));
}

std::string layer_number_text(const py::handle& value) {
    const py::object number = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
    if (!number) {
        PyErr_Clear();
        throw py::type_error("layers: expected a layer number (an int), not " + type_name(value));
    }
    int overflow = 0;
    const long long n = PyLong_AsLongLongAndOverflow(number.ptr(), &overflow);
    if (overflow != 0 || n < 1 || n > 2147483647)
        throw py::value_error("layers: layer numbers count from 1 (to at most 2^31 - 1), not " + py::cast<std::string>(py::str(number)));
    return std::to_string(n);
}

}  // namespace

std::string layer_selection_argument(const py::handle& layers) {
    if (py::isinstance<py::str>(layers)) {
        const std::string text = py::cast<std::string>(layers);
        if (text.empty()) throw py::value_error("layers: expected \"all\", a layer number, a range such as \"2-5\" or a list, not \"\"");
        return text;
    }
    if (py::isinstance<py::bool_>(layers)) throw py::type_error("layers: expected \"all\", a layer number or a list of them, not bool");
    // A NumPy array has __index__ too (for one element): a sequence unless it is a scalar.
    if (is_whole_number(layers) && !(py::hasattr(layers, "ndim") && py::cast<int>(layers.attr("ndim")) > 0)) return layer_number_text(layers);
    if (py::isinstance<py::sequence>(layers)) {
        std::string text;
        for (const py::handle& item : layers) {
            if (!is_whole_number(item))
                throw py::type_error("layers: a list of layer numbers holds ints, not " + type_name(item));
            text += (text.empty() ? "" : ",") + layer_number_text(item);
        }
        if (text.empty()) throw InputError({"--layer", 0, 0}, "select at least one layer");
        return text;
    }
    throw py::type_error("layers: expected \"all\", a layer number or a list of them, not " + type_name(layers));
}

std::string list_argument(const py::handle& values, const char* keyword) {
    if (py::isinstance<py::str>(values)) return py::cast<std::string>(values);
    if (py::isinstance<py::sequence>(values)) {
        std::string text;
        for (const py::handle& item : values) {
            std::string part;
            if (py::isinstance<py::str>(item))
                part = py::cast<std::string>(item);
            else if (py::isinstance<py::int_>(item) && !py::isinstance<py::bool_>(item))
                part = std::to_string(py::cast<long long>(item));
            else
                throw py::type_error(std::string(keyword) + ": expected a list of names or numbers, not of " + type_name(item));
            if (part.find(',') != std::string::npos) throw InputError({std::string("--") + keyword, 0, 0}, "\"" + part + "\" holds a comma");
            text += (text.empty() ? "" : ",") + part;
        }
        return text;
    }
    throw py::type_error(std::string(keyword) + ": expected a list or comma-separated text, not " + type_name(values));
}

std::vector<std::uint64_t> seed_list_argument(const py::handle& seeds) {
    const std::string text = list_argument(seeds, "seeds");
    std::vector<std::uint64_t> out;
    std::size_t start = 0;
    for (;;) {
        const std::size_t comma = text.find(',', start);
        const std::string part = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (!part.empty()) {
            std::size_t used = 0;
            unsigned long long value = 0;
            try {
                if (part.find_first_not_of("0123456789") != std::string::npos) throw std::invalid_argument(part);
                value = std::stoull(part, &used);
            } catch (const std::exception&) {
                throw InputError({"--seeds", 0, 0}, "a seed is a whole number of at least 0, not \"" + part + "\"");
            }
            out.push_back(value);
        }
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    if (out.empty()) throw InputError({"--seeds", 0, 0}, "give at least one seed");
    return out;
}

}  // namespace mapscape::python
