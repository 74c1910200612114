"""The game-server recipe (``examples/game_server.py``) against hostile clients.

A connection may send any decoded JSON as its seat and its text.  Whatever it sends,
the table answers with a reply dict (never an exception), moves only for the seat to
act with a legal move, and leaves the state unchanged otherwise.
"""

import json
import runpy
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests import ROOT
from tests.random_games import play_random_game
from tests.strategies import json_data

from five_hundred import (
    GameState,
    Rules,
    apply,
    legal_actions,
    new_game,
    parse_action,
    view,
)

SERVER = runpy.run_path(str(ROOT / "examples" / "game_server.py"))
Table: Any = SERVER["Table"]

json_values = json_data(allow_nan=True)
HOSTILE_SEATS: list[object] = [
    None, True, False, 1.0, 0.0, 1 + 0j, "1", "", -1, 4, 9, 10**100, [1], {"seat": 1},
]  # fmt: skip
HOSTILE_TEXTS: list[object] = [
    None, 7, 7.5, True, [], ["pass"], {"a": 1}, "", " ", "\x00", "PASS" * 1000,
    "AS " * 100_000, "pass\npass", "PLAY", "DISCARD", "NOMINATE", "CALL", "JK:",
    "ＰＡＳＳ", "pass; drop table", "6S" + "\u0301",
]  # fmt: skip


def positions() -> list[GameState]:
    """Positions of every phase, for several player counts (the game over too)."""
    found: dict[tuple[int, str], GameState] = {}
    for rules in (Rules(), Rules.five_player(), Rules.two_player()):
        for seed in range(6):
            for state in play_random_game(rules, seed, max_hands=2):
                found.setdefault((rules.players, state.phase.value), state)
    return list(found.values())


POSITIONS = positions()


def _check_reply(table: Any, before: GameState, seat: object, text: object) -> None:
    reply = table.receive(seat, text)
    json.dumps(reply)  # ready to send
    assert isinstance(reply["ok"], bool)
    if reply["ok"]:
        assert type(seat) is int
        assert seat == before.to_act
        assert table.state == apply(before, _parsed(before, reply["moved"]), seat=seat)
    else:
        assert set(reply) == {"ok", "code", "reason"}
        assert isinstance(reply["code"], str)
        assert isinstance(reply["reason"], str)
        assert len(reply["reason"]) < 400
        assert table.state is before


def _parsed(state: GameState, text: str) -> Any:
    del state  # the reply names the action in full
    return parse_action(text)


@pytest.mark.parametrize(
    "state", POSITIONS, ids=lambda s: f"{s.rules.players}-{s.phase.value}"
)
def test_hostile_seats_never_move(state: GameState) -> None:
    players = state.rules.players
    for seat in HOSTILE_SEATS:
        if type(seat) is int and 0 <= seat < players:
            continue  # a seat of this game
        for action in [*legal_actions(state)[:3], "pass"]:
            table = Table(state)
            reply = table.receive(seat, str(action))
            assert not reply["ok"], (seat, action)
            assert table.state is state
            assert reply["code"] == ("spectator" if seat is None else "bad-seat")


@pytest.mark.parametrize(
    "state", POSITIONS, ids=lambda s: f"{s.rules.players}-{s.phase.value}"
)
def test_hostile_texts_are_refused(state: GameState) -> None:
    for seat in range(state.rules.players):
        for text in HOSTILE_TEXTS:
            table = Table(state)
            _check_reply(table, state, seat, text)


def test_the_seat_to_act_moves_and_no_other() -> None:
    for state in POSITIONS:
        for action in legal_actions(state)[:5]:
            for seat in range(state.rules.players):
                table = Table(state)
                reply = table.receive(seat, str(action))
                assert reply["ok"] == (seat == state.to_act), (seat, action)
                if not reply["ok"]:
                    assert reply["code"] == "not-your-turn"


def test_a_long_message_costs_no_more_than_its_length() -> None:
    table = Table(new_game(seed=1))
    start = time.perf_counter()
    reply = table.receive(1, "7H " * 3_000_000)
    assert time.perf_counter() - start < 0.5
    assert reply["code"] == "bad-message"


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(POSITIONS), json_values, json_values)
def test_any_json_message_gets_a_reply(state: GameState, seat: Any, text: Any) -> None:
    _check_reply(Table(state), state, seat, text)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(POSITIONS), st.integers(0, 5), st.text(max_size=40))
def test_any_text_from_a_seat_gets_a_reply(
    state: GameState, seat: int, text: str
) -> None:
    if seat < state.rules.players:
        _check_reply(Table(state), state, seat, text)


def test_views_for_every_seat_and_spectators() -> None:
    state = POSITIONS[0]
    messages = Table(state).views()
    assert set(messages) == {*range(state.rules.players), "spectators"}
    assert json.loads(messages["spectators"]) == view(state, None).to_dict()
