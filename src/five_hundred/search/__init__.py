"""Search tools for bots: fast playouts and resampling of hidden cards.

:func:`~five_hundred.search.playout.playout` finishes a hand on the engine's masks;
:func:`~five_hundred.search.resample.resample` draws a full state consistent with what
one seat knows.  Both are also importable from :mod:`five_hundred`.
"""

from five_hundred.search.playout import PlayoutResult, playout
from five_hundred.search.resample import resample

__all__ = ["PlayoutResult", "playout", "resample"]
