// Engine vectors as NumPy arrays without copying: the array takes the vector (moved into a
// capsule that frees it with the array).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "common.hpp"

namespace mapscape::python {

template <typename T>
py::array_t<T> take_as_array(std::vector<T>&& values, std::vector<py::ssize_t> shape = {}) {
    auto* owner = new std::vector<T>(std::move(values));
    py::capsule free_when_done(owner, [](void* p) { delete static_cast<std::vector<T>*>(p); });
    if (shape.empty()) shape = {static_cast<py::ssize_t>(owner->size())};
    return py::array_t<T>(shape, owner->data(), free_when_done);
}

// A convergence trace, (samples, best so far) pairs, as a float64 array (n, 2); a best that is
// not finite (before the first valid sample) is NaN.
inline py::array_t<double> trace_array(const std::vector<std::pair<std::int64_t, double>>& trace) {
    std::vector<double> flat;
    flat.reserve(trace.size() * 2);
    for (const auto& [samples, best] : trace) {
        flat.push_back(static_cast<double>(samples));
        flat.push_back(std::isfinite(best) ? best : std::numeric_limits<double>::quiet_NaN());
    }
    const auto rows = static_cast<py::ssize_t>(trace.size());
    return take_as_array(std::move(flat), {rows, 2});
}

}  // namespace mapscape::python
