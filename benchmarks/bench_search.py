"""Benchmark the search tools: a ``resample`` against a random ``playout``, in one run.

Run ``python benchmarks/bench_search.py [--scale S] [--repeats N]``.  Every figure is
measured in this one run, interleaved round by round, best of ``--repeats``:

* ``playout``: :func:`five_hundred.search.playout.playout` of a whole hand's card
  play, from the first lead of a dealt contract (random play);
* ``resample``: :func:`five_hundred.search.resample.resample` of the view of the seat
  to act at a random point of the card play, :data:`SAMPLES` guesses per view (a bot
  draws several guesses of each position it searches, then plays each out);
* ``resample, first guess``: one guess per view, so nothing of a view is reused.

The figure the search page promises (issue 13) is the cost of one ``resample`` in
multiples of one ``playout``: at most :data:`TARGET`.  Views and start states are
built outside the timing.
"""

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_game import Measure, interleaved, play_states

from five_hundred import GameState, Phase, Rules, SeatView, apply, legal_actions, view
from five_hundred.search.playout import playout
from five_hundred.search.resample import _clear_caches, resample

HANDS: Final = 300
"""Start states (and views) per timing at scale 1."""
SAMPLES: Final = 10
"""Guesses per view, as a bot searching a position draws them."""
TARGET: Final = 5.0
"""The most one resample may cost, in playouts of a whole hand's card play."""
PLAYER_COUNTS: Final = (4, 6)
DEFAULT_REPEATS: Final = 5
SEED: Final = 13


def views_in_play(states: Sequence[GameState], seed: int) -> list[SeatView]:
    """The view of the seat to act at a random point of each state's card play."""
    rng = random.Random(seed)
    found = []
    for state in states:
        for _ in range(rng.randrange(0, 40)):
            if state.phase is not Phase.PLAY:
                break
            actions = legal_actions(state)
            state = apply(state, actions[rng.randrange(len(actions))])
        if state.phase is Phase.PLAY and state.to_act is not None:
            found.append(view(state, state.to_act))
    return found


def run_playouts(states: Sequence[GameState]) -> int:
    rng = random.Random(SEED)
    for state in states:
        playout(state, rng=rng)
    return len(states)


def run_resamples(views: Sequence[SeatView], samples: int) -> int:
    rng = random.Random(SEED)
    for seen in views:
        for _ in range(samples):
            resample(seen, rng)
    return len(views) * samples


def measures(players: int, hands: int) -> list[Measure]:
    rules = Rules(players=players)

    def states() -> list[GameState]:
        return play_states(rules, hands)

    def views() -> list[SeatView]:
        _clear_caches()  # nothing from an earlier round: every view is new
        return views_in_play(play_states(rules, hands), SEED + players)

    return [
        Measure(f"{players}p_playout", states, run_playouts),
        Measure(
            f"{players}p_resample", views, lambda v: run_resamples(v, SAMPLES), True
        ),
        Measure(f"{players}p_first", views, lambda v: run_resamples(v, 1), True),
    ]


def main(scale: float = 1.0, repeats: int = DEFAULT_REPEATS) -> dict[str, float]:
    """Measure, print a report, and return the costs (microseconds) and ratios."""
    if scale <= 0 or repeats < 1:
        msg = "scale must be positive and repeats at least 1"
        raise ValueError(msg)
    hands = max(1, round(HANDS * scale))
    print(
        f"five_hundred search benchmark: {hands} hands per timing, best of {repeats}"
        " interleaved rounds (views made afresh each round: no guess is reused"
        " across rounds)."
    )
    results: dict[str, float] = {}
    for players in PLAYER_COUNTS:
        timed = interleaved(measures(players, hands), repeats)
        cost = {
            name.removeprefix(f"{players}p_"): seconds / max(1, count) * 1e6
            for name, (count, seconds, _) in timed.items()
        }
        for what, value in cost.items():
            results[f"{players}p_{what}_us"] = value
        ratio = results[f"{players}p_ratio"] = cost["resample"] / cost["playout"]
        first = results[f"{players}p_first_ratio"] = cost["first"] / cost["playout"]
        print(f"\n{players} players (microseconds per call):")
        print(f"  playout, a whole hand's card play  {cost['playout']:>10,.0f}")
        print(f"  resample, {SAMPLES} guesses per view     {cost['resample']:>10,.0f}")
        print(f"  resample, first guess of a view    {cost['first']:>10,.0f}")
        print(
            f"  resample / playout                 {ratio:>10.2f}   (target <= {TARGET})"
        )
        print(f"  first guess / playout              {first:>10.2f}")
    return results


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the hands")
    parser.add_argument(
        "--repeats", type=int, default=DEFAULT_REPEATS, help="rounds per figure"
    )
    args = parser.parse_args()
    main(args.scale, args.repeats)
