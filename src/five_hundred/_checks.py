"""The argument checks of the public functions: each check has its home here.

Every public function that takes a seat, a dealer, a seed, a :class:`Rules` value or a
typed value (a bid, an action, a card) checks it with one of these, so that the same
mistake gets the same message everywhere.  A wrong Python type is a :class:`TypeError`
that names the expected type and, where text was given, the parser to use; a value of
the right type that the rules do not allow is a domain error
(:class:`~five_hundred.errors.InvalidStateError`).  The checks of plain values that
need no rules (seeds, sizes, suits, strains, tricks) are written in
:mod:`five_hundred._values`, which :mod:`five_hundred.rules` uses too, and re-exported
here.
"""

import math
from collections.abc import Sequence
from typing import Final

from five_hundred._shown import MAX_DIGITS
from five_hundred._values import (
    check_seed,
    check_size,
    check_strain,
    check_suit,
    check_tricks,
    quote_value,
)
from five_hundred.cards import Card
from five_hundred.errors import InvalidStateError, quote, wrong_type
from five_hundred.rules import Rules

__all__ = [
    "MAX_COUNT",
    "MAX_DIGITS",
    "check_acting_seat",
    "check_cards",
    "check_count",
    "check_dealer",
    "check_number",
    "check_player",
    "check_rules",
    "check_seat",
    "check_seed",
    "check_sides",
    "check_size",
    "check_strain",
    "check_suit",
    "check_tricks",
    "check_workers",
    "quote_value",
    "wrong_type",
]


def check_rules(rules: object) -> Rules:
    """``rules`` if it is a :class:`Rules` value, else a :class:`TypeError`."""
    if not isinstance(rules, Rules):
        wrong_type(rules, "a Rules value")
    return rules


def check_cards(cards: object) -> tuple[Card, ...]:
    """``cards`` as a tuple if it is a sequence of cards, else a :class:`TypeError`.

    Text gets the error naming ``parse_cards``, a wrong item the one naming
    ``parse_card``.
    """
    if isinstance(cards, str) or not isinstance(cards, Sequence):
        wrong_type(cards, "a sequence of Card values", "parse_cards")
    for card in cards:
        if not isinstance(card, Card):
            wrong_type(card, "a Card", "parse_card")
    return tuple(cards)


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


# -- the settings of players and of the analysis harness --------------------------------

MAX_COUNT: Final = 1_000_000
"""The largest count a setting takes (samples, rollouts, deals): beyond it a call
would run for days, so it is refused rather than started."""
MAX_WORKERS: Final = 1024
"""The most worker processes a call may ask for."""


def check_count(value: object, what: str, least: int = 1, most: int = MAX_COUNT) -> int:
    """``value`` if it is a whole number from ``least`` to ``most`` (not a bool).

    Raises:
        InvalidStateError: ``samples must be a whole number from 1 to 1000000;
            got '3'`` (also for a value of another type).
    """
    if type(value) is not int or not least <= value <= most:
        msg = f"{what} must be a whole number from {least} to {most}; got {quote_value(value)}"
        raise InvalidStateError(msg)
    return value


def check_number(
    value: object, what: str, least: float | None = 0.0, *, optional: bool = False
) -> float | None:
    """``value`` as a float if it is a finite number of at least ``least``.

    ``None`` passes when ``optional``; a bool or text is refused, so is NaN.

    Raises:
        InvalidStateError: ``budget must be a number of at least 0 (seconds) ...``.
    """
    if value is None and optional:
        return None
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or (least is not None and value < least)
    ):
        wanted = "a finite number" + (
            "" if least is None else f" of at least {least:g}"
        )
        if optional:
            wanted += " or None"
        msg = f"{what} must be {wanted}; got {quote_value(value)}"
        raise InvalidStateError(msg)
    return float(value)


def check_workers(workers: object) -> int | None:
    """``workers`` if it is ``None`` (every core) or a whole number of processes.

    Raises:
        InvalidStateError: ``workers must be None (every core) or a whole number
            from 1 to 1024; got 0``.
    """
    if workers is None:
        return None
    if type(workers) is not int or not 1 <= workers <= MAX_WORKERS:
        msg = f"workers must be None (every core) or a whole number from 1 to {MAX_WORKERS}; got {quote_value(workers)}"
        raise InvalidStateError(msg)
    return workers


def check_player(player: object, what: str) -> object:
    """``player`` if it has a ``choose(view, seat)`` method, else a :class:`TypeError`."""
    if not callable(getattr(player, "choose", None)):
        wrong_type(player, f"a Player (with choose(view, seat)) as {what}")
    return player
