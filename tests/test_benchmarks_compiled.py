"""The pure-vs-compiled benchmark still runs (tiny), so it cannot rot.

It needs OpenSpiel (the ``bench`` group); the "compiled" worker here is this same
interpreter, so the report warns that the two processes run one build.
"""

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "bench_compiled", BENCHMARKS / "bench_compiled.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_bench_compiled_runs(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyspiel")
    bench = load()
    results = bench.main(0.002, 1, compiled=sys.executable)
    for key in ("pure playout", "compiled public", "hearts-python", "hearts-cpp"):
        assert results[key] > 0
    assert results["compiled floor"] > 0
    assert results["compiled public / compiled floor"] > 0
    for key in bench.TARGETS:
        assert results[key] > 0
        assert results[f"{key}, median round"] > 0  # one round: the ratio of bests
        assert results[f"{key}, median round"] == pytest.approx(results[key])
    out = capsys.readouterr().out
    assert "WARNING: the two processes do not run the two builds" in out
    assert "compiled playout / hearts-cpp" in out


def test_the_floor_replays_the_public_measures_actions() -> None:
    bench = load()
    sys.path.insert(0, str(BENCHMARKS))
    import bench_game

    from five_hundred import Rules

    states = bench_game.deals(Rules(), 3)
    walks = bench.floor_walks(states)
    assert [first for first, _ in walks] == states
    assert bench.floor_hands(walks) == bench_game.random_hands(states)


def test_bench_compiled_rejects_a_bad_scale() -> None:
    with pytest.raises(ValueError, match="scale must be positive"):
        load().main(0)
