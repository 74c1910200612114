"""Helpers shared by several test modules: steered positions, fixed deals, checks.

* :func:`steer` runs an auction towards one kind of contract (:data:`CONTRACTS`) under
  the rule options that change the play (:data:`VARIANTS`, :func:`make_rules`), and
  :func:`hands_of` gives every state of such a hand: the playout and resample tests
  take their positions from here.
* :func:`assert_fits` checks that a resampled deal looks, from the seat, exactly like
  the view it came from.
* :func:`load_benchmark` imports a script of ``benchmarks/`` from its file.
* :data:`FIVE_HANDS` and :data:`FIVE_KITTY`: a five-player deal written out card by
  card.
"""

import importlib.util
import random
from types import ModuleType

import attrs

from five_hundred import (
    JOKER,
    PASS,
    GameState,
    JokerLeadSuit,
    Phase,
    PlayCard,
    Rules,
    SeatView,
    apply,
    effective_suit,
    is_legal,
    legal_actions,
    new_game,
    parse_bid,
    view,
)
from tests import ROOT

# -- positions steered to each kind of contract ----------------------------------------

PLAYERS = (2, 3, 4, 5, 6)

VARIANTS: dict[str, dict[str, object]] = {
    "standard": {},
    "joker_follows_any_time": {
        "joker_follows_only_when_void": False,
        "joker_lead_suit": JokerLeadSuit.NOT_SHOWN_VOID,
    },
    "joker_names_unshown_void": {
        "joker_lead_suit": JokerLeadSuit.NOT_SHOWN_VOID,
        "joker_last_trick_once_all_suits_led": False,
    },
    "joker_after_all_suits": {"joker_last_trick_once_all_suits_led": False},
    "joker_led_last_only": {
        "joker_lead_suit": JokerLeadSuit.ANY,
        "joker_lead_only_last_trick": True,
    },
    "misere_joker_free": {
        "misere_joker_forced_when_void": False,
        "open_misere_exposed_before_lead": True,
    },
    "no_nomination": {"joker_nomination": False},
}

CONTRACTS: dict[str, tuple[str, ...]] = {
    "random": (),
    "nt_joker": ("6NT",),  # bid by the seat holding the Joker (or the first caller)
    "misere": ("7S", "MIS"),
    "open_misere": ("OMIS",),
    "blind_misere": ("BMIS",),
    "sans_kitty": ("7H-SK",),
    "trumps": ("8D",),
    "ten_nt": ("10NT",),
}


def make_rules(players: int, variant: str) -> Rules:
    """The rules of ``players`` under the options of ``VARIANTS[variant]``."""
    extra: dict[str, object] = dict(VARIANTS[variant])
    if players == 6 and variant == "joker_follows_any_time":
        extra["six_player_sides"] = 3
    if players == 5 and variant == "no_nomination":
        extra["five_player_partner"] = False
    return Rules.for_players(players, **extra)


def _joker_holder(state: GameState) -> int:
    for seat, hand in enumerate(state.hands):
        if JOKER in hand:
            return seat
    return (state.dealer + 1) % state.rules.players  # in the kitty or the dead hand


def steer(state: GameState, rng: random.Random, contract: str) -> GameState:
    """Run the auction towards ``contract`` and the steps before the play at random.

    The scripted bids are made in turn by whoever is to call (the last of them by the
    Joker's holder for ``nt_joker``); everybody else passes.  A random contract comes
    from random calls that favour passing, so auctions do not all end at 10NT.
    """
    pending = list(CONTRACTS[contract])
    holder = _joker_holder(state) if contract == "nt_joker" else None
    while state.phase is Phase.BIDDING:
        actions = legal_actions(state)
        if contract == "random":
            call = (
                actions[rng.randrange(min(4, len(actions)))]
                if rng.random() < 0.4
                else PASS
            )
        elif pending and (holder is None or state.to_act == holder):
            call = parse_bid(pending[0])
            if not is_legal(state, call):
                call = PASS
            else:
                pending.pop(0)
        else:
            call = PASS
        state = apply(state, call)
    while state.to_act is not None and state.phase is not Phase.PLAY:
        actions = legal_actions(state)
        state = apply(state, actions[rng.randrange(len(actions))])
    return state


def walk(state: GameState, rng: random.Random) -> list[GameState]:
    """Every state from ``state`` to the end of its hand, by random legal actions."""
    states = [state]
    while state.to_act is not None:
        actions = legal_actions(state)
        state = apply(state, actions[rng.randrange(len(actions))])
        states.append(state)
    return states


def hands_of(rules: Rules, contract: str, seed: int) -> list[GameState]:
    """A few auction states of a seeded hand, then every state of it, steered."""
    rng = random.Random(seed)
    start = new_game(rules, seed=seed, dealer=seed % rules.players)
    states = walk(start, random.Random(seed))[:3]  # a few auction states
    return states + walk(steer(start, rng, contract), rng)


def plays_of(state: GameState) -> list[PlayCard]:
    """The cards played so far in the hand, in order."""
    return [action for action in state.actions if isinstance(action, PlayCard)]


def assert_fits(sample: GameState, original: GameState, seat: int) -> None:
    """``sample`` looks from ``seat`` like ``original``: view, hand, calls, plays."""
    seen = view(original, seat)
    again = view(sample, seat)
    assert (
        attrs.evolve(
            again, hand_number=seen.hand_number, previous_hand=seen.previous_hand
        )
        == seen
    )
    assert sample.hands[seat] == original.hands[seat]
    assert (sample.phase, sample.to_act) == (original.phase, original.to_act)
    assert sample.auction.calls == original.auction.calls
    assert plays_of(sample) == plays_of(original)
    context = sample.play_context
    if context is not None:
        for other, voids in enumerate(seen.shown_void):
            for card in sample.hands[other]:
                assert effective_suit(card, context) not in voids
    if original.to_act == seat:
        assert legal_actions(sample) == legal_actions(original)


def some_view() -> SeatView:
    """A view of seat 0 after three tricks of a four-player hand in trumps."""
    state = next(s for s in hands_of(Rules(), "trumps", 2) if s.tricks_played == 3)
    return view(state, 0)


# -- a five-player deal ----------------------------------------------------------------

FIVE_HANDS = (
    "JK JS JC AS KS QS 10S 9S 8S KH",
    "AD KD QD JD 10D 9D 8D 7D 6D 5D",
    "AH QH JH 10H 9H AC KC QC 10C 9C",
    "8H 7H 6H 5H 4H 3H 2H 7S 6S 5S",
    "8C 7C 6C 5C 4C 3C 2C 4S 3S 2S",
)
FIVE_KITTY = "4D 3D 2D"


def load_benchmark(name: str) -> ModuleType:
    """The benchmark script ``benchmarks/<name>.py``, imported from its file."""
    path = ROOT / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
