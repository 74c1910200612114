"""The card order of every contract, as integer tables built once.

How a card plays depends on the contract (:ref:`rules-card-order`): in a trump
contract the Joker, the right bower and the left bower are the top trumps and the left
bower belongs to the trump suit; without trumps (No Trumps and every misère) the Joker
is the only trump and belongs to no suit, unless the contractor nominated a suit for it
(:ref:`rules-joker-nomination`), in which case it is that suit's highest card.

A *context key* names one of the nine card orders: 0-3 a trump suit, 4 No Trumps with
the Joker not nominated, 5-8 No Trumps with the Joker nominated to suit ``key - 5``.
For each key the tables give every card code's effective suit (:data:`EFF`), the mask
of each effective suit (:data:`SUIT_MASKS`) and every card's strength in a trick by the
suit led (:data:`STRENGTH`).
"""

from typing import Final

from five_hundred._engine.codes import JOKER_CODE, NO_SUIT, NT

__all__ = [
    "CODE_OF_SLOT",
    "EFF",
    "JOKER_SLOT",
    "LEFT_BOWER",
    "SIX_ONLY_MASK",
    "SLOT_EFF",
    "SLOT_OF_CODE",
    "SLOT_STRENGTH",
    "SLOT_SUIT_MASKS",
    "STRENGTH",
    "SUIT_MASKS",
    "TRUMP",
    "context_key",
    "mask_from_slots",
    "slots_from_mask",
]

_JACK: Final = 12  # rank offset of a jack in a card code (rank 14 - 2)


def context_key(strain: int, joker_suit: int) -> int:
    """The card order of a contract in ``strain`` (0-3 a suit, 4 No Trumps).

    ``joker_suit`` is the suit nominated for the Joker, or -1.  This is the one home
    of "the play context of a contract": every other module asks it.

    >>> context_key(3, -1), context_key(4, -1), context_key(4, 1)
    (3, 4, 6)
    """
    if strain < NT:
        return strain
    return NT if joker_suit < 0 else 5 + joker_suit


def _effective_suits(key: int) -> tuple[int, ...]:
    eff = [code >> 4 for code in range(JOKER_CODE)] + [NO_SUIT]
    if key < NT:
        eff[(key ^ 1) * 16 + _JACK] = key  # the left bower
        eff[JOKER_CODE] = key
    elif key > NT:
        eff[JOKER_CODE] = key - 5
    return tuple(eff)


def _powers(key: int) -> tuple[int, ...]:
    power = [(code & 15) + 2 for code in range(JOKER_CODE)] + [0]
    if key < NT:
        power[key * 16 + _JACK] = 30  # right bower
        power[(key ^ 1) * 16 + _JACK] = 29  # left bower
        power[JOKER_CODE] = 31
    elif key > NT:
        power[JOKER_CODE] = 18  # above the ace of its suit
    return tuple(power)


def _strength(key: int) -> tuple[tuple[int, ...], ...]:
    """By suit led, each card's strength in a trick.

    0: it cannot win; the suit led ranks by power; trumps (and the un-nominated Joker
    without trumps) beat them all.
    """
    eff, power = _effective_suits(key), _powers(key)
    trump = key if key < NT else -1
    rows: list[tuple[int, ...]] = []
    for led in range(4):
        row: list[int] = []
        for code in range(JOKER_CODE + 1):
            suit = eff[code]
            if suit in (NO_SUIT, trump):
                row.append(100 + power[code])
            elif suit == led:
                row.append(power[code])
            else:
                row.append(0)
        rows.append(tuple(row))
    return tuple(rows)


def _suit_masks(key: int) -> tuple[int, ...]:
    eff = _effective_suits(key)
    masks: list[int] = []
    for suit in range(NO_SUIT + 1):
        mask = 0
        for code in range(JOKER_CODE + 1):
            if eff[code] == suit:
                mask |= 1 << code
        masks.append(mask)
    return tuple(masks)


KEYS: Final = range(9)
EFF: Final[tuple[tuple[int, ...], ...]] = tuple(_effective_suits(k) for k in KEYS)
"""``EFF[key][code]``: the effective suit of a card (0-3, or 4 for no suit)."""
SUIT_MASKS: Final[tuple[tuple[int, ...], ...]] = tuple(_suit_masks(k) for k in KEYS)
"""``SUIT_MASKS[key][suit]``: the mask of the cards of an effective suit (4: none)."""
STRENGTH: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    _strength(k) for k in KEYS
)
"""``STRENGTH[key][led][code]``: how strongly a card plays to a trick led in ``led``
(0: it cannot win; the highest number in a trick wins)."""
TRUMP: Final[tuple[int, ...]] = tuple(k if k < NT else -1 for k in KEYS)
"""``TRUMP[key]``: the trump suit, or -1 without trumps."""
LEFT_BOWER: Final[tuple[int, ...]] = tuple(
    (k ^ 1) * 16 + _JACK if k < NT else -1 for k in KEYS
)
"""``LEFT_BOWER[key]``: the code of the left bower, or -1 without trumps."""


# -- the standard slots: short masks for the playout loop ------------------------------
#
# A card mask holding the Joker (bit 64) or a king or ace of hearts (bits 62, 63) does
# not fit a machine word: compiled, every ``&`` or ``|`` on it allocates.  Every pack
# but the six-player one holds only the standard ranks (2 to 10, J, Q, K, A: 52 cards
# and the Joker), so the playout loop renumbers them 0 to 52 in card-code order (a
# *slot*), and every mask it handles fits.  The order is kept, so the k-th card of a
# mask is the same card in both numberings.

SIX_ONLY_MASK: Final = sum(
    1 << (16 * suit + rank - 2) for suit in range(4) for rank in (11, 12, 13)
)
"""The codes of the ranks 11, 12 and 13 (the six-player pack's): no slot of theirs."""
_LOW_RANKS: Final = 0x1FF  # rank offsets 0-8 of a suit: 2 to 10
_HIGH_SHIFT: Final = 12  # rank offsets 12-15 of a suit: J, Q, K, A
SUIT_SLOTS: Final = 13
"""Slots of each suit: ``13 * suit`` onwards."""
JOKER_SLOT: Final = 4 * SUIT_SLOTS
"""The Joker's slot (the last, as its code is)."""


def slots_from_mask(mask: int) -> int:
    """A card mask of standard cards in slots (see :data:`SIX_ONLY_MASK`).

    >>> slots_from_mask(1 << 0 | 1 << 12 | 1 << 16 | 1 << 64) == 1 | 1 << 9 | 1 << 13 | 1 << 52
    True
    """
    # Two operations on the (perhaps too wide) mask, then machine words only.
    high: int = mask >> 48  # hearts, and the Joker at bit 16
    low: int = mask & 0xFFFFFFFFFFFF
    slots: int = (high >> 16) << JOKER_SLOT
    for suit in range(4):
        ranks: int = (low >> 16 * suit if suit < 3 else high) & 0xFFFF
        slots |= (ranks & _LOW_RANKS | ranks >> _HIGH_SHIFT << 9) << SUIT_SLOTS * suit
    return slots


def mask_from_slots(slots: int) -> int:
    """The card mask of a mask of slots (the inverse of :func:`slots_from_mask`)."""
    mask: int = (slots >> JOKER_SLOT & 1) << JOKER_CODE
    for suit in range(4):
        ranks: int = slots >> SUIT_SLOTS * suit & 0x1FFF
        mask |= (ranks & _LOW_RANKS | ranks >> 9 << _HIGH_SHIFT) << 16 * suit
    return mask


CODE_OF_SLOT: Final[tuple[int, ...]] = tuple(
    code for code in range(JOKER_CODE + 1) if not SIX_ONLY_MASK >> code & 1
)
"""``CODE_OF_SLOT[slot]``: the card code of a slot."""
SLOT_OF_CODE: Final[tuple[int, ...]] = tuple(
    CODE_OF_SLOT.index(code) if code in CODE_OF_SLOT else -1
    for code in range(JOKER_CODE + 1)
)
"""``SLOT_OF_CODE[code]``: the slot of a card code (-1 for the six-player ranks)."""
SLOT_EFF: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(row[code] for code in CODE_OF_SLOT) for row in EFF
)
""":data:`EFF` by slot."""
SLOT_STRENGTH: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(row[code] for code in CODE_OF_SLOT) for row in rows)
    for rows in STRENGTH
)
""":data:`STRENGTH` by slot."""
SLOT_SUIT_MASKS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(slots_from_mask(mask & ~SIX_ONLY_MASK) for mask in masks)
    for masks in SUIT_MASKS
)
""":data:`SUIT_MASKS` by slot."""
