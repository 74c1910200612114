"""The hand review: double-dummy values checked, errors found, every record reviewed."""

import functools
import json
from collections.abc import Sequence
from pathlib import Path

import attrs
import pytest

from five_hundred import (
    Action,
    GameRecord,
    GameState,
    IllegalActionError,
    InvalidStateError,
    MisereBid,
    Phase,
    PlayCard,
    RandomPlayer,
    RuleBasedPlayer,
    Rules,
    apply,
    legal_actions,
    new_game,
    new_hand,
    next_hand,
    play_game,
    play_hand,
    record,
    review,
    score_hand,
    side_of,
    solve_plays,
    view,
)
from five_hundred.analysis import ChoiceReview, GameReview
from five_hundred.cli import main

THREE = Rules(players=3)


def _minimax(state: GameState, team: frozenset[int], misere: bool) -> int:
    """The contracting side's tricks to come, by a plain search of every line."""
    if state.phase is not Phase.PLAY or state.to_act is None:
        return 0
    before = sum(state.tricks_won_by_seat[seat] for seat in team)
    values = []
    for action in legal_actions(state):
        after = apply(state, action)
        gained = sum(after.tricks_won_by_seat[seat] for seat in team) - before
        values.append(gained + _minimax(after, team, misere))
    maximise = (state.to_act in team) != misere
    return max(values) if maximise else min(values)


def _random_hand(rules: Rules, seed: int) -> GameState:
    """A hand played to its end by random players (bidding again after a throw-in)."""
    state = new_game(rules, seed=seed)
    players = [RandomPlayer(seed + seat) for seat in range(rules.players)]
    while True:
        state = play_hand(state, players)
        if state.contract is not None:
            return state
        state = next_hand(state)


def _states(start: GameState, actions: Sequence[Action]) -> list[GameState]:
    states = [start]
    for action in actions:
        states.append(apply(states[-1], action))
    return states


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (3, 2), (4, 3), (4, 5)])
def test_values_of_the_last_tricks_agree_with_a_plain_search(
    players: int, seed: int
) -> None:
    rules = Rules(players=players)
    state = _random_hand(rules, seed)
    hand = review(state, hand=state.hand_number + 1, bid_samples=0).hands[0]
    saved = record(state).hands[-1]
    start = apply_start(state)
    states = _states(start, saved.actions)
    checked = 0
    for choice in hand.choices:
        before = states[choice.number - 1]
        if choice.kind != "play" or before.tricks_played < 7:
            continue
        contract = before.contract
        assert contract is not None
        team = before.contracting_seats
        misere = isinstance(contract.bid, MisereBid)
        done = sum(before.tricks_won_by_seat[seat] for seat in team)
        assert choice.tricks_best == done + _minimax(before, team, misere)
        after = states[choice.number]
        gained = sum(after.tricks_won_by_seat[s] for s in team) - done
        assert choice.tricks_made == done + gained + _minimax(after, team, misere)
        for best in choice.best or ():
            assert best in legal_actions(before)
        checked += 1
    assert checked >= 3 * players  # the last three tricks


def apply_start(state: GameState) -> GameState:
    """The state at the start of ``state``'s hand."""
    saved = record(state).hands[-1]
    before = tuple(s - r for s, r in zip(saved.scores, saved.result or (), strict=True))
    return new_hand(
        state.rules, saved.hands, saved.kitty, dealer=saved.dealer, scores=before
    )


def _best_for(state: GameState) -> PlayCard:
    """A best card of the seat to act, double-dummy."""
    values = solve_plays(state)
    team = state.contracting_seats
    contract = state.contract
    assert contract is not None
    maximise = (state.to_act in team) != isinstance(contract.bid, MisereBid)
    top = max(values.values()) if maximise else min(values.values())
    best = sorted((str(a), a) for a, v in values.items() if v == top)[0][1]
    assert isinstance(best, PlayCard)
    return best


def _to_the_play(rules: Rules, seed: int) -> GameState:
    state = new_game(rules, seed=seed)
    helper = RuleBasedPlayer()
    while state.phase is not Phase.PLAY:
        seat = state.to_act
        if seat is None:  # thrown in
            state = next_hand(state)
            continue
        state = apply(state, helper.choose(view(state, seat), seat))
    return state


def test_a_hand_played_double_dummy_perfectly_shows_no_loss() -> None:
    state = _to_the_play(THREE, 4)
    while state.phase is Phase.PLAY:
        state = apply(state, _best_for(state))
    hand = review(state, bid_samples=0).hands[-1]
    plays = [c for c in hand.choices if c.kind == "play"]
    assert len(plays) == 30
    assert all(not c.error and c.cost_tricks == 0 and c.cost_points == 0 for c in plays)
    assert {c.tricks_made for c in plays} == {hand.tricks}
    for seat in hand.seats:
        assert all(c.kind != "play" for c in seat.biggest)


def _blunder(rules: Rules, seeds: range) -> tuple[GameState, PlayCard, int]:
    """A hand steered to a position where one card of the contracting side loses the
    contract that its best card makes: the state, the card, its trick count."""
    for seed in seeds:
        state = _to_the_play(rules, seed)
        contract = state.contract
        assert contract is not None
        if isinstance(contract.bid, MisereBid):
            continue
        while state.phase is Phase.PLAY:
            team = state.contracting_seats
            done = sum(state.tricks_won_by_seat[s] for s in team)
            if state.to_act in team:
                values = solve_plays(state)
                top = max(values.values())
                for action, value in sorted(values.items(), key=lambda av: str(av[0])):
                    if done + top >= contract.bid.tricks > done + value:
                        assert isinstance(action, PlayCard)
                        return state, action, done + value
            state = apply(state, _best_for(state))
    msg = "no blunder found"
    raise AssertionError(msg)


@functools.cache
def _blunder_hand() -> tuple[GameState, int, int, PlayCard, int]:
    """The hand of :func:`_blunder` played on perfectly after the blunder: the last
    state, the blunder's number and seat, the card and the tricks it leaves."""
    state, blunder, tricks = _blunder(THREE, range(20))
    number = len(state.actions) + 1
    seat = state.to_act
    assert seat is not None
    state = apply(state, blunder)
    while state.phase is Phase.PLAY:
        state = apply(state, _best_for(state))
    return state, number, seat, blunder, tricks


@functools.cache
def _blunder_review() -> GameReview:
    return review(_blunder_hand()[0], bid_samples=0)


def test_a_card_that_loses_the_contract_is_found_with_its_cost() -> None:
    _, number, seat, blunder, tricks = _blunder_hand()
    hand = _blunder_review().hands[-1]
    found = next(c for c in hand.choices if c.number == number)
    assert found.seat == seat
    assert found.action == blunder
    assert found.error
    assert found.result_best in {"made", "slam"}
    assert found.result_made == "set"
    assert found.tricks_made == tricks == hand.tricks
    assert blunder not in (found.best or ())
    # the cost in points: the margin between the contractor and the defenders
    contract = hand.contract
    assert contract is not None
    assert found.tricks_best is not None
    rules = THREE

    def margin(taken: int) -> int:
        ours = side_of(rules, contract.contractor)
        others = [s for s in range(rules.sides) if s != ours]
        won = [0] * rules.sides
        won[ours] = taken
        won[others[0]] = 10 - taken
        changes = score_hand(contract.bid, won, {ours}, rules=rules)
        return changes[ours] - sum(changes[s] for s in others)

    assert found.cost_points == margin(found.tricks_best) - margin(tricks) > 0
    summary = hand.seats[found.seat]
    assert found in summary.biggest
    assert summary.points_lost >= found.cost_points


def _choices_expected(state: GameState) -> int:
    """The decisions a review solves in the last hand: every action but the calls
    and the partner call."""
    return sum(
        1
        for before in _states(apply_start(state), record(state).hands[-1].actions)[:-1]
        if before.phase in (Phase.DISCARD, Phase.NOMINATE, Phase.PLAY)
    )


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_record_the_library_writes_can_be_reviewed(
    players: int, tmp_path: Path
) -> None:
    rules = Rules(players=players, target=120)
    state = play_game([RandomPlayer(seat) for seat in range(players)], rules, seed=3)
    saved = record(state)
    last = len(saved.hands)
    result = review(saved, hand=last, bid_samples=0, time_limit=2)
    assert [h.number for h in result.hands] == [last]
    hand = result.hands[0]
    assert len(hand.choices) == _choices_expected(state)
    assert len(hand.calls) == sum(
        1 for action in saved.hands[-1].actions if type(action).__name__ in _CALLS
    )
    data = json.loads(json.dumps(result.to_dict()))
    assert data["hands"][0]["number"] == last
    assert GameRecord.from_json(saved.to_json()) == saved
    path = tmp_path / "game.txt"
    path.write_text(saved.to_text())
    command = ["review", str(path), "--hand", "1", "--json", "--bid-samples", "0"]
    assert main([*command, "--time-limit", "1"]) == 0


_CALLS = {"TrickBid", "MisereBid", "Pass"}


def test_a_game_state_mid_hand_is_reviewed_so_far() -> None:
    state = _to_the_play(THREE, 6)
    for _ in range(4):
        state = apply(state, legal_actions(state)[0])
    hand = review(state, bid_samples=0).hands[-1]
    assert hand.tricks is None
    assert hand.result is None
    assert [c.kind for c in hand.choices][-4:] == ["play"] * 4


def test_calls_are_estimated_by_the_advisor() -> None:
    state = play_hand(new_game(THREE, seed=6), [RuleBasedPlayer()] * 3)
    hand = review(state, bid_samples=1).hands[-1]
    assert hand.contract is None  # thrown in: the calls alone
    assert len(hand.calls) == 3
    assert not hand.choices
    for call in hand.calls:
        assert call.expected_best is not None
        assert call.best is not None
        if call.expected_made is not None:
            assert call.cost == max(0.0, call.expected_best - call.expected_made)
        expected = [e.expected for e in call.estimates]
        assert expected == sorted(expected, reverse=True)


def test_a_time_limit_leaves_decisions_unsolved() -> None:
    state = _random_hand(Rules(players=6), 1)
    hand = review(state, bid_samples=0, time_limit=0.05).hands[-1]
    assert not hand.complete
    unsolved = [c for c in hand.choices if c.best is None]
    assert unsolved
    assert all(c.cost_tricks is None and not c.error for c in unsolved)


def test_a_node_limit_bounds_the_search_the_same_on_every_run() -> None:
    state = _random_hand(Rules(players=4), 3)
    full = review(state, bid_samples=0).hands[-1]
    assert full.complete
    assert not any(c.bounded for c in full.choices)
    # a limit the hand never reaches changes nothing
    assert review(state, bid_samples=0, node_limit=10**7).hands[-1] == full
    cut = review(state, bid_samples=0, node_limit=2).hands[-1]
    assert not cut.complete
    bounded = [c for c in cut.choices if c.bounded]
    assert bounded
    assert all(c.best is None and c.cost_tricks is None for c in bounded)
    assert all(not c.error for c in bounded)
    # the last trick needs no node: the search stops at the same places every time
    assert cut.choices[-1].best is not None
    assert review(state, bid_samples=0, node_limit=2).hands[-1] == cut
    # and in the time limit's worker process, whose results come back as copies
    six = _random_hand(Rules(players=6), 1)
    alone = review(six, bid_samples=0, node_limit=2).hands[-1]
    assert review(six, bid_samples=0, node_limit=2, time_limit=60).hands[-1] == alone
    assert [c.bounded for c in alone.choices if c.kind == "nominate"] == [True]
    solved = {i for i, c in enumerate(cut.choices) if not c.bounded}
    assert all(
        cut.choices[i] == full.choices[i]
        for i in solved
        if cut.choices[i].kind == "play"
    )
    assert json.loads(json.dumps(cut.to_dict()))["choices"][0]["bounded"] in (
        True,
        False,
    )


def test_bad_input_gets_typed_errors(tmp_path: Path) -> None:
    state = _random_hand(THREE, 2)
    saved = record(state)
    with pytest.raises(TypeError, match="GameRecord"):
        review(saved.to_text())  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="hand"):
        review(saved, hand=len(saved.hands) + 1)
    with pytest.raises(InvalidStateError, match="bid_samples"):
        review(saved, bid_samples=-1)
    with pytest.raises(InvalidStateError, match="time_limit"):
        review(saved, time_limit=0)
    for limit in (0, -5, 1.5, True):
        with pytest.raises(InvalidStateError, match="node_limit"):
            review(saved, node_limit=limit)  # type: ignore[arg-type]
    last = saved.hands[-1]
    assert last.result is not None
    before = tuple(s - r for s, r in zip(last.scores, last.result, strict=True))
    wrong = (*last.actions[:-1], last.actions[0])  # a call in the play of the cards
    changed = attrs.evolve(last, actions=wrong, result=None, scores=before)
    bad = GameRecord(saved.rules, saved.seed, (*saved.hands[:-1], changed))
    with pytest.raises(IllegalActionError):
        review(bad)
    path = tmp_path / "bad.txt"
    path.write_text("[Rules]\nplayers = 9\n")
    assert main(["review", str(path)]) == 2
    path.write_text(saved.to_text())
    assert main(["review", str(path), "--seat", "7"]) == 2


def test_the_command_line_marks_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    state = _blunder_hand()[0]
    path = tmp_path / "game.txt"
    path.write_text(record(state).to_text())
    capsys.readouterr()
    assert main(["review", str(path), "--bid-samples", "0", "--progress", "never"]) == 0
    out = capsys.readouterr().out
    assert "ERROR" in out
    assert "set; best" in out
    assert "Summary" in out
    assert (
        main(["review", str(path), "--json", "--bid-samples", "0", "--seat", "1"]) == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert all(c["seat"] == 1 for h in data["hands"] for c in h["choices"])
    assert data["format"] == "five_hundred review"
    command = ["review", str(path), "--bid-samples", "0", "--progress", "never"]
    assert main([*command, "--node-limit", "1"]) == 0
    assert "not solved within the node limit" in capsys.readouterr().out
    assert main([*command, "--node-limit", "0"]) == 2
    assert "--node-limit" in capsys.readouterr().err


def test_results_are_frozen_values() -> None:
    result = _blunder_review()
    assert isinstance(result, GameReview)
    assert result == GameReview(result.rules, result.hands, result.seats, result.sides)
    assert hash(result) == hash(GameReview(*attrs.astuple(result, recurse=False)))
    choice = result.hands[-1].choices[0]
    assert isinstance(choice, ChoiceReview)
    with pytest.raises(AttributeError):
        choice.seat = 2  # type: ignore[misc]


def test_play_shows_the_review_after_each_hand(
    capsys: pytest.CaptureFixture[str],
) -> None:
    command = ["play", "--seat", "none", "--players", "3", "--seed", "2"]
    assert main([*command, "--hands", "1", "--review", "--delay", "0"]) == 0
    out = capsys.readouterr().out
    assert "Hand 1 (seat 0 dealt): 6S by seat 2, 7 tricks taken." in out
    assert "ERROR -2 tricks, -100: made; best 8C: set" in out


def test_cards_get_a_sampled_value_from_what_the_seat_knew() -> None:
    state = play_hand(new_game(THREE, seed=2), [RuleBasedPlayer()] * 3)
    saved = record(state).hands[-1]
    states = _states(apply_start(state), saved.actions)
    hand = review(state, bid_samples=0, play_samples=2).hands[-1]
    plays = [c for c in hand.choices if c.kind == "play"]
    for choice in plays:
        assert choice.sampled_best
        assert choice.sampled_cost is not None
        assert choice.sampled_cost >= 0
        legal = legal_actions(states[choice.number - 1])
        assert set(choice.sampled_best) <= set(legal)
        if len(legal) == 1:
            assert choice.sampled_cost == 0
    assert any(c.sampled_cost != c.cost_points for c in plays)
    assert review(state, bid_samples=0).hands[-1].choices[1].sampled_cost is None


def test_a_review_without_some_choices_counts_its_summaries_again() -> None:
    state = play_hand(new_game(seed=2), [RuleBasedPlayer()] * 4)
    hand = review(state, bid_samples=0).hands[0]
    assert hand.without() == hand
    hidden = hand.without("discard")
    assert [c for c in hand.choices if c.kind != "discard"] == list(hidden.choices)
    for kept, summary in zip(hidden.seats, hand.seats, strict=True):
        errors = [c for c in hidden.choices if c.seat == summary.seat and c.error]
        assert kept.errors == len(errors)
        assert kept.points_lost == sum(c.cost_points or 0 for c in errors)
        assert all(c.kind != "discard" for c in kept.biggest)
    for side in hidden.sides:
        own = [s for s in hidden.seats if s.seat in side.seats]
        assert side.points_lost == sum(s.points_lost for s in own)
    discard = next(c for c in hand.choices if c.kind == "discard")
    before, after = hand.seats[discard.seat], hidden.seats[discard.seat]
    assert before.points_lost - after.points_lost == (discard.cost_points or 0)
