"""Benchmark trick play: legal-play generation and trick winners.

Run ``python benchmarks/bench_tricks.py [--iterations N]``.  It builds a fixed set of
random positions (seeded, so every run measures the same positions), checks that every
way of computing the legal plays agrees on them, then measures, in calls per second:

* ``legal_mask``: the integer core, :func:`five_hundred._engine.play.legal_mask`;
* ``legal_plays``: the typed interface, :func:`five_hundred.tricks.legal_plays`;
* ``winner_index``: the integer trick winner, :func:`five_hundred._engine.play.winner_index`;

and prints each as a ratio to the reference measured in the same run:

* ``baseline``: a plain-Python legal-play generator written below, a straightforward
  loop over a list of :class:`~five_hundred.Card` objects, with the same rules.

Ratios, unlike raw numbers, compare across machines.
"""

import argparse
import random
import time
from collections.abc import Callable, Sequence
from typing import Final, NamedTuple

from five_hundred import (
    JOKER,
    Card,
    JokerLeadSuit,
    PlayContext,
    Rank,
    Rules,
    Strain,
    Suit,
    effective_suit,
    legal_plays,
    pack,
)
from five_hundred._engine.codes import JOKER_BIT
from five_hundred._engine.play import legal_mask, winner_index
from five_hundred.cards import card_code, mask_from_cards
from five_hundred.tricks import joker_options

SEED: Final = 500
POSITIONS: Final = 2000
DEFAULT_ITERATIONS: Final = 20
REPEATS: Final = 3
RULES: Final = Rules()
REFERENCE: Final = "baseline"

SAME_COLOUR: Final = {
    Suit.SPADES: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
    Suit.DIAMONDS: Suit.HEARTS,
    Suit.HEARTS: Suit.DIAMONDS,
}


class Position(NamedTuple):
    """One player about to play, in typed and in integer form."""

    context: PlayContext
    hand: list[Card]
    trick: list[Card]
    led_suit: Suit | None
    suits_led: list[Suit]
    last_trick: bool
    # The integer form that legal_mask takes.
    mask: int
    key: int
    led: int
    misere: bool
    suits_mask: int
    # A complete trick (card codes) and its suit led, for winner_index.
    full_trick: tuple[int, ...]
    full_led: int


# -- the plain-Python reference ---------------------------------------------------


def baseline_suit(card: Card, context: PlayContext) -> Suit | None:
    """The effective suit, with if statements."""
    trumps = context.strain.suit
    if card.suit is None:
        return trumps if trumps is not None else context.joker_suit
    if (
        trumps is not None
        and card.rank is Rank.JACK
        and card.suit is SAME_COLOUR[trumps]
    ):
        return trumps
    return card.suit


def baseline_legal(
    hand: list[Card],
    context: PlayContext,
    rules: Rules,
    trick: list[Card],
    led_suit: Suit | None,
    suits_led: list[Suit],
    last_trick: bool,
) -> list[tuple[Card, Suit | None]]:
    """The legal plays (card, suit named) with a straightforward loop over the hand.

    Nobody has shown void here, so the Joker-lead rule ``NOT_SHOWN_VOID`` allows any suit.
    """
    free_joker = context.strain is Strain.NO_TRUMPS and context.joker_suit is None
    plays: list[tuple[Card, Suit | None]] = []
    if not trick:
        for card in hand:
            if card.suit is not None or not free_joker:
                plays.append((card, None))
            elif last_trick:
                plays.extend((card, suit) for suit in Suit)
            elif not rules.joker_lead_only_last_trick and not (
                rules.joker_last_trick_once_all_suits_led and len(set(suits_led)) == 4
            ):
                any_suit = rules.joker_lead_suit is not JokerLeadSuit.NOT_LED_BEFORE
                plays.extend(
                    (card, suit) for suit in Suit if any_suit or suit not in suits_led
                )
        return plays
    led = baseline_suit(trick[0], context)
    if led is None:
        led = led_suit
    following = [card for card in hand if baseline_suit(card, context) is led]
    has_joker = JOKER in hand
    if not free_joker or not has_joker or last_trick:
        return [(card, None) for card in following or hand]
    all_four = (
        rules.joker_last_trick_once_all_suits_led and len(set(suits_led) | {led}) == 4
    )
    if following:
        plays = [(card, None) for card in following]
        if not rules.joker_follows_only_when_void and not all_four:
            plays.append((JOKER, None))
        return plays
    if all_four:
        return [(card, None) for card in hand if card.suit is not None]
    if context.misere and rules.misere_joker_forced_when_void:
        return [(JOKER, None)]
    return [(card, None) for card in hand]


# -- positions ------------------------------------------------------------------------


def _context(rng: random.Random) -> PlayContext:
    strain = rng.choice([*Strain, Strain.NO_TRUMPS])
    if strain is not Strain.NO_TRUMPS:
        return PlayContext(strain)
    joker_suit = rng.choice([None, None, None, *Suit])
    return PlayContext(strain, misere=rng.random() < 0.4, joker_suit=joker_suit)


def _led(
    first: Card, context: PlayContext, rng: random.Random
) -> tuple[int, Suit | None]:
    suit = effective_suit(first, context)
    if suit is None:
        named = rng.choice(list(Suit))
        return int(named), named
    return int(suit), None


def make_positions(count: int = POSITIONS, seed: int = SEED) -> list[Position]:
    """``count`` random four-player positions, the same for the same seed."""
    rng = random.Random(seed)
    cards = list(pack(RULES))
    positions = []
    for _ in range(count):
        context = _context(rng)
        rng.shuffle(cards)
        played = rng.randrange(10)
        in_trick = rng.randrange(4)
        trick = cards[:in_trick]
        hand = cards[in_trick : in_trick + 10 - played]
        led, led_suit = _led(trick[0], context, rng) if trick else (-1, None)
        suits_led = rng.sample(list(Suit), min(played, rng.randrange(5)))
        suits_mask = sum(1 << suit for suit in suits_led)
        if led >= 0:
            suits_mask |= 1 << led
        full_led, _ = _led(cards[0], context, rng)
        positions.append(
            Position(
                context,
                hand,
                trick,
                led_suit,
                suits_led,
                played == 9,
                mask_from_cards(hand),
                context.key,
                led,
                context.misere,
                suits_mask,
                tuple(card_code(card) for card in cards[:4]),
                full_led,
            )
        )
    return positions


def check(positions: Sequence[Position]) -> None:
    """Fail loudly if the three ways of computing legal plays disagree."""
    for pos in positions:
        typed = legal_plays(
            pos.hand,
            pos.context,
            RULES,
            trick=pos.trick,
            led_suit=pos.led_suit,
            suits_led=pos.suits_led,
            last_trick=pos.last_trick,
        )
        base = baseline_legal(
            pos.hand,
            pos.context,
            RULES,
            pos.trick,
            pos.led_suit,
            pos.suits_led,
            pos.last_trick,
        )
        core = legal_mask(
            pos.mask,
            pos.key,
            pos.led,
            joker_options(RULES),
            pos.misere,
            pos.suits_mask,
            pos.last_trick,
        )
        if {(play.card, play.suit) for play in typed} != set(base):
            msg = f"legal_plays and the baseline disagree on {pos}"
            raise AssertionError(msg)
        expected = mask_from_cards({card for card, _ in base})
        if pos.led < 0:  # on lead the core leaves naming the Joker's suit to others
            core, expected = core & ~JOKER_BIT, expected & ~JOKER_BIT
        if core != expected:
            msg = f"legal_mask and the baseline disagree on {pos}"
            raise AssertionError(msg)


# -- timing ---------------------------------------------------------------------------


def _bench_baseline(positions: Sequence[Position], iterations: int) -> None:
    for _ in range(iterations):
        for pos in positions:
            baseline_legal(
                pos.hand,
                pos.context,
                RULES,
                pos.trick,
                pos.led_suit,
                pos.suits_led,
                pos.last_trick,
            )


def _bench_legal_mask(positions: Sequence[Position], iterations: int) -> None:
    rules = RULES
    for _ in range(iterations):
        for pos in positions:
            legal_mask(
                pos.mask,
                pos.key,
                pos.led,
                joker_options(rules),
                pos.misere,
                pos.suits_mask,
                pos.last_trick,
            )


def _bench_legal_plays(positions: Sequence[Position], iterations: int) -> None:
    for _ in range(iterations):
        for pos in positions:
            legal_plays(
                pos.hand,
                pos.context,
                RULES,
                trick=pos.trick,
                led_suit=pos.led_suit,
                suits_led=pos.suits_led,
                last_trick=pos.last_trick,
            )


def _bench_winner_index(positions: Sequence[Position], iterations: int) -> None:
    for _ in range(iterations):
        for pos in positions:
            winner_index(pos.full_trick, pos.key, pos.full_led)


BENCHMARKS: Final[dict[str, Callable[[Sequence[Position], int], None]]] = {
    REFERENCE: _bench_baseline,
    "legal_mask": _bench_legal_mask,
    "legal_plays": _bench_legal_plays,
    "winner_index": _bench_winner_index,
}


def calls_per_second(
    bench: Callable[[Sequence[Position], int], None],
    positions: Sequence[Position],
    iterations: int,
    repeats: int = REPEATS,
) -> float:
    """Calls per second of the best of ``repeats`` runs."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        bench(positions, iterations)
        best = min(best, time.perf_counter() - start)
    return len(positions) * iterations / max(best, 1e-9)


def main(
    iterations: int = DEFAULT_ITERATIONS, positions: int = POSITIONS
) -> dict[str, float]:
    """Measure every benchmark, print a table, and return calls per second by name."""
    if iterations < 1 or positions < 1:
        msg = "iterations and positions must be at least 1"
        raise ValueError(msg)
    chosen = make_positions(positions)
    check(chosen)
    rates = {
        name: calls_per_second(bench, chosen, iterations)
        for name, bench in BENCHMARKS.items()
    }
    reference = rates[REFERENCE]
    print(
        f"{positions} positions (seed {SEED}) x {iterations} iterations, "
        f"best of {REPEATS}; reference: {REFERENCE} (plain-Python legal plays)"
    )
    print(f"{'benchmark':<14}{'calls/s':>14}{'x ' + REFERENCE:>14}")
    for name, rate in rates.items():
        print(f"{name:<14}{rate:>14,.0f}{rate / reference:>14.2f}")
    return rates


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    parser.add_argument("--positions", type=int, default=POSITIONS)
    arguments = parser.parse_args()
    main(arguments.iterations, arguments.positions)
