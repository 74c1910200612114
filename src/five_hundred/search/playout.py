"""Fast playouts for search: play a hand to its end on small integers.

Monte Carlo bots play millions of hands.  :func:`playout` takes any state of a hand
(typically one made by :func:`~five_hundred.search.resample.resample` from a view), finishes the
hand with a random or a user-supplied policy, and returns the result.  During the play of
the cards it works on bit masks and card codes only; before the play (bidding, discard,
nomination, partner call) it goes through the public API.

It agrees exactly with :func:`~five_hundred.state.legal_actions` and
:func:`~five_hundred.state.apply`: the choices it offers at each step are the legal
actions in their canonical order, and the tests replay every playout through the public
API.

>>> import random
>>> from five_hundred import new_game, playout
>>> result = playout(new_game(seed=3), rng=random.Random(1))
>>> sum(result.tricks_won) <= 10, len(result.hand_result)
(True, 2)

A *choice* is an ``int``: a card code (see :mod:`five_hundred.cards`), or
``65 + suit`` for leading the un-nominated Joker and naming ``suit``.  The loop itself
is the engine's (``five_hundred._engine.playout``); this module is its typed face.
"""

import random
from typing import Final, NamedTuple, Protocol

from five_hundred._engine.api import card_player
from five_hundred._engine.codes import JOKER_CODE
from five_hundred._engine.playout import JOKER_LEAD, play_out
from five_hundred.actions import Action, PlayCard
from five_hundred.cards import CARDS_BY_CODE, JOKER, Suit, card_code
from five_hundred.errors import wrong_type
from five_hundred.state import (
    GameState,
    Phase,
    apply,
    legal_actions,
    record_of,
    settlement,
)

__all__ = [
    "JOKER_LEAD",
    "PlayoutResult",
    "Policy",
    "action_choice",
    "choice_action",
    "playout",
]


class Policy(Protocol):
    """How a playout chooses each card: ``policy(seat, choices, trick) -> choice``.

    A plain function of three positional arguments will do.  The playout calls it
    for every card of the play, with:

    * ``seat``: the seat to play;
    * ``choices``: its legal choices in canonical order (the order of
      :func:`~five_hundred.state.legal_actions`): card codes (see
      :func:`~five_hundred.cards.card_code`), and for leading the un-nominated Joker
      without trumps one choice per suit it may name, ``JOKER_LEAD + suit``;
    * ``trick``: the card codes played to the trick so far, the leader's first (the
      Joker as its code; the suit a led Joker named is the choice the policy itself
      returned for that lead, ``JOKER_LEAD + suit``, or, for a lead made before the
      playout began, the state's :attr:`~five_hundred.state.GameState.led_suit`).

    It returns one of ``choices``.  The play context is fixed for the whole playout:
    the state's :attr:`~five_hundred.state.GameState.play_context` (the strain,
    misère, and the suit nominated for the Joker), with which
    :func:`~five_hundred.tricks.effective_suit` and
    :func:`~five_hundred.tricks.card_power` rank the cards (:func:`choice_action`
    turns a choice into its action).  ``examples/playout_bot.py`` uses one.
    """

    def __call__(
        self, seat: int, choices: tuple[int, ...], trick: tuple[int, ...], /
    ) -> int:
        """The choice to play."""
        ...


class PlayoutResult(NamedTuple):
    """How a hand ended."""

    tricks_won: tuple[int, ...]
    """Tricks won by each side."""
    hand_result: tuple[int, ...]
    """The change to each side's score (zeros for a thrown-in hand)."""
    scores: tuple[int, ...]
    """Each side's total after the hand."""
    choices: tuple[int, ...]
    """The choices made during the play of the cards, in order."""


_new: Final = tuple.__new__


def choice_action(choice: int) -> PlayCard:
    """The action of a playout choice.

    >>> str(choice_action(63)), str(choice_action(65 + 3))
    ('PLAY AH', 'PLAY JK:H')
    """
    if choice > JOKER_CODE:
        return PlayCard(JOKER, Suit(choice - JOKER_LEAD))
    return PlayCard(CARDS_BY_CODE[choice])


def action_choice(action: PlayCard) -> int:
    """The playout choice of a card play: :func:`choice_action`'s inverse.

    >>> from five_hundred import parse_action
    >>> action_choice(parse_action("PLAY AH")), action_choice(parse_action("PLAY JK:H"))
    (63, 68)
    """
    if action.suit is not None:
        return JOKER_LEAD + action.suit
    return card_code(action.card)


def _before_play(state: GameState, rng: random.Random) -> GameState:
    """Random legal actions through the public API until the play (or the hand's end)."""
    while state.to_act is not None and state.phase is not Phase.PLAY:
        actions: tuple[Action, ...] = legal_actions(state)
        state = apply(state, actions[int(rng.random() * len(actions))])
    return state


def playout(
    state: GameState,
    *,
    rng: random.Random | None = None,
    seed: int | None = None,
    policy: Policy | None = None,
) -> PlayoutResult:
    """Finish the hand of ``state`` and return its result; ``state`` is unchanged.

    Args:
        state: any state of a hand (a finished hand returns its own result).
        rng: the random generator for random choices (default: ``random.Random(seed)``).
        seed: the seed of that generator when ``rng`` is not given.
        policy: chooses each card play (a :class:`Policy`); uniformly random if
            ``None``.  Calls, discards and other actions before the play are random.
    """
    if rng is None:
        rng = random.Random(seed)
    draw = getattr(rng, "random", None)
    if not callable(draw):
        wrong_type(rng, "a random.Random (rng=)")
    core = record_of(state)  # (a TypeError if it is not a state)
    if card_player(core) < 0:
        state = _before_play(state, rng)
        core = record_of(state)
        if card_player(core) < 0:
            rules = state.rules
            result = state.hand_result or (0,) * rules.sides
            return PlayoutResult(state.tricks_won, result, state.scores, ())
    won, chosen = play_out(core, draw, policy)
    settled = settlement(core, won)  # cards are played only under a contract
    # PlayoutResult(...) by position: a NamedTuple's __new__ is a Python call
    return _new(PlayoutResult, (*settled[:3], tuple(chosen)))
