"""The ``seat`` argument of apply, is_legal and explain_illegal: checked whenever given.

Only a call without the argument is unchecked; ``seat=None`` is a spectator, refused
with the code ``spectator``; a seat that is not a whole number is a ``TypeError``
and one out of range an ``InvalidStateError``, in every phase.
"""

from collections.abc import Callable
from typing import Any

import pytest
from tests.random_games import play_random_game

from five_hundred import (
    Action,
    GameState,
    IllegalActionError,
    InvalidStateError,
    NotYourTurnError,
    Pass,
    Phase,
    Rules,
    apply,
    explain_illegal,
    is_legal,
    legal_actions,
)

NOT_WHOLE: tuple[object, ...] = (True, False, 1.0, 0.0, 1 + 0j, "1", "0", [0])
"""Seats that are not whole numbers (a bool is refused though it is an int)."""
OUT_OF_RANGE: tuple[int, ...] = (9, 6, -1, 10**30)


def _one_state_per_phase(rules: Rules) -> dict[Phase, GameState]:
    """A state of each phase the rules reach (the partner call: five players only)."""
    wanted = set(Phase) - (set() if rules.players == 5 else {Phase.CALL_PARTNER})
    found: dict[Phase, GameState] = {}
    for seed in range(40):
        for state in play_random_game(rules, seed, max_hands=40):
            found.setdefault(state.phase, state)
        if set(found) == wanted:
            break
    return found


def _states() -> list[tuple[str, GameState]]:
    states: list[tuple[str, GameState]] = []
    for rules in (Rules(), Rules(players=5)):
        for phase, state in _one_state_per_phase(rules).items():
            states.append((f"{rules.players}p-{phase.value}", state))
    return states


STATES = _states()
IDS = [name for name, _ in STATES]


def _some_action(state: GameState) -> Action:
    """A legal action, or any action when nobody is to act."""
    listed = legal_actions(state)
    return listed[0] if listed else Pass()


def test_the_states_cover_every_phase() -> None:
    phases = {state.phase for _, state in STATES}
    assert phases == set(Phase)


@pytest.mark.parametrize(("name", "state"), STATES, ids=IDS)
@pytest.mark.parametrize("seat", NOT_WHOLE, ids=repr)
def test_a_seat_that_is_not_a_whole_number_is_a_type_error(
    name: str, state: GameState, seat: object
) -> None:
    del name
    action = _some_action(state)
    calls: list[Callable[..., Any]] = [apply, is_legal, explain_illegal]
    for call in calls:
        with pytest.raises(TypeError, match="seat"):
            call(state, action, seat=seat)


@pytest.mark.parametrize(("name", "state"), STATES, ids=IDS)
@pytest.mark.parametrize("seat", OUT_OF_RANGE)
def test_a_seat_out_of_range_is_an_invalid_state_error(
    name: str, state: GameState, seat: int
) -> None:
    del name
    action = _some_action(state)
    for call in (apply, is_legal, explain_illegal):
        with pytest.raises(InvalidStateError, match="invalid seat"):
            call(state, action, seat=seat)


@pytest.mark.parametrize(("name", "state"), STATES, ids=IDS)
def test_a_spectator_cannot_act(name: str, state: GameState) -> None:
    del name
    action = _some_action(state)
    assert not is_legal(state, action, seat=None)
    error = _refusal(state, action)
    assert explain_illegal(state, action, seat=None) == str(error)
    assert isinstance(error, NotYourTurnError)
    assert error.code == "spectator"
    assert error.seat is None
    assert error.reason == "a spectator cannot act"
    assert "by a spectator" in str(error)


def _refusal(state: GameState, action: Action) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as caught:
        apply(state, action, seat=None)
    return caught.value


@pytest.mark.parametrize(("name", "state"), STATES, ids=IDS)
def test_the_seat_to_act_acts_and_the_others_are_refused(
    name: str, state: GameState
) -> None:
    del name
    action = _some_action(state)
    for seat in range(state.rules.players):
        if seat == state.to_act:
            assert is_legal(state, action, seat=seat)
            assert explain_illegal(state, action, seat=seat) is None
            assert apply(state, action, seat=seat) == apply(state, action)
        else:
            assert not is_legal(state, action, seat=seat)
            with pytest.raises(NotYourTurnError) as caught:
                apply(state, action, seat=seat)
            assert caught.value.code == "not-your-turn"
            assert caught.value.seat == seat


def test_a_bool_seat_is_never_legal_even_for_the_seat_it_equals() -> None:
    state = dict(STATES)["4p-bidding"]
    assert state.to_act == 1
    action = legal_actions(state)[0]
    unchecked_explain: Callable[..., Any] = explain_illegal
    with pytest.raises(TypeError, match="bool"):
        is_legal(state, action, seat=True)
    with pytest.raises(TypeError, match="float"):
        unchecked_explain(state, action, seat=1.0)


def test_a_call_without_the_seat_is_the_seat_to_acts() -> None:
    for _, state in STATES:
        if state.to_act is None:
            continue
        action = legal_actions(state)[0]
        assert is_legal(state, action)
        assert apply(state, action).moves[-1] == (state.to_act, action)
