// Engine JSON documents as Python objects (json.loads of the engine's own text).
#pragma once

#include "common.hpp"
#include "util/json_text.hpp"

namespace mapscape::python {

template <typename Json>
py::object json_to_python(const Json& document) {
    static py::object* loads = new py::object(py::module_::import("json").attr("loads"));  // leaked: outlives the interpreter's teardown order
    return (*loads)(json_text(document));
}

}  // namespace mapscape::python
