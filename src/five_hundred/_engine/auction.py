"""The auction on small integers: ladder ranks, seat masks and the rules' options.

A call is its place on the rules' bid ladder (``0`` for the lowest bid) or
:data:`PASS_RANK`; a bid the rules do not allow at all is :data:`UNLISTED`.  The seats
that have passed and those that have called are bit masks (bit ``s`` for seat ``s``).
What the rules say about the auction is one :class:`AuctionOptions` tuple, built once
per rules value by :mod:`five_hundred.bidding`, the typed facade above this module,
which also turns ranks back into the shared bid objects of the ladder and refusal codes
into messages.

The rules implemented here are those of :ref:`rules-bidding`: every bid must outrank
the standing bid, closed misère may need a standing bid at the 7 level, blind misère is
only a player's first call, a player who passes is out, the top bid of the ladder ends
the auction at once, and the auction is either one round (each player calls once) or
goes on until one bidder is left, who may get one chance to raise after all pass; if
every player passes the hand is thrown in.
"""

from typing import Final, NamedTuple

from five_hundred._engine.codes import popcount
from five_hundred._engine.seats import next_seat

__all__ = [
    "A_BIDDER",
    "A_CALLED",
    "A_CALLS",
    "A_DEALER",
    "A_PASSED",
    "A_RAISING",
    "A_STANDING",
    "A_TO_ACT",
    "BLIND_LATE",
    "DISALLOWED",
    "GATE",
    "LEGAL",
    "NOBODY",
    "NO_BID",
    "OUT_OF_TURN",
    "OVER",
    "PASSED",
    "PASS_RANK",
    "TOO_LOW",
    "UNLISTED",
    "AuctionOptions",
    "AuctionRecord",
    "advance",
    "legal_ranks",
    "listing_index",
    "refusal",
    "start",
]

PASS_RANK: Final = -1
"""The rank of a pass (below every bid)."""
UNLISTED: Final = -2
"""The rank given for a bid the rules do not allow (it is not on the ladder)."""
NO_BID: Final = -1
"""The standing rank before any bid."""
NOBODY: Final = -1
"""No seat: the seat to act once the auction is over; the bidder before any bid."""

# Why a call is refused: the facade turns each code into its message.
LEGAL: Final = 0
"""The call is legal."""
OVER: Final = 1
"""The auction is over."""
PASSED: Final = 2
"""The seat has passed and may not call again this hand."""
OUT_OF_TURN: Final = 3
"""Another seat is to call."""
DISALLOWED: Final = 4
"""The rules do not allow the bid at all."""
TOO_LOW: Final = 5
"""The bid does not outrank the standing bid."""
GATE: Final = 6
"""Closed misère while the standing bid is not at the 7 level (``misere_needs_seven``)."""
BLIND_LATE: Final = 7
"""Blind misère after the seat has already called."""


class AuctionOptions(NamedTuple):
    """What the rules fix for every auction, as ints and bools."""

    players: int
    size: int
    """The number of bids on the ladder (the top bid's rank is ``size - 1``)."""
    sevens: int
    """The ranks of the trick bids at the 7 level, as a bit mask (the misère gate)."""
    misere: int
    """The rank of closed misère, or ``-1`` if the rules do not allow it."""
    blind: int
    """The rank of blind misère, or ``-1`` if the rules do not allow it."""
    misere_needs_seven: bool
    single_round: bool
    raise_after_all_pass: bool


class AuctionRecord(NamedTuple):
    """An auction: ints and tuples of ints only (built positionally, see below).

    The static type of an auction's record, which is a plain tuple of these fields in
    this order (a tuple subclass costs about three times as much to build and free):
    read a field by its index (``record[A_TO_ACT]``), not by its name.
    """

    dealer: int
    calls: tuple[int, ...]
    """Every call so far, flat: ``seat, rank, seat, rank, ...`` in order."""
    to_act: int
    """The seat to call, or :data:`NOBODY` once the auction is over."""
    standing: int
    """The standing bid's rank, or :data:`NO_BID`."""
    bidder: int
    """The seat that made the standing bid, or :data:`NOBODY`."""
    passed: int
    """The seats that have passed (out of the auction), as a bit mask."""
    called: int
    """The seats that have made a call, as a bit mask."""
    raising: bool
    """Whether the seat to act is the winning bidder's one chance to raise."""


# start() and advance() build records by position, in this order.
if AuctionRecord._fields != (
    "dealer",
    "calls",
    "to_act",
    "standing",
    "bidder",
    "passed",
    "called",
    "raising",
):  # pragma: no cover
    raise AssertionError(AuctionRecord._fields)

# Where each field of an auction's record is: records are plain tuples, read by these
# indices (see :class:`AuctionRecord`; a test checks them against the fields' order).
A_DEALER: Final = 0
A_CALLS: Final = 1
A_TO_ACT: Final = 2
A_STANDING: Final = 3
A_BIDDER: Final = 4
A_PASSED: Final = 5
A_CALLED: Final = 6
A_RAISING: Final = 7


def start(options: AuctionOptions, dealer: int) -> AuctionRecord:
    """A new auction: the seat left of ``dealer`` calls first."""
    first: int = next_seat(dealer, options.players)
    return (dealer, (), first, NO_BID, NOBODY, 0, 0, False)  # type: ignore[return-value]


def _bid_refusal(
    options: AuctionOptions, standing: int, called_before: int, rank: int
) -> int:
    """Why a bid of ``rank`` is refused over ``standing`` (:data:`LEGAL` if it is not)."""
    if rank <= standing:
        return TOO_LOW
    if (
        rank == options.misere
        and options.misere_needs_seven
        and not (standing >= 0 and options.sevens >> standing & 1)
    ):
        return GATE
    if rank == options.blind and called_before:
        return BLIND_LATE
    return LEGAL


def refusal(
    options: AuctionOptions, record: AuctionRecord, seat: int, rank: int
) -> int:
    """Why ``seat`` may not call ``rank`` now, as a code; :data:`LEGAL` if it may.

    ``rank`` is :data:`PASS_RANK` for a pass and :data:`UNLISTED` for a bid the rules
    do not allow; ``seat`` may be any int.
    """
    to_act: int = record[A_TO_ACT]
    if to_act < 0:
        return OVER
    if seat >= 0 and record[A_PASSED] >> seat & 1:
        return PASSED
    if seat != to_act:
        return OUT_OF_TURN
    if rank == PASS_RANK:
        return LEGAL
    if rank == UNLISTED:
        return DISALLOWED
    return _bid_refusal(options, record[A_STANDING], record[A_CALLED] >> seat & 1, rank)


_LEGAL_RANKS: Final[
    dict[tuple[int, int, int, int, bool, int, int], tuple[int, ...]]
] = {}
"""The legal ranks by the options that decide them, standing rank and first-call flag.

The options are the ladder's size, its 7-level ranks and its two misère ranks (fixed by
the six ladder options of the rules) and the misère gate; bounded: 64 ladders, 2 gates,
at most 56 standing ranks and 2 flags.
"""


def listing_index(record: AuctionRecord, seat: int) -> int:
    """Where the listing of ``seat``'s legal calls is kept for an auction's rules.

    Nothing but the standing bid and whether ``seat`` has called before changes the
    listing (:func:`legal_ranks`): the index is ``2 * (standing + 1)`` plus ``1`` if
    ``seat`` has called before (the index's low bit).
    """
    return 2 * (record[A_STANDING] + 1) + (record[A_CALLED] >> seat & 1)


def legal_ranks(
    options: AuctionOptions, standing: int, called_before: int
) -> tuple[int, ...]:
    """The legal calls of the seat to act: :data:`PASS_RANK`, then bid ranks upward.

    Nothing but the standing rank and whether the seat has called before (``0`` or
    ``1``) changes the answer for given rules, so it is computed once for each.
    """
    key = (
        options.size,
        options.sevens,
        options.misere,
        options.blind,
        options.misere_needs_seven,
        standing,
        called_before,
    )
    found = _LEGAL_RANKS.get(key)
    if found is None:
        ranks: list[int] = [PASS_RANK]
        ranks.extend(
            rank
            for rank in range(standing + 1, options.size)
            if _bid_refusal(options, standing, called_before, rank) == LEGAL
        )
        found = _LEGAL_RANKS[key] = tuple(ranks)
    return found


def advance(
    options: AuctionOptions, record: AuctionRecord, seat: int, rank: int
) -> AuctionRecord:
    """The auction after ``seat`` (to act) calls ``rank``, already found legal."""
    dealer, calls, _, standing, bidder, passed, called, raising = record
    players: int = options.players
    calls += (seat, rank)  # a concatenation: a tuple display with * builds a list
    called |= 1 << seat
    to_act: int = NOBODY
    ends: bool
    if rank == PASS_RANK:
        if not raising:
            passed |= 1 << seat
        ends = raising
    else:
        standing, bidder = rank, seat
        ends = raising or rank == options.size - 1  # the top bid ends it at once
    if ends:
        raising = False
    elif options.single_round:
        if len(calls) != 2 * players:
            to_act = next_seat(seat, players)
    else:
        active: int = players - popcount(passed)  # (compiled: no method call)
        if active == 1 and bidder >= 0 and not passed >> bidder & 1:
            if options.raise_after_all_pass and rank == PASS_RANK:
                to_act, raising = bidder, True
        elif active:
            to_act = next_seat(seat, players, passed)  # who has not passed
    return (dealer, calls, to_act, standing, bidder, passed, called, raising)  # type: ignore[return-value]
