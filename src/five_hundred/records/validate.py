"""Checking untrusted input and replaying it into states.

Records come from files and other programs, so nothing in them is trusted. Both
forms check the text to load, the rules, the seed and the card notation as they read
them (those checks are shared in ``records/_common.py``); :func:`replay` rebuilds the
game and so checks everything else: a deal that cannot happen, a dealer out of turn, an action the
rules forbid, a result or scores that do not add up.

>>> from five_hundred import new_game, record
>>> from five_hundred.records.validate import replay
>>> replay(record(new_game(seed=4))) == new_game(seed=4)
True
"""

from collections.abc import Sequence
from typing import cast

from five_hundred._shown import MAX_DIGITS, fits_digits
from five_hundred.cards import quote
from five_hundred.errors import (
    IllegalActionError,
    InvalidStateError,
)
from five_hundred.records._common import GameParts, HandRecord, ints
from five_hundred.rules import Rules
from five_hundred.state import GameState, Phase, apply, new_game, new_hand, next_hand

__all__ = ["replay"]

# -- the input ---------------------------------------------------------------------------


# -- replay ------------------------------------------------------------------------------


def replay(game: GameParts) -> GameState:
    """The game state at the end of ``game``, rebuilt by playing every action.

    This is :meth:`GameRecord.replay <five_hundred.records.GameRecord.replay>`,
    which tells how each hand is dealt and what it raises.
    """
    rules = game.rules
    if not game.hands:
        msg = "invalid record: a game record needs at least one hand"
        raise InvalidStateError(msg)
    if not isinstance(cast(object, rules), Rules):
        msg = f"invalid record: expected a Rules value; got {quote(rules)}"
        raise InvalidStateError(msg)
    first = game.hands[0]
    start = _start_scores(rules, first)
    state = _explicit_hand(rules, first, 1, start)
    if game.seed is not None:
        if any(start):
            msg = f"hand 1: a seeded game starts from zero scores; the record starts from {ints(start)}"
            raise InvalidStateError(msg)
        state = new_game(rules, seed=game.seed, dealer=first.dealer)
        if not _same_deal(state, first):
            msg = f"hand 1: the deal does not match the game's seed {game.seed} (dealer {first.dealer})"
            raise InvalidStateError(msg)
    state = _play(state, first, 1)
    for number, hand in enumerate(game.hands[1:], 2):
        state = _play(_next(state, hand, number), hand, number)
    return state


def _start_scores(rules: Rules, hand: HandRecord) -> tuple[int, ...]:
    """The totals before ``hand`` (its scores minus its result)."""
    _check_ints(hand.scores, rules.sides, "scores", 1)
    start = hand.scores
    if hand.result is not None:
        _check_ints(hand.result, rules.sides, "result", 1)
        start = tuple(s - r for s, r in zip(hand.scores, hand.result, strict=True))
    if not all(fits_digits(score) for score in start):
        msg = (
            f"hand 1: the scores before the hand must have at most {MAX_DIGITS} digits"
        )
        raise InvalidStateError(msg)
    return start


def _check_ints(values: object, sides: int, what: str, number: int) -> None:
    if (
        not isinstance(values, tuple)
        or len(values) != sides
        or any(type(v) is not int for v in values)
    ):
        msg = f"hand {number}: {what} needs {sides} whole numbers (one per side); got {quote(values)}"
        raise InvalidStateError(msg)


def _same_deal(state: GameState, hand: HandRecord) -> bool:
    hands, kitty = state.dealt
    return [set(cards) for cards in hands] == [set(cards) for cards in hand.hands] and (
        set(kitty) == set(hand.kitty)
    )


def _explicit_hand(
    rules: Rules, hand: HandRecord, number: int, scores: Sequence[int]
) -> GameState:
    try:
        return new_hand(
            rules, hand.hands, hand.kitty, dealer=hand.dealer, scores=scores
        )
    except InvalidStateError as error:
        msg = f"hand {number}: {error}"
        raise InvalidStateError(msg) from None


def _next(state: GameState, hand: HandRecord, number: int) -> GameState:
    """The state at the start of hand ``number``, after ``state`` (the hand before).

    One :func:`~five_hundred.state.next_hand` per hand, from the recorded deal: the
    state holds the deal as sets of cards, so it equals the one the game's seed
    deals whenever the record matches the seed.
    """
    if state.phase is Phase.GAME_OVER:
        msg = f"hand {number}: the game was over after hand {number - 1}"
        raise InvalidStateError(msg)
    if state.phase is not Phase.HAND_OVER:
        msg = f"hand {number}: hand {number - 1} is not over (its actions stop in the {state.phase.value} phase)"
        raise InvalidStateError(msg)
    try:
        dealt = next_hand(state, hands=hand.hands, kitty=hand.kitty)
    except InvalidStateError as error:
        msg = f"hand {number}: {error}"
        raise InvalidStateError(msg) from None
    if hand.dealer != dealt.dealer:
        msg = f"hand {number}: dealer {quote(hand.dealer)} is out of turn; seat {dealt.dealer} deals this hand"
        raise InvalidStateError(msg)
    return dealt


def _play(state: GameState, hand: HandRecord, number: int) -> GameState:
    """Apply the hand's actions and check its result and scores."""
    for index, action in enumerate(hand.actions, 1):
        try:
            state = apply(state, action)
        except IllegalActionError as error:
            msg = f"hand {number}, action {index}: {error}"
            raise type(error)(
                msg,
                code=error.code,
                seat=error.seat,
                action=error.action,
                reason=error.reason,
            ) from None
    sides = state.rules.sides
    if hand.result is None:
        if state.hand_result is not None:
            msg = f"hand {number}: the hand is over after its actions, but the record gives no result"
            raise InvalidStateError(msg)
    else:
        _check_ints(hand.result, sides, "result", number)
        if state.hand_result is None:
            msg = f"hand {number}: the record gives a result, but the hand is not over after its actions"
            raise InvalidStateError(msg)
        if hand.result != state.hand_result:
            msg = f"hand {number}: the recorded result {ints(hand.result)} differs from the replay's {ints(state.hand_result)}"
            raise InvalidStateError(msg)
    _check_ints(hand.scores, sides, "scores", number)
    if hand.scores != state.scores:
        msg = f"hand {number}: the recorded scores {ints(hand.scores)} differ from the replay's {ints(state.scores)}"
        raise InvalidStateError(msg)
    return state
