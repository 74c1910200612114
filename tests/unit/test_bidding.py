"""Tests for five_hundred.bidding: bid notation, the scoring table, the ladder, the auction.

The specification is the rules page: :ref:`rules-bidding`, :ref:`rules-scoring-table`,
:ref:`rules-options` (the options that touch bidding) and :ref:`rules-rulings` (edge
cases and placements, :ref:`rules-ladder-placement`).
"""

import copy
import itertools
import re
from collections.abc import Callable, Mapping, Sequence

import attrs
import pytest
from hypothesis import event, given
from hypothesis import strategies as st
from hypothesis.vendor.pretty import pretty
from tests.strategies import BIDDING_OPTIONS, bidding_rules, bids, calls

from five_hundred import (
    AVONDALE,
    BLIND_MISERE,
    MISERE,
    OPEN_MISERE,
    PASS,
    PERFECT,
    Auction,
    Bid,
    Call,
    Contract,
    FiveHundredError,
    IllegalActionError,
    IllegalBidError,
    InvalidNotationError,
    InvalidStateError,
    MisereBid,
    MisereKind,
    Pass,
    Rules,
    ScoringTable,
    Strain,
    TrickBid,
    apply_call,
    bid_ladder,
    bid_rank,
    bid_value,
    explain_call,
    format_scoring_table,
    legal_calls,
    outranks,
    parse_bid,
)

# -- helpers --------------------------------------------------------------------------

STRAIN_LETTERS = {
    Strain.SPADES: "S",
    Strain.CLUBS: "C",
    Strain.DIAMONDS: "D",
    Strain.HEARTS: "H",
    Strain.NO_TRUMPS: "NT",
}
TRICKS = range(6, 11)

COMBOS = [
    dict(zip(BIDDING_OPTIONS, values, strict=True))
    for values in itertools.product((False, True), repeat=len(BIDDING_OPTIONS))
]
"""Every combination of the six options that shape the ladder (64 of them)."""
COMBO_RULES = [Rules().replace(**options) for options in COMBOS]
COMBO_IDS = [
    "+".join(name for name, on in options.items() if on) or "none" for options in COMBOS
]
PLAYER_COUNTS = (2, 3, 4, 5, 6)


def b(text: str) -> Bid:
    """The bid written ``text`` (not a pass)."""
    call = parse_bid(text)
    assert not isinstance(call, Pass)
    return call


def ladder_text(rules: Rules) -> list[str]:
    return [str(bid) for bid in bid_ladder(rules)]


def run(rules: Rules, texts: str, dealer: int = 3) -> Auction:
    """The auction after the calls in ``texts``, each made by the seat to act."""
    auction = Auction.start(rules, dealer)
    for text in texts.split():
        seat = auction.to_act
        assert seat is not None, f"the auction ended before {text}"
        auction = apply_call(auction, seat, parse_bid(text))
    return auction


def refused(auction: Auction, seat: int, call: Call) -> str:
    """Check that ``seat`` may not make ``call``; return the reason.

    The call raises IllegalBidError whose message names the call, the seat and the
    reason explain_call gives, and the auction is unchanged.
    """
    before = copy.deepcopy(auction)
    reason = explain_call(auction, seat, call)
    assert reason is not None
    with pytest.raises(IllegalBidError) as info:
        apply_call(auction, seat, call)
    assert str(info.value) == f"illegal bid '{call}' by seat {seat}: {reason}"
    assert auction == before
    assert call not in legal_calls(auction) or seat != auction.to_act
    return reason


def refused_now(auction: Auction, call: Call) -> str:
    """Check that the seat to act may not make ``call``; return the reason."""
    assert auction.to_act is not None
    return refused(auction, auction.to_act, call)


def accepted(auction: Auction, seat: int, call: Call) -> Auction:
    """Check that ``seat`` may make ``call`` now; return the next auction."""
    assert explain_call(auction, seat, call) is None
    assert auction.to_act == seat
    assert call in legal_calls(auction)
    return apply_call(auction, seat, call)


# -- notation -------------------------------------------------------------------------


def test_every_trick_bid_has_its_notation() -> None:
    for tricks, (strain, letter) in itertools.product(TRICKS, STRAIN_LETTERS.items()):
        text = f"{tricks}{letter}"
        assert parse_bid(text) == TrickBid(tricks, strain)
        assert parse_bid(text + "-SK") == TrickBid(tricks, strain, sans_kitty=True)
        assert str(TrickBid(tricks, strain)) == text
        assert str(TrickBid(tricks, strain, sans_kitty=True)) == text + "-SK"


def test_misere_and_pass_notation() -> None:
    assert (parse_bid("MIS"), parse_bid("OMIS"), parse_bid("BMIS")) == (
        MisereBid(MisereKind.CLOSED),
        MisereBid(MisereKind.OPEN),
        MisereBid(MisereKind.BLIND),
    )
    assert (MISERE.kind, OPEN_MISERE.kind, BLIND_MISERE.kind) == tuple(MisereKind)
    assert [str(bid) for bid in (MISERE, OPEN_MISERE, BLIND_MISERE)] == [
        "MIS",
        "OMIS",
        "BMIS",
    ]
    assert [kind.title for kind in MisereKind] == [
        "misère",
        "open misère",
        "blind misère",
    ]
    assert parse_bid("PASS") == PASS == Pass()
    assert str(PASS) == "PASS"


@pytest.mark.parametrize("rules", COMBO_RULES, ids=COMBO_IDS)
def test_ladder_round_trips_through_str_and_repr(rules: Rules) -> None:
    namespace = {"parse_bid": parse_bid}
    for call in (PASS, *bid_ladder(rules)):
        text = str(call)
        assert text == text.upper()
        assert parse_bid(text) == call
        assert parse_bid(text.lower()) == call
        assert str(parse_bid(text)) == text
        assert repr(call) == f"parse_bid({text!r})"
        assert eval(repr(call), namespace) == call
        assert pretty(call) == repr(call)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7h-sk", TrickBid(7, Strain.HEARTS, sans_kitty=True)),
        ("7H-sk", TrickBid(7, Strain.HEARTS, sans_kitty=True)),
        ("pass", PASS),
        ("Pass", PASS),
        ("mis", MISERE),
        ("Omis", OPEN_MISERE),
        ("bmis", BLIND_MISERE),
        ("10nt", TrickBid(10, Strain.NO_TRUMPS)),
        ("10Nt-Sk", TrickBid(10, Strain.NO_TRUMPS, sans_kitty=True)),
        ("6s", TrickBid(6, Strain.SPADES)),
        ("8c", TrickBid(8, Strain.CLUBS)),
        ("9d", TrickBid(9, Strain.DIAMONDS)),
        ("  8H ", TrickBid(8, Strain.HEARTS)),
    ],
)
def test_parsing_ignores_case_and_surrounding_space(text: str, expected: Call) -> None:
    assert parse_bid(text) == expected


JUNK = [
    "5S",
    "4NT",
    "11H",
    "0S",
    "06S",
    "60S",
    "7X",
    "7N",
    "7T",
    "7NTT",
    "7H-S",
    "7H-",
    "7H-SKK",
    "7H-SK-SK",
    "7HSK",
    "7H SK",
    "7 H",
    "7",
    "H",
    "NT",
    "SK",
    "-SK",
    "MIS-SK",
    "OMIS-SK",
    "PASS-SK",
    "MISERE",
    "MISÈRE",
    "NULLO",
    "P",
    "PASSS",
    "PAS",
    "MIS MIS",
    "7H 7S",
    "",
    " ",
    "\t\n",
    "７H",
    "7Н",
    "é",
    "🂡",
    "7H" * 1000,
    "x" * 10_000,
]


@pytest.mark.parametrize("text", JUNK, ids=range(len(JUNK)))
def test_junk_is_invalid_notation(text: str) -> None:
    with pytest.raises(InvalidNotationError, match=r"^invalid bid ") as info:
        parse_bid(text)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, FiveHundredError)
    assert len(str(info.value)) < 200


@pytest.mark.parametrize("value", [None, 7, 7.0, b"7H", ["7H"], ("PASS",), PASS])
def test_non_text_is_invalid_notation(value: object) -> None:
    with pytest.raises(InvalidNotationError, match="expected text"):
        parse_bid(value)  # type: ignore[arg-type]


@given(st.text())
def test_any_text_parses_or_raises_invalid_notation(text: str) -> None:
    try:
        call = parse_bid(text)
    except InvalidNotationError:
        return
    assert parse_bid(str(call)) == call


@given(st.text(alphabet="0123456789SCDHNTMIOBPAK- sch"))
def test_near_notation_parses_only_to_itself(text: str) -> None:
    """Text made of notation characters is a call only if it is the notation."""
    try:
        call = parse_bid(text)
    except InvalidNotationError:
        return
    assert str(call) == text.strip().upper()


@given(calls())
def test_strategy_calls_round_trip(call: Call) -> None:
    assert parse_bid(str(call)) == call
    assert eval(repr(call), {"parse_bid": parse_bid}) == call


@pytest.mark.parametrize(
    "make",
    [
        lambda: TrickBid(5, Strain.SPADES),
        lambda: TrickBid(11, Strain.SPADES),
        lambda: TrickBid(7.0, Strain.SPADES),  # type: ignore[arg-type]
        lambda: TrickBid(7, "H"),  # type: ignore[arg-type]
        lambda: TrickBid(7, Strain.HEARTS, sans_kitty=1),  # type: ignore[arg-type]
        lambda: MisereBid("MIS"),  # type: ignore[arg-type]
    ],
    ids=[
        "5 tricks",
        "11 tricks",
        "float tricks",
        "text strain",
        "int flag",
        "text kind",
    ],
)
def test_bid_constructors_refuse_bad_fields(make: Callable[[], object]) -> None:
    with pytest.raises(InvalidNotationError):
        make()


def test_bids_are_frozen_and_hashable() -> None:
    bid = b("7H-SK")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(bid, "tricks", 8)  # noqa: B010
    assert len({b("7H"), b("7H"), b("7H-SK"), MISERE, parse_bid("MIS")}) == 3


def test_contract_text_and_repr() -> None:
    contract = Contract(b("7H-SK"), 2)
    assert str(contract) == "7H-SK by seat 2"
    assert repr(contract) == "Contract(parse_bid('7H-SK'), 2)"
    assert eval(repr(contract), {"Contract": Contract, "parse_bid": parse_bid}) == (
        contract
    )
    assert pretty(contract) == repr(contract)


# -- the scoring table ----------------------------------------------------------------

AVONDALE_ROWS = {
    6: (40, 60, 80, 100, 120),
    7: (140, 160, 180, 200, 220),
    8: (240, 260, 280, 300, 320),
    9: (340, 360, 380, 400, 420),
    10: (440, 460, 480, 500, 520),
}
"""The table of :ref:`rules-scoring-table`, copied literally."""
PERFECT_ROWS = {
    6: (20, 40, 60, 80, 100),
    7: (120, 140, 160, 180, 200),
    8: (220, 240, 260, 280, 300),
    9: (320, 340, 360, 380, 400),
    10: (420, 440, 460, 480, 500),
}


def table_bids(rows: Mapping[int, Sequence[int]]) -> list[tuple[str, int]]:
    return [
        (f"{tricks}{letter}", value)
        for tricks, row in rows.items()
        for letter, value in zip(STRAIN_LETTERS.values(), row, strict=True)
    ]


@pytest.mark.parametrize(("text", "value"), table_bids(AVONDALE_ROWS))
def test_avondale_value(text: str, value: int) -> None:
    assert bid_value(b(text)) == value
    assert bid_value(b(text), Rules()) == value
    assert bid_value(b(text), Rules(scoring_table=AVONDALE)) == value


@pytest.mark.parametrize(("text", "value"), table_bids(AVONDALE_ROWS))
def test_sans_kitty_is_worth_the_same_as_with_the_kitty(text: str, value: int) -> None:
    assert bid_value(b(text + "-SK")) == value
    assert bid_value(b(text + "-SK"), Rules(scoring_table=PERFECT)) == bid_value(
        b(text), Rules(scoring_table=PERFECT)
    )


def test_avondale_formula() -> None:
    for tricks, strain in itertools.product(TRICKS, Strain):
        assert bid_value(TrickBid(tricks, strain)) == 100 * (tricks - 6) + 40 + 20 * (
            strain.value
        )


def test_misere_values() -> None:
    assert [bid_value(bid) for bid in (MISERE, OPEN_MISERE, BLIND_MISERE)] == [
        250,
        500,
        500,
    ]
    custom = Rules(misere_value=130, open_misere_value=230, blind_misere_value=1000)
    assert [bid_value(bid, custom) for bid in (MISERE, OPEN_MISERE, BLIND_MISERE)] == [
        130,
        230,
        1000,
    ]


def test_misere_values_do_not_depend_on_the_table() -> None:
    rules = Rules(scoring_table=PERFECT)
    assert [bid_value(bid, rules) for bid in (MISERE, OPEN_MISERE, BLIND_MISERE)] == [
        250,
        500,
        500,
    ]


@pytest.mark.parametrize(("text", "value"), table_bids(PERFECT_ROWS))
def test_perfect_value(text: str, value: int) -> None:
    rules = Rules(scoring_table=PERFECT)
    assert bid_value(b(text), rules) == value
    assert bid_value(b(text + "-SK"), rules) == value


def test_user_table() -> None:
    rows = [[1000 + 10 * tricks + strain for strain in range(5)] for tricks in TRICKS]
    rules = Rules(scoring_table=ScoringTable.from_rows(rows, name="mine"))
    for tricks, strain in itertools.product(TRICKS, Strain):
        expected = 1000 + 10 * tricks + strain
        assert bid_value(TrickBid(tricks, strain), rules) == expected
        assert bid_value(TrickBid(tricks, strain, sans_kitty=True), rules) == expected
    # The table sets the points, never the order of the bids.
    assert bid_ladder(rules) == bid_ladder(Rules())


def test_a_pass_has_no_value() -> None:
    with pytest.raises(InvalidNotationError, match="'PASS' is not a bid"):
        bid_value(PASS)  # type: ignore[arg-type]


def test_format_scoring_table_default() -> None:
    assert format_scoring_table() == format_scoring_table(Rules())
    assert format_scoring_table(Rules()) == (
        "tricks    S    C    D    H   NT\n"
        "     6   40   60   80  100  120\n"
        "     7  140  160  180  200  220\n"
        "     8  240  260  280  300  320\n"
        "     9  340  360  380  400  420\n"
        "    10  440  460  480  500  520\n"
        "misère 250, open misère 500, blind misère 500"
    )


def test_format_scoring_table_with_symbols() -> None:
    assert format_scoring_table(Rules(), symbols=True) == (
        "tricks    ♠    ♣    ♦    ♥   NT\n"
        "     6   40   60   80  100  120\n"
        "     7  140  160  180  200  220\n"
        "     8  240  260  280  300  320\n"
        "     9  340  360  380  400  420\n"
        "    10  440  460  480  500  520\n"
        "misère 250, open misère 500, blind misère 500"
    )


def test_format_scoring_table_perfect_with_custom_misere_values() -> None:
    rules = Rules(
        scoring_table=PERFECT,
        misere_value=130,
        open_misere_value=230,
        blind_misere=False,
    )
    assert format_scoring_table(rules) == (
        "tricks    S    C    D    H   NT\n"
        "     6   20   40   60   80  100\n"
        "     7  120  140  160  180  200\n"
        "     8  220  240  260  280  300\n"
        "     9  320  340  360  380  400\n"
        "    10  420  440  460  480  500\n"
        "misère 130, open misère 230"
    )


def test_format_scoring_table_lists_only_allowed_miseres() -> None:
    assert format_scoring_table(Rules(misere=False)).endswith(
        "\n    10  440  460  480  500  520\nopen misère 500, blind misère 500"
    )
    none = Rules(misere=False, open_misere=False, blind_misere=False)
    assert format_scoring_table(none).endswith("\n    10  440  460  480  500  520")


# -- the ladder -----------------------------------------------------------------------

DEFAULT_LADDER_TEXT = """
    6S 6S-SK 6C 6C-SK 6D 6D-SK 6H 6H-SK 6NT 6NT-SK
    7S 7S-SK 7C 7C-SK 7D 7D-SK 7H 7H-SK 7NT 7NT-SK MIS
    8S 8S-SK 8C 8C-SK 8D 8D-SK 8H 8H-SK 8NT 8NT-SK
    9S 9S-SK 9C 9C-SK 9D 9D-SK 9H 9H-SK 9NT 9NT-SK
    10S 10S-SK 10C 10C-SK 10D 10D-SK OMIS BMIS 10H 10H-SK 10NT 10NT-SK
"""
AMERICAN_LADDER_TEXT = """
    6S 6C 6D 6H 6NT 7S 7C 7D 7H 7NT 8S MIS 8C 8D 8H 8NT
    9S 9C 9D 9H 9NT 10S 10C 10D 10H 10NT
"""
DEFAULT_LADDER = DEFAULT_LADDER_TEXT.split()
AMERICAN_LADDER = AMERICAN_LADDER_TEXT.split()


def test_default_ladder() -> None:
    assert ladder_text(Rules()) == DEFAULT_LADDER
    assert bid_ladder() == bid_ladder(Rules())


def test_american_ladder() -> None:
    assert ladder_text(Rules.american()) == AMERICAN_LADDER


@pytest.mark.parametrize("rules", COMBO_RULES, ids=COMBO_IDS)
def test_ladder_holds_exactly_the_allowed_bids(rules: Rules) -> None:
    ladder = bid_ladder(rules)
    expected: set[Bid] = {TrickBid(n, s) for n, s in itertools.product(TRICKS, Strain)}
    if rules.sans_kitty:
        expected |= {
            TrickBid(n, s, sans_kitty=True)
            for n, s in itertools.product(TRICKS, Strain)
        }
    for bid, allowed in (
        (MISERE, rules.misere),
        (OPEN_MISERE, rules.open_misere),
        (BLIND_MISERE, rules.blind_misere),
    ):
        if allowed:
            expected.add(bid)
    assert set(ladder) == expected
    assert len(ladder) == len(expected)  # no duplicates


@pytest.mark.parametrize("rules", COMBO_RULES, ids=COMBO_IDS)
def test_ladder_is_a_strict_total_order(rules: Rules) -> None:
    ladder = bid_ladder(rules)
    assert len(set(ladder)) == len(ladder)
    for i, bid in enumerate(ladder):
        assert bid_rank(bid, rules) == i
    for (i, first), (j, second) in itertools.product(enumerate(ladder), repeat=2):
        assert outranks(first, second, rules) is (i > j), (first, second)


@pytest.mark.parametrize("rules", COMBO_RULES, ids=COMBO_IDS)
def test_trick_bids_rank_in_avondale_value_order(rules: Rules) -> None:
    plain = [
        bid
        for bid in bid_ladder(rules)
        if isinstance(bid, TrickBid) and not bid.sans_kitty
    ]
    values = [bid_value(bid) for bid in plain]
    assert len(plain) == 25
    assert values == sorted(set(values))  # strictly rising
    assert [(bid.tricks, bid.strain) for bid in plain] == sorted(
        itertools.product(TRICKS, Strain)
    )


@pytest.mark.parametrize("rules", COMBO_RULES, ids=COMBO_IDS)
def test_sans_kitty_sits_right_above_the_same_bid(rules: Rules) -> None:
    ladder = bid_ladder(rules)
    for i, bid in enumerate(ladder):
        if isinstance(bid, TrickBid) and bid.sans_kitty:
            assert ladder[i - 1] == TrickBid(bid.tricks, bid.strain)


@pytest.mark.parametrize("rules", COMBO_RULES, ids=COMBO_IDS)
def test_misere_placements(rules: Rules) -> None:
    """Where each misère sits under every combination (:ref:`rules-ladder-placement`)."""
    ladder = ladder_text(rules)
    sk = "-SK" if rules.sans_kitty else ""

    def neighbours(text: str) -> tuple[str, str | None]:
        i = ladder.index(text)
        return ladder[i - 1], ladder[i + 1] if i + 1 < len(ladder) else None

    if rules.misere:
        below, above = ("8S", "8C") if rules.misere_by_value else ("7NT", "8S")
        assert neighbours("MIS") == (below + sk, above)
    base_below, base_above = ("10NT", None) if rules.open_misere_top else ("10D", "10H")
    if rules.open_misere:
        above_open = "BMIS" if rules.blind_misere else base_above
        assert neighbours("OMIS") == (base_below + sk, above_open)
    if rules.blind_misere:
        below_blind = "OMIS" if rules.open_misere else base_below + sk
        assert neighbours("BMIS") == (below_blind, base_above)


@pytest.mark.parametrize(
    ("options", "window"),
    [
        ({}, "7NT 7NT-SK MIS 8S"),
        ({}, "10D 10D-SK OMIS BMIS 10H"),
        ({"sans_kitty": False}, "7NT MIS 8S"),
        ({"sans_kitty": False}, "10D OMIS BMIS 10H"),
        ({"misere_by_value": True}, "8S 8S-SK MIS 8C"),
        ({"open_misere_top": True}, "10NT 10NT-SK OMIS BMIS"),
        ({"open_misere_top": True, "sans_kitty": False}, "10NT OMIS BMIS"),
        ({"open_misere": False}, "10D 10D-SK BMIS 10H"),
        ({"open_misere": False, "open_misere_top": True}, "10NT 10NT-SK BMIS"),
        ({"blind_misere": False}, "10D 10D-SK OMIS 10H"),
        ({"misere": False}, "7NT 7NT-SK 8S"),
    ],
)
def test_ladder_placement_rulings(options: dict[str, bool], window: str) -> None:
    """The placements of :ref:`rules-ladder-placement`, one window each."""
    ladder = " ".join(ladder_text(Rules().replace(**options)))
    assert f" {window} " in f" {ladder} "
    if options.get("open_misere_top"):
        assert ladder.endswith(window)


@pytest.mark.parametrize(
    ("option", "bid"),
    [("misere", MISERE), ("open_misere", OPEN_MISERE), ("blind_misere", BLIND_MISERE)],
)
@pytest.mark.parametrize("rules", COMBO_RULES, ids=COMBO_IDS)
def test_turning_a_misere_off_removes_only_that_bid(
    rules: Rules, option: str, bid: Bid
) -> None:
    if not getattr(rules, option):
        return
    without = bid_ladder(rules.replace(**{option: False}))
    assert without == tuple(other for other in bid_ladder(rules) if other != bid)


def test_misere_outranks_7nt_but_not_8s_although_worth_more() -> None:
    assert outranks(MISERE, b("7NT"))
    assert outranks(MISERE, b("7NT-SK"))
    assert not outranks(MISERE, b("8S"))
    assert outranks(b("8S"), MISERE)
    assert bid_value(MISERE) > bid_value(b("8S"))


def test_open_misere_ties_10h_on_value_but_ranks_below_it() -> None:
    assert bid_value(OPEN_MISERE) == bid_value(b("10H"))
    assert outranks(b("10H"), OPEN_MISERE)
    assert not outranks(OPEN_MISERE, b("10H"))
    assert outranks(OPEN_MISERE, b("10D-SK"))
    assert outranks(BLIND_MISERE, OPEN_MISERE)
    assert outranks(b("10H"), BLIND_MISERE)


def test_nothing_outranks_itself() -> None:
    for bid in bid_ladder():
        assert not outranks(bid, bid)


@pytest.mark.parametrize(
    ("option", "text"),
    [
        ("misere", "MIS"),
        ("open_misere", "OMIS"),
        ("blind_misere", "BMIS"),
        ("sans_kitty", "7H-SK"),
    ],
)
def test_a_bid_the_rules_disallow_has_no_rank(option: str, text: str) -> None:
    rules = Rules().replace(**{option: False})
    message = re.escape(f"Rules.{option}=False")
    with pytest.raises(IllegalBidError, match=message):
        bid_rank(b(text), rules)
    with pytest.raises(IllegalBidError, match=message):
        outranks(b(text), b("6S"), rules)
    with pytest.raises(IllegalBidError, match=message):
        outranks(b("6S"), b(text), rules)
    auction = Auction.start(rules, dealer=3)
    assert b(text) not in legal_calls(auction)
    assert f"Rules.{option}=False" in refused(auction, 0, b(text))


def test_a_pass_has_no_rank() -> None:
    """A pass is not a bid; the error must say so, not blame an option."""
    attempts: list[Callable[[], object]] = [
        lambda: bid_rank(PASS),  # type: ignore[arg-type]
        lambda: outranks(PASS, b("6S")),  # type: ignore[arg-type]
        lambda: outranks(b("6S"), PASS),  # type: ignore[arg-type]
    ]
    for attempt in attempts:
        with pytest.raises(FiveHundredError) as info:
            attempt()
        assert "not a bid" in str(info.value)
        assert "sans" not in str(info.value)


# -- auction scenarios ----------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_left_of_dealer_calls_first_then_clockwise(players: int) -> None:
    rules = Rules(players=players)
    for dealer in range(players):
        auction = Auction.start(rules, dealer)
        assert (auction.rules, auction.dealer) == (rules, dealer)
        assert auction.calls == ()
        assert not auction.is_over
        seats = []
        for bid in bid_ladder(rules)[: 2 * players + 1]:
            assert auction.to_act is not None
            seats.append(auction.to_act)
            auction = accepted(auction, auction.to_act, bid)
        assert seats == [(dealer + 1 + i) % players for i in range(2 * players + 1)]


def test_the_auction_records_its_calls() -> None:
    auction = run(Rules(), "6S PASS 7H", dealer=1)
    assert auction.calls == ((2, b("6S")), (3, PASS), (0, b("7H")))
    assert (auction.standing, auction.bidder, auction.passed) == (
        b("7H"),
        0,
        frozenset({3}),
    )
    assert auction.has_called(2)
    assert auction.has_called(0)
    assert not auction.has_called(1)
    assert auction.contract is None  # the auction goes on
    assert not auction.thrown_in


def test_out_of_turn() -> None:
    auction = Auction.start(Rules(), dealer=3)
    for seat in (1, 2, 3):
        for call in (PASS, b("6S")):
            reason = refused(auction, seat, call)
            assert reason == f"seat {seat} called out of turn: seat 0 is to call"


def test_passed_players_are_skipped_and_may_not_call_again() -> None:
    auction = run(Rules(), "PASS 6S 6C 6D")  # dealer 3: seats 0, 1, 2, 3
    assert auction.passed == frozenset({0})
    assert auction.to_act == 1
    for call in (PASS, b("7S"), BLIND_MISERE):
        assert (
            refused(auction, 0, call)
            == "seat 0 has passed and may not call again this hand"
        )
    auction = run(Rules(), "PASS 6S 6C 6D PASS 7S PASS")
    # 0 and 1 and 3 passed: seat 2 holds 7S, and the auction is over.
    assert auction.contract == Contract(b("7S"), 2)


def test_a_bid_must_outrank_the_standing_bid() -> None:
    auction = run(Rules(), "7S")
    for text in ("6NT", "7S", "6S-SK"):
        assert refused(auction, 1, b(text)) == "it does not outrank the standing bid 7S"
    accepted(auction, 1, b("7S-SK"))
    accepted(auction, 1, b("7C"))


@pytest.mark.parametrize("before", ["", "6NT", "6NT-SK", "6S PASS PASS"])
def test_misere_gate_before_seven(before: str) -> None:
    auction = run(Rules(), before)
    seat = auction.to_act
    assert seat is not None
    standing = "none" if auction.standing is None else str(auction.standing)
    assert refused(auction, seat, MISERE) == (
        "misère may be bid only while the standing bid is at the 7 level "
        f"(standing bid: {standing})"
    )


@pytest.mark.parametrize("before", ["7S", "7C", "7NT", "7NT-SK", "6S 7D", "7S PASS"])
@pytest.mark.parametrize("by_value", [False, True])
def test_misere_gate_open_at_seven(before: str, by_value: bool) -> None:
    auction = run(Rules(misere_by_value=by_value), before)
    assert auction.to_act is not None
    after = accepted(auction, auction.to_act, MISERE)
    assert after.standing == MISERE


def test_misere_gate_after_eight() -> None:
    auction = run(Rules(), "7S 8S")
    assert refused_now(auction, MISERE) == "it does not outrank the standing bid 8S"
    # By value misère outranks 8S, but the gate is literal (:ref:`rules-misere-gate`).
    for before in ("8S", "7S 8S", "8S-SK"):
        auction = run(Rules(misere_by_value=True), before)
        assert auction.standing is not None
        assert outranks(MISERE, auction.standing, auction.rules)
        assert refused_now(auction, MISERE) == (
            "misère may be bid only while the standing bid is at the 7 level "
            f"(standing bid: {auction.standing})"
        )


def test_misere_without_the_gate_whenever_it_outranks() -> None:
    rules = Rules(misere_needs_seven=False)
    for before in ("", "6S", "6NT-SK", "7NT-SK"):
        auction = run(rules, before)
        assert auction.to_act is not None
        accepted(auction, auction.to_act, MISERE)
    assert (
        refused_now(run(rules, "8S"), MISERE)
        == "it does not outrank the standing bid 8S"
    )
    by_value = rules.replace(misere_by_value=True)
    accepted(run(by_value, "8S-SK"), 1, MISERE)
    assert (
        refused_now(run(by_value, "8C"), MISERE)
        == "it does not outrank the standing bid 8C"
    )


def test_open_misere_at_any_time_it_outranks() -> None:
    accepted(Auction.start(Rules(), dealer=3), 0, OPEN_MISERE)
    accepted(run(Rules(), "6S"), 1, OPEN_MISERE)
    accepted(run(Rules(), "10D-SK"), 1, OPEN_MISERE)
    assert (
        refused(run(Rules(), "10H"), 1, OPEN_MISERE)
        == "it does not outrank the standing bid 10H"
    )
    accepted(run(Rules(open_misere_top=True), "10NT-SK"), 1, OPEN_MISERE)


def test_blind_misere_only_as_a_first_call() -> None:
    accepted(Auction.start(Rules(), dealer=3), 0, BLIND_MISERE)
    # No 7-level gate: any standing bid it outranks, by someone who has not called.
    accepted(run(Rules(), "6S"), 1, BLIND_MISERE)
    accepted(run(Rules(), "9NT 10S"), 2, BLIND_MISERE)
    accepted(run(Rules(), "PASS PASS 8NT"), 3, BLIND_MISERE)
    auction = run(Rules(), "6S 6C 6D 6H")
    assert auction.to_act == 0
    assert BLIND_MISERE not in legal_calls(auction)
    assert OPEN_MISERE in legal_calls(auction)
    assert refused(auction, 0, BLIND_MISERE) == (
        "blind misère may be called only as a player's first call of the hand"
    )


def test_three_passes_then_the_fourth_may_bid() -> None:
    auction = run(Rules(), "PASS PASS PASS")
    assert auction.to_act == 3
    assert not auction.is_over
    # Anything but closed misère, which waits for a 7-level bid.
    assert legal_calls(auction) == (PASS, *(x for x in bid_ladder() if x != MISERE))
    ended = accepted(auction, 3, b("6S"))
    assert ended.is_over
    assert ended.to_act is None
    assert ended.contract == Contract(b("6S"), 3)
    assert not ended.thrown_in


def test_three_passes_then_a_bid_ends_even_with_raise_after_all_pass() -> None:
    ended = run(Rules(raise_after_all_pass=True), "PASS PASS PASS 6S")
    assert ended.contract == Contract(b("6S"), 3)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_all_pass_throws_the_hand_in(players: int) -> None:
    auction = run(Rules(players=players), " ".join(["PASS"] * players), dealer=0)
    assert auction.is_over
    assert auction.thrown_in
    assert auction.contract is None
    assert auction.standing is None
    assert auction.passed == frozenset(range(players))
    assert legal_calls(auction) == ()


@pytest.mark.parametrize(
    ("options", "top"),
    [
        ({}, "10NT-SK"),
        ({"sans_kitty": False}, "10NT"),
        ({"open_misere_top": True}, "BMIS"),
        ({"open_misere_top": True, "blind_misere": False}, "OMIS"),
        ({"single_round_auction": True}, "10NT-SK"),
        ({"raise_after_all_pass": True}, "10NT-SK"),
    ],
)
def test_the_top_bid_ends_the_auction_at_once(
    options: dict[str, bool], top: str
) -> None:
    rules = Rules().replace(**options)
    assert ladder_text(rules)[-1] == top
    for before in ("", "6S", "PASS 9NT"):
        auction = run(rules, before)
        assert auction.to_act is not None
        ended = accepted(auction, auction.to_act, b(top))
        assert ended.is_over
        assert ended.contract == Contract(b(top), auction.to_act)


def test_the_winner_may_not_raise_once_all_others_pass() -> None:
    auction = run(Rules(), "6S PASS PASS PASS")
    assert auction.is_over
    assert auction.contract == Contract(b("6S"), 0)
    for seat in range(4):
        for call in (PASS, b("7S"), b("10NT")):
            assert refused(auction, seat, call) == "the auction is over"


def test_raise_after_all_pass_gives_one_chance() -> None:
    rules = Rules(raise_after_all_pass=True)
    auction = run(rules, "6S PASS 7S PASS PASS")  # seat 2 holds 7S; 0, 1, 3 passed
    assert not auction.is_over
    assert auction.to_act == 2
    assert auction.passed == frozenset({0, 1, 3})
    assert auction.contract is None
    assert refused(auction, 0, b("8S")) == (
        "seat 0 has passed and may not call again this hand"
    )
    assert refused(auction, 2, b("7S")) == "it does not outrank the standing bid 7S"
    assert MISERE in legal_calls(auction)  # the standing bid is at the 7 level
    assert BLIND_MISERE not in legal_calls(auction)  # not the first call

    stands = accepted(auction, 2, PASS)
    assert stands.is_over
    assert stands.contract == Contract(b("7S"), 2)
    raised = accepted(auction, 2, b("8H"))
    assert raised.is_over
    assert raised.contract == Contract(b("8H"), 2)
    for ended in (stands, raised):
        assert refused(ended, 2, b("10NT")) == "the auction is over"
        assert refused(ended, 2, PASS) == "the auction is over"


def test_raise_after_all_pass_with_two_players() -> None:
    auction = run(Rules(players=2, raise_after_all_pass=True), "6S PASS", dealer=1)
    assert (auction.to_act, auction.is_over) == (0, False)
    assert run(auction.rules, "6S PASS 6C", dealer=1).contract == Contract(b("6C"), 0)


@pytest.mark.parametrize(
    ("texts", "contract"),
    [
        ("PASS 6S PASS 7S", Contract(b("7S"), 3)),
        ("6S 7S PASS PASS", Contract(b("7S"), 1)),
        ("7S PASS PASS PASS", Contract(b("7S"), 0)),
        ("6S 6C 6D 6H", Contract(b("6H"), 3)),
    ],
)
def test_american_single_round(texts: str, contract: Contract) -> None:
    auction = run(Rules.american(), texts)
    assert [seat for seat, _ in auction.calls] == [0, 1, 2, 3]  # dealer 3 last
    assert auction.is_over
    assert auction.contract == contract
    for seat in range(4):
        assert refused(auction, seat, PASS) == "the auction is over"


def test_american_single_round_every_call_once() -> None:
    auction = run(Rules.american(), "6S 7S 8S")
    assert auction.to_act == 3
    assert not auction.is_over
    assert refused(auction, 0, b("9S")) == (
        "seat 0 called out of turn: seat 3 is to call"
    )
    assert run(Rules.american(), "PASS PASS PASS PASS").thrown_in
    ended = run(Rules.american(), "PASS 10NT")
    assert ended.is_over
    assert ended.contract == Contract(b("10NT"), 1)
    # Misère in the American game: by value and without the gate.
    accepted(Auction.start(Rules.american(), 3), 0, MISERE)
    accepted(run(Rules.american(), "8S"), 1, MISERE)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_single_round_for_any_player_count(players: int) -> None:
    rules = Rules(players=players, single_round_auction=True)
    dealer = players - 2
    auction = Auction.start(rules, dealer)
    for bid in bid_ladder(rules)[:players]:
        assert auction.to_act is not None
        auction = accepted(auction, auction.to_act, bid)
    assert auction.is_over
    assert [seat for seat, _ in auction.calls][-1] == dealer
    assert auction.contract == Contract(bid_ladder(rules)[players - 1], dealer)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_turn_order_wraps_for_any_player_count(players: int) -> None:
    rules = Rules(players=players)
    dealer = players - 1
    # Two rounds of rising bids, then everyone but the last bidder passes.
    texts = DEFAULT_LADDER[: 2 * players]
    auction = run(rules, " ".join(texts), dealer=dealer)
    assert [seat for seat, _ in auction.calls] == [
        i % players for i in range(2 * players)
    ]
    last_bidder = (2 * players - 1) % players
    for seat in range(players - 1):
        assert auction.to_act == seat
        auction = accepted(auction, seat, PASS)
    assert auction.is_over
    assert auction.contract == Contract(b(texts[-1]), last_bidder)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_passes_are_skipped_for_any_player_count(players: int) -> None:
    rules = Rules(players=players)
    auction = run(rules, "PASS 6S", dealer=0)  # seat 1 passes, seat 2 % n bids
    if players == 2:
        assert auction.contract == Contract(b("6S"), 0)
        return
    seats = []
    for bid in bid_ladder(rules)[1 : 2 * players]:
        assert auction.to_act is not None
        assert auction.to_act != 1
        seats.append(auction.to_act)
        auction = accepted(auction, auction.to_act, bid)
    others = [seat for seat in range(players) if seat != 1]
    rotation = others[others.index(3 % players) :] + others[: others.index(3 % players)]
    assert seats == (rotation * 3)[: len(seats)]


def test_an_auction_is_immutable() -> None:
    auction = Auction.start(Rules(), dealer=3)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(auction, "to_act", 2)  # noqa: B010
    before = copy.deepcopy(auction)
    after = apply_call(auction, 0, b("7S"))
    assert auction == before
    assert after != auction


def test_explain_call_refuses_what_is_not_a_call() -> None:
    auction = Auction.start(Rules(), dealer=3)
    message = re.escape(
        "expected a call (a Bid or PASS); got the str '7H' (use parse_bid to read text)"
    )
    with pytest.raises(TypeError, match=message):
        explain_call(auction, 0, "7H")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=message):
        apply_call(auction, 0, "7H")  # type: ignore[arg-type]
    assert issubclass(IllegalBidError, IllegalActionError)
    assert issubclass(IllegalBidError, ValueError)


@pytest.mark.parametrize(
    ("value", "got"),
    [
        ("8H", "got the str '8H' (use parse_bid to read text)"),
        (8, "got the int '8'"),
        (None, "got the NoneType 'None'"),
    ],
)
def test_what_is_not_a_call_is_a_type_error(value: object, got: str) -> None:
    bid_message = re.escape(f"expected a Bid; {got}")
    attempts: list[Callable[[], object]] = [
        lambda: bid_value(value),  # type: ignore[arg-type]
        lambda: bid_rank(value),  # type: ignore[arg-type]
        lambda: outranks(value, b("6S")),  # type: ignore[arg-type]
        lambda: outranks(b("6S"), value),  # type: ignore[arg-type]
    ]
    for attempt in attempts:
        with pytest.raises(TypeError, match=bid_message):
            attempt()
    auction = Auction.start(Rules(), dealer=3)
    call_message = re.escape(f"expected a call (a Bid or PASS); {got}")
    with pytest.raises(TypeError, match=call_message):
        explain_call(auction, 0, value)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=call_message):
        apply_call(auction, 0, value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("players", "dealer"),
    [(4, -1), (4, 4), (4, 9), (2, 2), (6, 6), (4, True), (4, "1")],
)
def test_the_dealer_must_be_a_seat(players: int, dealer: object) -> None:
    with pytest.raises(InvalidStateError) as info:
        Auction.start(Rules(players=players), dealer)  # type: ignore[arg-type]
    assert str(info.value) == (
        f"invalid dealer '{dealer}': seats are 0 to {players - 1}"
    )


# -- properties -----------------------------------------------------------------------


def expected_legal(auction: Auction, seat: int, bid: Bid) -> bool:
    """:ref:`rules-bidding`, its options and rulings, written independently of the module."""
    rules = auction.rules
    standing = auction.standing
    if standing is not None and not outranks(bid, standing, rules):
        return False
    if bid == MISERE and rules.misere_needs_seven:
        return isinstance(standing, TrickBid) and standing.tricks == 7
    if bid == BLIND_MISERE:
        return all(caller != seat for caller, _ in auction.calls)
    return True


def check_legal_calls(auction: Auction) -> tuple[Call, ...]:
    seat = auction.to_act
    assert seat is not None
    legal = legal_calls(auction)
    ladder = bid_ladder(auction.rules)
    assert legal[0] == PASS
    assert explain_call(auction, seat, PASS) is None
    expected = tuple(bid for bid in ladder if expected_legal(auction, seat, bid))
    assert legal[1:] == expected  # canonical order: the ladder's
    for bid in ladder:
        reason = explain_call(auction, seat, bid)
        if bid in legal:
            assert reason is None
        else:
            assert isinstance(reason, str)
            assert reason
    return legal


@given(st.data(), bidding_rules())
def test_random_auctions_follow_the_rules(data: st.DataObject, rules: Rules) -> None:
    n = rules.players
    top = bid_ladder(rules)[-1]
    auction = Auction.start(rules, data.draw(st.integers(0, n - 1), label="dealer"))
    assert auction.to_act == (auction.dealer + 1) % n
    passed: set[int] = set()
    called: set[int] = set()
    standing: Bid | None = None
    bidder: int | None = None
    raise_chance = False
    while not auction.is_over:
        seat = auction.to_act
        assert seat is not None
        assert seat not in auction.passed
        assert seat not in passed
        if rules.single_round_auction:
            assert seat not in called
        legal = check_legal_calls(auction)

        # Illegal calls are refused and change nothing.
        wrong_seat = data.draw(
            st.sampled_from([s for s in range(n) if s != seat]), label="wrong seat"
        )
        refused(auction, wrong_seat, data.draw(calls(rules), label="wrong-seat call"))
        illegal = [bid for bid in bid_ladder(rules) if bid not in legal]
        if illegal:
            refused(auction, seat, data.draw(st.sampled_from(illegal), label="illegal"))

        # Pass often, bid low often, sometimes anything: short, varied auctions.
        choices = [st.just(PASS), st.sampled_from(legal[:4]), st.sampled_from(legal)]
        miseres = [c for c in legal if isinstance(c, MisereBid)]
        if miseres:
            choices.append(st.sampled_from(miseres))
        call = data.draw(st.one_of(choices), label="call")
        before = copy.deepcopy(auction)
        after = apply_call(auction, seat, call)
        assert auction == before  # apply_call never mutates its input
        assert after.calls == (*auction.calls, (seat, call))
        called.add(seat)

        if isinstance(call, Pass):
            if not raise_chance:
                passed.add(seat)
            assert after.standing == auction.standing
        else:
            if standing is not None:
                assert outranks(call, standing, rules)  # the standing bid only rises
            standing, bidder = call, seat
        assert (after.standing, after.bidder) == (standing, bidder)
        if not raise_chance:  # (whether the raise chance's pass counts is not a rule)
            assert after.passed == frozenset(passed)

        # When the auction ends (:ref:`rules-auction-end`).
        active = [s for s in range(n) if s not in passed]
        next_raise_chance = False
        if call == top or raise_chance:
            ends = True
        elif rules.single_round_auction:
            ends = len(after.calls) == n
        elif not active:
            ends = True
        elif active == [bidder]:
            next_raise_chance = rules.raise_after_all_pass and isinstance(call, Pass)
            ends = not next_raise_chance
        else:
            ends = False
        assert after.is_over is ends, (after.calls, ends)

        if not ends:
            if next_raise_chance:
                expected_next = bidder
            elif rules.single_round_auction:
                expected_next = (seat + 1) % n
            else:
                expected_next = next(
                    (seat + step) % n
                    for step in range(1, n + 1)
                    if (seat + step) % n not in passed
                )
            assert after.to_act == expected_next
            assert after.contract is None
        if raise_chance:
            event("the winning bidder's raise chance")
        if isinstance(call, MisereBid):
            event(f"{call.kind.title} bid")
        raise_chance = next_raise_chance
        auction = after

    # The auction is over.
    event(
        "thrown in"
        if standing is None
        else f"won with {'the top bid' if standing == top else type(standing).__name__}"
    )
    assert auction.to_act is None
    assert legal_calls(auction) == ()
    if standing is None:
        assert auction.thrown_in
        assert auction.contract is None
    else:
        assert bidder is not None
        assert not auction.thrown_in
        assert auction.contract == Contract(standing, bidder)
    late = data.draw(calls(rules), label="late call")
    late_seat = data.draw(st.integers(0, n - 1), label="late seat")
    assert refused(auction, late_seat, late) == "the auction is over"


@given(bidding_rules(), st.data())
def test_outranks_is_a_strict_order(rules: Rules, data: st.DataObject) -> None:
    x, y, z = (data.draw(bids(rules)) for _ in range(3))
    assert not (outranks(x, y, rules) and outranks(y, x, rules))
    assert outranks(x, y, rules) or outranks(y, x, rules) or x == y
    if outranks(x, y, rules) and outranks(y, z, rules):
        assert outranks(x, z, rules)
    assert outranks(x, y, rules) is (bid_rank(x, rules) > bid_rank(y, rules))


@given(st.from_type(TrickBid))
def test_registered_trick_bids_are_worth_their_table_value(bid: TrickBid) -> None:
    assert bid_value(bid) == AVONDALE.value(bid.tricks, bid.strain)
    assert bid in bid_ladder()
