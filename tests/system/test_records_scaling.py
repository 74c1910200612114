"""Loading a record takes time linear in its number of hands.

A record of thrown-in hands never ends the game, so it can be as long as a file
allows.  Loading one of ``8 N`` hands must cost about 8 times one of ``N`` hands (under 14):
the test compares the two in one run, as a ratio (a quadratic load would give 64;
before the fix, replay dealt every hand three times and copied the history of past
hands each time).
"""

import gc
import time
from collections.abc import Callable

from five_hundred import GameRecord, apply, new_game, parse_action, record

HANDS = 100
"""``N``: the shorter record's hands."""
GROWTH = 8
LINEAR_BOUND = 14.0
"""The most the longer record may cost, in multiples of the shorter (8 if linear, 64 if quadratic; the margin is for a busy machine)."""


def thrown_in_record(hands: int) -> str:
    """The text of a record of ``hands`` thrown-in hands (four passes each).

    Written as text, not played, so that building it is not what the test
    measures: every hand has the same deal, the deal passing left.
    """
    state = new_game(seed=1)
    for _ in range(4):
        state = apply(state, parse_action("PASS"))
    text = record(state).to_text()
    head, _, hand = text.partition("\n[Game]\n")
    body = hand.split("[Hand 1]\n", 1)[1]
    lines = [line for line in body.splitlines() if not line.startswith("Dealer:")]
    parts = [head]
    for number in range(1, hands + 1):
        parts += [f"[Hand {number}]", f"Dealer: {(number - 1) % 4}", *lines, ""]
    return "\n".join(parts)


def best_time(load: Callable[[str], object], text: str, repeats: int = 5) -> float:
    # CPU time of this process: a loaded machine delays it, but does not charge it.
    best = float("inf")
    for _ in range(repeats):
        gc.collect()  # each timing starts with the same garbage: none
        gc.disable()  # the collector's cost grows with the whole heap, not the record
        try:
            start = time.process_time()
            load(text)
            best = min(best, time.process_time() - start)
        finally:
            gc.enable()
    return best


def test_the_record_builder_makes_thrown_in_hands() -> None:
    game = GameRecord.from_text(thrown_in_record(6))
    assert len(game.hands) == 6
    assert [hand.dealer for hand in game.hands] == [0, 1, 2, 3, 0, 1]
    assert all(hand.result == (0, 0) for hand in game.hands)


def test_loading_scales_linearly_with_the_hands() -> None:
    short, long = thrown_in_record(HANDS), thrown_in_record(HANDS * GROWTH)
    forms: dict[str, tuple[Callable[[str], object], str, str]] = {
        "text": (GameRecord.from_text, short, long),
        "json": (
            GameRecord.from_json,
            GameRecord.from_text(short).to_json(),
            GameRecord.from_text(long).to_json(),
        ),
    }
    for form, (read, short_text, long_text) in forms.items():
        assert len(long_text) > GROWTH * 0.9 * len(short_text)
        ratio = best_time(read, long_text) / best_time(read, short_text)
        assert ratio < LINEAR_BOUND, f"{form}: {GROWTH}x the hands cost {ratio:.1f}x"
