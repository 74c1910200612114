"""The game state's play step: one card played, on the state's inner record.

This is the hottest path of the library (a bot's search plays millions of cards), so
the step unpacks the record once and builds the next one by position (the field order
is checked when :mod:`._engine.core` is imported).  The rules it applies have their
homes in :mod:`._engine.play` (legal masks, the Joker, the trick winner); the common
case of the legal mask (no un-nominated Joker in hand: follow suit if able) is written
inline, as in the playout loop.
"""

from typing import Any

from five_hundred._engine.codes import (
    _COMPILED,
    BITS,
    HAND_SIZE,
    JOKER_BIT,
    JOKER_CODE,
    NO_SUIT,
    NT,
)
from five_hundred._engine.core import GAME, HAND, HANDS, LOG, PLAY, RULES, Record, Setup
from five_hundred._engine.play import legal_mask, winner_index
from five_hundred._engine.tables import EFF, SUIT_MASKS

__all__ = ["next_mask", "play_card", "start_play"]


def next_mask(setup: Setup, held: int, led: int, suits_led: int, done: int) -> int:
    """The legal mask of ``held`` in the play under ``setup`` (see ``legal_mask``)."""
    key: int = setup.key
    if key != NT or not held >> JOKER_CODE:  # (a shift: ``&`` builds a long integer)
        return held if led < 0 else (held & SUIT_MASKS[key][led] or held)
    return legal_mask(
        held, key, led, setup.options, setup.misere, suits_led, done == HAND_SIZE - 1
    )


def start_play(core: Record, setup: Setup) -> Record:
    """``core`` at the first lead of the play under ``setup``: the contractor leads."""
    hands = core[HANDS]
    first: int = setup.contractor
    legal = next_mask(setup, hands[first], -1, 0, 0)
    head = (core[RULES], PLAY, first, core[GAME], core[HAND], setup, core[LOG])
    return (*head, hands, first, (), -1, 0, 0, 0, 0, legal)  # type: ignore[return-value]


def play_card(core: Record, code: int, named: int, action: Any) -> Record:
    """``core`` after the player to act plays card ``code`` (a legal play).

    ``named`` is the suit named by the leader of the un-nominated Joker, else -1;
    ``action`` goes into the log.  After the hand's last trick (or a misère
    contractor's first trick won) the result has nobody to act: the facade scores it.
    """
    # One unpacking of the flat record: reading its fields one by one costs more.
    # The fields the play passes on as they are stay objects (``Any``): compiled, a
    # field read as an int is unboxed and boxed again into a new int object (the log
    # into a new tuple), which costs more than the play's own arithmetic.
    seat: int  # the play phase always has a player to act
    setup: Setup
    hands: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]
    led: int
    suits_led: int
    done: int
    fields: tuple[Any, ...] = core
    (rules, phase, seat, game, hand, setup, log, hands, leader, trick, led, suits_led, voids, won, done, _) = fields  # fmt: skip
    key, misere, active, next_seat, contractor, order, _, options, _, _ = setup
    new_log: Any = (log, action, seat)  # an object: compiled, not unpacked again
    eff: int = EFF[key][code]
    # The masks stay objects too: a hand holding the Joker (bit 64) is a long integer,
    # whose bit operations as objects cost a fraction of compiled ints' (which convert
    # a long one to an object and back around each operation).
    items: tuple[Any, ...] = hands
    bits: tuple[Any, ...] = BITS
    new: Any = items[seat] ^ bits[code]
    # the length of ``hands``, not of ``items``: mypy narrows the tuple tested to four
    # items, which compiled code checks and unpacks again at every read
    if len(hands) == 4:
        # four seats (the common game): the tuple built at once, the other hands
        # read as objects (compiled, not unboxed and boxed again; no list copied)
        if seat == 0:
            hands = (new, items[1], items[2], items[3])
        elif seat == 1:
            hands = (items[0], new, items[2], items[3])
        elif seat == 2:
            hands = (items[0], items[1], new, items[3])
        else:
            hands = (items[0], items[1], items[2], new)
    else:
        held = list(hands)
        held[seat] = new
        hands = tuple(held)
    if not trick:
        led = eff if eff != NO_SUIT or named < 0 else named
        suits_led |= 1 << led
        trick = (code,)  # a lead: no concatenation
    else:
        if eff != led and (eff != NO_SUIT or options[0]):
            voids |= bits[4 * seat + led]
        # Compiled, a trick of one or two cards is built at once (``+=`` builds a
        # tuple of one card, then the concatenation); pure, the concatenation costs
        # less than the tests.
        if not _COMPILED:
            trick += (code,)
        elif len(trick) == 1:
            trick = (trick[0], code)
        elif len(trick) == 2:
            trick = (trick[0], trick[1], code)
        else:
            trick += (code,)
    # the hands read as objects (compiled, an item read through ``tuple[int, ...]``
    # is unboxed and boxed again into a new int object)
    now: tuple[Any, ...] = hands
    if len(trick) < active:
        to_act: int = next_seat[seat]
        nxt: Any = now[to_act]
        legal: Any
        if key != NT or nxt < JOKER_BIT:  # (the Joker is a mask's highest bit)
            masks: tuple[Any, ...] = SUIT_MASKS[key]  # (read here: pure, a cost)
            legal = nxt & masks[led] or nxt
        else:
            legal = next_mask(setup, nxt, led, suits_led, done)
        return (rules, phase, to_act, game, hand, setup, new_log, hands, leader, trick, led, suits_led, voids, won, done, legal)  # type: ignore[return-value]  # fmt: skip
    winner: int = order[leader][winner_index(trick, key, led)]
    won += bits[4 * winner]
    done += 1
    if done == HAND_SIZE or (misere and winner == contractor):
        # the hand is over: nobody to act; the facade scores it
        return (rules, phase, None, game, hand, setup, new_log, hands, -1, (), -1, suits_led, voids, won, done, 0)  # type: ignore[return-value]  # fmt: skip
    nxt = now[winner]
    legal = (
        nxt
        if key != NT or nxt < JOKER_BIT
        else next_mask(setup, nxt, -1, suits_led, done)
    )
    return (rules, phase, winner, game, hand, setup, new_log, hands, winner, (), -1, suits_led, voids, won, done, legal)  # type: ignore[return-value]  # fmt: skip
