"""A double-dummy solver: the tricks to come when every hand is known.

:func:`solve` takes a state in the play of the cards and returns how many of the
remaining tricks the contracting side takes if everyone plays perfectly and sees every
hand: the contracting side maximises its tricks (in misère it minimises them, and the
hand ends at its first trick), everyone else does the opposite.  :func:`solve_plays`
gives that number for each legal action of the player to act.  The five-player
contractor's partner (the holder of the partner card) is on the contracting side; with
six players in three sides, the two other sides play together against it.

>>> from five_hundred import apply, legal_actions, new_game, solve, solve_plays
>>> from five_hundred import Phase, RuleBasedPlayer, view
>>> state = new_game(seed=5)
>>> while state.phase is not Phase.PLAY:
...     seat = state.to_act
...     state = apply(state, RuleBasedPlayer().choose(view(state, seat), seat))
>>> best = solve(state)
>>> values = solve_plays(state)
>>> max(values.values()) == best, set(values) == set(legal_actions(state))
(True, True)

Tricks already won are not counted; a value counts the trick that the action may
complete.  Double-dummy values are what the hands are worth with the cards face up:
see :doc:`/explanation/double-dummy` for what they over- and under-state.  The search
itself is the engine's (``five_hundred._engine.solve``); this module is its typed face.
"""

import gc
from collections.abc import Iterator
from contextlib import contextmanager

from five_hundred._engine.api import card_player, contract_parts
from five_hundred._engine.core import Record
from five_hundred._engine.solve import (
    Context,
    choice_values,
    context_of,
    position_of,
    solve_position,
)

# The memo solve_core and solve_core_plays take: re-exported for their callers.
from five_hundred._engine.solve import Table as Table
from five_hundred.actions import Action
from five_hundred.errors import InvalidStateError
from five_hundred.scoring import contracting_seats
from five_hundred.search.playout import choice_action
from five_hundred.state import GameState, record_of

__all__ = ["solve", "solve_plays"]


def _playing(state: GameState) -> Record:
    """The record of a state in the play with a player to act, or a typed error."""
    core = record_of(state)
    if card_player(core) < 0:
        phase = state.phase.value
        msg = (
            f"the solver needs a state in the play of the cards; this one is in {phase}"
        )
        raise InvalidStateError(msg)
    return core


def _context(core: Record) -> Context:
    """The solver's context: the play setup and the contracting side's seats."""
    seats = contracting_seats(*contract_parts(core))
    return context_of(core, sum(1 << seat for seat in seats))


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector during a search (restored after).

    The search allocates many small tuples and keeps its table's, none in a cycle
    (reference counting frees them all); the collector, run every few hundred
    allocations, would walk the growing table again and again for nothing.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def solve_core(core: Record, table: Table | None = None, floor: int = 0) -> int:
    """:func:`solve` on an engine record in the play (for bots: no checks).

    With a ``floor``, a value below it is not exact, only below it: for a caller that
    asks whether the contracting side takes ``floor`` tricks or more (cheaper when it
    takes far fewer, see :func:`._engine.solve.solve_position`).
    """
    with _collector_paused():
        return solve_position(
            _context(core),
            {} if table is None else table,
            position_of(core),
            floor=floor,
        )


def solve_core_plays(core: Record, table: Table | None = None) -> dict[int, int]:
    """:func:`solve_plays` by choice (see :mod:`.playout`), for bots: no checks."""
    with _collector_paused():
        return choice_values(
            _context(core), {} if table is None else table, position_of(core)
        )


def solve(state: GameState) -> int:
    """The tricks the contracting side takes from here on under double-dummy play.

    Raises:
        TypeError: if ``state`` is not a :class:`~five_hundred.state.GameState`.
        InvalidStateError: if ``state`` is not in the play of the cards (or the hand
            is over).
    """
    return solve_core(_playing(state))


def solve_plays(state: GameState) -> dict[Action, int]:
    """For each legal action of the player to act, :func:`solve` after it.

    The value counts the trick the action completes, if it does, so the best action's
    value is :func:`solve` of ``state``.

    Raises:
        TypeError: if ``state`` is not a :class:`~five_hundred.state.GameState`.
        InvalidStateError: if ``state`` is not in the play of the cards.
    """
    values = solve_core_plays(_playing(state))
    return {choice_action(choice): value for choice, value in values.items()}
