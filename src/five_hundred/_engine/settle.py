"""The scoring table and the game's end on small ints: the one home of both rules.

A hand's contract is scored from its *terms*: the bid's value under the rules and the
tricks it needs (-1 for a misère, which needs none: :ref:`rules-scoring`).  The rules'
scoring options are a :data:`Scoring` tuple, made once per rules by the facade
(:func:`five_hundred.scoring.scoring_options`).  The public functions of
:mod:`five_hundred.scoring` check their arguments and call these; the game's step
settles the hand's last trick with :func:`finish`.
"""

from typing import Any, Final

from five_hundred._engine.auction import A_BIDDER, A_STANDING
from five_hundred._engine.codes import HAND_SIZE
from five_hundred._engine.core import (
    GAME,
    GAME_OVER,
    H_AUCTION,
    H_CONTRACT,
    H_PARTNER,
    HAND,
    HAND_OVER,
    WON,
    Game,
    Record,
    scored,
)

__all__ = [
    "MISERE_NEEDS",
    "SLAM_VALUE",
    "Scoring",
    "Settled",
    "by_side",
    "changes",
    "contracting",
    "finish",
    "made",
    "settle",
    "slam",
    "taken_by",
    "winners",
]

SLAM_VALUE: Final = 250
"""What a slam scores on a trick contract worth less (:ref:`rules-slam`)."""
MISERE_NEEDS: Final = -1
"""The tricks a misère "needs" in its terms: it is made by taking none."""

Scoring = tuple[tuple[int, ...], int, int, int, bool, bool, int, int, bool]
"""The rules' scoring options: ``(side of each seat, sides, defender_trick_points,
defender_cap (-1: none), defender_points_only_when_set, slam_bonus, target,
losing_score, win_requires_contract)``."""

Settled = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""A settled hand: each side's tricks, each side's change, the totals after the hand
and the winning sides (``()`` while the game goes on)."""

_SIDES: Final = 0
_SIDE_COUNT: Final = 1
_PER_TRICK: Final = 2
_CAP: Final = 3
_ONLY_WHEN_SET: Final = 4
_SLAM_BONUS: Final = 5
_TARGET: Final = 6
_LOSING: Final = 7
_NEEDS_CONTRACT: Final = 8

_new: Final[Any] = tuple.__new__  # a Game without its Python-level __new__


def made(needs: int, taken: int) -> bool:
    """Whether a contract needing ``needs`` tricks is made with ``taken``.

    A trick bid needs at least its tricks; a misère (``needs`` -1) needs none taken.
    """
    return taken == 0 if needs < 0 else taken >= needs


def slam(scoring: Scoring, value: int, needs: int, taken: int) -> bool:
    """Whether ``taken`` tricks on a trick contract earn the slam's 250.

    All ten tricks, with the rules' ``slam_bonus``, on a contract worth less.
    """
    return (
        needs >= 0
        and scoring[_SLAM_BONUS]
        and taken == HAND_SIZE
        and value < SLAM_VALUE
    )


def taken_by(by_side: tuple[int, ...], contractors: int) -> int:
    """The contracting sides' tricks (``contractors``: a bit mask of sides)."""
    taken = 0
    for side in range(len(by_side)):
        if contractors >> side & 1:
            taken += by_side[side]
    return taken


def changes(
    scoring: Scoring,
    value: int,
    needs: int,
    by_side: tuple[int, ...],
    contractors: int,
    before: tuple[int, ...],
) -> tuple[int, ...]:
    """The change to each side's total for a hand (:ref:`rules-scoring`).

    ``contractors`` is the contracting sides as a bit mask, ``by_side`` each side's
    tricks and ``before`` the totals before the hand.  A contract made scores its
    value (a slam 250), failed loses it; each defending side scores its tricks at the
    rules' points a trick, up to the cap.  In misère the defenders score nothing.
    """
    count = len(before)
    taken = taken_by(by_side, contractors)
    if needs < 0:
        result = value if taken == 0 else -value
        return tuple([result if contractors >> s & 1 else 0 for s in range(count)])
    if slam(scoring, value, needs, taken):
        result = SLAM_VALUE
    else:
        result = value if taken >= needs else -value
    per_trick: int = scoring[_PER_TRICK]
    cap: int = scoring[_CAP]
    if result > 0 and scoring[_ONLY_WHEN_SET]:
        per_trick = 0  # defenders score their tricks only when the contract fails
    out: list[int] = []
    for side in range(count):
        if contractors >> side & 1:
            out.append(result)
            continue
        gain = per_trick * by_side[side]
        if cap >= 0:
            gain = max(0, min(gain, cap - before[side]))
        out.append(gain)
    return tuple(out)


def winners(
    scoring: Scoring, after: tuple[int, ...], contractors: int, made: bool
) -> tuple[int, ...]:
    """The winning sides after a hand, or ``()`` while the game goes on.

    :ref:`rules-game-end`: a side wins by reaching the target by making a contract
    (every contracting side that does); without ``win_requires_contract`` any side
    reaching it may win, the highest total; a side at or below the losing score ends
    the game, won by the highest other total.  Equal totals share the win.
    """
    count = len(after)
    target: int = scoring[_TARGET]
    reached = [s for s in range(count) if after[s] >= target]
    if made:
        by_contract = [s for s in reached if contractors >> s & 1]
        if by_contract:
            return tuple(by_contract)
    if reached and not scoring[_NEEDS_CONTRACT]:
        return _highest(after, reached)
    losing: int = scoring[_LOSING]
    others = [s for s in range(count) if after[s] > losing]
    if len(others) == count or not others:
        return ()  # nobody lost, or everybody did
    return _highest(after, others)


def _highest(totals: tuple[int, ...], sides: list[int]) -> tuple[int, ...]:
    """The sides among ``sides`` with the highest total."""
    best = max([totals[s] for s in sides])
    return tuple([s for s in sides if totals[s] == best])


def contracting(scoring: Scoring, contractor: int, partner: int) -> int:
    """The contracting sides as a bit mask.

    The contractor's side, and with five players the called partner's (``partner``
    -1: none, :ref:`rules-five-players`).
    """
    sides: tuple[int, ...] = scoring[_SIDES]
    mask = 1 << sides[contractor]
    if partner >= 0:
        mask |= 1 << sides[partner]
    return mask


def by_side(scoring: Scoring, won: int) -> tuple[int, ...]:
    """Each side's tricks from the tricks each seat won (``won``, 4 bits a seat)."""
    sides: tuple[int, ...] = scoring[_SIDES]
    tricks = [0] * scoring[_SIDE_COUNT]
    for seat in range(len(sides)):
        tricks[sides[seat]] += won >> 4 * seat & 15
    return tuple(tricks)


def settle(
    scoring: Scoring,
    value: int,
    needs: int,
    tricks: tuple[int, ...],
    contractors: int,
    before: tuple[int, ...],
) -> Settled:
    """A hand settled from each side's tricks (see :data:`Settled`)."""
    change = changes(scoring, value, needs, tricks, contractors, before)
    after = tuple([before[s] + change[s] for s in range(len(before))])
    taken = taken_by(tricks, contractors)
    return (
        tricks,
        change,
        after,
        winners(scoring, after, contractors, made(needs, taken)),
    )


def finish(core: Record) -> Record | None:
    """``core`` after the hand's last trick, scored: nobody to act.

    The contract's terms are its entry in the rules' book (``contract_steps``, by the
    bid's rank and bidder, see :func:`._engine.game.call`): ``None`` while that entry
    has no terms (the facade fills it).  The phase is the game over if a side won.
    """
    hand = core[HAND]
    if hand[H_CONTRACT] is None:
        return None
    parts: tuple[Any, ...] = hand[H_AUCTION]
    book = parts[0]
    record = parts[1]
    rank: int = record[A_STANDING]
    bidder: int = record[A_BIDDER]
    steps: list[Any] = book.contract_steps
    step = steps[8 * rank + bidder]
    if step is None:
        return None
    terms: tuple[Any, ...] = step[3]
    scoring: Scoring = terms[0]
    value: int = terms[1]
    needs: int = terms[2]
    mask = contracting(scoring, bidder, hand[H_PARTNER])
    game: tuple[Any, ...] = core[GAME]
    tricks = by_side(scoring, core[WON])
    _, change, after, won_by = settle(scoring, value, needs, tricks, mask, game[2])
    phase = GAME_OVER if won_by else HAND_OVER
    new_game = _new(Game, (game[0], game[1], after, won_by, game[4]))
    return scored(core, phase, new_game, change)
