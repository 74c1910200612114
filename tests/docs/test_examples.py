"""Run every example script (examples/perft.py has its own test) and check its output."""

import re
import runpy
import sys

import pytest
from tests import ROOT

from five_hundred import Rules, side_of

EXAMPLES = ROOT / "examples"
CHECKED_ELSEWHERE = {"perft.py"}


def run_example(
    name: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    *argv: str,
) -> str:
    """Run ``examples/<name>`` as a script with ``argv``; return what it printed."""
    path = EXAMPLES / name
    monkeypatch.setattr(sys, "argv", [str(path), *argv])
    runpy.run_path(str(path), run_name="__main__")
    return capsys.readouterr().out


def test_every_example_is_tested() -> None:
    names = {path.name for path in EXAMPLES.glob("*.py")} - CHECKED_ELSEWHERE
    assert names == {
        "analyse_a_hand.py",
        "bot_match.py",
        "game_server.py",
        "playout_bot.py",
        "random_game.py",
        "score_a_hand.py",
        "validate_a_move.py",
    }


def test_score_a_hand(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = run_example("score_a_hand.py", capsys, monkeypatch)
    assert out.splitlines() == [
        "8H (worth 300) with 9 tricks: contractors +300, defenders +10; totals (300, 10)",
        "8H (worth 300) with 7 tricks: contractors -300, defenders +30; totals (-300, 30)",
        "7NT (worth 220) with 10 tricks: contractors +250, defenders +0; totals (250, 0)",
        "MIS (worth 250) with 0 tricks: contractors +250, defenders +0; totals (250, 0)",
        "9D (worth 380) with 9 tricks: contractors +380, defenders +10; totals (500, 410)",
        "  side 0 wins the game",
    ]


def test_game_server(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = run_example("game_server.py", capsys, monkeypatch).splitlines()
    assert out[0] == "1 '7h' -> {'ok': True, 'moved': '7H'}"
    assert "'code': 'spectator'" in out[1]
    assert all("'code': 'bad-seat'" in line for line in out[2:5])
    assert "'code': 'bad-message'" in out[5]
    assert "'code': 'bad-action'" in out[6]
    assert out[7] == "2 'pass' -> {'ok': True, 'moved': 'PASS'}"
    assert out[8] == "resumed equal: True"


def test_validate_a_move(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = run_example("validate_a_move.py", capsys, monkeypatch)
    assert "'7 hearts': not understood (invalid action '7 hearts'" in out
    assert "'7h': seat 1 7H" in out
    assert "'6NT': refused (illegal bid '6NT' by seat 2: it does not outrank" in out
    assert "it is the bidding phase: expected a call" in out
    assert "must discard exactly 3 cards" in out
    assert "apply refused: illegal play" in out
    assert "legal now: PLAY " in out


def test_random_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = run_example("random_game.py", capsys, monkeypatch, "7")
    assert out.startswith("auction: ")
    assert "hand 1: " in out
    assert out.splitlines()[-1].startswith("winners: side ")
    again = run_example("random_game.py", capsys, monkeypatch, "7")
    assert again == out  # seeded: the same game again


def test_bot_match(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = run_example("bot_match.py", capsys, monkeypatch, "3")
    lines = out.splitlines()
    assert lines[0] == "rule-based (side 0) against random (side 1):"
    assert lines[1].startswith("  side 0 won   3 of 3 games")
    assert lines[3] == "rule-based against rule-based:"


def test_playout_bot(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = run_example("playout_bot.py", capsys, monkeypatch, "2")
    lines = out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["deal 0", "deal 1"]
    assert all("result (" in line for line in lines)
    assert run_example("playout_bot.py", capsys, monkeypatch, "2") == out  # seeded


def test_analyse_a_hand(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = run_example("analyse_a_hand.py", capsys, monkeypatch, "5").splitlines()
    head = re.fullmatch(
        r"Contract \S+ by seat (\d): \d+ tricks won so far, 6 to play\.", lines[0]
    )
    solved = re.fullmatch(
        r"Double-dummy, the contracting side takes (\d+) more: (made|set)\.", lines[1]
    )
    to_act = re.fullmatch(r"Seat (\d) to play; .*", lines[2])
    assert head is not None
    assert solved is not None
    assert to_act is not None
    assert all(line.startswith("  PLAY ") for line in lines[3:-1])
    values = [int(line.rsplit(": ", 1)[1]) for line in lines[3:-1]]
    # the seat to act picks its side's best card: the solver's value is that card's
    rules = Rules()
    ours = side_of(rules, int(to_act[1])) == side_of(rules, int(head[1]))
    assert int(solved[1]) == (max(values) if ours else min(values))
    assert re.fullmatch(
        r"Sampling against rule-based, 2 deals played both ways: [+-]\d+\.\d points "
        r"a deal \(95% CI [+-]\d+\.\d to [+-]\d+\.\d\); each deal: [+-]\d+, [+-]\d+",
        lines[-1],
    )
