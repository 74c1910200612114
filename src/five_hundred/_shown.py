"""Showing any value in a message: short, and never an exception.

:func:`short_repr` is what a message shows of a value that came from outside: at most
:data:`SHOWN_CHARS` characters, without descending more than a few levels into nested
containers (a ``repr`` of a list nested a thousand deep raises ``RecursionError``), and
an integer too long to print (over 4300 digits, where ``repr`` raises ``ValueError``)
is shown by its size.  It has no imports from the package, so every module may use it.

>>> short_repr(10**5000)
'<an integer of 5001 digits>'
>>> deep = []
>>> for _ in range(5000):
...     deep = [deep]
>>> short_repr(deep)
'[[[[[[...]]]]]]'
>>> short_repr("x" * 100)
"'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"
"""

import math
import reprlib
from typing import Any, Final

__all__ = ["MAX_DIGITS", "SHOWN_CHARS", "fits_digits", "short_repr"]

MAX_DIGITS: Final = 1000
"""The most decimal digits of a whole number the library takes in (seeds, scores, rules).

Python refuses to print an integer of more than 4300 digits, so a larger one could be
taken in but never written to a record or shown in a message.
"""
_SIZE_LIMIT: Final = 10**MAX_DIGITS

SHOWN_CHARS: Final = 40
"""The longest text a message shows of one value."""
_DIGITS_SHOWN: Final = 4000
"""An integer up to this many digits is shown by ``repr`` (and cut to length)."""


def _digits(value: int) -> int:
    """The number of decimal digits of ``value`` (no conversion to text)."""
    if value == 0:
        return 1
    estimate = int(abs(value).bit_length() * math.log10(2)) + 1
    # the estimate is the count or one more: compare with a power of ten to be exact
    return estimate if abs(value) >= 10 ** (estimate - 1) else estimate - 1


class _Short(reprlib.Repr):
    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 5
        self.maxstring = SHOWN_CHARS
        self.maxother = SHOWN_CHARS
        self.maxlong = SHOWN_CHARS

    def repr_int(self, x: int, level: int) -> str:
        if _digits(x) > _DIGITS_SHOWN:
            return f"<an integer of {_digits(x)} digits>"
        return repr(x)

    def repr_instance(self, x: Any, level: int) -> str:
        try:
            shown = repr(x)
        except (ValueError, RecursionError):  # a huge int or deep nesting inside
            return f"<{type(x).__name__}>"
        if len(shown) > self.maxother:
            return shown[: self.maxother - 3] + "..."
        return shown


_SHORT: Final = _Short()


def fits_digits(value: int) -> bool:
    """Whether ``value`` has at most :data:`MAX_DIGITS` digits."""
    return -_SIZE_LIMIT < value < _SIZE_LIMIT


def short_repr(value: object) -> str:
    """``repr(value)``, at most :data:`SHOWN_CHARS` long, for any value."""
    shown = _SHORT.repr(value)
    if len(shown) > SHOWN_CHARS:
        shown = shown[: SHOWN_CHARS - 3] + "..."
    return shown
