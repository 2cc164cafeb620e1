# The type stubs (mapscape/__init__.pyi, surrogate.pyi) describe the module as it is: every public
# name and every public member of its classes, so that completion and type checkers see the API.
import ast
import inspect
import pathlib

import mapscape


def stub_names(path):
    tree = ast.parse(path.read_text())
    names, members = set(), {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        if isinstance(node, ast.ClassDef):
            members[node.name] = {n.name for n in node.body if isinstance(n, ast.FunctionDef)} | \
                                 {n.target.id for n in node.body if isinstance(n, ast.AnnAssign)}
        if isinstance(node, ast.ImportFrom):
            names.update(alias.asname or alias.name for alias in node.names)
    return names, members


def public_members(cls):
    return {name for name, _ in inspect.getmembers(cls) if not name.startswith("_")}


def test_package_stub_covers_the_module():
    names, members = stub_names(pathlib.Path(mapscape.__file__).with_name("__init__.pyi"))
    assert set(mapscape.__all__) <= names, set(mapscape.__all__) - names
    for name in mapscape.__all__:
        value = getattr(mapscape, name)
        if inspect.isclass(value) and not issubclass(value, BaseException):
            missing = public_members(value) - members[name]
            assert not missing, f"{name}: {sorted(missing)}"


def test_surrogate_stub_covers_the_submodule():
    names, members = stub_names(pathlib.Path(mapscape.__file__).with_name("surrogate.pyi"))
    public = {n for n in dir(mapscape.surrogate) if not n.startswith("_")}
    assert public <= names, public - names
    assert public_members(mapscape.surrogate.Comparison) <= members["Comparison"]


def test_help_shows_signatures_and_documentation():
    doc = mapscape.search.__doc__
    assert "search(model" in doc and "budget" in doc and "Ctrl-C" in doc
    assert "FILE:LINE:COL" in mapscape.InputError.__doc__ or "FILE" in mapscape.__doc__
    for name in mapscape.__all__:
        assert getattr(mapscape, name).__doc__, name


# The stubs' signatures are the module's: the same parameters in the same order, the same
# keyword-only marker, the same defaults (which the CLI reads from the same engine structs:
# test_cli_parity checks those).
def _stub_functions(path):
    import ast as _ast
    tree = _ast.parse(path.read_text())
    found = {}
    def params_of(node, is_method):
        a = node.args
        positional = a.posonlyargs + a.args
        defaults = [None] * (len(positional) - len(a.defaults)) + list(a.defaults)
        out = []
        for arg, default in zip(positional, defaults):
            out.append((arg.arg, default, False))
        for arg, default in zip(a.kwonlyargs, a.kw_defaults):
            out.append((arg.arg, default, True))
        if is_method and out and out[0][0] in ("self", "cls"):
            out = out[1:]
        return out
    for node in tree.body:
        if isinstance(node, _ast.FunctionDef):
            found[node.name] = params_of(node, False)
        if isinstance(node, _ast.ClassDef):
            for n in node.body:
                if isinstance(n, _ast.FunctionDef):
                    static = any(isinstance(d, _ast.Name) and d.id == "staticmethod" for d in n.decorator_list)
                    found[f"{node.name}.{n.name}"] = params_of(n, not static)
    return found


def _literal(node_or_text):
    import ast as _ast
    if node_or_text is None:
        return "<required>"
    try:
        value = _ast.literal_eval(node_or_text)
    except (ValueError, SyntaxError):
        return "<not a literal>"
    return list(value) if isinstance(value, tuple) else value


def _runtime_signature(function):
    from mapscape import _arguments
    params = getattr(function, "__signature_params__", None) or _arguments.signature_of(function)
    doc = (getattr(function, "__doc__", None) or "")
    line = next((l for l in doc.split("\n") if _arguments._SIGNATURE.match(l)), "")
    texts = _arguments._split_top(_arguments._SIGNATURE.match(line).group(2)) if line else []
    defaults = {}
    for part in texts:
        if part.startswith("*"):
            continue
        name, _, rest = part.partition(":")
        _, _, default = rest.partition("=")
        defaults[name.strip()] = _literal(default.strip()) if default.strip() else "<required>"
    return [(p[0], defaults.get(p[0], "<required>"), p[3]) for p in params if p[0] not in ("self", "**")]


def test_stub_signatures_are_the_modules():
    stubs = _stub_functions(pathlib.Path(mapscape.__file__).with_name("__init__.pyi"))
    surrogate_stubs = _stub_functions(pathlib.Path(mapscape.__file__).with_name("surrogate.pyi"))
    checked, problems = 0, []
    def compare(name, runtime_function, stub):
        nonlocal checked
        runtime = _runtime_signature(runtime_function)
        if not runtime:
            return
        got = [(n, _literal(d) if d is not None else "<required>", kw) for n, d, kw in stub]
        # The stubs spell "Optional" defaults as None, paths and callbacks as objects: compare names,
        # order, keyword-only and every default the module prints as a literal.
        names_stub = [(n, kw) for n, _, kw in got]
        names_runtime = [(n, kw) for n, _, kw in runtime]
        if names_stub != names_runtime:
            problems.append(f"{name}: parameters {names_stub} in the stub, {names_runtime} in the module")
            return
        for (n, d_stub, _), (_, d_runtime, _) in zip(got, runtime):
            if d_runtime in ("<not a literal>",) or d_stub == "<not a literal>":
                continue
            if d_stub != d_runtime:
                problems.append(f"{name}({n}=...): {d_stub!r} in the stub, {d_runtime!r} in the module")
        checked += 1
    for name in ("algorithms", "codesign", "compare", "evaluate", "evaluate_batch", "evaluate_file", "naas", "read_maestro",
                 "schedule", "search", "sweep", "write_maestro"):
        compare(name, getattr(mapscape, name), stubs[name])
    for name in ("bench", "compare", "evaluate", "train"):
        compare("surrogate." + name, getattr(mapscape.surrogate, name), surrogate_stubs[name])
    for cls in ("Accelerator", "Encoding", "Layer", "Mapping", "Model"):
        for attr in ("__init__", "random", "load", "preset", "set_noc", "area_um2", "area_breakdown", "decode", "from_maestro", "update"):
            key = f"{cls}.{attr}"
            value = getattr(getattr(mapscape, cls), attr, None)
            if value is None or key not in stubs:
                continue
            compare(key, value, stubs[key])
    assert not problems, "\n".join(problems)
    assert checked >= 20, checked


# The defaults a script gets are the CLI's: each long call's keyword defaults against the
# `--option TYPE=default` its command's --help prints (both read the engine's SearchDefaults,
# ScheduleSetupOptions, CodesignRequest; a default written twice would drift).
def _cli_defaults(command):
    import re
    from conftest import run_cli
    defaults = {}
    for line in run_cli(command, "--help").stdout.split("\n"):
        m = re.match(r"\s+--([a-z-]+) [A-Z]+(?::[^=\s]+(?: \[[^\]]*\])?)?=(\S+)", line)
        if m:
            defaults[m.group(1)] = m.group(2)
    return defaults


def _as_cli_text(value):
    if isinstance(value, (list, tuple)):
        return ",".join(str(v) for v in value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def test_python_defaults_are_the_clis():
    # CLI option -> the keyword it is in Python, where the names differ.
    renamed = {"layer": "layers", "platform": "accelerator", "time-limit": "time_limit", "group-size": "group_size",
               "job-analysis": "job_analysis", "bw-units": "bw_units", "map-space": "map_space", "max-pes": "max_pes",
               "setting": "setting"}
    checked, problems = 0, []
    for command in ("search", "compare", "codesign", "schedule"):
        module = {name: default for name, default, _ in _runtime_signature(getattr(mapscape, command))}
        for option, cli_default in _cli_defaults(command).items():
            keyword = renamed.get(option, option.replace("-", "_"))
            if command == "codesign" and option == "platform":
                keyword = "platform"
            if keyword not in module:
                continue
            value = module[keyword]
            if value in ("<required>", "<not a literal>") or value is None:
                continue
            checked += 1
            if _as_cli_text(value) != cli_default:
                problems.append(f"{command}: --{option} defaults to {cli_default}, {keyword}= to {value!r}")
    assert not problems, "\n".join(problems)
    assert checked >= 15, checked
