"""The play of the cards on masks: legal masks, the Joker's rules, the trick winner.

These are the one implementation of the rules of following suit
(:ref:`rules-kitty-play`), of the Joker without trumps (:ref:`rules-joker`) and of
who wins a trick.  The typed functions of :mod:`five_hundred.tricks`, the game state's
play step (:mod:`._engine.step`) and the fast playouts all call them.

The Joker's options come in as one small tuple (:data:`JokerOptions`), built once per
rules value by the facade, so that nothing here reads a rules object.
"""

from typing import Any, Final

from five_hundred._engine.codes import ALL_SUITS, JOKER_BIT, NT
from five_hundred._engine.tables import STRENGTH, SUIT_MASKS

__all__ = [
    "LEAD_ANY",
    "LEAD_NOT_LED_BEFORE",
    "LEAD_NOT_SHOWN_VOID",
    "JokerOptions",
    "joker_lead_names_suit",
    "joker_suits",
    "legal_mask",
    "legal_mask_in",
    "winner_index",
]

JokerOptions = tuple[bool, bool, bool, bool, int]
"""The Joker options of the rules, in this order: the Joker follows only a void player;
once all four suits are led it waits for the last trick; it may be led only in the last
trick; in misère a void player must play it; which suit its leader may name (one of
the ``LEAD_*`` numbers)."""

LEAD_NOT_LED_BEFORE: Final = 0
LEAD_NOT_SHOWN_VOID: Final = 1
LEAD_ANY: Final = 2


def legal_mask(
    hand: int,
    key: int,
    led: int,
    options: JokerOptions,
    misere: bool,
    suits_led: int,
    last_trick: bool,
) -> int:
    """The mask of cards of ``hand`` that may be played.

    ``key`` is the card order (:func:`._engine.tables.context_key`), ``led`` the suit to
    follow (0-3) or -1 when leading, ``suits_led`` the mask of suits led so far this
    hand (the trick in progress included).  Follow the effective suit led if able;
    without trumps the un-nominated Joker has the rules of :ref:`rules-joker`.
    """
    return legal_mask_in(
        hand,
        SUIT_MASKS[key],
        JOKER_BIT,
        key,
        led,
        options,
        misere,
        suits_led,
        last_trick,
    )


def legal_mask_in(
    hand: int,
    suit_masks: tuple[int, ...],
    joker_bit: int,
    key: int,
    led: int,
    options: JokerOptions,
    misere: bool,
    suits_led: int,
    last_trick: bool,
) -> int:
    """:func:`legal_mask` in any numbering of the cards (the playout's slots).

    ``suit_masks`` are the masks of the effective suits under ``key`` and ``joker_bit``
    the Joker's bit, in the numbering of ``hand``.
    """
    only_void: bool = options[0]
    all_four: bool = options[1]
    if led < 0:
        if key != NT or not hand & joker_bit or last_trick:
            return hand
        if options[2] or (all_four and suits_led == ALL_SUITS):
            return hand ^ joker_bit
        return hand
    follow: int = hand & suit_masks[led]
    if key != NT or not hand & joker_bit or last_trick:
        return follow or hand
    joker_ok: bool = not (all_four and (suits_led | 1 << led) == ALL_SUITS)
    if follow:
        return follow | joker_bit if joker_ok and not only_void else follow
    if not joker_ok:
        return hand ^ joker_bit
    if misere and options[3]:
        return joker_bit
    return hand


def joker_lead_names_suit(legal: Any, led: int, key: int) -> bool:
    """Whether the player to act may lead the un-nominated Joker, naming a suit.

    The one test of :ref:`rules-joker-lead-suit`: nothing is led yet, the contract
    has no trumps and the Joker is in the legal mask ``legal`` (its bit is a mask's
    highest, so a comparison: a shift or an ``&`` would build an int object).  Such
    a lead is a play that names the suit to follow; every other play names none.
    """
    return led < 0 and key == NT and legal >= JOKER_BIT


def joker_suits(
    options: JokerOptions, suits_led: int, void: int, last_trick: bool
) -> int:
    """The mask of suits the leader of the un-nominated Joker may name (may be 0).

    ``void`` is the mask of suits the leader has shown void in.
    """
    if last_trick:
        return ALL_SUITS
    rule: int = options[4]
    if rule == LEAD_NOT_LED_BEFORE:
        return ALL_SUITS & ~suits_led
    if rule == LEAD_NOT_SHOWN_VOID:
        return ALL_SUITS & ~void
    return ALL_SUITS


def winner_index(codes: tuple[int, ...], key: int, led: int) -> int:
    """The position of the winning card in a trick of card codes.

    The highest trump wins; with no trump, the highest card of the suit led
    (:data:`._engine.tables.STRENGTH`).  The one home of the trick winner.  A tuple:
    compiled, an item of a ``Sequence`` is read through the generic protocol (about
    a hundred instructions a card, half a card play's winner).
    """
    row: tuple[int, ...] = STRENGTH[key][led]
    best: int = 0
    top: int = row[codes[0]]
    for index in range(1, len(codes)):
        power: int = row[codes[index]]
        if power > top:
            best, top = index, power
    return best
