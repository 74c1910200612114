"""Every public name has an entry in the API reference (``docs/reference``).

The public names are those in ``five_hundred.__all__`` and in the ``__all__`` of each
public module: the package's modules and subpackages whose names have no leading
underscore, except the command line's one module per subcommand (``cli.score``, ...),
whose ``add_parser`` and ``run`` are the plumbing of the commands that
``docs/reference/cli.rst`` documents.  A name has an entry when the reference
documents it, or the object it names, under some module: ``five_hundred.apply`` is
documented as :func:`five_hundred.state.apply`.

The documentation is read by Sphinx in a process of its own (autodoc imports the
modules over mocks of missing extras, which must not reach this process), and the
Python objects it documents are compared with the public names here.
"""

import importlib
import json
import pkgutil
import subprocess
import sys
from functools import cache
from types import ModuleType

import pytest
from tests import ROOT
from tests.extras import need

import five_hundred

pytest.importorskip("sphinx")

READ = """
import io, json, sys, tempfile
from sphinx.application import Sphinx

with tempfile.TemporaryDirectory() as out:
    app = Sphinx(sys.argv[1], sys.argv[1], out, out + "/doctrees", "dummy",
                 status=None, warning=io.StringIO(), freshenv=True)
    app.build()
    json.dump(sorted(app.env.get_domain("py").objects), sys.stdout)
"""
"""Read the documentation with Sphinx and print the names of its Python objects."""


def public_modules() -> list[str]:
    names = ["five_hundred"]
    for info in pkgutil.walk_packages(five_hundred.__path__, "five_hundred."):
        parts = info.name.split(".")
        if any(part.startswith("_") for part in parts):
            continue
        if parts[1] == "cli" and len(parts) > 2:
            continue  # a subcommand's module
        names.append(info.name)
    return names


EXTRAS = {
    "five_hundred.integrations.encoding": ("numpy",),
    "five_hundred.integrations.openspiel": ("numpy", "pyspiel"),
    "five_hundred.integrations.pettingzoo": ("numpy", "pettingzoo"),
    **{
        f"five_hundred.web{module}": ("starlette", "uvicorn")
        for module in ("", ".app", ".store", ".tables")
    },
}
"""The modules that need an optional extra, and its modules."""


@cache
def documented() -> frozenset[str]:
    """The full names of every Python object the documentation has an entry for."""
    done = subprocess.run(
        [sys.executable, "-c", READ, str(ROOT / "docs")],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return frozenset(json.loads(done.stdout))


def resolve(name: str) -> object:
    """The object a documented full name stands for (``None`` if none)."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            value: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            value = getattr(value, part, None)
        return value
    return None


def entries_of(module: ModuleType, name: str) -> list[str]:
    """The documented full names under which ``module.name`` has an entry."""
    value = getattr(module, name)
    return [
        entry
        for entry in documented()
        if entry.rsplit(".", 1)[-1] == name and resolve(entry) is value
    ]


@pytest.mark.parametrize("module_name", public_modules())
def test_every_public_name_has_a_reference_entry(module_name: str) -> None:
    for extra in EXTRAS.get(module_name, ()):
        need(extra)
    module = importlib.import_module(module_name)
    public = getattr(module, "__all__", ())
    missing = [name for name in public if not entries_of(module, name)]
    assert missing == []


def test_the_reference_is_read() -> None:
    entries = documented()
    assert "five_hundred.state.apply" in entries
    assert "five_hundred.search.solver.solve_plays" in entries
    assert entries_of(five_hundred, "apply") == ["five_hundred.state.apply"]
    # a name outside every __all__ has no entry, so a missing one would show
    assert entries_of(importlib.import_module("five_hundred.state"), "record_of") == []
