"""Benchmark the double-dummy solver at the opening lead, next to DDS, in one run.

Run ``python benchmarks/bench_solver.py [--deals N]``.  It times
:func:`five_hundred.solve_plays` at the opening lead of full four-player deals in three
contracts (a trump suit, No Trumps with the Joker, misère), each deal walked to the play
outside the timing (seat 0 wins the auction; the discard and nomination are the
rule-based player's), and reports the mean, the 95th and 99th percentiles and the
maximum (``--players 6``: six-player deals, where the worst cases are).  As the anchor it times
``endplay``'s DDS ``solve_board`` (a C++ solver on a 13-trick, 52-card problem: every
card of the player on lead) on random bridge deals in the same run, when ``endplay``
is installed (``pip install endplay``), and prints the ratios.  The anchor is
*interleaved*: within each contract's pass, the bridge deals are solved a few at a
time between our deals (each bridge deal once a pass), so the anchor and the solver
are timed over the same minutes and a drift of the machine's speed (this shared
machine's moves by a fifth within minutes) shifts both alike.  It runs the build
that this interpreter imports (the pure one in the development venv); with
``--compiled-python PATH`` it also times the same deals under that interpreter (a
venv with the compiled wheel installed, e.g. ``build/bench-compiled-venv/bin/python``
as ``bench_compiled.py`` builds it), which serves one deal at a time to this process,
so its anchor is interleaved the same way.

With ``--node-limit N`` each solve is bounded (:class:`~five_hundred.SolveBounds`)
and the deals the limit stopped are counted: the worst case becomes the limit's,
the same on every machine.

The deals are the first ``--deals`` seeds on which seat 0 can be given the contract
(the same deals in every run).  Their times spread by a factor of 100 (the first four
deals are among the easiest: on 2 December 2026 their trump contracts took 14 to 195
ms, compiled, where the next twelve took 57 to 1,591 ms), so the default is 16 deals
and a mean over fewer says little.
"""

import argparse
import contextlib
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any, NamedTuple

import five_hundred
from five_hundred import (
    MISERE,
    GameState,
    Rules,
    Strain,
    TrickBid,
    new_game,
    solve_plays,
)
from five_hundred.sampling._simulation import _contract_state


def _open_misere(players: int) -> Rules:
    """The standard game, with misère open at once (the gate shapes only the auction)."""
    return Rules.for_players(players).replace(misere_needs_seven=False)


def _states(bid: TrickBid | object, deals: int, players: int = 4) -> list[GameState]:
    states: list[GameState] = []
    seed = 0
    rules = _open_misere(players)
    while len(states) < deals:
        start = new_game(rules, seed=seed, dealer=players - 1)
        state = _contract_state(start, 0, bid)  # type: ignore[arg-type]
        seed += 1
        if state is not None:
            states.append(state)
    return states


def _summary(times: list[float]) -> tuple[float, float, float, float]:
    """The mean, the 95th and 99th percentiles and the maximum."""
    times = sorted(times)
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    p99 = times[min(len(times) - 1, round(0.99 * (len(times) - 1)))]
    return statistics.fmean(times), p95, p99, times[-1]


Solver = Callable[[int, int], tuple[float, bool]]
"""Times ``solve_plays`` on one deal: ``(kind's index in KINDS, deal's index)`` in,
seconds and whether the node limit stopped it out."""


def _local(deals: int, players: int = 4, node_limit: int | None = None) -> Solver:
    """The solver of this interpreter's build, its states walked to the play at once."""
    states = [_states(bid, deals, players) for bid in KINDS.values()]

    def solve(kind: int, index: int) -> tuple[float, bool]:
        state = states[kind][index]
        start = time.perf_counter()
        if node_limit is None:
            solve_plays(state)
            return time.perf_counter() - start, False
        bounds = solve_plays(state, node_limit=node_limit)
        seconds = time.perf_counter() - start
        return seconds, not all(b.exact for b in bounds.values())

    return solve


def _bridge_deals(count: int) -> list[Any] | None:
    """``count`` random bridge deals for DDS (``None`` without ``endplay``)."""
    try:
        from endplay.types import Deal, Denom, Player
    except ImportError:
        return None
    rng = random.Random(1)
    out = []
    for _ in range(count):
        deal = Deal.from_pbn(_random_pbn(rng))
        deal.first = Player.west
        deal.trump = Denom.spades
        out.append(deal)
    return out


def _dds(deal: Any) -> float:
    """Seconds of DDS's ``solve_board`` on one bridge deal."""
    from endplay.dds import solve_board

    start = time.perf_counter()
    solve_board(deal)
    return time.perf_counter() - start


def _random_pbn(rng: random.Random) -> str:
    cards = [s + r for s in "SHDC" for r in "AKQJT98765432"]
    rng.shuffle(cards)
    hands = []
    for h in range(4):
        mine = cards[13 * h : 13 * h + 13]
        hands.append(".".join("".join(c[1] for c in mine if c[0] == s) for s in "SHDC"))
    return "N:" + " ".join(hands)


KINDS: dict[str, TrickBid | object] = {
    "trump (6S)": TrickBid(6, Strain.SPADES),
    "no-trump (6NT)": TrickBid(6, Strain.NO_TRUMPS),
    "misere": MISERE,
}


class Measure(NamedTuple):
    """One contract's pass: ``solve_plays``'s times, and DDS's mean around it."""

    mean: float
    p95: float
    p99: float
    slowest: float
    bounded: int
    """The deals the node limit stopped."""
    anchor: float | None
    """DDS's mean over the bridge deals solved between this pass's deals."""


def _measure(solve: Solver, deals: int, bridge: list[Any] | None) -> list[Measure]:
    """Each contract's pass, the bridge deals spread between its deals."""
    out = []
    for kind in range(len(KINDS)):
        ours: list[float] = []
        bounded = 0
        anchor: list[float] = []
        for index in range(deals):
            if bridge is not None:
                share = bridge[
                    index * len(bridge) // deals : (index + 1) * len(bridge) // deals
                ]
                anchor.extend(_dds(deal) for deal in share)
            seconds, stopped = solve(kind, index)
            ours.append(seconds)
            bounded += stopped
        mean, p95, p99, slowest = _summary(ours)
        dds = statistics.fmean(anchor) if anchor else None
        out.append(Measure(mean, p95, p99, slowest, bounded, dds))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--deals", type=int, default=16, help="deals timed (default 16)"
    )
    parser.add_argument(
        "--compiled-python",
        help="also time the solver under this interpreter (with the compiled wheel)",
    )
    parser.add_argument(
        "--players", type=int, choices=(4, 6), default=4, help="players (default 4)"
    )
    parser.add_argument(
        "--node-limit",
        type=int,
        default=None,
        help="solve with this node_limit (default: none): the deals it stops are counted",
    )
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        _serve(args.deals, args.players, args.node_limit)
        return
    bridge = _bridge_deals(max(args.deals, 20))
    if bridge is None:
        print("endplay is not installed: no DDS anchor in this run")
    else:
        _dds(bridge[0])  # DDS sets up its memory on its first call: not timed
    builds: list[tuple[str, Callable[[], AbstractContextManager[Solver]]]] = [
        (
            "pure" if not five_hundred.compiled else "compiled",
            lambda: contextlib.nullcontext(
                _local(args.deals, args.players, args.node_limit)
            ),
        )
    ]
    if args.compiled_python:
        builds.append(
            (
                "compiled",
                lambda: _remote(
                    args.compiled_python, args.deals, args.players, args.node_limit
                ),
            )
        )
    for build, solver in builds:
        with solver() as solve:
            measured = _measure(solve, args.deals, bridge)
        for name, (mean, p95, p99, slowest, bounded, anchor) in zip(
            KINDS, measured, strict=True
        ):
            line = (
                f"{build}: solve_plays, {args.players} players, opening lead, {name}: "
                f"mean {mean * 1e3:.1f} ms, p95 {p95 * 1e3:.1f} ms, "
                f"p99 {p99 * 1e3:.1f} ms, max {slowest * 1e3:.1f} ms "
                f"({args.deals} deals)"
            )
            if args.node_limit is not None:
                line += f", node limit {args.node_limit:,}: {bounded} stopped by it"
            if anchor is not None:
                line += (
                    f"; DDS solve_board (endplay, bridge) interleaved: mean "
                    f"{anchor * 1e3:.2f} ms  = {mean / anchor:,.2f}x DDS"
                )
            print(line)


def _serve(deals: int, players: int, node_limit: int | None) -> None:
    """Serve :func:`_local`'s solver on stdin/stdout: ``kind index`` in, seconds and
    whether the node limit stopped it out.

    The first line out says which build this interpreter runs.
    """
    solve = _local(deals, players, node_limit)
    print(json.dumps({"compiled": five_hundred.compiled}), flush=True)
    for line in sys.stdin:
        kind, index = map(int, line.split())
        print(json.dumps(solve(kind, index)), flush=True)


@contextlib.contextmanager
def _remote(
    python: str, deals: int, players: int, node_limit: int | None
) -> Iterator[Solver]:
    """The solver of another interpreter (a compiled build), one deal at a time."""
    command = [python, __file__, "--serve", "--deals", str(deals)]
    command += ["--players", str(players)]
    if node_limit is not None:
        command += ["--node-limit", str(node_limit)]
    with subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    ) as process:
        stdin, stdout = process.stdin, process.stdout
        if stdin is None or stdout is None:  # not reached: both are piped above
            msg = "the compiled worker has no pipes"
            raise RuntimeError(msg)
        if not json.loads(stdout.readline())["compiled"]:
            process.kill()
            msg = f"{python} does not run the compiled engine"
            raise SystemExit(msg)

        def solve(kind: int, index: int) -> tuple[float, bool]:
            stdin.write(f"{kind} {index}\n")
            stdin.flush()
            seconds, stopped = json.loads(stdout.readline())
            return float(seconds), bool(stopped)

        yield solve
        stdin.close()  # the worker's loop ends


if __name__ == "__main__":
    main()
