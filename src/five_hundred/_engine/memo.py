"""Caches: per rules value (by identity) and bounded by size.

Every table that depends on the rules (the bid ladder, the play setups, the Joker
options) is built once per :class:`~five_hundred.rules.Rules` value and found again by
the value's identity: a lookup is one dict hit on an ``int``, where ``functools.cache``
would compare some thirty fields.  The entry goes when the value does, and at most
:data:`RULES_KEPT` values keep their tables: the oldest entry goes first.  (Some tables
hold their rules value, which then lives as long as its entry: without the bound, a
program that makes a new rules value per game kept every one, about 110 KB each.)
"""

import functools
import weakref
from collections.abc import Callable
from typing import Any, Final, TypeVar

__all__ = ["RULES_KEPT", "per_rules"]

RULES_KEPT: Final = 128
"""How many rules values keep their tables (about 14 MB at most)."""

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
            if len(_MEMO) > RULES_KEPT:  # the oldest goes (dicts keep insertion order)
                del _MEMO[next(iter(_MEMO))]
        try:
            value: _T = memo[func]  # no typing.cast: it is a call, and this is hot
        except KeyError:
            value = memo[func] = func(rules)
        return value

    return cached
