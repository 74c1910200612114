"""How the bid simulation's play compares with the sampling player's own.

Run ``python benchmarks/bench_bid_model.py [--deals N] [--seed S] [--level L]`` in a venv with the
package (the compiled build: each deal plays two hands with the sampling player, about
a second each).  For each seeded four-player deal the first seat to call takes the
contract at six in the strain its hand is valued best in (the kitty taken up and
discarded as :class:`~five_hundred.bots.RuleBasedPlayer` discards), and the
contracting side's tricks are counted four ways: the mean of eight rollouts by the
rules of thumb (what the bid simulation plays), the double-dummy solve (what
``bid_solve_nodes`` reads), the sampling player (``--level``, by default ``hard``:
its defaults, here without time budgets) declaring against :class:`~five_hundred.bots.RuleBasedPlayer`, and the rule-based
player declaring against the sampling player.  It prints each deal and the means.
"""

import argparse
import random
import statistics
from collections.abc import Sequence

from five_hundred import Phase, Rules, apply, new_game
from five_hundred._engine.api import play_setup
from five_hundred._engine.playout import play_out
from five_hundred._estimates import strain_estimate
from five_hundred._rules_of_thumb import rule_policy, seat_friends, side_mask
from five_hundred.bidding import TrickBid
from five_hundred.bots import RuleBasedPlayer
from five_hundred.cards import Strain
from five_hundred.sampling import SamplingPlayer
from five_hundred.sampling._simulation import _contract_state
from five_hundred.search.solver import solve_core
from five_hundred.state import GameState, record_of
from five_hundred.views import view

ROLLOUTS = 8


def _played(
    state: GameState, team: set[int], ours: bool, sampling: SamplingPlayer
) -> int:
    """The contracting side's tricks with ``sampling`` on ``team`` if ``ours``.

    The other side plays as :class:`~five_hundred.bots.RuleBasedPlayer`.
    """
    rules = RuleBasedPlayer()
    while state.phase is Phase.PLAY and state.to_act is not None:
        seat = state.to_act
        player = sampling if (seat in team) == ours else rules
        state = apply(state, player.choose(view(state, seat), seat))
    return sum(state.tricks_won_by_seat[seat] for seat in team)


def main(argv: Sequence[str] | None = None) -> list[tuple[float, int, int, int]]:
    """Print each deal's four counts and their means; return the counts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--level", default="hard", help="the sampling player's level")
    args = parser.parse_args(argv)
    rules = Rules()
    rows = []
    for seed in range(args.seed, args.seed + args.deals):
        start = new_game(rules, seed=seed)
        seat = start.to_act
        assert seat is not None
        hand = start.hands[seat]
        strain = max(Strain, key=lambda s: strain_estimate(hand, s, rules))
        state = _contract_state(start, seat, TrickBid(6, strain))
        if state is None:
            continue
        core = record_of(state)
        team = {seat, (seat + 2) % 4}
        policy = rule_policy(
            play_setup(core), side_mask(rules, seat), seat_friends(rules)
        )
        rng = random.Random(seed)
        rolled = statistics.fmean(
            sum(play_out(core, rng.random, policy)[0] >> 4 * s & 15 for s in team)
            for _ in range(ROLLOUTS)
        )
        sampling = SamplingPlayer.level(args.level, seed=seed, budgets=False)
        row = (
            rolled,
            solve_core(core),
            _played(state, team, True, sampling),
            _played(state, team, False, sampling),
        )
        rows.append(row)
        print(seed, strain.name, *row, flush=True)
    means = [statistics.fmean(column) for column in zip(*rows, strict=True)]
    print(
        f"{len(rows)} deals: rollouts {means[0]:.2f}, double-dummy {means[1]:.2f}, "
        f"sampling declaring {means[2]:.2f}, sampling defending {means[3]:.2f}"
    )
    return rows


if __name__ == "__main__":
    main()
