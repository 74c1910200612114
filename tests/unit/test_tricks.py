"""Trick play: effective suits, card order, following, the Joker rules and winners.

The scenario tests follow the rules page rule by rule (:ref:`rules-card-order`,
:ref:`rules-kitty-play`, :ref:`rules-joker` and :ref:`rules-rulings`), each Joker option
with its value on and off.  The properties compare the module with a small reference
written here from the rules page (a card order as lists, the follow rule and the Joker
rules as plain conditions); it shares no table with :mod:`five_hundred.tricks`.
"""

from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.strategies import PLAYER_COUNTS, suits

from five_hundred import (
    JOKER,
    Card,
    InvalidStateError,
    JokerLeadSuit,
    NominateJoker,
    PlayCard,
    PlayContext,
    Rank,
    Rules,
    Strain,
    Suit,
    card_power,
    effective_suit,
    explain_play,
    joker_nominations,
    legal_plays,
    pack,
    parse_card,
    parse_cards,
    trick_winner,
)
from five_hundred import tricks as tricks_module
from five_hundred.cards import CARDS_BY_CODE, JOKER_CODE

SPADES = PlayContext(Strain.SPADES)
CLUBS = PlayContext(Strain.CLUBS)
DIAMONDS = PlayContext(Strain.DIAMONDS)
HEARTS = PlayContext(Strain.HEARTS)
TRUMP_CONTEXTS = (SPADES, CLUBS, DIAMONDS, HEARTS)
NT = PlayContext(Strain.NO_TRUMPS)
MISERE = PlayContext(Strain.NO_TRUMPS, misere=True)
FOUR = pack(Rules())
SIX = pack(Rules.six_player())
SUIT_OF_LETTER = {suit.letter: suit for suit in Suit}
SAME_COLOUR = {
    Suit.SPADES: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
    Suit.DIAMONDS: Suit.HEARTS,
    Suit.HEARTS: Suit.DIAMONDS,
}


def nominated(suit: Suit, *, misere: bool = False) -> PlayContext:
    return PlayContext(Strain.NO_TRUMPS, misere=misere, joker_suit=suit)


def suit_set(letters: str) -> tuple[Suit, ...]:
    return tuple(SUIT_OF_LETTER[letter] for letter in letters)


def legal(
    hand: str,
    context: PlayContext,
    rules: Rules = Rules(),
    *,
    trick: str = "",
    led_suit: Suit | None = None,
    led: str = "",
    void: str = "",
    last_trick: bool = False,
) -> str:
    """The legal plays as text: ``"9S JK:D"`` (``led`` lists the earlier suits led)."""
    plays = legal_plays(
        parse_cards(hand),
        context,
        rules,
        trick=parse_cards(trick),
        led_suit=led_suit,
        suits_led=suit_set(led),
        shown_void=suit_set(void),
        last_trick=last_trick,
    )
    return " ".join(str(play).removeprefix("PLAY ") for play in plays)


def explain(
    hand: str,
    play: str,
    context: PlayContext,
    rules: Rules = Rules(),
    *,
    trick: str = "",
    led_suit: Suit | None = None,
    led: str = "",
    void: str = "",
    last_trick: bool = False,
) -> str | None:
    """:func:`explain_play` on notation: ``play`` is ``"KS"`` or ``"JK:H"``."""
    card_text, _, suit_text = play.partition(":")
    action = PlayCard(
        parse_card(card_text), SUIT_OF_LETTER[suit_text] if suit_text else None
    )
    return explain_play(
        parse_cards(hand),
        action,
        context,
        rules,
        trick=parse_cards(trick),
        led_suit=led_suit,
        suits_led=suit_set(led),
        shown_void=suit_set(void),
        last_trick=last_trick,
    )


def order(cards: Iterable[Card], context: PlayContext, led: Suit) -> str:
    """Cards strongest first as they play to a trick led in ``led``."""
    ranked = sorted(cards, key=lambda card: -card_power(card, context, led))
    return " ".join(map(str, ranked))


def suit_cards(cards: Iterable[Card], context: PlayContext, suit: Suit) -> list[Card]:
    return [card for card in cards if effective_suit(card, context) is suit]


# -- effective suits ----------------------------------------------------------------


@pytest.mark.parametrize(
    "context", TRUMP_CONTEXTS, ids=["spades", "clubs", "diamonds", "hearts"]
)
def test_trump_contract_effective_suits(context: PlayContext) -> None:
    trumps = context.trumps
    assert trumps is not None
    left = Card(Rank.JACK, SAME_COLOUR[trumps])
    for card in SIX:
        expected = trumps if card in (JOKER, left) else card.suit
        assert effective_suit(card, context) is expected, card


@pytest.mark.parametrize(
    ("context", "left", "other_suit", "other_count", "trump_count"),
    [
        (HEARTS, "JD", Suit.DIAMONDS, 10, 13),
        (DIAMONDS, "JH", Suit.HEARTS, 10, 13),
        (SPADES, "JC", Suit.CLUBS, 9, 12),
        (CLUBS, "JS", Suit.SPADES, 9, 12),
    ],
    ids=["hearts", "diamonds", "spades", "clubs"],
)
def test_left_bower_leaves_its_printed_suit(
    context: PlayContext,
    left: str,
    other_suit: Suit,
    other_count: int,
    trump_count: int,
) -> None:
    assert context.trumps is not None
    assert effective_suit(parse_card(left), context) is context.trumps
    other = suit_cards(FOUR, context, other_suit)
    assert all(card.rank is not Rank.JACK for card in other)
    assert len(other) == other_count
    trumps = suit_cards(FOUR, context, context.trumps)
    assert len(trumps) == trump_count
    assert JOKER in trumps
    assert parse_card(left) in trumps


@pytest.mark.parametrize("context", [NT, MISERE], ids=["NT", "misere"])
def test_no_trumps_and_misere_have_no_bowers_and_a_suitless_joker(
    context: PlayContext,
) -> None:
    assert effective_suit(JOKER, context) is None
    for card in SIX:
        if card != JOKER:
            assert effective_suit(card, context) is card.suit
    for suit in Suit:
        assert len(suit_cards(FOUR, context, suit)) == (
            10 if suit < Suit.DIAMONDS else 11
        )


@pytest.mark.parametrize("suit", list(Suit), ids=str)
@pytest.mark.parametrize("misere", [False, True])
def test_nominated_joker_is_the_highest_card_of_its_suit_not_a_trump(
    suit: Suit, misere: bool
) -> None:
    context = nominated(suit, misere=misere)
    assert effective_suit(JOKER, context) is suit
    assert order(suit_cards(FOUR, context, suit), context, suit).split()[:2] == [
        "JK",
        f"A{suit.letter}",
    ]
    for led in Suit:
        if led is not suit:
            assert card_power(JOKER, context, led) == 0
    for card in SIX:
        if card != JOKER:
            assert effective_suit(card, context) is card.suit


def test_context_checks_misere_and_nomination_need_no_trumps() -> None:
    with pytest.raises(InvalidStateError, match="without trumps"):
        PlayContext(Strain.HEARTS, misere=True)
    with pytest.raises(InvalidStateError, match="only without trumps"):
        PlayContext(Strain.HEARTS, joker_suit=Suit.CLUBS)
    assert HEARTS.trumps is Suit.HEARTS
    assert NT.trumps is None


# -- card order ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("context", "expected"),
    [
        (HEARTS, "JK JH JD AH KH QH 10H 9H 8H 7H 6H 5H 4H"),
        (DIAMONDS, "JK JD JH AD KD QD 10D 9D 8D 7D 6D 5D 4D"),
        (SPADES, "JK JS JC AS KS QS 10S 9S 8S 7S 6S 5S"),
        (CLUBS, "JK JC JS AC KC QC 10C 9C 8C 7C 6C 5C"),
    ],
    ids=["hearts", "diamonds", "spades", "clubs"],
)
def test_full_order_of_the_trump_suit(context: PlayContext, expected: str) -> None:
    assert context.trumps is not None
    trumps = suit_cards(FOUR, context, context.trumps)
    assert order(trumps, context, context.trumps) == expected
    for led in Suit:  # trumps keep their order and beat every card of any suit led
        assert order(trumps, context, led) == expected
        lowest_trump = min(card_power(card, context, led) for card in trumps)
        plain = [card for card in FOUR if card not in trumps]
        assert all(card_power(card, context, led) < lowest_trump for card in plain)


@pytest.mark.parametrize(
    ("context", "led", "expected"),
    [
        (HEARTS, Suit.DIAMONDS, "AD KD QD 10D 9D 8D 7D 6D 5D 4D"),
        (HEARTS, Suit.CLUBS, "AC KC QC JC 10C 9C 8C 7C 6C 5C"),
        (SPADES, Suit.CLUBS, "AC KC QC 10C 9C 8C 7C 6C 5C"),
        (NT, Suit.SPADES, "AS KS QS JS 10S 9S 8S 7S 6S 5S"),
        (MISERE, Suit.HEARTS, "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H"),
        (nominated(Suit.CLUBS), Suit.CLUBS, "JK AC KC QC JC 10C 9C 8C 7C 6C 5C"),
    ],
)
def test_order_of_plain_suits(context: PlayContext, led: Suit, expected: str) -> None:
    assert order(suit_cards(FOUR, context, led), context, led) == expected


def test_six_player_ranks_in_trumps_and_plain_suits() -> None:
    hearts = suit_cards(SIX, HEARTS, Suit.HEARTS)
    assert order(hearts, HEARTS, Suit.HEARTS) == (
        "JK JH JD AH KH QH 13H 12H 11H 10H 9H 8H 7H 6H 5H 4H 3H 2H"
    )
    spades = suit_cards(SIX, HEARTS, Suit.SPADES)
    assert order(spades, HEARTS, Suit.SPADES) == (
        "AS KS QS JS 12S 11S 10S 9S 8S 7S 6S 5S 4S 3S 2S"
    )
    diamonds = suit_cards(SIX, NT, Suit.DIAMONDS)
    assert order(diamonds, NT, Suit.DIAMONDS) == (
        "AD KD QD JD 13D 12D 11D 10D 9D 8D 7D 6D 5D 4D 3D 2D"
    )
    clubs = suit_cards(SIX, SPADES, Suit.CLUBS)  # JC is the left bower: no jack here
    assert (
        order(clubs, SPADES, Suit.CLUBS)
        == "AC KC QC 12C 11C 10C 9C 8C 7C 6C 5C 4C 3C 2C"
    )


def test_card_power_is_zero_off_suit_and_trumps_outrank_the_suit_led() -> None:
    power = card_power
    assert power(parse_card("AS"), HEARTS, Suit.CLUBS) == 0
    assert power(parse_card("JD"), HEARTS, Suit.DIAMONDS) > power(
        parse_card("AD"), HEARTS, Suit.DIAMONDS
    )
    assert power(parse_card("4H"), HEARTS, Suit.SPADES) > power(
        parse_card("AS"), HEARTS, Suit.SPADES
    )
    assert power(parse_card("KS"), HEARTS, Suit.SPADES) > power(
        parse_card("QS"), HEARTS, Suit.SPADES
    )
    assert power(JOKER, NT, Suit.SPADES) > power(parse_card("AS"), NT, Suit.SPADES)
    assert power(JOKER, MISERE, Suit.DIAMONDS) > 0
    assert power(parse_card("AS"), NT, Suit.CLUBS) == 0


# -- following suit ------------------------------------------------------------------


def test_must_follow_the_suit_led() -> None:
    assert legal("AS 5S AH JC", HEARTS, trick="KS") == "5S AS"
    assert legal("AS 5S AH JC", NT, trick="KC") == "JC"
    assert legal("AS 5S AH JC", NT, trick="KD") == "5S AS JC AH"


def test_leader_may_lead_anything() -> None:
    assert legal("AS 5S AH JC", HEARTS) == "5S AS JC AH"
    assert legal("JK 5S", HEARTS) == "5S JK"  # a trump, no suit named


def test_left_bower_must_follow_a_trump_lead() -> None:
    assert legal("JD KD 5S", HEARTS, trick="AH") == "JD"
    assert legal("JC KC 5D", SPADES, trick="9S") == "JC"


def test_left_bower_is_not_a_card_of_its_printed_suit() -> None:
    # Hearts trumps, diamonds led: JD is a heart, so its holder is void in diamonds.
    assert legal("JD 5S KC", HEARTS, trick="AD") == "5S KC JD"
    assert legal("JD QD 5S", HEARTS, trick="AD") == "QD"
    assert (
        explain("JD QD 5S", "JD", HEARTS, trick="AD")
        == "must follow diamonds: holds QD"
    )


def test_joker_is_a_trump_in_trump_contracts() -> None:
    assert legal("JK KS", HEARTS, trick="AH") == "JK"
    assert legal("JK AS", HEARTS, trick="KS") == "AS"
    assert legal("JK KC", HEARTS, trick="KS") == "KC JK"


def test_nobody_is_obliged_to_trump() -> None:
    assert legal("AH JD KC", HEARTS, trick="AS") == "KC JD AH"
    assert legal("AH JD KC", HEARTS, trick="AS 5H") == "KC JD AH"


def test_explain_names_the_suit_and_the_cards_held() -> None:
    assert (
        explain("9H JD KS", "KS", HEARTS, trick="AH")
        == "must follow hearts: holds JD (left bower), 9H"
    )
    assert (
        explain("AS 5S AH", "AH", NT, trick="KS") == "must follow spades: holds AS, 5S"
    )
    assert explain("AS 5S AH", "5S", NT, trick="KS") is None
    assert explain("AS 5S", "KS", NT, trick="QS") == "KS is not in the hand"


def test_explain_when_the_joker_is_the_only_card_of_the_suit_led() -> None:
    # A trump Joker (or a nominated one) simply follows suit: no misère rule is involved.
    for context, trick in ((HEARTS, "AH"), (nominated(Suit.HEARTS), "AH")):
        reason = explain("JK KS", "KS", context, trick=trick)
        assert reason is not None
        assert reason.startswith("must follow hearts"), reason
        assert "misère" not in reason


def test_a_named_suit_belongs_only_to_the_un_nominated_joker_on_lead() -> None:
    only_leader = "only the leader of the Joker without trumps"
    assert only_leader in (explain("JK 9S", "JK:H", HEARTS) or "")
    assert only_leader in (explain("JK 9S", "JK:H", nominated(Suit.CLUBS)) or "")
    assert only_leader in (explain("JK 9S", "JK:H", NT, trick="KC") or "")
    assert only_leader in (explain("JK 9S", "9S:H", NT) or "")
    assert explain("JK 9S", "JK", HEARTS) is None
    assert explain("JK 9S", "JK", nominated(Suit.CLUBS)) is None


# -- the Joker without trumps (:ref:`rules-joker`) ------------------------------------


@pytest.mark.parametrize("context", [NT, MISERE], ids=["NT", "misere"])
def test_joker_follows_only_when_void(context: PlayContext) -> None:
    rules = Rules(misere_joker_forced_when_void=False)
    assert legal("JK 9S 9H", context, rules, trick="KS") == "9S"
    assert legal("JK 9S 9H", context, rules, trick="KC") == "9S 9H JK"
    assert "the Joker may follow only a player void in the suit led" in (
        explain("JK 9S 9H", "JK", context, rules, trick="KS") or ""
    )
    any_time = rules.replace(joker_follows_only_when_void=False)
    assert legal("JK 9S 9H", context, any_time, trick="KS") == "9S JK"
    assert legal("JK 9S 9H", context, any_time, trick="KC") == "9S 9H JK"
    assert explain("JK 9S 9H", "JK", context, any_time, trick="KS") is None
    # Either way the player holding the suit led may not discard another card.
    assert explain("JK 9S 9H", "9H", context, any_time, trick="KS") == (
        "must follow spades: holds 9S"
    )


def test_misere_void_player_must_play_the_joker() -> None:
    assert legal("JK 9S 9H", MISERE, trick="KC") == "JK"
    assert explain("JK 9S 9H", "9H", MISERE, trick="KC") == (
        "void in clubs in a misère contract: must play the Joker"
    )
    assert explain("JK 9S 9H", "JK", MISERE, trick="KC") is None
    off = Rules(misere_joker_forced_when_void=False)
    assert legal("JK 9S 9H", MISERE, off, trick="KC") == "9S 9H JK"
    # Holding the suit led, the rule does not apply.
    assert legal("JK 9S 9H", MISERE, trick="KS") == "9S"


def test_no_trumps_void_player_may_keep_the_joker() -> None:
    forced = Rules(misere_joker_forced_when_void=True)
    assert legal("JK 9S 9H", NT, forced, trick="KC") == "9S 9H JK"


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        (JokerLeadSuit.NOT_LED_BEFORE, "9S JK:D JK:H"),
        (JokerLeadSuit.NOT_SHOWN_VOID, "9S JK:S JK:C JK:H"),
        (JokerLeadSuit.ANY, "9S JK:S JK:C JK:D JK:H"),
    ],
)
@pytest.mark.parametrize("context", [NT, MISERE], ids=["NT", "misere"])
def test_joker_lead_names_a_suit(
    context: PlayContext, rule: JokerLeadSuit, expected: str
) -> None:
    rules = Rules(joker_lead_suit=rule)
    assert legal("JK 9S", context, rules, led="SC", void="D") == expected


def test_joker_lead_explanations() -> None:
    led_before = Rules(joker_lead_suit=JokerLeadSuit.NOT_LED_BEFORE)
    assert explain("JK 9S", "JK:S", NT, led_before, led="SC") == (
        "the Joker may not name spades: it has been led before in this hand"
    )
    assert explain("JK 9S", "JK:D", NT, led_before, led="SC", void="D") is None
    shown_void = Rules(joker_lead_suit=JokerLeadSuit.NOT_SHOWN_VOID)
    assert explain("JK 9S", "JK:D", NT, shown_void, led="SC", void="D") == (
        "the Joker may not name diamonds: it is a suit the leader has shown void in"
    )
    assert explain("JK 9S", "JK:S", NT, shown_void, led="SC", void="D") is None
    assert "names the suit to follow" in (explain("JK 9S", "JK", NT) or "")


def test_suit_named_by_the_joker_is_the_suit_to_follow() -> None:
    assert legal("AS 5S AH 9C", NT, trick="JK", led_suit=Suit.SPADES) == "5S AS"
    assert legal("AS 5S AH 9C", NT, trick="JK", led_suit=Suit.DIAMONDS) == "5S AS 9C AH"
    with pytest.raises(InvalidStateError, match="led_suit"):
        legal("AS 5S", NT, trick="JK")


@pytest.mark.parametrize("context", [NT, MISERE], ids=["NT", "misere"])
def test_all_four_suits_led_joker_only_in_the_last_trick(context: PlayContext) -> None:
    on = Rules(joker_lead_suit=JokerLeadSuit.ANY, misere_joker_forced_when_void=False)
    off = on.replace(joker_last_trick_once_all_suits_led=False)
    # On lead, after all four suits.
    assert legal("JK 9S", context, on, led="SCDH") == "9S"
    assert explain("JK 9S", "JK:S", context, on, led="SCDH") == (
        "all four suits have been led: the Joker may be played only in the last trick"
    )
    assert legal("JK 9S", context, off, led="SCDH") == "9S JK:S JK:C JK:D JK:H"
    # Following, void, after all four suits.
    assert legal("JK 9S", context, on, trick="9H", led="SCDH") == "9S"
    assert legal("JK 9S", context, off, trick="9H", led="SCDH") == "9S JK"
    # Three suits led before: not yet.
    assert legal("JK 9S", context, on, trick="9D", led="SCD") == "9S JK"


@pytest.mark.parametrize("context", [NT, MISERE], ids=["NT", "misere"])
def test_the_trick_in_progress_counts_as_led(context: PlayContext) -> None:
    rules = Rules(misere_joker_forced_when_void=False)
    # Spades, clubs and diamonds led before; hearts has just been led: the fourth suit.
    assert legal("JK 9S", context, rules, trick="9H", led="SCD") == "9S"
    assert legal("JK 9S", context, rules, trick="9H 10H", led="SCD") == "9S"
    assert explain("JK 9S", "JK", context, rules, trick="9H", led="SCD") == (
        "all four suits have been led: the Joker may be played only in the last trick"
    )
    # Leading the Joker may name the fourth suit: that is what makes it led.
    named = Rules(joker_lead_suit=JokerLeadSuit.ANY)
    assert legal("JK 9S", context, named, led="SCD") == "9S JK:S JK:C JK:D JK:H"
    lenient = rules.replace(joker_last_trick_once_all_suits_led=False)
    assert legal("JK 9S", context, lenient, trick="9H", led="SCD") == "9S JK"


def test_explain_names_the_all_four_suits_rule_when_the_joker_may_follow_any_time() -> (
    None
):
    # With joker_follows_only_when_void off, only the all-four-suits rule forbids the
    # Joker here (:ref:`rules-illegal-actions`: the error says which rule forbids it).
    rules = Rules(joker_follows_only_when_void=False)
    assert legal("JK 9S", NT, rules, trick="AS", led="CD") == "9S JK"
    assert legal("JK 9S", NT, rules, trick="AS", led="CDH") == "9S"
    reason = explain("JK 9S", "JK", NT, rules, trick="AS", led="CDH")
    assert reason is not None
    assert reason.startswith("all four suits have been led"), reason


def test_all_four_suits_rule_wins_over_the_misere_obligation() -> None:
    rules = Rules()
    assert rules.misere_joker_forced_when_void
    assert rules.joker_last_trick_once_all_suits_led
    assert legal("JK 9S", MISERE, rules, trick="9H", led="SCD") == "9S"
    assert explain("JK 9S", "9S", MISERE, rules, trick="9H", led="SCD") is None
    without = rules.replace(joker_last_trick_once_all_suits_led=False)
    assert legal("JK 9S", MISERE, without, trick="9H", led="SCD") == "JK"


def test_joker_is_always_playable_in_the_last_trick() -> None:
    strict = Rules(joker_lead_only_last_trick=True)
    assert legal("JK", NT, strict, trick="9H", led="SCDH", last_trick=True) == "JK"
    assert legal("JK", MISERE, strict, trick="9H", led="SCD", last_trick=True) == "JK"
    # A leader holding only the Joker names any suit, even suits led before.
    assert legal("JK", NT, strict, led="SCDH", last_trick=True) == "JK:S JK:C JK:D JK:H"
    shown = Rules(joker_lead_suit=JokerLeadSuit.NOT_SHOWN_VOID)
    assert (
        legal("JK", MISERE, shown, led="SCDH", void="SCD", last_trick=True)
        == "JK:S JK:C JK:D JK:H"
    )


def test_joker_lead_only_in_the_last_trick() -> None:
    rules = Rules(joker_lead_only_last_trick=True)
    assert legal("JK 9S", NT, rules) == "9S"
    assert explain("JK 9S", "JK:H", NT, rules) == (
        "the Joker may be led only in the last trick (Rules.joker_lead_only_last_trick)"
    )
    assert legal("JK 9S", NT, Rules()) == "9S JK:S JK:C JK:D JK:H"
    # It restricts only the lead: a void follower may still play the Joker.
    assert legal("JK 9S", NT, rules, trick="9H") == "9S JK"


@pytest.mark.parametrize("misere", [False, True])
def test_nominated_joker_is_an_ordinary_card(misere: bool) -> None:
    context = nominated(Suit.HEARTS, misere=misere)
    strict = Rules(
        joker_lead_only_last_trick=True, joker_lead_suit=JokerLeadSuit.NOT_LED_BEFORE
    )
    assert legal("JK 9S", context, strict, led="SCDH") == "9S JK"  # led, no suit named
    assert legal("JK 9S", context, strict, trick="AH") == "JK"  # must follow hearts
    assert legal("JK 9S 9C", context, strict, trick="AS", led="CDH") == "9S"
    assert legal("JK 9C", context, strict, trick="AS", led="CDH") == "9C JK"
    assert legal("JK 9C", context, trick="AS") == "9C JK"  # not forced in misère
    assert trick_winner(parse_cards("AH JK"), context) == 1  # no led_suit needed
    assert trick_winner(parse_cards("JK AH"), context) == 0


def test_joker_nominations() -> None:
    expected = ["NOMINATE NONE", "NOMINATE S", "NOMINATE C", "NOMINATE D", "NOMINATE H"]
    hand = parse_cards("JK 9H 5S")
    assert [str(n) for n in joker_nominations(hand, NT)] == expected
    assert [str(n) for n in joker_nominations(hand, MISERE)] == expected
    assert joker_nominations(hand, NT)[0] == NominateJoker(None)
    assert joker_nominations(hand, NT, Rules(joker_nomination=False)) == ()
    assert joker_nominations(hand, HEARTS) == ()
    assert joker_nominations(parse_cards("9H 5S"), NT) == ()
    assert joker_nominations(hand, nominated(Suit.SPADES)) == ()


# -- the winner of a trick ------------------------------------------------------------


@pytest.mark.parametrize(
    ("trick", "context", "winner"),
    [
        ("AS 5H KS", HEARTS, 1),  # a trump beats the plain suit led
        ("AS 5H JD", HEARTS, 2),  # the left bower outranks a low trump
        ("AH JD", HEARTS, 1),  # left bower beats the ace of trumps
        ("JD JH", HEARTS, 1),  # right bower beats the left
        ("JH JK", HEARTS, 1),  # the Joker beats the right bower
        ("AD JD", HEARTS, 1),  # JD is a trump, not a diamond
        ("10S AS KS 5S", NT, 1),  # highest card of the suit led
        ("9S AC AD AH", SPADES, 0),  # off-suit never wins
        ("9S AC AD AH", NT, 0),
        ("KS JK AS", NT, 1),  # the un-nominated Joker wins any trick
        ("KS AS JK", MISERE, 2),  # a 3-card trick: the misère partner sits out
        ("AC JK", nominated(Suit.HEARTS), 0),  # nominated: only a heart
        ("AH JK", nominated(Suit.HEARTS), 1),
        ("AH KH", nominated(Suit.HEARTS), 0),
    ],
)
def test_trick_winner(trick: str, context: PlayContext, winner: int) -> None:
    assert trick_winner(parse_cards(trick), context) == winner


@pytest.mark.parametrize(
    ("trick", "context", "winner"),
    [
        ("9S 10S", NT, 1),  # two players
        ("9S 10S 8S", NT, 1),  # three players
        ("9S 10S 8S 4H", HEARTS, 3),  # four players
        ("9S 10S 8S 4H 5H", HEARTS, 4),  # five players
        ("10H 11H 12H 13H QH 9H", HEARTS, 4),  # six players, trumps: Q > 13
        ("10D 11D 12D 13D JD 9D", NT, 4),  # six players, plain: J > 13
        ("10D 11D 12D 13D 9D 8D", SPADES, 3),
    ],
)
def test_tricks_of_every_size(trick: str, context: PlayContext, winner: int) -> None:
    assert trick_winner(parse_cards(trick), context) == winner


def test_joker_led_with_a_named_suit_wins() -> None:
    for suit in Suit:
        assert trick_winner(parse_cards("JK AS AH AD"), NT, suit) == 0
    # The named suit decides which plain card would win without the Joker.
    assert trick_winner(parse_cards("JK AS AH"), NT, Suit.HEARTS) == 0
    with pytest.raises(InvalidStateError, match="led_suit"):
        trick_winner(parse_cards("JK AS"), NT)
    with pytest.raises(InvalidStateError, match="led_suit"):
        trick_winner(parse_cards("JK AS"), MISERE)
    assert trick_winner(parse_cards("JK AS"), SPADES) == 0  # a trump: no suit named


def test_empty_trick_has_no_winner() -> None:
    with pytest.raises(InvalidStateError, match="empty trick"):
        trick_winner((), NT)


# -- a reference written from the rules page, for the properties ------------------------

PLAIN_ORDER = (
    Rank.ACE,
    Rank.KING,
    Rank.QUEEN,
    Rank.JACK,
    Rank.THIRTEEN,
    Rank.TWELVE,
    Rank.ELEVEN,
    Rank.TEN,
    Rank.NINE,
    Rank.EIGHT,
    Rank.SEVEN,
    Rank.SIX,
    Rank.FIVE,
    Rank.FOUR,
    Rank.THREE,
    Rank.TWO,
)
"""A plain suit, high to low (:ref:`rules-six-players`: 11, 12, 13 between 10 and J)."""
TRUMP_ORDER_BELOW_BOWERS = tuple(rank for rank in PLAIN_ORDER if rank is not Rank.JACK)
"""A trump suit below Joker, right and left bower (11, 12, 13 between Q and 10)."""


def ref_suit(card: Card, context: PlayContext) -> Suit | None:
    trumps = context.strain.suit
    if card == JOKER:
        return trumps if trumps is not None else context.joker_suit
    if (
        trumps is not None
        and card.rank is Rank.JACK
        and card.suit is SAME_COLOUR[trumps]
    ):
        return trumps
    return card.suit


def ref_is_trump(card: Card, context: PlayContext) -> bool:
    trumps = context.strain.suit
    if trumps is None:
        return card == JOKER and context.joker_suit is None
    return ref_suit(card, context) is trumps


def ref_strength(card: Card, context: PlayContext, led: Suit) -> tuple[int, int] | None:
    """(2, n) for a trump, (1, n) for a card of the suit led, None otherwise."""
    trumps = context.strain.suit
    if ref_is_trump(card, context):
        if card == JOKER:
            return (2, 100)
        if card.rank is Rank.JACK:
            return (2, 99 if card.suit is trumps else 98)
        assert card.rank is not None
        return (2, 50 - TRUMP_ORDER_BELOW_BOWERS.index(card.rank))
    if ref_suit(card, context) is led:
        if card == JOKER:  # nominated: the highest card of its suit
            return (1, 100)
        assert card.rank is not None
        return (1, 50 - PLAIN_ORDER.index(card.rank))
    return None


def ref_led_suit(
    trick: Sequence[Card], context: PlayContext, named: Suit | None
) -> Suit:
    suit = ref_suit(trick[0], context)
    if suit is None:
        assert named is not None
        return named
    return suit


def ref_winner(trick: Sequence[Card], context: PlayContext, named: Suit | None) -> int:
    led = ref_led_suit(trick, context, named)
    strengths = [ref_strength(card, context, led) for card in trick]
    best = max(s for s in strengths if s is not None)
    return strengths.index(best)


def ref_legal(position: "Position") -> set[PlayCard]:
    """The legal plays per :ref:`rules-following` and :ref:`rules-joker`, as conditions."""
    hand, context, rules = position.hand, position.context, position.rules
    free = context.strain is Strain.NO_TRUMPS and context.joker_suit is None
    every = set(Suit)
    earlier = set(position.suits_led)
    plays = {PlayCard(card) for card in hand if card != JOKER}
    if not position.trick:  # leading
        if JOKER not in hand:
            return plays
        if not free:
            return plays | {PlayCard(JOKER)}
        if position.last_trick:
            return plays | {PlayCard(JOKER, suit) for suit in Suit}
        if rules.joker_lead_only_last_trick:
            return plays
        if rules.joker_last_trick_once_all_suits_led and earlier == every:
            return plays
        if rules.joker_lead_suit is JokerLeadSuit.NOT_LED_BEFORE:
            names = every - earlier
        elif rules.joker_lead_suit is JokerLeadSuit.NOT_SHOWN_VOID:
            names = every - set(position.shown_void)
        else:
            names = every
        return plays | {PlayCard(JOKER, suit) for suit in names}
    led = ref_led_suit(position.trick, context, position.led_suit)
    holding = {PlayCard(card) for card in hand if ref_suit(card, context) is led}
    everything = {PlayCard(card) for card in hand}
    if not free or JOKER not in hand or position.last_trick:
        return holding or everything
    joker = PlayCard(JOKER)
    all_four = earlier | {led} == every
    joker_barred = rules.joker_last_trick_once_all_suits_led and all_four
    if holding:
        if rules.joker_follows_only_when_void or joker_barred:
            return holding
        return holding | {joker}
    if joker_barred:
        return everything - {joker}
    if context.misere and rules.misere_joker_forced_when_void:
        return {joker}
    return everything


# -- strategies ---------------------------------------------------------------------


class Position(NamedTuple):
    """A realistic moment of a hand: the player to play and what they know."""

    rules: Rules
    context: PlayContext
    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    led_suit: Suit | None
    suits_led: frozenset[Suit]
    shown_void: frozenset[Suit]
    last_trick: bool

    def legal(self) -> tuple[PlayCard, ...]:
        return legal_plays(
            self.hand,
            self.context,
            self.rules,
            trick=self.trick,
            led_suit=self.led_suit,
            suits_led=self.suits_led,
            shown_void=self.shown_void,
            last_trick=self.last_trick,
        )

    def explain(self, play: PlayCard) -> str | None:
        return explain_play(
            self.hand,
            play,
            self.context,
            self.rules,
            trick=self.trick,
            led_suit=self.led_suit,
            suits_led=self.suits_led,
            shown_void=self.shown_void,
            last_trick=self.last_trick,
        )


@st.composite
def play_rules(draw: st.DrawFn) -> Rules:
    """Rules with a drawn player count and every option of trick play drawn."""
    return Rules(
        players=draw(st.sampled_from(PLAYER_COUNTS)),
        joker_follows_only_when_void=draw(st.booleans()),
        joker_lead_suit=draw(st.sampled_from(JokerLeadSuit)),
        joker_last_trick_once_all_suits_led=draw(st.booleans()),
        joker_lead_only_last_trick=draw(st.booleans()),
        misere_joker_forced_when_void=draw(st.booleans()),
    )


@st.composite
def play_contexts(draw: st.DrawFn) -> PlayContext:
    """A contract's card order; No Trumps (where the Joker rules live) half the time."""
    strain = draw(st.sampled_from([*Strain, *[Strain.NO_TRUMPS] * 3]))
    if strain is not Strain.NO_TRUMPS:
        return PlayContext(strain)
    misere = draw(st.booleans())
    joker_suit = draw(st.one_of(st.none(), st.none(), suits()))
    return PlayContext(strain, misere=misere, joker_suit=joker_suit)


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """A realistic position: a hand of 10 - tricks played cards from the pack, a partial
    trick, the suits led in earlier tricks (no more than tricks played) and a void
    consistent with the hand; ``last_trick`` exactly when one card is left."""
    rules = draw(play_rules())
    context = draw(play_contexts())
    cards = list(draw(st.permutations(pack(rules))))
    played = draw(st.integers(0, 9))
    size = 10 - played
    in_trick = draw(st.integers(0, rules.players - 1))
    trick = tuple(cards[:in_trick])
    hand = cards[in_trick : in_trick + size]
    if JOKER not in trick and JOKER not in hand and draw(st.booleans()):
        hand[-1] = JOKER  # the Joker rules need the Joker often
    led_suit = None
    if trick and ref_suit(trick[0], context) is None:
        led_suit = draw(suits())
    suits_led = draw(st.frozensets(suits(), max_size=min(played, 4)))
    held = {ref_suit(card, context) for card in hand}
    void_suits = [suit for suit in Suit if suit not in held]
    shown_void = (
        draw(st.frozensets(st.sampled_from(void_suits))) if void_suits else frozenset()
    )
    return Position(
        rules,
        context,
        tuple(hand),
        trick,
        led_suit,
        suits_led,
        shown_void,
        last_trick=size == 1,
    )


@st.composite
def tricks(draw: st.DrawFn) -> tuple[PlayContext, tuple[Card, ...], Suit | None]:
    """A context, a trick of 2 to 6 distinct cards of a pack, and the suit named if the
    un-nominated Joker leads."""
    players = draw(st.sampled_from(PLAYER_COUNTS))
    context = draw(play_contexts())
    size = draw(st.integers(2, 6))
    trick = tuple(draw(st.permutations(pack(Rules(players=players))))[:size])
    named = draw(suits()) if ref_suit(trick[0], context) is None else None
    return context, trick, named


@st.composite
def crowded_tricks(
    draw: st.DrawFn,
) -> tuple[PlayContext, tuple[Card, ...], Suit | None]:
    """A trick whose cards mostly share one effective suit or are trumps (so that
    rotating it often keeps the suit led)."""
    context = draw(play_contexts())
    suit = draw(suits())
    cards = [
        card
        for card in pack(Rules.six_player())
        if ref_suit(card, context) is suit or ref_is_trump(card, context)
    ]
    size = draw(st.integers(2, 6))
    trick = tuple(draw(st.permutations(cards))[:size])
    named = suit if ref_suit(trick[0], context) is None else None
    return context, trick, named


# -- properties ---------------------------------------------------------------------


@given(positions())
def test_property_legal_plays_match_the_reference(position: Position) -> None:
    assert set(position.legal()) == ref_legal(position)


@given(positions())
def test_property_holder_of_the_suit_led_follows_it(position: Position) -> None:
    if not position.trick:
        return
    context = position.context
    led = ref_led_suit(position.trick, context, position.led_suit)
    holding = {card for card in position.hand if ref_suit(card, context) is led}
    if not holding:
        return
    plays = position.legal()
    joker_may_follow = (
        context.strain is Strain.NO_TRUMPS
        and context.joker_suit is None
        and not position.rules.joker_follows_only_when_void
    )
    for play in plays:
        assert play.suit is None
        assert play.card in holding or (play.card == JOKER and joker_may_follow), play
    assert holding <= {play.card for play in plays}


@given(positions())
def test_property_some_play_is_always_legal(position: Position) -> None:
    plays = position.legal()
    assert plays
    assert {play.card for play in plays} <= set(position.hand)
    assert len(set(plays)) == len(plays)


@given(positions())
def test_property_explain_is_none_exactly_for_legal_plays(position: Position) -> None:
    legal_set = set(position.legal())
    candidates = {PlayCard(card) for card in position.hand}
    candidates |= {PlayCard(card, suit) for card in position.hand for suit in Suit}
    for play in candidates:
        reason = position.explain(play)
        assert (reason is None) == (play in legal_set), (play, reason)
        if reason is not None:
            assert reason
    for card in pack(position.rules):
        if card not in position.hand:
            assert position.explain(PlayCard(card)) == f"{card} is not in the hand"


@given(tricks())
def test_property_winner_holds_the_highest_trump_or_card_of_the_suit_led(
    drawn: tuple[PlayContext, tuple[Card, ...], Suit | None],
) -> None:
    context, trick, named = drawn
    winner = trick_winner(trick, context, named)
    assert winner == ref_winner(trick, context, named)
    led = ref_led_suit(trick, context, named)
    trumps = [card for card in trick if ref_is_trump(card, context)]
    if trumps:
        assert ref_is_trump(trick[winner], context)
    else:
        assert ref_suit(trick[winner], context) is led


@given(crowded_tricks())
def test_property_rotating_a_trick_rotates_its_winner(
    drawn: tuple[PlayContext, tuple[Card, ...], Suit | None],
) -> None:
    context, trick, named = drawn
    led = ref_led_suit(trick, context, named)
    winning_card = trick[trick_winner(trick, context, named)]
    has_trump = any(ref_is_trump(card, context) for card in trick)
    size = len(trick)
    for shift in range(size):
        rotated = trick[shift:] + trick[:shift]
        rotated_led = ref_suit(rotated[0], context)
        if rotated_led is None:
            rotated_led = led
        if rotated_led is not led and not has_trump:
            continue
        winner = trick_winner(rotated, context, led)
        assert winner == (trick.index(winning_card) - shift) % size
        assert rotated[winner] == winning_card


# -- listing the plays of a mask ------------------------------------------------------


def _plays_one_by_one(mask: int, names: int | None) -> tuple[PlayCard, ...]:
    """The plays of a mask, card by card (the reference for the table lookups)."""
    plays: list[PlayCard] = []
    for code in range(JOKER_CODE + 1):
        if not mask >> code & 1:
            continue
        if code == JOKER_CODE and names is not None:
            plays.extend(PlayCard(JOKER, suit) for suit in Suit if names >> suit & 1)
        else:
            plays.append(PlayCard(CARDS_BY_CODE[code]))
    return tuple(plays)


@given(
    mask=st.integers(0, (1 << (JOKER_CODE + 1)) - 1),
    names=st.none() | st.integers(0, 15),
)
def test_plays_from_mask_lists_every_card_in_code_order(
    mask: int, names: int | None
) -> None:
    assert tricks_module.plays_from_mask(mask, names) == _plays_one_by_one(mask, names)


def test_plays_cache_is_bounded_and_answers_the_same_when_full(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cache = tricks_module.PLAYS_OF_MASK
    monkeypatch.setattr(
        tricks_module, "PLAYS_CACHE_SIZE", len(cache)
    )  # full from now on
    masks = [(1 << 63) | (1 << 20) | n for n in range(1, 200)]
    fresh = [m for m in masks if m not in cache]
    for mask in masks:
        assert cache[mask] == _plays_one_by_one(mask, None)
    assert all(mask not in cache for mask in fresh)
    assert len(cache) == tricks_module.PLAYS_CACHE_SIZE


def test_a_hand_given_as_an_iterator_is_read_once() -> None:
    nt = PlayContext(Strain.NO_TRUMPS)
    cards = parse_cards("AS KS")
    assert legal_plays(iter(cards), nt) == legal_plays(cards, nt)
    play = PlayCard(parse_card("AS"))
    assert explain_play(iter(cards), play, nt) is None
    assert explain_play((c for c in cards), play, nt, trick=parse_cards("QH")) is None


_NOT_CARDS: dict[str, Callable[[], object]] = {
    "list of text": lambda: ["AS"],
    "iterator of text": lambda: (c for c in ["AS"]),
    "text": lambda: "AS",
    "int": lambda: 5,
    "list of lists": lambda: [[1]],
}


@pytest.mark.parametrize("make", _NOT_CARDS.values(), ids=list(_NOT_CARDS))
def test_a_hand_that_holds_no_cards_is_a_type_error_naming_the_parser(
    make: Callable[[], object],
) -> None:
    nt = PlayContext(Strain.NO_TRUMPS)
    unchecked_plays: Callable[..., object] = legal_plays
    unchecked_explain: Callable[..., object] = explain_play
    with pytest.raises(TypeError, match="expected a Card"):
        unchecked_plays(make(), nt)
    with pytest.raises(TypeError, match="expected a Card"):
        unchecked_explain(make(), PlayCard(parse_card("AS")), nt)
