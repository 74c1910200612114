"""The engine's listing of the card play (``_engine.listed``), in either build.

The compiled build's ``legal_actions`` lists a card play with ``listed_plays``; the
pure build lists it inline. These tests run the engine function in both builds
against the facade, one state at a time, and the split of a mask against its bits.
"""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from five_hundred import PlayCard, Rules, apply, legal_actions, new_game
from five_hundred._engine.codes import JOKER_BIT, NT
from five_hundred._engine.core import LED, LEGAL, SETUP
from five_hundred._engine.listed import listed_plays, mask_plays
from five_hundred.state import Phase, inner
from five_hundred.tricks import (
    PLAY_TABLES,
    PLAYS,
    PLAYS_CACHE_SIZE,
    SUIT_PLAYS_CACHE_SIZE,
)
from tests.strategies import rules, seeds

CODES = tuple(code for code in range(65) if code % 16 < 13 or code == 64)


@settings(max_examples=40, deadline=None)
@given(rules(), seeds(), st.randoms(use_true_random=False))
def test_listed_plays_are_the_facades_plays_of_the_card_play(
    game_rules: Rules, seed: int, rng: random.Random
) -> None:
    state = new_game(game_rules, seed=seed)
    while state.to_act is not None:
        actions = legal_actions(state)
        core = inner(state)
        found = listed_plays(core, PLAY_TABLES, PLAYS_CACHE_SIZE, SUIT_PLAYS_CACHE_SIZE)
        joker_lead = core[LEGAL] & JOKER_BIT and core[LED] < 0 and core[SETUP].key == NT
        if state.phase is not Phase.PLAY or joker_lead:
            assert found is None
        else:
            assert found == actions
            assert all(play is PLAYS[play.card.code] for play in found)
        state = apply(state, rng.choice(actions))


@settings(max_examples=200, deadline=None)
@given(st.sets(st.sampled_from(CODES), min_size=1, max_size=14))
def test_mask_plays_are_the_plays_of_the_masks_cards_in_code_order(
    codes: set[int],
) -> None:
    mask = sum(1 << code for code in codes)
    tables: tuple[dict[int, tuple[PlayCard, ...]], ...] = ({}, {}, {}, {})
    plays = mask_plays(({}, tables, PLAYS), mask, 1, 1)
    assert plays == tuple(PLAYS[code] for code in sorted(codes))
    again = mask_plays(({}, tables, PLAYS), mask, 0, 0)  # the suits' tables answer
    assert again == plays
    assert all(len(table) <= 1 for table in tables)
