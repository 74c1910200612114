"""Perft for Five Hundred: count the legal play sequences from fixed positions.

Chess engines check their move generators with *perft* ("performance test"): from a
known position, count every legal sequence of moves to a given depth and compare the
counts with known values.  Any change in the rules as implemented (a wrong follow-suit
rule, a missing Joker lead, a misère partner who still plays) changes the counts.

Each position below is a four-player deal written out card by card, bid and discarded
up to the opening lead.  A sequence that ends the hand early (a misère contractor who
takes a trick) counts once, as a chess perft counts a mate.

Run it with ``python examples/perft.py`` (or give the greatest depth:
``python examples/perft.py 5``).  It prints one line per position and depth::

    trumps-7H  depth 1  10
"""

import sys
from collections.abc import Sequence
from typing import NamedTuple

from five_hundred import (
    GameState,
    Rules,
    apply,
    legal_actions,
    new_hand,
    parse_action,
    parse_cards,
)


class Position(NamedTuple):
    """A deal and the actions that lead to the opening lead."""

    name: str
    hands: tuple[str, ...]
    kitty: str
    dealer: int
    actions: tuple[str, ...]


# new_game(seed=2026, dealer=3), written out so the positions never depend on the
# shuffle: seat 0 first, then the kitty.
DEAL = (
    "5S 7S 9C JC KC QD 6H 10H KH AH",
    "6S 10S 5C QC 4D 5D 6D 8D KD 9H",
    "8S 9S JS KS 7C 8C 10C AD JH JK",
    "AS 6C AC 7D 10D 4H 5H 7H 8H QH",
)
KITTY = "QS 9D JD"

POSITIONS = (
    # Hearts: seat 0 takes up the left bower (JD) from the kitty.
    Position(
        "trumps-7H",
        DEAL,
        KITTY,
        3,
        ("7H", "PASS", "PASS", "PASS", "DISCARD 5S 7S 9C"),
    ),
    # No Trumps, the contractor keeps the Joker without nominating it: leading it
    # names a suit, and it may follow only a void player.
    Position(
        "no-trumps-joker",
        DEAL,
        KITTY,
        3,
        ("PASS", "PASS", "7NT", "PASS", "DISCARD 7C 8C 9D", "NOMINATE NONE"),
    ),
    # Misère by seat 1: its partner (seat 3) sits out, tricks have three cards, and
    # the hand stops when seat 1 takes a trick.
    Position(
        "misere",
        DEAL,
        KITTY,
        3,
        ("7S", "MIS", "PASS", "PASS", "PASS", "DISCARD 10S QC KD"),
    ),
)


def position(spec: Position, rules: Rules = Rules()) -> GameState:
    """The state at the opening lead of a position."""
    state = new_hand(
        rules,
        [parse_cards(hand) for hand in spec.hands],
        parse_cards(spec.kitty),
        dealer=spec.dealer,
    )
    for text in spec.actions:
        state = apply(state, parse_action(text))
    return state


def perft(state: GameState, depth: int) -> int:
    """The number of legal action sequences of ``depth`` actions from ``state``.

    A sequence that ends the hand sooner counts once.
    """
    if depth == 0 or state.to_act is None:
        return 1
    return sum(
        perft(apply(state, action), depth - 1) for action in legal_actions(state)
    )


def main(argv: Sequence[str] = ()) -> None:
    """Print the perft counts of every position, depth 1 to 4 (or ``argv[0]``)."""
    greatest = int(argv[0]) if argv else 4
    for spec in POSITIONS:
        state = position(spec)
        for depth in range(1, greatest + 1):
            print(f"{spec.name:<16} depth {depth}  {perft(state, depth)}")


if __name__ == "__main__":
    main(sys.argv[1:])
