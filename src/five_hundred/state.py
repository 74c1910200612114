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

Inside, a state keeps hands as ``int`` bit masks and small tuples, so that a random game
runs fast; the properties give the typed view (cards, bids, contracts).
"""

import enum
import itertools
import secrets
from collections.abc import Callable, Sequence
from typing import Any, Final, NamedTuple, cast

import attrs

from five_hundred._engine.memo import per_rules
from five_hundred.actions import Action, CallPartner, Discard, NominateJoker, PlayCard
from five_hundred.bidding import (
    Auction,
    Call,
    Contract,
    MisereBid,
    Pass,
    TrickBid,
    advance,
    advance_listed,
    explain_call,
    is_listed_call,
    legal_calls,
)
from five_hundred.cards import (
    CARDS_BY_CODE,
    JOKER,
    JOKER_CODE,
    Card,
    Strain,
    Suit,
    card_code,
    cards_from_mask,
    codes_from_mask,
    format_cards,
    mask_from_cards,
    quote,
)
from five_hundred.deal import (
    HAND_SIZE,
    KITTY_SIZE,
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
    WrongPhaseError,
)
from five_hundred.rules import Rules, side_of
from five_hundred.scoring import settle_hand
from five_hundred.tricks import (
    JOKER_BIT,
    JOKER_LEADS,
    NO_SUIT,
    PLAYS,
    PLAYS_OF_MASK,
    TABLES,
    PlayContext,
    Position,
    context_key,
    explain_position,
    joker_suits,
    legal_mask,
    plays_from_mask,
)

__all__ = [
    "GameState",
    "HandSummary",
    "Phase",
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
_NT: Final = 4


class Phase(enum.Enum):
    """The phases of a hand, and the end of the game."""

    BIDDING = "bidding"
    DISCARD = "discard"
    NOMINATE = "nominate"
    CALL_PARTNER = "call_partner"
    PLAY = "play"
    HAND_OVER = "hand_over"
    GAME_OVER = "game_over"


# The members as plain globals: ``Phase.PLAY`` goes through the enum metaclass's
# attribute hook, which costs more than a whole trick-table lookup in the hot path.
_BIDDING: Final = Phase.BIDDING
_DISCARD: Final = Phase.DISCARD
_NOMINATE: Final = Phase.NOMINATE
_CALL_PARTNER: Final = Phase.CALL_PARTNER
_PLAY: Final = Phase.PLAY
_HAND_OVER: Final = Phase.HAND_OVER
_GAME_OVER: Final = Phase.GAME_OVER


class HandSummary(NamedTuple):
    """A finished hand of the game: its deal, its actions and its result."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]
    actions: tuple[Action, ...]
    result: tuple[int, ...]


class _Game(NamedTuple):
    seed: int | None
    number: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    past: tuple[HandSummary, ...]


class _Hand(NamedTuple):
    dealer: int
    dealt: tuple[int, ...]
    kitty: int
    auction: Auction
    contract: Contract | None = None
    sitting: int = 0
    discards: int = 0
    joker_suit: Suit | None = None
    partner_card: int = -1
    partner: int = -1
    result: tuple[int, ...] | None = None


class _Setup(NamedTuple):
    """How the cards are played: fixed by the contract (and the Joker's nomination)."""

    key: int = -1
    """The card order: a context key of the trick tables."""
    misere: bool = False
    active: int = 0
    """How many seats play to each trick."""
    next_seat: tuple[int, ...] = ()
    """The seat after each seat in the play (skipping those who sit out)."""
    contractor: int = -1
    order: tuple[tuple[int, ...], ...] = ()
    """For each leader, the seats of a trick in the order they play."""
    sitting: int = 0
    """The seats that sit out (a misère contractor's partners), as a bit mask."""


_NO_SETUP: Final = _Setup()


_Log = tuple[Any, Action] | None
_new = tuple.__new__


def _unpack(packed: int, players: int) -> tuple[int, ...]:
    """The 4-bit numbers of each seat packed in ``packed`` (seat 0 lowest)."""
    return tuple(packed >> 4 * seat & 15 for seat in range(players))


def _log_actions(log: _Log) -> tuple[Action, ...]:
    actions: list[Action] = []
    while log is not None:
        log, action = log
        actions.append(action)
    return tuple(reversed(actions))


class _Core(NamedTuple):
    """Everything a state holds, in one flat tuple (a card play builds just this one).

    The parts an action does not change (the game, the hand, the setup) are shared
    with the parent state.
    """

    rules: Rules
    phase: Phase
    to_act: int | None
    game: _Game
    hand: _Hand
    setup: _Setup
    log: _Log
    # the cards, as masks and small ints
    hands: tuple[int, ...]
    leader: int = -1
    trick: tuple[int, ...] = ()
    led: int = -1
    suits_led: int = 0
    voids: int = 0
    """The suits each seat has shown void in: 4 bits a seat (seat 0 lowest)."""
    won: int = 0
    """The tricks each seat has won: 4 bits a seat (a small int, cheap to count on)."""
    done: int = 0
    legal: int = 0
    """The mask of cards the player to act may play (computed once per state)."""


@attrs.frozen(repr=False)
class GameState:
    """The complete state of a game: an immutable value.

    Build one with :func:`new_game` or :func:`new_hand`; move on with :func:`apply` and
    :func:`next_hand`.  It knows every card (it is the referee's view); give players
    :func:`~five_hundred.views.view` instead.
    """

    _s: _Core
    """All of the state in one tuple: one slot to fill per new state (see _state)."""

    @property
    def rules(self) -> Rules:
        """The rules of the game."""
        return self._s.rules

    @property
    def phase(self) -> Phase:
        """The phase of the hand (or ``Phase.GAME_OVER`` once the game is over)."""
        return self._s.phase

    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` when the hand or the game is over."""
        return self._s.to_act

    # -- the deal and the auction ---------------------------------------------------

    @property
    def dealer(self) -> int:
        """The dealer of this hand."""
        return self._s.hand.dealer

    @property
    def hand_number(self) -> int:
        """The number of this hand in the game, from 0."""
        return self._s.game.number

    @property
    def seed(self) -> int | None:
        """The game's seed (``None`` for a game started from an explicit deal)."""
        return self._s.game.seed

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards now (seat 0 first), in card-code order."""
        return tuple(cards_from_mask(m) for m in self._s.hands[: self._s.rules.players])

    @property
    def dead_hand(self) -> tuple[Card, ...]:
        """Two players: the dead hand (empty otherwise)."""
        if self._s.rules.players != 2:
            return ()
        return cards_from_mask(self._s.hands[2])

    @property
    def dealt(self) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        """The deal of this hand: every hand as dealt (and a dead hand), and the kitty."""
        hand = self._s.hand
        return tuple(cards_from_mask(m) for m in hand.dealt), cards_from_mask(
            hand.kitty
        )

    @property
    def kitty(self) -> tuple[Card, ...]:
        """The kitty as dealt (the contractor takes it up unless sans kitty)."""
        return cards_from_mask(self._s.hand.kitty)

    @property
    def discards(self) -> tuple[Card, ...]:
        """The contractor's discards (empty before the discard)."""
        return cards_from_mask(self._s.hand.discards)

    @property
    def auction(self) -> Auction:
        """The auction of this hand."""
        return self._s.hand.auction

    @property
    def contract(self) -> Contract | None:
        """The contract (bid and contractor) once the auction is won."""
        return self._s.hand.contract

    @property
    def play_context(self) -> PlayContext | None:
        """The card order of the hand (strain, misère, the Joker's nomination)."""
        contract = self._s.hand.contract
        if contract is None:
            return None
        strain = (
            contract.bid.strain
            if isinstance(contract.bid, TrickBid)
            else Strain.NO_TRUMPS
        )
        return PlayContext(
            strain, isinstance(contract.bid, MisereBid), self._s.hand.joker_suit
        )

    @property
    def joker_suit(self) -> Suit | None:
        """The suit the contractor nominated for the Joker, if any."""
        return self._s.hand.joker_suit

    @property
    def partner_card(self) -> Card | None:
        """Five players: the partner card called (``None`` if alone or not yet called)."""
        code = self._s.hand.partner_card
        return None if code < 0 else CARDS_BY_CODE[code]

    @property
    def partner(self) -> int | None:
        """Five players: the seat holding the partner card (``None`` if none)."""
        return None if self._s.hand.partner < 0 else self._s.hand.partner

    @property
    def sitting_out(self) -> frozenset[int]:
        """Seats that take no part in the play (the partners of a misère contractor)."""
        mask = self._s.hand.sitting
        return frozenset(s for s in range(self._s.rules.players) if mask >> s & 1)

    # -- the play ---------------------------------------------------------------------

    @property
    def leader(self) -> int | None:
        """Who led (or is to lead) the current trick."""
        return None if self._s.leader < 0 else self._s.leader

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the trick in progress, leader first."""
        return tuple(CARDS_BY_CODE[c] for c in self._s.trick)

    @property
    def led_suit(self) -> Suit | None:
        """The suit to follow in the trick in progress."""
        return None if self._s.led < 0 else Suit(self._s.led)

    @property
    def suits_led(self) -> frozenset[Suit]:
        """Every suit that has been the suit to follow this hand (current trick included)."""
        return frozenset(s for s in Suit if self._s.suits_led >> s & 1)

    @property
    def shown_void(self) -> tuple[frozenset[Suit], ...]:
        """For each seat, the suits it has shown void in this hand."""
        voids = self._s.voids
        return tuple(
            frozenset(s for s in Suit if voids >> (4 * seat + s) & 1)
            for seat in range(self._s.rules.players)
        )

    @property
    def tricks_played(self) -> int:
        """How many tricks have been completed this hand."""
        return self._s.done

    @property
    def tricks_won_by_seat(self) -> tuple[int, ...]:
        """Tricks won this hand by each seat."""
        return _unpack(self._s.won, self._s.rules.players)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks won this hand by each side."""
        sides = [0] * self._s.rules.sides
        for seat, won in enumerate(self.tricks_won_by_seat):
            sides[side_of(self._s.rules, seat)] += won
        return tuple(sides)

    # -- scores ------------------------------------------------------------------------

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's running total (after this hand once it is over)."""
        return self._s.game.scores

    @property
    def hand_result(self) -> tuple[int, ...] | None:
        """Once the hand is over: the change to each side's total (zeros if thrown in)."""
        return self._s.hand.result

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning sides once the game is over; empty while it goes on."""
        return self._s.game.winners

    @property
    def is_over(self) -> bool:
        """Whether the hand (or the game) is over: nobody is to act."""
        return self._s.to_act is None

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action of this hand so far, in order."""
        return _log_actions(self._s.log)

    @property
    def history(self) -> tuple[HandSummary, ...]:
        """The finished hands of the game before this one."""
        return self._s.game.past

    def __repr__(self) -> str:
        contract = "" if self.contract is None else f", contract={self.contract}"
        return (
            f"<GameState hand {self._s.game.number} {self.phase.value}, to_act={self._s.to_act}"
            f"{contract}, scores={self.scores}>"
        )


_object_new: Final = object.__new__
_set_core: Final[Callable[[GameState, _Core], None]] = GameState.__dict__["_s"].__set__


def _moved(
    core: _Core,
    phase: Phase,
    to_act: int | None,
    hand: _Hand,
    setup: _Setup,
    log: _Log,
) -> _Core:
    """``core`` with these fields changed and its cards the same.

    ``_replace`` would do, at several times the cost (it goes through keywords).
    """
    return _new(
        _Core, (core.rules, phase, to_act, core.game, hand, setup, log, *core[7:])
    )


def _wrap(core: _Core) -> GameState:
    """The state holding ``core``.

    It fills the one slot directly: the attrs ``__init__`` of a frozen class goes
    through ``object.__setattr__``, which costs about as much as the rest of a card
    play.
    """
    state = _object_new(GameState)
    _set_core(state, core)
    return state


def _state(*parts: Any) -> GameState:
    """A new state from the fields of :class:`_Core`, in order."""
    return _wrap(_new(_Core, parts))


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
            msg = f"hand {seat} has {len(hand)} cards instead of {HAND_SIZE}: {format_cards(hand)}"
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
    return tuple(mask_from_cards(hand) for hand in hand_list), mask_from_cards(
        kitty_cards
    )


def _start_hand(
    rules: Rules, game: _Game, dealt: tuple[int, ...], kitty: int, dealer: int
) -> GameState:
    auction = Auction.start(rules, dealer)
    hand = _Hand(dealer, dealt, kitty, auction)
    return _wrap(
        _Core(rules, _BIDDING, auction.to_act, game, hand, _NO_SETUP, None, dealt)
    )


def _check_rules(rules: object) -> Rules:
    if not isinstance(rules, Rules):
        msg = f"expected a Rules value; got {quote(rules)}"
        raise InvalidStateError(msg)
    return rules


def _check_dealer(rules: Rules, dealer: object) -> int:
    if type(dealer) is not int or not 0 <= dealer < rules.players:
        msg = f"invalid dealer {quote(dealer)}: seats are 0 to {rules.players - 1}"
        raise InvalidStateError(msg)
    return dealer


def _deal_masks(rules: Rules, seed: int, dealer: int) -> tuple[tuple[int, ...], int]:
    hands, kitty = deal(rules, shuffled_pack(rules, seed), dealer)
    return tuple(mask_from_cards(hand) for hand in hands), mask_from_cards(kitty)


def _hand_seed(game_seed: int, number: int) -> int:
    return (game_seed + number * _GOLDEN) & _MASK64


def new_game(
    rules: Rules = Rules(), *, seed: int | None = None, dealer: int = 0
) -> GameState:
    """A new game with its first hand dealt and bidding open.

    The deal is :func:`~five_hundred.deal.shuffled_pack` of ``seed`` dealt by
    ``dealer``; each later hand's seed is derived from the game's seed, so a whole
    game is reproducible from it.  Without a seed one is drawn from the operating
    system and kept in :attr:`GameState.seed`.

    Raises:
        InvalidStateError: for a bad dealer or seed.
    """
    rules = _check_rules(rules)
    dealer = _check_dealer(rules, dealer)
    if seed is None:
        seed = secrets.randbits(64)
    elif type(cast(object, seed)) is not int:
        msg = f"invalid seed {quote(seed)}: expected a whole number"
        raise InvalidStateError(msg)
    dealt, kitty = _deal_masks(rules, seed, dealer)
    game = _Game(seed, 0, (0,) * rules.sides, (), ())
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
    """
    rules = _check_rules(rules)
    dealer = _check_dealer(rules, dealer)
    dealt, kitty_mask = _validate_deal(rules, hands, kitty)
    totals = tuple(scores) if scores is not None else (0,) * rules.sides
    if len(totals) != rules.sides or any(type(s) is not int for s in totals):
        msg = f"scores needs {rules.sides} whole numbers (one per side); got {quote(scores)}"
        raise InvalidStateError(msg)
    lost = [side for side, total in enumerate(totals) if total <= rules.losing_score]
    if lost:
        msg = (
            f"invalid scores {quote(totals)}: side {lost[0]} is at or below the losing "
            f"score {rules.losing_score}, so the game is already over"
        )
        raise InvalidStateError(msg)
    game = _Game(None, 0, totals, (), ())
    return _start_hand(rules, game, dealt, kitty_mask, dealer)


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
    if state._s.phase is not _HAND_OVER:
        why = (
            "the game is over"
            if state._s.phase is _GAME_OVER
            else "the hand is not over"
        )
        msg = f"cannot deal the next hand: {why}"
        raise WrongPhaseError(msg)
    rules, game, hand = state._s.rules, state._s.game, state._s.hand
    thrown_in = hand.contract is None
    dealer = (
        hand.dealer
        if thrown_in and rules.redeal_same_dealer
        else (hand.dealer + 1) % rules.players
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
        elif type(cast(object, seed)) is not int:
            msg = f"invalid seed {quote(seed)}: expected a whole number"
            raise InvalidStateError(msg)
        dealt, kitty_mask = _deal_masks(rules, seed, dealer)
    summary = _summary(state)
    new = _Game(game.seed, number, game.scores, game.winners, (*game.past, summary))
    return _start_hand(rules, new, dealt, kitty_mask, dealer)


def _summary(state: GameState) -> HandSummary:
    hands, kitty = state.dealt
    return HandSummary(
        state.dealer, hands, kitty, state.actions, state.hand_result or ()
    )


# -- legal actions --------------------------------------------------------------------

_CODE_BY_CARD: Final = {card: code for code, card in enumerate(CARDS_BY_CODE)}
_CODE_BY_ID: Final = {id(play): card_code(play.card) for play in (*PLAYS, *JOKER_LEADS)}
"""The code of each shared play object, by identity (no hashing in the hot path)."""
_NOMINATIONS: Final = (NominateJoker(None), *(NominateJoker(suit) for suit in Suit))


class _Discards(dict[tuple[int, ...], Discard]):
    """The (shared) discard of each set of card codes (in order), made on demand."""

    def __missing__(self, codes: tuple[int, ...]) -> Discard:
        action = self[codes] = Discard(frozenset(CARDS_BY_CODE[c] for c in codes))
        return action


_DISCARDS: Final = _Discards()
_SUIT_MASKS: Final = tuple(tables.suit_masks for tables in TABLES)
_EFF: Final = tuple(tables.eff for tables in TABLES)
_ROWS: Final = tuple(tables.key_by_led for tables in TABLES)
"""The strength of each card in a trick, by context key and suit led."""
_BITS: Final = tuple(1 << code for code in range(JOKER_CODE + 1))
"""The bit of each card code (a lookup is cheaper than shifting a big int)."""


def _mask_for(
    rules: Rules, setup: _Setup, held: int, led: int, suits_led: int, done: int
) -> int:
    """The legal mask of a hand (the common case inline, else the integer core)."""
    key = setup.key
    if key != _NT or not held & JOKER_BIT:
        return held if led < 0 else (held & _SUIT_MASKS[key][led] or held)
    return legal_mask(
        held,
        key,
        led,
        rules,
        misere=setup.misere,
        suits_led=suits_led,
        last_trick=done == HAND_SIZE - 1,
    )


def _joker_names(core: _Core, seat: int) -> int:
    """The suits the leader may name for the un-nominated Joker (without trumps)."""
    return joker_suits(
        core.rules,
        suits_led=core.suits_led,
        void=core.voids >> 4 * seat & 15,
        last_trick=core.done == HAND_SIZE - 1,
    )


def _play_code(core: _Core, action: PlayCard) -> int:
    """The code of a legal card play, or -1: the fast check of the generator's mask."""
    code = _CODE_BY_ID.get(id(action))
    if code is None:
        code = _CODE_BY_CARD.get(action.card, -1)
    if code < 0 or not core.legal >> code & 1:
        return -1
    if code != JOKER_CODE or core.led >= 0 or core.setup.key != _NT:
        return code if action.suit is None else -1
    if action.suit is None:
        return -1
    names = _joker_names(core, cast(int, core.to_act))
    return code if names >> action.suit & 1 else -1


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every legal action of the player to act, in a canonical order.

    Calls: ``PASS`` then bids from the lowest.  Discards: the sets of cards in
    lexicographic card-code order.  Partner calls: ``CALL ALONE`` then cards in code
    order.  Nominations: ``NOMINATE NONE`` then S, C, D, H.  Plays: card-code order (by
    suit, then rank; the Joker last, one play per suit it may name when led).
    Empty when the hand or the game is over.
    """
    core = state._s
    phase = core.phase
    if phase is _PLAY:
        legal = core.legal
        if legal & JOKER_BIT and core.led < 0 and core.setup.key == _NT:
            return plays_from_mask(legal, _joker_names(core, cast(int, core.to_act)))
        return PLAYS_OF_MASK[legal]
    seat, hands = core.to_act, core.hands
    if phase is _BIDDING:
        return legal_calls(core.hand.auction)
    if phase is _DISCARD:
        codes = codes_from_mask(hands[cast(int, seat)])
        triples = itertools.combinations(codes, KITTY_SIZE)
        return tuple(map(_DISCARDS.__getitem__, triples))
    if phase is _NOMINATE:
        return _NOMINATIONS
    if phase is _CALL_PARTNER:
        held = hands[cast(int, seat)]
        callable_cards = pack_mask(core.rules.players) & ~held & ~JOKER_BIT
        return (
            CallPartner(None),
            *(CallPartner(CARDS_BY_CODE[c]) for c in codes_from_mask(callable_cards)),
        )
    return ()


_KIND_TITLE: Final = {
    Phase.BIDDING: "bidding",
    Phase.DISCARD: "discard",
    Phase.NOMINATE: "Joker nomination",
    Phase.CALL_PARTNER: "partner call",
    Phase.PLAY: "play",
}
_EXPECTED: Final = {
    Phase.BIDDING: "a call (a bid or PASS)",
    Phase.DISCARD: "DISCARD with the cards",
    Phase.NOMINATE: "NOMINATE <suit or NONE>",
    Phase.CALL_PARTNER: "CALL <card or ALONE>",
    Phase.PLAY: "PLAY <card>",
}
_TYPES: Final[dict[Phase, type | tuple[type, ...]]] = {
    Phase.BIDDING: (Pass, TrickBid, MisereBid),
    Phase.DISCARD: Discard,
    Phase.NOMINATE: NominateJoker,
    Phase.CALL_PARTNER: CallPartner,
    Phase.PLAY: PlayCard,
}


def _reason(
    state: GameState, action: object
) -> tuple[type[IllegalActionError], str] | None:
    core = state._s
    rules, phase, seat, hand, setup = (
        core.rules,
        core.phase,
        core.to_act,
        core.hand,
        core.setup,
    )
    if phase is _PLAY and type(action) is PlayCard and _play_code(core, action) >= 0:
        return None
    if phase is _BIDDING and is_listed_call(action, hand.auction):
        return None
    if phase is _GAME_OVER:
        return WrongPhaseError, "the game is over"
    if phase is _HAND_OVER or seat is None:
        return WrongPhaseError, "the hand is over (deal the next hand)"
    if not isinstance(action, _TYPES[phase]):
        return (
            WrongPhaseError,
            f"it is the {_KIND_TITLE[phase]} phase: expected {_EXPECTED[phase]}",
        )
    if isinstance(action, PlayCard):
        pos = Position(
            core.hands[seat],
            setup.key,
            core.led,
            setup.misere,
            core.suits_led,
            core.voids >> 4 * seat & 15,
            core.done == HAND_SIZE - 1,
        )
        why = explain_position(pos, action, rules)
        return None if why is None else (IllegalPlayError, why)
    if isinstance(action, Pass | TrickBid | MisereBid):
        why = explain_call(hand.auction, seat, action)
        return None if why is None else (IllegalBidError, why)
    if isinstance(action, Discard):
        held = core.hands[seat]
        codes = [card_code(card) for card in action.cards]
        missing = [CARDS_BY_CODE[c] for c in codes if not held >> c & 1]
        if missing:
            return (
                IllegalPlayError,
                f"cannot discard {format_cards(missing)}: not in the hand",
            )
        if len(codes) != KITTY_SIZE:
            return (
                IllegalPlayError,
                f"must discard exactly {KITTY_SIZE} cards (as many as the kitty held); got {len(codes)}",
            )
        return None
    if isinstance(action, NominateJoker):
        return None
    if isinstance(action, CallPartner):
        card = action.card
        if card is None:
            return None
        if card == JOKER:
            return IllegalPlayError, "the Joker cannot be called as the partner card"
        code = card_code(card)
        if not pack_mask(rules.players) >> code & 1:
            return (
                IllegalPlayError,
                f"{card} is not in the {rules.players}-player pack",
            )
        if core.hands[seat] >> code & 1:
            return IllegalPlayError, f"{card} is in the contractor's own hand"
        return None
    return WrongPhaseError, "not an action"  # pragma: no cover


def _message(state: GameState, action: object, reason: str) -> str:
    if isinstance(action, PlayCard):
        kind = "play"
        text = str(action.card) if action.suit is None else str(action)[5:]
    elif isinstance(action, Pass | TrickBid | MisereBid):
        kind, text = "bid", str(action)
    elif isinstance(action, Discard | NominateJoker | CallPartner):
        kind, text = "action", str(action)
    else:
        kind, text = "action", repr(action)
    seat = state._s.to_act
    who = "" if seat is None else f" by seat {seat}"
    return f"illegal {kind} {quote(text)}{who}: {reason}"


def explain_illegal(state: GameState, action: Action) -> str | None:
    """Why ``action`` is illegal now (the message :func:`apply` would raise), or ``None``.

    >>> state = new_game(seed=1)
    >>> explain_illegal(state, PlayCard(JOKER))
    "illegal play 'JK' by seat 1: it is the bidding phase: expected a call (a bid or PASS)"
    """
    found = _reason(state, action)
    return None if found is None else _message(state, action, found[1])


def is_legal(state: GameState, action: Action) -> bool:
    """Whether ``action`` is legal now (exactly when it is in :func:`legal_actions`)."""
    return _reason(state, action) is None


# -- applying actions ---------------------------------------------------------------


def apply(state: GameState, action: Action) -> GameState:
    """The state after the player to act takes ``action``; ``state`` is unchanged.

    Raises:
        IllegalActionError: (:class:`~five_hundred.errors.IllegalBidError`,
            :class:`~five_hundred.errors.IllegalPlayError` or
            :class:`~five_hundred.errors.WrongPhaseError`) naming the rule, if the
            action is not legal.
    """
    core = state._s
    phase = core.phase
    if phase is _PLAY and type(action) is PlayCard:
        after = _play(core, action)  # None unless listed: then the full check
        if after is not None:
            return after
    elif phase is _BIDDING:
        auction = advance_listed(action, core.hand.auction)
        if auction is not None:
            return _after_call(core, auction, (core.log, action))
    found = _reason(state, action)
    if found is not None:
        error, reason = found
        raise error(_message(state, action, reason))
    log: _Log = (core.log, action)
    if phase is _PLAY:
        play = cast(PlayCard, action)
        return cast(GameState, _play(core, play, _CODE_BY_CARD[play.card]))
    if phase is _BIDDING:
        return _bid(core, cast(Call, action), log)
    if phase is _DISCARD:
        return _discard(core, cast(Discard, action), log)
    if phase is _CALL_PARTNER:
        return _call_partner(core, cast(CallPartner, action), log)
    return _nominate(core, cast(NominateJoker, action), log)


def _bid(core: _Core, call: Call, log: _Log) -> GameState:
    seat = core.to_act
    assert seat is not None  # the auction is not over
    return _after_call(core, advance(core.hand.auction, seat, call), log)  # checked


def _after_call(core: _Core, auction: Auction, log: _Log) -> GameState:
    rules, hand = core.rules, core.hand
    to_act = auction.to_act
    if to_act is not None:
        # hand._replace(auction=auction), without the keyword machinery
        hand = _new(_Hand, (*hand[:3], auction, *hand[4:]))
        parts = (rules, _BIDDING, to_act, core.game, hand, core.setup, log)
        return _wrap(_new(_Core, parts + core[7:]))
    contract = auction.contract
    if contract is None:
        zeros = (0,) * rules.sides
        hand = hand._replace(auction=auction, result=zeros)
        return _wrap(_moved(core, _HAND_OVER, None, hand, core.setup, log))
    bid, contractor = contract.bid, contract.contractor
    misere = isinstance(bid, MisereBid)
    strain = bid.strain if isinstance(bid, TrickBid) else _NT
    setup = _setups(rules)[2 * contractor + misere][strain]
    hand = _new(_Hand, (*hand[:3], auction, contract, setup.sitting, *hand[6:]))
    parts = (rules, _DISCARD, contractor, core.game, hand, setup, log)
    if isinstance(bid, TrickBid) and bid.sans_kitty:
        return _after_discard(_new(_Core, parts + core[7:]))
    hands = list(core.hands)
    hands[contractor] |= hand.kitty
    return _wrap(_new(_Core, (*parts, tuple(hands), *core[8:])))


@per_rules
def _setups(rules: Rules) -> tuple[tuple[_Setup, ...], ...]:
    """The play setup of every contract: by ``2 * contractor + misere``, then strain.

    A misère contractor's partners sit out (RULES.md A.5).
    """
    players = rules.players
    setups = []
    for contractor in range(players):
        for misere in (False, True):
            sitting = 0
            if misere:
                own = side_of(rules, contractor)
                for other in range(players):
                    if other != contractor and side_of(rules, other) == own:
                        sitting |= 1 << other
            next_seat = []
            for player in range(players):
                step = (player + 1) % players
                while sitting >> step & 1:
                    step = (step + 1) % players
                next_seat.append(step)
            active = players - sitting.bit_count()
            order = []
            for leader in range(players):
                seats = [leader]
                while len(seats) < active:
                    seats.append(next_seat[seats[-1]])
                order.append(tuple(seats))
            setups.append(
                tuple(
                    _Setup(
                        context_key(strain, None),
                        misere,
                        active,
                        tuple(next_seat),
                        contractor,
                        tuple(order),
                        sitting,
                    )
                    for strain in Strain
                )
            )
    return tuple(setups)


def _discard(core: _Core, action: Discard, log: _Log) -> GameState:
    seat = cast(int, core.to_act)
    mask = mask_from_cards(action.cards)
    hands = list(core.hands)
    hands[seat] &= ~mask
    hand = core.hand._replace(discards=mask)
    return _after_discard(core._replace(hand=hand, log=log, hands=tuple(hands)))


def _after_discard(core: _Core) -> GameState:
    rules = core.rules
    contract = cast(Contract, core.hand.contract)
    if (
        rules.players == 5
        and rules.five_player_partner
        and isinstance(contract.bid, TrickBid)
    ):
        seat = contract.contractor
        return _wrap(_moved(core, _CALL_PARTNER, seat, core.hand, core.setup, core.log))
    return _after_partner(core)


def _call_partner(core: _Core, action: CallPartner, log: _Log) -> GameState:
    hand = core.hand
    if action.card is not None:
        code = card_code(action.card)
        holder = next(
            (
                seat
                for seat, held in enumerate(core.hands[: core.rules.players])
                if held >> code & 1
            ),
            -1,
        )
        hand = hand._replace(partner_card=code, partner=holder)
    return _after_partner(_moved(core, core.phase, core.to_act, hand, core.setup, log))


def _after_partner(core: _Core) -> GameState:
    rules, setup = core.rules, core.setup
    seat = setup.contractor
    if setup.key == _NT and rules.joker_nomination and core.hands[seat] & JOKER_BIT:
        return _wrap(_moved(core, _NOMINATE, seat, core.hand, setup, core.log))
    return _start_play(core)


def _nominate(core: _Core, action: NominateJoker, log: _Log) -> GameState:
    hand, setup = core.hand, core.setup
    if action.suit is not None:
        hand = hand._replace(joker_suit=action.suit)
        setup = setup._replace(key=context_key(Strain.NO_TRUMPS, action.suit))
    return _start_play(_moved(core, core.phase, core.to_act, hand, setup, log))


def _start_play(core: _Core) -> GameState:
    rules, setup, hands = core.rules, core.setup, core.hands
    first = setup.contractor
    legal = _mask_for(rules, setup, hands[first], -1, 0, 0)
    parts = (rules, _PLAY, first, core.game, core.hand, setup, core.log)
    cards = (hands, first, (), -1, 0, 0, 0, 0, legal)
    return _wrap(_new(_Core, parts + cards))


def _play(core: _Core, action: PlayCard, code: int = -1) -> GameState | None:
    """The state after the player to act plays ``action``, of card ``code``.

    Without ``code``, this is the fast path for the shared play objects of
    :func:`legal_actions`: it answers ``None`` (check the action in full, then give
    its code) unless ``action`` is one of them and legal now, Joker leads that name a
    suit aside.
    """
    # One unpacking of the flat core: reading NamedTuple fields one by one costs more.
    (rules, _, seat, game, hand, setup, log, hands, leader, trick, led, suits_led, voids, won, done, legal) = core  # fmt: skip
    key, misere, active, next_seat, contractor, order, _ = setup
    assert seat is not None  # the play phase always has a player to act
    if code < 0:
        code = _CODE_BY_ID.get(id(action), -1)
        if (
            code < 0
            or not legal >> code & 1
            or action.suit is not None
            or (code == JOKER_CODE and led < 0 and key == _NT)
        ):
            return None
    named = action.suit
    log = (log, action)
    eff = _EFF[key][code]
    held = list(hands)
    held[seat] ^= _BITS[code]
    hands = tuple(held)
    if not trick:
        led = eff if eff != NO_SUIT or named is None else named
        suits_led |= 1 << led
    elif eff != led and (eff != NO_SUIT or rules.joker_follows_only_when_void):
        voids |= _BITS[4 * seat + led]
    trick += (code,)
    if len(trick) < active:
        to_act = next_seat[seat]
        nxt = hands[to_act]
        legal = (
            nxt & _SUIT_MASKS[key][led] or nxt
            if key != _NT or not nxt & JOKER_BIT
            else _mask_for(rules, setup, nxt, led, suits_led, done)
        )
        after = (rules, _PLAY, to_act, game, hand, setup, log, hands, leader, trick, led, suits_led, voids, won, done, legal)  # fmt: skip
        state = _object_new(GameState)  # _wrap, inline on the most common path
        _set_core(state, _new(_Core, after))
        return state
    strength = _ROWS[key][led]  # the winner: tricks.winner_index, inline (hot path)
    best, top = 0, strength[trick[0]]
    for index in range(1, active):
        power = strength[trick[index]]
        if power > top:
            best, top = index, power
    winner = order[leader][best]
    won += _BITS[4 * winner]
    done += 1
    if done == HAND_SIZE or (misere and winner == contractor):
        return _finish(core, log, (hands, -1, (), -1, suits_led, voids, won, done, 0))
    nxt = hands[winner]
    legal = (
        nxt
        if key != _NT or not nxt & JOKER_BIT
        else _mask_for(rules, setup, nxt, -1, suits_led, done)
    )
    after = (rules, _PLAY, winner, game, hand, setup, log, hands, winner, (), -1, suits_led, voids, won, done, legal)  # fmt: skip
    return _wrap(_new(_Core, after))


def _finish(core: _Core, log: _Log, cards: tuple[Any, ...]) -> GameState:
    """The scored state after the last trick of the hand, with its ``cards`` fields."""
    rules, game, hand = core.rules, core.game, core.hand
    contract = hand.contract
    assert contract is not None  # cards are played only under a contract
    won = _unpack(cards[6], rules.players)  # tricks won by each seat
    _, changes, scores, winners = settle_hand(
        rules, contract.bid, won, contract.contractor, hand.partner, game.scores
    )
    phase = _GAME_OVER if winners else _HAND_OVER
    game = _new(_Game, (game.seed, game.number, scores, winners, game.past))
    hand = _new(_Hand, (*hand[:-1], changes))  # hand._replace(result=changes)
    parts = (rules, phase, None, game, hand, core.setup, log)
    return _wrap(_new(_Core, parts + cards))
