"""The review of a game: what each call, discard, nomination and card play cost.

:func:`review` (:mod:`.analysis.hands`) looks at each decision of a game record with
the double-dummy solver and the bid advisor; the values it returns
(:mod:`.analysis.model`) are frozen, and :meth:`GameReview.to_dict` gives them as
JSON data.  This package only re-exports them.
"""

from five_hundred.analysis.hands import review
from five_hundred.analysis.model import (
    CallReview,
    ChoiceReview,
    GameReview,
    HandReview,
    SeatSummary,
    SideSummary,
)

__all__ = [
    "CallReview",
    "ChoiceReview",
    "GameReview",
    "HandReview",
    "SeatSummary",
    "SideSummary",
    "review",
]
