"""Search tools for bots: fast playouts and resampling of hidden cards.

:mod:`five_hundred.search.playout` finishes a hand on the engine's masks;
:mod:`five_hundred.search.resample` draws a full state consistent with what one seat
knows.  Their functions are importable from :mod:`five_hundred` (``playout``,
``resample``); this package re-exports nothing, so that ``five_hundred.search.playout``
is always the module.
"""
