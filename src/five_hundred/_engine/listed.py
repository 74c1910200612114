"""The plays of a legal mask, and the discards of a hand, for the public API's listings.

:func:`~five_hundred.state.legal_actions` lists the shared play objects of the legal
mask the play step computed.  Most masks recur (a few cards of the suit led) and come
from a table of whole masks; a lead's mask (the whole hand) mostly does not.  Compiled,
:func:`listed_plays` answers both in one call from the facade, without a Python frame
for the miss; the facade's own lookup (:data:`five_hundred.tricks.PLAYS_OF_MASK`) fills
the same tables through :func:`mask_plays`.  The play objects are opaque here: the
facade passes the play of each card code (``plays``).
"""

import struct
from typing import Any, Final

from five_hundred._engine.codes import _COMPILED, JOKER_BIT, JOKER_CODE, KITTY_SIZE
from five_hundred._engine.core import LED, LEGAL, PHASE, PLAY, SETUP, Record
from five_hundred._engine.game import joker_names
from five_hundred._engine.play import joker_lead_names_suit

__all__ = ["DISCARD_ROW", "PlayTables", "discard_listing", "listed_plays", "mask_plays"]

PlayTables = tuple[
    dict[int, tuple[Any, ...]], tuple[dict[int, tuple[Any, ...]], ...], tuple[Any, ...]
]
"""``(whole masks met, each suit's sets of ranks met, the play of each action code)``.

The plays are by ``code -`` :data:`._engine.codes.PLAY_CODE`: the 65 cards', then the
Joker led naming each suit (:data:`._engine.codes.JOKER_LEAD_CODE`)."""

_SUIT_BITS: Final = 16
_SUIT: Final = (1 << _SUIT_BITS) - 1
_LOW: Final = (1 << 3 * _SUIT_BITS) - 1
"""The bits of the first three suits."""
_SPLIT: Final = struct.Struct("<4HB").unpack
"""A mask's 65 bits as its four suits' 16 bits and the Joker's bit (``to_bytes(9)``)."""


def mask_plays(
    tables: PlayTables, mask: int, whole_size: int, suit_size: int
) -> tuple[Any, ...]:
    """The plays of the cards of ``mask`` in code order (the Joker not naming a suit).

    For a mask not in the table of whole masks (it is not looked up there).  Each
    suit's plays come from its table of rank sets, the Joker's last; the tables keep
    the first ``whole_size`` masks and ``suit_size`` rank sets of a suit met (the
    empty set among them).  The mask is split by ``struct`` and the four suits are
    written out: in pure Python, bit operations on the 65-bit mask and a loop cost
    more.  Compiled, the mask is split by shifts on machine words (the method call
    ``to_bytes`` and the struct's call cost several times more).
    """
    whole, suits, plays = tables
    spades: int
    clubs: int
    diamonds: int
    hearts: int
    joker: int
    if _COMPILED:
        # two operations on the mask, which are on an int object when it is past
        # the machine word (the king or ace of hearts, the Joker); the rest on words
        low: int = mask & _LOW
        high: int = mask >> 48
        spades, clubs, diamonds = low & _SUIT, low >> 16 & _SUIT, low >> 32
        hearts, joker = high & _SUIT, high >> 16
    else:
        spades, clubs, diamonds, hearts, joker = _SPLIT(mask.to_bytes(9, "little"))
    try:
        # every suit's rank set met before (the common case): four subscripts, no
        # test per suit (an empty set's plays are () and add nothing)
        found = (
            suits[0][spades] + suits[1][clubs] + suits[2][diamonds] + suits[3][hearts]
        )
    except KeyError:
        found = (
            _suit_plays(suits, plays, 0, spades, suit_size)
            + _suit_plays(suits, plays, 1, clubs, suit_size)
            + _suit_plays(suits, plays, 2, diamonds, suit_size)
            + _suit_plays(suits, plays, 3, hearts, suit_size)
        )
    if joker:
        found += (plays[JOKER_CODE],)
    if len(whole) < whole_size:
        whole[mask] = found
    return found


def _suit_plays(
    suits: tuple[dict[int, tuple[Any, ...]], ...],
    plays: tuple[Any, ...],
    suit: int,
    ranks: int,
    size: int,
) -> tuple[Any, ...]:
    """The plays of a set of ranks of ``suit``, from its table or made.

    A set made is kept if the table has room.
    """
    table = suits[suit]
    found = table.get(ranks)
    if found is None:
        base: int = _SUIT_BITS * suit
        found = tuple([plays[base + b] for b in range(_SUIT_BITS) if ranks >> b & 1])
        if len(table) < size:
            table[ranks] = found
    return found


def listed_plays(
    core: Record, tables: PlayTables, whole_size: int, suit_size: int
) -> tuple[Any, ...] | None:
    """The plays of the player to act in the card play (``None`` outside it).

    A leader of the un-nominated Joker without trumps names a suit: the Joker's plays
    are then one per suit it may name (:func:`._engine.game.joker_names`), after the
    other cards'.
    """
    if core[PHASE] != PLAY:
        return None
    # The mask stays the record's object, the table's key as it is: read from the
    # record as a tuple of objects (compiled, a field read through a ``Record`` is
    # unboxed to its declared int, and boxed again into a new int object for the
    # lookup).  The Joker's bit, a mask's highest, by a comparison (a shift or an
    # ``&`` builds an int object), tested last.
    fields: tuple[Any, ...] = core
    legal = fields[LEGAL]
    if joker_lead_names_suit(legal, core[LED], core[SETUP].key):
        return _joker_lead_plays(core, tables, legal ^ JOKER_BIT, whole_size, suit_size)
    found = tables[0].get(legal)
    return (
        found if found is not None else mask_plays(tables, legal, whole_size, suit_size)
    )


def _joker_lead_plays(
    core: Record, tables: PlayTables, others: int, whole_size: int, suit_size: int
) -> tuple[Any, ...]:
    """The plays of a lead that may be the un-nominated Joker (``others``: the rest).

    The other cards' plays, then the Joker's naming each suit it may name.
    """
    found = tables[0].get(others)
    if found is None:
        found = mask_plays(tables, others, whole_size, suit_size)
    plays = tables[2]
    names = joker_names(core)
    leads = [plays[JOKER_CODE + 1 + suit] for suit in range(4) if names >> suit & 1]
    return found + tuple(leads)


DISCARD_ROW: Final = JOKER_CODE + 1
if KITTY_SIZE != 3:  # discard_listing's three loops
    msg = "discard_listing lists sets of three cards: the kitty's size changed"
    raise ImportError(msg)
"""A row of :func:`discard_listing`'s table: one entry per card code (0 to 64)."""


def discard_listing(
    codes: list[int], rows: list[list[Any] | None], make: Any
) -> tuple[Any, ...]:
    """The discard of each set of three of ``codes`` (ascending), in lexicographic order.

    The discards are the facade's shared objects (opaque here): the table ``rows``
    holds, for the pair of codes ``(a, b)``, a row at ``a * DISCARD_ROW + b`` (``None``
    until met) whose entry ``c`` is the discard of ``(a, b, c)``; ``make(a, b, c)``
    gives one not met yet.  A hand of thirteen cards has 286 such sets: by two list
    subscripts each, where the same lookups by a tuple of three codes hash each tuple.
    """
    found: list[Any] = []
    count: int = len(codes)
    for i in range(count - 2):
        first: int = codes[i]
        for j in range(i + 1, count - 1):
            second: int = codes[j]
            at: int = first * DISCARD_ROW + second
            row = rows[at]
            if row is None:
                row = rows[at] = [None] * DISCARD_ROW
            for k in range(j + 1, count):
                third: int = codes[k]
                discard = row[third]
                if discard is None:
                    discard = row[third] = make(first, second, third)
                found.append(discard)
    return tuple(found)
