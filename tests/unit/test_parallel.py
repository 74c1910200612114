"""Parallel and Ray simulation: the same statistics for any number of workers."""

import signal
import subprocess
import sys
import threading
import time

import pytest
from tests import ROOT
from tests.extras import REQUIRED

from five_hundred.cli import main
from five_hundred.parallel import (
    ClusterError,
    chunk_seeds,
    chunk_sizes,
    run_chunks,
    worker_context,
)


def square(value: int) -> int:
    return value * value


def test_run_chunks_returns_results_in_chunk_order() -> None:
    seen: list[int] = []
    serial = run_chunks(
        square, range(7), workers=1, on_done=lambda i, _: seen.append(i)
    )
    pooled = run_chunks(square, range(7), workers=3)
    assert serial.results == pooled.results == tuple(i * i for i in range(7))
    assert not serial.interrupted
    assert seen == list(range(7))


def test_chunks_depend_only_on_the_seed() -> None:
    assert chunk_sizes(250, 100) == (100, 100, 50)
    assert chunk_sizes(200, 100) == (100, 100)
    assert chunk_seeds(5, 3) == chunk_seeds(5, 4)[:3]
    assert len(set(chunk_seeds(5, 50))) == 50


def simulate(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    code = main(["simulate", "-n", "230", "--seed", "8", *argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("Simulated 230 hands")
    return lines[1:]  # the first line has the time


def test_statistics_are_the_same_for_any_number_of_workers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    serial = simulate(capsys, "--workers", "1")
    assert simulate(capsys, "--workers", "2") == serial
    assert simulate(capsys, "--workers", "3") == serial
    assert simulate(capsys) == serial


def _interrupt_simulation(wait: float) -> tuple[int, str, str]:
    """Start a long simulation on two workers, press Ctrl-C after ``wait`` seconds."""
    command = [sys.executable, "-m", "five_hundred", "simulate", "-n", "1000000"]
    process = subprocess.Popen(
        [*command, "--seed", "1", "--workers", "2"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(wait)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    return process.returncode, out, err


def test_ctrl_c_prints_the_statistics_of_the_finished_chunks() -> None:
    # A loaded machine may finish no chunk in the first wait: wait longer then, so
    # that the statistics printed are of some finished hands.
    first = out = ""
    for wait in (6.0, 20.0, 60.0):
        code, out, err = _interrupt_simulation(wait)
        assert code == 130, err
        first = out.splitlines()[0]
        assert first.startswith("Interrupted after "), out
        assert first.endswith(" of 1000000 hands: the statistics below are of those.")
        if not first.startswith("Interrupted after 0 "):
            break
    assert not first.startswith("Interrupted after 0 "), out
    assert "the contracting side scores" in out


def test_without_ray_installed_ray_is_one_clear_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    assert main(["simulate", "-n", "5", "--ray"]) == 2
    _, err = capsys.readouterr()
    assert err == (
        "python -m five_hundred: error: --ray needs Ray: pip install 'five-hundred[ray]'\n"
    )
    with pytest.raises(ClusterError, match="needs Ray"):
        run_chunks(square, [1], ray="auto")


def test_an_unreachable_cluster_is_one_clear_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("ray") if not REQUIRED else __import__("ray")
    assert main(["simulate", "-n", "5", "--ray", "127.0.0.1:1"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(
        "python -m five_hundred: error: cannot reach the Ray cluster at '127.0.0.1:1': "
    )
    assert err.count("\n") == 1
    assert main(["simulate", "-n", "5", "--ray", "nowhere"]) == 2
    assert "expected host:port" in capsys.readouterr().err


def test_ray_gives_the_serial_statistics(capsys: pytest.CaptureFixture[str]) -> None:
    """A local Ray instance of 2 CPUs (loopback only) runs the chunks as tasks."""
    pytest.importorskip("ray") if not REQUIRED else __import__("ray")
    serial = simulate(capsys, "--workers", "1")
    assert simulate(capsys, "--ray", "--workers", "2") == serial


def test_ray_plays_the_serial_match(capsys: pytest.CaptureFixture[str]) -> None:
    """The match harness on a local Ray instance: the serial match's results."""
    pytest.importorskip("ray") if not REQUIRED else __import__("ray")
    argv = ["match", "rules", "random", "--deals", "5", "--seed", "3"]
    argv += ["--progress", "never"]
    assert main([*argv, "--workers", "1"]) == 0
    serial = capsys.readouterr().out.splitlines()
    assert main([*argv, "--ray", "--workers", "2"]) == 0
    on_ray = capsys.readouterr().out.splitlines()
    assert on_ray[1:3] == serial[1:3]  # the rules and the score; times differ
    assert main([*argv, "--ray", "127.0.0.1:1"]) == 2
    assert "cannot reach the Ray cluster" in capsys.readouterr().err


def test_ray_gives_the_serial_advice(capsys: pytest.CaptureFixture[str]) -> None:
    """The bid advisor's samples as Ray tasks: the serial estimates."""
    pytest.importorskip("ray") if not REQUIRED else __import__("ray")
    hand = "JK JH JD AH KH QH 10S AS KC 10D"
    argv = ["advise", "--players", "2", "--hand", hand, "--samples", "3", "--json"]
    argv += ["--progress", "never"]
    assert main([*argv, "--workers", "1"]) == 0
    serial = capsys.readouterr().out
    assert main([*argv, "--ray", "--workers", "2"]) == 0
    assert capsys.readouterr().out == serial
    assert main([*argv, "--ray", "127.0.0.1:1"]) == 2
    assert "cannot reach the Ray cluster" in capsys.readouterr().err


def test_workers_are_forked_only_while_no_other_thread_runs() -> None:
    if sys.platform.startswith("linux") and threading.active_count() == 1:
        assert worker_context(square).get_start_method() == "fork"
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert worker_context(square).get_start_method() != "fork"
        # the forkserver's (or spawned) workers give the same results
        assert run_chunks(square, range(5), workers=2).results == (0, 1, 4, 9, 16)
    finally:
        stop.set()
        other.join()
