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

import attrs

from five_hundred.actions import Action, PlayCard
from five_hundred.bidding import Call, Contract, MisereBid, MisereKind, TrickBid
from five_hundred.cards import Card, Suit, format_cards, quote
from five_hundred.dealing import pack
from five_hundred.errors import InvalidStateError
from five_hundred.rules import Rules, side_of
from five_hundred.state import GameState, Phase, legal_actions, play_order
from five_hundred.tricks import (
    PlayContext,
    contract_context,
    effective_suit,
    trick_winner,
)

__all__ = ["SeatView", "Trick", "known_partner", "view"]


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
class SeatView:
    """What one seat may know about a game: a frozen value built by :func:`view`.

    Every field is either public at the table or this seat's own knowledge; nothing
    here tells where another seat's hidden cards are.
    """

    rules: Rules
    """The rules of the game."""
    seat: int
    """The seat this view belongs to."""
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

    @property
    def side(self) -> int:
        """This seat's side."""
        return side_of(self.rules, self.seat)

    @property
    def is_to_act(self) -> bool:
        """Whether it is this seat's turn."""
        return self.to_act == self.seat

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
        lines = [
            f"Seat {self.seat} (side {self.side}), hand {self.hand_number}, "
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
            lines.append(f"Contract: {self.contract}")
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


def _led(play: PlayCard, context: PlayContext) -> Suit | None:
    suit = effective_suit(play.card, context)
    return play.suit if suit is None else suit


def _tricks(state: GameState) -> tuple[tuple[Trick, ...], Trick | None]:
    """The completed tricks and the trick in progress, from the hand's actions."""
    contract, context = state.contract, state.play_context
    if contract is None or context is None:
        return (), None
    plays = [action for action in state.actions if isinstance(action, PlayCard)]
    size = state.rules.players - len(state.sitting_out)
    leader = contract.contractor
    done: list[Trick] = []
    for start in range(0, len(plays), size):
        group = plays[start : start + size]
        seats = play_order(state, leader)
        pairs = tuple(zip(seats, (play.card for play in group), strict=False))
        led = _led(group[0], context)
        if len(group) < size:
            return tuple(done), Trick(leader, pairs, led)
        winner = seats[trick_winner([card for _, card in pairs], context, led)]
        done.append(Trick(leader, pairs, led, winner))
        leader = winner
    current = Trick(leader) if state.phase is Phase.PLAY else None
    return tuple(done), current


def _kitty_seen(state: GameState, seat: int) -> bool:
    """Whether ``seat`` took up the kitty: the contractor, unless sans kitty."""
    contract = state.contract
    if contract is None or contract.contractor != seat:
        return False
    return not (isinstance(contract.bid, TrickBid) and contract.bid.sans_kitty)


_IN_PLAY = frozenset({Phase.PLAY, Phase.HAND_OVER, Phase.GAME_OVER})


def _exposed(state: GameState) -> tuple[Card, ...]:
    """The open-misère contractor's cards, once they are shown to everyone."""
    contract = state.contract
    if (
        contract is None
        or not isinstance(contract.bid, MisereBid)
        or contract.bid.kind is not MisereKind.OPEN
        or state.phase not in _IN_PLAY
    ):
        return ()
    if state.tricks_played == 0 and not state.rules.open_misere_exposed_before_lead:
        return ()
    return state.hands[contract.contractor]


def known_partner(state: GameState, seat: int) -> int | None:
    """Five players: the partner's seat if ``seat`` knows it, else ``None``.

    The partner knows from the start (it holds the called card); every other seat,
    the contractor too, learns it when the partner card is played
    (:ref:`rules-five-players`). This is the one place that decides it:
    :attr:`SeatView.partner` holds the answer, and players read it from there.
    """
    partner = state.partner
    if partner is None or partner == seat:
        return partner
    card = state.partner_card
    played = any(
        isinstance(action, PlayCard) and action.card == card for action in state.actions
    )
    return partner if played else None


def view(state: GameState, seat: int) -> SeatView:
    """What ``seat`` may know about the game in ``state``.

    Raises:
        InvalidStateError: if ``seat`` is not a seat of the game.

    >>> from five_hundred import new_game, view
    >>> state = new_game(seed=7)
    >>> seen = view(state, 0)
    >>> len(seen.hand), len(seen.unseen)
    (10, 33)
    >>> view(state, 4)
    Traceback (most recent call last):
    ...
    five_hundred.errors.InvalidStateError: invalid seat '4': seats are 0 to 3
    """
    rules = state.rules
    if type(seat) is not int or not 0 <= seat < rules.players:
        msg = f"invalid seat {quote(seat)}: seats are 0 to {rules.players - 1}"
        raise InvalidStateError(msg)
    hands = state.hands
    done, current = _tricks(state)
    kitty_seen = _kitty_seen(state, seat)
    return SeatView(
        rules=rules,
        seat=seat,
        phase=state.phase,
        to_act=state.to_act,
        dealer=state.dealer,
        hand_number=state.hand_number,
        scores=state.scores,
        hand=hands[seat],
        calls=state.auction.calls,
        contract=state.contract,
        joker_suit=state.joker_suit,
        partner_card=state.partner_card,
        partner=known_partner(state, seat),
        trick=current,
        tricks=done,
        suits_led=state.suits_led,
        shown_void=state.shown_void,
        tricks_won=state.tricks_won,
        tricks_won_by_seat=state.tricks_won_by_seat,
        hand_sizes=tuple(len(hand) for hand in hands),
        sitting_out=state.sitting_out,
        kitty=state.kitty if kitty_seen else (),
        discards=state.discards if kitty_seen else (),
        exposed=_exposed(state),
        hand_result=state.hand_result,
        winners=state.winners,
        legal_actions=legal_actions(state) if state.to_act == seat else (),
    )
