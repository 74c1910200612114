"""The fast playout agrees exactly with the public API.

Every playout is replayed through :func:`legal_actions` and :func:`apply`: each choice
must be a legal action at its step, and the hand must end with the same tricks, result
and scores.  Positions come from steered auctions (so every kind of contract is played:
trick bids, No Trumps with the Joker nominated or not, sans kitty, the three misères)
under the rule options that change the play, for two to six players.
"""

import random
from collections.abc import Iterator, Sequence

import pytest
from tests.helpers import CONTRACTS, PLAYERS, VARIANTS, make_rules, steer

from five_hundred import (
    JOKER,
    PASS,
    GameState,
    Phase,
    PlayCard,
    Rules,
    Suit,
    apply,
    legal_actions,
    new_game,
    playout,
)
from five_hundred.cards import card_code, parse_card
from five_hundred.search.playout import JOKER_LEAD, PlayoutResult, choice_action


def play_positions(
    players: int, contract: str, seeds: Sequence[int]
) -> Iterator[tuple[str, int, GameState]]:
    """For each variant and seed: a state in the play, at the lead or mid-trick."""
    for variant in VARIANTS:
        rules = make_rules(players, variant)
        for seed in seeds:
            rng = random.Random(seed * 7919 + players)
            state = steer(
                new_game(rules, seed=seed, dealer=seed % players), rng, contract
            )
            if state.phase is not Phase.PLAY:
                continue  # thrown in
            for _ in range(rng.randrange(0, 3 * players)):
                if state.to_act is None:
                    break  # a misère ended early
                actions = legal_actions(state)
                state = apply(state, actions[rng.randrange(len(actions))])
            yield variant, seed, state


def replay(state: GameState, result: PlayoutResult) -> GameState:
    """Replay a playout's choices through the public API, checking each is legal."""
    for step, choice in enumerate(result.choices):
        action = choice_action(choice)
        legal = legal_actions(state)
        assert action in legal, (step, str(action), [str(a) for a in legal])
        state = apply(state, action)
    return state


def assert_agrees(state: GameState, result: PlayoutResult) -> None:
    end = replay(state, result)
    assert end.is_over
    assert end.tricks_won == result.tricks_won
    assert end.hand_result == result.hand_result
    assert end.scores == result.scores


def snapshot(state: GameState) -> tuple[object, ...]:
    return (
        state.phase,
        state.to_act,
        state.hands,
        state.trick,
        state.tricks_won_by_seat,
        state.shown_void,
        state.suits_led,
        state.actions,
        state.scores,
    )


@pytest.mark.parametrize("contract", list(CONTRACTS))
@pytest.mark.parametrize("players", PLAYERS)
def test_random_playouts_agree_with_the_public_api(players: int, contract: str) -> None:
    played = 0
    for _variant, seed, state in play_positions(players, contract, range(10)):
        before = snapshot(state)
        result = playout(state, seed=seed)
        assert snapshot(state) == before  # the input is unchanged
        assert_agrees(state, result)
        played += 1
    assert played >= len(VARIANTS)  # most auctions reach the play


def test_every_contract_kind_reaches_the_play() -> None:
    kinds = set()
    for players in (3, 4):
        for contract in CONTRACTS:
            for _, _, state in play_positions(players, contract, range(2)):
                assert state.contract is not None
                bid = state.contract.bid
                kinds.add(str(bid))
    assert {"MIS", "OMIS", "BMIS", "7H-SK", "6NT", "8D", "10NT"} <= kinds


def test_nominated_and_unnominated_jokers_are_played() -> None:
    seen: set[Suit | None] = set()
    joker_leads = 0
    for _, seed, state in play_positions(4, "nt_joker", range(12)):
        seen.add(state.joker_suit)
        result = playout(state, seed=seed)
        joker_leads += sum(choice >= JOKER_LEAD for choice in result.choices)
        assert_agrees(state, result)
    assert None in seen
    assert len(seen) >= 3
    assert joker_leads > 0


def test_seed_and_rng_give_the_same_playout() -> None:
    for _, seed, state in play_positions(4, "trumps", range(3)):
        assert playout(state, seed=seed) == playout(state, rng=random.Random(seed))
        assert playout(state, seed=seed) == playout(state, seed=seed)


class Recorder:
    """A policy that records what it is offered and picks with a rule."""

    def __init__(self, pick: str, seed: int = 0) -> None:
        self.pick = pick
        self.rng = random.Random(seed)
        self.offers: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []

    def __call__(
        self, seat: int, choices: tuple[int, ...], trick: tuple[int, ...]
    ) -> int:
        self.offers.append((seat, choices, trick))
        if self.pick == "first":
            return choices[0]
        if self.pick == "last":
            return choices[-1]
        return choices[self.rng.randrange(len(choices))]


@pytest.mark.parametrize("pick", ["first", "last", "random"])
@pytest.mark.parametrize("players", PLAYERS)
def test_a_policy_is_offered_the_canonical_legal_actions(
    players: int, pick: str
) -> None:
    for contract in ("random", "nt_joker", "misere", "sans_kitty"):
        for _, seed, state in play_positions(players, contract, range(2)):
            policy = Recorder(pick, seed)
            result = playout(state, policy=policy)
            assert len(policy.offers) == len(result.choices)
            step = state
            for (seat, choices, trick), choice in zip(
                policy.offers, result.choices, strict=True
            ):
                assert seat == step.to_act
                assert trick == tuple(card_code(card) for card in step.trick)
                assert tuple(map(choice_action, choices)) == legal_actions(step)
                assert choice in choices
                step = apply(step, choice_action(choice))
            assert step.is_over
            assert (step.tricks_won, step.hand_result, step.scores) == (
                result.tricks_won,
                result.hand_result,
                result.scores,
            )


def test_a_finished_hand_returns_its_own_result() -> None:
    for contract in ("trumps", "misere", "random"):
        for _, seed, state in play_positions(4, contract, range(3)):
            end = replay(state, playout(state, seed=seed))
            assert end.phase in {Phase.HAND_OVER, Phase.GAME_OVER}
            result = playout(end, seed=seed + 1)
            assert result == PlayoutResult(
                end.tricks_won, end.hand_result or (), end.scores, ()
            )


def test_a_thrown_in_hand_scores_nothing() -> None:
    state = new_game(seed=5)
    while state.phase is Phase.BIDDING:
        state = apply(state, PASS)
    assert state.phase is Phase.HAND_OVER
    result = playout(state, seed=1)
    assert result == PlayoutResult((0, 0), (0, 0), (0, 0), ())


@pytest.mark.parametrize("players", PLAYERS)
def test_playouts_from_the_auction_and_the_discard(players: int) -> None:
    rules = Rules.for_players(players)
    phases = set()
    for seed in range(12):
        rng = random.Random(seed)
        state = new_game(rules, seed=seed)
        # Walk a random number of steps into the auction or the discard.
        for _ in range(rng.randrange(0, players + 2)):
            if state.phase not in {Phase.BIDDING, Phase.DISCARD}:
                break
            actions = legal_actions(state)
            state = apply(state, actions[rng.randrange(len(actions))])
        if state.phase not in {Phase.BIDDING, Phase.DISCARD}:
            continue
        phases.add(state.phase)
        before = snapshot(state)
        result = playout(state, seed=seed)
        assert snapshot(state) == before
        assert result == playout(state, seed=seed)
        assert len(result.tricks_won) == rules.sides
        assert sum(result.tricks_won) <= 10
        assert result.scores == tuple(
            a + b for a, b in zip(state.scores, result.hand_result, strict=True)
        )
        if any(result.hand_result):
            assert result.choices  # a hand that scored was played
    assert Phase.BIDDING in phases


def test_choice_actions() -> None:
    assert choice_action(card_code(parse_card("10H"))) == PlayCard(parse_card("10H"))
    assert choice_action(card_code(JOKER)) == PlayCard(JOKER)
    for suit in Suit:
        assert choice_action(JOKER_LEAD + suit) == PlayCard(JOKER, suit)


def test_slots_number_the_standard_cards_in_code_order() -> None:
    from five_hundred._engine import tables
    from five_hundred._engine.codes import JOKER_CODE

    assert list(tables.CODE_OF_SLOT) == sorted(tables.CODE_OF_SLOT)
    assert len(tables.CODE_OF_SLOT) == 53  # 2 to 10, J, Q, K, A of four suits; Joker
    assert tables.CODE_OF_SLOT[tables.JOKER_SLOT] == JOKER_CODE
    for slot, code in enumerate(tables.CODE_OF_SLOT):
        assert tables.SLOT_OF_CODE[code] == slot
        assert tables.slots_from_mask(1 << code) == 1 << slot
        for key in tables.KEYS:
            assert tables.SLOT_EFF[key][slot] == tables.EFF[key][code]
            for led in range(4):
                strength = tables.STRENGTH[key][led][code]
                assert tables.SLOT_STRENGTH[key][led][slot] == strength
    rng = random.Random(5)
    for _ in range(300):
        codes = rng.sample(tables.CODE_OF_SLOT, rng.randrange(1, 16))
        mask = sum(1 << code for code in codes)
        slots = tables.slots_from_mask(mask)
        assert slots < 1 << 62  # a machine word, compiled
        assert slots == sum(1 << tables.SLOT_OF_CODE[code] for code in codes)
        assert tables.mask_from_slots(slots) == mask
    for key in tables.KEYS:
        for suit, mask in enumerate(tables.SUIT_MASKS[key]):
            standard = mask & ~tables.SIX_ONLY_MASK
            assert tables.mask_from_slots(tables.SLOT_SUIT_MASKS[key][suit]) == standard


def test_seat_lists_hold_the_cards_in_code_order_by_effective_suit() -> None:
    """The pure random playout's lists: a hand's codes, all and by effective suit."""
    from five_hundred._engine import playout as engine
    from five_hundred._engine import tables
    from five_hundred._engine.codes import JOKER_CODE, codes_from_mask

    rng = random.Random(7)
    for _ in range(300):
        held = rng.sample(range(JOKER_CODE + 1), rng.randrange(1, 16))
        mask = sum(1 << code for code in held)
        for key in tables.KEYS:
            cards, by_suit = engine._seat_lists(mask, key)
            assert cards == codes_from_mask(mask)
            eff = tables.EFF[key]
            assert by_suit == [[c for c in cards if eff[c] == s] for s in range(5)]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_slots_play_as_the_codes(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pure build plays from lists of codes (by code masks for a policy); the
    compiled one numbers cards by slot: same playouts."""
    from five_hundred._engine import playout as engine

    for contract in ("random", "nt_joker", "misere"):
        for _, seed, state in play_positions(players, contract, range(2)):
            by_code = playout(state, seed=seed)
            picked = playout(state, policy=Recorder("random", seed))
            with monkeypatch.context() as patch:
                patch.setattr(engine, "_COMPILED", True)
                assert playout(state, seed=seed) == by_code
                assert playout(state, policy=Recorder("random", seed)) == picked


def test_popcount_counts_every_mask_width() -> None:
    """The engine's bit count (a loop when compiled, ``bit_count`` pure) on masks of
    every width the engine meets: a suit's, a slotted hand's, a six-player hand's
    (beyond a machine word, with the Joker's bit 64)."""
    from five_hundred._engine.codes import JOKER_BIT, popcount

    rng = random.Random(11)
    assert popcount(0) == 0
    for width in (16, 62, 63, 65):
        for _ in range(200):
            mask = rng.getrandbits(width)
            assert popcount(mask) == mask.bit_count()
    assert popcount(JOKER_BIT | 1) == 2
