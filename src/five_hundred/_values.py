"""The checks of plain argument values that need no rules: seeds, sizes, suits, tricks.

The argument checks' home is :mod:`five_hundred._checks`, which re-exports these; they
live apart so that :mod:`five_hundred.rules` can use them (``_checks`` needs ``Rules``).
"""

from five_hundred._shown import MAX_DIGITS, fits_digits, short_repr
from five_hundred.errors import InvalidStateError, quote, wrong_type

__all__ = [
    "check_seed",
    "check_size",
    "check_strain",
    "check_suit",
    "check_tricks",
    "quote_value",
]


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
