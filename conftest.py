"""Doctest namespace: every public name of five_hundred, as after ``from five_hundred import *``."""

from typing import Any

import pytest

import five_hundred


@pytest.fixture(autouse=True)
def _five_hundred_names(doctest_namespace: dict[str, Any]) -> None:
    for name in five_hundred.__all__:
        doctest_namespace[name] = getattr(five_hundred, name)
