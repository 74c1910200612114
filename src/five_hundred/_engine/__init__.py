"""The engine: card codes, bit masks, tables and the steps of the game on small integers.

Nothing in this package builds an attrs value or reads one's fields: its functions take
and return ints, tuples of ints and the state's inner records (:mod:`._engine.core`), so
that it can be compiled with mypyc.  The facade's values pass through it as opaque
objects, and the public API's entry points (:mod:`._engine.api`) read a state's
record from its one slot, ``_record``.  The public modules (``cards``, ``tricks``, ``bidding``,
``state``, ...) are the typed facade above it; only they and the search tools import it.

A wheel built where a C compiler is available holds these modules compiled (see
``setup.py``); :data:`compiled` says which build was imported.
"""

from importlib.machinery import EXTENSION_SUFFIXES
from typing import Final

from five_hundred._engine import playout as _playout
from five_hundred._engine import step as _step

__all__ = ["compiled"]

compiled: Final = all(
    (module.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))
    for module in (_playout, _step)
)
"""Whether the engine's hot modules (the play step, the playout) are compiled."""
