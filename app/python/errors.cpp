// Engine errors as Python exceptions: a file that is not there is a FileNotFoundError (in Python's
// own form, "[Errno 2] what is wrong: 'FILE'"), an error in a file (a malformed model, accelerator
// or mapping: "FILE:LINE:COL: ...") a mapscape.InputError, a bad value (a negative size, an unknown
// algorithm) a ValueError. The message is the engine's, with a setting named as the Python keyword
// ("budget: ...") rather than the CLI's option ("--budget: ...").
#include <cerrno>
#include <filesystem>

#include "common.hpp"
#include "util/diagnostic.hpp"

namespace mapscape::python {

namespace {

// "--time-limit" -> "time_limit"; "--layer" -> "layers" (the Python keyword).
std::string keyword_of_option(const std::string& option) {
    if (option == "--layer") return "layers";
    std::string name = option.substr(2);
    for (char& c : name)
        if (c == '-') c = '_';
    return name;
}

bool names_a_file(const std::string& where) {
    std::error_code ec;
    return !where.empty() && std::filesystem::is_regular_file(where, ec);
}

}  // namespace

void bind_errors(py::module_& m) {
    // mapscape.InputError(ValueError): malformed input in a file; .file, .line, .column (0 where
    // unknown) and .reason (the message without its place).
    // Leaked on purpose: a static's destructor would release it after the interpreter is gone.
    static auto& input_error = *new py::exception<InputError>(m, "InputError", PyExc_ValueError);
    input_error.doc() =
        "Malformed input in a file (a model, an accelerator, a mapping, a spec): str(e) is the engine's\n"
        "'FILE:LINE:COL: what is wrong'; e.file, e.line and e.column give the place (0 where unknown)\n"
        "and e.reason what is wrong. A subclass of ValueError.";
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) std::rethrow_exception(p);
        } catch (const MissingFileError& e) {
            // Python's own form: "[Errno 2] what is wrong: 'FILE'", with errno, strerror and filename.
            const Diagnostic& d = e.diagnostic();
            py::object error = py::reinterpret_borrow<py::object>(PyExc_FileNotFoundError)(ENOENT, d.message, d.where.file);
            PyErr_SetObject(PyExc_FileNotFoundError, error.ptr());
        } catch (const InputError& e) {
            Diagnostic d = e.diagnostic();
            if (names_a_file(d.where.file) || d.where.line > 0) {
                py::object error = py::reinterpret_borrow<py::object>(input_error.ptr())(d.to_string());
                error.attr("file") = d.where.file;
                error.attr("line") = d.where.line;
                error.attr("column") = d.where.column;
                error.attr("reason") = d.message;
                PyErr_SetObject(input_error.ptr(), error.ptr());
                return;
            }
            if (d.where.file.rfind("--", 0) == 0) {
                d.where.file = keyword_of_option(d.where.file);
            } else if (d.where.file.empty() && d.message.rfind("--", 0) == 0) {  // "--budget must be ..."
                const std::size_t end = d.message.find_first_of(" :");
                d.message = keyword_of_option(d.message.substr(0, end)) + (end == std::string::npos ? "" : d.message.substr(end));
            }
            PyErr_SetString(PyExc_ValueError, d.to_string().c_str());
        }
    });
}

}  // namespace mapscape::python
