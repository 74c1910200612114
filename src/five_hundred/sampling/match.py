"""The duplicate match: two players on the same deals, the seats swapped."""

import copy
import itertools
import math
import pickle
import time
from collections.abc import Callable
from typing import Final, NamedTuple

from five_hundred._checks import (
    check_count,
    check_player,
    check_rules,
    check_seed,
    check_workers,
)
from five_hundred.actions import Action
from five_hundred.bots import Player
from five_hundred.parallel import chunk_sizes, run_chunks
from five_hundred.rules import Rules, side_of
from five_hundred.sampling.player import _team
from five_hundred.scoring import contract_made
from five_hundred.state import apply, new_game
from five_hundred.views import SeatView, view

__all__ = ["MatchResult", "duplicate_match"]


class MatchResult(NamedTuple):
    """What :func:`duplicate_match` measured."""

    deals: int
    """The number of deals played (each at every table, A and B in turn)."""
    differences: tuple[float, ...]
    """Per deal, A's score minus B's, averaged over the tables of the deal."""
    mean: float
    """The mean difference per deal."""
    low: float
    """The 95% confidence interval of the mean: its low end."""
    high: float
    """The 95% confidence interval of the mean: its high end."""
    bid: tuple[int, int]
    """Contracts won by A's and by B's seats."""
    made: tuple[int, int]
    """Contracts made by A's and by B's seats."""
    seconds: tuple[float, float]
    """Mean seconds per decision of A and of B."""
    slowest: tuple[float, float]
    """The longest decision of A and of B, in seconds."""
    interrupted: bool = False
    """Whether Ctrl-C stopped the match early (``deals`` counts the deals played)."""


class _Timed:
    """A player that records the time of each decision."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.times: list[float] = []

    def choose(self, seen: SeatView, seat: int) -> Action:
        start = time.perf_counter()
        action = self.player.choose(seen, seat)
        self.times.append(time.perf_counter() - start)
        return action


_MATCH_CHUNK: Final = 2
"""Deals a chunk of a match (the unit of work of a worker process)."""


class _Tally(NamedTuple):
    """What a chunk of deals of a match counted."""

    differences: tuple[float, ...]
    bid: tuple[int, int]
    made: tuple[int, int]
    seconds: tuple[float, float]
    """Total seconds of A's and of B's decisions."""
    decisions: tuple[int, int]
    slowest: tuple[float, float]


def _match_chunk(work: tuple[Player, Player, Rules, int, int]) -> _Tally:
    """Play deals ``first`` to ``first + count - 1`` (seeds) of a match.

    Every deal starts from copies of the players as given, so what a deal gives
    depends only on its seed: not on the deals before it or on the worker it ran on.
    """
    a, b, rules, first, count = work
    differences: list[float] = []
    bid, made = [0, 0], [0, 0]
    seconds, decisions, slowest = [0.0, 0.0], [0, 0], [0.0, 0.0]
    sides = rules.sides
    for deal_seed in range(first, first + count):
        timed = (_Timed(copy.deepcopy(a)), _Timed(copy.deepcopy(b)))
        total = 0.0
        for table in range(sides):
            players = [
                timed[0 if side_of(rules, seat) == table else 1]
                for seat in range(rules.players)
            ]
            state = new_game(rules, seed=deal_seed)
            while state.to_act is not None:
                seat = state.to_act
                state = apply(state, players[seat].choose(view(state, seat), seat))
            result = state.hand_result or (0,) * sides
            others = [result[side] for side in range(sides) if side != table]
            total += result[table] - sum(others) / len(others)
            contract = state.contract
            if contract is not None:
                who = 0 if side_of(rules, contract.contractor) == table else 1
                bid[who] += 1
                taken = sum(state.tricks_won_by_seat[s] for s in _team(state))
                made[who] += contract_made(contract.bid, taken)
        differences.append(total / sides)
        for index, player in enumerate(timed):
            seconds[index] += sum(player.times)
            decisions[index] += len(player.times)
            slowest[index] = max(slowest[index], max(player.times, default=0.0))
    return _Tally(
        tuple(differences),
        (bid[0], bid[1]),
        (made[0], made[1]),
        (seconds[0], seconds[1]),
        (decisions[0], decisions[1]),
        (slowest[0], slowest[1]),
    )


def duplicate_match(
    a: Player,
    b: Player,
    *,
    deals: int,
    rules: Rules = Rules(),
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
    workers: int | None = 1,
    ray: str | None = None,
) -> MatchResult:
    """Play ``deals`` deals between players ``a`` and ``b``, each deal at every table.

    Each deal (``new_game(rules, seed=seed + number)``, one hand) is played once for
    each side: at table ``t`` A holds the seats of side ``t`` and B all the others,
    so each player meets the same cards in every position.  A deal's difference is
    A's score minus the mean score of B's sides, averaged over the tables.

    Every deal starts from copies (:func:`copy.deepcopy`) of ``a`` and ``b`` as
    given, so a deal's result depends only on its seed, and the result is the same
    for any ``workers`` and with ``ray`` (while no time budget cuts a player's
    search short: a budget depends on the machine's speed and load).

    Args:
        a: player A (a :class:`~five_hundred.bots.Player`).
        b: player B.
        deals: how many deals to play.
        rules: the rules of every deal.
        seed: the first deal's seed.
        progress: called with the number of deals done as deals finish.
        workers: processes to play on (``None``: every core; 1, the default, plays
            in this process).  With more than one the players must pickle.
        ray: play as Ray tasks (``"local"`` or a cluster's address, as
            :func:`five_hundred.parallel.run_chunks`).

    Ctrl-C stops the match: the deals finished so far are reported, with
    ``interrupted`` set (if none had finished, :exc:`KeyboardInterrupt` goes on).

    Raises:
        InvalidStateError: if ``deals`` is not a whole number from 1 to a million,
            ``seed`` not a whole number or ``workers`` not ``None`` or 1 to 1024.
        TypeError: if ``a`` or ``b`` is not a player or ``rules`` not a ``Rules``.
        TypeError: if the players are to run on other processes and do not pickle.
        five_hundred.parallel.ClusterError: if Ray is missing or unreachable.
    """
    check_player(a, "player a")
    check_player(b, "player b")
    deals = check_count(deals, "deals")
    rules = check_rules(rules)
    seed = check_seed(seed)
    workers = check_workers(workers)
    if ray is not None or workers != 1:
        try:
            pickle.dumps((a, b))
        except Exception as error:  # any pickling failure: say which and why
            msg = (
                "players run on worker processes must pickle "
                f"({type(error).__name__}: {error}); use workers=1"
            )
            raise TypeError(msg) from None
    sizes = chunk_sizes(deals, _MATCH_CHUNK)
    firsts = tuple(itertools.accumulate(sizes, initial=seed))[:-1]
    work = [
        (a, b, rules, first, size) for first, size in zip(firsts, sizes, strict=True)
    ]
    done = 0

    def finished(_index: int, tally: _Tally) -> None:
        nonlocal done
        done += len(tally.differences)
        if progress is not None:
            progress(done)

    outcome = run_chunks(_match_chunk, work, workers=workers, ray=ray, on_done=finished)
    tallies = outcome.results
    if not tallies:
        raise KeyboardInterrupt
    differences = [d for tally in tallies for d in tally.differences]
    played = len(differences)
    mean = sum(differences) / played
    spread = 0.0
    if played > 1:
        variance = sum((d - mean) ** 2 for d in differences) / (played - 1)
        spread = 1.96 * math.sqrt(variance / played)

    def both(field: Callable[[_Tally], tuple[int, int]]) -> tuple[int, int]:
        return (sum(field(t)[0] for t in tallies), sum(field(t)[1] for t in tallies))

    seconds = [sum(t.seconds[i] for t in tallies) for i in (0, 1)]
    decisions = [sum(t.decisions[i] for t in tallies) for i in (0, 1)]
    slowest = [max(t.slowest[i] for t in tallies) for i in (0, 1)]
    return MatchResult(
        played,
        tuple(differences),
        mean,
        mean - spread,
        mean + spread,
        both(lambda t: t.bid),
        both(lambda t: t.made),
        (seconds[0] / max(decisions[0], 1), seconds[1] / max(decisions[1], 1)),
        (slowest[0], slowest[1]),
        outcome.interrupted,
    )
