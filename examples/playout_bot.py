"""A Monte Carlo player built on resample and playout, with a playout policy.

For each card it may play, the player guesses the hidden cards a few times
(``resample``), plays the card, and finishes the hand with a fast ``playout`` whose
policy plays the way people do: follow with the lowest card that wins the trick if
one does, else the lowest card.  It keeps the card with the best average score for
its side.  Before the play it takes the rule-based player's choice.

Run it with ``python examples/playout_bot.py [deals]``: it plays that many deals with
the Monte Carlo player and its partner (side 0) against rule-based players (side 1),
and prints each deal's result.
"""

import random
import sys

from five_hundred import (
    Phase,
    PlayContext,
    RuleBasedPlayer,
    SeatView,
    apply,
    card_power,
    effective_suit,
    new_game,
    playout,
    resample,
    side_of,
    view,
)
from five_hundred.actions import Action
from five_hundred.cards import CARDS_BY_CODE, Suit
from five_hundred.search.playout import JOKER_LEAD, Policy


def follow_policy(context: PlayContext, led_now: Suit | None) -> Policy:
    """A policy: win the trick as cheaply as possible, else throw the lowest card.

    ``led_now`` is the suit to follow of the trick in progress when the playout
    starts (the state's ``led_suit``).
    """

    def power(code: int, led: Suit) -> int:
        return card_power(CARDS_BY_CODE[code], context, led)

    named = [led_now]  # the suit a led Joker named, once this policy has led it

    def choose(seat: int, choices: tuple[int, ...], trick: tuple[int, ...]) -> int:
        del seat  # every seat plays the same way
        if not trick:  # leading: the highest choice (a Joker lead naming hearts first)
            choice = max(choices)
            named[0] = Suit(choice - JOKER_LEAD) if choice >= JOKER_LEAD else None
            return choice
        led = effective_suit(CARDS_BY_CODE[trick[0]], context)
        if led is None:  # the Joker of no suit was led: the suit it named
            led = named[0]
        assert led is not None  # a led Joker always names a suit
        best = max(power(code, led) for code in trick)
        winners = [c for c in choices if c < JOKER_LEAD and power(c, led) > best]
        pool = winners or list(choices)
        return min(pool, key=lambda code: (power(code, led), code))

    return choose


class MonteCarloPlayer:
    """Plays each card by resampling the hidden cards and playing the hand out."""

    def __init__(self, samples: int = 6, seed: int = 0) -> None:
        self.samples = samples
        self.rng = random.Random(seed)
        self.fallback = RuleBasedPlayer()

    def choose(self, seen: SeatView, seat: int) -> Action:
        actions = seen.legal_actions
        if seen.phase is not Phase.PLAY or len(actions) == 1:
            return self.fallback.choose(seen, seat)
        context = seen.play_context
        assert context is not None  # the play has a contract

        side = side_of(seen.rules, seat)
        totals = dict.fromkeys(actions, 0.0)
        for _ in range(self.samples):
            guess = resample(seen, self.rng)
            for action in actions:
                after = apply(guess, action)
                policy = follow_policy(context, after.led_suit)
                result = playout(after, rng=self.rng, policy=policy)
                totals[action] += result.hand_result[side]
        return max(actions, key=lambda action: totals[action])


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    for deal in range(deals):
        players = [
            MonteCarloPlayer(seed=deal) if seat % 2 == 0 else RuleBasedPlayer()
            for seat in range(4)
        ]
        state = new_game(seed=deal)
        while state.to_act is not None:
            seat = state.to_act
            state = apply(state, players[seat].choose(view(state, seat), seat))
        contract = "thrown in" if state.contract is None else str(state.contract)
        print(f"deal {deal}: {contract}; result {state.hand_result}")


if __name__ == "__main__":
    main()
