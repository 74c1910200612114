"""The compiled entry points of ``legal_actions`` and ``apply`` (``_engine.entry``).

Compiled, the public names ``legal_actions`` and ``apply`` call the engine's entry
points, which list and take the card play and the auction themselves and hand
everything else to the documented functions of ``five_hundred.state``.  These tests
run the entry points in both builds (the facade installs them in both) against the
documented functions, state by state: the same listings, the same states, the same
refusals with the same messages, the input state unchanged.  They also check that the
public names keep the face of the documented functions: name, docstring, signature,
pickling by name.
"""

import copy
import functools
import inspect
import pickle
import random

import pytest
from hypothesis import given, settings
from tests.random_games import play_random_game
from tests.strategies import rules, seeds

import five_hundred
from five_hundred import (
    PASS,
    Action,
    GameState,
    IllegalActionError,
    Rules,
    apply,
    legal_actions,
)
from five_hundred._engine import entry
from five_hundred._engine.core import TO_ACT
from five_hundred.bidding import bid_ladder
from five_hundred.state import record_of
from five_hundred.tricks import PLAYS

DOCUMENTED_APPLY = getattr(apply, "__wrapped__", apply)
DOCUMENTED_LISTING = getattr(legal_actions, "__wrapped__", legal_actions)


def _outcome(call: functools.partial[GameState]) -> tuple[str, object]:
    """What a call of ``apply`` gives: the new state's record, or the refusal."""
    try:
        return "state", record_of(call())
    except (IllegalActionError, TypeError, ValueError) as error:
        return type(error).__name__, str(error)


@settings(max_examples=40, deadline=None)
@given(rules(), seeds())
def test_entry_points_list_and_take_what_the_documented_functions_do(
    game_rules: Rules, seed: int
) -> None:
    rng = random.Random(seed)
    ladder = bid_ladder(game_rules)
    for state in play_random_game(game_rules, seed, max_hands=2):
        core = record_of(state)
        listed = entry.legal_actions(state)
        assert listed == DOCUMENTED_LISTING(state)
        seat = state.to_act
        others: list[Action] = [PASS, *rng.sample(ladder, 3), *rng.sample(PLAYS, 3)]
        for action in (*listed, *others):
            for who in (None, seat, 0 if seat else 1):
                found = _outcome(
                    functools.partial(entry.apply, state, action, seat=who)
                )
                expected = _outcome(
                    functools.partial(DOCUMENTED_APPLY, state, action, seat=who)
                )
                assert found == expected
        assert record_of(state) is core  # the state is unchanged


@pytest.mark.parametrize(
    "thing", [None, 3, "PLAY AS", record_of(five_hundred.new_game())]
)
def test_entry_points_refuse_what_is_not_a_state_as_the_documented_functions(
    thing: object,
) -> None:
    with pytest.raises(TypeError) as found:
        entry.legal_actions(thing)
    with pytest.raises(TypeError) as expected:
        DOCUMENTED_LISTING(thing)  # type: ignore[arg-type]
    assert str(found.value) == str(expected.value)
    action = legal_actions(five_hundred.new_game())[0]
    with pytest.raises(TypeError) as found:
        entry.apply(thing, action)
    with pytest.raises(TypeError) as expected:
        DOCUMENTED_APPLY(thing, action)  # type: ignore[arg-type]
    assert str(found.value) == str(expected.value)


def test_entry_points_refuse_what_is_not_an_action_as_the_documented_functions() -> (
    None
):
    state = five_hundred.new_game(seed=5)
    for thing in ("PASS", None, 7, PLAYS):
        assert _outcome(functools.partial(entry.apply, state, thing)) == _outcome(
            functools.partial(DOCUMENTED_APPLY, state, thing)  # type: ignore[arg-type]
        )
    with pytest.raises(TypeError):
        entry.apply(state, PASS, 0)  # type: ignore[call-arg]  # ``seat``: keyword-only


@pytest.mark.parametrize("public", [apply, legal_actions])
def test_the_public_names_keep_the_documented_functions_face(public: object) -> None:
    documented = getattr(public, "__wrapped__", public)
    assert inspect.isfunction(documented)
    assert getattr(public, "__name__", None) == documented.__name__
    assert getattr(public, "__module__", None) == "five_hundred.state"
    assert public.__doc__ == documented.__doc__
    assert public.__doc__  # documented
    assert inspect.signature(public) == inspect.signature(documented)  # type: ignore[arg-type]
    assert pickle.loads(pickle.dumps(public)) is public  # by name, as a function
    assert copy.copy(public) is public
    assert copy.deepcopy(public) is public
    if five_hundred.compiled:
        assert isinstance(public, functools.partial)
        assert public.func is getattr(entry, documented.__name__)
    else:
        assert public is documented


def test_to_act_is_read_by_the_engines_getter_in_the_compiled_build() -> None:
    """``GameState.to_act``: the engine's compiled getter there, the same answers."""
    prop = GameState.__dict__["to_act"]
    assert isinstance(prop, property)
    assert (
        prop.__doc__
        == "The seat to act, or ``None`` when the hand or the game is over."
    )
    assert (prop.fget is entry.seat_to_act) == five_hundred.compiled
    for state in play_random_game(Rules(), 5, max_hands=2):
        assert state.to_act == entry.seat_to_act(state) == record_of(state)[TO_ACT]
    with pytest.raises(AttributeError):
        _ = GameState().to_act  # the empty state holds no record
