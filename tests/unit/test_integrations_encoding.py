"""The adapters' table (``integrations.encoding.Table``) against the public API.

The table steps the auction on its engine record alone and builds a game state only
when asked; these tests ask at random moments (mid-auction too) and copy the table
mid-way, and check every node against :func:`~five_hundred.legal_actions` and
:func:`~five_hundred.apply` (see :ref:`rules-bidding` for the auction's rules).
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.extras import need
from tests.strategies import rules, seeds

from five_hundred import Discard, Phase, Rules, apply, legal_actions, new_game
from five_hundred._engine.adapter import call_listing
from five_hundred._engine.auction import A_TO_ACT
from five_hundred.bidding import (
    advance_listed,
    advance_rank,
    auction_of,
    auction_record,
    legal_calls,
    rank_listing,
)
from five_hundred.errors import IllegalActionError

encoding = need("five_hundred.integrations.encoding")  # NumPy: the adapters' extra
NUM_ACTIONS, Table, action_ids = (
    encoding.NUM_ACTIONS,
    encoding.Table,
    encoding.action_ids,
)


@settings(max_examples=40, deadline=None)
@given(rules(), seeds(), st.randoms(use_true_random=False))
def test_the_table_agrees_with_the_public_api_node_by_node(
    game_rules: Rules, seed: int, rng: random.Random
) -> None:
    state = new_game(game_rules, seed=seed)
    table = Table(state)
    while state.to_act is not None:
        actions = legal_actions(state)
        assert table.to_act == state.to_act
        expected = sorted({i for a in actions for i in action_ids(a)[:1]})
        if not any(isinstance(a, Discard) for a in actions):
            assert list(table.legal()) == expected
        if rng.random() < 0.3:  # the state built from the record, mid-way
            assert table.state == state
        if rng.random() < 0.2:  # a copy goes its own way; the table is unchanged
            twin = table.copy()
            twin.step(rng.choice(twin.legal()))
            assert table.to_act == state.to_act
            assert table.state == state
        action = rng.choice(actions)
        for action_id in action_ids(action):
            table.step(action_id)
        state = apply(state, action)
    assert table.to_act is None
    assert table.state == state
    assert table.legal() == ()


@settings(max_examples=40, deadline=None)
@given(rules(), seeds(), st.randoms(use_true_random=False))
def test_an_illegal_id_mid_auction_raises_and_changes_nothing(
    game_rules: Rules, seed: int, rng: random.Random
) -> None:
    state = new_game(game_rules, seed=seed)
    table = Table(state)
    while state.to_act is not None and rng.random() < 0.7:
        before = state
        bad = [i for i in range(NUM_ACTIONS) if i not in table.legal()]
        with pytest.raises(IllegalActionError):
            table.step(rng.choice(bad))
        assert table.to_act == before.to_act
        assert table.state == before
        action = rng.choice(legal_actions(state))
        for action_id in action_ids(action):
            table.step(action_id)
        state = apply(state, action)


@settings(max_examples=60, deadline=None)
@given(rules(), seeds(), st.randoms(use_true_random=False))
def test_the_auction_stepped_by_rank_is_the_auction_stepped_by_call(
    game_rules: Rules, seed: int, rng: random.Random
) -> None:
    auction = new_game(game_rules, seed=seed).auction
    book, record = auction_record(auction)
    while True:
        calls, ranks = rank_listing(book, record)
        assert calls == legal_calls(auction)
        assert auction_of(book, record) == auction
        if not calls:
            break
        call = rng.choice(calls)
        after = advance_listed(call, auction)
        assert after is not None
        record = advance_rank(book, record, ranks[id(call)])
        auction = after
    assert auction.is_over


@settings(max_examples=60, deadline=None)
@given(rules(), seeds(), st.randoms(use_true_random=False))
def test_call_listing_steps_as_advance_rank_and_finds_the_kept_ids(
    game_rules: Rules, seed: int, rng: random.Random
) -> None:
    # The table's bid: the engine's step and the next seat's ids in one call, which
    # finds the ids the table keeps for that listing (or None: the table lists).
    book, record = auction_record(new_game(game_rules, seed=seed).auction)
    while True:
        calls, ranks = rank_listing(book, record)
        if not calls:
            break
        rank = ranks[id(rng.choice(calls))]
        after, kept = call_listing(book, record, rank, encoding._CALL_IDS.get)
        assert after == advance_rank(book, record, rank)
        if after[A_TO_ACT] < 0:  # the auction is over: nothing to list
            assert kept is None
        else:
            listed = encoding._call_ids(book, after)
            assert kept is None or kept is listed
            again = call_listing(book, record, rank, encoding._CALL_IDS.get)[1]
            assert again is listed  # listed and kept now: found by the step
            assert listed[1] == tuple(sorted(listed[2]))  # the ids, ascending
        record = after


@settings(max_examples=40, deadline=None)
@given(rules(), seeds(), st.randoms(use_true_random=False))
def test_the_listing_outside_the_fast_paths_is_made_once_a_record(
    game_rules: Rules, seed: int, rng: random.Random
) -> None:
    # Joker nominations and partner calls: the listing and the step share one map
    state = new_game(game_rules, seed=seed)
    table = Table(state)
    while state.to_act is not None:
        actions = legal_actions(state)
        if state.phase in (Phase.NOMINATE, Phase.CALL_PARTNER):
            listed = table.legal()
            made = table._other_map()
            assert table._other_map() is made  # kept for this record
            assert tuple(made) == listed
            assert sorted(made.values(), key=str) == sorted(actions, key=str)
        action = rng.choice(actions)
        for action_id in action_ids(action):
            table.step(action_id)
        state = apply(state, action)
        assert table.state == state  # a step never answers from a stale map
