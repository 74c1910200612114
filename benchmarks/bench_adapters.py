"""Benchmark the framework adapters and parallel simulation, in one run.

Run ``python benchmarks/bench_adapters.py [--scale S] [--repeats N]`` with the
``openspiel``, ``pettingzoo`` extras installed (and the ``bench`` group).  Every rate is
measured in this one run, so the ratios compare like with like:

* ``public``: random legal play of whole hands through the public API
  (:func:`~five_hundred.legal_actions`, :func:`~five_hundred.apply`), as in
  ``bench_game.py``;
* ``openspiel``: the Python game ``python_five_hundred`` driven from Python
  (``state.legal_actions()`` then ``state.apply_action(a)``), the deal's chance nodes
  resolved before the timing;
* ``hearts``: OpenSpiel's C++ hearts driven from Python the same way;
* ``floor``: a Python game that does nothing (:class:`FloorGame`: three legal actions,
  an apply that counts, 46 steps a hand like a hand of ``python_five_hundred``),
  driven the same way: what OpenSpiel's machinery for Python games costs alone, the
  most any Python game could reach in this loop;
* ``pettingzoo``: the AEC environment's usual loop (``env.last()`` for the observation
  and its action mask, then ``env.step(a)``), reset outside the timing;
* ``simulate xN``: ``simulate``'s hands a second with N worker processes (1, run
  serially in this process, 2 and every core), with the scaling efficiency
  ``rate / (N * serial rate)``, the time to the first finished chunk (where the
  workers' start-up shows) and this process's CPU time; ``--sim-hands`` makes the
  simulations longer (the statistics are checked to be the same for every N).

Each step rate is the best of ``--repeats`` interleaved rounds (a shared machine);
the load average before and after is printed, since parallel speed-ups need idle cores.
"""

import argparse
import importlib.util
import os
import random
import resource
import time
from pathlib import Path
from types import ModuleType
from typing import Any, Final, NamedTuple

import numpy as np

from five_hundred import Rules
from five_hundred.cli.simulate import _simulate
from five_hundred.parallel import default_workers

HANDS: Final = 200
"""Hands per timing at scale 1 (each engine)."""
SIM_HANDS: Final = 1200
"""Hands of each simulation at scale 1."""
TARGETS: Final = {"openspiel/hearts": 0.3, "simulate x2/x1": 1.7}


def _load(name: str) -> ModuleType:
    """A sibling benchmark script as a module (they are not a package)."""
    spec = importlib.util.spec_from_file_location(
        name, Path(__file__).parent / f"{name}.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_game = _load("bench_game")

FLOOR_STEPS: Final = 46
"""Steps of a :class:`FloorGame` hand (about a four-player hand of Five Hundred)."""


def floor_game(pyspiel: Any) -> Any:
    """A Python OpenSpiel game that does nothing, registered as ``python_floor``.

    Its state answers the calls the benchmark's loop makes (``is_terminal``,
    ``is_chance_node``, ``legal_actions``) in Python from a slot, as the
    ``python_five_hundred`` state does, and its ``_apply_action`` counts; so a step
    costs what OpenSpiel's trampolines cost a Python game, and nothing more.
    """
    game_type = pyspiel.GameType(
        short_name="python_floor",
        long_name="Python floor (does nothing)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=4,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={},
    )
    info = pyspiel.GameInfo(
        num_distinct_actions=3,
        max_chance_outcomes=0,
        num_players=4,
        min_utility=0.0,
        max_utility=0.0,
        utility_sum=None,
        max_game_length=FLOOR_STEPS,
    )
    terminal = int(pyspiel.PlayerId.TERMINAL)

    class FloorState(pyspiel.State):  # type: ignore[misc]
        __slots__ = ("steps",)

        def __init__(self, game: Any) -> None:
            super().__init__(game)
            self.steps = 0

        def current_player(self) -> int:
            return terminal if self.steps >= FLOOR_STEPS else self.steps % 4

        def is_terminal(self) -> bool:
            return self.steps >= FLOOR_STEPS

        def is_chance_node(self) -> bool:
            return False

        def legal_actions(self, player: int | None = None) -> list[int]:
            return [0, 1, 2]

        def _legal_actions(self, player: int) -> list[int]:
            return [0, 1, 2]

        def _apply_action(self, action: int) -> None:
            self.steps += 1

        def _action_to_string(self, player: int, action: int) -> str:
            return str(action)

        def returns(self) -> list[float]:
            return [0.0] * 4

        def __str__(self) -> str:
            return str(self.steps)

    class FloorGame(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            super().__init__(game_type, info, params or {})

        def new_initial_state(self) -> FloorState:
            return FloorState(self)

    if "python_floor" not in pyspiel.registered_names():
        pyspiel.register_game(game_type, FloorGame)
    return pyspiel.load_game("python_floor")


def pettingzoo_envs(hands: int) -> list[Any]:
    """Reset environments (one hand each), seeded."""
    from five_hundred.integrations.pettingzoo import env  # optional extra

    envs = []
    for i in range(hands):
        table = env(players=4)
        table.reset(seed=_game.SEED + i)
        envs.append(table)
    return envs


def pettingzoo_hands(envs: list[Any]) -> int:
    """Play every environment's hand with random legal ids; the steps."""
    random_ = random.Random(_game.SEED).random
    count = 0
    for table in envs:
        for _ in table.agent_iter():
            observation, _, termination, truncation, _ = table.last()
            if termination or truncation:
                table.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            table.step(int(legal[int(random_() * len(legal))]))
            count += 1
    return count


def step_rates(hands: int, repeats: int) -> dict[str, float]:
    """Actions a second of each engine (best of ``repeats`` interleaved rounds)."""
    import pyspiel  # optional: the bench group

    import five_hundred.integrations.openspiel  # noqa: F401 (registers the game)

    rng = random.Random(_game.SEED)
    five = pyspiel.load_game("python_five_hundred")
    hearts = pyspiel.load_game("hearts")
    floor = floor_game(pyspiel)
    measures = [
        _game.Measure(
            "public", lambda: _game.deals(Rules(), hands), _game.random_hands
        ),
        _game.Measure(
            "openspiel",
            lambda: _game.openspiel_deals(five, hands, rng),
            _game.openspiel_hands,
            fresh=True,
        ),
        _game.Measure(
            "hearts",
            lambda: _game.openspiel_deals(hearts, hands, rng),
            _game.openspiel_hands,
            fresh=True,
        ),
        _game.Measure(
            "floor",
            lambda: _game.openspiel_deals(floor, hands, rng),
            _game.openspiel_hands,
            fresh=True,
        ),
        _game.Measure(
            "pettingzoo", lambda: pettingzoo_envs(hands), pettingzoo_hands, fresh=True
        ),
    ]
    best = _game.interleaved(measures, repeats)
    return {name: actions / seconds for name, (actions, seconds, _) in best.items()}


class SimRun(NamedTuple):
    """One ``simulate`` run: its rate and where the time went."""

    rate: float
    """Hands a second (wall clock)."""
    first: float
    """Seconds to the first finished chunk (the workers' start-up shows here)."""
    parent_cpu: float
    """CPU seconds of this process (with workers: handing out chunks, merging)."""
    workers_cpu: float
    """CPU seconds of the worker processes (forked ones; 0 when serial)."""
    points: int
    """The contracting sides' points over all hands (the same for any workers)."""


def _children_cpu() -> float:
    """CPU seconds of this process's finished child processes."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def simulation_rates(hands: int) -> dict[int, SimRun]:
    """``simulate``'s hands a second for 1 (serial, in this process), 2 and every worker."""
    runs: dict[int, SimRun] = {}
    for workers in sorted({1, 2, default_workers()}):
        first: list[float] = []
        start = time.perf_counter()
        cpu = time.process_time()
        children = _children_cpu()

        def report(
            _done: int, first: list[float] = first, start: float = start
        ) -> None:
            if not first:
                first.append(time.perf_counter() - start)

        stats, _ = _simulate(Rules(), hands, _game.SEED, report, workers=workers)
        seconds = time.perf_counter() - start
        runs[workers] = SimRun(
            stats.hands / seconds,
            first[0],
            time.process_time() - cpu,
            _children_cpu() - children,
            stats.contractor_points,
        )
    if len({run.points for run in runs.values()}) != 1:
        msg = f"the statistics differ between worker counts: {runs}"
        raise AssertionError(msg)
    return runs


def main(
    scale: float = 1.0, repeats: int = 3, sim_hands: int | None = None
) -> dict[str, float]:
    """Run every measure, print the table and the targets; the rates by name."""
    if repeats < 1 or scale <= 0 or (sim_hands is not None and sim_hands < 1):
        msg = "--repeats must be at least 1 (--sim-hands too) and --scale positive"
        raise ValueError(msg)
    before = os.getloadavg()
    steps = step_rates(max(1, round(HANDS * scale)), repeats)
    sims = simulation_rates(sim_hands or max(1, round(SIM_HANDS * scale)))
    after = os.getloadavg()
    print(f"{'engine':<14}{'steps/s':>12}  ratio to hearts (C++ from Python)")
    for name, rate in steps.items():
        print(f"{name:<14}{rate:>12,.0f}  {rate / steps['hearts']:.2f}x")
    print(
        "openspiel / floor (the share of a do-nothing Python game's rate): "
        f"{steps['openspiel'] / steps['floor']:.2f}"
    )
    print()
    print(
        f"{'workers':<14}{'hands/s':>12}  speed-up  efficiency  first chunk  "
        "parent CPU  workers CPU  CPU/serial"
    )
    for workers, run in sims.items():
        speedup = run.rate / sims[1].rate
        name = "1 (serial)" if workers == 1 else str(workers)
        print(
            f"{name:<14}{run.rate:>12,.1f}  {speedup:>7.2f}x  {speedup / workers:>9.0%}"
            f"  {run.first:>9.2f} s  {run.parent_cpu:>8.2f} s"
            f"  {run.workers_cpu:>9.2f} s"
            f"  {(run.parent_cpu + run.workers_cpu) / sims[1].parent_cpu:>9.2f}x"
        )
    print()
    print(
        f"cores: {default_workers()}; load average before {before[0]:.2f}, "
        f"after {after[0]:.2f} (1 min)"
    )
    rates = dict(steps)
    rates |= {f"simulate x{workers}": run.rate for workers, run in sims.items()}
    ratios = {
        "openspiel/hearts": steps["openspiel"] / steps["hearts"],
        "simulate x2/x1": sims.get(2, sims[1]).rate / sims[1].rate,
    }
    for name, target in TARGETS.items():
        verdict = "met" if ratios[name] >= target else "NOT met"
        print(f"target {name} >= {target}: {ratios[name]:.2f} ({verdict})")
    return rates


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="work per timing")
    parser.add_argument("--repeats", type=int, default=3, help="rounds (best is kept)")
    parser.add_argument(
        "--sim-hands",
        type=int,
        default=None,
        help=f"hands of each simulation (default {SIM_HANDS} x scale); more "
        "amortises the workers' start-up",
    )
    options = parser.parse_args()
    main(options.scale, options.repeats, options.sim_hands)
