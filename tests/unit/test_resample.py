"""Resampling: every sample fits the view it came from, and samples cover every deal.

The strongest check is that the sample looks the same from the seat: ``view(sample,
seat)`` equals the view in every field but the hand number.  Coverage is checked
against a brute force: every way of placing the unseen cards is replayed through the
public API, and the samples must hit exactly the placements that replay, about equally
often.
"""

import itertools
import random
from collections import Counter
from collections.abc import Iterator

import attrs
import pytest
from tests.helpers import (
    CONTRACTS,
    PLAYERS,
    assert_fits,
    hands_of,
    make_rules,
    plays_of,
    some_view,
    steer,
)

from five_hundred import (
    JOKER,
    Card,
    Discard,
    GameState,
    IllegalActionError,
    InvalidStateError,
    MisereBid,
    Phase,
    Rules,
    Suit,
    apply,
    legal_actions,
    new_game,
    new_hand,
    playout,
    view,
)
from five_hundred.search.resample import resample


@pytest.mark.parametrize("players", PLAYERS)
def test_every_sample_fits_its_view(players: int) -> None:
    checked = 0
    for contract in CONTRACTS:
        rules = make_rules(players, "standard" if players % 2 else "misere_joker_free")
        for seed in range(2):
            rng = random.Random(seed)
            for index, state in enumerate(hands_of(rules, contract, seed)):
                if index % 4 and state.to_act is not None:
                    continue
                for seat in range(players):
                    sample = resample(view(state, seat), rng)
                    assert_fits(sample, state, seat)
                    checked += 1
    assert checked > 100


def test_samples_fit_under_every_rule_variant() -> None:
    rng = random.Random(5)
    for variant in (
        "joker_follows_any_time",
        "joker_names_unshown_void",
        "joker_after_all_suits",
        "joker_led_last_only",
        "no_nomination",
    ):
        for players, contract in itertools.product((3, 4), ("nt_joker", "misere")):
            for state in hands_of(make_rules(players, variant), contract, 3)[::3]:
                seat = rng.randrange(players)
                assert_fits(resample(view(state, seat), rng), state, seat)


def test_samples_can_be_played_out() -> None:
    rng = random.Random(2)
    for state in hands_of(Rules(), "nt_joker", 4)[3::5]:
        sample = resample(view(state, 1), rng)
        result = playout(sample, rng=rng)
        assert len(result.hand_result) == 2


def test_the_input_is_unchanged_and_the_rng_decides() -> None:
    state = hands_of(Rules(), "trumps", 1)[12]
    seen = view(state, 0)
    first = resample(seen, random.Random(9))
    assert view(state, 0) == seen
    assert resample(seen, random.Random(9)) == first
    others = {resample(seen, random.Random(n)).hands for n in range(20)}
    assert len(others) > 1


def test_the_contractor_keeps_its_kitty_and_discards() -> None:
    rng = random.Random(3)
    for state in hands_of(Rules(), "trumps", 6)[5:]:
        assert state.contract is not None
        contractor = state.contract.contractor
        sample = resample(view(state, contractor), rng)
        assert sample.kitty == state.kitty
        assert sample.discards == state.discards
        assert sample.dealt[0][contractor] == state.dealt[0][contractor]


def test_others_do_not_learn_the_kitty_or_the_discards() -> None:
    state = next(s for s in hands_of(Rules(), "trumps", 6)[3:] if s.phase is Phase.PLAY)
    assert state.contract is not None
    seat = (state.contract.contractor + 1) % 4
    rng = random.Random(4)
    samples = [resample(view(state, seat), rng) for _ in range(60)]
    assert len({s.discards for s in samples}) > 1
    assert len({s.kitty for s in samples}) > 1
    assert all(len(s.discards) == 3 for s in samples)


def test_a_nominated_joker_stays_with_the_contractor() -> None:
    rng = random.Random(8)
    checked = 0
    for seed in range(12):
        for state in hands_of(Rules(), "nt_joker", seed):
            if state.joker_suit is None or state.phase is not Phase.PLAY:
                continue
            assert state.contract is not None
            contractor = state.contract.contractor
            if not any(p.card == JOKER for p in plays_of(state)):
                seat = (contractor + 1) % 4
                for _ in range(5):
                    sample = resample(view(state, seat), rng)
                    assert JOKER in sample.hands[contractor]
                    checked += 1
    assert checked > 0


def _barred_position() -> tuple[GameState, int]:
    """A misère position where a seat could not follow and so cannot hold the Joker."""
    for seed in range(300):
        for state in hands_of(Rules(), "misere", seed):
            if state.phase is not Phase.PLAY or state.contract is None:
                continue
            seen = view(state, state.contract.contractor)
            joker_known = JOKER in seen.hand or JOKER in seen.played
            if joker_known or state.tricks_played >= 9:
                continue
            for seat, voids in enumerate(seen.shown_void):
                if voids and seat != state.contract.contractor:
                    return state, seat
    raise AssertionError("no position found")


def test_a_void_player_in_misere_does_not_hold_the_joker() -> None:
    state, barred = _barred_position()
    assert state.contract is not None
    assert isinstance(state.contract.bid, MisereBid)
    seen = view(state, state.contract.contractor)
    rng = random.Random(1)
    holders: Counter[int] = Counter()
    for _ in range(40):
        sample = resample(seen, rng)
        holders[next((s for s, h in enumerate(sample.hands) if JOKER in h), -1)] += 1
    assert barred not in holders
    assert len(holders) >= 1


def test_the_open_misere_hand_is_known_once_exposed() -> None:
    rng = random.Random(2)
    checked = 0
    for state in hands_of(Rules(), "open_misere", 2)[3:]:
        assert state.contract is not None
        seen = view(state, (state.contract.contractor + 1) % 4)
        if seen.exposed:
            sample = resample(seen, rng)
            assert sample.hands[state.contract.contractor] == seen.exposed
            checked += 1
    assert checked > 0


def test_the_partner_card_is_not_the_contractors() -> None:
    rng = random.Random(3)
    checked = 0
    for seed in range(10):
        for state in hands_of(Rules.five_player(), "trumps", seed):
            card = state.partner_card
            if card is None or state.contract is None or state.phase is not Phase.PLAY:
                continue
            contractor = state.contract.contractor
            seat = (contractor + 2) % 5
            sample = resample(view(state, seat), rng)
            assert sample.partner_card == card
            assert card not in sample.hands[contractor]
            checked += 1
    assert checked > 0


def test_finished_hands_resample_with_their_scores() -> None:
    rng = random.Random(6)
    for seed in range(3):
        end = hands_of(Rules(), "trumps", seed)[-1]
        assert end.is_over
        sample = resample(view(end, 0), rng)
        assert (sample.scores, sample.hand_result) == (end.scores, end.hand_result)


# -- coverage: the samples against a brute force -------------------------------------


def placements(state: GameState, seat: int) -> Iterator[tuple[frozenset[Card], ...]]:
    """Every placement of the cards ``seat`` cannot see that replays legally.

    Four players, a trick contract with the kitty, after the discard, ``seat`` not the
    contractor: the unseen cards are the other hands and the discards.
    """
    assert state.contract is not None
    contractor = state.contract.contractor
    seen = view(state, seat)
    others = [s for s in range(4) if s != seat]
    caps = [len(state.hands[s]) for s in others] + [3]
    played: dict[int, set[Card]] = {s: set() for s in range(4)}
    for trick in (*seen.tricks, *(() if seen.trick is None else (seen.trick,))):
        for who, card in trick.plays:
            played[who].add(card)

    def split(cards: list[Card], sizes: list[int]) -> Iterator[list[frozenset[Card]]]:
        if not sizes:
            yield []
            return
        for part in itertools.combinations(cards, sizes[0]):
            rest = [c for c in cards if c not in part]
            for tail in split(rest, sizes[1:]):
                yield [frozenset(part), *tail]

    for parts in split(list(seen.unseen), caps):
        now = {s: set(state.hands[s]) for s in range(4)}
        now.update(zip(others, map(set, parts[:-1]), strict=True))
        discards = parts[-1]
        dealt = [now[s] | played[s] for s in range(4)]
        dealt[contractor] |= discards
        kitty = set(itertools.islice(iter(dealt[contractor]), 3))
        dealt[contractor] -= kitty
        try:
            replay = new_hand(
                Rules(), [tuple(h) for h in dealt], tuple(kitty), dealer=state.dealer
            )
            for action in state.actions:
                replay = apply(
                    replay, Discard(discards) if isinstance(action, Discard) else action
                )
        except IllegalActionError:
            continue
        yield tuple(parts)


def small_position(seed: int, tricks: int = 9) -> tuple[GameState, int]:
    """A four-player trump contract after ``tricks`` tricks, and a defender's seat."""
    rng = random.Random(seed)
    start = steer(new_game(Rules(), seed=seed), rng, "trumps")
    state = start
    while state.to_act is not None and state.tricks_played < tricks:
        actions = legal_actions(state)
        state = apply(state, actions[rng.randrange(len(actions))])
    assert state.contract is not None
    return state, (state.contract.contractor + 1) % 4


@pytest.mark.parametrize("seed", [2, 4, 7])
def test_samples_cover_every_placement_evenly(seed: int) -> None:
    state, seat = small_position(seed)
    possible = set(placements(state, seat))
    assert len(possible) > 1
    seen = view(state, seat)
    others = [s for s in range(4) if s != seat]
    per_placement = 25
    draws = per_placement * len(possible)
    rng = random.Random(seed)
    counts: Counter[tuple[frozenset[Card], ...]] = Counter()
    for _ in range(draws):
        sample = resample(seen, rng)
        key = (
            *(frozenset(sample.hands[s]) for s in others),
            frozenset(sample.discards),
        )
        counts[key] += 1
    assert set(counts) == possible  # every placement, and nothing else
    chi2 = sum((counts[p] - per_placement) ** 2 / per_placement for p in possible)
    df = len(possible) - 1
    assert chi2 < df + 6 * (2 * df) ** 0.5  # uniform, with a wide margin


def test_samples_cover_where_each_card_can_be() -> None:
    state, seat = small_position(3, tricks=8)
    possible = set(placements(state, seat))
    assert 100 < len(possible) < 5000

    def pairs(placement: tuple[frozenset[Card], ...]) -> set[tuple[Card, int]]:
        return {
            (card, place) for place, cards in enumerate(placement) for card in cards
        }

    feasible = set().union(*map(pairs, possible))
    seen = view(state, seat)
    others = [s for s in range(4) if s != seat]
    rng = random.Random(3)
    found: set[tuple[Card, int]] = set()
    for _ in range(300):
        sample = resample(seen, rng)
        key = (
            *(frozenset(sample.hands[s]) for s in others),
            frozenset(sample.discards),
        )
        assert key in possible
        found |= pairs(key)
    assert found == feasible


# -- views that no game can produce --------------------------------------------------


def test_a_view_with_wrong_hand_sizes_is_refused() -> None:
    seen = some_view()
    sizes = (seen.hand_sizes[0], seen.hand_sizes[1] + 1, *seen.hand_sizes[2:])
    with pytest.raises(InvalidStateError, match="hand sizes"):
        resample(attrs.evolve(seen, hand_sizes=sizes), random.Random(0))


def test_a_view_where_nobody_can_hold_a_suit_is_refused() -> None:
    seen = some_view()
    voids = tuple(frozenset(suit for suit in Suit) for _ in seen.shown_void)
    with pytest.raises(InvalidStateError, match="no deal"):
        resample(attrs.evolve(seen, shown_void=voids), random.Random(0))


def test_a_sample_at_a_later_hands_first_call_fits_its_view() -> None:
    from tests.random_games import play_random_game

    states = [
        state
        for seed in range(6)
        for state in play_random_game(Rules(), seed, max_hands=3)
        if state.hand_number > 0 and not state.moves
    ]
    assert states
    rng = random.Random(3)
    for state in states:
        for seat in range(4):
            seen = view(state, seat)
            assert seen.previous_hand is not None
            assert_fits(resample(seen, rng), state, seat)
