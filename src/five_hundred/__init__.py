"""five_hundred: a typed, immutable rules engine for the card game Five Hundred (500).

Everything public is importable from here; each name is defined and documented in one
module (:mod:`five_hundred.cards`, :mod:`five_hundred.rules`, ...).
"""

from importlib.metadata import PackageNotFoundError, version

from five_hundred.cards import (
    JOKER,
    Card,
    Rank,
    Strain,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
)
from five_hundred.deal import deal, pack, shuffled_pack
from five_hundred.errors import (
    FiveHundredError,
    IllegalActionError,
    IllegalBidError,
    IllegalPlayError,
    InvalidNotationError,
    InvalidStateError,
    RulesConfigError,
    WrongPhaseError,
)
from five_hundred.rules import (
    AVONDALE,
    PERFECT,
    JokerLeadSuit,
    Rules,
    ScoringTable,
    side_of,
)

try:
    __version__ = version("five-hundred")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.0.0"

__all__ = [
    "AVONDALE",
    "JOKER",
    "PERFECT",
    "Card",
    "FiveHundredError",
    "IllegalActionError",
    "IllegalBidError",
    "IllegalPlayError",
    "InvalidNotationError",
    "InvalidStateError",
    "JokerLeadSuit",
    "Rank",
    "Rules",
    "RulesConfigError",
    "ScoringTable",
    "Strain",
    "Suit",
    "WrongPhaseError",
    "__version__",
    "deal",
    "format_cards",
    "pack",
    "parse_card",
    "parse_cards",
    "shuffled_pack",
    "side_of",
]
