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
        if inspect.isclass(value) and name != "InputError":
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
