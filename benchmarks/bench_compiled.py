"""Benchmark the pure and the compiled engine against OpenSpiel hearts, in one run.

Run ``python benchmarks/bench_compiled.py [--scale S] [--repeats N]`` with the
development venv (the pure editable install, and the ``bench`` group for OpenSpiel).
It builds the compiled wheel into a venv of its own under ``build/`` the first time
(``--compiled-python PATH`` uses another interpreter that has it), then measures in
four worker processes, one round of every measure after another (interleaved), and
reports the best round of each and, for each ratio, the median of its ratios round by
round (the two measures of a round run within about a second of each other, so a
burst of load on the shared machine tends to slow both):

* ``pure``/``compiled`` ``playout``: random card play from dealt contracts through
  :func:`five_hundred.search.playout.playout` (as ``bench_game.py``);
* ``pure``/``compiled`` ``public``: random whole hands through ``legal_actions`` and a
  checked ``apply`` (as ``bench_game.py``);
* ``compiled floor``: the compiled ``public`` measure's hands replayed through a facade
  with no rules (:func:`floor_hands`, in the compiled build's process): per action the
  seat to act read, a listing found, an action drawn, and a new state built around a
  copy of the record with a new log entry.  It is what an immutable state costs an
  action in this interpreter, the most the public API could reach;
* ``hearts-python``: OpenSpiel hearts driven from Python (as ``bench_game.py``);
* ``hearts-cpp``: OpenSpiel hearts' own C++ random rollouts: ``pyspiel.MCTSBot`` with
  ``max_simulations=1`` and a ``RandomRolloutEvaluator`` (one rollout per search),
  from states at the first card play.  The one simulation starts at the root (its
  visit count is 0, so the tree policy takes no step): each rollout plays all 52
  cards, and 52 actions are counted per search (the search's own overhead, one
  state clone and the backup, is counted in OpenSpiel's favour).
"""

import argparse
import json
import operator
import os
import random
import statistics
import subprocess
import sys
import time
import venv
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final, NamedTuple

BENCHMARKS: Final = Path(__file__).resolve().parent
ROOT: Final = BENCHMARKS.parent
COMPILED_VENV: Final = ROOT / "build" / "bench-compiled-venv"
SEED: Final = 500
HANDS: Final = 2000
"""Hands (or rollouts) per timing at scale 1."""
DEFAULT_REPEATS: Final = 5
HEARTS_CARDS: Final = 52
TARGETS: Final = {
    "compiled playout / hearts-cpp": 1.0,
    "compiled public / hearts-python": 0.6,
    "pure playout / hearts-python": 1.0,
    "pure public / hearts-python": 0.3,
}


# -- the workers ----------------------------------------------------------------------


def _engine_measures(
    hands: int,
) -> dict[str, tuple[Callable[[], Any], Callable[[Any], int]]]:
    sys.path.insert(0, str(BENCHMARKS))
    import bench_game  # the same workloads as the whole-game benchmark

    from five_hundred import Rules

    rules = Rules()
    return {
        "public": (lambda: bench_game.deals(rules, hands), bench_game.random_hands),
        "floor": (lambda: floor_walks(bench_game.deals(rules, hands)), floor_hands),
        "playout": (
            lambda: bench_game.play_states(rules, hands),
            bench_game.random_playouts,
        ),
    }


def floor_walks(states: Sequence[Any]) -> list[tuple[Any, tuple[Any, ...]]]:
    """Each hand of ``public`` as its first state and the listing of each action.

    The hands are played as ``bench_game.random_hands`` plays them (the same draws).
    """
    from five_hundred import apply, legal_actions

    random_ = random.Random(SEED).random
    walks = []
    for state in states:
        first, listings = state, []
        while state.to_act is not None:
            actions = legal_actions(state)
            listings.append(actions)
            state = apply(state, actions[int(random_() * len(actions))])
        walks.append((first, tuple(listings)))
    return walks


def floor_hands(walks: Sequence[tuple[Any, tuple[Any, ...]]]) -> int:
    """Replay the hands through a facade with no rules; the actions.

    Per action, as the public API's loop: the seat to act read, the action's listing
    taken (one subscript, where ``legal_actions`` makes one engine call), an action
    drawn, and a new state built by a Python call: the record copied with a new log
    entry, in a new state.  No rule is checked and no card moves.
    """
    from five_hundred._engine.core import LOG, TO_ACT
    from five_hundred.state import state_of

    def step(state: Any, action: Any) -> Any:
        record = state._record
        fields = list(record)
        fields[LOG] = (record[LOG], action, record[TO_ACT])  # the log entry
        return state_of(tuple(fields))  # type: ignore[arg-type]  # (a record)

    random_ = random.Random(SEED).random
    count = 0
    for state, listings in walks:
        for actions in listings:
            state.to_act  # noqa: B018 (read as the public loop reads it)
            state = step(state, actions[int(random_() * len(actions))])
            count += 1
    return count


def _hearts_play_states(pyspiel: Any, hands: int) -> list[Any]:
    """Hearts states at the first card play: dealt, and the cards passed at random."""
    game = pyspiel.load_game("hearts")
    random_ = random.Random(SEED).random
    states = []
    for _ in range(hands):
        state = game.new_initial_state()
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(random_() * len(outcomes))][0])
        probe, decisions = state.clone(), 0
        while not probe.is_terminal():
            actions = probe.legal_actions()
            probe.apply_action(actions[int(random_() * len(actions))])
            decisions += 1
        for _ in range(decisions - HEARTS_CARDS):  # the passing decisions
            actions = state.legal_actions()
            state.apply_action(actions[int(random_() * len(actions))])
        states.append(state)
    return states


def _openspiel_measures(
    hands: int,
) -> dict[str, tuple[Callable[[], Any], Callable[[Any], int]]]:
    sys.path.insert(0, str(BENCHMARKS))
    import bench_game
    import pyspiel

    game = pyspiel.load_game("hearts")
    rng = random.Random(SEED)
    bot = pyspiel.MCTSBot(
        game, pyspiel.RandomRolloutEvaluator(1, SEED), 2.0, 1, 1000, False, SEED, False
    )

    def rollouts(states: Sequence[Any]) -> int:
        search = bot.mcts_search
        for state in states:
            search(state)
        return HEARTS_CARDS * len(states)

    return {
        "hearts-python": (
            lambda: bench_game.openspiel_deals(game, hands, rng),
            bench_game.openspiel_hands,
        ),
        "hearts-cpp": (lambda: _hearts_play_states(pyspiel, hands), rollouts),
    }


def worker(kind: str, hands: int) -> None:
    """Serve measures on stdin/stdout: a name in, ``{"actions", "seconds"}`` out.

    States are prepared outside the timing, once (immutable five_hundred states) or
    before every run (OpenSpiel's states are mutable; the rollouts do not change them,
    but a fresh set keeps the two OpenSpiel measures alike).
    """
    measures = (
        _engine_measures(hands) if kind == "engine" else _openspiel_measures(hands)
    )
    prepared: dict[str, Any] = {}
    import five_hundred

    compiled = getattr(five_hundred, "compiled", False)  # older versions: pure
    print(json.dumps({"compiled": compiled}), flush=True)
    for line in sys.stdin:
        name = line.strip()
        prepare, run = measures[name]
        if kind != "engine" or name not in prepared:
            prepared[name] = prepare()
        start = time.perf_counter()
        actions = run(prepared[name])
        seconds = time.perf_counter() - start
        print(json.dumps({"actions": actions, "seconds": seconds}), flush=True)


# -- the driver -----------------------------------------------------------------------


class Worker(NamedTuple):
    label: str
    process: subprocess.Popen[str]
    names: tuple[str, ...]
    compiled: bool
    python: str


def compiled_python(path: str | None) -> Path:
    """The interpreter with the compiled wheel: ``path``, or a venv built once."""
    if path is not None:
        return Path(path)
    python = COMPILED_VENV / "bin" / "python"
    if not python.exists():
        print(f"building the compiled engine into {COMPILED_VENV} ...", flush=True)
        venv.create(COMPILED_VENV, with_pip=True)
        subprocess.run(
            [python, "-m", "pip", "install", "-q", str(ROOT)],
            check=True,
            env={k: v for k, v in os.environ.items() if k != "FIVE_HUNDRED_PURE"},
        )
    return python


def start(
    label: str, python: Path | str, kind: str, hands: int, source: str | None = None
) -> Worker:
    """A worker process; ``source``: a ``src`` directory to import the package from."""
    env = dict(os.environ)
    if source is not None:
        env["PYTHONPATH"] = source
    process = subprocess.Popen(
        [str(python), __file__, "--worker", kind, "--hands", str(hands)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
    )
    assert process.stdout is not None
    hello = json.loads(process.stdout.readline())
    names: tuple[str, ...] = (
        ("playout", "public") if kind == "engine" else ("hearts-python", "hearts-cpp")
    )
    if label == "compiled":
        names += ("floor",)
    return Worker(label, process, names, bool(hello["compiled"]), str(python))


def ask(worker: Worker, name: str) -> tuple[int, float]:
    assert worker.process.stdin is not None
    assert worker.process.stdout is not None
    worker.process.stdin.write(name + "\n")
    worker.process.stdin.flush()
    reply = json.loads(worker.process.stdout.readline())
    return int(reply["actions"]), float(reply["seconds"])


def main(
    scale: float = 1.0,
    repeats: int = DEFAULT_REPEATS,
    compiled: str | None = None,
    baseline: str | None = None,
) -> dict[str, float]:
    """Measure everything, print the report, return the rates and ratios by name.

    ``baseline`` is the ``src`` directory of another version of the package (say, an
    export of ``main``): its pure engine is measured too, as ``baseline``.
    """
    if scale <= 0 or repeats < 1:
        msg = "scale must be positive and repeats at least 1"
        raise ValueError(msg)
    hands = max(1, round(HANDS * scale))
    workers = [
        start("pure", sys.executable, "engine", hands),
        start("compiled", compiled_python(compiled), "engine", hands),
        start("openspiel", sys.executable, "openspiel", hands),
    ]
    if baseline is not None:
        workers.append(start("baseline", sys.executable, "engine", hands, baseline))
    pure, fast = workers[0], workers[1]
    print(
        f"engines: pure = {'compiled' if pure.compiled else 'pure Python'} "
        f"({sys.executable}), compiled = "
        f"{'compiled' if fast.compiled else 'pure Python'} ({fast.python})"
    )
    if pure.compiled or not fast.compiled:
        print("WARNING: the two processes do not run the two builds")
    print(
        f"{hands} hands per timing, best of {repeats} interleaved rounds; "
        "each build in its own process.\n"
    )
    rounds: dict[str, list[float]] = {}
    try:
        for _ in range(repeats):
            for name in ("playout", "public", "floor", "hearts-python", "hearts-cpp"):
                for worker in workers:
                    if name in worker.names:
                        key = (
                            name
                            if worker.label == "openspiel"
                            else f"{worker.label} {name}"
                        )
                        actions, seconds = ask(worker, name)
                        rounds.setdefault(key, []).append(actions / seconds)
    finally:
        for worker in workers:
            assert worker.process.stdin is not None
            assert worker.process.stdout is not None
            worker.process.stdin.close()
            worker.process.wait()
            worker.process.stdout.close()
    best = {key: max(rates) for key, rates in rounds.items()}
    print("Random play, four players (decision actions per second, best round):")
    for key, rate in best.items():
        print(f"  {key:<36}{rate:>12,.0f}")
    print(
        "\nRatios (same run): of the best rounds; then the median and the range of"
        " the ratios\nround by round (the two measures of a round run a second or"
        " less apart)"
    )
    results = dict(best)
    extra: tuple[str, ...] = ()
    if baseline is not None:
        extra = ("pure playout / baseline playout", "pure public / baseline public")
    for key in (
        *extra,
        "compiled playout / pure playout",
        "compiled public / pure public",
        *TARGETS,
        "compiled public / compiled floor",
        "compiled floor / hearts-python",
        "compiled playout / hearts-python",
    ):
        ours, theirs = key.split(" / ")
        results[key] = best[ours] / best[theirs]
        paired = sorted(map(operator.truediv, rounds[ours], rounds[theirs]))
        results[f"{key}, median round"] = statistics.median(paired)
        target = TARGETS.get(key)
        goal = "" if target is None else f"   (target >= {target})"
        spread = f"{statistics.median(paired):>8.2f} ({paired[0]:.2f}-{paired[-1]:.2f})"
        print(f"  {key:<36}{results[key]:>8.2f}{spread}{goal}")
    return results


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the hands")
    parser.add_argument("--repeats", type=int, default=DEFAULT_REPEATS)
    parser.add_argument(
        "--compiled-python", help="an interpreter with the compiled wheel installed"
    )
    parser.add_argument(
        "--worker", choices=("engine", "openspiel"), help=argparse.SUPPRESS
    )
    parser.add_argument(
        "--baseline", help="the src directory of another version, measured pure too"
    )
    parser.add_argument("--hands", type=int, default=HANDS, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, args.hands)
    else:
        main(args.scale, args.repeats, args.compiled_python, args.baseline)
