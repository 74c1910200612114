"""The hot loops of ``resample`` (``five_hundred._engine.guess``), on small cases.

:func:`~five_hundred._engine.guess.plain_deal` must give each slot its size of the
codes, never a card barred to the slot, draw one number a card placed, and be uniform
among the deals that fit; :func:`~five_hundred._engine.guess.count_ways` must count
the placements that fit, as an enumeration of every placement does, and stop at its
limit.  (``tests/unit/test_resample.py`` checks ``resample`` itself against the rules.)
"""

import itertools
import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from five_hundred._engine.codes import JOKER_CODE
from five_hundred._engine.guess import TOO_MUCH, Memo, count_ways, plain_deal

CODES = JOKER_CODE + 1


@st.composite
def deals(draw: st.DrawFn) -> tuple[list[int], tuple[bytes, ...], tuple[int, ...]]:
    """Distinct codes (the Joker possible), slots that take them all, random bars."""
    codes = draw(
        st.lists(st.integers(0, JOKER_CODE), min_size=1, max_size=20, unique=True)
    )
    caps: list[int] = []
    left = len(codes)
    while left:
        cap = draw(st.integers(1, left))
        caps.append(cap)
        left -= cap
    barred = [draw(st.sets(st.sampled_from(codes))) for _ in caps]
    bars = tuple(bytes(code in bar for code in range(CODES)) for bar in barred)
    return codes, bars, tuple(caps)


@given(deals(), st.integers(0, 2**32))
def test_plain_deal_gives_each_slot_its_size_and_never_a_barred_card(
    deal: tuple[list[int], tuple[bytes, ...], tuple[int, ...]], seed: int
) -> None:
    codes, bars, caps = deal
    before = codes.copy()
    draws = 0
    rng = random.Random(seed)

    def counted() -> float:
        nonlocal draws
        draws += 1
        return rng.random()

    masks = plain_deal(codes, bars, caps, counted)
    assert codes == before
    if masks is None:  # given up at the first misplaced card
        assert any(any(bar) for bar in bars)
        assert draws <= len(codes)
        return
    assert draws == len(codes)
    assert [mask.bit_count() for mask in masks] == list(caps)
    union = 0
    for index, mask in enumerate(masks):
        assert not union & mask
        union |= mask
        assert not any(bars[index][code] for code in range(CODES) if mask >> code & 1)
    assert union == sum(1 << code for code in codes)


@given(deals(), st.integers(0, 2**32))
def test_plain_deal_without_bars_always_fits(
    deal: tuple[list[int], tuple[bytes, ...], tuple[int, ...]], seed: int
) -> None:
    codes, _, caps = deal
    open_bars = tuple(bytes(CODES) for _ in caps)
    masks = plain_deal(codes, open_bars, caps, random.Random(seed).random)
    assert masks is not None
    assert sum(masks) == sum(1 << code for code in codes)


def test_plain_deal_is_uniform_among_the_deals_that_fit() -> None:
    # Four cards into two slots of two; slot 0 may not hold code 64 (the Joker):
    # three of the six deals fit, each equally likely.
    codes = [3, 17, 40, JOKER_CODE]
    bars = (bytes(code == JOKER_CODE for code in range(CODES)), bytes(CODES))
    rng = random.Random(7)
    seen: Counter[tuple[int, ...]] = Counter()
    for _ in range(6000):
        masks = plain_deal(codes, bars, (2, 2), rng.random)
        if masks is not None:
            seen[tuple(masks)] += 1
    assert len(seen) == 3
    assert all(not masks[0] >> JOKER_CODE & 1 for masks in seen)
    expected = sum(seen.values()) / 3
    chi2 = sum((count - expected) ** 2 / expected for count in seen.values())
    assert chi2 < 13.8  # two degrees of freedom, p = 0.001
    assert 2700 < sum(seen.values()) < 3300  # half the plain deals fit


def placements(
    sizes: tuple[int, ...], allowed: tuple[tuple[int, ...], ...], caps: tuple[int, ...]
) -> int:
    """Every card to a slot its group allows or to the pool; those that fill ``caps``."""
    choices = [
        (-1, *allowed[group]) for group, size in enumerate(sizes) for _ in range(size)
    ]
    count = 0
    for placed in itertools.product(*choices):
        if all(placed.count(slot) == cap for slot, cap in enumerate(caps)):
            count += 1
    return count


@st.composite
def counts(
    draw: st.DrawFn,
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Small groups of cards with their allowed slots, and the slots' rooms."""
    slots = draw(st.integers(1, 3))
    groups = draw(st.integers(1, 3))
    sizes = tuple(draw(st.integers(0, 2)) for _ in range(groups))
    allowed = tuple(
        tuple(sorted(draw(st.sets(st.integers(0, slots - 1), max_size=slots))))
        for _ in range(groups)
    )
    total = sum(sizes)
    caps = tuple(draw(st.integers(0, total)) for _ in range(slots))
    return sizes, allowed, caps


@given(counts())
def test_count_ways_counts_every_placement_that_fits(
    case: tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...]],
) -> None:
    sizes, allowed, caps = case
    after = tuple(sum(sizes[g + 1 :]) for g in range(len(sizes)))
    memo: Memo = {}
    found = count_ways(sizes, allowed, after, memo, 10_000, -1, 0, caps)
    assert found == placements(sizes, allowed, caps)
    again = count_ways(sizes, allowed, after, memo, 10_000, -1, 0, caps)
    assert again == found  # from the memo


def test_count_ways_stops_at_its_limit() -> None:
    sizes = (3, 3)
    allowed = ((0, 1), (1, 2))
    after = (3, 0)
    caps = (1, 2, 1)
    full: Memo = {}
    total = count_ways(sizes, allowed, after, full, 10_000, -1, 0, caps)
    assert total == placements(sizes, allowed, caps) > 0
    assert len(full) > 2
    small: Memo = {}
    limit = len(full) // 2
    assert count_ways(sizes, allowed, after, small, limit, -1, 0, caps) == TOO_MUCH
    assert len(small) == limit + 1
