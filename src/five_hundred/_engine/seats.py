"""The seat order: who sits to a seat's left (:ref:`rules-deal-rotation`, :ref:`rules-calls`).

The deal, the calls and the card play go round the table to the left, seat numbers
rising and wrapping past the last seat; a seat out of the turn (one that has passed
in the auction, or the partner who sits out a misère) is skipped.  This is the one
home of that order: the auction's first caller and next caller, the next hand's
dealer, the card play's order (:func:`._engine.core.play_setups`) and the bid
advisor's dealer (the seat to the right of the first caller) call it.
"""

__all__ = ["next_seat", "previous_seat"]


def next_seat(seat: int, players: int, skipped: int = 0) -> int:
    """The first seat to the left of ``seat`` not in the mask ``skipped``.

    ``skipped`` must leave out at least one seat other than ``seat``'s (the callers'
    masks always do: the auction ends before every seat has passed).
    """
    following: int = seat + 1 if seat + 1 < players else 0
    while skipped >> following & 1:
        following = following + 1 if following + 1 < players else 0
    return following


def previous_seat(seat: int, players: int) -> int:
    """The seat to the right of ``seat``: the one whose left ``seat`` sits on."""
    return seat - 1 if seat else players - 1
