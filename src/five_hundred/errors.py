"""The exceptions that five_hundred raises.

Every error is a :class:`FiveHundredError`, and every concrete error is also a
:class:`ValueError`, so code that already catches ``ValueError`` for bad input keeps
working.  Messages quote the input in notation and name the rule that forbids it; they
are deterministic, so tests and doctests may assert on them.

>>> from five_hundred import parse_card, InvalidNotationError
>>> try:
...     parse_card("1H")
... except InvalidNotationError as error:
...     print(error)
invalid card '1H': expected a rank (2-10, 11, 12, 13, J, Q, K, A) then a suit (S, C, D, H), or JK
"""

from typing import Any, Final, NoReturn, TypeVar

from five_hundred._shown import short_repr

__all__ = [
    "FiveHundredError",
    "IllegalActionError",
    "IllegalBidError",
    "IllegalPlayError",
    "InvalidNotationError",
    "InvalidStateError",
    "NotYourTurnError",
    "RulesConfigError",
    "WrongPhaseError",
]


class FiveHundredError(Exception):
    """The root of every error raised by five_hundred."""


class InvalidNotationError(FiveHundredError, ValueError):
    """Text that is not valid notation for a card, bid, action or record.

    Like a refusal (:class:`IllegalActionError`), it carries fields for an app:

    Attributes:
        code: a stable kebab-case identifier of what could not be read:

            ================= ====================================================
            code              raised for
            ================= ====================================================
            ``bad-card``      text that is not a card (``parse_card``)
            ``bad-cards``     text that is not a list of cards (``parse_cards``)
            ``bad-bid``       text that is not a call (``parse_bid``)
            ``bad-action``    text that is not an action (``parse_action``; with a
                              context, not a short form of the phase)
            ``repeated-card`` a card given twice in a discard (``DISCARD 5S 5S 6S``)
            ``bad-record``    a game record that is not one (JSON or text form)
            ``bad-value``     a value built of parts of the wrong kind
            ================= ====================================================

        reason: the sentence without the ``invalid card '1H':`` prefix, fit to show
            the person who typed it (the whole message where there is no prefix).

    ``str(error)`` is the whole message.

    >>> from five_hundred import parse_card
    >>> try:
    ...     parse_card("1H")
    ... except InvalidNotationError as error:
    ...     print(error.code, "|", error.reason[:40])
    bad-card | expected a rank (2-10, 11, 12, 13, J, Q,
    """

    def __init__(
        self, message: str, *, code: str = "bad-value", reason: str | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.reason = message if reason is None else reason

    def __reduce__(self) -> tuple[Any, ...]:
        return (
            _rebuild,
            (type(self), str(self), {"code": self.code, "reason": self.reason}),
        )


class RulesConfigError(FiveHundredError, ValueError):
    """A :class:`~five_hundred.rules.Rules` value with an inconsistent combination."""


class InvalidStateError(FiveHundredError, ValueError):
    """A deal, position or record that cannot arise under the rules."""


class IllegalActionError(FiveHundredError, ValueError):
    """An action that the rules forbid in this position.

    The message names the rule; the state the action was tried on is unchanged.
    Besides the message, a refusal carries fields for an app to use:

    Attributes:
        code: a stable kebab-case identifier of the rule, such as ``not-your-turn``
            or ``must-follow-suit`` (the table of codes is on the page "Validate
            moves"), for translating or styling the refusal.
        seat: the seat the action was tried for (``None`` if no seat was to act).
        action: the refused action.
        reason: the sentence without the ``illegal play 'JD' by seat 0:`` prefix,
            fit to show the player (``must follow hearts: holds JD (left bower),
            9H``).

    ``str(error)`` is the whole message; :func:`~five_hundred.state.explain_illegal`
    returns the same text.
    """

    def __init__(
        self,
        message: str,
        *,
        code: str = "illegal-action",
        seat: int | None = None,
        action: object = None,
        reason: str | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.seat = seat
        self.action = action
        self.reason = message if reason is None else reason

    def __reduce__(self) -> tuple[Any, ...]:
        fields = {
            "code": self.code,
            "seat": self.seat,
            "action": self.action,
            "reason": self.reason,
        }
        return (_rebuild, (type(self), str(self), fields))


class IllegalBidError(IllegalActionError):
    """A call that the auction rules forbid (not higher, misère gate, out of turn...)."""


class IllegalPlayError(IllegalActionError):
    """A card play, discard, nomination or partner call that the rules forbid."""


class WrongPhaseError(IllegalActionError):
    """An action of a kind that does not belong to the current phase of the hand."""


class NotYourTurnError(IllegalActionError):
    """An action sent for a seat that is not the seat to act (code ``not-your-turn``)."""


_E = TypeVar("_E", IllegalActionError, InvalidNotationError)


def _rebuild(cls: type[_E], message: str, fields: dict[str, Any]) -> _E:
    """Unpickle an error with its fields (see ``IllegalActionError.__reduce__``)."""
    return cls(message, **fields)


def notation_error(
    what: str, text: object, why: str, code: str
) -> InvalidNotationError:
    """The error for ``text`` that is not a ``what`` (``why``; ``code`` of the table).

    >>> print(notation_error("card", "1H", "no such rank", "bad-card"))
    invalid card '1H': no such rank
    """
    return InvalidNotationError(
        f"invalid {what} {quote(text)}: {why}", code=code, reason=why
    )


_MAX_QUOTED: Final = 40


def quote(text: object) -> str:
    """Quote user input for an error message, shortened if it is very long."""
    shown = text if isinstance(text, str) else short_repr(text)
    if len(shown) > _MAX_QUOTED:
        shown = shown[: _MAX_QUOTED - 3] + "..."
    return repr(shown)


def wrong_type(value: object, expected: str, parser: str | None = None) -> NoReturn:
    """Raise the :class:`TypeError` for ``value`` given where ``expected`` is needed.

    ``parser`` names the function that turns text into the expected value; it is
    mentioned when ``value`` is text.

    >>> wrong_type("8H", "a Bid", "parse_bid")
    Traceback (most recent call last):
    ...
    TypeError: expected a Bid; got the str '8H' (use parse_bid to read text)
    """
    got = f"the {type(value).__name__} {quote(value)}"
    hint = f" (use {parser} to read text)" if parser and isinstance(value, str) else ""
    msg = f"expected {expected}; got {got}{hint}"
    raise TypeError(msg)
