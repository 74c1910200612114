"""The sampling player, the duplicate match and the bid advisor."""

import re

import pytest

from five_hundred import (
    InvalidStateError,
    Phase,
    RandomPlayer,
    RuleBasedPlayer,
    Rules,
    apply,
    bid_value,
    legal_actions,
    new_game,
    parse_cards,
    play_hand,
    view,
)
from five_hundred.cli import main
from five_hundred.sampling import SamplingPlayer, advise_bids, duplicate_match


def _endgame(seed: int, left: int) -> tuple[object, int]:
    state = new_game(seed=seed)
    bot = RuleBasedPlayer()
    while state.to_act is not None and (
        state.phase is not Phase.PLAY or 10 - state.tricks_played > left
    ):
        seat = state.to_act
        state = apply(state, bot.choose(view(state, seat), seat))
    assert state.to_act is not None
    return state, state.to_act


def test_plays_whole_hands_legally_and_replays_from_its_seed() -> None:
    for players in (3, 4, 5, 6):
        rules = Rules.for_players(players)

        def finish(seed: int, rules: Rules = rules) -> tuple[object, ...]:
            bots = [
                SamplingPlayer(budget=None, samples=3, seed=s)
                for s in range(rules.players)
            ]
            return play_hand(new_game(rules, seed=seed), bots).actions

        assert finish(2) == finish(2)


def test_a_spent_budget_still_gives_a_legal_action() -> None:
    state, seat = _endgame(3, 4)
    player = SamplingPlayer(budget=0.0, samples=50)
    assert player.choose(view(state, seat), seat) in legal_actions(state)  # type: ignore[arg-type]


def test_bad_views_and_settings_are_typed_errors() -> None:
    state, seat = _endgame(3, 4)
    player = SamplingPlayer()
    other = (seat + 1) % 4
    with pytest.raises(InvalidStateError, match="view is seat"):
        player.choose(view(state, other), seat)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="not to act"):
        player.choose(view(state, other), other)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="SeatView"):
        player.choose(state, seat)  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="samples"):
        SamplingPlayer(samples=0)
    with pytest.raises(InvalidStateError, match="solve_tricks"):
        SamplingPlayer(solve_tricks=11)


def test_a_player_against_itself_is_even() -> None:
    result = duplicate_match(RuleBasedPlayer(), RuleBasedPlayer(), deals=4, seed=1)
    assert result.differences == (0.0,) * 4
    assert (result.low, result.mean, result.high) == (0.0, 0.0, 0.0)
    assert result.bid[0] == result.bid[1]
    assert result.made[0] == result.made[1]


def test_a_match_reports_each_deal_and_the_interval() -> None:
    result = duplicate_match(
        RuleBasedPlayer(), RandomPlayer(1), deals=3, rules=Rules.three_player(), seed=5
    )
    assert result.deals == len(result.differences) == 3
    assert result.low <= result.mean <= result.high
    assert result.mean == pytest.approx(sum(result.differences) / 3)
    assert all(t >= 0 for t in result.seconds)
    with pytest.raises(InvalidStateError, match="deals"):
        duplicate_match(RuleBasedPlayer(), RuleBasedPlayer(), deals=0)


def test_advice_gives_chances_and_expected_scores() -> None:
    rules = Rules.two_player()
    hand = parse_cards("JK JH JD AH KH QH 10S AS KC 10D")
    advice = advise_bids(hand, rules, samples=2, seed=3)
    assert advice
    for item in advice:
        assert 0 <= item.chance <= 1
        value = bid_value(item.bid, rules)
        assert item.expected == pytest.approx(value * (2 * item.chance - 1))
    assert [a.expected for a in advice] == sorted(
        (a.expected for a in advice), reverse=True
    )
    with pytest.raises(InvalidStateError, match="ten distinct cards"):
        advise_bids(hand[:9], rules)


def test_match_and_advise_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["match", "rules", "random", "--deals", "2", "--progress", "never"]) == 0
    )
    out = capsys.readouterr().out
    assert re.search(r"A - B: [+-]\d+\.\d points a deal \(95% CI", out)
    hand = "JK JH JD AH KH QH 10S AS KC 10D"
    assert main(["advise", "--players", "2", "--hand", hand, "--samples", "1"]) == 0
    out = capsys.readouterr().out
    assert "made %" in out
    assert "expected" in out
