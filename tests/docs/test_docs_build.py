"""The documentation builds without the pettingzoo extra.

``docs/conf.py`` lets autodoc read the PettingZoo adapter over Sphinx's mocks of
``numpy``, ``pettingzoo`` and ``gymnasium`` when they are not installed (the
README's development install has none of them): importing the adapter must then
work, or ``sphinx-build -n -W`` fails on the reference page.  (The OpenSpiel
adapter does not import over a mock of ``pyspiel``; the docs build installs it.)
"""

import contextlib
import importlib
import sys
from collections.abc import Iterator
from types import ModuleType

import pytest

pytest.importorskip("sphinx")

from sphinx.ext.autodoc.mock import mock  # type: ignore[attr-defined]

MOCKED = ["numpy", "pettingzoo", "gymnasium"]
ADAPTER = "five_hundred.integrations.pettingzoo"


@contextlib.contextmanager
def _over_mocks() -> Iterator[None]:
    """Import the adapters anew over the mocks; put every module back after.

    Importing a submodule also sets it as an attribute of its package, which a later
    ``import five_hundred.integrations.pettingzoo as fz`` reads: those are put back
    too, so that no other test meets the modules imported over mocks.
    """
    package = importlib.import_module("five_hundred.integrations")
    saved = dict(sys.modules)
    attributes = dict(vars(package))
    for name in list(sys.modules):
        if name.startswith(("five_hundred.integrations.", *MOCKED)):
            del sys.modules[name]
    try:
        with mock(MOCKED):
            yield
    finally:
        sys.modules.clear()
        sys.modules.update(saved)
        for name in set(vars(package)) - set(attributes):
            delattr(package, name)
        for name, value in attributes.items():
            setattr(package, name, value)


def test_the_pettingzoo_adapter_imports_over_autodocs_mocks() -> None:
    with _over_mocks():
        module = importlib.import_module(ADAPTER)
        assert module.__doc__
        assert callable(module.env)


def test_the_real_adapter_is_back_afterwards() -> None:
    pytest.importorskip("pettingzoo")
    import five_hundred.integrations.pettingzoo as before

    with _over_mocks():
        mocked: ModuleType = importlib.import_module(ADAPTER)
    import five_hundred.integrations.pettingzoo as after

    assert mocked is not before
    assert after is before
