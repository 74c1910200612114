"""The benchmark scripts still run (tiny sizes), so they cannot rot.

Each script in ``benchmarks/`` is loaded from its file and run at a tiny scale: the
test checks that it measures what it names, prints its reference and its targets,
and refuses bad arguments.  The comparisons with OpenSpiel run only where
``pyspiel`` is installed (the ``bench`` dependency group, or the ``openspiel``
extra); the "compiled" worker of ``bench_compiled`` is this same interpreter here,
so its report warns that the two processes run one build.
"""

import sys

import pytest
from tests import ROOT
from tests.extras import need
from tests.helpers import load_benchmark as load

import five_hundred
from five_hundred import Phase, Rules, apply, legal_actions, new_game

# -- bench_game: whole games, against OpenSpiel's games


def test_bench_game_runs_without_openspiel(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load("bench_game")
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
    bench = load("bench_game")
    results = bench.main(0.005, 1)
    for key in ("hearts", "euchre", "public/hearts", "playout/hearts"):
        assert results[key] > 0
    assert "playout/hearts" in capsys.readouterr().out


def test_bench_game_rejects_a_bad_scale() -> None:
    with pytest.raises(ValueError, match="scale must be positive"):
        load("bench_game").main(0)


def test_unshared_bytes_counts_only_new_objects() -> None:
    bench = load("bench_game")
    state = new_game(seed=1)
    while state.phase is not Phase.PLAY:
        state = apply(state, legal_actions(state)[-1])
    child = apply(state, legal_actions(state)[0])
    assert bench.unshared_bytes(state, state) == 0
    assert 0 < bench.unshared_bytes(child, state) < bench.unshared_bytes(child, None)


# -- bench_compiled: the pure and the compiled build


def test_bench_compiled_runs(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyspiel")
    bench = load("bench_compiled")
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
    bench = load("bench_compiled")
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import bench_game

    states = bench_game.deals(Rules(), 3)
    walks = bench.floor_walks(states)
    assert [first for first, _ in walks] == states
    assert bench.floor_hands(walks) == bench_game.random_hands(states)


def test_bench_compiled_rejects_a_bad_scale() -> None:
    with pytest.raises(ValueError, match="scale must be positive"):
        load("bench_compiled").main(0)


# -- bench_adapters: the framework adapters


def test_bench_adapters_runs(capsys: pytest.CaptureFixture[str]) -> None:
    need("pyspiel")
    need("pettingzoo")
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


# -- bench_tricks, bench_app, bench_search, bench_solver


def test_bench_tricks_runs(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load("bench_tricks")
    rates = bench.main(iterations=1, positions=50)
    assert set(rates) == {"baseline", "legal_mask", "legal_plays", "winner_index"}
    assert all(rate > 0 for rate in rates.values())
    out = capsys.readouterr().out
    assert "reference: baseline" in out
    for name in rates:
        assert name in out


def test_bench_tricks_checks_its_positions() -> None:
    bench = load("bench_tricks")
    bench.check(bench.make_positions(300))
    with pytest.raises(ValueError, match="at least 1"):
        bench.main(iterations=0)


def test_bench_app_runs(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load("bench_app")
    ratios = bench.main(states=30, repeats=1)
    assert set(ratios) == set(bench.TASKS)
    assert ratios["apply"] == 1.0
    assert all(ratio > 0 for ratio in ratios.values())
    assert "x apply" in capsys.readouterr().out
    with pytest.raises(ValueError, match="at least 1"):
        bench.main(states=0)


def test_bench_app_only_runs_each_task_on_new_positions() -> None:
    bench = load("bench_app")
    assert set(bench.TASKS) < set(bench.ONLY)
    for task in bench.ONLY:
        assert bench.only(task, states=4) == 4


def test_bench_search_runs(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load("bench_search")
    results = bench.main(scale=0.02, repeats=1)
    for players in bench.PLAYER_COUNTS:
        assert results[f"{players}p_ratio"] > 0
        assert results[f"{players}p_first_ratio"] > 0
    out = capsys.readouterr().out
    assert "resample / playout" in out
    with pytest.raises(ValueError, match="at least 1"):
        bench.main(repeats=0)


def test_bench_solver_interleaves_its_anchor(monkeypatch: pytest.MonkeyPatch) -> None:
    bench = load("bench_solver")
    events: list[tuple[str, int, int]] = []

    def dds(deal: int) -> float:
        events.append(("dds", deal, 0))
        return 0.05

    def solve(kind: int, index: int) -> tuple[float, bool]:
        events.append(("ours", kind, index))
        return 0.01 * (kind + 1) * (index + 1), index == 1

    monkeypatch.setattr(bench, "_dds", dds)
    measured = bench._measure(solve, 2, [0, 1, 2, 3, 4])
    # each contract's pass: every bridge deal once, spread between its deals
    one_pass = [("dds", 0, 0), ("dds", 1, 0), ("ours", 0, 0)]
    one_pass += [("dds", 2, 0), ("dds", 3, 0), ("dds", 4, 0), ("ours", 0, 1)]
    assert events[:7] == one_pass
    assert len(events) == 7 * len(bench.KINDS)
    assert [m.anchor for m in measured] == [0.05] * len(bench.KINDS)
    assert [m.mean for m in measured] == pytest.approx([0.015, 0.03, 0.045])
    assert [m.p95 for m in measured] == pytest.approx([0.02, 0.04, 0.06])
    assert [m.slowest for m in measured] == pytest.approx([0.02, 0.04, 0.06])
    assert all(m.p95 <= m.p99 <= m.slowest for m in measured)
    assert [m.bounded for m in measured] == [1] * len(bench.KINDS)
    # without endplay: no anchor, the solver timed alone
    assert bench._measure(solve, 1, None)[0].anchor is None


def test_bench_solver_serves_only_a_compiled_build() -> None:
    bench = load("bench_solver")
    if five_hundred.compiled:
        with bench._remote(sys.executable, 1, 4, None) as solve:
            seconds, bounded = solve(2, 0)  # misère: the quickest of the three
            assert seconds > 0
            assert not bounded
        with bench._remote(sys.executable, 1, 4, 1) as solve:
            assert solve(0, 0)[1]  # one node does not solve a trump opening lead
    else:
        with (
            pytest.raises(SystemExit, match="does not run the compiled engine"),
            bench._remote(sys.executable, 1, 4, None),
        ):
            pass


def test_bench_strength_plays_the_duplicate_match_over_processes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # the players answer from processes of their own, and the match is the one
    # duplicate_match plays in this process on the same seeds (budgets off)
    from five_hundred import RuleBasedPlayer
    from five_hundred.sampling import SamplingPlayer, duplicate_match

    bench = load("bench_strength")
    found = bench.main(["--deals", "2", "--seed", "7", "--level", "easy"])
    (item,) = found["matches"]
    expected = duplicate_match(
        SamplingPlayer.level("easy", seed=1, budgets=False),
        RuleBasedPlayer(),
        deals=2,
        seed=7,
    )
    assert item["mean"] == expected.mean
    assert item["a"]["contracts"] == expected.bid[0]
    assert item["a"]["by_kind"]["suit"][0] == expected.kinds[0].bid[0]
    assert item["a"]["decisions"] > 0
    assert item["a"]["p99_ms"] <= item["a"]["max_ms"]
    assert "95% CI" in capsys.readouterr().out


def test_bench_bid_model_counts_each_deal_four_ways(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from five_hundred.search.solver import solve

    bench = load("bench_bid_model")
    rows = bench.main(["--deals", "2", "--seed", "0", "--level", "easy"])
    assert rows
    for rolled, solved, declaring, defending in rows:
        assert 0 <= rolled <= 10
        assert 0 <= solved <= 10
        assert 0 <= declaring <= 10
        assert 0 <= defending <= 10
    # the first deal's contract (seed 0: seat 1 in diamonds), solved as the bench does
    state = new_game(Rules(), seed=0)
    assert state.to_act is not None
    from five_hundred.bidding import TrickBid
    from five_hundred.cards import Strain
    from five_hundred.sampling._simulation import _contract_state

    played = _contract_state(state, state.to_act, TrickBid(6, Strain.DIAMONDS))
    assert played is not None
    assert rows[0][1] == solve(played)
    assert "double-dummy" in capsys.readouterr().out


# -- bench_review: the hand review


def test_bench_review_runs(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load("bench_review")
    bench.main(1, [3], 0, 0, None, True)
    out = capsys.readouterr().out
    assert "review/replay" in out
    bench.main(1, [3], 0, 0, 1, False)
    bounded = capsys.readouterr().out
    assert "node limit 1; time limit none" in bounded
    # the counts of the bounded decisions, random and computer hands: not zero
    rows = [line.split() for line in bounded.splitlines() if line.startswith("      3")]
    assert len(rows) == 2
    assert all(int(row[-2]) > 0 for row in rows)
    assert "random" in out
    assert "computer" in out
