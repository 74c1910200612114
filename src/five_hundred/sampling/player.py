"""The sampling player: bids by simulation, plays by rollouts and then by PIMC."""

import itertools
import math
import random
import time
from collections.abc import Iterator
from typing import Final, NamedTuple, cast

from five_hundred._checks import check_count, check_number, check_seed
from five_hundred._engine.codes import (
    HAND_SIZE,
    KITTY_SIZE,
    NO_SUIT,
    codes_from_mask,
)
from five_hundred._engine.core import LED, SETUP, Record, with_hands
from five_hundred._engine.playout import JOKER_LEAD, Policy, play_out
from five_hundred._engine.solve import Table
from five_hundred._rules_of_thumb import (
    keep_order,
    rule_policy,
    seat_friends,
    side_mask,
)
from five_hundred.actions import Action, Discard, PlayCard
from five_hundred.bidding import PASS, Bid, MisereBid, Pass, TrickBid
from five_hundred.bots import RuleBasedPlayer, _strain_estimate
from five_hundred.cards import CARDS_BY_CODE, Strain, card_code
from five_hundred.errors import InvalidStateError, quote, wrong_type
from five_hundred.rules import Rules, side_of
from five_hundred.sampling._simulation import _BidSimulator, _by_side, _mask_of, _shown
from five_hundred.scoring import contract_made
from five_hundred.search.playout import choice_action
from five_hundred.search.resample import resample
from five_hundred.search.solver import solve_core_plays
from five_hundred.state import GameState, Phase, apply, record_of
from five_hundred.views import SeatView, view

__all__ = ["ROLLOUTS", "SamplingPlayer"]

ROLLOUTS: Final = 40
"""The default number of rollout samples of an early card decision."""
_MADE_WEIGHT: Final = 20
"""How many tricks making (or defeating) the contract is worth in a card's value."""
_DISCARD_CHOICES: Final = 5
"""The discard is chosen among the three-card sets of this many cards."""


class _Sample(NamedTuple):
    """A deal drawn for a card decision, as the decision reads it."""

    core: Record
    bid: Bid
    team: frozenset[int]
    """The contracting side's seats."""
    won: int
    """The tricks the contracting side has won so far."""
    ours: bool
    """Whether the deciding seat is on the contracting side."""


class SamplingPlayer:
    """A player that bids and discards by simulation and plays by PIMC.

    Args:
        samples: deals drawn per card decision once the solver plays (at most).
        budget: seconds per card decision; sampling stops once they are spent (at
            least one sample is always solved, and the answer is always a legal
            action).  ``None``: no limit.
        solve_tricks: the solver is used once at most this many tricks are left
            (``None``: 4 with up to four players, 3 with five or six, where a trick
            has more cards); before that (the solver is slow on long hands), the
            player plays by ``rollouts``.
        bid_samples: simulated deals per strain for a bid (0: bid as
            :class:`~five_hundred.bots.RuleBasedPlayer`).
        bid_margin: points a bid's simulated value must beat passing by.
        discard_samples: simulated deals per candidate discard (0, the default:
            discard as :class:`~five_hundred.bots.RuleBasedPlayer`; the simulated
            discard did not measure better, see :doc:`/explanation/double-dummy`).
        bid_budget: seconds per bid or discard: past half of it no more deals are
            drawn (four at least), and once spent the best choice simulated so far
            is taken (``None``: no limit).
        rollouts: sampled deals per card decision before ``solve_tricks`` are left
            (at most; ``budget`` bounds them too), each played out after every legal
            card by the rule-of-thumb policy (0: play as
            :class:`~five_hundred.bots.RuleBasedPlayer` until the solver takes over).
        seed: the seed of its random generator.

    **Bidding** (three, four and six players; the others bid as
    :class:`~five_hundred.bots.RuleBasedPlayer`): the unseen cards are dealt at random
    to the other seats and the kitty, so that each seat's hand fits its last call as
    the rules of thumb would read it (a bid: the hand is valued at least that many
    tricks in its strain; a pass: too weak to outbid); the player takes up the kitty,
    discards by rule and the hand is played out by a fast rule-of-thumb policy (the
    same card choices as :class:`~five_hundred.bots.RuleBasedPlayer`).  A bid's value
    is its mean score difference (its side's score less the others') over the
    deals; passing is worth 0, or over an opponent's trick bid, that contract's
    simulated value.  The player bids its best bid if it beats passing by
    ``bid_margin``; misère and bids over a partner are left to the rules of thumb.

    **Discard** (with ``discard_samples``; trick contracts, same player counts): each
    three-card set of the five cards the rules of thumb would throw first is played
    out on the same simulated deals; the best mean score wins.

    **Card play**: until ``solve_tricks`` are left, each of ``rollouts`` sampled
    deals (:func:`~five_hundred.search.resample.resample`) is played out once after
    each legal card, every seat then playing by the rule-of-thumb policy; a card's
    value in a sample is scored as below, and the best mean wins.  Once
    ``solve_tricks`` are left, each sampled deal
    (:func:`~five_hundred.search.resample.resample`) is solved with
    :func:`~five_hundred.search.solver.solve_plays`; a card's value in a sample is
    its side's tricks plus a bonus for making (or, for the defence, defeating) the
    contract, and the card with the best mean wins.  The Joker's nomination and the
    partner call are the rules of thumb's.

    With ``budget`` and ``bid_budget`` both ``None`` the player is deterministic for
    its seed.

    Raises:
        InvalidStateError: in :meth:`choose`, if the view is not the seat's or the
            seat is not to act; when built, for a setting out of range.
        TypeError: in :meth:`choose`, if ``view`` is not a
            :class:`~five_hundred.views.SeatView` (a
            :class:`~five_hundred.state.GameState` is refused: unlike the rule-based
            player, this one reads only a view).
    """

    def __init__(
        self,
        *,
        samples: int = 20,
        budget: float | None = 0.2,
        solve_tricks: int | None = None,
        bid_samples: int = 24,
        bid_margin: float = 0.0,
        discard_samples: int = 0,
        bid_budget: float | None = 0.5,
        rollouts: int = ROLLOUTS,
        seed: int = 0,
    ) -> None:
        # Every setting is checked here, so a bad one fails now, not at a choice.
        self.samples = check_count(samples, "samples")
        self.budget = check_number(budget, "budget (seconds)", optional=True)
        self.solve_tricks = (
            None
            if solve_tricks is None
            else check_count(solve_tricks, "solve_tricks", 1, HAND_SIZE)
        )
        self.bid_samples = check_count(bid_samples, "bid_samples", 0)
        self.bid_margin = cast(float, check_number(bid_margin, "bid_margin", None))
        self.discard_samples = check_count(discard_samples, "discard_samples", 0)
        self.bid_budget = check_number(
            bid_budget, "bid_budget (seconds)", optional=True
        )
        self.rollouts = check_count(rollouts, "rollouts", 0)
        self.seed = check_seed(seed)
        self._bidding: tuple[object, _BidSimulator] | None = None
        self._rng = random.Random(seed)
        self._rules = RuleBasedPlayer()

    def __repr__(self) -> str:
        return (
            f"SamplingPlayer(samples={self.samples}, budget={self.budget}, "
            f"solve_tricks={self.solve_tricks}, bid_samples={self.bid_samples}, "
            f"bid_margin={self.bid_margin}, discard_samples={self.discard_samples}, "
            f"bid_budget={self.bid_budget}, rollouts={self.rollouts}, "
            f"seed={self.seed})"
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
        contract = view.contract
        if view.phase is Phase.BIDDING and self.bid_samples and _simulates(view.rules):
            return self._simulated_bid(view, seat)
        if (
            view.phase is Phase.DISCARD
            and self.discard_samples
            and _simulates(view.rules)
            and contract is not None
            and isinstance(contract.bid, TrickBid)
        ):
            return self._simulated_discard(view, seat)
        if view.phase is not Phase.PLAY:
            return self._rules.choose(view, seat)
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if left > most:
            if self.rollouts:
                return self._rollout_play(view, seat)
            return self._rules.choose(view, seat)
        return self._sample_play(view, seat)

    def _spent(self, start: float) -> bool:
        """Whether the bidding and discard budget is spent since ``start``."""
        budget = self.bid_budget
        return budget is not None and time.perf_counter() - start > budget

    def _simulator(self, seen: SeatView, seat: int) -> _BidSimulator:
        """The bid simulator of the seat's hand (kept while the hand is the same)."""
        key = (seen.rules, seat, seen.dealer, seen.hand)
        if self._bidding is None or self._bidding[0] != key:
            self._bidding = (key, _BidSimulator(seen, seat, self._rng))
        return self._bidding[1]

    def _simulated_bid(self, seen: SeatView, seat: int) -> Action:
        """The bid with the best simulated score, or a pass if passing looks better.

        Each strain the seat may still bid is simulated on ``bid_samples`` deals that
        fit the auction; a bid's value is its mean score difference over them.
        Passing is worth 0, or, over an opponent's trick bid, that contract's
        simulated value; a bid must beat it by ``bid_margin``.  Misère, and bidding
        over a partner, are left to the rules of thumb.
        """
        start = time.perf_counter()
        ruled = self._rules.choose(seen, seat)
        if isinstance(ruled, MisereBid):
            return ruled
        rules = seen.rules
        bidder, standing = next(
            ((s, c) for s, c in reversed(seen.calls) if not isinstance(c, Pass)),
            (None, None),
        )
        if bidder is not None and side_of(rules, bidder) == side_of(rules, seat):
            return ruled
        simulator = self._simulator(seen, seat)
        budget = self.bid_budget
        simulator.deadline = None if budget is None else start + budget / 2
        shown = _shown(seen)
        count = self.bid_samples
        best: Action = PASS
        best_value = 0.0
        if bidder is not None and isinstance(standing, TrickBid):
            results = simulator.tricks(bidder, standing.strain, shown, count)
            if results:
                best_value = simulator.value(standing, bidder, results)
        best_value += self.bid_margin
        bids = [
            action
            for action in seen.legal_actions
            if isinstance(action, TrickBid) and not action.sans_kitty
        ]
        guess = {s: _strain_estimate(seen.hand, s, rules) for s in Strain}
        bids.sort(key=lambda bid: (-guess[bid.strain], bid.tricks))
        for action in bids:
            if self._spent(start):
                break
            results = simulator.tricks(seat, action.strain, shown, count)
            if results:
                value = simulator.value(action, seat, results)
                if value > best_value:
                    best, best_value = action, value
        return best if best in seen.legal_actions else ruled

    def _simulated_discard(self, seen: SeatView, seat: int) -> Action:
        """The discard with the best simulated score.

        The candidates are the three-card sets of the five cards the rules of thumb
        would throw first (their own discard among them); each is played out on the
        same ``discard_samples`` deals that fit the auction, and the best mean score
        wins (the rules' discard on a tie).
        """
        start = time.perf_counter()
        contract = seen.contract
        assert contract is not None
        assert isinstance(contract.bid, TrickBid)
        rng = self._rng
        template = resample(seen, rng)
        while template.phase is not Phase.PLAY and template.to_act is not None:
            actor = template.to_act
            template = apply(template, self._rules.choose(view(template, actor), actor))
        if template.phase is not Phase.PLAY:
            return self._rules.choose(seen, seat)
        core = record_of(template)
        rules = seen.rules
        simulator = _BidSimulator(seen, seat, rng)
        budget = self.bid_budget
        simulator.deadline = None if budget is None else start + budget / 2
        deals = simulator.deals(_shown(seen), self.discard_samples)
        order = keep_order(core[SETUP].key, simulator.own)
        throw = order[:_DISCARD_CHOICES]
        team = side_mask(rules, seat)
        policy = rule_policy(core[SETUP], team, simulator.friends)
        best_value, best = -math.inf, 0
        for chosen in itertools.combinations(throw, KITTY_SIZE):
            if best and self._spent(start):
                break
            discard = _mask_of(chosen)
            results = []
            for dealt, _ in deals:
                hands = list(dealt)
                hands[seat] = simulator.own & ~discard
                won, _ = play_out(with_hands(core, tuple(hands)), rng.random, policy)
                results.append(_by_side(rules, won))
            value = simulator.value(contract.bid, seat, results)
            if value > best_value:
                best_value, best = value, discard
        return Discard(frozenset(CARDS_BY_CODE[c] for c in codes_from_mask(best)))

    def _samples(self, seen: SeatView, seat: int, count: int) -> Iterator[_Sample]:
        """Up to ``count`` deals that fit the view, drawn while the budget lasts."""
        start = time.perf_counter()
        for number in range(count):
            if (
                number
                and self.budget is not None
                and time.perf_counter() - start > self.budget
            ):
                return
            sample = resample(seen, self._rng)
            contract = sample.contract
            assert contract is not None  # the play has a contract
            team = _team(sample)
            won = sum(sample.tricks_won_by_seat[s] for s in team)
            yield _Sample(record_of(sample), contract.bid, team, won, seat in team)

    def _sample_play(self, seen: SeatView, seat: int) -> Action:
        totals: dict[int, float] = {}
        table: Table = {}
        for core, bid, _, won, ours in self._samples(seen, seat, self.samples):
            sign = 1 if ours else -1
            for choice, tricks in solve_core_plays(core, table).items():
                value = sign * _play_value(bid, won, tricks)
                totals[choice] = totals.get(choice, 0.0) + value
        best = max(totals, key=lambda choice: (totals[choice], -choice))
        return choice_action(best)

    def _rollout_play(self, seen: SeatView, seat: int) -> Action:
        """The card with the best mean result of rule-of-thumb playouts.

        Each of up to ``rollouts`` samples of the hidden hands is played out once
        after each legal card, every seat then playing by the rule-based player's
        card play (:func:`~five_hundred._rules_of_thumb.rule_policy`).
        """
        choices = [_choice_of(action) for action in seen.legal_actions]
        totals = dict.fromkeys(choices, 0.0)
        rng = self._rng
        policy_of: dict[int, Policy] = {}
        named = [NO_SUIT]
        for core, bid, team, won, ours in self._samples(seen, seat, self.rollouts):
            sign = 1 if ours else -1
            key = core[SETUP].key
            policy = policy_of.get(key)
            if policy is None:
                team_mask = sum(1 << s for s in team)
                friends = seat_friends(seen.rules)
                policy = policy_of[key] = rule_policy(
                    core[SETUP], team_mask, friends, named
                )
            for choice in choices:
                # the suit led, for a Joker that names it (led before or now)
                named[0] = choice - JOKER_LEAD if choice >= JOKER_LEAD else core[LED]
                forced = _forced_first(choice, policy)
                tricks, _ = play_out(core, rng.random, forced)
                taken = sum(tricks >> 4 * s & 15 for s in team) - won
                totals[choice] += sign * _play_value(bid, won, taken)
        best = max(totals, key=lambda choice: (totals[choice], -choice))
        return choice_action(best)


def _forced_first(choice: int, policy: Policy) -> Policy:
    """``policy``, but the first decision is ``choice``."""
    first = [choice]

    def forced(seat: int, choices: tuple[int, ...], trick: tuple[int, ...]) -> int:
        if first:
            return first.pop()
        return policy(seat, choices, trick)

    return forced


def _choice_of(action: Action) -> int:
    """The playout choice of a card play (``choice_action`` the other way)."""
    assert isinstance(action, PlayCard)
    if action.suit is not None:
        return JOKER_LEAD + action.suit.value
    return card_code(action.card)


def _play_value(bid: Bid, won: int, tricks: int) -> float:
    """What the contracting side's ``tricks`` more (``won`` so far) are worth to it.

    The tricks (fewer is better in misère) and a bonus of :data:`_MADE_WEIGHT` for
    making the contract, a penalty as large for failing.
    """
    made = contract_made(bid, won + tricks)
    points = tricks if not isinstance(bid, MisereBid) else -tricks
    return points + _MADE_WEIGHT * (1 if made else -1)


def _simulates(rules: Rules) -> bool:
    """Whether the bidding is simulated: three, four or six players (sides fixed)."""
    return rules.players in (3, 4, 6)


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
