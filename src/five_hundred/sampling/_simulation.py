"""Bidding by simulation: deals that fit the auction, solved or played out by rule.

The sampling player's bids (and, when asked, its discard) are valued on deals of the
unseen cards that fit what each other seat's last call showed, played out by the
rule-based player's play (:func:`~five_hundred._rules_of_thumb.rule_policy`), or, with
a node limit, solved double-dummy where the solve finishes within it.
"""

import random
import time
from collections.abc import Sequence
from typing import Final, NamedTuple

from five_hundred._engine.api import play_setup
from five_hundred._engine.codes import HAND_SIZE, codes_from_mask
from five_hundred._engine.core import Record, with_hands
from five_hundred._engine.playout import Policy, play_out
from five_hundred._estimates import strain_estimate
from five_hundred._rules_of_thumb import (
    misere_discard,
    rule_discard,
    rule_policy,
    seat_friends,
    side_mask,
)
from five_hundred.bidding import MISERE, Bid, MisereBid, Pass, TrickBid, outranks
from five_hundred.bots import RuleBasedPlayer
from five_hundred.cards import CARDS_BY_CODE, Card, Strain, mask_from_cards
from five_hundred.dealing import pack_mask
from five_hundred.rules import Rules, side_of
from five_hundred.scoring import contracting_sides, score_hand
from five_hundred.search.solver import solve_core_bounds
from five_hundred.state import (
    GameState,
    Phase,
    apply,
    legal_actions,
    new_hand,
    record_of,
)
from five_hundred.views import SeatView, view

_FEWEST_DEALS: Final = 4
"""Deals simulated at least for a bid, whatever the time budget."""
_REDRAWS: Final = 40
"""How many times an opponent's hand is redrawn to fit its bid (then taken as is)."""


def _contract_deal(
    rules: Rules,
    hands: Sequence[Sequence[Card]],
    kitty: Sequence[Card],
    dealer: int,
    bid: Bid,
) -> GameState:
    """A new hand of this deal in which ``bid`` may be the first call.

    For a misère, under the rules without the seven-trick gate
    (:ref:`rules-misere-gate`): the gate shapes only the auction, not the play.
    """
    if isinstance(bid, MisereBid) and rules.misere:
        rules = rules.replace(misere_needs_seven=False)
    return new_hand(rules, hands, kitty, dealer=dealer)


def _contract_state(deal: GameState, seat: int, bid: Bid) -> GameState | None:
    """The deal's hand with ``seat`` winning the auction at ``bid``, in the play."""
    helper = RuleBasedPlayer()
    state = deal
    while state.phase is Phase.BIDDING:
        actor = state.to_act
        assert actor is not None
        call = (
            bid if actor == seat and (seat, bid) not in state.auction.calls else Pass()
        )
        if call not in legal_actions(state):
            call = Pass()
        state = apply(state, call)
    contract = state.contract
    if contract is None or contract.contractor != seat or contract.bid != bid:
        return None
    while state.phase is not Phase.PLAY and state.to_act is not None:
        actor = state.to_act
        state = apply(state, helper.choose(view(state, actor), actor))
    return state if state.to_act is not None else None


class _Contract(NamedTuple):
    """A contract to simulate: who plays it, in which strain, from which template."""

    contractor: int
    core: Record
    """A state in the play of this contract (its hands are replaced by each sample)."""
    friends: tuple[int, ...]
    team: int


Kind = Strain | MisereBid
"""The kind of a simulated contract: a trick bid's strain, or a (closed) misère."""
Deal = tuple[tuple[int, ...], int]
"""A simulated deal: each seat's hand and the kitty, as masks."""
Shown = tuple[tuple[int, tuple[int, ...], bool], ...]
"""What the auction showed of each other seat: ``(seat, levels, passed)``.

``levels`` holds a number of tricks for each strain (in the order of
:class:`~five_hundred.cards.Strain`): after a trick bid the seat's hand is valued
(by :class:`RuleBasedPlayer`'s estimate) at least the bid's tricks in its strain (the
others are 0); after a pass, below each strain's level in every strain (it could not
outbid the standing bid)."""

MISERE_NODES: Final = 20_000
"""The solver's node limit for one simulated deal of a misère (see
:meth:`_BidSimulator.misere`)."""

_NO_LEVEL: Final = 0
_ANY_LEVEL: Final = 11


def _shown(seen: SeatView) -> Shown:
    """What each other seat's last call says of its hand (see :data:`Shown`).

    A pass says nothing when the seat's partner held the standing bid (the rules of
    thumb never bid over a partner); a misère bid says nothing either.
    """
    rules = seen.rules
    strains = list(Strain)
    last: dict[int, tuple[tuple[int, ...], bool] | None] = {}
    standing: tuple[int, Bid] | None = None
    for seat, call in seen.calls:
        if isinstance(call, Pass):
            if standing is not None and (
                standing[0] != seat
                and rules.partnerships
                and side_of(rules, standing[0]) == side_of(rules, seat)
            ):
                last[seat] = None
                continue
            levels = []
            for strain in strains:
                level = 6
                while (
                    level <= 10
                    and standing is not None
                    and not outranks(TrickBid(level, strain), standing[1], rules)
                ):
                    level += 1
                levels.append(level)
            last[seat] = (tuple(levels), True)
        else:
            standing = (seat, call)
            if isinstance(call, TrickBid):
                levels = [_NO_LEVEL] * len(strains)
                levels[strains.index(call.strain)] = call.tricks
                last[seat] = (tuple(levels), False)
            else:
                last[seat] = None
    shown = [
        (seat, *found)
        for seat, found in last.items()
        if found is not None and seat != seen.seat
    ]
    # the bidders first: their hands are the least likely, the passes take the rest
    shown.sort(key=lambda item: (item[2], item[0]))
    return tuple(shown)


def _fits(
    cards: Sequence[Card], levels: tuple[int, ...], passed: bool, rules: Rules
) -> bool:
    """Whether a hand fits what a seat's call showed (see :data:`Shown`)."""
    for strain, level in zip(Strain, levels, strict=True):
        if passed:
            if strain_estimate(cards, strain, rules) >= level:
                return False
        elif level != _NO_LEVEL and strain_estimate(cards, strain, rules) < level:
            return False
    return True


class _BidSimulator:
    """Simulates contracts for one seat's hand: sampled deals played out by rule.

    The unseen cards are dealt at random to the other seats and the kitty, each
    other seat that bid getting a hand (redrawn :data:`_REDRAWS` times at most) that
    :class:`RuleBasedPlayer` would value at its bid: the other seats are modelled as
    rule-of-thumb bidders.  The contractor takes up the kitty and discards as
    :class:`RuleBasedPlayer`, and the hand is played out by :func:`~five_hundred._rules_of_thumb.rule_policy`.
    With a ``node_limit`` and two sides, each deal is first solved double-dummy
    within that many solver nodes; a deal whose solve does not finish is played out.
    Every contract is played on the same deals; each gives the tricks of each side.
    """

    def __init__(
        self,
        seen: SeatView,
        seat: int,
        rng: random.Random,
        node_limit: int | None = None,
    ) -> None:
        self.rules = rules = seen.rules
        self.seat = seat
        self.dealer = seen.dealer
        self.own = mask_from_cards(seen.hand)
        self.unseen = codes_from_mask(pack_mask(rules.players) & ~self.own)
        self.rng = rng
        self.friends = seat_friends(rules)
        self.side = side_of(rules, seat)
        # the solver gives the contracting side's tricks: with two sides, every side's
        self.node_limit = node_limit if rules.sides == 2 else None
        self._contracts: dict[tuple[int, Kind], _Contract | None] = {}
        self._deals: dict[Shown, list[Deal]] = {}
        self._played: dict[tuple[int, Kind, Shown], list[tuple[int, ...]]] = {}
        self._scores: dict[tuple[Bid, tuple[int, ...], int], float] = {}
        self.deadline: float | None = None
        """A :func:`time.perf_counter` time after which fewer deals are drawn."""

    def _deal(self, shown: Shown) -> Deal:
        """One random deal of the unseen cards that fits the bids ``shown``."""
        rules, pool = self.rules, list(self.unseen)
        rng = self.rng
        hands = [0] * rules.players
        hands[self.seat] = self.own
        for seat, levels, passed in shown:
            for _ in range(_REDRAWS):
                rng.shuffle(pool)
                cards = [CARDS_BY_CODE[c] for c in pool[:HAND_SIZE]]
                if _fits(cards, levels, passed, rules):
                    break
            hands[seat] = _mask_of(pool[:HAND_SIZE])
            del pool[:HAND_SIZE]
        rng.shuffle(pool)
        for seat in range(rules.players):
            if seat != self.seat and all(seat != s for s, _, _ in shown):
                hands[seat] = _mask_of(pool[:HAND_SIZE])
                del pool[:HAND_SIZE]
        return tuple(hands), _mask_of(pool)

    def deals(self, shown: Shown, count: int) -> list[Deal]:
        """``count`` deals that fit the bids ``shown`` (the same ones on each call).

        Fewer (:data:`_FEWEST_DEALS` at least) once :attr:`deadline` has passed.
        """
        deals = self._deals.setdefault(shown, [])
        deadline = self.deadline
        while len(deals) < count:
            if (
                deadline is not None
                and len(deals) >= _FEWEST_DEALS
                and time.perf_counter() > deadline
            ):
                break
            deals.append(self._deal(shown))
        return deals[:count]

    def contract(self, contractor: int, kind: Kind) -> _Contract | None:
        """The template of ``contractor``'s contract of ``kind`` (cached)."""
        key = (contractor, kind)
        if key not in self._contracts:
            hands, kitty = self._deal(())
            cards = [tuple(CARDS_BY_CODE[c] for c in codes_from_mask(m)) for m in hands]
            rest = tuple(CARDS_BY_CODE[c] for c in codes_from_mask(kitty))
            bid = TrickBid(6, kind) if isinstance(kind, Strain) else kind
            deal = _contract_deal(self.rules, cards, rest, self.dealer, bid)
            state = _contract_state(deal, contractor, bid)
            made = None
            if state is not None:
                team = side_mask(self.rules, contractor)
                made = _Contract(contractor, record_of(state), self.friends, team)
            self._contracts[key] = made
        return self._contracts[key]

    def tricks(
        self, contractor: int, kind: Kind, shown: Shown, count: int
    ) -> list[tuple[int, ...]]:
        """Each side's tricks in ``count`` simulated plays of a contract (cached).

        ``kind`` is the contract's strain, or :data:`~five_hundred.bidding.MISERE`
        (then played out by rule: :meth:`misere` judges the deals made).
        """
        key = (contractor, kind, shown)
        found = self._played.get(key)
        if found is not None and len(found) >= count:
            return found[:count]
        deals = self.deals(shown, count)
        if found is not None and len(found) >= len(deals):
            return found
        contract = self.contract(contractor, kind)
        if contract is None:
            return []
        misere = not isinstance(kind, Strain)
        policy = rule_policy(
            play_setup(contract.core),
            contract.team,
            contract.friends,
            misere=contractor if misere else -1,
        )
        out = []
        for dealt, kitty in deals:
            core = _dealt_core(contract, dealt, kitty, misere)
            if misere:
                won, _ = play_out(core, self.rng.random, policy)
                out.append(_by_side(self.rules, won))
            else:
                out.append(self._result(core, contractor, policy))
        self._played[key] = out
        return out

    def misere(
        self, contractor: int, shown: Shown, count: int
    ) -> list[tuple[int, ...]]:
        """Each side's tricks in ``count`` simulated misères, judged double-dummy.

        Each deal is first played out by rule (:meth:`tricks`); a misère lost that
        way counts as lost.  One made is judged as the bid advisor judges a misère:
        the search asks only whether the defence can give the contractor a trick,
        within :data:`MISERE_NODES` nodes (a deal it does not settle keeps its
        playout).  So a misère is made at most as often as its playouts make it.
        Only the contractor's side's count scores (the defenders score nothing).
        """
        played = self.tricks(contractor, MISERE, shown, count)
        contract = self.contract(contractor, MISERE)
        if contract is None:
            return played
        ours = side_of(self.rules, contractor)
        lost = tuple(int(side == ours) for side in range(self.rules.sides))
        out = []
        for (dealt, kitty), result in zip(
            self.deals(shown, len(played)), played, strict=True
        ):
            if not result[ours]:
                core = _dealt_core(contract, dealt, kitty, True)
                bounds = solve_core_bounds(core, None, MISERE_NODES, ceiling=1)
                if bounds.low >= 1:
                    result = lost
            out.append(result)
        return out

    def _result(self, core: Record, contractor: int, policy: Policy) -> tuple[int, ...]:
        """Each side's tricks in one deal: solved within the node limit, else played."""
        limit = self.node_limit
        if limit is not None:
            bounds = solve_core_bounds(core, None, limit)
            if bounds.exact:
                ours = side_of(self.rules, contractor)
                return tuple(
                    bounds.low if side == ours else HAND_SIZE - bounds.low
                    for side in range(2)
                )
        won, _ = play_out(core, self.rng.random, policy)
        return _by_side(self.rules, won)

    def value(self, bid: Bid, contractor: int, results: list[tuple[int, ...]]) -> float:
        """The mean over ``results`` of this side's score less the others' mean."""
        total = 0.0
        for by_side in results:
            key = (bid, by_side, contractor)
            found = self._scores.get(key)
            if found is None:
                contractors = contracting_sides(self.rules, contractor)
                changes = score_hand(bid, by_side, contractors, rules=self.rules)
                others = [c for s, c in enumerate(changes) if s != self.side]
                found = changes[self.side] - sum(others) / len(others)
                self._scores[key] = found
            total += found
        return total / len(results)


def _dealt_core(
    contract: _Contract, dealt: tuple[int, ...], kitty: int, misere: bool
) -> Record:
    """The contract's template with a deal's hands and the kitty taken up.

    The contractor discards by rule (in a misère,
    :func:`~five_hundred._rules_of_thumb.misere_discard`).
    """
    hands = list(dealt)
    seat = contract.contractor
    held = hands[seat] | kitty
    discards = misere_discard if misere else rule_discard
    hands[seat] = held & ~discards(play_setup(contract.core).key, held)
    return with_hands(contract.core, tuple(hands))


def _by_side(rules: Rules, won: int) -> tuple[int, ...]:
    """Each side's tricks from the playout's tricks by seat (4 bits a seat)."""
    by_side = [0] * rules.sides
    for seat in range(rules.players):
        by_side[side_of(rules, seat)] += won >> 4 * seat & 15
    return tuple(by_side)


def _mask_of(codes: Sequence[int]) -> int:
    mask = 0
    for code in codes:
        mask |= 1 << code
    return mask
