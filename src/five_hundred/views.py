"""What one seat may know: :func:`view` and the :class:`SeatView` it returns.

A :class:`~five_hundred.state.GameState` is the referee's view: it knows every card.
Players, bots and user interfaces should see a game through :func:`view` instead, which
keeps only what that seat may know at the table: its own cards, everything played or
said in public, and the kitty and discards for the contractor who took them up.  It
never shows another seat's hidden cards, the dead hand (two players), or the kitty to
anyone else.

>>> from five_hundred import apply, new_game, parse_action, view
>>> state = new_game(seed=1)
>>> seen = view(state, 1)
>>> seen.seat, seen.phase, seen.to_act, len(seen.hand)
(1, <Phase.BIDDING: 'bidding'>, 1, 10)
>>> seen.hand_sizes, seen.kitty
((10, 10, 10, 10), ())
>>> [str(a) for a in seen.legal_actions[:3]]
['PASS', '6S', '6S-SK']
>>> view(state, 2).legal_actions  # not seat 2's turn
()

What is public once it happens: the auction, the contract, the Joker's nomination, the
five-player partner card (the partner's seat only once that card is played), every card
played with its seat, the suits led, who has shown void in what, the tricks won and how
many cards each seat holds.  The open-misère hand is shown to everyone after the first
trick (from the opening lead with ``Rules.open_misere_exposed_before_lead``).

>>> state = apply(state, parse_action("7H"))
>>> view(state, 3).calls
((1, parse_bid('7H')),)
"""

import functools
import json
from importlib import resources
from typing import Any, Final

import attrs

from five_hundred._engine.cache import BoundedCache
from five_hundred._engine.codes import NO_SUIT, seat_nibbles
from five_hundred._engine.core import (
    GAME,
    H_AUCTION,
    H_CONTRACT,
    H_DEALER,
    H_JOKER_SUIT,
    H_PARTNER_CARD,
    H_RESULT,
    H_SITTING,
    HAND,
    HANDS,
    LEADER,
    LED,
    LOG,
    PHASE,
    PLAY,
    RULES,
    SETUP,
    SUITS_LED,
    TO_ACT,
    TRICK,
    VOIDS,
    WON,
    Game,
    Hand,
    Log,
    Record,
    Setup,
)
from five_hundred._engine.memo import per_rules
from five_hundred._engine.play import winner_index
from five_hundred._engine.tables import EFF
from five_hundred.actions import Action, PlayCard
from five_hundred.bidding import (
    Call,
    Contract,
    MisereBid,
    MisereKind,
    TrickBid,
    bid_value,
    calls_of,
)
from five_hundred.cards import CARDS_BY_CODE, Card, Suit, card_code, format_cards
from five_hundred.dealing import pack
from five_hundred.errors import InvalidStateError, quote
from five_hundred.rules import Rules, side_of
from five_hundred.scoring import contract_made, contracting_sides
from five_hundred.state import (
    PHASES,
    SEAT_SETS,
    SUIT_SETS,
    GameState,
    HandSummary,
    Phase,
    apply,
    by_side,
    checked_state,
    legal_actions,
    new_hand,
    record_of,
)
from five_hundred.tricks import PlayContext, contract_context

__all__ = [
    "VIEW_SCHEMA",
    "HandOutcome",
    "SeatView",
    "Trick",
    "known_partner",
    "view",
    "view_json_schema",
]

VIEW_SCHEMA: Final = 2
"""The version of :meth:`SeatView.to_dict`'s layout (raised on any change).

Version 2 added ``hand_ordinal``, ``seat_sides``, ``previous_hand`` and the
contract's ``side``, ``value`` and ``tricks_needed``."""
_SUIT_TEXT: Final = ("S", "C", "D", "H")


@attrs.frozen
class Trick:
    """A trick as everyone at the table saw it: who played what, in order.

    ``plays`` holds ``(seat, card)`` pairs, the leader first.  ``led_suit`` is the suit
    to follow (the suit named when the Joker was led), ``None`` before the lead.
    ``winner`` is the seat that won it, ``None`` while the trick is in progress.
    """

    leader: int
    plays: tuple[tuple[int, Card], ...] = ()
    led_suit: Suit | None = None
    winner: int | None = None

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards played, the leader's first."""
        return tuple(card for _, card in self.plays)

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats that played, in order (the leader first)."""
        return tuple(seat for seat, _ in self.plays)

    def __str__(self) -> str:
        played = ", ".join(f"{seat} {card}" for seat, card in self.plays) or "-"
        won = "" if self.winner is None else f" (won by {self.winner})"
        return f"led by {self.leader}: {played}{won}"


@attrs.frozen
class HandOutcome:
    """How a finished hand ended, as everyone at the table saw it.

    :attr:`SeatView.previous_hand` holds the last hand's outcome from the moment the
    next hand is dealt until its first action, so that a client can show what
    happened after :func:`~five_hundred.state.next_hand` has run.  Everything here
    was public when the hand ended.
    """

    rules: Rules
    """The rules of the game."""
    hand_number: int
    """The number of the hand in the game, from 0."""
    dealer: int
    """Its dealer."""
    contract: Contract | None
    """Its contract (``None``: everyone passed and the hand was thrown in)."""
    partner: int | None
    """Five players: the called partner's seat (``None``: alone, or no partner)."""
    tricks_won: tuple[int, ...]
    """Tricks won by each side."""
    tricks_won_by_seat: tuple[int, ...]
    """Tricks won by each seat."""
    last_trick: Trick | None
    """The hand's last trick (``None`` if no card was played)."""
    result: tuple[int, ...]
    """The change to each side's total (zeros for a thrown-in hand)."""
    scores: tuple[int, ...]
    """Each side's total after the hand."""

    @property
    def hand_ordinal(self) -> int:
        """The number of the hand from 1: what people read ("Hand 1")."""
        return self.hand_number + 1

    @property
    def contract_value(self) -> int | None:
        """The contract's value on the rules' scoring table (``None``: thrown in)."""
        return _contract_value(self.rules, self.contract)

    @property
    def tricks_needed(self) -> int | None:
        """The tricks the contract needed (see :attr:`SeatView.tricks_needed`)."""
        return _tricks_needed(self.contract)

    @property
    def made(self) -> bool | None:
        """Whether the contract was made (``None``: thrown in)."""
        contract = self.contract
        if contract is None:
            return None
        sides = contracting_sides(self.rules, contract.contractor, self.partner)
        return contract_made(contract.bid, sum(self.tricks_won[s] for s in sides))

    def to_dict(self) -> dict[str, Any]:
        """The outcome as JSON-ready data (the ``previous_hand`` of a view's dict)."""
        return {
            "hand_number": self.hand_number,
            "hand_ordinal": self.hand_ordinal,
            "dealer": self.dealer,
            "contract": _contract_dict(self.rules, self.contract),
            "partner": self.partner,
            "made": self.made,
            "tricks_won": list(self.tricks_won),
            "tricks_won_by_seat": list(self.tricks_won_by_seat),
            "last_trick": None
            if self.last_trick is None
            else _trick_dict(self.last_trick),
            "result": list(self.result),
            "scores": list(self.scores),
        }


@attrs.frozen
class SeatView:
    """What one seat may know about a game: a frozen value built by :func:`view`.

    Every field is either public at the table or this seat's own knowledge; nothing
    here tells where another seat's hidden cards are.
    """

    rules: Rules
    """The rules of the game."""
    seat: int | None
    """The seat this view belongs to (``None``: a spectator, who sees no hidden card)."""
    phase: Phase
    """The phase of the hand (or ``GAME_OVER``)."""
    to_act: int | None
    """The seat to act, or ``None`` when the hand or the game is over."""
    dealer: int
    """The dealer of this hand."""
    hand_number: int
    """The number of this hand in the game, from 0."""
    scores: tuple[int, ...]
    """Each side's running total."""
    hand: tuple[Card, ...]
    """This seat's cards now, in card-code order (with the kitty once taken up)."""
    calls: tuple[tuple[int, Call], ...]
    """The auction so far: ``(seat, call)`` pairs in order."""
    contract: Contract | None
    """The contract once the auction is won."""
    joker_suit: Suit | None
    """The suit the contractor nominated for the Joker, once nominated."""
    partner_card: Card | None
    """Five players: the partner card the contractor called, once called."""
    partner: int | None
    """Five players: the partner's seat, once the partner card has been played.

    The partner itself knows from the start (it holds the card).
    """
    trick: Trick | None
    """The trick in progress (``None`` outside the play)."""
    tricks: tuple[Trick, ...]
    """The completed tricks of this hand, in order."""
    suits_led: frozenset[Suit]
    """Every suit that has been the suit to follow this hand."""
    shown_void: tuple[frozenset[Suit], ...]
    """For each seat, the suits it has shown void in (by failing to follow)."""
    tricks_won: tuple[int, ...]
    """Tricks won this hand by each side."""
    tricks_won_by_seat: tuple[int, ...]
    """Tricks won this hand by each seat."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds now."""
    sitting_out: frozenset[int]
    """Seats that take no part in the play (a misère contractor's partners)."""
    kitty: tuple[Card, ...]
    """The kitty: only for the contractor, once taken up (never sans kitty)."""
    discards: tuple[Card, ...]
    """The contractor's own discards (empty for everyone else)."""
    exposed: tuple[Card, ...]
    """The open-misère contractor's remaining cards, once exposed to all."""
    hand_result: tuple[int, ...] | None
    """Once the hand is over: the change to each side's total."""
    winners: tuple[int, ...]
    """The winning sides once the game is over; empty while it goes on."""
    legal_actions: tuple[Action, ...]
    """This seat's legal actions when it is to act (as :func:`legal_actions`), else ``()``."""
    previous_hand: HandOutcome | None = None
    """How the last hand ended, from the deal of this hand until its first action
    (``None`` otherwise, and in a game's first hand)."""

    @property
    def hand_ordinal(self) -> int:
        """The number of this hand in the game, from 1: what people read ("Hand 1").

        :attr:`hand_number` counts from 0, as
        :attr:`GameState.hand_number <five_hundred.state.GameState.hand_number>`.
        """
        return self.hand_number + 1

    @property
    def seat_sides(self) -> tuple[int, ...]:
        """The side of each seat, seat 0 first (:func:`~five_hundred.rules.side_of`)."""
        return _seat_sides(self.rules)

    @property
    def contract_value(self) -> int | None:
        """The contract's value on the rules' scoring table: what it scores if made.

        ``None`` before the contract.  (A trick contract made with all ten tricks
        may score more: the slam bonus of :ref:`rules-scoring`.)
        """
        return _contract_value(self.rules, self.contract)

    @property
    def tricks_needed(self) -> int | None:
        """The tricks the contracting side needs to make a trick contract.

        ``None`` before the contract and for the misères, where the contractor must
        take no trick at all.
        """
        return _tricks_needed(self.contract)

    @property
    def side(self) -> int | None:
        """This seat's side (``None`` for a spectator)."""
        return None if self.seat is None else side_of(self.rules, self.seat)

    @property
    def is_to_act(self) -> bool:
        """Whether it is this seat's turn."""
        return self.seat is not None and self.to_act == self.seat

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-ready data, to send to the seat's client.

        Cards, bids and actions are in the library's notation (``"10H"``, ``"7H-SK"``,
        ``"PLAY JK:H"``), suits as ``"S"``, ``"C"``, ``"D"``, ``"H"``; ``schema`` is
        :data:`VIEW_SCHEMA`.  It holds nothing this seat may not know.  Every key is
        documented on the reference page "The view as JSON", and
        :func:`view_json_schema` gives the JSON Schema that every view validates
        against.

        >>> from five_hundred import new_game, view
        >>> data = view(new_game(seed=1), 1).to_dict()
        >>> data["schema"], data["seat"], data["phase"], len(data["hand"])
        (2, 1, 'bidding', 10)
        >>> data["legal_actions"][:3]
        ['PASS', '6S', '6S-SK']
        """
        contract = self.contract
        return {
            "schema": VIEW_SCHEMA,
            "rules": self.rules.to_dict(),
            "seat": self.seat,
            "side": self.side,
            "phase": self.phase.value,
            "to_act": self.to_act,
            "dealer": self.dealer,
            "hand_number": self.hand_number,
            "hand_ordinal": self.hand_ordinal,
            "seat_sides": list(self.seat_sides),
            "scores": list(self.scores),
            "hand": _texts(self.hand),
            "calls": [[seat, str(call)] for seat, call in self.calls],
            "contract": _contract_dict(self.rules, contract),
            "joker_suit": _suit_text(self.joker_suit),
            "partner_card": None
            if self.partner_card is None
            else str(self.partner_card),
            "partner": self.partner,
            "trick": None if self.trick is None else _trick_dict(self.trick),
            "tricks": [_trick_dict(trick) for trick in self.tricks],
            "suits_led": sorted(
                (_SUIT_TEXT[s] for s in self.suits_led), key=_SUIT_TEXT.index
            ),
            "shown_void": [
                sorted((_SUIT_TEXT[s] for s in void), key=_SUIT_TEXT.index)
                for void in self.shown_void
            ],
            "tricks_won": list(self.tricks_won),
            "tricks_won_by_seat": list(self.tricks_won_by_seat),
            "hand_sizes": list(self.hand_sizes),
            "sitting_out": sorted(self.sitting_out),
            "kitty": _texts(self.kitty),
            "discards": _texts(self.discards),
            "exposed": _texts(self.exposed),
            "hand_result": None if self.hand_result is None else list(self.hand_result),
            "winners": list(self.winners),
            "legal_actions": [str(action) for action in self.legal_actions],
            "previous_hand": None
            if self.previous_hand is None
            else self.previous_hand.to_dict(),
        }

    @property
    def play_context(self) -> PlayContext | None:
        """The card order of the hand (strain, misère, the Joker's nomination)."""
        if self.contract is None:
            return None
        return contract_context(self.contract.bid, self.joker_suit)

    @property
    def played(self) -> tuple[Card, ...]:
        """Every card played this hand, in order (the trick in progress included)."""
        current = () if self.trick is None else self.trick.cards
        return (*(c for trick in self.tricks for c in trick.cards), *current)

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards of the pack whose place this seat does not know, in pack order.

        Those are in the other seats' hands, the kitty or the discards (or, for two
        players, the dead hand): what a bot has to guess.
        """
        known = {
            *self.hand,
            *self.played,
            *self.kitty,
            *self.discards,
            *self.exposed,
        }
        return tuple(card for card in pack(self.rules) if card not in known)

    def __str__(self) -> str:
        who = (
            "Spectator" if self.seat is None else f"Seat {self.seat} (side {self.side})"
        )
        lines = [
            f"{who}, hand {self.hand_ordinal}, "
            f"dealer {self.dealer}: {self.phase.value}"
            + ("" if self.to_act is None else f", seat {self.to_act} to act"),
            f"Scores: {' '.join(map(str, self.scores))}",
            f"Hand: {format_cards(self.hand) or '-'}",
        ]
        if self.calls:
            lines.append(
                "Auction: " + ", ".join(f"{seat} {call}" for seat, call in self.calls)
            )
        if self.contract is not None:
            needed = self.tricks_needed
            lines.append(
                f"Contract: {self.contract} (worth {self.contract_value}, "
                + ("no trick to take" if needed is None else f"{needed} tricks needed")
                + ")"
            )
        if self.previous_hand is not None:
            lines.append(_outcome_line(self.previous_hand))
        if self.kitty:
            lines.append(f"Kitty: {format_cards(self.kitty)}")
        if self.discards:
            lines.append(f"Discards: {format_cards(self.discards)}")
        if self.joker_suit is not None:
            lines.append(f"Joker nominated: {self.joker_suit.name.lower()}")
        if self.partner_card is not None:
            holder = "unknown" if self.partner is None else f"seat {self.partner}"
            lines.append(f"Partner card: {self.partner_card} ({holder})")
        if self.sitting_out:
            lines.append("Sitting out: " + " ".join(map(str, sorted(self.sitting_out))))
        if self.exposed and self.contract is not None:
            lines.append(
                f"Exposed (seat {self.contract.contractor}): {format_cards(self.exposed)}"
            )
        lines.extend(
            f"Trick {number}: {trick}" for number, trick in enumerate(self.tricks, 1)
        )
        if self.trick is not None:
            lines.append(f"Trick {len(self.tricks) + 1}: {self.trick}")
        if self.contract is not None:
            lines.append(f"Tricks won: {' '.join(map(str, self.tricks_won))}")
        if self.hand_result is not None:
            lines.append(f"Hand result: {' '.join(map(str, self.hand_result))}")
        if self.winners:
            lines.append(f"Winners: {' '.join(map(str, self.winners))}")
        if self.legal_actions:
            lines.append("Legal: " + " | ".join(map(str, self.legal_actions)))
        return "\n".join(lines)


def view_json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of :meth:`SeatView.to_dict`, as a new dict.

    It ships in the package (``five_hundred/schemas/view.schema.json``) for clients
    in any language; every key is required, and no other key is allowed.  Its
    ``properties.schema.const`` is :data:`VIEW_SCHEMA`.

    >>> from five_hundred.views import VIEW_SCHEMA, view_json_schema
    >>> schema = view_json_schema()
    >>> schema["properties"]["schema"]["const"] == VIEW_SCHEMA
    True
    >>> schema["required"][:4]
    ['schema', 'rules', 'seat', 'side']
    """
    text = resources.files("five_hundred").joinpath(_SCHEMA_FILE).read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


_SCHEMA_FILE: Final = "schemas/view.schema.json"


def _outcome_line(outcome: HandOutcome) -> str:
    """The line of :meth:`SeatView.__str__` about the previous hand."""
    contract = outcome.contract
    if contract is None:
        what = "thrown in"
    else:
        what = f"{contract} {'made' if outcome.made else 'failed'}"
    return (
        f"Previous hand {outcome.hand_ordinal}: {what}; tricks "
        f"{' '.join(map(str, outcome.tricks_won))}; result "
        f"{' '.join(map(str, outcome.result))}"
    )


@per_rules
def _seat_sides(rules: Rules) -> tuple[int, ...]:
    return tuple(side_of(rules, seat) for seat in range(rules.players))


def _contract_value(rules: Rules, contract: Contract | None) -> int | None:
    return None if contract is None else bid_value(contract.bid, rules)


def _tricks_needed(contract: Contract | None) -> int | None:
    if contract is None or not isinstance(contract.bid, TrickBid):
        return None
    return contract.bid.tricks


def _contract_dict(rules: Rules, contract: Contract | None) -> dict[str, Any] | None:
    if contract is None:
        return None
    return {
        "bid": str(contract.bid),
        "contractor": contract.contractor,
        "side": side_of(rules, contract.contractor),
        "value": _contract_value(rules, contract),
        "tricks_needed": _tricks_needed(contract),
    }


def _texts(cards: tuple[Card, ...]) -> list[str]:
    return [str(card) for card in cards]


def _suit_text(suit: Suit | None) -> str | None:
    return None if suit is None else _SUIT_TEXT[suit]


def _trick_dict(trick: Trick) -> dict[str, Any]:
    return {
        "leader": trick.leader,
        "plays": [[seat, str(card)] for seat, card in trick.plays],
        "led_suit": _suit_text(trick.led_suit),
        "winner": trick.winner,
    }


# -- the public facts of a position, read from the state's record --------------------
#
# What every seat's view shares, worked out once per state (the engine's record read
# by its index constants, as the state's properties read it) and kept by identity.


TableFacts = tuple[
    Rules,
    Phase,
    int | None,
    int,
    int,
    tuple[int, ...],
    tuple[tuple[int, Call], ...],
    Contract | None,
    Suit | None,
    Card | None,
    frozenset[Suit],
    tuple[frozenset[Suit], ...],
    tuple[int, ...],
    tuple[int, ...],
    tuple[int, ...],
    frozenset[int],
    tuple[int, ...] | None,
    tuple[int, ...],
]
"""What everyone at the table knows of a position, read in one go (for views).

A plain tuple (a tuple subclass costs about three times as much to build and free),
in the order of the view's fields: the rules, the phase, the seat to act, the dealer,
the hand number, the scores, the calls, the contract, the Joker's suit, the partner
card, the suits led, the voids shown, the tricks won by side and by seat, the hand
sizes, the seats sitting out, the hand's result and the winners.
"""


def table_facts(state: GameState) -> TableFacts:
    """The public facts of ``state``: one read of its record instead of a dozen.

    What holds for the whole hand (the rules, the auction, the contract, the scores,
    ...) is worked out once per hand record and kept by its identity: the positions of
    a hand share it, so a position pays only for what changes from card to card.
    """
    core = record_of(state)
    hand, game = core[HAND], core[GAME]
    found = _HAND_FACTS.get(id(hand))
    if found is None or found[0] is not hand or found[1] is not game:
        found = _hand_facts(core)
    (
        rules,
        dealer,
        number,
        scores,
        calls,
        contract,
        suit,
        card,
        sitting,
        result,
        winners,
    ) = found[2]
    players: int = rules.players
    won_memo, void_memo = found[3], found[4]
    won = won_memo.get(core[WON])
    if won is None:
        by_seat = seat_nibbles(core[WON], players)
        won = won_memo[core[WON]] = (by_side(rules, by_seat), by_seat)
    voids = void_memo.get(core[VOIDS])
    if voids is None:
        nibbles = seat_nibbles(core[VOIDS], players)
        voids = void_memo[core[VOIDS]] = tuple([SUIT_SETS[v] for v in nibbles])
    return (
        rules,
        PHASES[core[PHASE]],
        core[TO_ACT],
        dealer,
        number,
        scores,
        calls,
        contract,
        suit,
        card,
        SUIT_SETS[core[SUITS_LED]],
        voids,
        won[0],
        won[1],
        tuple([mask.bit_count() for mask in core[HANDS][:players]]),
        sitting,
        result,
        winners,
    )


_HandFacts = tuple[
    Hand,
    Game,
    tuple[
        Rules,
        int,
        int,
        tuple[int, ...],
        tuple[tuple[int, Call], ...],
        Contract | None,
        Suit | None,
        Card | None,
        frozenset[int],
        tuple[int, ...] | None,
        tuple[int, ...],
    ],
    dict[int, tuple[tuple[int, ...], tuple[int, ...]]],
    dict[int, tuple[frozenset[Suit], ...]],
]
_HAND_FACTS: Final[BoundedCache[int, _HandFacts]] = BoundedCache(4096)
"""The facts that hold for a whole hand, by the identity of its hand record (kept with
them, with its game record, so an identity is never mistaken), and per hand the
tricks won and voids met, by their packed ints."""


def _hand_facts(core: Record) -> _HandFacts:
    hand, game = core[HAND], core[GAME]
    suit = hand[H_JOKER_SUIT]
    card = hand[H_PARTNER_CARD]
    book, record = hand[H_AUCTION]
    facts = (
        core[RULES],
        hand[H_DEALER],
        game.number,
        game.scores,
        calls_of(book, record),
        hand[H_CONTRACT],
        None if suit < 0 else _SUITS[suit],
        None if card < 0 else CARDS_BY_CODE[card],
        SEAT_SETS[hand[H_SITTING]],
        hand[H_RESULT],
        game.winners,
    )
    return _HAND_FACTS.keep(id(hand), (hand, game, facts, {}, {}))


TrickData = tuple[int, tuple[tuple[int, int], ...], int, int]
"""A trick as ints: leader, ``(seat, card code)`` plays, suit led (-1 before the
lead), winner (-1 while in progress)."""

_TRICKS_MEMO: Final[BoundedCache[int, tuple[Any, tuple[TrickData, ...]]]] = (
    BoundedCache(4096)
)
"""The completed tricks up to a log node that ended a trick, by the node's identity
(the node is kept with them, so an identity is never mistaken)."""


def trick_record(state: GameState) -> tuple[tuple[TrickData, ...], TrickData | None]:
    """The completed tricks of this hand and the trick in progress, as ints.

    The trick in progress is the record's own (its leader, cards and suit led); the
    completed tricks are read from the hand's log behind it, and kept by the log node
    that ended the last of them, so the positions of a trick share one tuple and a
    position costs only its current trick.  The trick in progress is ``None``
    outside the play.
    """
    core = record_of(state)
    setup = core[SETUP]
    if core[HAND][H_CONTRACT] is None or setup.key < 0:
        return (), None
    trick = core[TRICK]
    log: Any = core[LOG]
    for _ in trick:  # the cards of the trick in progress are the log's last entries
        log = log[0]
    found = _TRICKS_MEMO.get(id(log))
    if found is not None and found[0] is log:
        done: tuple[TrickData, ...] = found[1]
    else:
        done = _done_tricks(setup, log)
    if core[PHASE] != PLAY:
        return done, None
    leader = core[LEADER]
    return done, (
        leader,
        tuple(zip(setup.order[leader], trick, strict=False)),
        core[LED],
        -1,
    )


def _done_tricks(setup: Setup, end: Log) -> tuple[TrickData, ...]:
    """The completed tricks up to the log node ``end`` that ended one (kept by node)."""
    pending: list[tuple[Any, int, PlayCard]] = []
    done: tuple[TrickData, ...] = ()
    log = end
    while log is not None:
        found = _TRICKS_MEMO.get(id(log))
        if found is not None and found[0] is log:
            done = found[1]
            break
        earlier, action, seat = log
        if type(action) is PlayCard:
            pending.append((log, seat, action))
        log = earlier
    pending.reverse()
    key, active = setup.key, setup.active
    leader = done[-1][3] if done else setup.contractor
    plays: list[tuple[int, int]] = []
    led = -1
    for node, seat, action in pending:
        code = card_code(action.card)
        if not plays:
            eff = EFF[key][code]
            led = eff if eff != NO_SUIT or action.suit is None else int(action.suit)
        plays.append((seat, code))
        if len(plays) == active:
            index = winner_index(tuple([c for _, c in plays]), key, led)
            winner = plays[index][0]
            done = (*done, (leader, tuple(plays), led, winner))
            _keep_tricks(node, done)
            leader, plays, led = winner, [], -1
    if end is not None and not plays:
        _keep_tricks(end, done)  # the start of the play, too: found at once next time
    return done


def _keep_tricks(node: Log, done: tuple[TrickData, ...]) -> None:
    _TRICKS_MEMO.keep(id(node), (node, done))


_TRICKS_SIZE: Final = 65536
_TRICKS: Final[BoundedCache[TrickData, Trick]] = BoundedCache(_TRICKS_SIZE)
"""The Trick value of each trick met (shared: a view is rebuilt at every action)."""


def _trick(data: TrickData) -> Trick:
    found = _TRICKS.get(data)
    if found is None:
        found = _TRICKS.keep(data, _typed(data))
    return found


def _typed(data: TrickData) -> Trick:
    leader, plays, led, winner = data
    return Trick(
        leader,
        tuple([_PLAYS[seat][code] for seat, code in plays]),
        None if led < 0 else _SUITS[led],
        None if winner < 0 else winner,
    )


_SUITS: Final = tuple(Suit)
_PLAYS: Final = tuple(
    tuple((seat, card) for card in CARDS_BY_CODE) for seat in range(6)
)
"""The ``(seat, card)`` pair of each seat and card code (shared values)."""


_DONE: Final[BoundedCache[int, tuple[tuple[TrickData, ...], tuple[Trick, ...]]]] = (
    BoundedCache(_TRICKS_SIZE)
)
"""The typed tricks of each tuple of completed tricks that the state hands out (the
state shares one tuple between the positions of a trick), by identity."""


def _tricks(state: GameState) -> tuple[tuple[Trick, ...], Trick | None]:
    """The completed tricks and the trick in progress (from the state's record)."""
    done, current = trick_record(state)
    found = _DONE.get(id(done))
    if found is None or found[0] is not done:
        found = _DONE.keep(id(done), (done, tuple(map(_trick, done))))
    return found[1], None if current is None else _trick(current)


_Public = tuple[GameState, TableFacts, tuple[Trick, ...], Trick | None]
_PUBLIC: Final[BoundedCache[int, _Public]] = BoundedCache(64)
"""The public facts of the last states viewed, by identity (kept with them): a server
sends every seat its view of each state, and the seats' views share these."""


def _public(state: GameState) -> _Public:
    found = _PUBLIC.get(id(state))
    if found is None or found[0] is not state:
        found = _PUBLIC.keep(id(state), (state, table_facts(state), *_tricks(state)))
    return found


def _kitty_seen(state: GameState, seat: int | None) -> bool:
    """Whether ``seat`` took up the kitty: the contractor, unless sans kitty."""
    contract = state.contract
    if seat is None or contract is None or contract.contractor != seat:
        return False
    return not (isinstance(contract.bid, TrickBid) and contract.bid.sans_kitty)


_IN_PLAY: Final = (Phase.PLAY, Phase.HAND_OVER, Phase.GAME_OVER)
"""The phases from the first lead on: a tuple, tested by identity (a set would call
``Enum.__hash__``, a Python function, at every view)."""


def _exposed(state: GameState, phase: Phase) -> tuple[Card, ...]:
    """The open-misère contractor's cards, once they are shown to everyone."""
    contract = state.contract
    if (
        contract is None
        or not isinstance(contract.bid, MisereBid)
        or contract.bid.kind is not MisereKind.OPEN
        or phase not in _IN_PLAY
    ):
        return ()
    if state.tricks_played == 0 and not state.rules.open_misere_exposed_before_lead:
        return ()
    return state.hand_of(contract.contractor)


def known_partner(state: GameState, seat: int | None) -> int | None:
    """Five players: the partner's seat if ``seat`` knows it, else ``None``.

    The partner knows from the start (it holds the called card); every other seat,
    the contractor too, and spectators, learn it when the partner card is played
    (:ref:`rules-five-players`): the partner no longer holds it.  This is the one
    place that decides it: :attr:`SeatView.partner` holds the answer, and players
    read it from there.
    """
    partner = state.partner
    if partner is None or partner == seat:
        return partner
    return None if state.partner_card in state.hand_of(partner) else partner


def view(state: GameState, seat: int | None) -> SeatView:
    """What ``seat`` may know about the game in ``state`` (``None``: a spectator).

    A spectator sees what is public at the table: no hand, no kitty, no discards,
    no legal actions.


    Raises:
        InvalidStateError: if ``seat`` is not a seat of the game.

    >>> from five_hundred import new_game, view
    >>> state = new_game(seed=7)
    >>> seen = view(state, 0)
    >>> len(seen.hand), len(seen.unseen)
    (10, 33)
    >>> view(state, None).hand, len(view(state, None).unseen)
    ((), 43)
    >>> view(state, 4)
    Traceback (most recent call last):
    ...
    five_hundred.errors.InvalidStateError: invalid seat '4': seats are 0 to 3
    """
    checked_state(state, "a GameState (view(state, seat))")
    rules = state.rules
    if seat is not None and (type(seat) is not int or not 0 <= seat < rules.players):
        msg = f"invalid seat {quote(seat)}: seats are 0 to {rules.players - 1}"
        raise InvalidStateError(msg)
    return SeatView(*_every_field(state, seat))


def _every_field(state: GameState, seat: int | None) -> tuple[Any, ...]:
    """Every field of the view of ``seat``, in order, worked out in one go."""
    _, facts, done, current = _public(state)
    (
        rules,
        phase,
        to_act,
        dealer,
        number,
        scores,
        calls,
        contract,
        joker_suit,
        partner_card,
        suits_led,
        shown_void,
        tricks_won,
        by_seat,
        sizes,
        sitting,
        result,
        winners,
    ) = facts
    kitty_seen = (
        contract is not None
        and seat == contract.contractor
        and _kitty_seen(state, seat)
    )
    if phase is Phase.NOMINATE and contract is not None and seat != contract.contractor:
        phase, current = _as_the_others_see_the_nomination(contract)
    return (
        rules,
        seat,
        phase,
        to_act,
        dealer,
        number,
        scores,
        () if seat is None else state.hand_of(seat),
        calls,
        contract,
        joker_suit,
        partner_card,
        known_partner(state, seat) if partner_card is not None else None,
        current,
        done,
        suits_led,
        shown_void,
        tricks_won,
        by_seat,
        sizes,
        sitting,
        state.kitty if kitty_seen else (),
        state.discards if kitty_seen else (),
        _exposed(state, phase) if phase in _IN_PLAY and contract is not None else (),
        result,
        winners,
        legal_actions(state) if seat is not None and to_act == seat else (),
        _previous_hand(state) if phase is Phase.BIDDING and not calls else None,
    )


def _as_the_others_see_the_nomination(contract: Contract) -> tuple[Phase, Trick]:
    """What the other seats see while the contractor may nominate the Joker.

    They see the play, with the contractor to lead the first trick.  The nomination phase happens only when the contractor holds the Joker, so
    showing it would tell the others where the Joker is; they learn of a nomination
    when it is made, and never of one declined (:ref:`the nomination hidden <rules-nomination-hidden>`).
    """
    return Phase.PLAY, _trick((contract.contractor, (), -1, -1))


def _previous_hand(state: GameState) -> HandOutcome | None:
    """How the last hand ended, for the views of a hand's first position."""
    if state.hand_number == 0:
        return None
    history = state.history
    if not history:  # a game resumed from a later hand's deal
        return None
    return _outcome(state.rules, state.hand_number - 1, history[-1], state.scores)


@functools.lru_cache(maxsize=256)
def _outcome(
    rules: Rules, number: int, summary: HandSummary, scores: tuple[int, ...]
) -> HandOutcome:
    """The outcome of a finished hand, worked out by replaying it.

    Kept: the seats' views of a position share it (``lru_cache`` is safe under
    threads).
    """
    result = summary.result or (0,) * rules.sides
    before = tuple(map(int.__sub__, scores, result))
    state = new_hand(
        rules, summary.hands, summary.kitty, dealer=summary.dealer, scores=before
    )
    for action in summary.actions:
        state = apply(state, action)
    done, _ = _tricks(state)
    return HandOutcome(
        rules,
        number,
        summary.dealer,
        state.contract,
        known_partner(state, None),
        state.tricks_won,
        state.tricks_won_by_seat,
        done[-1] if done else None,
        result,
        scores,
    )
