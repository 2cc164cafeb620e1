"""Mapscape from Python: a design-space explorer for DNN accelerators.

The engine of `mapscape-cli` as a module: workloads (Model, Layer), accelerators (Accelerator),
dataflow mappings (Mapping), the MAESTRO-compatible cost model (evaluate, evaluate_batch), mapping
searches (search, compare), hardware-mapping co-design (codesign, naas), multi-tenant scheduling
(schedule), sweeps into a results database (sweep) and the Mind Mappings surrogate (surrogate).
Technologies (technologies(), Accelerator.technology, search(technology=, precision=)) price
energy, area and leakage physically instead of by MAESTRO's relative model.

    import mapscape
    model = mapscape.Model.load("resnet18")
    edge = mapscape.Accelerator.preset("edge")
    result = mapscape.search(model, edge, algo="gamma", budget=2000, seed=1, threads=1)
    print(result.to_dict()["totals"]["runtime_cycles"])

Results have to_dict() (the JSON of the CLI's --json) and, with pandas, to_dataframe(). Long calls
release the GIL, take a progress callback and stop on Ctrl-C. Errors: FileNotFoundError,
ValueError, and mapscape.InputError (a ValueError) for malformed files, with FILE:LINE:COL.
"""

import os as _os
import sys as _sys

# The libtorch plugin (mapscape-torch.so: the surrogate and the RL baselines, opened only when
# one of them is used, so that
# libtorch is not loaded on import) takes the engine from the module that opens it, as it takes
# it from mapscape-cli: the extension is loaded with RTLD_GLOBAL so that its engine is visible.
_flags = _sys.getdlopenflags()
_sys.setdlopenflags(_flags | _os.RTLD_GLOBAL)
try:
    from . import _mapscape
finally:
    _sys.setdlopenflags(_flags)

from ._mapscape import (  # noqa: E402
    Accelerator,
    BatchResult as _PlaceholderBatchResult,
    Cancellation,
    Cancelled,
    Comparison,
    CodesignResult,
    CostReport,
    Encoding,
    InputError,
    Layer,
    LayerSearchResult,
    Mapping,
    Model,
    NaasResult,
    NetworkReport,
    Progress,
    ScheduleResult,
    SearchResult,
    SweepResult,
    algorithms,
    codesign,
    compare,
    evaluate,
    evaluate_batch,
    evaluate_file,
    naas,
    read_maestro,
    schedule,
    search,
    sensitivity,
    surrogate,
    sweep,
    technologies,
    write_maestro,
)

__version__ = _mapscape.__version__
del _PlaceholderBatchResult

# `import mapscape.surrogate` and `from mapscape import surrogate` both work.
_sys.modules[__name__ + ".surrogate"] = surrogate


class BatchResult:
    """Many mappings of one layer evaluated at once (evaluate_batch): NumPy arrays of one entry per
    mapping. valid (bool), runtime_cycles, macs, l1_required_bytes, l2_required_bytes (int64),
    energy_nj, power_mw, area_um2 (float64), invalidity (uint8: the engine's reason code, 0 when
    valid) and compute_bound_cycles (int64, or None unless asked for)."""

    __slots__ = ("valid", "runtime_cycles", "energy_nj", "macs", "l1_required_bytes", "l2_required_bytes",
                 "power_mw", "area_um2", "invalidity", "compute_bound_cycles")

    def __init__(self, **arrays):
        for name in self.__slots__:
            setattr(self, name, arrays.get(name))

    def __len__(self):
        return len(self.valid)

    def to_dict(self):
        """The arrays by name (those that were computed)."""
        return {name: getattr(self, name) for name in self.__slots__ if getattr(self, name) is not None}

    def to_dataframe(self):
        """A pandas.DataFrame with a row per mapping (needs pandas)."""
        try:
            import pandas
        except ImportError as e:
            raise ImportError("to_dataframe() needs pandas (Debian: apt install python3-pandas)") from e
        return pandas.DataFrame(self.to_dict())

    def best(self, metric="runtime_cycles"):
        """The index of the valid mapping with the least `metric` (an array's name), or None."""
        import numpy
        values = numpy.where(self.valid, getattr(self, metric), numpy.inf).astype(float)
        if len(values) == 0 or not numpy.isfinite(values).any():
            return None
        return int(numpy.argmin(values))

    def __repr__(self):
        return f"<BatchResult {len(self)} mappings, {int(self.valid.sum())} valid>"


_mapscape.BatchResult = BatchResult

__all__ = [
    "Accelerator", "BatchResult", "Cancellation", "Cancelled", "CodesignResult", "Comparison", "CostReport", "Encoding", "InputError", "Layer",
    "LayerSearchResult", "Mapping", "Model", "NaasResult", "NetworkReport", "Progress", "ScheduleResult", "SearchResult",
    "SweepResult", "algorithms", "codesign", "compare", "evaluate", "evaluate_batch", "evaluate_file", "naas", "read_maestro", "schedule",
    "search", "sensitivity", "surrogate", "sweep", "technologies", "write_maestro",
]


# Every public function and method checks its arguments' types first and names a wrong one
# (mapscape/_arguments.py), instead of pybind11's dump of the whole signature.
def _check_arguments():
    from . import _arguments

    module = _sys.modules[__name__]
    for name in ("algorithms", "codesign", "compare", "evaluate", "evaluate_batch", "evaluate_file", "naas", "read_maestro",
                 "schedule", "search", "sensitivity", "sweep", "write_maestro"):
        setattr(module, name, _arguments.checked(getattr(_mapscape, name)))
    for name in ("bench", "compare", "evaluate", "train"):
        if hasattr(surrogate, name):
            setattr(surrogate, name, _arguments.checked(getattr(surrogate, name)))
    for cls in (Accelerator, Encoding, Layer, Mapping, Model):
        for attr, value in list(vars(cls).items()):
            if attr.startswith("_") and attr != "__init__":
                continue
            if isinstance(value, staticmethod) or type(value).__name__ == "staticmethod":
                function = value.__func__
                setattr(cls, attr, staticmethod(_arguments.checked(function)))
            elif isinstance(value, property):
                if value.fset is not None:
                    params = _arguments.signature_of(value.fset) or _arguments.signature_of(value.fset, setter=True)
                    if params and len(params) == 2:  # (self, value): name the property, not "arg0" and "arg1"
                        params = [("self",) + params[0][1:], (attr,) + params[1][1:]]
                        setattr(cls, attr, property(value.fget, _arguments.checked(value.fset, params, method=True), value.fdel, value.__doc__))
            elif callable(value):
                setattr(cls, attr, _arguments.checked(value, method=True))


_check_arguments()
del _check_arguments
