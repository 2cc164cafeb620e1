// How the bindings take their arguments: a model as a Model or a name/path, a platform as an
// Accelerator or a preset id/path, a layer selection as text, an int or a list of ints, lists as
// Python lists or the CLI's comma-separated text.
#pragma once

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "arch/accelerator.hpp"
#include "common.hpp"
#include "workload/model.hpp"

namespace mapscape::python {

// Model.load's rules: a bundled name or a model file (.json, .csv, .m, .onnx).
Model load_model_for_python(const std::string& name_or_path);

// A Model, or a bundled name or model file.
Model model_argument(const py::handle& model);
// An Accelerator (named by its name in results), or a preset id or accelerator file (named so).
std::pair<Accelerator, std::string> platform_argument(const py::handle& platform);
// "all", "3", "2-5", "1,4,9"; an int; a list of ints (1-based, as the CLI counts).
std::string layer_selection_argument(const py::handle& layers);
// "a,b,c" or a list of strings (or of ints, for seeds).
std::string list_argument(const py::handle& values, const char* keyword);
// Seeds: a list of ints or the CLI's "1,2,3" (whole numbers of at least 0, at least one).
std::vector<std::uint64_t> seed_list_argument(const py::handle& seeds);
// A str or os.PathLike as a path.
// A whole number (an int, or anything with __index__ such as a NumPy integer; not a bool) within
// [min, max], or TypeError / ValueError naming the keyword.
std::int64_t int_argument(const py::handle& value, const std::string& keyword, std::int64_t min, std::int64_t max);
// A finite number (int, float, NumPy scalar; not a bool) within [min, max], or TypeError /
// ValueError naming the keyword.
double number_argument(const py::handle& value, const std::string& keyword, double min, double max);

std::string path_argument(const py::handle& path, const char* keyword);

// A float, or None where the engine has no number (NaN, infinity: nothing found).
inline py::object number_or_none(double v) { return std::isfinite(v) ? py::object(py::float_(v)) : py::none(); }

}  // namespace mapscape::python
