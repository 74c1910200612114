"""The state's inner record (``_engine.core``): plain tuples, read by index constants.

The record's fields are read by the constants ``RULES`` to ``LEGAL`` (``core[PHASE]``),
the hand's by ``H_DEALER`` to ``H_RESULT``, and every builder makes a plain tuple (a
tuple subclass costs about three times as much to build and free).  These tests pin
both: a constant out of step with the field order, or a builder going back to the
class, fails here.
"""

from hypothesis import given, settings
from tests.random_games import play_random_game
from tests.strategies import rules, seeds

from five_hundred import Rules
from five_hundred._engine import core
from five_hundred.state import record_of


def test_each_index_constant_names_its_field() -> None:
    for index, name in enumerate(core.Record._fields):
        assert getattr(core, name.upper()) == index, name
    for index, name in enumerate(core.Hand._fields):
        assert getattr(core, "H_" + name.upper()) == index, name
    assert core.CARDS == core.HANDS


@settings(max_examples=30, deadline=None)
@given(rules(), seeds())
def test_every_state_holds_a_plain_tuple_of_the_fields(
    game_rules: Rules, seed: int
) -> None:
    for state in play_random_game(game_rules, seed, max_hands=2):
        record = record_of(state)
        assert type(record) is tuple
        assert len(record) == len(core.Record._fields)
        assert type(record[core.HAND]) is tuple
        assert len(record[core.HAND]) == len(core.Hand._fields)
        assert record[core.RULES] == game_rules
        assert state.to_act == record[core.TO_ACT]
