"""The argument checks of the public functions: each check has its home here.

Every public function that takes a seat, a dealer, a seed, a :class:`Rules` value or a
typed value (a bid, an action, a card) checks it with one of these, so that the same
mistake gets the same message everywhere.  A wrong Python type is a :class:`TypeError`
that names the expected type and, where text was given, the parser to use; a value of
the right type that the rules do not allow is a domain error
(:class:`~five_hundred.errors.InvalidStateError`).
"""

from collections.abc import Sequence

from five_hundred._shown import MAX_DIGITS, fits_digits, short_repr
from five_hundred.errors import InvalidStateError, quote, wrong_type
from five_hundred.rules import Rules

__all__ = [
    "MAX_DIGITS",
    "check_acting_seat",
    "check_dealer",
    "check_rules",
    "check_seat",
    "check_seed",
    "check_sides",
    "check_size",
    "check_strain",
    "check_suit",
    "check_tricks",
    "quote_value",
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


def check_acting_seat(rules: Rules, seat: object) -> int | None:
    """``seat`` if it is a seat of the rules or ``None`` (a spectator).

    The check of the ``seat=`` argument of :func:`~five_hundred.state.apply`,
    ``is_legal`` and ``explain_illegal``.  ``None`` passes (the caller refuses it as a spectator's action); anything else
    must be a whole number (an ``int``, not a ``bool``) in range.

    Raises:
        TypeError: ``expected the seat as a whole number (an int, not a bool); got
            the float '1.0'``.
        InvalidStateError: ``invalid seat '9': seats are 0 to 3``.
    """
    if seat is None:
        return None
    if type(seat) is not int:
        wrong_type(seat, "the seat as a whole number (an int, not a bool)")
    return check_seat(rules, seat)


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
    return check_size(seed, "seed")


def quote_value(value: object) -> str:
    """``value`` quoted for a message: short, and safe for any value.

    :func:`~five_hundred.errors.quote` for values that may be huge integers or nested
    containers (where ``repr`` itself fails).
    """
    return quote(value if isinstance(value, str) else short_repr(value))


def check_size(value: int, what: str) -> int:
    """``value`` if it has at most :data:`MAX_DIGITS` digits (``what`` names it).

    Raises:
        InvalidStateError: ``invalid seed '<an integer of 5001 digits>': ...``.
    """
    if not fits_digits(value):
        msg = f"invalid {what} {quote_value(value)}: a whole number of at most {MAX_DIGITS} digits"
        raise InvalidStateError(msg)
    return value


def check_suit(suit: object, what: str = "suit") -> int:
    """``suit`` if it is a suit index 0 to 3 (a :class:`~five_hundred.cards.Suit`).

    Raises:
        TypeError: if ``suit`` is not an integer (a ``Suit`` is one).
        InvalidStateError: ``invalid suit '7': suits are 0 to 3 (S, C, D, H)``.
    """
    if not isinstance(suit, int) or isinstance(suit, bool):
        wrong_type(suit, "a Suit")
    if not 0 <= suit <= 3:
        msg = f"invalid {what} {quote_value(suit)}: suits are 0 to 3 (S, C, D, H)"
        raise InvalidStateError(msg)
    return suit


def check_strain(strain: object) -> int:
    """``strain`` if it is a strain index 0 to 4 (a :class:`~five_hundred.cards.Strain`).

    Raises:
        TypeError: if ``strain`` is not an integer (a ``Strain`` is one).
        InvalidStateError: ``invalid strain '5': strains are 0 to 4 (S, C, D, H, NT)``.
    """
    if not isinstance(strain, int) or isinstance(strain, bool):
        wrong_type(strain, "a Strain")
    if not 0 <= strain <= 4:
        msg = (
            f"invalid strain {quote_value(strain)}: strains are 0 to 4 (S, C, D, H, NT)"
        )
        raise InvalidStateError(msg)
    return strain


def check_tricks(tricks: object, low: int = 6, high: int = 10) -> int:
    """``tricks`` if it is a whole number from ``low`` to ``high`` (a trick bid: 6 to 10).

    Raises:
        TypeError: if ``tricks`` is not an integer.
        InvalidStateError: ``invalid number of tricks '11': expected 6 to 10``.
    """
    if not isinstance(tricks, int) or isinstance(tricks, bool):
        wrong_type(tricks, "a number of tricks")
    if not low <= tricks <= high:
        msg = (
            f"invalid number of tricks {quote_value(tricks)}: expected {low} to {high}"
        )
        raise InvalidStateError(msg)
    return tricks


def check_sides(rules: Rules, values: object, what: str = "scores") -> tuple[int, ...]:
    """``values`` as a tuple if it holds one whole number per side of the rules.

    Raises:
        TypeError: if ``values`` is not a sequence.
        InvalidStateError: ``scores needs 2 whole numbers (one per side); got ...``.
    """
    if not isinstance(values, Sequence) or isinstance(values, str):
        wrong_type(values, f"a sequence of {what}")
    if len(values) != rules.sides or any(type(v) is not int for v in values):
        msg = f"{what} needs {rules.sides} whole numbers (one per side); got {quote_value(values)}"
        raise InvalidStateError(msg)
    return tuple(values)
