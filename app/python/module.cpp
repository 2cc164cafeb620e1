// The Python module mapscape._mapscape (the package mapscape re-exports it): the engine's
// workloads, accelerators, mappings, cost model, searches, co-design, NAAS, scheduling, sweeps
// and the surrogate, for scripts and notebooks.
#include <filesystem>

#include "common.hpp"
#include "util/data_paths.hpp"

namespace mapscape::python {

py::object make_dataframe(const py::dict& columns) {
    py::object pandas;
    try {
        pandas = py::module_::import("pandas");
    } catch (py::error_already_set& e) {
        if (!e.matches(PyExc_ImportError)) throw;
        throw py::import_error("to_dataframe() needs pandas (Debian: apt install python3-pandas); to_dict() needs nothing");
    }
    return pandas.attr("DataFrame")(columns);
}

}  // namespace mapscape::python

PYBIND11_MODULE(_mapscape, m) {
    using namespace mapscape::python;
    m.doc() = "Mapscape's engine (the package `mapscape` is the public face of this module).";
    m.attr("__version__") = MAPSCAPE_VERSION;
    // The plugins (the surrogate's, the ONNX reader) relative to the module: the install's
    // lib/python3/dist-packages/mapscape -> lib/mapscape, and build/python/mapscape -> build/
    // (paths from the build, MAPSCAPE_PYTHON_*). The interpreter's own directory says nothing.
    if (const std::string here = mapscape::engine_library_directory(); !here.empty())
        for (const char* relative : {MAPSCAPE_PYTHON_PLUGIN_DIR_FROM_MODULE, MAPSCAPE_PYTHON_BUILD_PLUGIN_DIR_FROM_MODULE})
            mapscape::add_plugin_directory((std::filesystem::path(here) / relative).lexically_normal().string());
    bind_errors(m);
    bind_workload(m);
    bind_arch(m);
    bind_mapping(m);
    bind_cost(m);
    bind_batch(m);
    bind_progress(m);
    bind_search(m);
    bind_codesign(m);
    bind_schedule(m);
    bind_surrogate(m);
    bind_algorithms(m);
}
