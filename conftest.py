"""Doctest namespace: every public name of five_hundred, as after ``from five_hundred import *``."""

import importlib.util
import os
from typing import Any

import pytest

import five_hundred


@pytest.fixture(autouse=True)
def _five_hundred_names(doctest_namespace: dict[str, Any]) -> None:
    for name in five_hundred.__all__:
        doctest_namespace[name] = getattr(five_hundred, name)


def _missing(*modules: str) -> bool:
    """Whether an optional extra's module is missing (and may be: not in CI)."""
    if os.environ.get("FIVE_HUNDRED_REQUIRE_EXTRAS", "") not in ("", "0"):
        return False
    return any(importlib.util.find_spec(module) is None for module in modules)


# The integration modules' doctests need their frameworks (optional extras).
collect_ignore = [
    path
    for path, modules in (
        ("src/five_hundred/integrations/encoding.py", ("numpy",)),
        ("src/five_hundred/integrations/openspiel.py", ("numpy", "pyspiel")),
        ("src/five_hundred/integrations/pettingzoo.py", ("numpy", "pettingzoo")),
        ("src/five_hundred/web", ("starlette", "uvicorn")),
    )
    if _missing(*modules)
]
