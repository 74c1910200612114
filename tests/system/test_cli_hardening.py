"""The command line on hostile input: one ``error:`` line, exit status 2, no traceback.

Each case runs in a real process, since closed standard input and
files that are not UTF-8 only show there: a record file that is not UTF-8, ``legal -``
and ``play`` with standard input closed, a look-alike digit and a 5000-digit number at
the ``play`` prompt, ``--scores`` with a 4300-digit number, and ``legal /dev/zero``
(read up to a limit).
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from five_hundred import new_game, record
from five_hundred.cli._args import MAX_INPUT_BYTES, MAX_LINE

PROGRAM = "python -m five_hundred: error: "


def _close_stdin() -> None:
    os.close(0)


def run(
    *argv: str, stdin: bytes = b"", closed_stdin: bool = False
) -> subprocess.CompletedProcess[str]:
    """Run the command line in a process; ``closed_stdin`` closes its descriptor 0."""
    done = subprocess.run(  # preexec_fn: the only way to close descriptor 0
        [sys.executable, "-m", "five_hundred", *argv],
        input=None if closed_stdin else stdin,
        preexec_fn=_close_stdin if closed_stdin else None,
        capture_output=True,
        check=False,
        timeout=120,
    )
    return subprocess.CompletedProcess(
        done.args, done.returncode, done.stdout.decode(), done.stderr.decode()
    )


def assert_refused(done: subprocess.CompletedProcess[str], message: str) -> None:
    """Exit status 2, and the message as the one line on stderr: no traceback."""
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith(PROGRAM)
    assert message in done.stderr
    assert len(done.stderr) < 300  # the library's shortening, not the whole input


def test_a_record_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_bytes(record(new_game(seed=1)).to_text().encode() + b"\xff\xfe")
    assert_refused(run("legal", str(path)), "not UTF-8 text")


def test_a_missing_record_file(tmp_path: Path) -> None:
    assert_refused(run("legal", str(tmp_path / "none.txt")), "cannot read")


def test_legal_from_a_closed_stdin() -> None:
    assert_refused(run("legal", "-", closed_stdin=True), "stdin: it is closed")


def test_play_with_a_closed_stdin() -> None:
    assert_refused(run("play", "--seed", "1", closed_stdin=True), "stdin")


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_legal_reads_with_a_size_limit() -> None:
    assert_refused(run("legal", "/dev/zero"), f"the limit of {MAX_INPUT_BYTES} bytes")


def test_a_look_alike_digit_at_the_play_prompt() -> None:
    done = run("play", "--seed", "1", stdin="\n²\n١\nq\ny\n\n".encode())
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert "'²' is not a call" in done.stdout
    assert "Game abandoned." in done.stdout


def test_a_long_number_at_the_play_prompt() -> None:
    done = run("play", "--seed", "1", stdin=b"\n" + b"9" * 4000 + b"\nq\ny\n\n")
    assert done.returncode == 0, done.stderr
    assert "is not a choice: type a number from 1 to" in done.stdout


def test_a_5000_digit_line_at_the_play_prompt() -> None:
    done = run("play", "--seed", "1", stdin=b"9" * 5000 + b"\n")
    assert_refused(done, f"a line longer than {MAX_LINE} characters")


def test_scores_with_a_4300_digit_number() -> None:
    done = run("score", "8H", "--tricks", "9", "--scores", "1" * 4300 + ",0")
    assert_refused(done, "argument --scores: expected whole numbers")


@pytest.mark.parametrize(
    "argv",
    [
        ["score", "8H", "--tricks", "١"],
        ["score", "8H", "--tricks", "9" * 5000],
        ["simulate", "-n", "9" * 5000],
        ["--seed", "9" * 5000],
        ["table", "--rule", "target=" + "9" * 5000],
        ["legal", "--seed", "1" * 1001, "--actions", "PASS"],
    ],
    ids=["look-alike", "tricks", "count", "seed", "rule", "seed-too-large"],
)
def test_absurd_numbers_on_the_command_line(argv: list[str]) -> None:
    assert_refused(run(*argv), "")
