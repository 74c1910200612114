"""A sampling player, a duplicate-match harness and a bid advisor, on the solver.

:class:`SamplingPlayer` bids by simulation (it deals the unseen cards to fit the
auction, plays each deal out with a fast rule-of-thumb policy and bids what scores best
on average), plays the early tricks by rollouts (sampled deals played out after each
legal card by the same policy) and the end of the hand by perfect-information Monte
Carlo (PIMC): it draws deals consistent with what its seat knows
(:func:`~five_hundred.search.resample.resample`), solves each one double-dummy
(:mod:`five_hundred.search.solver`) and plays the card with the best expected result
over the samples.  :func:`duplicate_match` plays two players
against each other on the same deals with the seats swapped; :func:`advise_bids`
estimates, for a hand, each bid's chance of being made and its expected score from
sampled deals solved double-dummy.

>>> from five_hundred import Phase, RuleBasedPlayer, new_game
>>> from five_hundred.sampling import SamplingPlayer, duplicate_match
>>> result = duplicate_match(SamplingPlayer(seed=1), RuleBasedPlayer(), deals=1, seed=4)
>>> result.deals, len(result.differences)
(1, 1)
"""

import copy
import functools
import itertools
import math
import pickle
import random
import time
from collections.abc import Callable, Sequence
from typing import Final, NamedTuple, cast

from five_hundred._checks import check_dealer, check_rules, check_seat, check_seed
from five_hundred._engine.codes import (
    HAND_SIZE,
    JOKER_CODE,
    KITTY_SIZE,
    NO_SUIT,
    codes_from_mask,
)
from five_hundred._engine.core import LED, SETUP, Core, Setup, with_hands
from five_hundred._engine.playout import JOKER_LEAD, Policy, play_out
from five_hundred._engine.solve import Table
from five_hundred._engine.tables import EFF, STRENGTH, TRUMP
from five_hundred.actions import Action, Discard, PlayCard
from five_hundred.bidding import (
    MISERE,
    PASS,
    Bid,
    MisereBid,
    Pass,
    TrickBid,
    bid_value,
    outranks,
)
from five_hundred.bots import Player, RuleBasedPlayer, _strain_estimate
from five_hundred.cards import (
    CARDS_BY_CODE,
    Card,
    Rank,
    Strain,
    card_code,
    mask_from_cards,
)
from five_hundred.dealing import pack, pack_mask
from five_hundred.errors import InvalidStateError, quote, wrong_type
from five_hundred.parallel import chunk_seeds, chunk_sizes, run_chunks
from five_hundred.rules import Rules, side_of
from five_hundred.scoring import contract_made, score_hand
from five_hundred.search.playout import choice_action
from five_hundred.search.resample import resample
from five_hundred.search.solver import solve, solve_core, solve_core_plays
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

ROLLOUTS: Final = 40
"""The default number of rollout samples of an early card decision."""
_MADE_WEIGHT: Final = 20
"""How many tricks making (or defeating) the contract is worth in a card's value."""
_DISCARD_CHOICES: Final = 5
"""The discard is chosen among the three-card sets of this many cards."""
_FEWEST_DEALS: Final = 4
"""Deals simulated at least for a bid, whatever the time budget."""
_REDRAWS: Final = 40
"""How many times an opponent's hand is redrawn to fit its bid (then taken as is)."""


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
        self.samples = _whole(samples, "samples", 1)
        if solve_tricks is not None and not 1 <= solve_tricks <= HAND_SIZE:
            msg = f"solve_tricks must be 1 to {HAND_SIZE}; got {quote(solve_tricks)}"
            raise InvalidStateError(msg)
        self.budget = budget
        self.solve_tricks = solve_tricks
        self.bid_samples = _whole(bid_samples, "bid_samples", 0)
        self.bid_margin = float(bid_margin)
        self.discard_samples = _whole(discard_samples, "discard_samples", 0)
        self.bid_budget = bid_budget
        self.rollouts = _whole(rollouts, "rollouts", 0)
        self.seed = seed
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

    def _simulator(self, seen: SeatView, seat: int) -> "_BidSimulator":
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
        core = inner(template)
        rules = seen.rules
        simulator = _BidSimulator(seen, seat, rng)
        budget = self.bid_budget
        simulator.deadline = None if budget is None else start + budget / 2
        deals = simulator.deals(_shown(seen), self.discard_samples)
        order = _keep_order(core[SETUP].key, simulator.own)
        throw = order[:_DISCARD_CHOICES]
        team = _side_mask(rules, seat)
        policy = _rule_policy(core[SETUP], team, simulator.friends)
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
                value = sign * _play_value(contract.bid, won, tricks)
                totals[choice] = totals.get(choice, 0.0) + value
        best = max(totals, key=lambda choice: (totals[choice], -choice))
        return choice_action(best)

    def _rollout_play(self, seen: SeatView, seat: int) -> Action:
        """The card with the best mean result of rule-of-thumb playouts.

        Each of up to ``rollouts`` samples of the hidden hands is played out once
        after each legal card, every seat then playing as :func:`_rule_policy`.
        """
        start = time.perf_counter()
        choices = [_choice_of(action) for action in seen.legal_actions]
        totals = dict.fromkeys(choices, 0.0)
        rng = self._rng
        policy_of: dict[int, Policy] = {}
        named = [NO_SUIT]
        for number in range(self.rollouts):
            if (
                number
                and self.budget is not None
                and time.perf_counter() - start > self.budget
            ):
                break
            sample = resample(seen, rng)
            core = inner(sample)
            contract = sample.contract
            assert contract is not None  # the play has a contract
            team = _team(sample)
            won = sum(sample.tricks_won_by_seat[s] for s in team)
            sign = 1 if seat in team else -1
            key = core[SETUP].key
            policy = policy_of.get(key)
            if policy is None:
                team_mask = sum(1 << s for s in team)
                friends = _seat_friends(seen.rules)
                policy = policy_of[key] = _rule_policy(
                    core[SETUP], team_mask, friends, named
                )
            for choice in choices:
                # the suit led, for a Joker that names it (led before or now)
                named[0] = choice - JOKER_LEAD if choice >= JOKER_LEAD else core[LED]
                forced = _forced_first(choice, policy)
                tricks, _ = play_out(core, rng.random, forced)
                taken = sum(tricks >> 4 * s & 15 for s in team) - won
                totals[choice] += sign * _play_value(contract.bid, won, taken)
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


def _whole(value: int, name: str, least: int) -> int:
    """``value``, checked to be a whole number of at least ``least`` (0 or 1)."""
    if type(value) is not int or value < least:
        wanted = "a positive whole number" if least else "a whole number, 0 or more"
        msg = f"{name} must be {wanted}; got {quote(value)}"
        raise InvalidStateError(msg)
    return value


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


# -- bidding by simulation --------------------------------------------------------------

_JACK_RANK: Final = Rank.JACK.value - 2
"""A jack's rank offset in a card code (``16 * suit + rank - 2``)."""
_ACE_RANK: Final = Rank.ACE.value - 2


@functools.cache
def _lead_free_strength(key: int) -> tuple[int, ...]:
    """Each code's strength whatever the suit led (the best of its rows)."""
    rows = STRENGTH[key]
    return tuple(
        max(rows[led][code] for led in range(4)) for code in range(JOKER_CODE + 1)
    )


def _rule_policy(
    setup: Setup, team: int, friends: tuple[int, ...], named: list[int] | None = None
) -> Policy:
    """A playout policy on the engine's codes that plays like :class:`RuleBasedPlayer`.

    The same rules of thumb (its ``_play``): the contracting side leads its top trump
    when it is the Joker or a bower or it holds three trumps, else an ace outside
    trumps, else low from its longest plain suit; a follower wins as cheaply as it can
    unless a friend (``friends[seat]``, a seat mask) is winning, and otherwise plays
    its lowest card.  It models how the hand goes against (and with) rule-of-thumb
    players at a fraction of the cost of :meth:`RuleBasedPlayer.choose`.  ``named``
    (one item) holds the suit an un-nominated Joker named when it was led.
    """
    key = setup.key
    trump = TRUMP[key]
    # by choice (card codes, then the Joker's named leads): suit, order keys
    codes = [*range(JOKER_CODE + 1), *([JOKER_CODE] * 4)]
    eff = [EFF[key][code] for code in codes]
    top = _lead_free_strength(key)
    low = [top[code] * 128 + choice for choice, code in enumerate(codes)]
    high = [top[code] * 128 - choice for choice, code in enumerate(codes)]
    rows = [
        [row[code] * 128 + choice for choice, code in enumerate(codes)]
        for row in STRENGTH[key]
    ]
    aces = {
        code
        for code in range(JOKER_CODE)
        if code % 16 == _ACE_RANK and eff[code] != trump
    }
    order = setup.order
    winners: dict[tuple[int, int, int], int] = {}
    for seats in order:
        for index, seat in enumerate(seats):
            for best in range(index):
                winners[seat, index, best] = seats[best]
    # The suit the Joker named when it was led (no-trump playouts): set by the lead
    # below, or by the caller for a Joker led before the playout started.
    if named is None:
        named = [NO_SUIT]

    def lead(seat: int, choices: tuple[int, ...]) -> int:
        if trump >= 0 and team >> seat & 1:
            trumps = [c for c in choices if eff[c] == trump]
            if trumps:
                best = max(trumps, key=high.__getitem__)
                if best == JOKER_CODE or best % 16 == _JACK_RANK or len(trumps) > 2:
                    return best
        for c in choices:  # in code order: the lowest code first
            if c in aces:
                return c
        groups: dict[int, list[int]] = {}
        for c in choices:
            suit = eff[c]
            if suit != trump and suit != NO_SUIT:
                groups.setdefault(suit, []).append(c)
        if groups:
            longest = max(groups, key=lambda s: (len(groups[s]), s))
            return min(groups[longest], key=low.__getitem__)
        choice = min(choices, key=low.__getitem__)
        if choice > JOKER_CODE:
            named[0] = choice - JOKER_LEAD
        return choice

    def policy(seat: int, choices: tuple[int, ...], trick: tuple[int, ...]) -> int:
        if not trick:
            return lead(seat, choices)
        if len(choices) == 1:
            return choices[0]
        led = eff[trick[0]]
        if led == NO_SUIT:
            led = named[0]
        row = rows[led]
        index = 0
        power = row[trick[0]]
        for i in range(1, len(trick)):
            if row[trick[i]] > power:
                index, power = i, row[trick[i]]
        winner = winners[seat, len(trick), index]
        if not friends[seat] >> winner & 1:
            beating = [c for c in choices if row[c] > power]
            if beating:
                return min(beating, key=row.__getitem__)
        return min(choices, key=low.__getitem__)

    return policy


def _keep_order(key: int, held: int) -> list[int]:
    """The codes of ``held`` from the first to throw to the last, by rule of thumb.

    :class:`RuleBasedPlayer`'s discard order (``_discard`` of :mod:`.bots`) on
    codes: trumps, the Joker and aces last; the weakest cards of the shortest plain
    suits first.
    """
    eff, trump = EFF[key], TRUMP[key]
    top = _lead_free_strength(key)
    codes = codes_from_mask(held)
    counts = [0] * 5
    for code in codes:
        counts[eff[code]] += 1

    def keep(code: int) -> tuple[int, int, int]:
        suit = eff[code]
        if suit in (NO_SUIT, trump) or code % 16 == _ACE_RANK:
            return (1, 0, top[code])
        return (0, counts[suit], top[code])

    return sorted(codes, key=keep)


def _rule_discard(key: int, held: int) -> int:
    """The mask of the three cards :class:`RuleBasedPlayer` discards from ``held``."""
    return _mask_of(_keep_order(key, held)[:KITTY_SIZE])


class _Contract(NamedTuple):
    """A contract to simulate: who plays it, in which strain, from which template."""

    contractor: int
    core: Core
    """A state in the play of this contract (its hands are replaced by each sample)."""
    friends: tuple[int, ...]
    team: int


def _seat_friends(rules: Rules) -> tuple[int, ...]:
    """For each seat, the seats :class:`RuleBasedPlayer` plays with (a mask)."""
    out = []
    for seat in range(rules.players):
        mask = 1 << seat
        if rules.partnerships:
            for other in range(rules.players):
                if side_of(rules, other) == side_of(rules, seat):
                    mask |= 1 << other
        out.append(mask)
    return tuple(out)


def _side_mask(rules: Rules, seat: int) -> int:
    side = side_of(rules, seat)
    return sum(1 << s for s in range(rules.players) if side_of(rules, s) == side)


Deal = tuple[tuple[int, ...], int]
"""A simulated deal: each seat's hand and the kitty, as masks."""
Shown = tuple[tuple[int, tuple[int, ...], bool], ...]
"""What the auction showed of each other seat: ``(seat, levels, passed)``.

``levels`` holds a number of tricks for each strain (in the order of
:class:`~five_hundred.cards.Strain`): after a trick bid the seat's hand is valued
(by :class:`RuleBasedPlayer`'s estimate) at least the bid's tricks in its strain (the
others are 0); after a pass, below each strain's level in every strain (it could not
outbid the standing bid)."""

_NO_LEVEL: Final = 0
_ANY_LEVEL: Final = 11


def _shown(seen: SeatView) -> Shown:
    """What each other seat's last call says of its hand (see :data:`Shown`).

    A pass says nothing when the seat's partner held the standing bid (the rules of
    thumb never bid over a partner); a misère bid says nothing either.
    """
    rules = seen.rules
    strains = list(Strain)
    last: dict[int, tuple[tuple[int, ...], bool] | None] = {}
    standing: tuple[int, Bid] | None = None
    for seat, call in seen.calls:
        if isinstance(call, Pass):
            if standing is not None and (
                standing[0] != seat
                and rules.partnerships
                and side_of(rules, standing[0]) == side_of(rules, seat)
            ):
                last[seat] = None
                continue
            levels = []
            for strain in strains:
                level = 6
                while (
                    level <= 10
                    and standing is not None
                    and not outranks(TrickBid(level, strain), standing[1], rules)
                ):
                    level += 1
                levels.append(level)
            last[seat] = (tuple(levels), True)
        else:
            standing = (seat, call)
            if isinstance(call, TrickBid):
                levels = [_NO_LEVEL] * len(strains)
                levels[strains.index(call.strain)] = call.tricks
                last[seat] = (tuple(levels), False)
            else:
                last[seat] = None
    shown = [
        (seat, *found)
        for seat, found in last.items()
        if found is not None and seat != seen.seat
    ]
    # the bidders first: their hands are the least likely, the passes take the rest
    shown.sort(key=lambda item: (item[2], item[0]))
    return tuple(shown)


def _fits(
    cards: Sequence[Card], levels: tuple[int, ...], passed: bool, rules: Rules
) -> bool:
    """Whether a hand fits what a seat's call showed (see :data:`Shown`)."""
    for strain, level in zip(Strain, levels, strict=True):
        if passed:
            if _strain_estimate(cards, strain, rules) >= level:
                return False
        elif level != _NO_LEVEL and _strain_estimate(cards, strain, rules) < level:
            return False
    return True


class _BidSimulator:
    """Simulates contracts for one seat's hand: sampled deals played out by rule.

    The unseen cards are dealt at random to the other seats and the kitty, each
    other seat that bid getting a hand (redrawn :data:`_REDRAWS` times at most) that
    :class:`RuleBasedPlayer` would value at its bid: the other seats are modelled as
    rule-of-thumb bidders.  The contractor takes up the kitty and discards as
    :class:`RuleBasedPlayer`, and the hand is played out by :func:`_rule_policy`.
    Every contract is played on the same deals; each gives the tricks of each side.
    """

    def __init__(self, seen: SeatView, seat: int, rng: random.Random) -> None:
        self.rules = rules = seen.rules
        self.seat = seat
        self.dealer = seen.dealer
        self.own = mask_from_cards(seen.hand)
        self.unseen = codes_from_mask(pack_mask(rules.players) & ~self.own)
        self.rng = rng
        self.friends = _seat_friends(rules)
        self.side = side_of(rules, seat)
        self._contracts: dict[tuple[int, Strain], _Contract | None] = {}
        self._deals: dict[Shown, list[Deal]] = {}
        self._played: dict[tuple[int, Strain, Shown], list[tuple[int, ...]]] = {}
        self._scores: dict[tuple[Bid, tuple[int, ...], int], float] = {}
        self.deadline: float | None = None
        """A :func:`time.perf_counter` time after which fewer deals are drawn."""

    def _deal(self, shown: Shown) -> Deal:
        """One random deal of the unseen cards that fits the bids ``shown``."""
        rules, pool = self.rules, list(self.unseen)
        rng = self.rng
        hands = [0] * rules.players
        hands[self.seat] = self.own
        for seat, levels, passed in shown:
            for _ in range(_REDRAWS):
                rng.shuffle(pool)
                cards = [CARDS_BY_CODE[c] for c in pool[:HAND_SIZE]]
                if _fits(cards, levels, passed, rules):
                    break
            hands[seat] = _mask_of(pool[:HAND_SIZE])
            del pool[:HAND_SIZE]
        rng.shuffle(pool)
        for seat in range(rules.players):
            if seat != self.seat and all(seat != s for s, _, _ in shown):
                hands[seat] = _mask_of(pool[:HAND_SIZE])
                del pool[:HAND_SIZE]
        return tuple(hands), _mask_of(pool)

    def deals(self, shown: Shown, count: int) -> list[Deal]:
        """``count`` deals that fit the bids ``shown`` (the same ones on each call).

        Fewer (:data:`_FEWEST_DEALS` at least) once :attr:`deadline` has passed.
        """
        deals = self._deals.setdefault(shown, [])
        deadline = self.deadline
        while len(deals) < count:
            if (
                deadline is not None
                and len(deals) >= _FEWEST_DEALS
                and time.perf_counter() > deadline
            ):
                break
            deals.append(self._deal(shown))
        return deals[:count]

    def contract(self, contractor: int, strain: Strain) -> _Contract | None:
        """The template of ``contractor``'s contract in ``strain`` (cached)."""
        key = (contractor, strain)
        if key not in self._contracts:
            hands, kitty = self._deal(())
            cards = [tuple(CARDS_BY_CODE[c] for c in codes_from_mask(m)) for m in hands]
            rest = tuple(CARDS_BY_CODE[c] for c in codes_from_mask(kitty))
            deal = new_hand(self.rules, cards, rest, dealer=self.dealer)
            state = _contract_state(deal, contractor, TrickBid(6, strain))
            made = None
            if state is not None:
                team = _side_mask(self.rules, contractor)
                made = _Contract(contractor, inner(state), self.friends, team)
            self._contracts[key] = made
        return self._contracts[key]

    def tricks(
        self, contractor: int, strain: Strain, shown: Shown, count: int
    ) -> list[tuple[int, ...]]:
        """Each side's tricks in ``count`` simulated plays of a contract (cached)."""
        key = (contractor, strain, shown)
        found = self._played.get(key)
        if found is not None and len(found) >= count:
            return found[:count]
        deals = self.deals(shown, count)
        if found is not None and len(found) >= len(deals):
            return found
        contract = self.contract(contractor, strain)
        if contract is None:
            return []
        rules = self.rules
        core = contract.core
        policy = _rule_policy(core[SETUP], contract.team, contract.friends)
        discard_key = core[SETUP].key
        out = []
        for dealt, kitty in deals:
            hands = list(dealt)
            held = hands[contractor] | kitty
            hands[contractor] = held & ~_rule_discard(discard_key, held)
            won, _ = play_out(with_hands(core, tuple(hands)), self.rng.random, policy)
            out.append(_by_side(rules, won))
        self._played[key] = out
        return out

    def value(self, bid: Bid, contractor: int, results: list[tuple[int, ...]]) -> float:
        """The mean over ``results`` of this side's score less the others' mean."""
        total = 0.0
        for by_side in results:
            key = (bid, by_side, contractor)
            found = self._scores.get(key)
            if found is None:
                changes = score_hand(
                    bid, by_side, {side_of(self.rules, contractor)}, rules=self.rules
                )
                others = [c for s, c in enumerate(changes) if s != self.side]
                found = changes[self.side] - sum(others) / len(others)
                self._scores[key] = found
            total += found
        return total / len(results)


def _by_side(rules: Rules, won: int) -> tuple[int, ...]:
    """Each side's tricks from the playout's tricks by seat (4 bits a seat)."""
    by_side = [0] * rules.sides
    for seat in range(rules.players):
        by_side[side_of(rules, seat)] += won >> 4 * seat & 15
    return tuple(by_side)


def _mask_of(codes: Sequence[int]) -> int:
    mask = 0
    for code in codes:
        mask |= 1 << code
    return mask


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
        InvalidStateError: if ``deals`` is not a positive whole number.
        TypeError: if the players are to run on other processes and do not pickle.
        five_hundred.parallel.ClusterError: if Ray is missing or unreachable.
    """
    if type(deals) is not int or deals < 1:
        msg = f"deals must be a positive whole number; got {quote(deals)}"
        raise InvalidStateError(msg)
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
        call = (
            bid if actor == seat and (seat, bid) not in state.auction.calls else Pass()
        )
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
    progress: Callable[[int], None] | None = None,
    workers: int | None = 1,
    ray: str | None = None,
) -> list[BidAdvice]:
    """Estimate each six-level-and-up bid (and misère) for ``hand`` held by ``seat``.

    Misère is estimated as if the seat could open it (the rules' seven-trick gate,
    :ref:`rules-misere-gate`, shapes the auction but not the play).

    Each sample deals the unseen cards at random to the other seats and the kitty;
    ``seat`` then wins the auction in each strain, discards and nominates as
    :class:`~five_hundred.bots.RuleBasedPlayer` would, and the play is solved
    double-dummy (:func:`~five_hundred.search.solver.solve`): one solve a strain
    gives every level.  Bids are listed from the best expected score.

    Each sample's deal comes from its own seed, drawn from ``seed``
    (:func:`~five_hundred.parallel.chunk_seeds`), so the samples may be solved on
    several processes (``workers``, or Ray with ``ray``: as
    :func:`~five_hundred.parallel.run_chunks`) with the same estimates for any number
    of them.  ``progress`` is called with the number of samples done as each is
    solved.  Ctrl-C stops it with :exc:`KeyboardInterrupt`.

    Raises:
        InvalidStateError: if the hand is not ten distinct cards of the rules' pack,
            ``seat`` or ``dealer`` is not a seat of the rules, ``samples`` is not a
            positive whole number or ``seed`` is not a whole number.
        TypeError: if ``hand`` is not a sequence of cards (text: read it with
            :func:`~five_hundred.cards.parse_cards`) or ``rules`` not a
            :class:`~five_hundred.rules.Rules`.
        five_hundred.parallel.ClusterError: if Ray is missing or unreachable.
    """
    rules = check_rules(rules)
    given: object = hand  # checked: a text or a wrong type gets its TypeError
    if isinstance(given, str) or not isinstance(given, Sequence):
        wrong_type(given, "a sequence of Card values", "parse_cards")
    cards = tuple(hand)
    for card in cards:
        if not isinstance(card, Card):
            wrong_type(card, "a Card", "parse_card")
    seat = check_seat(rules, seat)
    dealer = (seat - 1) % rules.players if dealer is None else dealer
    dealer = check_dealer(rules, dealer)
    samples = _whole(samples, "samples", 1)
    seed = check_seed(seed)
    rest = tuple(card for card in pack(rules) if card not in cards)
    if (
        len(cards) != HAND_SIZE
        or len(set(cards)) != HAND_SIZE
        or len(rest) != len(pack(rules)) - HAND_SIZE
    ):
        msg = f"a hand is ten distinct cards of the pack; got {quote(' '.join(map(str, cards)))}"
        raise InvalidStateError(msg)
    work = [
        _AdviceSample(rules, cards, rest, seat, dealer, sample_seed)
        for sample_seed in chunk_seeds(seed, samples)
    ]
    done = 0

    def finished(_index: int, _outcomes: tuple[tuple[Bid, bool], ...]) -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done)

    outcome = run_chunks(
        _advice_sample, work, workers=workers, ray=ray, on_done=finished
    )
    if outcome.interrupted:
        raise KeyboardInterrupt
    counts: dict[Bid, list[int]] = {}
    for outcomes in outcome.results:  # in sample order: the same for any workers
        for bid, success in outcomes:
            record = counts.setdefault(bid, [0, 0])
            record[0] += 1
            record[1] += success
    advice = []
    for bid, (tried, made) in counts.items():
        chance = made / tried
        value = bid_value(bid, rules)
        advice.append(BidAdvice(bid, chance, value * (2 * chance - 1)))
    advice.sort(key=lambda item: (-item.expected, -item.chance))
    return advice


class _AdviceSample(NamedTuple):
    """One sample of :func:`advise_bids` (a chunk of work: it pickles)."""

    rules: Rules
    cards: tuple[Card, ...]
    """The advised seat's hand."""
    rest: tuple[Card, ...]
    """The other cards of the pack, in pack order."""
    seat: int
    dealer: int
    seed: int
    """The seed of this sample's deal of ``rest``."""


def _advice_sample(sample: _AdviceSample) -> tuple[tuple[Bid, bool], ...]:
    """Each bid tried on one sampled deal, and whether it is made double-dummy."""
    rules, cards, rest, seat, dealer, seed = sample
    unseen = list(rest)
    random.Random(seed).shuffle(unseen)
    hands: list[list[Card]] = []
    place = 0
    for other in range(_hands_dealt(rules)):
        if other == seat:
            hands.append(list(cards))
        else:
            hands.append(unseen[place : place + HAND_SIZE])
            place += HAND_SIZE
    kitty = unseen[place:]
    deal = new_hand(rules, hands, kitty, dealer=dealer)
    found: list[tuple[Bid, bool]] = []
    for strain in Strain:
        state = _contract_state(deal, seat, TrickBid(6, strain))
        if state is None:
            continue
        # whether each level is made: below six tricks the exact count is not needed
        tricks = solve_core(inner(state), floor=6)
        found.extend(
            (TrickBid(level, strain), tricks >= level) for level in range(6, 11)
        )
    if rules.misere:
        # the seven-trick gate of misère only shapes the auction, not the play
        open_rules = rules.replace(misere_needs_seven=False)
        opened = new_hand(open_rules, hands, kitty, dealer=dealer)
        state = _contract_state(opened, seat, MISERE)
        if state is not None:
            found.append((MISERE, solve(state) == 0))
    return tuple(found)


def _hands_dealt(rules: Rules) -> int:
    """Hands dealt: one a seat (two players: and the dead hand)."""
    return rules.players + (1 if rules.players == 2 else 0)
