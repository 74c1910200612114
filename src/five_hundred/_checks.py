"""The argument checks of the public functions: each check has its home here.

Every public function that takes a seat, a dealer, a seed, a :class:`Rules` value or a
typed value (a bid, an action, a card) checks it with one of these, so that the same
mistake gets the same message everywhere.  A wrong Python type is a :class:`TypeError`
that names the expected type and, where text was given, the parser to use; a value of
the right type that the rules do not allow is a domain error
(:class:`~five_hundred.errors.InvalidStateError`).
"""

from five_hundred.errors import InvalidStateError, quote, wrong_type
from five_hundred.rules import Rules

__all__ = [
    "check_dealer",
    "check_rules",
    "check_seat",
    "check_seed",
    "wrong_type",
]


def check_rules(rules: object) -> Rules:
    """``rules`` if it is a :class:`Rules` value, else a :class:`TypeError`."""
    if not isinstance(rules, Rules):
        wrong_type(rules, "a Rules value")
    return rules


def check_seat(rules: Rules, seat: object, what: str = "seat") -> int:
    """``seat`` if it is a seat of the rules (``what`` names the argument in errors).

    Raises:
        InvalidStateError: ``invalid seat '4': seats are 0 to 3``.
    """
    if type(seat) is not int or not 0 <= seat < rules.players:
        msg = f"invalid {what} {quote(seat)}: seats are 0 to {rules.players - 1}"
        raise InvalidStateError(msg)
    return seat


def check_dealer(rules: Rules, dealer: object) -> int:
    """``dealer`` if it is a seat of the rules (:func:`check_seat` for the dealer)."""
    return check_seat(rules, dealer, "dealer")


def check_seed(seed: object) -> int:
    """``seed`` if it is a whole number (any size: deals reduce it to 64 bits).

    Raises:
        InvalidStateError: ``invalid seed 'x': expected a whole number``.
    """
    if type(seed) is not int:
        msg = f"invalid seed {quote(seed)}: expected a whole number"
        raise InvalidStateError(msg)
    return seed
