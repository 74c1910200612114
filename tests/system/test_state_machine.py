"""Whole games under Hypothesis: random legal and illegal actions, invariants after each.

The machine deals a game under rules drawn over every player count and the main
options, then plays random legal actions and tries random illegal ones (actions of
every kind, parsed from text, and legal actions remembered from other phases).
After every step it checks the invariants of the rules page (:ref:`rules-standard`) and
the design page (``docs/explanation/design.rst``): the cards are
conserved, exactly one seat acts until the hand is over, the generator and the
validator agree, ``apply`` never changes its input, the tricks add up and the scores
change only when a hand ends.
"""

import copy
from collections import Counter

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
)
from tests.strategies import actions, game_rules, seeds

from five_hundred import (
    JOKER,
    Action,
    CallPartner,
    Card,
    Discard,
    GameState,
    IllegalActionError,
    IllegalBidError,
    IllegalPlayError,
    InvalidNotationError,
    MisereBid,
    NominateJoker,
    Pass,
    Phase,
    PlayCard,
    Rules,
    Suit,
    TrickBid,
    WrongPhaseError,
    apply,
    bid_rank,
    bid_value,
    explain_illegal,
    is_legal,
    legal_actions,
    new_game,
    next_hand,
    pack,
    parse_action,
    side_of,
)
from five_hundred.cards import card_code

OVER = (Phase.HAND_OVER, Phase.GAME_OVER)
_PHASE_TYPES: dict[Phase, tuple[type, ...]] = {
    Phase.BIDDING: (Pass, TrickBid, MisereBid),
    Phase.DISCARD: (Discard,),
    Phase.NOMINATE: (NominateJoker,),
    Phase.CALL_PARTNER: (CallPartner,),
    Phase.PLAY: (PlayCard,),
}


_WORDS = st.sampled_from(
    (
        "PLAY",
        "play",
        "DISCARD",
        "NOMINATE",
        "CALL",
        "ALONE",
        "NONE",
        "PASS",
        "MIS",
        "OMIS",
        "BMIS",
        "7H",
        "10NT-SK",
        "JK",
        "JK:H",
        "jk:s",
        "AS",
        "10h",
        "th",
        "11C",
        "1H",
        "H",
        ":",
        "-SK",
        "♥",
        "",
    )
)


def action_texts() -> st.SearchStrategy[str]:
    """Text near the action notation (keywords and cards), or anything at all."""
    near = st.lists(_WORDS, max_size=5).map(" ".join)
    return near | st.text(max_size=20)


def parse_or_pass(text: str) -> Action:
    """The action a text stands for, or PASS for text that is not an action."""
    try:
        return parse_action(text)
    except InvalidNotationError:
        return Pass()


_OTHER_ACTIONS: st.SearchStrategy[Action] = actions() | action_texts().map(
    parse_or_pass
)


def unchanged(state: GameState) -> tuple[GameState, int]:
    """A copy and the hash of a state, to show later that it did not change.

    Everything inside a state is immutable (tuples, frozen values), so a shallow
    copy keeps the top-level fields and the hash covers the nested values; a deep
    copy would cost most of the test's time.
    """
    return copy.copy(state), hash(state)


def played_cards(state: GameState) -> list[Card]:
    return [a.card for a in state.actions if isinstance(a, PlayCard)]


def kitty_taken(state: GameState) -> bool:
    contract = state.contract
    if contract is None:
        return False
    return not (isinstance(contract.bid, TrickBid) and contract.bid.sans_kitty)


class GameMachine(RuleBasedStateMachine):
    """Plays whole games; every rule and invariant is a check on the public API."""

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState
        self.seen: list[Action] = []

    @initialize(rules=game_rules(), seed=seeds(), dealer=st.integers(0, 5))
    def deal(self, rules: Rules, seed: int, dealer: int) -> None:
        self.state = new_game(rules, seed=seed, dealer=dealer % rules.players)
        assert self.state.phase is Phase.BIDDING
        assert self.state.scores == (0,) * rules.sides

    # -- rules -------------------------------------------------------------------------

    @rule(data=st.data(), moves=st.integers(1, 6))
    def advance(self, data: st.DataObject, moves: int) -> None:
        """Take a few random legal actions, checking the invariants after each.

        Enabled in every state: once the hand is over it deals the next one, and
        once the game is over it starts a new game.
        """
        for _ in range(moves):
            if self.state.to_act is None:
                self.go_on(data.draw(seeds(), label="seed"))
            else:
                self.take_legal_action(data)
            self.check_all_invariants()

    @rule(data=st.data())
    def other_action(self, data: st.DataObject) -> None:
        """Try an action of any kind, parsed text, or one legal in an earlier state."""
        choices = _OTHER_ACTIONS
        if self.seen:
            choices = choices | st.sampled_from(self.seen)
        action = data.draw(choices, label="other action")
        self.check_action(action)

    def go_on(self, seed: int) -> None:
        """After a hand, deal the next one; after the game, start a new game."""
        if self.state.phase is Phase.GAME_OVER:
            assert self.state.winners
            with pytest.raises(WrongPhaseError):
                next_hand(self.state)
            self.state = new_game(self.state.rules, seed=seed)
            event("new game")
            return
        state = self.state
        thrown_in = state.contract is None
        after = next_hand(state)
        assert after.phase is Phase.BIDDING
        assert after.scores == state.scores
        assert after.hand_number == state.hand_number + 1
        assert after.history[-1].result == state.hand_result
        rules = state.rules
        step = 0 if thrown_in and rules.redeal_same_dealer else 1
        assert after.dealer == (state.dealer + step) % rules.players
        self.state = after

    def take_legal_action(self, data: st.DataObject) -> None:
        state = self.state
        actions = legal_actions(state)
        assert actions, "a seat is to act but has no legal action"
        choice = st.sampled_from(actions)
        if state.phase is Phase.BIDDING:
            # Mostly pass or bid low, as players do, so that hands get played out.
            choice = st.one_of(st.sampled_from(actions[:3]), choice)
        action = data.draw(choice, label="action")
        assert parse_action(str(action)) == action
        self.seen.append(action)
        before, hashed = unchanged(state)
        after = apply(state, action)
        assert state == before
        assert hash(state) == hashed
        if after.phase in OVER:
            result = after.hand_result
            assert result is not None
            assert len(result) == state.rules.sides
            assert after.scores == tuple(
                a + b for a, b in zip(state.scores, result, strict=True)
            )
            self.check_result(after)
            bid = "throw-in" if after.contract is None else after.contract.bid
            event(f"{after.phase.value} after {bid}")
        else:
            assert after.scores == state.scores
            assert after.hand_result is None
        self.state = after

    def check_result(self, state: GameState) -> None:
        """A finished hand's result follows the table (:ref:`rules-scoring`)."""
        rules, result, contract = state.rules, state.hand_result, state.contract
        assert result is not None
        if contract is None:
            assert result == (0,) * rules.sides
            return
        contracting = {side_of(rules, contract.contractor)}
        if state.partner is not None:
            contracting.add(side_of(rules, state.partner))
        value = bid_value(contract.bid, rules)
        taken = sum(state.tricks_won[side] for side in contracting)
        if isinstance(contract.bid, MisereBid):
            assert state.tricks_played == 10 or taken == 1
            expected = value if taken == 0 else -value
            defenders = [0] * rules.sides
        else:
            assert state.tricks_played == 10
            made = taken >= contract.bid.tricks
            slam = made and taken == 10 and value < 250 and rules.slam_bonus
            expected = 250 if slam else value if made else -value
            per_trick = rules.defender_trick_points
            if made and rules.defender_points_only_when_set:
                per_trick = 0  # defenders score only when the contract fails
            defenders = [per_trick * n for n in state.tricks_won]
        for side in range(rules.sides):
            if side in contracting:
                assert result[side] == expected
            elif rules.defender_cap is None:
                assert result[side] == defenders[side]
            else:
                assert 0 <= result[side] <= defenders[side]

    def check_action(self, action: Action) -> None:
        state = self.state
        legal = legal_actions(state)
        ok = is_legal(state, action)
        assert ok == (action in legal)
        why = explain_illegal(state, action)
        assert (why is None) == ok
        if ok:
            return
        assert why is not None
        before, hashed = unchanged(state)
        with pytest.raises(IllegalActionError) as info:
            apply(state, action)
        assert str(info.value) == why
        wrong_phase = state.phase in OVER or not isinstance(
            action, _PHASE_TYPES[state.phase]
        )
        if wrong_phase:
            assert type(info.value) is WrongPhaseError
        elif state.phase is Phase.BIDDING:
            assert type(info.value) is IllegalBidError
        else:
            assert type(info.value) is IllegalPlayError
        assert state == before
        assert hash(state) == hashed

    # -- invariants --------------------------------------------------------------------

    def check_all_invariants(self) -> None:
        self.cards_are_conserved()
        self.one_seat_acts_until_the_hand_is_over()
        self.generator_and_validator_agree()
        self.legal_actions_come_in_the_canonical_order()
        self.tricks_add_up()
        self.only_a_misere_contractors_partners_sit_out()
        self.misere_stops_at_the_contractors_first_trick()
        self.results_and_winners_fit_the_phase()

    @invariant()
    def cards_are_conserved(self) -> None:
        state = self.state
        played = played_cards(state)
        parts = [card for hand in state.hands for card in hand]
        parts += state.dead_hand
        parts += state.discards
        parts += played
        if not kitty_taken(state):
            parts += state.kitty
        assert Counter(parts) == Counter(pack(state.rules))
        if state.trick:
            assert list(state.trick) == played[-len(state.trick) :]

    @invariant()
    def one_seat_acts_until_the_hand_is_over(self) -> None:
        state = self.state
        assert (state.to_act is None) == (state.phase in OVER)
        if state.to_act is not None:
            assert 0 <= state.to_act < state.rules.players
            assert state.to_act not in state.sitting_out
        else:
            assert legal_actions(state) == ()

    @invariant()
    def generator_and_validator_agree(self) -> None:
        state = self.state
        actions = legal_actions(state)
        assert len(set(actions)) == len(actions)
        for action in actions:
            assert is_legal(state, action)
            assert explain_illegal(state, action) is None

    @invariant()
    def legal_actions_come_in_the_canonical_order(self) -> None:
        """The design page's canonical order: PASS then bids lowest first; the rest by code."""
        state = self.state
        actions = legal_actions(state)
        if state.phase is Phase.BIDDING:
            assert actions[0] == Pass()
            bids = [a for a in actions[1:] if isinstance(a, TrickBid | MisereBid)]
            assert len(bids) == len(actions) - 1
            ranks = [bid_rank(b, state.rules) for b in bids]
            assert ranks == sorted(set(ranks))
        elif state.phase is Phase.DISCARD:
            keys = [
                sorted(map(card_code, a.cards))
                for a in actions
                if isinstance(a, Discard)
            ]
            assert len(keys) == len(actions)
            assert keys == sorted(keys)
        elif state.phase is Phase.NOMINATE:
            assert actions == (NominateJoker(None), *map(NominateJoker, Suit))
        elif state.phase is Phase.CALL_PARTNER:
            assert actions[0] == CallPartner(None)
            codes = [
                card_code(a.card)
                for a in actions[1:]
                if isinstance(a, CallPartner) and a.card
            ]
            assert codes == sorted(set(codes))
            assert len(codes) == len(actions) - 1
        elif state.phase is Phase.PLAY:
            plays = [
                (card_code(a.card), -1 if a.suit is None else a.suit)
                for a in actions
                if isinstance(a, PlayCard)
            ]
            assert len(plays) == len(actions)
            assert plays == sorted(set(plays))

    @invariant()
    def tricks_add_up(self) -> None:
        state = self.state
        assert sum(state.tricks_won) == state.tricks_played
        assert sum(state.tricks_won_by_seat) == state.tricks_played
        assert len(state.tricks_won) == state.rules.sides
        active = state.rules.players - len(state.sitting_out)
        assert len(played_cards(state)) == active * state.tricks_played + len(
            state.trick
        )

    @invariant()
    def only_a_misere_contractors_partners_sit_out(self) -> None:
        state = self.state
        contract = state.contract
        sitting: set[int] = set()
        if contract is not None and isinstance(contract.bid, MisereBid):
            side = side_of(state.rules, contract.contractor)
            sitting = {
                seat
                for seat in range(state.rules.players)
                if seat != contract.contractor and side_of(state.rules, seat) == side
            }
        assert state.sitting_out == sitting
        played = {a.card for a in state.actions if isinstance(a, PlayCard)}
        dealt = state.dealt[0]
        for seat in sitting:
            assert not played & set(dealt[seat])

    @invariant()
    def misere_stops_at_the_contractors_first_trick(self) -> None:
        state = self.state
        contract = state.contract
        if (
            state.phase is Phase.PLAY
            and contract is not None
            and isinstance(contract.bid, MisereBid)
        ):
            assert state.tricks_won_by_seat[contract.contractor] == 0

    @invariant()
    def results_and_winners_fit_the_phase(self) -> None:
        state = self.state
        if state.phase is Phase.GAME_OVER:
            assert state.winners
        else:
            assert state.winners == ()
        assert (state.hand_result is not None) == (state.phase in OVER)


GameMachine.TestCase.settings = settings(
    GameMachine.TestCase.settings, stateful_step_count=100
)
TestGame = GameMachine.TestCase


@given(action_texts())
def test_parse_action_raises_only_invalid_notation_error(text: str) -> None:
    try:
        action = parse_action(text)
    except InvalidNotationError:
        return
    assert parse_action(str(action)) == action


@given(actions())
def test_every_action_round_trips_when_it_has_a_text(action: Action) -> None:
    try:
        text = str(action)
        parsed = parse_action(text)
    except InvalidNotationError:
        # Only actions no player could take have no notation (PLAY AS:H).
        assert isinstance(action, PlayCard)
        assert action.card != JOKER
        assert action.suit is not None
        return
    assert parsed == action


@settings(max_examples=20)
@given(st.from_type(GameState), st.from_type(PlayCard))
def test_registered_strategies_build_states_and_actions(
    state: GameState, play: PlayCard
) -> None:
    """st.from_type gives reachable states and well-formed plays (tests/strategies.py)."""
    assert (state.to_act is None) == (state.phase in OVER)
    assert all(is_legal(state, action) for action in legal_actions(state))
    assert is_legal(state, play) == (play in legal_actions(state))
