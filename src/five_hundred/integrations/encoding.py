"""The fixed action ids and the observation tensor shared by the framework adapters.

Frameworks for learning want a fixed, numbered action space and a fixed-size vector of
numbers per observation.  This module gives both, built only from the public API: the
actions of :func:`~five_hundred.state.legal_actions` and the fields of a
:class:`~five_hundred.views.SeatView` (never from the hidden cards of the state).

**Action ids** (259 of them, whatever the rules: the engine's action codes,
``five_hundred._engine.codes``; a card's code is
``16 * suit + rank - 2`` with S, C, D, H = 0 to 3 and the Joker 64, see
:attr:`~five_hundred.cards.Card.code`):

=========  ==========================================================================
ids        action
=========  ==========================================================================
0-49       trick bid: ``10 * (tricks - 6) + 2 * strain + sans_kitty`` (strain S, C,
           D, H, NT = 0 to 4): ``0`` is ``6S``, ``1`` is ``6S-SK``, ``49`` ``10NT-SK``
50-52      ``MIS``, ``OMIS``, ``BMIS``
53         ``PASS``
54-118     pick one card to discard: ``54 + code`` (three picks make one ``DISCARD``)
119-123    ``NOMINATE S``, ``C``, ``D``, ``H``, ``NONE``
124-188    ``CALL card``: ``124 + code``
189        ``CALL ALONE``
190-254    ``PLAY card``: ``190 + code``
255-258    ``PLAY JK:S``, ``JK:C``, ``JK:D``, ``JK:H`` (leading the Joker naming a suit)
=========  ==========================================================================

The discard of three cards is made sequential: the contractor picks one card at a
time (in any order; a picked card is no longer legal), and the third pick applies the
:class:`~five_hundred.actions.Discard` of the three.  :class:`Table` holds a game state
and the picks made so far.

>>> from five_hundred import new_game, parse_action
>>> from five_hundred.integrations.encoding import action_ids, describe
>>> action_ids(parse_action("7H")), action_ids(parse_action("PASS"))
((16,), (53,))
>>> action_ids(parse_action("DISCARD 5S 6S 7C"))
(57, 58, 75)
>>> describe(255), describe(190 + 64)
('PLAY JK:S', 'PLAY JK')
"""

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from five_hundred._engine import codes as _codes
from five_hundred._engine.adapter import (
    call_listing,
    id_table,
    part_ids,
    play_ids,
    play_listing,
)
from five_hundred._engine.api import (
    action_log,
    after_calls,
    auction_now,
    caller,
    holding,
    in_auction,
    in_discard,
    seat_to_act,
)
from five_hundred._engine.auction import AuctionRecord
from five_hundred._engine.cache import BoundedCache
from five_hundred._engine.codes import (
    ALONE_CODE,
    BIDS,
    CALL_CODE,
    CARD_CODES,
    JOKER_LEAD_CODE,
    KITTY_SIZE,
    MISERE_CODE,
    NOMINATE_CODE,
    PASS_CODE,
    PICK_CODE,
    PLAY_CODE,
)
from five_hundred._engine.core import Log, Record
from five_hundred.actions import Action, CallPartner, Discard, NominateJoker, PlayCard
from five_hundred.bidding import (
    BLIND_MISERE,
    MISERE,
    OPEN_MISERE,
    PASS,
    MisereBid,
    Pass,
    RulesBook,
    TrickBid,
    rank_listing,
)
from five_hundred.cards import CARDS_BY_CODE, Card, Strain, Suit, card_code
from five_hundred.errors import IllegalActionError, quote, wrong_type
from five_hundred.rules import Rules
from five_hundred.state import (
    GameState,
    Phase,
    apply,
    checked_state,
    explain_illegal,
    legal_actions,
    record_of,
    shared_discard,
    state_of,
)
from five_hundred.tricks import JOKER_LEADS, PLAYS
from five_hundred.views import SeatView, view

__all__ = [
    "CARDS",
    "NUM_ACTIONS",
    "NUM_CALLS",
    "Encoder",
    "Table",
    "action_ids",
    "describe",
]

CARDS: Final = CARD_CODES
"""Card codes (65: four suits of 16 codes and the Joker)."""
NUM_CALLS: Final = _codes.NUM_CALLS
"""Call ids: the bids and ``PASS``."""
NUM_ACTIONS: Final = _codes.NUM_ACTIONS
"""The size of the action space (259)."""
PASS_ID: Final = PASS_CODE
_MISERES: Final = (MISERE, OPEN_MISERE, BLIND_MISERE)
_JOKER: Final = CARDS - 1


def _action_id(action: Action) -> int:
    """The id of one action (not a discard: that is three picks)."""
    if isinstance(action, PlayCard):
        code = card_code(action.card)
        return (
            PLAY_CODE + code if action.suit is None else JOKER_LEAD_CODE + action.suit
        )
    if isinstance(action, TrickBid):
        return 10 * (action.tricks - 6) + 2 * action.strain + action.sans_kitty
    if isinstance(action, Pass):
        return PASS_ID
    if isinstance(action, MisereBid):
        return MISERE_CODE + _MISERES.index(action)
    if isinstance(action, NominateJoker):
        return NOMINATE_CODE + (4 if action.suit is None else action.suit)
    if isinstance(action, CallPartner):
        return ALONE_CODE if action.card is None else CALL_CODE + card_code(action.card)
    return wrong_type(action, "an action (parse_action)")


_SEEN_MAX: Final = 1 << 16
_SEEN: Final[BoundedCache[int, tuple[Action, int]]] = BoundedCache(_SEEN_MAX)
"""Ids of action objects already seen, by identity (the engine shares its actions).

Each entry keeps its action alive, so an identity is never reused while it is here.
"""


def _id_of(action: Action) -> int:
    """:func:`_action_id`, remembered by identity for the engine's shared actions."""
    hit = _SEEN.get(id(action))
    if hit is not None and hit[0] is action:
        return hit[1]
    return _SEEN.keep(id(action), (action, _action_id(action)))[1]


def action_ids(action: Action) -> tuple[int, ...]:
    """The ids that make ``action``: one, or three picks for a discard (lowest first)."""
    if isinstance(action, Discard):
        return tuple(sorted(PICK_CODE + card_code(card) for card in action.cards))
    return (_action_id(action),)


def _call_of(action_id: int) -> TrickBid | MisereBid | Pass:
    if action_id == PASS_ID:
        return PASS
    if action_id >= MISERE_CODE:
        return _MISERES[action_id - MISERE_CODE]
    tricks, rest = divmod(action_id, 10)
    return TrickBid(tricks + 6, Strain(rest // 2), sans_kitty=bool(rest % 2))


def _action_of(action_id: int) -> Action | Card:
    """The action of an id (the card, for a discard pick)."""
    if action_id < PICK_CODE:
        return _call_of(action_id)
    if action_id < NOMINATE_CODE:
        return CARDS_BY_CODE[action_id - PICK_CODE]
    if action_id < CALL_CODE:
        index = action_id - NOMINATE_CODE
        return NominateJoker(None if index == 4 else Suit(index))
    if action_id < PLAY_CODE:
        return CallPartner(
            None if action_id == ALONE_CODE else CARDS_BY_CODE[action_id - CALL_CODE]
        )
    if action_id < JOKER_LEAD_CODE:
        return PlayCard(CARDS_BY_CODE[action_id - PLAY_CODE])
    return PlayCard(CARDS_BY_CODE[_JOKER], Suit(action_id - JOKER_LEAD_CODE))


def _check_id(action_id: object) -> int:
    if isinstance(action_id, bool) or not isinstance(action_id, int | np.integer):
        wrong_type(action_id, "an action id (a whole number)")
    if not 0 <= action_id < NUM_ACTIONS:
        msg = f"action id {quote(action_id)} is outside 0 to {NUM_ACTIONS - 1}"
        raise IllegalActionError(msg)
    return int(action_id)


def describe(action_id: int) -> str:
    """The text of an action id: its action's notation, ``PICK card`` for a pick.

    Raises:
        IllegalActionError: if the id is outside the action space.
    """
    found = _action_of(_check_id(action_id))
    return f"PICK {found}" if isinstance(found, Card) else str(found)


class Table:
    """A game state with the sequential discard: the picks made so far.

    Mutable (the frameworks step in place).  It runs on the engine's record of the
    state (``five_hundred._engine``): a legal id maps to the engine's card code or to
    the shared action of the listing by precomputed tables, the legal ids come from
    the legal mask (one table lookup per suit held), and the card play steps the
    record directly (listing the next player's ids in the same engine call).  The :class:`~five_hundred.state.GameState` is built only when
    asked for (:attr:`state`, :meth:`view`), and :meth:`copy` is cheap: the record
    is immutable.
    """

    __slots__ = ("_bids", "_ids", "_listed", "_others", "_record", "_state", "picks")

    def __init__(self, state: GameState, picks: tuple[int, ...] = ()) -> None:
        checked_state(state, "a GameState (from new_game, new_hand or apply)")
        self._record: Record = record_of(state)
        self._bids: _Bids | None = None
        """The auction now (its rules' book, record and the log) when calls were made
        since ``_record`` was built: the auction is stepped on its record alone."""
        self._state: GameState | None = state
        self.picks = picks
        """The codes of the cards picked so far for the discard, in the order picked."""
        self._ids: tuple[int, ...] | None = None
        self._listed: dict[int, tuple[int, Action]] | None = None
        """Each legal call's id, rank and call, once :meth:`legal` listed them."""
        self._others: tuple[Record, dict[int, Action]] | None = None
        """The record and the legal ids and actions of :meth:`_other_map` for it."""

    @property
    def state(self) -> GameState:
        """The game state (the discard is applied once the third card is picked)."""
        state = self._state
        if state is None:
            state = self._state = state_of(self._now())
        return state

    @property
    def to_act(self) -> int | None:
        """The seat to act (``state.to_act``, without building the state)."""
        bids = self._bids
        return seat_to_act(self._record) if bids is None else caller(bids[1])

    def _now(self) -> Record:
        """The engine's record of the state now (built after the calls made since)."""
        bids = self._bids
        if bids is None:
            return self._record
        book, record, log = bids
        self._record = core = after_calls(self._record, book, record, log)
        self._bids = None
        return core

    def _auction(self) -> "_Bids":
        """The auction now: its rules' book, its record and the log."""
        bids = self._bids
        if bids is None:
            core = self._record
            book, record = auction_now(core)
            bids = book, record, action_log(core)
        return bids

    def _moved(self, state: GameState) -> int | None:
        """Take ``state`` as the table's state; the seat to act."""
        self._record = core = record_of(state)
        self._state = state
        self._bids = None
        self._ids = self._listed = None
        return seat_to_act(core)

    def copy(self) -> "Table":
        """An independent copy (the state is shared: it is immutable)."""
        twin = Table.__new__(Table)
        twin._record, twin._bids, twin._state = self._record, self._bids, self._state
        twin._ids, twin._listed, twin.picks = self._ids, self._listed, self.picks
        twin._others = self._others
        return twin

    def __deepcopy__(self, memo: dict[int, object]) -> "Table":
        return self.copy()

    def legal(self) -> tuple[int, ...]:
        """The legal action ids of the seat to act, ascending (empty once over)."""
        ids = self._ids
        if ids is None:
            # The card play by the engine, from the legal mask; the other phases here.
            ids = play_ids(self._record, _PLAY_TABLE)
            if ids is None:
                ids = self._find_legal()
            self._ids = ids
        return ids

    def _find_legal(self) -> tuple[int, ...]:
        core = self._record
        if in_auction(core):  # (the step reads the call of an id)
            book, record, _ = self._auction()
            _, ids, self._listed = _call_ids(book, record)
            return ids
        if in_discard(core):
            seat = seat_to_act(core)
            assert seat is not None  # the discard always has a player to act
            return part_ids(_PICK_TABLE, holding(core, seat) & ~self._picked())
        return tuple(self._other_map())

    def _picked(self) -> int:
        """The mask of the cards picked so far (engine codes)."""
        mask = 0
        for pick in self.picks:
            mask |= 1 << _CODE_OF_ID[pick]
        return mask

    def _other_map(self) -> dict[int, Action]:
        """Each legal id and its action, outside the fast paths (ascending).

        Kept for the record it was made for: the listing (:meth:`legal`) and the step
        that follows it (:meth:`step`) make it once.  Never change it.
        """
        state = self.state  # (first: it builds the record of calls made since)
        core = self._record
        kept = self._others
        if kept is not None and kept[0] is core:
            return kept[1]
        found = {_id_of(action): action for action in legal_actions(state)}
        made = {key: found[key] for key in sorted(found)}
        self._others = core, made
        return made

    def legal_ids(self) -> list[int]:
        """The legal action ids of the seat to act, ascending (empty once over)."""
        return list(self.legal())

    def mask(self) -> npt.NDArray[np.int8]:
        """The legal ids as a 0/1 vector of :data:`NUM_ACTIONS` entries."""
        mask = np.zeros(NUM_ACTIONS, np.int8)
        mask[list(self.legal())] = 1
        return mask

    def step(self, action_id: int) -> int | None:
        """Apply a legal action id (a pick, or an action of the game).

        Returns the seat to act next (``None`` once the hand is over).

        Raises:
            IllegalActionError: if the id is not legal now (the table is unchanged).
            TypeError: if it is not a whole number.
        """
        if type(action_id) is not int:
            action_id = _check_id(action_id)
        played = play_listing(self._record, action_id, _PLAY_ACTIONS, _PLAY_TABLE)
        if played is not None:  # a card played (the engine checked the id)
            # with the next player's ids: the frameworks list them after every step
            after, seat, ids = played
            if seat is None:
                self._hand_over(action_id)
                return None
            self._record, self._ids = after, ids
            self._state = None
            return seat
        return self._other_step(action_id)

    def _hand_over(self, action_id: int) -> None:
        """Play the hand's last card, the play of ``action_id``: the state, scored.

        The state's own step (:func:`~five_hundred.state.apply`), once a hand: the
        scoring is the state's.
        """
        self._moved(apply(self.state, _PLAY_ACTIONS[action_id - PLAY_CODE]))

    def _other_step(self, action_id: int) -> int | None:
        """:meth:`step` for an id that is not a plain card play (a whole number)."""
        seat: int | None
        core = self._record
        fast = True  # (a phase whose every legal id the fast paths below take)
        if in_auction(core):
            bids = self._bids  # (``_auction``'s first test, without its frame)
            book, record, log = self._auction() if bids is None else bids
            listed = self._listed
            if listed is None:  # the step came before any listing
                listed = _call_ids(book, record)[2]
            found = listed.get(action_id)
            if found is not None:
                # The auction's own step, on its record alone: no state is built
                # between calls (``_now`` builds one when asked).
                rank, call = found
                seat = caller(record)
                # The step and the next seat's ids kept for its listing, in one
                # engine call (``None``: listed here).
                stepped, ids = call_listing(book, record, rank, _CALL_IDS.get)
                after = caller(stepped)  # (read once)
                if after < 0:  # over: the contract, or a throw-in
                    # the state's own step, once a hand: the contract is the state's
                    return self._moved(apply(self.state, call))
                record = stepped
                log = (log, call, seat)
                self._bids = book, record, log
                self._state = None
                # The next seat's calls, listed now: the frameworks list them after
                # every step, and ``legal`` then answers without a call.
                _, self._ids, self._listed = (
                    _call_ids(book, record) if ids is None else ids
                )
                return after
        elif in_discard(core):
            code = _PICK_CODES.get(action_id, -1)
            seat = seat_to_act(core)
            assert seat is not None  # the discard always has a player to act
            if code >= 0 and (holding(core, seat) & ~self._picked()) >> code & 1:
                picks = (*self.picks, action_id - PICK_CODE)
                if len(picks) < KITTY_SIZE:
                    self.picks = picks
                    self._ids = None
                    return seat
                # Three held cards, each checked as it was picked: the listing's
                # shared Discard of those codes (ascending), built once.
                self.picks = ()
                discard = shared_discard(tuple(sorted(picks)))
                return self._moved(apply(self.state, discard))
        else:
            fast = False
        legal = self.legal()
        if fast or action_id not in legal:
            raise IllegalActionError(self._refusal(_check_id(action_id)))
        return self._moved(apply(self.state, self._other_map()[action_id]))

    def _refusal(self, action_id: int) -> str:
        text = describe(action_id)
        state = self.state
        if state.to_act is None:
            return f"{text} (id {action_id}): nobody is to act; the hand is over"
        found = _action_of(action_id)
        if isinstance(found, Card):
            if state.phase is not Phase.DISCARD:
                why = f"no discard now (the phase is {state.phase.value})"
            elif card_code(found) in self.picks:
                why = f"{found} is already picked"
            else:
                why = f"{found} is not in the hand"
        else:
            why = explain_illegal(state, found) or "not legal now"
        return f"{text} (id {action_id}) is not legal: {why}"

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know (:func:`~five_hundred.views.view`)."""
        return view(self.state, seat)


_CODE_BY_CARD: Final = {card: code for code, card in enumerate(CARDS_BY_CODE)}
"""The engine's code of each card (its place in ``CARDS_BY_CODE``)."""
_CODE_OF_ID: Final = tuple(
    next((c for card, c in _CODE_BY_CARD.items() if card_code(card) == offset), -1)
    for offset in range(CARDS)
)
"""The engine's card code of each id offset (``id - PLAY_CODE`` or ``id - PICK_CODE``)."""
_PICK_CODES: Final = {
    PICK_CODE + offset: code for offset, code in enumerate(_CODE_OF_ID)
}
"""The engine's code of the card of each pick id."""
if tuple(range(CARDS)) != _CODE_OF_ID:  # the engine's play by id relies on it
    msg = "an action id's card code must be the engine's code of the card"
    raise ImportError(msg)
_PLAY_TABLE: Final = id_table(PLAY_CODE)
"""The ``PLAY card`` ids of the legal masks met (see :func:`._engine.adapter.mask_ids`)."""
_PLAY_ACTIONS: Final = (*PLAYS, *JOKER_LEADS)
"""The shared play of each id from ``PLAY``: the 65 cards, then the Joker led naming
each suit (what the log keeps, as :func:`~five_hundred.state.legal_actions` lists)."""
_PICK_TABLE: Final = id_table(PICK_CODE)
"""The pick ids of the sets of cards met."""


_Bids = tuple[RulesBook, AuctionRecord, Log]
_CallIds = tuple[tuple[Action, ...], tuple[int, ...], dict[int, tuple[int, Action]]]
_CALL_IDS: Final[BoundedCache[int, _CallIds]] = BoundedCache(_SEEN_MAX)
"""The ids of each listing of legal calls (shared tuples: by identity, kept here)."""


def _call_ids(book: RulesBook, record: AuctionRecord) -> _CallIds:
    """The legal calls now: the listing, its ids (ascending), each id's rank and call."""
    calls, ranks = rank_listing(book, record)
    found = _CALL_IDS.get(id(calls))
    if found is not None and found[0] is calls:
        return found
    by_id: dict[int, tuple[int, Action]] = {
        _action_id(call): (ranks[id(call)], call) for call in calls
    }
    return _CALL_IDS.keep(id(calls), (calls, tuple(sorted(by_id)), by_id))


_PHASES: Final = tuple(Phase)
_PHASE_INDEX: Final = {phase: index for index, phase in enumerate(_PHASES)}
_CODE_OF_CARD: Final = {card: card_code(card) for card in CARDS_BY_CODE}
"""Each card's code (the offset of its ids), without ``card_code``'s checks."""


class Encoder:
    """The observation tensor of a seat for one set of rules: a flat float32 vector.

    :attr:`pieces` names each part with its shape, in order; :meth:`encode` fills a
    vector from a :class:`~five_hundred.views.SeatView` (and the discard picks).  With
    ``perfect_recall`` two parts are added so that the vector tells the whole public
    history apart: the trick each played card fell in and the leader of each trick.

    >>> from five_hundred import Rules, new_game
    >>> encoder = Encoder(Rules())
    >>> encoder.size, encoder.pieces[0]
    (1246, ('seat', (4,)))
    >>> vector = encoder.encode(Table(new_game(seed=1)).view(1))
    >>> int(vector[encoder.offset("hand") : encoder.offset("hand") + 65].sum())
    10
    """

    def __init__(self, rules: Rules, *, perfect_recall: bool = False) -> None:
        if not isinstance(rules, Rules):
            wrong_type(rules, "a Rules value")
        p, sides = rules.players, rules.sides
        pieces: list[tuple[str, tuple[int, ...]]] = [
            ("seat", (p,)),
            ("phase", (len(_PHASES),)),
            ("to_act", (p,)),
            ("dealer", (p,)),
            ("hand", (CARDS,)),
            ("picks", (CARDS,)),
            ("kitty", (CARDS,)),
            ("discards", (CARDS,)),
            ("exposed", (CARDS,)),
            ("calls", (p, NUM_CALLS)),
            ("contract", (BIDS,)),
            ("contractor", (p,)),
            ("joker_suit", (4,)),
            ("partner_card", (CARDS,)),
            ("partner", (p,)),
            ("trick", (p, CARDS)),
            ("played", (p, CARDS)),
            ("suits_led", (4,)),
            ("shown_void", (p, 4)),
            ("tricks_won", (p,)),
            ("hand_sizes", (p,)),
            ("sitting_out", (p,)),
            ("scores", (sides,)),
            ("hand_result", (sides,)),
        ]
        if perfect_recall:
            pieces += [
                ("trick_of_card", (_MAX_TRICKS, CARDS)),
                ("leaders", (_MAX_TRICKS, p)),
            ]
        self.rules = rules
        self.perfect_recall = perfect_recall
        self.pieces: tuple[tuple[str, tuple[int, ...]], ...] = tuple(pieces)
        """Each part's name and shape, in the order of the vector."""
        offsets: dict[str, int] = {}
        at = 0
        for name, shape in pieces:
            offsets[name] = at
            at += int(np.prod(shape))
        self._offsets = offsets
        self.size: int = at
        """The length of the vector."""

    def offset(self, name: str) -> int:
        """Where the part ``name`` starts in the vector."""
        return self._offsets[name]

    def views(
        self, vector: npt.NDArray[np.float32]
    ) -> dict[str, npt.NDArray[np.float32]]:
        """Each part of ``vector`` by name, reshaped (views sharing its memory)."""
        return {
            name: vector[
                self._offsets[name] : self._offsets[name] + int(np.prod(shape))
            ].reshape(shape)
            for name, shape in self.pieces
        }

    def encode(
        self,
        seen: SeatView,
        picks: Sequence[int] = (),
        out: "npt.NDArray[np.float32] | None" = None,  # quoted: docs build over mocks
    ) -> npt.NDArray[np.float32]:
        """The vector of a view (``picks``: the discard's cards picked so far).

        Fills ``out`` (zeroed first) if given, else a new vector.
        """
        if out is None:
            out = np.zeros(self.size, np.float32)
        else:
            out.fill(0.0)
        at, p = self._offsets, self.rules.players
        scale = float(self.rules.target)
        code = _CODE_OF_CARD  # a dict lookup per card (card_code checks its input)
        # Every place that holds a 1, gathered first and set by one NumPy call (each
        # NumPy call costs more than the Python around it).
        ones = [at["phase"] + _PHASE_INDEX[seen.phase], at["dealer"] + seen.dealer]
        add = ones.append
        if seen.seat is not None:
            add(at["seat"] + seen.seat)
        if seen.to_act is not None:
            add(at["to_act"] + seen.to_act)
        for name, held in (
            ("hand", seen.hand),
            ("kitty", seen.kitty),
            ("discards", seen.discards),
            ("exposed", seen.exposed),
        ):
            if held:
                base = at[name]
                ones += [base + code[card] for card in held]
        if picks:
            base = at["picks"]
            ones += [base + pick for pick in picks]
        if seen.calls:
            base = at["calls"]
            ones += [
                base + seat * NUM_CALLS + _id_of(call) for seat, call in seen.calls
            ]
        contract = seen.contract
        if contract is not None:
            add(at["contract"] + _id_of(contract.bid))
            add(at["contractor"] + contract.contractor)
        if seen.joker_suit is not None:
            add(at["joker_suit"] + seen.joker_suit)
        if seen.partner_card is not None:
            add(at["partner_card"] + code[seen.partner_card])
        if seen.partner is not None:
            add(at["partner"] + seen.partner)
        if seen.trick is not None:
            base = at["trick"]
            ones += [
                base + seat * CARDS + code[card] for seat, card in seen.trick.plays
            ]
        if seen.tricks:
            base = at["played"]
            ones += [
                base + seat * CARDS + code[card]
                for trick in seen.tricks
                for seat, card in trick.plays
            ]
            if self.perfect_recall:
                base, lead = at["trick_of_card"], at["leaders"]
                for number, trick in enumerate(seen.tricks):
                    ones += [
                        base + number * CARDS + code[card] for _, card in trick.plays
                    ]
                    add(lead + number * p + trick.leader)
        base = at["suits_led"]
        ones += [base + suit for suit in seen.suits_led]
        base = at["shown_void"]
        for seat, voids in enumerate(seen.shown_void):
            ones += [base + 4 * seat + suit for suit in voids]
        base = at["sitting_out"]
        ones += [base + seat for seat in seen.sitting_out]
        out[ones] = 1.0
        for name, values, divisor in (
            ("tricks_won", seen.tricks_won_by_seat, 10.0),
            ("hand_sizes", seen.hand_sizes, 10.0),
            ("scores", seen.scores, scale),
            ("hand_result", seen.hand_result or (), scale),
        ):
            if values:
                base = at[name]
                out[base : base + len(values)] = [value / divisor for value in values]
        return out


_MAX_TRICKS: Final = 10
"""Tricks in a hand (every pack deals ten cards a seat)."""
