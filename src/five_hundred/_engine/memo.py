"""Caches: per rules value (by identity) and bounded by size.

Every table that depends on the rules (the bid ladder, the play setups, the Joker
options) is built once per :class:`~five_hundred.rules.Rules` value and found again by
the value's identity: a lookup is one dict hit on an ``int``, where ``functools.cache``
would compare some thirty fields.  The entry goes when the value does.
"""

import functools
import weakref
from collections.abc import Callable
from typing import Any, Final, TypeVar

__all__ = ["per_rules"]

_K = TypeVar("_K")
_T = TypeVar("_T")

_MEMO: Final[dict[int, dict[Any, Any]]] = {}


def per_rules(func: Callable[[_K], _T]) -> Callable[[_K], _T]:
    """Cache a function of a rules value for each value, by identity."""

    @functools.wraps(func)
    def cached(rules: _K) -> _T:
        memo = _MEMO.get(id(rules))
        if memo is None:
            memo = _MEMO[id(rules)] = {}
            weakref.finalize(rules, _MEMO.pop, id(rules), None)
        try:
            value: _T = memo[func]  # no typing.cast: it is a call, and this is hot
        except KeyError:
            value = memo[func] = func(rules)
        return value

    return cached
