"""Random games for tests: seeded, reproducible playouts through the public API.

A uniform choice among the legal calls runs the auction straight up to 10NT, so the
bidding policy here passes often, bids low (up to the 8 level), and now and then tries
a misère: the games then reach every kind of contract and last several hands.
"""

import random
from collections.abc import Iterator

from five_hundred import (
    MISERE,
    Action,
    GameState,
    MisereBid,
    Phase,
    Rules,
    TrickBid,
    apply,
    legal_actions,
    new_game,
    next_hand,
)

__all__ = ["play_random_game", "random_action"]


def random_action(state: GameState, rng: random.Random) -> Action:
    """A random legal action for the seat to act, with a bidding policy that varies."""
    actions = legal_actions(state)
    if state.phase is Phase.BIDDING:
        misere = [bid for bid in actions if isinstance(bid, MisereBid)]
        if misere and rng.random() < (0.3 if MISERE in misere else 0.03):
            return rng.choice(misere)
        low = [b for b in actions[1:4] if isinstance(b, TrickBid) and b.tricks <= 8]
        if low and rng.random() < 0.5:
            return rng.choice(low)
        return actions[0]
    return rng.choice(actions)


def play_random_game(
    rules: Rules, seed: int, *, max_hands: int = 3, dealer: int = 0
) -> Iterator[GameState]:
    """Every state of a random game (seeded), hand after hand, up to ``max_hands``.

    The deal comes from ``seed`` and so do the choices, so a failure replays exactly.
    """
    rng = random.Random(seed)
    state = new_game(rules, seed=seed, dealer=dealer)
    yield state
    hands = 1
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.HAND_OVER:
            if hands >= max_hands:
                return
            state = next_hand(state)
            hands += 1
        else:
            state = apply(state, random_action(state, rng))
        yield state
