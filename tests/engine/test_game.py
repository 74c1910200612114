"""The engine's steps between the auction and the play (``_engine.game``), on codes.

The kitty discard (by the mask of its cards), the five-player partner call (by a card
code, -1 alone) and the Joker's nomination (by a suit, -1 none): their refusal codes
against the rules (:ref:`rules-kitty`, :ref:`rules-five-players`,
:ref:`rules-joker-nomination`), and each step against what the public ``apply`` makes
of the same action (the facade maps the action to its code and calls the step).
"""

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.random_games import play_random_game
from tests.strategies import rules, seeds

from five_hundred import (
    CallPartner,
    Discard,
    MisereBid,
    NominateJoker,
    Pass,
    Phase,
    Rules,
    TrickBid,
    apply,
    legal_actions,
    new_game,
)
from five_hundred._engine.codes import JOKER_CODE, KITTY_SIZE, NT
from five_hundred._engine.core import H_AUCTION, HAND, HANDS
from five_hundred._engine.game import (
    call,
    call_partner,
    discard,
    discard_refusal,
    nominate,
    partner_called,
    partner_cards,
    partner_refusal,
)
from five_hundred.bidding import PASS, _Book, advance, auction_of, auction_record
from five_hundred.cards import card_code
from five_hundred.dealing import pack_mask
from five_hundred.state import _setups, record_of

_MASKS = st.integers(0, (1 << (JOKER_CODE + 1)) - 1)


@given(_MASKS, _MASKS)
def test_a_discard_is_refused_unless_three_cards_held(held: int, mask: int) -> None:
    found = discard_refusal(held, mask)
    if mask & ~held:
        assert found == "card-not-in-hand"
    elif mask.bit_count() != KITTY_SIZE:
        assert found == "discard-count"
    else:
        assert found is None


def test_the_discard_refusals_by_example() -> None:
    held = 0b1111
    assert discard_refusal(held, 0b0111) is None
    assert discard_refusal(held, 0b1_0000) == "card-not-in-hand"
    assert discard_refusal(held, 0b0011) == "discard-count"
    assert discard_refusal(held, 0b1111) == "discard-count"
    assert discard_refusal(held, 0) == "discard-count"


@given(_MASKS)
def test_partner_cards_are_the_pack_but_the_joker_and_the_own(held: int) -> None:
    pack = pack_mask(5)
    cards = partner_cards(pack, held)
    for code in range(JOKER_CODE + 1):
        callable_card = bool(cards >> code & 1)
        refused = partner_refusal(pack, held, code)
        assert callable_card == (refused is None)
        if code == JOKER_CODE:
            assert refused == "partner-joker"
        elif not pack >> code & 1:
            assert refused == "card-not-in-pack"
        elif held >> code & 1:
            assert refused == "partner-in-own-hand"
    assert partner_refusal(pack, held, -1) is None  # alone


def test_the_partner_is_the_seat_holding_the_card() -> None:
    hands = (0b001, 0b010, 0b100)
    hand = record_of(new_game(seed=0))[HAND]
    assert partner_called(hand, 1, hands)[-2] == 1
    assert partner_called(hand, 2, hands)[-2] == 2
    assert partner_called(hand, 5, hands)[-2] == -1  # in the kitty, or discarded
    assert partner_called(hand, 5, hands)[-3] == 5


def _steps_agree_with_apply(game_rules: Rules, seed: int) -> set[Phase]:
    """Each discard, partner call and nomination: the step's record is apply's."""
    seen: set[Phase] = set()
    for state in play_random_game(game_rules, seed, max_hands=2):
        phase = state.phase
        if phase not in (Phase.DISCARD, Phase.CALL_PARTNER, Phase.NOMINATE):
            continue
        seen.add(phase)
        core = record_of(state)
        for action in legal_actions(state)[:12]:
            expected = record_of(apply(state, action))
            if isinstance(action, Discard):
                mask = sum(1 << card_code(card) for card in action.cards)
                seat = state.to_act
                assert seat is not None
                assert discard_refusal(core[HANDS][seat], mask) is None
                found = discard(core, mask, action)
            elif isinstance(action, CallPartner):
                card = -1 if action.card is None else card_code(action.card)
                found = call_partner(core, card, action)
            else:
                assert isinstance(action, NominateJoker)
                suit = -1 if action.suit is None else int(action.suit)
                found = nominate(core, suit, action)
            assert found == expected
    return seen


@settings(max_examples=30, deadline=None)
@given(rules(), seeds())
def test_the_steps_make_what_apply_makes(game_rules: Rules, seed: int) -> None:
    _steps_agree_with_apply(game_rules, seed)


def test_the_steps_meet_every_phase_between_auction_and_play() -> None:
    seen: set[Phase] = set()
    for seed in range(60):
        seen |= _steps_agree_with_apply(Rules.five_player(), seed)
        seen |= _steps_agree_with_apply(Rules(), seed)
        if len(seen) == 3:
            break
    assert seen == {Phase.DISCARD, Phase.CALL_PARTNER, Phase.NOMINATE}


def test_the_setups_say_what_follows_the_discard() -> None:
    # The partner call: five players with the option, trick bids only; the
    # nomination: No Trumps and misère (played without trumps) with the option.
    for game_rules, partner, nomination in (
        (Rules.five_player(), True, True),
        (Rules.five_player(five_player_partner=False), False, True),
        (Rules(joker_nomination=False), False, False),
        (Rules(), False, True),
    ):
        for setups in _setups(game_rules):
            for strain, setup in enumerate(setups):
                assert setup.calls_partner == (partner and not setup.misere)
                assert setup.nominates == (nomination and strain == NT)


@settings(max_examples=30, deadline=None)
@given(rules(), seeds())
def test_a_calls_step_is_what_apply_makes(game_rules: Rules, seed: int) -> None:
    # Each call, stepped by the engine from the auction's record after it: the next
    # caller, a throw-in, or (once the facade has put the contract's step in the
    # book: apply does, the first time) the contract.
    for state in play_random_game(game_rules, seed, max_hands=2):
        seat = state.to_act
        if state.phase is not Phase.BIDDING or seat is None:
            continue
        core = record_of(state)
        book, record = core[HAND][H_AUCTION]
        for action in legal_actions(state)[:6]:
            assert isinstance(action, Pass | TrickBid | MisereBid)
            after = advance(auction_of(book, record), seat, action)
            _, stepped = auction_record(after)
            expected = record_of(apply(state, action))
            assert call(core, book, stepped, action, seat) == expected


def test_a_contract_not_met_is_left_to_the_facade() -> None:
    state = new_game(seed=3)
    core = record_of(state)
    _, record = core[HAND][H_AUCTION]
    fresh = _Book(Rules())  # a book whose contracts' steps are not filled yet
    seat = 0 if state.to_act is None else state.to_act
    bid = next(a for a in legal_actions(state) if isinstance(a, TrickBid))
    auction = advance(auction_of(fresh, record), seat, bid)
    calls = 1
    while auction.to_act is not None:  # the others pass
        auction = advance(auction, auction.to_act, PASS)
        calls += 1
    _, won = auction_record(auction)
    assert call(core, fresh, won, PASS, seat) is None
    assert calls == 4
