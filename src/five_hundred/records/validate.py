"""Checking untrusted input and replaying it into states.

Records come from files and other programs, so nothing in them is trusted. This
module holds the checks both forms share (the text to load, the rules, the seed,
card notation) and :func:`replay`, which rebuilds the game and so checks
everything else: a deal that cannot happen, a dealer out of turn, an action the
rules forbid, a result or scores that do not add up.

>>> from five_hundred import new_game, record
>>> from five_hundred.records.validate import replay
>>> replay(record(new_game(seed=4))) == new_game(seed=4)
True
"""

import json
from collections.abc import Mapping, Sequence
from typing import Any, Final, cast

import attrs

from five_hundred._checks import quote_value, wrong_type
from five_hundred._shown import MAX_DIGITS, fits_digits
from five_hundred.cards import Card, parse_cards, quote
from five_hundred.errors import (
    IllegalActionError,
    InvalidNotationError,
    InvalidStateError,
    RulesConfigError,
)
from five_hundred.records.model import GameRecord, HandRecord
from five_hundred.rules import AVONDALE, PERFECT, JokerLeadSuit, Rules, ScoringTable
from five_hundred.state import GameState, Phase, apply, new_game, new_hand, next_hand

__all__ = ["MAX_METADATA", "MAX_NESTING", "metadata_text", "replay"]

_TABLES: Final = {"avondale": AVONDALE, "perfect": PERFECT}
"""The scoring tables a record names rather than writes out."""
_RULE_FIELDS: Final = {field.name: field for field in attrs.fields(Rules)}
"""Every rules option, in the order both forms write them."""


MAX_NESTING: Final = 32
"""The deepest nesting of lists and objects a record may hold (a record needs 5)."""


def _ints(values: Sequence[int]) -> str:
    return " ".join(map(str, values))


MAX_METADATA: Final = 65536
"""The longest an app's metadata may be, as JSON text (characters)."""


def metadata_text(value: object, where: str = "metadata") -> str:
    """An app's metadata as canonical JSON text (sorted keys, no spaces), checked.

    ``None`` is no metadata (``{}``); text is read as a JSON object (the canonical
    text this returns is read back to itself, as ``attrs.evolve`` passes it).

    Raises:
        TypeError: if ``value`` is not a mapping with text keys.
        InvalidNotationError: (code ``bad-record``) if it is not JSON data (a value
            of another type, a float that is not a number), nests deeper than
            :data:`MAX_NESTING` or is longer than :data:`MAX_METADATA` as JSON.
    """
    if value is None:
        return "{}"
    if isinstance(value, str):
        if len(value) > MAX_METADATA:
            msg = f"invalid {where}: {len(value)} characters, more than {MAX_METADATA}"
            raise InvalidNotationError(msg, code="bad-record")
        try:
            value = json.loads(value)
        except (ValueError, RecursionError) as error:
            msg = f"invalid {where}: not a JSON object ({error})"
            raise InvalidNotationError(msg, code="bad-record") from None
        if not isinstance(value, dict):
            msg = f"invalid {where}: not a JSON object; got {quote_value(value)}"
            raise InvalidNotationError(msg, code="bad-record")
    if not isinstance(value, Mapping):
        wrong_type(value, "a mapping of text keys to JSON data as the metadata")
    if any(not isinstance(key, str) for key in value):
        msg = f"invalid {where}: its keys must be text; got {quote_value(list(value))}"
        raise TypeError(msg)
    _check_nesting(dict(value), where)
    try:
        text = json.dumps(
            dict(value),
            sort_keys=True,
            allow_nan=False,
            ensure_ascii=False,
            separators=(",", ":"),
        )
    except (TypeError, ValueError) as error:
        msg = f"invalid {where}: not JSON data ({error})"
        raise InvalidNotationError(msg, code="bad-record") from None
    if len(text) > MAX_METADATA:
        msg = (
            f"invalid {where}: {len(text)} characters as JSON, more than {MAX_METADATA}"
        )
        raise InvalidNotationError(msg, code="bad-record")
    return text


def _check_nesting(value: object, where: str) -> None:
    """Refuse JSON data nested deeper than :data:`MAX_NESTING` (checked without recursion).

    Deeper data would reach the interpreter's recursion limit in the checks that follow.
    """
    pending = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        children = (
            item.values()
            if isinstance(item, dict)
            else item
            if isinstance(item, list)
            else ()
        )
        if not children:
            continue
        if depth > MAX_NESTING:
            msg = f"invalid {where}: lists and objects nested more than {MAX_NESTING} deep"
            raise InvalidNotationError(msg, code="bad-record")
        pending.extend((child, depth + 1) for child in children)


# -- the input ---------------------------------------------------------------------------


def _require_text(text: object) -> str:
    if not isinstance(text, str):
        msg = f"invalid record {quote_value(text)}: expected text"
        raise InvalidNotationError(msg, code="bad-record")
    return text


def _decode_option(name: str, value: object) -> object:
    if name == "joker_lead_suit":
        choices = [choice.value for choice in JokerLeadSuit]
        if value not in choices:
            msg = f"Rules.joker_lead_suit must be one of {', '.join(choices)}; got {quote(value)}"
            raise RulesConfigError(msg)
        return JokerLeadSuit(value)
    if name == "scoring_table":
        return _decode_table(value)
    return value


def _decode_table(value: object) -> ScoringTable:
    if isinstance(value, str) and value in _TABLES:
        return _TABLES[value]
    if (
        isinstance(value, dict)
        and set(value) == {"name", "values"}
        and isinstance(value["name"], str)
        and isinstance(value["values"], list)
        and all(isinstance(row, list) for row in value["values"])
    ):
        return ScoringTable.from_rows(value["values"], value["name"])
    msg = (
        "Rules.scoring_table must be 'avondale', 'perfect' or "
        f'{{"name": ..., "values": [5 rows of 5 numbers]}}; got {quote(value)}'
    )
    raise RulesConfigError(msg)


def _decode_rules(options: dict[str, object]) -> Rules:
    unknown = sorted(set(options) - set(_RULE_FIELDS))
    if unknown:
        msg = f"unknown Rules option(s): {', '.join(map(quote, unknown))}"
        raise RulesConfigError(msg)
    decoded: dict[str, Any] = {
        name: _decode_option(name, value) for name, value in options.items()
    }
    return Rules(**decoded)


def _seed(value: object) -> int | None:
    if value is not None and (type(value) is not int or not fits_digits(value)):
        msg = f"invalid record: the seed must be a whole number of at most {MAX_DIGITS} digits, or null; got {quote(value)}"
        raise InvalidNotationError(msg, code="bad-record")
    return value


def _cards(value: object, where: str) -> tuple[Card, ...]:
    if not isinstance(value, str):
        msg = f'invalid {where}: expected cards as text ("9H 10H ..."); got {quote(value)}'
        raise InvalidNotationError(msg, code="bad-record")
    if len(value) > _MAX_CARDS_TEXT:
        msg = (
            f"invalid {where}: {len(value)} characters of cards {quote(value)}; "
            f"a hand holds at most {_MAX_CARDS} cards"
        )
        raise InvalidNotationError(msg, code="bad-record")
    try:
        return parse_cards(value)
    except InvalidNotationError as error:
        msg = f"invalid {where}: {error}"
        raise InvalidNotationError(msg, code="bad-record") from None


_MAX_CARDS: Final = 13
"""The most cards a hand holds (ten, and the kitty's three for the contractor)."""
_MAX_CARDS_TEXT: Final = 1000
"""The longest text of cards read (13 cards with room for any spacing): anything
longer is refused before it is parsed, so a huge value costs no more than its
length."""


# -- replay ------------------------------------------------------------------------------


def replay(game: GameRecord) -> GameState:
    """The game state at the end of ``game``, rebuilt by playing every action.

    This is :meth:`GameRecord.replay <five_hundred.records.GameRecord.replay>`,
    which tells how each hand is dealt and what it raises.
    """
    rules = game.rules
    if not game.hands:
        msg = "invalid record: a game record needs at least one hand"
        raise InvalidStateError(msg)
    if not isinstance(cast(object, rules), Rules):
        msg = f"invalid record: expected a Rules value; got {quote(rules)}"
        raise InvalidStateError(msg)
    first = game.hands[0]
    start = _start_scores(rules, first)
    state = _explicit_hand(rules, first, 1, start)
    if game.seed is not None:
        if any(start):
            msg = f"hand 1: a seeded game starts from zero scores; the record starts from {_ints(start)}"
            raise InvalidStateError(msg)
        state = new_game(rules, seed=game.seed, dealer=first.dealer)
        if not _same_deal(state, first):
            msg = f"hand 1: the deal does not match the game's seed {game.seed} (dealer {first.dealer})"
            raise InvalidStateError(msg)
    state = _play(state, first, 1)
    for number, hand in enumerate(game.hands[1:], 2):
        state = _play(_next(state, hand, number), hand, number)
    return state


def _start_scores(rules: Rules, hand: HandRecord) -> tuple[int, ...]:
    """The totals before ``hand`` (its scores minus its result)."""
    _check_ints(hand.scores, rules.sides, "scores", 1)
    start = hand.scores
    if hand.result is not None:
        _check_ints(hand.result, rules.sides, "result", 1)
        start = tuple(s - r for s, r in zip(hand.scores, hand.result, strict=True))
    if not all(fits_digits(score) for score in start):
        msg = (
            f"hand 1: the scores before the hand must have at most {MAX_DIGITS} digits"
        )
        raise InvalidStateError(msg)
    return start


def _check_ints(values: object, sides: int, what: str, number: int) -> None:
    if (
        not isinstance(values, tuple)
        or len(values) != sides
        or any(type(v) is not int for v in values)
    ):
        msg = f"hand {number}: {what} needs {sides} whole numbers (one per side); got {quote(values)}"
        raise InvalidStateError(msg)


def _same_deal(state: GameState, hand: HandRecord) -> bool:
    hands, kitty = state.dealt
    return [set(cards) for cards in hands] == [set(cards) for cards in hand.hands] and (
        set(kitty) == set(hand.kitty)
    )


def _explicit_hand(
    rules: Rules, hand: HandRecord, number: int, scores: Sequence[int]
) -> GameState:
    try:
        return new_hand(
            rules, hand.hands, hand.kitty, dealer=hand.dealer, scores=scores
        )
    except InvalidStateError as error:
        msg = f"hand {number}: {error}"
        raise InvalidStateError(msg) from None


def _next(state: GameState, hand: HandRecord, number: int) -> GameState:
    """The state at the start of hand ``number``, after ``state`` (the hand before).

    One :func:`~five_hundred.state.next_hand` per hand, from the recorded deal: the
    state holds the deal as sets of cards, so it equals the one the game's seed
    deals whenever the record matches the seed.
    """
    if state.phase is Phase.GAME_OVER:
        msg = f"hand {number}: the game was over after hand {number - 1}"
        raise InvalidStateError(msg)
    if state.phase is not Phase.HAND_OVER:
        msg = f"hand {number}: hand {number - 1} is not over (its actions stop in the {state.phase.value} phase)"
        raise InvalidStateError(msg)
    try:
        dealt = next_hand(state, hands=hand.hands, kitty=hand.kitty)
    except InvalidStateError as error:
        msg = f"hand {number}: {error}"
        raise InvalidStateError(msg) from None
    if hand.dealer != dealt.dealer:
        msg = f"hand {number}: dealer {quote(hand.dealer)} is out of turn; seat {dealt.dealer} deals this hand"
        raise InvalidStateError(msg)
    return dealt


def _play(state: GameState, hand: HandRecord, number: int) -> GameState:
    """Apply the hand's actions and check its result and scores."""
    for index, action in enumerate(hand.actions, 1):
        try:
            state = apply(state, action)
        except IllegalActionError as error:
            msg = f"hand {number}, action {index}: {error}"
            raise type(error)(
                msg,
                code=error.code,
                seat=error.seat,
                action=error.action,
                reason=error.reason,
            ) from None
    sides = state.rules.sides
    if hand.result is None:
        if state.hand_result is not None:
            msg = f"hand {number}: the hand is over after its actions, but the record gives no result"
            raise InvalidStateError(msg)
    else:
        _check_ints(hand.result, sides, "result", number)
        if state.hand_result is None:
            msg = f"hand {number}: the record gives a result, but the hand is not over after its actions"
            raise InvalidStateError(msg)
        if hand.result != state.hand_result:
            msg = f"hand {number}: the recorded result {_ints(hand.result)} differs from the replay's {_ints(state.hand_result)}"
            raise InvalidStateError(msg)
    _check_ints(hand.scores, sides, "scores", number)
    if hand.scores != state.scores:
        msg = f"hand {number}: the recorded scores {_ints(hand.scores)} differ from the replay's {_ints(state.scores)}"
        raise InvalidStateError(msg)
    return state
