"""The adapters' benchmark still runs (tiny), so it cannot rot."""

import pytest

from tests.extras import need
from tests.test_benchmarks_run import load

need("pyspiel")
need("pettingzoo")


def test_bench_adapters_runs(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load("bench_adapters")
    rates = bench.main(scale=0.01, repeats=1)
    assert {
        "public",
        "openspiel",
        "hearts",
        "floor",
        "pettingzoo",
        "simulate x1",
    } <= set(rates)
    assert all(rate > 0 for rate in rates.values())
    out = capsys.readouterr().out
    assert "target openspiel/hearts >= 0.3" in out
    assert "openspiel / floor" in out
    assert "load average before" in out
    with pytest.raises(ValueError, match="--repeats must be at least 1"):
        bench.main(repeats=0)
