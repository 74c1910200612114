"""Matches between computer players: who wins more games?

The first match puts rule-based partners (seats 0 and 2, side 0) against random
players (seats 1 and 3, side 1); the second is rule-based against rule-based, where
neither side should have an edge.  Each game is dealt from its own seed, and each
player sees only its own seat's view of the game.

Run it with ``python examples/bot_match.py [games]``.
"""

import sys
from collections.abc import Callable

from five_hundred import Player, RandomPlayer, RuleBasedPlayer, Rules, play_game

Seating = Callable[[int, int], Player]  # (game, seat) -> the player in that seat


def match(
    title: str, seating: Seating, games: int, rules: Rules = Rules()
) -> list[int]:
    """Play ``games`` games; print and return how many each side won."""
    wins = [0] * rules.sides
    totals = [0] * rules.sides
    for game in range(games):
        players = [seating(game, seat) for seat in range(rules.players)]
        end = play_game(players, rules, seed=game, max_hands=100)
        for side in end.winners:
            wins[side] += 1
        for side, score in enumerate(end.scores):
            totals[side] += score
    print(title)
    for side in range(rules.sides):
        print(
            f"  side {side} won {wins[side]:>3} of {games} games, "
            f"average final score {totals[side] / games:+.0f}"
        )
    return wins


def rules_against_random(game: int, seat: int) -> Player:
    return RuleBasedPlayer() if seat % 2 == 0 else RandomPlayer(seed=100 * game + seat)


def rules_against_rules(game: int, seat: int) -> Player:
    return RuleBasedPlayer()


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    match("rule-based (side 0) against random (side 1):", rules_against_random, games)
    match("rule-based against rule-based:", rules_against_rules, games)


if __name__ == "__main__":
    main()
