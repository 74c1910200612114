"""Traceability: each rule of the rules page has a test.

The rules page (``docs/explanation/rules.rst``) gives every rule a label
(:ref:`rules-joker-lead-suit`, ...).  The tests at the end of this module check that
each rule's label is traced to tests that exist, that every label cited anywhere in
the repository exists on the page, and that nothing cites a rules text outside the
repository.

Most rules are tested where the code lives (``test_bidding``, ``test_tricks``,
``test_scoring``, ``test_state``, ``test_views``).  The scenario tests here close the
gaps found by going through the rules page rule by rule: mostly rules that the
lower-level tests check with the inputs spelled out (``legal_plays(...,
suits_led=...)``) but that nothing checked through the game state, which must track
those inputs itself (the suits led, who has shown void, the suit named by a Joker
lead), and a few rules checked only for some player counts or only on random deals.

Each test names the rule it guards by its label and states it.  Deals are written out
card by card and every action is checked to be legal before it is applied.
"""

import ast
import copy
import re
import subprocess
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from tests import ROOT
from tests.helpers import FIVE_HANDS, FIVE_KITTY

from five_hundred import (
    Card,
    GameState,
    JokerLeadSuit,
    Phase,
    Rules,
    Suit,
    apply,
    deal,
    explain_illegal,
    legal_actions,
    new_game,
    new_hand,
    next_hand,
    pack,
    parse_action,
    parse_cards,
    shuffled_pack,
    view,
)

# -- helpers ---------------------------------------------------------------------------


def start(rules: Rules, hands: Sequence[str], kitty: str, *, dealer: int) -> GameState:
    return new_hand(
        rules, [parse_cards(h) for h in hands], parse_cards(kitty), dealer=dealer
    )


def act(state: GameState, *texts: str) -> GameState:
    """Apply actions given as text; each must be listed as legal."""
    for text in texts:
        action = parse_action(text)
        assert action in legal_actions(state), (text, texts_of(state))
        before = copy.deepcopy(state)
        after = apply(state, action)
        assert state == before
        state = after
    return state


def texts_of(state: GameState) -> list[str]:
    return [str(action) for action in legal_actions(state)]


def plays(state: GameState) -> set[str]:
    """The legal plays, as card texts (``"9S"``, ``"JK:H"``)."""
    return {text.removeprefix("PLAY ") for text in texts_of(state)}


def cards_of(text: str) -> set[str]:
    return {str(card) for card in parse_cards(text)}


def held(state: GameState, seat: int) -> set[str]:
    return {str(card) for card in state.hands[seat]}


def suits(letters: str) -> frozenset[Suit]:
    by_letter = {suit.letter: suit for suit in Suit}
    return frozenset(by_letter[letter] for letter in letters)


# -- :ref:`rules-pack-deal` -----------------------------------------------------------


def reference_deal(
    cards: Sequence[Card], players: int, dealer: int
) -> tuple[list[list[Card]], list[Card]]:
    """:ref:`rules-deal-pattern`, written out: three to each player, one to the kitty,
    four to each, one to the kitty, three to each, one to the kitty, starting left of
    the dealer."""
    hands: list[list[Card]] = [[] for _ in range(players)]
    kitty: list[Card] = []
    position = 0
    for packet in (3, 4, 3):
        for step in range(1, players + 1):
            seat = (dealer + step) % players
            hands[seat].extend(cards[position : position + packet])
            position += packet
        kitty.append(cards[position])
        position += 1
    assert position == len(cards)
    return hands, kitty


def test_deal_follows_the_packet_pattern_for_3_4_5_6_players_and_every_dealer() -> None:
    # :ref:`rules-deal-pattern`: dealing from a given pack order follows the packet
    # pattern exactly, for every player count (:ref:`rules-player-counts`: everyone
    # plays ten cards, the kitty is always three).  The six-player deal had only a
    # golden (self-generated) test.
    for players in (3, 4, 5, 6):
        rules = Rules.for_players(players)
        for cards in (pack(rules), shuffled_pack(rules, 2024)):
            for dealer in range(players):
                hands, kitty = deal(rules, cards, dealer)
                expected_hands, expected_kitty = reference_deal(cards, players, dealer)
                assert [list(hand) for hand in hands] == expected_hands
                assert list(kitty) == expected_kitty


def test_six_player_deal_of_the_unshuffled_pack() -> None:
    # The same rule with six players, written out: 63 cards, seat 1 (left of dealer 0)
    # gets the first three and seat 0 (the dealer) the last packet of each round.
    six = Rules.six_player()
    hands, kitty = deal(six, pack(six), 0)
    cards = [str(card) for card in pack(six)]
    assert [str(c) for c in hands[1][:3]] == cards[0:3]
    assert [str(c) for c in hands[0][:3]] == cards[15:18]
    assert str(kitty[0]) == cards[18]
    assert [str(c) for c in hands[1][3:7]] == cards[19:23]
    assert [str(c) for c in hands[0][3:7]] == cards[39:43]
    assert str(kitty[1]) == cards[43]
    assert [str(c) for c in hands[0][7:]] == cards[59:62]
    assert str(kitty[2]) == cards[62] == "JK"
    assert [len(hand) for hand in hands] == [10] * 6


def pass_out(state: GameState) -> GameState:
    while state.phase is Phase.BIDDING:
        state = act(state, "PASS")
    return state


def play_out(state: GameState, bidder_call: str) -> GameState:
    """The player to call first bids, the others pass; play the first legal action."""
    state = act(state, bidder_call)
    while state.to_act is not None:
        state = apply(state, legal_actions(state)[0])
    return state


def test_the_deal_passes_left_after_every_hand_thrown_in_hands_included() -> None:
    # :ref:`rules-deal-rotation`: the deal passes to the left after every hand,
    # thrown-in hands included (:ref:`rules-thrown-in-hand`).
    # Played and thrown-in hands in a row, across the wrap from the last seat to seat 0.
    state = new_game(Rules(), seed=5, dealer=2)
    dealers = [state.dealer]
    state = next_hand(pass_out(state))  # thrown in: 2 -> 3
    dealers.append(state.dealer)
    state = next_hand(pass_out(state))  # thrown in: 3 -> 0 (wraps)
    dealers.append(state.dealer)
    state = next_hand(play_out(state, "6S"))  # played: 0 -> 1
    dealers.append(state.dealer)
    state = next_hand(pass_out(state))  # thrown in: 1 -> 2
    dealers.append(state.dealer)
    assert dealers == [2, 3, 0, 1, 2]
    assert state.to_act == 3  # the player left of the new dealer calls first
    for players in (2, 3, 5, 6):
        state = new_game(Rules.for_players(players), seed=1, dealer=players - 1)
        state = next_hand(pass_out(state))
        assert state.dealer == 0
        state = next_hand(pass_out(state))
        assert state.dealer == 1 % players


# -- :ref:`rules-card-order` (and :ref:`rules-shown-void`) -----------------------------

THREE_HANDS = (
    "JK JS JC AS KS QS 10S 9S 7H 7D",
    "AD KD QD JD 10D AC KC QC 10C 9C",
    "AH KH QH JH 10H 9H 8S 7S 9D 8D",
)
THREE_KITTY = "8H 8C 7C"


def test_leading_the_left_bower_leads_trumps() -> None:
    # "The Joker and the left bower belong to the trump suit for every purpose:
    # following suit, showing void, leading."  Spades are trumps; JC is led.
    state = start(Rules.three_player(), THREE_HANDS, THREE_KITTY, dealer=2)
    state = act(state, "7S", "PASS", "PASS", "DISCARD 8H 8C 7C")
    state = act(state, "PLAY JS", "PLAY 9C", "PLAY 7S")
    assert state.to_act == 0
    state = act(state, "PLAY JC")
    assert state.led_suit is Suit.SPADES
    assert state.suits_led == suits("S")
    # Seat 1 holds clubs but no spades: it need not follow clubs.
    assert plays(state) == held(state, 1)
    state = act(state, "PLAY 10C")
    assert Suit.SPADES in state.shown_void[1]
    assert Suit.CLUBS not in state.shown_void[1]
    # Seat 2 holds 8S: it must follow spades.
    assert plays(state) == {"8S"}
    state = act(state, "PLAY 8S")
    assert state.tricks_won_by_seat == (2, 0, 0)


LB_HANDS = (
    "AH KH QH 10H 9H AS KS AC KC 4D",
    "JD 8H 7H 5S 6S 7S 5C 6C 7C 8C",
    "AD KD QD 10D 9D 8D 7D 6D 5D 9C",
    "JH JS JC QS 10S 9S 8S QC 10C 6H",
)
LB_KITTY = "5H 4H JK"


def lb_hearts() -> GameState:
    """Seat 0 plays 6H; it takes up the Joker from the kitty."""
    state = start(Rules(), LB_HANDS, LB_KITTY, dealer=3)
    state = act(state, "6H", "PASS", "PASS", "PASS", "DISCARD AS KS KC")
    assert state.phase is Phase.PLAY
    return state


def test_the_left_bower_played_to_its_printed_suit_shows_void_in_it() -> None:
    # :ref:`rules-shown-void`: in trump contracts the left bower played to a lead of
    # its printed suit shows void in that suit.  :ref:`rules-following`: nobody is
    # ever obliged to trump.
    state = act(lb_hearts(), "PLAY 4D")
    # Seat 1's only "diamond" is JD, a heart: void in diamonds, it may play anything.
    assert plays(state) == held(state, 1)
    state = act(state, "PLAY JD")
    assert state.shown_void[1] == suits("D")
    state = act(state, "PLAY 5D")
    # Seat 3 is void in diamonds and holds trumps (JH, 6H): it may still discard.
    assert plays(state) == held(state, 3)
    state = act(state, "PLAY 8S")
    assert state.tricks_won_by_seat == (0, 1, 0, 0)  # the left bower wins
    assert state.shown_void == (suits(""), suits("D"), suits(""), suits("D"))
    seen = view(state, 2)
    assert seen.shown_void == state.shown_void
    # The void shown stays for the rest of the hand.
    state = act(state, "PLAY 8H", "PLAY 9C", "PLAY 6H", "PLAY AH")
    assert state.shown_void == (suits(""), suits("D"), suits("H"), suits("D"))


def test_the_joker_led_in_a_trump_contract_leads_trumps() -> None:
    # "The Joker and the left bower belong to the trump suit for every purpose: ...
    # leading."  A trump Joker led names no suit: it is a heart here.
    state = act(lb_hearts(), "PLAY 4D", "PLAY JD", "PLAY 5D", "PLAY 8S")
    state = act(state, "PLAY 8H", "PLAY 9C", "PLAY 6H", "PLAY AH")
    assert state.to_act == 0
    assert "JK" in plays(state)
    assert not any(text.startswith("JK:") for text in plays(state))
    state = act(state, "PLAY JK")
    assert state.led_suit is Suit.HEARTS
    assert plays(state) == {"7H"}  # seat 1 must follow hearts
    state = act(state, "PLAY 7H")
    assert plays(state) == held(state, 2)  # seat 2 has no hearts
    state = act(state, "PLAY 6D")
    assert plays(state) == {"JH"}  # seat 3's last heart
    state = act(state, "PLAY JH")
    assert state.tricks_won_by_seat == (2, 1, 0, 0)  # the Joker beats the right bower


# -- :ref:`rules-joker` (and :ref:`rules-suits-led`) -----------------------------------

# Seat 0 holds the Joker and no diamond; it loses two tricks, shows void in diamonds,
# then wins the lead back with AC.  Spades, diamonds and clubs have been led.
V_HANDS = (
    "JK 5S AC 4H 5H 6H 7H 8H 9H 10H",
    "AS KS QS AD KD QD JD 10D 9D 5C",
    "JS 10S 9S 8S 7S 6S 8D 7D 6D 6C",
    "KC QC JC 10C 9C 8C 7C 5D 4D JH",
)
V_KITTY = "QH KH AH"
V_TRICKS = (
    "PLAY 5S",
    "PLAY AS",
    "PLAY 6S",
    "PLAY 4D",  # seat 3 shows void in spades
    "PLAY AD",
    "PLAY 6D",
    "PLAY 5D",
    "PLAY 4H",  # seat 0 shows void in diamonds and keeps the Joker (No Trumps)
    "PLAY 5C",
    "PLAY 6C",
    "PLAY 7C",
    "PLAY AC",
)


def v_hand(rules: Rules) -> GameState:
    """6NT by seat 0 with the Joker not nominated, after three tricks."""
    state = start(rules, V_HANDS, V_KITTY, dealer=3)
    state = act(state, "6NT", "PASS", "PASS", "PASS", "DISCARD QH KH AH")
    state = act(state, "NOMINATE NONE", *V_TRICKS)
    assert state.to_act == 0
    assert state.tricks_won_by_seat == (1, 2, 0, 0)
    assert state.suits_led == suits("SDC")
    assert state.shown_void == (suits("D"), suits(""), suits(""), suits("S"))
    return state


def joker_leads(state: GameState) -> set[str]:
    return {text for text in plays(state) if text.startswith("JK")}


def test_joker_lead_suit_options_through_the_game_state() -> None:
    # :ref:`rules-joker-lead-suit`: the suit named must not have been led in an
    # earlier trick of this hand; the option allows instead a suit the leader has not
    # shown void in, or any suit.  :ref:`rules-shown-void`: a void shown lasts for the
    # rest of the hand.  The state must track the suits led and the voids itself.
    assert joker_leads(v_hand(Rules())) == {"JK:H"}
    not_void = Rules(joker_lead_suit=JokerLeadSuit.NOT_SHOWN_VOID)
    assert joker_leads(v_hand(not_void)) == {"JK:S", "JK:C", "JK:H"}
    state = v_hand(not_void)
    reason = explain_illegal(state, parse_action("PLAY JK:D"))
    assert reason is not None
    assert "shown void" in reason
    any_suit = Rules(joker_lead_suit=JokerLeadSuit.ANY)
    assert joker_leads(v_hand(any_suit)) == {"JK:S", "JK:C", "JK:D", "JK:H"}


def test_the_suit_named_when_the_joker_is_led_counts_as_led() -> None:
    # :ref:`rules-joker-lead-suit`: a player who leads the Joker names a suit, which
    # the others must follow.  :ref:`rules-suits-led`: the suit named counts as led.
    # :ref:`rules-joker-nomination`: the un-nominated Joker wins any trick it is
    # played to.
    state = act(v_hand(Rules()), "PLAY JK:H")
    assert state.led_suit is Suit.HEARTS
    assert state.suits_led == suits("SDCH")
    assert view(state, 2).suits_led == suits("SDCH")
    current = view(state, 2).trick
    assert current is not None
    assert current.led_suit is Suit.HEARTS
    assert plays(state) == held(state, 1)  # seat 1 has no heart
    state = act(state, "PLAY 9D")
    assert plays(state) == held(state, 2)  # nor has seat 2
    state = act(state, "PLAY 7S")
    assert plays(state) == {"JH"}  # seat 3 must follow the suit named
    state = act(state, "PLAY JH")
    assert state.tricks_won_by_seat == (2, 2, 0, 0)
    assert state.to_act == 0
    # Seats 1 and 2 showed void in the suit named.
    assert Suit.HEARTS in state.shown_void[1]
    assert Suit.HEARTS in state.shown_void[2]
    assert Suit.HEARTS not in state.shown_void[3]


def test_naming_an_old_suit_leaves_the_suits_led_as_they_were() -> None:
    # The complement of the test above: naming spades (led before) under "any" adds
    # nothing, and the others follow spades.
    state = act(v_hand(Rules(joker_lead_suit=JokerLeadSuit.ANY)), "PLAY JK:S")
    assert state.led_suit is Suit.SPADES
    assert state.suits_led == suits("SDC")
    assert plays(state) == {"KS", "QS"}


# Seat 0 (6NT) leads spades, clubs, diamonds, then hearts: the fourth suit.  Seat 1
# holds the Joker and no heart.
J_HANDS = (
    "AS KS QS AC KC QC AD KD AH KH",
    "JK JS 10S 9S JC 10C 9C QD JD 10D",
    "8S 7S 6S 8C 7C 6C 9D 8D 7D QH",
    "5S 5C 6D 5D 4D JH 10H 9H 8H 7H",
)
J_KITTY = "6H 5H 4H"
J_THREE_SUITS = (
    "PLAY AS",
    "PLAY 9S",
    "PLAY 6S",
    "PLAY 5S",
    "PLAY AC",
    "PLAY 9C",
    "PLAY 6C",
    "PLAY 5C",
    "PLAY AD",
    "PLAY 10D",
    "PLAY 7D",
    "PLAY 4D",
)
J_REST = (
    "PLAY JS",
    "PLAY QH",
    "PLAY 7H",  # trick 4
    "PLAY KS",
    "PLAY 10S",
    "PLAY 7S",
    "PLAY 8H",
    "PLAY QS",
    "PLAY JC",
    "PLAY 8S",
    "PLAY 9H",
    "PLAY KC",
    "PLAY 10C",
    "PLAY 8C",
    "PLAY 10H",
    "PLAY QC",
    "PLAY QD",
    "PLAY 7C",
    "PLAY JH",
    "PLAY KD",
    "PLAY JD",
    "PLAY 9D",
    "PLAY 5D",
    "PLAY KH",  # the last trick
)


def j_hand(rules: Rules) -> GameState:
    state = start(rules, J_HANDS, J_KITTY, dealer=3)
    state = act(state, "6NT", "PASS", "PASS", "PASS", "DISCARD 6H 5H 4H")
    assert state.phase is Phase.PLAY  # seat 0 has no Joker: no nomination
    state = act(state, *J_THREE_SUITS)
    assert state.suits_led == suits("SCD")
    return act(state, "PLAY AH")


def test_all_four_suits_led_applies_to_the_rest_of_the_same_trick() -> None:
    # :ref:`rules-all-suits-led`: once all four suits have been led, the Joker may be
    # played only in the last trick, as soon as the fourth suit is led, also by the
    # other players of that same trick (:ref:`rules-suits-led`).
    state = j_hand(Rules())
    assert state.suits_led == suits("SCDH")
    assert state.to_act == 1
    assert plays(state) == held(state, 1) - {"JK"}
    reason = explain_illegal(state, parse_action("PLAY JK"))
    assert reason is not None
    assert "all four suits have been led" in reason
    # :ref:`rules-joker-last-trick`: in the last trick it may always be played.
    state = act(state, *J_REST)
    assert state.tricks_played == 9
    assert state.to_act == 1
    assert plays(state) == {"JK"}
    state = act(state, "PLAY JK", "PLAY 8D", "PLAY 6D")
    assert state.phase is Phase.HAND_OVER
    assert state.tricks_won_by_seat == (9, 1, 0, 0)
    assert state.hand_result == (120, 10)


def test_all_four_suits_led_option_off_through_the_game_state() -> None:
    # :ref:`rules-options`: joker_last_trick_once_all_suits_led may be off.
    state = j_hand(Rules(joker_last_trick_once_all_suits_led=False))
    assert plays(state) == held(state, 1)


# -- :ref:`rules-joker-contracts`: the Joker rules apply in all three misères ----------

M_HANDS = (
    "5S 6S 7S 5C 6C 7C 4D 5D 4H 5H",
    "AS KS QS AC KC QC AD KD JH JK",
    "8S 9S 10S 8C 9C 10C 6D 7D 6H 7H",
    "JS JC 8D 9D 10D JD 8H 9H 10H AH",
)
M_KITTY = "QD QH KH"


def test_the_misere_joker_obligation_holds_in_every_misere() -> None:
    # :ref:`rules-joker-contracts`: the Joker's rules and their options apply to every
    # contract without trumps, all three misères included.
    # :ref:`rules-misere-joker-forced`: in any misère contract, a player with no card
    # of the suit led who holds the Joker must play it.
    for auction in (("7D", "MIS", "PASS", "PASS", "PASS"), ("BMIS", "PASS", "PASS")):
        state = start(Rules(), M_HANDS, M_KITTY, dealer=2)
        if auction[0] == "BMIS":
            state = act(state, "PASS")  # seat 3 passes; seat 0 calls blind misère
        state = act(state, *auction)
        assert state.contract is not None
        assert state.contract.contractor == 0
        state = act(state, "DISCARD QD QH KH")
        state = act(state, "PLAY 4H", "PLAY JH", "PLAY AH")  # partner seat 2 sits out
        state = act(state, "PLAY 8H", "PLAY 5H")
        assert state.to_act == 1
        assert plays(state) == {"JK"}
        state = act(state, "PLAY JK")
        assert state.tricks_won_by_seat == (0, 1, 0, 1)
        # Off: the void player may keep the Joker.
        off = state.rules.replace(misere_joker_forced_when_void=False)
        other = start(off, M_HANDS, M_KITTY, dealer=2)
        if auction[0] == "BMIS":
            other = act(other, "PASS")
        other = act(other, *auction, "DISCARD QD QH KH")
        other = act(other, "PLAY 4H", "PLAY JH", "PLAY AH", "PLAY 8H", "PLAY 5H")
        assert plays(other) == held(other, 1)


# -- :ref:`rules-joker-nomination`: the nomination phase -------------------------------


def test_a_joker_taken_up_from_the_kitty_is_nominated_sans_kitty_it_is_not() -> None:
    # :ref:`rules-joker-nomination`: the nomination phase happens only in a No Trumps
    # or misère contract whose contractor holds the Joker after the kitty.  The Joker
    # is in the kitty.
    state = start(Rules(), LB_HANDS, LB_KITTY, dealer=3)
    state = act(state, "6NT", "PASS", "PASS", "PASS", "DISCARD AS KS KC")
    assert state.phase is Phase.NOMINATE
    state = act(state, "NOMINATE D")
    assert state.joker_suit is Suit.DIAMONDS
    # Sans kitty, the Joker stays face down in the kitty and counts for nobody
    # (:ref:`rules-untouched-kitty`).
    state = start(Rules(), LB_HANDS, LB_KITTY, dealer=3)
    state = act(state, "6NT-SK", "PASS", "PASS", "PASS")
    assert state.phase is Phase.PLAY
    assert state.joker_suit is None
    assert all("JK" not in held(state, seat) for seat in range(4))


# -- :ref:`rules-open-misere-exposed` (views) ------------------------------------------


def test_the_open_misere_hand_is_exposed_to_all_after_the_first_trick() -> None:
    # :ref:`rules-open-misere-exposed`: in open misère the contractor's hand is
    # exposed to all players after the first trick, or with the option before the
    # opening lead.
    state = start(Rules(), M_HANDS, M_KITTY, dealer=3)
    state = act(state, "OMIS", "PASS", "PASS", "PASS", "DISCARD QD QH KH")
    assert all(view(state, seat).exposed == () for seat in range(4))
    state = act(state, "PLAY 4H", "PLAY JH")
    assert all(view(state, seat).exposed == () for seat in range(4))
    state = act(state, "PLAY AH")
    assert state.tricks_played == 1
    for seat in (1, 2, 3):
        assert view(state, seat).exposed == state.hands[0]
        assert len(view(state, seat).exposed) == 9
    before = Rules(open_misere_exposed_before_lead=True)
    state = start(before, M_HANDS, M_KITTY, dealer=3)
    state = act(state, "OMIS", "PASS", "PASS", "PASS")
    assert view(state, 1).exposed == ()  # the discard is still private
    state = act(state, "DISCARD QD QH KH")
    assert view(state, 1).exposed == state.hands[0]
    assert len(view(state, 3).exposed) == 10


def test_closed_and_blind_misere_hands_are_never_exposed() -> None:
    # Only open misère is played with the hand exposed (:ref:`rules-open-misere`).
    for auction in (("7D", "MIS", "PASS", "PASS", "PASS"), ("BMIS", "PASS", "PASS")):
        state = start(Rules(), M_HANDS, M_KITTY, dealer=2)
        if auction[0] == "BMIS":
            state = act(state, "PASS")
        state = act(state, *auction, "DISCARD QD QH KH")
        state = act(state, "PLAY 4H", "PLAY JH", "PLAY AH")
        assert state.tricks_played == 1
        assert all(view(state, seat).exposed == () for seat in range(4))


# -- :ref:`rules-five-players`: the partner is revealed when the card is played --------


def test_five_players_the_partner_is_revealed_when_the_card_is_played() -> None:
    # :ref:`rules-five-players`: the contractor calls a card (not the Joker, not in
    # their own hand); its holder becomes the partner, revealed when the card is played.
    state = start(Rules.five_player(), FIVE_HANDS, FIVE_KITTY, dealer=4)
    state = act(state, "8S", "PASS", "PASS", "PASS", "PASS", "DISCARD 4D 3D 2D")
    state = act(state, "CALL AH")
    state = act(
        state,
        *("PLAY JS", "PLAY 5D", "PLAY 9C", "PLAY 5S", "PLAY 2S"),
        *("PLAY JC", "PLAY 6D", "PLAY 10C", "PLAY 6S", "PLAY 3S"),
        *("PLAY JK", "PLAY 7D", "PLAY QC", "PLAY 7S", "PLAY 4S"),
        *("PLAY KH", "PLAY 8D"),
    )
    assert state.partner == 2
    for seat in (0, 1, 3, 4):  # the contractor does not know either
        assert view(state, seat).partner_card == parse_cards("AH")[0]
        assert view(state, seat).partner is None
    assert view(state, 2).partner == 2
    state = act(state, "PLAY AH")
    assert all(view(state, seat).partner == 2 for seat in range(5))


# -- :ref:`rules-thrown-in-hand` -------------------------------------------------------


def test_a_thrown_in_hand_scores_zero_even_with_defender_options() -> None:
    # :ref:`rules-thrown-in-hand`: the result is zero for every side, whatever the
    # scoring options, and the running totals stay as they were.
    rules = Rules(defender_cap=480, win_requires_contract=False)
    state = new_hand(
        rules,
        [parse_cards(h) for h in M_HANDS],
        parse_cards(M_KITTY),
        dealer=0,
        scores=(490, -490),
    )
    state = pass_out(state)
    assert state.phase is Phase.HAND_OVER
    assert state.hand_result == (0, 0)
    assert state.scores == (490, -490)
    assert state.winners == ()


# -- the rules page and its citations ----------------------------------------------------

RULES_PAGE = ROOT / "docs" / "explanation" / "rules.rst"
LABEL = re.compile(r"^\.\. _(rules-[a-z0-9-]+):$", re.MULTILINE)
CITATION = re.compile(r":ref:`(?:[^`<]*<)?(rules-[a-z0-9-]+)>?`")
CITING_PLACES = ("src", "tests", "docs", "examples", "benchmarks", "README.md")
# Spelled in two parts so that this module does not mention them itself.
OUTSIDE_TEXTS = ("RULES" + ".md", "DESIGN" + ".md")

CONTAINERS = frozenset(
    {
        "rules-standard",
        "rules-pack-deal",
        "rules-bidding",
        "rules-card-order",
        "rules-kitty-play",
        "rules-scoring",
        "rules-game-end",
        "rules-player-counts",
        "rules-rulings",
    }
)
"""Labels of sections that only group the rules below them."""

RULE_TESTS: dict[str, tuple[str, ...]] = {
    "rules-pack": (
        "test_dealing::test_pack_sizes",
        "test_dealing::test_four_player_pack_is_exactly_the_standard_43",
        "test_cards::test_suits_are_in_bidding_order",
    ),
    "rules-teams": ("test_rules::test_side_of_each_seat",),
    "rules-deal-pattern": (
        "test_dealing::test_deal_order_follows_the_packet_pattern",
        "test_rule_traceability::test_deal_follows_the_packet_pattern_for_3_4_5_6_players_and_every_dealer",
    ),
    "rules-deal-rotation": (
        "test_rule_traceability::test_the_deal_passes_left_after_every_hand_thrown_in_hands_included",
        "test_state::test_redeal_same_dealer_keeps_the_deal_after_a_throw_in",
        "test_app::test_the_first_dealer_may_be_drawn_from_the_seed",
    ),
    "rules-calls": (
        "test_bidding::test_left_of_dealer_calls_first_then_clockwise",
        "test_bidding::test_a_bid_must_outrank_the_standing_bid",
        "test_bidding::test_passed_players_are_skipped_and_may_not_call_again",
    ),
    "rules-trick-bids": (
        "test_bidding::test_default_ladder",
        "test_bidding::test_trick_bids_rank_in_avondale_value_order",
        "test_bidding::test_outranks_is_a_strict_order",
    ),
    "rules-misere": (
        "test_bidding::test_misere_outranks_7nt_but_not_8s_although_worth_more",
    ),
    "rules-misere-gate": (
        "test_bidding::test_misere_gate_before_seven",
        "test_bidding::test_misere_gate_open_at_seven",
        "test_bidding::test_misere_gate_after_eight",
        "test_bidding::test_misere_without_the_gate_whenever_it_outranks",
    ),
    "rules-open-misere": (
        "test_bidding::test_open_misere_at_any_time_it_outranks",
        "test_bidding::test_open_misere_ties_10h_on_value_but_ranks_below_it",
    ),
    "rules-blind-misere": (
        "test_bidding::test_blind_misere_only_as_a_first_call",
        "test_state::test_blind_misere_only_as_a_first_call",
    ),
    "rules-sans-kitty": (
        "test_bidding::test_sans_kitty_sits_right_above_the_same_bid",
        "test_scoring::test_a_sans_kitty_bid_scores_the_same_as_with_the_kitty",
        "test_state::test_sans_kitty_has_no_discard_and_leaves_the_kitty_alone",
    ),
    "rules-auction-end": (
        "test_bidding::test_the_top_bid_ends_the_auction_at_once",
        "test_bidding::test_the_winner_may_not_raise_once_all_others_pass",
        "test_bidding::test_three_passes_then_the_fourth_may_bid",
    ),
    "rules-throw-in": (
        "test_bidding::test_all_pass_throws_the_hand_in",
        "test_state::test_all_pass_throws_the_hand_in",
    ),
    "rules-bowers": (
        "test_tricks::test_full_order_of_the_trump_suit",
        "test_tricks::test_left_bower_leaves_its_printed_suit",
        "test_tricks::test_left_bower_must_follow_a_trump_lead",
        "test_rule_traceability::test_leading_the_left_bower_leads_trumps",
    ),
    "rules-no-trumps-order": (
        "test_tricks::test_no_trumps_and_misere_have_no_bowers_and_a_suitless_joker",
        "test_tricks::test_nominated_joker_is_the_highest_card_of_its_suit_not_a_trump",
    ),
    "rules-kitty": (
        "test_state::test_the_discard_may_keep_or_return_any_kitty_cards",
        "test_state::test_the_play_never_shows_the_discards",
        "test_views::test_contractor_sees_kitty_and_discards",
    ),
    "rules-misere-alone": (
        "test_state::test_three_players_misere_is_played_against_two",
        "test_state::test_six_players_misere_partners_sit_out",
        "test_rule_traceability::test_the_misere_joker_obligation_holds_in_every_misere",
    ),
    "rules-following": (
        "test_tricks::test_must_follow_the_suit_led",
        "test_tricks::test_leader_may_lead_anything",
        "test_tricks::test_nobody_is_obliged_to_trump",
    ),
    "rules-trick-winner": (
        "test_tricks::test_trick_winner",
        "test_tricks::test_property_winner_holds_the_highest_trump_or_card_of_the_suit_led",
    ),
    "rules-open-misere-exposed": (
        "test_views::test_open_misere_exposed_after_the_first_trick",
        "test_views::test_open_misere_exposed_before_the_lead",
        "test_rule_traceability::test_the_open_misere_hand_is_exposed_to_all_after_the_first_trick",
        "test_rule_traceability::test_closed_and_blind_misere_hands_are_never_exposed",
    ),
    "rules-misere-stops": (
        "test_state::test_misere_stops_as_soon_as_the_contractor_takes_a_trick",
    ),
    "rules-joker": (
        "test_tricks::test_joker_is_a_trump_in_trump_contracts",
        "test_rule_traceability::test_the_joker_led_in_a_trump_contract_leads_trumps",
    ),
    "rules-nomination-hidden": (
        "test_views_nomination::test_other_seats_cannot_tell_who_holds_the_joker",
        "test_views_nomination::test_the_contractor_still_sees_the_nomination",
        "test_views_nomination::test_the_hidden_phase_keeps_the_actions",
    ),
    "rules-joker-nomination": (
        "test_tricks::test_joker_nominations",
        "test_tricks::test_nominated_joker_is_an_ordinary_card",
        "test_state::test_no_trumps_with_the_joker_nominated",
        "test_state::test_no_nomination_phase_with_nomination_off",
        "test_rule_traceability::test_a_joker_taken_up_from_the_kitty_is_nominated_sans_kitty_it_is_not",
    ),
    "rules-joker-follow": ("test_tricks::test_joker_follows_only_when_void",),
    "rules-misere-joker-forced": (
        "test_tricks::test_misere_void_player_must_play_the_joker",
        "test_tricks::test_no_trumps_void_player_may_keep_the_joker",
        "test_rule_traceability::test_the_misere_joker_obligation_holds_in_every_misere",
    ),
    "rules-joker-lead-suit": (
        "test_tricks::test_joker_lead_names_a_suit",
        "test_tricks::test_joker_lead_only_in_the_last_trick",
        "test_rule_traceability::test_joker_lead_suit_options_through_the_game_state",
    ),
    "rules-all-suits-led": (
        "test_tricks::test_all_four_suits_led_joker_only_in_the_last_trick",
        "test_tricks::test_all_four_suits_rule_wins_over_the_misere_obligation",
        "test_rule_traceability::test_all_four_suits_led_applies_to_the_rest_of_the_same_trick",
        "test_rule_traceability::test_all_four_suits_led_option_off_through_the_game_state",
    ),
    "rules-joker-last-trick": (
        "test_tricks::test_joker_is_always_playable_in_the_last_trick",
    ),
    "rules-scoring-table": (
        "test_bidding::test_avondale_value",
        "test_bidding::test_avondale_formula",
        "test_bidding::test_misere_values",
        "test_scoring::test_the_table_is_avondale_by_default",
    ),
    "rules-contract-made": (
        "test_scoring::test_a_trick_contract_made_exactly_scores_the_table_value",
        "test_scoring::test_a_trick_contract_one_short_loses_the_table_value",
        "test_scoring::test_overtricks_score_nothing_extra",
        "test_scoring::test_scores_may_go_negative_whatever_the_running_total",
    ),
    "rules-slam": (
        "test_scoring::test_a_slam_scores_250_only_on_contracts_worth_less",
        "test_scoring::test_nine_tricks_are_no_slam",
        "test_scoring::test_slam_bonus_off_scores_the_table_value",
    ),
    "rules-defenders": (
        "test_scoring::test_defenders_score_ten_a_trick_made_or_failed",
        "test_scoring::test_defender_trick_points_zero_turns_them_off",
        "test_app::test_defenders_points_only_when_the_contract_fails",
    ),
    "rules-misere-scoring": (
        "test_scoring::test_misere_scores_its_value_with_no_trick_and_defenders_nothing",
        "test_state::test_misere_defenders_score_nothing",
    ),
    "rules-winning": (
        "test_scoring::test_a_side_wins_by_making_a_contract_to_500",
        "test_scoring::test_defenders_points_reaching_500_do_not_win",
        "test_scoring::test_without_win_requires_contract_the_contractor_wins_if_both_cross",
        "test_state::test_reaching_500_by_a_contract_wins",
    ),
    "rules-losing": (
        "test_scoring::test_out_backwards_two_sides_the_other_side_wins",
        "test_state::test_out_backwards_loses",
    ),
    "rules-options": (
        "test_rules::test_every_field_has_the_standard_default",
        "test_rules::test_rules_signature_lists_every_option",
        "test_rules::test_american_preset",
        "test_rules::test_inconsistent_values_are_refused",
    ),
    "rules-misere-placement": (
        "test_bidding::test_misere_placements",
        "test_bidding::test_turning_a_misere_off_removes_only_that_bid",
    ),
    "rules-single-round-auction": (
        "test_bidding::test_american_single_round",
        "test_bidding::test_american_single_round_every_call_once",
    ),
    "rules-raise-after-all-pass": (
        "test_bidding::test_raise_after_all_pass_gives_one_chance",
        "test_bidding::test_three_passes_then_a_bid_ends_even_with_raise_after_all_pass",
    ),
    "rules-score-options": (
        "test_bidding::test_user_table",
        "test_bidding::test_perfect_value",
        "test_scoring::test_misere_values_come_from_the_rules",
        "test_scoring::test_defender_trick_points_can_be_another_number",
        "test_scoring::test_a_custom_target",
        "test_scoring::test_a_custom_losing_score",
    ),
    "rules-two-players": (
        "test_dealing::test_two_player_deal_of_the_unshuffled_pack",
        "test_state::test_two_players_dead_hand_and_two_card_tricks",
        "test_state::test_two_players_the_dead_hand_is_never_played",
    ),
    "rules-three-players": (
        "test_dealing::test_two_and_three_player_pack_is_seven_to_ace_and_the_joker",
        "test_state::test_three_players_each_defender_scores_alone",
        "test_state::test_three_players_misere_is_played_against_two",
    ),
    "rules-five-players": (
        "test_dealing::test_five_player_pack_is_the_full_pack_and_the_joker",
        "test_state::test_five_players_call_a_partner_and_both_score",
        "test_state::test_five_players_alone",
        "test_state::test_five_players_no_partner_call_without_the_option",
        "test_state::test_five_players_misere_has_no_partner_call",
        "test_rule_traceability::test_five_players_the_partner_is_revealed_when_the_card_is_played",
    ),
    "rules-six-players": (
        "test_dealing::test_six_player_pack_has_11_and_12_everywhere_and_13_only_in_red",
        "test_tricks::test_six_player_ranks_in_trumps_and_plain_suits",
        "test_state::test_six_players_two_sides_of_three",
        "test_state::test_six_players_three_sides_of_two",
    ),
    "rules-many-sides": (
        "test_scoring::test_out_backwards_with_more_sides_the_highest_other_total_wins",
        "test_scoring::test_out_backwards_equal_highest_totals_share_the_win",
    ),
    "rules-shown-void": (
        "test_rule_traceability::test_the_left_bower_played_to_its_printed_suit_shows_void_in_it",
        "test_rule_traceability::test_leading_the_left_bower_leads_trumps",
    ),
    "rules-suits-led": (
        "test_tricks::test_the_trick_in_progress_counts_as_led",
        "test_rule_traceability::test_the_suit_named_when_the_joker_is_led_counts_as_led",
        "test_rule_traceability::test_naming_an_old_suit_leaves_the_suits_led_as_they_were",
    ),
    "rules-joker-contracts": (
        "test_rule_traceability::test_the_misere_joker_obligation_holds_in_every_misere",
    ),
    "rules-untouched-kitty": (
        "test_views::test_sans_kitty_kitty_is_seen_by_nobody",
        "test_state::test_sans_kitty_has_no_discard_and_leaves_the_kitty_alone",
    ),
    "rules-thrown-in-hand": (
        "test_views::test_thrown_in_hand",
        "test_rule_traceability::test_a_thrown_in_hand_scores_zero_even_with_defender_options",
    ),
    "rules-illegal-actions": (
        "test_state::test_explain_illegal_is_none_exactly_for_legal_actions",
        "test_state::test_apply_returns_a_new_state_and_leaves_the_old_one",
        "test_tricks::test_explain_names_the_suit_and_the_cards_held",
    ),
    "rules-defender-cap": (
        "test_scoring::test_defender_gains_are_clipped_at_the_cap",
        "test_scoring::test_a_side_at_or_above_the_cap_gains_nothing_as_defenders",
        "test_scoring::test_a_side_at_the_cap_still_scores_its_contracts",
        "test_state::test_defender_cap_freezes_the_defenders",
    ),
    "rules-ladder-placement": (
        "test_bidding::test_ladder_placement_rulings",
        "test_bidding::test_sans_kitty_sits_right_above_the_same_bid",
    ),
    "rules-choices": (
        "test_scoring::test_misere_defenders_score_nothing_even_with_more_sides",
        "test_scoring::test_five_players_both_partners_win_by_their_contract",
        "test_state::test_five_players_call_of_a_card_in_the_kitty_finds_no_partner",
        "test_state::test_six_players_misere_partners_sit_out",
        "test_state::test_next_hand_is_deterministic_from_the_game_seed",
    ),
}
"""Each rule of the rules page (by label) and the tests that check it."""


def page_labels() -> list[str]:
    return LABEL.findall(RULES_PAGE.read_text(encoding="utf-8"))


def defined_tests(module: str) -> set[str]:
    """The names of the test functions and methods defined in the module ``module``.

    A module is named without its folder (``test_state``, ``tests/unit/test_state.py``):
    its name is unique across the folders of ``tests/``.
    """
    (path,) = (ROOT / "tests").rglob(f"{module}.py")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
    }


def test_the_rules_page_labels_are_unique() -> None:
    labels = page_labels()
    assert len(labels) == len(set(labels))
    assert set(labels) >= CONTAINERS


def test_each_rule_of_the_rules_page_is_traced_to_tests_that_exist() -> None:
    rules = set(page_labels()) - CONTAINERS
    assert set(RULE_TESTS) == rules
    defined: dict[str, set[str]] = {}
    for label, tests in RULE_TESTS.items():
        assert tests, label
        for test in tests:
            module, name = test.split("::")
            if module not in defined:
                defined[module] = defined_tests(module)
            assert name in defined[module], (label, test)


def citing_files() -> Iterator[Path]:
    for place in CITING_PLACES:
        path = ROOT / place
        if path.is_file():
            yield path
        else:
            for suffix in ("*.py", "*.rst", "*.md", "*.txt"):
                yield from (
                    found
                    for found in path.rglob(suffix)
                    if "_build" not in found.parts and ".venv" not in found.parts
                )


def test_every_rules_label_cited_exists_on_the_rules_page() -> None:
    labels = set(page_labels())
    cited = {
        (str(path.relative_to(ROOT)), label)
        for path in citing_files()
        for label in CITATION.findall(path.read_text(encoding="utf-8"))
    }
    assert cited  # the scan reaches the citations
    assert {(path, label) for path, label in cited if label not in labels} == set()


def tracked_files() -> list[str]:
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: no list of tracked files")
    return [name for name in listed.stdout.decode().split("\0") if name]


def mentions_outside_texts(names: list[str]) -> list[str]:
    """The files among ``names`` that cite a rules or design text outside the repo."""
    found = []
    for name in names:
        path = ROOT / name
        if path.is_file():
            data = path.read_bytes()
            if any(text.encode() in data for text in OUTSIDE_TEXTS):
                found.append(name)
    return found


def test_no_tracked_file_cites_texts_outside_the_repository() -> None:
    names = tracked_files()
    assert "docs/explanation/rules.rst" in names
    assert "src/five_hundred/rules.py" in names
    assert mentions_outside_texts(names) == []
