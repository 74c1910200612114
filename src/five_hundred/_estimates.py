"""The tricks a hand may expect: the estimate both computer players share.

:func:`~five_hundred.bots.hand_strength` is its checked, public face (it documents the
values).  The rule-based player (:mod:`five_hundred.bots`) bids up to it, and the
sampling player (:mod:`five_hundred.sampling`) reads the other seats' calls and passes
with it; both call these functions, which take valid cards and rules unchecked.
"""

import functools
from collections.abc import Iterable, Sequence
from typing import Final, cast

from five_hundred.cards import CARDS_BY_CODE, Card, Rank, Strain, Suit
from five_hundred.dealing import pack
from five_hundred.rules import Rules
from five_hundred.tricks import PlayContext, card_power, effective_suit

__all__ = ["CardOrder", "card_order", "pack_groups", "strain_estimate"]


class CardOrder:
    """A contract's card order as dictionaries: suit, strength and power by suit led."""

    __slots__ = ("power", "strength", "suit")

    def __init__(self, context: PlayContext) -> None:
        self.suit = {card: effective_suit(card, context) for card in CARDS_BY_CODE}
        self.power = {
            led: {card: card_power(card, context, led) for card in CARDS_BY_CODE}
            for led in Suit
        }
        self.strength = {
            card: max(self.power[led][card] for led in Suit) for card in CARDS_BY_CODE
        }

    def groups(self, cards: Iterable[Card]) -> dict[Suit | None, list[Card]]:
        """The cards by effective suit (``None``: the free Joker)."""
        out: dict[Suit | None, list[Card]] = {}
        suit = self.suit
        for card in cards:
            out.setdefault(suit[card], []).append(card)
        return out


@functools.cache
def card_order(context: PlayContext) -> CardOrder:
    """The :class:`CardOrder` of a context (built once)."""
    return CardOrder(context)


@functools.cache
def pack_groups(players: int, context: PlayContext) -> dict[Suit | None, list[Card]]:
    """The pack of ``players`` by effective suit in ``context`` (built once)."""
    return card_order(context).groups(pack(Rules(players=players)))


# Tricks a seat may expect from its partners and the kitty, by player count (six
# players in three sides have one partner, like four); tuned by self-play.
_HELP: Final = {2: 3.0, 3: 2.4, 4: 2.9, 5: 2.9, 6: 3.0}
_HELP_SIX_THREE_SIDES: Final = 2.6
# The value of the top trumps, from the highest down (the Joker, the bowers, A, K, Q).
_TOP_TRUMPS: Final = (1.0, 0.95, 0.8, 0.65, 0.4, 0.2)
_LOW_TRUMP: Final = 0.3
_TRUMP_CONTEXTS: Final = {strain: PlayContext(strain) for strain in Strain}


def _help(rules: Rules) -> float:
    if rules.players == 6 and rules.sides == 3:
        return _HELP_SIX_THREE_SIDES
    return _HELP[rules.players]


@functools.cache
def _trump_places(players: int, strain: Strain) -> dict[Card, int]:
    """Each trump's place in the trump suit of the pack (0 for the highest)."""
    context = _TRUMP_CONTEXTS[strain]
    trump = cast(Suit, strain.suit)
    power = card_order(context).power[trump]
    cards = sorted(pack_groups(players, context)[trump], key=power.__getitem__)
    return {card: place for place, card in enumerate(reversed(cards))}


def _trump_estimate(hand: Sequence[Card], strain: Strain, rules: Rules) -> float:
    """Tricks the hand may take itself with ``strain`` as trumps."""
    trump = cast(Suit, strain.suit)
    groups = card_order(_TRUMP_CONTEXTS[strain]).groups(hand)
    places = _trump_places(rules.players, strain)
    trumps = groups.get(trump, [])
    estimate = 0.0
    for card in trumps:
        place = places[card]
        estimate += _TOP_TRUMPS[place] if place < len(_TOP_TRUMPS) else _LOW_TRUMP
    estimate += 0.55 * max(0, len(trumps) - 4)
    for suit in Suit:
        if suit == trump:
            continue
        cards = groups.get(suit, [])
        ranks = {c.rank for c in cards}
        if Rank.ACE in ranks:
            estimate += 0.85
        if Rank.KING in ranks and len(cards) > 1:
            estimate += 0.35
        if len(trumps) > 2:
            estimate += 0.5 if not cards else 0.2 if len(cards) == 1 else 0.0
    return estimate


def _nt_estimate(hand: Sequence[Card]) -> float:
    """Tricks the hand may take itself in No Trumps."""
    groups = card_order(_TRUMP_CONTEXTS[Strain.NO_TRUMPS]).groups(hand)
    estimate = 1.0 if None in groups else 0.0
    for suit in Suit:
        cards = groups.get(suit, [])
        ranks = {c.rank for c in cards}
        if Rank.ACE in ranks:
            estimate += 0.95 + 0.6 * max(0, len(cards) - 4)
        if Rank.KING in ranks and len(cards) > 1:
            estimate += 0.6 if Rank.ACE in ranks else 0.4
        if Rank.QUEEN in ranks and len(cards) > 2:
            estimate += 0.25
        if not ranks & {Rank.ACE, Rank.KING}:
            estimate -= 0.6  # a suit the opponents may run
    return estimate


def strain_estimate(hand: Sequence[Card], strain: Strain, rules: Rules) -> float:
    """The tricks this seat's side may expect in ``strain``."""
    if strain is Strain.NO_TRUMPS:
        return _nt_estimate(hand) + _help(rules)
    return _trump_estimate(hand, strain, rules) + _help(rules)
