"""The engine's listings (``_engine.listed``), in either build.

The compiled build's ``legal_actions`` lists a card play with ``listed_plays`` and a
kitty discard with ``discard_listing``; the pure build lists them inline. These tests
run the engine functions in both builds against the facade, one state at a time, the
split of a mask against its bits and the discards against every set of three cards.
"""

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.strategies import rules, seeds

from five_hundred import JOKER, PlayCard, Rules, apply, legal_actions, new_game
from five_hundred._engine.codes import JOKER_BIT, NT
from five_hundred._engine.core import LED, LEGAL, SETUP
from five_hundred._engine.listed import (
    DISCARD_ROW,
    discard_listing,
    listed_plays,
    mask_plays,
)
from five_hundred.state import _DISCARDS, Phase, record_of
from five_hundred.tricks import (
    PLAY_TABLES,
    PLAYS,
    PLAYS_CACHE_SIZE,
    SUIT_PLAYS_CACHE_SIZE,
)

CODES = tuple(code for code in range(65) if code % 16 < 13 or code == 64)


@settings(max_examples=40, deadline=None)
@given(rules(), seeds(), st.randoms(use_true_random=False))
def test_listed_plays_are_the_facades_plays_of_the_card_play(
    game_rules: Rules, seed: int, rng: random.Random
) -> None:
    state = new_game(game_rules, seed=seed)
    while state.to_act is not None:
        actions = legal_actions(state)
        core = record_of(state)
        found = listed_plays(core, PLAY_TABLES, PLAYS_CACHE_SIZE, SUIT_PLAYS_CACHE_SIZE)
        joker_lead = core[LEGAL] & JOKER_BIT and core[LED] < 0 and core[SETUP].key == NT
        if state.phase is not Phase.PLAY:
            assert found is None
        else:
            assert found == actions
            # the shared plays (the Joker's leads naming a suit among them)
            shared = PLAY_TABLES[2]
            assert all(any(play is other for other in shared) for play in found)
            if joker_lead:
                assert all(
                    play.suit is not None for play in found if play.card == JOKER
                )
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


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(CODES), min_size=0, max_size=16, unique=True))
def test_discard_listing_gives_each_set_of_three_codes_in_order(
    held: list[int],
) -> None:
    codes = sorted(held)
    rows: list[list[object] | None] = [None] * (DISCARD_ROW * DISCARD_ROW)
    made: list[tuple[int, ...]] = []

    def make(*triple: int) -> object:
        made.append(triple)
        return _DISCARDS[triple]

    expected = tuple(_DISCARDS[t] for t in itertools.combinations(codes, 3))
    found = discard_listing(codes, rows, make)
    assert found == expected
    assert all(a is b for a, b in zip(found, expected, strict=True))  # shared
    assert made == list(itertools.combinations(codes, 3))  # each set made once
    again = discard_listing(codes, rows, make)  # now from the table alone
    assert all(a is b for a, b in zip(again, expected, strict=True))
    assert len(made) == len(expected)


@settings(max_examples=30, deadline=None)
@given(rules(), seeds())
def test_the_discard_phase_lists_every_set_of_three_held_cards(
    game_rules: Rules, seed: int
) -> None:
    state = new_game(game_rules, seed=seed)
    state = apply(state, legal_actions(state)[1])  # the lowest bid (PASS comes first)
    while state.phase is Phase.BIDDING:
        state = apply(state, legal_actions(state)[0])  # the others pass
    assert state.phase is Phase.DISCARD
    seat = state.to_act
    assert seat is not None
    listed = legal_actions(state)
    held = state.hand_of(seat)
    assert len(listed) == len(list(itertools.combinations(held, 3)))
    assert {d.cards for d in listed} == {  # type: ignore[union-attr]
        frozenset(t) for t in itertools.combinations(held, 3)
    }
