"""The engine's interface to the public verbs (``_engine.api``) against the facade.

Compiled, the public names ``legal_actions`` and ``apply`` are the engine's entry
points, which list and take the card play (``state_play``) and the auction
(``state_call``, both through ``state_action``) themselves and hand everything else to
the documented functions of ``five_hundred.state``, which settle the end of a phase
(the hand's last card, the call that ends the auction).  These tests run the engine
functions in both builds against the facade's full path, one state at a time: the
same listings, the same states, the same refusals with the same messages, the input
state unchanged; they decline everything else (other phases, plays and calls not
listed, cards not legal now, a seat not to act, the end of a phase).  They also check
that the public names keep the face of the documented functions: name, docstring,
signature, pickling by name.
"""

import copy
import functools
import inspect
import pickle
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.random_games import play_random_game
from tests.strategies import rules, seeds

import five_hundred
from five_hundred import (
    PASS,
    Action,
    GameState,
    IllegalActionError,
    PlayCard,
    Rules,
    apply,
    legal_actions,
)
from five_hundred._engine import api, core
from five_hundred._engine.api import (
    identity_index,
    identity_slots,
    listed_calls,
    state_action,
    state_call,
    state_listing,
    state_play,
)
from five_hundred._engine.auction import A_TO_ACT
from five_hundred._engine.core import H_AUCTION, HAND, TO_ACT, UNCHECKED
from five_hundred.bidding import (
    Auction,
    apply_call,
    auction_record,
    bid_ladder,
    legal_calls,
    listed_record,
)
from five_hundred.state import (
    Phase,
    _after_call,
    _apply_play,
    _reason,
    play_order,
    record_of,
)
from five_hundred.tricks import (
    PLAY_TABLES,
    PLAYS,
    PLAYS_CACHE_SIZE,
    SUIT_PLAYS_CACHE_SIZE,
)

CODES = tuple(code for code in range(65) if code % 16 < 13 or code == 64)
SHARED = (identity_slots(PLAY_TABLES[2]), PLAY_TABLES[2])
"""The shared plays as the state installs them: the cards', then the Joker's leads."""
"""The shared plays as the facade installs them (``api.install``)."""
DOCUMENTED_APPLY = getattr(apply, "__wrapped__", apply)
DOCUMENTED_LISTING = getattr(legal_actions, "__wrapped__", legal_actions)


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
            found = state_play(state, core, action, seat, SHARED)
            if not isinstance(action, PlayCard):
                assert found is None  # another phase
                continue
            expected = _apply_play(core, action)
            other = (seat + 1) % game_rules.players  # not the seat to act
            assert state_play(state, core, action, other, SHARED) is None
            # (the hand's last card too: scored in the engine, as the facade does)
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
                assert state_play(state, core, shared, UNCHECKED, SHARED) is None
                assert _reason(core, shared) is not None
            equal = PlayCard(shared.card)  # equal to a shared play, but not listed
            assert state_play(state, core, equal, UNCHECKED, SHARED) is None


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
            found = state_call(state, core, action, seat)
            through = state_action(state, core, action, UNCHECKED, SHARED)
            book, record = core[HAND][H_AUCTION]
            auction = listed_record(action, book, record)
            if auction is None:  # not the auction
                assert found is None
                if not isinstance(action, PlayCard):
                    assert through is None  # the other phases: the facade's path
                continue
            expected = _after_call(core, book, auction, action, seat)
            if auction[A_TO_ACT] < 0 and found is None:
                # the call that ends the auction, in a contract whose step the facade
                # had not met: it is in the book now, and the engine takes it
                assert through is None
                found = state_call(state, core, action, seat)
                through = state_action(state, core, action, UNCHECKED, SHARED)
            assert found is not None
            assert through is not None
            assert record_of(found) == record_of(expected) == record_of(through)
            assert found.phase is expected.phase
            other = (seat + 1) % game_rules.players  # not the seat to act
            assert state_call(state, core, action, other) is None
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
                assert state_call(state, core, call, UNCHECKED) is None
                assert _reason(core, call) is not None
        for call in rng.sample(ladder, 2):  # equal to a listed bid, but not listed
            equal = attrs.evolve(call)
            assert equal == call
            assert equal is not call
            assert state_call(state, core, equal, UNCHECKED) is None


@settings(max_examples=40, deadline=None)
@given(rules(), seeds())
def test_state_listing_is_the_facades_listing(game_rules: Rules, seed: int) -> None:
    tables = (PLAY_TABLES, PLAYS_CACHE_SIZE, SUIT_PLAYS_CACHE_SIZE)
    for state in play_random_game(game_rules, seed, max_hands=2):
        core = record_of(state)
        listed = legal_actions(state)  # (it makes a listing of calls not made yet)
        found = state_listing(core, *tables)
        calls = listed_calls(core)
        if state.phase is Phase.BIDDING:
            assert calls is legal_calls(state.auction)  # the shared listing
            assert found is calls
        else:
            assert calls is None
        if found is not None:  # the card play (not a Joker lead naming a suit)
            assert found == listed
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
    slots = api.DATA[0][0]  # as the facade installed them
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


def _outcome(call: functools.partial[GameState]) -> tuple[str, object]:
    """What a call of ``apply`` gives: the new state's record, or the refusal."""
    try:
        return "state", record_of(call())
    except (IllegalActionError, TypeError, ValueError) as error:
        return type(error).__name__, str(error)


@settings(max_examples=40, deadline=None)
@given(rules(), seeds())
def test_entry_points_list_and_take_what_the_documented_functions_do(
    game_rules: Rules, seed: int
) -> None:
    rng = random.Random(seed)
    ladder = bid_ladder(game_rules)
    for state in play_random_game(game_rules, seed, max_hands=2):
        core = record_of(state)
        listed = api.legal_actions(state)
        assert listed == DOCUMENTED_LISTING(state)
        seat = state.to_act
        others: list[Action] = [PASS, *rng.sample(ladder, 3), *rng.sample(PLAYS, 3)]
        for action in (*listed, *others):
            for who in (None, seat, 0 if seat else 1):
                found = _outcome(functools.partial(api.apply, state, action, seat=who))
                expected = _outcome(
                    functools.partial(DOCUMENTED_APPLY, state, action, seat=who)
                )
                assert found == expected
        assert record_of(state) is core  # the state is unchanged


@pytest.mark.parametrize(
    "thing", [None, 3, "PLAY AS", record_of(five_hundred.new_game())]
)
def test_entry_points_refuse_what_is_not_a_state_as_the_documented_functions(
    thing: object,
) -> None:
    with pytest.raises(TypeError) as found:
        api.legal_actions(thing)
    with pytest.raises(TypeError) as expected:
        DOCUMENTED_LISTING(thing)  # type: ignore[arg-type]
    assert str(found.value) == str(expected.value)
    action = legal_actions(five_hundred.new_game())[0]
    with pytest.raises(TypeError) as found:
        api.apply(thing, action)
    with pytest.raises(TypeError) as expected:
        DOCUMENTED_APPLY(thing, action)  # type: ignore[arg-type]
    assert str(found.value) == str(expected.value)


def test_entry_points_refuse_what_is_not_an_action_as_the_documented_functions() -> (
    None
):
    state = five_hundred.new_game(seed=5)
    for thing in ("PASS", None, 7, PLAYS):
        assert _outcome(functools.partial(api.apply, state, thing)) == _outcome(
            functools.partial(DOCUMENTED_APPLY, state, thing)  # type: ignore[arg-type]
        )
    with pytest.raises(TypeError):
        api.apply(state, PASS, 0)  # type: ignore[call-arg]  # ``seat``: keyword-only


@pytest.mark.parametrize("public", [apply, legal_actions])
def test_the_public_names_keep_the_documented_functions_face(public: object) -> None:
    documented = getattr(public, "__wrapped__", public)
    assert inspect.isfunction(documented)
    assert getattr(public, "__name__", None) == documented.__name__
    assert getattr(public, "__module__", None) == "five_hundred.state"
    assert public.__doc__ == documented.__doc__
    assert public.__doc__  # documented
    assert inspect.signature(public) == inspect.signature(documented)  # type: ignore[arg-type]
    assert pickle.loads(pickle.dumps(public)) is public  # by name, as a function
    assert copy.copy(public) is public
    assert copy.deepcopy(public) is public
    if five_hundred.compiled:
        assert isinstance(public, functools.partial)
        assert public.func is getattr(api, documented.__name__)
    else:
        assert public is documented


def test_to_act_is_the_declared_property_in_both_builds() -> None:
    """``GameState.to_act``: the class's own property, the record's seat to act."""
    prop = GameState.__dict__["to_act"]
    assert isinstance(prop, property)
    assert inspect.isfunction(prop.fget)
    assert (
        prop.__doc__
        == "The seat to act, or ``None`` when the hand or the game is over."
    )
    for state in play_random_game(Rules(), 5, max_hands=2):
        assert state.to_act == record_of(state)[TO_ACT]
    with pytest.raises(AttributeError):
        _ = GameState().to_act  # the empty state holds no record


@settings(max_examples=25, deadline=None)
@given(rules(), seeds())
def test_the_search_tools_readers_agree_with_the_state(
    game_rules: Rules, seed: int
) -> None:
    for state in play_random_game(game_rules, seed):
        record = record_of(state)
        playing = state.phase is Phase.PLAY and state.to_act is not None
        assert api.card_player(record) == (state.to_act if playing else -1)
        rules_of, contract, partner = api.contract_parts(record)
        assert rules_of == state.rules
        assert contract == state.contract
        assert partner == state.partner
        assert api.action_log(record) is record[core.LOG]
        if not playing:
            continue
        leader = state.leader if state.leader is not None else state.to_act
        assert leader is not None  # a card is to be played, so someone leads
        assert api.play_setup(record).order[leader] == play_order(state, leader)
        led = state.led_suit
        assert api.suit_led(record) == (-1 if led is None else led.value)
        # the record's own cards dealt again: the same record
        hand = record[core.HAND]
        held = list(record[core.HANDS])  # the partner card's holder: found in these
        if hand[core.H_PARTNER_CARD] >= 0 and hand[core.H_PARTNER] >= 0:
            held[hand[core.H_PARTNER]] |= 1 << hand[core.H_PARTNER_CARD]
        again = api.redeal(
            record,
            record[core.HANDS],
            hand[core.H_DEALT],
            hand[core.H_KITTY],
            -1,
            held,
            api.action_log(record),
        )
        assert again == record
