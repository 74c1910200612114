"""Fuzzing every parser and loader, and the typed functions' arguments.

Every input gets the right result, a :class:`~five_hundred.FiveHundredError`, or a
:class:`TypeError` for a wrong Python type: never another exception.  The inputs
are what a hostile client sends: nesting near the interpreter's recursion limit,
integers too long to print, non-ASCII look-alikes of digits and letters, and values
of random types.  Whatever a loader accepts, both record forms write and read back.
The number of examples is the Hypothesis profile's (sized for the gate under ``ci``).
"""

import contextlib
import functools
import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.json_schema import compile_schema
from tests.strategies import game_rules

from five_hundred import (
    AVONDALE,
    FiveHundredError,
    GameRecord,
    PlayContext,
    Rules,
    ScoringTable,
    Strain,
    TrickBid,
    apply,
    legal_actions,
    new_game,
    parse_action,
    parse_bid,
    parse_card,
    parse_cards,
    record,
    view,
    view_json_schema,
)
from five_hundred.bidding import bid_ladder, bid_rank, bid_value, format_scoring_table
from five_hundred.records.json_form import parse_json
from five_hundred.records.text_form import parse_text
from five_hundred.rules import side_of
from five_hundred.scoring import game_winners
from five_hundred.tricks import (
    card_power,
    effective_suit,
    explain_play,
    joker_nominations,
    legal_plays,
    trick_winner,
)

LOOK_ALIKES = (
    "\u0661"  # ARABIC-INDIC DIGIT ONE
    "\u00b2"  # SUPERSCRIPT TWO
    "\uff15"  # FULLWIDTH DIGIT FIVE
    "\u212a"  # KELVIN SIGN (lowers to k)
    "\u0130"  # LATIN CAPITAL I WITH DOT (lowers to i + dot)
    "\u0421\u041d\u0410"  # CYRILLIC ES, EN, A
    "\u00a0\u2009\u200b"  # no-break, thin and zero-width spaces
    "\ufe0f\u2660\u2665\u2663\u2666"  # variation selector, suit symbols
    "\ufb01"  # fi ligature
)
NOTATION = '0123456789AKQJSCDHNTPMIBOLXWE-:[]{}=#," \n' + LOOK_ALIKES


def deep(depth: int, opening: str = "[", closing: str = "]") -> str:
    return opening * depth + closing * depth


def nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


@attrs.frozen
class Nested:
    """A list nested ``depth`` deep, made in the test (Hypothesis cannot print one)."""

    depth: int

    def build(self) -> list[Any]:
        return nested(self.depth)


def built(value: object) -> object:
    """``value``, with a :class:`Nested` made into its list."""
    return value.build() if isinstance(value, Nested) else value


huge_digits = st.integers(4000, 4300).map(lambda n: "9" * n)
hostile_text = st.one_of(
    st.text(max_size=60),
    st.text(alphabet=NOTATION, max_size=60),
    huge_digits,
    st.integers(900, 5000).map(deep),
    st.integers(900, 5000).map(lambda n: deep(n, '{"a":', "}")),
)
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(10**100, 10**300)
    | st.floats(allow_nan=False)
    | st.text(alphabet=NOTATION, max_size=20),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)
printable_objects = st.one_of(
    st.none(),
    st.integers(),
    st.floats(),
    st.binary(max_size=10),
    st.lists(st.integers(), max_size=5),
    st.builds(object),
)
"""Values of random types that ``repr`` can print."""
unprintable_objects = st.integers(900, 3000).map(Nested) | st.integers(4400, 6000).map(
    lambda digits: 10**digits
)
"""Values whose ``repr`` raises: nested near the recursion limit, too long to print."""


def assert_typed(call: Callable[[], object], *, type_error: bool = True) -> None:
    """``call()`` returns, or raises a FiveHundredError (or a TypeError if allowed)."""
    allowed: tuple[type[Exception], ...] = (FiveHundredError,)
    if type_error:
        allowed += (TypeError,)
    with contextlib.suppress(*allowed):
        call()


def assert_round_trips(loaded: GameRecord) -> None:
    assert GameRecord.from_json(loaded.to_json()) == loaded
    assert GameRecord.from_text(loaded.to_text()) == loaded


def short_game(seed: int, rules: Rules = Rules()) -> GameRecord:
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    for _ in range(rng.randrange(0, 40)):
        options = legal_actions(state)
        if not options:
            break
        state = apply(state, options[rng.randrange(len(options))])
    return record(state)


RECORDS = [short_game(seed) for seed in range(4)]

# -- the parsers ------------------------------------------------------------------------

PARSERS = [parse_card, parse_cards, parse_bid, parse_action]


@pytest.mark.parametrize("parse", PARSERS, ids=lambda f: f.__name__)
@given(text=hostile_text)
def test_parsers_on_hostile_text(parse: Callable[[str], object], text: str) -> None:
    assert_typed(lambda: parse(text), type_error=False)


@pytest.mark.parametrize("parse", PARSERS, ids=lambda f: f.__name__)
@given(value=printable_objects)
def test_parsers_on_values_of_other_types(
    parse: Callable[[Any], object], value: object
) -> None:
    assert_typed(lambda: parse(built(value)))


# -- the loaders ------------------------------------------------------------------------

LOADERS = [GameRecord.from_json, GameRecord.from_text, parse_json, parse_text]


@pytest.mark.parametrize("load", LOADERS, ids=lambda f: f.__qualname__)
@given(text=hostile_text)
def test_loaders_on_hostile_text(load: Callable[[str], object], text: str) -> None:
    assert_typed(lambda: load(text), type_error=False)


@pytest.mark.parametrize("load", LOADERS, ids=lambda f: f.__qualname__)
@given(value=printable_objects | unprintable_objects)
def test_loaders_on_values_of_other_types(
    load: Callable[[Any], object], value: object
) -> None:
    assert_typed(lambda: load(built(value)), type_error=False)


def _paths(data: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _paths(value, (*path, index))
    return found


def _replaced(data: Any, path: tuple[Any, ...], value: object) -> Any:
    if not path:
        return value
    copy = dict(data) if isinstance(data, dict) else list(data)
    copy[path[0]] = _replaced(data[path[0]], path[1:], value)
    return copy


@given(
    which=st.integers(0, len(RECORDS) - 1),
    where=st.integers(0, 10**6),
    value=json_values | st.integers(900, 1200).map(Nested),
)
def test_json_records_with_a_value_replaced(
    which: int, where: int, value: object
) -> None:
    data = json.loads(RECORDS[which].to_json())
    paths = _paths(data)
    text = json.dumps(_replaced(data, paths[where % len(paths)], built(value)))
    try:
        loaded = GameRecord.from_json(text)
    except FiveHundredError:
        return
    assert_round_trips(loaded)


@given(
    which=st.integers(0, len(RECORDS) - 1),
    where=st.integers(0, 10**6),
    insert=hostile_text,
    replace=st.booleans(),
)
def test_text_records_with_a_line_changed(
    which: int, where: int, insert: str, replace: bool
) -> None:
    lines = RECORDS[which].to_text().splitlines()
    index = where % len(lines)
    column = where % (len(lines[index]) + 1)
    if replace:
        lines[index] = insert
    else:
        lines[index] = lines[index][:column] + insert + lines[index][column:]
    try:
        loaded = GameRecord.from_text("\n".join(lines))
    except FiveHundredError:
        return
    assert_round_trips(loaded)


@given(
    name=st.sampled_from([field.name for field in attrs.fields(Rules)]),
    value=json_values | st.integers(10**999, 10**1100),
)
def test_rules_options_of_any_value(name: str, value: Any) -> None:
    try:
        rules = Rules(**{name: value})
    except FiveHundredError:
        return
    assert_round_trips(record(new_game(rules, seed=1)))


@given(rules=game_rules(), seed=st.integers(0, 10**999), name=st.text(max_size=20))
def test_every_accepted_game_round_trips(rules: Rules, seed: int, name: str) -> None:
    table = ScoringTable(rules.scoring_table.values, name)
    assert_round_trips(record(new_game(rules.replace(scoring_table=table), seed=seed)))


# -- the typed functions ----------------------------------------------------------------

arguments = st.one_of(
    st.integers(-10, 10),
    st.integers(10**100, 10**300),
    st.none(),
    st.text(max_size=3),
    st.sampled_from(
        [Rules(), AVONDALE, PlayContext(Strain.NO_TRUMPS), parse_card("JK")]
    ),
    st.lists(st.integers(-5, 70), max_size=4),
    st.lists(st.sampled_from([parse_card("JK"), parse_card("9H")]), max_size=3),
)
CARDS = parse_cards("9H JK AS")
NT = PlayContext(Strain.NO_TRUMPS)


@given(a=arguments, b=arguments, c=arguments)
def test_typed_functions_on_malformed_arguments(a: Any, b: Any, c: Any) -> None:
    calls: list[Callable[[], object]] = [
        lambda: card_power(CARDS[0], NT, a),
        lambda: card_power(a, b, c),
        lambda: effective_suit(a, b),
        lambda: trick_winner(CARDS, NT, a),
        lambda: trick_winner(a, b, c),
        lambda: legal_plays(CARDS, NT, suits_led=a),
        lambda: legal_plays(CARDS, NT, shown_void=a, trick=b),
        lambda: legal_plays(a, b, c),
        lambda: explain_play(CARDS, a, NT, trick=b),
        lambda: joker_nominations(a, b, c),
        lambda: PlayContext(Strain.NO_TRUMPS, joker_suit=a),
        lambda: PlayContext(a, b, c),
        lambda: AVONDALE.value(a, b),
        lambda: game_winners(Rules(), a),
        lambda: game_winners(a, b, c),
        lambda: side_of(a, b),
        lambda: new_game(Rules(), seed=a),
        lambda: ScoringTable(a, b),
        lambda: bid_value(TrickBid(7, Strain.HEARTS), a),
        lambda: bid_rank(a, b),
        lambda: bid_ladder(a),
        lambda: format_scoring_table(a),
    ]
    for call in calls:
        assert_typed(call)


def test_out_of_range_numbers_in_contexts_tables_and_seeds_are_refused() -> None:
    with pytest.raises(FiveHundredError, match="joker_suit"):
        PlayContext(Strain.NO_TRUMPS, joker_suit=-5)  # type: ignore[arg-type]
    with pytest.raises(FiveHundredError, match="tricks '5'"):
        AVONDALE.value(5, 0)  # type: ignore[arg-type]
    with pytest.raises(FiveHundredError, match="led suit '-1'"):
        card_power(CARDS[0], NT, -1)  # type: ignore[arg-type]
    with pytest.raises(FiveHundredError, match="one per side"):
        game_winners(Rules(), (0, 0, 0))
    with pytest.raises(FiveHundredError, match="suits_led '-1'"):
        legal_plays(CARDS, NT, suits_led=[-1])  # type: ignore[list-item]
    with pytest.raises(FiveHundredError, match="at most 1000 digits"):
        new_game(seed=10**5000)


@pytest.mark.parametrize("parse", PARSERS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("value", [10**5000, Nested(5000)], ids=["huge", "deep"])
def test_parsers_on_values_too_big_to_print(
    parse: Callable[[Any], object], value: object
) -> None:
    assert_typed(lambda: parse(built(value)))


VIEW_CHECK = compile_schema(view_json_schema())


# -- the surfaces an app talks to: metadata, context parsing, Rules from dicts, views ------


@given(metadata=json_values | printable_objects | unprintable_objects)
def test_records_with_any_metadata(metadata: Any) -> None:
    metadata = built(metadata)
    before = None if isinstance(metadata, list | int) else repr(metadata)[:300]
    try:
        saved = record(new_game(seed=1), metadata=metadata)
    except (FiveHundredError, TypeError):
        if before is not None:
            assert repr(metadata)[:300] == before  # the input is never changed
        return
    assert_round_trips(saved)
    assert GameRecord.from_json(saved.to_json()).metadata == saved.metadata


@given(value=json_values | hostile_text)
def test_json_records_with_any_metadata_value(value: Any) -> None:
    data = json.loads(RECORDS[1].to_json())
    data["metadata"] = value
    try:
        text = json.dumps(data)
    except (ValueError, RecursionError):
        return
    message = ""
    try:
        loaded = GameRecord.from_json(text)
    except FiveHundredError as error:
        message = str(error)
    else:
        assert_round_trips(loaded)
    assert len(message) < 2000  # a refused value is quoted short


@given(
    state=st.sampled_from(RECORDS).map(lambda saved: saved.replay()), text=hostile_text
)
def test_context_parsing_on_hostile_text(state: Any, text: str) -> None:
    for context in (state, view(state, None), view(state, state.to_act or 0)):
        assert_typed(
            functools.partial(parse_action, text, context=context), type_error=False
        )


@given(
    data=st.dictionaries(st.text(max_size=30), json_values, max_size=6) | json_values
)
def test_rules_from_any_dict(data: Any) -> None:
    try:
        rules = Rules.from_dict(data)
    except FiveHundredError:
        return
    assert Rules.from_dict(rules.to_dict()) == rules


@given(
    rules=game_rules(),
    seed=st.integers(0, 2**64),
    steps=st.integers(0, 200),
    seat=st.integers(-1, 5),
)
def test_views_as_json_of_any_game(
    rules: Rules, seed: int, steps: int, seat: int
) -> None:
    state = new_game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        options = legal_actions(state)
        if not options:
            break
        state = apply(state, options[rng.randrange(len(options))])
    who = None if seat < 0 or seat >= rules.players else seat
    data = json.loads(json.dumps(view(state, who).to_dict()))
    assert VIEW_CHECK(data) is None
