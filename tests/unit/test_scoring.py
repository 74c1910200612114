"""Scoring a hand and deciding the game.

The rules: :ref:`rules-scoring`, :ref:`rules-game-end`, :ref:`rules-options` and
:ref:`rules-player-counts`.
"""

import itertools
from typing import Any, cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from five_hundred import (
    AVONDALE,
    PASS,
    PERFECT,
    Bid,
    Contract,
    InvalidStateError,
    MisereBid,
    MisereKind,
    Rules,
    ScoreSheet,
    ScoringTable,
    Strain,
    TrickBid,
    contracting_seats,
    contracting_sides,
    game_winners,
    parse_bid,
    score_hand,
    side_of,
)

FOUR = Rules()
THREE = Rules.three_player()
FIVE = Rules.five_player()
SIX_TWO = Rules.six_player()
SIX_THREE = Rules.six_player_three_sides()

# :ref:`rules-scoring-table`, the Avondale table written out (rows 6..10 tricks;
# S C D H NT).
TABLE = {
    6: (40, 60, 80, 100, 120),
    7: (140, 160, 180, 200, 220),
    8: (240, 260, 280, 300, 320),
    9: (340, 360, 380, 400, 420),
    10: (440, 460, 480, 500, 520),
}
STRAINS = "SCDHN"


def bid(text: str) -> Bid:
    call = parse_bid(text)
    assert isinstance(call, TrickBid | MisereBid)
    return call


def every_trick_bid() -> list[tuple[str, int]]:
    return [
        (f"{tricks}{'NT' if letter == 'N' else letter}", value)
        for tricks, row in TABLE.items()
        for letter, value in zip(STRAINS, row, strict=True)
    ]


# -- trick contracts: made and failed ---------------------------------------------


@pytest.mark.parametrize(("text", "value"), every_trick_bid())
def test_a_trick_contract_made_exactly_scores_the_table_value(
    text: str, value: int
) -> None:
    tricks = bid(text)
    assert isinstance(tricks, TrickBid)
    won = tricks.tricks
    assert score_hand(tricks, (won, 10 - won), {0}) == (value, 10 * (10 - won))


@pytest.mark.parametrize(("text", "value"), every_trick_bid())
def test_a_trick_contract_one_short_loses_the_table_value(
    text: str, value: int
) -> None:
    tricks = bid(text)
    assert isinstance(tricks, TrickBid)
    won = tricks.tricks - 1
    assert score_hand(tricks, (10 - won, won), {1}) == (10 * (10 - won), -value)


def test_overtricks_score_nothing_extra() -> None:
    assert score_hand(bid("7H"), (9, 1), {0}) == (200, 10)
    assert score_hand(bid("6S"), (9, 1), {0}) == (40, 10)


def test_a_sans_kitty_bid_scores_the_same_as_with_the_kitty() -> None:
    assert score_hand(bid("7H-SK"), (7, 3), {0}) == (200, 30)
    assert score_hand(bid("7H-SK"), (6, 4), {0}) == (-200, 40)


def test_scores_may_go_negative_whatever_the_running_total() -> None:
    assert score_hand(bid("10NT"), (9, 1), {0}, scores=(-300, 0)) == (-520, 10)


def test_the_contractor_may_be_either_side() -> None:
    assert score_hand(bid("8D"), (2, 8), {1}) == (20, 280)


# -- the slam -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("6S", 250),
        ("6NT", 250),
        ("7S", 250),
        ("7NT", 250),  # 220 < 250
        ("8S", 250),  # 240 < 250
        ("7H-SK", 250),
        ("8C", 260),  # worth more than 250: no bonus
        ("8H", 300),  # ten tricks on 8H score 300, not 250
        ("10NT", 520),
    ],
)
def test_a_slam_scores_250_only_on_contracts_worth_less(
    text: str, expected: int
) -> None:
    assert score_hand(bid(text), (10, 0), {0}) == (expected, 0)


def test_nine_tricks_are_no_slam() -> None:
    assert score_hand(bid("7S"), (9, 1), {0}) == (140, 10)


def test_slam_bonus_off_scores_the_table_value() -> None:
    rules = Rules(slam_bonus=False)
    assert score_hand(bid("7S"), (10, 0), {0}, rules=rules) == (140, 0)
    assert score_hand(bid("6S"), (10, 0), {0}, rules=rules) == (40, 0)


def test_the_slam_threshold_is_the_value_in_the_rules_table() -> None:
    # PERFECT is Avondale minus 20: 8C is worth 240 there, so a slam scores 250.
    rules = Rules(scoring_table=PERFECT)
    assert score_hand(bid("8C"), (10, 0), {0}, rules=rules) == (250, 0)
    assert score_hand(bid("8D"), (10, 0), {0}, rules=rules) == (260, 0)


def test_a_slam_counts_the_tricks_of_both_partners() -> None:
    # Five players: contractor seat 0 and partner seat 3 take all ten between them.
    assert score_hand(bid("7S"), (6, 0, 0, 4, 0), {0, 3}, rules=FIVE) == (
        250,
        0,
        0,
        250,
        0,
    )


# -- defenders -----------------------------------------------------------------------


@pytest.mark.parametrize("won", range(11))
def test_defenders_score_ten_a_trick_made_or_failed(won: int) -> None:
    assert score_hand(bid("6S"), (10 - won, won), {0})[1] == 10 * won


def test_defender_trick_points_zero_turns_them_off() -> None:
    rules = Rules(defender_trick_points=0)
    assert score_hand(bid("7H"), (7, 3), {0}, rules=rules) == (200, 0)
    assert score_hand(bid("7H"), (3, 7), {0}, rules=rules) == (-200, 0)


def test_defender_trick_points_can_be_another_number() -> None:
    rules = Rules(defender_trick_points=25)
    assert score_hand(bid("7H"), (7, 3), {0}, rules=rules) == (200, 75)


def test_every_defending_side_scores_alone_with_three_players() -> None:
    assert score_hand(bid("7S"), (7, 2, 1), {0}, rules=THREE) == (140, 20, 10)
    assert score_hand(bid("7S"), (4, 5, 1), {0}, rules=THREE) == (-140, 50, 10)


# -- the defenders' cap ----------------------------------------------------------------


@pytest.mark.parametrize("cap", [490, 480])
def test_defender_gains_are_clipped_at_the_cap(cap: int) -> None:
    rules = Rules(defender_cap=cap)
    # 40 points would take side 1 past the cap: it stops there.
    assert score_hand(bid("7H"), (6, 4), {0}, scores=(0, cap - 10), rules=rules) == (
        -200,
        10,
    )
    # A gain that stays below the cap is untouched; one that reaches it exactly too.
    assert score_hand(bid("7H"), (8, 2), {0}, scores=(0, cap - 30), rules=rules) == (
        200,
        20,
    )
    assert score_hand(bid("7H"), (7, 3), {0}, scores=(0, cap - 30), rules=rules) == (
        200,
        30,
    )


@pytest.mark.parametrize("cap", [490, 480])
def test_a_side_at_or_above_the_cap_gains_nothing_as_defenders(cap: int) -> None:
    rules = Rules(defender_cap=cap)
    assert score_hand(bid("7H"), (6, 4), {0}, scores=(0, cap), rules=rules) == (
        -200,
        0,
    )
    # Above the cap (for example after a contract): no gain, and never a loss.
    assert score_hand(bid("7H"), (6, 4), {0}, scores=(0, cap + 5), rules=rules) == (
        -200,
        0,
    )


def test_a_side_at_the_cap_still_scores_its_contracts() -> None:
    rules = Rules(defender_cap=490)
    assert score_hand(bid("7H"), (7, 3), {0}, scores=(490, 0), rules=rules) == (
        200,
        30,
    )
    assert score_hand(bid("7H"), (6, 4), {0}, scores=(490, 0), rules=rules) == (
        -200,
        40,
    )


def test_the_cap_applies_to_each_defending_side_apart() -> None:
    rules = Rules.three_player(defender_cap=480)
    assert score_hand(bid("6S"), (6, 3, 1), {0}, scores=(0, 470, 100), rules=rules) == (
        40,
        10,
        10,
    )


def test_without_a_cap_defenders_pass_any_total() -> None:
    assert score_hand(bid("7H"), (6, 4), {0}, scores=(0, 490)) == (-200, 40)


# -- misère --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"), [("MIS", 250), ("OMIS", 500), ("BMIS", 500)]
)
def test_misere_scores_its_value_with_no_trick_and_defenders_nothing(
    text: str, value: int
) -> None:
    assert score_hand(bid(text), (0, 10), {0}) == (value, 0)
    assert score_hand(bid(text), (1, 9), {0}) == (-value, 0)
    assert score_hand(bid(text), (1, 0), {0}) == (-value, 0)  # stopped at once
    assert score_hand(bid(text), (10, 0), {1}) == (0, value)


def test_misere_values_come_from_the_rules() -> None:
    rules = Rules(misere_value=300, open_misere_value=600, blind_misere_value=700)
    assert score_hand(bid("MIS"), (0, 10), {0}, rules=rules) == (300, 0)
    assert score_hand(bid("OMIS"), (2, 8), {0}, rules=rules) == (-600, 0)
    assert score_hand(bid("BMIS"), (0, 10), {0}, rules=rules) == (700, 0)


def test_misere_defenders_score_nothing_even_with_more_sides() -> None:
    assert score_hand(bid("MIS"), (0, 6, 4), {0}, rules=THREE) == (250, 0, 0)
    assert score_hand(bid("MIS"), (0, 3, 3, 2, 2), {0}, rules=FIVE) == (
        250,
        0,
        0,
        0,
        0,
    )


def test_misere_defenders_score_nothing_below_the_cap() -> None:
    rules = Rules(defender_cap=490)
    assert score_hand(bid("MIS"), (1, 0), {0}, scores=(0, 100), rules=rules) == (
        -250,
        0,
    )


# -- more sides --------------------------------------------------------------------


def test_five_players_both_partners_score_the_contract() -> None:
    result = score_hand(bid("8H"), (5, 1, 3, 1, 0), {0, 2}, rules=FIVE)
    assert result == (300, 10, 300, 10, 0)
    result = score_hand(bid("8H"), (3, 3, 2, 1, 1), {0, 2}, rules=FIVE)
    assert result == (-300, 30, -300, 10, 10)


def test_five_players_alone_scores_only_the_contractor() -> None:
    result = score_hand(bid("7D"), (7, 1, 1, 1, 0), {0}, rules=FIVE)
    assert result == (180, 10, 10, 10, 0)


def test_five_players_the_partners_tricks_count_together() -> None:
    # 4 + 4 = 8: made, though neither partner took 8 alone.
    assert score_hand(bid("8S"), (1, 4, 1, 4, 0), {1, 3}, rules=FIVE) == (
        10,
        240,
        10,
        240,
        0,
    )


def test_six_players_two_sides() -> None:
    assert score_hand(bid("9NT"), (9, 1), {0}, rules=SIX_TWO) == (420, 10)


def test_six_players_three_sides() -> None:
    assert score_hand(bid("7D"), (2, 7, 1), {1}, rules=SIX_THREE) == (20, 180, 10)
    assert score_hand(bid("7D"), (3, 6, 1), {1}, rules=SIX_THREE) == (30, -180, 10)


# -- user tables -------------------------------------------------------------------


def test_a_user_table_sets_every_value() -> None:
    rows = [[10 * (5 * t + s + 1) for s in range(5)] for t in range(5)]
    rules = Rules(scoring_table=ScoringTable.from_rows(rows))
    for tricks in range(6, 11):
        for strain in Strain:
            value = rows[tricks - 6][strain]
            contract = TrickBid(tricks, strain)
            assert score_hand(contract, (tricks, 10 - tricks), {0}, rules=rules) == (
                value if tricks < 10 or value >= 250 else 250,
                10 * (10 - tricks),
            )
            assert score_hand(contract, (5, 5), {0}, rules=rules)[0] == -value


# -- invalid input -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        ((PASS, (6, 4), {0}), {}, "not a pass"),
        ((bid("7H"), (6, 4, 0), {0}), {}, "one entry per side (2); got 3"),
        ((bid("7H"), (10,), {0}), {}, "one entry per side (2); got 1"),
        ((bid("7H"), (6, -1), {0}), {}, "at most 10 tricks"),
        ((bid("7H"), (6, 5), {0}), {}, "at most 10 tricks"),
        ((bid("7H"), (6, 4.0), {0}), {}, "invalid tricks_won"),
        ((bid("7H"), (6, True), {0}), {}, "invalid tricks_won"),
        ((bid("7H"), (6, 4), set()), {}, "invalid contractors"),
        ((bid("7H"), (6, 4), {2}), {}, "sides are 0 to 1"),
        ((bid("7H"), (6, 4), {-1}), {}, "sides are 0 to 1"),
        ((bid("7H"), (6, 4), {0}), {"scores": (0, 0, 0)}, "scores needs one entry"),
        ((bid("7S"), (6, 4), {0}), {"rules": THREE}, "one entry per side (3)"),
    ],
)
def test_invalid_input_raises_invalid_state_error(
    args: tuple[Any, ...], kwargs: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidStateError) as info:
        score_hand(*args, **kwargs)
    assert message in str(info.value)


# -- the property: the result follows the table ------------------------------------


@st.composite
def hands_to_score(
    draw: st.DrawFn,
) -> tuple[Rules, Bid, tuple[int, ...], frozenset[int]]:
    rules = draw(
        st.sampled_from((FOUR, THREE, FIVE, SIX_TWO, SIX_THREE, Rules.two_player()))
    )
    contract: Bid = draw(
        st.builds(TrickBid, st.integers(6, 10), st.sampled_from(Strain), st.booleans())
        | st.builds(MisereBid, st.sampled_from(MisereKind))
    )
    cuts = sorted(
        draw(
            st.lists(
                st.integers(0, 10), min_size=rules.sides - 1, max_size=rules.sides - 1
            )
        )
    )
    bounds = [0, *cuts, 10]
    tricks = tuple(b - a for a, b in itertools.pairwise(bounds))
    max_contractors = 2 if rules.players == 5 else 1
    contractors = draw(
        st.frozensets(
            st.integers(0, rules.sides - 1), min_size=1, max_size=max_contractors
        )
    )
    return rules, contract, tricks, contractors


@given(hands_to_score())
def test_score_hand_follows_the_table(
    case: tuple[Rules, Bid, tuple[int, ...], frozenset[int]],
) -> None:
    rules, contract, tricks, contractors = case
    result = score_hand(contract, tricks, contractors, rules=rules)
    assert len(result) == rules.sides
    taken = sum(tricks[s] for s in contractors)
    if isinstance(contract, MisereBid):
        value = {"MIS": 250, "OMIS": 500, "BMIS": 500}[str(contract)]
        expected = value if taken == 0 else -value
        for side in range(rules.sides):
            assert result[side] == (expected if side in contractors else 0)
        return
    value = TABLE[contract.tricks][contract.strain]
    if taken < contract.tricks:
        expected = -value
    elif taken == 10 and value < 250:
        expected = 250
    else:
        expected = value
    for side in range(rules.sides):
        if side in contractors:
            assert result[side] == expected
        else:
            assert result[side] == 10 * tricks[side]


def test_the_table_is_avondale_by_default() -> None:
    assert Rules().scoring_table == AVONDALE


# -- game_winners --------------------------------------------------------------------


def test_a_side_wins_by_making_a_contract_to_500() -> None:
    assert game_winners(FOUR, (500, 300), {0}, made=True) == (0,)
    assert game_winners(FOUR, (520, 300), {0}, made=True) == (0,)
    assert game_winners(FOUR, (300, 520), {1}, made=True) == (1,)


def test_below_the_target_the_game_goes_on() -> None:
    assert game_winners(FOUR, (490, 300), {0}, made=True) == ()
    assert game_winners(FOUR, (0, 0)) == ()


def test_defenders_points_reaching_500_do_not_win() -> None:
    assert game_winners(FOUR, (300, 510), {0}, made=True) == ()
    assert game_winners(FOUR, (100, 510), {0}, made=False) == ()
    # A contracting side at 500 that failed did not reach it by making a contract.
    assert game_winners(FOUR, (520, 0), {0}, made=False) == ()


def test_without_win_requires_contract_trick_points_can_win() -> None:
    rules = Rules(win_requires_contract=False)
    assert game_winners(rules, (300, 510), {0}, made=True) == (1,)
    assert game_winners(rules, (100, 510), {0}, made=False) == (1,)


def test_without_win_requires_contract_the_contractor_wins_if_both_cross() -> None:
    rules = Rules(win_requires_contract=False)
    assert game_winners(rules, (510, 530), {0}, made=True) == (0,)
    assert game_winners(rules, (530, 510), {1}, made=True) == (1,)


def test_without_win_requires_contract_the_highest_defender_wins() -> None:
    rules = Rules.three_player(win_requires_contract=False)
    assert game_winners(rules, (100, 510, 520), {0}, made=False) == (2,)
    assert game_winners(rules, (100, 520, 520), {0}, made=False) == (1, 2)


def test_out_backwards_two_sides_the_other_side_wins() -> None:
    assert game_winners(FOUR, (-500, 200), {0}) == (1,)
    assert game_winners(FOUR, (-520, 300), {0}) == (1,)
    assert game_winners(FOUR, (300, -640), {1}) == (0,)
    # The other side wins even with a negative total.
    assert game_winners(FOUR, (-510, -20), {0}) == (1,)


def test_just_above_the_losing_score_the_game_goes_on() -> None:
    assert game_winners(FOUR, (-490, 200), {0}) == ()


def test_out_backwards_with_more_sides_the_highest_other_total_wins() -> None:
    assert game_winners(THREE, (-510, 200, 300), {0}) == (2,)
    assert game_winners(THREE, (200, -510, 100), {1}) == (0,)
    assert game_winners(SIX_THREE, (-510, 200, 300), {0}) == (2,)


def test_out_backwards_equal_highest_totals_share_the_win() -> None:
    assert game_winners(THREE, (-510, 300, 300), {0}) == (1, 2)
    assert game_winners(FIVE, (-500, 40, -500, 40, 20), {0, 2}) == (1, 3)


def test_five_players_both_partners_win_by_their_contract() -> None:
    assert game_winners(FIVE, (510, 0, 505, 20, 0), {0, 2}, made=True) == (0, 2)
    # Only a partner who reaches the target wins.
    assert game_winners(FIVE, (510, 0, 300, 20, 0), {0, 2}, made=True) == (0,)


def test_a_custom_target() -> None:
    rules = Rules(target=300)
    assert game_winners(rules, (300, 0), {0}, made=True) == (0,)
    assert game_winners(rules, (290, 0), {0}, made=True) == ()
    assert game_winners(FOUR, (300, 0), {0}, made=True) == ()


def test_a_custom_losing_score() -> None:
    rules = Rules(losing_score=-200)
    assert game_winners(rules, (-200, 0), {0}) == (1,)
    assert game_winners(rules, (-190, 0), {0}) == ()
    assert game_winners(FOUR, (-200, 0), {0}) == ()


# -- malformed arguments from untyped callers: InvalidStateError, never TypeError --

_BID: Any = parse_bid("7H")


def test_contractors_of_mixed_types_raise_invalid_state_error() -> None:
    with pytest.raises(InvalidStateError, match="invalid contractors"):
        score_hand(_BID, (6, 4), cast(Any, {0, "a"}))


def test_contractors_not_a_collection_raise_invalid_state_error() -> None:
    with pytest.raises(InvalidStateError, match="invalid contractors"):
        score_hand(_BID, (6, 4), cast(Any, 0))


def test_tricks_won_not_a_sequence_raise_invalid_state_error() -> None:
    with pytest.raises(InvalidStateError, match="tricks_won"):
        score_hand(_BID, cast(Any, 5), {0})


def test_scores_that_are_not_numbers_raise_invalid_state_error() -> None:
    with pytest.raises(InvalidStateError, match="scores"):
        score_hand(
            _BID, (6, 4), {0}, scores=cast(Any, (0, "x")), rules=Rules(defender_cap=490)
        )


@given(
    players=st.sampled_from([3, 4, 5, 6]),
    bid=st.sampled_from(["6S", "8H", "10NT", "7D-SK", "MIS", "OMIS"]),
    data=st.data(),
)
def test_settling_a_hand_agrees_with_score_hand_and_game_winners(
    players: int, bid: str, data: st.DataObject
) -> None:
    from five_hundred._engine.codes import seat_nibbles
    from five_hundred.rules import side_of
    from five_hundred.scoring import contract_made, settle_hand, settle_packed

    rules = Rules.for_players(players)
    contract = cast(Any, parse_bid(bid))
    winners_of_tricks = data.draw(
        st.lists(st.integers(0, players - 1), min_size=10, max_size=10)
    )
    packed = sum(1 << 4 * seat for seat in winners_of_tricks)
    won = seat_nibbles(packed, players)
    contractor = data.draw(st.integers(0, players - 1))
    partner = data.draw(st.sampled_from([-1, *range(players)]))
    scores = tuple(data.draw(st.integers(-600, 600)) for _ in range(rules.sides))
    sides = [side_of(rules, seat) for seat in range(players)]
    by_side = [0] * rules.sides
    for seat, count in enumerate(won):
        by_side[sides[seat]] += count
    contractors = {sides[contractor]} | ({sides[partner]} if partner >= 0 else set())
    taken = sum(by_side[s] for s in contractors)
    changes = score_hand(contract, by_side, contractors, scores=scores, rules=rules)
    after = tuple(a + b for a, b in zip(scores, changes, strict=True))
    made = contract_made(contract, taken)
    winners = game_winners(rules, after, contractors, made=made)
    expected = (tuple(by_side), changes, after, winners)
    # twice each: the second answer comes from the memo (keyed by the sides' tricks)
    for _ in range(2):
        assert (
            tuple(settle_hand(rules, contract, won, contractor, partner, scores))
            == expected
        )
        assert (
            tuple(settle_packed(rules, contract, packed, contractor, partner, scores))
            == expected
        )


# -- the score sheet for any number of sides --------------------------------------------


def test_a_score_sheet_starts_at_zero_for_each_side() -> None:
    for players in (2, 3, 4, 5, 6):
        rules = Rules(players=players)
        assert ScoreSheet(rules).totals == (0,) * rules.sides
    assert ScoreSheet(Rules(players=6, six_player_sides=3)).totals == (0, 0, 0)


def test_a_five_player_sheet_shares_the_contract_with_the_partner() -> None:
    sheet = ScoreSheet(Rules.five_player(), start=(400, 0, 450, 0, 0))
    sheet = sheet.add(cast(Bid, parse_bid("8H")), (4, 0, 4, 1, 1), side=0, partner=2)
    assert sheet.totals == (700, 0, 750, 10, 10)
    assert sheet.winners == (0, 2)
    assert sheet.hands[-1].partner == 2


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"tricks": 7}, "give the tricks of each side"),
        ({"tricks": (7, 2)}, "needs 3 whole numbers"),
        ({"tricks": (7, 2, True)}, "needs 3 whole numbers"),
        ({"tricks": (7, 2, 2)}, "at most 10 tricks"),
        ({"tricks": (7, 2, 1), "side": True}, "invalid side"),
        ({"tricks": (7, 2, 1), "side": 3}, "invalid side"),
        ({"tricks": (7, 2, 1), "partner": 1.0}, "invalid partner"),
        ({"tricks": 11, "bid": "MIS"}, "0 to 10"),
    ],
)
def test_a_score_sheet_refuses_what_cannot_be(
    kwargs: dict[str, Any], match: str
) -> None:
    sheet = ScoreSheet(Rules.three_player())
    bid = parse_bid(kwargs.pop("bid", "7S"))
    with pytest.raises(InvalidStateError, match=match):
        sheet.add(cast(Bid, bid), kwargs.pop("tricks"), **kwargs)
    assert sheet.hands == ()


def test_a_score_sheet_refuses_tricks_as_text() -> None:
    with pytest.raises(TypeError, match="sequence of tricks"):
        ScoreSheet(Rules.three_player()).add(cast(Bid, parse_bid("7S")), cast(Any, "7"))


def test_a_score_sheet_checks_its_start() -> None:
    with pytest.raises(InvalidStateError, match="start needs 2"):
        ScoreSheet(start=(0, 0, 0))
    with pytest.raises(TypeError):
        ScoreSheet(rules=cast(Any, "4 players"))


@pytest.mark.parametrize("rules", [THREE, FOUR, FIVE, SIX_TWO, SIX_THREE])
def test_the_contracting_sides_are_the_contractors_side_alone_without_a_partner(
    rules: Rules,
) -> None:
    for contractor in range(rules.players):
        sides = contracting_sides(rules, contractor)
        assert sides == frozenset({side_of(rules, contractor)})


def test_a_called_partner_shares_the_contract_with_the_contractor() -> None:
    assert contracting_sides(FIVE, 1, partner=4) == frozenset({1, 4})
    assert contracting_sides(FIVE, 1, partner=1) == frozenset({1})  # holds own card
    seats = contracting_seats(FIVE, Contract(cast(Bid, parse_bid("8H")), 1), 4)
    assert seats == frozenset({1, 4})


@pytest.mark.parametrize(
    ("rules", "contractor", "seats"),
    [
        (FOUR, 1, {1, 3}),
        (THREE, 2, {2}),
        (FIVE, 0, {0}),
        (SIX_TWO, 2, {0, 2, 4}),
        (SIX_THREE, 4, {1, 4}),
    ],
)
def test_the_contracting_seats_are_the_contracting_sides_seats(
    rules: Rules, contractor: int, seats: set[int]
) -> None:
    contract = Contract(cast(Bid, parse_bid("7S")), contractor)
    assert contracting_seats(rules, contract) == frozenset(seats)


@pytest.mark.parametrize("rules", [FOUR, SIX_TWO, SIX_THREE])
@pytest.mark.parametrize("bid", ["MIS", "OMIS"])
def test_the_misere_contractor_plays_alone(rules: Rules, bid: str) -> None:
    """:ref:`rules-misere-alone`: the partners sit out, only the contractor plays."""
    contract = Contract(cast(Bid, parse_bid(bid)), 3)
    assert contracting_seats(rules, contract) == frozenset({3})


def test_the_contracting_side_functions_refuse_what_is_not_a_seat_or_contract() -> None:
    with pytest.raises(InvalidStateError):
        contracting_sides(FOUR, 4)
    with pytest.raises(InvalidStateError):
        contracting_sides(FIVE, 0, partner=5)
    with pytest.raises(InvalidStateError):
        contracting_seats(FOUR, Contract(cast(Bid, parse_bid("MIS")), 7))
    with pytest.raises(TypeError, match="expected a Contract"):
        contracting_seats(FOUR, cast(Any, "8H by seat 1"))
    with pytest.raises(TypeError):
        contracting_sides(cast(Any, "4 players"), 0)
