"""Analysis: the double-dummy solver and a duplicate match.

1. A hand is bid and its first tricks played by rule-based players; then the solver
   says how many of the remaining tricks the contracting side takes with every hand
   known, and what each card of the player to act is worth.
2. A short duplicate match puts the sampling player against the rule-based one on the
   same deals with the seats swapped (a real comparison needs hundreds of deals:
   ``five-hundred match sampling rules --deals 400``).

The bid advisor (:func:`five_hundred.advise_bids`) solves whole deals in every strain
(about a second a sample for this hand in pure Python, less with the compiled engine):
try it from the command line,
``five-hundred advise --hand "JK JH JD AH KH QH 10H 9S 8C 7D" --samples 16``.

Run it with ``python examples/analyse_a_hand.py [seed]``.
"""

import sys

from five_hundred import (
    GameState,
    Phase,
    RuleBasedPlayer,
    Rules,
    SamplingPlayer,
    apply,
    contract_made,
    duplicate_match,
    new_game,
    side_of,
    solve,
    solve_plays,
    view,
)

TRICKS_FIRST = 4
"""Tricks played by the rules of thumb before the solver looks (keeps it quick)."""


def contract_hand(seed: int) -> GameState:
    """The first hand from ``seed`` on that is not thrown in, ``TRICKS_FIRST`` tricks in."""
    player = RuleBasedPlayer()
    while True:
        state = new_game(Rules(), seed=seed)
        while state.to_act is not None and not (
            state.phase is Phase.PLAY
            and state.tricks_played == TRICKS_FIRST
            and not state.trick
        ):
            seat = state.to_act
            state = apply(state, player.choose(view(state, seat), seat))
        if state.to_act is not None:
            return state
        seed += 1  # every seat passed: the hand was thrown in


def main(seed: int) -> None:
    state = contract_hand(seed)
    contract = state.contract
    assert contract is not None  # cards are played only under a contract
    left = 10 - state.tricks_played
    won = state.tricks_won[side_of(state.rules, contract.contractor)]
    print(
        f"Contract {contract.bid} by seat {contract.contractor}: "
        f"{won} tricks won so far, {left} to play."
    )
    more = solve(state)
    verdict = "made" if contract_made(contract.bid, won + more) else "set"
    print(f"Double-dummy, the contracting side takes {more} more: {verdict}.")
    print(f"Seat {state.to_act} to play; each card's result for the contracting side:")
    for action, tricks in solve_plays(state).items():
        print(f"  {action}: {tricks}")

    sampler = SamplingPlayer(
        samples=4, rollouts=4, bid_samples=4, budget=None, bid_budget=None, seed=seed
    )
    result = duplicate_match(sampler, RuleBasedPlayer(), deals=2, seed=seed)
    print(
        f"Sampling against rule-based, {result.deals} deals played both ways: "
        f"{result.mean:+.1f} points a deal (95% CI {result.low:+.1f} to "
        f"{result.high:+.1f}); each deal: "
        + ", ".join(f"{difference:+.0f}" for difference in result.differences)
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
