"""Suits, ranks, cards and their notation.

A card is written rank then suit: ``10H``, ``JD``, ``AS``, ``11C`` (six players), and the
Joker is ``JK``.  Parsing ignores case, accepts ``T`` for ten and the suit symbols
``♠ ♣ ♦ ♥``; ``str()`` always gives the canonical upper-case form.

>>> from five_hundred import parse_card, parse_cards
>>> card = parse_card("th")
>>> card, str(card)
(parse_card('10H'), '10H')
>>> parse_cards("jk A♠ 11c")
(parse_card('JK'), parse_card('AS'), parse_card('11C'))

Inside the library each card also has a small integer *code*
(``16 * suit + rank - 2``, the Joker 64), so that a set of cards is an ``int`` bit mask.
Those codes are what the fast paths work on; the :class:`Card` objects are the interface.
"""

import enum
import re
from collections.abc import Iterable
from typing import Any, Final, NoReturn, Self, cast

import attrs

from five_hundred._engine.codes import JOKER_CODE
from five_hundred._shown import short_repr
from five_hundred.errors import InvalidNotationError, notation_error, quote, wrong_type

__all__ = [
    "CARDS_BY_CODE",
    "JOKER",
    "JOKER_CODE",
    "Card",
    "Rank",
    "Strain",
    "Suit",
    "card_code",
    "cards_from_mask",
    "format_cards",
    "mask_from_cards",
    "notation_key",
    "parse_card",
    "parse_cards",
    "quote",
]


class Suit(enum.IntEnum):
    """A suit; the number is the bidding order (spades lowest, hearts highest)."""

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3

    @property
    def letter(self) -> str:
        """The notation letter: ``S``, ``C``, ``D`` or ``H``."""
        return "SCDH"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♠``, ``♣``, ``♦`` or ``♥``."""
        return "♠♣♦♥"[self]

    @property
    def is_red(self) -> bool:
        """Whether the suit is red (diamonds and hearts)."""
        return self >= Suit.DIAMONDS

    @property
    def same_colour(self) -> "Suit":
        """The other suit of the same colour (the suit of the left bower's printed face).

        >>> Suit.HEARTS.same_colour
        <Suit.DIAMONDS: 2>
        """
        return Suit(self ^ 1)

    def __str__(self) -> str:
        return self.letter


class Strain(enum.IntEnum):
    """What a trick bid names: a trump suit or No Trumps, in bidding order."""

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3
    NO_TRUMPS = 4

    @property
    def letter(self) -> str:
        """The notation: ``S``, ``C``, ``D``, ``H`` or ``NT``."""
        return ("S", "C", "D", "H", "NT")[self]

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or ``None`` for No Trumps."""
        return None if self is Strain.NO_TRUMPS else Suit(self)

    def __str__(self) -> str:
        return self.letter


class Rank(enum.IntEnum):
    """A rank; the number is the natural order, so 11, 12 and 13 sit between 10 and J.

    The ranks 11, 12 and 13 exist only in the six-player pack.
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    ELEVEN = 11
    TWELVE = 12
    THIRTEEN = 13
    JACK = 14
    QUEEN = 15
    KING = 16
    ACE = 17

    @property
    def text(self) -> str:
        """The notation: ``2`` .. ``13``, ``J``, ``Q``, ``K`` or ``A``."""
        return _RANK_TEXT[self]

    def __str__(self) -> str:
        return self.text


_RANK_TEXT: Final = {
    rank: str(rank.value) for rank in Rank if rank <= Rank.THIRTEEN
} | {
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
}


def _check_card(instance: "Card", _attribute: Any, _value: Any) -> None:
    rank: object = instance.rank
    suit: object = instance.suit
    if (rank is None) != (suit is None):
        msg = f"a card needs both a rank and a suit, or neither (the Joker); got {short_repr(rank)}, {short_repr(suit)}"
        raise InvalidNotationError(msg)
    if rank is not None and not isinstance(rank, Rank):
        msg = f"invalid rank {short_repr(rank)}: expected a Rank"
        raise InvalidNotationError(msg)
    if suit is not None and not isinstance(suit, Suit):
        msg = f"invalid suit {short_repr(suit)}: expected a Suit"
        raise InvalidNotationError(msg)


@attrs.frozen(repr=False, cache_hash=True)
class Card:
    """A playing card, or the Joker (rank and suit both ``None``).

    Cards have no order of their own: how strong a card is depends on the contract
    (see :mod:`five_hundred.tricks`).

    >>> from five_hundred import Card, Rank, Suit, JOKER
    >>> Card(Rank.JACK, Suit.DIAMONDS)
    parse_card('JD')
    >>> JOKER.is_joker, JOKER.suit
    (True, None)
    """

    rank: Rank | None = attrs.field(validator=_check_card)
    suit: Suit | None = attrs.field(validator=_check_card)

    @property
    def is_joker(self) -> bool:
        """Whether this card is the Joker."""
        return self.suit is None

    @property
    def code(self) -> int:
        """The card's small integer code: ``16 * suit + rank - 2``, or 64 for the Joker."""
        return card_code(self)

    @classmethod
    def from_str(cls, text: str) -> Self:
        """Parse a card from notation; the same as :func:`parse_card`."""
        card = parse_card(text)
        return cls(card.rank, card.suit)

    def __str__(self) -> str:
        if self.rank is None or self.suit is None:
            return "JK"
        return _RANK_TEXT[self.rank] + "SCDH"[self.suit]

    def __repr__(self) -> str:
        return f"parse_card({str(self)!r})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))


JOKER: Final = Card(None, None)
"""The Joker."""

CARDS_BY_CODE: Final[tuple[Card, ...]] = (
    *(Card(Rank(code % 16 + 2), Suit(code // 16)) for code in range(64)),
    JOKER,
)
"""Every card indexed by its code (a tuple of 65 cards)."""

_CODE_BY_CARD: Final[dict[Card, int]] = {
    card: code for code, card in enumerate(CARDS_BY_CODE)
}


def card_code(card: Card) -> int:
    """The small integer code of a card (its bit in a card mask).

    >>> card_code(parse_card("2S")), card_code(parse_card("AH")), card_code(JOKER)
    (0, 63, 64)
    """
    try:
        return _CODE_BY_CARD[card]
    except (KeyError, TypeError):
        _not_a_card(card)


def _not_a_card(value: object) -> NoReturn:
    wrong_type(value, "a Card", "parse_card")


def mask_from_cards(cards: Iterable[Card]) -> int:
    """The bit mask of a collection of cards.

    Raises:
        TypeError: if ``cards`` holds something that is not a Card (text: read it
            with :func:`parse_card`).
    """
    if isinstance(cast(object, cards), str):
        _not_a_card(cards)
    try:
        items = iter(cards)
    except TypeError:
        _not_a_card(cards)
    mask = 0
    for card in items:  # once: ``cards`` may be an iterator
        try:
            mask |= 1 << _CODE_BY_CARD[card]
        except (KeyError, TypeError):  # (TypeError: an unhashable value)
            _not_a_card(card)
    return mask


def cards_from_mask(mask: int) -> tuple[Card, ...]:
    """The cards of a bit mask, in code order (by suit, then rank, the Joker last).

    Each suit's 16 bits are looked up in a table of that suit's holdings (built as
    they are met, up to a bound), which costs less than a loop over the cards.
    """
    spades, clubs, diamonds, hearts = _HOLDINGS
    cards = (
        spades[mask & 0xFFFF]
        + clubs[mask >> 16 & 0xFFFF]
        + diamonds[mask >> 32 & 0xFFFF]
        + hearts[mask >> 48 & 0xFFFF]
    )
    return (*cards, JOKER) if mask >> JOKER_CODE & 1 else cards


class _Holdings(dict[int, tuple[Card, ...]]):
    """The cards of each holding of one suit met, by its 16 rank bits."""

    def __init__(self, suit: int) -> None:
        super().__init__({0: ()})
        self.suit = suit

    def __missing__(self, ranks: int) -> tuple[Card, ...]:
        base = 16 * self.suit
        found = tuple(CARDS_BY_CODE[base + r] for r in range(16) if ranks >> r & 1)
        if len(self) < _HOLDINGS_SIZE:
            self[ranks] = found
        return found


_HOLDINGS_SIZE: Final = 1 << 14
"""At most this many holdings kept per suit (a suit has 13 ranks: all of them fit)."""
_HOLDINGS: Final = tuple(_Holdings(suit) for suit in range(4))


_SUIT_BY_TEXT: Final = {
    "S": Suit.SPADES,
    "C": Suit.CLUBS,
    "D": Suit.DIAMONDS,
    "H": Suit.HEARTS,
    "♠": Suit.SPADES,
    "♣": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♤": Suit.SPADES,
    "♧": Suit.CLUBS,
    "♢": Suit.DIAMONDS,
    "♡": Suit.HEARTS,
}
_RANK_BY_TEXT: Final = {text: rank for rank, text in _RANK_TEXT.items()} | {
    "T": Rank.TEN
}
_CARD_BY_TEXT: Final[dict[str, Card]] = {"JK": JOKER} | {
    rank_text + suit_text: Card(rank, suit)
    for rank_text, rank in _RANK_BY_TEXT.items()
    for suit_text, suit in _SUIT_BY_TEXT.items()
}
_CARD_HELP: Final = (
    "expected a rank (2-10, 11, 12, 13, J, Q, K, A) then a suit (S, C, D, H), or JK"
)
_SUIT_SYMBOLS: Final = "♠♣♦♥♤♧♢♡"
_SYMBOLS: Final = frozenset(_SUIT_SYMBOLS + "\ufe0f")
_EMOJI_SUIT: Final = re.compile(f"([{_SUIT_SYMBOLS}])\ufe0f")
"""A suit symbol followed by the emoji presentation selector (U+FE0F)."""


def notation_key(text: str) -> str:
    """Text as the parsers compare it: stripped, upper case, no emoji selector.

    Only ASCII and the suit symbols count: a letter that merely upper-cases to ASCII
    (such as the long s) is left as it is, so that it is refused.  The emoji selector
    (U+FE0F) is dropped only right after a suit symbol (``♥️``); anywhere else it stays,
    and the text is refused.
    """
    stripped = text.strip()
    if not all(char.isascii() or char in _SYMBOLS for char in stripped):
        return stripped
    return _EMOJI_SUIT.sub(r"\1", stripped.upper())


def parse_card(text: str) -> Card:
    """Parse one card from notation.

    Raises:
        InvalidNotationError: if ``text`` is not one card in the notation.

    >>> parse_card("10h"), parse_card("T♥"), parse_card("jk")
    (parse_card('10H'), parse_card('10H'), parse_card('JK'))
    """
    if not isinstance(cast(object, text), str):
        raise notation_error("card", text, "expected text", "bad-card")
    key = notation_key(text)
    card = _CARD_BY_TEXT.get(key)
    if card is None:
        raise notation_error("card", text, _CARD_HELP, "bad-card")
    return card


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse space-separated cards; an empty or blank text gives no cards.

    Raises:
        InvalidNotationError: if any word is not a card (the message names it).

    >>> parse_cards("JK 10H jd")
    (parse_card('JK'), parse_card('10H'), parse_card('JD'))
    """
    if not isinstance(cast(object, text), str):
        raise notation_error("cards", text, "expected text", "bad-cards")
    return tuple(parse_card(word) for word in text.split())


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as space-separated notation, in the order given.

    >>> format_cards(parse_cards("jk 10h"))
    'JK 10H'
    """
    return " ".join(map(str, cards))
