"""Card codes and bit masks: the engine's representation of cards.

A card's code is ``16 * suit + rank - 2`` (suits in bidding order, spades 0 to hearts
3; ranks 2 to 17, ace high) and the Joker's is 64, so a set of cards is an ``int`` whose
bit ``code`` is set for each card held.  The typed :class:`~five_hundred.cards.Card`
values map to these codes in :mod:`five_hundred.cards`.
"""

from typing import Final

__all__ = [
    "ALL_SUITS",
    "BITS",
    "HAND_SIZE",
    "JOKER_BIT",
    "JOKER_CODE",
    "KITTY_SIZE",
    "NO_SUIT",
    "NT",
    "codes_from_mask",
    "seat_nibbles",
    "side_totals",
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


def seat_nibbles(packed: int, players: int) -> tuple[int, ...]:
    """The 4-bit numbers of each seat packed in ``packed`` (seat 0 lowest).

    The state keeps the tricks each seat won and the suits each seat showed void in
    this way: one small int instead of a tuple per change.
    """
    return tuple([packed >> shift & 15 for shift in _SHIFTS[players]])


def side_totals(packed: int, sides: tuple[int, ...], count: int) -> tuple[int, ...]:
    """The sum of the 4-bit numbers packed in ``packed`` over each of ``count`` sides.

    ``sides`` is the side of each seat: the tricks each side won, from each seat's.
    """
    totals = [0] * count
    shift = 0
    for side in sides:
        totals[side] += packed >> shift & 15
        shift += 4
    return tuple(totals)


_SHIFTS: Final = tuple(tuple(range(0, 4 * n, 4)) for n in range(7))
