"""The command line in a real pseudo-terminal (pexpect), as a person uses it.

The other command-line tests feed ``play`` a piped stdin; these run the installed
program in a pseudo-terminal, so that what is checked is what a player sees: the
prompts, the answers to wrong input, quitting, saving and resuming, and what
``simulate`` writes to a file while the terminal shows its progress.
"""

import os
import re
import sys
from pathlib import Path

import pexpect
from tests.random_games import play_random_game

from five_hundred import Phase, Rules, record

TIMEOUT = 20
BLIND = r"blind misère \(BMIS\), before looking at your cards\? \(y/N\) "
"""The question at a player's first call of a hand, before the hand is shown."""


def spawn(*argv: str, cwd: Path | None = None) -> "pexpect.spawn[str]":
    env = dict(os.environ, TERM="xterm", COLUMNS="100", LINES="40")
    env.pop("NO_COLOR", None)
    env.pop("FORCE_COLOR", None)
    return pexpect.spawn(
        sys.executable,
        ["-m", "five_hundred", *argv],
        encoding="utf-8",
        timeout=TIMEOUT,
        env=env,
        cwd=cwd,
        dimensions=(40, 100),
    )


def finish(child: "pexpect.spawn[str]") -> int:
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus is not None
    return int(child.exitstatus)


def quit_saving(child: "pexpect.spawn[str]", saved: Path) -> None:
    """Answer the offer to quit (after q or Ctrl-C): yes, saving to ``saved``."""
    child.expect("Quit the game\\? \\(y/n\\) ")
    child.sendline("y")
    child.expect("Enter to quit unsaved: ")
    child.sendline(str(saved))
    child.expect("Game saved to")
    child.expect("Game abandoned.")
    assert finish(child) == 0
    assert saved.is_file()


def play_a_hand(*argv: str) -> str:
    """Play hand 1 of seed 3 choosing option 1 each time; what the screen showed."""
    child = spawn("play", "--seed", "3", "--hands", "1", *argv)
    child.expect("you are seat 0, partnered with seat 2")
    seen = ""
    while True:
        index = child.expect(["\r\n> ", "Stopped after 1 hand.", BLIND])
        seen += child.before or ""
        if index == 1:
            break
        child.sendline("1" if index == 0 else "")
    assert finish(child) == 0
    return seen


def test_play_a_whole_hand_in_colour() -> None:
    seen = play_a_hand()
    assert "\x1b[" in seen  # colour on a terminal
    assert "[/" not in seen  # and no markup left over
    plain = re.sub(r"\x1b\[[0-9;]*m", "", seen)
    assert "Status: contract 7♣ by seat 2 | tricks 0+2: " in plain
    assert "Trick 10: " in plain


def test_play_a_whole_hand_in_a_terminal() -> None:
    seen = play_a_hand("--color", "never")
    assert "You call PASS." in seen
    assert "Contract: 7C by seat 2." in seen
    assert "You lead trick 2." in seen
    assert re.search(
        r"Status: contract 7C by seat 2 \| tricks 0\+2: \d+, 1\+3: \d+", seen
    )
    assert "Trick 10: " in seen
    assert "Seats 0 and 2 made 7C" in seen


def test_play_answers_wrong_input_at_every_prompt(tmp_path: Path) -> None:
    # Seed 8, seat 1: seat 1 calls first, bids 10NT, takes the kitty and holds the
    # Joker, so the bidding, discard, nomination and play prompts all come up.
    child = spawn("play", "--seed", "8", "--seat", "1", "--color", "never")
    child.expect(BLIND)
    assert "Your hand:" not in (child.before or "")  # asked before it is shown
    child.sendline("")
    child.expect("Your hand:")
    child.expect("Your call:")
    for wrong, answer in (("0", "0 is not a choice"), ("7Q", "'7Q' is not a call")):
        child.sendline(wrong)
        child.expect(answer)
    child.sendline("?")
    child.expect("BMIS, blind misère")
    child.sendline("bmis")
    child.expect("too late now that you have seen them")
    child.sendline("10NT")
    child.expect("Discard 3 cards")
    child.sendline("4d 5d")
    child.expect("must discard exactly 3 cards")
    child.sendline("4d 4d 6s")
    child.expect("4D is discarded twice")
    child.sendline("4d 5d 6s")
    child.expect("You take the kitty and discard")
    child.expect("Nominate the Joker's suit\\?")
    child.sendline("X")
    child.expect("expected a suit for the Joker")
    child.sendline("?")
    child.expect("S, C, D and H")
    child.expect("are the suits here")
    child.sendline("hint")
    child.expect("The computer would choose NOMINATE")
    child.sendline("h")
    child.expect("You nominate the Joker: hearts.")
    child.expect("You lead trick 1.")
    child.sendline("2C")
    child.expect("Invalid action|not in|does not hold|not your")
    child.sendline("as")
    child.expect("You lead AS.")
    child.expect("\r\n> ")
    child.sendline("rules")
    child.expect("A side wins at 500 or more")
    child.sendline("q")
    child.expect("Quit the game\\? \\(y/n\\) ")
    child.sendline("maybe")
    child.expect("Back to the game.")
    child.sendline("q")
    child.expect("Quit the game\\? ")
    child.sendline("y")
    child.expect("Type a file name, or Enter to quit unsaved: ")
    child.sendline(str(tmp_path / "no such folder" / "game.txt"))
    child.expect(r"cannot save to\s[\s\S]*?try another name\.")  # the path may wrap
    child.sendline("")
    child.expect("Game abandoned.")
    assert finish(child) == 0


def test_quit_saving_then_resume_with_load(tmp_path: Path) -> None:
    saved = tmp_path / "game.txt"
    child = spawn("play", "--seed", "3", "--color", "never")
    child.expect(BLIND)
    child.sendline("")
    child.expect("Your call:")
    child.sendline("1")  # pass
    child.expect("Your play:")
    child.sendline("q")
    quit_saving(child, saved)

    child = spawn("play", "--load", str(saved), "--color", "never")
    child.expect(r"Resuming hand 1, \d+ moves into it, from")
    child.expect("Trick 1 so far: seat 2 JC, seat 3 8C")
    child.expect("Your play:")
    child.sendline("JK")
    child.expect("You play JK.")
    child.expect("won by seat 0.")
    child.sendcontrol("d")  # the end of input: an error, not a quiet exit
    child.expect("error: the input ended before the game did")
    assert finish(child) == 2


def test_quit_without_saving() -> None:
    child = spawn("play", "--seed", "5", "--color", "never")
    child.expect(BLIND)
    child.sendline("")
    child.expect("\r\n> ")
    child.sendline("q")
    child.expect("Quit the game\\? ")
    child.sendline("y")
    child.expect("Enter to quit unsaved: ")
    child.sendline("")
    child.expect("Game abandoned.")
    assert finish(child) == 0


def test_simulate_to_a_file_shows_progress_on_the_terminal(tmp_path: Path) -> None:
    # stdout goes to a file and stderr stays on the terminal: the file gets the
    # statistics without an escape code, and the terminal shows the progress bar.
    target = tmp_path / "sim.txt"
    command = f"{sys.executable} -m five_hundred simulate -n 200 --seed 1 > {target}"
    child = pexpect.spawn(
        "/bin/sh",
        ["-c", command],
        encoding="utf-8",
        timeout=TIMEOUT,
        env=dict(os.environ, TERM="xterm"),
    )
    child.expect("simulating")
    assert finish(child) == 0
    text = target.read_text(encoding="utf-8")
    assert text.startswith("Simulated 200 hands")
    assert "\x1b" not in text


def test_play_answers_wrong_input_at_the_partner_call() -> None:
    # Five players, seed 1: seat 0 takes the contract with 10NT and calls a partner.
    child = spawn("play", "--seed", "1", "--players", "5", "--color", "never")
    child.expect(BLIND)
    child.sendline("")
    child.expect("Your call:")
    child.sendline("10NT")
    child.expect("Contract: 10NT by seat 0.")
    child.expect("Discard 3 cards")
    child.sendline("1")
    child.expect("Call a partner card \\(or play alone\\):")
    child.sendline("?")
    child.expect("whoever holds it is your partner")
    child.sendline("ZZ")
    child.expect("expected a partner card \\(AH\\) or ALONE")
    child.sendline("44")
    child.expect("44 is not a choice: type a number from 1 to 43")
    child.sendline("AS")
    child.expect("You call AS as partner card.")
    child.expect("Status: contract 10NT by seat 0")
    child.expect("You lead trick 1.")
    child.sendline("q")
    child.expect("Quit the game\\? ")
    child.sendline("y")
    child.expect("Enter to quit unsaved: ")
    child.sendline("")
    child.expect("Game abandoned.")
    assert finish(child) == 0


def _plain(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def _watch(columns: int) -> list[str]:
    """The lines ``watch`` shows for one six-player hand in a terminal that wide."""
    env = dict(os.environ, TERM="xterm", COLUMNS=str(columns), LINES="40")
    child = pexpect.spawn(
        sys.executable,
        [
            *("-m", "five_hundred", "watch", "--players", "6", "--seed", "2"),
            *("--hands", "1", "--delay", "0", "--color", "never"),
        ],
        encoding="utf-8",
        timeout=TIMEOUT,
        env=env,
        dimensions=(40, columns),
    )
    child.expect("Stopped after 1 hand.")
    seen = child.before or ""
    assert finish(child) == 0
    return _plain(seen).replace("\r\n", "\n").split("\n")


def test_the_status_line_fits_a_wide_terminal() -> None:
    lines = _watch(120)
    status = [line for line in lines if line.startswith("Status: contract")]
    assert status
    assert all(len(line) <= 120 for line in lines)
    assert any(len(line) > 80 for line in status)  # no wrap at 80 columns
    assert all("| scores " in line for line in status)  # one line each


def test_the_status_line_wraps_between_its_parts() -> None:
    lines = _watch(60)
    assert all(len(line) <= 60 for line in lines if " " in line.strip())
    for at, line in enumerate(lines):
        if line.startswith("Status: contract"):
            rest = lines[at + 1]
            assert rest.startswith("  ")  # the continuation of the status
            # Each piece is whole: a label with its value ("tricks 0+2+4: 3, ...").
            assert re.fullmatch(r"  (tricks|scores|Joker) .*", rest), rest


def test_ctrl_c_offers_to_save(tmp_path: Path) -> None:
    saved = tmp_path / "game.txt"
    child = spawn("play", "--seed", "3", "--color", "never")
    child.expect(BLIND)
    child.sendline("")
    child.expect("\r\n> ")
    child.sendintr()
    child.expect("Quit the game\\? \\(y/n\\) ")
    child.sendline("n")
    child.expect("Back to the game.")
    child.sendintr()
    quit_saving(child, saved)


def test_load_shows_the_hand_so_far_and_the_status_once(tmp_path: Path) -> None:
    found = next(
        state
        for seed in range(400)
        for state in play_random_game(Rules(), seed, max_hands=1)
        if state.phase is Phase.PLAY
        and state.joker_suit is not None
        and state.to_act == 0
        and state.trick
    )
    saved = tmp_path / "game.txt"
    saved.write_text(record(found).to_text(), encoding="utf-8")
    child = spawn("play", "--load", str(saved), "--color", "never")
    child.expect("Your play:")
    seen = child.before or ""
    assert seen.count("Status:") == 1
    assert "nominated the Joker: " in seen
    assert "Joker " in seen.split("Status:")[1]  # the nomination in the status
    assert "so far: " in seen
    child.sendline("q")
    child.expect("Quit the game\\? ")
    child.sendline("y")
    child.expect("Enter to quit unsaved: ")
    child.sendline("")
    assert finish(child) == 0
