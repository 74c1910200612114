"""Effective suits, card strength, the Joker, legal plays and trick winners.

How strong a card is and which suit it belongs to depend on the contract
(:ref:`rules-card-order`): in a trump contract the Joker, the right bower (J of trumps) and the left
bower (the other J of the same colour) are the top trumps, and the left bower belongs to
the trump suit for every purpose.  In No Trumps and every misère there are no bowers and
the Joker is the only trump and belongs to no suit, unless the contractor nominated a suit
for it, in which case it is that suit's highest card and not a trump.

>>> from five_hundred import Strain, Suit, parse_bid, parse_card, parse_cards
>>> from five_hundred.tricks import PlayContext, effective_suit, trick_winner
>>> hearts = PlayContext(Strain.HEARTS)
>>> effective_suit(parse_card("JD"), hearts)
<Suit.HEARTS: 3>
>>> trick_winner(parse_cards("AH JD KH QH"), hearts)  # the left bower beats the ace
1

Everything here works on small integers inside: a hand is an ``int`` bit mask of card
codes (see :mod:`five_hundred.cards`), and the per-contract tables are built once.  The
typed functions (:func:`legal_plays`, :func:`explain_play`, :func:`trick_winner`) wrap
those integer functions, which the game state and the fast playouts call directly.
"""

from collections.abc import Iterable, Mapping, Sequence
from typing import Final, cast

import attrs

from five_hundred._checks import check_rules, check_suit, quote_value
from five_hundred._engine.codes import JOKER_BIT, JOKER_CODE, NO_SUIT, NT
from five_hundred._engine.listed import PlayTables, mask_plays
from five_hundred._engine.memo import per_rules
from five_hundred._engine.play import (
    LEAD_ANY,
    LEAD_NOT_LED_BEFORE,
    LEAD_NOT_SHOWN_VOID,
    JokerOptions,
    joker_suits,
    legal_mask,
    winner_index,
)
from five_hundred._engine.tables import (
    EFF,
    LEFT_BOWER,
    STRENGTH,
    SUIT_MASKS,
    context_key,
)
from five_hundred.actions import NominateJoker, PlayCard
from five_hundred.bidding import Bid, TrickBid
from five_hundred.cards import (
    CARDS_BY_CODE,
    JOKER,
    Card,
    Strain,
    Suit,
    card_code,
    mask_from_cards,
)
from five_hundred.errors import InvalidStateError, wrong_type
from five_hundred.rules import JokerLeadSuit, Rules

__all__ = [
    "NO_SUIT",
    "PlayContext",
    "card_power",
    "contract_context",
    "effective_suit",
    "explain_play",
    "joker_nominations",
    "legal_plays",
    "trick_winner",
]


@attrs.frozen(cache_hash=True)
class PlayContext:
    """What the card order of a hand depends on: the strain, misère, the Joker's suit.

    Misère contracts are played without trumps (``strain`` is No Trumps).
    ``joker_suit`` is the contractor's nomination, possible only without trumps.
    """

    strain: Strain
    misere: bool = False
    joker_suit: Suit | None = None

    def __attrs_post_init__(self) -> None:
        if not isinstance(cast(object, self.strain), Strain):
            msg = f"PlayContext needs a Strain; got {quote_value(self.strain)}"
            raise InvalidStateError(msg)
        if self.misere and self.strain is not Strain.NO_TRUMPS:
            msg = "a misère contract is played without trumps (strain NO_TRUMPS)"
            raise InvalidStateError(msg)
        if self.joker_suit is not None and self.strain is not Strain.NO_TRUMPS:
            msg = "the Joker's suit can be nominated only without trumps"
            raise InvalidStateError(msg)
        if self.joker_suit is not None:
            check_suit(self.joker_suit, "joker_suit")

    @property
    def key(self) -> int:
        """The context key of the engine's tables (:func:`contract_context` aside)."""
        return context_key(
            self.strain, -1 if self.joker_suit is None else self.joker_suit
        )

    @property
    def trumps(self) -> Suit | None:
        """The trump suit, or ``None`` without trumps."""
        return self.strain.suit


def contract_context(bid: Bid, joker_suit: Suit | None = None) -> PlayContext:
    """The card order of a contract on ``bid`` (every misère is played without trumps).

    The one home of "the play context of a contract" in the typed facade.

    >>> contract_context(parse_bid("MIS"))
    PlayContext(strain=<Strain.NO_TRUMPS: 4>, misere=True, joker_suit=None)
    """
    if isinstance(bid, TrickBid):
        return PlayContext(bid.strain, joker_suit=joker_suit)
    return PlayContext(Strain.NO_TRUMPS, misere=True, joker_suit=joker_suit)


PLAYS: Final = tuple(PlayCard(card) for card in CARDS_BY_CODE)
"""The play of each card, by code (shared, immutable)."""
JOKER_LEADS: Final = tuple(PlayCard(JOKER, suit) for suit in Suit)
"""Leading the un-nominated Joker naming each suit."""

_LEAD_RULES: Final = {
    JokerLeadSuit.NOT_LED_BEFORE: LEAD_NOT_LED_BEFORE,
    JokerLeadSuit.NOT_SHOWN_VOID: LEAD_NOT_SHOWN_VOID,
    JokerLeadSuit.ANY: LEAD_ANY,
}


@per_rules
def joker_options(rules: Rules) -> JokerOptions:
    """The rules' Joker options as the engine takes them (built once per rules)."""
    return (
        rules.joker_follows_only_when_void,
        rules.joker_last_trick_once_all_suits_led,
        rules.joker_lead_only_last_trick,
        rules.misere_joker_forced_when_void,
        _LEAD_RULES[rules.joker_lead_suit],
    )


# -- the typed interface ------------------------------------------------------------


def _key(context: PlayContext) -> int:
    """The context key of ``context``, or a TypeError if it is not a PlayContext."""
    if not isinstance(cast(object, context), PlayContext):
        wrong_type(context, "a PlayContext")
    return context.key


def effective_suit(card: Card, context: PlayContext) -> Suit | None:
    """The suit a card belongs to in this contract (``None``: the Joker without a suit).

    >>> effective_suit(JOKER, PlayContext(Strain.NO_TRUMPS)) is None
    True
    >>> effective_suit(JOKER, PlayContext(Strain.NO_TRUMPS, joker_suit=Suit.CLUBS))
    <Suit.CLUBS: 1>
    """
    suit = EFF[_key(context)][card_code(card)]
    return None if suit == NO_SUIT else Suit(suit)


def card_power(card: Card, context: PlayContext, led: Suit) -> int:
    """How strongly a card plays to a trick led in ``led``: 0 if it cannot win.

    Trumps (and the Joker without trumps) score above 100; cards of the suit led score
    their rank; the larger number wins.
    """
    return STRENGTH[_key(context)][check_suit(led, "led suit")][card_code(card)]


def _led_suit(
    cards: Sequence[Card], context: PlayContext, led_suit: Suit | None
) -> int:
    first = EFF[_key(context)][card_code(cards[0])]
    if first == NO_SUIT:
        if led_suit is None:
            msg = "a trick led by the Joker without trumps needs the suit named (led_suit)"
            raise InvalidStateError(msg)
        return check_suit(led_suit, "led_suit")
    return first


def trick_winner(
    cards: Sequence[Card], context: PlayContext, led_suit: Suit | None = None
) -> int:
    """The position (0 = the leader) of the card that wins a trick.

    The highest trump wins; with no trump, the highest card of the suit led.  Any number
    of cards is allowed (two to six players, three when a partner sits out).
    ``led_suit`` is needed only when the un-nominated Joker was led (the suit named).

    >>> trick_winner(parse_cards("KS JK AS"), PlayContext(Strain.NO_TRUMPS))
    1
    """
    if not cards:
        msg = "an empty trick has no winner"
        raise InvalidStateError(msg)
    key = _key(context)
    codes = tuple([card_code(card) for card in cards])
    return winner_index(codes, key, _led_suit(cards, context, led_suit))


def _describe(code: int, key: int) -> str:
    card = CARDS_BY_CODE[code]
    if code == LEFT_BOWER[key]:
        return f"{card} (left bower)"
    return str(card)


def _holding(mask: int, key: int, led: int) -> str:
    """The cards of ``mask``, strongest first (as they rank in the suit led).

    That is the order a hand is shown in (high to low within a suit), so a player
    finds the cards named where they look for them.
    """
    row = STRENGTH[key][led]
    codes = sorted(
        (c for c in range(JOKER_CODE + 1) if mask >> c & 1),
        key=row.__getitem__,
        reverse=True,
    )
    return ", ".join(_describe(code, key) for code in codes)


@attrs.frozen
class Position:
    """A player's position in the play, on small integers (for the game state)."""

    hand: int
    key: int
    led: int
    misere: bool
    suits_led: int
    void: int
    last_trick: bool


def position_of(
    hand: Iterable[Card],
    context: PlayContext,
    trick: Sequence[Card],
    led_suit: Suit | None,
    suits_led: Iterable[Suit],
    shown_void: Iterable[Suit],
    *,
    last_trick: bool,
) -> Position:
    """The :class:`Position` of a player from the typed facts (checked).

    The arguments are :func:`legal_plays`'s; the game's own checks of a seat's view
    use it too.
    """
    _key(context)
    led = _led_suit(trick, context, led_suit) if trick else -1
    suits = 0
    for suit in suits_led:
        suits |= 1 << check_suit(suit, "suit in suits_led")
    if led >= 0:
        suits |= 1 << led
    void = 0
    for suit in shown_void:
        void |= 1 << check_suit(suit, "suit in shown_void")
    mask = mask_from_cards(hand)
    return Position(mask, _key(context), led, context.misere, suits, void, last_trick)


SUIT_PLAYS_CACHE_SIZE: Final = 4096
"""How many sets of ranks each suit's table of plays keeps (with the masks' table, about 5 MB).

Every subset of a suit would take some 12 MB per suit.
"""

_SPADES: Final[dict[int, tuple[PlayCard, ...]]] = {0: ()}
_CLUBS: Final[dict[int, tuple[PlayCard, ...]]] = {0: ()}
_DIAMONDS: Final[dict[int, tuple[PlayCard, ...]]] = {0: ()}
_HEARTS: Final[dict[int, tuple[PlayCard, ...]]] = {0: ()}
"""The plays of each set of ranks met of each suit (16 bits of a mask), the empty set
from the start (``mask_plays`` looks up every suit, held or not)."""


class _PlaysOfMask(dict[int, tuple[PlayCard, ...]]):
    """The plays of each mask, for the first :data:`PLAYS_CACHE_SIZE` masks met."""

    __slots__ = ()

    def __missing__(self, mask: int) -> tuple[PlayCard, ...]:
        return mask_plays(PLAY_TABLES, mask, PLAYS_CACHE_SIZE, SUIT_PLAYS_CACHE_SIZE)


PLAYS_CACHE_SIZE: Final = 4096
"""How many masks' plays :data:`PLAYS_OF_MASK` keeps (well under a megabyte).

Most masks a player may play are a few cards of the suit led, which recur from hand
to hand: in random four-player games the first 4096 masks met answer 60% of lookups.
"""
PLAYS_OF_MASK: Final[Mapping[int, tuple[PlayCard, ...]]] = _PlaysOfMask()
"""``PLAYS_OF_MASK[mask]`` is ``plays_from_mask(mask)`` (the Joker not naming a suit)."""
PLAY_TABLES: Final[PlayTables] = (
    cast(dict[int, tuple[PlayCard, ...]], PLAYS_OF_MASK),
    (_SPADES, _CLUBS, _DIAMONDS, _HEARTS),
    (*PLAYS, *JOKER_LEADS),
)
"""The tables the engine lists the plays of a mask from (:func:`._engine.listed.mask_plays`).

The last holds the play of each action code from :data:`._engine.codes.PLAY_CODE`: the
65 cards', then the Joker led naming each suit."""


def plays_from_mask(mask: int, joker_names: int | None = None) -> tuple[PlayCard, ...]:
    """The plays of a mask of playable cards, in card-code order.

    ``joker_names`` is given when the player leads without trumps and may lead the
    un-nominated Joker: the mask of suits it may name (one play per suit; none if 0).
    The plays of each suit's cards come from a table: one lookup per suit held, no
    loop over the cards (big-int bit tricks cost more than the lookups).
    """
    if joker_names is None or not mask & JOKER_BIT:
        return PLAYS_OF_MASK[mask]
    plays = PLAYS_OF_MASK[mask ^ JOKER_BIT]
    return (*plays, *(JOKER_LEADS[s] for s in range(4) if joker_names >> s & 1))


def _mask(pos: Position, rules: Rules) -> int:
    return legal_mask(
        pos.hand,
        pos.key,
        pos.led,
        joker_options(rules),
        pos.misere,
        pos.suits_led,
        pos.last_trick,
    )


def _names(pos: Position, rules: Rules) -> int | None:
    if pos.led >= 0 or pos.key != NT:
        return None
    return joker_suits(joker_options(rules), pos.suits_led, pos.void, pos.last_trick)


def _plays(pos: Position, rules: Rules) -> tuple[PlayCard, ...]:
    return plays_from_mask(_mask(pos, rules), _names(pos, rules))


def legal_plays(
    hand: Iterable[Card],
    context: PlayContext,
    rules: Rules = Rules(),
    *,
    trick: Sequence[Card] = (),
    led_suit: Suit | None = None,
    suits_led: Iterable[Suit] = (),
    shown_void: Iterable[Suit] = (),
    last_trick: bool = False,
) -> tuple[PlayCard, ...]:
    """The plays open to a player, in card-code order (:ref:`rules-following`, :ref:`rules-joker`, :ref:`rules-rulings`).

    Args:
        hand: the player's cards.
        context: the contract's card order.
        rules: the Joker options.
        trick: the cards already played to this trick, leader first.
        led_suit: the suit named, if the un-nominated Joker was led.
        suits_led: the suits led (as the suit to follow) in earlier tricks of this hand.
        shown_void: the suits this player has shown void in.
        last_trick: whether this is the hand's last trick.

    Leading the un-nominated Joker without trumps gives one play per suit it may name.

    >>> nt = PlayContext(Strain.NO_TRUMPS)
    >>> [str(p) for p in legal_plays(parse_cards("JK 9H"), nt, trick=parse_cards("KS"))]
    ['PLAY 9H', 'PLAY JK']
    >>> [str(p) for p in legal_plays(parse_cards("JK 9H"), nt, trick=parse_cards("KH"))]
    ['PLAY 9H']
    """
    check_rules(rules)
    pos = position_of(
        hand, context, trick, led_suit, suits_led, shown_void, last_trick=last_trick
    )
    return _plays(pos, rules)


_ALL_SUITS_LED: Final = (
    "all four suits have been led: the Joker may be played only in the last trick"
)


def play_refusal(pos: Position, play: PlayCard, rules: Rules) -> tuple[str, str] | None:
    """Why ``play`` is illegal in ``pos`` as ``(code, reason)``, or ``None``.

    The one legality check of a card play: the codes are those of the refusal table
    (``card-not-in-hand``, ``must-follow-suit``, ``joker-lead-suit``, ...).
    """
    code = card_code(play.card)
    if not pos.hand >> code & 1:
        return "card-not-in-hand", f"{play.card} is not in the hand"
    joker_free = pos.key == NT and code == JOKER_CODE
    if play.suit is not None and not (joker_free and pos.led < 0):
        return (
            "joker-suit-not-allowed",
            "only the leader of the Joker without trumps (and no nomination) names a suit",
        )
    allowed = _mask(pos, rules)
    if joker_free and pos.led < 0:
        if not allowed >> code & 1:
            if rules.joker_lead_only_last_trick:
                return (
                    "joker-lead-last-trick",
                    "the Joker may be led only in the last trick (Rules.joker_lead_only_last_trick)",
                )
            return "joker-all-suits-led", _ALL_SUITS_LED
        names = joker_suits(
            joker_options(rules), pos.suits_led, pos.void, pos.last_trick
        )
        if play.suit is None:
            return (
                "joker-lead-needs-suit",
                "leading the Joker names the suit to follow (PLAY JK:S, JK:C, JK:D or JK:H)",
            )
        if not names >> play.suit & 1:
            if rules.joker_lead_suit is JokerLeadSuit.NOT_LED_BEFORE:
                why = "has been led before in this hand"
            else:
                why = "is a suit the leader has shown void in"
            return (
                "joker-lead-suit",
                f"the Joker may not name {play.suit.name.lower()}: it {why}",
            )
        return None
    if allowed >> code & 1:
        return None
    led_name = Suit(pos.led).name.lower() if pos.led >= 0 else ""
    follow = pos.hand & SUIT_MASKS[pos.key][pos.led] if pos.led >= 0 else 0
    if joker_free:
        if follow and rules.joker_follows_only_when_void:
            return (
                "joker-follows-only-void",
                (
                    f"the Joker may follow only a player void in the suit led; "
                    f"must follow {led_name}: holds {_holding(follow, pos.key, pos.led)}"
                ),
            )
        return "joker-all-suits-led", _ALL_SUITS_LED
    if allowed == JOKER_BIT and pos.key == NT and pos.misere and not follow:
        return (
            "misere-joker-forced",
            f"void in {led_name} in a misère contract: must play the Joker",
        )
    return (
        "must-follow-suit",
        f"must follow {led_name}: holds {_holding(follow, pos.key, pos.led)}",
    )


def explain_play(
    hand: Iterable[Card],
    play: PlayCard,
    context: PlayContext,
    rules: Rules = Rules(),
    *,
    trick: Sequence[Card] = (),
    led_suit: Suit | None = None,
    suits_led: Iterable[Suit] = (),
    shown_void: Iterable[Suit] = (),
    last_trick: bool = False,
) -> str | None:
    """Why ``play`` is not legal (the same arguments as :func:`legal_plays`), or ``None``.

    >>> hearts = PlayContext(Strain.HEARTS)
    >>> explain_play(parse_cards("9H JD KS"), PlayCard(parse_card("KS")), hearts,
    ...              trick=parse_cards("AH"))
    'must follow hearts: holds JD (left bower), 9H'
    """
    check_rules(rules)
    if not isinstance(cast(object, play), PlayCard):
        wrong_type(play, "a PlayCard", "parse_action")
    pos = position_of(
        hand, context, trick, led_suit, suits_led, shown_void, last_trick=last_trick
    )
    found = play_refusal(pos, play, rules)
    return None if found is None else found[1]


def joker_nominations(
    hand: Iterable[Card],
    context: PlayContext,
    rules: Rules = Rules(),
) -> tuple[NominateJoker, ...]:
    """The nominations open to a contractor holding ``hand`` before the first lead.

    Only without trumps, only holding the Joker, and only if the rules allow
    nomination: a suit for it, or ``NOMINATE NONE`` (declining).  Otherwise none.

    >>> [str(n) for n in joker_nominations(parse_cards("JK 9H"), PlayContext(Strain.NO_TRUMPS))]
    ['NOMINATE NONE', 'NOMINATE S', 'NOMINATE C', 'NOMINATE D', 'NOMINATE H']
    """
    check_rules(rules)
    _key(context)
    if (
        context.strain is not Strain.NO_TRUMPS
        or context.joker_suit is not None
        or not rules.joker_nomination
        or JOKER not in set(hand)
    ):
        return ()
    return (NominateJoker(None), *(NominateJoker(suit) for suit in Suit))
