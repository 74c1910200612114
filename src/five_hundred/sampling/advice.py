"""The bid advisor: each bid of a hand estimated on sampled deals solved double-dummy."""

import random
from collections.abc import Callable, Sequence
from typing import NamedTuple

from five_hundred._checks import (
    check_cards,
    check_count,
    check_dealer,
    check_rules,
    check_seat,
    check_seed,
    check_workers,
)
from five_hundred._engine.codes import HAND_SIZE
from five_hundred._engine.seats import previous_seat
from five_hundred.bidding import MISERE, Bid, TrickBid, bid_value
from five_hundred.cards import Card, Strain
from five_hundred.dealing import hands_dealt, pack
from five_hundred.errors import InvalidStateError, quote
from five_hundred.parallel import chunk_seeds, run_chunks
from five_hundred.rules import Rules
from five_hundred.sampling._simulation import _contract_deal, _contract_state
from five_hundred.search.solver import solve, solve_core
from five_hundred.state import new_hand, record_of

__all__ = ["BidAdvice", "advise_bids"]


class BidAdvice(NamedTuple):
    """One bid's estimate from :func:`advise_bids`."""

    bid: Bid
    """The bid estimated."""
    chance: float
    """The share of sampled deals where the bid is made double-dummy."""
    expected: float
    """The mean score of the bid over those deals (its value made, minus it failed)."""


def advise_bids(
    hand: Sequence[Card],
    rules: Rules = Rules(),
    *,
    seat: int = 0,
    dealer: int | None = None,
    samples: int = 8,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
    workers: int | None = 1,
    ray: str | None = None,
) -> list[BidAdvice]:
    """Estimate each six-level-and-up bid (and misère) for ``hand`` held by ``seat``.

    Misère is estimated as if the seat could open it (the rules' seven-trick gate,
    :ref:`rules-misere-gate`, shapes the auction but not the play).

    Each sample deals the unseen cards at random to the other seats and the kitty;
    ``seat`` then wins the auction in each strain, discards and nominates as
    :class:`~five_hundred.bots.RuleBasedPlayer` would, and the play is solved
    double-dummy (:func:`~five_hundred.search.solver.solve`): one solve a strain
    gives every level.  Bids are listed from the best expected score.

    Each sample's deal comes from its own seed, drawn from ``seed``
    (:func:`~five_hundred.parallel.chunk_seeds`), so the samples may be solved on
    several processes (``workers``, or Ray with ``ray``: as
    :func:`~five_hundred.parallel.run_chunks`) with the same estimates for any number
    of them.  ``progress`` is called with the number of samples done as each is
    solved.  Ctrl-C stops it with :exc:`KeyboardInterrupt`.

    Raises:
        InvalidStateError: if the hand is not ten distinct cards of the rules' pack,
            ``seat`` or ``dealer`` is not a seat of the rules, ``samples`` is not a
            whole number from 1 to a million, ``seed`` is not a whole number or
            ``workers`` is not ``None`` or 1 to 1024.
        TypeError: if ``hand`` is not a sequence of cards (text: read it with
            :func:`~five_hundred.cards.parse_cards`) or ``rules`` not a
            :class:`~five_hundred.rules.Rules`.
        five_hundred.parallel.ClusterError: if Ray is missing or unreachable.
    """
    rules = check_rules(rules)
    cards = check_cards(hand)
    seat = check_seat(rules, seat)
    dealer = previous_seat(seat, rules.players) if dealer is None else dealer
    dealer = check_dealer(rules, dealer)
    samples = check_count(samples, "samples")
    seed = check_seed(seed)
    workers = check_workers(workers)
    rest = tuple(card for card in pack(rules) if card not in cards)
    if (
        len(cards) != HAND_SIZE
        or len(set(cards)) != HAND_SIZE
        or len(rest) != len(pack(rules)) - HAND_SIZE
    ):
        msg = f"a hand is ten distinct cards of the pack; got {quote(' '.join(map(str, cards)))}"
        raise InvalidStateError(msg)
    work = [
        _AdviceSample(rules, cards, rest, seat, dealer, sample_seed)
        for sample_seed in chunk_seeds(seed, samples)
    ]
    done = 0

    def finished(_index: int, _outcomes: tuple[tuple[Bid, bool], ...]) -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done)

    outcome = run_chunks(
        _advice_sample, work, workers=workers, ray=ray, on_done=finished
    )
    if outcome.interrupted:
        raise KeyboardInterrupt
    counts: dict[Bid, list[int]] = {}
    for outcomes in outcome.results:  # in sample order: the same for any workers
        for bid, success in outcomes:
            record = counts.setdefault(bid, [0, 0])
            record[0] += 1
            record[1] += success
    advice = []
    for bid, (tried, made) in counts.items():
        chance = made / tried
        value = bid_value(bid, rules)
        advice.append(BidAdvice(bid, chance, value * (2 * chance - 1)))
    advice.sort(key=lambda item: (-item.expected, -item.chance))
    return advice


class _AdviceSample(NamedTuple):
    """One sample of :func:`advise_bids` (a chunk of work: it pickles)."""

    rules: Rules
    cards: tuple[Card, ...]
    """The advised seat's hand."""
    rest: tuple[Card, ...]
    """The other cards of the pack, in pack order."""
    seat: int
    dealer: int
    seed: int
    """The seed of this sample's deal of ``rest``."""


def _advice_sample(sample: _AdviceSample) -> tuple[tuple[Bid, bool], ...]:
    """Each bid tried on one sampled deal, and whether it is made double-dummy."""
    rules, cards, rest, seat, dealer, seed = sample
    unseen = list(rest)
    random.Random(seed).shuffle(unseen)
    hands: list[list[Card]] = []
    place = 0
    for other in range(hands_dealt(rules)):
        if other == seat:
            hands.append(list(cards))
        else:
            hands.append(unseen[place : place + HAND_SIZE])
            place += HAND_SIZE
    kitty = unseen[place:]
    deal = new_hand(rules, hands, kitty, dealer=dealer)
    found: list[tuple[Bid, bool]] = []
    for strain in Strain:
        state = _contract_state(deal, seat, TrickBid(6, strain))
        if state is None:
            continue
        # whether each level is made: below six tricks the exact count is not needed
        tricks = solve_core(record_of(state), floor=6)
        found.extend(
            (TrickBid(level, strain), tricks >= level) for level in range(6, 11)
        )
    if rules.misere:
        opened = _contract_deal(rules, hands, kitty, dealer, MISERE)
        state = _contract_state(opened, seat, MISERE)
        if state is not None:
            found.append((MISERE, solve(state) == 0))
    return tuple(found)
