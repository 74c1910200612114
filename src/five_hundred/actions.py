"""Actions: everything a player can do, as frozen values with a text form.

=====================  ==================================================
``7H``, ``PASS``, ...   a call in the auction (bid notation)
``DISCARD 5S 6S 7C``    the contractor's discards after taking the kitty
``NOMINATE H``          the contractor names the Joker's suit (``NONE`` declines)
``CALL AH``             five players: the partner card (``CALL ALONE``)
``PLAY 10H``            play a card; ``PLAY JK:H`` leads the Joker naming hearts
=====================  ==================================================

>>> from five_hundred import parse_action
>>> parse_action("discard 7c 5s 6s")
parse_action('DISCARD 5S 6S 7C')
>>> parse_action("play jk:h"), parse_action("7h")
(parse_action('PLAY JK:H'), parse_bid('7H'))
"""

import enum
from collections.abc import Iterable
from typing import Any, Final, Protocol, TypeAlias, cast

import attrs

from five_hundred._shown import short_repr
from five_hundred.bidding import Call, MisereBid, Pass, TrickBid, parse_bid
from five_hundred.cards import (
    JOKER,
    Card,
    Suit,
    card_code,
    format_cards,
    notation_key,
    parse_card,
    parse_cards,
    quote,
)
from five_hundred.errors import InvalidNotationError, notation_error, wrong_type

__all__ = [
    "Action",
    "CallPartner",
    "Discard",
    "NominateJoker",
    "PlayCard",
    "parse_action",
]


def _pretty(self: Any, printer: Any, cycle: bool) -> None:
    printer.text(repr(self))


def _check_card(_instance: Any, _attribute: Any, value: Any) -> None:
    if not isinstance(value, Card):
        msg = f"expected a Card; got {short_repr(value)}"
        raise InvalidNotationError(msg)


def _check_suit(_instance: Any, _attribute: Any, value: Any) -> None:
    if value is not None and not isinstance(value, Suit):
        msg = f"expected a Suit or None; got {short_repr(value)}"
        raise InvalidNotationError(msg)


def _to_cards(value: Iterable[Card]) -> frozenset[Card]:
    try:
        return frozenset(value)
    except TypeError:
        msg = f"expected cards; got {short_repr(value)}"
        raise InvalidNotationError(msg) from None


def _check_cards(_instance: Any, _attribute: Any, value: frozenset[Card]) -> None:
    for card in value:
        _check_card(None, None, card)


@attrs.frozen(repr=False, cache_hash=True)
class PlayCard:
    """Play a card to the current trick.

    ``suit`` is set only when leading the un-nominated Joker in a contract without
    trumps: the suit the others must follow (``PLAY JK:H``).
    """

    card: Card = attrs.field(validator=_check_card)
    suit: Suit | None = attrs.field(default=None, validator=_check_suit)

    def __str__(self) -> str:
        named = "" if self.suit is None else f":{self.suit.letter}"
        return f"PLAY {self.card}{named}"

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    _repr_pretty_ = _pretty


@attrs.frozen(repr=False, cache_hash=True)
class Discard:
    """The contractor's discards after taking up the kitty (as many as the kitty held)."""

    cards: frozenset[Card] = attrs.field(converter=_to_cards, validator=_check_cards)

    def __str__(self) -> str:
        return "DISCARD " + format_cards(sorted(self.cards, key=card_code))

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    _repr_pretty_ = _pretty


@attrs.frozen(repr=False, cache_hash=True)
class NominateJoker:
    """The contractor names the Joker's suit (or declines with ``None``)."""

    suit: Suit | None = attrs.field(validator=_check_suit)

    def __str__(self) -> str:
        return f"NOMINATE {'NONE' if self.suit is None else self.suit.letter}"

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    _repr_pretty_ = _pretty


def _check_partner_card(_instance: Any, _attribute: Any, value: Any) -> None:
    if value is not None:
        _check_card(None, None, value)


@attrs.frozen(repr=False, cache_hash=True)
class CallPartner:
    """Five players: the contractor names a partner card, or plays alone (``None``)."""

    card: Card | None = attrs.field(validator=_check_partner_card)

    def __str__(self) -> str:
        return f"CALL {'ALONE' if self.card is None else self.card}"

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    _repr_pretty_ = _pretty


Action: TypeAlias = (
    TrickBid | MisereBid | Pass | Discard | NominateJoker | CallPartner | PlayCard
)
"""Any action: a call, a discard, a Joker nomination, a partner call or a card play."""

_SUITS: Final = {
    text: suit for suit in Suit for text in (suit.letter, suit.symbol, "♤♧♢♡"[suit])
}
_ACTION_HELP: Final = (
    "expected a bid (7H, PASS, MIS, ...), DISCARD <cards>, NOMINATE <S|C|D|H|NONE>, "
    "CALL <card|ALONE> or PLAY <card>[:suit]"
)


def _fail(text: str, why: str = _ACTION_HELP) -> InvalidNotationError:
    return notation_error("action", text, why, "bad-action")


def _parse_suit(text: str, word: str) -> Suit:
    suit = _SUITS.get(notation_key(word))
    if suit is None:
        raise _fail(text, f"{quote(word)} is not a suit (S, C, D, H)")
    return suit


def _parse_play(text: str, rest: str) -> PlayCard:
    card_text, colon, suit_text = rest.partition(":")
    try:
        card = parse_card(card_text)
    except InvalidNotationError as error:
        raise _fail(text, str(error)) from None
    if not colon:
        return PlayCard(card)
    if card != JOKER:
        raise _fail(text, "only the Joker is led with a named suit (PLAY JK:H)")
    return PlayCard(card, _parse_suit(text, suit_text.strip()))


class _Phased(Protocol):
    """What a parsing context offers: a phase (a GameState or a SeatView)."""

    @property
    def phase(self) -> enum.Enum: ...


_KEYWORDS: Final = frozenset({"PLAY", "DISCARD", "NOMINATE", "CALL"})
_BARE_HELP: Final = {
    "play": "expected a card to play (10H, JK, JK:H) or an action",
    "discard": "expected the cards to discard (5S 6S 7C) or an action",
    "nominate": "expected a suit for the Joker (S, C, D, H) or NONE, or an action",
    "call_partner": "expected a partner card (AH) or ALONE, or an action",
}


def parse_action(text: str, *, context: _Phased | None = None) -> Action:
    """Parse an action from its text form; case is ignored.

    With ``context`` (a :class:`~five_hundred.state.GameState` or a
    :class:`~five_hundred.views.SeatView`), the short forms a player types are read by
    the phase, as in the terminal game: in the play a bare card (``10H``, ``JK``,
    ``JK:H``, ``JK H``) is that card's play; in the discard a bare list of cards is the
    discard; in the nomination a bare suit or ``NONE``; in the partner call a bare card
    or ``ALONE``; in the bidding a bid.  The full forms are read in every phase.

    >>> from five_hundred import new_game
    >>> parse_action("10H")  # without a context: the bid ten hearts
    parse_bid('10H')
    >>> parse_action("7h", context=new_game(seed=1))  # bidding: a bid
    parse_bid('7H')

    Raises:
        InvalidNotationError: if ``text`` is not an action in the notation.
        TypeError: if ``context`` has no phase (not a GameState or SeatView).
    """
    if not isinstance(cast(object, text), str):
        raise _fail(text, "expected text")
    if context is None:
        return _parse_full(text)
    try:
        phase = context.phase.value
    except AttributeError:
        wrong_type(context, "a GameState or a SeatView as the context")
    head = notation_key(text.strip().partition(" ")[0])
    if phase not in _BARE_HELP or head in _KEYWORDS:
        return _parse_full(text)
    try:
        return _parse_bare(text, phase)
    except InvalidNotationError as bare:
        try:
            return _parse_full(text)
        except InvalidNotationError:
            if bare.code == "repeated-card":
                raise notation_error("action", text, bare.reason, bare.code) from None
            raise _fail(text, _BARE_HELP[phase]) from None


def _parse_bare(text: str, phase: str) -> Action:
    """The action of a short form in ``phase`` (see :func:`parse_action`)."""
    words = text.split()
    if phase == "play":
        if len(words) == 2 and notation_key(words[0]) == "JK":
            return _parse_play(text, f"JK:{words[1]}")
        return _parse_play(text, text.strip())
    if phase == "discard":
        return _parse_full(f"DISCARD {text}")
    if phase == "nominate":
        return _parse_full(f"NOMINATE {text}")
    return _parse_full(f"CALL {text}")


def _parse_full(text: str) -> Action:
    """Parse the full text form of an action."""
    head, _, rest = text.strip().partition(" ")
    keyword = notation_key(head)
    rest = rest.strip()
    if keyword == "PLAY":
        return _parse_play(text, rest)
    if keyword == "DISCARD":
        try:
            cards = parse_cards(rest)
        except InvalidNotationError as error:
            raise _fail(text, str(error)) from None
        if not cards:
            raise _fail(text, "DISCARD needs the cards discarded")
        if len(set(cards)) != len(cards):
            twice = next(card for card in cards if cards.count(card) > 1)
            why = f"{twice} is discarded twice (three different cards are discarded)"
            raise notation_error("action", text, why, "repeated-card")
        return Discard(frozenset(cards))
    if keyword == "NOMINATE":
        if rest.upper() == "NONE":
            return NominateJoker(None)
        return NominateJoker(_parse_suit(text, rest))
    if keyword == "CALL":
        if rest.upper() == "ALONE":
            return CallPartner(None)
        try:
            return CallPartner(parse_card(rest))
        except InvalidNotationError as error:
            raise _fail(text, str(error)) from None
    if rest:
        raise _fail(text)
    try:
        call: Call = parse_bid(head)
    except InvalidNotationError:
        raise _fail(text) from None
    return call
