"""Hypothesis strategies for five_hundred's public types, one per type.

Other test modules import these (``from tests.strategies import cards, rules``) and
add their own below (``bids()``, ``actions()``, ...).  Importing this module also
registers the strategies for :class:`~five_hundred.Card` and
:class:`~five_hundred.Rules` with :func:`hypothesis.strategies.register_type_strategy`,
so ``st.from_type(Card)`` and ``st.builds(...)`` inference only produce valid values:
``st.builds(Card)`` alone would pair a rank with no suit, and ``Rules`` hides its
fields behind a checking ``__init__``.
"""

from typing import Any

import attrs
from hypothesis import strategies as st

from five_hundred import (
    AVONDALE,
    BLIND_MISERE,
    JOKER,
    MISERE,
    OPEN_MISERE,
    PASS,
    PERFECT,
    Action,
    Bid,
    Call,
    CallPartner,
    Card,
    Discard,
    GameState,
    JokerLeadSuit,
    MisereBid,
    NominateJoker,
    Pass,
    PlayCard,
    Rank,
    Rules,
    ScoringTable,
    Strain,
    Suit,
    TrickBid,
    apply,
    bid_ladder,
    legal_actions,
    new_game,
    pack,
)
from five_hundred.cards import CARDS_BY_CODE

__all__ = [
    "BIDDING_OPTIONS",
    "PLAYER_COUNTS",
    "actions",
    "any_card",
    "bidding_rules",
    "bids",
    "calls",
    "cards",
    "game_rules",
    "game_states",
    "joker_lead_suits",
    "json_data",
    "misere_bids",
    "player_counts",
    "ranks",
    "rules",
    "scoring_tables",
    "seeds",
    "strains",
    "suits",
    "trick_bids",
]

PLAYER_COUNTS = (2, 3, 4, 5, 6)
"""Every player count the rules support."""

_AUCTION_OPTIONS = frozenset({"single_round_auction", "raise_after_all_pass"})
"""The two auction options, drawn together: they cannot both be on."""

_BOOL_OPTIONS = tuple(
    field.name
    for field in attrs.fields(Rules)
    if field.type is bool and field.name not in _AUCTION_OPTIONS
)
"""The independent boolean options of Rules, every boolean field but the auction's.

Derived from the fields, so a new boolean option is drawn as soon as it exists.
"""


def suits() -> st.SearchStrategy[Suit]:
    """Any suit."""
    return st.sampled_from(Suit)


def strains() -> st.SearchStrategy[Strain]:
    """Any strain (a suit or No Trumps)."""
    return st.sampled_from(Strain)


def ranks() -> st.SearchStrategy[Rank]:
    """Any rank, including the six-player ranks 11, 12 and 13."""
    return st.sampled_from(Rank)


def player_counts() -> st.SearchStrategy[int]:
    """A supported player count, 2 to 6."""
    return st.sampled_from(PLAYER_COUNTS)


def cards(rules: Rules | None = None) -> st.SearchStrategy[Card]:
    """A card of the pack for ``rules``, or any card at all (every code) if ``None``."""
    if rules is None:
        return st.sampled_from(CARDS_BY_CODE)
    return st.sampled_from(pack(rules))


def seeds() -> st.SearchStrategy[int]:
    """A deal seed: any 64-bit unsigned integer (the SplitMix64 state)."""
    return st.integers(min_value=0, max_value=2**64 - 1)


def joker_lead_suits() -> st.SearchStrategy[JokerLeadSuit]:
    """Any choice of suit for a led Joker."""
    return st.sampled_from(JokerLeadSuit)


def scoring_tables() -> st.SearchStrategy[ScoringTable]:
    """The built-in tables, or a custom one of positive values."""
    custom = st.lists(
        st.lists(st.integers(1, 2000), min_size=5, max_size=5),
        min_size=5,
        max_size=5,
    ).map(ScoringTable.from_rows)
    return st.one_of(st.sampled_from((AVONDALE, PERFECT)), custom)


@st.composite
def _rules(draw: st.DrawFn, players: int | None) -> Rules:
    n = draw(player_counts()) if players is None else players
    options: dict[str, Any] = {name: draw(st.booleans()) for name in _BOOL_OPTIONS}
    single_round = draw(st.booleans())
    options["single_round_auction"] = single_round
    options["raise_after_all_pass"] = False if single_round else draw(st.booleans())
    target = draw(st.integers(1, 2000))
    cap = draw(st.none() | st.integers(1, target - 1)) if target > 1 else None
    return Rules(
        players=n,
        six_player_sides=draw(st.sampled_from((2, 3))) if n == 6 else 2,
        misere_value=draw(st.integers(1, 1000)),
        open_misere_value=draw(st.integers(1, 1000)),
        blind_misere_value=draw(st.integers(1, 1000)),
        joker_lead_suit=draw(joker_lead_suits()),
        defender_trick_points=draw(st.integers(0, 50)),
        defender_cap=cap,
        target=target,
        losing_score=draw(st.integers(-2000, -1)),
        scoring_table=draw(scoring_tables()),
        **options,
    )


def rules(players: int | None = None) -> st.SearchStrategy[Rules]:
    """A valid Rules value, every option drawn; ``players`` fixes the player count."""
    return _rules(players)


st.register_type_strategy(Card, cards())
st.register_type_strategy(Rules, rules())


# -- bids and the auction (tests/unit/test_bidding.py) ------------------------------

BIDDING_OPTIONS = (
    "misere",
    "open_misere",
    "blind_misere",
    "sans_kitty",
    "misere_by_value",
    "open_misere_top",
)
"""The options of Rules that change which bids exist and where they sit in the ladder."""


def trick_bids() -> st.SearchStrategy[TrickBid]:
    """Any trick bid, 6S to 10NT, with or without the kitty."""
    return st.builds(
        TrickBid,
        st.integers(min_value=6, max_value=10),
        strains(),
        sans_kitty=st.booleans(),
    )


def misere_bids() -> st.SearchStrategy[MisereBid]:
    """Closed, open or blind misère."""
    return st.sampled_from((MISERE, OPEN_MISERE, BLIND_MISERE))


def bids(rules: Rules | None = None) -> st.SearchStrategy[Bid]:
    """A bid that ``rules`` allow (any bid at all if ``None``)."""
    if rules is None:
        return st.one_of(trick_bids(), misere_bids())
    return st.sampled_from(bid_ladder(rules))


def calls(rules: Rules | None = None) -> st.SearchStrategy[Call]:
    """A pass or a bid that ``rules`` allow (any bid at all if ``None``)."""
    return st.one_of(st.just(PASS), bids(rules))


@st.composite
def _bidding_rules(draw: st.DrawFn, players: int | None) -> Rules:
    single_round = draw(st.booleans())
    return Rules(
        players=draw(player_counts()) if players is None else players,
        misere=draw(st.booleans()),
        open_misere=draw(st.booleans()),
        blind_misere=draw(st.booleans()),
        sans_kitty=draw(st.booleans()),
        misere_by_value=draw(st.booleans()),
        open_misere_top=draw(st.booleans()),
        misere_needs_seven=draw(st.booleans()),
        single_round_auction=single_round,
        raise_after_all_pass=False if single_round else draw(st.booleans()),
    )


def bidding_rules(players: int | None = None) -> st.SearchStrategy[Rules]:
    """Rules with every option of the auction drawn and the others at their defaults.

    The ladder options, the misère gate and both forms of auction vary; ``players``
    fixes the player count, which is otherwise 2 to 6.
    """
    return _bidding_rules(players)


st.register_type_strategy(TrickBid, trick_bids())
st.register_type_strategy(MisereBid, misere_bids())
st.register_type_strategy(Pass, st.just(PASS))

# -- whole games (tests/system/test_state_machine.py and others) ---------------------

_EVERY_BID = bid_ladder(
    Rules(misere_by_value=False, open_misere_top=False, sans_kitty=True)
)


@st.composite
def game_rules(draw: st.DrawFn) -> Rules:
    """Rules over every player count and the options that change a game's course."""
    players = draw(st.sampled_from((2, 3, 4, 5, 6)))
    options: dict[str, Any] = {name: draw(st.booleans()) for name in _BOOL_OPTIONS}
    single_round = draw(st.booleans())
    target = draw(st.sampled_from((500, 250, 100)))
    return Rules(
        players=players,
        six_player_sides=draw(st.sampled_from((2, 3))) if players == 6 else 2,
        single_round_auction=single_round,
        raise_after_all_pass=False if single_round else draw(st.booleans()),
        joker_lead_suit=draw(st.sampled_from(JokerLeadSuit)),
        defender_trick_points=draw(st.sampled_from((10, 0))),
        defender_cap=draw(st.sampled_from((None, target - 10, target - 20))),
        target=target,
        losing_score=draw(st.sampled_from((-500, -200))),
        **options,
    )


def any_card() -> st.SearchStrategy[Card]:
    """Any card at all: of this pack or not (every code, the six-player ranks too)."""
    return st.sampled_from(CARDS_BY_CODE)


def actions() -> st.SearchStrategy[Action]:
    """An action of any kind, mostly illegal wherever it is tried."""
    suits = st.none() | st.sampled_from(Suit)
    return st.one_of(
        st.sampled_from((Pass(), *_EVERY_BID)),
        st.builds(PlayCard, any_card()),
        st.builds(PlayCard, st.just(JOKER), st.sampled_from(Suit)),
        st.builds(PlayCard, any_card(), suits),
        st.builds(Discard, st.frozensets(any_card(), min_size=1, max_size=4)),
        st.builds(NominateJoker, suits),
        st.builds(CallPartner, st.none() | any_card()),
    )


@st.composite
def _game_states(draw: st.DrawFn, rules: Rules | None) -> GameState:
    chosen = draw(game_rules()) if rules is None else rules
    state = new_game(
        chosen, seed=draw(seeds()), dealer=draw(st.integers(0, chosen.players - 1))
    )
    for _ in range(draw(st.integers(0, 60))):
        options = legal_actions(state)
        if not options:
            break
        state = apply(state, draw(st.sampled_from(options)))
    return state


def game_states(rules: Rules | None = None) -> st.SearchStrategy[GameState]:
    """A state reached by legal actions from a seeded deal (any phase of a hand)."""
    return _game_states(rules)


_SUITS_OR_NONE = st.none() | st.sampled_from(Suit)
st.register_type_strategy(
    PlayCard,
    st.builds(PlayCard, any_card())
    | st.builds(PlayCard, st.just(JOKER), _SUITS_OR_NONE),
)
st.register_type_strategy(
    Discard, st.builds(Discard, st.frozensets(any_card(), min_size=1, max_size=4))
)


def json_data(*, allow_nan: bool = False) -> st.SearchStrategy[object]:
    """Decoded JSON of any shape (what a client or a file may send)."""
    return st.recursive(
        st.none()
        | st.booleans()
        | st.integers()
        | st.floats(allow_nan=allow_nan)
        | st.text(max_size=20),
        lambda children: (
            st.lists(children, max_size=5)
            | st.dictionaries(st.text(max_size=10), children, max_size=5)
        ),
        max_leaves=30,
    )


st.register_type_strategy(NominateJoker, st.builds(NominateJoker, _SUITS_OR_NONE))
st.register_type_strategy(CallPartner, st.builds(CallPartner, st.none() | any_card()))
st.register_type_strategy(GameState, game_states())
