"""Caches: per rules value (found by identity, shared by equal values), bounded.

Every table that depends on the rules (the bid ladder, the play setups, the Joker
options) is built once per :class:`~five_hundred.rules.Rules` value and found again by
the value's identity: a lookup is one dict hit on an ``int``, where ``functools.cache``
would compare some thirty fields.  A value met for the first time is looked up once
among the values kept (``Rules`` caches its hash): equal values share their tables, so
a program that makes a new, equal rules value per game or per environment builds them
once (they took about half the time of a new PettingZoo environment's first steps).
At most :data:`RULES_KEPT` distinct values keep their tables, and as many identities
find them: the oldest entry goes first.  (Some tables hold their rules value: without
the bound, a program that makes a new, different rules value per game kept every one,
about 110 KB each.)
"""

import functools
import weakref
from collections.abc import Callable
from typing import Any, Final, TypeVar

from five_hundred._engine.cache import BoundedCache

__all__ = ["RULES_KEPT", "per_rules"]

RULES_KEPT: Final = 128
"""How many rules values keep their tables (about 14 MB at most)."""

_K = TypeVar("_K")
_T = TypeVar("_T")

_MEMO: Final[BoundedCache[int, dict[Any, Any]]] = BoundedCache(RULES_KEPT)
"""The tables of each rules value by its identity (an entry goes with its value)."""
_SHARED: Final[BoundedCache[Any, dict[Any, Any]]] = BoundedCache(RULES_KEPT)
"""The same tables by value: what a new, equal value finds."""


def _tables(rules: Any) -> dict[Any, Any]:
    """The tables of ``rules``, met for the first time by identity (kept from now)."""
    memo = _SHARED.get(rules)
    if memo is None:
        memo = _SHARED.keep(rules, {})
    _MEMO.keep(id(rules), memo)
    weakref.finalize(rules, _MEMO.discard, id(rules))
    return memo


def per_rules(func: Callable[[_K], _T]) -> Callable[[_K], _T]:
    """Cache a function of a rules value for each value (see the module)."""

    @functools.wraps(func)
    def cached(rules: _K) -> _T:
        memo = _MEMO.get(id(rules))
        if memo is None:
            memo = _tables(rules)
        try:
            value: _T = memo[func]  # no typing.cast: it is a call, and this is hot
        except KeyError:
            value = memo[func] = func(rules)
        return value

    return cached
