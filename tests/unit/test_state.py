"""The whole game: scripted hands from explicit deals, for every contract and count.

Each deal below is written out card by card, and each hand is played trick by trick
from action texts.  The tricks are written ``(cards in play order, winning seat)``; the
helper checks who leads, who wins and how many tricks have been played, so a wrong
trick winner, a wrong turn order or a wrong trick size fails the test at that trick.
"""

import copy
import re
from collections.abc import Sequence
from typing import Any, cast

import pytest
from tests.helpers import FIVE_HANDS, FIVE_KITTY, hands_of, make_rules

from five_hundred import (
    JOKER,
    Card,
    Contract,
    Discard,
    GameState,
    IllegalActionError,
    IllegalBidError,
    IllegalPlayError,
    InvalidStateError,
    MisereBid,
    Phase,
    PlayCard,
    Rules,
    Suit,
    TrickBid,
    WrongPhaseError,
    apply,
    contracting_seats,
    contracting_sides,
    deal,
    explain_illegal,
    format_cards,
    is_legal,
    legal_actions,
    new_game,
    new_hand,
    next_hand,
    pack,
    parse_action,
    parse_bid,
    parse_cards,
    score_hand,
    shuffled_pack,
    side_of,
)
from five_hundred.cards import card_code

FOUR = Rules()
TWO = Rules.two_player()
THREE = Rules.three_player()
FIVE = Rules.five_player()
SIX = Rules.six_player()
SIX_THREE = Rules.six_player_three_sides()

Trick = tuple[str, int]


def start(
    rules: Rules,
    hands: Sequence[str],
    kitty: str,
    *,
    dealer: int,
    scores: Sequence[int] | None = None,
) -> GameState:
    return new_hand(
        rules,
        [parse_cards(h) for h in hands],
        parse_cards(kitty),
        dealer=dealer,
        scores=scores,
    )


def act(state: GameState, *texts: str) -> GameState:
    """Apply actions given as text; each must be legal (and listed as legal)."""
    for text in texts:
        action = parse_action(text)
        assert action in legal_actions(state), (text, state)
        before = copy.deepcopy(state)
        after = apply(state, action)
        assert state == before  # apply never changes its input
        state = after
    return state


def play(state: GameState, tricks: Sequence[Trick]) -> GameState:
    """Play whole tricks, checking the leader, the order of play and each winner."""
    for cards, winner in tricks:
        leader = state.to_act
        assert state.phase is Phase.PLAY
        assert state.trick == ()
        assert state.leader == leader
        done = state.tricks_played
        won = state.tricks_won_by_seat[winner]
        texts = cards.split()
        for index, text in enumerate(texts):
            played = " ".join(t.partition(":")[0] for t in texts[:index])
            assert state.trick == parse_cards(played)
            state = act(state, f"PLAY {text}")
        assert state.tricks_played == done + 1, cards
        assert state.tricks_won_by_seat[winner] == won + 1, cards
        if state.phase is Phase.PLAY:
            assert state.to_act == winner, cards
            assert state.leader == winner
    return state


def illegal(
    state: GameState, text: str, error: type[IllegalActionError], message: str
) -> None:
    """The action is refused with exactly ``message``, and the state is unchanged."""
    action = parse_action(text)
    assert not is_legal(state, action)
    assert action not in legal_actions(state)
    assert explain_illegal(state, action) == message
    before = copy.deepcopy(state)
    with pytest.raises(error) as info:
        apply(state, action)
    assert str(info.value) == message
    assert type(info.value) is error
    assert state == before


def contract(bid: str, seat: int) -> Contract:
    call = parse_bid(bid)
    assert isinstance(call, TrickBid | MisereBid)
    return Contract(call, seat)


def finish_hand(state: GameState) -> GameState:
    """Play the first legal action until the hand is over."""
    while state.to_act is not None:
        state = apply(state, legal_actions(state)[0])
    return state


def texts(actions: Sequence[object]) -> list[str]:
    return [str(a) for a in actions]


def cards(text: str) -> tuple[Card, ...]:
    """Cards in the order ``GameState.hands`` gives them (card-code order)."""
    return tuple(sorted(parse_cards(text), key=card_code))


def same_cards(found: Sequence[Card], text: str) -> bool:
    return sorted(map(str, found)) == sorted(map(str, parse_cards(text)))


def assert_hand_over(state: GameState, result: tuple[int, ...]) -> None:
    assert state.phase is Phase.HAND_OVER
    assert state.to_act is None
    assert state.is_over
    assert state.hand_result == result
    assert state.winners == ()
    assert legal_actions(state) == ()


# -- deal T: four players, a hearts hand for seat 0 ---------------------------------

T_HANDS = (
    "JK JH AH KH QH 10H 9H AS KS AC",
    "JD AD KD QD 10D 9D 8D QC JC 10C",
    "8H 7H 6H QS JS 10S 9S 8S 7D 6D",
    "7S 6S 5S KC 9C 8C 7C 6C 5C 5D",
)
T_KITTY = "5H 4H 4D"


def deal_t(**changes: Any) -> GameState:
    return start(Rules(**changes), T_HANDS, T_KITTY, dealer=3)


HEARTS_TRICKS = [
    ("AH JD 6H 5C", 1),
    ("AD 6D 5D 4H", 0),
    ("JH 10C 7H 6C", 0),
    ("JK JC 8H 7C", 0),
    ("KH QC QS 8C", 0),
    ("QH 8D JS 9C", 0),
    ("10H 9D 10S KC", 0),
    ("9H 10D 9S 7S", 0),
    ("5H QD 8S 6S", 0),
    ("AS KD 7D 5S", 0),
]


def hearts_hand(bid: str, scores: tuple[int, int], **changes: Any) -> GameState:
    """Deal T: seat 0 bids ``bid`` in hearts and takes nine tricks."""
    state = start(
        Rules(**changes),
        T_HANDS,
        T_KITTY,
        dealer=3,
        scores=scores,
    )
    state = act(state, bid, "PASS", "PASS", "PASS", "DISCARD 4D AC KS")
    return play(state, HEARTS_TRICKS)


def test_deal_t_is_a_whole_four_player_pack() -> None:
    every = [c for h in T_HANDS for c in parse_cards(h)] + list(parse_cards(T_KITTY))
    assert sorted(map(str, every)) == sorted(map(str, pack(FOUR)))


def test_bidding_opens_left_of_the_dealer() -> None:
    state = deal_t()
    assert state.phase is Phase.BIDDING
    assert state.dealer == 3
    assert state.to_act == 0
    assert state.contract is None
    assert state.hand_result is None
    assert state.scores == (0, 0)
    assert state.tricks_won == (0, 0)
    assert all(same_cards(h, t) for h, t in zip(state.hands, T_HANDS, strict=True))
    assert same_cards(state.kitty, T_KITTY)
    assert state.discards == ()
    assert state.dead_hand == ()


def test_trumps_hand_with_the_left_bower() -> None:
    state = deal_t()
    # The auction: seat 1 passes and is skipped; seat 0 raises to 8H; seat 2 passes.
    state = act(state, "6H", "PASS", "7C", "PASS")
    assert state.to_act == 0
    state = act(state, "8H")
    assert state.to_act == 2  # seats 1 and 3 have passed
    illegal(
        state,
        "8D",
        IllegalBidError,
        "illegal bid '8D' by seat 2: it does not outrank the standing bid 8H",
    )
    state = act(state, "PASS")
    # The contractor takes up the kitty.
    assert state.phase is Phase.DISCARD
    assert state.to_act == 0
    assert state.contract == contract("8H", 0)
    assert same_cards(state.hands[0], T_HANDS[0] + " " + T_KITTY)
    assert same_cards(state.kitty, T_KITTY)
    assert len(legal_actions(state)) == 286  # 13 choose 3
    illegal(
        state,
        "DISCARD 4D KS",
        IllegalPlayError,
        "illegal action 'DISCARD KS 4D' by seat 0: must discard exactly 3 cards "
        "(as many as the kitty held); got 2",
    )
    illegal(
        state,
        "DISCARD 4D KS 8S",
        IllegalPlayError,
        "illegal action 'DISCARD 8S KS 4D' by seat 0: cannot discard 8S: not in the hand",
    )
    illegal(
        state,
        "PLAY AH",
        WrongPhaseError,
        "illegal play 'AH' by seat 0: it is the discard phase: expected DISCARD with the cards",
    )
    discard = parse_action("discard ac ks 4d")
    assert str(discard) == "DISCARD KS AC 4D"
    state = act(state, "DISCARD 4D AC KS")
    assert same_cards(state.discards, "KS AC 4D")
    assert same_cards(state.hands[0], "JK JH AH KH QH 10H 9H 5H 4H AS")
    # A trump contract: no nomination; the contractor leads.
    assert state.phase is Phase.PLAY
    assert state.to_act == 0
    assert state.leader == 0
    state = act(state, "PLAY AH")
    # Seat 1's only heart is the left bower (JD): it must follow with it.
    assert texts(legal_actions(state)) == ["PLAY JD"]
    illegal(
        state,
        "PLAY AD",
        IllegalPlayError,
        "illegal play 'AD' by seat 1: must follow hearts: holds JD (left bower)",
    )
    state = act(state, "PLAY JD", "PLAY 6H", "PLAY 5C")
    assert state.tricks_won_by_seat == (0, 1, 0, 0)  # the left bower beats the ace
    assert state.to_act == 1
    state = play(state, [("AD 6D 5D 4H", 0)])  # trumped: seat 0 shows void
    assert Suit.DIAMONDS in state.shown_void[0]
    assert state.suits_led == frozenset({Suit.HEARTS, Suit.DIAMONDS})
    state = play(state, [("JH 10C 7H 6C", 0)])
    illegal(
        state,
        "PLAY JK:H",
        IllegalPlayError,
        "illegal play 'JK:H' by seat 0: only the leader of the Joker without trumps "
        "(and no nomination) names a suit",
    )
    state = play(
        state,
        [
            ("JK JC 8H 7C", 0),  # the Joker leads hearts: seat 2 must follow
            ("KH QC QS 8C", 0),
            ("QH 8D JS 9C", 0),
            ("10H 9D 10S KC", 0),
            ("9H 10D 9S 7S", 0),
            ("5H QD 8S 6S", 0),
        ],
    )
    assert state.tricks_played == 9
    state = play(state, [("AS KD 7D 5S", 0)])
    assert_hand_over(state, (300, 10))
    assert state.tricks_played == 10
    assert state.tricks_won == (9, 1)
    assert state.tricks_won_by_seat == (9, 1, 0, 0)
    assert state.scores == (300, 10)
    assert state.hands == ((), (), (), ())
    assert state.trick == ()
    assert state.contract == contract("8H", 0)
    illegal(
        state,
        "PLAY AS",
        WrongPhaseError,
        "illegal play 'AS': the hand is over (deal the next hand)",
    )
    # The next hand: the deal passes left, the scores carry over.
    after = next_hand(state)
    assert after.phase is Phase.BIDDING
    assert after.dealer == 0
    assert after.to_act == 1
    assert after.hand_number == 1
    assert after.scores == (300, 10)
    assert after.hand_result is None
    assert after.contract is None
    assert after.tricks_won == (0, 0)
    assert [h.result for h in after.history] == [(300, 10)]
    assert after.history[0].actions == state.actions
    assert after.history[0].dealer == 3


def test_every_action_of_the_hand_is_recorded() -> None:
    state = act(deal_t(), "7H", "PASS", "PASS", "PASS")
    assert texts(state.actions) == ["7H", "PASS", "PASS", "PASS"]
    state = act(state, "DISCARD 4D AC KS", "PLAY AH")
    assert texts(state.actions)[-2:] == ["DISCARD KS AC 4D", "PLAY AH"]


def test_failed_trump_contract_loses_its_value() -> None:
    # 10H needs all ten tricks: seat 0 loses the first trick to the left bower.
    state = hearts_hand("10H", (100, 0))
    assert_hand_over(state, (-500, 10))
    assert state.scores == (-400, 10)
    assert state.tricks_won == (9, 1)


# -- No Trumps -------------------------------------------------------------------------

NT_SLAM = [
    ("JK 8D 6H 5D", 0),  # the nominated Joker leads hearts
    ("AH 9D 7H 5C", 0),
    ("KH 10D 8H 6C", 0),
    ("QH QD 6D 7C", 0),
    ("JH KD 7D 8C", 0),  # no bowers in No Trumps: JH is a plain heart
    ("10H AD 8S 9C", 0),
    ("9H JD 9S 5S", 0),
    ("AS 10C 10S 6S", 0),
    ("KS JC JS 7S", 0),
    ("AC QC QS KC", 0),
]


def test_no_trumps_with_the_joker_nominated() -> None:
    state = act(deal_t(), "7NT", "PASS", "PASS", "PASS")
    state = act(state, "DISCARD 5H 4H 4D")
    # The contractor holds the Joker in No Trumps: the nomination comes first.
    assert state.phase is Phase.NOMINATE
    assert state.to_act == 0
    assert texts(legal_actions(state)) == [
        "NOMINATE NONE",
        "NOMINATE S",
        "NOMINATE C",
        "NOMINATE D",
        "NOMINATE H",
    ]
    illegal(
        state,
        "PLAY JK",
        WrongPhaseError,
        "illegal play 'JK' by seat 0: it is the Joker nomination phase: "
        "expected NOMINATE <suit or NONE>",
    )
    state = act(state, "NOMINATE H")
    assert state.joker_suit is Suit.HEARTS
    assert state.phase is Phase.PLAY
    assert state.to_act == 0
    # A nominated Joker is the top heart and leads like any card: no suit is named.
    assert "PLAY JK" in texts(legal_actions(state))
    assert not any(t.startswith("PLAY JK:") for t in texts(legal_actions(state)))
    illegal(
        state,
        "PLAY JK:S",
        IllegalPlayError,
        "illegal play 'JK:S' by seat 0: only the leader of the Joker without trumps "
        "(and no nomination) names a suit",
    )
    state = play(state, NT_SLAM)
    # All ten tricks on 7NT (220, less than 250): the slam scores 250.
    assert_hand_over(state, (250, 0))
    assert state.tricks_won == (10, 0)
    assert state.scores == (250, 0)


def test_no_trumps_with_the_joker_not_nominated() -> None:
    state = act(deal_t(), "7NT", "PASS", "PASS", "PASS", "DISCARD AS KS AC")
    assert state.phase is Phase.NOMINATE
    state = act(state, "NOMINATE NONE")
    assert state.joker_suit is None
    assert state.phase is Phase.PLAY
    # Leading the free Joker names a suit: one play per suit.
    assert texts(legal_actions(state))[-4:] == [
        "PLAY JK:S",
        "PLAY JK:C",
        "PLAY JK:D",
        "PLAY JK:H",
    ]
    illegal(
        state,
        "PLAY JK",
        IllegalPlayError,
        "illegal play 'JK' by seat 0: leading the Joker names the suit to follow "
        "(PLAY JK:S, JK:C, JK:D or JK:H)",
    )
    state = play(state, [("AH 8D 6H 5D", 0), ("KH 9D 7H 5C", 0), ("QH 10C 8H 6C", 0)])
    # Hearts have been led: the Joker may not name them any more.
    assert "PLAY JK:H" not in texts(legal_actions(state))
    illegal(
        state,
        "PLAY JK:H",
        IllegalPlayError,
        "illegal play 'JK:H' by seat 0: the Joker may not name hearts: "
        "it has been led before in this hand",
    )
    state = play(state, [("4D AD 6D 7C", 1)])
    state = act(state, "PLAY KD", "PLAY 7D", "PLAY 8C")
    # Seat 0 is void in diamonds and holds the Joker: it may keep it (No Trumps
    # has no obligation to play it) ...
    assert {"PLAY 4H", "PLAY JK"} <= set(texts(legal_actions(state)))
    state = act(state, "PLAY 4H")
    assert state.tricks_won_by_seat == (3, 2, 0, 0)
    # ... and play it later, when it wins the trick led in diamonds.
    state = play(state, [("QD 8S 9C JK", 0)])
    assert Suit.DIAMONDS in state.shown_void[0]
    state = play(
        state,
        [
            ("JH JC 9S KC", 0),
            ("10H QC 10S 5S", 0),
            ("9H JD JS 6S", 0),
            ("5H 10D QS 7S", 0),
        ],
    )
    assert_hand_over(state, (220, 20))
    assert state.tricks_won == (8, 2)


def test_no_nomination_phase_without_the_joker() -> None:
    # The contractor discards the Joker: no nomination, play starts at once.
    state = act(deal_t(), "7NT", "PASS", "PASS", "PASS", "DISCARD 4D 4H JK")
    assert state.phase is Phase.PLAY
    assert state.joker_suit is None


def test_no_nomination_phase_when_the_contractor_has_no_joker() -> None:
    # Seat 1 wins 7NT without the Joker.
    state = act(deal_t(), "PASS", "7NT", "PASS", "PASS", "DISCARD 5H 4H 4D")
    assert state.contract == contract("7NT", 1)
    assert state.phase is Phase.PLAY
    assert state.to_act == 1


def test_no_nomination_phase_with_nomination_off() -> None:
    state = act(deal_t(joker_nomination=False), "7NT", "PASS", "PASS", "PASS")
    state = act(state, "DISCARD 5H 4H 4D")
    assert state.phase is Phase.PLAY
    assert "PLAY JK:S" in texts(legal_actions(state))


def test_no_nomination_phase_in_trumps() -> None:
    state = act(deal_t(), "7S", "PASS", "PASS", "PASS", "DISCARD 5H 4H 4D")
    assert state.phase is Phase.PLAY


# -- sans kitty --------------------------------------------------------------------


def test_sans_kitty_has_no_discard_and_leaves_the_kitty_alone() -> None:
    state = act(deal_t(), "7H-SK", "PASS", "PASS", "PASS")
    assert state.contract == contract("7H-SK", 0)
    assert state.phase is Phase.PLAY
    assert state.to_act == 0
    assert same_cards(state.hands[0], T_HANDS[0])
    assert same_cards(state.kitty, T_KITTY)
    assert state.discards == ()
    state = play(
        state,
        [
            ("AH JD 6H 5C", 1),
            ("AD 6D 5D 9H", 0),
            ("JH 10C 7H 6C", 0),
            ("JK JC 8H 7C", 0),
            ("KH QC QS 8C", 0),
            ("QH 8D JS 9C", 0),
            ("10H 9D 10S 7S", 0),
            ("AS 10D 9S 6S", 0),
            ("KS QD 8S 5S", 0),
            ("AC KD 7D KC", 0),
        ],
    )
    # 7H-SK scores as 7H: 200; the kitty counted for nobody.
    assert_hand_over(state, (200, 10))
    assert same_cards(state.kitty, T_KITTY)
    assert state.discards == ()


def test_sans_kitty_nt_still_nominates() -> None:
    state = act(deal_t(), "7NT-SK", "PASS", "PASS", "PASS")
    assert state.phase is Phase.NOMINATE
    assert state.discards == ()


def test_sans_kitty_bids_are_refused_when_the_option_is_off() -> None:
    state = deal_t(sans_kitty=False)
    assert "7H-SK" not in texts(legal_actions(state))
    illegal(
        state,
        "7H-SK",
        IllegalBidError,
        "illegal bid '7H-SK' by seat 0: sans-kitty bids are not allowed by these "
        "rules (Rules.sans_kitty=False)",
    )


# -- misère (deal M): four players ---------------------------------------------------

M_HANDS = (
    "5S 6S 7S 5C 6C 7C 4D 5D 4H 5H",
    "AS KS QS AC KC QC AD KD JH JK",
    "8S 9S 10S 8C 9C 10C 6D 7D 6H 7H",
    "JS JC 8D 9D 10D JD 8H 9H 10H AH",
)
M_KITTY = "QD QH KH"

OMIS_TRICKS = [
    ("4H JH AH", 3),  # the partner (seat 2) sits out: tricks of three cards
    ("8H 5H JK", 1),  # seat 1 is void in hearts and holds the Joker: must play it
    ("AS JS 5S", 1),
    ("KS 9H 6S", 1),
    ("QS 10H 7S", 1),
    ("AC JC 5C", 1),
    ("KC 8D 6C", 1),
    ("QC 9D 7C", 1),
    ("AD 10D 4D", 1),
    ("KD JD 5D", 1),
]


def deal_m(dealer: int = 3, **changes: Any) -> GameState:
    return start(Rules(**changes), M_HANDS, M_KITTY, dealer=dealer)


def test_deal_m_is_a_whole_four_player_pack() -> None:
    every = [c for h in M_HANDS for c in parse_cards(h)] + list(parse_cards(M_KITTY))
    assert sorted(map(str, every)) == sorted(map(str, pack(FOUR)))


def test_misere_stops_as_soon_as_the_contractor_takes_a_trick() -> None:
    state = deal_m(dealer=2)
    illegal(
        state,
        "MIS",
        IllegalBidError,
        "illegal bid 'MIS' by seat 3: misère may be bid only while the standing bid "
        "is at the 7 level (standing bid: none)",
    )
    state = act(state, "7D", "MIS", "PASS", "PASS", "PASS")
    assert state.contract == contract("MIS", 0)
    assert state.sitting_out == frozenset({2})
    # Misère takes up the kitty too.
    assert state.phase is Phase.DISCARD
    state = act(state, "DISCARD 4H QD QH")
    assert state.phase is Phase.PLAY
    assert state.to_act == 0
    state = play(state, [("4D KD 8D", 1)])
    assert state.to_act == 1
    state = act(state, "PLAY JH")
    assert state.to_act == 3  # seat 2 is skipped
    state = act(state, "PLAY 8H")
    assert state.to_act == 0
    # The contractor may duck with 5H, but plays KH and takes the trick.
    assert texts(legal_actions(state)) == ["PLAY 5H", "PLAY KH"]
    state = act(state, "PLAY KH")
    assert_hand_over(state, (-250, 0))
    assert state.tricks_played == 2
    assert state.tricks_won == (1, 1)
    assert [len(h) for h in state.hands] == [8, 8, 10, 8]
    assert state.scores == (-250, 0)


def test_open_misere_made_wins_the_game() -> None:
    state = deal_m()
    # Open misère may be the first call.
    state = act(state, "OMIS", "PASS", "PASS", "PASS")
    assert state.contract == contract("OMIS", 0)
    assert state.sitting_out == frozenset({2})
    state = act(state, "DISCARD QD QH KH")
    assert state.phase is Phase.PLAY
    state = play(state, OMIS_TRICKS[:1])
    state = act(state, "PLAY 8H", "PLAY 5H")
    assert texts(legal_actions(state)) == ["PLAY JK"]
    illegal(
        state,
        "PLAY AS",
        IllegalPlayError,
        "illegal play 'AS' by seat 1: void in hearts in a misère contract: "
        "must play the Joker",
    )
    state = act(state, "PLAY JK")
    state = play(state, OMIS_TRICKS[2:])
    # No trick for the contractor: 500, and 500 by a contract wins the game.
    assert state.phase is Phase.GAME_OVER
    assert state.to_act is None
    assert state.hand_result == (500, 0)
    assert state.scores == (500, 0)
    assert state.winners == (0,)
    assert state.tricks_won == (0, 10)
    assert state.hands[2] == cards(M_HANDS[2])  # the partner never played
    assert legal_actions(state) == ()
    illegal(state, "PLAY 5S", WrongPhaseError, "illegal play '5S': the game is over")
    with pytest.raises(
        WrongPhaseError, match="cannot deal the next hand: the game is over"
    ):
        next_hand(state)


def test_misere_defenders_score_nothing() -> None:
    # The same play as closed misère after a seven bid: 250 to the contractor only.
    state = act(deal_m(dealer=2), "7D", "MIS", "PASS", "PASS", "PASS")
    state = act(state, "DISCARD QD QH KH")
    state = play(state, OMIS_TRICKS)
    assert_hand_over(state, (250, 0))
    assert state.tricks_won == (0, 10)


def test_blind_misere_failed_loses_the_game() -> None:
    state = act(deal_m(), "BMIS", "PASS", "PASS", "PASS")
    assert state.contract == contract("BMIS", 0)
    state = act(state, "DISCARD 4H QD QH")
    state = play(state, [("4D KD 8D", 1), ("JH 8H KH", 0)])
    # -500: out backwards; with two sides the other side wins.
    assert state.phase is Phase.GAME_OVER
    assert state.hand_result == (-500, 0)
    assert state.scores == (-500, 0)
    assert state.winners == (1,)


def test_blind_misere_only_as_a_first_call() -> None:
    state = act(deal_m(), "OMIS", "PASS", "PASS")
    assert "BMIS" in texts(legal_actions(state))  # seat 3's first call
    state = deal_m()
    state = act(state, "6S", "6NT", "7S", "7C")
    assert state.to_act == 0
    assert "BMIS" not in texts(legal_actions(state))
    illegal(
        state,
        "BMIS",
        IllegalBidError,
        "illegal bid 'BMIS' by seat 0: blind misère may be called only as a "
        "player's first call of the hand",
    )


def test_misere_with_the_joker_nominates() -> None:
    # Seat 1 bids misère holding the Joker: the nomination follows the discard.
    state = act(deal_m(), "7S", "MIS", "PASS", "PASS", "PASS")
    assert state.contract == contract("MIS", 1)
    assert state.sitting_out == frozenset({3})
    state = act(state, "DISCARD AS KS QS")
    assert state.phase is Phase.NOMINATE
    state = act(state, "NOMINATE S")
    assert state.phase is Phase.PLAY
    assert state.to_act == 1
    # The nominated Joker is the top spade: it follows spades like a spade.
    assert state.joker_suit is Suit.SPADES


# -- two players ---------------------------------------------------------------------

TWO_HANDS = (
    "JK JH JD AH KH QH 10H 9H AS KS",
    "AD KD QD 10D 9D AC KC QC JC 10C",
    "8H 7H QS JS 10S 9S 8S 7S 8D 7D",  # the dead hand
)
TWO_KITTY = "9C 8C 7C"


def test_two_players_dead_hand_and_two_card_tricks() -> None:
    state = start(TWO, TWO_HANDS, TWO_KITTY, dealer=1)
    assert state.to_act == 0
    assert len(state.hands) == 2
    assert same_cards(state.dead_hand, TWO_HANDS[2])
    state = act(state, "8H", "PASS")
    assert state.contract == contract("8H", 0)
    state = act(state, "DISCARD 9C 8C 7C")
    state = play(
        state,
        [
            ("JH 10C", 0),
            ("JD JC", 0),
            ("JK QC", 0),
            ("AH KC", 0),
            ("KH AC", 0),
            ("QH 9D", 0),
            ("10H 10D", 0),
            ("9H QD", 0),
            ("AS KD", 0),
            ("KS AD", 0),
        ],
    )
    # Ten tricks on 8H (300, not less than 250) score 300, not 250.
    assert_hand_over(state, (300, 0))
    assert same_cards(state.dead_hand, TWO_HANDS[2])


def test_two_players_the_dead_hand_is_never_played() -> None:
    state = act(start(TWO, TWO_HANDS, TWO_KITTY, dealer=1), "8H", "PASS")
    state = act(state, "DISCARD 9C 8C 7C")
    illegal(
        state,
        "PLAY QS",
        IllegalPlayError,
        "illegal play 'QS' by seat 0: QS is not in the hand",
    )


# -- three players -------------------------------------------------------------------

THREE_HANDS = (
    "JK JS JC AS KS QS 10S 9S 7H 7D",
    "AD KD QD JD 10D AC KC QC 10C 9C",
    "AH KH QH JH 10H 9H 8S 7S 9D 8D",
)
THREE_KITTY = "8H 8C 7C"
THREE_TRICKS = [
    ("JS 9C 7S", 0),
    ("JC 10C 8S", 0),  # the left bower leads spades: seat 1 may discard
    ("7H 10D AH", 2),
    ("KH 9S QC", 0),  # seat 0 is void in hearts now: it trumps
    ("7D AD 8D", 1),
    ("KD 9D 10S", 0),
    ("JK QD QH", 0),
    ("AS JD JH", 0),
    ("KS KC 10H", 0),
    ("QS AC 9H", 0),
]


def test_three_players_each_defender_scores_alone() -> None:
    state = start(THREE, THREE_HANDS, THREE_KITTY, dealer=2)
    assert state.to_act == 0
    state = act(state, "7S", "PASS", "PASS", "DISCARD 8H 8C 7C")
    state = play(state, THREE_TRICKS)
    assert_hand_over(state, (140, 10, 10))
    assert state.tricks_won == (8, 1, 1)


def test_three_players_misere_is_played_against_two() -> None:
    state = start(THREE, THREE_HANDS, THREE_KITTY, dealer=2)
    state = act(state, "7S", "MIS", "PASS", "PASS")
    assert state.contract == contract("MIS", 1)
    assert state.sitting_out == frozenset()
    state = act(state, "DISCARD AD KD QD")
    assert state.to_act == 1
    # Three-card tricks; the contractor's JD takes the first: the hand stops.
    state = play(state, [("JD 9D 7D", 1)])
    assert_hand_over(state, (0, -250, 0))
    assert state.tricks_played == 1


# -- five players ----------------------------------------------------------------------

FIVE_TRICKS = [
    ("JS 5D 9C 5S 2S", 0),
    ("JC 6D 10C 6S 3S", 0),
    ("JK 7D QC 7S 4S", 0),
    ("KH 8D AH 2H 2C", 2),  # the partner card appears: seat 2 wins
    ("QH 3H 3C 8S 9D", 0),
    ("AS 10D JH 4H 4C", 0),
    ("KS JD 10H 5H 5C", 0),
    ("QS QD 9H 6H 6C", 0),
    ("10S KD AC 7H 7C", 0),
    ("9S AD KC 8H 8C", 0),
]


def deal_five(**changes: Any) -> GameState:
    return start(Rules(players=5, **changes), FIVE_HANDS, FIVE_KITTY, dealer=4)


def test_five_players_call_a_partner_and_both_score() -> None:
    state = act(deal_five(), "8S", "PASS", "PASS", "PASS", "PASS")
    state = act(state, "DISCARD 4D 3D 2D")
    assert state.phase is Phase.CALL_PARTNER
    assert state.to_act == 0
    actions = texts(legal_actions(state))
    assert actions[0] == "CALL ALONE"
    assert "CALL AH" in actions
    assert "CALL JK" not in actions
    assert "CALL AS" not in actions  # in the contractor's own hand
    assert len(actions) == 1 + 52 - 9  # ALONE, then every card but JK and 9 own
    called = [str(a)[5:] for a in legal_actions(state)[1:]]
    assert called == [
        str(c) for c in sorted(parse_cards(" ".join(called)), key=card_code)
    ]
    illegal(
        state,
        "CALL JK",
        IllegalPlayError,
        "illegal action 'CALL JK' by seat 0: the Joker cannot be called as the "
        "partner card",
    )
    illegal(
        state,
        "CALL AS",
        IllegalPlayError,
        "illegal action 'CALL AS' by seat 0: AS is in the contractor's own hand",
    )
    illegal(
        state,
        "PLAY JS",
        WrongPhaseError,
        "illegal play 'JS' by seat 0: it is the partner call phase: "
        "expected CALL <card or ALONE>",
    )
    state = act(state, "CALL AH")
    assert state.partner_card == parse_cards("AH")[0]
    assert state.partner == 2
    assert state.phase is Phase.PLAY
    assert state.to_act == 0
    state = play(state, FIVE_TRICKS)
    # Seats 0 and 2 take all ten: 8S (240) is a slam, 250 to each partner.
    assert_hand_over(state, (250, 0, 250, 0, 0))
    assert state.tricks_won == (9, 0, 1, 0, 0)


def test_five_players_nt_calls_the_partner_then_nominates() -> None:
    state = act(deal_five(), "7NT", "PASS", "PASS", "PASS", "PASS")
    state = act(state, "DISCARD 4D 3D 2D")
    assert state.phase is Phase.CALL_PARTNER
    state = act(state, "CALL AH")
    assert state.phase is Phase.NOMINATE
    assert state.to_act == 0
    state = act(state, "NOMINATE S")
    assert state.phase is Phase.PLAY
    assert state.joker_suit is Suit.SPADES
    assert state.partner == 2


def test_five_players_alone() -> None:
    state = act(deal_five(), "8S", "PASS", "PASS", "PASS", "PASS")
    state = act(state, "DISCARD 4D 3D 2D", "CALL ALONE")
    assert state.partner is None
    assert state.partner_card is None
    state = play(state, FIVE_TRICKS)
    # Alone, seat 0 takes 9 of 10: 240 to seat 0, 10 to seat 2 as a defender.
    assert_hand_over(state, (240, 0, 10, 0, 0))


def test_five_players_call_of_a_card_in_the_kitty_finds_no_partner() -> None:
    # Sans kitty, the kitty's 4D stays face down: nobody holds it.
    state = act(deal_five(), "8S-SK", "PASS", "PASS", "PASS", "PASS")
    assert state.phase is Phase.CALL_PARTNER
    state = act(state, "CALL 4D")
    assert state.partner is None
    state = play(state, FIVE_TRICKS)
    assert_hand_over(state, (240, 0, 10, 0, 0))


def test_five_players_no_partner_call_without_the_option() -> None:
    state = act(deal_five(five_player_partner=False), "8S", "PASS", "PASS", "PASS")
    state = act(state, "PASS", "DISCARD 4D 3D 2D")
    assert state.phase is Phase.PLAY


def test_five_players_misere_has_no_partner_call() -> None:
    state = act(deal_five(), "7S", "MIS", "PASS", "PASS", "PASS", "PASS")
    assert state.contract == contract("MIS", 1)
    assert state.sitting_out == frozenset()
    state = act(state, "DISCARD AD KD QD")
    assert state.phase is Phase.PLAY
    assert state.to_act == 1
    state = act(state, "PLAY 2D", "PLAY 9C", "PLAY 2H", "PLAY 2C")
    # Five-card tricks; seat 0 is void in diamonds and must play the Joker.
    assert texts(legal_actions(state)) == ["PLAY JK"]
    state = act(state, "PLAY JK")
    assert state.tricks_won_by_seat == (1, 0, 0, 0, 0)
    assert state.to_act == 0
    state = finish_hand(state)
    result = 250 if state.tricks_won_by_seat[1] == 0 else -250
    assert state.hand_result == (0, result, 0, 0, 0)


# -- six players ---------------------------------------------------------------------

SIX_HANDS = (
    "JK JS JC AS KS QS 12S 11S 10S 2H",
    "9S 8S 7S 6S 5S 4S 3S 2S KD QD",
    "AC KC QC 12C 11C 10C 9C 8C 7C 6C",
    "AH AD KH QH JH 13H 12H 11H 10H 9H",
    "5C 4C 3C 2C JD 13D 12D 11D 10D 9D",
    "8H 7H 6H 5H 4H 3H 8D 7D 6D 5D",
)
SIX_KITTY = "4D 3D 2D"

SIX_TRICKS = [
    ("2H KD 6C AH 2C 3H", 3),
    ("AD 9D 5D 10S QD 7C", 0),
    ("JS 2S 8C 9H 3C 4H", 0),
    ("JC 3S 9C 10H 4C 5H", 0),
    ("JK 4S 10C 11H 5C 6H", 0),
    ("AS 5S 11C 12H 10D 7H", 0),
    ("KS 6S 12C 13H 11D 8H", 0),
    ("QS 7S QC JH 12D 6D", 0),
    ("12S 8S KC QH 13D 7D", 0),
    ("11S 9S AC KH JD 8D", 0),
]


def test_six_players_two_sides_of_three() -> None:
    state = start(SIX, SIX_HANDS, SIX_KITTY, dealer=5)
    assert state.to_act == 0
    state = act(state, "7S", "PASS", "PASS", "PASS", "PASS", "PASS")
    state = act(state, "DISCARD 4D 3D 2D")
    state = play(state, SIX_TRICKS)
    # Seats 0, 2, 4 against 1, 3, 5: seat 3's trick counts for the defenders.
    assert_hand_over(state, (140, 10))
    assert state.tricks_won == (9, 1)


def test_six_players_three_sides_of_two() -> None:
    state = start(SIX_THREE, SIX_HANDS, SIX_KITTY, dealer=5)
    state = act(state, "7S", "PASS", "PASS", "PASS", "PASS", "PASS")
    state = act(state, "DISCARD 4D 3D 2D")
    state = play(state, SIX_TRICKS)
    # Seats 0 and 3 are partners: all ten tricks, a slam on 7S.
    assert_hand_over(state, (250, 0, 0))
    assert state.tricks_won == (10, 0, 0)


@pytest.mark.parametrize(
    ("rules", "sitting", "order"),
    [(SIX, {3, 5}, [1, 2, 4, 0]), (SIX_THREE, {4}, [1, 2, 3, 5, 0])],
)
def test_six_players_misere_partners_sit_out(
    rules: Rules, sitting: set[int], order: list[int]
) -> None:
    state = start(rules, SIX_HANDS, SIX_KITTY, dealer=5)
    state = act(state, "7S", "MIS", "PASS", "PASS", "PASS", "PASS", "PASS")
    assert state.contract == contract("MIS", 1)
    assert state.sitting_out == frozenset(sitting)
    state = act(state, "DISCARD KD QD 9S")
    assert state.to_act == 1
    seen = []
    for _ in order:
        assert state.to_act is not None
        seen.append(state.to_act)
        state = apply(state, legal_actions(state)[0])
    assert seen == order
    assert state.tricks_played == 1


# -- thrown-in hands -------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_all_pass_throws_the_hand_in(players: int) -> None:
    rules = Rules.for_players(players)
    state = new_game(rules, seed=11, dealer=1)
    first = state.to_act
    for _ in range(players):
        state = act(state, "PASS")
    assert_hand_over(state, (0,) * rules.sides)
    assert state.contract is None
    assert state.scores == (0,) * rules.sides
    assert first == 2 % players
    after = next_hand(state)
    assert after.dealer == 2 % players
    assert after.scores == (0,) * rules.sides
    assert after.history[0].result == (0,) * rules.sides


def test_redeal_same_dealer_keeps_the_deal_after_a_throw_in() -> None:
    rules = Rules(redeal_same_dealer=True)
    state = act(new_game(rules, seed=3, dealer=2), "PASS", "PASS", "PASS", "PASS")
    after = next_hand(state)
    assert after.dealer == 2
    assert after.to_act == 3
    # After a played hand the deal still passes left.
    played = act(deal_t(redeal_same_dealer=True), "7H", "PASS", "PASS", "PASS")
    played = act(played, "DISCARD 4D AC KS")
    while played.phase is Phase.PLAY:
        played = apply(played, legal_actions(played)[0])
    assert next_hand(played).dealer == 0


def test_after_three_passes_the_fourth_player_may_bid() -> None:
    state = act(deal_t(), "PASS", "PASS", "PASS")
    assert state.to_act == 3
    state = act(state, "6S")
    assert state.contract == contract("6S", 3)
    assert state.phase is Phase.DISCARD
    assert state.to_act == 3


def test_next_hand_from_an_explicit_deal() -> None:
    state = hearts_hand("8H", (0, 0))
    hands = [parse_cards(h) for h in M_HANDS]
    after = next_hand(state, hands=hands, kitty=parse_cards(M_KITTY))
    assert after.dealer == 0
    assert after.to_act == 1
    assert after.scores == (300, 10)
    assert list(after.hands) == [cards(h) for h in M_HANDS]
    assert same_cards(after.kitty, M_KITTY)


def test_next_hand_explicit_deal_is_checked() -> None:
    state = hearts_hand("8H", (0, 0))
    hands = [parse_cards(h) for h in M_HANDS]
    with pytest.raises(InvalidStateError, match="needs both the hands and the kitty"):
        next_hand(state, hands=hands)
    with pytest.raises(InvalidStateError, match="either a seed or an explicit deal"):
        next_hand(state, seed=1, hands=hands, kitty=parse_cards(M_KITTY))
    with pytest.raises(InvalidStateError, match="the kitty has 2 cards"):
        next_hand(state, hands=hands, kitty=parse_cards("QD QH"))
    with pytest.raises(InvalidStateError, match="invalid seed"):
        next_hand(state, seed=cast(Any, 1.5))


def test_next_hand_refuses_an_unfinished_hand() -> None:
    with pytest.raises(
        WrongPhaseError, match="cannot deal the next hand: the hand is not over"
    ):
        next_hand(deal_t())


# -- the end of the game -------------------------------------------------------------


def test_reaching_500_by_a_contract_wins() -> None:
    state = hearts_hand("8H", (200, 0))
    assert state.phase is Phase.GAME_OVER
    assert state.scores == (500, 10)
    assert state.hand_result == (300, 10)
    assert state.winners == (0,)
    assert state.to_act is None


def test_falling_short_of_500_goes_on() -> None:
    state = hearts_hand("8H", (190, 0))
    assert state.phase is Phase.HAND_OVER
    assert state.scores == (490, 10)


def test_defenders_reaching_500_do_not_win() -> None:
    state = hearts_hand("8H", (0, 495))
    assert state.phase is Phase.HAND_OVER
    assert state.scores == (300, 505)
    assert state.winners == ()
    assert next_hand(state).scores == (300, 505)


def test_defenders_reaching_500_win_without_win_requires_contract() -> None:
    state = hearts_hand("8H", (0, 495), win_requires_contract=False)
    assert state.phase is Phase.GAME_OVER
    assert state.winners == (1,)


def test_the_contractor_wins_if_both_cross_without_win_requires_contract() -> None:
    state = hearts_hand("8H", (250, 495), win_requires_contract=False)
    assert state.scores == (550, 505)
    assert state.winners == (0,)


def test_defender_cap_freezes_the_defenders() -> None:
    state = hearts_hand("8H", (0, 485), defender_cap=490)
    assert state.hand_result == (300, 5)
    assert state.scores == (300, 490)


def test_out_backwards_loses() -> None:
    state = hearts_hand("10H", (0, 0))
    # -500: out backwards; with two sides the other side wins.
    assert state.phase is Phase.GAME_OVER
    assert state.hand_result == (-500, 10)
    assert state.scores == (-500, 10)
    assert state.winners == (1,)
    assert state.to_act is None


@pytest.mark.parametrize(
    ("scores", "winners"),
    [((-100, 120, 90), (1,)), ((-100, 40, 90), (2,)), ((-100, 120, 120), (1, 2))],
)
def test_out_backwards_with_three_players_the_highest_other_wins(
    scores: tuple[int, int, int], winners: tuple[int, ...]
) -> None:
    state = start(THREE, THREE_HANDS, THREE_KITTY, dealer=2, scores=scores)
    state = act(state, "10S", "PASS", "PASS", "DISCARD 8H 8C 7C")
    state = play(state, THREE_TRICKS)
    # 10S (440) fails with 8 tricks: seat 0 falls to -540; both others score 10.
    assert state.hand_result == (-440, 10, 10)
    assert state.phase is Phase.GAME_OVER
    assert state.winners == winners


def test_a_custom_target() -> None:
    state = hearts_hand("8H", (0, 0), target=300)
    assert state.phase is Phase.GAME_OVER
    assert state.winners == (0,)


# -- seeds and reproducibility ---------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_new_game_deals_the_seeded_pack(players: int) -> None:
    rules = Rules.for_players(players)
    state = new_game(rules, seed=42, dealer=1)
    hands, kitty = deal(rules, shuffled_pack(rules, 42), 1)
    assert list(state.hands) == [
        tuple(sorted(h, key=pack(rules).index)) for h in hands[:players]
    ]
    assert same_cards(state.kitty, format_cards(kitty))
    assert state.seed == 42
    assert state.hand_number == 0
    assert state.dealer == 1


def test_new_game_is_reproducible() -> None:
    assert new_game(seed=5) == new_game(seed=5)
    assert new_game(seed=5).hands != new_game(seed=6).hands
    assert new_game(seed=5, dealer=2).dealer == 2


def test_new_game_without_a_seed_draws_one() -> None:
    state = new_game()
    assert isinstance(state.seed, int)
    assert new_game(seed=state.seed) == state


def test_next_hand_is_deterministic_from_the_game_seed() -> None:
    one = finish_hand(new_game(seed=9))
    two = finish_hand(new_game(seed=9))
    assert one == two
    assert next_hand(one) == next_hand(two)
    assert next_hand(one).hands != one.hands
    # An explicit seed overrides the game's.
    assert next_hand(one, seed=1) == next_hand(two, seed=1)
    assert next_hand(one, seed=1).hands != next_hand(one).hands


def test_a_whole_game_replays_from_its_seed() -> None:
    def run(seed: int) -> list[GameState]:
        state = new_game(seed=seed)
        states = []
        for _ in range(4):
            state = finish_hand(state)
            states.append(state)
            if state.phase is Phase.GAME_OVER:
                break
            state = next_hand(state)
        return states

    assert run(123) == run(123)


def test_the_game_seed_is_kept() -> None:
    state = next_hand(finish_hand(new_game(seed=77)))
    assert state.seed == 77
    assert state.hand_number == 1


# -- errors ----------------------------------------------------------------------------


def test_passed_players_are_skipped() -> None:
    state = act(deal_t(), "PASS", "6S", "PASS", "PASS")
    # Seat 0 passed: seat 1's bid stands, the auction is over.
    assert state.contract == contract("6S", 1)
    state = act(deal_t(), "PASS", "6S", "7S")
    assert state.to_act == 3
    state = act(state, "PASS")
    assert state.to_act == 1  # seat 0 passed: skipped


def test_wrong_phase_in_bidding() -> None:
    state = deal_t()
    illegal(
        state,
        "PLAY JK",
        WrongPhaseError,
        "illegal play 'JK' by seat 0: it is the bidding phase: expected a call "
        "(a bid or PASS)",
    )
    illegal(
        state,
        "DISCARD 5S 6S 7S",
        WrongPhaseError,
        "illegal action 'DISCARD 5S 6S 7S' by seat 0: it is the bidding phase: "
        "expected a call (a bid or PASS)",
    )
    illegal(
        state,
        "NOMINATE H",
        WrongPhaseError,
        "illegal action 'NOMINATE H' by seat 0: it is the bidding phase: expected "
        "a call (a bid or PASS)",
    )


def test_wrong_phase_in_play() -> None:
    state = act(deal_t(), "7H", "PASS", "PASS", "PASS", "DISCARD 4D AC KS")
    illegal(
        state,
        "7NT",
        WrongPhaseError,
        "illegal bid '7NT' by seat 0: it is the play phase: expected PLAY <card>",
    )
    illegal(
        state,
        "CALL AH",
        WrongPhaseError,
        "illegal action 'CALL AH' by seat 0: it is the play phase: expected PLAY <card>",
    )


def test_a_card_not_in_the_hand() -> None:
    state = act(deal_t(), "7H", "PASS", "PASS", "PASS", "DISCARD 4D AC KS")
    illegal(
        state,
        "PLAY 7S",
        IllegalPlayError,
        "illegal play '7S' by seat 0: 7S is not in the hand",
    )


def test_explain_illegal_is_none_exactly_for_legal_actions() -> None:
    state = act(deal_t(), "7NT", "PASS", "PASS", "PASS")
    for action in legal_actions(state):
        assert explain_illegal(state, action) is None
        assert is_legal(state, action)


def test_apply_returns_a_new_state_and_leaves_the_old_one() -> None:
    state = deal_t()
    before = copy.deepcopy(state)
    after = apply(state, parse_action("7H"))
    assert state == before
    assert hash(state) == hash(before)
    assert after != state
    assert state.to_act == 0
    assert after.to_act == 1
    # The old state can still be played from.
    assert apply(state, parse_action("PASS")).to_act == 1


# -- new_hand validation -----------------------------------------------------------------


def t_hands() -> list[tuple[Card, ...]]:
    return [parse_cards(h) for h in T_HANDS]


def test_new_hand_rejects_a_duplicate_card() -> None:
    hands = t_hands()
    hands[1] = parse_cards("AH") + hands[1][1:]
    with pytest.raises(
        InvalidStateError, match=re.escape("duplicate cards in the deal: AH")
    ):
        new_hand(FOUR, hands, parse_cards(T_KITTY), dealer=0)


def test_new_hand_rejects_a_foreign_card() -> None:
    hands = t_hands()
    hands[3] = parse_cards("4S") + hands[3][1:]  # no 4S in the 43-card pack
    with pytest.raises(
        InvalidStateError, match=re.escape("cards not in the 4-player pack: 4S")
    ):
        new_hand(FOUR, hands, parse_cards(T_KITTY), dealer=0)


def test_new_hand_rejects_a_missing_card() -> None:
    hands = t_hands()
    hands[2] = hands[2][1:]
    with pytest.raises(
        InvalidStateError, match=re.escape("hand 2 has 9 cards instead of 10")
    ):
        new_hand(FOUR, hands, parse_cards(T_KITTY), dealer=0)


def test_new_hand_rejects_a_wrong_kitty() -> None:
    with pytest.raises(
        InvalidStateError, match=re.escape("the kitty has 2 cards instead of 3")
    ):
        new_hand(FOUR, t_hands(), parse_cards("5H 4H"), dealer=0)


def test_new_hand_rejects_a_wrong_number_of_hands() -> None:
    with pytest.raises(
        InvalidStateError, match=re.escape("a 4-player deal needs 4 hands; got 3")
    ):
        new_hand(FOUR, t_hands()[:3], parse_cards(T_KITTY), dealer=0)
    two = [parse_cards(h) for h in TWO_HANDS]
    with pytest.raises(InvalidStateError, match="the dead hand"):
        new_hand(TWO, two[:2], parse_cards(TWO_KITTY), dealer=0)


def test_new_hand_rejects_something_that_is_not_a_card() -> None:
    hands: list[list[Any]] = [list(h) for h in t_hands()]
    hands[0][0] = "JK"
    with pytest.raises(
        InvalidStateError, match="hand 0 holds something that is not a Card"
    ):
        new_hand(FOUR, hands, parse_cards(T_KITTY), dealer=0)


@pytest.mark.parametrize("dealer", [-1, 4, "0", 1.0, None])
def test_new_hand_rejects_a_bad_dealer(dealer: Any) -> None:
    with pytest.raises(InvalidStateError, match="seats are 0 to 3"):
        new_hand(FOUR, t_hands(), parse_cards(T_KITTY), dealer=dealer)


@pytest.mark.parametrize("scores", [(0,), (0, 0, 0), (0, "10"), (0, 1.5)])
def test_new_hand_rejects_bad_scores(scores: tuple[Any, ...]) -> None:
    with pytest.raises(InvalidStateError, match="scores needs 2 whole numbers"):
        new_hand(FOUR, t_hands(), parse_cards(T_KITTY), dealer=0, scores=scores)


def test_new_hand_rejects_a_side_that_has_already_lost() -> None:
    with pytest.raises(InvalidStateError, match="at or below the losing score -500"):
        new_hand(FOUR, t_hands(), parse_cards(T_KITTY), dealer=0, scores=(0, -500))
    state = new_hand(FOUR, t_hands(), parse_cards(T_KITTY), dealer=0, scores=(0, -490))
    assert state.scores == (0, -490)


def test_new_hand_keeps_given_scores() -> None:
    state = new_hand(FOUR, t_hands(), parse_cards(T_KITTY), dealer=0, scores=(120, -40))
    assert state.scores == (120, -40)
    assert state.seed is None


def test_new_game_rejects_a_bad_seed_and_dealer() -> None:
    with pytest.raises(InvalidStateError, match="invalid seed"):
        new_game(seed=cast(Any, "7"))
    with pytest.raises(InvalidStateError, match="seats are 0 to 2"):
        new_game(THREE, dealer=3)


# -- discards ----------------------------------------------------------------------------


def test_the_discard_may_keep_or_return_any_kitty_cards() -> None:
    base = act(deal_t(), "7H", "PASS", "PASS", "PASS")
    # Every 3 of the 13 cards is a legal discard, listed once, in canonical text.
    discards = legal_actions(base)
    assert all(isinstance(d, Discard) and len(d.cards) == 3 for d in discards)
    assert len(set(discards)) == len(discards) == 286
    assert all(parse_action(str(d)) == d for d in discards)
    assert str(discards[0]) == "DISCARD KS AS AC"
    assert str(discards[-1]) == "DISCARD KH AH JK"
    kept = act(base, "DISCARD 4H 5H 4D")
    assert same_cards(kept.hands[0], T_HANDS[0])
    mixed = act(base, "DISCARD JK 4D AS")
    assert same_cards(mixed.discards, "AS 4D JK")
    assert JOKER not in mixed.hands[0]
    assert len(mixed.hands[0]) == 10


def test_the_play_never_shows_the_discards() -> None:
    state = act(deal_t(), "7H", "PASS", "PASS", "PASS", "DISCARD 4D AC KS")
    plays = legal_actions(state)
    assert all(isinstance(p, PlayCard) for p in plays)
    assert PlayCard(parse_cards("KS")[0]) not in plays


@pytest.mark.parametrize("scores", [5, "12", 1.5])
def test_new_hand_scores_that_are_not_a_sequence_are_a_type_error(
    scores: object,
) -> None:
    hands, kitty = new_game(seed=1).dealt
    with pytest.raises(TypeError, match="a sequence of scores"):
        new_hand(Rules(), hands, kitty, dealer=0, scores=cast(Any, scores))


@pytest.mark.parametrize("scores", [(1, 2, 3), (1.0, 2), (True, 0), ()])
def test_new_hand_scores_not_one_whole_number_per_side_are_refused(
    scores: tuple[object, ...],
) -> None:
    hands, kitty = new_game(seed=1).dealt
    with pytest.raises(InvalidStateError, match="scores needs 2 whole numbers"):
        new_hand(Rules(), hands, kitty, dealer=0, scores=cast(Any, scores))


@pytest.mark.parametrize(
    ("players", "contract"),
    [(3, "random"), (4, "random"), (4, "misere"), (5, "random"), (6, "misere")],
)
def test_the_contracting_seats_take_the_tricks_the_hand_was_scored_on(
    players: int, contract: str
) -> None:
    """The seats playing the contract: theirs are the tricks its result counted."""
    rules = make_rules(players, "standard")
    for seed in range(6):
        states = hands_of(rules, contract, seed)
        for state in states:
            if state.contract is None:
                assert state.contracting_seats == frozenset()
                continue
            seats = state.contracting_seats
            sides = contracting_sides(rules, state.contract.contractor, state.partner)
            assert seats == contracting_seats(rules, state.contract, state.partner)
            assert {side_of(rules, seat) for seat in seats} <= sides
            assert not seats & state.sitting_out
        end = states[-1]
        if end.contract is None or end.hand_result is None:
            continue
        sides = contracting_sides(rules, end.contract.contractor, end.partner)
        taken = sum(end.tricks_won_by_seat[seat] for seat in end.contracting_seats)
        assert taken == sum(end.tricks_won[side] for side in sides)
        before = [
            total - change
            for total, change in zip(end.scores, end.hand_result, strict=True)
        ]
        result = score_hand(
            end.contract.bid, end.tricks_won, sides, scores=before, rules=rules
        )
        assert result == end.hand_result
