"""The auction engine (``five_hundred._engine.auction``) against its typed facade.

The engine works on ladder ranks, seat masks and refusal codes; :mod:`five_hundred.bidding`
turns them into bids, seats and messages.  These tests check that the two agree on
random auctions over random rules (:ref:`rules-bidding`), and that every refusal code
reads as the message :func:`~five_hundred.bidding.explain_call` documents.
"""

import pytest
from hypothesis import event, given
from hypothesis import strategies as st
from tests.strategies import bidding_rules, bids, calls

from five_hundred import (
    BLIND_MISERE,
    MISERE,
    OPEN_MISERE,
    PASS,
    Auction,
    Bid,
    Call,
    MisereBid,
    Rules,
    apply_call,
    bid_ladder,
    explain_call,
    legal_calls,
    parse_bid,
)
from five_hundred._engine import auction as engine
from five_hundred._engine.auction import A_CALLED, A_STANDING
from five_hundred.bidding import _auction_options

OPTION_OF = {MISERE: "misere", OPEN_MISERE: "open_misere", BLIND_MISERE: "blind_misere"}


def rank_of(call: Call, rules: Rules) -> int:
    """The engine's rank of ``call``, found without the facade's tables."""
    if call == PASS:
        return engine.PASS_RANK
    ladder = bid_ladder(rules)
    return ladder.index(call) if call in ladder else engine.UNLISTED


def documented(code: int, auction: Auction, seat: int, call: Call) -> str:
    """The message explain_call documents for a refusal code."""
    standing = "none" if auction.standing is None else str(auction.standing)
    if code == engine.DISALLOWED:
        assert isinstance(call, Bid)
        if isinstance(call, MisereBid):
            return (
                f"{call.kind.title} is not allowed by these rules "
                f"(Rules.{OPTION_OF[call]}=False)"
            )
        return "sans-kitty bids are not allowed by these rules (Rules.sans_kitty=False)"
    return {
        engine.OVER: "the auction is over",
        engine.PASSED: f"seat {seat} has passed and may not call again this hand",
        engine.OUT_OF_TURN: (
            f"seat {seat} called out of turn: seat {auction.to_act} is to call"
        ),
        engine.TOO_LOW: f"it does not outrank the standing bid {standing}",
        engine.GATE: (
            "misère may be bid only while the standing bid is at the 7 level "
            f"(standing bid: {standing})"
        ),
        engine.BLIND_LATE: (
            "blind misère may be called only as a player's first call of the hand"
        ),
    }[code]


def check_listing(auction: Auction) -> tuple[Call, ...]:
    """The engine's legal ranks are the facade's legal calls, in the same order."""
    rules = auction.rules
    options = _auction_options(rules)
    record = auction._a
    seat = auction.to_act
    assert seat is not None
    ranks = engine.legal_ranks(
        options, record[A_STANDING], record[A_CALLED] >> seat & 1
    )
    legal = legal_calls(auction)
    assert ranks == tuple(rank_of(call, rules) for call in legal)
    assert ranks[0] == engine.PASS_RANK
    assert list(ranks[1:]) == sorted(set(ranks[1:]))
    for call in (PASS, *bid_ladder(rules)):
        code = engine.refusal(options, record, seat, rank_of(call, rules))
        assert (code == engine.LEGAL) is (rank_of(call, rules) in ranks)
    return legal


@given(bidding_rules(), st.data())
def test_engine_ranks_are_the_facade_listing(rules: Rules, data: st.DataObject) -> None:
    options = _auction_options(rules)
    dealer = data.draw(st.integers(0, rules.players - 1), label="dealer")
    auction = Auction.start(rules, dealer)
    record = engine.start(options, dealer)  # the engine alone, alongside the facade
    while not auction.is_over:
        assert auction._a == record
        legal = check_listing(auction)
        call = data.draw(st.one_of(st.just(PASS), st.sampled_from(legal)), label="call")
        seat = auction.to_act
        assert seat is not None
        auction = apply_call(auction, seat, call)
        record = engine.advance(options, record, seat, rank_of(call, rules))
        assert type(record) is tuple  # a plain tuple (see AuctionRecord)
        assert record[engine.A_TO_ACT] == (
            -1 if auction.to_act is None else auction.to_act
        )
    assert auction._a == record
    assert legal_calls(auction) == ()
    event("thrown in" if auction.thrown_in else "won")


@given(bidding_rules(), st.data())
def test_each_refusal_code_reads_as_its_documented_message(
    rules: Rules, data: st.DataObject
) -> None:
    options = _auction_options(rules)
    auction = Auction.start(rules, data.draw(st.integers(0, rules.players - 1)))
    for _ in range(data.draw(st.integers(0, 6), label="calls made")):
        if auction.is_over:
            break
        legal = legal_calls(auction)
        seat = auction.to_act
        assert seat is not None
        auction = apply_call(auction, seat, data.draw(st.sampled_from(legal)))
    seats = st.integers(-1, rules.players)
    if auction.to_act is not None:  # mostly the seat to act, to reach the bid checks
        seats = st.one_of(st.just(auction.to_act), seats)
    seat = data.draw(seats, label="seat")
    call = data.draw(st.one_of(calls(rules), bids()), label="call")
    code = engine.refusal(options, auction._a, seat, rank_of(call, rules))
    reason = explain_call(auction, seat, call)
    if code == engine.LEGAL:
        assert reason is None
    else:
        assert reason == documented(code, auction, seat, call)
    event(f"code {code}")


REFUSALS = [
    # (rules, calls made from seat 0 on, seat, call, code)
    (Rules(), "PASS 6S PASS PASS", 0, "7H", engine.OVER),
    (Rules(), "PASS 6S", 0, "7H", engine.PASSED),
    (Rules(), "6S", 3, "7H", engine.OUT_OF_TURN),
    (Rules(sans_kitty=False), "", 0, "7H-SK", engine.DISALLOWED),
    (Rules(open_misere=False), "", 0, "OMIS", engine.DISALLOWED),
    (Rules(), "7H", 1, "7S", engine.TOO_LOW),
    (Rules(), "6NT", 1, "MIS", engine.GATE),
    (Rules(), "", 0, "MIS", engine.GATE),
    (Rules(), "6S 7S PASS PASS", 0, "BMIS", engine.BLIND_LATE),
]


@pytest.mark.parametrize(("rules", "texts", "seat", "text", "code"), REFUSALS)
def test_every_refusal_code(
    rules: Rules, texts: str, seat: int, text: str, code: int
) -> None:
    auction = Auction.start(rules, dealer=rules.players - 1)
    for word in texts.split():
        assert auction.to_act is not None
        auction = apply_call(auction, auction.to_act, parse_bid(word))
    call = parse_bid(text)
    options = _auction_options(rules)
    assert engine.refusal(options, auction._a, seat, rank_of(call, rules)) == code
    assert explain_call(auction, seat, call) == documented(code, auction, seat, call)


def test_the_refusal_cases_cover_every_code() -> None:
    codes = {
        engine.OVER,
        engine.PASSED,
        engine.OUT_OF_TURN,
        engine.DISALLOWED,
        engine.TOO_LOW,
        engine.GATE,
        engine.BLIND_LATE,
    }
    assert {case[-1] for case in REFUSALS} == codes
    assert engine.LEGAL not in codes


def test_each_index_constant_names_its_field() -> None:
    for index, name in enumerate(engine.AuctionRecord._fields):
        assert getattr(engine, "A_" + name.upper()) == index, name
    assert type(engine.start(_auction_options(Rules()), 0)) is tuple


@given(bidding_rules(), st.data())
def test_listing_index_keeps_each_listing_apart(
    rules: Rules, data: st.DataObject
) -> None:
    options = _auction_options(rules)
    dealer = data.draw(st.integers(0, rules.players - 1), label="dealer")
    auction = Auction.start(rules, dealer)
    record = engine.start(options, dealer)
    seen: dict[int, tuple[int, int]] = {}
    while not auction.is_over:
        seat = auction.to_act
        assert seat is not None
        called_before = record[engine.A_CALLED] >> seat & 1
        index = engine.listing_index(record, seat)
        assert 0 <= index < 2 * options.size + 2  # the book's listings
        assert index & 1 == called_before
        key = (record[engine.A_STANDING], called_before)
        assert seen.setdefault(index, key) == key  # one listing an index
        legal = check_listing(auction)
        call = data.draw(st.one_of(st.just(PASS), st.sampled_from(legal)), label="call")
        auction = apply_call(auction, seat, call)
        record = engine.advance(options, record, seat, rank_of(call, rules))
