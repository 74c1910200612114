"""``simulate``: self-play between computer players, with contract statistics.

The hands are played in chunks of :data:`CHUNK` hands, each from its own seed drawn
from the run's seed (:mod:`five_hundred.parallel`), so that the statistics are the
same for any ``--workers`` and with ``--ray``.
"""

import argparse
import contextlib
import os
import sys
import time
from collections.abc import Callable, Iterator
from typing import Final

import attrs

from five_hundred.bidding import bid_rank, parse_bid
from five_hundred.bots import RuleBasedPlayer
from five_hundred.cli._args import (
    _add_command,
    _add_json,
    _add_rules_options,
    _Commands,
    _count_arg,
    _fresh_seed,
    _rules,
    _seed_arg,
    _UsageError,
)
from five_hundred.cli._game_text import _describe_rules
from five_hundred.cli._output import _Out, _plural, _write_json
from five_hundred.dealing import SplitMix64
from five_hundred.parallel import (
    ClusterError,
    chunk_seeds,
    chunk_sizes,
    default_workers,
    run_chunks,
)
from five_hundred.rules import Rules, side_of
from five_hundred.scoring import contract_made, contracting_sides
from five_hundred.state import GameState, Phase, apply, new_game, next_hand

__all__ = ["CHUNK", "add_parser", "run"]

CHUNK: Final = 100
"""Hands a chunk: a game still going at the end of a chunk is not counted as finished."""


@attrs.define
class _Stats:
    """Counts gathered over simulated hands."""

    hands: int = 0
    thrown_in: int = 0
    games: int = 0
    game_hands: int = 0
    bid: dict[str, int] = attrs.Factory(dict)
    made: dict[str, int] = attrs.Factory(dict)
    points: dict[str, int] = attrs.Factory(dict)
    rank: dict[str, int] = attrs.Factory(dict)
    contractor_points: int = 0
    defender_points: int = 0
    defender_sides: int = 0

    def merge(self, other: "_Stats") -> None:
        """Add the counts of ``other`` (another chunk's) to these."""
        for name in ("bid", "made", "points"):
            mine, theirs = getattr(self, name), getattr(other, name)
            for key, value in theirs.items():
                mine[key] = mine.get(key, 0) + value
        self.rank.update(other.rank)
        for name in (
            "hands",
            "thrown_in",
            "games",
            "game_hands",
            "contractor_points",
            "defender_points",
            "defender_sides",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def add(self, state: GameState) -> None:
        self.hands += 1
        contract, result = state.contract, state.hand_result
        if contract is None or result is None:
            self.thrown_in += 1
            return
        key = str(contract.bid)
        contractors = contracting_sides(state.rules, contract.contractor, state.partner)
        taken = sum(state.tricks_won[side] for side in contractors)
        bid = contract.bid
        made = contract_made(bid, taken)
        side = side_of(state.rules, contract.contractor)
        self.bid[key] = self.bid.get(key, 0) + 1
        self.made[key] = self.made.get(key, 0) + made
        self.points[key] = self.points.get(key, 0) + result[side]
        self.rank.setdefault(key, bid_rank(bid, state.rules))
        self.contractor_points += result[side]
        for other, points in enumerate(result):
            if other not in contractors:
                self.defender_points += points
                self.defender_sides += 1


@contextlib.contextmanager
def _progress(
    total: int, enabled: bool, label: str = "simulating"
) -> Iterator[Callable[[int], None]]:
    """A function that reports progress: a rich progress bar on stderr, or nothing.

    The bar goes to stderr so that stdout (the statistics) can go to a file or a
    pipe without escape codes while the terminal still shows progress.
    """
    if not enabled:
        yield lambda done: None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TimeRemainingColumn,
    )

    console = Console(file=sys.stderr, force_terminal=True)
    columns = (label, BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    # No refresh thread (auto_refresh): the bar is redrawn as each chunk finishes, and
    # a process running no other thread may fork its workers (five_hundred.parallel).
    with Progress(*columns, console=console, transient=True, auto_refresh=False) as bar:
        task = bar.add_task("hands", total=total)

        def report(done: int) -> None:
            bar.update(task, completed=done)
            bar.refresh()

        bar.refresh()
        yield report


def _chunk(work: tuple[Rules, int, int]) -> _Stats:
    """Play one chunk: ``hands`` hands of games seeded from ``seed``."""
    rules, hands, seed = work
    stats = _Stats()
    rng = SplitMix64(seed)
    bot = RuleBasedPlayer()
    state = new_game(rules, seed=rng.next64())
    game_hands = 0
    for _ in range(hands):
        while state.to_act is not None:
            seat = state.to_act
            state = apply(state, bot.choose(state, seat))
        stats.add(state)
        game_hands += 1
        if state.phase is Phase.GAME_OVER:
            stats.games += 1
            stats.game_hands += game_hands
            game_hands = 0
            state = new_game(rules, seed=rng.next64())
        else:
            state = next_hand(state)
    return stats


def _simulate(
    rules: Rules,
    hands: int,
    seed: int,
    report: Callable[[int], None],
    *,
    workers: int | None = None,
    ray: str | None = None,
) -> tuple[_Stats, bool]:
    """The statistics of ``hands`` hands, and whether Ctrl-C cut the run short."""
    sizes = chunk_sizes(hands, CHUNK)
    work = list(
        zip([rules] * len(sizes), sizes, chunk_seeds(seed, len(sizes)), strict=True)
    )
    done = 0

    def moved(_index: int, stats: _Stats) -> None:
        nonlocal done
        done += stats.hands
        report(done)

    with _cluster_errors():
        outcome = run_chunks(_chunk, work, workers=workers, ray=ray, on_done=moved)
    total = _Stats()
    for stats in outcome.results:
        total.merge(stats)
    return total, outcome.interrupted


def run(args: argparse.Namespace, out: _Out) -> int:
    """Run ``simulate`` with the parsed ``args``; return the exit status."""
    rules = _rules(args)
    seed = args.seed if args.seed is not None else _fresh_seed()
    show = _show_progress(args.progress)
    start = time.perf_counter()
    with _progress(args.hands, show) as report:
        stats, interrupted = _simulate(
            rules, args.hands, seed, report, workers=args.workers, ray=args.ray
        )
    elapsed = max(time.perf_counter() - start, 1e-9)
    n = stats.hands
    if args.json:
        data = _stats_data(stats, rules, seed, elapsed)
        data["interrupted"] = interrupted
        _write_json(out.stream, data)
        return 130 if interrupted else 0
    if interrupted:
        out.line(
            out.text(
                f"Interrupted after {n} of {args.hands} hands: the statistics "
                "below are of those."
            )
        )
    if n == 0:
        return 130
    out.line(
        out.bold(f"Simulated {_plural(n, 'hand')}")
        + out.text(
            f" of self-play in {elapsed:.1f} s ({n / elapsed:,.0f} hands a second)."
        )
    )
    out.line(out.text(f"Rules: {_describe_rules(rules)}; seed {seed}."))
    if stats.games:
        average = stats.game_hands / stats.games
        games = f"{_plural(stats.games, 'game')} finished, {average:.1f} hands a game"
    else:
        games = "no game finished"
    out.line(
        out.text(
            f"{games}; {_plural(stats.thrown_in, 'hand')} thrown in "
            f"({100 * stats.thrown_in / n:.1f}%)."
        )
    )
    out.line()
    out.line(
        f"{'contract':<8}{'bid':>6}  {'share':>6}  {'made':>5}  {'made %':>6}"
        f"  {'avg score':>9}"
    )

    def row(name: str, count: int, made: int, points: int) -> str:
        return (
            out.pad(name, 8)
            + f"{count:>6}  {100 * count / n:>5.1f}%  {made:>5}  "
            + f"{100 * made / count:>5.1f}%  {points / count:>+9.1f}"
        )

    for key in sorted(stats.bid, key=stats.rank.__getitem__):
        name = out.call(parse_bid(key))
        out.line(row(name, stats.bid[key], stats.made[key], stats.points[key]))
    played = sum(stats.bid.values())
    if played:
        made = sum(stats.made.values())
        out.line(row("all", played, made, stats.contractor_points))
    out.line()
    each = stats.defender_points / max(stats.defender_sides, 1) * played / n
    out.line(
        out.text(
            f"Per hand, thrown-in hands included: the contracting side scores "
            f"{stats.contractor_points / n:+.1f} on average, each defending side "
            f"{each:+.1f}."
        )
    )
    return 130 if interrupted else 0


def _show_progress(choice: str) -> bool:
    """Whether to show progress: ``always``, or ``auto`` with stderr a terminal."""
    if choice == "never":
        return False
    try:
        import rich  # noqa: F401
    except ImportError:
        if choice == "always":
            msg = "--progress always needs rich (pip install 'five-hundred[cli]')"
            raise _UsageError(msg) from None
        return False
    if choice == "always":
        return True
    isatty = getattr(sys.stderr, "isatty", None)
    return callable(isatty) and bool(isatty()) and os.environ.get("TERM") != "dumb"


def _stats_data(
    stats: _Stats, rules: Rules, seed: int, elapsed: float
) -> dict[str, object]:
    """What ``simulate --json`` prints."""
    n = max(stats.hands, 1)
    played = sum(stats.bid.values())
    return {
        "hands": stats.hands,
        "seed": seed,
        "seconds": round(elapsed, 3),
        "games_finished": stats.games,
        "game_hands": stats.game_hands,
        "thrown_in": stats.thrown_in,
        "contracts": {
            key: {
                "bid": stats.bid[key],
                "made": stats.made[key],
                "points": stats.points[key],
            }
            for key in sorted(stats.bid, key=stats.rank.__getitem__)
        },
        "contractor_points_per_hand": stats.contractor_points / n,
        "defender_points_per_hand": (
            stats.defender_points / max(stats.defender_sides, 1) * played / n
        ),
        "rules": rules.to_dict(),
    }


def add_parser(commands: _Commands) -> None:
    """Add the ``simulate`` subcommand to the command line's subcommands."""
    parser = _add_command(
        commands,
        "simulate",
        "self-play statistics",
        "Let rule-based computer players play hands against each other and report "
        "how often each contract is bid and made and what it scores.",
    )
    parser.add_argument(
        "-n",
        "--hands",
        type=_count_arg,
        default=1000,
        metavar="N",
        help="hands to play (default 1000)",
    )
    parser.add_argument("--seed", type=_seed_arg, default=None, help="seed of the run")
    _add_json(parser)
    _add_progress_option(parser)
    _add_parallel_options(parser, "the statistics")
    _add_rules_options(parser)
    parser.set_defaults(handler=run)


def _add_progress_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--progress``: whether to draw the progress bar (see :func:`_show_progress`)."""
    parser.add_argument(
        "--progress",
        choices=("auto", "always", "never"),
        default="auto",
        help="a progress bar on stderr (with rich; by default when stderr is a "
        "terminal)",
    )


@contextlib.contextmanager
def _cluster_errors() -> Iterator[None]:
    """A Ray cluster that is missing or unreachable as one line of usage error."""
    try:
        yield
    except ClusterError as error:
        raise _UsageError(str(error)) from None


def _add_parallel_options(parser: argparse.ArgumentParser, results: str) -> None:
    """Add ``--workers`` and ``--ray``, whose choice never changes ``results``."""
    parser.add_argument(
        "--workers",
        type=_count_arg,
        default=None,
        metavar="N",
        help=f"worker processes (default: every core, here {default_workers()}); "
        f"{results} are the same for any N",
    )
    parser.add_argument(
        "--ray",
        nargs="?",
        const="local",
        default=None,
        metavar="ADDRESS",
        help="run as Ray tasks on the cluster at ADDRESS (host:port, auto or ray://...), "
        "or on a local Ray instance of --workers CPUs without ADDRESS "
        "(pip install 'five-hundred[ray]')",
    )
