"""Tests for five_hundred.views: what one seat may know, and that nothing else leaks."""

import enum
import itertools
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.random_games import play_random_game
from tests.strategies import PLAYER_COUNTS, rules, seeds

from five_hundred import (
    OPEN_MISERE,
    PASS,
    CallPartner,
    Card,
    GameState,
    InvalidStateError,
    MisereBid,
    NominateJoker,
    Pass,
    Phase,
    PlayCard,
    Rules,
    SeatView,
    Trick,
    TrickBid,
    apply,
    legal_actions,
    new_game,
    parse_action,
    parse_bid,
    side_of,
    view,
)

# -- the no-leak invariant ----------------------------------------------------------

_BEFORE_PLAY = frozenset(
    {Phase.BIDDING, Phase.DISCARD, Phase.NOMINATE, Phase.CALL_PARTNER}
)


def visible_cards(seen: SeatView, *, previous: bool = False) -> set[Card]:
    """Every card the view places somewhere (in a hand, a trick, the kitty, ...).

    The walk covers every field, so a field added later is checked too.  The partner
    card and the cards named by ``CALL`` actions are left out: they name a card, not
    where it is.  The cards of the previous hand's outcome are left out too (they
    are of another deal), unless ``previous``: then only they are walked.
    """
    found: set[Card] = set()

    def walk(value: object) -> None:
        if value is None or isinstance(value, (int, str, enum.Enum, *_NO_CARDS)):
            return
        if isinstance(value, Card):
            found.add(value)
        elif isinstance(value, tuple | frozenset):
            for item in value:
                walk(item)
        else:
            for name in _field_names(type(value)):
                walk(getattr(value, name))

    if previous:
        walk(seen.previous_hand)
        return found
    for name in _field_names(SeatView):
        if name not in {"rules", "partner_card", "previous_hand"}:
            walk(getattr(seen, name))
    return found


_NO_CARDS = (CallPartner, Rules, Pass, TrickBid, MisereBid)


_FIELDS: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    """The fields of an attrs class (every value in a view is one, or a collection)."""
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(field.name for field in attrs.fields(cls))
    return names


def played_cards(state: GameState) -> set[Card]:
    return {a.card for a in state.actions if isinstance(a, PlayCard)}


def nomination_hidden(state: GameState, seat: int | None) -> bool:
    """Whether ``seat`` sees the play instead of the nomination phase
    (:ref:`rules-nomination-hidden`)."""
    contract = state.contract
    return (
        state.phase is Phase.NOMINATE
        and contract is not None
        and contract.contractor != seat
    )


def exposure_due(state: GameState, seat: int | None) -> bool:
    """Whether the open-misère hand is public now (:ref:`rules-open-misere-exposed`)."""
    contract = state.contract
    if contract is None or contract.bid != OPEN_MISERE:
        return False
    if state.phase in _BEFORE_PLAY and not nomination_hidden(state, seat):
        return False
    return state.rules.open_misere_exposed_before_lead or state.tricks_played >= 1


def previous_hand_cards(state: GameState) -> set[Card]:
    """The cards played in the last hand, while a view shows how it ended."""
    if state.moves or not state.history:
        return set()
    return {a.card for a in state.history[-1].actions if isinstance(a, PlayCard)}


def took_kitty(state: GameState, seat: int) -> bool:
    contract = state.contract
    return (
        contract is not None
        and contract.contractor == seat
        and not getattr(contract.bid, "sans_kitty", False)
    )


def allowed_cards(state: GameState, seat: int) -> set[Card]:
    """What ``seat`` may see: its hand, the cards played, its kitty, the exposed hand."""
    allowed = set(state.hands[seat]) | played_cards(state)
    if took_kitty(state, seat):
        allowed |= set(state.kitty) | set(state.discards)
    if exposure_due(state, seat):
        assert state.contract is not None
        allowed |= set(state.hands[state.contract.contractor])
    return allowed


def check_view(state: GameState, seat: int) -> SeatView:
    """Check every invariant of ``view(state, seat)`` and return the view."""
    seen = view(state, seat)
    visible = visible_cards(seen)
    leaked = visible - allowed_cards(state, seat)
    assert not leaked, f"seat {seat} sees {sorted(map(str, leaked))}"
    assert visible_cards(seen, previous=True) <= previous_hand_cards(state)
    assert not visible & set(state.dead_hand)
    # Own knowledge and public facts are all there.
    assert seen.hand == state.hands[seat]
    assert seen.hand_sizes == tuple(len(hand) for hand in state.hands)
    assert seen.calls == state.auction.calls
    assert seen.contract == state.contract
    assert seen.scores == state.scores
    assert seen.tricks_won == state.tricks_won
    assert seen.shown_void == state.shown_void
    assert seen.suits_led == state.suits_led
    assert seen.sitting_out == state.sitting_out
    assert seen.hand_result == state.hand_result
    assert seen.winners == state.winners
    if took_kitty(state, seat):
        assert seen.kitty == state.kitty
        assert seen.discards == state.discards
    else:
        assert seen.kitty == seen.discards == ()
    if exposure_due(state, seat):
        assert state.contract is not None
        assert seen.exposed == state.hands[state.contract.contractor]
    else:
        assert seen.exposed == ()
    expected = legal_actions(state) if state.to_act == seat else ()
    assert seen.legal_actions == expected
    assert seen.is_to_act == (state.to_act == seat)
    # The tricks rebuilt from the actions agree with the state.
    plays = [a.card for a in state.actions if isinstance(a, PlayCard)]
    assert seen.played == tuple(plays)
    assert len(seen.tricks) == state.tricks_played
    wins = [0] * state.rules.players
    for trick in seen.tricks:
        assert trick.winner is not None
        wins[trick.winner] += 1
    assert tuple(wins) == state.tricks_won_by_seat
    if state.phase is Phase.PLAY:
        assert seen.trick is not None
        assert seen.trick.cards == state.trick
        assert seen.trick.leader == state.leader
        assert seen.trick.led_suit == state.led_suit
    elif nomination_hidden(state, seat):
        assert state.contract is not None
        contractor = state.contract.contractor
        assert (seen.phase, seen.to_act) == (Phase.PLAY, contractor)
        assert seen.trick == Trick(contractor)
    else:
        assert seen.trick is None
    # Five players: the partner's seat only once the card is played (or to itself).
    if state.partner is not None and state.partner != seat:
        revealed = state.partner_card in played_cards(state)
        assert seen.partner == (state.partner if revealed else None)
    assert seen.partner_card == state.partner_card
    assert set(seen.unseen).isdisjoint(visible)
    return seen


def states_of(players: int, seed: int, max_hands: int = 2) -> Iterator[GameState]:
    yield from play_random_game(Rules(players=players), seed, max_hands=max_hands)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_no_leak_over_random_games(players: int) -> None:
    count = 0
    for seed in range(8):
        for state in states_of(players, seed):
            for seat in range(players):
                check_view(state, seat)
            count += 1
    assert count >= 200


@settings(max_examples=25)
@given(rules(), seeds())
def test_no_leak_property(game_rules: Rules, seed: int) -> None:
    for state in play_random_game(game_rules, seed, max_hands=1):
        for seat in range(game_rules.players):
            check_view(state, seat)


def test_random_games_reach_misere_and_trick_contracts() -> None:
    kinds: set[str] = set()
    for players, seed in itertools.product((3, 4, 5, 6), range(10)):
        for state in states_of(players, seed, max_hands=3):
            if state.contract is not None:
                bid = state.contract.bid
                kinds.add(bid.kind.value if isinstance(bid, MisereBid) else "trick")
    assert {"trick", "MIS", "OMIS", "BMIS"} <= kinds


# -- scripted hands -------------------------------------------------------------------


def bid_out(state: GameState, winner: int, bid: str) -> GameState:
    """Run the auction: ``winner`` bids ``bid`` at its first turn, everyone passes."""
    while state.phase is Phase.BIDDING:
        call = parse_bid(bid) if state.to_act == winner else PASS
        state = apply(state, call)
    return state


def first_action(state: GameState) -> GameState:
    return apply(state, legal_actions(state)[0])


def test_view_at_the_start() -> None:
    state = new_game(seed=5)
    for seat in range(4):
        seen = view(state, seat)
        assert seen.phase is Phase.BIDDING
        assert seen.hand == state.hands[seat]
        assert seen.kitty == seen.discards == seen.exposed == ()
        assert seen.trick is None
        assert seen.tricks == ()
        assert seen.contract is None
        assert seen.play_context is None
        assert seen.side == side_of(Rules(), seat)
        assert len(seen.unseen) == 43 - 10
    assert view(state, 1).legal_actions == legal_actions(state)
    assert view(state, 0).legal_actions == ()


@pytest.mark.parametrize("seat", [-1, 4, 10, "0", 1.0, True])
def test_bad_seat(seat: object) -> None:
    with pytest.raises(InvalidStateError, match="invalid seat"):
        view(new_game(seed=1), seat)  # type: ignore[arg-type]


def test_contractor_sees_kitty_and_discards() -> None:
    state = bid_out(new_game(seed=3), 1, "6S")
    assert state.phase is Phase.DISCARD
    contractor = view(state, 1)
    assert contractor.kitty == state.kitty
    assert len(contractor.kitty) == 3
    assert set(state.kitty) <= set(contractor.hand)
    assert len(contractor.hand) == 13
    assert contractor.discards == ()
    for seat in (0, 2, 3):
        assert view(state, seat).kitty == ()
        assert view(state, seat).hand_sizes[1] == 13
    state = first_action(state)
    assert state.phase is Phase.PLAY
    contractor = view(state, 1)
    assert contractor.discards == state.discards
    assert len(contractor.discards) == 3
    assert contractor.kitty == state.kitty
    for seat in (0, 2, 3):
        seen = check_view(state, seat)
        assert seen.discards == seen.kitty == ()


def test_sans_kitty_kitty_is_seen_by_nobody() -> None:
    state = bid_out(new_game(seed=3), 2, "6S-SK")
    assert state.phase is Phase.PLAY
    for seat in range(4):
        seen = check_view(state, seat)
        assert seen.kitty == seen.discards == ()
        assert not set(state.kitty) & visible_cards(seen)


def test_thrown_in_hand() -> None:
    state = new_game(seed=2)
    for _ in range(4):
        state = apply(state, PASS)
    assert state.phase is Phase.HAND_OVER
    seen = check_view(state, 0)
    assert seen.hand_result == (0, 0)
    assert seen.contract is None
    assert seen.legal_actions == ()


def open_misere_states(rules: Rules, seed: int) -> Iterator[GameState]:
    """An open misère by seat 1, played out with the first legal action each time."""
    state = bid_out(new_game(rules, seed=seed), 1, "OMIS")
    yield state
    while not state.is_over:
        if state.phase is Phase.NOMINATE:
            state = apply(state, NominateJoker(None))
        else:
            state = first_action(state)
        yield state


@pytest.mark.parametrize("seed", range(4))
def test_open_misere_exposed_after_the_first_trick(seed: int) -> None:
    for state in open_misere_states(Rules(), seed):
        for seat in range(4):
            seen = check_view(state, seat)
            if seat == 1 or seat == 3:
                continue  # the contractor knows its hand; its partner sits out
            if state.tricks_played == 0:
                assert seen.exposed == ()
            else:
                assert seen.exposed == state.hands[1]
                assert set(state.hands[1]) <= visible_cards(seen)
        if state.phase is Phase.PLAY and state.tricks_played == 0:
            assert view(state, 0).exposed == ()
    assert view(state, 0).sitting_out == frozenset({3})


@pytest.mark.parametrize("seed", range(4))
def test_open_misere_exposed_before_the_lead(seed: int) -> None:
    rules = Rules(open_misere_exposed_before_lead=True)
    saw_play = False
    for state in open_misere_states(rules, seed):
        seen = check_view(state, 2)
        if seen.phase in _BEFORE_PLAY:  # as seat 2 sees it: the nomination is hidden
            assert seen.exposed == ()
        else:
            saw_play = True
            assert seen.exposed == state.hands[1]
            assert len(seen.exposed) == seen.hand_sizes[1]
    assert saw_play


def five_player_partner_states(seed: int) -> Iterator[GameState]:
    """Five players: seat 1 wins 6S, discards, and calls a card seat 3 holds."""
    state = bid_out(new_game(Rules.five_player(), seed=seed), 1, "6S")
    state = first_action(state)
    assert state.phase is Phase.CALL_PARTNER
    card = next(c for c in state.hands[3] if not c.is_joker)
    state = apply(state, CallPartner(card))
    assert state.partner == 3
    yield state
    while not state.is_over:
        state = first_action(state)
        yield state


@pytest.mark.parametrize("seed", range(3))
def test_five_player_partner_revealed_when_the_card_is_played(seed: int) -> None:
    revealed = False
    for state in five_player_partner_states(seed):
        card = state.partner_card
        assert card is not None
        played = card in played_cards(state)
        revealed = revealed or played
        for seat in range(5):
            seen = check_view(state, seat)
            assert seen.partner_card == card
            if seat == 3:
                assert seen.partner == 3
            else:
                assert seen.partner == (3 if played else None)
    assert revealed


def test_five_player_alone() -> None:
    state = bid_out(new_game(Rules.five_player(), seed=4), 2, "7C")
    state = apply(first_action(state), parse_action("CALL ALONE"))
    seen = check_view(state, 0)
    assert seen.partner_card is None
    assert seen.partner is None


def test_two_players_never_see_the_dead_hand() -> None:
    for state in play_random_game(Rules.two_player(), 11, max_hands=3):
        for seat in range(2):
            assert not visible_cards(check_view(state, seat)) & set(state.dead_hand)
            assert len(view(state, seat).unseen) >= 10


def test_tricks_and_str() -> None:
    states = list(states_of(4, 1, max_hands=1))
    over = states[-1]
    seen = view(over, 0)
    text = str(seen)
    assert text.startswith("Seat 0 (side 0)")
    assert "Scores:" in text
    if seen.contract is not None:
        assert "Contract:" in text
        assert seen.play_context is not None
    for trick in seen.tricks:
        assert trick.seats[0] == trick.leader
        assert trick.winner in trick.seats
        assert "won by" in str(trick)
    assert str(Trick(2)) == "led by 2: -"
    during = next(s for s in states if s.phase is Phase.PLAY and s.trick)
    assert "Legal:" in str(view(during, during.to_act or 0))


def test_views_are_values() -> None:
    state = new_game(seed=9)
    assert view(state, 2) == view(state, 2)
    assert hash(view(state, 2)) == hash(view(state, 2))
    assert view(state, 2) != view(state, 3)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        view(state, 2).seat = 3  # type: ignore[misc]


@settings(max_examples=10)
@given(st.sampled_from(PLAYER_COUNTS), seeds())
def test_view_of_game_over(players: int, seed: int) -> None:
    *_, last = play_random_game(Rules(players=players, target=100), seed, max_hands=8)
    for seat in range(players):
        seen = check_view(last, seat)
        if last.phase is Phase.GAME_OVER:
            assert seen.winners == last.winners
            assert seen.legal_actions == ()
