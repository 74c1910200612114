"""The rule-based player's card choices on the engine's codes: one home for both players.

:class:`~five_hundred.bots.RuleBasedPlayer` chooses its lead, its follow and its discard
here, and the sampling player's playouts (:func:`rule_policy`, the policy that plays a
sampled deal out as rule-of-thumb players would) call the same functions, so the model
the sampling player searches with is the rule-based player's play, not a copy of it.

A *choice* is a card code or, for leading the un-nominated Joker naming ``suit``,
``JOKER_LEAD + suit`` (:mod:`five_hundred._engine.playout`).  The tables of a contract's
card order (:class:`Order`) are built once per context key and kept.
"""

import functools
from typing import Final, NamedTuple

from five_hundred._engine.codes import JOKER_CODE, KITTY_SIZE, NO_SUIT, codes_from_mask
from five_hundred._engine.core import Setup
from five_hundred._engine.playout import JOKER_LEAD, Policy
from five_hundred._engine.tables import EFF, STRENGTH, TRUMP
from five_hundred.cards import Rank
from five_hundred.rules import Rules, seats_of, side_of

__all__ = [
    "Order",
    "follow_choice",
    "keep_order",
    "lead_choice",
    "misere_choice",
    "misere_discard",
    "order_of",
    "rule_discard",
    "rule_policy",
    "seat_friends",
    "side_mask",
    "winning",
]

_JACK_RANK: Final = Rank.JACK.value - 2
"""A jack's rank offset in a card code (``16 * suit + rank - 2``)."""
_ACE_RANK: Final = Rank.ACE.value - 2
_STRIDE: Final = 128
"""Order keys are ``strength * 128`` plus the choice (every choice is below 128)."""


class Order(NamedTuple):
    """A contract's card order by choice (card codes, then the Joker's named leads)."""

    trump: int
    """The trump suit, or -1 without trumps."""
    eff: tuple[int, ...]
    """Each choice's effective suit (:data:`NO_SUIT` for the free Joker)."""
    top: tuple[int, ...]
    """Each card code's strength whatever the suit led (the best of its rows)."""
    low: tuple[int, ...]
    """A key that sorts choices from the weakest (the lowest code first on a tie)."""
    high: tuple[int, ...]
    """A key whose largest is the strongest choice (the lowest code on a tie)."""
    rows: tuple[tuple[int, ...], ...]
    """By suit led (4: the Joker's named suit aside), each choice's power key."""
    aces: frozenset[int]
    """The aces outside trumps."""


@functools.cache
def order_of(key: int) -> Order:
    """The card order of context ``key`` (built once and kept)."""
    trump = TRUMP[key]
    codes = [*range(JOKER_CODE + 1), *([JOKER_CODE] * 4)]
    eff = tuple(EFF[key][code] for code in codes)
    rows = STRENGTH[key]
    top = tuple(
        max(rows[led][code] for led in range(4)) for code in range(JOKER_CODE + 1)
    )
    return Order(
        trump,
        eff,
        top,
        tuple(top[code] * _STRIDE + choice for choice, code in enumerate(codes)),
        tuple(top[code] * _STRIDE - choice for choice, code in enumerate(codes)),
        tuple(
            tuple(row[code] * _STRIDE + choice for choice, code in enumerate(codes))
            for row in rows
        ),
        frozenset(
            code
            for code in range(JOKER_CODE)
            if code % 16 == _ACE_RANK and eff[code] != trump
        ),
    )


def lead_choice(order: Order, choices: tuple[int, ...], attacking: bool) -> int:
    """The rules of thumb's lead among ``choices`` (in code order).

    The contracting side (``attacking``) leads its top trump when it is the Joker or a
    bower or it holds three trumps; otherwise an ace outside trumps, else low from the
    longest plain suit, else the weakest card.
    """
    trump, eff = order.trump, order.eff
    if trump >= 0 and attacking:
        trumps = [c for c in choices if eff[c] == trump]
        if trumps:
            best = max(trumps, key=order.high.__getitem__)
            if best == JOKER_CODE or best % 16 == _JACK_RANK or len(trumps) > 2:
                return best
    aces = order.aces
    for c in choices:  # in code order: the lowest code first
        if c in aces:
            return c
    groups: dict[int, list[int]] = {}
    for c in choices:
        suit = eff[c]
        if suit != trump and suit != NO_SUIT:
            groups.setdefault(suit, []).append(c)
    if groups:
        longest = max(groups, key=lambda s: (len(groups[s]), s))
        return min(groups[longest], key=order.low.__getitem__)
    return min(choices, key=order.low.__getitem__)


def winning(order: Order, trick: tuple[int, ...], led: int) -> tuple[int, int]:
    """The index of the card winning ``trick`` so far (suit ``led``) and its power key."""
    row = order.rows[led]
    index = 0
    power = row[trick[0]]
    for i in range(1, len(trick)):
        if row[trick[i]] > power:
            index, power = i, row[trick[i]]
    return index, power


def follow_choice(
    order: Order, choices: tuple[int, ...], led: int, power: int, beat: bool
) -> int:
    """The rules of thumb's follow: the cheapest winner if ``beat``, else the weakest.

    ``power`` is the winning card's key (:func:`winning`); ``beat`` is whether the
    trick is won by someone not on this seat's side.
    """
    if beat:
        row = order.rows[led]
        beating = [c for c in choices if row[c] > power]
        if beating:
            return min(beating, key=row.__getitem__)
    return min(choices, key=order.low.__getitem__)


def misere_choice(
    order: Order,
    choices: tuple[int, ...],
    led: int,
    power: int,
    contractor: bool,
    under_contractor: bool,
) -> int:
    """The rules of thumb's follow in misère (a lead is the weakest card).

    The contractor (``contractor``) plays its highest card that still loses to the
    winning card (key ``power``), else its highest; a defender keeps the contractor
    winning (``under_contractor``) with its highest card under it, else plays its
    weakest.
    """
    row = order.rows[led]
    if contractor:
        losing = [c for c in choices if row[c] < power]
        return max(losing or choices, key=order.high.__getitem__)
    if under_contractor:
        under = [c for c in choices if row[c] < power]
        if under:
            return max(under, key=order.high.__getitem__)
    return min(choices, key=order.low.__getitem__)


def rule_policy(
    setup: Setup,
    team: int,
    friends: tuple[int, ...],
    named: list[int] | None = None,
    misere: int = -1,
) -> Policy:
    """A playout policy that plays as the rule-based player does.

    ``team`` is the contracting side's seats (a mask), ``friends[seat]`` the seats
    ``seat`` plays with (a mask).  ``named`` (one item) holds the suit an
    un-nominated Joker named when it was led, for a Joker led before the playout
    started; a lead by the policy sets it.  ``misere``: the contractor's seat in a
    misère contract (played by :func:`misere_choice`), else -1.
    """
    order = order_of(setup.key)
    eff = order.eff
    winners: dict[tuple[int, int, int], int] = {}
    for seats in setup.order:
        for index, seat in enumerate(seats):
            for best in range(index):
                winners[seat, index, best] = seats[best]
    if named is None:
        named = [NO_SUIT]

    def policy(seat: int, choices: tuple[int, ...], trick: tuple[int, ...]) -> int:
        if not trick and misere >= 0:
            choice = min(choices, key=order.low.__getitem__)
            if choice > JOKER_CODE:
                named[0] = choice - JOKER_LEAD
            return choice
        if not trick:
            choice = lead_choice(order, choices, bool(team >> seat & 1))
            if choice > JOKER_CODE:
                named[0] = choice - JOKER_LEAD
            return choice
        if len(choices) == 1:
            return choices[0]
        led = eff[trick[0]]
        if led == NO_SUIT:
            led = named[0]
        index, power = winning(order, trick, led)
        winner = winners[seat, len(trick), index]
        if misere >= 0:
            return misere_choice(
                order, choices, led, power, seat == misere, winner == misere
            )
        return follow_choice(
            order, choices, led, power, not friends[seat] >> winner & 1
        )

    return policy


def keep_order(key: int, held: int) -> list[int]:
    """The codes of ``held`` from the first to throw to the last, by rule of thumb.

    Trumps, the Joker and aces last; the weakest cards of the shortest plain suits
    first (the lowest code first on a tie).
    """
    order = order_of(key)
    eff, trump, top = order.eff, order.trump, order.top
    codes = codes_from_mask(held)
    counts = [0] * 5
    for code in codes:
        counts[eff[code]] += 1

    def keep(code: int) -> tuple[int, int, int]:
        suit = eff[code]
        if suit in (NO_SUIT, trump) or code % 16 == _ACE_RANK:
            return (1, 0, top[code])
        return (0, counts[suit], top[code])

    return sorted(codes, key=keep)


def rule_discard(key: int, held: int) -> int:
    """The mask of the three cards the rules of thumb discard from ``held``."""
    mask = 0
    for code in keep_order(key, held)[:KITTY_SIZE]:
        mask |= 1 << code
    return mask


def misere_discard(key: int, held: int) -> int:
    """The mask of the three cards the rules of thumb discard from ``held`` in misère.

    The most dangerous first: the strongest cards (the Joker, then the aces, ...),
    of the shortest suit on a tie, then the lowest code.  ``key`` is the misère's
    card order (No Trumps, with the Joker's nomination if any).
    """
    order = order_of(key)
    eff, top = order.eff, order.top
    codes = codes_from_mask(held)
    counts = [0] * 5
    for code in codes:
        counts[eff[code]] += 1
    ordered = sorted(codes, key=lambda code: (-top[code], counts[eff[code]]))
    mask = 0
    for code in ordered[:KITTY_SIZE]:
        mask |= 1 << code
    return mask


def seat_friends(rules: Rules) -> tuple[int, ...]:
    """For each seat, the seats it plays with when partnerships are fixed (a mask)."""
    out = []
    for seat in range(rules.players):
        mask = 1 << seat
        if rules.partnerships:
            for other in range(rules.players):
                if side_of(rules, other) == side_of(rules, seat):
                    mask |= 1 << other
        out.append(mask)
    return tuple(out)


def side_mask(rules: Rules, seat: int) -> int:
    """The seats of ``seat``'s side (a mask)."""
    return sum(1 << s for s in seats_of(rules, side_of(rules, seat)))
