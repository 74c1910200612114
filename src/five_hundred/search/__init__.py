"""Search tools for bots: fast playouts and resampling of hidden cards.

:func:`~five_hundred.search.playout.playout` finishes a hand on the engine's masks;
:func:`~five_hundred.search.resample.resample` draws a full state consistent with what
one seat knows; :func:`~five_hundred.search.solver.solve` and
:func:`~five_hundred.search.solver.solve_plays` solve the play double-dummy.  All are
also importable from :mod:`five_hundred`.
"""

from five_hundred.search.playout import PlayoutResult, playout
from five_hundred.search.resample import resample
from five_hundred.search.solver import solve, solve_plays

__all__ = ["PlayoutResult", "playout", "resample", "solve", "solve_plays"]
