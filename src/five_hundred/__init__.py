"""five_hundred: a typed, immutable rules engine for the card game Five Hundred (500).

Everything public is importable from here; each name is defined and documented in one
module (:mod:`five_hundred.cards`, :mod:`five_hundred.rules`, ...).
"""

from importlib.metadata import PackageNotFoundError, version

from five_hundred.actions import (
    Action,
    CallPartner,
    Discard,
    NominateJoker,
    PlayCard,
    parse_action,
)
from five_hundred.bidding import (
    BLIND_MISERE,
    MISERE,
    OPEN_MISERE,
    PASS,
    Auction,
    Bid,
    Call,
    Contract,
    MisereBid,
    MisereKind,
    Pass,
    TrickBid,
    apply_call,
    bid_ladder,
    bid_rank,
    bid_value,
    explain_call,
    format_scoring_table,
    legal_calls,
    outranks,
    parse_bid,
)
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
from five_hundred.tricks import (
    PlayContext,
    card_power,
    effective_suit,
    explain_play,
    joker_nominations,
    legal_plays,
    trick_winner,
)

try:
    __version__ = version("five-hundred")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.0.0"

__all__ = [
    "AVONDALE",
    "BLIND_MISERE",
    "JOKER",
    "MISERE",
    "OPEN_MISERE",
    "PASS",
    "PERFECT",
    "Action",
    "Auction",
    "Bid",
    "Call",
    "CallPartner",
    "Card",
    "Contract",
    "Discard",
    "FiveHundredError",
    "IllegalActionError",
    "IllegalBidError",
    "IllegalPlayError",
    "InvalidNotationError",
    "InvalidStateError",
    "JokerLeadSuit",
    "MisereBid",
    "MisereKind",
    "NominateJoker",
    "Pass",
    "PlayCard",
    "PlayContext",
    "Rank",
    "Rules",
    "RulesConfigError",
    "ScoringTable",
    "Strain",
    "Suit",
    "TrickBid",
    "WrongPhaseError",
    "__version__",
    "apply_call",
    "bid_ladder",
    "bid_rank",
    "bid_value",
    "card_power",
    "deal",
    "effective_suit",
    "explain_call",
    "explain_play",
    "format_cards",
    "format_scoring_table",
    "joker_nominations",
    "legal_calls",
    "legal_plays",
    "outranks",
    "pack",
    "parse_action",
    "parse_bid",
    "parse_card",
    "parse_cards",
    "shuffled_pack",
    "side_of",
    "trick_winner",
]
