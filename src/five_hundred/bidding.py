"""Bids, the scoring table, the order of bids and the auction.

Bids are values with a notation: ``PASS``, ``6S`` .. ``10NT``, ``7H-SK`` (sans kitty),
``MIS`` (misère), ``OMIS`` (open misère) and ``BMIS`` (blind misère).  Their order in the
auction comes from the rules, never from their points: misère is worth 250 but ranks
below 8S (240), and open misère ties 10H on value but ranks below it.

>>> from five_hundred import Rules, bid_ladder, bid_value, outranks, parse_bid
>>> bid_value(parse_bid("8H")), bid_value(parse_bid("MIS"))
(300, 250)
>>> outranks(parse_bid("MIS"), parse_bid("7NT")), outranks(parse_bid("MIS"), parse_bid("8S"))
(True, False)
>>> " ".join(str(bid) for bid in bid_ladder(Rules(sans_kitty=False))[8:12])
'7H 7NT MIS 8S'

The auction is an immutable :class:`Auction`; :func:`legal_calls`, :func:`explain_call`
and :func:`apply_call` share one implementation of :ref:`rules-bidding` (the engine's,
on ladder ranks and seat masks).

>>> auction = Auction.start(Rules(), dealer=3)
>>> auction = apply_call(auction, 0, parse_bid("7S"))
>>> apply_call(auction, 1, parse_bid("6NT"))
Traceback (most recent call last):
...
five_hundred.errors.IllegalBidError: illegal bid '6NT' by seat 1: it does not outrank the standing bid 7S
"""

import enum
import re
from collections.abc import Callable
from typing import Any, Final, TypeAlias, TypeGuard, assert_never, cast

import attrs

from five_hundred._checks import check_dealer, check_rules, wrong_type
from five_hundred._engine import auction as engine
from five_hundred._engine.auction import (
    A_BIDDER,
    A_CALLED,
    A_CALLS,
    A_DEALER,
    A_PASSED,
    A_RAISING,
    A_STANDING,
    A_TO_ACT,
)
from five_hundred._engine.cache import BoundedCache
from five_hundred._engine.memo import per_rules
from five_hundred._shown import short_repr
from five_hundred.cards import Strain, notation_key, quote
from five_hundred.errors import IllegalBidError, InvalidNotationError, notation_error
from five_hundred.rules import MAX_TRICKS, MIN_TRICKS, Rules

__all__ = [
    "BLIND_MISERE",
    "MISERE",
    "OPEN_MISERE",
    "PASS",
    "Auction",
    "Bid",
    "Call",
    "Contract",
    "MisereBid",
    "MisereKind",
    "Pass",
    "TrickBid",
    "apply_call",
    "bid_ladder",
    "bid_rank",
    "bid_value",
    "call_refusal",
    "explain_call",
    "format_scoring_table",
    "legal_calls",
    "outranks",
    "parse_bid",
]


def _pretty(self: Any, printer: Any, cycle: bool) -> None:
    printer.text(repr(self))


@attrs.frozen(repr=False)
class Pass:
    """A pass: the player drops out of the auction for the rest of the hand."""

    def __str__(self) -> str:
        return "PASS"

    def __repr__(self) -> str:
        return "parse_bid('PASS')"

    _repr_pretty_ = _pretty


def _check_tricks(_instance: Any, _attribute: Any, value: Any) -> None:
    if type(value) is not int or not MIN_TRICKS <= value <= MAX_TRICKS:
        msg = f"a trick bid is for 6 to 10 tricks; got {short_repr(value)}"
        raise InvalidNotationError(msg)


def _check_strain(_instance: Any, _attribute: Any, value: Any) -> None:
    if not isinstance(value, Strain):
        msg = f"a trick bid needs a Strain; got {short_repr(value)}"
        raise InvalidNotationError(msg)


def _check_flag(_instance: Any, _attribute: Any, value: Any) -> None:
    if type(value) is not bool:
        msg = f"sans_kitty must be True or False; got {short_repr(value)}"
        raise InvalidNotationError(msg)


@attrs.frozen(repr=False, cache_hash=True)
class TrickBid:
    """A bid to win ``tricks`` (6 to 10) tricks in ``strain``, optionally sans kitty.

    >>> TrickBid(7, Strain.HEARTS, sans_kitty=True)
    parse_bid('7H-SK')
    """

    tricks: int = attrs.field(validator=_check_tricks)
    strain: Strain = attrs.field(validator=_check_strain)
    sans_kitty: bool = attrs.field(default=False, validator=_check_flag)

    def __str__(self) -> str:
        return f"{self.tricks}{self.strain.letter}{'-SK' if self.sans_kitty else ''}"

    def __repr__(self) -> str:
        return f"parse_bid({str(self)!r})"

    _repr_pretty_ = _pretty


class MisereKind(enum.Enum):
    """The three misère bids and their notation."""

    CLOSED = "MIS"
    OPEN = "OMIS"
    BLIND = "BMIS"

    @property
    def title(self) -> str:
        """The name in words: ``misère``, ``open misère`` or ``blind misère``."""
        return {"MIS": "misère", "OMIS": "open misère", "BMIS": "blind misère"}[
            self.value
        ]


def _check_kind(_instance: Any, _attribute: Any, value: Any) -> None:
    if not isinstance(value, MisereKind):
        msg = f"a misère bid needs a MisereKind; got {short_repr(value)}"
        raise InvalidNotationError(msg)


@attrs.frozen(repr=False, cache_hash=True)
class MisereBid:
    """A bid to win no trick, played alone: closed, open or blind misère."""

    kind: MisereKind = attrs.field(validator=_check_kind)

    def __str__(self) -> str:
        return self.kind.value

    def __repr__(self) -> str:
        return f"parse_bid({str(self)!r})"

    _repr_pretty_ = _pretty


Bid: TypeAlias = TrickBid | MisereBid
"""A bid that can win the auction (everything but a pass)."""
Call: TypeAlias = TrickBid | MisereBid | Pass
"""Anything a player may say in the auction."""
_BID_TYPES: Final = (TrickBid, MisereBid)
_CALL_TYPES: Final = (Pass, TrickBid, MisereBid)

PASS: Final = Pass()
MISERE: Final = MisereBid(MisereKind.CLOSED)
OPEN_MISERE: Final = MisereBid(MisereKind.OPEN)
BLIND_MISERE: Final = MisereBid(MisereKind.BLIND)

_STRAIN_BY_TEXT: Final = {
    "S": Strain.SPADES,
    "C": Strain.CLUBS,
    "D": Strain.DIAMONDS,
    "H": Strain.HEARTS,
    "NT": Strain.NO_TRUMPS,
    "♠": Strain.SPADES,
    "♣": Strain.CLUBS,
    "♦": Strain.DIAMONDS,
    "♥": Strain.HEARTS,
    "♤": Strain.SPADES,
    "♧": Strain.CLUBS,
    "♢": Strain.DIAMONDS,
    "♡": Strain.HEARTS,
}
_TRICK_BID_RE: Final = re.compile(r"(10|[6-9])(NT|[SCDH♠♣♦♥♤♧♢♡])(-SK)?")
_BID_HELP: Final = "expected PASS, 6S .. 10NT (strain S C D H NT), a trick bid with -SK, MIS, OMIS or BMIS"
_FIXED: Final[dict[str, Call]] = {
    "PASS": PASS,
    "MIS": MISERE,
    "OMIS": OPEN_MISERE,
    "BMIS": BLIND_MISERE,
}


def parse_bid(text: str) -> Call:
    """Parse a call (a bid or a pass) from notation; case is ignored.

    Raises:
        InvalidNotationError: if ``text`` is not a call in the notation.

    >>> parse_bid("7h-sk"), parse_bid("pass"), parse_bid("10NT")
    (parse_bid('7H-SK'), parse_bid('PASS'), parse_bid('10NT'))
    """
    if not isinstance(cast(object, text), str):
        raise notation_error("bid", text, "expected text", "bad-bid")
    key = notation_key(text)
    fixed = _FIXED.get(key)
    if fixed is not None:
        return fixed
    match = _TRICK_BID_RE.fullmatch(key)
    if match is None:
        raise notation_error("bid", text, _BID_HELP, "bad-bid")
    tricks, strain, sans_kitty = match.groups()
    return TrickBid(
        int(tricks), _STRAIN_BY_TEXT[strain], sans_kitty=sans_kitty is not None
    )


# -- the scoring table and the order of bids ------------------------------------------


def bid_value(bid: Bid, rules: Rules = Rules()) -> int:
    """The scoring-table value of a bid (:ref:`rules-scoring`): what making it scores.

    A sans-kitty bid is worth the same as the bid with the kitty; the misères are worth
    the rules' ``misere_value``, ``open_misere_value`` and ``blind_misere_value``.

    Raises:
        InvalidNotationError: for a pass (it has no value).
        TypeError: if ``bid`` is not a call at all (text is read with :func:`parse_bid`).

    >>> from five_hundred import PERFECT
    >>> bid_value(parse_bid("10NT")), bid_value(parse_bid("10NT"), Rules(scoring_table=PERFECT))
    (520, 500)
    """
    if not isinstance(cast(object, bid), _BID_TYPES):
        if not isinstance(cast(object, bid), Pass):
            wrong_type(bid, "a Bid", "parse_bid")
        msg = f"{quote(str(bid))} is not a bid (a pass has no value)"
        raise InvalidNotationError(msg)
    check_rules(rules)
    match bid:
        case TrickBid(tricks, strain):
            return rules.scoring_table.value(tricks, strain)
        case MisereBid(kind):
            if kind is MisereKind.CLOSED:
                return rules.misere_value
            if kind is MisereKind.OPEN:
                return rules.open_misere_value
            return rules.blind_misere_value
        case _:
            assert_never(bid)


def bid_ladder(rules: Rules = Rules()) -> tuple[Bid, ...]:
    """Every bid the rules allow, lowest first (passes excluded).

    Sans-kitty bids sit right above the same bid with the kitty; closed misère between
    7NT and 8S (or, by value, between 8S and 8C); open misère between 10D and 10H (or at
    the top), with blind misère immediately above it (:ref:`rules-bidding`,
    :ref:`rules-options`, :ref:`rules-rulings`).

    >>> ladder = bid_ladder(Rules())
    >>> str(ladder[0]), str(ladder[-1]), len(ladder)
    ('6S', '10NT-SK', 53)
    """
    return _ladder(check_rules(rules))


@per_rules
def _ladder(rules: Rules) -> tuple[Bid, ...]:
    ladder: list[Bid] = []
    for tricks in range(MIN_TRICKS, MAX_TRICKS + 1):
        for strain in Strain:
            ladder.append(TrickBid(tricks, strain))
            if rules.sans_kitty:
                ladder.append(TrickBid(tricks, strain, sans_kitty=True))
            if rules.misere and (tricks, strain) == (
                (8, Strain.SPADES) if rules.misere_by_value else (7, Strain.NO_TRUMPS)
            ):
                ladder.append(MISERE)
            if (tricks, strain) == (
                (10, Strain.NO_TRUMPS)
                if rules.open_misere_top
                else (10, Strain.DIAMONDS)
            ):
                if rules.open_misere:
                    ladder.append(OPEN_MISERE)
                if rules.blind_misere:
                    ladder.append(BLIND_MISERE)
    return tuple(ladder)


@per_rules
def _ranks(rules: Rules) -> dict[Bid, int]:
    return {bid: index for index, bid in enumerate(_ladder(rules))}


def _disabled_reason(bid: Bid) -> str:
    option = {
        MisereKind.CLOSED: "misere",
        MisereKind.OPEN: "open_misere",
        MisereKind.BLIND: "blind_misere",
    }
    if isinstance(bid, MisereBid):
        return f"{bid.kind.title} is not allowed by these rules (Rules.{option[bid.kind]}=False)"
    return "sans-kitty bids are not allowed by these rules (Rules.sans_kitty=False)"


def bid_rank(bid: Bid, rules: Rules = Rules()) -> int:
    """The bid's place in :func:`bid_ladder` (0 for the lowest): the auction's key.

    Raises:
        IllegalBidError: if ``bid`` is not a bid (a pass) or the rules do not allow
            it at all.
        TypeError: if ``bid`` is not a call at all (text is read with :func:`parse_bid`).
    """
    if not isinstance(cast(object, bid), _BID_TYPES):
        if not isinstance(cast(object, bid), Pass):
            wrong_type(bid, "a Bid", "parse_bid")
        msg = f"{quote(str(bid))} is not a bid: only bids have a place in the auction order"
        raise IllegalBidError(msg, code="not-a-bid", action=bid)
    rank = _ranks(check_rules(rules)).get(bid)
    if rank is None:
        msg = f"{quote(str(bid))}: {_disabled_reason(bid)}"
        raise IllegalBidError(msg, code="bid-not-allowed", action=bid)
    return rank


def outranks(a: Bid, b: Bid, rules: Rules = Rules()) -> bool:
    """Whether bid ``a`` beats bid ``b`` in the auction under ``rules``.

    Raises:
        IllegalBidError: if the rules do not allow one of the bids.
        TypeError: if one of them is not a call at all.

    >>> outranks(parse_bid("OMIS"), parse_bid("10D")), outranks(parse_bid("10H"), parse_bid("OMIS"))
    (True, True)
    """
    return bid_rank(a, rules) > bid_rank(b, rules)


def format_scoring_table(rules: Rules = Rules(), *, symbols: bool = False) -> str:
    """The scoring table of the rules as text, with the misère values.

    >>> print(format_scoring_table(Rules()))
    tricks     S    C    D    H   NT
         6    40   60   80  100  120
         7   140  160  180  200  220
         8   240  260  280  300  320
         9   340  360  380  400  420
        10   440  460  480  500  520
    misère 250, open misère 500, blind misère 500
    """
    check_rules(rules)
    heads = ["♠", "♣", "♦", "♥", "NT"] if symbols else [s.letter for s in Strain]
    lines = ["tricks" + "".join(f"{head:>5}" for head in heads)]
    lines.extend(
        f"{tricks:>6}"
        + "".join(f"{rules.scoring_table.value(tricks, s):>5}" for s in Strain)
        for tricks in range(MIN_TRICKS, MAX_TRICKS + 1)
    )
    extras = [
        f"{kind.title} {value}"
        for kind, allowed, value in (
            (MisereKind.CLOSED, rules.misere, rules.misere_value),
            (MisereKind.OPEN, rules.open_misere, rules.open_misere_value),
            (MisereKind.BLIND, rules.blind_misere, rules.blind_misere_value),
        )
        if allowed
    ]
    if extras:
        lines.append(", ".join(extras))
    return "\n".join(lines)


# -- the auction --------------------------------------------------------------------


@attrs.frozen(repr=False)
class Contract:
    """The outcome of an auction: the winning bid and the seat that made it."""

    bid: Bid
    contractor: int

    def __str__(self) -> str:
        return f"{self.bid} by seat {self.contractor}"

    def __repr__(self) -> str:
        return f"Contract(parse_bid({str(self.bid)!r}), {self.contractor})"

    _repr_pretty_ = _pretty


@per_rules
def _auction_options(rules: Rules) -> engine.AuctionOptions:
    """What the engine needs to know of the rules for every auction."""
    ladder = _ladder(rules)
    sevens = 0
    for rank, bid in enumerate(ladder):
        if isinstance(bid, TrickBid) and bid.tricks == 7:
            sevens |= 1 << rank
    ranks = _ranks(rules)
    return engine.AuctionOptions(
        players=rules.players,
        size=len(ladder),
        sevens=sevens,
        misere=ranks.get(MISERE, -1),
        blind=ranks.get(BLIND_MISERE, -1),
        misere_needs_seven=rules.misere_needs_seven,
        single_round=rules.single_round_auction,
        raise_after_all_pass=rules.raise_after_all_pass,
    )


_Listing: TypeAlias = tuple[tuple[Call, ...], dict[int, int]]
"""The legal calls, and the rank of each by its ``id``."""


class _Book:
    """What the rules fix for every auction: the ladder, the options, the listings.

    One per rules value (:func:`_book`), held by each of its auctions so that no call
    looks it up again.  Books compare and hash by their rules, so that auctions compare
    by value; a copy or a pickle is rebuilt as ``_book(rules)``.
    """

    __slots__ = (
        "by_rank",
        "call_ranks",
        "contract_steps",
        "contracts",
        "ladder",
        "listings",
        "no_result",
        "options",
        "rank_by_id",
        "rules",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.ladder = _ladder(rules)
        self.options = _auction_options(rules)
        self.by_rank: tuple[Call, ...] = (*self.ladder, PASS)
        """The call of each rank; the last is the pass (``by_rank[PASS_RANK]``)."""
        self.rank_by_id = {id(bid): rank for rank, bid in enumerate(self.ladder)}
        self.rank_by_id[id(PASS)] = engine.PASS_RANK
        """The rank of each call of ``by_rank`` by identity (no hashing of bids)."""
        self.call_ranks: dict[Call, int] = {b: r for r, b in enumerate(self.ladder)}
        self.call_ranks[PASS] = engine.PASS_RANK
        """The rank of each call by value (a bid not in the ladder has none)."""
        self.listings: list[_Listing | None] = [None] * (2 * len(self.ladder) + 2)
        """By ``2 * (standing rank + 1) + called before``: the legal calls."""
        self.contracts: dict[int, Contract] = {}
        """The contract of each bid rank and bidder met (``8 * rank + bidder``): one
        shared value each, since an attrs frozen class's ``__init__`` is slow."""
        self.contract_steps: list[tuple[Contract, object, bool, object] | None] = [
            None
        ] * (8 * len(self.ladder))
        """What the game's step makes of each contract (``8 * rank + bidder``):
        ``(contract, play setup, kitty taken up, scoring terms)``, ``None`` until the
        state meets it (see ``_engine.game.call`` and ``_engine.settle.finish``)."""
        self.no_result: tuple[int, ...] = (0,) * rules.sides
        """The result of a hand thrown in: no side scores."""

    def rank(self, call: Call) -> int:
        """The call's rank (``UNLISTED`` if the rules do not allow the bid)."""
        rank = self.rank_by_id.get(id(call))
        if rank is None:
            return self.call_ranks.get(call, engine.UNLISTED)
        return rank

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Book) and self.rules == other.rules

    def __hash__(self) -> int:
        return hash(self.rules)

    def __reduce__(self) -> tuple[Callable[[Rules], "_Book"], tuple[Rules]]:
        return _book, (self.rules,)


@per_rules
def _book(rules: Rules) -> _Book:
    return _Book(rules)


def _listing(book: _Book, a: engine.AuctionRecord, seat: int) -> _Listing:
    """The legal calls of ``seat`` (to act), memoized like the engine's ranks."""
    index = engine.listing_index(a, seat)
    found = book.listings[index]
    if found is None:  # (whether the seat has called before: the index's low bit)
        ranks = engine.legal_ranks(book.options, a[A_STANDING], index & 1)
        calls = tuple(book.by_rank[rank] for rank in ranks)
        by_id = {id(call): rank for call, rank in zip(calls, ranks, strict=True)}
        found = book.listings[index] = calls, by_id
    return found


_CALLS: Final[BoundedCache[int, tuple[Any, tuple[tuple[int, Call], ...]]]] = (
    BoundedCache(4096)
)
"""The typed calls of each auction record met, by the record's identity (kept with
them, so an identity is never mistaken): a view asks for them at every action."""


@attrs.frozen(repr=False)
class Auction:
    """An auction in progress or finished: an immutable value.

    Build one with :meth:`start`; :func:`apply_call` returns the next one.  ``calls``
    holds ``(seat, call)`` pairs in order; the other attributes are derived from them.
    """

    _book: _Book
    """The rules' book (shared by every auction under the same rules)."""
    _a: engine.AuctionRecord
    """The auction on ranks and seat masks (see ``_engine.auction``)."""

    @classmethod
    def start(cls, rules: Rules, dealer: int) -> "Auction":
        """A new auction: the player left of the dealer calls first.

        Raises:
            InvalidStateError: if ``dealer`` is not a seat of the rules.
        """
        dealer = check_dealer(rules, dealer)
        book = _book(rules)
        return Auction(book, engine.start(book.options, dealer))

    @property
    def rules(self) -> Rules:
        """The rules of the auction."""
        return self._book.rules

    @property
    def dealer(self) -> int:
        """The dealer (the player on the dealer's left calls first)."""
        return self._a[A_DEALER]

    @property
    def calls(self) -> tuple[tuple[int, Call], ...]:
        """Every call so far as ``(seat, call)`` pairs, in order."""
        return calls_of(self._book, self._a)

    @property
    def to_act(self) -> int | None:
        """The seat to call, or ``None`` once the auction is over."""
        seat = self._a[A_TO_ACT]
        return None if seat < 0 else seat

    @property
    def standing(self) -> Bid | None:
        """The highest bid so far."""
        rank = self._a[A_STANDING]
        return None if rank < 0 else self._book.ladder[rank]

    @property
    def bidder(self) -> int | None:
        """Who made the standing bid."""
        seat = self._a[A_BIDDER]
        return None if seat < 0 else seat

    @property
    def passed(self) -> frozenset[int]:
        """Seats that have passed (they may not call again)."""
        mask = self._a[A_PASSED]
        return frozenset(s for s in range(self._book.rules.players) if mask >> s & 1)

    @property
    def raising(self) -> bool:
        """The winning bidder's one chance to raise after all others passed."""
        return self._a[A_RAISING]

    @property
    def is_over(self) -> bool:
        """Whether the auction has ended."""
        return self._a[A_TO_ACT] < 0

    @property
    def contract(self) -> Contract | None:
        """The winning bid and its bidder once the auction is over.

        ``None`` while the auction goes on, and after every player passed.
        """
        return contract_of(self._book, self._a)

    @property
    def thrown_in(self) -> bool:
        """Whether the auction ended with every player passing."""
        return self._a[A_TO_ACT] < 0 and self._a[A_STANDING] < 0

    def has_called(self, seat: int) -> bool:
        """Whether the seat has already made a call this hand."""
        return bool(self._a[A_CALLED] >> seat & 1)

    def __repr__(self) -> str:
        calls = ", ".join(f"{seat} {call}" for seat, call in self.calls)
        return f"<Auction dealer={self.dealer} calls=[{calls}] to_act={self.to_act}>"


def calls_of(book: _Book, record: engine.AuctionRecord) -> tuple[tuple[int, Call], ...]:
    """The calls of ``record`` as ``(seat, call)`` pairs (:attr:`Auction.calls`)."""
    found = _CALLS.get(id(record))
    if found is None or found[0] is not record:
        flat = record[A_CALLS]
        by_rank = book.by_rank
        calls = tuple(zip(flat[::2], map(by_rank.__getitem__, flat[1::2]), strict=True))
        found = _CALLS.keep(id(record), (record, calls))
    return found[1]


def contract_of(book: _Book, record: engine.AuctionRecord) -> Contract | None:
    """The contract of ``record`` once the auction is won (:attr:`Auction.contract`)."""
    rank = record[A_STANDING]
    if record[A_TO_ACT] >= 0 or rank < 0:
        return None
    key = 8 * rank + record[A_BIDDER]  # (at most six seats)
    found = book.contracts.get(key)
    if found is None:
        found = book.contracts[key] = Contract(book.ladder[rank], record[A_BIDDER])
    return found


_CODES: Final = {
    engine.OVER: "auction-over",
    engine.PASSED: "already-passed",
    engine.OUT_OF_TURN: "not-your-turn",
    engine.DISALLOWED: "bid-not-allowed",
    engine.TOO_LOW: "bid-too-low",
    engine.GATE: "misere-needs-seven",
    engine.BLIND_LATE: "blind-misere-first-call",
}
"""The refusal table's code of each of the engine's refusal numbers."""


def _refusal_text(code: int, auction: Auction, seat: object, call: Call) -> str:
    """The message of a refusal code of the engine (see :func:`explain_call`)."""
    if code == engine.OVER:
        return "the auction is over"
    if code == engine.PASSED:
        return f"seat {seat} has passed and may not call again this hand"
    if code == engine.OUT_OF_TURN:
        return f"seat {seat} called out of turn: seat {auction.to_act} is to call"
    if code == engine.DISALLOWED:
        return _disabled_reason(cast(Bid, call))
    standing = auction.standing
    if code == engine.TOO_LOW:
        return f"it does not outrank the standing bid {standing}"
    if code == engine.GATE:
        return (
            "misère may be bid only while the standing bid is at the 7 level "
            f"(standing bid: {standing if standing is not None else 'none'})"
        )
    if code == engine.BLIND_LATE:
        return "blind misère may be called only as a player's first call of the hand"
    msg = f"unknown refusal code {code}"  # pragma: no cover
    raise AssertionError(msg)  # pragma: no cover


def explain_call(auction: Auction, seat: int, call: Call) -> str | None:
    """Why ``seat`` may not make ``call`` now, or ``None`` if the call is legal.

    The reasons, in the order they are checked (:ref:`rules-bidding`):

    * ``the auction is over``;
    * ``seat 2 has passed and may not call again this hand``;
    * ``seat 2 called out of turn: seat 1 is to call``;
    * ``sans-kitty bids are not allowed by these rules (Rules.sans_kitty=False)``, or
      the same for ``misère``, ``open misère`` and ``blind misère``
      (``Rules.misere=False``, ...);
    * ``it does not outrank the standing bid 7H``;
    * ``misère may be bid only while the standing bid is at the 7 level (standing
      bid: 6NT)`` (``none`` before any bid);
    * ``blind misère may be called only as a player's first call of the hand``.

    Raises:
        TypeError: if ``call`` is not a call (text is read with :func:`parse_bid`).
    """
    found = call_refusal(auction, seat, call)
    return None if found is None else found[1]


def call_refusal(auction: Auction, seat: int, call: Call) -> tuple[str, str] | None:
    """Why ``seat`` may not make ``call`` now as ``(code, reason)``, or ``None``.

    The codes (``bid-too-low``, ``misere-needs-seven``, ...) are those of the refusal
    table; the reasons are :func:`explain_call`'s.
    """
    if not isinstance(cast(object, call), _CALL_TYPES):
        wrong_type(call, "a call (a Bid or PASS)", "parse_bid")
    book, a = _auction(auction)._book, auction._a
    at = seat
    if type(seat) is not int:  # a bool or an int-like value: only its turn matters
        at = a[A_TO_ACT] if seat == a[A_TO_ACT] else engine.NOBODY
    code = engine.refusal(book.options, a, at, book.rank(call))
    if code == engine.LEGAL:
        return None
    return _CODES[code], _refusal_text(code, auction, seat, call)


def legal_calls(auction: Auction) -> tuple[Call, ...]:
    """The calls open to the player to act: ``PASS`` first, then bids lowest first.

    Empty once the auction is over.  The bids are exactly those of the ladder for which
    :func:`explain_call` finds no objection (computed once per standing bid and
    first-call flag, since nothing else in the auction changes the answer).
    """
    if not isinstance(auction, Auction):  # _auction's test, inline: this is hot
        wrong_type(auction, "an Auction")
    a = auction._a
    seat = a[A_TO_ACT]
    return () if seat < 0 else _listing(auction._book, a, seat)[0]


def _auction(auction: object) -> Auction:
    """``auction`` if it is an :class:`Auction`, else a :class:`TypeError`."""
    if not isinstance(auction, Auction):
        wrong_type(auction, "an Auction")
    return auction


def advance_listed(call: object, auction: Auction) -> Auction | None:
    """The auction after the player to act makes ``call``, if it is listed; else ``None``.

    A fast path for engines that pick their calls from :func:`legal_calls`: the call
    must be one of the very objects it returns now (an identity test).  For ``None``,
    check the call with :func:`explain_call` and apply it with :func:`advance`.
    """
    book = auction._book
    after = listed_record(call, book, auction._a)
    return None if after is None else Auction(book, after)


def listed_record(
    call: object, book: _Book, record: engine.AuctionRecord
) -> engine.AuctionRecord | None:
    """:func:`advance_listed` on an auction's parts: the record after ``call``, or ``None``."""
    seat = record[A_TO_ACT]
    if seat < 0:
        return None
    rank = _listing(book, record, seat)[1].get(id(call))
    if rank is None:
        return None
    return engine.advance(book.options, record, seat, rank)


# -- the auction's record, stepped directly (for the framework adapters) --
#
# The adapters step an auction many times without looking at it in between: they
# hold its rules' book and engine record, list by rank and advance by rank, and wrap
# the record as an Auction only when a state is built.


RulesBook: TypeAlias = _Book
"""The rules' book of an auction: its ladder, options and listings (opaque)."""
AuctionParts: TypeAlias = tuple[RulesBook, engine.AuctionRecord]
"""An auction as a game state keeps it: its rules' book and its engine record.

The state builds the :class:`Auction` value when asked for it (:func:`auction_of`;
:func:`auction_record` is the other way):
a call of the auction then builds one small tuple, and the compiled engine reads the
parts by position."""


def auction_record(auction: Auction) -> AuctionParts:
    """``auction``'s rules book and engine record (see :data:`AuctionParts`)."""
    return auction._book, auction._a


def rank_listing(book: _Book, record: engine.AuctionRecord) -> _Listing:
    """The legal calls of the seat to act and each one's rank by its ``id``.

    The calls are those of :func:`legal_calls`, empty once the auction is over; the
    listing is shared (never change it).
    """
    seat = record[A_TO_ACT]
    return _OVER if seat < 0 else _listing(book, record, seat)


_OVER: Final[_Listing] = ((), {})


def advance_rank(
    book: _Book, record: engine.AuctionRecord, rank: int
) -> engine.AuctionRecord:
    """The record after the seat to act makes the call of ``rank``.

    ``rank`` is one of :func:`rank_listing` now (it is not checked again).
    """
    return engine.advance(book.options, record, record[A_TO_ACT], rank)


def auction_of(book: _Book, record: engine.AuctionRecord) -> Auction:
    """The auction holding ``record`` under ``book``'s rules."""
    return Auction(book, record)


def is_listed_call(
    call: object, book: _Book, record: engine.AuctionRecord
) -> TypeGuard[Call]:
    """Whether ``call`` is one of the very objects :func:`legal_calls` returns now.

    A fast check, on an auction's parts, for engines that pick their calls from that
    list (an identity test: an equal call built elsewhere answers ``False``; use
    :func:`explain_call`).
    """
    seat = record[A_TO_ACT]
    return seat >= 0 and id(call) in _listing(book, record, seat)[1]


def apply_call(auction: Auction, seat: int, call: Call) -> Auction:
    """The auction after ``seat`` makes ``call``.

    Raises:
        IllegalBidError: naming the rule, if the call is not legal now.
        TypeError: if ``call`` is not a call (text is read with :func:`parse_bid`).
    """
    found = call_refusal(auction, seat, call)
    if found is not None:
        code, reason = found
        msg = f"illegal bid {quote(str(call))} by seat {seat}: {reason}"
        who = seat if type(seat) is int else None
        raise IllegalBidError(msg, code=code, seat=who, action=call, reason=reason)
    return advance(auction, auction._a[A_TO_ACT], call)  # the seat, as an int


def advance(auction: Auction, seat: int, call: Call) -> Auction:
    """The auction after a call already checked by :func:`explain_call` (no check)."""
    book = auction._book
    rank = book.rank(call)
    return Auction(book, engine.advance(book.options, auction._a, seat, rank))
