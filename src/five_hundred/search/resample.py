"""Resampling for imperfect-information search: a full state that fits a seat's view.

A bot sees the game through :func:`~five_hundred.views.view`; to search, it guesses
where the cards it cannot see are (a *determinization*), plays the guess out, and
repeats.  :func:`resample` makes one guess: a complete
:class:`~five_hundred.state.GameState` at the same point of the hand, drawn uniformly at
random from every deal consistent with what the seat knows.

>>> import random
>>> from five_hundred import apply, legal_actions, new_game, playout, view
>>> from five_hundred.search.resample import resample
>>> state = new_game(seed=11)
>>> for _ in range(5):
...     state = apply(state, legal_actions(state)[1])
>>> seen = view(state, 2)
>>> guess = resample(seen, random.Random(1))
>>> guess.hands[2] == seen.hand, guess.phase == seen.phase, guess.to_act == seen.to_act
(True, True, True)
>>> len(playout(guess, seed=1).hand_result)
2

What the seat knows, and every sample respects:

- its own cards, every card played and by whom, the auction, the contract, the Joker's
  nomination, the five-player partner card (and its holder once played or held), the
  open-misère hand once exposed, how many cards each seat holds;
- the suits each seat has shown void in: such a seat gets no card of that suit (its
  suit in the contract: the left bower is a trump, a nominated Joker is in its suit);
- what the rules imply: in misère a player who could not follow and did not play the
  Joker when it was forced does not hold it; a contractor who nominated the Joker holds
  it; a five-player contractor does not hold the partner card it called;
- the kitty and the discards only for the contractor who took them up; for everyone
  else they, the other hands and (two players) the dead hand are unknown.

What a sample promises (:func:`resample`): the same rules, dealer, phase, seat to act,
auction, contract, nomination, partner card, tricks (with the trick in progress), voids,
tricks won and scores, so that ``view(sample, seat)`` equals the view it came from in
every field but ``hand_number`` and ``previous_hand``.  It is a new game with one
hand: its hand number is 0, it has no seed and no earlier hands, and the hidden cards
(other hands, kitty, discards) are the guess.  :attr:`~five_hundred.state.GameState.actions` holds the public actions
in the same order, with the guessed discard and, if the guess gives the contractor the
Joker without a nomination, a ``NOMINATE NONE``.

The work and memory of a call are bounded: counting the deals that fit a view visits
at most :data:`COUNT_STATES` positions; past that (six players late in a hand, with
many shown voids) the guess comes from a fallback sampler, which always fits the view
but is not exactly uniform.  The counts kept for later calls hold at most
:data:`CACHE_STATES` positions, and the work done for a view (its unseen cards, the
state replayed for its first guess) is kept for the last :data:`PLANS` views, by
identity: a bot that draws several guesses of one view pays the replay once.  A guess
depends only on the view and the random generator, never on what the caches hold.
"""

import bisect
import itertools
import random
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Final, NamedTuple, NoReturn, cast

from five_hundred._checks import check_dealer
from five_hundred._engine.api import action_log, redeal
from five_hundred._engine.cache import BoundedCache
from five_hundred._engine.codes import (
    ALL_SUITS,
    HAND_SIZE,
    JOKER_BIT,
    JOKER_CODE,
    KITTY_SIZE,
    NO_SUIT,
    NT,
    codes_from_mask,
)
from five_hundred._engine.core import Log, Record, log_moves
from five_hundred._engine.guess import TOO_MUCH, Memo, count_ways, plain_deal
from five_hundred._engine.tables import EFF
from five_hundred.actions import CallPartner, Discard, NominateJoker, PlayCard
from five_hundred.bidding import MisereBid, TrickBid
from five_hundred.cards import CARDS_BY_CODE, JOKER, Card, card_code, mask_from_cards
from five_hundred.dealing import pack_mask
from five_hundred.errors import InvalidStateError, wrong_type
from five_hundred.rules import Rules
from five_hundred.state import (
    GameState,
    Phase,
    apply,
    hand_from_masks,
    record_of,
    state_of,
)
from five_hundred.tricks import PLAYS, contract_context
from five_hundred.views import SeatView

__all__ = ["CACHE_STATES", "COUNT_STATES", "PLAIN_TRIES", "PLANS", "resample"]

COUNT_STATES: Final = 10_000
"""The most positions one count of consistent deals may visit (the limit on work per call).

A view with many shown voids (six players late in a hand) can need hundreds of
thousands; past this limit :func:`resample` deals with the fallback sampler instead,
so one call takes at most some tenths of a second and a few megabytes.
"""
CACHE_STATES: Final = 40_000
"""The most positions the counts kept for later calls hold in all (about 10 MB)."""

_BEFORE_DISCARD: Final = frozenset({Phase.BIDDING, Phase.DISCARD})
_STOPS: Final = frozenset({Phase.BIDDING, Phase.PLAY, Phase.HAND_OVER, Phase.GAME_OVER})
_OVER: Final = frozenset({Phase.HAND_OVER, Phase.GAME_OVER})
_BIDDING: Final = Phase.BIDDING
_PLAY: Final = Phase.PLAY


class _Slot:
    """A place for unknown cards: a seat's hand, the kitty, the discards, a dead hand."""

    __slots__ = ("cap", "cards", "seat", "voids")

    def __init__(self, cap: int, seat: int = -1, voids: int = 0) -> None:
        self.cap = cap
        self.seat = seat
        self.voids = voids
        self.cards: list[int] = []


class _Ways:
    """Counts the ways to place regular cards into constrained slots and a free pool.

    Groups are cards that share their allowed slots (one per effective suit).  A state
    is ``(group, cards left in it, capacities of the constrained slots)``; the free pool
    takes the rest.  Cards are distinct, so the count is of labelled placements.
    """

    def __init__(
        self, groups: tuple[tuple[int, tuple[int, ...]], ...], limit: int
    ) -> None:
        self.sizes = tuple(size for size, _ in groups)
        self.allowed = tuple(allowed for _, allowed in groups)
        self.after = tuple(sum(self.sizes[g + 1 :]) for g in range(len(groups)))
        self.memo: Memo = {}
        self.steps: dict[tuple[int, int, tuple[int, ...]], _Step] = {}
        self.limit = limit

    def size(self) -> int:
        """The positions this count holds (its counts and its sampling steps)."""
        return len(self.memo) + len(self.steps)

    def step(self, group: int, left: int, caps: tuple[int, ...]) -> "_Step":
        """Where the next card of ``group`` may go from here, and with what weights."""
        key = (group, left, caps)
        found = self.steps.get(key)
        if found is None:
            options = self.options(group, left, caps)
            cumulative = list(
                itertools.accumulate(self.ways(group, left - 1, o) for o in options)
            )
            places = [
                next((i for i in range(len(caps)) if o[i] != caps[i]), -1)
                for o in options
            ]
            found = self.steps[key] = _Step(options, cumulative, places)
        return found

    def ways(self, group: int, left: int, caps: tuple[int, ...]) -> int:
        """The deals that fit from this position (the engine's count, kept in the memo).

        Raises:
            _TooMuchWorkError: if the memo passes its limit of positions.
        """
        total = count_ways(
            self.sizes,
            self.allowed,
            self.after,
            self.memo,
            self.limit,
            group,
            left,
            caps,
        )
        if total == TOO_MUCH:
            raise _TooMuchWorkError
        return total

    def options(
        self, group: int, left: int, caps: tuple[int, ...]
    ) -> list[tuple[int, ...]]:
        """The capacities after placing one card: the free pool first, if it has room."""
        free = left + self.after[group] - sum(caps)
        found = [caps] if free > 0 else []
        found.extend(
            (*caps[:slot], caps[slot] - 1, *caps[slot + 1 :])
            for slot in self.allowed[group]
            if caps[slot]
        )
        return found


class _Step(NamedTuple):
    """The choices for one card of a group, from one position of the count.

    For each choice: the capacities after it, the running total of the deals the
    choices leave, and the place the card goes to (-1: the free pool).
    """

    options: list[tuple[int, ...]]
    cumulative: list[int]
    places: list[int]


class _TooMuchWorkError(Exception):
    """A count of consistent deals went past :data:`COUNT_STATES` positions."""


_Groups = tuple[tuple[int, tuple[int, ...]], ...]
_CACHE: Final[OrderedDict[tuple[_Groups, tuple[int, ...]], _Ways]] = OrderedDict()
_TOO_BIG_KEPT: Final = 256
_TOO_BIG: Final[BoundedCache[tuple[_Groups, tuple[int, ...]], bool]] = BoundedCache(
    _TOO_BIG_KEPT
)
"""The counts found too big, so that a view asked again goes to the fallback at once."""
_CACHE_LOCK: Final = threading.Lock()
"""Held while :data:`_CACHE` changes (threads may count at once)."""


def _counted(groups: _Groups, caps: tuple[int, ...]) -> _Ways:
    """The counts of ``groups`` (from the cache, or made), checked to fit ``caps``.

    The cache holds at most :data:`CACHE_STATES` positions in all, the least recently
    used counts going first.  It is keyed by the groups and the capacities both, so
    that a count visits the same positions whatever the cache held before: whether
    it goes past the limit depends on the view alone.

    Raises:
        _TooMuchWorkError: if the count needs more than :data:`COUNT_STATES` positions.
        InvalidStateError: if no deal fits.
    """
    key = (groups, caps)
    if key in _TOO_BIG:
        raise _TooMuchWorkError
    with _CACHE_LOCK:
        ways = _CACHE.pop(key, None)
    if ways is None:
        ways = _Ways(groups, COUNT_STATES)
    try:
        count = ways.ways(-1, 0, caps)
    except _TooMuchWorkError:
        _TOO_BIG.keep(key, True)
        raise
    with _CACHE_LOCK:
        _CACHE[key] = ways
        total = sum(kept.size() for kept in _CACHE.values())
        while total > CACHE_STATES:
            _, dropped = _CACHE.popitem(last=False)
            total -= dropped.size()
    if not count:
        _inconsistent()
    return ways


def _clear_caches() -> None:
    """Forget every count, plan and replayed state kept (for benchmarks and tests)."""
    with _CACHE_LOCK:
        _CACHE.clear()
    _TOO_BIG.clear()
    _PLANS.clear()
    _SKELETONS.clear()


def _inconsistent() -> NoReturn:
    msg = "the view is inconsistent: no deal of the unseen cards fits it"
    raise InvalidStateError(msg)


def _pick(weights: Sequence[int], rng: random.Random) -> int:
    """An index drawn with probability proportional to its (whole number) weight."""
    pick = rng.randrange(sum(weights))
    for index, weight in enumerate(weights):
        if pick < weight:
            return index
        pick -= weight
    msg = "unreachable: pick < sum(weights)"
    raise AssertionError(msg)


class _Knowledge:
    """What a view tells about where the cards are, on card codes."""

    def __init__(self, view: SeatView) -> None:
        if view.seat is None:
            msg = "resample needs a seat's view, not a spectator's (view(state, None))"
            raise InvalidStateError(msg)
        rules, contract = view.rules, view.contract
        self.view = view
        self.players = rules.players
        self.key = -1
        if contract is not None:
            self.key = contract_context(contract.bid, view.joker_suit).key
        self.contractor = -1 if contract is None else contract.contractor
        self.kitty_taken = contract is not None and not (
            isinstance(contract.bid, TrickBid) and contract.bid.sans_kitty
        )
        self.discarded = self.kitty_taken and view.phase not in _BEFORE_DISCARD
        self.played = [0] * self.players
        self.plays: list[PlayCard] = []
        self.barred = 0  # seats that cannot hold the Joker (misère, forced)
        self._read_tricks(rules)
        self.hands: list[int | None] = [None] * self.players
        self.hands[view.seat] = mask_from_cards(view.hand)
        if view.exposed:
            self.hands[self.contractor] = mask_from_cards(view.exposed)
        known = mask_from_cards(view.kitty) | mask_from_cards(view.discards)
        for seat in range(self.players):
            known |= self.played[seat] | (self.hands[seat] or 0)
        self.unknown = pack_mask(self.players) & ~known

    def _read_tricks(self, rules: Rules) -> None:
        view = self.view
        tricks = (*view.tricks, *(() if view.trick is None else (view.trick,)))
        eff = EFF[self.key] if self.key >= 0 else ()
        forced = (
            self.key == NT
            and isinstance(view.contract.bid if view.contract else None, MisereBid)
            and rules.misere_joker_forced_when_void
        )
        suits_led = 0
        for number, trick in enumerate(tricks):
            led = -1 if trick.led_suit is None else int(trick.led_suit)
            if led >= 0:
                suits_led |= 1 << led
            for index, (seat, card) in enumerate(trick.plays):
                code = card_code(card)
                self.played[seat] |= 1 << code
                lead_joker = index == 0 and card == JOKER and eff[code] == NO_SUIT
                # The shared plays take apply's fast path (still checked legal).
                self.plays.append(
                    PlayCard(card, trick.led_suit) if lead_joker else PLAYS[code]
                )
                if (
                    forced
                    and index > 0
                    and card != JOKER
                    and eff[code] != led
                    and number != HAND_SIZE - 1
                    and not (
                        rules.joker_last_trick_once_all_suits_led
                        and suits_led == ALL_SUITS
                    )
                ):
                    self.barred |= 1 << seat

    def slots(self) -> list[_Slot]:
        """The places of the unknown cards, with their sizes and voids."""
        view = self.view
        slots = []
        for seat in range(self.players):
            if self.hands[seat] is None:
                voids = 0
                for suit in view.shown_void[seat]:
                    voids |= 1 << suit
                slots.append(_Slot(view.hand_sizes[seat], seat, voids))
        if not self.kitty_taken:
            slots.append(_Slot(KITTY_SIZE))
        elif self.discarded and not view.discards:
            slots.append(_Slot(KITTY_SIZE))  # the discards, unseen
        if self.players == 2:
            slots.append(_Slot(HAND_SIZE))
        return slots

    def suit(self, code: int) -> int:
        """The card's suit in the contract (its printed suit before the contract)."""
        return EFF[self.key][code] if self.key >= 0 else code >> 4

    def allowed(self, code: int, slots: Sequence[_Slot]) -> tuple[int, ...]:
        """The slots (indices) that may hold the unknown card ``code``.

        A seat shown void in the card's suit may not; the Joker and the partner
        card have rules of their own.
        """
        view = self.view
        suit = self.suit(code)
        only = -1
        barred = 0
        if code == JOKER_CODE:
            barred = self.barred
            if view.joker_suit is not None or view.phase is Phase.NOMINATE:
                only = self.contractor
        elif view.partner_card is not None and code == card_code(view.partner_card):
            barred = 1 << self.contractor
        return tuple(
            index
            for index, slot in enumerate(slots)
            if not (suit < NO_SUIT and slot.voids >> suit & 1)
            and not (slot.seat >= 0 and barred >> slot.seat & 1)
            and (only < 0 or slot.seat == only)
        )


class _Plan:
    """What :func:`resample` works out once per view: the unknown cards and their slots.

    ``by_allowed`` groups the unknown cards by the slots they may go to; ``bars``
    holds, for each slot, a byte per card code (1: the slot may not take it),
    ``caps`` the slots' sizes and ``seats`` their seats (-1: not a seat's hand), for
    :func:`~five_hundred._engine.guess.plain_deal`; ``plain`` says whether plain
    deals are worth trying (:func:`_plain_masks`).
    """

    __slots__ = (
        "bars", "by_allowed", "caps", "codes", "knowledge", "plain", "seats", "view",
    )  # fmt: skip

    def __init__(self, view: SeatView) -> None:
        knowledge = _Knowledge(view)
        slots = knowledge.slots()
        if sum(slot.cap for slot in slots) != knowledge.unknown.bit_count():
            msg = "the view is inconsistent: the hand sizes do not fit the unseen cards"
            raise InvalidStateError(msg)
        by_allowed: dict[tuple[int, ...], list[int]] = {}
        partner = -1 if view.partner_card is None else card_code(view.partner_card)
        by_suit: dict[int, tuple[int, ...]] = {}  # the cards without rules of their own
        for code in codes_from_mask(knowledge.unknown):
            if code in (JOKER_CODE, partner):
                allowed = knowledge.allowed(code, slots)
            else:
                suit = knowledge.suit(code)
                found = by_suit.get(suit)
                if found is None:
                    found = by_suit[suit] = knowledge.allowed(code, slots)
                allowed = found
            by_allowed.setdefault(allowed, []).append(code)
        barred = [0] * len(slots)
        for allowed, group in by_allowed.items():
            mask = _mask_of(group)
            for index in range(len(slots)):
                if index not in allowed:
                    barred[index] |= mask
        self.view = view
        self.knowledge = knowledge
        self.by_allowed = by_allowed
        bars = [bytearray(JOKER_CODE + 1) for _ in slots]
        for index, mask in enumerate(barred):
            for code in codes_from_mask(mask):
                bars[index][code] = 1
        self.bars = tuple(bytes(bar) for bar in bars)
        self.caps = tuple(slot.cap for slot in slots)
        self.seats = tuple(slot.seat for slot in slots)
        self.codes = [code for group in by_allowed.values() for code in group]
        self.plain = True
        if any(barred):  # estimate the chance that a plain deal fits, on a fixed seed
            draw = random.Random(len(self.codes)).random
            self.plain = any(
                plain_deal(self.codes, self.bars, self.caps, draw) is not None
                for _ in range(PLAIN_TRIES)
            )


PLANS: Final = 64
"""How many views :func:`resample` keeps its work for (a bot asks each view often)."""
_PLANS: Final[BoundedCache[int, _Plan]] = BoundedCache(PLANS)


def _plan(view: SeatView) -> _Plan:
    """The plan of ``view``, from the cache (by identity) or made."""
    plan = _PLANS.get(id(view))
    if plan is not None and plan.view is view:
        return plan
    return _PLANS.keep(id(view), _Plan(view))


def _place(plan: _Plan, rng: random.Random) -> list[int]:
    """Deal the unknown cards into the slots, uniformly among the consistent deals.

    The result is the mask of each slot's cards, in the order of the plan's slots.
    First plain deals are tried (:func:`_plain_masks`): most views constrain little,
    and a deal drawn without constraints then kept only if it fits is uniform among
    those that fit.  Otherwise: cards with the same allowed slots form a group;
    slots that every group treats alike merge into one place (their cards are split
    among them at random at the end), and the place every group may use is the free
    pool.  A count of the ways to finish from each position then lets each card go
    to a place with probability proportional to the deals that remain.
    """
    masks = _plain_masks(plan, rng)
    if masks is None:
        slots = plan.knowledge.slots()
        _counted_place(plan.by_allowed, slots, rng)
        masks = [_mask_of(slot.cards) for slot in slots]
    return masks


PLAIN_TRIES: Final = 200
"""How many plain deals :func:`resample` tries before it counts the deals.

A view gets them only if one of as many trial deals (on a fixed seed, when the view
is first seen) fitted: a chance of about one in 200 or better.  A try that fails
stops at its first misplaced card, so most cost a few draws.
"""


def _plain_masks(plan: _Plan, rng: random.Random) -> list[int] | None:
    """The slots' masks of the first plain deal that fits (``None``: none did).

    Up to :data:`PLAIN_TRIES` tries, each the engine's
    :func:`~five_hundred._engine.guess.plain_deal`: a shuffle drawn with
    ``rng.random``, given up at the first misplaced card.
    """
    if plan.plain:
        unknown, bars, caps, draw = plan.codes, plan.bars, plan.caps, rng.random
        for _ in range(PLAIN_TRIES):
            masks = plain_deal(unknown, bars, caps, draw)
            if masks is not None:
                return masks
    return None


def _counted_place(
    by_allowed: dict[tuple[int, ...], list[int]], slots: list[_Slot], rng: random.Random
) -> None:
    """Deal by counting the deals that fit (see :func:`_place`)."""
    groups = sorted(by_allowed)
    places: dict[tuple[bool, ...], list[int]] = {}
    for index in range(len(slots)):
        places.setdefault(tuple(index in g for g in groups), []).append(index)
    free = places.pop((True,) * len(groups), [])
    merged = sorted(places.values())
    position = {
        index: place for place, members in enumerate(merged) for index in members
    }
    caps = tuple(sum(slots[i].cap for i in members) for members in merged)
    try:
        ways = _counted(
            tuple(
                (
                    len(by_allowed[g]),
                    tuple(sorted({position[i] for i in g if i in position})),
                )
                for g in groups
            ),
            caps,
        )
    except _TooMuchWorkError:
        _fallback([(by_allowed[g], g) for g in groups], slots, rng)
        return
    dealt: list[list[int]] = [[] for _ in merged]
    pool: list[int] = []
    for number, group in enumerate(groups):
        cards = by_allowed[group].copy()
        rng.shuffle(cards)
        for left in range(len(cards), 0, -1):
            step = ways.step(number, left, caps)
            cumulative = step.cumulative
            choice = bisect.bisect_right(cumulative, rng.randrange(cumulative[-1]))
            place = step.places[choice]
            (pool if place < 0 else dealt[place]).append(cards[left - 1])
            caps = step.options[choice]
    for members, cards in (*zip(merged, dealt, strict=True), (free, pool)):
        rng.shuffle(cards)
        for index in members:
            slots[index].cards = cards[: slots[index].cap]
            del cards[: slots[index].cap]


def _fits(sizes: Sequence[int], allowed: Sequence[int], room: Sequence[int]) -> bool:
    """Whether cards in groups (``sizes``, each with a mask of ``allowed`` slots) fit.

    Hall's condition, over every set of groups: the cards of the set fit the room of
    the slots any of them may use.  With as many cards as room, it is enough.
    """
    for subset in range(1, 1 << len(sizes)):
        cards = 0
        slots = 0
        for group, size in enumerate(sizes):
            if subset >> group & 1:
                cards += size
                slots |= allowed[group]
        if cards > sum(r for index, r in enumerate(room) if slots >> index & 1):
            return False
    return True


def _fallback(
    groups: Sequence[tuple[list[int], tuple[int, ...]]],
    slots: list[_Slot],
    rng: random.Random,
) -> None:
    """Deal the unknown cards into the slots when counting the deals is too much work.

    Every card in turn (in a random order) goes to a slot it may go to, chosen at
    random in proportion to the slot's room, among the slots that leave the rest
    dealable (:func:`_fits`).  The deal always fits the view; unlike the counted
    sampler it is not exactly uniform among the deals that do.
    """
    sizes = [len(cards) for cards, _ in groups]
    allowed = [sum(1 << index for index in places) for _, places in groups]
    room = [slot.cap for slot in slots]
    if not _fits(sizes, allowed, room):
        _inconsistent()
    order = [(group, card) for group, (cards, _) in enumerate(groups) for card in cards]
    rng.shuffle(order)
    for slot in slots:
        slot.cards = []
    for group, card in order:
        sizes[group] -= 1
        options = []
        for index in groups[group][1]:
            if room[index]:
                room[index] -= 1
                if _fits(sizes, allowed, room):
                    options.append(index)
                room[index] += 1
        index = options[_pick([room[i] for i in options], rng)]
        room[index] -= 1
        slots[index].cards.append(card)


def resample(view: SeatView, rng: random.Random) -> GameState:
    """A full state consistent with everything ``view``'s seat knows.

    The unseen cards are dealt uniformly at random among all the deals that fit the
    view (see the module's documentation for what that includes), then the hand is
    replayed from that deal: the result is a real
    :class:`~five_hundred.state.GameState` at the same point of the hand, on which
    :func:`~five_hundred.state.legal_actions`, :func:`~five_hundred.state.apply` and
    :func:`~five_hundred.search.playout.playout` work.

    Args:
        view: what one seat knows, from :func:`~five_hundred.views.view`.
        rng: the random generator that draws the guess.

    Returns:
        A new one-hand game: ``view(sample, view.seat)`` equals ``view`` in every
        field but ``hand_number`` (0) and ``previous_hand`` (``None``).

    Raises:
        InvalidStateError: if no deal fits the view (a view not made by
            :func:`~five_hundred.views.view` from a real game).
    """
    if not isinstance(cast(object, view), SeatView):
        wrong_type(view, "a SeatView (from five_hundred.view)")
    if not isinstance(cast(object, rng), random.Random):
        wrong_type(rng, "a random.Random")
    plan = _plan(view)
    knowledge = plan.knowledge
    masks = _place(plan, rng)
    current = list(knowledge.hands)
    discards = mask_from_cards(view.discards)
    kitty = mask_from_cards(view.kitty)
    dead = 0
    for seat, cap, mask in zip(plan.seats, plan.caps, masks, strict=True):
        if seat >= 0:
            current[seat] = mask
        elif cap == HAND_SIZE:
            dead = mask
        elif knowledge.kitty_taken:
            discards = mask
        else:
            kitty = mask
    dealt = [
        (current[seat] or 0) | knowledge.played[seat]
        for seat in range(knowledge.players)
    ]
    if knowledge.kitty_taken:
        contractor = knowledge.contractor
        dealt[contractor] |= discards
        if not view.kitty:
            kitty = _mask_of(rng.sample(codes_from_mask(dealt[contractor]), KITTY_SIZE))
        dealt[contractor] &= ~kitty
    if view.rules.players == 2:
        current.append(dead)
        dealt.append(dead)
    return _build(
        view,
        knowledge,
        _Deal(tuple(c or 0 for c in current), tuple(dealt), kitty, discards),
    )


class _Deal(NamedTuple):
    """A guess, on masks: the hands now and as dealt (two players: the dead hand too)."""

    now: tuple[int, ...]
    dealt: tuple[int, ...]
    kitty: int
    discards: int


_SKELETONS: Final[BoundedCache[tuple[int, bool], tuple[SeatView, Record]]] = (
    BoundedCache(2 * PLANS)
)  # two per view at most (see the key in _build)


def _build(view: SeatView, knowledge: _Knowledge, deal: _Deal) -> GameState:
    """The state of ``deal`` at the view's point of the hand.

    The first guess for a view is replayed action by action (:func:`_replay`); the
    later ones reuse that state, since only the cards differ: the hands now and as
    dealt, the kitty, the discards (and their action), the five-player partner card's
    holder and the legal plays.  Whether the guess gives the contractor the Joker is
    part of the key, since it decides whether the contractor nominated (``NOMINATE
    NONE``).  A finished hand is always replayed (its scores may depend on the guess).
    """
    held = list(deal.dealt)
    contractor = knowledge.contractor
    if contractor >= 0:
        if knowledge.kitty_taken:
            held[contractor] |= deal.kitty
        held[contractor] &= ~deal.discards
    key = (id(view), bool(contractor >= 0 and held[contractor] & JOKER_BIT))
    found = _SKELETONS.get(key)
    if found is not None and found[0] is view:
        return _swapped(found[1], deal, held, knowledge)
    state = _replay_deal(view, knowledge, deal)
    if state.phase not in _OVER:
        _SKELETONS.keep(key, (view, record_of(state)))
    return state


def _swapped(
    core: Record, deal: _Deal, held: Sequence[int], knowledge: _Knowledge
) -> GameState:
    """``core`` (a replayed guess for the same view) with the cards of ``deal``."""
    log = action_log(core)
    discards = -1
    if knowledge.discarded:
        discards = deal.discards
        log = _with_discard(log, Discard(frozenset(_cards(deal.discards))))
    seated = tuple(held[: knowledge.players])  # (two players: not the dead hand)
    return state_of(
        redeal(core, deal.now, deal.dealt, deal.kitty, discards, seated, log)
    )


def _with_discard(log: Log, discard: Discard) -> Log:
    """The log with its discard action replaced by ``discard``."""
    rebuilt: Log = None
    for seat, item in log_moves(log):
        rebuilt = (rebuilt, discard if isinstance(item, Discard) else item, seat)
    return rebuilt


def _mask_of(codes: Sequence[int]) -> int:
    mask = 0
    for code in codes:
        mask |= 1 << code
    return mask


def _cards(mask: int) -> tuple[Card, ...]:
    return tuple(CARDS_BY_CODE[code] for code in codes_from_mask(mask))


def _replay(
    view: SeatView,
    knowledge: _Knowledge,
    hands: Sequence[Sequence[Card]],
    kitty: Sequence[Card],
    discards: Sequence[Card],
) -> GameState:
    """The state of a deal given in cards (see :func:`_replay_deal`)."""
    dealt = tuple(mask_from_cards(hand) for hand in hands)
    deal = _Deal(dealt, dealt, mask_from_cards(kitty), mask_from_cards(discards))
    return _replay_deal(view, knowledge, deal)


def _replay_deal(view: SeatView, knowledge: _Knowledge, deal: _Deal) -> GameState:
    """The state of ``deal`` replayed action by action to the view's point.

    The hand starts from the deal's masks, checked to be a deal of the pack (the
    view's cards and a placement of the unknown ones are one by construction, unless
    the view is inconsistent); every action is checked by
    :func:`~five_hundred.state.apply`.
    """
    scores = view.scores
    if view.hand_result is not None:
        scores = tuple(a - b for a, b in zip(scores, view.hand_result, strict=True))
    rules = view.rules
    union = deal.kitty
    for mask in deal.dealt:
        union |= mask
    if (
        any(mask.bit_count() != HAND_SIZE for mask in deal.dealt)
        or deal.kitty.bit_count() != KITTY_SIZE
        or union != pack_mask(rules.players)
    ):
        _inconsistent()  # e.g. a hand of the view holding a card seen played
    state = hand_from_masks(
        rules,
        deal.dealt,
        deal.kitty,
        dealer=check_dealer(rules, view.dealer),
        scores=scores,
    )
    calls = view.calls
    plays = knowledge.plays
    called = played = 0
    while True:
        phase = state.phase
        if phase is _BIDDING and called < len(calls):
            state = apply(state, calls[called][1])
            called += 1
        elif phase is _PLAY and played < len(plays):
            for play in plays[played:]:  # the play ends only with the hand's last card
                if state.phase is not _PLAY:
                    break  # more plays than the hand has: refused below
                state = apply(state, play)
                played += 1
        elif phase in _STOPS or phase is view.phase:
            break
        elif phase is Phase.DISCARD:
            state = apply(state, Discard(frozenset(_cards(deal.discards))))
        elif phase is Phase.CALL_PARTNER:
            state = apply(state, CallPartner(view.partner_card))
        else:
            state = apply(state, NominateJoker(view.joker_suit))
    if (
        called < len(calls)
        or played < len(plays)
        or state.phase is not view.phase
        or state.to_act != view.to_act
    ):
        msg = "the view is inconsistent: its actions do not replay to its position"
        raise InvalidStateError(msg)
    return state
