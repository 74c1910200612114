"""The sampling player, the duplicate match and the bid advisor."""

import json
import random
import re
from typing import Any

import pytest

import five_hundred
from five_hundred import (
    Action,
    GameState,
    InvalidStateError,
    Phase,
    RandomPlayer,
    RuleBasedPlayer,
    Rules,
    SeatView,
    apply,
    bid_value,
    legal_actions,
    new_game,
    new_hand,
    parse_cards,
    play_hand,
    sampling,
    view,
)
from five_hundred._engine.api import play_setup
from five_hundred._engine.codes import codes_from_mask
from five_hundred._engine.core import SETUP, with_hands
from five_hundred._engine.playout import Policy, play_out
from five_hundred._engine.tables import context_key
from five_hundred._rules_of_thumb import (
    misere_discard,
    rule_discard,
    rule_policy,
    seat_friends,
    side_mask,
)
from five_hundred.bidding import MISERE, PASS, Pass, TrickBid, parse_bid
from five_hundred.bots import hand_strength
from five_hundred.cards import CARDS_BY_CODE, Strain, mask_from_cards
from five_hundred.cli import main
from five_hundred.parallel import Outcome
from five_hundred.sampling import SamplingPlayer, advise_bids, duplicate_match
from five_hundred.sampling import _simulation as sampling_simulation
from five_hundred.sampling import advice as sampling_advice
from five_hundred.sampling import player as sampling_player
from five_hundred.sampling._simulation import _BidSimulator, _fits, _shown
from five_hundred.sampling.player import _choice_of, _forced_first
from five_hundred.search import solver
from five_hundred.search.playout import choice_action
from five_hundred.state import record_of


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


def _hand_by(rules: Rules, seed: int, **settings: Any) -> tuple[object, ...]:
    """The actions of a hand that sampling players without budgets play legally."""
    bots = [
        SamplingPlayer(budget=None, bid_budget=None, **settings, seed=s)
        for s in range(rules.players)
    ]
    return play_hand(new_game(rules, seed=seed), bots).actions


def test_plays_whole_hands_legally_and_replays_from_its_seed() -> None:
    for players in (3, 4, 5, 6):
        rules = Rules.for_players(players)
        hand = _hand_by(rules, 2, samples=3, rollouts=1)
        assert hand == _hand_by(rules, 2, samples=3, rollouts=1)


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
    with pytest.raises(InvalidStateError, match="rollouts"):
        SamplingPlayer(rollouts=-1)


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


class _Unpicklable(RuleBasedPlayer):
    """A player that cannot go to another process (it holds a lambda)."""

    def __init__(self) -> None:
        super().__init__()
        self.hook = lambda: None


class _StopAt(RuleBasedPlayer):
    """Presses Ctrl-C at its first decision of the deals from ``seed`` on."""

    def __init__(self, seed: int) -> None:
        super().__init__()
        self.hands = {
            view(new_game(Rules(), seed=later), seat).hand
            for later in range(seed, seed + 10)
            for seat in range(4)
        }

    def choose(self, seen: SeatView | GameState, seat: int) -> Action:
        if isinstance(seen, SeatView) and seen.hand in self.hands:
            raise KeyboardInterrupt
        return super().choose(seen, seat)


def test_a_match_is_the_same_for_any_number_of_workers() -> None:
    sampler = SamplingPlayer(
        samples=3, bid_samples=3, budget=None, bid_budget=None, rollouts=2, seed=4
    )
    serial = duplicate_match(sampler, RuleBasedPlayer(), deals=3, seed=11)
    pooled = duplicate_match(sampler, RuleBasedPlayer(), deals=3, seed=11, workers=2)
    assert pooled[:7] == serial[:7]  # all but the times
    assert not serial.interrupted
    assert not pooled.interrupted
    # a deal's result depends on its seed only, not on the deals played before it
    later = duplicate_match(sampler, RuleBasedPlayer(), deals=2, seed=12)
    assert later.differences == serial.differences[1:]
    # players that cannot reach another process are a clear error, not a hang
    with pytest.raises(TypeError, match="must pickle"):
        duplicate_match(_Unpicklable(), RuleBasedPlayer(), deals=1, workers=2)


def test_ctrl_c_keeps_the_finished_deals_of_a_match() -> None:
    result = duplicate_match(_StopAt(2), RuleBasedPlayer(), deals=6, seed=0)
    assert result.interrupted
    assert result.deals == len(result.differences) == 2  # the first chunk
    with pytest.raises(KeyboardInterrupt):
        duplicate_match(_StopAt(0), RuleBasedPlayer(), deals=6, seed=0)


def test_ctrl_c_in_the_match_command_prints_the_finished_deals(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import five_hundred.cli.match as command

    monkeypatch.setattr(command, "_player", lambda *_: _StopAt(2))
    argv = ["match", "rules", "rules", "--deals", "6", "--workers", "1"]
    assert main([*argv, "--progress", "never"]) == 130
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Interrupted after 2 of 6 deals: the results below are of those."
    assert lines[1].startswith("rules (A) against rules (B): 2 deals from seed 0 in ")
    monkeypatch.setattr(command, "_player", lambda *_: _StopAt(0))
    assert main([*argv, "--progress", "never"]) == 130
    assert capsys.readouterr().out == "Interrupted before a deal was finished.\n"


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


def test_the_analysis_names_are_exported_from_the_package() -> None:
    # the package page's promise: every documented public name is importable from it
    for name in sampling.__all__:
        assert name in five_hundred.__all__
        assert getattr(five_hundred, name) is getattr(sampling, name)


def test_advice_refuses_bad_arguments_by_name() -> None:
    rules = Rules()
    hand = parse_cards("JK JH JD AH KH QH 10H 9S 8C 7D")
    with pytest.raises(InvalidStateError, match=r"invalid seat '9': seats are 0 to 3"):
        advise_bids(hand, rules, seat=9)
    with pytest.raises(InvalidStateError, match=r"invalid dealer '4'"):
        advise_bids(hand, rules, dealer=4)
    with pytest.raises(
        InvalidStateError, match="samples must be a whole number from 1 to"
    ):
        advise_bids(hand, rules, samples=0)
    with pytest.raises(InvalidStateError, match="invalid seed"):
        advise_bids(hand, rules, seed="1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="use parse_cards to read text"):
        advise_bids("JK JH JD AH KH QH 10H 9S 8C 7D", rules)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="use parse_card to read text"):
        advise_bids(["JK", *hand[1:]], rules)  # type: ignore[list-item]
    with pytest.raises(TypeError, match="expected a Rules value"):
        advise_bids(hand, "4 players")  # type: ignore[arg-type]


def test_advice_reports_progress_by_sample(capsys: pytest.CaptureFixture[str]) -> None:
    hand = parse_cards("JK JH JD AH KH QH 10S AS KC 10D")
    done: list[int] = []
    rules = Rules.two_player()
    advice = advise_bids(hand, rules, samples=3, seed=1, progress=done.append)
    assert done == [1, 2, 3]
    assert advice == advise_bids(hand, rules, samples=3, seed=1)
    text = "JK JH JD AH KH QH 10S AS KC 10D"
    argv = ["advise", "--players", "2", "--hand", text, "--samples", "2"]
    assert main([*argv, "--progress", "always"]) == 0
    out, err = capsys.readouterr()
    assert "sampling" in err  # the bar is on stderr
    assert "\x1b" not in out
    assert out.startswith("2 sampled deals, solved double-dummy")


def test_advice_is_the_same_on_any_number_of_workers(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # each sample's deal has its own seed: the estimates do not depend on the split
    hand = parse_cards("JK JH JD AH KH QH 10S AS KC 10D")
    rules = Rules.two_player()
    serial = advise_bids(hand, rules, samples=3, seed=4, workers=1)
    assert advise_bids(hand, rules, samples=3, seed=4, workers=2) == serial
    assert advise_bids(hand, rules, samples=3, seed=5) != serial  # the seed matters
    text = "JK JH JD AH KH QH 10S AS KC 10D"
    argv = ["advise", "--players", "2", "--hand", text, "--samples", "3", "--json"]
    assert main([*argv, "--workers", "1"]) == 0
    one = capsys.readouterr().out
    assert main([*argv, "--workers", "2"]) == 0
    assert capsys.readouterr().out == one

    def interrupted(*_: object, **__: object) -> Outcome[object]:
        return Outcome((), interrupted=True)  # what Ctrl-C makes of the run

    monkeypatch.setattr(sampling_advice, "run_chunks", interrupted)
    with pytest.raises(KeyboardInterrupt):
        advise_bids(hand, rules, samples=2)
    assert main(argv) == 130
    assert capsys.readouterr().out == "Interrupted: no estimate.\n"


def test_advise_json_is_the_advice(capsys: pytest.CaptureFixture[str]) -> None:
    text = "JK JH JD AH KH QH 10S AS KC 10D"
    argv = ["advise", "--players", "2", "--hand", text, "--samples", "2", "--seed", "3"]
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    rules = Rules.two_player()
    advice = advise_bids(parse_cards(text), rules, samples=2, seed=3)
    assert data["bids"] == [
        {"bid": str(item.bid), "chance": item.chance, "expected": item.expected}
        for item in advice
    ]
    assert data["hand"] == text.split()
    assert (data["seat"], data["dealer"], data["samples"], data["seed"]) == (
        0,
        None,
        2,
        3,
    )
    assert Rules.from_dict(data["rules"]) == rules


def test_match_json_gives_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["match", "rules", "random", "--deals", "4", "--seed", "5", "--json"]
    argv += ["--progress", "never"]
    assert main([*argv, "--workers", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    result = duplicate_match(RuleBasedPlayer(), RandomPlayer(6), deals=4, seed=5)
    assert data["deals"] == 4
    assert data["interrupted"] is False
    assert data["differences"] == list(result.differences)
    assert data["mean"] == pytest.approx(result.mean)
    assert data["ci95"] == pytest.approx([result.low, result.high])
    assert (data["a"]["player"], data["b"]["player"]) == ("rules", "random")
    assert [data["a"]["contracts"], data["b"]["contracts"]] == list(result.bid)
    assert [data["a"]["made"], data["b"]["made"]] == list(result.made)
    assert data["a"]["longest_decision"] >= data["a"]["seconds_per_decision"] > 0
    assert Rules.from_dict(data["rules"]) == Rules()
    assert main([*argv, "--workers", "2"]) == 0
    pooled = json.loads(capsys.readouterr().out)
    for key in ("deals", "differences", "mean", "ci95"):
        assert pooled[key] == data[key]  # the same results with any number of workers


def test_match_and_advise_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["match", "rules", "random", "--deals", "2", "--progress", "never"]) == 0
    )
    out = capsys.readouterr().out
    assert re.search(r"A - B: [+-]\d+\.\d points a deal \(95% CI", out)
    argv = ["match", "sampling", "rules", "--deals", "2", "--progress", "never"]
    argv += ["--samples", "2", "--bid-samples", "2", "--rollouts", "2"]
    argv += ["--budget", "none"]
    argv += ["--bid-budget", "none"]
    assert main([*argv, "--workers", "1"]) == 0
    serial = capsys.readouterr().out.splitlines()
    assert main([*argv, "--workers", "2"]) == 0
    pooled = capsys.readouterr().out.splitlines()
    assert pooled[1:3] == serial[1:3]  # the rules and the score; times differ
    assert main([*argv, "--budget", "0"]) == 2
    assert "expected seconds (more than 0) or none" in capsys.readouterr().err
    hand = "JK JH JD AH KH QH 10S AS KC 10D"
    assert main(["advise", "--players", "2", "--hand", hand, "--samples", "1"]) == 0
    out = capsys.readouterr().out
    assert "made %" in out
    assert "expected" in out


def test_the_playout_policy_plays_as_the_rule_based_player() -> None:
    # rule_policy is the rules of thumb on codes: the same cards, trick for trick,
    # in trick contracts and (these seeds, misère without the seven-trick gate) misère
    bot = RuleBasedPlayer()
    checked = misere = 0
    games = [(3, 1), (3, 8), (4, 0), (4, 9), (4, 20), (6, 2), (6, 11)]
    games += [(3, 14), (3, 25), (3, 28)]
    for players, seed in games:
        rules = Rules.for_players(players).replace(misere_needs_seven=False)
        state = new_game(rules, seed=seed)
        while state.phase is not Phase.PLAY and state.to_act is not None:
            state = apply(state, bot.choose(state, state.to_act))
        contract = state.contract
        if state.phase is not Phase.PLAY or contract is None:
            continue
        core = record_of(state)
        contractor = contract.contractor
        if isinstance(contract.bid, TrickBid):
            team = side_mask(rules, contractor)
            policy = rule_policy(core[SETUP], team, seat_friends(rules))
        else:
            policy = rule_policy(
                core[SETUP], 1 << contractor, seat_friends(rules), misere=contractor
            )
            misere += 1
        _, chosen = play_out(core, random.Random(0).random, policy)
        played = []
        while state.to_act is not None:
            action = bot.choose(state, state.to_act)
            played.append(action)
            state = apply(state, action)
        assert [choice_action(c) for c in chosen] == played
        checked += 1
    assert checked >= 8
    assert misere >= 2


def test_a_rollout_starts_with_its_card_and_the_best_mean_wins(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state, seat = _endgame(4, 8)
    assert isinstance(state, GameState)
    core = record_of(state)
    legal = legal_actions(state)
    assert len(legal) > 1
    # the forced policy's first choice is the card, then the policy decides
    policy = _forced_first(_choice_of(legal[-1]), lambda *_: -5)
    assert policy(seat, (), ()) == _choice_of(legal[-1])
    assert policy(seat, (), ()) == -5
    # with playouts in which the contracting side takes every trick after one card
    # only, the contracting side plays that card and the defence never does
    contract = state.contract
    assert contract is not None
    team = side_mask(state.rules, contract.contractor)
    for target in (legal[0], legal[-1]):
        wanted = _choice_of(target)

        def fake(
            core: object, random_: object, policy: Policy, wanted: int = wanted
        ) -> tuple[int, list[int]]:
            first = policy(seat, (), ())
            won = sum(8 << 4 * s for s in range(4) if team >> s & 1)
            return (won if first == wanted else 0), [first]

        monkeypatch.setattr(sampling_player, "play_out", fake)
        player = SamplingPlayer(
            budget=None, rollouts=3, solve_tricks=1, solve_nodes=None
        )
        chosen = player.choose(view(state, seat), seat)
        if team >> seat & 1:
            assert chosen == target
        else:
            assert chosen != target
    assert core == record_of(state)  # the state is unchanged


def _bounded_solves(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Whether each bounded solve of the player finished (exact for every card)."""
    finished: list[bool] = []
    solve = solver.solve_core_plays_bounds

    def spy(
        core: Any, table: Any, node_limit: int
    ) -> tuple[dict[int, tuple[int, int]], int]:
        values, nodes = solve(core, table, node_limit)
        finished.append(all(low == high for low, high in values.values()))
        return values, nodes

    monkeypatch.setattr(sampling_player, "solve_core_plays_bounds", spy)
    return finished


def test_solve_nodes_solves_early_tricks_as_the_full_solve_within_the_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state, seat = _endgame(3, 6)
    seen = view(state, seat)  # type: ignore[arg-type]
    assert len(seen.legal_actions) > 1
    finished = _bounded_solves(monkeypatch)
    bounded = SamplingPlayer(samples=4, budget=None, solve_nodes=10**9, seed=5)
    exact = SamplingPlayer(samples=4, budget=None, solve_tricks=6, seed=5)
    assert bounded.evaluate(seen, seat) == exact.evaluate(seen, seat)
    assert finished == [True] * 4


def test_a_solve_that_reaches_the_node_limit_is_valued_by_its_rollouts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # at the opening lead one node settles no sample: each is played out instead,
    # drawing as the rollouts do, so the values are the rollouts' own
    state, seat = _endgame(3, 10)
    seen = view(state, seat)  # type: ignore[arg-type]
    assert len(seen.legal_actions) > 1
    finished = _bounded_solves(monkeypatch)
    cut = SamplingPlayer(samples=5, rollouts=5, budget=None, solve_nodes=1, seed=5)
    rolled = SamplingPlayer(
        samples=5, rollouts=5, budget=None, solve_nodes=None, seed=5
    )
    values = cut.evaluate(seen, seat)
    assert values == rolled.evaluate(seen, seat)
    assert finished == [False] * 5
    assert {item.samples for item in values} == {5}
    # with a limit some samples reach and some do not, every sample still counts
    finished.clear()
    mixed = SamplingPlayer(samples=6, budget=None, solve_nodes=4000, seed=5)
    values = mixed.evaluate(seen, seat)
    assert sorted(set(finished)) == [False, True]
    assert {item.samples for item in values} == {6}
    assert {item.action for item in values} == set(seen.legal_actions)


def test_solve_nodes_plays_legally_replays_from_its_seed_and_keeps_the_budget() -> None:
    for players in (3, 4, 6):
        rules = Rules.for_players(players)
        hand = _hand_by(rules, 4, samples=2, solve_nodes=60)
        assert hand == _hand_by(rules, 4, samples=2, solve_nodes=60)
    # a spent budget: one sample, solved within the limit or played out
    state, seat = _endgame(3, 10)
    player = SamplingPlayer(budget=0.0, samples=50, solve_nodes=100_000)
    values = player.evaluate(view(state, seat), seat)  # type: ignore[arg-type]
    assert values[0].action in legal_actions(state)  # type: ignore[arg-type]
    assert {item.samples for item in values} == {1}


def test_rollouts_lead_the_joker_in_no_trumps_naming_each_suit() -> None:
    # a no-trump contract: the leader holds the un-nominated Joker; every named lead
    # is played out (the policy follows the suit it names) and the choice is legal
    found = 0
    bot = RuleBasedPlayer()
    for seed in range(200):
        state = new_game(seed=seed)
        while state.phase is not Phase.PLAY and state.to_act is not None:
            actor = state.to_act
            action = bot.choose(view(state, actor), actor)
            if state.phase is Phase.BIDDING and not isinstance(action, Pass):
                action = next(
                    (
                        a
                        for a in legal_actions(state)
                        if isinstance(a, TrickBid) and a.strain is Strain.NO_TRUMPS
                    ),
                    action,
                )
            state = apply(state, action)
        if state.phase is not Phase.PLAY:
            continue
        while state.to_act is not None and state.tricks_played < 6:
            seat = state.to_act
            legal = legal_actions(state)
            if any(getattr(a, "suit", None) is not None for a in legal):
                player = SamplingPlayer(
                    budget=None, rollouts=4, solve_nodes=None, seed=seed
                )
                assert player.choose(view(state, seat), seat) in legal
                found += 1
                break
            state = apply(state, bot.choose(view(state, seat), seat))
        if found >= 3:
            break
    assert found >= 3


def test_bids_and_discards_by_simulation_are_legal() -> None:
    for players in (3, 4, 6):
        rules = Rules.for_players(players)
        for seed in range(3):
            state = new_game(rules, seed=seed)
            bots = [
                SamplingPlayer(
                    bid_samples=4, discard_samples=2, bid_budget=None, seed=s
                )
                for s in range(players)
            ]
            while state.phase is not Phase.PLAY and state.to_act is not None:
                seat = state.to_act
                action = bots[seat].choose(view(state, seat), seat)
                assert action in legal_actions(state)
                state = apply(state, action)


def test_an_opponents_bid_shapes_the_simulated_deals() -> None:
    # after 6S by the first bidder, the next seat's simulated deals give the bidder a
    # hand the rules of thumb value at six spades (about one random hand in seven
    # does; a hand is redrawn up to 40 times, and these seeded deals all fit)
    first = new_game(seed=3)
    bidder = first.to_act
    assert bidder is not None
    state = apply(first, parse_bid("6S"))
    seen = view(state, state.to_act)
    shown = _shown(seen)
    assert shown == ((bidder, (6, 0, 0, 0, 0), False),)
    simulator = _BidSimulator(seen, seen.seat, random.Random(2))  # type: ignore[arg-type]
    for hands, _ in simulator.deals(shown, 5):
        cards = [CARDS_BY_CODE[c] for c in codes_from_mask(hands[bidder])]
        assert hand_strength(cards, Strain.SPADES, state.rules) >= 6


def test_bid_solve_nodes_values_each_simulated_deal_by_its_solve() -> None:
    # with a limit no solve reaches, each simulated deal of a four-player contract is
    # worth its double-dummy result (the kitty taken up and discarded by rule); with
    # three players (three sides, whose defenders' split the solve does not give) the
    # limit is not used and the deals are played out
    state = new_game(seed=3)
    seat = state.to_act
    assert seat is not None
    seen = view(state, seat)
    shown = _shown(seen)
    solved = _BidSimulator(seen, seat, random.Random(2), 10**9)
    results = solved.tricks(seat, Strain.SPADES, shown, 3)
    contract = solved.contract(seat, Strain.SPADES)
    assert contract is not None
    key = contract.core[SETUP].key
    side = seat % 2
    for (dealt, kitty), by_side in zip(solved.deals(shown, 3), results, strict=True):
        hands = list(dealt)
        held = hands[seat] | kitty
        hands[seat] = held & ~rule_discard(key, held)
        tricks = solver.solve_core(with_hands(contract.core, tuple(hands)))
        assert by_side[side] == tricks
        assert by_side[1 - side] == 10 - tricks
    three = new_game(Rules.three_player(), seed=3)
    actor = three.to_act
    assert actor is not None
    assert (
        _BidSimulator(view(three, actor), actor, random.Random(2), 100).node_limit
        is None
    )


def test_simulation_settings_are_checked() -> None:
    with pytest.raises(InvalidStateError, match="bid_samples"):
        SamplingPlayer(bid_samples=-1)
    with pytest.raises(InvalidStateError, match="discard_samples"):
        SamplingPlayer(discard_samples=-1)


def test_the_simulated_discard_rule_is_the_rule_based_players() -> None:
    bot = RuleBasedPlayer()
    checked = 0
    for seed in range(12):
        state = new_game(seed=seed)
        while state.phase is Phase.BIDDING:
            state = apply(state, bot.choose(state, state.to_act))  # type: ignore[arg-type]
        if state.phase is not Phase.DISCARD or not isinstance(
            state.contract.bid,  # type: ignore[union-attr]
            TrickBid,
        ):
            continue
        seat = state.to_act
        held = mask_from_cards(state.hands[seat])  # type: ignore[index]
        discard = bot.choose(state, seat)  # type: ignore[arg-type]
        rule = rule_discard(record_of(state)[SETUP].key, held)
        assert rule == mask_from_cards(discard.cards)  # type: ignore[union-attr]
        checked += 1
    assert checked >= 6


def _quick(seed: int = 3) -> SamplingPlayer:
    return SamplingPlayer(
        samples=3, rollouts=3, bid_samples=4, budget=None, bid_budget=None, seed=seed
    )


def test_evaluate_lists_first_the_action_choose_takes() -> None:
    # the same seeded player, once choosing and once evaluating, takes the same
    # action at every decision of a hand: choose is the first of evaluate
    for players in (3, 4):
        rules = Rules.for_players(players)
        state = new_game(rules, seed=5)
        chooser, evaluator = _quick(), _quick()
        while state.to_act is not None:
            seat = state.to_act
            seen = view(state, seat)
            action = chooser.choose(seen, seat)
            values = evaluator.evaluate(seen, seat)
            assert values[0].action == action
            assert all(item.action in seen.legal_actions for item in values)
            rest = [item.value for item in values[1:] if item.value is not None]
            assert rest == sorted(rest, reverse=True)
            if state.phase is Phase.PLAY and len(seen.legal_actions) > 1:
                # every legal card is valued, on the same sampled deals
                assert {item.action for item in values} == set(seen.legal_actions)
                assert {item.samples for item in values} == {3}
                best = max(item.value for item in values if item.value is not None)
                assert values[0].value == best
            if state.phase is Phase.NOMINATE:
                assert [(v.value, v.samples) for v in values] == [(None, 0)]
            state = apply(state, action)


def test_levels_are_presets_of_the_settings() -> None:
    assert list(sampling.LEVELS) == ["easy", "medium", "hard", "expert"]
    assert repr(SamplingPlayer.level("hard", seed=4)) == repr(SamplingPlayer(seed=4))
    expert = SamplingPlayer.level("expert", budgets=False)
    assert expert.budget is None
    assert expert.bid_budget is None
    # expert is hard's search with longer budgets: the same player without them
    assert repr(expert) == repr(SamplingPlayer.level("hard", budgets=False))
    hard, slow = SamplingPlayer.level("hard"), SamplingPlayer.level("expert")
    assert slow.budget > hard.budget  # type: ignore[operator]
    assert slow.bid_budget > hard.bid_budget  # type: ignore[operator]
    easy = SamplingPlayer.level("easy")
    assert easy.bid_samples == 0
    assert easy.rollouts == 0
    with pytest.raises(InvalidStateError, match="unknown level 'master'"):
        SamplingPlayer.level("master")
    with pytest.raises(TypeError, match="expected a level name"):
        SamplingPlayer.level(3)  # type: ignore[arg-type]


def test_a_match_reports_each_deal_and_the_contracts_by_kind() -> None:
    seen: list[object] = []
    result = duplicate_match(
        _quick(), RuleBasedPlayer(), deals=3, seed=20, on_deal=seen.append
    )
    assert seen == list(result.results)
    assert [deal.seed for deal in result.results] == [20, 21, 22]
    assert tuple(deal.difference for deal in result.results) == result.differences
    for deal in result.results:
        assert [table.side for table in deal.tables] == [0, 1]
        for table in deal.tables:
            assert (table.contract is None) == (table.maker is None)
            if table.contract is not None:
                # the maker is the player that held the contractor's side here, and
                # the contracting side scored up if made, down if set
                side = five_hundred.side_of(Rules(), table.contract.contractor)
                assert table.maker == (0 if side == table.side else 1)
                assert (table.scores[side] > 0) == table.made
        decisions = sum(len(times) for times in deal.times)
        assert decisions >= 2 * 4  # every seat acted at both tables
    assert [tally.kind for tally in result.kinds] == ["suit", "no_trumps", "misere"]
    for index in (0, 1):
        assert sum(tally.bid[index] for tally in result.kinds) == result.bid[index]
        assert sum(tally.made[index] for tally in result.kinds) == result.made[index]
    assert sampling.match.match_result(result.results) == result


def test_match_takes_a_level_and_its_settings_over_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["match", "sampling", "rules", "--deals", "2", "--seed", "3", "--json"]
    argv += ["--progress", "never", "--level", "easy", "--budget", "none"]
    argv += ["--bid-budget", "none", "--samples", "2", "--solve-nodes", "50"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["a"]["level"] == "easy"
    assert data["b"]["level"] is None
    settings = {**sampling.LEVELS["easy"], "budget": None, "bid_budget": None}
    player = SamplingPlayer(**{**settings, "samples": 2, "solve_nodes": 50}, seed=3)
    result = duplicate_match(player, RuleBasedPlayer(), deals=2, seed=3)
    assert data["differences"] == list(result.differences)
    kinds = data["a"]["by_kind"]
    assert sum(kind["contracts"] for kind in kinds.values()) == data["a"]["contracts"]
    assert main([a for a in argv if a != "--json"]) == 0
    # the text names each kind of contract bid: made of bid
    text = capsys.readouterr().out
    assert re.search(r"\nA: \d+ contracts?, \d+ made \(suit \d+ of \d+", text)
    assert main(["match", "sampling", "rules", "--level", "master"]) == 2
    assert "invalid choice: 'master'" in capsys.readouterr().err


def test_match_takes_bid_solve_nodes(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["match", "sampling", "rules", "--deals", "1", "--seed", "4", "--json"]
    argv += ["--progress", "never", "--budget", "none", "--bid-budget", "none"]
    argv += ["--samples", "2", "--rollouts", "2", "--bid-samples", "3"]
    argv += ["--solve-nodes", "none", "--bid-solve-nodes", "400"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    player = SamplingPlayer(
        budget=None,
        bid_budget=None,
        samples=2,
        rollouts=2,
        bid_samples=3,
        solve_nodes=None,
        bid_solve_nodes=400,
        seed=4,
    )
    result = duplicate_match(player, RuleBasedPlayer(), deals=1, seed=4)
    assert data["differences"] == list(result.differences)


def test_watch_with_a_level_plays_sampling_players(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["watch", "--seed", "2", "--hands", "1", "--delay", "0"]
    assert main([*argv, "--level", "easy"]) == 0
    out = capsys.readouterr().out
    assert "Stopped after 1 hand." in out
    assert main([*argv, "--level", "easy", "--opponents", "random"]) == 2
    assert "--opponents or --level" in capsys.readouterr().err


def test_inference_samples_deals_that_fit_the_bids(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # in the play, the deals drawn for a decision give each seat that bid a dealt
    # hand the rules of thumb value at its bid (these seeded draws all find one)
    state, seat = _endgame(4, 8)
    assert isinstance(state, GameState)
    seen = view(state, seat)
    bids = [(s, lv) for s, lv, passed in _shown(seen) if not passed]
    assert bids
    used: list[GameState] = []
    whole = sampling_player._sample

    def keep(sample: GameState, seat: int) -> object:
        used.append(sample)
        return whole(sample, seat)

    monkeypatch.setattr(sampling_player, "_sample", keep)

    def fit(sample: GameState) -> bool:
        hands = sample.dealt[0]
        return all(_fits(hands[s], lv, False, sample.rules) for s, lv in bids)

    plain = list(SamplingPlayer(budget=None, seed=2)._samples(seen, seat, 12))
    assert len(plain) == 12
    uniform = sum(fit(sample) for sample in used)
    assert uniform < 12  # uniform draws often do not fit
    used.clear()
    drawn = SamplingPlayer(budget=None, inference=True, seed=2)._samples(seen, seat, 12)
    assert len(list(drawn)) == 12
    fitting = [fit(sample) for sample in used]
    assert sum(fitting) > uniform
    # the deals that fit come first; those set aside only make up the count
    assert fitting == sorted(fitting, reverse=True)


# -- hostile settings: refused when given, with the setting named ------------------------


@pytest.mark.parametrize(
    ("setting", "value"),
    [
        ("budget", "3"),
        ("budget", -1),
        ("budget", float("nan")),
        ("budget", float("inf")),
        ("budget", True),
        ("bid_budget", "3"),
        ("bid_budget", -0.5),
        ("bid_budget", float("nan")),
        ("solve_tricks", True),
        ("solve_tricks", 1.5),
        ("solve_tricks", 0),
        ("solve_nodes", 0),
        ("solve_nodes", True),
        ("solve_nodes", 1.5),
        ("solve_nodes", "100"),
        ("solve_nodes", 10**13),
        ("bid_solve_nodes", 0),
        ("bid_solve_nodes", 2.5),
        ("seed", 1.5),
        ("seed", "x"),
        ("seed", float("nan")),
        ("seed", None),
        ("seed", True),
        ("bid_margin", "abc"),
        ("bid_margin", "3"),
        ("bid_margin", float("nan")),
        ("samples", 10**30),
        ("samples", True),
        ("bid_samples", 2.0),
        ("discard_samples", -1),
        ("rollouts", 10**30),
    ],
)
def test_sampling_player_refuses_a_bad_setting(setting: str, value: object) -> None:
    name = setting.split("_")[-1] if setting == "seed" else setting
    with pytest.raises(InvalidStateError, match=name):
        SamplingPlayer(**{setting: value})  # type: ignore[arg-type]


def test_sampling_player_takes_good_settings() -> None:
    player = SamplingPlayer(budget=None, bid_budget=0, bid_margin=-20, seed=2**70)
    assert (player.budget, player.bid_budget, player.bid_margin) == (None, 0.0, -20.0)
    assert SamplingPlayer(budget=1).budget == 1.0
    assert SamplingPlayer(solve_tricks=10).solve_tricks == 10
    assert SamplingPlayer().solve_nodes == sampling_player.SOLVE_NODES
    assert SamplingPlayer(solve_nodes=None).solve_nodes is None
    assert SamplingPlayer(solve_nodes=1).solve_nodes == 1
    assert SamplingPlayer().bid_solve_nodes is None
    assert SamplingPlayer(bid_solve_nodes=3000).bid_solve_nodes == 3000


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"a": None}, TypeError, "player a"),
        ({"b": "rules"}, TypeError, "player b"),
        ({"rules": None}, TypeError, "Rules value"),
        ({"seed": True}, InvalidStateError, "invalid seed"),
        ({"seed": 1.5}, InvalidStateError, "invalid seed"),
        ({"seed": "x"}, InvalidStateError, "invalid seed"),
        ({"workers": 0}, InvalidStateError, "workers"),
        ({"workers": -1}, InvalidStateError, "workers"),
        ({"workers": 2.5}, InvalidStateError, "workers"),
        ({"workers": True}, InvalidStateError, "workers"),
        ({"deals": 10**30}, InvalidStateError, "deals"),
        ({"deals": True}, InvalidStateError, "deals"),
    ],
)
def test_duplicate_match_refuses_bad_arguments(
    kwargs: dict[str, Any], error: type, match: str
) -> None:
    arguments: dict[str, Any] = {"a": RandomPlayer(1), "b": RandomPlayer(2), "deals": 1}
    arguments.update(kwargs)
    a, b = arguments.pop("a"), arguments.pop("b")
    with pytest.raises(error, match=match):
        duplicate_match(a, b, **arguments)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"workers": 0}, "workers"),
        ({"workers": True}, "workers"),
        ({"workers": 2.5}, "workers"),
        ({"samples": 10**30}, "samples"),
        ({"samples": True}, "samples"),
        ({"seed": True}, "invalid seed"),
    ],
)
def test_advise_bids_refuses_bad_arguments(kwargs: dict[str, Any], match: str) -> None:
    hand = new_game(seed=1).hand_of(0)
    with pytest.raises(InvalidStateError, match=match):
        advise_bids(hand, Rules(), **kwargs)


def test_the_misere_discard_throws_the_most_dangerous_cards() -> None:
    # the Joker, then the strongest cards, of the shortest suit on a tie: the aces of
    # spades (one card) and clubs (two) go, the ace of hearts (five) stays
    held = mask_from_cards(parse_cards("JK AS AC 5C AH 5H 6H 7H 8H 4D 5D 6D 7D"))
    thrown = misere_discard(context_key(4, -1), held)
    assert thrown == mask_from_cards(parse_cards("JK AS AC"))


@pytest.mark.parametrize("contractor", range(4))
def test_a_simulated_misere_is_the_seats_misere(contractor: int) -> None:
    # misère may be bid only over a seven: the template's auction bids one first
    # whichever seat calls first, and the contract is the seat's misère, played alone
    state = new_game(seed=3)
    seat = state.to_act
    assert seat is not None
    simulator = _BidSimulator(view(state, seat), seat, random.Random(2))
    contract = simulator.contract(contractor, MISERE)
    assert contract is not None
    setup = play_setup(contract.core)
    assert setup.misere
    assert setup.contractor == contractor
    assert setup.active == 3  # the partner sits out
    off = new_game(Rules(misere=False), seed=3)
    assert off.to_act is not None
    blocked = _BidSimulator(view(off, off.to_act), off.to_act, random.Random(2))
    assert blocked.contract(contractor, MISERE) is None
    assert blocked.tricks(contractor, MISERE, (), 3) == []


def _after_seven(hand: str) -> GameState:
    """A deal in which seat 1 holds ``hand`` and is to call after seat 0's 7S."""
    rules = Rules()
    own = parse_cards(hand)
    rest = [card for card in five_hundred.pack(rules) if card not in own]
    hands = [rest[0:10], list(own), rest[10:20], rest[20:30]]
    state = new_hand(rules, hands, rest[30:33], dealer=3)  # seat 0 calls first
    return apply(state, parse_bid("7S"))


def test_the_sampling_player_values_misere_by_simulation() -> None:
    # after 7S, low cards with two top hearts are worth more in misère (250, made in
    # nearly every simulated deal: the misère discard throws the hearts) than passing
    # or a trick bid, though the rules of thumb count the hearts and pass
    player = SamplingPlayer(seed=1, budget=None, bid_budget=None)
    low = _after_seven("5S 6S 7S 5C 6C 4D 5D 6D KH AH")
    seen = view(low, 1)
    assert RuleBasedPlayer().choose(seen, 1) == PASS
    values = player.evaluate(seen, 1)
    assert values[0].action == MISERE
    assert values[0].samples == player.bid_samples
    assert values[0].value is not None
    assert values[0].value > 100
    assert player.choose(seen, 1) == MISERE
    high = _after_seven("JK AH KH QH JH AD KD AC KC AS")
    values = player.evaluate(view(high, 1), 1)
    # not even its playouts by rule (which make it at least as often as the solver
    # lets it) beat passing, so it is not judged double-dummy, nor listed
    assert MISERE not in {item.action for item in values}
    assert values[0].action != MISERE


def test_a_simulated_misere_is_judged_double_dummy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a simulated deal of a misère is made only if the solver finds no way to give
    # the contractor a trick (the misère discard made first), as the bid advisor
    # judges it; a deal the rule-based play already loses is lost
    monkeypatch.setattr(sampling_simulation, "MISERE_NODES", 10**9)
    state = _after_seven("5S 6S 7S 5C 6C 4D 5D 6D KH AH")
    seen = view(state, 1)
    simulator = _BidSimulator(seen, 1, random.Random(2))
    shown = _shown(seen)
    played = simulator.tricks(1, MISERE, shown, 6)  # played out by rule
    results = simulator.misere(1, shown, 6)
    contract = simulator.contract(1, MISERE)
    assert contract is not None
    key = contract.core[SETUP].key
    made = 0
    deals = simulator.deals(shown, 6)
    for (dealt, kitty), by_side, rolled in zip(deals, results, played, strict=True):
        if rolled[1]:
            assert by_side == rolled
        hands = list(dealt)
        held = hands[1] | kitty
        hands[1] = held & ~misere_discard(key, held)
        tricks = solver.solve_core(with_hands(contract.core, tuple(hands)))
        if tricks:
            assert by_side[1] >= 1
        made += by_side[1] == 0
    assert made >= 4  # the low cards make it in most deals
