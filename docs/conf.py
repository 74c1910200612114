"""Sphinx configuration for the five_hundred documentation.

Build with ``sphinx-build -n -W --keep-going -b html docs docs/_build/html``.
The build works offline: intersphinx reads the inventories committed in
``docs/_inv/`` (see ``docs/_inv/README.txt``) and never needs the network.
"""

from importlib.metadata import version as _version

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
nitpicky = True

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
