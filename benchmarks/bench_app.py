"""What an app pays per action: a view next to the apply of a card play, in one run.

Run ``python benchmarks/bench_app.py [--states N] [--repeats R]``.  It plays seeded
random four-player games into their card play, keeps ``N`` positions, and times on
each of them, interleaved round after round (best round kept):

* ``apply``: the public ``apply`` of a listed card play (the reference);
* ``view``: ``view(state, seat)`` for the seat to act (what a server sends after
  every action, and what a bot reads);
* ``view (spectator)``: ``view(state, None)``;
* ``to_dict``: ``view(state, seat).to_dict()``, the view as JSON-ready data.

The figures are ratios to ``apply`` from the same run (the target for ``view`` is at
most 4); absolute times on a shared machine are noise.
"""

import argparse
import random
import time
from collections.abc import Callable, Sequence
from typing import Final

from five_hundred import (
    GameState,
    Phase,
    PlayCard,
    apply,
    legal_actions,
    new_game,
    view,
)

DEFAULT_STATES: Final = 2000
DEFAULT_REPEATS: Final = 5
TARGET: Final = 4.0

Task = Callable[[GameState, PlayCard], object]


def positions(count: int, seed: int = 500) -> list[tuple[GameState, PlayCard]]:
    """``count`` positions of the card play of random games, with a legal play each."""
    rng = random.Random(seed)
    found: list[tuple[GameState, PlayCard]] = []
    game = 0
    while len(found) < count:
        state = new_game(seed=game)
        game += 1
        while state.to_act is not None and len(found) < count:
            actions = legal_actions(state)
            action = actions[int(rng.random() * len(actions))]
            if state.phase is Phase.PLAY:
                assert isinstance(action, PlayCard)
                found.append((state, action))
            state = apply(state, action)
    return found


def _time(task: Task, cases: Sequence[tuple[GameState, PlayCard]]) -> float:
    start = time.perf_counter()
    for state, action in cases:
        task(state, action)
    return (time.perf_counter() - start) / len(cases)


TASKS: Final[dict[str, Task]] = {
    "apply": lambda state, action: apply(state, action),
    "view": lambda state, action: view(state, state.to_act),
    "view (spectator)": lambda state, action: view(state, None),
    "to_dict": lambda state, action: view(state, state.to_act).to_dict(),
}


def main(
    states: int = DEFAULT_STATES, repeats: int = DEFAULT_REPEATS
) -> dict[str, float]:
    """Time every task; print and return each one's cost as a ratio to ``apply``."""
    if states < 1 or repeats < 1:
        msg = "states and repeats must be at least 1"
        raise ValueError(msg)
    cases = positions(states)
    best = dict.fromkeys(TASKS, float("inf"))
    for _ in range(repeats):
        for name, task in TASKS.items():
            best[name] = min(best[name], _time(task, cases))
    ratios = {name: cost / best["apply"] for name, cost in best.items()}
    print(
        f"five_hundred app benchmark: {states} card-play positions, best of {repeats}"
    )
    print("The reference is apply of a card play in the same run (ratio 1.00).")
    for name, ratio in ratios.items():
        note = f"  (target <= {TARGET:g})" if name == "view" else ""
        print(f"  {name:<21} {best[name] * 1e6:7.2f} us  {ratio:5.2f} x apply{note}")
    return ratios


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=DEFAULT_STATES)
    parser.add_argument("--repeats", type=int, default=DEFAULT_REPEATS)
    options = parser.parse_args()
    main(options.states, options.repeats)
