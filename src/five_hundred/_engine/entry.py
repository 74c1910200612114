"""The public API's ``legal_actions`` and ``apply``, compiled: no Python frame a call.

Compiled, a call of the facade's ``legal_actions`` or ``apply`` cost a Python frame
around one engine call (:func:`._engine.public.state_listing`,
:func:`._engine.public.state_action`): about 1,000 instructions each, as much as
listing a card play.  These two functions make that engine call from compiled code
and hand everything else to the facade's own function (the reference, and the
public name's ``__wrapped__``): an object that is not a state, another phase, an
action not listed, a seat not to act.

The facade's one hook is :func:`entry_point`, the decorator of its ``legal_actions``
and ``apply``: it keeps the documented function as this module's fallback, and makes
the public name this module's function of the same name only in the compiled build.
The facade installs the rest of what they need in :data:`HOOKS` (:func:`install`)
when ``five_hundred.state`` is imported.

A state's record is read as its attribute ``_record``, as the facade reads it.
"""

import functools
from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

from five_hundred._engine import compiled
from five_hundred._engine.core import UNCHECKED
from five_hundred._engine.public import state_action, state_listing

__all__ = ["HOOKS", "apply", "entry_point", "install", "legal_actions"]

_F = TypeVar("_F", bound=Callable[..., Any])

HOOKS: Final[list[Any]] = [None] * 7
"""What the facade installs (see :func:`install`), read by index."""
_FRONT: Final = 0
_CALL_FRONT: Final = 1
_TABLES: Final = 2
_WHOLE: Final = 3
_SUIT: Final = 4
_LISTING: Final = 5
_APPLY: Final = 6


def install(front: Any, call_front: Any, listing_args: tuple[Any, int, int]) -> None:
    """Set :data:`HOOKS` (the facade, once).

    The fronts of ``state_action`` and the tables and sizes of ``state_listing``.
    """
    HOOKS[_FRONT] = front
    HOOKS[_CALL_FRONT] = call_front
    HOOKS[_TABLES], HOOKS[_WHOLE], HOOKS[_SUIT] = listing_args


def entry_point(documented: _F) -> _F:
    """The public name of the facade's ``legal_actions`` or ``apply`` (``documented``).

    ``documented`` is kept as the fallback of this module's function of the same name
    (in both builds: the tests run these functions in both).  Pure, the public name is
    ``documented`` itself (a call of this module's function would cost a frame more).
    Compiled, a compiled function has a signature but no docstring: the public name is
    a ``functools.partial`` of this module's function (called through at C speed)
    carrying ``documented``'s name, docstring and ``__wrapped__``, and pickled by its
    name as the function was (``copy`` returns it as it is).
    """
    name = documented.__name__
    fast: Callable[..., Any]
    if name == "legal_actions":
        HOOKS[_LISTING] = documented
        fast = legal_actions
    elif name == "apply":
        HOOKS[_APPLY] = documented
        fast = apply
    else:
        msg = f"no entry point for {name!r}"
        raise ValueError(msg)
    if not compiled:
        return documented
    wrapped = functools.partial(fast)
    functools.update_wrapper(wrapped, documented)
    qualified = documented.__qualname__
    vars(wrapped)["__reduce_ex__"] = lambda _protocol: qualified
    return cast(_F, wrapped)


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
