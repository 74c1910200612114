"""Scoring a hand and deciding the game (:ref:`rules-scoring`, :ref:`rules-game-end`).

>>> from five_hundred import Rules, parse_bid, score_hand
>>> score_hand(parse_bid("8H"), (9, 1), {0})          # made: 300; defenders 10 a trick
(300, 10)
>>> score_hand(parse_bid("8H"), (7, 3), {0})          # failed: -300
(-300, 30)
>>> score_hand(parse_bid("7S"), (10, 0), {0})         # a slam on a contract under 250
(250, 0)
>>> score_hand(parse_bid("MIS"), (1, 0), {0})         # misère taken a trick
(-250, 0)
"""

from collections.abc import Collection, Sequence
from typing import Final, NamedTuple, cast

import attrs

from five_hundred._checks import check_rules, check_sides
from five_hundred._engine import settle as _table
from five_hundred._engine.codes import seat_nibbles, side_packed
from five_hundred._engine.memo import per_rules
from five_hundred._shown import short_repr
from five_hundred.bidding import (
    Bid,
    Contract,
    MisereBid,
    Pass,
    TrickBid,
    bid_rank,
    bid_value,
)
from five_hundred.errors import IllegalBidError, InvalidStateError, quote, wrong_type
from five_hundred.rules import Rules, seats_of, side_of

__all__ = [
    "HandScore",
    "ScoreSheet",
    "Settlement",
    "contract_made",
    "contracting_seats",
    "contracting_sides",
    "describe_result",
    "game_winners",
    "is_slam",
    "score_contract",
    "score_hand",
    "settle_hand",
]

SLAM_VALUE: Final = _table.SLAM_VALUE
TOTAL_TRICKS: Final = 10


@per_rules
def scoring_options(rules: Rules) -> _table.Scoring:
    """The rules' scoring options as the engine's scoring table reads them."""
    cap = rules.defender_cap
    return (
        tuple(side_of(rules, seat) for seat in range(rules.players)),
        rules.sides,
        rules.defender_trick_points,
        -1 if cap is None else cap,
        rules.defender_points_only_when_set,
        rules.slam_bonus,
        rules.target,
        rules.losing_score,
        rules.win_requires_contract,
    )


def contract_terms(bid: Bid, rules: Rules) -> tuple[_table.Scoring, int, int]:
    """A contract's terms for the engine: the rules' options, its value and its need.

    The tricks a trick bid needs, or ``MISERE_NEEDS`` for a misère (see
    :mod:`._engine.settle`).
    """
    return scoring_options(rules), bid_value(bid, rules), _needs(bid)


def _needs(bid: Bid) -> int:
    return _table.MISERE_NEEDS if isinstance(bid, MisereBid) else bid.tricks


def _mask(sides: Collection[int]) -> int:
    """Sides as a bit mask."""
    mask = 0
    for side in sides:
        mask |= 1 << side
    return mask


def contract_made(bid: Bid, taken: int) -> bool:
    """Whether the contracting side made ``bid`` by taking ``taken`` tricks.

    A trick bid needs at least its tricks; every misère needs none.

    >>> contract_made(parse_bid("8H"), 8), contract_made(parse_bid("MIS"), 1)
    (True, False)
    """
    if not isinstance(cast(object, bid), TrickBid | MisereBid):
        wrong_type(bid, "a Bid", "parse_bid")
    return _table.made(_needs(bid), taken)


def contracting_sides(
    rules: Rules, contractor: int, partner: int | None = None
) -> frozenset[int]:
    """The sides that share a contract's result: their tricks count toward it.

    The contractor's side (:ref:`rules-teams`) and, with five players, the side of
    the called partner (``partner``, the seat holding the partner card; ``None``
    when the contractor plays alone).  These are the ``contractors`` that
    :func:`score_hand` and :func:`game_winners` take.

    >>> sorted(contracting_sides(Rules(), 3))
    [1]
    >>> sorted(contracting_sides(Rules.five_player(), 0, partner=2))
    [0, 2]

    Raises:
        InvalidStateError: if a seat is not a seat of the rules.
        TypeError: if ``rules`` is not a ``Rules``.
    """
    for seat in (contractor,) if partner is None else (contractor, partner):
        side_of(rules, seat)  # (checks the seat)
    found = _table.contracting(
        scoring_options(rules), contractor, -1 if partner is None else partner
    )
    return frozenset(side for side in range(rules.sides) if found >> side & 1)


def contracting_seats(
    rules: Rules, contract: Contract, partner: int | None = None
) -> frozenset[int]:
    """The seats that play ``contract``: the seats of its :func:`contracting_sides`.

    In misère the contractor plays alone and the partners sit out
    (:ref:`rules-misere-alone`): the contractor's seat only.  The tricks these
    seats win are the contracting side's (see :func:`contract_made`).

    >>> sorted(contracting_seats(Rules(), Contract(parse_bid("8H"), 1)))
    [1, 3]
    >>> sorted(contracting_seats(Rules(), Contract(parse_bid("MIS"), 1)))
    [1]
    >>> sorted(contracting_seats(Rules.five_player(), Contract(parse_bid("8H"), 0), 2))
    [0, 2]

    Raises:
        InvalidStateError: if a seat is not a seat of the rules.
        TypeError: if ``contract`` is not a ``Contract`` or ``rules`` not a ``Rules``.
    """
    if not isinstance(cast(object, contract), Contract):
        wrong_type(contract, "a Contract")
    sides = contracting_sides(rules, contract.contractor, partner)
    if isinstance(contract.bid, MisereBid):
        return frozenset({contract.contractor})
    return frozenset(seat for side in sides for seat in seats_of(rules, side))


def is_slam(bid: Bid, taken: int, rules: Rules = Rules()) -> bool:
    """Whether ``taken`` tricks on ``bid`` earn the slam bonus.

    A slam is all ten tricks on a trick contract worth less than 250, with
    ``Rules.slam_bonus``: it scores 250.

    >>> is_slam(parse_bid("7S"), 10), is_slam(parse_bid("9NT"), 10)
    (True, False)
    """
    check_rules(rules)
    return isinstance(bid, TrickBid) and _table.slam(
        scoring_options(rules), bid_value(bid, rules), bid.tricks, taken
    )


def _ints(value: object, name: str, count: int) -> tuple[int, ...]:
    """``value`` as a tuple of ``count`` whole numbers, or an InvalidStateError."""
    try:
        numbers = tuple(cast(Collection[object], value))
    except TypeError:
        msg = f"invalid {name} {quote(value)}: needs whole numbers, one entry per side ({count})"
        raise InvalidStateError(msg) from None
    if len(numbers) != count:
        msg = f"{name} needs one entry per side ({count}); got {len(numbers)}"
        raise InvalidStateError(msg)
    if any(type(n) is not int for n in numbers):
        msg = f"invalid {name} {quote(numbers)}: whole numbers only"
        raise InvalidStateError(msg)
    return cast(tuple[int, ...], numbers)


def _check(
    bid: Bid, tricks_won: object, contractors: object, scores: object, rules: Rules
) -> tuple[tuple[int, ...], set[int], tuple[int, ...]]:
    if isinstance(cast(object, bid), Pass):
        msg = f"invalid bid {quote(str(bid))}: a hand is scored on a bid (not a pass)"
        raise InvalidStateError(msg)
    if not isinstance(cast(object, bid), TrickBid | MisereBid):
        wrong_type(bid, "a Bid", "parse_bid")
    check_rules(rules)
    try:
        bid_rank(bid, rules)
    except IllegalBidError as error:
        msg = f"invalid bid {error}"
        raise InvalidStateError(msg) from None
    tricks = _ints(tricks_won, "tricks_won", rules.sides)
    if any(t < 0 for t in tricks) or sum(tricks) > TOTAL_TRICKS:
        msg = f"invalid tricks_won {short_repr(tricks)}: at most 10 tricks in all"
        raise InvalidStateError(msg)
    try:
        sides = tuple(cast(Collection[object], contractors))
    except TypeError:
        sides = ()
    if not sides or any(type(s) is not int or not 0 <= s < rules.sides for s in sides):
        msg = (
            f"invalid contractors {quote(contractors)}: a collection of sides; "
            f"sides are 0 to {rules.sides - 1}"
        )
        raise InvalidStateError(msg)
    contracting = set(cast(tuple[int, ...], sides))
    _check_total(bid, tricks)
    before = (
        (0,) * rules.sides if scores is None else _ints(scores, "scores", rules.sides)
    )
    return tricks, contracting, before


def _check_total(bid: Bid, tricks: tuple[int, ...]) -> None:
    """The tricks must add up to a hand (:ref:`rules-misere-stops`).

    A trick contract plays all ten tricks.  A misère may stop as soon as the
    contractor takes a trick (and its defenders score nothing), so its tricks may add
    up to fewer.
    """
    total = sum(tricks)
    if total > TOTAL_TRICKS or (
        not isinstance(bid, MisereBid) and total != TOTAL_TRICKS
    ):
        msg = (
            f"invalid tricks_won {short_repr(tricks)}: the tricks of a hand add up to "
            f"{TOTAL_TRICKS}, not {total}"
        )
        raise InvalidStateError(msg)


def score_hand(
    bid: Bid,
    tricks_won: Sequence[int],
    contractors: Collection[int],
    *,
    scores: Sequence[int] | None = None,
    rules: Rules = Rules(),
) -> tuple[int, ...]:
    """The change to each side's total for a finished hand.

    Args:
        bid: the contract.
        tricks_won: tricks won by each side this hand.
        contractors: the contracting sides (two in a five-player partnership).
        scores: each side's total before the hand (needed only for ``defender_cap``).
        rules: the scoring options.

    A trick contract made scores its value (250 for a slam on a contract worth less,
    with ``slam_bonus``), failed loses it; every defending side scores
    ``defender_trick_points`` per trick, up to ``defender_cap``.  A misère scores its
    value if the contractor took no trick and loses it otherwise; defenders score
    nothing.

    Raises:
        InvalidStateError: if the arguments cannot describe a hand.
        TypeError: if ``bid`` is not a bid (text: read it with
            :func:`~five_hundred.bidding.parse_bid`) or ``rules`` not a ``Rules``.
    """
    tricks_won, contracting, before = _check(
        bid, tricks_won, contractors, scores, rules
    )
    return hand_changes(bid, tricks_won, contracting, before, rules)


def hand_changes(
    bid: Bid,
    tricks_won: Sequence[int],
    contracting: Collection[int],
    before: Sequence[int],
    rules: Rules,
) -> tuple[int, ...]:
    """:func:`score_hand` without the checks, for callers that built valid arguments.

    ``before`` are the totals before the hand, one per side.
    """
    scoring, value, needs = contract_terms(bid, rules)
    return _table.changes(
        scoring, value, needs, tuple(tricks_won), _mask(contracting), tuple(before)
    )


def game_winners(
    rules: Rules,
    scores: Sequence[int],
    contractors: Collection[int] = (),
    *,
    made: bool = False,
) -> tuple[int, ...]:
    """The winning sides after a hand, or ``()`` if the game goes on (:ref:`rules-game-end`, :ref:`rules-many-sides`).

    Args:
        rules: the game-end options.
        scores: each side's total after the hand.
        contractors: the contracting sides of the hand just scored.
        made: whether they made the contract.

    A side wins by reaching the target by making a contract; every contracting side
    that does so wins (both partners of a five-player partnership).  Without
    ``win_requires_contract`` defenders' points may win too, the contractors first, and
    otherwise the highest total.  A side at or below ``losing_score`` loses and ends
    the game: the highest other total wins.  Equal totals share the win.

    >>> game_winners(Rules(), (520, 300), {0}, made=True)
    (0,)
    >>> game_winners(Rules(), (300, 510), {0}, made=True)   # defenders' points can't win
    ()
    >>> game_winners(Rules(), (-520, 300), {0})
    (1,)

    Raises:
        InvalidStateError: if ``scores`` does not hold one whole number per side.
    """
    scores = check_sides(check_rules(rules), scores)
    return _winners(rules, scores, contractors, made)


def _winners(
    rules: Rules, scores: tuple[int, ...], contractors: Collection[int], made: bool
) -> tuple[int, ...]:
    """:func:`game_winners` of checked arguments (the engine's scoring table)."""
    return _table.winners(scoring_options(rules), scores, _mask(contractors), made)


class Settlement(NamedTuple):
    """A finished hand, scored: what :func:`settle_hand` returns."""

    tricks_won: tuple[int, ...]
    """Tricks won by each side."""
    changes: tuple[int, ...]
    """The change to each side's total (:func:`score_hand`)."""
    scores: tuple[int, ...]
    """Each side's total after the hand."""
    winners: tuple[int, ...]
    """The winning sides if the hand ends the game (:func:`game_winners`), else ``()``."""


SETTLEMENT_CACHE_SIZE: Final = 4096
"""How many settlements :func:`settle_hand` keeps per rules value."""


class _Settling(NamedTuple):
    """What scoring a finished hand needs of the rules, and the memo of its answers."""

    sides: tuple[int, ...]
    """The side of each seat."""
    side_count: int
    """How many sides."""
    memo: dict[tuple[Bid, int, int, int, tuple[int, ...]], Settlement]
    """The settlements, by bid, tricks won by each side (packed: 4 bits a side, see
    :func:`._engine.codes.side_packed`), contractor, partner, scores."""


@per_rules
def _settling(rules: Rules) -> _Settling:
    sides = tuple(side_of(rules, seat) for seat in range(rules.players))
    return _Settling(sides, rules.sides, {})


def settle_hand(
    rules: Rules,
    bid: Bid,
    won_by_seat: tuple[int, ...],
    contractor: int,
    partner: int,
    scores: tuple[int, ...],
) -> Settlement:
    """Score a finished hand from the tricks each seat won, and decide the game.

    ``partner`` is the five-player partner's seat (-1 for none); ``scores`` are the
    sides' totals before the hand.  For engines that built valid arguments: nothing is
    checked.  The answers for the first ``SETTLEMENT_CACHE_SIZE`` (4096) distinct hands
    (by the tricks each side won) are kept: a search scores the same few outcomes over
    and over.
    """
    sides, _, memo = _settling(rules)
    packed = 0
    for seat, won in enumerate(won_by_seat):
        packed |= won << 4 * seat
    key = (bid, side_packed(packed, sides), contractor, partner, scores)
    found = memo.get(key)
    return _settle(rules, key) if found is None else found


def settle_packed(
    rules: Rules,
    bid: Bid,
    won: int,
    contractor: int,
    partner: int,
    scores: tuple[int, ...],
) -> Settlement:
    """:func:`settle_hand` of the engine's tricks won by each seat, 4 bits a seat."""
    sides, _, memo = _settling(rules)
    key = (bid, side_packed(won, sides), contractor, partner, scores)
    found = memo.get(key)
    return _settle(rules, key) if found is None else found


def _settle(
    rules: Rules, key: tuple[Bid, int, int, int, tuple[int, ...]]
) -> Settlement:
    """:func:`settle_hand` of a hand not in the memo, by its key (kept if room)."""
    memo = _settling(rules).memo
    scoring, value, needs = contract_terms(key[0], rules)
    _, packed, contractor, partner, scores = key
    by_side = seat_nibbles(packed, scoring[1])
    contractors = _table.contracting(scoring, contractor, partner)
    found = Settlement(
        *_table.settle(scoring, value, needs, by_side, contractors, scores)
    )
    if len(memo) < SETTLEMENT_CACHE_SIZE:
        memo[key] = found
    return found


# -- score keeping -------------------------------------------------------------------


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def describe_result(
    bid: Bid,
    taken: int,
    *,
    rules: Rules = Rules(),
    partnership: bool = True,
    name: str | None = None,
) -> str:
    """The sentence that explains a hand's result (the ``score`` command prints it).

    ``taken`` is the contracting side's tricks; ``partnership`` says whether the
    contract was played by a side of several seats ("the contractors"); ``name`` is
    how to show the bid (its notation by default).

    >>> describe_result(parse_bid("8H"), 9)
    '8H made: the contractors took 9 tricks (8 needed); 8H is worth 300.'
    >>> describe_result(parse_bid("MIS"), 1)
    'MIS failed: the contractor took 1 trick; MIS is worth 250.'
    """
    shown = str(bid) if name is None else name
    value = bid_value(bid, rules)
    made = contract_made(bid, taken)
    verb = "made" if made else "failed"
    if isinstance(bid, MisereBid):
        took = "took no trick" if made else f"took {_plural(taken, 'trick')}"
        return f"{shown} {verb}: the contractor {took}; {shown} is worth {value}."
    if is_slam(bid, taken, rules):
        return (
            f"{shown} made: a slam (all 10 tricks), worth {SLAM_VALUE} "
            f"instead of {value}."
        )
    who = "contractors" if partnership else "contractor"
    return (
        f"{shown} {verb}: the {who} took {_plural(taken, 'trick')} "
        f"({bid.tricks} needed); {shown} is worth {value}."
    )


@attrs.frozen
class HandScore:
    """A hand scored from the contractors' tricks: what :func:`score_contract` returns."""

    bid: Bid
    """The contract."""
    side: int
    """The contracting side."""
    tricks: int
    """The tricks the contracting side took."""
    changes: tuple[int, ...]
    """The change to each side's total."""
    made: bool
    """Whether the contract was made."""
    slam: bool
    """Whether it was a slam (all ten tricks on a contract worth less than 250)."""
    explanation: str
    """The sentence that explains the result (:func:`describe_result`)."""
    partner: int | None = None
    """Five players: the side of the contractor's partner (``None``: alone)."""


def score_contract(
    bid: Bid,
    tricks: int,
    *,
    side: int = 0,
    scores: Sequence[int] | None = None,
    rules: Rules = Rules(),
) -> HandScore:
    """Score a hand of a two-side game from the contracting side's tricks alone.

    A score sheet records the contract and the contractors' tricks; with two sides
    that determines everything (the defenders took the rest; in misère they score
    nothing).  ``side`` is the contracting side, ``scores`` the totals before the hand
    (needed only for ``defender_cap``).

    >>> result = score_contract(parse_bid("7S"), 10)
    >>> result.changes, result.made, result.slam
    ((250, 0), True, True)
    >>> result.explanation
    '7S made: a slam (all 10 tricks), worth 250 instead of 140.'

    Raises:
        InvalidStateError: if the rules have more than two sides (use
            :func:`score_hand` with the tricks of each side), the bid is not allowed
            by the rules, or the tricks or the side are out of range.
        TypeError: if ``bid`` is not a bid or ``rules`` not a ``Rules`` value.
    """
    check_rules(rules)
    if rules.sides != 2:
        msg = (
            f"score_contract needs a game of two sides (these rules have {rules.sides}); "
            "use score_hand with the tricks of each side"
        )
        raise InvalidStateError(msg)
    if type(tricks) is not int or not 0 <= tricks <= TOTAL_TRICKS:
        msg = f"invalid tricks {quote(tricks)}: the contractors took 0 to 10 tricks"
        raise InvalidStateError(msg)
    if type(side) is not int or side not in (0, 1):
        msg = f"invalid side {quote(side)}: sides are 0 and 1"
        raise InvalidStateError(msg)
    other = 0 if isinstance(bid, MisereBid) else TOTAL_TRICKS - tricks
    by_side = (tricks, other) if side == 0 else (other, tricks)
    changes = score_hand(bid, by_side, {side}, scores=scores, rules=rules)
    return HandScore(
        bid,
        side,
        tricks,
        changes,
        contract_made(bid, tricks),
        is_slam(bid, tricks, rules),
        describe_result(bid, tricks, rules=rules, partnership=rules.partnerships),
    )


def _zeros(sheet: "ScoreSheet") -> tuple[int, ...]:
    return (0,) * check_rules(sheet.rules).sides


@attrs.frozen
class ScoreSheet:
    """A running score sheet of a game with any number of sides: an immutable value.

    :meth:`add` returns the sheet with one more hand; the totals, the winners and
    whether the game is over follow the rules (:ref:`rules-game-end`,
    :ref:`rules-many-sides`).  With two sides the contracting side's tricks are
    enough (the defenders took the rest); with more, give the tricks of each side,
    since each defending side scores its own.

    >>> sheet = ScoreSheet().add(parse_bid("8H"), 9).add(parse_bid("MIS"), 0, side=1)
    >>> sheet.totals, sheet.winners
    ((300, 260), ())
    >>> sheet.add(parse_bid("10NT"), 10).winners
    (0,)
    >>> three = ScoreSheet(Rules.three_player()).add(parse_bid("7S"), (7, 2, 1))
    >>> three.totals
    (140, 20, 10)
    """

    rules: Rules = attrs.field(factory=Rules)
    hands: tuple[HandScore, ...] = ()
    start: tuple[int, ...] = attrs.field(default=attrs.Factory(_zeros, takes_self=True))
    """The totals before the first hand (zeros by default), one per side."""

    def __attrs_post_init__(self) -> None:
        check_sides(check_rules(self.rules), self.start, "start")

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's total after the hands so far."""
        totals = list(self.start)
        for hand in self.hands:
            totals = [t + c for t, c in zip(totals, hand.changes, strict=True)]
        return tuple(totals)

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning sides once the game is over; empty while it goes on."""
        if not self.hands:
            return ()
        last = self.hands[-1]
        contractors = {last.side} if last.partner is None else {last.side, last.partner}
        return game_winners(self.rules, self.totals, contractors, made=last.made)

    @property
    def is_over(self) -> bool:
        """Whether the game is over (a side won, or one fell to the losing score)."""
        return bool(self.winners)

    def add(
        self,
        bid: Bid,
        tricks: int | Sequence[int],
        *,
        side: int = 0,
        partner: int | None = None,
    ) -> "ScoreSheet":
        """The sheet with one more hand: ``side`` bid ``bid`` and took ``tricks``.

        Args:
            bid: the contract.
            tricks: the contracting side's tricks (two sides; or a misère, where the
                defenders score nothing), or the tricks of each side, side 0 first.
            side: the contracting side.
            partner: five players: the side of the called partner, who shares the
                contract's result (``None``: played alone).

        Raises:
            InvalidStateError: if the game is already over, or the hand is invalid
                (see :func:`score_contract` and :func:`score_hand`).
        """
        if self.is_over:
            msg = f"the game is over (won by side {' and '.join(map(str, self.winners))}): no more hands"
            raise InvalidStateError(msg)
        rules = self.rules
        if type(tricks) is int and rules.sides == 2 and partner is None:
            hand = score_contract(
                bid, tricks, side=side, scores=self.totals, rules=rules
            )
        else:
            hand = _score_sides(bid, tricks, side, partner, self.totals, rules)
        return attrs.evolve(self, hands=(*self.hands, hand))


def _score_sides(
    bid: Bid,
    tricks: object,
    side: object,
    partner: object,
    totals: tuple[int, ...],
    rules: Rules,
) -> HandScore:
    """A hand of a game of any number of sides (see :meth:`ScoreSheet.add`)."""
    sides = rules.sides
    for what, value in (("side", side), ("partner", partner)):
        if value is None and what == "partner":
            continue
        if type(value) is not int or not 0 <= value < sides:
            msg = f"invalid {what} {quote(value)}: sides are 0 to {sides - 1}"
            raise InvalidStateError(msg)
    contracting = cast(int, side)  # checked above
    contractors = (
        {contracting} if partner is None else {contracting, cast(int, partner)}
    )
    if type(tricks) is int:
        if not isinstance(bid, MisereBid) or partner is not None:
            msg = (
                f"give the tricks of each side ({sides} numbers): with {sides} sides "
                "the contracting side's tricks do not say what each defender took"
            )
            raise InvalidStateError(msg)
        if not 0 <= tricks <= TOTAL_TRICKS:
            msg = f"invalid tricks {quote(tricks)}: the contractor took 0 to 10 tricks"
            raise InvalidStateError(msg)
        by_side = tuple(tricks if s == contracting else 0 for s in range(sides))
    else:
        by_side = check_sides(rules, tricks, "tricks")
    changes = score_hand(bid, by_side, contractors, scores=totals, rules=rules)
    taken = sum(by_side[s] for s in contractors)
    return HandScore(
        bid,
        contracting,
        taken,
        changes,
        contract_made(bid, taken),
        is_slam(bid, taken, rules),
        describe_result(bid, taken, rules=rules, partnership=len(contractors) > 1),
        None if partner is None else cast(int, partner),
    )
