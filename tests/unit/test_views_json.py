"""The views as JSON: every view of random games validates against the shipped schema.

The schema (``five_hundred/schemas/view.schema.json``) is what a client in another
language reads; the reference page "The view as JSON" documents each of its keys.
"""

import json
import re

import attrs
import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests import ROOT
from tests.json_schema import compile_schema
from tests.random_games import play_random_game
from tests.strategies import game_rules, seeds

from five_hundred import Rules, view, view_json_schema
from five_hundred.views import VIEW_SCHEMA

SCHEMA = view_json_schema()
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
CHECK = compile_schema(SCHEMA)
"""The fast checker of the same schema (``jsonschema`` checks a sample)."""
PAGE = ROOT / "docs" / "reference" / "view-json.rst"

RULES = [
    Rules.two_player(),
    Rules.three_player(),
    Rules(),
    Rules.five_player(),
    Rules.six_player(),
    Rules(players=6, six_player_sides=3),
    Rules(players=5, five_player_partner=False),
    Rules(open_misere_exposed_before_lead=True, sans_kitty=False),
]


def test_the_schema_is_a_valid_json_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["properties"]["schema"]["const"] == VIEW_SCHEMA
    assert SCHEMA["required"] == list(SCHEMA["properties"])


def test_the_rules_part_names_every_rules_option() -> None:
    rules = SCHEMA["$defs"]["rules"]
    assert rules["required"] == [field.name for field in attrs.fields(Rules)]


@pytest.mark.parametrize(
    "rules", RULES, ids=[f"{n}-{r.players}p{r.sides}s" for n, r in enumerate(RULES)]
)
def test_every_view_of_random_games_validates(rules: Rules) -> None:
    seen_keys: set[str] = set()
    checked = 0
    for seed in range(2):
        for state in play_random_game(rules, seed, max_hands=3):
            for seat in [None, *range(rules.players)]:
                data = json.loads(json.dumps(view(state, seat).to_dict()))
                assert CHECK(data) is None, CHECK(data)
                if checked % 50 == 0:
                    VALIDATOR.validate(data)
                seen_keys |= {key for key, value in data.items() if value}
                checked += 1
    assert checked > 200
    # The games reach the parts of the layout that are empty at the start.
    assert {"contract", "trick", "tricks", "previous_hand", "hand_result"} <= seen_keys


@settings(max_examples=30, deadline=None)
@given(game_rules(), seeds(), st.integers(0, 120), st.data())
def test_views_of_any_rules_validate(
    rules: Rules, seed: int, steps: int, data: st.DataObject
) -> None:
    states = list(play_random_game(rules, seed, max_hands=2))
    state = states[min(steps, len(states) - 1)]
    seat = data.draw(st.sampled_from([None, *range(rules.players)]))
    seen = json.loads(json.dumps(view(state, seat).to_dict()))
    VALIDATOR.validate(seen)
    assert CHECK(seen) is None


def test_the_schema_refuses_what_is_not_a_view() -> None:
    state = next(play_random_game(Rules(), 1))
    good = view(state, 0).to_dict()
    for change in (
        {"extra": 1},
        {"seat": True},
        {"hand": ["1H"]},
        {"phase": "lunch"},
        {"legal_actions": ["PLAY"]},
        {"scores": [0]},
        {"calls": [[0, "PASS", 1]]},
    ):
        assert not VALIDATOR.is_valid({**good, **change}), change
        assert CHECK({**good, **change}) is not None, change
    missing = dict(good)
    del missing["previous_hand"]
    assert not VALIDATOR.is_valid(missing)
    assert CHECK(missing) is not None


def _documented(section: str) -> list[str]:
    """The keys listed (as ``key``) in one section of the reference page."""
    text = PAGE.read_text(encoding="utf-8")
    start = text.index(f".. _{section}:")
    end = text.find("\n.. _", start + 1)
    body = text[start : None if end < 0 else end]
    return re.findall(r"^   \* - ``([a-z_]+)``", body, flags=re.MULTILINE)


@pytest.mark.parametrize(
    ("section", "part"),
    [
        ("view-json-keys", None),
        ("view-json-contract", "contract"),
        ("view-json-trick", "trick"),
        ("view-json-outcome", "outcome"),
    ],
)
def test_the_reference_page_documents_every_key(section: str, part: str | None) -> None:
    keys = SCHEMA["required"] if part is None else SCHEMA["$defs"][part]["required"]
    assert _documented(section) == keys
