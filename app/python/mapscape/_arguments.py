"""Argument checks in front of the C++ module, so that a wrong argument is named.

pybind11 answers an argument of the wrong type (budget=1.5, seed=-1, threads=None, an int too large
for C++) with its "incompatible function arguments" dump of every overload, which names none of them.
Each public function and method is wrapped here: its own signature (the one pybind11 prints)
says each parameter's type, and an argument that cannot become that type is refused with its
keyword, its value and what is allowed, before C++ sees it. NumPy scalars become the Python
numbers they stand for. Ranges (a budget of at least 1, ...) are the engine's to check: it names
the keyword too (errors.cpp).
"""

import functools
import math
import numbers
import operator
import os
import re

_SIGNATURE = re.compile(r"^\s*(?:\w+\.)*(\w+)\((.*)\)\s*->")
# A property setter's signature has no name: "(arg0: mapscape._mapscape.Layer, arg1: str) -> None".
_SETTER_SIGNATURE = re.compile(r"^\s*()\((.*)\)\s*->")

# Parameters the C++ side keeps in 64 bits; the other int parameters are C ints. A seed is unsigned.
_WIDE = {"budget", "max_latency", "max_pes", "count", "shapes", "mappings_per_shape", "num_pes", "l1_bytes", "l2_bytes",
         "offchip_bw", "bandwidth", "repeat_count", "stride", "samples", "mapping_samples", "baseline_samples", "hop_latency",
         "hops", "noc_bandwidth"}
_UNSIGNED = {"seed"}
_INT32 = (-(2 ** 31), 2 ** 31 - 1)
_INT64 = (-(2 ** 63), 2 ** 63 - 1)
_UINT64 = (0, 2 ** 64 - 1)


def _split_top(text, separator=","):
    """Splits at separators outside brackets and quotes."""
    parts, depth, current, quote = [], 0, "", None
    for ch in text:
        if quote:
            current += ch
            if ch == quote:
                quote = None
            continue
        if ch in "'\"":
            quote = ch
        elif ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
        if ch == separator and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += ch
    if current.strip():
        parts.append(current.strip())
    return parts


def signature_of(function, setter=False):
    """[(name, type text, has default, keyword only)] from pybind11's first signature line
    (`setter`: a property's setter, whose signature has no name)."""
    doc = getattr(function, "__doc__", None) or ""
    for line in doc.split("\n"):
        m = (_SETTER_SIGNATURE if setter else _SIGNATURE).match(line)
        if not m:
            continue
        params, keyword_only = [], False
        for part in _split_top(m.group(2)):
            if part == "*":
                keyword_only = True
                continue
            if part.startswith("**"):
                params.append(("**", "", True, True))  # takes any keyword (a layer's dimensions)
                continue
            if part.startswith("*"):
                continue
            name, _, rest = part.partition(":")
            kind, _, default = rest.partition("=")
            params.append((name.strip(), kind.strip(), bool(default.strip()), keyword_only))
        return params
    return None


def _type_name(value):
    return type(value).__name__


def _is_bool(value):
    return isinstance(value, bool) or type(value).__name__ == "bool_"


def _whole(name, value, bounds):
    if _is_bool(value) or not (isinstance(value, numbers.Integral) or hasattr(value, "__index__")):
        raise TypeError(f"{name}: expected an int, not {_type_name(value)} {value!r}")
    try:
        number = operator.index(value)
    except TypeError:  # an array, say, which has __index__ only for one element
        raise TypeError(f"{name}: expected an int, not {_type_name(value)} {value!r}") from None
    lo, hi = bounds
    if not lo <= number <= hi:
        raise ValueError(f"{name}: {number} is out of range (from {lo} to {hi})")
    return number


def _real(name, value):
    if _is_bool(value) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name}: expected a number, not {_type_name(value)} {value!r}")
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise TypeError(f"{name}: expected a number, not {_type_name(value)} {value!r}") from None
    if not math.isfinite(number):
        raise ValueError(f"{name}: expected a finite number, not {number}")
    return number


def _convert(name, kind, value):
    kind = kind.strip()
    optional = kind.startswith("Optional[")
    if optional:
        if value is None:
            return None
        kind = kind[len("Optional["):-1]
    if kind == "int":
        bounds = _UINT64 if name in _UNSIGNED else _INT64 if name in _WIDE else _INT32
        return _whole(name, value, bounds)
    if kind == "float":
        return _real(name, value)
    if kind == "bool":
        if isinstance(value, bool) or type(value).__name__ == "bool_":
            return bool(value)
        raise TypeError(f"{name}: expected True or False, not {_type_name(value)} {value!r}")
    if kind == "str":
        if isinstance(value, str):
            return value
        if isinstance(value, os.PathLike):
            return os.fspath(value)
        raise TypeError(f"{name}: expected a str, not {_type_name(value)} {value!r}")
    if kind == "List[int]":
        if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
            raise TypeError(f"{name}: expected a list of ints, not {_type_name(value)} {value!r}")
        return [_whole(f"{name}[{i}]", v, _INT64 if name in _WIDE else _INT32) for i, v in enumerate(value)]
    if kind.startswith("mapscape._mapscape."):  # one of the module's classes
        import mapscape
        cls = getattr(mapscape, kind.rsplit(".", 1)[1], None)
        if isinstance(cls, type) and not isinstance(value, cls):
            raise TypeError(f"{name}: expected a mapscape.{cls.__name__}, not {_type_name(value)} {value!r:.80}")
        return value
    return value  # objects the C++ side checks itself (models, paths, arrays, callbacks)


def checked(function, params=None, method=False):
    """`function` with its arguments checked against its signature; `method`: the first is self."""
    params = params if params is not None else signature_of(function)
    if not params:
        return function
    if method and params and params[0][0] == "self":
        params = params[1:]
    var_keywords = any(p[0] == "**" for p in params)
    params = [p for p in params if p[0] != "**"]
    by_name = {p[0]: p for p in params}
    positional = [p for p in params if not p[3]]

    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        head, args = (args[:1], args[1:]) if method else ((), args)
        if len(args) > len(positional):
            raise TypeError(f"{function.__name__}() takes {len(positional)} positional argument(s), not {len(args)}")
        converted = list(args)
        for i, value in enumerate(args):
            name, kind, _, _ = positional[i]
            converted[i] = _convert(name, kind, value)
        for key in list(kwargs):
            if key not in by_name:
                if var_keywords:
                    continue
                close = [n for n in by_name if n.replace("_", "") == key.replace("_", "")]
                hint = f" (did you mean {close[0]!r}?)" if close else f" (its keywords: {', '.join(by_name)})"
                raise TypeError(f"{function.__name__}(): unknown keyword {key!r}{hint}")
            kwargs[key] = _convert(key, by_name[key][1], kwargs[key])
        return function(*head, *converted, **kwargs)

    wrapper.__signature_params__ = params
    return wrapper
