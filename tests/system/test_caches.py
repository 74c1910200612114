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
    tables = memo._MEMO.get(id(kept))
    alive = [Rules(target=640) for _ in range(memo.RULES_KEPT + 1)]
    for rules in alive:
        play_a_few_actions(rules)
        assert memo._MEMO.get(id(rules)) is tables
    assert id(kept) not in memo._MEMO  # its identity went first, not its tables
    play_a_few_actions(kept)
    assert memo._MEMO.get(id(kept)) is tables
    assert len(memo._MEMO) <= memo.RULES_KEPT
    assert len(memo._SHARED) <= memo.RULES_KEPT


def test_the_per_suit_play_tables_are_bounded() -> None:
    from five_hundred import tricks

    for ranks in range(1, 1 << 13):
        for suit in range(4):
            plays_from_mask(ranks << (16 * suit))
    tables = (tricks._SPADES, tricks._CLUBS, tricks._DIAMONDS, tricks._HEARTS)
    assert all(len(table) <= SUIT_PLAYS_CACHE_SIZE for table in tables)


def test_views_from_many_threads_at_once_agree_with_one_thread() -> None:
    # A game server builds views from threads: the caches behind view() (the public
    # facts, the tricks, the calls) evict their oldest entries while other threads
    # read and fill them, which must neither raise nor mix up two states.
    import sys
    import threading

    from tests.random_games import play_random_game

    from five_hundred import Rules, view

    states = [
        state
        for seed in range(40)
        for state in play_random_game(Rules(), seed, max_hands=2)
    ][:1600]
    assert len(states) >= 1600
    players = Rules().players
    expected = [[view(state, seat) for seat in range(players)] for state in states]
    failures: list[BaseException] = []
    mismatches: list[int] = []

    def work(offset: int) -> None:
        try:
            for round_ in range(2):
                for index in range(len(states)):
                    at = (index * 7 + offset * 211 + round_) % len(states)
                    seat = (at + offset) % players
                    if view(states[at], seat) != expected[at][seat]:
                        mismatches.append(at)
        except BaseException as error:
            failures.append(error)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    try:
        threads = [threading.Thread(target=work, args=(n,)) for n in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert failures == []
    assert mismatches == []


def test_a_bounded_cache_keeps_at_most_its_size_under_threads() -> None:
    import threading

    from five_hundred._engine.cache import BoundedCache

    cache: BoundedCache[int, int] = BoundedCache(64)
    failures: list[BaseException] = []

    def fill(start: int) -> None:
        try:
            for key in range(start, start + 20_000):
                cache.keep(key, key)
                found = cache.get(key - 3)
                assert found is None or found == key - 3
        except BaseException as error:
            failures.append(error)

    threads = [threading.Thread(target=fill, args=(n * 100_000,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert len(cache) <= 64
