"""The game state's inner records, and the builders that replace their fields.

A :class:`~five_hundred.state.GameState` holds one :class:`Record`: a flat tuple whose
parts that an action does not change (the game, the hand, the play setup) are shared
with the parent state.  Cards are masks and small ints; the few facade values a state
carries (the rules, the auction, the contract, the actions of the log, the finished
hands) are opaque here: the engine stores them and never reads them (typed ``Any``).

Only the engine builds these records, and only through the builders below or the play
step (:mod:`._engine.step`), which build them by position for speed: an import-time
check makes sure the field order is the one they assume.

A state's record is a plain tuple, not an instance of :class:`Record`, and so is the
hand's (:class:`Hand`): a tuple subclass costs about three times as much to build and
free (a card play builds one record, a call of the auction both), and pure Python
reads a plain tuple's items by the interpreter's fast path.  The classes are the
records' static types and name their fields; code reads them by the index constants
(``core[TO_ACT]``, ``hand[H_AUCTION]``), never by name, and the builders' returns are
marked for the type checker (``type: ignore[return-value]``: a tuple built by
position, typed as the record).
"""

from typing import Any, Final, NamedTuple

from five_hundred._engine.codes import NT
from five_hundred._engine.play import JokerOptions
from five_hundred._engine.seats import next_seat
from five_hundred._engine.tables import context_key

__all__ = [
    "BIDDING",
    "CALL_PARTNER",
    "CARDS",
    "DISCARD",
    "DONE",
    "GAME",
    "GAME_OVER",
    "HAND",
    "HANDS",
    "HAND_OVER",
    "H_AUCTION",
    "H_CONTRACT",
    "H_DEALER",
    "H_DEALT",
    "H_DISCARDS",
    "H_JOKER_SUIT",
    "H_KITTY",
    "H_PARTNER",
    "H_PARTNER_CARD",
    "H_RESULT",
    "H_SITTING",
    "LEADER",
    "LED",
    "LEGAL",
    "LOG",
    "NOMINATE",
    "PHASE",
    "PLAY",
    "RULES",
    "SETUP",
    "SUITS_LED",
    "TO_ACT",
    "TRICK",
    "UNCHECKED",
    "VOIDS",
    "WON",
    "Game",
    "Hand",
    "Log",
    "Record",
    "Setup",
    "Unchecked",
    "called",
    "contracted",
    "dealt_hand",
    "log_items",
    "log_moves",
    "moved",
    "play_setups",
    "redealt",
    "scored",
    "start",
    "with_auction",
    "with_deal",
    "with_discard",
    "with_hands",
    "with_nominated",
    "with_nomination",
    "with_partner",
    "with_result",
]

# The phases, as small ints (the facade's Phase enum is indexed by them).
BIDDING: Final = 0
DISCARD: Final = 1
NOMINATE: Final = 2
CALL_PARTNER: Final = 3
PLAY: Final = 4
HAND_OVER: Final = 5
GAME_OVER: Final = 6


class Unchecked:
    """The type of :data:`UNCHECKED`, the default ``seat`` of the verbs."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<no seat: unchecked>"


UNCHECKED: Final = Unchecked()
"""The ``seat`` of ``apply``, ``is_legal`` and ``explain_illegal`` when none is given.

Only a call without the ``seat`` argument is unchecked (the action is the seat to
act's); ``seat=None`` means a spectator, whose actions are refused.
"""

Log = tuple[Any, Any, int] | None
"""This hand's actions as a linked list, newest first: ``(earlier log, action, seat)``."""


class Game(NamedTuple):
    """What the whole game carries from hand to hand."""

    seed: int | None
    number: int
    """The number of this hand in the game, from 0."""
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    past: Any
    """The finished hands (the facade's summaries)."""


class Hand(NamedTuple):
    """What one hand fixes as it goes: the deal, the auction and the contract.

    The static type of a hand's record, which is a plain tuple of these fields in this
    order, like :class:`Record`: read a field by its index (``hand[H_AUCTION]``).
    """

    dealer: int
    dealt: tuple[int, ...]
    kitty: int
    auction: Any
    """The facade's auction as its parts: ``(book, record)``, the rules' book and the
    engine's record (:data:`five_hundred.bidding.AuctionParts`)."""
    contract: Any = None
    """The facade's contract value, once the auction is won."""
    sitting: int = 0
    """The seats that sit out (a misère contractor's partners), as a bit mask."""
    discards: int = 0
    joker_suit: int = -1
    """The suit nominated for the Joker, or -1."""
    partner_card: int = -1
    partner: int = -1
    result: tuple[int, ...] | None = None


class Setup(NamedTuple):
    """How the cards are played: fixed by the contract (and the Joker's nomination)."""

    key: int = -1
    """The card order: a context key of the tables."""
    misere: bool = False
    active: int = 0
    """How many seats play to each trick."""
    next_seat: tuple[int, ...] = ()
    """The seat after each seat in the play (skipping those who sit out)."""
    contractor: int = -1
    order: tuple[tuple[int, ...], ...] = ()
    """For each leader, the seats of a trick in the order they play."""
    sitting: int = 0
    """The seats that sit out, as a bit mask."""
    options: JokerOptions = (True, True, False, True, 0)
    """The rules' Joker options (:data:`._engine.play.JokerOptions`)."""
    calls_partner: bool = False
    """The contractor calls a partner card after the discard (five players, a trick
    bid, the rules' option: :ref:`rules-five-players`)."""
    nominates: bool = False
    """The contractor holding the Joker may nominate its suit before the play (No
    Trumps or misère, the rules' option: :ref:`rules-joker-nomination`)."""


class Record(NamedTuple):
    """Everything a state holds, in one flat tuple (a card play builds just this one).

    The static type of a state's record, which is a plain tuple of these fields in this
    order: read a field by its index (``core[PHASE]``), not by its name.
    """

    rules: Any
    phase: int
    to_act: int | None
    game: Game
    hand: Hand
    setup: Setup
    log: Log
    # the cards, as masks and small ints
    hands: tuple[int, ...]
    leader: int = -1
    trick: tuple[int, ...] = ()
    led: int = -1
    suits_led: int = 0
    voids: int = 0
    """The suits each seat has shown void in: 4 bits a seat (seat 0 lowest)."""
    won: int = 0
    """The tricks each seat has won: 4 bits a seat."""
    done: int = 0
    """Tricks completed this hand."""
    legal: int = 0
    """The mask of cards the player to act may play (computed once per state)."""


# The positional builders below and in the play step rely on these orders.
_CORE_FIELDS: Final = (
    "rules", "phase", "to_act", "game", "hand", "setup", "log", "hands", "leader",
    "trick", "led", "suits_led", "voids", "won", "done", "legal",
)  # fmt: skip
_HAND_FIELDS: Final = (
    "dealer", "dealt", "kitty", "auction", "contract", "sitting", "discards",
    "joker_suit", "partner_card", "partner", "result",
)  # fmt: skip
if Record._fields != _CORE_FIELDS or Hand._fields != _HAND_FIELDS:
    msg = "the engine's records changed order: update the builders of _engine.core"
    raise ImportError(msg)

CARDS: Final = _CORE_FIELDS.index("hands")
"""Where the card fields of :class:`Record` start."""

# Where each field of a record is: records are plain tuples, read by these indices
# (see :class:`Record`; a test checks them against the fields' order).
RULES: Final = 0
PHASE: Final = 1
TO_ACT: Final = 2
GAME: Final = 3
HAND: Final = 4
SETUP: Final = 5
LOG: Final = 6
HANDS: Final = 7
LEADER: Final = 8
TRICK: Final = 9
LED: Final = 10
SUITS_LED: Final = 11
VOIDS: Final = 12
WON: Final = 13
DONE: Final = 14
LEGAL: Final = 15
# Where each field of a hand's record is (plain tuples too; see :class:`Hand`).
H_DEALER: Final = 0
H_DEALT: Final = 1
H_KITTY: Final = 2
H_AUCTION: Final = 3
H_CONTRACT: Final = 4
H_SITTING: Final = 5
H_DISCARDS: Final = 6
H_JOKER_SUIT: Final = 7
H_PARTNER_CARD: Final = 8
H_PARTNER: Final = 9
H_RESULT: Final = 10

_Fields = tuple[Any, ...]
"""A record, as the busiest builders take it: compiled, reading a field of a plain
tuple of ``Any`` neither unboxes an int nor boxes it again (a ``Record`` or a ``Hand``
would)."""
_CoreFields = tuple[Any, Any, Any, Any, Any, Any, Any, Any, Any, Any, Any, Any, Any, Any, Any, Any]  # fmt: skip
_HandFields = tuple[Any, Any, Any, Any, Any, Any, Any, Any, Any, Any, Any]
"""A :class:`Record` and a :class:`Hand` as tuples of their length, for a builder that
unpacks them: in pure Python one unpacking costs less than reading a dozen fields by
index; compiled, unpacking a tuple of known length reads its items directly (a
``tuple[Any, ...]`` would be iterated)."""


def moved(
    core: _Fields, phase: int, to_act: int | None, hand: Hand, log: Log
) -> Record:
    """``core`` with a new phase, seat to act, hand and log; its cards the same.

    (A record is a plain tuple: it has no ``_replace``, and the builders below build
    by position too.  The busiest ones read each field by its index: compiled, that
    measured cheaper than slicing the record and unpacking the slices.)
    """
    return (  # type: ignore[return-value]
        core[0], phase, to_act, core[3], hand, core[5], log, core[7],
        core[8], core[9], core[10], core[11], core[12], core[13],
        core[14], core[15],
    )  # fmt: skip


def dealt_hand(dealer: int, dealt: tuple[int, ...], kitty: int, auction: Any) -> Hand:
    """The record of a hand just dealt: its deal and its auction, nothing more yet."""
    return (dealer, dealt, kitty, auction, None, 0, 0, -1, -1, -1, None)  # type: ignore[return-value]


def start(rules: Any, game: Game, hand: Hand, to_act: int | None) -> Record:
    """The record of a hand just dealt (``hand.dealt``), bidding open."""
    return (  # type: ignore[return-value]
        rules,
        BIDDING,
        to_act,
        game,
        hand,
        Setup(),
        None,
        hand[H_DEALT],
        -1,
        (),
        -1,
        0,
        0,
        0,
        0,
        0,
    )


def with_hands(core: Record, hands: tuple[int, ...]) -> Record:
    """``core`` with new hands (the kitty taken up, the discards put away)."""
    return (*core[:CARDS], hands, *core[CARDS + 1 :])  # type: ignore[return-value]


def redealt(
    core: Record, hand: Hand, log: Log, hands: tuple[int, ...], legal: int
) -> Record:
    """``core`` with another deal: its hand record, log, hands and legal mask."""
    return (*core[:HAND], hand, core[SETUP], log, hands, *core[LEADER:LEGAL], legal)  # type: ignore[return-value]


def with_nominated(setup: Setup, suit: int) -> Setup:
    """``setup`` once the Joker is nominated to ``suit``: the card order changes."""
    return setup._replace(key=context_key(NT, suit))


def called(core: Record, auction: Any, to_act: int, log: Log) -> Record:
    """``core`` after a call that leaves the auction open: ``to_act`` calls next.

    The busiest builder of the auction: both records unpacked once (see
    :data:`_CoreFields`), not read field by field.
    """
    fields: _CoreFields = core
    (rules, _, _, game, old, setup, _, hands, leader, trick, led, suits_led, voids, won, done, legal) = fields  # fmt: skip
    parts: _HandFields = old
    (dealer, dealt, kitty, _, contract, sitting, discards, joker, card, partner, result) = parts  # fmt: skip
    hand = (
        dealer, dealt, kitty, auction, contract, sitting, discards, joker, card,
        partner, result,
    )  # fmt: skip
    return (  # type: ignore[return-value]
        rules, BIDDING, to_act, game, hand, setup, log, hands, leader, trick, led,
        suits_led, voids, won, done, legal,
    )  # fmt: skip


def contracted(
    core: Record, auction: Any, contract: Any, setup: Setup, log: Log, kitty_up: bool
) -> Record:
    """``core`` once the auction is won, in the discard: the contractor to act.

    The hand gets its final auction, the contract and the seats that sit out; the
    record gets the contract's play ``setup``, and the kitty joins the contractor's
    cards if ``kitty_up`` (not sans kitty).  One builder for the whole step, both
    records unpacked once (see :data:`_CoreFields`).
    """
    fields: _CoreFields = core
    (rules, _, _, game, old, _, _, hands, leader, trick, led, suits_led, voids, won, done, legal) = fields  # fmt: skip
    parts: _HandFields = old
    (dealer, dealt, kitty, _, _, _, discards, joker, card, partner, result) = parts  # fmt: skip
    hand = (
        dealer, dealt, kitty, auction, contract, setup.sitting, discards, joker,
        card, partner, result,
    )  # fmt: skip
    seat = setup.contractor
    if kitty_up:
        held = list(hands)
        held[seat] |= kitty
        hands = tuple(held)
    return (  # type: ignore[return-value]
        rules, DISCARD, seat, game, hand, setup, log, hands, leader, trick, led,
        suits_led, voids, won, done, legal,
    )  # fmt: skip


def scored(core: Record, phase: int, game: Game, result: tuple[int, ...]) -> Record:
    """``core`` once its hand is scored: nobody to act, the game's new totals.

    The hand gets its ``result`` (each side's change); ``phase`` is the hand or the
    game over.  One builder for the whole step, both records unpacked once (see
    :data:`_CoreFields`).
    """
    fields: _CoreFields = core
    (rules, _, _, _, old, setup, log, hands, leader, trick, led, suits_led, voids, won, done, legal) = fields  # fmt: skip
    parts: _HandFields = old
    (dealer, dealt, kitty, auction, contract, sitting, discards, joker, card, partner, _) = parts  # fmt: skip
    hand = (
        dealer, dealt, kitty, auction, contract, sitting, discards, joker, card,
        partner, result,
    )  # fmt: skip
    return (  # type: ignore[return-value]
        rules, phase, None, game, hand, setup, log, hands, leader, trick, led,
        suits_led, voids, won, done, legal,
    )  # fmt: skip


def with_auction(hand: Hand, auction: Any) -> Hand:
    """``hand`` with a new auction."""
    return (*hand[:H_AUCTION], auction, *hand[H_AUCTION + 1 :])  # type: ignore[return-value]


def with_discard(hand: Hand, discards: int) -> Hand:
    """``hand`` with the contractor's discards."""
    return (*hand[:H_DISCARDS], discards, *hand[H_DISCARDS + 1 :])  # type: ignore[return-value]


def with_nomination(hand: Hand, suit: int) -> Hand:
    """``hand`` with the suit nominated for the Joker."""
    return (*hand[:H_JOKER_SUIT], suit, *hand[H_JOKER_SUIT + 1 :])  # type: ignore[return-value]


def with_deal(hand: Hand, dealt: tuple[int, ...], kitty: int) -> Hand:
    """``hand`` with another deal: the hands dealt and the kitty."""
    return (hand[H_DEALER], dealt, kitty, *hand[H_AUCTION:])  # type: ignore[return-value]


def with_partner(hand: Hand, card: int, holder: int) -> Hand:
    """``hand`` with the five-player partner card called and its holder (or -1)."""
    rest = hand[H_PARTNER_CARD + 2 :]
    return (*hand[:H_PARTNER_CARD], card, holder, *rest)  # type: ignore[return-value]


def with_result(hand: Hand, result: tuple[int, ...]) -> Hand:
    """``hand`` with its result (each side's change), once it is over."""
    return (*hand[:-1], result)  # type: ignore[return-value]


def log_items(log: Log) -> list[Any]:
    """The actions of a log, oldest first."""
    items: list[Any] = []
    while log is not None:
        log, action, _ = log
        items.append(action)
    items.reverse()
    return items


def log_moves(log: Log) -> list[tuple[int, Any]]:
    """The ``(seat, action)`` pairs of a log, oldest first."""
    moves: list[tuple[int, Any]] = []
    while log is not None:
        log, action, seat = log
        moves.append((seat, action))
    moves.reverse()
    return moves


def play_setups(
    sides: tuple[int, ...], options: JokerOptions, partner_call: bool, nomination: bool
) -> tuple[tuple[Setup, ...], ...]:
    """The play setup of every contract, by ``2 * contractor + misere``, then strain.

    ``sides`` is the side of each seat, ``options`` the rules' Joker options,
    ``partner_call`` whether the rules have a trick bid's contractor call a partner
    card and ``nomination`` whether they let a contractor without trumps nominate the
    Joker.  This is the one home of the seat order in the play and of who sits out:
    in every misère the contractor's partners sit out (:ref:`rules-kitty-play`), and
    the others play in turn from the leader's left.
    """
    players = len(sides)
    setups: list[tuple[Setup, ...]] = []
    for contractor in range(players):
        for misere in (False, True):
            sitting = 0
            if misere:
                for other in range(players):
                    if other != contractor and sides[other] == sides[contractor]:
                        sitting |= 1 << other
            following = [next_seat(p, players, sitting) for p in range(players)]
            active = players - sitting.bit_count()
            order: list[tuple[int, ...]] = []
            for leader in range(players):
                seats = [leader]
                while len(seats) < active:
                    seats.append(following[seats[-1]])
                order.append(tuple(seats))
            setups.append(
                tuple(
                    Setup(
                        context_key(strain, -1),
                        misere,
                        active,
                        tuple(following),
                        contractor,
                        tuple(order),
                        sitting,
                        options,
                        partner_call and not misere,
                        nomination and strain == NT,
                    )
                    for strain in range(5)
                )
            )
    return tuple(setups)
