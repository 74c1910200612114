"""The engine's interface to the public verbs: ``legal_actions`` and ``apply``, compiled.

:func:`~five_hundred.state.apply` spends some 40 of a hand's 46 or so calls in the card
play and most of the rest in the auction, and :func:`~five_hundred.state.legal_actions`
as many in their listings.  Compiled, a call of the facade's function would cost a
Python frame around one engine call, about 1,000 instructions, as much as listing a
card play.  So the public names are, in the compiled build, this module's
:func:`legal_actions` and :func:`apply`: they take the common cases themselves (a
card play of the shared plays and a listed call, from the seat to act, and their
listings) and hand everything else to the facade's documented function (the
reference, and the public name's ``__wrapped__``): an object that is not a state,
another phase, an action not listed, a seat not to act, a listing or a contract's
step not made yet.  So the engine never calls into the facade but for that one
fallback.

The facade's one hook is :func:`entry_point`, the decorator of its ``legal_actions``
and ``apply``: it keeps the documented function as the fallback, and makes the public
name this module's function of the same name only in the compiled build.  The facade
gives the data the functions read (the shared play objects and their listing tables,
opaque here) to :func:`install` when ``five_hundred.state`` is imported.

A state's record is read as its attribute ``_record``, as the facade reads it, and a
new state is made as the facade makes one (see :func:`new_state`).

The search tools (the playout, the solver's setup, the resampler, the sampling
player) read a record through this module's readers (:func:`card_player`,
:func:`play_setup`, :func:`suit_led`, :func:`contract_parts`,
:func:`action_log`) and build a resampled deal's record with :func:`redeal`, never
by the record's index constants.  The framework adapters' table
(:class:`~five_hundred.integrations.encoding.Table`) reads and steps a record through
the same module: :func:`seat_to_act`, :func:`in_auction`, :func:`in_discard`,
:func:`holding`, :func:`auction_now`, :func:`caller` and :func:`after_calls`.
"""

import functools
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar, cast

from five_hundred._engine import compiled
from five_hundred._engine.auction import A_TO_ACT, AuctionRecord, advance, listing_index
from five_hundred._engine.codes import PLAY_CODE
from five_hundred._engine.core import (
    BIDDING,
    DISCARD,
    DONE,
    H_AUCTION,
    H_CONTRACT,
    H_PARTNER,
    H_PARTNER_CARD,
    HAND,
    HANDS,
    LED,
    LEGAL,
    LOG,
    PHASE,
    PLAY,
    RULES,
    SETUP,
    SUITS_LED,
    TO_ACT,
    UNCHECKED,
    Log,
    Record,
    Setup,
    called,
    redealt,
    with_deal,
    with_discard,
)
from five_hundred._engine.game import call, partner_called, play
from five_hundred._engine.listed import PlayTables, listed_plays
from five_hundred._engine.settle import finish
from five_hundred._engine.step import next_mask

__all__ = [
    "DATA",
    "Plays",
    "action_log",
    "after_calls",
    "apply",
    "auction_now",
    "caller",
    "card_player",
    "contract_parts",
    "entry_point",
    "holding",
    "identity_index",
    "identity_slots",
    "in_auction",
    "in_discard",
    "install",
    "legal_actions",
    "listed_calls",
    "new_state",
    "play_setup",
    "redeal",
    "seat_to_act",
    "state_action",
    "state_call",
    "state_listing",
    "state_play",
    "suit_led",
]

_F = TypeVar("_F", bound=Callable[..., Any])

Plays = tuple[tuple[int, ...], tuple[Any, ...]]
"""The shared play of each card code and the slots that find them by identity.

``(slots, plays)``: ``plays`` holds the play the facade lists for each card code (the
plays logged with the card) and ``slots`` finds a play's code by identity
(:func:`identity_slots` of ``plays``)."""

DATA: Final[list[Any]] = [None] * 6
"""What the facade installs (see :func:`install`) and the fallbacks, read by index."""
_PLAYS: Final = 0
_TABLES: Final = 1
_WHOLE: Final = 2
_SUIT: Final = 3
_LISTING: Final = 4
_APPLY: Final = 5


def install(plays: Plays, listing_args: tuple[PlayTables, int, int]) -> None:
    """Set :data:`DATA` (the facade, once): the shared plays and the listing's tables.

    The tables and sizes of :func:`state_listing`.  Data only: nothing installed here
    is called.
    """
    DATA[_PLAYS] = plays
    DATA[_TABLES], DATA[_WHOLE], DATA[_SUIT] = listing_args


def entry_point(documented: _F) -> _F:
    """The public name of the facade's ``legal_actions`` or ``apply`` (``documented``).

    ``documented`` is kept as the fallback of this module's function of the same name
    (in both builds: the tests run these functions in both).  Pure, the public name is
    ``documented`` itself (a call of this module's function would cost a frame more).
    Compiled, a compiled function has a signature but no docstring: the public name is
    a ``functools.partial`` of this module's function (called through at C speed)
    carrying ``documented``'s name, docstring and ``__wrapped__``, and pickled by its
    name as the function was (``copy`` returns it as it is).
    """
    name = documented.__name__
    fast: Callable[..., Any]
    if name == "legal_actions":
        DATA[_LISTING] = documented
        fast = legal_actions
    elif name == "apply":
        DATA[_APPLY] = documented
        fast = apply
    else:
        msg = f"no entry point for {name!r}"
        raise ValueError(msg)
    if not compiled:
        return documented
    wrapped = functools.partial(fast)
    functools.update_wrapper(wrapped, documented)
    qualified = documented.__qualname__
    vars(wrapped)["__reduce_ex__"] = lambda _protocol: qualified
    return cast(_F, wrapped)


def legal_actions(state: Any) -> Any:
    """The facade's ``legal_actions``, the card play's and the auction's listed here."""
    data = DATA
    try:
        core = state._record
    except AttributeError:
        return data[_LISTING](state)  # not a state: the facade's TypeError
    found = state_listing(core, data[_TABLES], data[_WHOLE], data[_SUIT])
    return found if found is not None else data[_LISTING](state)


def apply(state: Any, action: Any, *, seat: Any = UNCHECKED) -> Any:
    """The facade's ``apply``, a listed card play or call taken here."""
    data = DATA
    try:
        core = state._record
    except AttributeError:
        return data[_APPLY](state, action, seat=seat)  # the facade's TypeError
    found = state_action(state, core, action, seat, data[_PLAYS])
    return found if found is not None else data[_APPLY](state, action, seat=seat)


def new_state(like: Any, record: Record) -> Any:
    """A new state of the class of ``like`` (a state) holding ``record``.

    The class has no ``__init__`` (called bare, it makes the empty state) and one
    field, ``_record``, set as attrs' ``__init__`` of a frozen class sets a field: with
    ``object.__setattr__`` (compiled, without the Python frame of that ``__init__``).
    """
    made = type(like)()
    object.__setattr__(made, "_record", record)
    return made


def state_action(state: Any, core: Record, action: Any, seat: Any, plays: Plays) -> Any:
    """The state after the player to act takes ``action`` on ``state``, or ``None``.

    ``core`` is ``state``'s record.  A card play goes to :func:`state_play` and a call
    to :func:`state_call` (one call from the facade for both); ``None`` in the other
    phases.
    """
    phase: int = core[PHASE]
    if phase == PLAY:
        return state_play(state, core, action, seat, plays)
    if phase == BIDDING:
        return state_call(state, core, action, seat)
    return None


def state_listing(
    core: Record, tables: PlayTables, whole_size: int, suit_size: int
) -> Any:
    """The legal actions of the card play or the auction, or ``None``.

    :func:`._engine.listed.listed_plays` in the card play and :func:`listed_calls` in
    the auction (one call from the facade for both); ``None`` in the other phases and
    when the facade lists the actions itself (a listing of calls not made yet).
    """
    phase: int = core[PHASE]
    if phase == PLAY:
        return listed_plays(core, tables, whole_size, suit_size)
    if phase == BIDDING:
        return listed_calls(core)
    return None


def _seat_listing(
    book: Any, record: Any, seat: int
) -> tuple[tuple[Any, ...], dict[int, int]] | None:
    """The listing of ``seat``'s calls: the calls, and the rank of each by ``id``.

    A state keeps its auction as ``(book, record)`` (``hand[H_AUCTION]``): its rules'
    book and its engine record (:class:`._engine.auction.AuctionRecord`).  The book's
    ``options`` are the auction's options and its ``listings`` the listings by
    :func:`._engine.auction.listing_index`, ``None`` until the facade makes one
    (:mod:`five_hundred.bidding`): then ``None`` here too.  Typed, so that compiled
    code reads the book's list and the listing's dict directly.
    """
    listings: list[Any] = book.listings
    found = listings[listing_index(record, seat)]
    if found is None:
        return None
    listing: tuple[tuple[Any, ...], dict[int, int]] = found
    return listing


def listed_calls(core: Record) -> Any:
    """The calls the player to act may make (the facade's shared listing), or ``None``.

    ``None`` outside the auction and when the listing is not made yet; ``()`` once the
    auction is over.
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
    listing = _seat_listing(book, record, seat)
    return None if listing is None else listing[0]


def state_call(state: Any, core: Record, action: Any, seat: Any) -> Any:
    """The state after the player to act makes the call ``action``, or ``None``.

    ``action`` must be one of the calls listed now (by identity), and ``seat``,
    unless :data:`._engine.core.UNCHECKED`, the seat to act.  The step is
    :func:`._engine.game.call`'s; ``None`` too where it has none (a contract the
    facade has not met yet).
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
    listing = _seat_listing(book, record, to_act)
    if listing is None:
        return None
    rank = listing[1].get(id(action))
    if rank is None:
        return None
    after: AuctionRecord = advance(book.options, record, to_act, rank)
    stepped = call(core, book, after, action, to_act)
    if stepped is None:  # a contract not met yet: the facade's step fills its entry
        return None
    return new_state(state, stepped)


def state_play(state: Any, core: Record, action: Any, seat: Any, plays: Plays) -> Any:
    """The state after the player to act plays ``action`` on ``state``, or ``None``.

    ``action`` must be one of the shared plays (``plays``), legal now (see
    :func:`._engine.game.play`), and ``seat``, unless :data:`._engine.core.UNCHECKED`,
    the seat to act.  After the hand's last trick the state is scored
    (:func:`._engine.settle.finish`; ``None`` if the contract's terms are not in the
    rules' book yet: the facade's step puts them there).
    """
    if core[PHASE] != PLAY or (
        seat is not UNCHECKED and (type(seat) is not int or seat != core[TO_ACT])
    ):
        return None  # (the phase first: the other phases' actions pass by)
    index = identity_index(plays[0], plays[1], action)
    after = None if index < 0 else play(core, PLAY_CODE + index, action)
    if after is not None and after[TO_ACT] is None:
        after = finish(after)  # the hand's last trick: scored (None: no terms yet)
    return None if after is None else new_state(state, after)


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


# The search tools' readers of a record.  The playout, the solver's setup, the
# resampler and the sampling player read a record through these, never by its
# index constants: the record's layout stays the engine's own.


def card_player(core: Record) -> int:
    """The seat to play a card in ``core``: -1 outside the card play or once it is over."""
    if core[PHASE] != PLAY:
        return -1
    seat = core[TO_ACT]
    return -1 if seat is None else seat


def play_setup(core: Record) -> Setup:
    """How the cards are played under the record's contract (its card order, seats)."""
    return core[SETUP]


def suit_led(core: Record) -> int:
    """The suit to follow in the trick in progress (its number; -1: none yet)."""
    return core[LED]


def contract_parts(core: Record) -> tuple[Any, Any, int | None]:
    """The record's rules, contract (``None`` before one) and called partner's seat."""
    hand = core[HAND]
    partner: int = hand[H_PARTNER]
    return core[RULES], hand[H_CONTRACT], None if partner < 0 else partner


def action_log(core: Record) -> Log:
    """The record's log of the hand's actions (see :func:`._engine.core.log_moves`)."""
    return core[LOG]


def redeal(
    core: Record,
    now: tuple[int, ...],
    dealt: tuple[int, ...],
    kitty: int,
    discards: int,
    held: Sequence[int],
    log: Log,
) -> Record:
    """``core`` with other cards: the same position, for a resampled deal.

    ``now`` the hands now, ``dealt`` as dealt, ``kitty``, ``discards`` the contractor's
    discards (-1: keep the record's), ``held`` the hands after the kitty's exchange
    (the five-player partner card's holder is found in them) and ``log`` the actions
    (with the discard's action of these cards).  The seat to play a card gets the
    legal mask of its cards now (:func:`._engine.step.next_mask`).
    """
    hand = core[HAND]
    code: int = hand[H_PARTNER_CARD]
    if code >= 0:
        hand = partner_called(hand, code, held)
    if discards >= 0:
        hand = with_discard(hand, discards)
    hand = with_deal(hand, dealt, kitty)
    legal: int = core[LEGAL]
    seat = card_player(core)
    if seat >= 0:
        legal = next_mask(
            core[SETUP], now[seat], core[LED], core[SUITS_LED], core[DONE]
        )
    return redealt(core, hand, log, now, legal)


def seat_to_act(core: Record) -> int | None:
    """The seat to act in ``core`` (``None`` once the hand is over)."""
    return core[TO_ACT]


def in_auction(core: Record) -> bool:
    """Whether ``core`` is in the auction."""
    return core[PHASE] == BIDDING


def in_discard(core: Record) -> bool:
    """Whether ``core`` is in the contractor's discard."""
    return core[PHASE] == DISCARD


def holding(core: Record, seat: int) -> int:
    """The mask of the cards ``seat`` holds in ``core`` (card codes)."""
    hands: tuple[int, ...] = core[HANDS]
    return hands[seat]


def auction_now(core: Record) -> tuple[Any, AuctionRecord]:
    """The auction of ``core``: its rules' book and its record (see ``auction.py``)."""
    parts: tuple[Any, AuctionRecord] = core[HAND][H_AUCTION]
    return parts


def caller(record: AuctionRecord) -> int:
    """The seat to call in an auction's record (-1 once the auction is over)."""
    return record[A_TO_ACT]


def after_calls(core: Record, book: Any, record: AuctionRecord, log: Log) -> Record:
    """``core`` after calls made on its auction alone: ``record`` now, ``log`` with them.

    The auction must still be on (:func:`caller` of ``record`` a seat); the call that
    ends it is the facade's step (it settles the contract).
    """
    return called(core, (book, record), record[A_TO_ACT], log)
