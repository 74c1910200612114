"""A sampling player, a duplicate-match harness and a bid advisor, on the solver.

:class:`SamplingPlayer` plays the cards by perfect-information Monte Carlo (PIMC): it
draws deals consistent with what its seat knows (:func:`~five_hundred.search.resample.resample`),
solves each one double-dummy (:mod:`five_hundred.search.solver`) and plays the card with
the best expected result over the samples.  :func:`duplicate_match` plays two players
against each other on the same deals with the seats swapped; :func:`advise_bids`
estimates, for a hand, each bid's chance of being made and its expected score from
sampled deals solved double-dummy.

>>> from five_hundred import Phase, RuleBasedPlayer, new_game
>>> from five_hundred.sampling import SamplingPlayer, duplicate_match
>>> result = duplicate_match(SamplingPlayer(seed=1), RuleBasedPlayer(), deals=1, seed=4)
>>> result.deals, len(result.differences)
(1, 1)
"""

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Final, NamedTuple, cast

from five_hundred._engine.codes import HAND_SIZE
from five_hundred._engine.solve import Table
from five_hundred.actions import Action
from five_hundred.bidding import MISERE, Bid, MisereBid, Pass, TrickBid, bid_value
from five_hundred.bots import Player, RuleBasedPlayer
from five_hundred.cards import Card, Strain
from five_hundred.dealing import pack
from five_hundred.errors import InvalidStateError, quote, wrong_type
from five_hundred.rules import Rules, side_of
from five_hundred.scoring import contract_made
from five_hundred.search.playout import choice_action
from five_hundred.search.resample import resample
from five_hundred.search.solver import solve, solve_core_plays
from five_hundred.state import (
    GameState,
    Phase,
    apply,
    inner,
    legal_actions,
    new_game,
    new_hand,
)
from five_hundred.views import SeatView, view

__all__ = [
    "BidAdvice",
    "MatchResult",
    "SamplingPlayer",
    "advise_bids",
    "duplicate_match",
]

_MADE_WEIGHT: Final = 20
"""How many tricks making (or defeating) the contract is worth in a card's value."""


class SamplingPlayer:
    """A player that plays the cards by sampling deals and solving them double-dummy.

    Args:
        samples: deals drawn per decision (at most).
        budget: seconds per decision; sampling stops once they are spent (at least
            one sample is always solved, and the answer is always a legal action).
            ``None``: no limit, and the player is deterministic for its seed.
        solve_tricks: the solver is used once at most this many tricks are left
            (``None``: 4 with up to four players, 3 with five or six, where a trick
            has more cards); before that (the solver is slow on long hands) and for
            the auction, the discard, the Joker's nomination and the partner call,
            the player acts as :class:`~five_hundred.bots.RuleBasedPlayer`.
        seed: the seed of its random generator.

    Each sampled deal is solved with :func:`~five_hundred.search.solver.solve_plays`;
    a card's value in a sample is its side's tricks plus a bonus for making (or, for
    the defence, defeating) the contract, and the card with the best mean wins.

    Raises:
        InvalidStateError: in :meth:`choose`, if the view is not the seat's or the
            seat is not to act.
    """

    def __init__(
        self,
        *,
        samples: int = 20,
        budget: float | None = 0.2,
        solve_tricks: int | None = None,
        seed: int = 0,
    ) -> None:
        if type(samples) is not int or samples < 1:
            msg = f"samples must be a positive whole number; got {quote(samples)}"
            raise InvalidStateError(msg)
        if solve_tricks is not None and not 1 <= solve_tricks <= HAND_SIZE:
            msg = f"solve_tricks must be 1 to {HAND_SIZE}; got {quote(solve_tricks)}"
            raise InvalidStateError(msg)
        self.samples = samples
        self.budget = budget
        self.solve_tricks = solve_tricks
        self.seed = seed
        self._rng = random.Random(seed)
        self._rules = RuleBasedPlayer()

    def __repr__(self) -> str:
        return (
            f"SamplingPlayer(samples={self.samples}, budget={self.budget}, "
            f"solve_tricks={self.solve_tricks}, seed={self.seed})"
        )

    def choose(self, view: SeatView, seat: int) -> Action:
        """The action of ``seat`` (the seat to act), seen through its ``view``."""
        if not isinstance(cast(object, view), SeatView):
            wrong_type(view, "a SeatView (from view(state, seat))")
        if view.seat != seat:
            msg = f"the view is seat {view.seat}'s, not seat {quote(seat)}'s"
            raise InvalidStateError(msg)
        if not view.is_to_act:
            msg = f"seat {seat} is not to act"
            raise InvalidStateError(msg)
        left = HAND_SIZE - len(view.tricks)
        most = self.solve_tricks
        if most is None:
            most = 4 if view.rules.players <= 4 else 3
        if view.phase is not Phase.PLAY or left > most:
            return self._rules.choose(view, seat)
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        return self._sample_play(view, seat)

    def _sample_play(self, seen: SeatView, seat: int) -> Action:
        start = time.perf_counter()
        totals: dict[int, float] = {}
        table: Table = {}
        for number in range(self.samples):
            if (
                number
                and self.budget is not None
                and time.perf_counter() - start > self.budget
            ):
                break
            sample = resample(seen, self._rng)
            core = inner(sample)
            contract = sample.contract
            assert contract is not None  # the play has a contract
            team = _team(sample)
            won = sum(sample.tricks_won_by_seat[s] for s in team)
            sign = 1 if seat in team else -1
            for choice, tricks in solve_core_plays(core, table).items():
                made = contract_made(contract.bid, won + tricks)
                points = tricks if not isinstance(contract.bid, MisereBid) else -tricks
                value = sign * (points + _MADE_WEIGHT * (1 if made else -1))
                totals[choice] = totals.get(choice, 0.0) + value
        best = max(totals, key=lambda choice: (totals[choice], -choice))
        return choice_action(best)


def _team(state: GameState) -> frozenset[int]:
    """The contracting side's seats (the contractor alone in misère)."""
    contract = state.contract
    assert contract is not None
    if isinstance(contract.bid, MisereBid):
        return frozenset({contract.contractor})
    rules = state.rules
    side = side_of(rules, contract.contractor)
    return frozenset(
        seat
        for seat in range(rules.players)
        if side_of(rules, seat) == side or seat == state.partner
    )


# -- the duplicate match ----------------------------------------------------------------


class MatchResult(NamedTuple):
    """What :func:`duplicate_match` measured."""

    deals: int
    differences: tuple[float, ...]
    """Per deal, A's score minus B's, averaged over the tables of the deal."""
    mean: float
    """The mean difference per deal."""
    low: float
    """The 95% confidence interval of the mean: its low end."""
    high: float
    bid: tuple[int, int]
    """Contracts won by A's and by B's seats."""
    made: tuple[int, int]
    """Contracts made by A's and by B's seats."""
    seconds: tuple[float, float]
    """Mean seconds per decision of A and of B."""
    slowest: tuple[float, float]
    """The longest decision of A and of B, in seconds."""


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


def duplicate_match(
    a: Player,
    b: Player,
    *,
    deals: int,
    rules: Rules = Rules(),
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
) -> MatchResult:
    """Play ``deals`` deals between players ``a`` and ``b``, each deal at every table.

    Each deal (``new_game(rules, seed=seed + number)``, one hand) is played once for
    each side: at table ``t`` A holds the seats of side ``t`` and B all the others,
    so each player meets the same cards in every position.  A deal's difference is
    A's score minus the mean score of B's sides, averaged over the tables.
    ``progress(done)`` is called after each deal.
    """
    if type(deals) is not int or deals < 1:
        msg = f"deals must be a positive whole number; got {quote(deals)}"
        raise InvalidStateError(msg)
    timed = (_Timed(a), _Timed(b))
    differences: list[float] = []
    bid, made = [0, 0], [0, 0]
    sides = rules.sides
    for number in range(deals):
        total = 0.0
        for table in range(sides):
            players = [
                timed[0 if side_of(rules, seat) == table else 1]
                for seat in range(rules.players)
            ]
            state = new_game(rules, seed=seed + number)
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
        if progress is not None:
            progress(number + 1)
    mean = sum(differences) / deals
    spread = 0.0
    if deals > 1:
        variance = sum((d - mean) ** 2 for d in differences) / (deals - 1)
        spread = 1.96 * math.sqrt(variance / deals)
    seconds = tuple(sum(t.times) / max(len(t.times), 1) for t in timed)
    slowest = tuple(max(t.times, default=0.0) for t in timed)
    return MatchResult(
        deals,
        tuple(differences),
        mean,
        mean - spread,
        mean + spread,
        (bid[0], bid[1]),
        (made[0], made[1]),
        (seconds[0], seconds[1]),
        (slowest[0], slowest[1]),
    )


# -- the bid advisor --------------------------------------------------------------------


class BidAdvice(NamedTuple):
    """One bid's estimate from :func:`advise_bids`."""

    bid: Bid
    chance: float
    """The share of sampled deals where the bid is made double-dummy."""
    expected: float
    """The mean score of the bid over those deals (its value made, minus it failed)."""


def _contract_state(deal: GameState, seat: int, bid: Bid) -> GameState | None:
    """The deal's hand with ``seat`` winning the auction at ``bid``, in the play."""
    helper = RuleBasedPlayer()
    state = deal
    while state.phase is Phase.BIDDING:
        actor = state.to_act
        assert actor is not None
        call = bid if actor == seat and state.auction.calls.count(bid) == 0 else Pass()
        if call not in legal_actions(state):
            call = Pass()
        state = apply(state, call)
    contract = state.contract
    if contract is None or contract.contractor != seat or contract.bid != bid:
        return None
    while state.phase is not Phase.PLAY and state.to_act is not None:
        actor = state.to_act
        state = apply(state, helper.choose(view(state, actor), actor))
    return state if state.to_act is not None else None


def advise_bids(
    hand: Sequence[Card],
    rules: Rules = Rules(),
    *,
    seat: int = 0,
    dealer: int | None = None,
    samples: int = 8,
    seed: int = 0,
) -> list[BidAdvice]:
    """Estimate each six-level-and-up bid (and misère) for ``hand`` held by ``seat``.

    Misère is estimated as if the seat could open it (the rules' seven-trick gate,
    :ref:`rules-misere-gate`, shapes the auction but not the play).

    Each sample deals the unseen cards at random to the other seats and the kitty;
    ``seat`` then wins the auction in each strain, discards and nominates as
    :class:`~five_hundred.bots.RuleBasedPlayer` would, and the play is solved
    double-dummy (:func:`~five_hundred.search.solver.solve`): one solve a strain
    gives every level.  Bids are listed from the best expected score.

    Raises:
        InvalidStateError: if the hand is not ten distinct cards of the rules' pack.
    """
    cards = list(hand)
    dealer = (seat - 1) % rules.players if dealer is None else dealer
    rest = [card for card in pack(rules) if card not in cards]
    if (
        len(cards) != HAND_SIZE
        or len(set(cards)) != HAND_SIZE
        or len(rest) != len(pack(rules)) - HAND_SIZE
    ):
        msg = f"a hand is ten distinct cards of the pack; got {quote(' '.join(map(str, cards)))}"
        raise InvalidStateError(msg)
    rng = random.Random(seed)
    strains = list(Strain)
    counts: dict[Bid, list[int]] = {}
    for _ in range(samples):
        rng.shuffle(rest)
        hands: list[list[Card]] = []
        place = 0
        for other in range(_hands_dealt(rules)):
            if other == seat:
                hands.append(cards)
            else:
                hands.append(rest[place : place + HAND_SIZE])
                place += HAND_SIZE
        deal = new_hand(rules, hands, rest[place:], dealer=dealer)
        for strain in strains:
            state = _contract_state(deal, seat, TrickBid(6, strain))
            if state is None:
                continue
            tricks = solve(state)
            for level in range(6, 11):
                record = counts.setdefault(TrickBid(level, strain), [0, 0])
                record[0] += 1
                record[1] += tricks >= level
        if rules.misere:
            # the seven-trick gate of misère only shapes the auction, not the play
            open_rules = rules.replace(misere_needs_seven=False)
            opened = new_hand(open_rules, hands, rest[place:], dealer=dealer)
            state = _contract_state(opened, seat, MISERE)
            if state is not None:
                record = counts.setdefault(MISERE, [0, 0])
                record[0] += 1
                record[1] += solve(state) == 0
    advice = []
    for bid, (tried, made) in counts.items():
        chance = made / tried
        value = bid_value(bid, rules)
        advice.append(BidAdvice(bid, chance, value * (2 * chance - 1)))
    advice.sort(key=lambda item: (-item.expected, -item.chance))
    return advice


def _hands_dealt(rules: Rules) -> int:
    """Hands dealt: one a seat (two players: and the dead hand)."""
    return rules.players + (1 if rules.players == 2 else 0)
