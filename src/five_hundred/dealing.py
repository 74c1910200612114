"""Packs, dealing and the seeded shuffle.

Each player count has its own pack (:ref:`rules-pack-deal`, :ref:`rules-player-counts`), always dealt as ten cards to
each hand and three to the kitty, in the packets of a real table: three to each hand,
one to the kitty, four to each, one to the kitty, three to each, one to the kitty,
starting left of the dealer.  Two players are dealt three hands as if for three players:
the non-dealer's, the dealer's, and third the dead hand (:ref:`rules-two-players`).

The seeded shuffle is a Fisher-Yates (Durstenfeld) shuffle driven by SplitMix64 with
rejection sampling, written out here, so the same seed gives the same deal on every
machine and every Python version (``random.shuffle`` promises neither).

>>> from five_hundred import Rules, pack, deal, shuffled_pack
>>> len(pack(Rules())), len(pack(Rules.six_player()))
(43, 63)
>>> hands, kitty = deal(Rules(), shuffled_pack(Rules(), seed=7), dealer=0)
>>> [len(hand) for hand in hands], len(kitty)
([10, 10, 10, 10], 3)
"""

import functools
from collections.abc import Sequence
from typing import Final

from five_hundred._checks import check_dealer, check_rules, check_seed
from five_hundred._engine.codes import HAND_SIZE, KITTY_SIZE
from five_hundred.cards import JOKER, Card, Rank, Suit, card_code
from five_hundred.errors import InvalidStateError
from five_hundred.rules import Rules

__all__ = [
    "HAND_SIZE",
    "KITTY_SIZE",
    "SplitMix64",
    "deal",
    "deal_order",
    "pack",
    "pack_mask",
    "shuffled_pack",
]

_MASK64: Final = (1 << 64) - 1
_PACKETS: Final = (3, 4, 3)


def _ranks(
    low: Rank, high: Rank = Rank.ACE, *, extra: Sequence[Rank] = ()
) -> list[Rank]:
    return [r for r in Rank if low <= r <= high and r not in _SIX_ONLY] + list(extra)


_SIX_ONLY: Final = (Rank.ELEVEN, Rank.TWELVE, Rank.THIRTEEN)


@functools.cache
def _pack_for(players: int) -> tuple[Card, ...]:
    ranks: dict[Suit, list[Rank]]
    if players <= 3:
        ranks = {suit: _ranks(Rank.SEVEN) for suit in Suit}
    elif players == 4:
        ranks = {
            Suit.SPADES: _ranks(Rank.FIVE),
            Suit.CLUBS: _ranks(Rank.FIVE),
            Suit.DIAMONDS: _ranks(Rank.FOUR),
            Suit.HEARTS: _ranks(Rank.FOUR),
        }
    elif players == 5:
        ranks = {suit: _ranks(Rank.TWO) for suit in Suit}
    else:
        black = (Rank.ELEVEN, Rank.TWELVE)
        red = (Rank.ELEVEN, Rank.TWELVE, Rank.THIRTEEN)
        ranks = {
            suit: _ranks(Rank.TWO, extra=red if suit.is_red else black) for suit in Suit
        }
    cards = [Card(rank, suit) for suit in Suit for rank in ranks[suit]]
    return (*sorted(cards, key=card_code), JOKER)


def pack(rules: Rules) -> tuple[Card, ...]:
    """The pack for the rules' player count, in a fixed order.

    The order is by suit (spades, clubs, diamonds, hearts), each from its lowest card up,
    then the Joker.  Sizes: 33 cards for 2 and 3 players, 43 for 4, 53 for 5, 63 for 6.

    >>> from five_hundred import format_cards
    >>> format_cards(pack(Rules.three_player())[:9])
    '7S 8S 9S 10S JS QS KS AS 7C'
    """
    return _pack_for(check_rules(rules).players)


@functools.cache
def pack_mask(players: int) -> int:
    """The bit mask of the pack for ``players`` players."""
    mask = 0
    for card in _pack_for(players):
        mask |= 1 << card_code(card)
    return mask


def hands_dealt(rules: Rules) -> int:
    """How many hands are dealt: the players, plus a dead hand for two players."""
    return 3 if rules.players == 2 else rules.players


@functools.cache
def _order(hands: int) -> tuple[int, ...]:
    """For each position in the pack, the hand (0 = first dealt to) or -1 (kitty)."""
    order: list[int] = []
    for packet in _PACKETS:
        for hand in range(hands):
            order.extend([hand] * packet)
        order.append(-1)
    return tuple(order)


def deal_order(rules: Rules, dealer: int = 0) -> tuple[int | None, ...]:
    """Who receives each card of the pack, in dealing order.

    Each entry is a seat, ``None`` for the kitty, or (two players) ``-1`` for the dead
    hand.  This is the 3-1-4-1-3-1 packet pattern, starting left of the dealer.

    >>> deal_order(Rules(), dealer=3)[:5]
    (0, 0, 0, 1, 1)
    """
    n = check_rules(rules).players
    result: list[int | None] = []
    for hand in _order(hands_dealt(rules)):
        if hand < 0:
            result.append(None)
        elif n == 2:
            # The non-dealer (the dealer's left), the dealer, then the dead hand.
            result.append(-1 if hand == 2 else (dealer + 1 + hand) % 2)
        else:
            result.append((dealer + 1 + hand) % n)
    return tuple(result)


def deal(
    rules: Rules, cards: Sequence[Card], dealer: int = 0
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Deal a pack in the given order, exactly as at the table.

    Returns the hands, seat 0 first (for two players the dead hand is a third entry),
    and the kitty, each in the order the cards were dealt.

    Raises:
        InvalidStateError: if ``cards`` is not a permutation of the rules' pack, or the
            dealer is not a seat.
    """
    expected = pack(rules)
    dealer = check_dealer(rules, dealer)
    cards = tuple(cards)
    if len(cards) != len(expected) or set(cards) != set(expected):
        missing = set(expected) - set(cards)
        foreign = [c for c in cards if c not in set(expected)]
        detail = []
        if len(cards) != len(expected):
            detail.append(f"{len(cards)} cards instead of {len(expected)}")
        if missing:
            detail.append("missing " + " ".join(sorted(map(str, missing))))
        if foreign:
            detail.append("not in this pack " + " ".join(map(str, foreign)))
        if len(set(cards)) != len(cards):
            detail.append("duplicate cards")
        msg = f"not a {rules.players}-player pack: " + ", ".join(detail)
        raise InvalidStateError(msg)
    slots = hands_dealt(rules)
    hands: list[list[Card]] = [[] for _ in range(slots)]
    kitty: list[Card] = []
    for card, seat in zip(cards, deal_order(rules, dealer), strict=True):
        if seat is None:
            kitty.append(card)
        else:
            hands[2 if seat == -1 else seat].append(card)
    return tuple(map(tuple, hands)), tuple(kitty)


class SplitMix64:
    """The SplitMix64 generator (Steele, Lea and Flood, 2014), 64-bit state.

    >>> rng = SplitMix64(0)
    >>> rng.next64()
    16294208416658607535
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """A uniform integer in ``range(bound)``, by rejection sampling."""
        limit = (1 << 64) - (1 << 64) % bound
        while True:
            value = self.next64()
            if value < limit:
                return value % bound


def shuffled_pack(rules: Rules, seed: int) -> tuple[Card, ...]:
    """The pack shuffled by Fisher-Yates over SplitMix64 seeded with ``seed``.

    The result depends only on the seed and the player count, never on the platform.

    Raises:
        InvalidStateError: if the seed is not a whole number.
    """
    seed = check_seed(seed)
    cards = list(pack(rules))
    rng = SplitMix64(seed)
    for i in range(len(cards) - 1, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)
