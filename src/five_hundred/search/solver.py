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

With a ``node_limit`` the search is bounded: it visits at most that many *nodes*
(positions at the start of a trick) and returns a :class:`SolveBounds`, the
contracting side's tricks proved at least ``low`` and at most ``high`` (``exact``
when they meet).  The work, and so the result, depends only on the position and the
limit, never on the clock: a bounded solve gives the same bounds on every machine.

>>> bounded = solve(state, node_limit=1_000_000)
>>> bounded.exact, bounded.low == best
(True, True)
>>> cut = solve(state, node_limit=3)
>>> cut.low <= best <= cut.high
True

Tricks already won are not counted; a value counts the trick that the action may
complete.  Double-dummy values are what the hands are worth with the cards face up:
see :doc:`/explanation/double-dummy` for what they over- and under-state.  The search
itself is the engine's (``five_hundred._engine.solve``); this module is its typed face.
"""

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final, overload

import attrs

from five_hundred._checks import check_count
from five_hundred._engine.api import card_player, contract_parts
from five_hundred._engine.codes import HAND_SIZE
from five_hundred._engine.core import Record

# The node limit of no limit, for callers of the functions with one.
from five_hundred._engine.solve import NO_LIMIT as NO_LIMIT
from five_hundred._engine.solve import (
    Context,
    best_choices,
    choice_bounds,
    choice_values,
    context_of,
    position_of,
    solve_bounds,
    solve_position,
)

# The memo solve_core and solve_core_plays take: re-exported for their callers.
from five_hundred._engine.solve import Table as Table
from five_hundred.actions import Action
from five_hundred.errors import InvalidStateError
from five_hundred.scoring import contracting_seats
from five_hundred.search.playout import choice_action
from five_hundred.state import GameState, record_of

__all__ = ["SolveBounds", "solve", "solve_plays"]

MAX_NODES: Final = 10**12
"""The largest ``node_limit`` taken (far past any search's need)."""


@attrs.frozen
class SolveBounds:
    """A solve within a ``node_limit``: the tricks to come proved to lie in a range.

    ``low <= value <= high`` for the value :func:`solve` (or :func:`solve_plays`)
    gives without a limit; when the limit was not reached the two are equal.
    """

    low: int
    """The contracting side's tricks from here on are at least this many."""
    high: int
    """... and at most this many."""
    nodes: int
    """The nodes the call visited (positions at a trick start; shared by every action
    of :func:`solve_plays`): at most its ``node_limit``."""

    @property
    def exact(self) -> bool:
        """Whether the bounds meet: the search finished within its limit."""
        return self.low == self.high


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


def solve_core_bounds(
    core: Record,
    table: Table | None,
    node_limit: int,
    floor: int = 0,
    ceiling: int = HAND_SIZE,
) -> SolveBounds:
    """:func:`solve_core` within ``node_limit`` nodes (for bots: no checks).

    A ``high`` below ``floor`` says only that the value is below it, a ``low`` above
    ``ceiling`` that it is above it.
    """
    ctx = _context(core)
    ctx[11].left = node_limit
    with _collector_paused():
        low, high = solve_bounds(
            ctx,
            {} if table is None else table,
            position_of(core),
            floor=floor,
            ceiling=ceiling,
        )
    return SolveBounds(low, high, node_limit - max(ctx[11].left, 0))


def solve_core_plays_bounds(
    core: Record, table: Table | None, node_limit: int
) -> tuple[dict[int, tuple[int, int]], int]:
    """:func:`solve_core_plays` within ``node_limit`` nodes shared by every choice.

    Each choice's ``(low, high)``, and the nodes visited (for bots: no checks).
    """
    ctx = _context(core)
    ctx[11].left = node_limit
    with _collector_paused():
        values = choice_bounds(ctx, {} if table is None else table, position_of(core))
    return values, node_limit - max(ctx[11].left, 0)


def best_core_choices(
    core: Record, table: Table | None, made: int, value: int, node_limit: int
) -> tuple[list[int], int, int, bool]:
    """The best choices given the value of the one ``made`` (for bots: no checks).

    See :func:`._engine.solve.best_choices`: the best choices, their value, the
    nodes visited and whether ``node_limit`` sufficed (if not, the best found).
    """
    ctx = _context(core)
    ctx[11].left = node_limit
    with _collector_paused():
        best, top, finished = best_choices(
            ctx, {} if table is None else table, position_of(core), made, value
        )
    return best, top, node_limit - max(ctx[11].left, 0), finished


def _limit(node_limit: object) -> int:
    """A checked ``node_limit``: a whole number from 1."""
    return check_count(node_limit, "node_limit", most=MAX_NODES)


@overload
def solve(state: GameState, *, node_limit: None = None) -> int: ...
@overload
def solve(state: GameState, *, node_limit: int) -> SolveBounds: ...
def solve(state: GameState, *, node_limit: int | None = None) -> int | SolveBounds:
    """The tricks the contracting side takes from here on under double-dummy play.

    With a ``node_limit`` (a whole number from 1), :class:`SolveBounds`: the search
    stops after that many nodes with the bounds it proved.

    Raises:
        TypeError: if ``state`` is not a :class:`~five_hundred.state.GameState`.
        InvalidStateError: if ``state`` is not in the play of the cards (or the hand
            is over), or ``node_limit`` is not a whole number from 1.
    """
    if node_limit is None:
        return solve_core(_playing(state))
    limit = _limit(node_limit)
    return solve_core_bounds(_playing(state), None, limit)


@overload
def solve_plays(state: GameState, *, node_limit: None = None) -> dict[Action, int]: ...
@overload
def solve_plays(state: GameState, *, node_limit: int) -> dict[Action, SolveBounds]: ...
def solve_plays(
    state: GameState, *, node_limit: int | None = None
) -> dict[Action, int] | dict[Action, SolveBounds]:
    """For each legal action of the player to act, :func:`solve` after it.

    The value counts the trick the action completes, if it does, so the best action's
    value is :func:`solve` of ``state``.  With a ``node_limit``, each action's
    :class:`SolveBounds`: the actions are searched best first (by the search's move
    order) within that many nodes in all, so when it is reached the last ones have
    the widest bounds (their ``nodes`` is the call's).

    Raises:
        TypeError: if ``state`` is not a :class:`~five_hundred.state.GameState`.
        InvalidStateError: if ``state`` is not in the play of the cards, or
            ``node_limit`` is not a whole number from 1.
    """
    if node_limit is None:
        values = solve_core_plays(_playing(state))
        exact: dict[Action, int] = {
            choice_action(choice): value for choice, value in values.items()
        }
        return exact
    limit = _limit(node_limit)
    bounds, nodes = solve_core_plays_bounds(_playing(state), None, limit)
    bounded: dict[Action, SolveBounds] = {
        choice_action(choice): SolveBounds(low, high, nodes)
        for choice, (low, high) in bounds.items()
    }
    return bounded
