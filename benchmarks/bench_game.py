"""Benchmark whole hands against OpenSpiel's trick-taking games, in one run.

Run ``python benchmarks/bench_game.py [--scale S] [--repeats N] [--no-openspiel]``
(install the ``bench`` dependency group first for OpenSpiel).  Every rate below is
measured in this one run, on this machine, so the ratios compare like with like:

* ``public``: random legal play of whole hands (auction, kitty, play) through the public
  API: :func:`~five_hundred.legal_actions` and a checked :func:`~five_hundred.apply` on
  immutable states, each hand from ``new_game(seed=i)``;
* ``playout``: random play of the card play from dealt contracts through
  :func:`five_hundred.search.playout.playout` (actions = ``len(result.choices)``);
* ``hearts`` and ``euchre``: OpenSpiel's C++ games driven from Python the same way
  (``state.legal_actions()`` then ``state.apply_action(a)``).

How the comparison is kept fair:

* Start states are built **outside** the timing on both sides: ``new_game`` (the deal)
  and the walk to the card play for five_hundred; OpenSpiel's chance nodes (the deal,
  and hearts' pass direction or euchre's upcard, all before the first decision) are
  resolved with random outcomes beforehand.  Only decision actions are timed and
  counted.  OpenSpiel states are mutable, so a fresh set is dealt for every repeat.
* Every Python-driven loop picks uniformly with ``actions[int(random() * len(actions))]``,
  the primitive the playout uses inside.  (``rng.randrange`` would add about 0.2 µs per
  action to the Python-driven loops only.)
* Each rate is the best of ``--repeats`` timings of identical work, to cut the noise of
  a shared machine; the garbage collector stays on, as in real use.

It also reports the memory a mid-hand state costs beyond what it shares with its parent,
and how the cost of a hand grows with the number of players (3, 4 and 6).
"""

import argparse
import functools
import gc
import random
import sys
import time
import tracemalloc
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, NamedTuple

import attrs

from five_hundred import (
    GameState,
    Phase,
    Rules,
    apply,
    compiled,
    legal_actions,
    new_game,
)
from five_hundred.search.playout import playout

SEED: Final = 500
HANDS: Final = 2000
"""Hands per timing at scale 1 (each engine)."""
MEMORY_STATES: Final = 2000
DEFAULT_REPEATS: Final = 7
PLAYER_COUNTS: Final = (3, 4, 6)
OPENSPIEL_GAMES: Final = ("hearts", "euchre")
TARGETS: Final = {"playout/hearts": 1.0, "public/hearts": 0.3}
MEMORY_TARGET: Final = 2048


def _count(base: int, scale: float) -> int:
    return max(1, round(base * scale))


class Measure(NamedTuple):
    """One timed workload: ``run(prepare())`` returns the number of actions it played.

    ``prepare`` runs outside the timing (the deal, the walk to the card play).
    """

    name: str
    prepare: Callable[[], Any]
    run: Callable[[Any], int]
    fresh: bool = False
    """Whether every round needs a new ``prepare`` (mutable OpenSpiel states)."""


def interleaved(
    measures: Sequence[Measure], repeats: int
) -> dict[str, tuple[int, float, int]]:
    """Time every measure once per round, ``repeats`` rounds; best seconds of each.

    Interleaving the engines round by round gives them the same share of a busy
    machine; taking the best round of each drops the rounds another process disturbed.
    Returns ``(actions, seconds, hands)`` by name (``hands``: the prepared states).
    """
    payloads: dict[str, Any] = {}
    best: dict[str, tuple[int, float, int]] = {}
    for _ in range(repeats):
        for measure in measures:
            if measure.fresh or measure.name not in payloads:
                payloads[measure.name] = measure.prepare()
            start = time.perf_counter()
            actions = measure.run(payloads[measure.name])
            seconds = max(time.perf_counter() - start, 1e-9)
            if measure.name not in best or seconds < best[measure.name][1]:
                best[measure.name] = (actions, seconds, len(payloads[measure.name]))
    return best


# -- five_hundred ------------------------------------------------------------------


def deals(rules: Rules, hands: int) -> list[GameState]:
    """The first hand of ``hands`` seeded games, bidding open."""
    return [new_game(rules, seed=SEED + i) for i in range(hands)]


def play_states(rules: Rules, hands: int) -> list[GameState]:
    """States at the first lead of the card play, reached by random legal actions.

    Thrown-in hands are skipped, so the list may be a little shorter than ``hands``.
    """
    rng = random.Random(SEED)
    found = []
    for state in deals(rules, hands):
        while state.to_act is not None and state.phase is not Phase.PLAY:
            actions = legal_actions(state)
            state = apply(state, actions[rng.randrange(len(actions))])
        if state.phase is Phase.PLAY:
            found.append(state)
    return found


def random_hands(states: Sequence[GameState]) -> int:
    """Play every state to the end of its hand through the public API; the actions."""
    random_ = random.Random(SEED).random
    count = 0
    for state in states:
        while state.to_act is not None:
            actions = legal_actions(state)
            state = apply(state, actions[int(random_() * len(actions))])
            count += 1
    return count


def random_playouts(states: Sequence[GameState]) -> int:
    """Finish every state's hand with :func:`playout`; the actions (card plays)."""
    rng = random.Random(SEED)
    return sum(len(playout(state, rng=rng).choices) for state in states)


# -- OpenSpiel ---------------------------------------------------------------------


def load_openspiel() -> Any:
    """The ``pyspiel`` module, or ``None`` if OpenSpiel is not installed."""
    try:
        import pyspiel  # optional: imported only when wanted
    except ImportError:
        return None
    return pyspiel


def openspiel_deals(game: Any, hands: int, rng: random.Random) -> list[Any]:
    """Fresh states of ``game`` with every chance node before the first decision resolved."""
    random_ = rng.random
    states = []
    for _ in range(hands):
        state = game.new_initial_state()
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(random_() * len(outcomes))][0])
        states.append(state)
    return states


def openspiel_hands(states: Sequence[Any]) -> int:
    """Play every dealt state to its end from Python; the decision actions.

    A chance node met later (none in hearts or euchre) is resolved and not counted.
    """
    random_ = random.Random(SEED).random
    count = 0
    for state in states:
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(random_() * len(outcomes))][0])
                continue
            actions = state.legal_actions()
            state.apply_action(actions[int(random_() * len(actions))])
            count += 1
    return count


# -- memory -------------------------------------------------------------------------


def mid_hand_pairs(count: int) -> list[tuple[GameState, Any]]:
    """Mid-hand play states (after a few tricks) with a legal action for each."""
    rng = random.Random(SEED)
    pairs: list[tuple[GameState, Any]] = []
    seed = 0
    while len(pairs) < count:
        state = new_game(seed=SEED + seed)
        seed += 1
        plays = 0
        target = rng.randrange(8, 30)
        while state.to_act is not None and plays < target:
            plays += state.phase is Phase.PLAY
            actions = legal_actions(state)
            state = apply(state, actions[rng.randrange(len(actions))])
        if state.phase is Phase.PLAY:
            actions = legal_actions(state)
            pairs.append((state, actions[rng.randrange(len(actions))]))
    return pairs


def _children(obj: object) -> Iterator[object]:
    if isinstance(obj, tuple | list | frozenset | set):
        yield from obj
    elif isinstance(obj, dict):
        yield from obj.keys()
        yield from obj.values()
    elif attrs.has(cls := type(obj)):
        for field in attrs.fields(cls):
            yield getattr(obj, field.name)


def reachable(root: object) -> dict[int, object]:
    """Every object reachable from ``root`` through tuples, sets and attrs fields."""
    seen: dict[int, object] = {}
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen[id(obj)] = obj
        stack.extend(_children(obj))
    return seen


def unshared_bytes(child: object, parent: object) -> int:
    """``sys.getsizeof`` summed over the objects of ``child`` not reachable from ``parent``.

    Rules, enums and cards are shared with the parent, so they never count.
    """
    shared = reachable(parent)
    total = 0
    stack = [child]
    seen: set[int] = set()
    while stack:
        obj = stack.pop()
        if id(obj) in shared or id(obj) in seen:
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        stack.extend(_children(obj))
    return total


def memory_per_state(count: int) -> tuple[float, float]:
    """Bytes per ``apply`` on a mid-hand state: (tracemalloc, unshared objects).

    tracemalloc counts every block the new states keep alive (the parents are alive
    already); the second figure sums the sizes of the new objects a child does not
    share with its parent.
    """
    pairs = mid_hand_pairs(count)
    children: list[GameState | None] = [None] * len(pairs)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for index, (state, action) in enumerate(pairs):
        children[index] = apply(state, action)
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    traced = (after - before) / len(pairs)
    walked = sum(
        unshared_bytes(child, parent)
        for child, (parent, _) in zip(children, pairs, strict=True)
    ) / len(pairs)
    return traced, walked


# -- the report ------------------------------------------------------------------


def _line(name: str, rate: float, unit: str = "actions/s") -> None:
    print(f"  {name:<38}{rate:>12,.0f} {unit}")


def engine_measures(hands: int, pyspiel: Any) -> list[Measure]:
    """The four-player comparison: public API, playout, and OpenSpiel's games."""
    rules = Rules()
    measures = [
        Measure("public", functools.partial(deals, rules, hands), random_hands),
        Measure(
            "playout", functools.partial(play_states, rules, hands), random_playouts
        ),
    ]
    if pyspiel is not None:
        for name in OPENSPIEL_GAMES:
            game = pyspiel.load_game(name)
            measures.append(
                Measure(
                    name,
                    functools.partial(
                        openspiel_deals, game, hands, random.Random(SEED)
                    ),
                    openspiel_hands,
                    fresh=True,
                )
            )
    return measures


def player_measures(hands: int) -> list[Measure]:
    """Whole hands and playouts for each player count of :data:`PLAYER_COUNTS`."""
    measures = []
    for players in PLAYER_COUNTS:
        rules = Rules.for_players(players)
        measures += [
            Measure(
                f"{players}p_public",
                functools.partial(deals, rules, hands),
                random_hands,
            ),
            Measure(
                f"{players}p_playout",
                functools.partial(play_states, rules, hands),
                random_playouts,
            ),
        ]
    return measures


def main(
    scale: float = 1.0, repeats: int = DEFAULT_REPEATS, *, openspiel: bool = True
) -> dict[str, float]:
    """Measure everything, print a report, and return the figures by name.

    ``scale`` multiplies the number of hands of every measurement (a test runs it
    tiny); ``openspiel=False`` skips OpenSpiel (also skipped if it is not installed).
    """
    if scale <= 0 or repeats < 1:
        msg = "scale must be positive and repeats at least 1"
        raise ValueError(msg)
    hands = _count(HANDS, scale)
    pyspiel = load_openspiel() if openspiel else None
    print(
        f"five_hundred benchmark ({'compiled' if compiled else 'pure Python'} engine):"
        f" {hands} hands per timing, best of {repeats} interleaved rounds."
    )
    print(
        "Start states are built outside the timing; only decision actions are timed"
        " and counted;\nevery Python-driven loop picks actions[int(random() * n)]."
    )
    print(
        "The machine may be shared (2 cores here): rates vary from run to run,"
        " the ratios much less.\n"
    )

    results: dict[str, float] = {}
    timed = interleaved(engine_measures(hands, pyspiel), repeats)
    for name, (actions, seconds, _) in timed.items():
        results[name] = actions / seconds
    print("Random play, four players (decision actions per second):")
    _line("public API, whole hands", results["public"])
    _line("playout, card play from the contract", results["playout"])
    if pyspiel is not None:
        for name in OPENSPIEL_GAMES:
            _line(f"OpenSpiel {name}, dealt, from Python", results[name])
        print("\nRatios five_hundred / OpenSpiel (same run):")
        for ours in ("public", "playout"):
            for theirs in OPENSPIEL_GAMES:
                key = f"{ours}/{theirs}"
                results[key] = results[ours] / results[theirs]
                target = TARGETS.get(key)
                goal = "" if target is None else f"   (target >= {target})"
                print(f"  {key:<38}{results[key]:>12.2f}{goal}")
    else:
        print("\nOpenSpiel not measured (not installed, or --no-openspiel).")

    traced, walked = memory_per_state(_count(MEMORY_STATES, scale))
    results["memory_traced"], results["memory_unshared"] = traced, walked
    print(
        f"\nMemory of a mid-hand state beyond its parent (target <= {MEMORY_TARGET} B):"
    )
    _line("tracemalloc, per apply", traced, "B")
    _line("unshared objects (sys.getsizeof)", walked, "B")

    print("\nCost per hand by player count (public API whole hands; playout):")
    print(
        f"  {'players':<8}{'hands/s':>10}{'actions/s':>12}{'act/hand':>10}"
        f"{'playout h/s':>13}{'actions/s':>12}{'act/hand':>10}"
    )
    timed = interleaved(player_measures(hands), repeats)
    for players in PLAYER_COUNTS:
        actions, seconds, _ = timed[f"{players}p_public"]
        played, played_seconds, playout_hands = timed[f"{players}p_playout"]
        figures = {
            "hands": hands / seconds,
            "actions": actions / seconds,
            "playout_hands": playout_hands / played_seconds,
            "playout_actions": played / played_seconds,
        }
        for what, value in figures.items():
            results[f"{players}p_{what}"] = value
        print(
            f"  {players:<8}{figures['hands']:>10,.0f}{figures['actions']:>12,.0f}"
            f"{actions / hands:>10.1f}{figures['playout_hands']:>13,.0f}"
            f"{figures['playout_actions']:>12,.0f}"
            f"{played / max(1, playout_hands):>10.1f}"
        )
    return results


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--scale", type=float, default=1.0, help="multiply the hands measured"
    )
    parser.add_argument(
        "--repeats", type=int, default=DEFAULT_REPEATS, help="rounds per figure"
    )
    parser.add_argument(
        "--no-openspiel", action="store_true", help="skip the OpenSpiel games"
    )
    args = parser.parse_args()
    main(args.scale, args.repeats, openspiel=not args.no_openspiel)
