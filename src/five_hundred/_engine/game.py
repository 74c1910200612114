"""The game's step on action codes: the card play's listing, check and application.

Every way into the card play (the public :func:`~five_hundred.state.apply`, its
compiled entry point, the framework adapters) takes a play by its action code
(:data:`._engine.codes.PLAY_CODE` plus a card code, or :data:`._engine.codes.JOKER_LEAD_CODE`
plus the suit the un-nominated Joker names) through :func:`play`, the one home of a
card play's check and application; :func:`play_refused` is its check alone and
:func:`joker_names` the suits a leader of the un-nominated Joker may name.  The rules
themselves have their homes in :mod:`._engine.play` (the legal mask, the Joker's lead,
the trick winner) and the step that builds the next record in :mod:`._engine.step`.
"""

from typing import Any

from five_hundred._engine.codes import (
    ALL_SUITS,
    HAND_SIZE,
    JOKER_CODE,
    JOKER_LEAD_CODE,
    PLAY_CODE,
)
from five_hundred._engine.core import (
    DONE,
    LED,
    LEGAL,
    PHASE,
    PLAY,
    SETUP,
    SUITS_LED,
    TO_ACT,
    VOIDS,
    Record,
)
from five_hundred._engine.play import joker_lead_names_suit, joker_suits
from five_hundred._engine.step import play_card

__all__ = ["joker_names", "play", "play_refused"]


def joker_names(core: Record) -> int:
    """The mask of suits the player to act may name leading the un-nominated Joker.

    Read from the record of a card play (:func:`._engine.play.joker_suits`): the
    rules' option, the suits led so far, the suits the leader showed void in and
    whether this is the last trick.
    """
    fields: tuple[Any, ...] = core  # (by index: see _engine.adapter.play_ids)
    seat: int = fields[TO_ACT]  # the card play always has a player to act
    voids: int = fields[VOIDS]
    done: int = fields[DONE]
    setup = core[SETUP]
    return joker_suits(
        setup.options,
        fields[SUITS_LED],
        voids >> 4 * seat & ALL_SUITS,
        done == HAND_SIZE - 1,
    )


def play_refused(core: Record, action: int) -> bool:
    """Whether the player to act may not make the card play of code ``action`` now.

    Refused outside the card play, for a code that is not a card play, a card not in
    the legal mask, the un-nominated Joker led in No Trumps without naming a suit (it
    must name one: :ref:`rules-joker-lead-suit`), a suit named by any other play, or
    a suit the leader may not name.
    """
    if core[PHASE] != PLAY:
        return True
    legal: Any = core[LEGAL]  # (an object: a hand with the Joker is a long int)
    code: int = action - PLAY_CODE
    if 0 <= code <= JOKER_CODE:
        if not legal >> code & 1:
            return True
        return code == JOKER_CODE and joker_lead_names_suit(
            legal, core[LED], core[SETUP].key
        )
    suit: int = action - JOKER_LEAD_CODE
    if not 0 <= suit < 4 or not joker_lead_names_suit(
        legal, core[LED], core[SETUP].key
    ):
        return True
    return not joker_names(core) >> suit & 1


def play(core: Record, action: int, logged: Any) -> Record | None:
    """``core`` after the player to act makes the card play of code ``action``.

    ``None`` if :func:`play_refused` refuses it.  ``logged`` is the action the log
    keeps (the facade's play object, opaque here).  After the hand's last trick (or a
    misère contractor's first trick won) the result has nobody to act.
    """
    code: int = action - PLAY_CODE
    if 0 <= code < JOKER_CODE and core[PHASE] == PLAY and core[LEGAL] >> code & 1:
        # (play_refused's first case, without its call: a card other than the Joker
        # in the legal mask is a legal play, and most plays are)
        return play_card(core, code, -1, logged)
    if play_refused(core, action):
        return None
    if action < JOKER_LEAD_CODE:
        return play_card(core, code, -1, logged)
    return play_card(core, JOKER_CODE, action - JOKER_LEAD_CODE, logged)
