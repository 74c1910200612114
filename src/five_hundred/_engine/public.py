"""The public API's card play and calls, compiled: an action checked, taken and wrapped.

:func:`~five_hundred.state.apply` spends some 40 of a hand's 46 or so calls in the
card play and most of the rest in the auction.  Compiled, such a call is one call here
from the facade (:func:`state_action`): :func:`state_play` finds the card of the
action, checks and plays it (:func:`._engine.game.play`, which calls the play
step) and builds the new state; :func:`state_call` finds the rank of a listed call,
steps the auction's record and builds the new state.  Interpreted, the facade's work
between those engine calls (the turn test, the card or the rank of the action, the
new state) would cost about as much as the steps themselves.

The facade's values stay opaque here: the facade passes what finds the card of a play
and builds and scores its states (:data:`Front`), and what reads, lists and wraps its
auctions (:data:`CallFront`).  Anything else (another phase, a play not of the shared
ones, a card the player may not play, a call not listed now, a seat not to act) is
answered ``None``: the facade's full path then takes the action, and refuses it if it
must.
"""

from collections.abc import Sequence
from typing import Any, Final

from five_hundred._engine.auction import A_TO_ACT, AuctionRecord, advance, listing_index
from five_hundred._engine.codes import PLAY_CODE
from five_hundred._engine.core import (
    BIDDING,
    H_AUCTION,
    HAND,
    LOG,
    PHASE,
    PLAY,
    TO_ACT,
    UNCHECKED,
    Record,
    called,
)
from five_hundred._engine.game import play
from five_hundred._engine.listed import PlayTables, listed_plays

__all__ = [
    "CallFront",
    "Front",
    "identity_index",
    "identity_slots",
    "listed_calls",
    "new_state",
    "state_action",
    "state_call",
    "state_listing",
    "state_play",
]

Front = tuple[tuple[int, ...], tuple[Any, ...], Any, Any]
"""What :func:`state_play` needs of the facade: ``(slots, plays, state_class, finish)``.

``plays`` holds the shared play of each card code (the plays the facade lists, logged
with the card) and ``slots`` finds a play's code by identity (:func:`identity_slots`
of ``plays``); ``state_class`` is the class of the states (see :func:`new_state`);
``finish(record)`` is the scored state of a record whose hand is over.
"""


CallFront = tuple[Any, Any]
"""What :func:`state_call` needs of the facade: ``(listing, after_call)``.

A state keeps its auction as ``(book, record)`` (``hand[H_AUCTION]``): its rules'
book and its engine record (:class:`._engine.auction.AuctionRecord`).  The book's
``options`` are the auction's options and its ``listings`` the listings by
:func:`._engine.auction.listing_index` (``None`` until made);
``listing(book, record, seat)`` makes (and keeps) the listing of ``seat``'s calls:
the calls, then a dict of the rank of each by its ``id``.  ``after_call(core, parts,
log)`` is the state once a call ends the auction.  A state still in the auction is
built with :func:`new_state` of :data:`Front`'s class.
"""


def new_state(state_class: Any, record: Record) -> Any:
    """A new state of the facade's ``state_class`` holding ``record``.

    The class has no ``__init__`` (called bare, it makes the empty state) and one
    field, ``_record``, set as attrs' ``__init__`` of a frozen class sets a field: with
    ``object.__setattr__`` (compiled, without the Python frame of that ``__init__``).
    """
    made = state_class()
    object.__setattr__(made, "_record", record)
    return made


def state_action(
    core: Record, action: Any, seat: Any, front: Front, call_front: CallFront
) -> Any:
    """The state after the player to act takes ``action`` on ``core``, or ``None``.

    A card play goes to :func:`state_play` and a call to :func:`state_call` (one
    call from the facade for both); ``None`` in the other phases.
    """
    phase: int = core[PHASE]
    if phase == PLAY:
        return state_play(core, action, seat, front)
    if phase == BIDDING:
        return state_call(core, action, seat, front, call_front)
    return None


def state_listing(
    core: Record,
    tables: PlayTables,
    whole_size: int,
    suit_size: int,
    call_front: CallFront,
) -> Any:
    """The legal actions of the card play or the auction, or ``None``.

    :func:`._engine.listed.listed_plays` in the card play and :func:`listed_calls` in
    the auction (one call from the facade for both); ``None`` in the other phases and
    when the facade lists the plays itself (a Joker lead naming a suit).
    """
    phase: int = core[PHASE]
    if phase == PLAY:
        return listed_plays(core, tables, whole_size, suit_size)
    if phase == BIDDING:
        return listed_calls(core, call_front)
    return None


def listed_calls(core: Record, call_front: CallFront) -> Any:
    """The calls the player to act may make (the facade's shared listing), or ``None``.

    ``None`` outside the auction.
    """
    if core[PHASE] != BIDDING:
        return None
    # the auction's (book, record) read by index (compiled, unpacking an object
    # iterates it)
    parts: tuple[Any, ...] = core[HAND][H_AUCTION]
    book = parts[0]
    record = parts[1]
    seat: int = record[A_TO_ACT]
    if seat < 0:
        return ()
    return _seat_listing(book, record, seat, call_front)[0]


def _seat_listing(
    book: Any, record: Any, seat: int, call_front: CallFront
) -> tuple[tuple[Any, ...], dict[int, int]]:
    """The listing of ``seat``'s calls: the calls, and the rank of each by ``id``.

    Typed, so that compiled code reads the book's list and the listing's dict
    directly (as objects, each subscript and the dict's ``get`` went through the
    generic protocol, a method lookup for ``get``).
    """
    listings: list[Any] = book.listings
    found = listings[listing_index(record, seat)]
    if found is None:
        found = call_front[0](book, record, seat)
    listing: tuple[tuple[Any, ...], dict[int, int]] = found
    return listing


def state_call(
    core: Record, action: Any, seat: Any, front: Front, call_front: CallFront
) -> Any:
    """The state after the player to act makes the call ``action``, or ``None``.

    ``action`` must be one of the calls listed now (by identity), and ``seat``,
    unless :data:`._engine.core.UNCHECKED`, the seat to act.
    """
    to_act = core[TO_ACT]
    if (
        core[PHASE] != BIDDING
        or to_act is None
        or (seat is not UNCHECKED and (type(seat) is not int or seat != to_act))
    ):
        return None
    parts: tuple[Any, ...] = core[HAND][H_AUCTION]  # (book, record), by index
    book = parts[0]
    record = parts[1]
    rank = _seat_listing(book, record, to_act, call_front)[1].get(id(action))
    if rank is None:
        return None
    after: AuctionRecord = advance(book.options, record, to_act, rank)
    log = (core[LOG], action, to_act)
    moved = (book, after)
    next_seat: int = after[A_TO_ACT]
    if next_seat < 0:  # the auction is over: the contract, or a throw-in
        return call_front[1](core, moved, log)
    return new_state(front[2], called(core, moved, next_seat, log))


def state_play(core: Record, action: Any, seat: Any, front: Front) -> Any:
    """The state after the player to act plays ``action`` on ``core``, or ``None``.

    ``action`` must be one of the shared plays, legal now (see
    :func:`._engine.game.play`), and
    ``seat``, unless :data:`._engine.core.UNCHECKED`, the seat to act.
    """
    if core[PHASE] != PLAY or (
        seat is not UNCHECKED and (type(seat) is not int or seat != core[TO_ACT])
    ):
        return None  # (the phase first: the other phases' actions pass by)
    slots, plays, state_class, finish = front
    index = identity_index(slots, plays, action)
    after = None if index < 0 else play(core, PLAY_CODE + index, action)
    if after is None:
        return None
    if after[TO_ACT] is None:  # the hand is over: the facade scores it
        return finish(after)
    return new_state(state_class, after)


# An identity lookup: a dict by ``id`` would box the address into a new int object,
# hash it and compare it with the key (not the same object) at every lookup; here the
# address stays a machine word (compiled, ``id`` is one) and the probe is a subscript.
_ALIGN: Final = 4
"""Bits of an object's address that never vary (CPython aligns objects to 16 bytes)."""


def identity_slots(items: Sequence[object]) -> tuple[int, ...]:
    """The slots of a table of the positions of ``items`` by identity.

    Open addressing on the object's address, probed in order; a free slot is -1.  At
    most a quarter of the slots are used, so a lookup seldom probes twice.  The
    table is right while ``items`` holds its objects (their addresses stay).
    """
    size = 8
    while size < 4 * len(items):
        size *= 2
    mask = size - 1
    slots = [-1] * size
    for position, item in enumerate(items):
        slot: int = id(item) >> _ALIGN & mask
        while slots[slot] >= 0:
            slot = slot + 1 & mask
        slots[slot] = position
    return tuple(slots)


def identity_index(slots: tuple[int, ...], items: tuple[Any, ...], item: object) -> int:
    """The position of ``item`` in ``items`` by identity (``slots`` of ``items``), or -1.

    -1 for any object not in ``items``, equal to one of them or not.
    """
    mask: int = len(slots) - 1
    slot: int = id(item) >> _ALIGN & mask
    while True:
        position: int = slots[slot]
        if position < 0:
            return -1
        if items[position] is item:
            return position
        slot = slot + 1 & mask
