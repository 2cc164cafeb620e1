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

std::string path_argument(const py::handle& path, const char* keyword) {
    if (!is_path_like(path)) throw py::type_error(std::string(keyword) + ": expected a str or os.PathLike, not " + type_name(path));
    return py::cast<std::string>(py::module_::import("os").attr("fspath")(path));
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

std::string layer_selection_argument(const py::handle& layers) {
    if (py::isinstance<py::str>(layers)) return py::cast<std::string>(layers);
    if (py::isinstance<py::bool_>(layers)) throw py::type_error("layers: expected \"all\", a layer number or a list of them, not bool");
    if (py::isinstance<py::int_>(layers)) return std::to_string(py::cast<long long>(layers));
    if (py::isinstance<py::sequence>(layers)) {
        std::string text;
        for (const py::handle& item : layers) {
            if (!py::isinstance<py::int_>(item) || py::isinstance<py::bool_>(item))
                throw py::type_error("layers: a list of layer numbers holds ints, not " + type_name(item));
            text += (text.empty() ? "" : ",") + std::to_string(py::cast<long long>(item));
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
