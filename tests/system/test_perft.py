"""Perft regression: the number of legal play sequences from fixed positions.

The positions live in ``examples/perft.py``; the counts below were computed once and
checked by hand to depth 2 (the trump position to depth 4, misère to depth 3).  A
change in how legal plays are generated (follow suit, the bowers, the Joker's rules,
who sits out in misère, when a hand stops) changes a count.
"""

import runpy
import subprocess
import sys
from typing import Any

import pytest
from tests import ROOT

from five_hundred import Phase, legal_actions

SCRIPT = ROOT / "examples" / "perft.py"

EXPECTED = {
    "trumps-7H": (10, 21, 40, 102),
    "no-trumps-joker": (13, 26, 70, 118),
    "misere": (10, 18, 35, 305),
}


@pytest.fixture(scope="module")
def example() -> dict[str, Any]:
    return runpy.run_path(str(SCRIPT))


def test_the_example_has_the_pinned_positions(example: dict[str, Any]) -> None:
    assert [spec.name for spec in example["POSITIONS"]] == list(EXPECTED)


@pytest.mark.parametrize("name", list(EXPECTED))
def test_perft_counts(example: dict[str, Any], name: str) -> None:
    spec = next(s for s in example["POSITIONS"] if s.name == name)
    state = example["position"](spec)
    assert state.phase is Phase.PLAY
    assert state.tricks_played == 0
    assert example["perft"](state, 1) == len(legal_actions(state))
    counts = tuple(example["perft"](state, depth) for depth in range(1, 5))
    assert counts == EXPECTED[name]


def test_the_script_prints_the_same_counts() -> None:
    output = subprocess.run(
        [sys.executable, str(SCRIPT)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout
    expected = [
        f"{name:<16} depth {depth}  {count}"
        for name, counts in EXPECTED.items()
        for depth, count in enumerate(counts, start=1)
    ]
    assert output.splitlines() == expected
