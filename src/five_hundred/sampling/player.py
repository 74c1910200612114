"""The sampling player: bids by simulation, plays by rollouts and then by PIMC."""

import itertools
import math
import random
import time
from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Any, Final, NamedTuple, Self, cast

from five_hundred._checks import check_count, check_number, check_seed
from five_hundred._engine.api import play_setup, suit_led
from five_hundred._engine.codes import (
    HAND_SIZE,
    KITTY_SIZE,
    NO_SUIT,
    codes_from_mask,
)
from five_hundred._engine.core import Record, with_hands
from five_hundred._engine.playout import JOKER_LEAD, Policy, play_out
from five_hundred._estimates import strain_estimate
from five_hundred._rules_of_thumb import (
    keep_order,
    rule_policy,
    seat_friends,
    side_mask,
)
from five_hundred.actions import Action, Discard, PlayCard
from five_hundred.bidding import MISERE, PASS, Bid, MisereBid, Pass, TrickBid
from five_hundred.bots import RuleBasedPlayer
from five_hundred.cards import CARDS_BY_CODE, Strain, card_code
from five_hundred.errors import InvalidStateError, quote, wrong_type
from five_hundred.rules import Rules, side_of
from five_hundred.sampling._simulation import (
    _BidSimulator,
    _by_side,
    _fits,
    _mask_of,
    _shown,
)
from five_hundred.scoring import contract_made
from five_hundred.search.playout import choice_action
from five_hundred.search.resample import resample
from five_hundred.search.solver import (
    MAX_NODES,
    Table,
    solve_core_plays,
    solve_core_plays_bounds,
)
from five_hundred.state import GameState, Phase, apply, record_of
from five_hundred.views import SeatView, view

__all__ = ["LEVELS", "ROLLOUTS", "SOLVE_NODES", "ActionValue", "SamplingPlayer"]

ROLLOUTS: Final = 40
"""The default number of rollout samples of an early card decision."""
SOLVE_NODES: Final = 5_000
"""The default node limit of a sampled deal's solve before the last tricks."""
_MADE_WEIGHT: Final = 20
"""How many tricks making (or defeating) the contract is worth in a card's value."""
LEVELS: Final[Mapping[str, Mapping[str, Any]]] = MappingProxyType(
    {
        "easy": MappingProxyType(
            {
                "samples": 4,
                "budget": 0.05,
                "solve_tricks": 2,
                "bid_samples": 0,
                "bid_budget": 0.1,
                "rollouts": 0,
                "solve_nodes": None,
            }
        ),
        "medium": MappingProxyType(
            {
                "samples": 8,
                "budget": 0.1,
                "bid_samples": 8,
                "bid_budget": 0.25,
                "rollouts": 10,
                "solve_nodes": None,
            }
        ),
        "hard": MappingProxyType({}),
        "expert": MappingProxyType({"budget": 0.5, "bid_budget": 1.0}),
    }
)
"""The settings of each level of :meth:`~five_hundred.sampling.SamplingPlayer.level`,
from the weakest (a setting not named is the default's).
:doc:`/explanation/double-dummy` gives each one's measured strength and time a
decision: ``easy`` plays about as the rule-based player, ``hard`` is the defaults, and
``expert`` is ``hard``'s search with time budgets two and a half times as long, so
that a slower machine does not cut it short (with the budgets off the two make the
same choices; searching more deals measured no stronger)."""
_INFER_TRIES: Final = 3
"""With inference, deals drawn at most per deal used (see ``inference``)."""
_DISCARD_CHOICES: Final = 5
"""The discard is chosen among the three-card sets of this many cards."""


class ActionValue(NamedTuple):
    """One action's estimate from :meth:`SamplingPlayer.evaluate`.

    Values compare the actions of one decision; their unit depends on the decision:

    - **a card**: the deciding seat's side's result from now on, as the player
      scores it: the contracting side's tricks still to come plus 20 if the contract
      is made (less 20 if not), negated for the defence (in misère fewer tricks are
      better for the contractor); a mean over the sampled deals, solved double-dummy
      once few tricks are left (or earlier, with ``solve_nodes``, each deal whose
      solve finishes within the limit), else played out by the rules of thumb;
    - **a call or a discard**: the mean score difference over the simulated deals
      (the seat's side's score less the mean of the others'); passing is worth 0,
      or over an opponent's bid, the simulated value of that contract.
    """

    action: Action
    """The action weighed (one of the view's legal actions)."""
    value: float | None
    """The estimate (higher is better for the seat), or ``None``: chosen by rule."""
    samples: int
    """The sampled (or simulated) deals the estimate is a mean over."""


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
        inference: in the card play, prefer sampled deals in which each seat that
            bid was dealt a hand the rules of thumb value at its bid (see
            :doc:`/explanation/double-dummy`).
        solve_nodes: the solver from the first trick, bounded: before
            ``solve_tricks`` are left, each of ``samples`` sampled deals is solved
            within this many nodes of the solver (its ``node_limit``, see
            :func:`~five_hundred.search.solver.solve_plays`: a bound on the work, the
            same on every machine), and a deal whose solve reaches the limit before
            every card's value is exact is played out once after each card as
            ``rollouts`` does instead (``None``: ``rollouts`` until ``solve_tricks``
            are left).  A whole number from 1; about 2 microseconds a node compiled,
            10 to 30 times that pure.  The default,
            :data:`~five_hundred.sampling.player.SOLVE_NODES`, measured stronger
            than rollouts (see :doc:`/explanation/double-dummy`).
        bid_solve_nodes: in the bid simulation with two sides (four or six
            players), each simulated deal is solved double-dummy within this many
            solver nodes, and played out by the rules of thumb only if the solve
            does not finish (``None``: every deal played out).  A whole number
            from 1.
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
    simulated value.  Misère, when the seat may bid it, is played out on the same
    deals (the misère discard and play of the rules of thumb, the partner sitting
    out) and, if that beats the best bid, each deal it survives is judged
    double-dummy within a node limit.
    The player bids its best bid if it beats passing by ``bid_margin``; a misère the
    rules of thumb would bid (open misère included), and bids over a partner, are
    left to them.

    **Discard** (with ``discard_samples``; trick contracts, same player counts): each
    three-card set of the five cards the rules of thumb would throw first is played
    out on the same simulated deals; the best mean score wins.

    **Card play**: each of ``samples`` sampled deals
    (:func:`~five_hundred.search.resample.resample`) is solved with
    :func:`~five_hundred.search.solver.solve_plays`; a card's value in a sample is
    its side's tricks plus a bonus for making (or, for the defence, defeating) the
    contract, and the card with the best mean wins.  Until ``solve_tricks`` are
    left each solve is bounded by ``solve_nodes``, and a deal whose solve does not
    finish within it is valued by its rollout instead (played out once after each
    legal card, every seat then playing by the rule-of-thumb policy), so every deal
    drawn counts.  With ``solve_nodes=None``, the tricks until ``solve_tricks`` are
    left are played by ``rollouts`` sampled deals, each valued by its rollout.
    The Joker's nomination and the partner call are the rules of thumb's.

    With ``budget`` and ``bid_budget`` both ``None`` the player is deterministic for
    its seed.  :meth:`level` gives the named presets an app can offer (``"easy"`` to
    ``"expert"``), and :meth:`evaluate` the estimates behind each choice (for hints).

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
        inference: bool = False,
        solve_nodes: int | None = SOLVE_NODES,
        bid_solve_nodes: int | None = None,
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
        if not isinstance(cast(object, inference), bool):
            wrong_type(inference, "True or False for inference")
        self.inference = inference
        self.solve_nodes = (
            None
            if solve_nodes is None
            else check_count(solve_nodes, "solve_nodes", 1, MAX_NODES)
        )
        self.bid_solve_nodes = (
            None
            if bid_solve_nodes is None
            else check_count(bid_solve_nodes, "bid_solve_nodes", 1, MAX_NODES)
        )
        self.seed = check_seed(seed)
        self._bidding: tuple[object, _BidSimulator] | None = None
        self._rng = random.Random(seed)
        self._rules = RuleBasedPlayer()

    @classmethod
    def level(cls, name: str, *, seed: int = 0, budgets: bool = True) -> Self:
        """A player of the named strength (one of ``LEVELS``, from the weakest).

        The levels are ``"easy"``, ``"medium"``, ``"hard"`` (the defaults) and
        ``"expert"``; :data:`~five_hundred.sampling.player.LEVELS` holds their settings.

        ``budgets=False`` lifts the time budgets, so that the player is deterministic
        for its seed (for measuring; a decision then takes as long as its samples).

        >>> from five_hundred.sampling import SamplingPlayer
        >>> SamplingPlayer.level("easy").bid_samples
        0

        Raises:
            InvalidStateError: if ``name`` is not a level.
            TypeError: if ``name`` is not text.
        """
        if not isinstance(cast(object, name), str):
            wrong_type(name, f"a level name ({', '.join(LEVELS)})")
        settings = LEVELS.get(name)
        if settings is None:
            msg = f"unknown level {quote(name)}: expected one of {', '.join(LEVELS)}"
            raise InvalidStateError(msg)
        player = cls(**settings, seed=seed)
        if not budgets:
            player.budget = player.bid_budget = None
        return player

    def __repr__(self) -> str:
        return (
            f"SamplingPlayer(samples={self.samples}, budget={self.budget}, "
            f"solve_tricks={self.solve_tricks}, bid_samples={self.bid_samples}, "
            f"bid_margin={self.bid_margin}, discard_samples={self.discard_samples}, "
            f"bid_budget={self.bid_budget}, rollouts={self.rollouts}, "
            f"inference={self.inference}, solve_nodes={self.solve_nodes}, "
            f"bid_solve_nodes={self.bid_solve_nodes}, seed={self.seed})"
        )

    def choose(self, view: SeatView, seat: int) -> Action:
        """The action of ``seat`` (the seat to act), seen through its ``view``.

        It is the first action :meth:`evaluate` lists.
        """
        return self._decide(view, seat)[0]

    def evaluate(self, view: SeatView, seat: int) -> list[ActionValue]:
        """The player's estimate of each action it weighed for ``seat``, best first.

        The first item is the action :meth:`choose` takes (a call, say, must beat
        passing by ``bid_margin``, so a bid valued a little above passing may come
        second); the others follow from the best value down.  What is weighed, and
        in which unit, depends on the decision (see :class:`ActionValue`): in the
        card play every legal card, in a simulated bid passing and each bid tried
        within the budget, in a simulated discard each candidate tried.  A decision
        the player makes by its rules of thumb (the Joker's nomination, the partner
        call, misère, a bid over a partner, a forced card) gives the one action it
        takes, with no value.  It draws from the player's generator as
        :meth:`choose` does, so one replaces the other in a seeded run.

        >>> from five_hundred import new_game, view
        >>> from five_hundred.sampling import SamplingPlayer
        >>> player = SamplingPlayer(bid_samples=4, budget=None, bid_budget=None)
        >>> first = new_game(seed=1)
        >>> values = player.evaluate(view(first, 1), 1)
        >>> values[0].action in view(first, 1).legal_actions, values[0].samples
        (True, 4)
        """
        action, values = self._decide(view, seat)
        first = [item for item in values if item.action == action][:1]
        if not first:
            first = [ActionValue(action, None, 0)]
        rest = [item for item in values if item.action != action]
        rest.sort(key=lambda item: -math.inf if item.value is None else -item.value)
        return first + rest

    def _decide(self, view: SeatView, seat: int) -> tuple[Action, list[ActionValue]]:
        """The action the player takes and the estimates it took it from."""
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
            return self._rules.choose(view, seat), []
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0], []
        if left > most:
            if self.solve_nodes is not None:
                return _best_card(self._sample_play(view, seat, self.solve_nodes))
            if self.rollouts:
                return _best_card(self._rollout_play(view, seat))
            return self._rules.choose(view, seat), []
        return _best_card(self._sample_play(view, seat))

    def _spent(self, start: float) -> bool:
        """Whether the bidding and discard budget is spent since ``start``."""
        budget = self.bid_budget
        return budget is not None and time.perf_counter() - start > budget

    def _simulator(self, seen: SeatView, seat: int) -> _BidSimulator:
        """The bid simulator of the seat's hand (kept while the hand is the same)."""
        key = (seen.rules, seat, seen.dealer, seen.hand)
        if self._bidding is None or self._bidding[0] != key:
            simulator = _BidSimulator(seen, seat, self._rng, self.bid_solve_nodes)
            self._bidding = (key, simulator)
        return self._bidding[1]

    def _simulated_bid(
        self, seen: SeatView, seat: int
    ) -> tuple[Action, list[ActionValue]]:
        """The bid with the best simulated score, or a pass if passing looks better.

        Each strain the seat may still bid, and misère if it may bid it, is simulated
        on ``bid_samples`` deals that fit the auction; a bid's value is its mean score
        difference over them.  Passing is worth 0, or, over an opponent's trick bid,
        that contract's simulated value; a bid must beat it by ``bid_margin``.  A
        misère the rules of thumb bid, and bidding over a partner, are theirs.
        """
        start = time.perf_counter()
        ruled = self._rules.choose(seen, seat)
        if isinstance(ruled, MisereBid):
            return ruled, []
        rules = seen.rules
        bidder, standing = next(
            ((s, c) for s, c in reversed(seen.calls) if not isinstance(c, Pass)),
            (None, None),
        )
        if bidder is not None and side_of(rules, bidder) == side_of(rules, seat):
            return ruled, []
        simulator = self._simulator(seen, seat)
        budget = self.bid_budget
        simulator.deadline = None if budget is None else start + budget / 2
        shown = _shown(seen)
        count = self.bid_samples
        best: Action = PASS
        best_value = 0.0
        passed = 0
        if bidder is not None and isinstance(standing, TrickBid):
            results = simulator.tricks(bidder, standing.strain, shown, count)
            if results:
                best_value = simulator.value(standing, bidder, results)
                passed = len(results)
        values = [ActionValue(PASS, best_value, passed)]
        best_value += self.bid_margin
        bids = [
            action
            for action in seen.legal_actions
            if isinstance(action, TrickBid) and not action.sans_kitty
        ]
        guess = {s: strain_estimate(seen.hand, s, rules) for s in Strain}
        bids.sort(key=lambda bid: (-guess[bid.strain], bid.tricks))
        for action in bids:
            if self._spent(start):
                break
            results = simulator.tricks(seat, action.strain, shown, count)
            if results:
                value = simulator.value(action, seat, results)
                values.append(ActionValue(action, value, len(results)))
                if value > best_value:
                    best, best_value = action, value
        if MISERE in seen.legal_actions and not self._spent(start):
            # played out by rule, a misère is made at least as often as judged
            # double-dummy: the solver is asked only if its playouts beat the best
            played = simulator.tricks(seat, MISERE, shown, count)
            if played and simulator.value(MISERE, seat, played) > best_value:
                results = simulator.misere(seat, shown, count)
                value = simulator.value(MISERE, seat, results)
                values.append(ActionValue(MISERE, value, len(results)))
                if value > best_value:
                    best, best_value = MISERE, value
        return (best if best in seen.legal_actions else ruled), values

    def _simulated_discard(
        self, seen: SeatView, seat: int
    ) -> tuple[Action, list[ActionValue]]:
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
            return self._rules.choose(seen, seat), []
        core = record_of(template)
        rules = seen.rules
        simulator = _BidSimulator(seen, seat, rng)
        budget = self.bid_budget
        simulator.deadline = None if budget is None else start + budget / 2
        deals = simulator.deals(_shown(seen), self.discard_samples)
        order = keep_order(play_setup(core).key, simulator.own)
        throw = order[:_DISCARD_CHOICES]
        team = side_mask(rules, seat)
        policy = rule_policy(play_setup(core), team, simulator.friends)
        best_value, best = -math.inf, 0
        values = []
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
            values.append(ActionValue(_discard_of(discard), value, len(results)))
            if value > best_value:
                best_value, best = value, discard
        return _discard_of(best), values

    def _samples(self, seen: SeatView, seat: int, count: int) -> Iterator[_Sample]:
        """Up to ``count`` deals that fit the view, drawn while the budget lasts.

        With ``inference``, a deal in which a seat's dealt hand does not fit its
        last bid as the rules of thumb read it is set aside; up to
        :data:`_INFER_TRIES` times ``count`` deals are drawn, and the deals set
        aside make up the count if too few fit.
        """
        start = time.perf_counter()
        bids = [(s, levels) for s, levels, passed in _shown(seen) if not passed]
        rules = seen.rules
        limit = count * _INFER_TRIES if self.inference and bids else count
        spare: list[GameState] = []
        given = 0
        for _ in range(limit):
            if given >= count:
                return
            if given and self._out_of_time(start):
                return
            sample = resample(seen, self._rng)
            if limit > count:
                dealt = sample.dealt[0]
                if not all(_fits(dealt[s], lv, False, rules) for s, lv in bids):
                    spare.append(sample)
                    continue
            given += 1
            yield _sample(sample, seat)
        for sample in spare[: count - given]:
            if given and self._out_of_time(start):
                return
            given += 1
            yield _sample(sample, seat)

    def _out_of_time(self, start: float) -> bool:
        """Whether the card decision's budget is spent since ``start``."""
        return self.budget is not None and time.perf_counter() - start > self.budget

    def _sample_play(
        self, seen: SeatView, seat: int, node_limit: int | None = None
    ) -> tuple[dict[int, float], int]:
        """Each choice's total value over the sampled deals, and their number.

        Each deal is solved; with a ``node_limit``, a deal whose solve reaches it
        before every choice's value is exact is played out by rollouts instead.
        """
        totals: dict[int, float] = {}
        table: Table = {}
        rollout: _Rollout | None = None
        count = 0
        for sample in self._samples(seen, seat, self.samples):
            values = _solved(sample, table, node_limit)
            if values is None:
                if rollout is None:
                    rollout = _Rollout(seen, self._rng)
                values = rollout.values(sample)
            count += 1
            for choice, value in values.items():
                totals[choice] = totals.get(choice, 0.0) + value
        return totals, count

    def _rollout_play(self, seen: SeatView, seat: int) -> tuple[dict[int, float], int]:
        """Each choice's total result over rule-of-thumb playouts, and their number.

        Each of up to ``rollouts`` samples of the hidden hands is played out once
        after each legal card (see :class:`_Rollout`).
        """
        rollout = _Rollout(seen, self._rng)
        totals = dict.fromkeys(rollout.choices, 0.0)
        count = 0
        for sample in self._samples(seen, seat, self.rollouts):
            count += 1
            for choice, value in rollout.values(sample).items():
                totals[choice] += value
        return totals, count


class _Rollout:
    """Plays a sampled deal out once after each legal card of the seat to act.

    Every seat then plays by the rule-based player's card play
    (:func:`~five_hundred._rules_of_thumb.rule_policy`); a card's value is scored
    as the solver's are (:func:`_play_value`).
    """

    def __init__(self, seen: SeatView, rng: random.Random) -> None:
        self.choices = [_choice_of(action) for action in seen.legal_actions]
        self._friends = seat_friends(seen.rules)
        self._contractor = seen.contract.contractor if seen.contract else -1
        self._random = rng.random
        self._policies: dict[int, Policy] = {}
        # the suit led, for a Joker that names it (led before or now): the policies
        # read it, and each playout sets it
        self._named = [NO_SUIT]

    def values(self, sample: _Sample) -> dict[int, float]:
        """Each choice's value in one playout of ``sample`` after it."""
        core, bid, team, won, ours = sample
        sign = 1 if ours else -1
        key = play_setup(core).key
        policy = self._policies.get(key)
        if policy is None:
            team_mask = sum(1 << s for s in team)
            misere = self._contractor if isinstance(bid, MisereBid) else -1
            policy = self._policies[key] = rule_policy(
                play_setup(core), team_mask, self._friends, self._named, misere
            )
        values = {}
        for choice in self.choices:
            self._named[0] = (
                choice - JOKER_LEAD if choice >= JOKER_LEAD else suit_led(core)
            )
            tricks, _ = play_out(core, self._random, _forced_first(choice, policy))
            taken = sum(tricks >> 4 * s & 15 for s in team) - won
            values[choice] = sign * _play_value(bid, won, taken)
        return values


def _solved(
    sample: _Sample, table: Table, node_limit: int | None
) -> dict[int, float] | None:
    """Each choice's value in ``sample`` solved double-dummy (``table``: the memo).

    ``None`` if a ``node_limit`` is reached before every choice's value is exact.
    """
    if node_limit is None:
        tricks = solve_core_plays(sample.core, table)
    else:
        bounds, _ = solve_core_plays_bounds(sample.core, table, node_limit)
        if any(low != high for low, high in bounds.values()):
            return None
        tricks = {choice: low for choice, (low, _) in bounds.items()}
    sign = 1 if sample.ours else -1
    return {
        choice: sign * _play_value(sample.bid, sample.won, taken)
        for choice, taken in tricks.items()
    }


def _sample(sample: GameState, seat: int) -> _Sample:
    """A deal drawn for ``seat``'s card decision, as the decision reads it."""
    contract = sample.contract
    assert contract is not None  # the play has a contract
    team = sample.contracting_seats
    won = sum(sample.tricks_won_by_seat[s] for s in team)
    return _Sample(record_of(sample), contract.bid, team, won, seat in team)


def _best_card(found: tuple[dict[int, float], int]) -> tuple[Action, list[ActionValue]]:
    """The card with the best mean (the lowest choice on a tie) and every card's mean."""
    totals, count = found
    best = max(totals, key=lambda choice: (totals[choice], -choice))
    values = [
        ActionValue(choice_action(choice), total / count, count)
        for choice, total in sorted(totals.items())
    ]
    return choice_action(best), values


def _discard_of(mask: int) -> Discard:
    return Discard(frozenset(CARDS_BY_CODE[c] for c in codes_from_mask(mask)))


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
