"""Sphinx configuration for the five_hundred documentation.

Build with ``sphinx-build -n -W --keep-going -b html docs docs/_build/html``
after ``pip install -e '.[openspiel]' --group dev`` (the OpenSpiel adapter's
reference page imports it).
The build works offline: intersphinx reads the inventories committed in
``docs/_inv/`` (see ``docs/_inv/README.txt``) and never needs the network.
"""

from importlib.metadata import version as _version
from importlib.util import find_spec as _find_spec
from typing import Any

# -- Project information -----------------------------------------------------

project = "five_hundred"
author = "The five_hundred developers"
copyright = "2026, The five_hundred developers"
release = _version("five-hundred")
version = ".".join(release.split(".")[:2])

# -- General configuration ---------------------------------------------------

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.intersphinx",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "sphinx_copybutton",
    "myst_parser",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_inv", "Thumbs.db", ".DS_Store"]

# Every cross-reference must resolve; with -W a broken one fails the build.
# Private helper types (five_hundred.state._Game, ...) are undocumented on
# purpose: where a signature names one, it stays plain text.
nitpicky = True
# Private names, and every name inside a private module (the engine, _engine.*).
nitpick_ignore_regex = [(r"py:.*", r"five_hundred(\.\w+)*\._\w+(\.\w+)*")]
# The framework adapters' signatures name the frameworks' types (no inventories here).
nitpick_ignore_regex += [
    (r"py:.*", r"(np|npt|numpy|pyspiel|pettingzoo|gymnasium|ray|starlette)(\.\w+)*"),
    (
        r"py:.*",
        r"(five_hundred\.parallel\.[AR]|five_hundred\.integrations\.openspiel\.FiveHundredObserver|AECEnv)",
    ),
]
# Named in parallel.worker_context's signature; Python's inventory does not list it.
nitpick_ignore_regex += [(r"py:class", r"multiprocessing\.context\.BaseContext")]
# Without the pettingzoo extra installed, autodoc reads its adapter over mocks
# (tests/docs/test_docs_build.py checks that it imports so).  Not the OpenSpiel adapter:
# its state class subclasses pyspiel.State (a slot, a __dict__ property) and reads
# pyspiel.PlayerId as numbers at import, which no mock reproduces, so the build
# needs the openspiel extra (pip install -e '.[openspiel]'), as the README says.
# The web server's modules read the same way without the web extra.
autodoc_mock_imports = [
    name
    for name in ("numpy", "pettingzoo", "gymnasium", "starlette", "uvicorn")
    if _find_spec(name) is None
]

# -- autodoc and napoleon ----------------------------------------------------

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
autodoc_class_signature = "mixed"

napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False
napoleon_attr_annotations = True

# -- intersphinx (offline) ---------------------------------------------------
#
# Each entry is (where links point, where the inventory is read). The local
# file comes first, so the build never touches the network while it exists;
# None (the remote objects.inv) is only a fallback if the file is removed.

intersphinx_mapping = {
    "python": ("https://docs.python.org/3", ("_inv/python3.inv", None)),
    "attrs": ("https://www.attrs.org/en/stable", ("_inv/attrs.inv", None)),
}
intersphinx_timeout = 5

# -- MyST (Markdown, used to include CHANGELOG.md) -----------------------------

myst_heading_anchors = 3

# -- sphinx-copybutton ---------------------------------------------------------

copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True
copybutton_only_copy_prompt_lines = True

# -- HTML output ---------------------------------------------------------------

html_theme = "furo"
html_title = f"five_hundred {release}"

# -- Napoleon and one-line attribute docstrings ----------------------------------
#
# For a property, attribute or constant, napoleon reads a first line of the form
# "text: more text" as "type: description" ("The notation letter: ``S``, ..."
# would lose its first words, which then become a broken cross-reference under
# -n -W). That is all napoleon does to such docstrings, and the types here come
# from annotations, so their text is kept exactly as written.

_VERBATIM_KINDS = frozenset({"property", "attribute", "data"})
_verbatim: list[str] | None = None


def _keep_verbatim(
    app: object, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    global _verbatim
    _verbatim = list(lines) if what in _VERBATIM_KINDS else None


def _restore_verbatim(
    app: object, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    global _verbatim
    if _verbatim is not None and what in _VERBATIM_KINDS:
        lines[:] = _verbatim
    _verbatim = None


# Values that hold an engine record (GameState, Auction) are built by the library's
# functions, never by their constructor: show no signature rather than a private type.
_NO_SIGNATURE = {"five_hundred.state.GameState", "five_hundred.bidding.Auction"}


def _hide_private_signature(
    app: Any,
    what: str,
    name: str,
    obj: Any,
    options: Any,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str, str | None] | None:
    del app, obj, options
    if what == "class" and name in _NO_SIGNATURE:
        return "", return_annotation
    return None


def setup(app: Any) -> None:
    app.connect("autodoc-process-signature", _hide_private_signature)
    # Napoleon listens at the default priority (500): before it, then after it.
    app.connect("autodoc-process-docstring", _keep_verbatim, priority=400)
    app.connect("autodoc-process-docstring", _restore_verbatim, priority=600)
