"""Traceability tests: RULES.md rules that had no test of their own, or only a weak one.

Most of RULES.md is tested where the code lives (``test_bidding``, ``test_tricks``,
``test_scoring``, ``test_state``, ``test_views``).  The tests here close the gaps found
by going through RULES.md rule by rule: mostly rules that the lower-level tests check
with the inputs spelled out (``legal_plays(..., suits_led=...)``) but that nothing
checked through the game state, which must track those inputs itself (the suits led,
who has shown void, the suit named by a Joker lead), and a few rules checked only for
some player counts or only on random deals.

Each test quotes the rule it guards.  Deals are written out card by card and every
action is checked to be legal before it is applied.
"""

import copy
from collections.abc import Sequence

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

# -- helpers ----------------------------------------------------------------------------


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


# -- A.1 Pack, deal, teams ------------------------------------------------------------


def reference_deal(
    cards: Sequence[Card], players: int, dealer: int
) -> tuple[list[list[Card]], list[Card]]:
    """RULES.md A.1, written out: "3 to each player, 1 to the kitty, 4 each, 1 to the
    kitty, 3 each, 1 to the kitty, starting left of the dealer"."""
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


def test_a1_deal_follows_the_packet_pattern_for_3_4_5_6_players_and_every_dealer() -> (
    None
):
    # "The physical pattern is 3 to each player, 1 to the kitty, 4 each, 1 to the
    # kitty, 3 each, 1 to the kitty, starting left of the dealer. Dealing from a given
    # pack order must follow this pattern exactly" (C: "each plays 10 cards; the kitty
    # is always 3").  The six-player deal had only a golden (self-generated) test.
    for players in (3, 4, 5, 6):
        rules = Rules.for_players(players)
        for cards in (pack(rules), shuffled_pack(rules, 2024)):
            for dealer in range(players):
                hands, kitty = deal(rules, cards, dealer)
                expected_hands, expected_kitty = reference_deal(cards, players, dealer)
                assert [list(hand) for hand in hands] == expected_hands
                assert list(kitty) == expected_kitty


def test_a1_six_player_deal_of_the_unshuffled_pack() -> None:
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


def test_a1_the_deal_passes_left_after_every_hand_thrown_in_hands_included() -> None:
    # "the deal passes to the left after every hand, thrown-in hands included"
    # (D: "In a thrown-in hand nobody scores; the hand still counts for the rotation").
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


# -- A.3 Card order and effective suits (and D: showing void) ----------------------------

THREE_HANDS = (
    "JK JS JC AS KS QS 10S 9S 7H 7D",
    "AD KD QD JD 10D AC KC QC 10C 9C",
    "AH KH QH JH 10H 9H 8S 7S 9D 8D",
)
THREE_KITTY = "8H 8C 7C"


def test_a3_leading_the_left_bower_leads_trumps() -> None:
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


def test_d_the_left_bower_played_to_its_printed_suit_shows_void_in_it() -> None:
    # D: "In trump contracts the left bower played to a lead of its printed suit shows
    # void in that suit."  A.4: "Nobody is ever obliged to trump."
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


def test_a3_the_joker_led_in_a_trump_contract_leads_trumps() -> None:
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


# -- A.5 The Joker without trumps (and D: "a suit has been led") ------------------------

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


def test_a5_joker_lead_suit_options_through_the_game_state() -> None:
    # A.5: "The suit named must not have been led (as the suit to follow) in an
    # earlier trick of this hand."  B: "Joker-lead suit: not led before in this hand /
    # not a suit the leader has shown void in / any."  D: "A player who shows void in
    # a suit ... has shown void for the rest of the hand."  The state must track the
    # suits led and the voids itself.
    assert joker_leads(v_hand(Rules())) == {"JK:H"}
    not_void = Rules(joker_lead_suit=JokerLeadSuit.NOT_SHOWN_VOID)
    assert joker_leads(v_hand(not_void)) == {"JK:S", "JK:C", "JK:H"}
    state = v_hand(not_void)
    reason = explain_illegal(state, parse_action("PLAY JK:D"))
    assert reason is not None
    assert "shown void" in reason
    any_suit = Rules(joker_lead_suit=JokerLeadSuit.ANY)
    assert joker_leads(v_hand(any_suit)) == {"JK:S", "JK:C", "JK:D", "JK:H"}


def test_d_the_suit_named_when_the_joker_is_led_counts_as_led() -> None:
    # A.5: "A player who leads the Joker names a suit, which the others must follow."
    # D: "the suit named when the Joker is led counts as led."  A.5.2: the
    # un-nominated Joker "wins any trick it is played to".
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


def test_d_naming_an_old_suit_leaves_the_suits_led_as_they_were() -> None:
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


def test_d_all_four_suits_led_applies_to_the_rest_of_the_same_trick() -> None:
    # A.5: "Once all four suits have been led, the Joker may be played only in the
    # last trick."  D: "the 'all four suits led' rule applies as soon as the fourth
    # suit is led, also to the other players of that same trick."
    state = j_hand(Rules())
    assert state.suits_led == suits("SCDH")
    assert state.to_act == 1
    assert plays(state) == held(state, 1) - {"JK"}
    reason = explain_illegal(state, parse_action("PLAY JK"))
    assert reason is not None
    assert "all four suits have been led" in reason
    # "In the last trick the Joker may always be played."
    state = act(state, *J_REST)
    assert state.tricks_played == 9
    assert state.to_act == 1
    assert plays(state) == {"JK"}
    state = act(state, "PLAY JK", "PLAY 8D", "PLAY 6D")
    assert state.phase is Phase.HAND_OVER
    assert state.tricks_won_by_seat == (9, 1, 0, 0)
    assert state.hand_result == (120, 10)


def test_b_all_four_suits_led_option_off_through_the_game_state() -> None:
    # B: '"All four suits led: Joker only in the last trick": yes / no.'
    state = j_hand(Rules(joker_last_trick_once_all_suits_led=False))
    assert plays(state) == held(state, 1)


# -- D: the Joker rules apply in all three misères ------------------------------------

M_HANDS = (
    "5S 6S 7S 5C 6C 7C 4D 5D 4H 5H",
    "AS KS QS AC KC QC AD KD JH JK",
    "8S 9S 10S 8C 9C 10C 6D 7D 6H 7H",
    "JS JC 8D 9D 10D JD 8H 9H 10H AH",
)
M_KITTY = "QD QH KH"


def test_d_the_misere_joker_obligation_holds_in_every_misere() -> None:
    # D: "The Joker rules of A.5 and their options ... apply to every contract without
    # trumps: No Trumps and all three misères."  A.5: "In any misère contract, a player
    # with no card of the suit led who holds the Joker must play it."
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


# -- D: the Joker-nomination phase ------------------------------------------------------


def test_d_a_joker_taken_up_from_the_kitty_is_nominated_sans_kitty_it_is_not() -> None:
    # D: "The Joker-nomination phase happens only in a No Trumps or misère contract
    # whose contractor holds the Joker (after the kitty)."  The Joker is in the kitty.
    state = start(Rules(), LB_HANDS, LB_KITTY, dealer=3)
    state = act(state, "6NT", "PASS", "PASS", "PASS", "DISCARD AS KS KC")
    assert state.phase is Phase.NOMINATE
    state = act(state, "NOMINATE D")
    assert state.joker_suit is Suit.DIAMONDS
    # Sans kitty, the Joker stays face down in the kitty (D: it "counts for nobody").
    state = start(Rules(), LB_HANDS, LB_KITTY, dealer=3)
    state = act(state, "6NT-SK", "PASS", "PASS", "PASS")
    assert state.phase is Phase.PLAY
    assert state.joker_suit is None
    assert all("JK" not in held(state, seat) for seat in range(4))


# -- A.4 open misère exposure (views) ---------------------------------------------------


def test_a4_the_open_misere_hand_is_exposed_to_all_after_the_first_trick() -> None:
    # A.4: "In open misère, the contractor's hand is exposed to all players after the
    # first trick."  B: "Open misère hand exposed: after the first trick / before the
    # opening lead."
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


def test_a4_closed_and_blind_misere_hands_are_never_exposed() -> None:
    # Only open misère is played with the hand exposed (A.2, A.4).
    for auction in (("7D", "MIS", "PASS", "PASS", "PASS"), ("BMIS", "PASS", "PASS")):
        state = start(Rules(), M_HANDS, M_KITTY, dealer=2)
        if auction[0] == "BMIS":
            state = act(state, "PASS")
        state = act(state, *auction, "DISCARD QD QH KH")
        state = act(state, "PLAY 4H", "PLAY JH", "PLAY AH")
        assert state.tricks_played == 1
        assert all(view(state, seat).exposed == () for seat in range(4))


# -- C five players: the partner is revealed when the card is played ---------------------

FIVE_HANDS = (
    "JK JS JC AS KS QS 10S 9S 8S KH",
    "AD KD QD JD 10D 9D 8D 7D 6D 5D",
    "AH QH JH 10H 9H AC KC QC 10C 9C",
    "8H 7H 6H 5H 4H 3H 2H 7S 6S 5S",
    "8C 7C 6C 5C 4C 3C 2C 4S 3S 2S",
)
FIVE_KITTY = "4D 3D 2D"


def test_c_five_players_the_partner_is_revealed_when_the_card_is_played() -> None:
    # C: "names a card (not the Joker, not in their own hand); its holder becomes the
    # partner, revealed when that card is played."
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


# -- D thrown-in hands -------------------------------------------------------------------


def test_d_a_thrown_in_hand_scores_zero_even_with_defender_options() -> None:
    # D: "A thrown-in hand's result is zero for every side", whatever the scoring
    # options, and the running totals stay as they were.
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
