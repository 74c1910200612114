"""The playout loop: the rest of a hand's card play on masks, for search.

It applies the same rules as the game state's play step (:mod:`._engine.step`) with
the same homes (:func:`._engine.play.legal_mask`, :func:`._engine.play.joker_suits`,
the strength table that :func:`._engine.play.winner_index` reads), but keeps the trick
in local variables instead of building a record per card, and keeps the trick's
winner as it goes (one compare a card, measured 8% faster than calling
``winner_index`` at the end of each trick).  It numbers the cards by *slot*
(:func:`._engine.tables.slots_from_mask`) so that, compiled, every mask is a machine
word (the codes reach bit 64); pure Python, a random playout keeps each seat's cards
as lists of codes instead (``_seat_lists``: picking the k-th legal card is a list
index, where on masks it is a loop of operations on wide ints).  A *choice* is a card
code, or ``JOKER_LEAD + suit`` for leading the un-nominated Joker and naming ``suit``.
"""

from bisect import insort
from collections.abc import Callable
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Any, Final

from five_hundred._engine.codes import (
    BITS,
    HAND_SIZE,
    JOKER_BIT,
    JOKER_CODE,
    NO_SUIT,
    NT,
    popcount,
)
from five_hundred._engine.core import (
    DONE,
    HANDS,
    LEADER,
    LED,
    SETUP,
    SUITS_LED,
    TO_ACT,
    TRICK,
    VOIDS,
    WON,
    Record,
)
from five_hundred._engine.play import joker_suits, legal_mask_in, winner_index
from five_hundred._engine.tables import (
    CODE_OF_SLOT,
    EFF,
    JOKER_SLOT,
    SIX_ONLY_MASK,
    SLOT_EFF,
    SLOT_OF_CODE,
    SLOT_STRENGTH,
    SLOT_SUIT_MASKS,
    STRENGTH,
    SUIT_MASKS,
    mask_from_slots,
    slots_from_mask,
)

__all__ = ["JOKER_LEAD", "Policy", "choices_of", "play_out"]

JOKER_LEAD: Final = JOKER_CODE + 1
"""The choice for leading the Joker naming spades; add the suit for the others."""

Policy = Callable[[int, tuple[int, ...], tuple[int, ...]], int]
"""A playout policy: ``policy(seat, choices, trick) -> choice``."""


def choices_of(mask: int, names: int) -> tuple[int, ...]:
    """The choices of a legal mask, in canonical order (the Joker's named leads last)."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        mask ^= low
        out.append(low.bit_length() - 1)
    if names:
        out.pop()  # the Joker is the highest code: replace it by its named leads
        out.extend(JOKER_LEAD + s for s in range(4) if names >> s & 1)
    return tuple(out)


def play_out(
    core: Record, random_: Callable[[], float], policy: Policy | None
) -> tuple[int, list[int]]:
    """Play the rest of the hand of ``core`` (in the play, someone to act).

    Returns the tricks won by each seat (4 bits a seat) and the choices made.
    ``random_`` draws a float in [0, 1) for each random choice.
    """
    setup = core[SETUP]
    key, misere, active, next_seat, contractor, order, _, options, _, _ = setup
    code_hands = core[HANDS]
    held_all = 0
    for mask in code_hands:
        held_all |= mask
    # The loop's numbering of the cards: compiled, slots (masks in a machine word)
    # unless a six-player rank is still held (see tables.SIX_ONLY_MASK); else the card
    # codes themselves (pure Python, ints of any size cost the same).
    slotted = _COMPILED and not held_all & SIX_ONLY_MASK
    if slotted:
        hands = [slots_from_mask(mask) for mask in code_hands]
        eff, suit_masks = SLOT_EFF[key], SLOT_SUIT_MASKS[key]
        rows = SLOT_STRENGTH[key]
        joker: int = JOKER_SLOT
    else:
        hands = list(code_hands)
        eff, suit_masks = EFF[key], SUIT_MASKS[key]
        rows = STRENGTH[key]
        joker = JOKER_CODE
    # Whether the Joker played to a trick it did not lead has a suit (a trump, or the
    # nominated suit): a card outside the suit led then shows a void (the one
    # exception, the suitless Joker, shows one only under the ``joker_voids`` option).
    joker_suited: bool = eff[joker] != NO_SUIT
    trick = list(core[TRICK])
    led, suits_led, done, leader = core[LED], core[SUITS_LED], core[DONE], core[LEADER]
    voids, won = core[VOIDS], core[WON]
    to_act = core[TO_ACT]
    assert to_act is not None  # the play phase has a player to act
    seat: int = to_act  # a plain int: compiled, the loop keeps it unboxed
    joker_voids: bool = options[0]
    joker_bit: int = 1 << joker
    # Items appended as the objects they are (compiled: no unboxing of a table's int
    # only to box it again for the list).
    chosen: list[Any] = []
    # Pure, random play: each seat's cards as lists of codes, all and by effective suit
    # (see _seat_lists): a pick is a list index, not a loop of operations on wide ints,
    # with the same random draws (the k-th legal card in code order).  The holder of the
    # un-nominated Joker without trumps (``joker_seat``) goes through legal_mask_in on
    # its mask as long as it holds the Joker.
    listed = not _COMPILED and policy is None
    whole: list[list[int]] = []
    groups: list[list[list[int]]] = []
    joker_seat = -1
    if listed:
        for index, mask in enumerate(code_hands):
            cards, by_suit = _seat_lists(mask, key)
            whole.append(cards)
            groups.append(by_suit)
            if key == NT and mask & JOKER_BIT:
                joker_seat = index
    # Compiled, the cards not played yet: a seat holds ``hands[seat] & left`` (one
    # local, cheaper than storing a new boxed mask per card); pure, the hands list.
    left = 0
    bit = 0  # compiled, the slot of the card played
    if slotted:
        for mask in hands:
            left |= mask
    # The trick so far: its size, and its winning seat and strength so far (the
    # running form of winner_index over the same STRENGTH row, one compare a card).
    size = len(trick)
    row = rows[max(led, 0)]
    follow = suit_masks[led] if led >= 0 else 0  # the cards of the suit led
    winner, best = leader, -1
    if size:
        index = winner_index(core[TRICK], key, led)
        winner, best = order[leader][index], STRENGTH[key][led][trick[index]]
    last = done == HAND_SIZE - 1
    simple = key != NT
    while True:
        if listed and seat != joker_seat:
            # the suit led's cards if the seat holds any, else any card
            cards = whole[seat]
            picks = groups[seat][led] if size else cards
            if not picks:
                picks = cards
            code = picks.pop(int(random_() * len(picks)))
            if picks is cards:
                groups[seat][eff[code]].remove(code)
            else:
                cards.remove(code)
            chosen.append(code)
            # Following, the whole hand is offered only to a seat void in the suit led.
            off = picks is cards
        else:
            held = hands[seat] & left if slotted else hands[seat]
            names = 0
            if simple or not held & joker_bit:
                # legal_mask's common case, inline: follow the suit led if able
                mask = held if led < 0 else (held & follow or held)
            else:
                mask = legal_mask_in(
                    held,
                    suit_masks,
                    joker_bit,
                    key,
                    led,
                    options,
                    misere,
                    suits_led,
                    last,
                )
                if led < 0 and mask & joker_bit:
                    names = joker_suits(
                        options, suits_led, voids >> 4 * seat & 15, last
                    )
                    if not names:
                        mask ^= joker_bit
            if policy is None:
                if names:
                    named = popcount(names) if slotted else names.bit_count()
                    count = (
                        (popcount(mask) if slotted else mask.bit_count()) + named - 1
                    )
                    k = int(random_() * count)
                    if k >= count - named:
                        k -= count - named
                        suit = 0
                        while True:
                            if names >> suit & 1:
                                if k == 0:
                                    break
                                k -= 1
                            suit += 1
                        choice = JOKER_LEAD + suit
                    else:
                        for _i in range(k):
                            mask &= mask - 1
                        choice = (mask & -mask).bit_length() - 1
                else:
                    # The seat to act holds a card for each trick to play: when it may play
                    # any of them, that is the count.
                    if mask == held:
                        count = HAND_SIZE - done
                    elif slotted:
                        count = popcount(mask)
                    else:
                        count = mask.bit_count()
                    for _i in range(int(random_() * count)):
                        mask &= mask - 1
                    choice = (mask & -mask).bit_length() - 1
            else:
                offered = mask_from_slots(mask) if slotted else mask
                choice = policy(seat, choices_of(offered, names), tuple(trick))
                if choice < JOKER_LEAD:
                    trick.append(choice)
                    choice = SLOT_OF_CODE[choice] if slotted else choice
                else:
                    trick.append(JOKER_CODE)
            if not slotted:
                hands[seat] = held ^ (
                    joker_bit if choice >= JOKER_LEAD else BITS[choice]
                )
                if listed:  # the seat holds the un-nominated Joker without trumps
                    code = JOKER_CODE if choice >= JOKER_LEAD else choice
                    whole[seat].remove(code)
                    groups[seat][eff[code]].remove(code)
                    if code == JOKER_CODE:
                        joker_seat = -1
            if choice >= JOKER_LEAD:
                chosen.append(
                    choice
                )  # compiled, a list primitive; a bound method a call
                code = joker
                if slotted:
                    left ^= joker_bit
                led = choice - JOKER_LEAD
                suits_led |= 1 << led
                row = rows[led]
                follow = suit_masks[led]
                winner, best = seat, row[code]
                size += 1
                seat = next_seat[seat]  # a lead: the trick goes on
                continue
            code = choice
            if slotted:
                chosen.append(_SLOT_CODES[code])
                bit = 1 << code
                left ^= bit
                off = not bit & follow  # compiled, a test of machine words
            else:
                chosen.append(code)
                off = (
                    eff[code] != led
                )  # pure, the suit table (a wide mask's & allocates)
        if not size:
            led = eff[code]
            suits_led |= 1 << led
            row = rows[led]
            follow = suit_masks[led]
            winner, best = seat, row[code]
        else:
            # Off the suit led: the un-nominated Joker shows a void only if it has a
            # suit here or under the ``joker_voids`` option.
            if off and (code != joker or joker_suited or joker_voids):
                voids |= 1 << 4 * seat + led
            power = row[code]
            if power > best:
                winner, best = seat, power
        size += 1
        if size < active:
            seat = next_seat[seat]
            continue
        won += 1 << 4 * winner
        done += 1
        if done == HAND_SIZE or (misere and winner == contractor):
            return won, chosen
        seat = winner
        size = 0
        trick.clear()
        led = -1
        last = done == HAND_SIZE - 1


def _seat_lists(mask: int, key: int) -> tuple[list[int], list[list[int]]]:
    """A hand's codes in code order, and by effective suit under ``key`` (in code order).

    The natural suits come from the bytes of the mask (a table of each byte's codes);
    the cards of another effective suit (the left bower, the Joker) then move.
    """
    data = mask.to_bytes(9, "little")
    by_suit = [
        [*_BYTE_CODES[0][data[0]], *_BYTE_CODES[1][data[1]]],
        [*_BYTE_CODES[2][data[2]], *_BYTE_CODES[3][data[3]]],
        [*_BYTE_CODES[4][data[4]], *_BYTE_CODES[5][data[5]]],
        [*_BYTE_CODES[6][data[6]], *_BYTE_CODES[7][data[7]]],
        [JOKER_CODE] if data[8] else [],
    ]
    cards = [*by_suit[0], *by_suit[1], *by_suit[2], *by_suit[3], *by_suit[4]]
    for code, suit in _MOVED[key]:
        if code in cards:
            by_suit[code >> 4].remove(code)
            insort(by_suit[suit], code)
    return cards, by_suit


def _byte_codes(base: int) -> tuple[tuple[int, ...], ...]:
    """The codes of each value of a mask's byte of codes ``base`` to ``base + 7``."""
    table: list[tuple[int, ...]] = [()]
    for code in range(base, base + 8):
        table += [(*codes, code) for codes in table]
    return tuple(table)


_BYTE_CODES: Final = tuple(_byte_codes(8 * index) for index in range(9))
"""``_BYTE_CODES[index][value]``: the codes of byte ``index`` of a mask if it is ``value``."""
_MOVED: Final = tuple(
    tuple((code, row[code]) for code in range(JOKER_CODE + 1) if row[code] != code >> 4)
    for row in EFF
)
"""By context key, the cards whose effective suit is not their own (the Joker's is 4)."""

_SLOT_CODES: Final[tuple[Any, ...]] = CODE_OF_SLOT
"""``CODE_OF_SLOT`` read as objects: compiled, a card's code goes into the choices as it is."""
_COMPILED: Final = __file__.endswith(tuple(EXTENSION_SUFFIXES))
"""Whether this module is compiled (then the loop numbers the cards by slot)."""
