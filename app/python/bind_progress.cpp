// mapscape.Progress: what a long call's progress callback receives.
#include <cmath>

#include "common.hpp"
#include "long_call.hpp"
#include "python_types.hpp"

namespace mapscape::python {

void bind_progress(py::module_& m) {
    py::class_<Progress>(m, "Progress", R"doc(
What a progress callback receives, on the calling thread, at most every 100 ms:
done of total units (unit: "samples" for searches, "designs" for co-design, "iterations" for NAAS,
"runs" for sweeps and comparisons, "epochs" for training), best (the best objective so far, None
before one), bound (what no result can beat, None where there is none) and elapsed_s.
)doc")
        .def_property_readonly("done", [](const Progress& p) { return p.done; })
        .def_property_readonly("total", [](const Progress& p) { return p.total; })
        .def_property_readonly("unit", [](const Progress& p) { return p.unit; })
        .def_property_readonly("samples", [](const Progress& p) { return p.done; }, "the same as done")
        .def_property_readonly("best", [](const Progress& p) { return number_or_none(p.best); })
        .def_property_readonly("bound", [](const Progress& p) { return number_or_none(p.bound); })
        .def_property_readonly("elapsed_s", [](const Progress& p) { return p.elapsed_s; })
        .def_property_readonly("fraction", [](const Progress& p) { return p.total > 0 ? static_cast<double>(p.done) / static_cast<double>(p.total) : 0.0; })
        .def("__repr__", [](const Progress& p) {
            std::string text = "<Progress " + std::to_string(p.done) + "/" + std::to_string(p.total) + " " + p.unit;
            if (std::isfinite(p.best)) text += ", best " + std::to_string(p.best);
            if (std::isfinite(p.bound)) text += ", bound " + std::to_string(p.bound);
            return text + ">";
        });

    // Leaked on purpose, as InputError: a static's destructor would run after the interpreter.
    struct CancelledTag {};
    static auto& cancelled = *new py::exception<CancelledTag>(m, "Cancelled", PyExc_Exception);
    cancelled.doc() = "Raised by a long call (search, codesign, schedule, evaluate_batch, ...) that a Cancellation stopped.";
    (void)cancelled;
    py::class_<Cancellation>(m, "Cancellation", R"doc(
A handle that stops long calls from another thread. The calls a thread makes inside
`with handle:` stop within about 10 ms once any thread calls handle.cancel(), and raise
mapscape.Cancelled; a handle stays cancelled. Ctrl-C still works as before.

    handle = mapscape.Cancellation()
    def work():
        with handle:
            mapscape.search("resnet50", "edge", budget=10**6)
    threading.Thread(target=work).start(); ...; handle.cancel()
)doc")
        .def(py::init<>())
        .def("cancel", &Cancellation::cancel, "stops the calls made under this handle (from any thread)")
        .def_property_readonly("cancelled", &Cancellation::cancelled)
        .def("__enter__", [](Cancellation& c) -> Cancellation& {
            push_cancellation(&c);
            return c;
        }, py::return_value_policy::reference)
        .def("__exit__", [](Cancellation&, const py::object&, const py::object&, const py::object&) {
            pop_cancellation();
            return false;
        });
    // At exit, before the interpreter tears down its threads: stop what still runs and let it return.
    m.def("_stop_all_long_calls", [](double seconds) { stop_all_long_calls(seconds); }, py::arg("seconds") = 10.0);
    py::module_::import("atexit").attr("register")(m.attr("_stop_all_long_calls"));
}

}  // namespace mapscape::python
