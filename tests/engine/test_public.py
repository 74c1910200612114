"""The engine's card play and calls on the facade's states (``_engine.public``).

The compiled build's ``apply`` takes a listed card play with ``state_play`` and a
listed call with ``state_call`` (both through ``state_action``); the pure build takes
them inline. These tests run the engine functions in both builds against the facade's
full path (the play phase's own application, the auction's listed step), one state at
a time, and check that they decline everything else: other phases, plays and calls
not listed, cards not legal now, a seat not to act.
"""

import copy
import pickle
import random

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.random_games import play_random_game
from tests.strategies import rules, seeds

from five_hundred import PlayCard, Rules, apply, legal_actions
from five_hundred._engine.core import H_AUCTION, HAND, LOG, UNCHECKED
from five_hundred._engine.public import (
    identity_index,
    identity_slots,
    listed_calls,
    state_action,
    state_call,
    state_listing,
    state_play,
)
from five_hundred.bidding import (
    PASS,
    Auction,
    apply_call,
    auction_record,
    bid_ladder,
    legal_calls,
    listed_record,
)
from five_hundred.state import (
    _CALL_FRONT,
    _FRONT,
    Phase,
    _after_call,
    _apply_play,
    _reason,
    record_of,
)
from five_hundred.tricks import (
    PLAY_TABLES,
    PLAYS,
    PLAYS_CACHE_SIZE,
    SUIT_PLAYS_CACHE_SIZE,
)

CODES = tuple(code for code in range(65) if code % 16 < 13 or code == 64)


@settings(max_examples=40, deadline=None)
@given(rules(), seeds())
def test_state_play_takes_the_listed_plays_as_the_facade_does(
    game_rules: Rules, seed: int
) -> None:
    for state in play_random_game(game_rules, seed, max_hands=1):
        seat = state.to_act
        if seat is None:
            continue
        core = record_of(state)
        for action in legal_actions(state):
            found = state_play(core, action, seat, _FRONT)
            if not isinstance(action, PlayCard) or action.suit is not None:
                assert found is None  # another phase, or the Joker led naming a suit
                continue
            expected = _apply_play(core, action, (core[LOG], action, seat))
            other = (seat + 1) % game_rules.players  # not the seat to act
            assert state_play(core, action, other, _FRONT) is None
            assert found is not None
            assert record_of(found) == record_of(expected)
            assert found.phase is expected.phase
            assert found.scores == expected.scores
        assert record_of(state) is core  # the state is unchanged


@settings(max_examples=40, deadline=None)
@given(rules(), seeds())
def test_state_play_declines_plays_not_listed_or_not_legal(
    game_rules: Rules, seed: int
) -> None:
    rng = random.Random(seed)
    for state in play_random_game(game_rules, seed, max_hands=1):
        if state.to_act is None:
            continue
        core = record_of(state)
        listed = {id(action) for action in legal_actions(state)}
        for code in rng.sample(CODES, 6):
            shared = PLAYS[code]
            if id(shared) not in listed:  # not legal now (or not the play phase)
                assert state_play(core, shared, UNCHECKED, _FRONT) is None
                assert _reason(core, shared) is not None
            equal = PlayCard(shared.card)  # equal to a shared play, but not listed
            assert state_play(core, equal, UNCHECKED, _FRONT) is None


@settings(max_examples=40, deadline=None)
@given(rules(), seeds())
def test_state_call_takes_the_listed_calls_as_the_facade_does(
    game_rules: Rules, seed: int
) -> None:
    for state in play_random_game(game_rules, seed, max_hands=2):
        seat = state.to_act
        if seat is None:
            continue
        core = record_of(state)
        for action in legal_actions(state):
            found = state_call(core, action, seat, _FRONT, _CALL_FRONT)
            through = state_action(core, action, UNCHECKED, _FRONT, _CALL_FRONT)
            book, record = core[HAND][H_AUCTION]
            auction = listed_record(action, book, record)
            if auction is None:  # not the auction
                assert found is None
                if not isinstance(action, PlayCard):
                    assert through is None  # the other phases: the facade's path
                continue
            expected = _after_call(core, (book, auction), (core[LOG], action, seat))
            assert found is not None
            assert through is not None
            assert record_of(found) == record_of(expected) == record_of(through)
            assert found.phase is expected.phase
            other = (seat + 1) % game_rules.players  # not the seat to act
            assert state_call(core, action, other, _FRONT, _CALL_FRONT) is None
        assert record_of(state) is core  # the state is unchanged


@settings(max_examples=40, deadline=None)
@given(rules(), seeds())
def test_state_call_declines_calls_not_listed(game_rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    ladder = bid_ladder(game_rules)
    for state in play_random_game(game_rules, seed, max_hands=1):
        if state.to_act is None:
            continue
        core = record_of(state)
        listed = {id(action) for action in legal_actions(state)}
        for call in (PASS, *rng.sample(ladder, 4)):
            if id(call) not in listed:  # not legal now (or not the auction)
                assert state_call(core, call, UNCHECKED, _FRONT, _CALL_FRONT) is None
                assert _reason(core, call) is not None
        for call in rng.sample(ladder, 2):  # equal to a listed bid, but not listed
            equal = attrs.evolve(call)
            assert equal == call
            assert equal is not call
            assert state_call(core, equal, UNCHECKED, _FRONT, _CALL_FRONT) is None


@settings(max_examples=40, deadline=None)
@given(rules(), seeds())
def test_state_listing_is_the_facades_listing(game_rules: Rules, seed: int) -> None:
    tables = (PLAY_TABLES, PLAYS_CACHE_SIZE, SUIT_PLAYS_CACHE_SIZE)
    for state in play_random_game(game_rules, seed, max_hands=2):
        core = record_of(state)
        found = state_listing(core, *tables, _CALL_FRONT)
        calls = listed_calls(core, _CALL_FRONT)
        if state.phase is Phase.BIDDING:
            assert calls is legal_calls(state.auction)  # the shared listing
            assert found is calls
        else:
            assert calls is None
        if found is not None:  # the card play (not a Joker lead naming a suit)
            assert found == legal_actions(state)
        elif state.to_act is not None:
            assert state.phase not in (Phase.BIDDING,)


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=600))
def test_identity_slots_find_each_item_and_nothing_else(count: int) -> None:
    # Many objects made together: neighbouring addresses share slots, so the probe
    # runs on (the table holds no more than a quarter of its slots).
    items = tuple(PlayCard(PLAYS[code % 65].card) for code in range(count))
    slots = identity_slots(items)
    size = len(slots)
    assert size & size - 1 == 0  # a power of two
    assert size >= 4 * count
    assert sorted(slot for slot in slots if slot >= 0) == list(range(count))
    for position, item in enumerate(items):
        assert identity_index(slots, items, item) == position
    for other in (*PLAYS, PlayCard(PLAYS[0].card), None, 0, object()):
        assert identity_index(slots, items, other) == -1  # equal items are not found
    assert identity_index(identity_slots(()), (), PLAYS[0]) == -1


def test_the_shared_plays_are_found_by_identity() -> None:
    slots = _FRONT[0]
    for code, play in enumerate(PLAYS):
        assert identity_index(slots, PLAYS, play) == code
        assert identity_index(slots, PLAYS, PlayCard(play.card)) == -1


@settings(max_examples=25, deadline=None)
@given(rules(), seeds())
def test_a_state_keeps_its_auction_as_parts_that_copy_and_pickle(
    game_rules: Rules, seed: int
) -> None:
    """The state keeps ``(book, record)``; ``state.auction`` is the replayed auction.

    A copy or a pickle of a state rebuilds the rules' book for its copy of the rules
    (the listings are keyed by the shared calls' identities, which a pickle cannot
    carry), so the copy lists equal calls and takes each as the original does.
    """
    for state in play_random_game(game_rules, seed, max_hands=2):
        replayed = Auction.start(game_rules, state.dealer)
        for seat, call in state.auction.calls:
            replayed = apply_call(replayed, seat, call)
        assert state.auction == replayed
        book, record = record_of(state)[HAND][H_AUCTION]
        assert auction_record(state.auction) == (book, record)
        for again in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
            assert again == state
            assert again.auction == state.auction
            listed = legal_actions(again)
            assert listed == legal_actions(state)
            if state.phase is Phase.BIDDING:  # the copy's own shared calls
                assert legal_actions(again) is listed
                for action, original in zip(listed, legal_actions(state), strict=True):
                    assert apply(again, action) == apply(state, original)
