"""The nomination phase is hidden from the other seats (:ref:`rules-nomination-hidden`).

Pairs of deals that differ only in who holds the Joker go through the same actions:
in one the contractor of a No Trumps or misère contract holds it (and may nominate),
in the other another seat (or the dead hand) does.  Until the Joker is nominated or
played, every seat that holds neither swapped card, and a spectator, sees the same
view in both games.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from five_hundred import (
    JOKER,
    Action,
    CallPartner,
    Card,
    Discard,
    GameState,
    NominateJoker,
    Phase,
    PlayCard,
    Rules,
    SeatView,
    Suit,
    apply,
    legal_actions,
    new_game,
    new_hand,
    parse_bid,
    view,
)
from five_hundred.dealing import KITTY_SIZE

RULES = [
    Rules(),
    Rules.three_player(),
    Rules.two_player(),
    Rules.five_player(),
    Rules.six_player(),
    Rules(open_misere_exposed_before_lead=False, sans_kitty=False),
]
CONTRACTS = ["6NT", "8NT", "OMIS", "BMIS"]


def _deal_pair(
    rules: Rules, seed: int, holder_pick: int
) -> tuple[
    tuple[list[list[Card]], list[Card]], tuple[list[list[Card]], list[Card]], int, int
]:
    """Two deals: the contractor holds the Joker in the first, ``holder`` in the other.

    The contractor is the first to call (left of dealer 0); ``holder`` is another
    seat, or the dead hand (index 2 with two players).  The Joker swaps places with
    one of the holder's cards, so the deals differ in those two cards only.
    """
    hands_t, kitty_t = new_game(rules, seed=seed).dealt
    hands = [list(hand) for hand in hands_t]
    kitty = list(kitty_t)
    contractor = 1 % rules.players
    places = [i for i in range(len(hands)) if i != contractor]
    holder = places[holder_pick % len(places)]
    # First deal: the Joker in the contractor's hand.
    for place in [*hands, kitty]:
        if JOKER in place:
            place.remove(JOKER)
            place.append(hands[contractor].pop(0))
            hands[contractor].append(JOKER)
            break
    first = ([list(h) for h in hands], list(kitty))
    # Second deal: the Joker and one of the holder's cards change places.
    other = hands[holder][0]
    hands[holder][0] = JOKER
    hands[contractor][hands[contractor].index(JOKER)] = other
    return first, (hands, kitty), contractor, holder


def _both(games: list[GameState], action: Action) -> list[GameState]:
    return [apply(game, action) for game in games]


def _views(game: GameState, seats: list[int | None]) -> list[SeatView]:
    return [view(game, seat) for seat in seats]


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(RULES),
    st.integers(0, 2**32),
    st.integers(0, 5),
    st.sampled_from(CONTRACTS),
    st.booleans(),
    st.integers(0, 2**16),
)
def test_other_seats_cannot_tell_who_holds_the_joker(
    rules: Rules, seed: int, holder_pick: int, bid: str, nominate: bool, play_seed: int
) -> None:
    (hands_a, kitty_a), (hands_b, kitty_b), contractor, holder = _deal_pair(
        rules, seed, holder_pick
    )
    games = [
        new_hand(rules, hands_a, kitty_a, dealer=0),
        new_hand(rules, hands_b, kitty_b, dealer=0),
    ]
    call = parse_bid(bid)
    if call not in legal_actions(games[0]):
        return  # not allowed by these rules (blind misère off, say)
    games = _both(games, call)
    while games[0].phase is Phase.BIDDING:
        games = _both(games, legal_actions(games[0])[0])  # everyone else passes
    held = set(games[0].hand_of(contractor)) & set(games[1].hand_of(contractor))
    swapped = set(games[0].hand_of(contractor)) ^ set(games[1].hand_of(contractor))
    assert JOKER in swapped
    discard = sorted(held, key=str)[:KITTY_SIZE]
    games = _both(games, Discard(frozenset(discard)))
    if games[0].phase is Phase.CALL_PARTNER:
        games = _both(games, CallPartner(None))
    assert (games[0].phase, games[1].phase) == (Phase.NOMINATE, Phase.PLAY)
    observers: list[int | None] = [
        None,
        *(s for s in range(rules.players) if s not in (contractor, holder)),
    ]
    assert _views(games[0], observers) == _views(games[1], observers)
    assert [v.to_dict() for v in _views(games[0], observers)] == [
        v.to_dict() for v in _views(games[1], observers)
    ]
    if nominate:
        suited = apply(games[0], NominateJoker(Suit.HEARTS))
        assert view(suited, observers[0]).joker_suit is not None  # public
        return
    games[0] = apply(games[0], NominateJoker(None))
    rng = random.Random(play_seed)
    while games[0].phase is Phase.PLAY and games[1].phase is Phase.PLAY:
        if view(games[0], None).exposed:
            break  # the open-misère hand is shown to all: so is the Joker in it
        assert _views(games[0], observers) == _views(games[1], observers)
        common = [
            action
            for action in legal_actions(games[0])
            if action in legal_actions(games[1])
            and not (isinstance(action, PlayCard) and action.card in swapped)
        ]
        if not common:
            break  # a swapped card must be played: the Joker's place shows
        games = _both(games, rng.choice(common))


@pytest.mark.parametrize("holder_pick", range(3))
def test_the_adapters_observations_agree_too(holder_pick: int) -> None:
    """The OpenSpiel and PettingZoo tensors are encoded from the views."""
    pytest.importorskip("numpy")
    from five_hundred.integrations.encoding import Encoder

    rules = Rules()
    (hands_a, kitty_a), (hands_b, kitty_b), contractor, holder = _deal_pair(
        rules, 5, holder_pick
    )
    games = [
        new_hand(rules, hands_a, kitty_a, dealer=0),
        new_hand(rules, hands_b, kitty_b, dealer=0),
    ]
    games = _both(games, parse_bid("6NT"))
    while games[0].phase is Phase.BIDDING:
        games = _both(games, legal_actions(games[0])[0])
    held = set(games[0].hand_of(contractor)) & set(games[1].hand_of(contractor))
    games = _both(games, Discard(frozenset(sorted(held, key=str)[:KITTY_SIZE])))
    assert games[0].phase is Phase.NOMINATE
    encoder = Encoder(rules, perfect_recall=True)
    for seat in range(rules.players):
        if seat in (contractor, holder):
            continue
        first, second = (encoder.encode(view(game, seat)) for game in games)
        assert first.tolist() == second.tolist()


def test_the_contractor_still_sees_the_nomination() -> None:
    rules = Rules()
    (hands, kitty), _, contractor, _ = _deal_pair(rules, 11, 0)
    state = apply(new_hand(rules, hands, kitty, dealer=0), parse_bid("6NT"))
    while state.phase is Phase.BIDDING:
        state = apply(state, legal_actions(state)[0])
    state = apply(state, legal_actions(state)[0])
    assert state.phase is Phase.NOMINATE
    assert view(state, contractor).phase is Phase.NOMINATE
    assert view(state, contractor).legal_actions == legal_actions(state)
    for seat in [None, *(s for s in range(4) if s != contractor)]:
        seen = view(state, seat)
        assert (seen.phase, seen.to_act, seen.legal_actions) == (
            Phase.PLAY,
            contractor,
            (),
        )


@pytest.mark.parametrize("rules", [Rules(), Rules.five_player()], ids=["4", "5"])
def test_the_hidden_phase_keeps_the_actions(rules: Rules) -> None:
    """The referee's state keeps the nomination: records and moves are unchanged."""
    (hands, kitty), _, contractor, _ = _deal_pair(rules, 3, 1)
    state = apply(new_hand(rules, hands, kitty, dealer=0), parse_bid("6NT"))
    while state.phase is not Phase.NOMINATE:
        state = apply(state, legal_actions(state)[0])
    state = apply(state, NominateJoker(None))
    assert state.moves[-1] == (contractor, NominateJoker(None))
