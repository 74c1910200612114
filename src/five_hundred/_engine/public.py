"""The public API's card play, compiled: a state's play checked, taken and wrapped.

:func:`~five_hundred.state.apply` spends some 40 of a hand's 46 or so calls in the
card play.  Compiled, such a call is one call here from the facade: :func:`state_play`
finds the card of the action, checks and plays it (:func:`._engine.adapter.play_id`,
which calls the play step) and builds the new state.  Interpreted, the facade's work
between those engine calls (the turn test, the card of the action, the new state)
would cost about as much as the play step itself.

The facade's values stay opaque here: the facade passes what finds the card of a play
and builds and scores its states (:data:`Front`).  Anything else (another phase, a play
not of the shared ones, a card the player may not play, a seat not to act) is answered
``None``: the facade's full path then takes the call, and refuses it if it must.
"""

from typing import Any

from five_hundred._engine.adapter import play_id
from five_hundred._engine.core import PHASE, PLAY, TO_ACT, Core

__all__ = ["Front", "state_play"]

Front = tuple[dict[int, int], tuple[Any, ...], Any, Any, Any]
"""What :func:`state_play` needs of the facade: ``(codes, plays, new, store, finish)``.

``codes`` maps the ``id`` of each shared play (the plays the facade lists) to its card
code, and ``plays`` holds the play of each code (logged with the card); ``new()``
makes an empty state and ``store(state, record)`` puts a record in it;
``finish(record)`` is the scored state of a record whose hand is over.
"""


def state_play(core: Core, action: Any, seat: Any, front: Front) -> Any:
    """The state after the player to act plays ``action`` on ``core``, or ``None``.

    ``action`` must be one of the shared plays, legal now (see ``play_id``), and
    ``seat``, unless ``None``, the seat to act.
    """
    if core[PHASE] != PLAY or (seat is not None and seat != core[TO_ACT]):
        return None  # (the phase first: the other phases' actions pass by)
    codes, plays, new, store, finish = front
    after = play_id(core, codes.get(id(action), -1), plays)
    if after is None:
        return None
    if after[TO_ACT] is None:  # the hand is over: the facade scores it
        return finish(after)
    made = new()
    store(made, after)
    return made
