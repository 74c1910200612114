"""The optional extras (OpenSpiel, PettingZoo, Ray) in tests: skip, or fail in CI.

A test module that needs an extra imports it through :func:`need`: where the extra is
not installed the module is skipped, so the README's plain test command passes; with
``FIVE_HUNDRED_REQUIRE_EXTRAS=1`` (set by ``.ci/run``, which installs them) a missing
extra is an error instead.
"""

import importlib
import os
from typing import Any

import pytest

REQUIRED = os.environ.get("FIVE_HUNDRED_REQUIRE_EXTRAS", "") not in ("", "0")
"""Whether a missing extra fails the run (in CI) instead of skipping."""


def need(module: str) -> Any:
    """The module, or a skip of the calling test module (an error when REQUIRED)."""
    if REQUIRED:
        return importlib.import_module(module)
    return pytest.importorskip(module)  # a module: Any, as its names are untyped
