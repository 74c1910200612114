"""Benchmark the hand review (:func:`five_hundred.review`) on random and computer-played hands.

Run ``python benchmarks/bench_review.py [--hands N] [--players 4 6]`` with the
interpreter whose build is to be measured (the compiled one: a venv with the wheel
installed, e.g. ``build/bench-compiled-venv/bin/python`` as ``bench_compiled.py``
builds it).  For each player count it plays ``N`` hands by random players and ``N``
by rule-based players (seeded: the same hands in every run; thrown-in hands are
dealt again), saves each as a game record and reviews it, timed, and reports per
hand the mean, the 95th percentile and the worst time against the target (2 s with
four players, 10 s with six), with the review's ``time_limit`` at 95% of the target:
how many hands it cut short, and the share of the decisions solved.  With
``--node-limit N`` each decision's search is bounded by ``N`` nodes as well (the
``bounded`` column counts the decisions it stopped); ``--no-time-limit`` leaves the
node limit alone, so that the same decisions are bounded on every machine.

The reference, measured in the same run on the same hands, is the replay of each
hand's record (:meth:`~five_hundred.records.GameRecord.replay`, the checks every
loaded record gets): the ratio says how many replays a review costs, which moves
less than the seconds on this shared machine.  Last, a game of several hands is
reviewed whole and hand by hand: the ratio of the two times shows that a game's
review grows linearly with its hands.

The calls are reviewed without samples by default (``--bid-samples 0``): the bid
advisor's cost is its own (``five-hundred advise``), about a second a sample and
seat with four players; ``--bid-samples N`` includes it.
"""

import argparse
import statistics
import time
from typing import Final

import five_hundred
from five_hundred import (
    GameState,
    Player,
    RandomPlayer,
    RuleBasedPlayer,
    Rules,
    new_game,
    next_hand,
    play_game,
    play_hand,
    record,
    review,
)

TARGETS: Final = {4: 2.0, 6: 10.0}
"""Seconds a hand's review may take, by player count."""
SEED: Final = 4100
LIMIT: Final = 0.95
"""The review's ``time_limit`` as a share of the target."""


def hands(rules: Rules, kind: str, count: int) -> list[GameState]:
    """``count`` hands with a contract, played to the end by ``kind`` players."""
    found: list[GameState] = []
    seed = SEED
    while len(found) < count:
        players: list[Player] = [
            RandomPlayer(seed + seat) if kind == "random" else RuleBasedPlayer()
            for seat in range(rules.players)
        ]
        state = play_hand(new_game(rules, seed=seed), players)
        while state.contract is None:  # thrown in: the next deal
            state = play_hand(next_hand(state), players)
        found.append(state)
        seed += 1
    return found


def measure(
    states: list[GameState], samples: int, limit: float | None, nodes: int | None
) -> tuple[list[float], list[float], int, float, int]:
    """Each hand's review time, its replay time, the hands cut short, the share of
    the decisions solved, and the decisions the node limit stopped."""
    reviews, replays, short = [], [], 0
    solved = decisions = bounded = 0
    for state in states:
        saved = record(state)
        start = time.perf_counter()
        saved.replay()
        replays.append(time.perf_counter() - start)
        start = time.perf_counter()
        number = len(saved.hands)
        if nodes is None:  # (without the argument: builds from before it)
            result = review(saved, hand=number, bid_samples=samples, time_limit=limit)
        else:
            result = review(
                saved,
                hand=number,
                bid_samples=samples,
                time_limit=limit,
                node_limit=nodes,
            )
        reviews.append(time.perf_counter() - start)
        short += not result.hands[0].complete
        choices = result.hands[0].choices
        decisions += len(choices)
        solved += sum(choice.best is not None for choice in choices)
        bounded += sum(getattr(choice, "bounded", False) for choice in choices)
    return reviews, replays, short, solved / max(decisions, 1), bounded


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def linear(hands_in_game: int, samples: int) -> tuple[float, float, int]:
    """A four-player game reviewed whole and hand by hand: the two times, its hands."""
    players = [RuleBasedPlayer()] * 4
    state = play_game(players, Rules(), seed=SEED, max_hands=hands_in_game)
    saved = record(state)
    start = time.perf_counter()
    review(saved, bid_samples=samples)
    whole = time.perf_counter() - start
    start = time.perf_counter()
    for number in range(1, len(saved.hands) + 1):
        review(saved, hand=number, bid_samples=samples)
    return whole, time.perf_counter() - start, len(saved.hands)


def main(
    count: int,
    players: list[int],
    samples: int,
    game_hands: int,
    nodes: int | None,
    timed: bool,
) -> None:
    print(
        f"engine: {'compiled' if five_hundred.compiled else 'pure Python'}; "
        f"{count} hands of each kind; bid samples {samples}; node limit "
        f"{'none' if nodes is None else f'{nodes:,}'}; time limit "
        f"{f'{LIMIT:.0%} of the target' if timed else 'none'}\n"
    )
    print(
        f"{'players':>7} {'hands':>8} {'mean s':>8} {'p95 s':>8} {'max s':>8} "
        f"{'target':>7} {'over':>5} {'cut':>4} {'solved':>7} {'bounded':>8} "
        f"{'review/replay':>14}"
    )
    for count_players in players:
        rules = Rules(players=count_players)
        target = TARGETS.get(count_players, 10.0)
        for kind in ("random", "computer"):
            states = hands(rules, kind, count)
            # the solver's limit a little under the target: the rest is the walk
            reviews, replays, short, solved, bounded = measure(
                states, samples, LIMIT * target if timed else None, nodes
            )
            over = sum(seconds > target for seconds in reviews)
            ratio = statistics.mean(reviews) / statistics.mean(replays)
            print(
                f"{count_players:>7} {kind:>8} {statistics.mean(reviews):>8.3f} "
                f"{_p95(reviews):>8.3f} {max(reviews):>8.3f} {target:>7.1f} "
                f"{over:>5} {short:>4} {100 * solved:>6.0f}% {bounded:>8} "
                f"{ratio:>14.0f}",
                flush=True,
            )
    if game_hands:
        whole, separate, played = linear(game_hands, samples)
        print(
            f"\nA game of {played} hands (four players, rule-based): reviewed whole "
            f"{whole:.2f} s, hand by hand {separate:.2f} s: ratio {whole / separate:.2f}"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100, help="hands of each kind")
    parser.add_argument("--players", type=int, nargs="+", default=[4, 6])
    parser.add_argument("--bid-samples", type=int, default=0)
    parser.add_argument(
        "--game-hands",
        type=int,
        default=8,
        help="hands of the linearity game (0: none)",
    )
    parser.add_argument(
        "--node-limit",
        type=int,
        default=None,
        help="the review's node_limit for each decision (default: none)",
    )
    parser.add_argument(
        "--no-time-limit",
        action="store_true",
        help="review without the time limit (with a node limit, the same decisions "
        "are bounded on every machine)",
    )
    args = parser.parse_args()
    main(
        args.hands,
        args.players,
        args.bid_samples,
        args.game_hands,
        args.node_limit,
        not args.no_time_limit,
    )
