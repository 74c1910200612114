from typing import Any, cast

import attrs
import pytest

import five_hundred
from five_hundred import (
    PlayContext,
    Rules,
    Strain,
    apply,
    effective_suit,
    errors,
    explain_illegal,
    is_legal,
    legal_actions,
    legal_plays,
    new_game,
    pack,
    parse_card,
    parse_cards,
    score_hand,
    side_of,
)
from five_hundred.cards import card_code, mask_from_cards
from five_hundred.errors import (
    FiveHundredError,
    IllegalActionError,
    IllegalBidError,
    IllegalPlayError,
    InvalidNotationError,
    InvalidStateError,
    NotYourTurnError,
    RulesConfigError,
    WrongPhaseError,
)

LEAVES = (
    InvalidNotationError,
    InvalidStateError,
    RulesConfigError,
    IllegalActionError,
    IllegalBidError,
    IllegalPlayError,
    WrongPhaseError,
    NotYourTurnError,
)


@pytest.mark.parametrize("error", LEAVES)
def test_every_error_is_a_five_hundred_error_and_a_value_error(
    error: type[Exception],
) -> None:
    assert issubclass(error, FiveHundredError)
    assert issubclass(error, ValueError)
    with pytest.raises(FiveHundredError, match="boom"):
        raise error("boom")
    with pytest.raises(ValueError, match="boom"):
        raise error("boom")


def test_the_root_is_an_exception_but_not_a_value_error() -> None:
    assert issubclass(FiveHundredError, Exception)
    assert not issubclass(FiveHundredError, ValueError)


@pytest.mark.parametrize("error", [IllegalBidError, IllegalPlayError, WrongPhaseError])
def test_action_errors_are_illegal_action_errors(error: type[Exception]) -> None:
    assert issubclass(error, IllegalActionError)
    with pytest.raises(IllegalActionError, match="not your turn"):
        raise error("not your turn")


@pytest.mark.parametrize(
    "error", [InvalidNotationError, InvalidStateError, RulesConfigError]
)
def test_input_errors_are_not_illegal_action_errors(error: type[Exception]) -> None:
    assert not issubclass(error, IllegalActionError)


def test_the_leaves_are_distinct_siblings() -> None:
    independent = [
        InvalidNotationError,
        InvalidStateError,
        RulesConfigError,
        IllegalActionError,
    ]
    for a in independent:
        for b in independent:
            assert issubclass(a, b) == (a is b)


def test_every_error_is_exported_from_the_package() -> None:
    for name in errors.__all__:
        assert getattr(five_hundred, name) is getattr(errors, name)
        assert name in five_hundred.__all__
    assert set(errors.__all__) == {e.__name__ for e in (*LEAVES, FiveHundredError)}


def test_the_message_is_kept() -> None:
    error = InvalidNotationError("invalid card 'ZZ'")
    assert str(error) == "invalid card 'ZZ'"
    assert error.args == ("invalid card 'ZZ'",)


# -- values of the wrong type get a typed error that says what was expected ----------


def test_text_where_a_card_is_expected_names_the_parser() -> None:
    hearts = PlayContext(Strain.HEARTS)
    for attempt in (
        lambda: card_code(cast(Any, "AH")),
        lambda: mask_from_cards(cast(Any, ["AH"])),
        lambda: mask_from_cards(cast(Any, "AH")),
        lambda: effective_suit(cast(Any, "JD"), hearts),
        lambda: legal_plays(cast(Any, ["AH", "KH"]), hearts),
    ):
        with pytest.raises(TypeError, match="use parse_card to read text"):
            attempt()
    with pytest.raises(TypeError, match="expected a Card; got the NoneType 'None'"):
        mask_from_cards(cast(Any, None))


@pytest.mark.parametrize("seat", [-1, 4, "1", None])
def test_side_of_refuses_a_seat_outside_the_table(seat: object) -> None:
    with pytest.raises(InvalidStateError, match="seats are 0 to 3"):
        side_of(Rules(), cast(Any, seat))


# -- a wrong Python type at the boundary is a TypeError naming the type and parser --


def test_text_where_an_action_is_expected_names_parse_action() -> None:

    state = new_game(seed=1)
    for attempt in (
        lambda: apply(state, cast(Any, "PASS")),
        lambda: is_legal(state, cast(Any, "PASS")),
        lambda: explain_illegal(state, cast(Any, "PASS")),
    ):
        with pytest.raises(
            TypeError,
            match=r"expected an Action; got the str 'PASS' \(use parse_action",
        ):
            attempt()
    assert state == new_game(seed=1)


def test_text_where_a_bid_is_expected_names_parse_bid() -> None:

    with pytest.raises(
        TypeError, match=r"expected a Bid; got the str '8H' \(use parse_bid"
    ):
        score_hand(cast(Any, "8H"), (9, 1), {0})


def test_something_else_where_a_state_or_rules_is_expected() -> None:

    with pytest.raises(TypeError, match="expected a GameState"):
        legal_actions(cast(Any, None))
    for attempt in (
        lambda: new_game(cast(Any, [4])),
        lambda: pack(cast(Any, [4])),
        lambda: side_of(cast(Any, [4]), 0),
        lambda: legal_plays(
            parse_cards("AH"), PlayContext(Strain.HEARTS), cast(Any, [4])
        ),
    ):
        with pytest.raises(TypeError, match="expected a Rules value; got the list"):
            attempt()
    with pytest.raises(TypeError, match="expected a PlayContext"):
        effective_suit(parse_card("AH"), cast(Any, "hearts"))


def test_an_empty_game_state_is_refused_with_a_type_error() -> None:
    from five_hundred import (
        GameState,
        RuleBasedPlayer,
        apply,
        explain_illegal,
        parse_action,
        play_hand,
        record,
        view,
    )

    empty = GameState()  # the class called directly: it holds no game
    assert repr(empty) == str(empty) == "<GameState (empty: no game)>"
    for attempt in (
        lambda: legal_actions(empty),
        lambda: apply(empty, parse_action("PASS")),
        lambda: explain_illegal(empty, parse_action("PASS")),
        lambda: view(empty, 0),
        lambda: record(empty),
        lambda: play_hand(empty, [RuleBasedPlayer()] * 4),
    ):
        with pytest.raises(TypeError, match=r"got an empty GameState\(\)"):
            attempt()


def test_more_wrong_types_are_type_errors() -> None:
    from five_hundred import is_slam, parse_bid, playout, view

    with pytest.raises(TypeError, match="expected a GameState"):
        view(cast(Any, None), 0)
    with pytest.raises(TypeError, match="expected a Rules value"):
        is_slam(cast(Any, parse_bid("7S")), 10, cast(Any, None))
    with pytest.raises(TypeError, match=r"random\.Random"):
        playout(new_game(seed=1), rng=cast(Any, 5))
    from five_hundred import new_hand, pack

    cards = list(pack(Rules()))
    with pytest.raises(InvalidStateError, match="at most 1000 digits"):
        new_hand(
            Rules(),
            [cards[i * 10 : i * 10 + 10] for i in range(4)],
            cards[40:],
            dealer=0,
            scores=(10**5000, 0),
        )


def test_records_keep_the_refusal_code() -> None:
    from five_hundred import GameRecord, PlayCard, record
    from five_hundred.records import HandRecord

    state = new_game(seed=1)
    saved = record(state)
    first = saved.hands[0]
    bad = attrs.evolve(first, actions=(PlayCard(parse_card("AS")),))
    with pytest.raises(IllegalActionError) as info:
        attrs.evolve(saved, hands=(bad,)).replay()
    assert info.value.code == "wrong-phase"
    assert isinstance(saved, GameRecord)
    assert isinstance(first, HandRecord)


# -- notation errors carry a code and a reason, like refusals -------------------------


@pytest.mark.parametrize(
    ("parse", "text", "code"),
    [
        (five_hundred.parse_card, "1H", "bad-card"),
        (five_hundred.parse_card, 5, "bad-card"),
        (five_hundred.parse_cards, "AS 1H", "bad-card"),
        (five_hundred.parse_cards, None, "bad-cards"),
        (five_hundred.parse_bid, "11H", "bad-bid"),
        (five_hundred.parse_action, "seven hearts", "bad-action"),
        (five_hundred.parse_action, "DISCARD 5S 5S 6S", "repeated-card"),
        (five_hundred.GameRecord.from_json, "{}", "bad-record"),
        (five_hundred.GameRecord.from_text, "nothing", "bad-record"),
    ],
)
def test_notation_errors_have_a_code_and_a_reason(
    parse: Any, text: object, code: str
) -> None:
    with pytest.raises(InvalidNotationError) as caught:
        parse(text)
    error = caught.value
    assert error.code == code
    assert error.reason
    assert error.reason in str(error)
    if code != "bad-record":  # a record's reason says where: the whole message
        assert str(error).endswith(": " + error.reason)
        assert not error.reason.startswith("invalid")


def test_a_short_form_in_a_phase_gives_the_action_code() -> None:
    state = five_hundred.new_game(seed=1)
    with pytest.raises(InvalidNotationError) as caught:
        five_hundred.parse_action("zz", context=state)
    assert caught.value.code == "bad-action"


def test_a_value_of_the_wrong_parts_is_a_bad_value() -> None:
    with pytest.raises(InvalidNotationError) as caught:
        five_hundred.Card(cast(Any, 5), None)
    assert caught.value.code == "bad-value"
    assert caught.value.reason == str(caught.value)


def test_notation_errors_pickle_with_their_fields() -> None:
    import pickle

    with pytest.raises(InvalidNotationError) as caught:
        five_hundred.parse_card("ZZ")
    error = caught.value
    back = pickle.loads(pickle.dumps(error))
    assert (type(back), str(back), back.code, back.reason) == (
        type(error),
        str(error),
        error.code,
        error.reason,
    )
