"""The one bounded cache of the library: a dict of at most ``size`` entries, thread-safe.

Several tables remember what they worked out for a value met again: the public facts
of a state viewed by every seat, the tricks of a log node, the calls of an auction
record, the typed trick of a trick's ints.  Each is a :class:`BoundedCache`:

- a hit is the dict's own ``get`` (:attr:`BoundedCache.get`, a bound method of the
  dict: no Python frame, and atomic under threads);
- :meth:`BoundedCache.keep` adds an entry under a lock, the oldest entries going
  first once the cache is full (first in, first out), so that threads that fill the
  same cache at once never see it change during an eviction;
- a cache keyed **by identity** (``id(obj)``, cheaper than hashing a tuple) keeps
  the object in its entry, ``(obj, ...)``, and a reader checks ``found[0] is obj``:
  while the entry is kept the object is alive, so its identity cannot be reused.

Not compiled: the hit is already the dict's C code, and the module holds a lock.
"""

import threading
from collections.abc import Callable
from typing import Final, Generic, TypeVar

__all__ = ["BoundedCache"]

_K = TypeVar("_K")
_V = TypeVar("_V")


class BoundedCache(Generic[_K, _V]):
    """A dict of at most ``size`` entries (the oldest go first), safe under threads.

    >>> cache: BoundedCache[str, int] = BoundedCache(2)
    >>> cache.keep("a", 1), cache.keep("b", 2), cache.keep("c", 3)
    (1, 2, 3)
    >>> cache.get("a"), cache.get("c"), len(cache)
    (None, 3, 2)
    """

    __slots__ = ("_entries", "_lock", "get", "size")

    def __init__(self, size: int) -> None:
        if size < 1:
            msg = f"a cache needs room for one entry at least; got {size}"
            raise ValueError(msg)
        self.size: Final = size
        """The most entries the cache holds."""
        self._entries: dict[_K, _V] = {}
        self._lock = threading.RLock()  # (re-entrant: a finalizer may discard)
        self.get: Final[Callable[[_K], _V | None]] = self._entries.get
        """The value kept for a key, or ``None`` (the dict's ``get``)."""

    def keep(self, key: _K, value: _V) -> _V:
        """Keep ``value`` for ``key`` (the oldest entries go if full); ``value``."""
        entries = self._entries
        with self._lock:
            entries.pop(key, None)  # a key kept again is the newest
            while len(entries) >= self.size:
                del entries[next(iter(entries))]
            entries[key] = value
        return value

    def discard(self, key: _K) -> None:
        """Forget ``key`` if it is kept."""
        with self._lock:
            self._entries.pop(key, None)

    def clear(self) -> None:
        """Forget every entry."""
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __repr__(self) -> str:
        return f"<BoundedCache {len(self._entries)} of {self.size}>"
