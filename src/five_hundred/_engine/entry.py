"""The public API's ``legal_actions`` and ``apply``, compiled: no Python frame a call.

Compiled, a call of the facade's ``legal_actions`` or ``apply`` cost a Python frame
around one engine call (:func:`._engine.public.state_listing`,
:func:`._engine.public.state_action`): about 1,000 instructions each, as much as
listing a card play.  These two functions make that engine call from compiled code
and hand everything else to the facade's own function (the reference, and the
public name's ``__wrapped__``): an object that is not a state, another phase, an
action not listed, a seat not to act.  The facade installs what they need in
:data:`HOOKS` (:func:`install`) when ``five_hundred.state`` is imported, and binds
the public names to them only in the compiled build.

A state's record is read as its attribute ``_record``, as the facade reads it.
"""

from typing import Any, Final

from five_hundred._engine.core import TO_ACT, UNCHECKED
from five_hundred._engine.public import state_action, state_listing

__all__ = ["HOOKS", "apply", "install", "legal_actions", "seat_to_act"]

HOOKS: Final[list[Any]] = [None] * 7
"""What the facade installs (see :func:`install`), read by index."""
_FRONT: Final = 0
_CALL_FRONT: Final = 1
_TABLES: Final = 2
_WHOLE: Final = 3
_SUIT: Final = 4
_LISTING: Final = 5
_APPLY: Final = 6


def install(
    front: Any,
    call_front: Any,
    listing_args: tuple[Any, int, int],
    listing: Any,
    application: Any,
) -> None:
    """Set :data:`HOOKS` (the facade, once).

    The fronts of ``state_action``, the tables and sizes of ``state_listing``, and the
    facade's ``legal_actions`` and ``apply``.
    """
    HOOKS[_FRONT] = front
    HOOKS[_CALL_FRONT] = call_front
    HOOKS[_TABLES], HOOKS[_WHOLE], HOOKS[_SUIT] = listing_args
    HOOKS[_LISTING] = listing
    HOOKS[_APPLY] = application


def legal_actions(state: Any) -> Any:
    """The facade's ``legal_actions``, the card play's and the auction's listed here."""
    hooks = HOOKS
    try:
        core = state._record
    except AttributeError:
        return hooks[_LISTING](state)  # not a state: the facade's TypeError
    found = state_listing(
        core, hooks[_TABLES], hooks[_WHOLE], hooks[_SUIT], hooks[_CALL_FRONT]
    )
    return found if found is not None else hooks[_LISTING](state)


def apply(state: Any, action: Any, *, seat: Any = UNCHECKED) -> Any:
    """The facade's ``apply``, a listed card play or call taken here."""
    hooks = HOOKS
    try:
        core = state._record
    except AttributeError:
        return hooks[_APPLY](state, action, seat=seat)  # the facade's TypeError
    found = state_action(core, action, seat, hooks[_FRONT], hooks[_CALL_FRONT])
    return found if found is not None else hooks[_APPLY](state, action, seat=seat)


def seat_to_act(state: Any) -> Any:
    """``state.to_act``: the compiled build's getter of that property.

    A Python property's getter is a frame at every read, and a game loop reads it at
    every action; compiled, the read is the slot's lookup and one tuple item.
    """
    record: tuple[Any, ...] = state._record
    return record[TO_ACT]
