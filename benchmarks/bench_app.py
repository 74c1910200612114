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

For instruction counts, ``--only TASK`` does one task once on ``N`` positions never
seen before, after warming every cache on ``N`` positions of other games (``--only
none`` does only the warming: subtract it).  The performance page's figures:

    valgrind --tool=callgrind python benchmarks/bench_app.py --states 300 --only view
"""

import argparse
import gc
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
from five_hundred.cards import cards_from_mask

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


def _server(state: GameState, action: PlayCard) -> None:
    for seat in (None, *range(state.rules.players)):
        view(state, seat)


TASKS: Final[dict[str, Task]] = {
    "apply": lambda state, action: apply(state, action),
    "view": lambda state, action: view(state, state.to_act),
    "view (spectator)": lambda state, action: view(state, None),
    "to_dict": lambda state, action: view(state, state.to_act).to_dict(),
}
ONLY: Final[dict[str, Task]] = {
    **TASKS,
    "views of a state": _server,
    "none": lambda state, action: None,
}
"""What ``--only`` runs ("views of a state": every seat's and a spectator's view)."""


def only(task: str, states: int = DEFAULT_STATES) -> int:
    """Warm every cache on ``states`` positions, then run ``task`` once on as many new ones."""
    cases = positions(2 * states)
    warm, fresh = cases[:states], cases[states:]
    for suit in range(4):  # a long-running process has met every holding of a suit
        for ranks in range(1 << 13):
            cards_from_mask(ranks << 16 * suit)
    for state, action in warm:
        apply(state, action)
        _server(state, action)
        view(state, state.to_act).to_dict()
    gc.collect()
    gc.disable()  # a collection would land in one task's count and not another's
    try:
        run = ONLY[task]
        for state, action in fresh:
            run(state, action)
    finally:
        gc.enable()
    return len(fresh)


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
    parser.add_argument("--only", choices=sorted(ONLY), help="for callgrind: see above")
    options = parser.parse_args()
    if options.only is None:
        main(options.states, options.repeats)
    else:
        only(options.only, options.states)
