"""The engine's scoring table and the game's end (``_engine.settle``), on small ints.

The scoring table (:ref:`rules-scoring-table`), the slam (:ref:`rules-slam`), the
defenders' points and their cap (:ref:`rules-defenders`), misère
(:ref:`rules-misere-scoring`) and the game's end (:ref:`rules-game-end`), by example
with the values of the rules page; then the hand's last card settled by the engine's
step as the public ``apply`` settles it, also when the rules' book does not hold the
contract's terms yet (a state brought from another process).
"""

import pickle

from hypothesis import given, settings
from tests.random_games import play_random_game
from tests.strategies import rules, seeds

from five_hundred import Pass, Phase, Rules, Strain, apply, legal_actions
from five_hundred._engine.api import DATA, state_play
from five_hundred._engine.auction import A_BIDDER, A_STANDING
from five_hundred._engine.core import H_AUCTION, HAND, UNCHECKED
from five_hundred._engine.settle import (
    MISERE_NEEDS,
    changes,
    contracting,
    made,
    settle,
    slam,
    winners,
)
from five_hundred.bidding import TrickBid, bid_value, parse_bid
from five_hundred.scoring import contract_terms, scoring_options
from five_hundred.state import GameState, record_of

STANDARD = scoring_options(Rules())
BOTH = 0b01  # side 0 contracting, of two sides


def _terms(text: str, rules: Rules = Rules()) -> tuple[int, int]:
    bid = parse_bid(text)
    assert not isinstance(bid, Pass)
    _, value, needs = contract_terms(bid, rules)
    return value, needs


def test_a_contract_is_made_by_its_tricks_and_a_misere_by_none() -> None:
    assert made(8, 8)
    assert made(8, 10)
    assert not made(8, 7)
    assert made(MISERE_NEEDS, 0)
    assert not made(MISERE_NEEDS, 1)


def test_the_terms_are_the_bid_value_and_the_tricks_needed() -> None:
    assert _terms("8H") == (300, 8)
    assert _terms("MIS") == (250, MISERE_NEEDS)
    assert _terms("10NT") == (520, 10)


def test_a_made_contract_scores_its_value_and_the_defenders_their_tricks() -> None:
    assert changes(STANDARD, *_terms("8H"), (9, 1), BOTH, (0, 0)) == (300, 10)
    assert changes(STANDARD, *_terms("8H"), (7, 3), BOTH, (0, 0)) == (-300, 30)


def test_a_slam_scores_250_on_a_contract_worth_less() -> None:
    assert slam(STANDARD, *_terms("7S"), 10)
    assert changes(STANDARD, *_terms("7S"), (10, 0), BOTH, (0, 0)) == (250, 0)
    assert not slam(STANDARD, *_terms("9NT"), 10)  # worth 420 already
    assert not slam(STANDARD, *_terms("7S"), 9)
    no_bonus = scoring_options(Rules(slam_bonus=False))
    assert changes(no_bonus, *_terms("7S"), (10, 0), BOTH, (0, 0)) == (140, 0)


def test_misere_scores_the_contractor_alone() -> None:
    assert changes(STANDARD, *_terms("MIS"), (0, 10), BOTH, (0, 0)) == (250, 0)
    assert changes(STANDARD, *_terms("MIS"), (1, 0), BOTH, (0, 0)) == (-250, 0)


def test_the_defenders_points_follow_their_options() -> None:
    capped = scoring_options(Rules(defender_cap=480))
    assert changes(capped, *_terms("8H"), (6, 4), BOTH, (0, 470)) == (-300, 10)
    assert changes(capped, *_terms("8H"), (6, 4), BOTH, (0, 490)) == (-300, 0)
    only_set = scoring_options(Rules(defender_points_only_when_set=True))
    assert changes(only_set, *_terms("8H"), (8, 2), BOTH, (0, 0)) == (300, 0)
    assert changes(only_set, *_terms("8H"), (7, 3), BOTH, (0, 0)) == (-300, 30)


def test_the_game_is_won_by_making_a_contract_past_the_target() -> None:
    assert winners(STANDARD, (520, 300), BOTH, True) == (0,)
    assert winners(STANDARD, (300, 510), BOTH, True) == ()  # defenders can't win
    assert winners(STANDARD, (-520, 300), BOTH, False) == (1,)  # side 0 lost
    assert winners(STANDARD, (450, 300), BOTH, True) == ()
    open_win = scoring_options(Rules(win_requires_contract=False))
    assert winners(open_win, (300, 510), BOTH, True) == (1,)


def test_the_contracting_sides_include_a_five_player_partner() -> None:
    five = scoring_options(Rules.five_player())
    assert contracting(five, 0, -1) == 0b1
    assert contracting(five, 0, 2) == 0b101
    assert contracting(STANDARD, 3, -1) == 0b10


def test_settle_adds_the_changes_and_decides_the_game() -> None:
    value, needs = _terms("8H")
    found = settle(STANDARD, value, needs, (8, 2), BOTH, (250, 0))
    assert found == ((8, 2), (300, 20), (550, 20), (0,))
    assert bid_value(TrickBid(8, Strain.HEARTS), Rules()) == value


def _before_last_card(game_rules: Rules, seed: int) -> GameState | None:
    """The state before the first hand's last card, or ``None`` (a throw-in)."""
    last = None
    for state in play_random_game(game_rules, seed, max_hands=1):
        if state.phase is Phase.PLAY:
            last = state
    return last


@settings(max_examples=40, deadline=None)
@given(rules(), seeds())
def test_the_engine_settles_the_last_card_as_the_rules_score_it(
    game_rules: Rules, seed: int
) -> None:
    state = _before_last_card(game_rules, seed)
    if state is None:
        return
    action = legal_actions(state)[0]
    after = apply(state, action)
    if after.to_act is not None:  # not the hand's last trick (several plays listed)
        return
    documented = DATA[5](state, action)  # the facade's own apply
    assert record_of(after) == record_of(documented)
    assert after.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    assert (after.phase is Phase.GAME_OVER) == bool(after.winners)
    assert sum(after.scores) - sum(state.scores) == sum(after.hand_result or ())


def test_a_contract_without_terms_in_the_book_is_settled_by_the_facade() -> None:
    state = _before_last_card(Rules(), 5)
    assert state is not None
    core = record_of(state)
    book, record = core[HAND][H_AUCTION]
    index = 8 * record[A_STANDING] + record[A_BIDDER]
    step = book.contract_steps[index]
    action = legal_actions(state)[0]
    expected = apply(state, action)
    assert expected.to_act is None  # the hand's last card
    try:
        book.contract_steps[index] = None  # as a fresh process's book
        assert state_play(state, core, action, UNCHECKED, DATA[0]) is None
        assert record_of(apply(state, action)) == record_of(expected)
        assert book.contract_steps[index] == step  # the facade put the terms back
        book.contract_steps[index] = None
        brought = pickle.loads(pickle.dumps(state))
        assert record_of(apply(brought, action)) == record_of(expected)
    finally:
        book.contract_steps[index] = step
