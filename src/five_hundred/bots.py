"""Computer players: a random player and a simple rule-based player.

A player is anything with a ``choose(view, seat)`` method that returns a legal
:data:`~five_hundred.actions.Action` for the seat to act: the :class:`Player`
protocol.  :func:`play_hand` and :func:`play_game` hand each player the
:class:`~five_hundred.views.SeatView` of its seat, so a player cannot see what that
seat may not know.

>>> from five_hundred import RuleBasedPlayer, new_game, play_hand
>>> players = [RuleBasedPlayer() for _ in range(4)]
>>> state = play_hand(new_game(seed=7), players)
>>> state.is_over
True

The players here also accept the referee's :class:`~five_hundred.state.GameState`
(which is faster: no view has to be built from the whole hand), and then still read only what
the seat may know: its own hand, the auction, the contract, the trick in progress,
the partner card, its own discards and the legal actions.

Both players are deterministic: :class:`RuleBasedPlayer` has no randomness at all and
:class:`RandomPlayer` draws from its own seeded generator (the library's portable
SplitMix64), so a game between them replays exactly from the seeds.
"""

import functools
import secrets
from collections.abc import Sequence
from typing import Final, Protocol, cast, runtime_checkable

from five_hundred._checks import check_cards, check_rules
from five_hundred._estimates import CardOrder, card_order, pack_groups, strain_estimate
from five_hundred._rules_of_thumb import (
    follow_choice,
    keep_order,
    lead_choice,
    misere_choice,
    misere_discard,
    order_of,
    winning,
)
from five_hundred._shown import short_repr
from five_hundred.actions import Action, CallPartner, Discard, NominateJoker, PlayCard
from five_hundred.bidding import (
    MISERE,
    OPEN_MISERE,
    PASS,
    Call,
    Contract,
    Pass,
    TrickBid,
)
from five_hundred.cards import (
    CARDS_BY_CODE,
    JOKER,
    Card,
    Strain,
    Suit,
    card_code,
    cards_from_mask,
    mask_from_cards,
    quote,
)
from five_hundred.dealing import KITTY_SIZE, SplitMix64
from five_hundred.errors import InvalidStateError, wrong_type
from five_hundred.rules import Rules, side_of
from five_hundred.state import (
    GameState,
    Phase,
    apply,
    checked_state,
    legal_actions,
    new_game,
    next_hand,
    play_order,
)
from five_hundred.tricks import PlayContext
from five_hundred.views import SeatView, Trick, known_partner, view

__all__ = [
    "Player",
    "RandomPlayer",
    "RuleBasedPlayer",
    "hand_strength",
    "play_game",
    "play_hand",
]


@runtime_checkable
class Player(Protocol):
    """A computer (or human) player: picks the action of the seat to act."""

    def choose(self, view: SeatView, seat: int) -> Action:
        """The action ``seat`` takes, seeing the game through ``view``.

        ``seat`` is the seat to act (``view.seat``); the result must be one of
        ``view.legal_actions``.
        """
        ...


# -- what a seat may know ---------------------------------------------------------------


class _Seen:
    """What one seat may know, read from a view or (only as a view would) a state.

    Each fact is read only when a decision needs it.
    """

    def __init__(self, game: SeatView | GameState, seat: int) -> None:
        source = cast(object, game)
        if isinstance(source, SeatView):
            if source.seat != seat:
                msg = f"the view is seat {source.seat}'s, not seat {short_repr(seat)}'s"
                raise InvalidStateError(msg)
            self._view: SeatView | None = source
            self._state: GameState | None = None
        elif isinstance(source, GameState):
            self._view, self._state = None, source
        else:
            msg = f"expected a SeatView or a GameState; got {quote(game)}"
            raise InvalidStateError(msg)
        to_act = game.to_act
        if to_act is None:
            msg = f"nobody is to act ({game.phase.value}): there is nothing to choose"
            raise InvalidStateError(msg)
        if seat != to_act:
            msg = f"seat {short_repr(seat)} is not to act: seat {to_act} is"
            raise InvalidStateError(msg)
        self.seat = seat
        self.rules = game.rules
        self.phase = game.phase
        self.contract = cast(Contract, game.contract)
        self.partner_card = game.partner_card

    @functools.cached_property
    def hand(self) -> tuple[Card, ...]:
        if self._view is not None:
            return self._view.hand
        return cast(GameState, self._state).hands[self.seat]

    @property
    def bidder(self) -> int | None:
        """Who holds the standing bid."""
        if self._state is not None:
            return self._state.auction.bidder
        calls = cast(SeatView, self._view).calls
        return next((s for s, c in reversed(calls) if not isinstance(c, Pass)), None)

    @functools.cached_property
    def context(self) -> PlayContext:
        game = self._view if self._view is not None else self._state
        return cast(PlayContext, cast(SeatView | GameState, game).play_context)

    @functools.cached_property
    def trick(self) -> tuple[Card, ...]:
        if self._view is not None:
            trick = self._view.trick
            return () if trick is None else trick.cards
        return cast(GameState, self._state).trick

    @functools.cached_property
    def trick_seats(self) -> tuple[int, ...]:
        if self._view is not None:
            trick = self._view.trick
            return () if trick is None else trick.seats
        state = cast(GameState, self._state)
        leader, count = state.leader, len(self.trick)
        if leader is None or count == 0:
            return ()
        return play_order(state, leader)[:count]  # the one home of the seat order

    @property
    def led_suit(self) -> Suit:
        if self._view is not None:
            return cast(Suit, cast(Trick, self._view.trick).led_suit)
        return cast(Suit, cast(GameState, self._state).led_suit)

    @property
    def own_discards(self) -> tuple[Card, ...]:
        """The seat's own discards (asked only by the contractor)."""
        if self._view is not None:
            return self._view.discards
        state = cast(GameState, self._state)
        return state.discards if self.contract.contractor == self.seat else ()

    @functools.cached_property
    def partner(self) -> int | None:
        """Five players: the partner's seat, if this seat knows it.

        What a seat knows of its partner is decided by the views alone
        (:attr:`~five_hundred.views.SeatView.partner`): from a state, the same
        function of :mod:`five_hundred.views` that fills the view's field.
        """
        if self._view is not None:
            return self._view.partner
        return known_partner(cast(GameState, self._state), self.seat)

    def legal(self) -> tuple[Action, ...]:
        if self._view is not None:
            return self._view.legal_actions
        return legal_actions(cast(GameState, self._state))


# -- the random player ------------------------------------------------------------------


class RandomPlayer:
    """Chooses uniformly at random among the legal actions.

    The random numbers come from the player's own SplitMix64 generator, seeded by
    ``seed`` (drawn from the operating system if ``None``), so a seeded player makes
    the same choices on every machine.  A discard is three random cards of the hand,
    which is the same as a uniform choice among the legal discards.

    >>> from five_hundred import RandomPlayer, new_game, view
    >>> seen = view(new_game(seed=1), 1)
    >>> action = RandomPlayer(seed=5).choose(seen, 1)
    >>> action in seen.legal_actions
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        if seed is None:
            seed = secrets.randbits(64)
        elif type(cast(object, seed)) is not int:
            msg = f"invalid seed {quote(seed)}: expected a whole number"
            raise InvalidStateError(msg)
        self.seed: Final = seed
        self._rng = SplitMix64(seed)

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed})"

    def choose(self, game: SeatView | GameState, seat: int) -> Action:
        """A random legal action for ``seat`` (the seat to act).

        Raises:
            InvalidStateError: if ``seat`` is not the seat to act.
        """
        seen = _Seen(game, seat)
        if seen.phase is Phase.DISCARD:
            cards = list(seen.hand)
            chosen = [cards.pop(self._rng.below(len(cards))) for _ in range(KITTY_SIZE)]
            return Discard(frozenset(chosen))
        actions = seen.legal()
        return actions[self._rng.below(len(actions))]


# -- hand evaluation --------------------------------------------------------------------

_STRAINS: Final = tuple(Strain)
_MISERE: Final = PlayContext(Strain.NO_TRUMPS, misere=True)
_MIN_TRICKS: Final = 6
_MAX_TRICKS: Final = 10


def hand_strength(
    hand: Sequence[Card], strain: Strain, rules: Rules = Rules()
) -> float:
    """The tricks a side may expect in ``strain`` when one of its seats holds ``hand``.

    The estimate the players share: :class:`RuleBasedPlayer` bids up to it, and the
    sampling player (:class:`~five_hundred.sampling.SamplingPlayer`) reads the other
    seats' bids and passes with it.  It adds what the hand may take itself (with
    trumps: the six top trumps 1, 0.95, 0.8, 0.65, 0.4 and 0.2, a lower one 0.3,
    0.55 more for each trump past four, 0.85 an outside ace, 0.35 a guarded king,
    0.5 a void and 0.2 a singleton with three trumps or more; in No Trumps: the
    Joker, aces and long suits under them, guarded kings and queens, less 0.6 for
    a suit the opponents may run) to what partners and
    the kitty usually bring (2.4 to 3.0 tricks by the number of players, tuned by
    self-play).  It is a rule of thumb, not a promise: see
    :doc:`/explanation/bidding` for how hands are valued.

    >>> from five_hundred import Rules, Strain, parse_cards
    >>> hand = parse_cards("JK JH JD AH KH QH 10S AS KC 4D")
    >>> round(hand_strength(hand, Strain.HEARTS, Rules()), 2)
    9.25

    Raises:
        TypeError: if ``hand`` is not a sequence of cards (text: read it with
            :func:`~five_hundred.cards.parse_cards`), ``strain`` not a
            :class:`~five_hundred.cards.Strain` or ``rules`` not a
            :class:`~five_hundred.rules.Rules`.
        InvalidStateError: if the hand repeats a card.
    """
    cards = check_cards(hand)
    if len(set(cards)) != len(cards):
        msg = f"a hand holds each card once; got {quote(' '.join(map(str, cards)))}"
        raise InvalidStateError(msg)
    if not isinstance(cast(object, strain), Strain):
        wrong_type(strain, "a Strain")
    return strain_estimate(cards, strain, check_rules(rules))


def _estimates(hand: Sequence[Card], rules: Rules) -> dict[Strain, float]:
    """The tricks this seat's side may expect in each strain."""
    return {s: strain_estimate(hand, s, rules) for s in _STRAINS}


@functools.cache
def _misere_places(players: int) -> dict[Card, int]:
    """Each card's place in its suit of the pack, from 0 for the lowest."""
    places: dict[Card, int] = {}
    for suit, cards in pack_groups(players, _MISERE).items():
        if suit is not None:
            ordered = sorted(cards, key=card_order(_MISERE).power[suit].__getitem__)
            places.update((card, place) for place, card in enumerate(ordered))
    return places


def _misere_danger(hand: Sequence[Card], rules: Rules, *, slack: int) -> int:
    """How many cards of the hand risk winning a trick in misère.

    The ``k``-th lowest card a seat holds in a suit (from 0) is safe if no more than
    ``step * k + slack`` cards of the pack rank below it, where ``step`` is 2 (one
    with a single opponent); the Joker is always a danger.  The contractor's discard
    takes care of one dangerous card.
    """
    places = _misere_places(rules.players)
    step = 1 if rules.players == 2 else 2
    danger = 0
    for suit, cards in card_order(_MISERE).groups(hand).items():
        if suit is None:
            danger += 1
            continue
        ordered = sorted(places[card] for card in cards)
        danger += sum(place > step * k + slack for k, place in enumerate(ordered))
    return max(0, danger - 1)


# -- the rule-based player --------------------------------------------------------------


class RuleBasedPlayer:
    """A simple, sensible player built from rules of thumb.

    - **Bidding**: estimates the tricks its side can take in each strain (trumps,
      bowers, the Joker and aces, plus what partners and the kitty usually bring) and
      bids the cheapest bid in its best strain that outranks the standing bid, up to
      that estimate (its estimate at once in a single-round auction).  It bids
      misère with a hand of low cards, never bids over its partner, and otherwise
      passes.  It never bids sans kitty or blind misère.
    - **Kitty**: discards its weakest cards outside trumps, preferring to empty short
      suits; in misère it discards its most dangerous cards.
    - **The Joker**: in No Trumps or misère it nominates the Joker into its longest
      suit.
    - **Five players**: calls the highest trump it lacks as the partner card.
    - **Play**: follows with the lowest card that wins if it can win and its partner
      is not already winning, and otherwise with its lowest card; leads its high
      trumps and aces, else low from its longest suit.  In misère the contractor
      plays the highest card that still loses and the defenders play low.

    It has no randomness: the same state always gets the same action.

    >>> from five_hundred import RuleBasedPlayer, new_game, view
    >>> str(RuleBasedPlayer().choose(view(new_game(seed=1), 1), 1))
    '6H'
    """

    def __repr__(self) -> str:
        return "RuleBasedPlayer()"

    def choose(self, game: SeatView | GameState, seat: int) -> Action:
        """The action the rules of thumb pick for ``seat`` (the seat to act).

        Raises:
            InvalidStateError: if ``seat`` is not the seat to act.
        """
        seen = _Seen(game, seat)
        phase = seen.phase
        if phase is Phase.BIDDING:
            return _bid(seen)
        if phase is Phase.DISCARD:
            return _discard(seen)
        if phase is Phase.NOMINATE:
            return _nominate(seen)
        if phase is Phase.CALL_PARTNER:
            return _call_partner(seen)
        return _play(seen)


def _bid(seen: _Seen) -> Call:
    rules, seat = seen.rules, seen.seat
    bidder = seen.bidder
    if (
        bidder is not None
        and bidder != seat
        and rules.partnerships
        and side_of(rules, bidder) == side_of(rules, seat)
    ):
        return PASS
    legal = cast(tuple[Call, ...], seen.legal())
    estimates = _estimates(seen.hand, rules)
    single = rules.single_round_auction
    for strain in sorted(_STRAINS, key=lambda s: (-estimates[s], -s)):
        top = min(_MAX_TRICKS, int(estimates[strain]))
        if top < _MIN_TRICKS:
            break
        for tricks in [top] if single else range(_MIN_TRICKS, top + 1):
            bid = TrickBid(tricks, strain)
            if bid in legal:
                return bid
    best = max(estimates.values())
    if _misere_danger(seen.hand, rules, slack=1) == 0:
        if (
            OPEN_MISERE in legal
            and best < _MIN_TRICKS + 1
            and _misere_danger(seen.hand, rules, slack=0) == 0
        ):
            return OPEN_MISERE
        if MISERE in legal and best < _MIN_TRICKS + 2:
            return MISERE
    return PASS


def _discard(seen: _Seen) -> Discard:
    context = seen.context
    held = mask_from_cards(seen.hand)
    if context.misere:
        return Discard(frozenset(cards_from_mask(misere_discard(context.key, held))))
    kept = keep_order(context.key, held)
    return Discard(frozenset(CARDS_BY_CODE[code] for code in kept[:KITTY_SIZE]))


def _longest_suit(cards: Sequence[Card], order: CardOrder) -> Suit:
    groups = order.groups(cards)
    return max(Suit, key=lambda s: (len(groups.get(s, ())), s))


def _nominate(seen: _Seen) -> NominateJoker:
    rest = [c for c in seen.hand if c != JOKER]
    if not rest:
        return NominateJoker(None)
    return NominateJoker(_longest_suit(rest, card_order(seen.context)))


def _call_partner(seen: _Seen) -> CallPartner:
    context = seen.context
    order = card_order(context)
    bid = seen.contract.bid
    if isinstance(bid, TrickBid) and bid.strain is not Strain.NO_TRUMPS:
        suit = cast(Suit, bid.strain.suit)
    else:
        suit = _longest_suit(seen.hand, order)
    mine = {*seen.hand, *seen.own_discards}
    candidates = [
        card
        for card in pack_groups(seen.rules.players, context).get(suit, ())
        if card != JOKER and card not in mine
    ]
    if not candidates:
        return CallPartner(None)
    return CallPartner(max(candidates, key=order.power[suit].__getitem__))


def _play(seen: _Seen) -> PlayCard:
    plays = cast(tuple[PlayCard, ...], seen.legal())
    if len(plays) == 1:
        return plays[0]
    context = seen.context
    order = card_order(context)
    options: dict[Card, list[PlayCard]] = {}
    for play in plays:
        options.setdefault(play.card, []).append(play)
    cards = list(options)
    if len(cards) == 1:
        card = cards[0]
    elif context.misere:
        card = _misere_card(seen, cards)
    else:
        card = _trick_card(seen, cards)
    chosen = options[card]
    if len(chosen) == 1:
        return chosen[0]
    # Leading the free Joker: name the suit this seat holds most of.
    rest = [c for c in seen.hand if c != JOKER]
    longest = _longest_suit(rest, order) if rest else None
    return next((p for p in chosen if p.suit == longest), chosen[0])


def _with_me(seen: _Seen, other: int) -> bool:
    """Whether ``other`` is known to play on this seat's side this hand."""
    rules, seat = seen.rules, seen.seat
    if other == seat:
        return True
    if rules.partnerships:
        return side_of(rules, other) == side_of(rules, seat)
    if seen.partner_card is None:  # nobody called a partner: everyone plays alone
        return False
    partner, contractor = seen.partner, seen.contract.contractor
    if partner is None:
        return False
    return {seat, other} == {partner, contractor}


def _trick_card(seen: _Seen, cards: list[Card]) -> Card:
    """The lead or follow of a trick contract: the shared rules of thumb on codes."""
    order = order_of(seen.context.key)
    choices = tuple(sorted(card_code(c) for c in cards))
    if not seen.trick:
        attacking = _with_me(seen, seen.contract.contractor)
        return CARDS_BY_CODE[lead_choice(order, choices, attacking)]
    led = seen.led_suit.value
    index, power = winning(order, tuple(card_code(c) for c in seen.trick), led)
    beat = not _with_me(seen, seen.trick_seats[index])
    return CARDS_BY_CODE[follow_choice(order, choices, led, power, beat)]


def _misere_card(seen: _Seen, cards: list[Card]) -> Card:
    """The lead or follow of a misère contract: the shared rules of thumb on codes."""
    order = order_of(seen.context.key)
    choices = tuple(sorted(card_code(c) for c in cards))
    if not seen.trick:
        return CARDS_BY_CODE[min(choices, key=order.low.__getitem__)]
    led = seen.led_suit.value
    index, power = winning(order, tuple(card_code(c) for c in seen.trick), led)
    contractor = seen.contract.contractor
    under = seen.trick_seats[index] == contractor
    choice = misere_choice(order, choices, led, power, seen.seat == contractor, under)
    return CARDS_BY_CODE[choice]


# -- playing hands and games ------------------------------------------------------------


def _check_players(rules: Rules, players: Sequence[Player]) -> None:
    if len(players) != rules.players:
        msg = f"a {rules.players}-player game needs {rules.players} players; got {len(players)}"
        raise InvalidStateError(msg)


def play_hand(state: GameState, players: Sequence[Player]) -> GameState:
    """Play the hand in progress to its end, each seat choosing with its player.

    Each player sees the game through its seat's :func:`~five_hundred.views.view`.
    Returns the state once the hand (or the game) is over.

    Raises:
        InvalidStateError: if the number of players does not match the rules.
        IllegalActionError: if a player returns an illegal action.
    """
    checked_state(state)
    _check_players(state.rules, players)
    while state.to_act is not None:
        seat = state.to_act
        state = apply(state, players[seat].choose(view(state, seat), seat))
    return state


def play_game(
    players: Sequence[Player],
    rules: Rules = Rules(),
    *,
    seed: int | None = None,
    dealer: int = 0,
    max_hands: int = 1000,
) -> GameState:
    """Play a whole game between ``players`` (one per seat) and return its last state.

    The game is dealt by :func:`~five_hundred.state.new_game` from ``seed``.  It stops
    when a side wins (the state is in the ``GAME_OVER`` phase) or after ``max_hands``
    hands (the state is then in ``HAND_OVER``).

    >>> from five_hundred import RuleBasedPlayer, Rules, play_game
    >>> end = play_game([RuleBasedPlayer()] * 4, Rules(target=200), seed=3)
    >>> end.phase.value, len(end.winners) > 0
    ('game_over', True)
    """
    _check_players(rules, players)
    state = new_game(rules, seed=seed, dealer=dealer)
    for number in range(max_hands):
        state = play_hand(state, players)
        if state.phase is Phase.GAME_OVER or number == max_hands - 1:
            break
        state = next_hand(state)
    return state
