"""The framework adapters' card play by action id, on the engine's record.

The OpenSpiel game and the PettingZoo environment (:mod:`five_hundred.integrations`)
number the play of each card ``base + code``.  Their step is the hottest path of those
frameworks' loops, so its two halves live here, where they are compiled with the rest
of the engine: :func:`play_listing` plays the card of an id (its action code) with the
game's card play (:func:`._engine.game.play`) and gives the legal ids of the next
player (:func:`play_ids`) from the legal mask the step computed, by table lookups
(:func:`mask_ids`), in one call (a framework lists after every step).
Neither builds a facade value; anything else (the auction, the discard, the Joker's
lead naming a suit) is left to the caller, which is told so by ``None``.
"""

from collections.abc import Callable
from typing import Any, Final

from five_hundred._engine.auction import A_TO_ACT, AuctionRecord, advance, listing_index
from five_hundred._engine.codes import JOKER_BIT, JOKER_LEAD_CODE, PLAY_CODE
from five_hundred._engine.core import (
    LED,
    LEGAL,
    PHASE,
    PLAY,
    SETUP,
    TO_ACT,
    Record,
    Setup,
)
from five_hundred._engine.game import joker_names, play
from five_hundred._engine.play import joker_lead_names_suit

__all__ = [
    "IdTable",
    "call_listing",
    "id_table",
    "mask_ids",
    "part_ids",
    "play_ids",
    "play_listing",
]

IdTable = tuple[int, dict[int, tuple[int, ...]], tuple[dict[int, tuple[int, ...]], ...]]
"""The ids ``base + code`` of card masks: ``(base, whole masks met, parts met)``.

The ids of each whole mask met (the first :data:`WHOLE_MASKS`) and of each set of
bits of each 16-bit part of a mask (one suit's codes; the fifth part is the Joker).
"""
WHOLE_MASKS: Final = 8192
"""How many whole masks an :data:`IdTable` keeps (most legal masks recur: a few
cards of the suit led)."""
PART_SETS: Final = 8192
"""How many sets of bits each part keeps (a suit has 13 cards: 8,192 sets)."""
_PARTS: Final = 5
"""16-bit parts of a card mask (codes 0 to 64)."""
_LOW_BITS: Final = 48
_LOW_PARTS: Final = (1 << _LOW_BITS) - 1


def id_table(base: int) -> IdTable:
    """An empty table of the ids ``base + code``."""
    return base, {}, tuple({} for _ in range(_PARTS))


def mask_ids(table: IdTable, mask: int) -> tuple[int, ...]:
    """The ids of the cards of ``mask``, ascending (the codes plus the base).

    The ids of each mask met are kept (up to :data:`WHOLE_MASKS`): the legal masks
    of the cards that follow recur (a few cards of the suit led).
    """
    found = table[1].get(mask)
    return found if found is not None else _new_mask_ids(table, mask)


def _new_mask_ids(table: IdTable, mask: int) -> tuple[int, ...]:
    """:func:`mask_ids` for a mask not in the table of whole masks: kept if room."""
    whole = table[1]
    ids = part_ids(table, mask)
    if len(whole) < WHOLE_MASKS:
        whole[mask] = ids
    return ids


def part_ids(table: IdTable, mask: int) -> tuple[int, ...]:
    """The ids of the cards of ``mask`` from the ids of its 16-bit parts only.

    For masks hardly ever met again (a leader's whole hand, the cards left to pick
    for the discard), which would only crowd the table of whole masks.
    """
    base, _, parts = table
    ids: tuple[int, ...] = ()
    # Spades to diamonds, then hearts and the Joker: parts of small ints (a mask
    # may not fit a machine word; its two halves do).
    rest: int = mask & _LOW_PARTS
    high: int = mask >> _LOW_BITS
    at: int = 0
    while rest or high:
        if not rest:
            rest, high, at = high, 0, _LOW_BITS
        bits: int = rest & 0xFFFF
        if bits:
            part = parts[at >> 4]
            chunk = part.get(bits)
            if chunk is None:
                first: int = base + at
                chunk = tuple([first + b for b in range(16) if bits >> b & 1])
                if len(part) < PART_SETS:
                    part[bits] = chunk
            ids += chunk
        rest >>= 16
        at += 16
    return ids


def play_ids(core: Record, table: IdTable) -> tuple[int, ...] | None:
    """The ids of the cards the player to act may play, ascending (or ``None``).

    ``None`` outside the card play.  The un-nominated Joker led in No Trumps names a
    suit (:ref:`rules-joker-lead-suit`): its ids are
    :data:`._engine.codes.JOKER_LEAD_CODE` ``+ suit``, for the suits the leader may
    name (:func:`._engine.game.joker_names`), after the ids of the other cards.
    """
    # The record read as a tuple of objects: compiled, a field read through a
    # ``Record`` is unboxed to its declared type (an int).  The mask stays an
    # object, the table's key as it is: an int variable would be unboxed and boxed
    # again for the lookup, and the Joker's bit (64, a mask's highest) is tested by a
    # comparison: a shift or ``&`` would build an int object.
    fields: tuple[Any, ...] = core
    phase: int = fields[PHASE]
    if phase != PLAY:
        return None
    mask: Any = fields[LEGAL]
    led: int = fields[LED]
    if led >= 0:  # a card follows: the mask met before, most often
        found = table[1].get(mask)  # mask_ids, without its call
        return found if found is not None else _new_mask_ids(table, mask)
    setup: Setup = fields[SETUP]
    if not joker_lead_names_suit(mask, led, setup.key):
        return part_ids(table, mask)  # a lead: the whole hand, hardly met again
    legal: int = mask
    names = joker_names(core)
    leads = tuple([JOKER_LEAD_CODE + suit for suit in range(4) if names >> suit & 1])
    return part_ids(table, legal ^ JOKER_BIT) + leads


def call_listing(
    book: Any, record: AuctionRecord, rank: int, kept: Callable[[int], Any]
) -> tuple[AuctionRecord, Any]:
    """The auction's record after the seat to act calls ``rank``, and the next ids.

    ``book`` is the rules' book (:mod:`five_hundred.bidding`), ``rank`` one of the
    ranks listed now (not checked again), and ``kept`` finds the framework's ids of each
    listing, by the identity of the listing's calls (an entry's first item is those
    calls).  The second item is what ``kept`` holds for the next seat's listing, or
    ``None`` when the auction is over, that listing is not built yet or its ids are
    not kept: the caller lists then.  One call for the step and the listing that
    follows it, as :func:`play_listing` for the card play.
    """
    after: AuctionRecord = advance(book.options, record, record[A_TO_ACT], rank)
    seat: int = after[A_TO_ACT]
    if seat < 0:
        return after, None
    listings: list[Any] = book.listings
    listing = listings[listing_index(after, seat)]
    if listing is None:
        return after, None
    calls = listing[0]
    found = kept(id(calls))
    if found is None or found[0] is not calls:
        return after, None
    return after, found


def play_listing(
    core: Record, action: int, plays: tuple[Any, ...], table: IdTable
) -> tuple[Record, int | None, tuple[int, ...]] | None:
    """The card play of code ``action`` (:func:`._engine.game.play`), and what follows.

    ``plays`` holds the action the log keeps for each code, by ``action -``
    :data:`._engine.codes.PLAY_CODE` (the plays of the 65 cards, then the Joker led
    naming each suit).  The record after the play, the seat to act after it and the
    ids it may play (:func:`play_ids`): one call for the framework's step and the
    listing that follows it, which would otherwise cost a call (and a Python frame) of
    its own; the seat comes with them, read here by index rather than by name in
    Python.  ``None`` when the play is refused (:func:`._engine.game.play_refused`);
    once the hand is over the seat is ``None`` and the ids are empty.
    """
    offset: int = action - PLAY_CODE
    if not 0 <= offset < len(plays):
        return None
    after = play(core, action, plays[offset])
    if after is None:
        return None
    fields: tuple[Any, ...] = after  # (by index: see play_ids)
    seat: int | None = fields[TO_ACT]
    if seat is None:
        return after, None, ()
    ids = play_ids(after, table)
    assert ids is not None  # a card played leaves the record in the card play
    return after, seat, ids
