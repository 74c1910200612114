"""Search tools for bots: fast playouts, resampling of hidden cards, a double-dummy solver.

This package holds the search tools; each lives in its own module:
:mod:`five_hundred.search.playout` finishes a hand on the engine's masks;
:mod:`five_hundred.search.resample` draws a full state consistent with what one seat
knows; :mod:`five_hundred.search.solver` solves the play double-dummy.  Their functions
are importable from :mod:`five_hundred` (``playout``, ``resample``, ``solve``,
``solve_plays``); this package re-exports nothing, so that
``five_hundred.search.playout`` is always the module.
"""
