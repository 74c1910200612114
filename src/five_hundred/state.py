"""The whole game: an immutable :class:`GameState` and pure functions over it.

A game goes through the phases of :class:`Phase` hand after hand: bidding, the kitty
discard, the five-player partner call, the Joker nomination, the play of the cards, the
end of the hand (scored) and, at last, the end of the game.  :func:`legal_actions` lists
what the player to act may do; :func:`apply` returns the next state and never changes its
input; :func:`explain_illegal` says which rule forbids an action.  The generator and the
validator share one implementation.

>>> from five_hundred import Phase, apply, legal_actions, new_game, parse_action
>>> state = new_game(seed=1)
>>> state.phase, state.to_act
(<Phase.BIDDING: 'bidding'>, 1)
>>> [str(a) for a in legal_actions(state)[:4]]
['PASS', '6S', '6S-SK', '6C']
>>> state = apply(state, parse_action("7H"))
>>> state.to_act
2

Inside, a state holds the engine's record (``five_hundred._engine.core``): hands as
``int`` bit masks and small tuples, so that a random game runs fast; the properties give
the typed view (cards, bids, contracts).  The rules of each phase sit side by side below
(its listing, its refusal and its application), dispatched by one table.
"""

import enum
import itertools
import secrets
from collections.abc import Callable, Sequence
from typing import Any, Final, NamedTuple, Protocol, cast, runtime_checkable

import attrs

from five_hundred._checks import (
    check_acting_seat,
    check_dealer,
    check_rules,
    check_seat,
    check_seed,
    check_sides,
    check_size,
    wrong_type,
)
from five_hundred._engine import api as _api
from five_hundred._engine import compiled as _compiled
from five_hundred._engine import core as _core
from five_hundred._engine.api import identity_slots
from five_hundred._engine.auction import A_BIDDER, A_STANDING, AuctionRecord
from five_hundred._engine.codes import (
    HAND_SIZE,
    JOKER_CODE,
    JOKER_LEAD_CODE,
    KITTY_SIZE,
    PLAY_CODE,
    codes_from_mask,
    seat_nibbles,
)
from five_hundred._engine.core import (
    DONE,
    GAME,
    H_AUCTION,
    H_CONTRACT,
    H_DEALER,
    H_DEALT,
    H_DISCARDS,
    H_JOKER_SUIT,
    H_KITTY,
    H_PARTNER,
    H_PARTNER_CARD,
    H_RESULT,
    H_SITTING,
    HAND,
    HANDS,
    LEADER,
    LED,
    LEGAL,
    LOG,
    PHASE,
    RULES,
    SETUP,
    SUITS_LED,
    TO_ACT,
    TRICK,
    UNCHECKED,
    VOIDS,
    WON,
    Game,
    Record,
    Setup,
    Unchecked,
)
from five_hundred._engine.game import (
    call as call_step,
)
from five_hundred._engine.game import (
    call_partner,
    discard,
    discard_refusal,
    joker_names,
    nominate,
    partner_cards,
    partner_refusal,
    play,
    play_refused,
)
from five_hundred._engine.listed import DISCARD_ROW, discard_listing
from five_hundred._engine.memo import per_rules
from five_hundred._engine.play import joker_lead_names_suit
from five_hundred._engine.seats import next_seat
from five_hundred._engine.settle import finish
from five_hundred.actions import Action, CallPartner, Discard, NominateJoker, PlayCard
from five_hundred.bidding import (
    Auction,
    Call,
    Contract,
    MisereBid,
    Pass,
    RulesBook,
    TrickBid,
    advance,
    auction_of,
    auction_record,
    call_refusal,
    contract_of,
    is_listed_call,
    listed_record,
    rank_listing,
)
from five_hundred.cards import (
    CARDS_BY_CODE,
    Card,
    Suit,
    card_code,
    cards_from_mask,
    format_cards,
    mask_from_cards,
    quote,
)
from five_hundred.dealing import (
    SplitMix64,
    deal,
    hands_dealt,
    pack,
    pack_mask,
    shuffled_pack,
)
from five_hundred.errors import (
    IllegalActionError,
    IllegalBidError,
    IllegalPlayError,
    InvalidStateError,
    NotYourTurnError,
    WrongPhaseError,
)
from five_hundred.rules import Rules, seats_of, side_of
from five_hundred.scoring import (
    Settlement,
    contract_terms,
    contracting_seats,
    settle_packed,
)
from five_hundred.tricks import (
    PLAY_TABLES,
    PLAYS_CACHE_SIZE,
    PLAYS_OF_MASK,
    SUIT_PLAYS_CACHE_SIZE,
    PlayContext,
    Position,
    contract_context,
    joker_options,
    play_refusal,
    plays_from_mask,
    position_of,
)

__all__ = [
    "GameState",
    "HandSummary",
    "Phase",
    "SeatKnowledge",
    "apply",
    "explain_illegal",
    "is_legal",
    "legal_actions",
    "new_game",
    "new_hand",
    "next_hand",
]

_MASK64: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_DEALER_DRAW: Final = 0xD1B54A32D192ED03
"""Mixed into the game's seed to draw the first dealer (apart from the shuffle)."""


class Phase(enum.Enum):
    """The phases of a hand, and the end of the game (in the order they come)."""

    BIDDING = "bidding"
    """The auction: calls until the contract is won or everyone passes."""
    DISCARD = "discard"
    """The contractor takes up the kitty and discards three cards."""
    NOMINATE = "nominate"
    """No Trumps or misère: the contractor, holding the Joker, may nominate its suit
    (only the contractor's view shows this phase)."""
    CALL_PARTNER = "call_partner"
    """Five players: the contractor calls a partner card, or plays alone."""
    PLAY = "play"
    """The play of the tricks."""
    HAND_OVER = "hand_over"
    """The hand is scored; :func:`next_hand` deals the next one."""
    GAME_OVER = "game_over"
    """The game is over: :attr:`GameState.winners` holds the winners."""


PHASES: Final = (
    Phase.BIDDING,
    Phase.DISCARD,
    Phase.NOMINATE,
    Phase.CALL_PARTNER,
    Phase.PLAY,
    Phase.HAND_OVER,
    Phase.GAME_OVER,
)
"""The Phase of each of the engine's phase numbers."""
if tuple(PHASES.index(p) for p in PHASES) != (
    _core.BIDDING,
    _core.DISCARD,
    _core.NOMINATE,
    _core.CALL_PARTNER,
    _core.PLAY,
    _core.HAND_OVER,
    _core.GAME_OVER,
) or [p.value for p in PHASES] != [p.value for p in Phase]:
    msg = "Phase and the engine's phase numbers are out of step"
    raise ImportError(msg)
# Plain globals: reading a module attribute costs more in the hot paths.
_BIDDING: Final = _core.BIDDING
_DISCARD: Final = _core.DISCARD
_NOMINATE: Final = _core.NOMINATE
_CALL_PARTNER: Final = _core.CALL_PARTNER
_PLAY: Final = _core.PLAY
_HAND_OVER: Final = _core.HAND_OVER
_GAME_OVER: Final = _core.GAME_OVER


SUIT_SETS: Final = tuple(
    frozenset(s for s in Suit if mask >> s & 1) for mask in range(16)
)
"""The set of suits of each 4-bit suit mask (shared values, built once)."""


class HandSummary(NamedTuple):
    """A finished hand of the game: its deal, its actions and its result."""

    dealer: int
    """The dealer of the hand."""
    hands: tuple[tuple[Card, ...], ...]
    """The hands as dealt, seat 0 first (two players: the dead hand third)."""
    kitty: tuple[Card, ...]
    """The kitty as dealt."""
    actions: tuple[Action, ...]
    """Every action of the hand, in order."""
    result: tuple[int, ...]
    """The change to each side's total (zeros for a thrown-in hand)."""


@attrs.frozen(repr=False, init=False)
class GameState:
    """The complete state of a game: an immutable value.

    Build one with :func:`new_game` or :func:`new_hand`; move on with :func:`apply` and
    :func:`next_hand`.  It knows every card (it is the referee's view); give players
    :func:`~five_hundred.views.view` instead.  ``GameState()`` itself holds no game:
    the functions refuse it with a :class:`TypeError`.
    """

    _record: Record
    """All of the state in the engine's one record (``five_hundred._engine.core``)."""

    @property
    def rules(self) -> Rules:
        """The rules of the game."""
        rules: Rules = self._record[RULES]
        return rules

    @property
    def phase(self) -> Phase:
        """The phase of the hand (or ``Phase.GAME_OVER`` once the game is over)."""
        return PHASES[self._record[PHASE]]

    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` when the hand or the game is over."""
        return self._record[TO_ACT]

    # -- the deal and the auction ---------------------------------------------------

    @property
    def dealer(self) -> int:
        """The dealer of this hand."""
        return self._record[HAND][H_DEALER]

    @property
    def hand_number(self) -> int:
        """The number of this hand in the game, from 0."""
        return self._record[GAME].number

    @property
    def seed(self) -> int | None:
        """The game's seed (``None`` for a game started from an explicit deal)."""
        return self._record[GAME].seed

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards now (seat 0 first), in card-code order."""
        return tuple(
            cards_from_mask(m) for m in self._record[HANDS][: self.rules.players]
        )

    def hand_of(self, seat: int) -> tuple[Card, ...]:
        """One seat's cards now, in card-code order (``hands[seat]``, built alone)."""
        rules = self.rules
        return cards_from_mask(self._record[HANDS][check_seat(rules, seat)])

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds now."""
        return tuple(m.bit_count() for m in self._record[HANDS][: self.rules.players])

    @property
    def dead_hand(self) -> tuple[Card, ...]:
        """Two players: the dead hand (empty otherwise)."""
        if self.rules.players != 2:
            return ()
        return cards_from_mask(self._record[HANDS][2])

    @property
    def dealt(self) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        """The deal of this hand: every hand as dealt (and a dead hand), and the kitty."""
        hand = self._record[HAND]
        hands = tuple(cards_from_mask(m) for m in hand[H_DEALT])
        return hands, cards_from_mask(hand[H_KITTY])

    @property
    def kitty(self) -> tuple[Card, ...]:
        """The kitty as dealt (the contractor takes it up unless sans kitty)."""
        return cards_from_mask(self._record[HAND][H_KITTY])

    @property
    def discards(self) -> tuple[Card, ...]:
        """The contractor's discards (empty before the discard)."""
        return cards_from_mask(self._record[HAND][H_DISCARDS])

    @property
    def auction(self) -> Auction:
        """The auction of this hand (an equal value at each read, built when asked)."""
        book, record = self._record[HAND][H_AUCTION]
        return auction_of(book, record)

    @property
    def contract(self) -> Contract | None:
        """The contract (bid and contractor) once the auction is won."""
        contract: Contract | None = self._record[HAND][H_CONTRACT]
        return contract

    @property
    def play_context(self) -> PlayContext | None:
        """The card order of the hand (strain, misère, the Joker's nomination)."""
        contract = self.contract
        if contract is None:
            return None
        return contract_context(contract.bid, self.joker_suit)

    @property
    def joker_suit(self) -> Suit | None:
        """The suit the contractor nominated for the Joker, if any."""
        suit = self._record[HAND][H_JOKER_SUIT]
        return None if suit < 0 else Suit(suit)

    @property
    def partner_card(self) -> Card | None:
        """Five players: the partner card called (``None`` if alone or not yet called)."""
        code = self._record[HAND][H_PARTNER_CARD]
        return None if code < 0 else CARDS_BY_CODE[code]

    @property
    def partner(self) -> int | None:
        """Five players: the seat holding the partner card (``None`` if none)."""
        return (
            None if self._record[HAND][H_PARTNER] < 0 else self._record[HAND][H_PARTNER]
        )

    @property
    def sitting_out(self) -> frozenset[int]:
        """Seats that take no part in the play (the partners of a misère contractor)."""
        return SEAT_SETS[self._record[HAND][H_SITTING]]

    @property
    def contracting_seats(self) -> frozenset[int]:
        """The seats playing the contract, whose tricks count toward it.

        See :func:`~five_hundred.scoring.contracting_seats`: the contractor's side and
        a five-player called partner; the contractor alone in misère.  Empty while
        there is no contract.
        """
        contract = self.contract
        if contract is None:
            return frozenset()
        return contracting_seats(self.rules, contract, self.partner)

    # -- the play ---------------------------------------------------------------------

    @property
    def leader(self) -> int | None:
        """Who led (or is to lead) the current trick."""
        return None if self._record[LEADER] < 0 else self._record[LEADER]

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the trick in progress, leader first."""
        return tuple(CARDS_BY_CODE[c] for c in self._record[TRICK])

    @property
    def led_suit(self) -> Suit | None:
        """The suit to follow in the trick in progress."""
        return None if self._record[LED] < 0 else Suit(self._record[LED])

    @property
    def suits_led(self) -> frozenset[Suit]:
        """Every suit that has been the suit to follow this hand (current trick included)."""
        return SUIT_SETS[self._record[SUITS_LED]]

    @property
    def shown_void(self) -> tuple[frozenset[Suit], ...]:
        """For each seat, the suits it has shown void in this hand."""
        voids = seat_nibbles(self._record[VOIDS], self.rules.players)
        return tuple(SUIT_SETS[void] for void in voids)

    @property
    def tricks_played(self) -> int:
        """How many tricks have been completed this hand."""
        return self._record[DONE]

    @property
    def tricks_won_by_seat(self) -> tuple[int, ...]:
        """Tricks won this hand by each seat."""
        return seat_nibbles(self._record[WON], self.rules.players)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks won this hand by each side."""
        return by_side(self.rules, self.tricks_won_by_seat)

    # -- scores ------------------------------------------------------------------------

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's running total (after this hand once it is over)."""
        return self._record[GAME].scores

    @property
    def hand_result(self) -> tuple[int, ...] | None:
        """Once the hand is over: the change to each side's total (zeros if thrown in)."""
        return self._record[HAND][H_RESULT]

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning sides once the game is over; empty while it goes on."""
        return self._record[GAME].winners

    @property
    def is_over(self) -> bool:
        """Whether the hand (or the game) is over: nobody is to act."""
        return self._record[TO_ACT] is None

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action of this hand so far, in order."""
        return tuple(_core.log_items(self._record[LOG]))

    @property
    def moves(self) -> tuple[tuple[int, Action], ...]:
        """Every action of this hand so far with the seat that took it, in order.

        >>> state = apply(new_game(seed=1), Pass())
        >>> [(seat, str(action)) for seat, action in state.moves]
        [(1, 'PASS')]
        """
        return tuple(_core.log_moves(self._record[LOG]))

    @property
    def history(self) -> tuple[HandSummary, ...]:
        """The finished hands of the game before this one.

        The states of a game share this history (each hand adds one link), so a long
        game costs memory and time in proportion to its length.
        """
        summaries: list[HandSummary] = []
        past = self._record[GAME].past
        while past is not None:
            past, summary = past
            summaries.append(summary)
        summaries.reverse()
        return tuple(summaries)

    def __str__(self) -> str:
        return _describe(self) if _holds_a_game(self) else _EMPTY

    def __repr__(self) -> str:
        if not _holds_a_game(self):
            return _EMPTY
        contract = "" if self.contract is None else f", contract={self.contract}"
        return (
            f"<GameState hand {self._record[GAME].number + 1} {self.phase.value}, to_act={self._record[TO_ACT]}"
            f"{contract}, scores={self.scores}>"
        )


@per_rules
def _sides_of(rules: Rules) -> tuple[int, tuple[int, ...]]:
    """The number of sides and the side of each seat (``side_of``, once per rules)."""
    return rules.sides, tuple(side_of(rules, seat) for seat in range(rules.players))


def by_side(rules: Rules, by_seat: tuple[int, ...]) -> tuple[int, ...]:
    """Per-seat numbers added up per side."""
    count, sides = _sides_of(rules)
    if count == len(by_seat):
        return by_seat  # every seat its own side
    totals = [0] * count
    for seat, n in enumerate(by_seat):
        totals[sides[seat]] += n
    return tuple(totals)


SEAT_SETS: Final = tuple(
    frozenset(s for s in range(6) if mask >> s & 1) for mask in range(64)
)
"""The set of seats of each seat mask (six seats at most)."""


def _describe(state: GameState) -> str:
    """A readable summary of a position: what ``print(state)`` shows."""
    rules = state.rules
    lines = [
        f"Hand {state.hand_number + 1}, dealer seat {state.dealer}: "
        + state.phase.value.replace("_", " ")
    ]
    sides = rules.sides
    seats = [seats_of(rules, side) for side in range(sides)]
    lines.append(
        "Scores: "
        + ", ".join(
            f"side {side} (seat{'s' if len(seats[side]) > 1 else ''} "
            f"{', '.join(map(str, seats[side]))}) {state.scores[side]}"
            for side in range(sides)
        )
    )
    contract = state.contract
    if contract is not None:
        extra = (
            ""
            if state.joker_suit is None
            else f", Joker nominated {state.joker_suit.name.lower()}"
        )
        partner = (
            "" if state.partner_card is None else f", partner card {state.partner_card}"
        )
        lines.append(f"Contract: {contract}{extra}{partner}")
        won = ", ".join(f"side {side} {n}" for side, n in enumerate(state.tricks_won))
        lines.append(f"Tricks won: {won} ({state.tricks_played} played)")
    else:
        calls = " ".join(f"{seat}:{call}" for seat, call in state.auction.calls)
        lines.append(f"Auction: {calls or '(no call yet)'}")
    sitting = state.sitting_out
    for seat, hand in enumerate(state.hands):
        shown = format_cards(sorted(hand, key=card_code, reverse=True)) or "-"
        note = " (sits out)" if seat in sitting else ""
        lines.append(f"  seat {seat}: {shown}{note}")
    if rules.players == 2:
        lines.append(f"  dead hand: {format_cards(state.dead_hand)}")
    if contract is None or state.phase is Phase.DISCARD:
        lines.append(f"  kitty: {format_cards(state.kitty)}")
    elif state.discards:
        lines.append(f"  discards: {format_cards(state.discards)}")
    if state.trick:
        order = play_order(state, state.leader if state.leader is not None else 0)
        plays = ", ".join(
            f"seat {seat} {card}"
            for seat, card in zip(order, state.trick, strict=False)
        )
        lines.append(f"Trick: {plays}")
    if state.to_act is not None:
        lead = " (to lead)" if state.phase is Phase.PLAY and not state.trick else ""
        lines.append(f"Seat {state.to_act} to act{lead}.")
    elif state.winners:
        lines.append(f"Game over: side {' and '.join(map(str, state.winners))} won.")
    elif state.hand_result is not None:
        lines.append(
            f"Hand over: {', '.join(f'side {s} {c:+}' for s, c in enumerate(state.hand_result))}."
        )
    return "\n".join(lines)


def _wrap(core: Record) -> GameState:
    """The state holding ``core``.

    The class has no ``__init__`` (``init=False``: ``GameState()`` is the empty state,
    and attrs' ``__init__`` of a frozen class, a Python frame, would cost every action
    about a tenth of a card play more).  The record is set as that ``__init__`` sets a
    frozen class's field, with ``object.__setattr__``; the hot paths of ``apply`` and
    the engine's entry points (``_engine.api``) do the same, inline.
    """
    state = GameState()
    object.__setattr__(state, "_record", core)
    return state


def _core_of(state: GameState) -> Record:
    """The record of a state, or a TypeError naming what was expected."""
    try:
        return state._record  # no type test: on the hot paths, only a failure costs
    except AttributeError:
        checked_state(state, "a GameState (from new_game, new_hand or apply)")
        raise  # not reached: the state has no record, so the check raised


def checked_state(state: object, expected: str = "a GameState") -> GameState:
    """``state`` if it is a game's state, else the :class:`TypeError` naming ``expected``.

    The one test of the entry points that take a state: ``GameState()`` itself (the
    class called directly) holds no game and is refused too.
    """
    if not isinstance(state, GameState):
        wrong_type(state, expected)
    if not _holds_a_game(state):
        msg = (
            f"expected {expected}; got an empty GameState() (make one with new_game"
            " or new_hand)"
        )
        raise TypeError(msg)
    return state


_EMPTY: Final = "<GameState (empty: no game)>"
"""The text of ``GameState()``: the class called directly holds no record."""


def _holds_a_game(state: GameState) -> bool:
    """Whether ``state`` has its record (not the empty ``GameState()``)."""
    return hasattr(state, "_record")


def play_order(state: GameState, leader: int) -> tuple[int, ...]:
    """The seats that play to a trick led by ``leader``, in order.

    Those who sit out are left out.  This reads the engine's play setup of the
    contract (the one home of the seat order), so it is defined once a contract is.
    """
    order: tuple[int, ...] = _core_of(state)[SETUP].order[leader]
    return order


def state_of(core: Record) -> GameState:
    """The state holding an engine record (the search tools' way back from ``record_of``)."""
    return _wrap(core)


def record_of(state: GameState) -> Record:
    """The engine record of ``state``, for the search tools (not public API)."""
    return _core_of(state)


# -- starting games and hands ---------------------------------------------------------


def _validate_deal(
    rules: Rules, hands: Sequence[Sequence[Card]], kitty: Sequence[Card]
) -> tuple[tuple[int, ...], int]:
    expected = hands_dealt(rules)
    try:
        hand_list = [tuple(hand) for hand in hands]
        kitty_cards = tuple(kitty)
    except TypeError:
        msg = "a deal needs sequences of cards for the hands and the kitty"
        raise InvalidStateError(msg) from None
    if len(hand_list) != expected:
        what = (
            "hands (two players: two hands and the dead hand)"
            if rules.players == 2
            else "hands"
        )
        msg = f"a {rules.players}-player deal needs {expected} {what}; got {len(hand_list)}"
        raise InvalidStateError(msg)
    for seat, hand in enumerate(hand_list):
        if any(not isinstance(card, Card) for card in hand):
            msg = f"hand {seat} holds something that is not a Card"
            raise InvalidStateError(msg)
        if len(hand) != HAND_SIZE:
            shown = quote(format_cards(hand[: HAND_SIZE + 1]))  # short, for any size
            msg = f"hand {seat} has {len(hand)} cards instead of {HAND_SIZE}: {shown}"
            raise InvalidStateError(msg)
    if any(not isinstance(card, Card) for card in kitty_cards):
        msg = "the kitty holds something that is not a Card"
        raise InvalidStateError(msg)
    if len(kitty_cards) != KITTY_SIZE:
        msg = f"the kitty has {len(kitty_cards)} cards instead of {KITTY_SIZE}"
        raise InvalidStateError(msg)
    every = [card for hand in hand_list for card in hand] + list(kitty_cards)
    counts: dict[Card, int] = {}
    for card in every:
        counts[card] = counts.get(card, 0) + 1
    duplicates = sorted((card for card, n in counts.items() if n > 1), key=card_code)
    if duplicates:
        msg = f"duplicate cards in the deal: {format_cards(duplicates)}"
        raise InvalidStateError(msg)
    allowed = set(pack(rules))
    foreign = [card for card in every if card not in allowed]
    if foreign:
        msg = f"cards not in the {rules.players}-player pack: {format_cards(foreign)}"
        raise InvalidStateError(msg)
    masks = tuple(mask_from_cards(hand) for hand in hand_list)
    return masks, mask_from_cards(kitty_cards)


def _start_hand(
    rules: Rules, game: Game, dealt: tuple[int, ...], kitty: int, dealer: int
) -> GameState:
    auction = Auction.start(rules, dealer)
    hand = _core.dealt_hand(dealer, dealt, kitty, auction_record(auction))
    return _wrap(_core.start(rules, game, hand, auction.to_act))


def _deal_masks(rules: Rules, seed: int, dealer: int) -> tuple[tuple[int, ...], int]:
    hands, kitty = deal(rules, shuffled_pack(rules, seed), dealer)
    return tuple(mask_from_cards(hand) for hand in hands), mask_from_cards(kitty)


def _hand_seed(game_seed: int, number: int) -> int:
    return (game_seed + number * _GOLDEN) & _MASK64


def new_game(
    rules: Rules = Rules(), *, seed: int | None = None, dealer: int | None = 0
) -> GameState:
    """A new game with its first hand dealt and bidding open.

    The deal is :func:`~five_hundred.dealing.shuffled_pack` of ``seed`` dealt by
    ``dealer``; each later hand's seed is derived from the game's seed, so a whole
    game is reproducible from it.  Without a seed one is drawn from the operating
    system and kept in :attr:`GameState.seed`.

    The first dealer is seat 0 unless given; ``dealer=None`` draws it from the seed,
    as a table draws for the first deal (:ref:`rules-deal-rotation`), so the same seed
    gives the same dealer.

    >>> new_game(seed=5, dealer=None).dealer == new_game(seed=5, dealer=None).dealer
    True

    Raises:
        InvalidStateError: for a bad dealer or seed.
        TypeError: if ``rules`` is not a :class:`~five_hundred.rules.Rules` value.
    """
    rules = check_rules(rules)
    seed = secrets.randbits(64) if seed is None else check_seed(seed)
    if dealer is None:
        dealer = SplitMix64(seed ^ _DEALER_DRAW).below(rules.players)
    dealer = check_dealer(rules, dealer)
    dealt, kitty = _deal_masks(rules, seed, dealer)
    game = Game(seed, 0, (0,) * rules.sides, (), None)
    return _start_hand(rules, game, dealt, kitty, dealer)


def new_hand(
    rules: Rules,
    hands: Sequence[Sequence[Card]],
    kitty: Sequence[Card],
    *,
    dealer: int,
    scores: Sequence[int] | None = None,
) -> GameState:
    """A hand from an explicit deal, bidding open.

    ``hands`` are the seats' cards, seat 0 first (two players: the dead hand third);
    ``scores`` are the sides' running totals (zeros by default).

    Raises:
        InvalidStateError: naming the problem, if the deal is not a deal of the rules'
            pack (wrong sizes, duplicate or foreign cards) or the scores don't fit.
        TypeError: if ``rules`` is not a :class:`~five_hundred.rules.Rules` value, or
            ``scores`` is not a sequence.
    """
    rules = check_rules(rules)
    dealer = check_dealer(rules, dealer)
    dealt, kitty_mask = _validate_deal(rules, hands, kitty)
    return hand_from_masks(rules, dealt, kitty_mask, dealer=dealer, scores=scores)


def hand_from_masks(
    rules: Rules,
    dealt: tuple[int, ...],
    kitty: int,
    *,
    dealer: int,
    scores: Sequence[int] | None = None,
) -> GameState:
    """:func:`new_hand` from card masks already known to be a deal of the pack.

    For callers that built the deal themselves (``resample``): the deal is not
    checked again; ``rules`` and ``dealer`` must be checked already, ``scores`` are.
    """
    totals = (0,) * rules.sides if scores is None else check_sides(rules, scores)
    for total in totals:
        check_size(total, "score")
    lost = [side for side, total in enumerate(totals) if total <= rules.losing_score]
    if lost:
        msg = (
            f"invalid scores {quote(totals)}: side {lost[0]} is at or below the losing "
            f"score {rules.losing_score}, so the game is already over"
        )
        raise InvalidStateError(msg)
    game = Game(None, 0, totals, (), None)
    return _start_hand(rules, game, dealt, kitty, dealer)


def next_hand(
    state: GameState,
    *,
    seed: int | None = None,
    hands: Sequence[Sequence[Card]] | None = None,
    kitty: Sequence[Card] | None = None,
) -> GameState:
    """Deal the next hand after a hand is over.

    The deal passes left (after a throw-in it stays with the dealer under
    ``redeal_same_dealer``).  The cards come from ``hands`` and ``kitty`` if given (an
    explicit deal, checked as in :func:`new_hand`), else from ``seed``, else from the
    game's seed and the hand number (a game without a seed draws one).

    Raises:
        WrongPhaseError: if the hand is not over, or the game is.
        InvalidStateError: for a bad seed or explicit deal.
    """
    core = _core_of(state)
    if core[PHASE] != _HAND_OVER:
        why = (
            "the game is over" if core[PHASE] == _GAME_OVER else "the hand is not over"
        )
        msg = f"cannot deal the next hand: {why}"
        raise WrongPhaseError(msg)
    rules: Rules = core[RULES]
    game, hand = core[GAME], core[HAND]
    thrown_in = hand[H_CONTRACT] is None
    dealer = (
        hand[H_DEALER]
        if thrown_in and rules.redeal_same_dealer
        else next_seat(hand[H_DEALER], rules.players)
    )
    number = game.number + 1
    if (hands is None) != (kitty is None):
        msg = "an explicit deal needs both the hands and the kitty"
        raise InvalidStateError(msg)
    if hands is not None and kitty is not None:
        if seed is not None:
            msg = "give either a seed or an explicit deal, not both"
            raise InvalidStateError(msg)
        dealt, kitty_mask = _validate_deal(rules, hands, kitty)
    else:
        if seed is None:
            seed = (
                _hand_seed(game.seed, number)
                if game.seed is not None
                else secrets.randbits(64)
            )
        else:
            seed = check_seed(seed)
        dealt, kitty_mask = _deal_masks(rules, seed, dealer)
    summary = _summary(state)
    new = Game(game.seed, number, game.scores, game.winners, (game.past, summary))
    return _start_hand(rules, new, dealt, kitty_mask, dealer)


def _summary(state: GameState) -> HandSummary:
    hands, kitty = state.dealt
    return HandSummary(
        state.dealer, hands, kitty, state.actions, state.hand_result or ()
    )


# -- the phases, side by side ---------------------------------------------------------
#
# Each phase has three functions: its listing (the legal actions, in canonical order),
# its refusal (why an action of the phase's type is illegal, or None) and its
# application (the next state, for a legal action).  _PHASE_RULES below dispatches to
# them; the generator, the validator and apply all go through it.

_Refusal = tuple[type[IllegalActionError], str, str] | None
"""A refusal: the error type, the code of the refusal table and the reason."""


class _PhaseRules(NamedTuple):
    title: str
    """The phase's name in messages."""
    expected: str
    """What the phase expects, in messages."""
    types: type | tuple[type, ...]
    """The action types of the phase."""
    listing: Callable[[Record], tuple[Action, ...]]
    refusal: Callable[[Record, Any], _Refusal]
    application: Callable[[Record, Any], GameState]
    """The next state, for a legal action (the engine's step of its code)."""


# -- bidding (the auction's rules live in five_hundred.bidding) --


# A state keeps its auction as its parts, ``(book, record)`` (AuctionParts): a call
# builds that pair, not an Auction; ``GameState.auction`` builds the Auction.


def _list_calls(core: Record) -> tuple[Action, ...]:
    book, record = core[HAND][H_AUCTION]
    return rank_listing(book, record)[0]


def _refuse_call(core: Record, call: Call) -> _Refusal:
    found = call_refusal(auction_of(*core[HAND][H_AUCTION]), _seat(core), call)
    return None if found is None else (IllegalBidError, *found)


def _apply_call(core: Record, call: Call) -> GameState:
    seat = _seat(core)
    after = advance(auction_of(*core[HAND][H_AUCTION]), seat, call)  # checked
    book, record = auction_record(after)
    return _after_call(core, book, record, call, seat)


def _after_call(
    core: Record, book: RulesBook, record: AuctionRecord, call: Action, seat: int
) -> GameState:
    """The state after ``seat``'s ``call`` left the auction's record at ``record``.

    The engine's step (``game.call``), once this rules' step of the contract won is
    in the book (:func:`_contract_step`, the first time it is met).
    """
    stepped = call_step(core, book, record, call, seat)
    if stepped is None:
        _filled_step((book, record))
        stepped = call_step(core, book, record, call, seat)
        assert stepped is not None  # the contract's step is in the book now
    return _wrap(stepped)


def _filled_step(auction: tuple[RulesBook, AuctionRecord]) -> None:
    """Put the step of the contract won in ``auction`` in its rules' book.

    What the game's step makes of it (``book.contract_steps[8 * rank + bidder]``):
    the contract, its play setup (the card order, the seat order, who sits out:
    :func:`_setups`), whether the kitty is taken up (not sans kitty) and its scoring
    terms (``scoring.contract_terms``).
    """
    book, record = auction
    contract = contract_of(book, record)
    assert contract is not None  # the auction is won
    bid, contractor = contract.bid, contract.contractor
    misere = isinstance(bid, MisereBid)
    key = contract_context(bid, None).key
    rules = book.rules
    setup = _setups(rules)[2 * contractor + misere][key]
    sans_kitty = isinstance(bid, TrickBid) and bid.sans_kitty
    rank, bidder = record[A_STANDING], record[A_BIDDER]
    book.contract_steps[8 * rank + bidder] = (
        contract,
        setup,
        not sans_kitty,
        contract_terms(bid, rules),
    )


@per_rules
def _setups(rules: Rules) -> tuple[tuple[Setup, ...], ...]:
    """Every contract's play setup (the engine's one home of seat order), per rules."""
    sides = tuple(side_of(rules, seat) for seat in range(rules.players))
    partner_call = rules.players == 5 and rules.five_player_partner
    return _core.play_setups(
        sides, joker_options(rules), partner_call, rules.joker_nomination
    )


# -- the kitty discard --


class _Discards(dict[tuple[int, ...], Discard]):
    """The (shared) discard of each set of card codes (in order), made on demand."""

    def __missing__(self, codes: tuple[int, ...]) -> Discard:
        action = self[codes] = Discard(frozenset(CARDS_BY_CODE[c] for c in codes))
        return action


_DISCARDS: Final = _Discards()


def _discard_of(*codes: int) -> Discard:
    return _DISCARDS[codes]


def shared_discard(codes: tuple[int, ...]) -> Discard:
    """The discard :func:`legal_actions` lists for these card codes (ascending).

    The same object at every call, for the adapters that pick a discard card by card.
    """
    return _DISCARDS[codes]


_DISCARD_ROWS: Final[list[list[Any] | None]] = [None] * (DISCARD_ROW * DISCARD_ROW)
"""The table of :func:`discard_listing`: the same shared discards, by pairs of codes."""


def _list_discards(core: Record) -> tuple[Action, ...]:
    # the sets of KITTY_SIZE (three) cards of the hand, in lexicographic code order
    codes = codes_from_mask(core[HANDS][_seat(core)])
    if _compiled:  # the engine's loops: about a third of the hashed lookups' cost
        return discard_listing(codes, _DISCARD_ROWS, _discard_of)
    # pure, the same lookups by tuples of codes cost less than the loops in Python
    return tuple(map(_DISCARDS.__getitem__, itertools.combinations(codes, KITTY_SIZE)))


def _refuse_discard(core: Record, action: Discard) -> _Refusal:
    return _discard_refusal(core[HANDS][_seat(core)], action)


def _discard_refusal(held: int, action: Discard) -> _Refusal:
    """Why the contractor holding ``held`` may not make ``action`` (or ``None``).

    The engine's refusal (``game.discard_refusal``), worded.
    """
    mask = mask_from_cards(action.cards)
    code = discard_refusal(held, mask)
    if code is None:
        return None
    if code == "card-not-in-hand":
        missing = format_cards(cards_from_mask(mask & ~held))
        return IllegalPlayError, code, f"cannot discard {missing}: not in the hand"
    count = len(action.cards)
    return (
        IllegalPlayError,
        code,
        f"must discard exactly {KITTY_SIZE} cards (as many as the kitty held); got {count}",
    )


def _apply_discard(core: Record, action: Discard) -> GameState:
    return _wrap(discard(core, mask_from_cards(action.cards), action))


# -- the five-player partner call --


def _list_partner_calls(core: Record) -> tuple[Action, ...]:
    held = core[HANDS][_seat(core)]
    cards = partner_cards(pack_mask(core[RULES].players), held)
    return (
        CallPartner(None),
        *(CallPartner(CARDS_BY_CODE[c]) for c in codes_from_mask(cards)),
    )


def _refuse_partner_call(core: Record, action: CallPartner) -> _Refusal:
    return _partner_refusal(core[RULES].players, core[HANDS][_seat(core)], action)


def _partner_refusal(players: int, held: int, action: CallPartner) -> _Refusal:
    """Why the contractor holding ``held`` may not make ``action`` (or ``None``).

    The engine's refusal (``game.partner_refusal``), worded.
    """
    card = action.card
    code = partner_refusal(
        pack_mask(players), held, -1 if card is None else card_code(card)
    )
    if code is None:
        return None
    if code == "partner-joker":
        reason = "the Joker cannot be called as the partner card"
    elif code == "card-not-in-pack":
        reason = f"{card} is not in the {players}-player pack"
    else:
        reason = f"{card} is in the contractor's own hand"
    return IllegalPlayError, code, reason


def _apply_partner_call(core: Record, action: CallPartner) -> GameState:
    card = -1 if action.card is None else card_code(action.card)
    return _wrap(call_partner(core, card, action))


# -- the Joker nomination (no trumps, the contractor holding the Joker) --

_NOMINATIONS: Final = (NominateJoker(None), *(NominateJoker(suit) for suit in Suit))


def _list_nominations(core: Record) -> tuple[Action, ...]:
    del core  # every nomination is open: a suit or none
    return _NOMINATIONS


def _refuse_nomination(core: Record, action: NominateJoker) -> _Refusal:
    del core, action  # any suit, or none, may be nominated
    return None


def _apply_nomination(core: Record, action: NominateJoker) -> GameState:
    return _wrap(nominate(core, -1 if action.suit is None else action.suit, action))


# -- the play of the cards (the rules live in the engine: _engine.play, _engine.step) --

_CODE_BY_CARD: Final = {card: code for code, card in enumerate(CARDS_BY_CODE)}
_CODE_BY_ID: Final = {
    id(play): PLAY_CODE + code for code, play in enumerate(PLAY_TABLES[2])
}
"""The action code of each shared play object (the cards' and the Joker's leads naming
a suit), by identity: no hashing in the hot path."""


def _list_plays(core: Record) -> tuple[Action, ...]:
    legal = core[LEGAL]
    if joker_lead_names_suit(legal, core[LED], core[SETUP].key):
        return plays_from_mask(legal, joker_names(core))
    return PLAYS_OF_MASK[legal]


def _play_code(action: PlayCard) -> int:
    """The action code of a card play (the engine's ``game.play`` checks it)."""
    code: int | None = _CODE_BY_ID.get(id(action))
    if code is not None:
        return code
    card = _CODE_BY_CARD.get(action.card, -1)
    if card < 0:
        return -1
    if action.suit is None:
        return PLAY_CODE + card
    # only the Joker names a suit (when led without trumps: game.play checks it)
    return JOKER_LEAD_CODE + action.suit if card == JOKER_CODE else -1


def _refuse_play(core: Record, action: PlayCard) -> _Refusal:
    if not play_refused(core, _play_code(action)):
        return None
    seat = _seat(core)
    setup = core[SETUP]
    pos = Position(
        core[HANDS][seat],
        setup.key,
        core[LED],
        setup.misere,
        core[SUITS_LED],
        core[VOIDS] >> 4 * seat & 15,
        core[DONE] == HAND_SIZE - 1,
    )
    found = play_refusal(pos, action, core[RULES])
    return None if found is None else (IllegalPlayError, *found)


def _apply_play(core: Record, action: PlayCard) -> GameState:
    after = play(core, _play_code(action), action)
    assert after is not None  # the play was found legal
    return _played(after)


def _played(core: Record) -> GameState:
    """The state after a card play: scored if the play ended the hand."""
    return _wrap(core) if core[TO_ACT] is not None else _finish(core)


def _finish(core: Record) -> GameState:
    """The scored state after the last trick of the hand (the engine's ``finish``).

    The contract's step (with its terms) is put in the rules' book first if a state
    of another process brought this contract (:func:`_filled_step`).
    """
    scored = finish(core)
    if scored is None:
        _filled_step(core[HAND][H_AUCTION])
        scored = finish(core)
        assert scored is not None  # the contract's terms are in the book now
    return _wrap(scored)


def settlement(core: Record, won: int) -> Settlement:
    """The settlement of the hand of ``core`` once its seats won the tricks ``won``.

    ``won`` is packed 4 bits a seat (the record's own after the last trick, or a
    playout's); the contract, the partner and the scores so far are the record's.
    The playout's settlement (not public API), remembered by ``scoring.settle_packed``;
    the state's own end of the hand is the engine's (:func:`_finish`), by the same
    scoring table.
    """
    hand = core[HAND]
    contract: Contract = hand[H_CONTRACT]
    return settle_packed(
        core[RULES],
        contract.bid,
        won,
        contract.contractor,
        hand[H_PARTNER],
        core[GAME].scores,
    )


def _seat(core: Record) -> int:
    """The seat to act, in a phase where there always is one."""
    seat = core[TO_ACT]
    assert seat is not None  # only the phases over (no seat) have no rules here
    return seat


_PHASE_RULES: Final[tuple[_PhaseRules | None, ...]] = (
    _PhaseRules(
        "bidding",
        "a call (a bid or PASS)",
        (Pass, TrickBid, MisereBid),
        _list_calls,
        _refuse_call,
        _apply_call,
    ),
    _PhaseRules(
        "discard",
        "DISCARD with the cards",
        Discard,
        _list_discards,
        _refuse_discard,
        _apply_discard,
    ),
    _PhaseRules(
        "Joker nomination",
        "NOMINATE <suit or NONE>",
        NominateJoker,
        _list_nominations,
        _refuse_nomination,
        _apply_nomination,
    ),
    _PhaseRules(
        "partner call",
        "CALL <card or ALONE>",
        CallPartner,
        _list_partner_calls,
        _refuse_partner_call,
        _apply_partner_call,
    ),
    _PhaseRules(
        "play", "PLAY <card>", PlayCard, _list_plays, _refuse_play, _apply_play
    ),
    None,  # the hand is over
    None,  # the game is over
)
"""Each phase's rules, by the engine's phase number."""

_ACTION_TYPES: Final = (
    PlayCard,
    Pass,
    TrickBid,
    MisereBid,
    Discard,
    NominateJoker,
    CallPartner,
)


# -- the generator, the validator and apply -------------------------------------------


@_api.entry_point
def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every legal action of the player to act, in a canonical order.

    Calls: ``PASS`` then bids from the lowest.  Discards: the sets of cards in
    lexicographic card-code order.  Partner calls: ``CALL ALONE`` then cards in code
    order.  Nominations: ``NOMINATE NONE`` then S, C, D, H.  Plays: card-code order (by
    suit, then rank; the Joker last, one play per suit it may name when led).
    Empty when the hand or the game is over.
    """
    try:
        core = state._record
    except AttributeError:
        core = _core_of(state)  # raises the TypeError
    # (compiled, the public name is the engine's entry point, which lists the card
    # play and the auction itself and calls this function for the rest)
    if core[PHASE] == _PLAY:  # the hot path: the shared plays of the legal mask
        return _list_plays(core)
    if core[PHASE] == _BIDDING:  # the auction's own listing (no table, no frame)
        book, record = core[HAND][H_AUCTION]
        return rank_listing(book, record)[0]
    rules = _PHASE_RULES[core[PHASE]]
    return () if rules is None else rules.listing(core)


def _reason(core: Record, action: object, seat: object = UNCHECKED) -> _Refusal:
    phase = core[PHASE]
    if seat is UNCHECKED or (type(seat) is int and seat == core[TO_ACT]):
        if (
            phase == _PLAY
            and type(action) is PlayCard
            and not play_refused(core, _play_code(action))
        ):
            return None
        if phase == _BIDDING and is_listed_call(action, *core[HAND][H_AUCTION]):
            return None
    found = _turn_refusal(core[RULES], phase, core[TO_ACT], action, seat)
    if found is not None or phase > _PLAY:
        return found
    rules = _PHASE_RULES[phase]
    assert rules is not None  # a phase with a seat to act has its rules
    return rules.refusal(core, action)


def _turn_refusal(
    rules: Rules, phase: int, to_act: int | None, action: object, seat: object
) -> _Refusal:
    """The refusal of ``action`` before the phase's own rules, or ``None``.

    The checks every action goes through, in order, whoever reads the position (a
    state or a seat's view): an action (else the ``TypeError``), ``seat`` (a seat
    or a spectator, unless ``UNCHECKED``) and its turn, the hand or the game over,
    an action of the phase.  ``None`` leaves the phase's rules to answer.
    """
    if not isinstance(action, _ACTION_TYPES):
        wrong_type(action, "an Action", "parse_action")
    if seat is not UNCHECKED:
        if check_acting_seat(rules, seat) is None:
            return NotYourTurnError, "spectator", "a spectator cannot act"
        if seat != to_act:
            return NotYourTurnError, "not-your-turn", _whose_turn(phase, to_act)
    if phase == _GAME_OVER:
        return WrongPhaseError, "game-over", "the game is over"
    phase_rules = _PHASE_RULES[phase]
    if phase_rules is None or to_act is None:
        return WrongPhaseError, "hand-over", "the hand is over (deal the next hand)"
    if not isinstance(action, phase_rules.types):
        return (
            WrongPhaseError,
            "wrong-phase",
            f"it is the {phase_rules.title} phase: expected {phase_rules.expected}",
        )
    return None


@runtime_checkable
class SeatKnowledge(Protocol):
    """What :func:`is_legal` and :func:`explain_illegal` read of a seat's view.

    A :class:`~five_hundred.views.SeatView` is one: a bot that holds a view checks an
    action with it, for the view's seat, exactly as the referee would with the state.
    """

    @property
    def rules(self) -> Rules:
        """The rules of the game."""
        ...

    @property
    def seat(self) -> int | None:
        """The seat that acts (``None``: a spectator)."""
        ...

    @property
    def phase(self) -> Phase:
        """The phase of the hand."""
        ...

    @property
    def to_act(self) -> int | None:
        """The seat to act."""
        ...

    @property
    def dealer(self) -> int:
        """The dealer of the hand."""
        ...

    @property
    def hand(self) -> tuple[Card, ...]:
        """The seat's cards now."""
        ...

    @property
    def calls(self) -> tuple[tuple[int, Call], ...]:
        """The auction so far."""
        ...

    @property
    def play_context(self) -> PlayContext | None:
        """The card order of the contract."""
        ...

    @property
    def suits_led(self) -> frozenset[Suit]:
        """The suits led this hand."""
        ...

    @property
    def shown_void(self) -> tuple[frozenset[Suit], ...]:
        """Each seat's suits shown void."""
        ...

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        """The seat's legal actions."""
        ...

    @property
    def trick(self) -> "_SeenTrick | None":
        """The trick in progress."""
        ...

    @property
    def tricks(self) -> tuple[object, ...]:
        """The completed tricks."""
        ...


class _SeenTrick(Protocol):
    """What :class:`SeatKnowledge` reads of the trick in progress."""

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards played, the leader's first."""
        ...

    @property
    def led_suit(self) -> Suit | None:
        """The suit to follow."""
        ...


def _seen_reason(seen: SeatKnowledge, action: object, seat: object) -> _Refusal:
    """:func:`_reason` for the seat of a view, from what it knows."""
    if seat is not UNCHECKED and seat != seen.seat:
        msg = f"a view of seat {seen.seat} acts for that seat; got seat={quote(seat)}"
        raise InvalidStateError(msg)
    phase = PHASES.index(seen.phase)
    found = _turn_refusal(seen.rules, phase, seen.to_act, action, seen.seat)
    if found is not None or phase > _PLAY or action in seen.legal_actions:
        return found
    held = mask_from_cards(seen.hand)
    seat_now = cast(int, seen.to_act)  # (a seat: the turn's check passed)
    if phase == _BIDDING:
        auction = Auction.start(seen.rules, seen.dealer)
        for caller, call in seen.calls:
            auction = advance(auction, caller, call)
        called = call_refusal(auction, seat_now, cast(Call, action))
        return None if called is None else (IllegalBidError, *called)
    if phase == _DISCARD:
        return _discard_refusal(held, cast(Discard, action))
    if phase == _CALL_PARTNER:
        return _partner_refusal(seen.rules.players, held, cast(CallPartner, action))
    context = seen.play_context
    if phase != _PLAY or context is None:
        return None  # every nomination is open
    trick = seen.trick
    pos = position_of(
        seen.hand,
        context,
        () if trick is None else trick.cards,
        None if trick is None else trick.led_suit,
        seen.suits_led,
        seen.shown_void[seat_now],
        last_trick=len(seen.tricks) == HAND_SIZE - 1,
    )
    played = play_refusal(pos, cast(PlayCard, action), seen.rules)
    return None if played is None else (IllegalPlayError, *played)


def _whose_turn(phase: int, to_act: int | None) -> str:
    """The reason of an action sent for a seat that is not to act."""
    if to_act is not None:
        return f"not your turn: seat {to_act} is to act"
    if phase == _GAME_OVER:
        return "not your turn: nobody is to act (the game is over)"
    return "not your turn: nobody is to act (the hand is over)"


def _message(action: object, reason: str, seat: object) -> str:
    if isinstance(action, PlayCard):
        kind = "play"
        text = str(action.card) if action.suit is None else str(action)[5:]
    elif isinstance(action, Pass | TrickBid | MisereBid):
        kind, text = "bid", str(action)
    else:
        kind, text = "action", str(action)
    if seat is UNCHECKED:  # the seat to act's action (none when nobody is to act)
        who = ""
    elif seat is None:
        who = " by a spectator"
    else:
        who = f" by seat {seat}"
    return f"illegal {kind} {quote(text)}{who}: {reason}"


def _refuse(
    core: Record,
    action: object,
    found: tuple[type[IllegalActionError], str, str],
    seat: object,
) -> IllegalActionError:
    """The error of a refusal, with its fields (see IllegalActionError)."""
    who: int | None = core[TO_ACT] if seat is UNCHECKED else cast(int | None, seat)
    return _refusal_error(action, found, seat if who is None else who)


def _refusal_error(
    action: object, found: tuple[type[IllegalActionError], str, str], seat: object
) -> IllegalActionError:
    """The error of a refusal for ``seat`` (``UNCHECKED``: nobody was to act)."""
    error, code, reason = found
    message = _message(action, reason, seat)
    who = None if seat is UNCHECKED else cast(int | None, seat)
    return error(message, code=code, seat=who, action=action, reason=reason)


def explain_illegal(
    state: GameState | SeatKnowledge,
    action: Action,
    *,
    seat: int | Unchecked | None = UNCHECKED,
) -> str | None:
    """Why ``action`` is illegal now (the message :func:`apply` would raise), or ``None``.

    With ``seat``, the action is taken for that seat: it is illegal unless the seat is
    the seat to act, and the message says whose turn it is; ``seat=None`` is a
    spectator, who never acts.  Without ``seat`` (the default, ``UNCHECKED``), the
    action is the seat to act's.

    >>> state = new_game(seed=1)
    >>> explain_illegal(state, PlayCard(JOKER))
    "illegal play 'JK' by seat 1: it is the bidding phase: expected a call (a bid or PASS)"
    >>> explain_illegal(state, Pass(), seat=2)
    "illegal bid 'PASS' by seat 2: not your turn: seat 1 is to act"
    >>> explain_illegal(state, Pass(), seat=None)
    "illegal bid 'PASS' by a spectator: a spectator cannot act"

    ``state`` may also be a seat's :class:`~five_hundred.views.SeatView` (what a bot
    holds): the action is then taken for the view's seat, and the answer is the one
    the state would give for that seat.

    >>> from five_hundred import view
    >>> explain_illegal(view(state, 2), Pass())
    "illegal bid 'PASS' by seat 2: not your turn: seat 1 is to act"

    Raises:
        TypeError: if ``action`` is not an action (text: read it with
            :func:`~five_hundred.actions.parse_action`), or ``seat`` is neither a
            whole number (an ``int``, not a ``bool``) nor ``None``.
        InvalidStateError: if ``seat`` is not a seat of the game (or, with a view,
            not the view's seat).
    """
    if not isinstance(state, GameState) and isinstance(state, SeatKnowledge):
        found = _seen_reason(state, action, seat)
        if found is None:
            return None
        return str(_refusal_error(action, found, state.seat))
    core = _core_of(state)
    found = _reason(core, action, seat)
    return None if found is None else str(_refuse(core, action, found, seat))


def is_legal(
    state: GameState | SeatKnowledge,
    action: Action,
    *,
    seat: int | Unchecked | None = UNCHECKED,
) -> bool:
    """Whether ``action`` is legal now (exactly when it is in :func:`legal_actions`).

    With ``seat``, also whether that seat is the seat to act (never for
    ``seat=None``, a spectator).  ``state`` may be a seat's
    :class:`~five_hundred.views.SeatView`, for the view's seat.  The argument errors
    are those of :func:`explain_illegal`.
    """
    if not isinstance(state, GameState) and isinstance(state, SeatKnowledge):
        return _seen_reason(state, action, seat) is None
    return _reason(_core_of(state), action, seat) is None


@_api.entry_point
def apply(
    state: GameState, action: Action, *, seat: int | Unchecked | None = UNCHECKED
) -> GameState:
    """The state after the player to act takes ``action``; ``state`` is unchanged.

    With ``seat`` (a server passes the seat the move came from), the action is
    refused with :class:`~five_hundred.errors.NotYourTurnError` unless that seat is
    the seat to act: code ``not-your-turn``, or ``spectator`` for ``seat=None`` (a
    spectator cannot act).  Only a call without the argument is unchecked (its
    default, ``UNCHECKED``): the action is then the seat to act's.  Every refusal
    carries ``code``, ``seat``, ``action`` and ``reason`` (see
    :class:`~five_hundred.errors.IllegalActionError`).

    Raises:
        IllegalActionError: (:class:`~five_hundred.errors.IllegalBidError`,
            :class:`~five_hundred.errors.IllegalPlayError`,
            :class:`~five_hundred.errors.WrongPhaseError` or
            :class:`~five_hundred.errors.NotYourTurnError`) naming the rule, if the
            action is not legal.
        InvalidStateError: if ``seat`` is a whole number but not a seat of the game.
        TypeError: if ``action`` is not an action (text: read it with
            :func:`~five_hundred.actions.parse_action`), or ``seat`` is neither a
            whole number (an ``int``, not a ``bool``) nor ``None``.
    """
    try:
        core = state._record
    except AttributeError:
        core = _core_of(state)  # raises the TypeError
    # The fast paths of the card play and the auction: one of the shared plays of
    # legal_actions, legal now, or one of the calls it lists, from the seat to act.
    # Compiled, the public
    # name is the engine's entry point, which takes these itself (the tests, the step
    # and the new state in one engine call) and calls this function for the rest.
    phase = core[PHASE]
    if seat is not UNCHECKED and (type(seat) is not int or seat != core[TO_ACT]):
        phase = -1  # not for the seat to act: the full check refuses it
    if phase == _PLAY:
        # A subscript, not .get: no method call when the play is found (the common
        # case).
        try:
            code = _CODE_BY_ID[id(action)]
        except KeyError:
            code = -1
        after = play(core, code, action)  # None: refused (a full check says why)
        if after is not None:
            if after[TO_ACT] is None:
                return _finish(after)
            new = GameState()  # _wrap, inline on the most common path
            object.__setattr__(new, "_record", after)
            return new
    elif phase == _BIDDING:
        book, record = core[HAND][H_AUCTION]
        called = listed_record(action, book, record)
        to_act = core[TO_ACT]  # a seat, since the auction was open (_seat, inline)
        if called is not None and to_act is not None:
            return _after_call(core, book, called, action, to_act)
    found = _reason(core, action, seat)
    if found is not None:
        raise _refuse(core, action, found, seat)
    rules = _PHASE_RULES[core[PHASE]]
    assert rules is not None  # an action is legal only in a phase with rules
    return rules.application(core, action)


# The shared plays and their listing tables, which the engine's entry points of the
# two hottest calls read (see _engine.api): installed in both builds (the tests run
# them in both); the public names are theirs only where they are compiled (see the
# decorator of legal_actions and apply, _api.entry_point).
_api.install(
    (identity_slots(PLAY_TABLES[2]), PLAY_TABLES[2]),
    (PLAY_TABLES, PLAYS_CACHE_SIZE, SUIT_PLAYS_CACHE_SIZE),
)
