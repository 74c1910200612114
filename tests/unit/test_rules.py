import inspect
import re
from typing import Any, cast

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.strategies import rules, scoring_tables

from five_hundred import (
    AVONDALE,
    PERFECT,
    InvalidStateError,
    JokerLeadSuit,
    Rules,
    RulesConfigError,
    ScoringTable,
    Strain,
    seats_of,
    side_of,
)

# :ref:`rules-options`: every field and its standard-game default, written out.
DEFAULTS: dict[str, object] = {
    "players": 4,
    "six_player_sides": 2,
    "misere": True,
    "open_misere": True,
    "blind_misere": True,
    "sans_kitty": True,
    "misere_needs_seven": True,
    "misere_by_value": False,
    "open_misere_top": False,
    "misere_value": 250,
    "open_misere_value": 500,
    "blind_misere_value": 500,
    "single_round_auction": False,
    "raise_after_all_pass": False,
    "redeal_same_dealer": False,
    "joker_nomination": True,
    "joker_follows_only_when_void": True,
    "joker_lead_suit": JokerLeadSuit.NOT_LED_BEFORE,
    "joker_last_trick_once_all_suits_led": True,
    "joker_lead_only_last_trick": False,
    "misere_joker_forced_when_void": True,
    "open_misere_exposed_before_lead": False,
    "slam_bonus": True,
    "defender_trick_points": 10,
    "defender_cap": None,
    "defender_points_only_when_set": False,
    "win_requires_contract": True,
    "target": 500,
    "losing_score": -500,
    "five_player_partner": True,
    "scoring_table": AVONDALE,
}

AVONDALE_ROWS = (
    (40, 60, 80, 100, 120),
    (140, 160, 180, 200, 220),
    (240, 260, 280, 300, 320),
    (340, 360, 380, 400, 420),
    (440, 460, 480, 500, 520),
)


def cap_message(target: int, cap: int) -> str:
    return (
        f"defender_cap must be positive and below the target {target} "
        f"(got defender_cap={cap})"
    )


def fields_of(value: Rules) -> dict[str, object]:
    return {f.name: getattr(value, f.name) for f in attrs.fields(Rules)}


def changed_fields(value: Rules) -> dict[str, object]:
    return {k: v for k, v in fields_of(value).items() if v != DEFAULTS[k]}


# -- defaults and presets -------------------------------------------------------------


def test_every_field_has_the_standard_default() -> None:
    assert fields_of(Rules()) == DEFAULTS
    assert [f.name for f in attrs.fields(Rules)] == list(DEFAULTS)


@pytest.mark.parametrize("name", list(DEFAULTS))
def test_each_default_has_the_documented_type(name: str) -> None:
    value = getattr(Rules(), name)
    assert value == DEFAULTS[name]
    assert type(value) is type(DEFAULTS[name])


def test_rules_signature_lists_every_option() -> None:
    # help(Rules), Sphinx autodoc and Hypothesis's st.builds read this signature.
    parameters = inspect.signature(Rules).parameters
    assert list(parameters) == list(DEFAULTS)
    for name, parameter in parameters.items():
        assert parameter.kind is inspect.Parameter.KEYWORD_ONLY
        assert parameter.default == DEFAULTS[name]


def test_standard_is_the_default() -> None:
    assert Rules.standard() == Rules()


def test_american_preset() -> None:
    assert changed_fields(Rules.american()) == {
        "single_round_auction": True,
        "misere_by_value": True,
        "misere_needs_seven": False,
        "open_misere": False,
        "blind_misere": False,
        "sans_kitty": False,
        "win_requires_contract": False,
    }
    assert Rules.american(players=5).players == 5
    assert Rules.american(open_misere=True).open_misere
    assert Rules.american(sans_kitty=True).single_round_auction


@pytest.mark.parametrize(
    ("preset", "players", "sides"),
    [
        (Rules.two_player, 2, 2),
        (Rules.three_player, 3, 3),
        (Rules.five_player, 5, 5),
        (Rules.six_player, 6, 2),
    ],
)
def test_player_count_presets(preset: Any, players: int, sides: int) -> None:
    value = preset()
    assert isinstance(value, Rules)
    assert changed_fields(value) == {"players": players}
    assert value == Rules.for_players(players) == Rules(players=players)
    assert value.sides == sides
    assert preset(misere=False) == Rules(players=players, misere=False)


def test_six_player_three_sides_preset() -> None:
    value = Rules.six_player_three_sides()
    assert changed_fields(value) == {"players": 6, "six_player_sides": 3}
    assert value.sides == 3
    assert Rules.six_player_three_sides(target=1000).target == 1000


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_for_players(players: int) -> None:
    value = Rules.for_players(players)
    assert value.players == players
    assert value.seats == players
    assert Rules.for_players(players, slam_bonus=False).slam_bonus is False


@pytest.mark.parametrize(
    "preset",
    [
        Rules.american,
        Rules.two_player,
        Rules.three_player,
        Rules.five_player,
        Rules.six_player,
        Rules.six_player_three_sides,
    ],
)
def test_presets_check_their_changes(preset: Any) -> None:
    with pytest.raises(RulesConfigError, match="foo"):
        preset(foo=1)
    with pytest.raises(RulesConfigError, match="got 0"):
        preset(misere_value=0)


def test_for_players_checks_the_count() -> None:
    with pytest.raises(RulesConfigError, match=r"got players=7"):
        Rules.for_players(7)


# -- sides ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "sides", "partnerships"),
    [
        (Rules.two_player(), [0, 1], False),
        (Rules.three_player(), [0, 1, 2], False),
        (Rules(), [0, 1, 0, 1], True),
        (Rules.five_player(), [0, 1, 2, 3, 4], False),
        (Rules.six_player(), [0, 1, 0, 1, 0, 1], True),
        (Rules.six_player_three_sides(), [0, 1, 2, 0, 1, 2], True),
    ],
    ids=["two", "three", "four", "five", "six", "six-three-sides"],
)
def test_side_of_each_seat(value: Rules, sides: list[int], partnerships: bool) -> None:
    assert [side_of(value, seat) for seat in range(value.players)] == sides
    assert value.sides == len(set(sides))
    assert value.partnerships is partnerships


@given(rules())
def test_every_side_has_a_seat(value: Rules) -> None:
    found = {side_of(value, seat) for seat in range(value.players)}
    assert found == set(range(value.sides))
    assert value.players % value.sides == 0


@given(rules())
def test_the_seats_of_a_side_are_those_side_of_puts_there(value: Rules) -> None:
    every: list[int] = []
    for side in range(value.sides):
        seats = seats_of(value, side)
        assert seats == tuple(sorted(seats))
        assert all(side_of(value, seat) == side for seat in seats)
        every.extend(seats)
    assert sorted(every) == list(range(value.players))


def test_seats_of_refuses_what_is_not_a_side() -> None:
    with pytest.raises(InvalidStateError, match="invalid side 2: sides are 0 to 1"):
        seats_of(Rules(), 2)
    with pytest.raises(InvalidStateError, match="invalid side"):
        seats_of(Rules(), cast(Any, True))
    with pytest.raises(TypeError, match="expected a Rules value"):
        seats_of(cast(Any, "four players"), 0)


# -- inconsistent and invalid values -------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"players": 4, "six_player_sides": 3},
            "six_player_sides=3 needs players=6 (got players=4)",
        ),
        (
            {"players": 5, "six_player_sides": 3},
            "six_player_sides=3 needs players=6 (got players=5)",
        ),
        ({"players": 1}, "players must be 2 to 6 (got players=1)"),
        ({"players": 7}, "players must be 2 to 6 (got players=7)"),
        ({"players": 0}, "players must be 2 to 6 (got players=0)"),
        ({"six_player_sides": 4}, "six_player_sides must be 2 or 3 (got 4)"),
        (
            {"players": 6, "six_player_sides": 1},
            "six_player_sides must be 2 or 3 (got 1)",
        ),
        ({"target": 0}, "target must be positive (got target=0)"),
        ({"target": -500}, "target must be positive (got target=-500)"),
        ({"losing_score": 0}, "losing_score must be negative (got losing_score=0)"),
        ({"losing_score": 500}, "losing_score must be negative (got losing_score=500)"),
        (
            {"defender_cap": 500},
            cap_message(500, 500),
        ),
        (
            {"defender_cap": 600},
            cap_message(500, 600),
        ),
        (
            {"defender_cap": 0},
            cap_message(500, 0),
        ),
        (
            {"defender_cap": -10},
            cap_message(500, -10),
        ),
        (
            {"defender_cap": 490, "target": 400},
            cap_message(400, 490),
        ),
        (
            {"defender_trick_points": -1},
            "defender_trick_points must not be negative (got -1)",
        ),
        ({"misere_value": 0}, "misere_value must be positive (got 0)"),
        ({"misere_value": -250}, "misere_value must be positive (got -250)"),
        ({"open_misere_value": 0}, "open_misere_value must be positive (got 0)"),
        ({"blind_misere_value": -1}, "blind_misere_value must be positive (got -1)"),
        (
            {"single_round_auction": True, "raise_after_all_pass": True},
            (
                "raise_after_all_pass needs the Australian auction "
                "(single_round_auction=False): in a single round nobody raises"
            ),
        ),
    ],
)
def test_inconsistent_values_are_refused(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesConfigError) as info:
        Rules(**changes)
    assert str(info.value) == message
    assert isinstance(info.value, ValueError)
    with pytest.raises(RulesConfigError, match=re.escape(message)):
        Rules().replace(**changes)


def test_every_problem_is_named_at_once() -> None:
    with pytest.raises(RulesConfigError) as info:
        Rules(players=7, target=0, misere_value=0)
    assert str(info.value) == (
        "players must be 2 to 6 (got players=7); "
        "target must be positive (got target=0); "
        "misere_value must be positive (got 0)"
    )


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"players": "4"}, "Rules.players must be a whole number; got '4'"),
        ({"players": 4.0}, "Rules.players must be a whole number; got 4.0"),
        ({"players": True}, "Rules.players must be a whole number; got True"),
        ({"players": None}, "Rules.players must be a whole number; got None"),
        ({"target": "500"}, "Rules.target must be a whole number; got '500'"),
        (
            {"defender_cap": 490.0},
            "Rules.defender_cap must be a whole number; got 490.0",
        ),
        ({"defender_cap": True}, "Rules.defender_cap must be a whole number; got True"),
        ({"misere": 1}, "Rules.misere must be True or False; got 1"),
        ({"slam_bonus": "yes"}, "Rules.slam_bonus must be True or False; got 'yes'"),
        ({"sans_kitty": None}, "Rules.sans_kitty must be True or False; got None"),
        (
            {"joker_lead_suit": "any"},
            "Rules.joker_lead_suit must be a JokerLeadSuit; got 'any'",
        ),
        (
            {"scoring_table": AVONDALE_ROWS},
            # shortened: a message never shows a long value whole
            (
                "Rules.scoring_table must be a ScoringTable; "
                "got ((40, 60, 80, 100, 120), (140, 160, 1..."
            ),
        ),
    ],
)
def test_values_of_the_wrong_type_are_refused(
    changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(RulesConfigError) as info:
        Rules(**changes)
    assert str(info.value) == message
    with pytest.raises(RulesConfigError, match=re.escape(message)):
        Rules().replace(**changes)


def test_an_unknown_keyword_is_refused() -> None:
    with pytest.raises(RulesConfigError, match=r"invalid Rules arguments: .*'foo'"):
        Rules(foo=1)  # type: ignore[call-arg]
    with pytest.raises(RulesConfigError, match=r"^unknown Rules option\(s\): foo$"):
        Rules().replace(foo=1)
    with pytest.raises(
        RulesConfigError, match=r"^unknown Rules option\(s\): bar, foo$"
    ):
        Rules().replace(foo=1, bar=2, misere=False)


def test_positional_arguments_are_refused() -> None:
    with pytest.raises(RulesConfigError, match="invalid Rules arguments"):
        Rules(4)  # type: ignore[call-arg]


@pytest.mark.parametrize(
    "changes",
    [
        {"players": 6, "six_player_sides": 3},
        {"players": 2},
        {"defender_cap": 490},
        {"defender_cap": 480},
        {"defender_cap": 1},
        {"defender_cap": 499},
        {"defender_cap": 990, "target": 1000},
        {"defender_trick_points": 0},
        {"target": 1, "losing_score": -1},
        {"single_round_auction": True},
        {"raise_after_all_pass": True},
        {"joker_lead_suit": JokerLeadSuit.ANY},
        {"joker_lead_suit": JokerLeadSuit.NOT_SHOWN_VOID},
        {"scoring_table": PERFECT},
        {"misere": False, "open_misere": False, "blind_misere": False},
    ],
)
def test_consistent_variants_are_accepted(changes: dict[str, Any]) -> None:
    value = Rules(**changes)
    assert changed_fields(value) == changes
    assert Rules().replace(**changes) == value


# -- values ---------------------------------------------------------------------------


def test_rules_are_frozen_hashable_values() -> None:
    assert Rules() == Rules()
    assert hash(Rules()) == hash(Rules())
    assert Rules(misere=False) != Rules()
    assert Rules(defender_cap=490) != Rules(defender_cap=480)
    assert len({Rules(), Rules(), Rules.standard(), Rules.american()}) == 2
    assert {Rules(): "standard"}[Rules.for_players(4)] == "standard"
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        Rules().players = 5  # type: ignore[misc]


def test_replace_returns_a_new_value_and_keeps_the_original() -> None:
    original = Rules()
    changed = original.replace(misere=False, target=1000)
    assert original == Rules()
    assert changed.misere is False
    assert changed.target == 1000
    assert changed_fields(changed) == {"misere": False, "target": 1000}
    assert original.replace() == original


@given(rules())
def test_every_generated_value_rebuilds_equal(value: Rules) -> None:
    rebuilt = Rules(**fields_of(value))  # type: ignore[arg-type]
    assert rebuilt == value
    assert hash(rebuilt) == hash(value)
    assert value.replace() == value
    assert value.replace(players=value.players) == value
    assert 2 <= value.players <= 6
    assert value.six_player_sides == 2 or value.players == 6


@given(st.from_type(Rules))
def test_the_registered_strategy_gives_valid_rules(value: Rules) -> None:
    assert isinstance(value, Rules)
    assert Rules(**fields_of(value)) == value  # type: ignore[arg-type]


@given(rules(), st.sampled_from(list(DEFAULTS)))
def test_replacing_a_field_with_its_default(value: Rules, name: str) -> None:
    cap = value.defender_cap
    clashes = (name == "players" and value.six_player_sides == 3) or (
        name == "target" and cap is not None and cap >= DEFAULTS["target"]  # type: ignore[operator]
    )
    if clashes:
        with pytest.raises(RulesConfigError):
            value.replace(**{name: DEFAULTS[name]})
    else:
        changed = value.replace(**{name: DEFAULTS[name]})
        assert getattr(changed, name) == DEFAULTS[name]
        assert fields_of(changed) == fields_of(value) | {name: DEFAULTS[name]}


# -- scoring tables ----------------------------------------------------------------------


def test_avondale_is_the_table_of_the_rules() -> None:
    assert AVONDALE.values == (
        (40, 60, 80, 100, 120),
        (140, 160, 180, 200, 220),
        (240, 260, 280, 300, 320),
        (340, 360, 380, 400, 420),
        (440, 460, 480, 500, 520),
    )
    assert AVONDALE.name == "avondale"
    assert ScoringTable.avondale() == AVONDALE


@pytest.mark.parametrize("tricks", range(6, 11))
@pytest.mark.parametrize("strain", list(Strain))
def test_avondale_values(tricks: int, strain: Strain) -> None:
    assert AVONDALE.value(tricks, strain) == 100 * (tricks - 6) + 40 + 20 * strain
    assert AVONDALE.value(tricks, strain) == AVONDALE_ROWS[tricks - 6][strain]


def test_known_values() -> None:
    assert AVONDALE.value(6, Strain.SPADES) == 40
    assert AVONDALE.value(8, Strain.HEARTS) == 300
    assert AVONDALE.value(10, Strain.NO_TRUMPS) == 520
    assert PERFECT.value(10, Strain.NO_TRUMPS) == 500
    assert PERFECT.value(6, Strain.SPADES) == 20


def test_perfect_is_avondale_minus_twenty() -> None:
    assert PERFECT.values == (
        (20, 40, 60, 80, 100),
        (120, 140, 160, 180, 200),
        (220, 240, 260, 280, 300),
        (320, 340, 360, 380, 400),
        (420, 440, 460, 480, 500),
    )
    assert PERFECT.name == "perfect"
    assert ScoringTable.perfect() == PERFECT
    for tricks in range(6, 11):
        for strain in Strain:
            assert PERFECT.value(tricks, strain) == AVONDALE.value(tricks, strain) - 20


def test_from_rows_accepts_any_sequences() -> None:
    table = ScoringTable.from_rows([list(row) for row in AVONDALE_ROWS])
    assert table.values == AVONDALE.values
    assert table.name == "custom"
    assert table == ScoringTable(AVONDALE_ROWS)
    assert table != AVONDALE  # the name differs
    named = ScoringTable.from_rows(AVONDALE_ROWS, "mine")
    assert named.name == "mine"
    assert Rules(scoring_table=named).scoring_table.value(7, Strain.CLUBS) == 160


@pytest.mark.parametrize(
    "rows",
    [
        [],
        AVONDALE_ROWS[:4],
        (*AVONDALE_ROWS, AVONDALE_ROWS[0]),
        [row[:4] for row in AVONDALE_ROWS],
        [(*row, 600) for row in AVONDALE_ROWS],
        [*AVONDALE_ROWS[:4], (440, 460, 480, 500, 0)],
        [*AVONDALE_ROWS[:4], (440, 460, 480, 500, -520)],
        [*AVONDALE_ROWS[:4], (440, 460, 480, 500, 520.0)],
        [*AVONDALE_ROWS[:4], (440, 460, 480, 500, "520")],
        [*AVONDALE_ROWS[:4], (440, 460, 480, 500, True)],
        [*AVONDALE_ROWS[:4], (440, 460, 480, 500, None)],
    ],
    ids=[
        "no-rows",
        "four-rows",
        "six-rows",
        "four-columns",
        "six-columns",
        "zero",
        "negative",
        "float",
        "text",
        "bool",
        "none",
    ],
)
def test_from_rows_refuses_a_bad_table(rows: Any) -> None:
    with pytest.raises(RulesConfigError, match=r"^a scoring table needs 5 rows"):
        ScoringTable.from_rows(rows)


@pytest.mark.parametrize(
    "rows", [5, [1, 2, 3, 4, 5], None], ids=["int", "flat", "none"]
)
def test_from_rows_refuses_what_is_not_rows(rows: Any) -> None:
    with pytest.raises(RulesConfigError, match=re.escape(repr(rows))):
        ScoringTable.from_rows(rows)


def test_the_constructor_checks_the_values_too() -> None:
    lists: Any = [list(row) for row in AVONDALE_ROWS]
    with pytest.raises(RulesConfigError, match="a scoring table needs"):
        ScoringTable(lists)


@given(scoring_tables())
def test_generated_tables_rebuild_equal(table: ScoringTable) -> None:
    assert ScoringTable.from_rows(table.values, table.name) == table
    assert all(v > 0 for row in table.values for v in row)
