// mapscape.evaluate and mapscape.CostReport: one layer under one mapping on one accelerator,
// with the fields and JSON of `mapscape-cli eval --json`; evaluate_file for MAESTRO files.
#include <optional>

#include "common.hpp"
#include "cost/compute_bound.hpp"
#include "cost/evaluate.hpp"
#include "cost/network_evaluation.hpp"
#include "cost_types.hpp"
#include "json_convert.hpp"
#include "python_types.hpp"
#include "tech/technology_choice.hpp"

namespace mapscape::python {

PyCostReport make_cost_report(const CostReport& report, const Layer& layer, const Accelerator& acc, const Mapping& mapping) {
    PyCostReport r{report, layer, acc, {}, ComputeBound(layer, acc).cycles(mapping)};
    if (!report.valid()) r.reason = describe(report.invalid, layer, acc);
    return r;
}

namespace {

ReportDetail detail_of(const std::string& detail) {
    if (detail == "full") return ReportDetail::Full;
    if (detail == "objectives") return ReportDetail::Objectives;
    throw InputError({"detail", 0, 0}, "expected \"full\" or \"objectives\", not \"" + detail + "\"");
}

nlohmann::json report_json(const PyCostReport& r) {
    nlohmann::json j = evaluated_layer_json(r.layer, r.accelerator, r.report, r.compute_bound_cycles);
    j["reason"] = r.reason;
    return j;
}

struct PyNetworkReport {
    EvaluatedNetwork evaluated;
    Accelerator accelerator;
};

py::dict tensor_dict(const TensorAccesses& a) {
    return py::dict(py::arg("l1_read") = a.l1_read, py::arg("l1_write") = a.l1_write, py::arg("l2_read") = a.l2_read,
                    py::arg("l2_write") = a.l2_write);
}

}  // namespace

void bind_cost(py::module_& m) {
    using R = PyCostReport;
    py::class_<R>(m, "CostReport", R"doc(
What the cost model says of one layer under one mapping on one accelerator. Attributes carry
their units in their names; to_dict() gives the fields of `mapscape-cli eval --json`.
A mapping that cannot run is reported with valid False and the reason, not an exception.
)doc")
        .def_property_readonly("valid", [](const R& r) { return r.report.valid(); })
        .def_property_readonly("reason", [](const R& r) { return r.reason; }, "why the mapping cannot run ('' when valid)")
        .def_property_readonly("runtime_cycles", [](const R& r) { return r.report.runtime_cycles; })
        .def_property_readonly("macs", [](const R& r) { return r.report.macs; }, "MACs the analysis counted (MAESTRO's 'Num MACs')")
        .def_property_readonly("layer_macs", [](const R& r) { return r.report.layer_macs; })
        .def_property_readonly("energy_nj", [](const R& r) { return r.report.energy.total_nj; })
        .def_property_readonly("energy_breakdown_nj", [](const R& r) {
            const EnergyBreakdown& e = r.report.energy;
            return py::dict(py::arg("total") = e.total_nj, py::arg("mac") = e.mac_nj, py::arg("l1") = e.l1_nj, py::arg("l2") = e.l2_nj,
                            py::arg("dram") = e.dram_nj, py::arg("noc") = e.noc_nj, py::arg("leakage") = e.leakage_nj);
        }, "total, mac, l1, l2, dram, noc, leakage (noc and leakage: physical technologies only, 0 under MAESTRO's model)")
        .def_property_readonly("maestro_energy_nj", [](const R& r) { return r.report.maestro_energy_nj; })
        .def_property_readonly("l1_required_elements", [](const R& r) { return r.report.l1_required_elements; }, "per PE, double-buffered")
        .def_property_readonly("l2_required_elements", [](const R& r) { return r.report.l2_required_elements; })
        .def_property_readonly("l1_required_bytes", [](const R& r) { return r.report.l1_required_bytes; })
        .def_property_readonly("l2_required_bytes", [](const R& r) { return r.report.l2_required_bytes; })
        .def_property_readonly("noc_bw_required", [](const R& r) { return r.report.noc_bw_required; }, "peak, elements/cycle (full detail)")
        .def_property_readonly("avg_noc_bw_required", [](const R& r) { return r.report.avg_noc_bw_required; })
        .def_property_readonly("offchip_bw_required", [](const R& r) { return r.report.offchip_bw_required; })
        .def_property_readonly("avg_utilized_pes", [](const R& r) { return r.report.avg_utilized_pes; })
        .def_property_readonly("dram_accesses", [](const R& r) { return r.report.dram_accesses; }, "elements moved to or from DRAM")
        .def_property_readonly("area_um2", [](const R& r) { return r.report.area_um2; })
        .def_property_readonly("area_breakdown_um2", [](const R& r) {
            const AreaBreakdown& a = r.report.area;
            return py::dict(py::arg("pes") = a.pes_um2, py::arg("l1") = a.l1_um2, py::arg("l2") = a.l2_um2, py::arg("noc") = a.noc_um2);
        }, "area_um2's parts: pes, l1, l2, noc (MAESTRO's model: by the buffers the mapping requires)")
        .def_property_readonly("power_mw", [](const R& r) { return r.report.power_mw; })
        .def_property_readonly("leakage_mw", [](const R& r) { return r.report.leakage_mw; }, "static power (physical technologies only)")
        // As to_dict() says them (one place decides how a precision under MAESTRO's model reads).
        .def_property_readonly("technology", [](const R& r) { return report_json(r)["technology"].get<std::string>(); },
                               "the technology that priced it (Accelerator.technology)")
        .def_property_readonly("precision", [](const R& r) { return report_json(r)["precision"].get<std::string>(); },
                               "each tensor's format as priced (e.g. int8), or the word size under MAESTRO's model")
        .def_property_readonly("throughput_macs_per_cycle", [](const R& r) { return r.report.throughput_macs_per_cycle(); })
        .def_property_readonly("compute_bound_cycles", [](const R& r) { return r.compute_bound_cycles; },
                               "cycles the busiest PE must compute (MAESTRO's runtime can undercount partial tiles below it)")
        .def_property_readonly("below_compute_bound", [](const R& r) { return r.report.valid() && r.report.runtime_cycles < r.compute_bound_cycles; })
        .def_property_readonly("tensors", [](const R& r) {
            return py::dict(py::arg("input") = tensor_dict(r.report.tensor(TensorRole::Input)),
                            py::arg("filter") = tensor_dict(r.report.tensor(TensorRole::Weight)),
                            py::arg("output") = tensor_dict(r.report.tensor(TensorRole::Output)));
        }, "L1 and L2 reads and writes per tensor")
        .def("to_dict", [](const R& r) { return json_to_python(report_json(r)); }, "the fields of `mapscape-cli eval --json` for this layer")
        .def("__repr__", [](const R& r) {
            if (!r.report.valid()) return "<CostReport invalid: " + r.reason + ">";
            return "<CostReport " + std::to_string(r.report.runtime_cycles) + " cycles, " + std::to_string(r.report.energy.total_nj) + " nJ>";
        });

    m.def("evaluate", [](const Layer& layer, const Mapping& mapping, const Accelerator& accelerator, const std::string& detail) {
        const CostReport report = evaluate(layer, accelerator, mapping, detail_of(detail));
        return make_cost_report(report, layer, accelerator, mapping);
    }, py::arg("layer"), py::arg("mapping"), py::arg("accelerator"), py::arg("detail") = "full", R"doc(
Evaluates one layer under one mapping on one accelerator with the MAESTRO-compatible cost model.

detail "full" (default) fills every field; "objectives" skips the per-case bandwidth and delay
statistics (noc_bw_required, ...) and is faster. For many mappings use evaluate_batch.
)doc");

    using N = PyNetworkReport;
    py::class_<N>(m, "NetworkReport", "A MAESTRO network + dataflow file evaluated layer by layer (evaluate_file).")
        .def_property_readonly("layers", [](const N& n) {
            std::vector<Layer> out;
            for (const MaestroLayer& l : n.evaluated.net.layers) out.push_back(l.layer);
            return out;
        })
        .def_property_readonly("mappings", [](const N& n) { return n.evaluated.mappings; }, "what each layer ran")
        .def_property_readonly("reports", [](const N& n) {
            const EvaluatedNetwork& e = n.evaluated;
            std::vector<PyCostReport> out;
            for (std::size_t i = 0; i < e.reports.size(); ++i)
                out.push_back(make_cost_report(e.reports[i], e.net.layers[i].layer, n.accelerator, e.mappings[i]));
            return out;
        })
        .def_property_readonly("total_runtime_cycles", [](const N& n) { return n.evaluated.total_runtime; })
        .def_property_readonly("total_energy_nj", [](const N& n) { return n.evaluated.total_energy; })
        .def_property_readonly("total_macs", [](const N& n) { return n.evaluated.total_macs; })
        .def_property_readonly("warnings", [](const N& n) { return n.evaluated.warnings; },
                               "ignored constructs, borrowed dataflows, MAESTRO's undercounts (what the CLI prints as warnings)")
        .def("to_dict", [](const N& n) { return json_to_python(network_json(n.evaluated, n.accelerator)); },
             "the document of `mapscape-cli eval FILE --json`");

    m.def("evaluate_file", [](const py::object& path, const Accelerator& accelerator, const std::optional<std::string>& precision) {
        TechnologyChoice choice;  // the CLI's --precision, checked and named alike
        choice.precision = precision.value_or("");
        const TensorPrecision p = chosen_precision(choice);
        return PyNetworkReport{evaluate_network_file(path_argument(path, "path"), accelerator, p), accelerator};
    }, py::arg("path"), py::arg("accelerator"), py::kw_only(), py::arg("precision") = py::none(), R"doc(
Evaluates every layer of a MAESTRO network + dataflow file (.m), as `mapscape-cli eval` does: each
layer under its Dataflow block, or the previous layer's. Returns a NetworkReport.
precision: the number format of the layers (a MAESTRO file names none), as eval's --precision:
"int8", or "input=int8,weight=int4,output=int32"; None: the accelerator's word size.
)doc");
}

}  // namespace mapscape::python
