"""``match``: a duplicate match between two computer players."""

import argparse
import math
import time
from typing import Final

from five_hundred.bots import Player, RandomPlayer, RuleBasedPlayer
from five_hundred.cli._args import (
    _add_command,
    _add_json,
    _add_rules_options,
    _Commands,
    _count_arg,
    _int_arg,
    _rules,
    _seed_arg,
)
from five_hundred.cli._game_text import _describe_rules
from five_hundred.cli._output import _Out, _plural, _write_json
from five_hundred.cli.simulate import (
    _add_parallel_options,
    _add_progress_option,
    _cluster_errors,
    _progress,
    _show_progress,
)
from five_hundred.errors import quote
from five_hundred.rules import Rules
from five_hundred.sampling import (
    LEVELS,
    MatchResult,
    SamplingPlayer,
    duplicate_match,
)

__all__ = ["add_parser", "run"]

PLAYERS = ("rules", "sampling", "random")
"""The players a match can pit against each other."""


_SETTINGS: Final = (
    "samples",
    "budget",
    "solve_tricks",
    "solve_nodes",
    "bid_solve_nodes",
    "bid_samples",
    "discard_samples",
    "bid_budget",
    "rollouts",
)
"""The sampling player's settings a match may set (each over the level's)."""


def _player(name: str, args: argparse.Namespace, seed: int) -> Player:
    if name == "rules":
        return RuleBasedPlayer()
    if name == "random":
        return RandomPlayer(seed)
    given = {key: getattr(args, key) for key in _SETTINGS if hasattr(args, key)}
    return SamplingPlayer(**{**LEVELS[args.level], **given}, seed=seed)


def _budget_arg(text: str) -> float | None:
    """A time budget in seconds, more than 0, or ``none``."""
    if text.strip().lower() == "none":
        return None
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not value > 0 or math.isinf(value):
        msg = f"expected seconds (more than 0) or none, got {quote(text)}"
        raise argparse.ArgumentTypeError(msg)
    return value


def _nodes_arg(text: str) -> int | None:
    """A node limit, a whole number from 1, or ``none`` (rollouts until the solver)."""
    if text.strip().lower() == "none":
        return None
    return _count_arg(text)


def add_parser(commands: _Commands) -> None:
    """Add the ``match`` subcommand to the command line's subcommands."""
    parser = _add_command(
        commands,
        "match",
        "a duplicate match between two players",
        "Play the same deals twice or more with the seats swapped between two "
        "computer players and report the mean score difference a deal with its 95% "
        "confidence interval, contracts bid and made, and time per decision.",
    )
    parser.add_argument("a", choices=PLAYERS, help="player A")
    parser.add_argument("b", choices=PLAYERS, help="player B")
    parser.add_argument(
        "--deals", type=_count_arg, default=100, metavar="N", help="deals (default 100)"
    )
    parser.add_argument("--seed", type=_seed_arg, default=0, help="first deal's seed")
    parser.add_argument(
        "--level",
        choices=tuple(LEVELS),
        default="hard",
        help="sampling player: its level (default hard, the defaults); the options "
        "below change one setting of it",
    )
    parser.add_argument(
        "--samples",
        type=_count_arg,
        default=argparse.SUPPRESS,
        help="sampling player: deals a decision once the solver plays",
    )
    parser.add_argument(
        "--budget",
        type=_budget_arg,
        default=argparse.SUPPRESS,
        help="sampling player: seconds a decision (none: no limit, so that a "
        "match gives the same results on any machine)",
    )
    parser.add_argument(
        "--solve-tricks",
        type=_count_arg,
        default=argparse.SUPPRESS,
        help="sampling player: solve once this many tricks are left "
        "(by default 4, or 3 with five or six players)",
    )
    parser.add_argument(
        "--solve-nodes",
        type=_nodes_arg,
        default=argparse.SUPPRESS,
        help="sampling player: before --solve-tricks are left, solve each sampled "
        "deal within this many solver nodes (played out by rule if not finished; "
        "none: rollouts)",
    )
    parser.add_argument(
        "--bid-solve-nodes",
        type=_nodes_arg,
        default=argparse.SUPPRESS,
        help="sampling player: solve each simulated deal of a bid within this many "
        "solver nodes, four or six players (played out by rule if not finished; "
        "none: played out)",
    )
    parser.add_argument(
        "--rollouts",
        type=_int_arg,
        default=argparse.SUPPRESS,
        help="sampling player: sampled deals a card decision before the solver "
        "plays, each played out after every card (0: the rules of thumb)",
    )
    parser.add_argument(
        "--bid-samples",
        type=_int_arg,
        default=argparse.SUPPRESS,
        help="sampling player: simulated deals a bid (0: bid by the rules of thumb)",
    )
    parser.add_argument(
        "--discard-samples",
        type=_int_arg,
        default=argparse.SUPPRESS,
        help="sampling player: simulated deals a discard (0: the rules of thumb)",
    )
    parser.add_argument(
        "--bid-budget",
        type=_budget_arg,
        default=argparse.SUPPRESS,
        help="sampling player: seconds a bid or discard (none: no limit)",
    )
    _add_progress_option(parser)
    _add_parallel_options(parser, "the results (but the times)")
    _add_json(parser)
    _add_rules_options(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, out: _Out) -> int:
    """Run ``match`` with the parsed ``args``; return the exit status."""
    rules = _rules(args)
    show = _show_progress(args.progress)
    a, b = _player(args.a, args, args.seed), _player(args.b, args, args.seed + 1)
    start = time.perf_counter()
    try:
        with _cluster_errors(), _progress(args.deals, show, "playing") as report:
            result = duplicate_match(
                a,
                b,
                deals=args.deals,
                rules=rules,
                seed=args.seed,
                progress=report,
                workers=args.workers,
                ray=args.ray,
            )
    except KeyboardInterrupt:
        if args.json:
            _write_json(out.stream, {"deals": 0, "interrupted": True})
        else:
            out.line(out.text("Interrupted before a deal was finished."))
        return 130
    elapsed = time.perf_counter() - start
    if args.json:
        _write_json(out.stream, _match_data(args, result, rules, elapsed))
        return 130 if result.interrupted else 0
    if result.interrupted:
        out.line(
            out.text(
                f"Interrupted after {result.deals} of {args.deals} deals: the results "
                "below are of those."
            )
        )
    out.line(
        out.bold(f"{args.a} (A) against {args.b} (B)")
        + out.text(
            f": {_plural(result.deals, 'deal')} from seed {args.seed} in {elapsed:.1f} s."
        )
    )
    out.line(out.text(f"Rules: {_describe_rules(rules)}."))
    out.line(
        f"A - B: {result.mean:+.1f} points a deal "
        f"(95% CI {result.low:+.1f} to {result.high:+.1f})"
    )
    for index, name in enumerate(("A", "B")):
        kinds = ", ".join(
            f"{tally.kind.replace('_', ' ')} {tally.made[index]} of {tally.bid[index]}"
            for tally in result.kinds
            if tally.bid[index]
        )
        out.line(
            f"{name}: {_plural(result.bid[index], 'contract')}, "
            f"{result.made[index]} made{f' ({kinds})' if kinds else ''}; "
            f"{1000 * result.seconds[index]:.1f} ms a decision "
            f"(longest {1000 * result.slowest[index]:.0f} ms)"
        )
    return 130 if result.interrupted else 0


def _match_data(
    args: argparse.Namespace, result: MatchResult, rules: Rules, elapsed: float
) -> dict[str, object]:
    """What ``match --json`` prints: the score difference and each player's figures."""
    players = []
    for index, name in enumerate((args.a, args.b)):
        players.append(
            {
                "player": name,
                "level": args.level if name == "sampling" else None,
                "contracts": result.bid[index],
                "made": result.made[index],
                "by_kind": {
                    tally.kind: {
                        "contracts": tally.bid[index],
                        "made": tally.made[index],
                    }
                    for tally in result.kinds
                },
                "seconds_per_decision": result.seconds[index],
                "longest_decision": result.slowest[index],
            }
        )
    return {
        "deals": result.deals,
        "seed": args.seed,
        "seconds": round(elapsed, 3),
        "interrupted": result.interrupted,
        "mean": result.mean,
        "ci95": [result.low, result.high],
        "differences": list(result.differences),
        "a": players[0],
        "b": players[1],
        "rules": rules.to_dict(),
    }
