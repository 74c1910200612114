"""The hot loops of a guess of the unseen cards, on card codes: compiled with the engine.

:func:`five_hundred.search.resample.resample` deals the cards a seat cannot see into
*slots* (the other seats' hands, the kitty or the discards, a dead hand), each of a
given size, some barred from some cards (a seat shown void in a suit).  Its two inner
loops live here, as plain functions over ints, tuples and lists:

* :func:`plain_deal` draws a plain deal and gives it up at the first card that lands
  in a slot barred to it (most views constrain little, so a few tries find one);
* :func:`count_ways` counts the deals that fit, position by position, for the
  sampler that draws each card in proportion to the deals it leaves.

What the slots are, which cards they may hold, and how the counts are kept and bounded
stay in the search module; these functions only compute.
"""

from collections.abc import Callable
from typing import Final

__all__ = ["TOO_MUCH", "Memo", "count_ways", "plain_deal"]

TOO_MUCH: Final = -1
"""What :func:`count_ways` returns when its memo would pass its limit of positions."""

Memo = dict[tuple[int, int, tuple[int, ...]], int]
"""The counts found: ``(group, cards left in it, rooms of the slots)`` to deals."""


def plain_deal(
    codes: list[int],
    bars: tuple[bytes, ...],
    caps: tuple[int, ...],
    draw: Callable[[], float],
) -> list[int] | None:
    """A random deal of ``codes`` into the slots, if every card fits its slot.

    The slots take ``caps[0]``, ``caps[1]``, ... cards in turn; ``bars[i][code]`` is
    1 where slot ``i`` may not hold ``code``.  A shuffle drawn position by position
    (Fisher-Yates, each pick ``int(draw() * n)``, as the playout draws), given up
    (``None``) at the first card that lands in a slot barred to it: kept only when it
    fits, a plain deal is uniform among the deals that fit.  The result is the mask of
    each slot's cards, in slot order; ``codes`` is not changed.
    """
    dealt: list[int] = codes.copy()
    count: int = len(dealt)
    position: int = 0
    masks: list[int] = []
    for index in range(len(caps)):
        bar: bytes = bars[index]
        end: int = position + caps[index]
        mask: int = 0
        while position < end:
            pick: int = position + int(draw() * (count - position))
            card: int = dealt[pick]
            if bar[card]:
                return None
            dealt[pick] = dealt[position]
            dealt[position] = card
            mask |= 1 << card
            position += 1
        masks.append(mask)
    return masks


def count_ways(
    sizes: tuple[int, ...],
    allowed: tuple[tuple[int, ...], ...],
    after: tuple[int, ...],
    memo: Memo,
    limit: int,
    group: int,
    left: int,
    caps: tuple[int, ...],
) -> int:
    """The ways to place the cards still to place, from one position of the count.

    The cards form groups (``sizes[g]`` cards, which may go to the slots
    ``allowed[g]`` or to the free pool, which takes whatever the slots leave);
    ``after[g]`` is the number of cards in the groups after ``g``.  The position is
    ``left`` cards of ``group`` still to place, with ``caps`` the rooms of the slots
    (``left == 0``: the next group with cards starts).  Cards are distinct, so the
    count is of labelled placements.  Every position counted is kept in ``memo``; once
    it holds more than ``limit``, the count stops and returns :data:`TOO_MUCH`.
    """
    if left == 0:
        group += 1
        groups: int = len(sizes)
        while group < groups and sizes[group] == 0:
            group += 1
        if group == groups:
            for cap in caps:
                if cap:
                    return 0
            return 1
        left = sizes[group]
    key = (group, left, caps)
    found = memo.get(key)
    if found is not None:
        return found
    left -= 1
    rooms: int = 0
    for cap in caps:
        rooms += cap
    total: int = 0
    if left + after[group] >= rooms:  # the free pool has room for this card
        total = count_ways(sizes, allowed, after, memo, limit, group, left, caps)
        if total < 0:
            return total
    for slot in allowed[group]:
        room: int = caps[slot]
        if room:
            placed = list(caps)
            placed[slot] = room - 1
            ways = count_ways(
                sizes, allowed, after, memo, limit, group, left, tuple(placed)
            )
            if ways < 0:
                return ways
            total += ways
    memo[key] = total
    if len(memo) > limit:
        return TOO_MUCH
    return total
