"""The playout loop: the rest of a hand's card play on masks, for search.

It applies the same rules as the game state's play step (:mod:`._engine.step`) with
the same homes (:func:`._engine.play.legal_mask`, :func:`._engine.play.joker_suits`,
the strength table that :func:`._engine.play.winner_index` reads), but keeps the trick
in local variables instead of building a record per card, and keeps the trick's
winner as it goes (one compare a card, measured 8% faster than calling
``winner_index`` at the end of each trick).  A *choice* is a card code, or ``JOKER_LEAD + suit`` for
leading the un-nominated Joker and naming ``suit``.
"""

from collections.abc import Callable
from typing import Final

from five_hundred._engine.codes import (
    BITS,
    HAND_SIZE,
    JOKER_BIT,
    JOKER_CODE,
    NO_SUIT,
    NT,
)
from five_hundred._engine.core import Core
from five_hundred._engine.play import joker_suits, legal_mask, winner_index
from five_hundred._engine.tables import EFF, STRENGTH, SUIT_MASKS

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
    core: Core, random_: Callable[[], float], policy: Policy | None
) -> tuple[int, list[int]]:
    """Play the rest of the hand of ``core`` (in the play, someone to act).

    Returns the tricks won by each seat (4 bits a seat) and the choices made.
    ``random_`` draws a float in [0, 1) for each random choice.
    """
    setup = core.setup
    key, misere, active, next_seat, contractor, order, _, options = setup
    eff, suit_masks = EFF[key], SUIT_MASKS[key]
    hands = list(core.hands)
    trick = list(core.trick)
    led, suits_led, done, leader = core.led, core.suits_led, core.done, core.leader
    voids, won = core.voids, core.won
    to_act = core.to_act
    assert to_act is not None  # the play phase has a player to act
    seat: int = to_act  # a plain int: compiled, the loop keeps it unboxed
    joker_voids: bool = options[0]
    bits = BITS
    chosen: list[int] = []
    # The trick so far: its size, and its winning seat and strength so far (the
    # running form of winner_index over the same STRENGTH row, one compare a card).
    size = len(trick)
    rows = STRENGTH[key]
    row = rows[max(led, 0)]
    winner, best = leader, -1
    if size:
        index = winner_index(trick, key, led)
        winner, best = order[leader][index], row[trick[index]]
    last = done == HAND_SIZE - 1
    simple = key != NT
    while True:
        held = hands[seat]
        names = 0
        if simple or not held & JOKER_BIT:
            # legal_mask's common case, inline: follow the suit led if able
            mask = held if led < 0 else (held & suit_masks[led] or held)
        else:
            mask = legal_mask(held, key, led, options, misere, suits_led, last)
            if led < 0 and mask & JOKER_BIT:
                names = joker_suits(options, suits_led, voids >> 4 * seat & 15, last)
                if not names:
                    mask ^= JOKER_BIT
        if policy is None:
            if names:
                count = mask.bit_count() + names.bit_count() - 1
                k = int(random_() * count)
                if k >= count - names.bit_count():
                    k -= count - names.bit_count()
                    suit = 0
                    while True:
                        if names >> suit & 1:
                            if k == 0:
                                break
                            k -= 1
                        suit += 1
                    choice = JOKER_LEAD + suit
                else:
                    for _ in range(k):
                        mask &= mask - 1
                    choice = (mask & -mask).bit_length() - 1
            else:
                for _ in range(int(random_() * mask.bit_count())):
                    mask &= mask - 1
                choice = (mask & -mask).bit_length() - 1
        else:
            choice = policy(seat, choices_of(mask, names), tuple(trick))
            trick.append(choice if choice <= JOKER_CODE else JOKER_CODE)
        chosen.append(choice)  # compiled, a list primitive; a bound method is a call
        if choice > JOKER_CODE:
            code = JOKER_CODE
            hands[seat] = held ^ JOKER_BIT
            led = choice - JOKER_LEAD
            suits_led |= 1 << led
            row = rows[led]
            winner, best = seat, row[code]
        else:
            code = choice
            hands[seat] = held ^ bits[code]
            suit = eff[code]
            if not size:
                led = suit
                suits_led |= 1 << led
                row = rows[led]
                winner, best = seat, row[code]
            else:
                if suit != led and (suit != NO_SUIT or joker_voids):
                    voids |= bits[4 * seat + led]
                power = row[code]
                if power > best:
                    winner, best = seat, power
        size += 1
        if size < active:
            seat = next_seat[seat]
            continue
        won += bits[4 * winner]
        done += 1
        if done == HAND_SIZE or (misere and winner == contractor):
            return won, chosen
        seat = winner
        size = 0
        trick.clear()
        led = -1
        last = done == HAND_SIZE - 1
