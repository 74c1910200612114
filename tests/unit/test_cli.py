"""Tests for the command line: every subcommand through main() and a real process."""

import io
import json
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from tests import ROOT

from five_hundred import (
    __version__,
    apply,
    compiled,
    new_game,
    parse_action,
    record,
)
from five_hundred.cli import WIDTH, main
from five_hundred.cli._args import _use_colour
from five_hundred.records import GameRecord


def run(
    capsys: pytest.CaptureFixture[str], *argv: str, status: int = 0
) -> tuple[str, str]:
    """Run main() with ``argv``; check the exit status and that the output fits."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == status, (out, err)
    plain = re.sub(r"\x1b\[[0-9;]*m", "", out)
    # Lines wrap at spaces; only a single word longer than the width (a long
    # file path) may stand alone on a longer line.
    assert all(
        len(line) <= WIDTH or " " not in line.strip() for line in plain.splitlines()
    ), out
    assert "Traceback" not in out + err
    return out, err


def run_bad(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run main() on bad input: exit status 2 and one line on stderr."""
    out, err = run(capsys, *argv, status=2)
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("python -m five_hundred: error: ")
    return err


def process(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run ``python -m five_hundred`` in a real process (plain output: not a tty)."""
    return subprocess.run(
        [sys.executable, "-m", "five_hundred", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
        timeout=120,
    )


# -- score --------------------------------------------------------------------------------


def test_score_a_trick_contract(capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = run(capsys, "score", "8H", "--tricks", "9")
    assert out == (
        "8H made: the contractors took 9 tricks (8 needed); 8H is worth 300.\n"
        "\n"
        "side  seats  role         tricks  score\n"
        "   0  0, 2   contractors       9   +300\n"
        "   1  1, 3   defenders         1    +10\n"
    )


def test_score_a_failed_contract_with_running_totals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out, _ = run(capsys, "score", "8h", "--tricks", "7", "--scores", "480,100")
    assert out.startswith("8H failed: the contractors took 7 tricks (8 needed)")
    assert "   0  0, 2   contractors       7   -300     480    180" in out
    assert "   1  1, 3   defenders         3    +30     100    130" in out


def test_score_names_the_winner(capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = run(capsys, "score", "7NT", "--tricks", "7", "--scores", "300,450")
    assert out.endswith("\nSeats 0 and 2 win the game.\n")


def test_score_a_slam(capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = run(capsys, "score", "6S", "--tricks", "10")
    assert out.startswith("6S made: a slam (all 10 tricks), worth 250 instead of 40.")
    assert "+250" in out


@pytest.mark.parametrize(
    ("argv", "first", "score"),
    [
        (["MIS", "--tricks", "0"], "MIS made: the contractor took no trick", "+250"),
        (["MIS", "--tricks", "1"], "MIS failed: the contractor took 1 trick", "-250"),
        (["OMIS", "--tricks", "0"], "OMIS made", "+500"),
        (["BMIS", "--tricks", "2"], "BMIS failed", "-500"),
    ],
)
def test_score_misere(
    capsys: pytest.CaptureFixture[str], argv: list[str], first: str, score: str
) -> None:
    out, _ = run(capsys, "score", *argv)
    assert out.startswith(first)
    assert f"   0  0, 2   contractors       {argv[-1]}   {score}" in out
    assert "   1  1, 3   defenders         -     +0" in out


def test_score_for_three_players_splits_the_defenders_tricks(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out, _ = run(capsys, "score", "7S", "--tricks", "7", "--players", "3")
    assert "   1  1      defender          2    +20" in out
    assert "   2  2      defender          1    +10" in out
    out, _ = run(
        capsys, "score", "7S", "--tricks", "7", "--players", "3", "--defenders", "0,3"
    )
    assert "   2  2      defender          3    +30" in out


def test_score_a_five_player_partnership(capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = run(
        capsys, "score", "8S", "--tricks", "8", "--players", "5", "--partner", "3"
    )
    assert "   3  3      contractor        0   +240" in out


def test_score_with_other_rules(capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = run(capsys, "score", "10NT", "--tricks", "10", "--perfect")
    assert "10NT is worth 500" in out
    out, _ = run(capsys, "score", "MIS", "--tricks", "0", "--rule", "misere_value=300")
    assert "+300" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "the following arguments are required: CONTRACT"),
        (["11H", "--tricks", "x"], "invalid bid '11H'"),  # the bid is checked first
        (["8H", "--scores", "1,2"], "argument --tricks: needed with --defenders"),
        (["8Q", "--tricks", "1"], "invalid bid '8Q'"),
        (["PASS", "--tricks", "1"], "a pass scores nothing"),
        (
            ["8H", "--tricks", "11"],
            "argument --tricks: expected a number of tricks from 0 to 10, got '11'",
        ),
        (
            ["8H", "--tricks", "x"],
            "argument --tricks: expected a number of tricks from 0 to 10, got 'x'",
        ),
        (["OMIS", "--tricks", "0", "--no-open-misere"], "open misère is not allowed"),
        (
            ["8H", "--tricks", "8", "--side", "2"],
            "argument --side: expected a side from 0 to 1, got 2",
        ),
        (
            ["8H", "--tricks", "8", "--partner", "1"],
            "argument --partner: only for a five-player",
        ),
        (
            ["8H", "--tricks", "8", "--players", "5", "--partner", "0"],
            "argument --partner: expected another seat than 0",
        ),
        (
            ["8H", "--tricks", "8", "--defenders", "1,1"],
            "argument --defenders: expected 1 number,",
        ),
        (
            ["8H", "--tricks", "8", "--defenders", "a"],
            "argument --defenders: expected whole numbers",
        ),
        (
            ["8H", "--tricks", "8", "--scores", "1"],
            "argument --scores: expected 2 numbers",
        ),
        (
            ["8H", "--tricks", "8", "--defenders", "5"],
            (
                "argument --defenders: expected tricks of 0 or more that add up to "
                "at most 2 with --tricks 8, got '5'"
            ),
        ),
        (
            ["8H", "--tricks", "8", "--rule", "nonsense=1"],
            "argument --rule: unknown rules option 'nonsense'; the options: players,",
        ),
        (
            ["8H", "--tricks", "8", "--rule", "slam_bonus"],
            "argument --rule: expected NAME=VALUE",
        ),
        (["8H", "--tricks", "8", "--rule", "slam_bonus=maybe"], "expected true or"),
        (["8H", "--tricks", "8", "--rule", "target=lots"], "expected a whole number"),
        (["8H", "--tricks", "8", "--rule", "joker_lead_suit=x"], "expected one of"),
        (["8H", "--tricks", "8", "--rule", "scoring_table=x"], "avondale or perfect"),
        (["8H", "--tricks", "8", "--target", "-5"], "target must be positive"),
    ],
)
def test_score_refuses_bad_input(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert message in run_bad(capsys, "score", *argv)


# -- table --------------------------------------------------------------------------------


def test_table(capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = run(capsys, "table")
    assert out.startswith("Scoring table (Avondale), 4 players, 2 sides\n\n")
    assert "    10  440  460  480  500  520\n" in out
    assert "misère 250, open misère 500, blind misère 500" in out
    assert "A side wins at 500 or more by making a contract" in out


def test_table_with_options(capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = run(
        capsys,
        "table",
        "--perfect",
        "--american",
        "--players",
        "3",
        "--rule",
        "defender_trick_points=0",
        "--rule",
        "defender_cap=none",
        "--rule",
        "joker_lead_suit=any",
        "--target",
        "300",
    )
    assert out.startswith("Scoring table, 3 players, American auction, perfect table")
    assert "    10  420  440  460  480  500\n" in out
    assert "misère 250\n" in out
    assert "Defenders score" not in out
    assert "A side wins at 300 or more and loses" in out
    out, _ = run(capsys, "table", "--three-sides", "--no-misere", "--no-blind-misere")
    assert out.startswith("Scoring table (Avondale), 6 players, 3 sides")
    assert "open misère 500\n" in out


def test_table_refuses_bad_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert "players must be 2 to 6" in run_bad(capsys, "table", "--players", "9")
    assert "six_player_sides=3 needs players=6" in run_bad(
        capsys, "table", "--three-sides", "--players", "4"
    )
    assert "unrecognized arguments: --nope" in run_bad(capsys, "table", "--nope")


# -- legal --------------------------------------------------------------------------------


def test_legal_lists_the_calls(capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = run(capsys, "legal", "--seed", "1", "--actions", "7H, PASS")
    assert "Auction: seat 1 7H, seat 2 PASS\n" in out
    assert "Seat 3 to act, holding" in out
    assert "Legal actions (" in out
    assert "PASS, 7H-SK, 7NT, 7NT-SK, MIS, 8S," in out


def test_legal_splits_actions_by_keyword(capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = run(capsys, "legal", "--seed", "1", "--actions", "7H PASS PASS PASS")
    assert "Contract: 7H by seat 1." in out
    assert "Legal: DISCARD any 3 of the 13 cards (286 ways):" in out
    hand = new_game(seed=1)
    for text in ("7H", "PASS", "PASS", "PASS"):
        hand = apply(hand, parse_action(text))
    discard = "DISCARD " + " ".join(map(str, hand.hands[1][:3]))
    played = f"7H PASS PASS PASS {discard}"
    out, _ = run(capsys, "legal", "--seed", "1", "--actions", played)
    assert "Seat 1 to act" in out
    assert re.search(r"Legal actions \(\d+\):\n  PLAY \w+, PLAY \w+, ", out)


def test_legal_checks_an_action(capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = run(capsys, "legal", "--seed", "1", "--actions", "7H", "--action", "8S")
    assert out.endswith("8S is legal.\n")
    out, _ = run(
        capsys, "legal", "--seed", "1", "--actions", "7H", "--action", "6NT", status=1
    )
    assert out.endswith(
        "Illegal bid '6NT' by seat 2: it does not outrank the standing bid 7H.\n"
    )
    out, _ = run(capsys, "legal", "--seed", "1", "--action", "PLAY JK", status=1)
    assert "it is the bidding phase: expected a call" in out


def test_legal_reads_records(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = new_game(seed=5)
    for text in ("6S", "PASS", "PASS", "PASS"):
        state = apply(state, parse_action(text))
    saved = record(state)
    text_file = tmp_path / "game.txt"
    text_file.write_text(saved.to_text(), encoding="utf-8")
    json_file = tmp_path / "game.json"
    json_file.write_text(saved.to_json(), encoding="utf-8")
    from_text, _ = run(capsys, "legal", str(text_file))
    from_json, _ = run(capsys, "legal", str(json_file))
    assert from_text == from_json
    assert "Contract: 6S by seat 1." in from_text
    monkeypatch.setattr(sys, "stdin", io.StringIO(saved.to_json()))
    from_stdin, _ = run(capsys, "legal", "-")
    assert from_stdin == from_text


def test_legal_after_the_hand(capsys: pytest.CaptureFixture[str]) -> None:
    passes = "PASS, PASS, PASS, PASS"
    out, _ = run(capsys, "legal", "--seed", "1", "--actions", passes)
    assert out.endswith("The hand is over: nobody is to act.\n")
    out, _ = run(
        capsys, "legal", "--seed", "1", "--actions", passes, "--action", "7H", status=1
    )
    assert "the hand is over" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "give a record file (or - for stdin), or --seed with --actions"),
        (["x.txt", "--seed", "1"], "not both"),
        (["/no/such/file"], "cannot read /no/such/file"),
        (["--seed", "-1"], "invalid seed '-1'"),
        (["--seed", "1", "--actions", "7Q"], "invalid action '7Q'"),
        (
            ["--seed", "1", "--actions", "7H, 6S"],
            "action 2: illegal bid '6S' by seat 2",
        ),
        (
            ["--seed", "1", "--actions", "PASS PASS PASS PASS PASS"],
            "action 5 (PASS): the hand is over",
        ),
        (["--seed", "1", "--action", "FROB"], "invalid action 'FROB'"),
        (["--seed", "1", "--dealer", "7"], "invalid dealer"),
    ],
)
def test_legal_refuses_bad_input(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert message in run_bad(capsys, "legal", *argv)


def test_legal_refuses_a_bad_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "five_hundred record"}), encoding="utf-8")
    assert "invalid record: missing key(s)" in run_bad(capsys, "legal", str(bad))
    worse = tmp_path / "bad.txt"
    worse.write_text("[Rules]\nplayers = 9\n", encoding="utf-8")
    assert "error:" in run_bad(capsys, "legal", str(worse))


# -- the demo -----------------------------------------------------------------------------


def test_demo_shows_a_whole_hand(capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = run(capsys, "--seed", "1")
    assert out.startswith("Five Hundred: a demo hand (4 players, 2 sides; seed 1).\n")
    assert "Seats 0 and 2 play seats 1 and 3." in out
    assert "\nAuction: seat 1 " in out
    assert "\nContract: " in out
    assert "  #  led by    seat 0  seat 1  seat 2  seat 3\n" in out
    assert re.search(r"\n 10  seat \d ", out)
    assert "\nScores: " in out
    again, _ = run(capsys, "demo", "--seed", "1")
    assert again == out


def test_demo_ends_with_how_to_replay_and_play(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out, _ = run(capsys, "--seed", "4294967295")  # a long seed still fits
    assert out.endswith(
        "\nReplay it with --seed 4294967295.\n"
        "Play a game yourself: python -m five_hundred play\n"
    )


@pytest.mark.parametrize("players", ["2", "3", "5", "6"])
def test_demo_for_every_player_count(
    capsys: pytest.CaptureFixture[str], players: str
) -> None:
    out, _ = run(capsys, "--players", players, "--seed", "3")
    assert f"({players} players" in out
    assert "Scores: " in out


def test_demo_shows_a_thrown_in_hand_and_deals_again(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out, _ = run(capsys, "--seed", "14")  # everybody passes the first hand
    assert "Everyone passed: the hand is thrown in and nobody scores." in out
    assert "\nHand 2: seat 1 deals.\n" in out
    assert "\nContract: " in out


def test_demo_without_a_seed_draws_one(capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = run(capsys)
    assert re.match(r"Five Hundred: a demo hand \(4 players, 2 sides; seed \d+\)", out)


def test_demo_refuses_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert "invalid seed 'x'" in run_bad(capsys, "--seed", "x")
    assert "invalid choice: 'frob'" in run_bad(capsys, "frob")


# -- simulate -----------------------------------------------------------------------------


def test_simulate_reports_contract_statistics(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out, _ = run(capsys, "simulate", "-n", "12", "--seed", "1")
    lines = out.splitlines()
    assert lines[0].startswith("Simulated 12 hands of self-play in ")
    assert lines[1] == "Rules: 4 players, 2 sides; seed 1."
    assert "contract   bid   share   made  made %  avg score" in lines
    assert any(line.startswith("all ") for line in lines)
    assert "the contracting side scores" in out
    again, _ = run(capsys, "simulate", "--hands", "12", "--seed", "1")
    assert again.splitlines()[1:] == lines[1:]


@pytest.mark.parametrize("players", ["2", "3", "5", "6"])
def test_simulate_any_player_count(
    capsys: pytest.CaptureFixture[str], players: str
) -> None:
    out, _ = run(capsys, "simulate", "-n", "3", "--seed", "2", "--players", players)
    assert f"Rules: {players} players" in out


def test_simulate_a_finished_game(capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = run(capsys, "simulate", "-n", "6", "--seed", "4", "--target", "100")
    assert re.search(r"\n\d+ games? finished, [\d.]+ hands a game", out)


def test_simulate_progress_goes_to_stderr_only(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # --progress always draws the bar on stderr, even with plain stdout: the
    # statistics stay free of escape codes.
    out, err = run(
        capsys, "simulate", "-n", "60", "--seed", "1", "--progress", "always"
    )
    assert "\x1b" not in out
    assert out.startswith("Simulated 60 hands")
    assert "simulating" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["-n", "0"], "argument -n/--hands: expected a number of 1 or more"),
        (["-n", "many"], "expected a whole number, got 'many'"),
        (["--progress", "sometimes"], "invalid choice: 'sometimes'"),
    ],
)
def test_simulate_refuses_bad_input(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert message in run_bad(capsys, "simulate", *argv)


# -- play ---------------------------------------------------------------------------------


def play(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    stdin: str,
    *argv: str,
) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    return run(capsys, "play", *argv)[0]


def test_play_a_whole_game_choosing_the_first_option(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = play(capsys, monkeypatch, "1\n" * 2000, "--seed", "3", "--target", "150")
    assert out.startswith("Five Hundred: you are seat 0, partnered with seat 2.\n")
    assert "Rules: 4 players, 2 sides, target 150; seed 3." in out
    assert "Your hand: " in out
    assert "Your call:\n  1. PASS " in out
    assert "> 1\n" in out  # scripted input is echoed
    assert re.search(r"\nTrick 10: .*; won by seat \d\.\n", out)
    assert re.search(r"\nYou (win!|lose\.) Seats . and . win the game\.\n$", out)


@pytest.mark.parametrize("players", ["3", "5", "6"])
def test_play_other_player_counts_to_the_end(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    players: str,
) -> None:
    out = play(
        capsys,
        monkeypatch,
        "1\n" * 3000,
        "--seed",
        "5",
        "--target",
        "100",
        "--players",
        players,
        "--seat",
        "1",
    )
    assert "the game.\n" in out.splitlines(keepends=True)[-1]


def test_play_typed_actions_help_and_hints(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Seat 0 deals, so seat 0 calls last: three computer calls come first.
    script = "\n?\nhint\n99\nfrob\n6S\n\nPASS\nq\ny\n\n"
    out = play(capsys, monkeypatch, script, "--seed", "1", "--opponents", "random")
    assert "Type the number of a choice, or the call itself" in out
    assert "OMIS, open misère: " in out
    assert "The computer would choose " in out
    assert "\n99 is not a choice: type a number from 1 to " in out
    assert "\n'frob' is not a call: expected a bid (6S to 10NT, 7H-SK, MIS" in out
    assert out.rstrip().endswith("Game abandoned.")


def test_play_explains_an_illegal_action(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Seed 1: seat 1 opens 6H and the others pass, so seat 0 may not bid 6S.
    out = play(capsys, monkeypatch, "\n6S\nq\nyes\n\n", "--seed", "1")
    assert "Seat 1 calls 6H." in out
    assert "Illegal bid '6S' by seat 0: it does not outrank the standing bid 6H." in out
    assert out.rstrip().endswith("Game abandoned.")


def test_play_discards_nominates_and_plays_typed_cards(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Seed 8: seat 1 calls first; it bids 10NT, which nobody can outbid, takes
    # the kitty (6S AS 7C AC 4D 5D 7D 8D 5H 6H JH QH JK) and holds the Joker.
    script = "\n10NT\n4d 5d 6s\nnominate h\nas\n" + "1\n" * 40
    out = play(
        capsys, monkeypatch, script, "--seed", "8", "--seat", "1", "--hands", "1"
    )
    assert "Contract: 10NT by seat 1." in out
    assert "You take the kitty: " in out
    assert "Discard 3 cards: type them" in out
    assert "Nominate the Joker's suit?" in out
    assert "Seat 1 nominates" not in out  # the human's own choice is not announced
    assert "\nTrick 1: seat 1 AS, " in out
    assert "Seats 1 and 3 failed 10NT" in out or "Seats 1 and 3 made 10NT" in out


def test_play_announces_the_partner_card_and_the_partner(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = play(capsys, monkeypatch, "1\n" * 200, "--seed", "1", "--players", "5")
    assert "\nSeat 2 calls JS as partner card.\n" in out
    assert "\nSeat 1 played the partner card JS: seat 1 is seat 2's partner.\n" in out
    out = play(capsys, monkeypatch, "1\n" * 200, "--seed", "5", "--players", "5")
    mine = "Seat 2 calls JS as partner card.\nYou hold it: you are seat 2's partner.\n"
    assert mine in out
    assert "Seat 0 played the partner card" not in out  # you know already


def test_play_stops_after_the_hands_asked_for(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = play(capsys, monkeypatch, "1\n" * 500, "--seed", "2", "--hands", "1")
    assert out.rstrip().endswith("Stopped after 1 hand.")


def test_play_saves_the_game_record_for_legal(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    saved = tmp_path / "game.txt"
    out = play(capsys, monkeypatch, "1\n1\nq\ny\n", "--seed", "3", "--save", str(saved))
    assert " ".join(out.split()).endswith(
        f"Game saved to {saved} (resume: play --load {saved}; check a move: "
        f"legal {saved}). Game abandoned."
    )
    loaded = GameRecord.from_text(saved.read_text(encoding="utf-8")).replay()
    assert loaded.seed == 3
    assert len(loaded.actions) >= 2
    listed, _ = run(capsys, "legal", str(saved))
    assert "Legal actions (" in listed


def test_play_refuses_a_save_file_it_cannot_write(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "no such folder" / "game.txt"
    err = run_bad(capsys, "play", "--save", str(missing))
    assert "cannot write in" in err


def test_play_ends_at_the_end_of_input_with_an_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The end of input is not a choice to quit: exit status 2 and one error line.
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    _, err = run(capsys, "play", "--seed", "2", status=2)
    assert err == (
        "python -m five_hundred: error: the input ended before the game did: "
        "game abandoned (--save FILE keeps it)\n"
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--seat", "4"],
            "argument --seat: expected a seat from 0 to 3 or none, got 4",
        ),
        (["--opponents", "genius"], "invalid choice: 'genius'"),
        (["--hands", "0"], "expected a number of 1 or more"),
    ],
)
def test_play_refuses_bad_input(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert message in run_bad(capsys, "play", *argv)


# -- help, version, colour ------------------------------------------------------------


@pytest.mark.parametrize(
    "command", ["", "demo", "table", "score", "legal", "play", "simulate"]
)
def test_every_command_has_help(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    out, _ = run(capsys, *([command] if command else []), "--help")
    assert out.startswith(f"usage: python -m five_hundred {command}".rstrip())
    assert "--players N" in out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = run(capsys, "--version")
    engine = "compiled" if compiled else "pure Python"
    assert out == f"python -m five_hundred {__version__} ({engine} engine)\n"


def test_colour_with_rich(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("rich")
    out, _ = run(capsys, "score", "8H", "--tricks", "9", "--color", "always")
    assert "\N{BLACK HEART SUIT}" in out
    assert "\x1b[" in out
    out, _ = run(capsys, "--seed", "1", "--color", "always")
    assert "\N{BLACK SPADE SUIT}" in out
    out, _ = run(capsys, "table", "--color", "always")
    assert "\N{BLACK CLUB SUIT}" in out
    out, _ = run(capsys, "simulate", "-n", "3", "--seed", "1", "--color", "always")
    assert "Simulated 3 hands" in out


def test_colour_needs_rich(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "rich", None)
    assert "--color always needs rich" in run_bad(capsys, "table", "--color", "always")
    out, _ = run(capsys, "table", "--color", "auto")
    assert "\x1b[" not in out


def test_plain_output_is_plain(capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = run(capsys, "--seed", "1")
    assert "\x1b[" not in out
    assert "\N{BLACK HEART SUIT}" not in out


def test_the_script_is_named_five_hundred(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "argv", ["/usr/bin/five-hundred"])
    assert main(["score", "8Q"]) == 2
    assert capsys.readouterr().err.startswith("five-hundred: error: ")


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colour_is_automatic_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("rich")
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert _use_colour("auto", _Tty())
    assert not _use_colour("auto", io.StringIO())
    assert not _use_colour("never", _Tty())
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert _use_colour("auto", io.StringIO())
    assert not _use_colour("never", _Tty())


def test_no_color_keeps_the_suit_symbols(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("rich")
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    for no_color, coloured in (("1", False), ("", True)):
        monkeypatch.setenv("NO_COLOR", no_color)
        terminal = _Tty()
        monkeypatch.setattr(sys, "stdout", terminal)
        assert main(["score", "8H", "--tricks", "9"]) == 0
        shown = terminal.getvalue()
        assert "♥" in shown
        assert ("\x1b[31m" in shown) is coloured  # red
        assert ("8♥ made" in shown) is not coloured


class _Keys:
    """A stdin of typed lines, where an empty string stands for a Ctrl-C."""

    def __init__(self, *lines: str) -> None:
        self.lines = iter(lines)

    def readline(self, size: int = -1) -> str:  # play reads with a limit
        line = next(self.lines, "")
        if not line:
            raise KeyboardInterrupt
        return line

    def isatty(self) -> bool:
        return False


def test_an_interrupt_offers_to_save_and_a_second_ends_quietly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", _Keys())
    assert main(["play", "--seed", "1"]) == 130
    out, err = capsys.readouterr()
    assert err == "python -m five_hundred: interrupted\n"
    assert out.endswith("\nQuit the game? (y/n) \n")  # the offer, then the message


def test_an_interrupt_saves_when_asked(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    saved = tmp_path / "game.txt"
    monkeypatch.setattr(sys, "stdin", _Keys("", "y\n", f"{saved}\n"))
    assert main(["play", "--seed", "1"]) == 0
    out, _ = capsys.readouterr()
    assert "Quit the game? (y/n) y\n" in out
    assert "Game saved to" in out  # the path may wrap
    assert out.endswith("Game abandoned.\n")
    loaded = GameRecord.from_text(saved.read_text(encoding="utf-8"))
    assert loaded.replay().to_act == 0  # saved at seat 0's first call


# -- a real process -------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["--seed", "1"],
        ["table", "--players", "6"],
        ["score", "8H", "--tricks", "9"],
        ["legal", "--seed", "1", "--actions", "7H, PASS"],
        ["simulate", "-n", "3", "--seed", "1"],
    ],
    ids=["demo", "table", "score", "legal", "simulate"],
)
def test_subcommands_in_a_process(argv: list[str]) -> None:
    done = process(*argv)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout
    assert "\x1b[" not in done.stdout  # not a terminal: plain text


@pytest.mark.parametrize(
    "argv",
    [
        ["--seed", "x"],
        ["table", "--players", "1"],
        ["score", "8Q"],
        ["legal", "--seed", "1", "--actions", "6S, 6S"],
        ["simulate", "-n", "-3"],
        ["play", "--seat", "9"],
    ],
    ids=["demo", "table", "score", "legal", "simulate", "play"],
)
def test_bad_input_in_a_process(argv: list[str]) -> None:
    done = process(*argv)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert "error: " in done.stderr
    assert "Traceback" not in done.stderr


def test_an_illegal_action_in_a_process_exits_with_1() -> None:
    done = process("legal", "--seed", "1", "--actions", "7H", "--action", "6S")
    assert done.returncode == 1
    assert "does not outrank the standing bid 7H" in done.stdout


def test_play_a_game_through_stdin_in_a_process() -> None:
    done = process("play", "--seed", "3", "--target", "150", stdin="1\n" * 2000)
    assert done.returncode == 0, done.stderr
    assert re.search(r"You (win!|lose\.) .* the game\.\n$", done.stdout)


def test_help_in_a_process() -> None:
    done = process("play", "--help")
    assert done.returncode == 0
    assert done.stdout.startswith("usage: python -m five_hundred play")


# -- the documentation's examples ----------------------------------------------------

COMMAND = "$ python -m five_hundred "
SCRIPT = "$ .venv/bin/five-hundred "
"""The README's form: the venv's script runs in a fresh shell after the quick start."""


def _console_blocks(path: Path) -> list[list[str]]:
    """The console blocks of a Markdown or reStructuredText file, as lines."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".md":
        return [
            block.splitlines()
            for block in re.findall(r"```console\n(.*?)```", text, re.DOTALL)
        ]
    blocks = []
    lines = text.splitlines()
    for index, line in enumerate(lines):
        if line.strip() != ".. code-block:: console":
            continue
        block = []
        for body in lines[index + 2 :]:
            if body and not body.startswith("   "):
                break
            block.append(body[3:])
        while block and not block[-1]:
            block.pop()
        blocks.append(block)
    return blocks


def _shown_commands() -> list[tuple[str, str, str]]:
    """Every ``$ python -m five_hundred ...`` shown with its output in the docs."""
    paths = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.rst"))]
    found = []
    for path in paths:
        for block in _console_blocks(path):
            command: str | None = None
            output: list[str] = []
            for line in [*block, COMMAND]:
                if line.startswith("$ "):
                    if command is not None and output:
                        name = f"{path.name}: {command}"
                        found.append((name, command, "\n".join(output) + "\n"))
                    command, output = None, []
                    for prefix in (COMMAND, SCRIPT):
                        if line.startswith(prefix) and "|" not in line:
                            command = line[len(prefix) :]
                elif command is not None:
                    output.append(line)
    return found


SHOWN = _shown_commands()


def test_the_readme_commands_run_in_a_fresh_shell() -> None:
    # After the quick start the venv is not active: a bare python -m five_hundred
    # would run the system Python, without the package.
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = [
        line.removeprefix("$ ")
        for line in readme.splitlines()
        if "five_hundred" in line or "five-hundred" in line
    ]
    bare = [
        line
        for line in commands
        if line.startswith(("python -m five_hundred", "five-hundred"))
    ]
    assert bare == []
    assert any(line.startswith(".venv/bin/five-hundred ") for line in commands)


def test_the_documentation_shows_commands() -> None:
    names = {name.split(":")[0] for name, _, _ in SHOWN}
    assert {"README.md", "cli.rst", "validate-moves.rst"} <= names


@pytest.mark.parametrize(
    ("command", "expected"), [s[1:] for s in SHOWN], ids=[s[0] for s in SHOWN]
)
def test_the_documentation_shows_real_output(
    capsys: pytest.CaptureFixture[str], command: str, expected: str
) -> None:
    main(shlex.split(command))
    out, err = capsys.readouterr()
    assert out + err == expected


def test_watch_shows_a_whole_game_between_computer_players(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = play(
        capsys, monkeypatch, "", "--seat", "none", "--seed", "2", "--target", "150"
    )
    assert out.startswith("Five Hundred: computer players only.\n")
    assert "\n  seat 3: " in out  # every hand is shown at the deal
    assert "Seat 1 leads JK.\nSeat 2 plays 6C.\n" in out
    assert (
        "\nStatus: contract 6C by seat 1 | tricks 0+2: 0, 1+3: 1 | scores 0+2: 0" in out
    )
    assert re.search(r"\nSeats . and . win the game\.\n$", out)
    watched, _ = run(capsys, "watch", "--seed", "2", "--target", "150", "--delay", "0")
    assert watched == out


def test_play_auto_plays_a_forced_card_and_confirms_every_action(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = play(capsys, monkeypatch, "1\n" * 12, "--seed", "3", "--hands", "1", "--auto")
    assert "You call PASS.\n" in out
    assert "Seat 2 takes the kitty and discards 3 cards.\n" in out
    assert "You lead trick 2.\n" in out
    assert "Your only legal card is played for you.\nYou play 9C.\n" in out
    assert out.rstrip().endswith("Stopped after 1 hand.")


def test_play_rules_summary_follows_the_rules_in_force(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    script = "\nrules\nq\ny\n\n"
    out = play(capsys, monkeypatch, script, "--seed", "1", "--american", "--perfect")
    assert (
        "Auction: one round of bidding; bids run from 6S (20) to 10NT (500) on" in out
    )
    out = play(capsys, monkeypatch, script, "--seed", "1", "--no-misere")
    assert "Also: sans-kitty bids (7H-SK)." in out
    assert "misère MIS" not in out


def test_play_load_resumes_and_refuses_what_it_cannot(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    saved = tmp_path / "game.txt"
    play(capsys, monkeypatch, "\n1\nq\ny\n", "--seed", "3", "--save", str(saved))
    out = play(capsys, monkeypatch, "1\nq\ny\n\n", "--load", str(saved))
    # The hand and move count come first, so a long path wraps after them.
    assert re.search(r"Resuming hand 1, \d+ moves into it, from", out)
    assert "Trick 1 so far: seat 2 JC, seat 3 8C" in out
    assert "You play JK." in out
    assert "--seed" in run_bad(capsys, "play", "--load", str(saved), "--seed", "1")
    err = run_bad(capsys, "play", "--load", str(saved), "--players", "5")
    assert "drop the rules options" in err
    finished = tmp_path / "over.txt"
    play(
        capsys,
        monkeypatch,
        "",
        "--seat",
        "none",
        "--seed",
        "2",
        "--target",
        "150",
        "--save",
        str(finished),
    )
    assert "that game is over" in run_bad(capsys, "play", "--load", str(finished))


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--seat", "x"], "argument --seat: expected a seat number or none, got 'x'"),
        (["--delay", "-1"], "argument --delay: expected seconds from 0 to 60"),
        (["--delay", "soon"], "argument --delay: expected seconds from 0 to 60"),
    ],
)
def test_play_refuses_bad_seat_and_delay(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert message in run_bad(capsys, "play", *argv)


# -- JSON for scripts ---------------------------------------------------------------


def run_json(capsys: pytest.CaptureFixture[str], *argv: str, status: int = 0) -> Any:
    out, err = run(capsys, *argv, "--json", status=status)
    assert err == ""
    return json.loads(out)


def test_score_json_agrees_with_the_text(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "score", "7NT", "--tricks", "6", "--scores", "450,300")
    assert data == {
        "bid": "7NT",
        "value": 220,
        "made": False,
        "contracting_side": 0,
        "contractor_sides": [0],
        "tricks": [6, 4],
        "result": [-220, 40],
        "scores_before": [450, 300],
        "scores_after": [230, 340],
        "winners": [],
    }
    text, _ = run(capsys, "score", "7NT", "--tricks", "6", "--scores", "450,300")
    assert "-220" in text
    assert "230" in text


def test_score_without_tricks_says_what_the_bid_is_worth(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out, _ = run(capsys, "score", "8H")
    assert out == (
        "8H is worth 300.\n"
        "Made (the contractors take 8 tricks or more): +300 (defenders: side 1 +20).\n"
        "Set (the contractors take 7 tricks): -300 (defenders: side 1 +30).\n"
    )
    out, _ = run(capsys, "score", "MIS")
    assert "Set (the contractor takes a trick): -250.\n" in out
    data = run_json(capsys, "score", "8H", "--players", "3")
    assert data == {
        "bid": "8H",
        "value": 300,
        "contracting_side": 0,
        "made": [300, 10, 10],
        "set": [-300, 20, 10],
    }


def test_table_json_and_a_title_that_names_the_table_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = run_json(capsys, "table", "--no-blind-misere")
    assert data["values"]["6S"] == 40
    assert data["values"]["10NT"] == 520
    assert data["values"]["MIS"] == 250
    assert "BMIS" not in data["values"]
    assert data["rules"]["blind_misere"] is False
    assert len(data["values"]) == 27
    out, _ = run(capsys, "table", "--perfect")
    assert out.splitlines()[0] == "Scoring table, 4 players, 2 sides, perfect table"


def test_legal_json_lists_actions_and_gives_the_refusal_code(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = run_json(capsys, "legal", "--seed", "1", "--actions", "PASS")
    assert data["phase"] == "bidding"
    assert data["to_act"] == 2
    assert data["legal"][:3] == ["PASS", "6S", "6S-SK"]
    data = run_json(
        capsys,
        "legal",
        "--seed",
        "1",
        "--actions",
        "PASS 6H",
        "--action",
        "6S",
        status=1,
    )
    assert data["legal"] is False
    assert data["code"] == "bid-too-low"
    assert data["reason"] == "it does not outrank the standing bid 6H"
    data = run_json(
        capsys, "legal", "--seed", "1", "--actions", "PASS 6H", "--action", "7S"
    )
    assert (data["legal"], data["code"], data["reason"]) == (True, None, None)


def test_simulate_json_counts_every_hand(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "simulate", "-n", "30", "--seed", "1")
    assert data["hands"] == 30
    bid = sum(row["bid"] for row in data["contracts"].values())
    assert bid + data["thrown_in"] == 30
    assert all(0 <= row["made"] <= row["bid"] for row in data["contracts"].values())
    assert data["rules"]["players"] == 4


def test_legal_reads_the_short_forms_the_game_reads(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from tests.random_games import play_random_game

    from five_hundred import Phase, PlayCard, Rules, legal_actions, record

    state = next(
        state
        for seed in range(50)
        for state in play_random_game(Rules(), seed, max_hands=1)
        if state.phase is Phase.PLAY
        and any(
            isinstance(a, PlayCard) and a.card.rank is not None and a.suit is None
            for a in legal_actions(state)
        )
    )
    saved = tmp_path / "game.txt"
    saved.write_text(record(state).to_text(), encoding="utf-8")
    plays = [a for a in legal_actions(state) if isinstance(a, PlayCard)]
    short = str(plays[0].card).lower()  # "10s", "ks", ...
    out, _ = run(capsys, "legal", str(saved), "--action", short)
    assert f"PLAY {plays[0].card} is legal." in out
    held = set(state.hand_of(state.to_act or 0)) - {p.card for p in plays}
    if held:  # a card held that may not be played: refused as a play, not unread
        other = str(sorted(held, key=str)[0]).lower()
        out, _ = run(capsys, "legal", str(saved), "--action", other, status=1)
        assert "Illegal play" in out


def test_a_declined_nomination_is_not_announced_to_the_other_seats() -> None:
    from five_hundred import NominateJoker, Suit
    from five_hundred.cli._output import _Out
    from five_hundred.cli.play import _announce

    state = new_game(seed=1)
    for human, action, shown in (
        (0, NominateJoker(None), ""),
        (None, NominateJoker(None), "Seat 1 nominates the Joker: no suit.\n"),
        (0, NominateJoker(Suit.HEARTS), "Seat 1 nominates the Joker: hearts.\n"),
        (1, NominateJoker(None), "You nominate the Joker: no suit.\n"),
    ):
        stream = io.StringIO()
        _announce(_Out(stream, colour=False), action, 1, state, human)
        assert stream.getvalue() == shown
