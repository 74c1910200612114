"""The build compiles every engine module that is meant to be compiled.

``setup.py``'s ``COMPILED`` lists the engine modules mypyc compiles: all of them but
the package's ``__init__``, ``memo`` and ``cache`` (see its comment).  A module left
off the list runs as Python in the compiled build, every call a Python frame, which
no test of the rules would notice.
"""

import ast
from pathlib import Path

import five_hundred
from five_hundred import _engine

ROOT = Path(__file__).resolve().parents[2]
PURE_ON_PURPOSE = {"__init__", "memo", "cache"}


def _compiled_list() -> list[str]:
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "COMPILED"
            for target in node.targets
        ):
            value = ast.literal_eval(node.value)
            assert isinstance(value, list)
            return [str(name) for name in value]
    raise AssertionError("setup.py has no COMPILED list")


def test_every_engine_module_but_three_is_compiled() -> None:
    source = ROOT / "src" / "five_hundred" / "_engine"
    modules = {path.stem for path in source.glob("*.py")}
    compiled = _compiled_list()
    assert len(compiled) == len(set(compiled))
    assert set(compiled) == modules - PURE_ON_PURPOSE


def test_the_compiled_build_has_each_listed_module_compiled() -> None:
    import importlib

    for name in _compiled_list():
        module = importlib.import_module(f"{_engine.__name__}.{name}")
        path = module.__file__ or ""
        assert path.endswith(".py") != five_hundred.compiled, (name, path)
