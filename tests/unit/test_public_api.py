"""The public API's static types, as attrs checks its own in ``typing-examples``.

mypy checks every ``assert_type`` below (the module is in pyproject's mypy ``files``):
a change to a public signature that alters what a caller gets fails the type check.
pytest runs the same calls for real and checks that each value is of the type
declared, so the annotations cannot drift from the behaviour either.
"""

import random
from typing import assert_type

from five_hundred import (
    Action,
    Auction,
    Bid,
    Call,
    Card,
    GameRecord,
    GameState,
    MisereBid,
    NominateJoker,
    Pass,
    PlayCard,
    PlayContext,
    PlayoutResult,
    Rules,
    SeatView,
    Strain,
    Suit,
    TrickBid,
    apply,
    apply_call,
    bid_ladder,
    bid_rank,
    bid_value,
    card_power,
    deal,
    effective_suit,
    explain_call,
    explain_illegal,
    explain_play,
    format_cards,
    format_scoring_table,
    game_winners,
    is_legal,
    joker_nominations,
    legal_actions,
    legal_calls,
    legal_plays,
    new_game,
    new_hand,
    outranks,
    pack,
    parse_action,
    parse_bid,
    parse_card,
    parse_cards,
    playout,
    record,
    resample,
    score_hand,
    shuffled_pack,
    side_of,
    trick_winner,
    view,
)

BIDS = (TrickBid, MisereBid)


def tuple_of(value: object, kind: type | tuple[type, ...]) -> bool:
    """Whether ``value`` is a tuple whose items are all of ``kind``."""
    return isinstance(value, tuple) and all(isinstance(item, kind) for item in value)


def test_cards_and_the_pack() -> None:
    rules = Rules()
    card = assert_type(parse_card("10H"), Card)
    assert isinstance(card, Card)
    cards = assert_type(parse_cards("JK 10H"), tuple[Card, ...])
    assert tuple_of(cards, Card)
    assert isinstance(assert_type(format_cards(cards), str), str)
    full = assert_type(pack(rules), tuple[Card, ...])
    assert tuple_of(full, Card)
    assert tuple_of(assert_type(shuffled_pack(rules, 7), tuple[Card, ...]), Card)
    hands, kitty = assert_type(
        deal(rules, full), tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]
    )
    assert all(tuple_of(hand, Card) for hand in hands)
    assert tuple_of(kitty, Card)
    assert isinstance(assert_type(side_of(rules, 2), int), int)


def test_bids_and_the_auction() -> None:
    rules = Rules()
    call = assert_type(parse_bid("7H"), Call)
    assert isinstance(call, TrickBid)
    ladder = assert_type(bid_ladder(rules), tuple[Bid, ...])
    assert tuple_of(ladder, BIDS)
    assert isinstance(assert_type(bid_value(call, rules), int), int)
    assert isinstance(assert_type(bid_rank(call, rules), int), int)
    assert isinstance(assert_type(outranks(ladder[1], ladder[0]), bool), bool)
    assert isinstance(assert_type(format_scoring_table(rules), str), str)
    auction = assert_type(Auction.start(rules, dealer=3), Auction)
    calls = assert_type(legal_calls(auction), tuple[Call, ...])
    assert tuple_of(calls, (*BIDS, Pass))
    assert assert_type(explain_call(auction, 0, call), str | None) is None
    assert isinstance(assert_type(apply_call(auction, 0, call), Auction), Auction)


def test_the_game_state() -> None:
    state = assert_type(new_game(seed=3), GameState)
    assert isinstance(state, GameState)
    actions = assert_type(legal_actions(state), tuple[Action, ...])
    assert actions
    assert isinstance(assert_type(is_legal(state, actions[0]), bool), bool)
    assert assert_type(explain_illegal(state, actions[0]), str | None) is None
    refused = explain_illegal(state, parse_action("PLAY JK"))
    assert isinstance(refused, str)
    after = assert_type(apply(state, actions[0]), GameState)
    assert isinstance(after, GameState)
    seen = assert_type(view(after, 0), SeatView)
    assert isinstance(seen, SeatView)
    assert isinstance(assert_type(record(after), GameRecord), GameRecord)
    rules = Rules()
    hands, kitty = deal(rules, pack(rules))
    dealt = assert_type(new_hand(rules, hands, kitty, dealer=0), GameState)
    assert isinstance(dealt, GameState)


def test_scoring() -> None:
    rules = Rules()
    bid = bid_ladder(rules)[0]
    changes = assert_type(score_hand(bid, (6, 4), {0}), tuple[int, ...])
    assert tuple_of(changes, int)
    winners = assert_type(
        game_winners(rules, (520, 0), {0}, made=True), tuple[int, ...]
    )
    assert winners == (0,)


def test_tricks() -> None:
    context = PlayContext(Strain.NO_TRUMPS)
    hand = parse_cards("JK 9S AH")
    plays = assert_type(legal_plays(hand, context), tuple[PlayCard, ...])
    assert tuple_of(plays, PlayCard)
    assert assert_type(explain_play(hand, plays[0], context), str | None) is None
    nominations = assert_type(
        joker_nominations(hand, context), tuple[NominateJoker, ...]
    )
    assert tuple_of(nominations, NominateJoker)
    suit = assert_type(effective_suit(hand[1], context), Suit | None)
    assert suit is Suit.SPADES
    power = assert_type(card_power(hand[1], context, Suit.SPADES), int)
    assert isinstance(power, int)
    winner = assert_type(trick_winner(parse_cards("9S AS JK"), context), int)
    assert winner == 2


def test_search() -> None:
    state = new_game(seed=5)
    result = assert_type(playout(state, seed=1), PlayoutResult)
    assert isinstance(result, PlayoutResult)
    sampled = assert_type(resample(view(state, 1), random.Random(2)), GameState)
    assert isinstance(sampled, GameState)
