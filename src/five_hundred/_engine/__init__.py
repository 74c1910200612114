"""The engine: card codes, bit masks, tables and the steps of the game on small integers.

Nothing in this package builds or reads an attrs value: its functions take and return
ints, tuples of ints and the state's inner records (:mod:`._engine.core`), so that it can
be compiled with mypyc.  The public modules (``cards``, ``tricks``, ``bidding``,
``state``, ...) are the typed facade above it; only they and the search tools import it.
"""
