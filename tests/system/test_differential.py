"""The differential test's transcripts (``tests/differential.py``) record what they claim.

``.ci/run`` compares the transcripts of the pure and the compiled build over 10,000
hands; these tests check, in one build, that a transcript is reproducible and holds
the actions, refusals, playouts and scores that comparison relies on.
"""

from tests.differential import RULE_SETS, hand_transcript, main

from five_hundred import Rules
from five_hundred.records import GameRecord


def test_rule_sets_cover_every_player_count() -> None:
    assert {rules.players for rules in RULE_SETS} == {2, 3, 4, 5, 6}
    assert len(set(RULE_SETS)) == len(RULE_SETS)
    assert Rules() in RULE_SETS


def test_a_transcript_is_reproducible_and_seeded() -> None:
    assert list(hand_transcript(7)) == list(hand_transcript(7))
    assert list(hand_transcript(7)) != list(hand_transcript(7 + len(RULE_SETS)))


def test_a_transcript_holds_actions_refusals_playout_and_record() -> None:
    lines = list(hand_transcript(2))
    assert lines[0] == "hand 2 players=4 rules=2"
    assert any(line.startswith("-> PLAY ") for line in lines)
    assert any(line.startswith("IllegalBidError: illegal bid") for line in lines)
    assert any(line.startswith("IllegalPlayError: ") for line in lines)
    assert "TypeError: expected an Action; got the int '2'" in lines
    assert sum(line.startswith("playout ") for line in lines) == 1
    final = GameRecord.from_json(lines[-1]).replay()
    assert lines[-2].startswith(f"{final.phase.name} {final.hand_result}")


def test_main_reports_a_digest_per_block_and_a_total() -> None:
    lines = main(3, start=5, block_size=2)
    assert [line.split()[1] for line in lines[:-1]] == ["5..6", "7..7"]
    assert lines[-1].startswith("3 hands from 5: ")
    assert main(2, start=5)[-1] != main(2, start=6)[-1]
