"""Every field of a public named tuple, and every phase, is documented.

The reference pages come from autodoc, which shows an undocumented named-tuple field
as "Alias for field number 0" and lists a member of an enum only with its docstring.
This reads the attribute docstrings the way autodoc does (Sphinx's module analyzer).
"""

import enum
import inspect

import pytest

import five_hundred

pytest.importorskip("sphinx")

from sphinx.pycode import ModuleAnalyzer


def _public_classes() -> list[type]:
    found = []
    for name in five_hundred.__all__:
        value = getattr(five_hundred, name)
        if inspect.isclass(value) and hasattr(value, "_fields"):
            found.append(value)
    return [*found, five_hundred.Phase]


@pytest.mark.parametrize("cls", _public_classes(), ids=lambda cls: cls.__name__)
def test_every_field_and_member_has_a_docstring(cls: type) -> None:
    docs = ModuleAnalyzer.for_module(cls.__module__).find_attr_docs()
    names = (
        [member.name for member in cls]
        if issubclass(cls, enum.Enum)
        else list(cls._fields)  # type: ignore[attr-defined]
    )
    missing = [name for name in names if (cls.__qualname__, name) not in docs]
    assert not missing, f"{cls.__name__}: {missing}"


def test_phase_and_match_result_are_covered() -> None:
    names = {cls.__name__ for cls in _public_classes()}
    assert {"Phase", "MatchResult", "HandSummary", "BidAdvice"} <= names
