"""The duplicate match: two players on the same deals, the seats swapped.

:func:`~five_hundred.sampling.duplicate_match` returns a
:class:`~five_hundred.sampling.MatchResult`, which holds each deal's
:class:`DealResult` (every table's :class:`TableResult`) and the contracts by kind
(:class:`ContractTally`).
"""

import copy
import itertools
import math
import pickle
import time
from collections.abc import Callable, Sequence
from typing import Final, NamedTuple

from five_hundred._checks import (
    check_count,
    check_player,
    check_rules,
    check_seed,
    check_workers,
)
from five_hundred.actions import Action
from five_hundred.bidding import Bid, Contract, MisereBid
from five_hundred.bots import Player
from five_hundred.cards import Strain
from five_hundred.parallel import chunk_sizes, run_chunks
from five_hundred.rules import Rules, side_of
from five_hundred.scoring import contract_made
from five_hundred.state import GameState, apply, new_game
from five_hundred.views import SeatView, view

__all__ = [
    "CONTRACT_KINDS",
    "ContractTally",
    "DealResult",
    "MatchResult",
    "TableResult",
    "contract_kind",
    "deal_result",
    "duplicate_match",
    "match_result",
    "table_result",
]


CONTRACT_KINDS: Final = ("suit", "no_trumps", "misere")
"""The kinds of contract a :class:`MatchResult` counts apart (misère: every misère)."""


def contract_kind(bid: Bid) -> str:
    """The kind of a contract's bid: ``"suit"``, ``"no_trumps"`` or ``"misere"``.

    >>> from five_hundred import MISERE, parse_bid
    >>> contract_kind(parse_bid("8H")), contract_kind(parse_bid("7NT")), contract_kind(MISERE)
    ('suit', 'no_trumps', 'misere')
    """
    if isinstance(bid, MisereBid):
        return "misere"
    return "no_trumps" if bid.strain is Strain.NO_TRUMPS else "suit"


class TableResult(NamedTuple):
    """One table of a deal in :func:`~five_hundred.sampling.duplicate_match`: the deal played once."""

    side: int
    """The side whose seats A held (B held all the others)."""
    scores: tuple[int, ...]
    """Each side's points of the hand (all 0 if it was thrown in)."""
    contract: Contract | None
    """The contract (``None``: thrown in)."""
    maker: int | None
    """Who held the contract: 0 for A, 1 for B (``None``: thrown in)."""
    made: bool | None
    """Whether the contract was made (``None``: thrown in)."""


class DealResult(NamedTuple):
    """One deal of :func:`~five_hundred.sampling.duplicate_match`, played at every table."""

    seed: int
    """The deal's seed: ``new_game(rules, seed=seed)``."""
    difference: float
    """A's score minus B's, averaged over the tables."""
    tables: tuple[TableResult, ...]
    """Each table, by the side A held."""
    times: tuple[tuple[float, ...], tuple[float, ...]]
    """The seconds of each decision of A and of B, in order, over the tables."""


class ContractTally(NamedTuple):
    """The contracts of one kind in a :class:`MatchResult`."""

    kind: str
    """``"suit"``, ``"no_trumps"`` or ``"misere"`` (see :func:`contract_kind`)."""
    bid: tuple[int, int]
    """Contracts of this kind won by A's and by B's seats."""
    made: tuple[int, int]
    """Of those, the contracts made by A's and by B's seats."""


class MatchResult(NamedTuple):
    """What :func:`~five_hundred.sampling.duplicate_match` measured."""

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
    results: tuple[DealResult, ...] = ()
    """Each deal's :class:`~five_hundred.sampling.match.DealResult`, in seed order."""
    kinds: tuple[ContractTally, ...] = ()
    """The contracts bid and made by kind: one
    :class:`~five_hundred.sampling.match.ContractTally` per kind of
    :data:`~five_hundred.sampling.match.CONTRACT_KINDS`, in that order."""


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


def _match_chunk(
    work: tuple[Player, Player, Rules, int, int],
) -> tuple[DealResult, ...]:
    """Play deals ``first`` to ``first + count - 1`` (seeds) of a match.

    Every deal starts from copies of the players as given, so what a deal gives
    depends only on its seed: not on the deals before it or on the worker it ran on.
    """
    a, b, rules, first, count = work
    out = []
    for deal_seed in range(first, first + count):
        timed = (_Timed(copy.deepcopy(a)), _Timed(copy.deepcopy(b)))
        tables = []
        for table in range(rules.sides):
            players = [
                timed[0 if side_of(rules, seat) == table else 1]
                for seat in range(rules.players)
            ]
            state = new_game(rules, seed=deal_seed)
            while state.to_act is not None:
                seat = state.to_act
                state = apply(state, players[seat].choose(view(state, seat), seat))
            tables.append(table_result(state, table))
        times = (tuple(timed[0].times), tuple(timed[1].times))
        out.append(deal_result(deal_seed, tables, times))
    return tuple(out)


def table_result(state: GameState, side: int) -> TableResult:
    """The :class:`TableResult` of a hand played out, A having held ``side``'s seats.

    For a harness of one's own (players in other processes, say) that plays each
    deal at every table as :func:`~five_hundred.sampling.duplicate_match` does.
    """
    rules = state.rules
    result = state.hand_result or (0,) * rules.sides
    contract = state.contract
    maker: int | None = None
    made: bool | None = None
    if contract is not None:
        maker = 0 if side_of(rules, contract.contractor) == side else 1
        taken = sum(state.tricks_won_by_seat[s] for s in state.contracting_seats)
        made = contract_made(contract.bid, taken)
    return TableResult(side, tuple(result), contract, maker, made)


def deal_result(
    seed: int,
    tables: Sequence[TableResult],
    times: tuple[Sequence[float], Sequence[float]] = ((), ()),
) -> DealResult:
    """A deal's :class:`DealResult` from its tables (one for each side A held).

    The difference is, averaged over the tables, A's score less the mean of the
    scores of B's sides.
    """
    total = 0.0
    for table in tables:
        mine = table.scores[table.side]
        others = [v for side, v in enumerate(table.scores) if side != table.side]
        total += mine - sum(others) / len(others)
    return DealResult(
        seed, total / len(tables), tuple(tables), (tuple(times[0]), tuple(times[1]))
    )


def match_result(
    results: Sequence[DealResult], *, interrupted: bool = False
) -> MatchResult:
    """The :class:`~five_hundred.sampling.MatchResult` of deals played (at least one).

    The mean difference a deal with its 95% confidence interval (normal, from the
    deals' spread), the contracts by player and kind, the time a decision.
    """
    differences = tuple(deal.difference for deal in results)
    played = len(differences)
    mean = sum(differences) / played
    spread = 0.0
    if played > 1:
        variance = sum((d - mean) ** 2 for d in differences) / (played - 1)
        spread = 1.96 * math.sqrt(variance / played)
    times = [[t for deal in results for t in deal.times[i]] for i in (0, 1)]
    bid, made = _tally(results, None)
    kinds = []
    for kind in CONTRACT_KINDS:
        kind_bid, kind_made = _tally(results, kind)
        kinds.append(
            ContractTally(
                kind, (kind_bid[0], kind_bid[1]), (kind_made[0], kind_made[1])
            )
        )
    return MatchResult(
        played,
        differences,
        mean,
        mean - spread,
        mean + spread,
        (bid[0], bid[1]),
        (made[0], made[1]),
        (
            sum(times[0]) / max(len(times[0]), 1),
            sum(times[1]) / max(len(times[1]), 1),
        ),
        (max(times[0], default=0.0), max(times[1], default=0.0)),
        interrupted,
        tuple(results),
        tuple(kinds),
    )


def _tally(
    results: Sequence[DealResult], kind: str | None
) -> tuple[list[int], list[int]]:
    """Contracts (of ``kind``, or all) won and made by A and by B."""
    bid, made = [0, 0], [0, 0]
    for deal in results:
        for table in deal.tables:
            if table.contract is None or table.maker is None:
                continue
            if kind is not None and contract_kind(table.contract.bid) != kind:
                continue
            bid[table.maker] += 1
            made[table.maker] += bool(table.made)
    return bid, made


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
    on_deal: Callable[[DealResult], None] | None = None,
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
        on_deal: called with each deal's
            :class:`~five_hundred.sampling.match.DealResult` as deals finish (in
            the order of the seeds with one worker; as their chunks finish with
            more).  :attr:`MatchResult.results` holds them all, in seed order.

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

    def finished(_index: int, chunk: tuple[DealResult, ...]) -> None:
        nonlocal done
        done += len(chunk)
        if on_deal is not None:
            for deal in chunk:
                on_deal(deal)
        if progress is not None:
            progress(done)

    outcome = run_chunks(_match_chunk, work, workers=workers, ray=ray, on_done=finished)
    results = tuple(deal for chunk in outcome.results for deal in chunk)
    if not results:
        raise KeyboardInterrupt
    return match_result(results, interrupted=outcome.interrupted)
