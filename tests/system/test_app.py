"""App integration: seat-aware validation, refusal codes, views and rules as data,
context-aware parsing, moves, print(state), score keeping (the game-server features)."""

import itertools
import json
import random
import re
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests import ROOT
from tests.random_games import play_random_game
from tests.strategies import game_rules, seeds

from five_hundred import (
    JOKER,
    PASS,
    Auction,
    Bid,
    CallPartner,
    Card,
    Discard,
    GameState,
    IllegalActionError,
    InvalidStateError,
    NominateJoker,
    NotYourTurnError,
    Pass,
    Phase,
    PlayCard,
    Rules,
    ScoreSheet,
    SeatView,
    apply,
    apply_call,
    bid_rank,
    explain_illegal,
    is_legal,
    legal_actions,
    new_game,
    new_hand,
    parse_action,
    parse_bid,
    parse_card,
    parse_cards,
    score_contract,
    score_hand,
    side_of,
    view,
    view_json_schema,
)
from five_hundred.cards import mask_from_cards
from five_hundred.tricks import Position, play_refusal
from five_hundred.views import VIEW_SCHEMA

DOCS = ROOT / "docs"


def bid(text: str) -> Bid:
    """The bid of ``text`` (not a pass)."""
    call = parse_bid(text)
    assert not isinstance(call, Pass)
    return call


ALL_PLAYERS = [Rules.for_players(n) for n in range(2, 7)] + [
    Rules.six_player_three_sides(),
    Rules(players=5, five_player_partner=False),
]


def states_by_phase(rules: Rules, games: int = 6) -> dict[Phase, list[GameState]]:
    """A few states of each phase reached in seeded random games."""
    found: dict[Phase, list[GameState]] = {}
    for seed in range(games):
        for state in play_random_game(rules, seed, max_hands=2):
            found.setdefault(state.phase, [])
            if len(found[state.phase]) < 4:
                found[state.phase].append(state)
    return found


# -- seat-aware validation ------------------------------------------------------------


@pytest.mark.parametrize(
    "rules",
    ALL_PLAYERS,
    ids=lambda r: f"{r.players}p{r.sides}s{'p' if r.five_player_partner else ''}",
)
def test_actions_for_a_seat_not_to_act_are_refused_in_every_phase(rules: Rules) -> None:
    phases = states_by_phase(rules)
    assert {Phase.BIDDING, Phase.PLAY, Phase.HAND_OVER} <= set(phases)
    for phase, states in phases.items():
        for state in states:
            actions = legal_actions(state) or (PASS,)
            action = actions[0]
            before = (str(state), legal_actions(state), state.moves)
            for seat in range(rules.players):
                if seat == state.to_act:
                    assert is_legal(state, action, seat=seat)
                    assert explain_illegal(state, action, seat=seat) is None
                    apply(state, action, seat=seat)
                    continue
                assert not is_legal(state, action, seat=seat), phase
                reason = explain_illegal(state, action, seat=seat)
                assert reason is not None
                assert f"by seat {seat}: not your turn" in reason
                with pytest.raises(NotYourTurnError) as info:
                    apply(state, action, seat=seat)
                error = info.value
                assert (error.code, error.seat, error.action) == (
                    "not-your-turn",
                    seat,
                    action,
                )
                assert str(error) == reason
                if state.to_act is not None:
                    assert (
                        error.reason == f"not your turn: seat {state.to_act} is to act"
                    )
                else:
                    assert "nobody is to act" in error.reason
                assert view(state, seat).legal_actions == ()
            assert (str(state), legal_actions(state), state.moves) == before


def test_an_invalid_seat_is_an_invalid_state_error() -> None:
    state = new_game(seed=1)
    with pytest.raises(InvalidStateError, match="seats are 0 to 3"):
        apply(state, PASS, seat=4)


def test_without_a_seat_the_seat_to_act_acts() -> None:
    state = new_game(seed=1)
    assert apply(state, PASS).moves == ((1, PASS),)


# -- refusal codes: every code in the docs table is reachable, and only those ----------


def documented_codes() -> list[str]:
    text = (DOCS / "how-to" / "validate-moves.rst").read_text(encoding="utf-8")
    return re.findall(r"^   \* - ``([a-z-]+)``$", text, re.MULTILINE)


def _state_in(phase: Phase, rules: Rules = Rules()) -> GameState:
    for seed in range(50):
        for state in play_random_game(rules, seed, max_hands=3):
            if state.phase is phase:
                return state
    raise AssertionError(phase)


def _error(action: Callable[[], object]) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as info:
        action()
    return info.value


def _play_code(pos: Position, play: PlayCard, rules: Rules = Rules()) -> str:
    found = play_refusal(pos, play, rules)
    assert found is not None
    return found[0]


def _position(hand: str, key: int, led: int = -1, **kwargs: object) -> Position:
    fields: dict[str, object] = {
        "misere": False,
        "suits_led": 0,
        "void": 0,
        "last_trick": False,
    } | kwargs
    return Position(mask_from_cards(parse_cards(hand)), key, led, **fields)  # type: ignore[arg-type]


def _refusals() -> Iterator[tuple[str, str]]:
    """(code expected, code raised) for one scenario of each refusal."""
    bidding = new_game(seed=1)
    yield "not-your-turn", _error(lambda: apply(bidding, PASS, seat=3)).code
    yield "spectator", _error(lambda: apply(bidding, PASS, seat=None)).code
    yield "wrong-phase", _error(lambda: apply(bidding, PlayCard(JOKER))).code
    over = _state_in(Phase.HAND_OVER)
    yield "hand-over", _error(lambda: apply(over, PASS)).code
    end = new_hand(Rules(), *_deal(), dealer=0, scores=(490, 0))
    for bid in ("10NT", "PASS", "PASS", "PASS"):
        end = apply(end, parse_action(bid))
    end = apply(end, legal_actions(end)[0])
    while end.phase is not Phase.GAME_OVER and end.to_act is not None:
        end = apply(end, legal_actions(end)[0])
    if end.phase is Phase.GAME_OVER:
        yield "game-over", _error(lambda: apply(end, PASS)).code
    auction = Auction.start(Rules(), dealer=3)
    auction = apply_call(auction, 0, parse_bid("7S"))
    yield "not-your-turn", _error(lambda: apply_call(auction, 2, PASS)).code
    yield "bid-too-low", _error(lambda: apply_call(auction, 1, parse_bid("6NT"))).code
    yield (
        "misere-needs-seven",
        _error(lambda: apply_call(Auction.start(Rules(), 3), 0, parse_bid("MIS"))).code,
    )
    yield (
        "bid-not-allowed",
        _error(
            lambda: apply_call(
                Auction.start(Rules(sans_kitty=False), 3), 0, parse_bid("7H-SK")
            )
        ).code,
    )
    passed = apply_call(Auction.start(Rules(), 3), 0, PASS)
    for seat in (1, 2, 3):
        passed = apply_call(passed, seat, parse_bid("6S") if seat == 1 else PASS)
    yield "auction-over", _error(lambda: apply_call(passed, 1, PASS)).code
    blind = apply_call(Auction.start(Rules(), 3), 0, parse_bid("6S"))
    for seat in (1, 2, 3):
        blind = apply_call(
            blind,
            seat,
            parse_bid("7S")
            if seat == 1
            else parse_bid("7C")
            if seat == 2
            else parse_bid("7D"),
        )
    yield (
        "blind-misere-first-call",
        _error(lambda: apply_call(blind, 0, parse_bid("BMIS"))).code,
    )
    again = apply_call(Auction.start(Rules(), 3), 0, PASS)
    again = apply_call(again, 1, parse_bid("6S"))
    again = apply_call(again, 2, parse_bid("6C"))
    again = apply_call(again, 3, parse_bid("6D"))
    yield "already-passed", _error(lambda: apply_call(again, 0, parse_bid("7S"))).code
    yield "not-a-bid", _error(lambda: bid_rank(PASS)).code  # type: ignore[arg-type]
    discard = _state_in(Phase.DISCARD)
    held = set(discard.hand_of(discard.to_act or 0))
    foreign = next(c for c in discard.hands[(discard.to_act or 0) ^ 1] if c not in held)
    yield (
        "card-not-in-hand",
        _error(
            lambda: apply(discard, Discard(frozenset({foreign, *list(held)[:2]})))
        ).code,
    )
    yield (
        "discard-count",
        _error(lambda: apply(discard, Discard(frozenset(list(held)[:2])))).code,
    )
    call = _state_in(Phase.CALL_PARTNER, Rules.five_player())
    own = call.hand_of(call.to_act or 0)[0]
    yield "partner-joker", _error(lambda: apply(call, CallPartner(JOKER))).code
    yield "partner-in-own-hand", _error(lambda: apply(call, CallPartner(own))).code
    yield (
        "card-not-in-pack",
        _error(
            lambda: apply(
                _state_in(Phase.CALL_PARTNER, Rules.five_player()),
                CallPartner(parse_card("11H")),
            )
        ).code,
    )
    hearts, nt = 3, 4
    follow = _position("9H KS", hearts, led=hearts)
    yield "must-follow-suit", _play_code(follow, PlayCard(parse_card("KS")))
    yield (
        "joker-suit-not-allowed",
        _play_code(
            _position("JK 9H KS", hearts), PlayCard(JOKER, parse_card("9H").suit)
        ),
    )
    lead = _position("JK 9H", nt)
    yield "joker-lead-needs-suit", _play_code(lead, PlayCard(JOKER))
    led_before = _position("JK 9H", nt, suits_led=0b1000)
    yield (
        "joker-lead-suit",
        _play_code(led_before, PlayCard(JOKER, parse_card("9H").suit)),
    )
    yield (
        "joker-lead-last-trick",
        _play_code(
            lead,
            PlayCard(JOKER, parse_card("9H").suit),
            Rules(joker_lead_only_last_trick=True),
        ),
    )
    yield (
        "joker-all-suits-led",
        _play_code(
            _position("JK 9H", nt, suits_led=0b1111),
            PlayCard(JOKER, parse_card("9H").suit),
        ),
    )
    yield (
        "joker-follows-only-void",
        _play_code(_position("JK 9H", nt, led=hearts), PlayCard(JOKER)),
    )
    yield (
        "misere-joker-forced",
        _play_code(
            _position("JK 9S", nt, led=hearts, misere=True), PlayCard(parse_card("9S"))
        ),
    )


def _deal() -> tuple[list[list[Card]], list[Card]]:
    from five_hundred import pack

    cards = list(pack(Rules()))
    return [cards[i * 10 : i * 10 + 10] for i in range(4)], cards[40:]


def test_every_refusal_code_is_reachable_and_documented() -> None:
    seen = {}
    for expected, raised in _refusals():
        assert raised == expected
        seen[expected] = raised
    table = documented_codes()
    assert len(table) == len(set(table))
    assert set(table) == set(seen)


def test_explain_illegal_and_the_error_agree_on_random_actions() -> None:
    rng = random.Random(5)
    for state in itertools.islice(play_random_game(Rules(), 3, max_hands=2), 80):
        for text in ("PASS", "7H", "PLAY AS", "DISCARD 5S 6S 7S", "NOMINATE H"):
            action = parse_action(text)
            seat = rng.choice([None, 0, 1, 2, 3])
            reason = explain_illegal(state, action, seat=seat)
            if reason is None:
                continue
            with pytest.raises(IllegalActionError) as info:
                apply(state, action, seat=seat)
            error = info.value
            assert str(error) == reason
            assert reason.endswith(error.reason)
            assert error.action == action
            assert re.fullmatch(r"[a-z]+(-[a-z]+)*", error.code)


def test_refusals_pickle_with_their_fields() -> None:
    import pickle

    error = _error(lambda: apply(new_game(seed=1), PASS, seat=0))
    again = pickle.loads(pickle.dumps(error))
    assert (type(again), str(again), again.code, again.seat, again.action) == (
        NotYourTurnError,
        str(error),
        "not-your-turn",
        0,
        PASS,
    )


# -- rules and views as data ---------------------------------------------------------


@settings(max_examples=60)
@given(game_rules())
def test_rules_round_trip_through_a_dict_and_json(rules: Rules) -> None:
    data = rules.to_dict()
    assert Rules.from_dict(json.loads(json.dumps(data))) == rules


@pytest.mark.parametrize(
    ("data", "key"),
    [
        ({"playerz": 4}, "playerz"),
        ({"players": "4"}, "players"),
        ({"slam_bonus": 1}, "slam_bonus"),
        ({"joker_lead_suit": "sometimes"}, "joker_lead_suit"),
        ({"scoring_table": "mine"}, "scoring_table"),
    ],
)
def test_rules_from_dict_names_the_bad_key(data: dict[str, object], key: str) -> None:
    from five_hundred import RulesConfigError

    with pytest.raises(RulesConfigError, match=key):
        Rules.from_dict(data)


def cards_in(data: dict[str, object]) -> set[str]:
    """Every card named anywhere in a view's dict (bids aside: they are not cards)."""
    found = {*data["hand"], *data["kitty"], *data["discards"], *data["exposed"]}  # type: ignore[misc]
    if data["partner_card"] is not None:
        found.add(data["partner_card"])
    tricks = [*data["tricks"], *([data["trick"]] if data["trick"] else [])]  # type: ignore[misc]
    found |= {card for trick in tricks for _, card in trick["plays"]}
    for text in data["legal_actions"]:  # type: ignore[attr-defined]
        action = parse_action(text)
        if isinstance(action, PlayCard | CallPartner) and action.card is not None:
            found.add(str(action.card))
        elif isinstance(action, Discard):
            found |= {str(card) for card in action.cards}
    return found


def hidden_cards(state: GameState, seat: int | None) -> set[str]:
    """Cards whose place ``seat`` may not know."""
    seen = view(state, seat)
    public = {str(c) for c in seen.played} | {str(c) for c in seen.exposed}
    mine = {str(c) for c in (*seen.hand, *seen.kitty, *seen.discards)}
    if seen.partner_card is not None:
        public.add(str(seen.partner_card))
    every = {str(c) for hand in state.hands for c in hand}
    every |= {str(c) for c in (*state.kitty, *state.discards, *state.dead_hand)}
    return every - public - mine


@settings(max_examples=40, deadline=None)
@given(game_rules(), seeds(), st.integers(0, 200), st.data())
def test_a_view_dict_never_holds_a_hidden_card(
    rules: Rules, seed: int, steps: int, data: st.DataObject
) -> None:
    state = new_game(rules, seed=seed)
    for state in itertools.islice(  # noqa: B007 - the last state is the one
        play_random_game(rules, seed, max_hands=1), steps
    ):
        pass
    seat = data.draw(st.sampled_from([None, *range(rules.players)]))
    text = json.dumps(view(state, seat).to_dict())
    assert not cards_in(json.loads(text)) & hidden_cards(state, seat)
    if seat is None:
        back = json.loads(text)
        assert back["hand"] == back["kitty"] == back["discards"] == []
        assert back["legal_actions"] == []


def test_a_view_dict_has_the_documented_schema() -> None:
    state = _state_in(Phase.PLAY)
    data = view(state, state.to_act).to_dict()
    assert data["schema"] == VIEW_SCHEMA == 2
    assert list(data) == view_json_schema()["required"]
    assert Rules.from_dict(data["rules"]) == state.rules
    assert [parse_action(text) for text in data["legal_actions"]] == list(
        legal_actions(state)
    )
    assert data["contract"]["bid"] == str(state.contract.bid)  # type: ignore[union-attr]


def test_a_spectator_view() -> None:
    state = _state_in(Phase.PLAY)
    seen = view(state, None)
    assert isinstance(seen, SeatView)
    assert (seen.seat, seen.side, seen.hand, seen.legal_actions) == (None, None, (), ())
    assert seen.hand_sizes == state.hand_sizes
    assert len(seen.unseen) == len(set(seen.unseen))


# -- context-aware parsing -----------------------------------------------------------


def short_form(action: object) -> str:
    """What a player types for ``action`` in its own phase."""
    if isinstance(action, PlayCard):
        return str(action)[5:].replace(":", " ")
    if isinstance(action, Discard | NominateJoker | CallPartner):
        return str(action).split(" ", 1)[1]
    return str(action)


@pytest.mark.parametrize(
    "rules", [Rules(), Rules.five_player(), Rules.three_player()], ids=["4", "5", "3"]
)
def test_short_forms_parse_by_the_phase_of_the_context(rules: Rules) -> None:
    phases = states_by_phase(rules, games=12)
    expected = {Phase.BIDDING, Phase.DISCARD, Phase.PLAY}
    if rules.players == 5:
        expected.add(Phase.CALL_PARTNER)
    assert expected <= set(phases)
    for states in phases.values():
        for state in states:
            if state.to_act is None:
                continue
            context = view(state, state.to_act)
            for action in legal_actions(state)[:40]:
                assert parse_action(short_form(action), context=state) == action
                assert parse_action(short_form(action), context=context) == action
                assert parse_action(str(action), context=state) == action


def test_nomination_short_forms() -> None:
    nominate = _state_in(Phase.NOMINATE, Rules(sans_kitty=False))
    assert parse_action("h", context=nominate) == NominateJoker(parse_card("AH").suit)
    assert parse_action("none", context=nominate) == NominateJoker(None)


def test_context_parsing_refuses_junk_naming_the_phase() -> None:
    play = _state_in(Phase.PLAY)
    from five_hundred import InvalidNotationError

    with pytest.raises(InvalidNotationError, match="expected a card to play"):
        parse_action("ZZ", context=play)
    with pytest.raises(TypeError, match="GameState or a SeatView"):
        parse_action("AH", context=object())  # type: ignore[arg-type]


# -- who did what, and print(state) ------------------------------------------------


def test_moves_pair_each_action_with_its_seat() -> None:
    for state in play_random_game(Rules.five_player(), 2, max_hands=1):
        assert [action for _, action in state.moves] == list(state.actions)
    seats = [seat for seat, _ in state.moves]
    assert all(0 <= seat < 5 for seat in seats)


def test_str_of_a_state_is_a_readable_position() -> None:
    state = _state_in(Phase.PLAY)
    text = str(state)
    assert text.startswith("Hand 1, dealer seat 0: play")
    assert f"Contract: {state.contract}" in text
    for seat, hand in enumerate(state.hands):
        assert f"seat {seat}: " in text
        assert all(str(card) in text for card in hand)
    assert text.rstrip().endswith(".")
    assert "\n" not in repr(state)


def test_the_first_dealer_may_be_drawn_from_the_seed() -> None:
    dealers = {new_game(seed=seed, dealer=None).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert new_game(seed=9, dealer=None) == new_game(seed=9, dealer=None)
    assert new_game(seed=9).dealer == 0


# -- score keeping -----------------------------------------------------------------


def test_defenders_points_only_when_the_contract_fails() -> None:
    rules = Rules(defender_points_only_when_set=True)
    assert score_hand(bid("8H"), (9, 1), {0}, rules=rules) == (300, 0)
    assert score_hand(bid("8H"), (7, 3), {0}, rules=rules) == (-300, 30)
    assert score_hand(bid("8H"), (9, 1), {0}) == (300, 10)


@pytest.mark.parametrize(
    ("text", "tricks", "made", "slam", "sentence"),
    [
        (
            "8H",
            9,
            True,
            False,
            "8H made: the contractors took 9 tricks (8 needed); 8H is worth 300.",
        ),
        (
            "8H",
            7,
            False,
            False,
            "8H failed: the contractors took 7 tricks (8 needed); 8H is worth 300.",
        ),
        (
            "7S",
            10,
            True,
            True,
            "7S made: a slam (all 10 tricks), worth 250 instead of 140.",
        ),
        (
            "MIS",
            0,
            True,
            False,
            "MIS made: the contractor took no trick; MIS is worth 250.",
        ),
    ],
)
def test_score_contract(
    text: str, tricks: int, made: bool, slam: bool, sentence: str
) -> None:
    result = score_contract(bid(text), tricks)
    assert (result.made, result.slam, result.explanation) == (made, slam, sentence)
    other = 0 if text == "MIS" else 10 - tricks
    assert result.changes == score_hand(bid(text), (tricks, other), {0})


def test_score_keeping_refuses_what_cannot_be() -> None:
    with pytest.raises(InvalidStateError, match="not allowed"):
        score_contract(bid("BMIS"), 0, rules=Rules.american())
    with pytest.raises(InvalidStateError, match="add up to 10, not 9"):
        score_hand(bid("8H"), (8, 1), {0})
    with pytest.raises(InvalidStateError, match="two sides"):
        score_contract(bid("8H"), 8, rules=Rules.three_player())
    with pytest.raises(InvalidStateError, match="0 to 10"):
        score_contract(bid("8H"), 11)
    over = ScoreSheet().add(bid("10NT"), 10)
    assert over.winners == (0,)
    with pytest.raises(InvalidStateError, match="the game is over"):
        over.add(bid("8H"), 8)


@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules.two_player(),
        Rules.three_player(),
        Rules.five_player(),
        Rules.six_player(),
        Rules(players=6, six_player_sides=3),
        Rules(defender_cap=490),
        Rules(players=3, defender_cap=480, win_requires_contract=False),
    ],
    ids=str,
)
def test_the_score_sheet_follows_random_games(rules: Rules) -> None:
    scored = 0
    for seed in range(8):
        sheet = ScoreSheet(rules)
        for state in play_random_game(rules, seed, max_hands=30):
            contract = state.contract
            if state.hand_result is None or contract is None:
                continue  # not over yet, or thrown in (nobody scores)
            side = side_of(rules, contract.contractor)
            partner = None if state.partner is None else side_of(rules, state.partner)
            if partner == side:
                partner = None
            tricks: int | tuple[int, ...] = (
                state.tricks_won[side] if rules.sides == 2 else state.tricks_won
            )
            sheet = sheet.add(contract.bid, tricks, side=side, partner=partner)
            scored += 1
            assert sheet.hands[-1].changes == state.hand_result
            assert sheet.totals == state.scores
            assert sheet.winners == state.winners
    assert scored > 20
