import re
from collections.abc import Callable
from typing import Any, TypeVar

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.vendor.pretty import pretty
from tests.strategies import PLAYER_COUNTS, cards

import five_hundred
from five_hundred import (
    JOKER,
    Card,
    InvalidNotationError,
    Rank,
    Rules,
    Strain,
    Suit,
    format_cards,
    pack,
    parse_card,
    parse_cards,
)
from five_hundred.cards import (
    CARDS_BY_CODE,
    JOKER_CODE,
    card_code,
    cards_from_mask,
    mask_from_cards,
    quote,
)

ALL_PACK_CARDS = sorted(
    {card for n in PLAYER_COUNTS for card in pack(Rules.for_players(n))},
    key=card_code,
)
T = TypeVar("T")
CANONICAL = re.compile(r"(?:[2-9]|1[0-3]|[JQKA])[SCDH]|JK")


# -- suits, strains, ranks ------------------------------------------------------------


def test_suits_are_in_bidding_order() -> None:
    assert list(Suit) == [Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS]
    assert [int(s) for s in Suit] == [0, 1, 2, 3]
    assert Suit.SPADES < Suit.CLUBS < Suit.DIAMONDS < Suit.HEARTS


def test_suit_letters_symbols_and_colours() -> None:
    assert [s.letter for s in Suit] == ["S", "C", "D", "H"]
    assert [str(s) for s in Suit] == ["S", "C", "D", "H"]
    assert [s.symbol for s in Suit] == ["♠", "♣", "♦", "♥"]
    assert [s.is_red for s in Suit] == [False, False, True, True]
    assert [s.same_colour for s in Suit] == [
        Suit.CLUBS,
        Suit.SPADES,
        Suit.HEARTS,
        Suit.DIAMONDS,
    ]


def test_strains_are_in_bidding_order() -> None:
    assert [int(s) for s in Strain] == [0, 1, 2, 3, 4]
    assert [s.letter for s in Strain] == ["S", "C", "D", "H", "NT"]
    assert [str(s) for s in Strain] == ["S", "C", "D", "H", "NT"]
    assert [s.suit for s in Strain] == [*Suit, None]
    assert Strain.HEARTS < Strain.NO_TRUMPS
    for suit in Suit:
        assert Strain(suit).suit is suit
        assert Strain(suit).letter == suit.letter


def test_ranks_are_in_natural_order_with_the_six_player_ranks_below_the_jack() -> None:
    assert [r.text for r in Rank] == [
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "9",
        "10",
        "11",
        "12",
        "13",
        "J",
        "Q",
        "K",
        "A",
    ]
    assert Rank.TEN < Rank.ELEVEN < Rank.TWELVE < Rank.THIRTEEN < Rank.JACK
    assert str(Rank.QUEEN) == "Q"
    assert str(Rank.TEN) == "10"


def test_format_gives_the_notation_like_str() -> None:
    # Error messages are built with f-strings: an IntEnum must not format as a number.
    assert f"{Suit.HEARTS}" == "H"
    assert f"{Strain.NO_TRUMPS}|{Strain.SPADES}" == "NT|S"
    assert f"{Rank.TEN} {Rank.JACK} {Rank.ELEVEN}" == "10 J 11"
    assert f"{parse_card('th')}" == "10H"


# -- cards ------------------------------------------------------------------------


def test_the_joker_has_no_rank_and_no_suit() -> None:
    assert Card(None, None) == JOKER
    assert JOKER.is_joker
    assert JOKER.rank is None
    assert JOKER.suit is None
    assert str(JOKER) == "JK"
    assert not Card(Rank.JACK, Suit.HEARTS).is_joker


@pytest.mark.parametrize(
    ("rank", "suit"),
    [(Rank.ACE, None), (None, Suit.SPADES), (Rank.TWO, None), (None, Suit.HEARTS)],
)
def test_a_card_needs_both_rank_and_suit_or_neither(
    rank: Rank | None, suit: Suit | None
) -> None:
    with pytest.raises(InvalidNotationError, match="both a rank and a suit"):
        Card(rank, suit)


@pytest.mark.parametrize(
    ("rank", "suit", "bad"),
    [(14, Suit.SPADES, "14"), ("A", Suit.SPADES, "'A'"), (Rank.ACE, "S", "'S'")],
)
def test_a_card_rejects_a_rank_or_suit_of_the_wrong_type(
    rank: Any, suit: Any, bad: str
) -> None:
    with pytest.raises(InvalidNotationError, match=re.escape(bad)):
        Card(rank, suit)


def test_cards_are_frozen_hashable_and_equal_by_value() -> None:
    ten = Card(Rank.TEN, Suit.HEARTS)
    assert ten == Card(Rank.TEN, Suit.HEARTS)
    assert ten != Card(Rank.TEN, Suit.DIAMONDS)
    assert hash(ten) == hash(Card(Rank.TEN, Suit.HEARTS))
    assert len({ten, Card(Rank.TEN, Suit.HEARTS), JOKER, Card(None, None)}) == 2
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        ten.rank = Rank.ACE  # type: ignore[misc]


def test_cards_have_no_order_of_their_own() -> None:
    low: Any = parse_card("2S")
    with pytest.raises(TypeError):
        assert low < parse_card("AS")


def test_cards_support_pattern_matching() -> None:
    match parse_card("JD"):
        case Card(Rank.JACK, suit):
            assert suit is Suit.DIAMONDS
        case _:
            pytest.fail("JD did not match Card(Rank.JACK, _)")


# -- notation ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "text"),
    [
        (Card(Rank.TEN, Suit.HEARTS), "10H"),
        (Card(Rank.JACK, Suit.DIAMONDS), "JD"),
        (Card(Rank.ACE, Suit.SPADES), "AS"),
        (Card(Rank.TWO, Suit.CLUBS), "2C"),
        (Card(Rank.ELEVEN, Suit.CLUBS), "11C"),
        (Card(Rank.TWELVE, Suit.SPADES), "12S"),
        (Card(Rank.THIRTEEN, Suit.HEARTS), "13H"),
        (Card(Rank.QUEEN, Suit.HEARTS), "QH"),
        (Card(Rank.KING, Suit.CLUBS), "KC"),
        (JOKER, "JK"),
    ],
)
def test_canonical_text(card: Card, text: str) -> None:
    assert str(card) == text
    assert parse_card(text) == card
    assert repr(card) == f"parse_card({text!r})"


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_every_card_of_every_pack_round_trips(players: int) -> None:
    for card in pack(Rules.for_players(players)):
        text = str(card)
        assert CANONICAL.fullmatch(text), text
        assert text == text.upper()
        assert parse_card(text) == card
        assert parse_card(text.lower()) == card
        assert eval(repr(card), {"parse_card": parse_card}) == card


def test_every_card_code_round_trips_through_text() -> None:
    texts = [str(card) for card in CARDS_BY_CODE]
    assert len(set(texts)) == len(texts) == 65
    for card in CARDS_BY_CODE:
        assert parse_card(str(card)) == card
        assert eval(repr(card), {"parse_card": parse_card}) == card


@given(cards())
def test_repr_and_pretty_print_evaluate_back(card: Card) -> None:
    assert eval(repr(card), {"parse_card": parse_card}) == card
    assert pretty(card) == repr(card)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("10h", "10H"),
        ("th", "10H"),
        ("TH", "10H"),
        ("tH", "10H"),
        ("T♥", "10H"),
        ("jd", "JD"),
        ("Jd", "JD"),
        ("as", "AS"),
        ("qc", "QC"),
        ("11c", "11C"),
        ("13d", "13D"),
        ("A♠", "AS"),
        ("K♣", "KC"),
        ("J♦", "JD"),
        ("Q♥", "QH"),
        ("A♤", "AS"),
        ("K♧", "KC"),
        ("J♢", "JD"),
        ("Q♡", "QH"),
        ("A♠\ufe0f", "AS"),
        ("10♥\ufe0f", "10H"),
        ("j♦\ufe0f", "JD"),
        ("t♡", "10H"),
        ("jk", "JK"),
        ("Jk", "JK"),
        ("jK", "JK"),
        ("JK", "JK"),
    ],
)
def test_aliases_parse_to_the_canonical_card(text: str, canonical: str) -> None:
    card = parse_card(text)
    assert str(card) == canonical
    assert card == parse_card(canonical)
    assert Card.from_str(text) == card


def test_parse_cards_splits_on_any_run_of_spaces() -> None:
    assert parse_cards("JK  10H   jd") == (
        JOKER,
        Card(Rank.TEN, Suit.HEARTS),
        Card(Rank.JACK, Suit.DIAMONDS),
    )
    assert parse_cards("  A♠ th\t11c \n") == (
        Card(Rank.ACE, Suit.SPADES),
        Card(Rank.TEN, Suit.HEARTS),
        Card(Rank.ELEVEN, Suit.CLUBS),
    )
    assert parse_cards("AS AS") == (Card(Rank.ACE, Suit.SPADES),) * 2


@pytest.mark.parametrize("text", ["", " ", "   \t\n"])
def test_parse_cards_of_blank_text_is_empty(text: str) -> None:
    assert parse_cards(text) == ()


def test_parse_cards_names_the_bad_word() -> None:
    with pytest.raises(InvalidNotationError, match=r"^invalid card 'ZZ': expected "):
        parse_cards("AS ZZ KH")
    with pytest.raises(InvalidNotationError, match=r"'1H'"):
        parse_cards("10H 1H")


def test_format_cards_keeps_the_order_given() -> None:
    assert format_cards(parse_cards("jk 10h as")) == "JK 10H AS"
    assert format_cards(()) == ""


CARD_HELP = (
    "expected a rank (2-10, 11, 12, 13, J, Q, K, A) then a suit (S, C, D, H), or JK"
)


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "   ",
        "\t\n",
        "1H",
        "10X",
        "ZZ",
        "JKK",
        "JK JK",
        "AS KH",
        "A",
        "H",
        "10",
        "0H",
        "01H",
        "14H",
        "1 0H",
        "A S",
        "AHH",
        "AN",
        "ANT",
        "♥A",
        "HA",
        "JOKER",
        "Ä♠",
        "A♥♥",
        "十H",
        "\ufe0f",
        "1\ufe0f0H",
        "JK\ufe0f",
        "10H\ufe0f",
        "10H,",
    ],
)
def test_junk_is_invalid_notation_quoting_the_input(text: str) -> None:
    with pytest.raises(InvalidNotationError) as info:
        parse_card(text)
    assert str(info.value) == f"invalid card {text!r}: {CARD_HELP}"
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("text", ["1H", "10X", "ZZ", "JKK", "Ä♠"])
def test_parse_cards_rejects_junk_words(text: str) -> None:
    with pytest.raises(InvalidNotationError, match=re.escape(repr(text))):
        parse_cards(f"AS {text} KH")


@pytest.mark.parametrize("text", ["Z" * 10_000, "AS " * 1000, "10H" + "x" * 100])
def test_very_long_input_is_shortened_in_the_message(text: str) -> None:
    with pytest.raises(InvalidNotationError) as info:
        parse_card(text)
    message = str(info.value)
    assert len(message) < 200
    assert f"invalid card {text[:20]!r}"[:-1] in message
    assert "...'" in message


def test_parse_cards_shortens_a_very_long_bad_word() -> None:
    with pytest.raises(InvalidNotationError) as info:
        parse_cards("AS " + "Q" * 5000)
    assert len(str(info.value)) < 200
    assert "'QQQQ" in str(info.value)


@pytest.mark.parametrize(
    ("value", "shown"),
    [(None, "'None'"), (10, "'10'"), (b"AS", "\"b'AS'\""), (["AS"], "\"['AS']\"")],
)
def test_non_text_from_an_untyped_caller_is_invalid_notation(
    value: Any, shown: str
) -> None:
    with pytest.raises(InvalidNotationError) as info:
        parse_card(value)
    assert str(info.value) == f"invalid card {shown}: expected text"
    with pytest.raises(InvalidNotationError) as info:
        parse_cards(value)
    assert str(info.value) == f"invalid cards {shown}: expected text"


def test_quote_shortens_long_text() -> None:
    assert quote("AS") == "'AS'"
    assert quote(None) == "'None'"
    assert quote("x" * 40) == repr("x" * 40)
    assert quote("x" * 41) == repr("x" * 37 + "...")


def _parse_or_error(parse: Callable[[str], T], text: str) -> T | InvalidNotationError:
    try:
        return parse(text)
    except InvalidNotationError as error:
        return error


@given(st.text())
def test_parse_card_of_any_text_returns_a_card_or_raises_invalid_notation(
    text: str,
) -> None:
    card = _parse_or_error(parse_card, text)
    if isinstance(card, InvalidNotationError):
        assert str(card) == f"invalid card {quote(text)}: {CARD_HELP}"
    else:
        assert isinstance(card, Card)
        assert CANONICAL.fullmatch(str(card))
        assert parse_card(str(card)) == card


@given(st.text())
def test_parse_cards_of_any_text_returns_cards_or_raises_invalid_notation(
    text: str,
) -> None:
    parsed = _parse_or_error(parse_cards, text)
    if isinstance(parsed, InvalidNotationError):
        words = text.split()
        assert str(parsed) in {f"invalid card {quote(w)}: {CARD_HELP}" for w in words}
    else:
        assert isinstance(parsed, tuple)
        assert all(isinstance(card, Card) for card in parsed)
        assert parse_cards(format_cards(parsed)) == parsed


@given(st.lists(st.sampled_from(ALL_PACK_CARDS)))
def test_format_then_parse_round_trips(hand: list[Card]) -> None:
    text = format_cards(hand)
    assert parse_cards(text) == tuple(hand)
    assert parse_cards(text.lower()) == tuple(hand)
    assert parse_cards(text.replace(" ", "   ")) == tuple(hand)


@given(cards(), st.sampled_from(["{}", " {} ", "{}\ufe0f"]))
def test_symbols_and_case_round_trip(card: Card, template: str) -> None:
    if card.rank is None or card.suit is None:
        text = "jk"
        # the emoji selector follows a suit symbol only: JK\ufe0f is refused
        template = template.replace("\ufe0f", "")
    else:
        text = card.rank.text.lower() + card.suit.symbol
    assert parse_card(template.format(text)) == card


# -- codes and masks -----------------------------------------------------------------


def test_card_codes() -> None:
    assert card_code(parse_card("2S")) == 0
    assert card_code(parse_card("AS")) == 15
    assert card_code(parse_card("10C")) == 24
    assert card_code(parse_card("11D")) == 41
    assert card_code(parse_card("AH")) == 63
    assert card_code(JOKER) == JOKER_CODE == 64
    assert parse_card("QH").code == card_code(parse_card("QH"))


def test_cards_by_code_lists_every_card_once() -> None:
    assert len(CARDS_BY_CODE) == 65
    assert len(set(CARDS_BY_CODE)) == 65
    assert CARDS_BY_CODE[-1] is JOKER
    for code, card in enumerate(CARDS_BY_CODE):
        assert card_code(card) == code
        assert card.code == code
        if card.rank is not None and card.suit is not None:
            assert code == 16 * card.suit + card.rank - 2
    assert set(ALL_PACK_CARDS) <= set(CARDS_BY_CODE)


@given(st.frozensets(cards()))
def test_mask_round_trip(hand: frozenset[Card]) -> None:
    mask = mask_from_cards(hand)
    assert mask.bit_count() == len(hand)
    assert cards_from_mask(mask) == tuple(sorted(hand, key=card_code))
    assert mask_from_cards(cards_from_mask(mask)) == mask


@given(st.integers(min_value=0, max_value=2**65 - 1))
def test_every_mask_round_trips(mask: int) -> None:
    hand = cards_from_mask(mask)
    assert len(hand) == mask.bit_count()
    assert mask_from_cards(hand) == mask
    assert [card_code(c) for c in hand] == sorted(card_code(c) for c in hand)


def test_masks_of_known_cards() -> None:
    assert mask_from_cards([]) == 0
    assert cards_from_mask(0) == ()
    assert mask_from_cards(parse_cards("2S JK")) == 1 | 1 << 64
    assert cards_from_mask(1 << 63 | 1 << 64 | 1) == parse_cards("2S AH JK")
    assert mask_from_cards(parse_cards("AS AS")) == 1 << 15


def test_card_names_are_exported() -> None:
    for name in ("Card", "JOKER", "Rank", "Suit", "Strain", "parse_card"):
        assert name in five_hundred.__all__
    assert five_hundred.parse_cards is parse_cards
    assert five_hundred.format_cards is format_cards
