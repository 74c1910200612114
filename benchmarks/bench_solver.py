"""Benchmark the double-dummy solver at the opening lead, next to DDS, in one run.

Run ``python benchmarks/bench_solver.py [--deals N]``.  It times
:func:`five_hundred.solve_plays` at the opening lead of full four-player deals in three
contracts (a trump suit, No Trumps with the Joker, misère), each deal walked to the play
outside the timing (seat 0 wins the auction; the discard and nomination are the
rule-based player's), and reports the mean and 95th percentile.  As the anchor it times
``endplay``'s DDS ``solve_board`` (a C++ solver on a 13-trick, 52-card problem: every
card of the player on lead) on random bridge deals in the same run, when ``endplay``
is installed (``pip install endplay``), and prints the ratios: DDS is timed before
and after each build's pass, and that build's ratios are to the mean of the two (the
machine's speed drifts between passes).  It runs the build
that this interpreter imports (the pure one in the development venv); with
``--compiled-python PATH`` it also times the same deals under that interpreter (a
venv with the compiled wheel installed, e.g. ``build/bench-compiled-venv/bin/python``
as ``bench_compiled.py`` builds it) in the same run.

The deals are the first ``--deals`` seeds on which seat 0 can be given the contract
(the same deals in every run).  Their times spread by a factor of 100 (the first four
deals are among the easiest: on 2 December 2026 their trump contracts took 14 to 195
ms, compiled, where the next twelve took 57 to 1,591 ms), so the default is 16 deals
and a mean over fewer says little.
"""

import argparse
import json
import random
import statistics
import subprocess
import time
from collections.abc import Callable

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
from five_hundred.sampling import _contract_state

_OPEN_MISERE = Rules(misere_needs_seven=False)
"""The standard game, with misère open at once (the gate shapes only the auction)."""


def _states(bid: TrickBid | object, deals: int) -> list[GameState]:
    states: list[GameState] = []
    seed = 0
    while len(states) < deals:
        state = _contract_state(new_game(_OPEN_MISERE, seed=seed, dealer=3), 0, bid)  # type: ignore[arg-type]
        seed += 1
        if state is not None:
            states.append(state)
    return states


def _summary(times: list[float]) -> tuple[float, float]:
    times = sorted(times)
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    return statistics.fmean(times), p95


def _time(states: list[GameState]) -> list[float]:
    out = []
    for state in states:
        start = time.perf_counter()
        solve_plays(state)
        out.append(time.perf_counter() - start)
    return out


def _dds(deals: int) -> list[float] | None:
    try:
        from endplay.dds import solve_board
        from endplay.types import Deal, Denom, Player
    except ImportError:
        return None
    rng = random.Random(1)
    out = []
    for _ in range(deals):
        deal = Deal.from_pbn(_random_pbn(rng))
        deal.first = Player.west
        deal.trump = Denom.spades
        start = time.perf_counter()
        solve_board(deal)
        out.append(time.perf_counter() - start)
    return out


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


def _measure(deals: int) -> dict[str, tuple[float, float]]:
    """Mean and p95 of ``solve_plays`` at the opening lead, by contract kind."""
    return {name: _summary(_time(_states(bid, deals))) for name, bid in KINDS.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--deals", type=int, default=16, help="deals timed (default 16)"
    )
    parser.add_argument(
        "--compiled-python",
        help="also time the solver under this interpreter (with the compiled wheel)",
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps({"compiled": five_hundred.compiled, **_measure(args.deals)}))
        return
    # Each build's pass is timed between two passes of DDS over the same bridge deals,
    # and its ratios are to the mean of the two: this machine's speed drifts between
    # passes (DDS alone moved by a fifth from one run to the next).
    passes: list[tuple[str, Callable[[], dict[str, tuple[float, float]]]]] = [
        (
            "pure" if not five_hundred.compiled else "compiled",
            lambda: _measure(args.deals),
        )
    ]
    if args.compiled_python:
        passes.append(("compiled", lambda: _worker(args.compiled_python, args.deals)))
    bridge_deals = max(args.deals, 20)
    before = _dds(bridge_deals)
    if before is None:
        print("endplay is not installed: no DDS anchor in this run")
    for build, measure in passes:
        measured = measure()
        anchor = None
        if before is not None:
            after = _dds(bridge_deals)
            assert after is not None  # endplay was there before
            first, last = _summary(before)[0], _summary(after)[0]
            anchor = (first + last) / 2
            print(
                f"DDS solve_board (endplay), bridge, around the {build} pass: mean "
                f"{first * 1e3:.2f} ms before, {last * 1e3:.2f} ms after "
                f"(anchor {anchor * 1e3:.2f} ms)"
            )
            before = after
        for name, (mean, p95) in measured.items():
            ratio = f"  = {mean / anchor:,.1f}x DDS" if anchor else ""
            print(
                f"{build}: solve_plays, opening lead, {name}: mean {mean * 1e3:.1f} ms,"
                f" p95 {p95 * 1e3:.1f} ms{ratio}"
            )


def _worker(python: str, deals: int) -> dict[str, tuple[float, float]]:
    """The measures of :func:`_measure` under another interpreter (a compiled build)."""
    command = [python, __file__, "--worker", "--deals", str(deals)]
    out = json.loads(subprocess.run(command, capture_output=True, check=True).stdout)
    if not out.pop("compiled"):
        msg = f"{python} does not run the compiled engine"
        raise SystemExit(msg)
    return {name: (pair[0], pair[1]) for name, pair in out.items()}


if __name__ == "__main__":
    main()
