"""Measure the sampling player's strength: duplicate matches on the same seeded deals.

Run ``python benchmarks/bench_strength.py [--deals N] [--players P] [--level NAME]
[--baseline REV_OR_PATH] [--budgets on|off] [--workers N] [--json FILE]`` with the
development venv.  It plays, on the same deals (seeds ``--seed`` on), the candidate
(this tree's :class:`~five_hundred.sampling.SamplingPlayer` at ``--level``, or any
``--candidate`` expression) against :class:`~five_hundred.bots.RuleBasedPlayer`, and
with ``--baseline`` against the sampling player of another revision: a git revision
(exported with ``git archive``) or a source tree, installed into a venv of its own
under ``build/strength/`` (compiled if a C compiler is there, as ``pip install`` of the
package builds it; ``--pure`` installs it with ``FIVE_HUNDRED_PURE=1``).  With a
baseline it also plays the baseline against the rule-based player, so the two gains
over the same deals can be compared.

Each player runs in a process of its own (the candidate in this interpreter, or in
``--python``; the baseline in its venv): for each decision the referee (this process)
sends the deal's seed and the actions so far, and the player's process replays them and
answers with its action, so players of two versions of the package meet on one table.
As in :func:`~five_hundred.sampling.duplicate_match`, each deal is played at every
table (A holding each side once), each deal starts from a fresh copy of each player,
and a deal's difference is A's score less the mean of B's sides, averaged over the
tables.  The report gives the mean difference a deal with its 95% confidence interval,
the contracts bid and made by kind and player, and each player's time a decision
(mean, 99th percentile, maximum; measured in its own process around ``choose``).

With ``--budgets off`` (the default) the players' time budgets are lifted, so the
result is the same on any machine and for any ``--workers``; the times are then those
of the full search (``--budgets on`` measures the players as shipped, whose results
depend on the machine's speed and load).
"""

import argparse
import copy
import json
import math
import os
import subprocess
import sys
import time
import venv
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Final, NamedTuple

BENCHMARKS: Final = Path(__file__).resolve().parent
ROOT: Final = BENCHMARKS.parent
BUILD: Final = ROOT / "build" / "strength"
DEFAULT_DEALS: Final = 100
RULES_PLAYER: Final = "RuleBasedPlayer()"


# -- the player's process -------------------------------------------------------------


def worker(players: int) -> None:
    """Serve one player's decisions on stdin/stdout (one JSON object a line)."""
    import five_hundred
    from five_hundred import (
        RandomPlayer,
        RuleBasedPlayer,
        Rules,
        apply,
        new_game,
        parse_action,
        view,
    )
    from five_hundred.sampling import SamplingPlayer

    names = {
        "RandomPlayer": RandomPlayer,
        "RuleBasedPlayer": RuleBasedPlayer,
        "SamplingPlayer": SamplingPlayer,
    }
    rules = Rules.for_players(players)
    hello = {"compiled": bool(getattr(five_hundred, "compiled", False))}
    print(json.dumps(hello), flush=True)
    template: Any = None
    player: Any = None
    deal: int | None = None
    table_key: tuple[int, int] | None = None
    state: Any = None
    done = 0
    for line in sys.stdin:
        ask = json.loads(line)
        if ask["op"] == "player":
            template = eval(ask["expr"], names)  # the bench's own expression
            print(json.dumps({"repr": repr(template)}), flush=True)
            continue
        if ask["deal"] != deal:
            deal, player = ask["deal"], copy.deepcopy(template)
        key = (ask["deal"], ask["table"])
        actions: list[str] = ask["actions"]
        if key != table_key or len(actions) < done:
            table_key, state, done = key, new_game(rules, seed=ask["deal"]), 0
        for text in actions[done:]:
            state = apply(state, parse_action(text, context=state))
        done = len(actions)
        seat = ask["seat"]
        seen = view(state, seat)
        start = time.perf_counter()
        action = player.choose(seen, seat)
        seconds = time.perf_counter() - start
        print(json.dumps({"action": str(action), "seconds": seconds}), flush=True)


class Remote:
    """A player in a process of its own."""

    def __init__(self, python: str, expr: str, players: int) -> None:
        env = dict(os.environ)
        if python != sys.executable:
            env.pop("PYTHONPATH", None)
        self.process = subprocess.Popen(
            [python, __file__, "--worker", "--players", str(players)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env=env,
        )
        self.compiled = bool(self._read()["compiled"])
        self.repr = str(self._ask({"op": "player", "expr": expr})["repr"])

    def _read(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            msg = "a player's process stopped"
            raise RuntimeError(msg)
        reply: dict[str, Any] = json.loads(line)
        return reply

    def _ask(self, message: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()
        return self._read()

    def choose(
        self, deal: int, table: int, actions: list[str], seat: int
    ) -> tuple[str, float]:
        message = {
            "op": "choose",
            "deal": deal,
            "table": table,
            "actions": actions,
            "seat": seat,
        }
        reply = self._ask(message)
        return str(reply["action"]), float(reply["seconds"])

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=30)
        if self.process.stdout is not None:
            self.process.stdout.close()


# -- the referee ----------------------------------------------------------------------


class Side(NamedTuple):
    """A player of a match: its name, interpreter and expression."""

    name: str
    python: str
    expr: str


def play_deals(a: Side, b: Side, players: int, seeds: Sequence[int]) -> list[Any]:
    """Play ``seeds`` (each deal at every table) between A and B; their results."""
    from five_hundred import Rules, apply, new_game, parse_action, side_of
    from five_hundred.sampling.match import deal_result, table_result

    rules = Rules.for_players(players)
    remotes = (Remote(a.python, a.expr, players), Remote(b.python, b.expr, players))
    results = []
    try:
        for seed in seeds:
            tables: list[Any] = []
            times: tuple[list[float], list[float]] = ([], [])
            for table in range(rules.sides):
                state = new_game(rules, seed=seed)
                actions: list[str] = []
                while state.to_act is not None:
                    seat = state.to_act
                    who = 0 if side_of(rules, seat) == table else 1
                    text, seconds = remotes[who].choose(seed, table, actions, seat)
                    times[who].append(seconds)
                    state = apply(state, parse_action(text, context=state))
                    actions.append(text)
                tables.append(table_result(state, table))
            results.append(deal_result(seed, tables, times))
    finally:
        for remote in remotes:
            remote.close()
    return results


def match(a: Side, b: Side, players: int, seeds: Sequence[int], workers: int) -> Any:
    """A duplicate match on ``seeds``, split in ``workers`` runs of deals at once."""
    from five_hundred.sampling.match import match_result

    if workers <= 1:
        return match_result(play_deals(a, b, players, seeds))
    shares = [list(seeds[index::workers]) for index in range(workers)]
    with ThreadPoolExecutor(workers) as pool:
        parts = list(pool.map(lambda share: play_deals(a, b, players, share), shares))
    results = sorted((deal for part in parts for deal in part), key=lambda d: d.seed)
    return match_result(results)


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile ``share`` (0 to 1) of ``values``."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1)]


def summary(name: str, a: Side, b: Side, result: Any) -> dict[str, Any]:
    """What the report and ``--json`` say of one match."""
    sides = []
    for index, side in enumerate((a, b)):
        times = [t for deal in result.results for t in deal.times[index]]
        sides.append(
            {
                "player": side.name,
                "contracts": result.bid[index],
                "made": result.made[index],
                "by_kind": {
                    tally.kind: [tally.bid[index], tally.made[index]]
                    for tally in result.kinds
                },
                "decisions": len(times),
                "mean_ms": 1000 * result.seconds[index],
                "p99_ms": 1000 * percentile(times, 0.99),
                "max_ms": 1000 * result.slowest[index],
            }
        )
    return {
        "match": name,
        "deals": result.deals,
        "mean": result.mean,
        "ci95": [result.low, result.high],
        "differences": list(result.differences),
        "a": sides[0],
        "b": sides[1],
    }


def report(found: dict[str, Any]) -> None:
    for item in found["matches"]:
        print(
            f"\n{item['match']}: {item['a']['player']} (A) - {item['b']['player']} (B) "
            f"over {item['deals']} deals: {item['mean']:+.1f} points a deal "
            f"(95% CI {item['ci95'][0]:+.1f} to {item['ci95'][1]:+.1f})"
        )
        for key in ("a", "b"):
            side = item[key]
            kinds = ", ".join(
                f"{kind} {bid}/{made}" for kind, (bid, made) in side["by_kind"].items()
            )
            print(
                f"  {key.upper()} {side['player']}: {side['contracts']} contracts, "
                f"{side['made']} made ({kinds}; bid/made); "
                f"{side['decisions']} decisions, mean {side['mean_ms']:.1f} ms, "
                f"p99 {side['p99_ms']:.0f} ms, max {side['max_ms']:.0f} ms"
            )


# -- the baseline's venv --------------------------------------------------------------


def baseline_python(source: str, *, pure: bool) -> tuple[str, str]:
    """The interpreter of a venv with ``source`` (a revision or a tree) installed."""
    path = Path(source)
    if path.is_dir():
        tree, label = path.resolve(), path.resolve().name
    else:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", source],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
        label = commit
        tree = BUILD / f"src-{commit}"
        if not tree.exists():
            tree.mkdir(parents=True)
            archive = subprocess.run(
                ["git", "archive", commit], cwd=ROOT, check=True, capture_output=True
            ).stdout
            subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    home = BUILD / f"venv-{label}-{'pure' if pure else 'built'}"
    python = home / "bin" / "python"
    if not python.exists():
        print(f"installing {source} into {home} ...", flush=True)
        venv.create(home, with_pip=True)
        env = {k: v for k, v in os.environ.items() if k != "FIVE_HUNDRED_PURE"}
        if pure:
            env["FIVE_HUNDRED_PURE"] = "1"
        subprocess.run(
            [str(python), "-m", "pip", "install", "-q", str(tree)], check=True, env=env
        )
    return str(python), label


def sampling_expr(budgets: bool, seed: int, level: str | None = None) -> str:
    """A sampling player's expression (``level``: this tree's named presets)."""
    if level is not None:
        return f"SamplingPlayer.level({level!r}, seed={seed}, budgets={budgets})"
    lifted = "" if budgets else ", budget=None, bid_budget=None"
    return f"SamplingPlayer(seed={seed}{lifted})"


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--deals", type=int, default=DEFAULT_DEALS)
    parser.add_argument("--seed", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5, 6))
    parser.add_argument("--level", default="hard", help="the candidate's level")
    parser.add_argument(
        "--candidate", default=None, help="the candidate's expression (over --level)"
    )
    parser.add_argument(
        "--python", default=sys.executable, help="the candidate's interpreter"
    )
    parser.add_argument(
        "--baseline", default=None, help="a git revision or a source tree to meet"
    )
    parser.add_argument(
        "--baseline-player",
        default=None,
        help="the baseline's expression (default: its SamplingPlayer's defaults; "
        "without --baseline, a player of this tree)",
    )
    parser.add_argument("--pure", action="store_true", help="install the baseline pure")
    parser.add_argument("--budgets", choices=("on", "off"), default="off")
    parser.add_argument("--workers", type=int, default=1, help="runs of deals at once")
    parser.add_argument(
        "--skip",
        default="",
        help="matches to skip, comma-separated: rules, baseline, baseline-rules",
    )
    parser.add_argument("--json", default=None, metavar="FILE")
    args = parser.parse_args(argv)
    if args.worker:
        worker(args.players)
        return {}
    budgets = args.budgets == "on"
    seeds = range(args.seed, args.seed + args.deals)
    candidate = Side(
        "candidate",
        args.python,
        args.candidate or sampling_expr(budgets, 1, args.level),
    )
    rules_side = Side("rules", args.python, RULES_PLAYER)
    pairs = [("rules", candidate, rules_side)]
    if args.baseline is not None or args.baseline_player is not None:
        python, label = args.python, "player"
        if args.baseline is not None:
            python, label = baseline_python(args.baseline, pure=args.pure)
        expr = args.baseline_player or sampling_expr(budgets, 2)
        base = Side(f"baseline {label}", python, expr)
        pairs.append(("baseline", candidate, base))
        pairs.append(("baseline-rules", base, Side("rules", python, RULES_PLAYER)))
    skipped = {name for name in args.skip.split(",") if name}
    found: dict[str, Any] = {
        "players": args.players,
        "seeds": [args.seed, args.seed + args.deals - 1],
        "budgets": args.budgets,
        "candidate": candidate.expr,
        "matches": [],
    }
    print(
        f"{args.deals} deals from seed {args.seed}, {args.players} players, "
        f"budgets {args.budgets}; candidate {candidate.expr}"
    )
    for name, a, b in pairs:
        if name in skipped:
            continue
        start = time.perf_counter()
        result = match(a, b, args.players, seeds, args.workers)
        item = summary(name, a, b, result)
        item["seconds"] = round(time.perf_counter() - start, 1)
        item["a"]["expr"], item["b"]["expr"] = a.expr, b.expr
        found["matches"].append(item)
        report({"matches": [item]})
    if args.json is not None:
        Path(args.json).write_text(json.dumps(found, indent=2) + "\n")
    return found


if __name__ == "__main__":
    main()
