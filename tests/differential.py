"""The differential test of the two builds: a transcript of seeded random hands.

Run ``python -m tests.differential --hands 10000`` from the repository root with each
build's interpreter (the pure editable install, the compiled wheel in its own venv)
and compare the outputs: ``.ci/run`` does, and they must be identical.  The transcript
of each hand holds every legal-action list, every action, every state (its phase, seat
to act and card fields, and at the end its whole record as JSON), every score, a
playout from the first lead, and refusals: an illegal action and a wrong-typed one at
every step, with the error's type and message.  Hands cycle through player counts 2 to
6 and rule sets that switch the auction, the Joker and the scoring options.

The output is one line per block of hands with a digest of its transcripts (so that a
mismatch points at the block to replay), then the totals.
"""

import argparse
import hashlib
import random
import sys
from collections.abc import Iterator, Sequence
from typing import Any

from five_hundred import (
    Action,
    FiveHundredError,
    GameState,
    JokerLeadSuit,
    Phase,
    Rules,
    apply,
    compiled,
    explain_illegal,
    legal_actions,
    new_game,
    parse_action,
    record,
)
from five_hundred._engine.core import SETUP
from five_hundred.search.playout import playout
from five_hundred.state import record_of
from tests.random_games import random_action

__all__ = ["RULE_SETS", "hand_transcript", "main", "transcripts"]

RULE_SETS: tuple[Rules, ...] = (
    *(Rules.for_players(players) for players in (2, 3, 4, 5, 6)),
    Rules.for_players(6, six_player_sides=3),
    Rules.american(),
    Rules.american(players=3),
    Rules(
        joker_lead_suit=JokerLeadSuit.ANY,
        joker_follows_only_when_void=False,
        joker_nomination=False,
    ),
    Rules(
        players=5,
        joker_lead_suit=JokerLeadSuit.NOT_SHOWN_VOID,
        joker_lead_only_last_trick=True,
        five_player_partner=False,
    ),
    Rules(
        raise_after_all_pass=True,
        misere_needs_seven=False,
        misere_joker_forced_when_void=False,
        slam_bonus=False,
        defender_cap=60,
    ),
    Rules(players=3, single_round_auction=True, open_misere_top=True),
)
"""The rule sets the hands cycle through (hand ``i`` uses ``RULE_SETS[i % 12]``)."""

BLOCK = 1000
"""Hands per digest line."""


def _refusal(state: GameState, action: Any) -> str:
    """Why ``apply`` refuses ``action``: the error's type and message."""
    try:
        apply(state, action)
    except (FiveHundredError, TypeError) as error:
        return f"{type(error).__name__}: {error}"
    return "accepted"


_ATTEMPTS = tuple(
    parse_action(text)
    for text in ("PASS", "6S", "10NT", "MIS", "PLAY JK:H", "PLAY AS", "NOMINATE H")
)


def _illegal(actions: Sequence[Action], rng: random.Random) -> Action:
    """An action that is not legal now (no state allows both PASS and NOMINATE H)."""
    start = rng.randrange(len(_ATTEMPTS))
    for shift in range(len(_ATTEMPTS)):
        attempt = _ATTEMPTS[(start + shift) % len(_ATTEMPTS)]
        if attempt not in actions:
            return attempt
    raise AssertionError(actions)  # pragma: no cover


def hand_transcript(index: int) -> Iterator[str]:
    """The lines of hand ``index``: its rules, then one line per step, then the end."""
    rules = RULE_SETS[index % len(RULE_SETS)]
    rng = random.Random(index)
    state = new_game(rules, seed=index, dealer=index % rules.players)
    yield f"hand {index} players={rules.players} rules={index % len(RULE_SETS)}"
    played_out = False
    while state.to_act is not None:
        core = record_of(state)
        actions = legal_actions(state)
        yield f"{state.phase.name} {state.to_act} {core[1:3]} {core[7:]}"
        yield " ".join(map(str, actions))
        bad = _illegal(actions, rng)
        yield f"{bad}: {explain_illegal(state, bad)}"
        yield _refusal(state, bad)
        yield _refusal(state, index)  # not an action at all: a TypeError
        if state.phase is Phase.PLAY and not played_out:
            played_out = True
            result = playout(state, rng=random.Random(index))
            yield f"playout {core[SETUP]} {result}"
        action = random_action(state, rng)
        yield f"-> {action}"
        state = apply(state, action)
    yield f"{state.phase.name} {state.hand_result} {state.scores} {state.tricks_won}"
    yield record(state).to_json()


def transcripts(start: int, hands: int) -> Iterator[tuple[int, str]]:
    """``(hand index, transcript digest)`` for hands ``start`` .. ``start + hands - 1``."""
    for index in range(start, start + hands):
        digest = hashlib.sha256()
        for line in hand_transcript(index):
            digest.update(line.encode())
            digest.update(b"\n")
        yield index, digest.hexdigest()


def main(hands: int, start: int = 0, block_size: int = BLOCK) -> list[str]:
    """The report lines: one digest per block of ``block_size`` hands, then the total."""
    lines: list[str] = []
    total = hashlib.sha256()
    block = hashlib.sha256()
    for index, digest in transcripts(start, hands):
        block.update(digest.encode())
        total.update(digest.encode())
        if (index - start + 1) % block_size == 0 or index == start + hands - 1:
            lines.append(
                f"hands {index - (index - start) % block_size}..{index} {block.hexdigest()}"
            )
            block = hashlib.sha256()
    lines.append(f"{hands} hands from {start}: {total.hexdigest()}")
    return lines


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--start", type=int, default=0)
    args = parser.parse_args()
    print(f"engine: {'compiled' if compiled else 'pure Python'}", file=sys.stderr)
    for line in main(args.hands, args.start):
        print(line)
