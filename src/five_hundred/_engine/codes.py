"""Card codes, bit masks and action codes: the engine's representation of the game.

A card's code is ``16 * suit + rank - 2`` (suits in bidding order, spades 0 to hearts
3; ranks 2 to 17, ace high) and the Joker's is 64, so a set of cards is an ``int`` whose
bit ``code`` is set for each card held.  The typed :class:`~five_hundred.cards.Card`
values map to these codes in :mod:`five_hundred.cards`.

An action's code is its place in one fixed space of :data:`NUM_ACTIONS` (259) codes,
whatever the rules: a bid, ``PASS``, a discard pick, a nomination, a partner call, a card
play or the Joker led naming a suit, each kind from its base below (:data:`PICK_CODE`,
:data:`PLAY_CODE`, ...) plus a card code or a suit.  The framework adapters' action ids are
these codes; their table is in the documentation of
:mod:`five_hundred.integrations.encoding`.
"""

from importlib.machinery import EXTENSION_SUFFIXES
from typing import Final

__all__ = [
    "ALL_SUITS",
    "ALONE_CODE",
    "BIDS",
    "BITS",
    "CALL_CODE",
    "CARD_CODES",
    "HAND_SIZE",
    "JOKER_BIT",
    "JOKER_CODE",
    "JOKER_LEAD_CODE",
    "KITTY_SIZE",
    "MISERE_CODE",
    "NOMINATE_CODE",
    "NO_SUIT",
    "NT",
    "NUM_ACTIONS",
    "NUM_CALLS",
    "PASS_CODE",
    "PICK_CODE",
    "PLAY_CODE",
    "codes_from_mask",
    "popcount",
    "seat_nibbles",
    "side_packed",
]

JOKER_CODE: Final = 64
"""The code of the Joker; bit 64 of a card mask."""
JOKER_BIT: Final = 1 << JOKER_CODE
BITS: Final[tuple[int, ...]] = tuple(1 << code for code in range(JOKER_CODE + 1))
"""The bit of each card code (a lookup is cheaper than shifting a big int)."""
NT: Final = 4
"""The strain number of No Trumps, and the context key of No Trumps with the Joker
not nominated (see :mod:`._engine.tables`)."""
NO_SUIT: Final = 4
"""The effective-suit number of the un-nominated Joker without trumps (no suit)."""
ALL_SUITS: Final = 0b1111
"""The mask of the four suits (bit ``suit``)."""
HAND_SIZE: Final = 10
"""Cards dealt to each hand, and tricks in a hand."""
KITTY_SIZE: Final = 3
"""Cards in the kitty, and cards the contractor discards."""

# The action codes (see the table above).
CARD_CODES: Final = JOKER_CODE + 1
"""Card codes (65: four suits of 16 codes and the Joker)."""
MISERE_CODE: Final = 50
"""The code of ``MIS``; ``OMIS`` and ``BMIS`` follow it."""
BIDS: Final = MISERE_CODE + 3
"""Bid codes: 50 trick bids and three misères."""
PASS_CODE: Final = BIDS
NUM_CALLS: Final = PASS_CODE + 1
"""Call codes: the bids and ``PASS``."""
PICK_CODE: Final = NUM_CALLS
NOMINATE_CODE: Final = PICK_CODE + CARD_CODES
CALL_CODE: Final = NOMINATE_CODE + 5
ALONE_CODE: Final = CALL_CODE + CARD_CODES
PLAY_CODE: Final = ALONE_CODE + 1
JOKER_LEAD_CODE: Final = PLAY_CODE + CARD_CODES
NUM_ACTIONS: Final = JOKER_LEAD_CODE + 4
"""The size of the action space (259)."""


_COMPILED: Final = (__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))
"""Whether this module is compiled (see :func:`popcount`)."""


def codes_from_mask(mask: int) -> list[int]:
    """The codes of the set bits of a mask, lowest first.

    >>> codes_from_mask(0b10110)
    [1, 2, 4]
    """
    codes: list[int] = []
    while mask:
        low = mask & -mask
        mask ^= low
        codes.append(low.bit_length() - 1)
    return codes


def popcount(mask: int) -> int:
    """The number of set bits of a mask of a few cards (a hand, a suit of it).

    Compiled, ``int.bit_count`` is a method call through the object (mypyc has no
    primitive for it) while this loop stays on machine words: use it on short masks in
    compiled loops, and ``bit_count`` elsewhere.  Pure Python, the loop costs several
    times the method's one call, which it makes instead.

    >>> popcount(0b10110)
    3
    """
    if not _COMPILED:
        return mask.bit_count()
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


def seat_nibbles(packed: int, players: int) -> tuple[int, ...]:
    """The 4-bit numbers of each seat packed in ``packed`` (seat 0 lowest).

    The state keeps the tricks each seat won and the suits each seat showed void in
    this way: one small int instead of a tuple per change.
    """
    return tuple([packed >> shift & 15 for shift in _SHIFTS[players]])


def side_packed(packed: int, sides: tuple[int, ...]) -> int:
    """The sums of the 4-bit numbers packed in ``packed`` over each side, packed alike.

    ``sides`` is the side of each seat: the tricks each side won (at most 10, so 4
    bits a side, side 0 lowest), from each seat's.  An int, not a tuple: it keys the
    scoring memo without building anything.

    >>> side_packed(0x3412, (0, 1, 0, 1)) == 0x46  # sides: 2 + 4 and 1 + 3
    True
    """
    totals = 0
    shift = 0
    for side in sides:
        totals += (packed >> shift & 15) << 4 * side
        shift += 4
    return totals


_SHIFTS: Final = tuple(tuple(range(0, 4 * n, 4)) for n in range(7))
