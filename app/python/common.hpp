// Shared pieces of the Python module's bindings: the pybind11 headers, and the registration
// functions each binding file provides (module.cpp calls them in order).
#pragma once

#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>

namespace mapscape::python {

namespace py = pybind11;

void bind_errors(py::module_& m);
void bind_workload(py::module_& m);
void bind_arch(py::module_& m);
void bind_mapping(py::module_& m);
void bind_cost(py::module_& m);
void bind_batch(py::module_& m);
void bind_progress(py::module_& m);
void bind_search(py::module_& m);
void bind_codesign(py::module_& m);
void bind_schedule(py::module_& m);
void bind_surrogate(py::module_& m);
void bind_algorithms(py::module_& m);

// pandas.DataFrame(columns), or ImportError saying that to_dataframe() needs pandas.
py::object make_dataframe(const py::dict& columns);

}  // namespace mapscape::python
