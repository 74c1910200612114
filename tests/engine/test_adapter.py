"""The adapters' card play by id (``five_hundred._engine.adapter``) against the facade.

:func:`~five_hundred._engine.adapter.play_ids` must list exactly the ids of the card
plays :func:`~five_hundred.legal_actions` allows (:ref:`rules-following`, :ref:`rules-joker-lead-suit`), and
:func:`~five_hundred._engine.adapter.play_id` must step the record as
:func:`~five_hundred.apply` does for a legal id and refuse (``None``) every other id,
on random hands of random rules; :func:`~five_hundred._engine.adapter.play_listing`
must give that step with the next seat and its ids.
"""

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.strategies import rules, seeds

from five_hundred import PlayCard, Rules, apply, legal_actions, new_game
from five_hundred._engine import adapter, game
from five_hundred._engine.codes import JOKER_CODE, NUM_ACTIONS
from five_hundred._engine.core import HANDS, TO_ACT, WON
from five_hundred.cards import card_code
from five_hundred.state import Phase, record_of
from five_hundred.tricks import JOKER_LEADS as JOKER_LEAD_PLAYS
from five_hundred.tricks import PLAYS

BASE = 190
JOKER_LEADS = 255


def naive_ids(mask: int, base: int) -> tuple[int, ...]:
    """The ids of a mask's cards, bit by bit."""
    return tuple(base + code for code in range(JOKER_CODE + 1) if mask >> code & 1)


LOGGED = (*PLAYS, *JOKER_LEAD_PLAYS)
"""The play of each code from ``BASE`` on."""


def play_id_of(action: PlayCard) -> int:
    """The id of a card play, as the adapters number it."""
    if action.suit is not None:  # the Joker led naming a suit
        return JOKER_LEADS + action.suit
    return BASE + card_code(action.card)


@given(st.lists(st.integers(0, (1 << (JOKER_CODE + 1)) - 1), max_size=40))
def test_mask_ids_are_the_ids_of_the_masks_bits(masks: list[int]) -> None:
    table = adapter.id_table(BASE)
    for mask in [*masks, *masks]:  # the second time from the tables
        assert adapter.mask_ids(table, mask) == naive_ids(mask, BASE)
        assert adapter.part_ids(table, mask) == naive_ids(mask, BASE)


def test_part_ids_leave_the_whole_masks_alone() -> None:
    table = adapter.id_table(BASE)
    for mask in (0, 1, (1 << JOKER_CODE) | 0b101, (1 << (JOKER_CODE + 1)) - 1):
        assert adapter.part_ids(table, mask) == naive_ids(mask, BASE)
    assert table[1] == {}


def test_mask_ids_keep_bounded_tables() -> None:
    table = adapter.id_table(7)
    rng = random.Random(3)
    for _ in range(adapter.WHOLE_MASKS + 500):
        mask = rng.getrandbits(JOKER_CODE + 1)
        assert adapter.mask_ids(table, mask) == naive_ids(mask, 7)
    _, whole, parts = table
    assert len(whole) == adapter.WHOLE_MASKS
    assert all(len(part) <= adapter.PART_SETS for part in parts)


@settings(max_examples=40, deadline=None)
@given(rules(), seeds(), st.randoms(use_true_random=False))
def test_play_ids_and_the_play_by_code_agree_with_the_facade(
    game_rules: Rules, seed: int, rng: random.Random
) -> None:
    state = new_game(game_rules, seed=seed)
    table = adapter.id_table(BASE)
    while state.to_act is not None:
        actions = legal_actions(state)
        core = record_of(state)
        found = adapter.play_ids(core, table)
        ids = sorted(play_id_of(a) for a in actions if isinstance(a, PlayCard))
        if state.phase is not Phase.PLAY:
            assert found is None
        else:
            assert found == tuple(ids)
        for code in (*range(BASE - 3, NUM_ACTIONS + 2), rng.randrange(-300, 600)):
            logged = LOGGED[code - BASE] if BASE <= code < NUM_ACTIONS else None
            after = game.play(core, code, logged)
            listing = adapter.play_listing(core, code, LOGGED, table)
            assert game.play_refused(core, code) is (after is None)
            if code not in ids:
                assert after is None
                assert listing is None
            else:
                # the step and the next seat's listing in one call, as in two
                assert listing is not None
                assert listing[0] == after
                assert listing[1] == after[TO_ACT]
                next_ids = adapter.play_ids(after, table)
                assert listing[2] == (() if after[TO_ACT] is None else next_ids)
                assert after is not None
                played = record_of(apply(state, LOGGED[code - BASE]))
                if after[TO_ACT] is not None:  # the scored end is the facade's
                    assert after == played
                else:
                    assert after[WON] == played[WON]
                    assert after[HANDS] == played[HANDS]
        assert record_of(state) is core  # nothing changed
        state = apply(state, rng.choice(actions))
