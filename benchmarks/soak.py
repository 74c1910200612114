"""A long soak: random games across rules and player counts, every invariant checked.

Run ``python benchmarks/soak.py [--actions N] [--seed S]`` (not in CI: 10^6 actions
take some minutes).  Games are played by random legal actions under random rules
(2 to 6 players, every option drawn at random); at every action the script checks:

* the legal actions are listed exactly when a seat is to act, each is legal
  (``is_legal``, ``explain_illegal``), and an illegal one is refused with an
  :class:`~five_hundred.errors.IllegalActionError` and leaves the state unchanged;
* every card of the pack is in exactly one place (a hand, the dead hand, the kitty,
  the discards, or played this hand);
* each seat's view shows its own hand, the hand sizes, and no card it may not see
  (the kitty and the discards only to the contractor who took them up);
* the scores change only at the end of a hand, by its result.

At the end of each hand it also checks a :func:`~five_hundred.search.resample.resample`
of a view against that view, and at the end of each game that the record of the game
reads back from JSON and from text and replays to the same state.  It reports the
actions per second (checks included) and the peak memory of the process.
"""

import argparse
import functools
import random
import resource
import sys
import time
from collections.abc import Sequence
from typing import Any, Final

import attrs

from five_hundred import (
    Card,
    GameRecord,
    GameState,
    IllegalActionError,
    JokerLeadSuit,
    Phase,
    PlayCard,
    Rules,
    apply,
    explain_illegal,
    is_legal,
    legal_actions,
    new_game,
    next_hand,
    pack,
    parse_action,
    record,
    view,
)
from five_hundred.search.resample import resample

DEFAULT_ACTIONS: Final = 1_000_000
MAX_HANDS: Final = 30
"""A game stops after this many hands (thrown-in hands never end it)."""
_BOOLEANS: Final = tuple(
    field.name for field in attrs.fields(Rules) if isinstance(field.default, bool)
)
_PROBES: Final = tuple(
    parse_action(text)
    for text in ("PASS", "6S", "10NT", "MIS", "PLAY JK", "PLAY 4H", "NOMINATE H")
)
"""Actions tried against every state (most are illegal most of the time)."""


class InvariantError(AssertionError):
    """An invariant of the library does not hold."""


def check(condition: bool, what: str, state: GameState) -> None:
    if not condition:
        msg = f"{what}\nstate: {state!r}\nactions: {[str(a) for a in state.actions]}"
        raise InvariantError(msg)


def random_rules(rng: random.Random) -> Rules:
    """Rules with every option drawn at random (retried until consistent)."""
    while True:
        options: dict[str, Any] = {name: rng.random() < 0.5 for name in _BOOLEANS}
        options["players"] = rng.randint(2, 6)
        options["six_player_sides"] = (
            3 if options["players"] == 6 and rng.random() < 0.5 else 2
        )
        options["joker_lead_suit"] = rng.choice(list(JokerLeadSuit))
        options["target"] = rng.choice((250, 500, 1000))
        try:
            return Rules(**options)
        except ValueError:
            continue


def played_cards(state: GameState) -> list[Any]:
    return [a.card for a in state.actions if isinstance(a, PlayCard)]


@functools.cache
def pack_of(players: int) -> frozenset[Card]:
    return frozenset(pack(Rules(players=players)))


def check_cards(state: GameState) -> None:
    """Every card of the pack in exactly one place."""
    places = [*state.hands, state.dead_hand, played_cards(state), state.discards]
    count = sum(map(len, places))
    held = set().union(*places)
    check(count == len(held), "a card is in two places", state)
    kitty = set(state.kitty)
    if not kitty & held:  # the kitty not taken up: it is a place of its own
        held |= kitty
        count += len(kitty)
    every = pack_of(state.rules.players)
    check(held == every and count == len(every), "a card is lost", state)


def check_views(state: GameState) -> None:
    contract = state.contract
    for seat in range(state.rules.players):
        seen = view(state, seat)
        check(seen.hand == state.hands[seat], f"seat {seat} sees another hand", state)
        sizes = tuple(len(hand) for hand in state.hands)
        check(seen.hand_sizes == sizes, "wrong hand sizes in a view", state)
        if contract is None or contract.contractor != seat:
            check(not seen.kitty and not seen.discards, "the kitty leaks", state)


def check_actions(state: GameState, options: Sequence[Any], rng: random.Random) -> None:
    check(bool(options) == (state.to_act is not None), "actions without a seat", state)
    if options:
        action = options[rng.randrange(len(options))]
        check(is_legal(state, action), "a listed action is not legal", state)
        check(
            explain_illegal(state, action) is None, "a listed action explained", state
        )
    probe = _PROBES[rng.randrange(len(_PROBES))]
    if probe in options:
        return
    check(not is_legal(state, probe), "an unlisted action is legal", state)
    check(explain_illegal(state, probe) is not None, "no reason for a refusal", state)
    before = state
    try:
        apply(state, probe)
    except IllegalActionError:
        pass
    else:
        check(False, f"illegal {probe} was applied", state)
    check(state == before, "a refusal changed the state", state)


def check_game(state: GameState, rng: random.Random) -> None:
    saved = record(state)
    check(GameRecord.from_json(saved.to_json()) == saved, "JSON round trip", state)
    check(GameRecord.from_text(saved.to_text()) == saved, "text round trip", state)
    check(saved.replay() == state, "the replay differs", state)
    del rng


def check_resample(state: GameState, rng: random.Random) -> None:
    seat = rng.randrange(state.rules.players)
    seen = view(state, seat)
    sample = resample(seen, rng)
    again = attrs.evolve(view(sample, seat), hand_number=seen.hand_number)
    check(again == seen, "a resample does not fit its view", state)


def soak(total: int, seed: int) -> dict[str, float]:
    """Play until ``total`` actions have been applied; return the figures."""
    rng = random.Random(seed)
    actions = games = hands = 0
    start = time.perf_counter()
    while actions < total:
        state = new_game(random_rules(rng), seed=rng.getrandbits(64))
        games += 1
        for _ in range(MAX_HANDS):
            scores = state.scores
            while state.to_act is not None and actions < total:
                options = legal_actions(state)
                check_actions(state, options, rng)
                if rng.random() < 0.05:  # a partial check of the views: they cost
                    check_views(state)
                state = apply(state, options[rng.randrange(len(options))])
                actions += 1
                check_cards(state)
                if state.hand_result is None:
                    check(state.scores == scores, "scores changed mid-hand", state)
                if state.phase is Phase.PLAY and rng.random() < 0.01:
                    check_resample(state, rng)
            if state.to_act is not None:
                break  # out of actions mid-hand
            hands += 1
            result = state.hand_result
            check(result is not None, "a finished hand has no result", state)
            assert result is not None
            changed = tuple(a + b for a, b in zip(scores, result, strict=True))
            check(state.scores == changed, "scores do not add up", state)
            if state.phase is Phase.GAME_OVER:
                break
            state = next_hand(state)
        check_game(state, rng)
    seconds = time.perf_counter() - start
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "actions": actions,
        "games": games,
        "hands": hands,
        "seconds": seconds,
        "actions_per_second": actions / seconds,
        "peak_mib": peak_kib / 1024,
    }


def main(argv: Sequence[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=DEFAULT_ACTIONS)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    figures = soak(args.actions, args.seed)
    print(
        f"{figures['actions']:,.0f} actions in {figures['games']:,.0f} games "
        f"({figures['hands']:,.0f} finished hands), every invariant held.\n"
        f"{figures['actions_per_second']:,.0f} actions per second, checks included; "
        f"peak memory (max RSS) {figures['peak_mib']:.0f} MiB."
    )
    return figures


if __name__ == "__main__":
    main(sys.argv[1:])
