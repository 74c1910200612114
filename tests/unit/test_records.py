"""Tests for five_hundred.records: saving, loading, checking and replaying games."""

import json
import random
import re
from collections.abc import Callable
from typing import Any, cast

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from tests.random_games import play_random_game, random_action
from tests.strategies import PLAYER_COUNTS, json_data, rules, seeds

from five_hundred import (
    PERFECT,
    FiveHundredError,
    GameRecord,
    GameState,
    HandRecord,
    IllegalActionError,
    IllegalBidError,
    IllegalPlayError,
    InvalidNotationError,
    InvalidStateError,
    JokerLeadSuit,
    Phase,
    Rules,
    RulesConfigError,
    ScoringTable,
    WrongPhaseError,
    apply,
    new_game,
    new_hand,
    next_hand,
    parse_action,
    record,
)

DOCUMENTED = (
    InvalidNotationError,
    InvalidStateError,
    IllegalActionError,
    RulesConfigError,
)
"""The only errors a loader may raise."""


def last_state(game_rules: Rules, seed: int, max_hands: int = 30) -> GameState:
    *_, last = play_random_game(game_rules, seed, max_hands=max_hands)
    return last


def check_record_round_trips(saved: GameRecord) -> GameState:
    """Both forms of ``saved`` load to an equal record; the state it replays to."""
    final = saved.replay()
    for again in (
        GameRecord.from_json(saved.to_json()),
        GameRecord.from_json(saved.to_json(indent=2)),
        GameRecord.from_text(saved.to_text()),
    ):
        assert again == saved
        assert again.replay() == final
    return final


def check_round_trips(state: GameState) -> GameRecord:
    saved = record(state)
    assert check_record_round_trips(saved) == state
    return saved


# -- round trips and replay -------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_seeded_games_to_the_end_replay_equal(players: int) -> None:
    over = 0
    for seed in range(4):
        game_rules = Rules(players=players, target=250, losing_score=-250)
        states = list(play_random_game(game_rules, seed, max_hands=40))
        for state in states[:: max(1, len(states) // 5)]:
            check_round_trips(state)
        saved = check_round_trips(states[-1])
        assert len(saved.hands) == states[-1].hand_number + 1
        over += states[-1].phase is Phase.GAME_OVER
    assert over >= 1


@settings(max_examples=20)
@given(rules(), seeds())
def test_round_trip_property(game_rules: Rules, seed: int) -> None:
    states = list(play_random_game(game_rules, seed, max_hands=4))
    check_round_trips(states[-1])
    check_round_trips(states[len(states) // 2])


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_single_explicit_hand_replays_equal(players: int) -> None:
    game_rules = Rules(players=players)
    hands, kitty = new_game(game_rules, seed=players).dealt
    scores = tuple(range(10, 10 * (game_rules.sides + 1), 10))
    state = new_hand(game_rules, hands, kitty, dealer=players - 1, scores=scores)
    rng = random.Random(players)
    saved = check_round_trips(state)
    assert saved.seed is None
    assert saved.hands[0].scores == scores
    while not state.is_over:
        state = apply(state, random_action(state, rng))
        check_round_trips(state)


def test_unseeded_game_of_several_hands() -> None:
    """Later hands of an unseeded game replay from their recorded deal, exactly."""
    hands, kitty = new_game(seed=3).dealt
    state = new_hand(Rules(), hands, kitty, dealer=2, scores=(40, -20))
    rng = random.Random(1)
    while state.hand_number < 2:
        if state.phase is Phase.GAME_OVER:
            pytest.fail("the game ended too early for this test")
        state = (
            next_hand(state)
            if state.phase is Phase.HAND_OVER
            else apply(state, random_action(state, rng))
        )
    saved = record(state)
    assert GameRecord.from_json(saved.to_json()) == saved
    assert GameRecord.from_text(saved.to_text()) == saved
    assert saved.hands[0].scores[0] - (saved.hands[0].result or (0, 0))[0] == 40
    replayed = saved.replay()
    assert replayed.scores == state.scores
    assert replayed.dealt == state.dealt
    assert replayed.dealer == state.dealer
    assert replayed.actions == state.actions
    assert replayed.phase is state.phase
    assert record(replayed).hands[-1] == saved.hands[-1]
    assert replayed == state


def test_record_fields() -> None:
    state = new_game(Rules.two_player(), seed=8, dealer=1)
    saved = record(state)
    assert saved.rules == Rules.two_player()
    assert saved.seed == 8
    (hand,) = saved.hands
    assert hand.dealer == 1
    assert len(hand.hands) == 3  # the dead hand too
    assert hand.hands[2] == state.dead_hand
    assert hand.kitty == state.kitty
    assert hand.actions == ()
    assert hand.result is None
    assert hand.scores == (0, 0)
    assert "Dead: " in saved.to_text()
    assert hash(saved) == hash(record(state))


def test_text_lists_only_the_options_that_differ() -> None:
    table = ScoringTable.from_rows([[1, 2, 3, 4, 5]] * 5, name="flat: odd / name")
    game_rules = Rules(
        players=6,
        six_player_sides=3,
        misere=False,
        defender_cap=450,
        joker_lead_suit=JokerLeadSuit.ANY,
        scoring_table=table,
    )
    saved = record(new_game(game_rules, seed=1))
    text = saved.to_text()
    header = text.split("[Game]")[0]
    assert re.findall(r"^(\w+) = ", header, re.MULTILINE) == [
        "players",
        "six_player_sides",
        "misere",
        "joker_lead_suit",
        "defender_cap",
        "scoring_table",
    ]
    assert "joker_lead_suit = any" in header
    assert "misere = false" in header
    assert GameRecord.from_text(text) == saved
    assert GameRecord.from_json(saved.to_json()) == saved
    data = json.loads(saved.to_json())
    assert set(data["rules"]) == {f.name for f in attrs.fields(Rules)}
    assert (
        record(new_game(Rules(scoring_table=PERFECT), seed=1))
        .to_text()
        .count("scoring_table = perfect")
    )


def test_text_values_are_forgiving() -> None:
    saved = record(new_game(Rules(defender_cap=480), seed=2))
    text = saved.to_text().replace("[Rules]", "[rules]\nMISERE = TRUE\n")
    text = text.replace("defender_cap = 480", "defender_cap = +480")
    text = text.replace("Kitty:", "kitty :").replace("[Hand 1]", "[ hand 1 ]")
    text = "# a comment\n\n" + text.replace("\n", "\n   \n")
    assert GameRecord.from_text(text) == saved


# -- crafted bad records -------------------------------------------------------------------


def a_game() -> GameState:
    state = new_game(seed=21)
    for text in ("7H", "PASS", "PASS", "PASS"):
        state = apply(state, parse_action(text))
    return state


def edited(change: Callable[[dict[str, Any]], None]) -> str:
    data = json.loads(record(a_game()).to_json())
    change(data)
    return json.dumps(data)


def hand0(data: dict[str, Any]) -> dict[str, Any]:
    hand: dict[str, Any] = data["hands"][0]
    return hand


def swap_card(data: dict[str, Any]) -> None:
    """Seat 0 gets a card of seat 1 in place of one of its own: a duplicate."""
    hands = hand0(data)["hands"]
    words = hands[0].split()
    words[0] = hands[1].split()[0]
    hands[0] = " ".join(words)


def drop_card(data: dict[str, Any]) -> None:
    hands = hand0(data)["hands"]
    hands[0] = " ".join(hands[0].split()[1:])


def add_card(data: dict[str, Any]) -> None:
    hands = hand0(data)["hands"]
    hands[0] += " " + hand0(data)["kitty"].split()[0]


def unseeded(data: dict[str, Any], **changes: object) -> None:
    """Drop the seed and change some fields of the first hand."""
    data["seed"] = None
    hand0(data).update(changes)


BAD_JSON: list[tuple[str, Callable[[dict[str, Any]], None], type[Exception], str]] = [
    ("duplicate card", swap_card, InvalidStateError, "duplicate cards in the deal"),
    ("nine cards", drop_card, InvalidStateError, "hand 1: hand 0 has 9 cards"),
    ("eleven cards", add_card, InvalidStateError, "hand 0 has 11 cards"),
    (
        "bid too low",
        lambda d: hand0(d)["actions"].insert(1, "6S"),
        IllegalBidError,
        r"hand 1, action 2: illegal bid '6S' by seat 2: it does not outrank",
    ),
    (
        "play in the bidding",
        lambda d: hand0(d)["actions"].insert(0, "PLAY JK"),
        WrongPhaseError,
        "hand 1, action 1: .*bidding phase",
    ),
    (
        "discard a card not held",
        lambda d: hand0(d)["actions"].append("DISCARD " + hand0(d)["hands"][0]),
        IllegalPlayError,
        "hand 1, action 5: .*not in the hand",
    ),
    (
        "unknown rules option",
        lambda d: d["rules"].update(jokers=2),
        RulesConfigError,
        "unknown Rules option.*'jokers'",
    ),
    (
        "rules value of the wrong type",
        lambda d: d["rules"].update(players="4"),
        RulesConfigError,
        "Rules.players must be a whole number",
    ),
    (
        "inconsistent rules",
        lambda d: d["rules"].update(players=4, six_player_sides=3),
        RulesConfigError,
        "six_player_sides=3 needs players=6",
    ),
    (
        "bad joker lead suit",
        lambda d: d["rules"].update(joker_lead_suit="sometimes"),
        RulesConfigError,
        "joker_lead_suit must be one of",
    ),
    (
        "bad scoring table",
        lambda d: d["rules"].update(scoring_table={"name": "x", "values": [[1]]}),
        RulesConfigError,
        "scoring table needs 5 rows",
    ),
    (
        "dealer as text",
        lambda d: hand0(d).update(dealer="0"),
        InvalidNotationError,
        "hand 1: the dealer must be a seat number",
    ),
    (
        "dealer not a seat",
        lambda d: unseeded(d, dealer=9),
        InvalidStateError,
        "hand 1: invalid dealer '9'",
    ),
    (
        "hands not a list",
        lambda d: hand0(d).update(hands="AS"),
        InvalidNotationError,
        "'hands' must be a list",
    ),
    (
        "card notation",
        lambda d: hand0(d).update(kitty="ZZ 9H 10H"),
        InvalidNotationError,
        "hand 1, kitty: invalid card 'ZZ'",
    ),
    (
        "action notation",
        lambda d: hand0(d)["actions"].append("JUMP"),
        InvalidNotationError,
        "hand 1, action 5: invalid action 'JUMP'",
    ),
    (
        "action not text",
        lambda d: hand0(d)["actions"].append(7),
        InvalidNotationError,
        "hand 1, action 5: expected an action as text",
    ),
    (
        "seed as text",
        lambda d: d.update(seed="21"),
        InvalidNotationError,
        "the seed must be a whole number",
    ),
    (
        "seed as true",
        lambda d: d.update(seed=True),
        InvalidNotationError,
        "the seed must be a whole number",
    ),
    (
        "another seed",
        lambda d: d.update(seed=22),
        InvalidStateError,
        "hand 1: the deal does not match the game's seed 22",
    ),
    (
        "scores of the wrong type",
        lambda d: hand0(d).update(scores=["0", "0"]),
        InvalidNotationError,
        "hand 1, scores: expected a list of whole numbers",
    ),
    (
        "too many scores",
        lambda d: hand0(d).update(scores=[0, 0, 0]),
        InvalidStateError,
        "hand 1: scores needs 2 whole numbers",
    ),
    (
        "a seeded game from other scores",
        lambda d: hand0(d).update(scores=[10, 0]),
        InvalidStateError,
        "a seeded game starts from zero scores",
    ),
    (
        "result of a hand in progress",
        lambda d: hand0(d).update(result=[0, 0]),
        InvalidStateError,
        "hand 1: the record gives a result, but the hand is not over",
    ),
    ("unknown key", lambda d: d.update(extra=1), InvalidNotationError, "'extra'"),
    (
        "unknown hand key",
        lambda d: hand0(d).update(trumps="H"),
        InvalidNotationError,
        "hand 1: unknown key",
    ),
    (
        "missing key",
        lambda d: hand0(d).pop("kitty"),
        InvalidNotationError,
        "hand 1: missing key.*'kitty'",
    ),
    (
        "no hands",
        lambda d: d.update(hands=[]),
        InvalidStateError,
        "at least one hand",
    ),
    (
        "another version",
        lambda d: d.update(version=2),
        InvalidNotationError,
        "unsupported version '2'",
    ),
    (
        "another format",
        lambda d: d.update(format="chess"),
        InvalidNotationError,
        "'format' must be",
    ),
]


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [case[1:] for case in BAD_JSON],
    ids=[case[0] for case in BAD_JSON],
)
def test_bad_json_records(
    change: Callable[[dict[str, Any]], None], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        GameRecord.from_json(edited(change))


def finished_hand() -> GameState:
    state = a_game()
    rng = random.Random(4)
    while not state.is_over:
        state = apply(state, random_action(state, rng))
    return state


def test_finished_hand_checks_result_and_scores() -> None:
    good = json.loads(record(finished_hand()).to_json())
    data = json.loads(json.dumps(good))
    data["hands"][0]["result"][0] += 10
    with pytest.raises(InvalidStateError, match="starts from zero scores"):
        GameRecord.from_json(json.dumps(data))
    data["seed"] = None
    with pytest.raises(InvalidStateError, match=r"the recorded result .* differs"):
        GameRecord.from_json(json.dumps(data))
    data = json.loads(json.dumps(good))
    data["hands"][0]["result"] = None
    data["hands"][0]["scores"] = [0, 0]
    with pytest.raises(InvalidStateError, match="gives no result"):
        GameRecord.from_json(json.dumps(data))
    data = json.loads(json.dumps(good))
    data["hands"][0]["actions"].append("PASS")
    with pytest.raises(WrongPhaseError, match=r"hand 1, action .*the hand is over"):
        GameRecord.from_json(json.dumps(data))


def test_later_hands_are_checked() -> None:
    state = finished_hand()
    assert state.phase is Phase.HAND_OVER
    good = json.loads(record(next_hand(state)).to_json())
    data = json.loads(json.dumps(good))
    data["hands"][1]["dealer"] = 3
    with pytest.raises(InvalidStateError, match="hand 2: dealer '3' is out of turn"):
        GameRecord.from_json(json.dumps(data))
    data = json.loads(json.dumps(good))
    data["hands"][1]["scores"][1] -= 10
    with pytest.raises(InvalidStateError, match="hand 2: the recorded scores"):
        GameRecord.from_json(json.dumps(data))
    data = json.loads(json.dumps(good))
    data["hands"][0]["actions"].pop()
    with pytest.raises(InvalidStateError, match=r"hand 1: .* the hand is not over"):
        GameRecord.from_json(json.dumps(data))
    data["hands"][0]["result"] = None
    data["hands"][0]["scores"] = [0, 0]
    with pytest.raises(InvalidStateError, match="hand 2: hand 1 is not over"):
        GameRecord.from_json(json.dumps(data))
    data = json.loads(json.dumps(good))
    data["hands"][1]["hands"][0], data["hands"][1]["hands"][1] = (
        data["hands"][1]["hands"][1],
        data["hands"][1]["hands"][0],
    )
    # Not the deal the seed gives: the hand is started from the recorded deal.
    replayed = GameRecord.from_json(json.dumps(data)).replay()
    assert replayed.hands[0] == next_hand(state).hands[1]


def test_a_finished_game_has_no_next_hand() -> None:
    over = next(
        s
        for seed in range(50)
        if (s := last_state(Rules(target=100), seed)).phase is Phase.GAME_OVER
    )
    data = json.loads(record(over).to_json())
    data["hands"].append(data["hands"][-1])
    with pytest.raises(InvalidStateError, match="the game was over after hand"):
        GameRecord.from_json(json.dumps(data))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no \\[Rules\\] section"),
        ("players = 4", "outside a section"),
        ("[Rules]\n[Rules]", "\\[Rules\\] given twice"),
        ("[Rules]\n[Board]", "unknown section"),
        ("[Rules]\nplayers 4", "expected 'key = value'"),
        ("[Rules]\nplayers = 4\nplayers = 5", "players given twice"),
        ("[Rules]\ntarget = {oops", "is not a JSON value"),
        ("[Rules]\n[Game]\nseed = x", "the seed must be a whole number"),
        ("[Rules]\n[Game]\nsalt = 1", "unknown key\\(s\\) in \\[Game\\]: salt"),
        ("[Rules]\n[Hand 2]", "expected \\[Hand 1\\]"),
        ("[Rules]\n[Hand 1]\nDealer 0", "expected 'Key: value'"),
        ("[Rules]\n[Hand 1]\nTrumps: H", "unknown key 'Trumps'"),
        ("[Rules]\n[Hand 1]\nDealer: 0", "no 'Kitty:' line"),
        ("[Rules]\n[Hand 1]\nDealer: 0\nDealer: 1", "Dealer given twice"),
        ("[Rules]\n[Hand 1]\nSeat 0: AS\nSeat 0: KS", "seat 0 given twice"),
        ("[Rules]\n[Hand 1]\nSeat 0: 1S", "line 3: invalid card '1S'"),
        ("[Rules]\n[Hand 1]\nCalls: 7H 7Q", "line 3: invalid bid '7Q'"),
        ("[Rules]\n[Hand 1]\nTrick 1: 7H ZZ", "line 3: invalid action 'PLAY ZZ'"),
        ("[Rules]\n[Hand 1]\nDiscard:", "DISCARD needs the cards"),
        ("[Rules]\n[Hand 1]\nNominate: X", "'X' is not a suit"),
    ],
)
def test_bad_text_notation(text: str, message: str) -> None:
    with pytest.raises(InvalidNotationError, match=message):
        GameRecord.from_text(text)


def test_bad_text_content() -> None:
    text = record(a_game()).to_text()
    with pytest.raises(RulesConfigError, match=r"unknown Rules option.*'jokers'"):
        GameRecord.from_text(text.replace("[Rules]", "[Rules]\njokers = 2"))
    with pytest.raises(InvalidStateError, match="no 'Seat 2:' line"):
        GameRecord.from_text(re.sub(r"Seat 2: .*\n", "", text))
    with pytest.raises(InvalidStateError, match="seat 4 is not a seat"):
        GameRecord.from_text(text.replace("Kitty:", "Seat 4: AS\nKitty:"))
    with pytest.raises(InvalidStateError, match="only a two-player deal"):
        GameRecord.from_text(text.replace("Kitty:", "Dead: AS\nKitty:"))
    with pytest.raises(InvalidNotationError, match="Dealer must be one seat"):
        GameRecord.from_text(text.replace("Dealer: 0", "Dealer: 0 1"))
    with pytest.raises(InvalidNotationError, match="Scores: expected whole numbers"):
        GameRecord.from_text(text.replace("Scores: 0 0", "Scores: 0 zero"))
    with pytest.raises(IllegalBidError, match=r"hand 1, action 2: .*does not outrank"):
        GameRecord.from_text(text.replace("Calls: 7H PASS", "Calls: 7H 6S"))
    hand = re.search(r"Seat 0: (.*)\n", text)
    assert hand is not None
    nine = " ".join(hand.group(1).split()[1:])
    with pytest.raises(InvalidStateError, match="hand 1: hand 0 has 9 cards"):
        GameRecord.from_text(text.replace(hand.group(1), nine))
    two = record(new_game(Rules.two_player(), seed=1)).to_text()
    with pytest.raises(InvalidStateError, match="needs a 'Dead:' line"):
        GameRecord.from_text(re.sub(r"Dead: .*\n", "", two))


def test_not_text() -> None:
    with pytest.raises(InvalidNotationError, match="expected text"):
        GameRecord.from_json(b"{}")  # type: ignore[arg-type]
    with pytest.raises(InvalidNotationError, match="expected text"):
        GameRecord.from_text(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidNotationError, match="not JSON"):
        GameRecord.from_json("{")
    with pytest.raises(InvalidNotationError, match="not JSON"):
        GameRecord.from_json("[" * 100_000)
    with pytest.raises(InvalidNotationError, match="not JSON"):
        GameRecord.from_json('{"seed": ' + "9" * 5000 + "}")


def test_hand_built_records() -> None:
    state = finished_hand()
    saved = record(state)
    (hand,) = saved.hands
    rebuilt = GameRecord(
        saved.rules,
        saved.seed,
        [
            HandRecord(
                hand.dealer,
                [list(cards) for cards in hand.hands],
                list(hand.kitty),
                list(hand.actions),
                None if hand.result is None else list(hand.result),
                list(hand.scores),
            )
        ],
    )
    assert rebuilt == saved
    assert rebuilt.replay() == state
    with pytest.raises(InvalidStateError, match="at least one hand"):
        GameRecord(saved.rules, None, ()).replay()
    shuffled = attrs.evolve(
        hand, hands=[tuple(reversed(cards)) for cards in hand.hands]
    )
    assert GameRecord(saved.rules, saved.seed, [shuffled]).replay() == state


# -- untrusted input ---------------------------------------------------------------------

json_values = json_data()


def loads_or_documented_error(load: Callable[[str], GameRecord], text: str) -> None:
    """``text`` loads to a record that round-trips, or fails with a documented error."""
    try:
        loaded = load(text)
    except DOCUMENTED as error:
        problem: Exception = error
    else:
        check_record_round_trips(loaded)
        return
    assert isinstance(problem, FiveHundredError)
    assert isinstance(problem, ValueError)
    assert str(problem)


@given(st.text())
def test_arbitrary_text(text: str) -> None:
    loads_or_documented_error(GameRecord.from_text, text)
    loads_or_documented_error(GameRecord.from_json, text)


@given(json_values)
def test_arbitrary_json_values(value: object) -> None:
    loads_or_documented_error(GameRecord.from_json, json.dumps(value))


def _paths(value: object, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


def _value_at(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


GOOD = json.loads(record(finished_hand()).to_json())
GOOD_TEXT = record(finished_hand()).to_text()


def replaced(path: tuple[Any, ...], value: object) -> str:
    """GOOD as JSON, with the value at ``path`` replaced by ``value``."""
    data = json.loads(json.dumps(GOOD))
    _value_at(data, path[:-1])[path[-1]] = value
    return json.dumps(data)


@settings(max_examples=100)
@given(st.sampled_from(_paths(GOOD)[1:]), json_values)
def test_json_with_one_value_replaced(path: tuple[Any, ...], value: object) -> None:
    loads_or_documented_error(GameRecord.from_json, replaced(path, value))


GOOD_LEAVES = [
    leaf
    for path in _paths(GOOD)
    if not isinstance(leaf := _value_at(GOOD, path), dict | list)
]
"""Every value of GOOD that is not a container: a replacement that often still loads."""


@settings(max_examples=100)
@example(path=("seed",), value=None)  # loads: the hand replays from its recorded deal
@given(
    st.sampled_from(_paths(GOOD)[1:]),
    st.sampled_from(GOOD_LEAVES) | st.none() | st.booleans() | st.integers(-5, 600),
)
def test_json_with_one_value_swapped(path: tuple[Any, ...], value: object) -> None:
    """Values taken from a good record: loading succeeds often, and must round-trip."""
    loads_or_documented_error(GameRecord.from_json, replaced(path, value))


@settings(max_examples=100)
@example(start=0, length=0, insert="# ")  # loads: one more comment line
@given(
    st.integers(0, len(GOOD_TEXT)),
    st.integers(0, 40),
    st.text(
        alphabet=st.sampled_from(list(" \n:=[]#-0123456789ASKHJDQCNTPLMI")), max_size=8
    ),
)
def test_text_with_a_splice(start: int, length: int, insert: str) -> None:
    text = GOOD_TEXT[:start] + insert + GOOD_TEXT[start + length :]
    loads_or_documented_error(GameRecord.from_text, text)


@settings(max_examples=50)
@given(st.data())
def test_text_with_lines_moved(data: st.DataObject) -> None:
    lines = GOOD_TEXT.splitlines()
    index = data.draw(st.integers(0, len(lines) - 1))
    line = lines.pop(index)
    lines.insert(data.draw(st.integers(0, len(lines))), line)
    if data.draw(st.booleans()):
        lines.insert(data.draw(st.integers(0, len(lines))), line)
    loads_or_documented_error(GameRecord.from_text, "\n".join(lines))


# -- an app's metadata ------------------------------------------------------------------

METADATA: list[dict[str, Any]] = [
    {"table": "t-17"},
    {"players": ["ana", "bo", "cy", "di"], "started": "2026-12-06T19:00:00Z"},
    {"nested": {"a": [1, 2.5, None, True, {"b": "é ♥ \n"}]}, "": 0},
    {"\x85": "\u2028 line separators \r\x0b\x0c\x1c", "k": "\u2029"},
]


@pytest.mark.parametrize("metadata", METADATA)
def test_metadata_survives_both_forms(metadata: dict[str, Any]) -> None:
    *_, state = play_random_game(Rules(), 3, max_hands=2)
    saved = record(state, metadata=metadata)
    assert saved.metadata == metadata
    for loaded in (
        GameRecord.from_json(saved.to_json()),
        GameRecord.from_json(saved.to_json(indent=2)),
        GameRecord.from_text(saved.to_text()),
    ):
        assert loaded == saved
        assert loaded.metadata == metadata
        assert loaded.replay() == state
    assert json.loads(saved.to_json())["metadata"] == metadata


def test_no_metadata_writes_no_key() -> None:
    saved = record(new_game(seed=2))
    assert saved.metadata == {}
    assert "metadata" not in json.loads(saved.to_json())
    assert "metadata" not in saved.to_text()
    without_seed = record(new_hand(Rules(), *new_game(seed=2).dealt, dealer=0))
    text = attrs.evolve(without_seed, metadata={"x": 1}).to_text()
    assert "[Game]\nmetadata = " in text
    assert GameRecord.from_text(text).metadata == {"x": 1}


def test_metadata_is_a_copy() -> None:
    given_data: dict[str, Any] = {"list": [1]}
    saved = record(new_game(seed=2), metadata=given_data)
    given_data["list"].append(2)
    saved.metadata["list"].append(3)
    assert saved.metadata == {"list": [1]}
    assert hash(saved) == hash(record(new_game(seed=2), metadata={"list": [1]}))


@pytest.mark.parametrize(
    ("metadata", "error", "match"),
    [
        ([1, 2], TypeError, "mapping"),
        ("[1]", InvalidNotationError, "not a JSON object"),
        ({1: "x"}, TypeError, "keys must be text"),
        ({"x": float("nan")}, InvalidNotationError, "not JSON data"),
        ({"x": {1, 2}}, InvalidNotationError, "not JSON data"),
        ({"x": "y" * 70_000}, InvalidNotationError, "more than 65536"),
    ],
)
def test_bad_metadata_is_refused(metadata: object, error: type, match: str) -> None:
    before = repr(metadata)[:200]
    with pytest.raises(error, match=match):
        record(new_game(seed=2), metadata=cast(Any, metadata))
    assert repr(metadata)[:200] == before


def test_deep_metadata_is_refused_without_recursion() -> None:
    deep: Any = {}
    for _ in range(100_000):
        deep = {"x": deep}
    with pytest.raises(InvalidNotationError, match="nested more than"):
        record(new_game(seed=2), metadata=deep)


@pytest.mark.parametrize(
    "value", ['"x"', "[1]", "null", "3", '{"a": NaN}', "{" * 1000 + "}" * 1000]
)
def test_bad_metadata_in_a_json_record_is_refused(value: str) -> None:
    text = record(new_game(seed=2)).to_json()
    bad = text[:-1] + f', "metadata": {value}}}'
    with pytest.raises(InvalidNotationError) as caught:
        GameRecord.from_json(bad)
    assert caught.value.code == "bad-record"
    assert len(str(caught.value)) < 300


def test_bad_metadata_in_a_text_record_is_refused() -> None:
    text = record(new_game(seed=2)).to_text()
    for value in ("[1]", '"x"', "7", "{bad json"):
        bad = text.replace("seed = 2", f"seed = 2\nmetadata = {value}")
        with pytest.raises(InvalidNotationError):
            GameRecord.from_text(bad)


# -- huge values are quoted short, in linear time ---------------------------------------


@pytest.mark.parametrize("form", ["json", "text"])
def test_a_huge_hand_is_refused_quickly_with_a_short_message(form: str) -> None:
    import time

    saved = record(new_game(seed=1))
    huge = "AS " * 3_000_000
    if form == "json":
        data = json.loads(saved.to_json())
        data["hands"][0]["hands"][0] = huge
        text, load = json.dumps(data), GameRecord.from_json
    else:
        lines = saved.to_text().splitlines()
        at = next(i for i, line in enumerate(lines) if line.startswith("Seat 0:"))
        lines[at] = "Seat 0: " + huge
        text, load = "\n".join(lines), GameRecord.from_text
    start = time.perf_counter()
    with pytest.raises(InvalidNotationError) as caught:
        load(text)
    assert time.perf_counter() - start < 2.0  # parsing 9 MB of JSON takes ~0.1 s
    assert len(str(caught.value)) < 200
    assert "AS AS" in str(caught.value)


def test_a_huge_hand_given_to_new_hand_is_quoted_short() -> None:
    hands, kitty = new_game(seed=1).dealt
    big = [*hands[0], *hands[1], *hands[2]]
    with pytest.raises(InvalidStateError) as caught:
        new_hand(Rules(), [big * 1000, [], [], hands[3]], kitty, dealer=0)
    assert len(str(caught.value)) < 200
