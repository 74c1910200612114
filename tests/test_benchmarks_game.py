"""The whole-game benchmark still runs (tiny), so it cannot rot.

The OpenSpiel comparison runs only where ``pyspiel`` is installed (the ``bench``
dependency group).
"""

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from five_hundred import Phase, apply, legal_actions, new_game

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "bench_game", BENCHMARKS / "bench_game.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_bench_game_runs_without_openspiel(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load()
    results = bench.main(0.005, 1, openspiel=False)
    for name in ("public", "playout", "memory_traced", "memory_unshared"):
        assert results[name] > 0
    for players in bench.PLAYER_COUNTS:
        assert results[f"{players}p_hands"] > 0
        assert results[f"{players}p_playout_actions"] > 0
    out = capsys.readouterr().out
    assert "OpenSpiel not measured" in out
    assert "Memory of a mid-hand state" in out


def test_bench_game_compares_with_openspiel(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyspiel")
    bench = load()
    results = bench.main(0.005, 1)
    for key in ("hearts", "euchre", "public/hearts", "playout/hearts"):
        assert results[key] > 0
    assert "playout/hearts" in capsys.readouterr().out


def test_bench_game_rejects_a_bad_scale() -> None:
    with pytest.raises(ValueError, match="scale must be positive"):
        load().main(0)


def test_unshared_bytes_counts_only_new_objects() -> None:
    bench = load()
    state = new_game(seed=1)
    while state.phase is not Phase.PLAY:
        state = apply(state, legal_actions(state)[-1])
    child = apply(state, legal_actions(state)[0])
    assert bench.unshared_bytes(state, state) == 0
    assert 0 < bench.unshared_bytes(child, state) < bench.unshared_bytes(child, None)
