"""The documentation builds without the pettingzoo extra.

``docs/conf.py`` lets autodoc read the PettingZoo adapter over Sphinx's mocks of
``numpy``, ``pettingzoo`` and ``gymnasium`` when they are not installed (the
README's development install has none of them): importing the adapter must then
work, or ``sphinx-build -n -W`` fails on the reference page.  (The OpenSpiel
adapter does not import over a mock of ``pyspiel``; the docs build installs it.)
"""

import importlib
import sys
from collections.abc import Iterator

import pytest

pytest.importorskip("sphinx")

from sphinx.ext.autodoc.mock import mock  # type: ignore[attr-defined]

MOCKED = ["numpy", "pettingzoo", "gymnasium"]


@pytest.fixture
def fresh_modules() -> Iterator[None]:
    """Import the adapters and their frameworks anew; put everything back after."""
    saved = dict(sys.modules)
    for name in list(sys.modules):
        if name.startswith(("five_hundred.integrations.", *MOCKED)):
            del sys.modules[name]
    try:
        yield
    finally:
        sys.modules.clear()
        sys.modules.update(saved)


def test_the_pettingzoo_adapter_imports_over_autodocs_mocks(
    fresh_modules: None,
) -> None:
    with mock(MOCKED):
        module = importlib.import_module("five_hundred.integrations.pettingzoo")
    assert module.__doc__
    assert callable(module.env)
