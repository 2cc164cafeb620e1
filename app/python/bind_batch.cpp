// mapscape.evaluate_batch and mapscape.Encoding: many mappings of one layer evaluated at once,
// into NumPy arrays, on several threads with the GIL released. The mappings are Mapping objects
// or rows of a float64 array in the fixed-length encoding of GAMMA's baselines (Encoding), which
// a search written in Python (or NumPy, SciPy, ...) can propose directly.
#include <cmath>
#include <algorithm>
#include <memory>
#include <optional>
#include <random>
#include <thread>

#include "common.hpp"
#include "long_call.hpp"
#include "cost/compute_bound.hpp"
#include "cost/evaluate.hpp"
#include "search/genome.hpp"
#include "search/problem.hpp"
#include "search/vector_encoding.hpp"
#include "util/diagnostic.hpp"
#include "util/thread_pool.hpp"

namespace mapscape::python {

namespace {

// The encoding of one layer's mappings on one accelerator (the space is kept at one address:
// the vector encoding refers to it).
struct PyEncoding {
    SearchProblem problem;
    GenomeSpace space;
    std::unique_ptr<VectorEncoding> encoding;
};

std::unique_ptr<PyEncoding> make_encoding(const Layer& layer, const Accelerator& accelerator, const std::string& system, int levels) {
    auto e = std::make_unique<PyEncoding>();
    e->problem.layer = layer;
    e->problem.accelerator = accelerator;
    const auto s = parse_system(system);
    if (!s) throw InputError({"system", 0, 0}, "unknown target system \"" + system + "\" (S1, S2 or S3)");
    e->problem.system = *s;
    if (levels < min_levels(*s) || levels > max_levels(*s) || levels > kMaxGenomeLevels)
        throw InputError({"levels", 0, 0}, "system " + system + " has " + std::to_string(min_levels(*s)) + "-" + std::to_string(max_levels(*s)) +
                                               " levels, not " + std::to_string(levels));
    if (std::string p = layer_problem(layer); !p.empty()) throw InputError({"layer", 0, 0}, p);
    if (std::string p = accelerator_problem(accelerator); !p.empty()) throw InputError({"accelerator", 0, 0}, p);
    e->problem.min_levels = e->problem.max_levels = levels;
    e->space = make_genome_space(e->problem);
    e->encoding = std::make_unique<VectorEncoding>(e->space, levels);
    return e;
}

// Checks that `points` is a float64 array of `width` columns (or one row of them).
py::array checked_points(const py::handle& points, std::size_t width, const std::string& name = "mappings") {
    if (!py::isinstance<py::array>(points))
        throw py::type_error(name + ": expected a NumPy float64 array of shape (n, " + std::to_string(width) + "), not " +
                             py::cast<std::string>(py::type::of(points).attr("__name__")));
    auto a = py::reinterpret_borrow<py::array>(points);
    if (!a.dtype().is(py::dtype::of<double>()))
        throw py::type_error(name + ": expected dtype float64, not " + py::cast<std::string>(py::str(a.dtype())) + " (convert with .astype(float))");
    if (a.ndim() != 2 || static_cast<std::size_t>(a.shape(1)) != width)
        throw py::value_error(name + ": expected shape (n, " + std::to_string(width) + ") for this encoding, not " +
                              py::cast<std::string>(py::str(points.attr("shape"))));
    // A coordinate is a number in [0, 1): NaN or an infinity is a mistake the caller should hear of.
    const auto rows = static_cast<std::size_t>(a.shape(0));
    const double* data = nullptr;
    py::array_t<double, py::array::c_style | py::array::forcecast> contiguous(a);
    data = contiguous.data();
    for (std::size_t i = 0; i < rows * width; ++i)
        if (!std::isfinite(data[i]))
            throw py::value_error(name + ": row " + std::to_string(i / width) + ", column " + std::to_string(i % width) + " is " +
                                  (std::isnan(data[i]) ? "nan" : "infinite") + "; a coordinate is a number in [0, 1)");
    return a;
}

// Output arrays, allocated by NumPy and filled in place by the worker threads.
struct BatchArrays {
    py::array_t<bool> valid;
    py::array_t<std::int64_t> runtime_cycles, macs, l1_required_bytes, l2_required_bytes, compute_bound_cycles;
    py::array_t<double> energy_nj, power_mw, area_um2;
    py::array_t<std::uint8_t> invalidity;

    explicit BatchArrays(py::ssize_t n, bool with_bound)
        : valid(n), runtime_cycles(n), macs(n), l1_required_bytes(n), l2_required_bytes(n), compute_bound_cycles(with_bound ? n : 0),
          energy_nj(n), power_mw(n), area_um2(n), invalidity(n) {}
};

struct Outputs {  // raw pointers into BatchArrays, for use without the GIL
    bool* valid;
    std::int64_t *runtime, *macs, *l1, *l2, *bound;
    double *energy, *power, *area;
    std::uint8_t* invalidity;

    explicit Outputs(BatchArrays& a)
        : valid(a.valid.mutable_data()), runtime(a.runtime_cycles.mutable_data()), macs(a.macs.mutable_data()),
          l1(a.l1_required_bytes.mutable_data()), l2(a.l2_required_bytes.mutable_data()),
          bound(a.compute_bound_cycles.size() ? a.compute_bound_cycles.mutable_data() : nullptr), energy(a.energy_nj.mutable_data()),
          power(a.power_mw.mutable_data()), area(a.area_um2.mutable_data()), invalidity(a.invalidity.mutable_data()) {}

    void store(std::size_t i, const CostReport& r) const {
        valid[i] = r.valid();
        runtime[i] = r.runtime_cycles;
        macs[i] = r.macs;
        l1[i] = r.l1_required_bytes;
        l2[i] = r.l2_required_bytes;
        energy[i] = r.energy.total_nj;
        power[i] = r.power_mw;
        area[i] = r.area_um2;
        invalidity[i] = static_cast<std::uint8_t>(r.invalid.kind);
    }
};

// Calls body(begin, end) over [0, n) in blocks, on `threads` threads; a stop request skips the
// blocks not started (Ctrl-C or a Cancellation ends a batch of millions within a block's time).
template <typename Body>
void parallel_blocks(std::size_t n, int threads, const std::stop_token& stop, Body&& body) {
    constexpr std::size_t kBlock = 256;
    const std::size_t blocks = (n + kBlock - 1) / kBlock;
    auto block = [&](std::size_t b) {
        if (!stop.stop_requested()) body(b * kBlock, std::min(n, (b + 1) * kBlock));
    };
    if (threads <= 1 || blocks < 2) {
        for (std::size_t b = 0; b < blocks; ++b) block(b);
        return;
    }
    ThreadPool pool(static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(threads), blocks)));
    pool.parallel_for(blocks, block);
}

int thread_count(int threads) { return resolve_thread_count(threads, "threads"); }

ReportDetail detail_of(const std::string& detail) {
    if (detail == "full") return ReportDetail::Full;
    if (detail == "objectives") return ReportDetail::Objectives;
    throw InputError({"detail", 0, 0}, "expected \"full\" or \"objectives\", not \"" + detail + "\"");
}

py::object batch_result(py::module_& m, BatchArrays& a, bool with_bound) {
    py::dict arrays;
    arrays["valid"] = a.valid;
    arrays["runtime_cycles"] = a.runtime_cycles;
    arrays["energy_nj"] = a.energy_nj;
    arrays["macs"] = a.macs;
    arrays["l1_required_bytes"] = a.l1_required_bytes;
    arrays["l2_required_bytes"] = a.l2_required_bytes;
    arrays["power_mw"] = a.power_mw;
    arrays["area_um2"] = a.area_um2;
    arrays["invalidity"] = a.invalidity;
    arrays["compute_bound_cycles"] = with_bound ? py::object(a.compute_bound_cycles) : py::none();
    return m.attr("BatchResult")(**arrays);
}

}  // namespace

void bind_batch(py::module_& m) {
    py::class_<PyEncoding>(m, "Encoding", R"doc(
The fixed-length encoding GAMMA's baselines search in (GAMMA paper, Table 4): a mapping of one layer
on one accelerator as a point of [0, 1)^size for a fixed number of cluster levels. Per level: a
gene for the parallel dimension, a random key per dimension (the loop order), a gene per tileable
dimension (its tile), and for inner levels the number of parallel units. Every point decodes to a
mapping in the system's rules (coordinates outside [0, 1) are clamped).

    enc = mapscape.Encoding(layer, edge, system="S2", levels=2)
    x = enc.random(1000, seed=1)                 # float64 array (1000, enc.size)
    batch = mapscape.evaluate_batch(layer, x, edge, encoding=enc)
)doc")
        .def(py::init(&make_encoding), py::arg("layer"), py::arg("accelerator"), py::arg("system") = "S2", py::arg("levels") = 2)
        .def_property_readonly("size", [](const PyEncoding& e) { return e.encoding->size(); }, "the number of coordinates")
        .def_property_readonly("levels", [](const PyEncoding& e) { return e.encoding->levels(); })
        .def("decode", [](const PyEncoding& e, const py::handle& point) {
            py::array_t<double, py::array::c_style | py::array::forcecast> x = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(point);
            if (!x || x.ndim() != 1 || static_cast<std::size_t>(x.shape(0)) != e.encoding->size())
                throw py::value_error("point: expected " + std::to_string(e.encoding->size()) + " numbers");
            for (std::size_t i = 0; i < e.encoding->size(); ++i)
                if (!std::isfinite(x.data()[i]))
                    throw py::value_error("point: coordinate " + std::to_string(i) + " is " + (std::isnan(x.data()[i]) ? "nan" : "infinite") +
                                          "; a coordinate is a number in [0, 1)");
            Genome g;
            e.encoding->decode(x.data(), g);
            return decode(g, e.space);
        }, py::arg("point"), "the mapping of one point")
        .def("random", [](const PyEncoding& e, py::ssize_t count, std::uint64_t seed) {
            if (count < 0 || count > 10'000'000) throw InputError({"count", 0, 0}, "a count is from 0 to 10,000,000 points, not " + std::to_string(count));
            py::array_t<double> out({count, static_cast<py::ssize_t>(e.encoding->size())});
            std::mt19937_64 rng(seed);
            std::uniform_real_distribution<double> u(0.0, 1.0);
            double* p = out.mutable_data();
            const py::ssize_t values = count * static_cast<py::ssize_t>(e.encoding->size());
            for (py::ssize_t i = 0; i < values; ++i) {
                p[i] = u(rng);
                if ((i & 0xFFFFF) == 0xFFFFF && PyErr_CheckSignals() != 0) throw py::error_already_set();  // Ctrl-C
            }
            return out;
        }, py::arg("count"), py::arg("seed") = 1, "uniform random points, a float64 array (count, size)");

    py::object namespace_type = py::module_::import("types").attr("SimpleNamespace");
    m.attr("BatchResult") = namespace_type;  // replaced by the package's class (mapscape/__init__.py)

    m.def("evaluate_batch", [m](const Layer& layer_object, const py::object& mappings, const Accelerator& accelerator_object, const py::object& encoding,
                                int threads, const std::string& detail, bool compute_bound) mutable {
        // Copies: the Python objects have setters another thread may call while the GIL is released.
        const Layer layer = layer_object;
        const Accelerator accelerator = accelerator_object;
        const int n_threads = thread_count(threads);
        const ReportDetail d = detail_of(detail);
        if (!encoding.is_none()) {
            if (!py::isinstance<PyEncoding>(encoding))
                throw py::type_error("encoding: expected a mapscape.Encoding, not " + py::cast<std::string>(py::type::of(encoding).attr("__name__")));
            const PyEncoding& e = py::cast<const PyEncoding&>(encoding);
            if (!(e.problem.layer == layer)) throw InputError({"encoding", 0, 0}, "the encoding was made for another layer");
            if (!(e.problem.accelerator == accelerator)) throw InputError({"encoding", 0, 0}, "the encoding was made for another accelerator");
            py::array points = checked_points(mappings, e.encoding->size());
            const auto rows = static_cast<std::size_t>(points.shape(0));
            BatchArrays arrays(static_cast<py::ssize_t>(rows), compute_bound);
            const Outputs out(arrays);
            const auto x = points.unchecked<double, 2>();
            const std::size_t width = e.encoding->size();
            run_long_call([&](std::stop_token stop, ProgressBoard&) {
                const std::optional<ComputeBound> bound = compute_bound ? std::optional<ComputeBound>(std::in_place, layer, accelerator) : std::nullopt;
                parallel_blocks(rows, n_threads, stop, [&](std::size_t begin, std::size_t end) {
                    std::vector<double> row(width);
                    Genome g;
                    Mapping mapping;
                    for (std::size_t i = begin; i < end; ++i) {
                        for (std::size_t k = 0; k < width; ++k) row[k] = x(static_cast<py::ssize_t>(i), static_cast<py::ssize_t>(k));
                        e.encoding->decode(row.data(), g);
                        decode(g, e.space, mapping);
                        out.store(i, evaluate(layer, accelerator, mapping, d));
                        if (out.bound) out.bound[i] = bound->cycles(mapping);
                    }
                });
                return 0;
            }, py::none());
            return batch_result(m, arrays, compute_bound);
        }
        if (py::isinstance<py::array>(mappings))
            throw py::type_error("mappings: an array of points needs its encoding (evaluate_batch(layer, points, accelerator, encoding=...))");
        if (!py::isinstance<py::sequence>(mappings) || py::isinstance<py::str>(mappings))
            throw py::type_error("mappings: expected a list of mapscape.Mapping or, with an encoding, a float64 array");
        // Borrowed pointers to the Mapping objects: the list holds them while the GIL is released.
        const auto seq = py::reinterpret_borrow<py::sequence>(mappings);
        py::list items(seq);
        std::vector<const Mapping*> list;
        list.reserve(items.size());
        for (const py::handle& item : items) {
            if (!py::isinstance<Mapping>(item))
                throw py::type_error("mappings: expected mapscape.Mapping items, not " + py::cast<std::string>(py::type::of(item).attr("__name__")));
            list.push_back(&py::cast<const Mapping&>(item));
        }
        BatchArrays arrays(static_cast<py::ssize_t>(list.size()), compute_bound);
        const Outputs out(arrays);
        run_long_call([&](std::stop_token stop, ProgressBoard&) {
            const std::optional<ComputeBound> bound = compute_bound ? std::optional<ComputeBound>(std::in_place, layer, accelerator) : std::nullopt;
            parallel_blocks(list.size(), n_threads, stop, [&](std::size_t begin, std::size_t end) {
                for (std::size_t i = begin; i < end; ++i) {
                    out.store(i, evaluate(layer, accelerator, *list[i], d));
                    if (out.bound) out.bound[i] = bound->cycles(*list[i]);
                }
            });
            return 0;
        }, py::none());
        return batch_result(m, arrays, compute_bound);
    }, py::arg("layer"), py::arg("mappings"), py::arg("accelerator"), py::kw_only(), py::arg("encoding") = py::none(), py::arg("threads") = 1,
       py::arg("detail") = "objectives", py::arg("compute_bound") = false, R"doc(
Evaluates many mappings of one layer into NumPy arrays (a BatchResult): valid (bool), runtime_cycles,
macs, l1_required_bytes, l2_required_bytes (int64), energy_nj, power_mw, area_um2 (float64),
invalidity (uint8: the engine's reason code, 0 when valid) and, with compute_bound=True,
compute_bound_cycles (what the busiest PE must compute: searches reject runtimes below it).

mappings is a list of Mapping, or, with encoding=Encoding(...), a float64 array (n, encoding.size)
whose rows are decoded and evaluated without copying the array. threads=0 uses every core; the GIL
is released throughout. detail="objectives" (default) skips the per-case bandwidth and delay figures.
)doc");
}

}  // namespace mapscape::python
