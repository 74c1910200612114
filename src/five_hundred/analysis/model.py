"""The values a review gives: each decision reviewed, each hand, the whole game.

Every value is frozen and compared by value;
:meth:`~five_hundred.analysis.GameReview.to_dict` gives the whole
review as plain JSON data (the layout is documented in :doc:`/reference/review`).
"""

from collections.abc import Sequence
from typing import Any

import attrs

from five_hundred.actions import Action
from five_hundred.bidding import Call, Contract
from five_hundred.rules import Rules
from five_hundred.sampling import BidAdvice

__all__ = [
    "CallReview",
    "ChoiceReview",
    "GameReview",
    "HandReview",
    "SeatSummary",
    "SideSummary",
]


def _actions(value: Any) -> tuple[Action, ...] | None:
    return None if value is None else tuple(value)


@attrs.frozen
class ChoiceReview:
    """A card play, a discard or a Joker nomination, by double-dummy analysis.

    The tricks are the contracting side's over the whole hand (those already won
    included) when every seat plays perfectly from this decision on, with every hand
    known.  ``None`` values mean the decision was not solved within the review's
    time limit.
    """

    kind: str
    """``"play"``, ``"discard"`` or ``"nominate"``."""
    number: int
    """The action's number among the hand's actions, from 1."""
    seat: int
    """The seat that decided."""
    action: Action
    """The choice made."""
    trick: int | None
    """The trick the card was played to, from 1 (``None`` before the play)."""
    best: tuple[Action, ...] | None = attrs.field(converter=_actions)
    """The best choices (for a discard: the first best one found; others may tie)."""
    tricks_best: int | None
    """The contracting side's tricks in the hand after the best choice."""
    tricks_made: int | None
    """The contracting side's tricks in the hand after the choice made."""
    result_best: str | None
    """What ``tricks_best`` means for the contract: ``"made"``, ``"set"`` or ``"slam"``."""
    result_made: str | None
    """What ``tricks_made`` means for the contract."""
    cost_tricks: int | None
    """Tricks the choice made cost its side (0: a best choice)."""
    cost_points: int | None
    """Points it cost its side: the change in the margin between the contracting
    side's result and the defenders' trick points together, seen from the seat's side."""
    exhaustive: bool = True
    """Whether every choice was compared: a discard's search cut short by the time
    limit gives the best of those it compared (its cost is then a lower bound)."""
    sampled_best: tuple[Action, ...] | None = attrs.field(
        default=None, converter=_actions
    )
    """For a card play reviewed with ``play_samples``: the best cards by their mean
    over deals that fit what the seat knew (``None``: not sampled)."""
    sampled_cost: float | None = None
    """The card's cost in points by that mean: what the seat could expect to lose
    by it from what it knew (it differs from ``cost_points`` where the card was a
    good bet that this lie of the cards punished, or a lucky one)."""
    bounded: bool = False
    """Whether the review's ``node_limit`` stopped the solver on this decision: its
    values are then ``None`` (a discard's are the best of those compared, as when
    the time limit cuts it short), and ``exhaustive`` is false."""

    @property
    def error(self) -> bool:
        """Whether the choice made lost something (a trick, or points)."""
        return bool(self.cost_tricks) or bool(self.cost_points)

    def to_dict(self) -> dict[str, Any]:
        """The decision as JSON data (actions in notation)."""
        return {
            "kind": self.kind,
            "number": self.number,
            "seat": self.seat,
            "action": str(self.action),
            "trick": self.trick,
            "best": None if self.best is None else [str(a) for a in self.best],
            "tricks_best": self.tricks_best,
            "tricks_made": self.tricks_made,
            "result_best": self.result_best,
            "result_made": self.result_made,
            "cost_tricks": self.cost_tricks,
            "cost_points": self.cost_points,
            "exhaustive": self.exhaustive,
            "sampled_best": None
            if self.sampled_best is None
            else [str(a) for a in self.sampled_best],
            "sampled_cost": self.sampled_cost,
            "bounded": self.bounded,
            "error": self.error,
        }


def _advice(value: Any) -> tuple[BidAdvice, ...]:
    return tuple(value)


@attrs.frozen
class CallReview:
    """A call of the auction, by the bid advisor's estimates.

    The estimates come from :func:`~five_hundred.sampling.advise_bids`: deals of the
    cards the seat could not see, solved double-dummy, so they are what the seat could
    expect from its hand.  A pass is estimated at 0 (no contract of its own).
    """

    number: int
    """The call's number among the hand's actions, from 1."""
    seat: int
    """The seat that called."""
    call: Call
    """The call made."""
    estimates: tuple[BidAdvice, ...] = attrs.field(converter=_advice)
    """The advisor's estimate of each bid the seat could legally make then, best first
    (empty when the review sampled no deals)."""
    expected_made: float | None
    """The estimated score of the call made (0 for a pass; ``None``: not estimated)."""
    best: Call | None
    """The call with the best estimate (``None``: nothing estimated)."""
    expected_best: float | None
    """Its estimated score."""
    cost: float | None
    """The estimated points the call made gave up (0: the best call or better)."""

    def to_dict(self) -> dict[str, Any]:
        """The call as JSON data."""
        return {
            "kind": "call",
            "number": self.number,
            "seat": self.seat,
            "call": str(self.call),
            "estimates": [
                {"bid": str(e.bid), "chance": e.chance, "expected": e.expected}
                for e in self.estimates
            ],
            "expected_made": self.expected_made,
            "best": None if self.best is None else str(self.best),
            "expected_best": self.expected_best,
            "cost": self.cost,
        }


def _choices(value: Any) -> tuple[ChoiceReview, ...]:
    return tuple(value)


@attrs.frozen
class SeatSummary:
    """What one seat's errors cost, over the hands reviewed."""

    seat: int
    errors: int
    """Card plays, discards and nominations that cost something."""
    tricks_lost: int
    """Tricks those errors cost, double-dummy."""
    points_lost: int
    """Points those errors cost, double-dummy."""
    call_points_lost: float
    """Points the calls gave up, by the advisor's estimates."""
    biggest: tuple[ChoiceReview, ...] = attrs.field(converter=_choices)
    """The costliest errors, the costliest first (at most three)."""

    def to_dict(self) -> dict[str, Any]:
        """The summary as JSON data."""
        return {
            "seat": self.seat,
            "errors": self.errors,
            "tricks_lost": self.tricks_lost,
            "points_lost": self.points_lost,
            "call_points_lost": self.call_points_lost,
            "biggest": [choice.to_dict() for choice in self.biggest],
        }


def _ints(value: Any) -> tuple[int, ...]:
    return tuple(value)


@attrs.frozen
class SideSummary:
    """What one side's errors cost: its seats' summaries added up."""

    side: int
    seats: tuple[int, ...] = attrs.field(converter=_ints)
    errors: int
    tricks_lost: int
    points_lost: int
    call_points_lost: float

    def to_dict(self) -> dict[str, Any]:
        """The summary as JSON data."""
        return {
            "side": self.side,
            "seats": list(self.seats),
            "errors": self.errors,
            "tricks_lost": self.tricks_lost,
            "points_lost": self.points_lost,
            "call_points_lost": self.call_points_lost,
        }


_BIGGEST = 3
"""How many of a seat's errors its summary lists."""


def _by_cost(choice: ChoiceReview) -> tuple[int, int]:
    """The costliest first: by points, then tricks."""
    return (-(choice.cost_points or 0), -(choice.cost_tricks or 0))


def _totals(summaries: Sequence[SeatSummary]) -> tuple[int, int, int, float]:
    """The errors, tricks lost, points lost and calls' points lost of summaries."""
    return (
        sum(s.errors for s in summaries),
        sum(s.tricks_lost for s in summaries),
        sum(s.points_lost for s in summaries),
        sum(s.call_points_lost for s in summaries),
    )


def _seat_summary(
    seat: int, calls: Sequence[CallReview], choices: Sequence[ChoiceReview]
) -> SeatSummary:
    """What ``seat``'s errors among ``calls`` and ``choices`` cost."""
    errors = sorted((c for c in choices if c.seat == seat and c.error), key=_by_cost)
    return SeatSummary(
        seat,
        len(errors),
        sum(c.cost_tricks or 0 for c in errors),
        sum(c.cost_points or 0 for c in errors),
        sum(c.cost or 0.0 for c in calls if c.seat == seat),
        errors[:_BIGGEST],
    )


def _side_summary(
    side: int, seats: Sequence[int], summaries: Sequence[SeatSummary]
) -> SideSummary:
    """The side made of ``seats``: their summaries added up."""
    own = [s for s in summaries if s.seat in seats]
    return SideSummary(side, tuple(seats), *_totals(own))


def _optional_ints(value: Any) -> tuple[int, ...] | None:
    return None if value is None else tuple(value)


def _calls(value: Any) -> tuple[CallReview, ...]:
    return tuple(value)


def _seat_summaries(value: Any) -> tuple[SeatSummary, ...]:
    return tuple(value)


def _side_summaries(value: Any) -> tuple[SideSummary, ...]:
    return tuple(value)


@attrs.frozen
class HandReview:
    """One hand reviewed: its calls, its double-dummy decisions and what they cost."""

    number: int
    """The hand's number in the game, from 1."""
    dealer: int
    contract: Contract | None
    """The contract (``None``: thrown in, or the auction goes on)."""
    tricks: int | None
    """The contracting side's tricks in the hand as played (``None``: no contract,
    or the play did not end)."""
    result: tuple[int, ...] | None = attrs.field(converter=_optional_ints)
    """The change to each side's total (``None`` while the hand goes on)."""
    calls: tuple[CallReview, ...] = attrs.field(converter=_calls)
    choices: tuple[ChoiceReview, ...] = attrs.field(converter=_choices)
    """The discard, the nomination and the card plays, in the order made."""
    complete: bool
    """Whether every decision was solved (not cut off by the time limit or the node
    limit)."""
    seats: tuple[SeatSummary, ...] = attrs.field(converter=_seat_summaries)
    sides: tuple[SideSummary, ...] = attrs.field(converter=_side_summaries)

    def to_dict(self) -> dict[str, Any]:
        """The hand's review as JSON data."""
        contract = self.contract
        return {
            "number": self.number,
            "dealer": self.dealer,
            "contract": None
            if contract is None
            else {"bid": str(contract.bid), "contractor": contract.contractor},
            "tricks": self.tricks,
            "result": None if self.result is None else list(self.result),
            "calls": [call.to_dict() for call in self.calls],
            "choices": [choice.to_dict() for choice in self.choices],
            "complete": self.complete,
            "seats": [summary.to_dict() for summary in self.seats],
            "sides": [summary.to_dict() for summary in self.sides],
        }

    def without(self, *kinds: str) -> "HandReview":
        """The review without the choices of these kinds, its summaries counted again.

        An app shows the other seats the hand's review ``without("discard")``: the
        discard's review names the discarded cards and the kitty's, which only the
        contractor has seen.

        >>> from five_hundred import RuleBasedPlayer, new_game, play_hand, review
        >>> state = play_hand(new_game(seed=2), [RuleBasedPlayer()] * 4)
        >>> hand = review(state, bid_samples=0).hands[0]
        >>> [c.kind for c in hand.without("discard").choices][:2]
        ['play', 'play']
        """
        choices = tuple(c for c in self.choices if c.kind not in kinds)
        seats = tuple(_seat_summary(s.seat, self.calls, choices) for s in self.seats)
        sides = tuple(_side_summary(s.side, s.seats, seats) for s in self.sides)
        return attrs.evolve(self, choices=choices, seats=seats, sides=sides)


def _hands(value: Any) -> tuple[HandReview, ...]:
    return tuple(value)


@attrs.frozen
class GameReview:
    """A game (or some of its hands) reviewed: each hand, and a summary of them all."""

    rules: Rules
    hands: tuple[HandReview, ...] = attrs.field(converter=_hands)
    seats: tuple[SeatSummary, ...] = attrs.field(converter=_seat_summaries)
    """Each seat's summary over every hand reviewed."""
    sides: tuple[SideSummary, ...] = attrs.field(converter=_side_summaries)
    """Each side's summary over every hand reviewed."""

    def to_dict(self) -> dict[str, Any]:
        """The whole review as JSON data (see :doc:`/reference/review`)."""
        return {
            "format": "five_hundred review",
            "version": 1,
            "rules": self.rules.to_dict(),
            "hands": [hand.to_dict() for hand in self.hands],
            "seats": [summary.to_dict() for summary in self.seats],
            "sides": [summary.to_dict() for summary in self.sides],
        }
