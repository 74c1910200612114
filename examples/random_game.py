"""Play a whole game between random players, showing its first hand in full.

Random players choose uniformly among the legal actions, so their auctions are wild
(10NT sans kitty is as likely as a pass) and a game often ends after a hand or two,
"out backwards" at -500.  Every choice comes from the players' seeds and every deal
from the game's seed, so the same seeds replay the same game.

Run it with ``python examples/random_game.py [seed]``.
"""

import sys

from five_hundred import (
    GameState,
    Phase,
    RandomPlayer,
    Rules,
    apply,
    new_game,
    next_hand,
    view,
)


def show_hand(state: GameState) -> None:
    """Print a finished hand: the auction, the contract and every trick."""
    print("auction:", ", ".join(f"{seat} {call}" for seat, call in state.auction.calls))
    if state.contract is None:
        print("everyone passed: thrown in")
        return
    print("contract:", state.contract)
    for number, trick in enumerate(view(state, 0).tricks, 1):
        print(f"  trick {number:>2}: {trick}")


def play(seed: int, rules: Rules = Rules()) -> tuple[int, ...]:
    """Play one game; return the winning sides."""
    players = [RandomPlayer(seed=seed + seat) for seat in range(rules.players)]
    state = new_game(rules, seed=seed)
    while True:
        while state.to_act is not None:
            seat = state.to_act
            state = apply(state, players[seat].choose(view(state, seat), seat))
        if state.hand_number == 0:
            show_hand(state)
        print(
            f"hand {state.hand_number + 1}: {state.contract or 'thrown in'}, "
            f"tricks by side {state.tricks_won}, result {state.hand_result}, "
            f"scores {state.scores}"
        )
        if state.phase is Phase.GAME_OVER:
            return state.winners
        state = next_hand(state)


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 2024
    winners = play(seed)
    print("winners:", ", ".join(f"side {side}" for side in winners))


if __name__ == "__main__":
    main()
