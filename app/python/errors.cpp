// Engine errors as Python exceptions: a file that is not there is a FileNotFoundError (in Python's
// own form, "[Errno 2] what is wrong: 'FILE'"), an error in a file (a malformed model, accelerator
// or mapping: "FILE:LINE:COL: ...") a mapscape.InputError, a bad value (a negative size, an unknown
// algorithm) a ValueError. The message is the engine's, with a setting named as the Python keyword
// ("budget: ...") rather than the CLI's option ("--budget: ...").
#include <cctype>
#include <cerrno>
#include <filesystem>

#include "common.hpp"
#include "util/diagnostic.hpp"

namespace mapscape::python {

namespace {

// "--time-limit" -> "time_limit"; "--layer" -> "layers", "--tech" -> "technology" (the Python
// keywords).
std::string keyword_of_option(const std::string& option) {
    if (option == "--layer") return "layers";
    if (option == "--tech") return "technology";
    std::string name = option.substr(2);
    for (char& c : name)
        if (c == '-') c = '_';
    return name;
}

// The CLI's options that a message names, as the Python keywords ("--layer 3" -> "layers=3",
// "--dim batch=VALUE" -> "dims={'batch': VALUE}", "--accuracy-floor" -> "accuracy_floor").
std::string with_python_keywords(const std::string& message) {
    std::string out;
    for (std::size_t i = 0; i < message.size();) {
        const bool flag = message.compare(i, 2, "--") == 0 && i + 2 < message.size() && std::isalpha(static_cast<unsigned char>(message[i + 2])) &&
                          (i == 0 || message[i - 1] == ' ' || message[i - 1] == '(' || message[i - 1] == '"');
        if (!flag) {
            out += message[i++];
            continue;
        }
        std::size_t end = i + 2;
        while (end < message.size() && (std::isalnum(static_cast<unsigned char>(message[end])) || message[end] == '-')) ++end;
        const std::string option = message.substr(i, end - i);
        if (option == "--dim" && end < message.size() && message[end] == ' ') {
            // "--dim NAME=VALUE" -> "dims={'NAME': VALUE}"
            std::size_t stop = end + 1;
            while (stop < message.size() && message[stop] != ' ' && message[stop] != ')' && message[stop] != ',') ++stop;
            const std::string assignment = message.substr(end + 1, stop - end - 1);
            const std::size_t equals = assignment.find('=');
            if (equals != std::string::npos) {
                out += "dims={'" + assignment.substr(0, equals) + "': " + assignment.substr(equals + 1) + "}";
                i = stop;
                continue;
            }
        }
        out += keyword_of_option(option);
        i = end;
    }
    return out;
}

// Python text from the engine's bytes: a byte that is not UTF-8 (a file's name or content) is
// shown as \xNN instead of turning the error into a UnicodeDecodeError.
py::str python_text(const std::string& text) {
    PyObject* s = PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "backslashreplace");
    if (!s) throw py::error_already_set();
    return py::reinterpret_steal<py::str>(s);
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
            py::object error = py::reinterpret_borrow<py::object>(PyExc_FileNotFoundError)(ENOENT, python_text(with_python_keywords(d.message)),
                                                                                           python_text(d.where.file));
            PyErr_SetObject(PyExc_FileNotFoundError, error.ptr());
        } catch (const InputError& e) {
            Diagnostic d = e.diagnostic();
            if (names_a_file(d.where.file) || d.where.line > 0) {
                d.message = with_python_keywords(d.message);
                py::object error = py::reinterpret_borrow<py::object>(input_error.ptr())(python_text(d.to_string()));
                error.attr("file") = python_text(d.where.file);
                error.attr("line") = d.where.line;
                error.attr("column") = d.where.column;
                error.attr("reason") = python_text(d.message);
                PyErr_SetObject(input_error.ptr(), error.ptr());
                return;
            }
            if (d.where.file.rfind("--", 0) == 0) {
                d.where.file = keyword_of_option(d.where.file);
            } else if (d.where.file.empty() && d.message.rfind("--", 0) == 0) {  // "--budget must be ..."
                const std::size_t end = d.message.find_first_of(" :");
                d.message = keyword_of_option(d.message.substr(0, end)) + (end == std::string::npos ? "" : d.message.substr(end));
            }
            d.message = with_python_keywords(d.message);
            PyErr_SetObject(PyExc_ValueError, python_text(d.to_string()).ptr());
        }
    });
}

}  // namespace mapscape::python
