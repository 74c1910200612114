"""is_legal and explain_illegal on a seat's view answer as the state does for that seat."""

import random

import pytest
from tests.random_games import play_random_game

from five_hundred import (
    JOKER,
    Action,
    CallPartner,
    Discard,
    GameState,
    InvalidStateError,
    NominateJoker,
    Pass,
    PlayCard,
    Rules,
    Suit,
    bid_ladder,
    explain_illegal,
    is_legal,
    legal_actions,
    view,
)
from five_hundred.dealing import pack


def _candidates(state: GameState, rng: random.Random) -> list[Action]:
    """The legal actions and a spread of illegal ones of every kind."""
    rules = state.rules
    cards = list(pack(Rules(players=6)))
    actions: list[Action] = [*legal_actions(state), Pass()]
    ladder = list(bid_ladder(rules))
    actions += rng.sample(ladder, min(6, len(ladder)))
    actions += [PlayCard(card) for card in rng.sample(cards, 8)]
    actions += [PlayCard(JOKER), *(PlayCard(JOKER, suit) for suit in Suit)]
    actions += [Discard(frozenset(rng.sample(cards, n))) for n in (2, 3, 3)]
    held = [card for hand in state.hands for card in hand]
    if len(held) >= 3:
        actions.append(Discard(frozenset(rng.sample(held, 3))))
    actions += [CallPartner(None), CallPartner(JOKER), CallPartner(rng.choice(cards))]
    actions += [NominateJoker(None), NominateJoker(Suit.HEARTS)]
    return actions


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_view_answers_for_its_seat_as_the_state_does(players: int) -> None:
    rng = random.Random(players)
    rules = Rules(players=players)
    checked = 0
    for seed in range(3):
        for state in play_random_game(rules, seed, max_hands=2):
            if rng.random() > 0.12:
                continue
            for seat in (*range(players), None):
                seen = view(state, seat)
                for action in _candidates(state, rng):
                    expected = explain_illegal(state, action, seat=seat)
                    assert explain_illegal(seen, action) == expected, (seat, action)
                    assert is_legal(seen, action) is (expected is None)
                    checked += 1
    assert checked > 1000


def test_a_view_acts_for_its_own_seat_only() -> None:
    state = next(play_random_game(Rules(), 1))
    seen = view(state, state.to_act)
    assert is_legal(seen, Pass(), seat=state.to_act)
    with pytest.raises(InvalidStateError, match="a view of seat 1"):
        is_legal(seen, Pass(), seat=2)
    with pytest.raises(TypeError, match="an Action"):
        explain_illegal(seen, "PASS")  # type: ignore[arg-type]
