"""Every cache is bounded by size: a long run does not grow the memory.

The tables kept per rules value (the auction's book, the play setups, the
settlements) went with their value, but some hold the value itself, so a program
that makes a new rules value per game kept all of them (2.4 GB after a million
actions of random rules).  The per-suit play tables kept every set of ranks asked.
"""

import gc
import tracemalloc

from five_hundred import Rules, apply, legal_actions, new_game
from five_hundred._engine import memo
from five_hundred.tricks import SUIT_PLAYS_CACHE_SIZE, plays_from_mask


def play_a_few_actions(rules: Rules) -> None:
    state = new_game(rules, seed=1)
    for _ in range(8):
        options = legal_actions(state)
        if not options:
            return
        state = apply(state, options[-1])


def test_tables_per_rules_value_are_bounded() -> None:
    gc.collect()
    tracemalloc.start()
    try:
        for target in range(100, 100 + 2 * memo.RULES_KEPT):  # fills the cache
            play_a_few_actions(Rules(target=target))
        gc.collect()
        full, _ = tracemalloc.get_traced_memory()
        for target in range(1000, 1000 + 3 * memo.RULES_KEPT):
            play_a_few_actions(Rules(target=target))
        gc.collect()
        later, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(memo._MEMO) <= memo.RULES_KEPT
    # unbounded, the second run kept some 40 MB more (about 110 KB a rules value)
    assert later - full < 2**20


def test_a_rules_value_used_again_after_eviction_gets_its_tables_again() -> None:
    first = Rules(target=777)
    play_a_few_actions(first)
    for target in range(2000, 2000 + memo.RULES_KEPT + 1):
        play_a_few_actions(Rules(target=target))
    assert id(first) not in memo._MEMO
    play_a_few_actions(first)
    assert id(first) in memo._MEMO


def test_equal_rules_values_share_their_tables() -> None:
    # A program that makes a new, equal rules value per game or per environment (the
    # PettingZoo environment does) builds the tables once, and many such values alive
    # at once do not push out the tables of the one a long-lived game uses.
    kept = Rules(target=640)
    play_a_few_actions(kept)
    tables = memo._MEMO[id(kept)]
    alive = [Rules(target=640) for _ in range(memo.RULES_KEPT + 1)]
    for rules in alive:
        play_a_few_actions(rules)
        assert memo._MEMO[id(rules)] is tables
    assert id(kept) not in memo._MEMO  # its identity went first, not its tables
    play_a_few_actions(kept)
    assert memo._MEMO[id(kept)] is tables
    assert len(memo._MEMO) <= memo.RULES_KEPT
    assert len(memo._SHARED) <= memo.RULES_KEPT


def test_the_per_suit_play_tables_are_bounded() -> None:
    from five_hundred import tricks

    for ranks in range(1, 1 << 13):
        for suit in range(4):
            plays_from_mask(ranks << (16 * suit))
    tables = (tricks._SPADES, tricks._CLUBS, tricks._DIAMONDS, tricks._HEARTS)
    assert all(len(table) <= SUIT_PLAYS_CACHE_SIZE for table in tables)
