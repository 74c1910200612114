"""The worst case of :func:`resample`: its work per call and its memory are bounded.

Past :data:`~five_hundred.search.resample.COUNT_STATES` positions of the count,
:func:`resample` deals with its fallback sampler, whose deals fit the view too; the
counts it keeps never hold more than
:data:`~five_hundred.search.resample.CACHE_STATES` positions, so a long run of the
hardest views (six players, late in the hand, with shown voids) stays under a bound.
"""

import importlib
import random
import tracemalloc
from collections.abc import Iterator

import attrs
import pytest
from tests.helpers import assert_fits, hands_of, some_view

from five_hundred import (
    GameState,
    Phase,
    Rules,
    SeatView,
    apply,
    legal_actions,
    new_game,
    view,
)
from five_hundred.cards import Suit
from five_hundred.errors import InvalidStateError
from five_hundred.search.resample import resample

resample_module = importlib.import_module("five_hundred.search.resample")
"""The module (its name in the package is the function)."""

MEMORY_BOUND = 32 * 2**20
"""What the hardest resample workload may hold (tracemalloc, bytes): 32 MiB."""


def six_player_views(count: int, seed: int) -> list[tuple[object, int]]:
    """Late states of random six-player hands (three sides), with their seat to act."""
    rng = random.Random(seed)
    found: list[tuple[object, int]] = []
    rules = Rules.six_player_three_sides()
    game = 0
    while len(found) < count:
        state = new_game(rules, seed=seed * 1000 + game)
        game += 1
        while state.to_act is not None:
            if state.phase is Phase.PLAY and state.tricks_played >= 3:
                found.append((state, state.to_act))
            actions = legal_actions(state)
            state = apply(state, actions[rng.randrange(len(actions))])
    return found[:count]


@pytest.fixture
def fallback_only(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every deal that is not free of constraints goes to the fallback sampler."""
    resample_module._clear_caches()
    monkeypatch.setattr(resample_module, "COUNT_STATES", 1)
    monkeypatch.setattr(resample_module, "PLAIN_TRIES", 0)
    yield
    resample_module._clear_caches()  # no count remembered as too big for the others


@pytest.mark.usefixtures("fallback_only")
def test_the_fallback_sampler_fits_the_view() -> None:
    rng = random.Random(3)
    checked = 0
    for contract in ("trumps", "misere", "nt_joker"):
        for state in hands_of(Rules.five_player(), contract, 1)[::3]:
            for seat in range(5):
                assert_fits(resample(view(state, seat), rng), state, seat)
                checked += 1
    assert checked > 30


@pytest.mark.usefixtures("fallback_only")
def test_the_fallback_sampler_refuses_what_no_deal_fits() -> None:
    seen = some_view()
    voids = tuple(frozenset(Suit) for _ in seen.shown_void)
    with pytest.raises(InvalidStateError, match="no deal"):
        resample(attrs.evolve(seen, shown_void=voids), random.Random(0))


def test_the_hardest_workload_stays_under_the_memory_bound() -> None:
    states = six_player_views(120, seed=7)
    rng = random.Random(1)
    resample_module._clear_caches()
    tracemalloc.start()
    try:
        for state, seat in states:
            assert_fits(resample(view(state, seat), rng), state, seat)  # type: ignore[arg-type]
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    kept = sum(ways.size() for ways in resample_module._CACHE.values())
    assert kept <= resample_module.CACHE_STATES
    assert peak < MEMORY_BOUND


# -- later guesses for a view reuse its replayed state ---------------------------------


def replayed(sample: GameState, seen: SeatView) -> GameState:
    """The state of ``sample``'s deal rebuilt by replaying the view's actions."""
    hands, kitty = sample.dealt
    knowledge = resample_module._Knowledge(seen)
    return resample_module._replay(seen, knowledge, hands, kitty, sample.discards)  # type: ignore[no-any-return]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_reused_state_equals_the_replayed_one(players: int) -> None:
    rng = random.Random(players)
    checked = 0
    rules = Rules.for_players(players)
    for contract in ("trumps", "misere", "nt_joker", "open_misere", "sans_kitty"):
        for state in hands_of(rules, contract, players)[::2]:
            for seat in range(players):
                seen = view(state, seat)
                resample_module._clear_caches()
                first = resample(seen, rng)
                for _ in range(3):
                    sample = resample(seen, rng)
                    assert_fits(sample, state, seat)
                    assert sample == replayed(sample, seen)
                    checked += 1
                assert first == replayed(first, seen)
    assert checked > 100


def test_a_guess_depends_on_the_view_and_the_rng_alone() -> None:
    views = [view(state, seat) for state, seat in six_player_views(12, seed=3)]  # type: ignore[arg-type]
    resample_module._clear_caches()
    cold = [resample(seen, random.Random(index)) for index, seen in enumerate(views)]
    for seen in views:  # warm every cache, in another order
        resample(seen, random.Random(99))
    warm = [resample(seen, random.Random(index)) for index, seen in enumerate(views)]
    assert warm == cold
