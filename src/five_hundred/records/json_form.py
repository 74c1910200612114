"""The JSON form of a record: for programs.

A JSON record is one object: ``format`` and ``version`` name the format, ``rules``
holds every rules option (so the file keeps its meaning if a default ever changes),
``seed`` the game's seed or ``null``, and ``hands`` one object per hand with its
dealer, deal, actions, result and scores, cards and actions written in the
library's notation.

>>> from five_hundred import new_game, record
>>> from five_hundred.records.json_form import parse_json, to_json
>>> text = to_json(record(new_game(seed=2)))
>>> text[:60]
'{"format": "five_hundred record", "version": 1, "rules": {"p'
>>> rules, seed, hands, metadata = parse_json(text)
>>> seed, len(hands), hands[0].actions, metadata
(2, 1, (), {})

:meth:`GameRecord.to_json <five_hundred.records.GameRecord.to_json>` and
:meth:`GameRecord.from_json <five_hundred.records.GameRecord.from_json>` are the
way to use this module; :func:`parse_json` alone checks the notation but does not
replay the record.
"""

import json
from typing import Any, Final

from five_hundred.actions import Action, parse_action
from five_hundred.cards import format_cards, quote
from five_hundred.errors import InvalidNotationError
from five_hundred.records._common import (
    RULE_FIELDS,
    GameParts,
    HandRecord,
    cards_of,
    check_nesting,
    decode_rules,
    encode_option,
    metadata_text,
    require_text,
    seed_of,
)
from five_hundred.rules import Rules

__all__ = ["FORMAT", "VERSION", "parse_json", "to_json"]

FORMAT: Final = "five_hundred record"
"""The value of the ``format`` key of a JSON record."""
VERSION: Final = 1
"""The version of the record format this module writes and reads."""


def to_json(game: GameParts, *, indent: int | None = None) -> str:
    """``game`` as JSON (every rules option written out).

    ``indent`` is passed to :func:`json.dumps` for a pretty layout.
    """
    data = {
        "format": FORMAT,
        "version": VERSION,
        "rules": {
            name: encode_option(getattr(game.rules, name)) for name in RULE_FIELDS
        },
        "seed": game.seed,
        "hands": [_hand_to_json(hand) for hand in game.hands],
    }
    metadata = game.metadata
    if metadata:
        data["metadata"] = metadata
    return json.dumps(data, indent=indent)


def parse_json(
    text: str,
) -> tuple[Rules, int | None, tuple[HandRecord, ...], dict[str, Any]]:
    """The rules, the seed and the hands of a JSON record, its notation checked.

    The record is not replayed: :meth:`GameRecord.from_json
    <five_hundred.records.GameRecord.from_json>` does that too.

    Raises:
        InvalidNotationError: if ``text`` is not a JSON record.
        RulesConfigError: if the rules in it are not valid rules.
    """
    text = require_text(text)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        msg = f"invalid record: not JSON ({error})"
        raise InvalidNotationError(msg, code="bad-record") from None
    check_nesting(data, "record")
    metadata: object = None
    if isinstance(data, dict) and "metadata" in data:
        data = dict(data)
        metadata = data.pop("metadata")
        if not isinstance(metadata, dict):
            msg = f"invalid record: 'metadata' must be an object; got {quote(metadata)}"
            raise InvalidNotationError(msg, code="bad-record")
    obj = _object(data, "record", ("format", "version", "rules", "seed", "hands"))
    if obj["format"] != FORMAT:
        msg = f"invalid record: 'format' must be {FORMAT!r}; got {quote(obj['format'])}"
        raise InvalidNotationError(msg, code="bad-record")
    if obj["version"] != VERSION or type(obj["version"]) is not int:
        msg = f"invalid record: unsupported version {quote(obj['version'])} (this library reads version {VERSION})"
        raise InvalidNotationError(msg, code="bad-record")
    rules_data = obj["rules"]
    if not isinstance(rules_data, dict):
        msg = f"invalid record: 'rules' must be an object; got {quote(rules_data)}"
        raise InvalidNotationError(msg, code="bad-record")
    rules = decode_rules(rules_data)
    seed = seed_of(obj["seed"])
    hands_data = obj["hands"]
    if not isinstance(hands_data, list):
        msg = f"invalid record: 'hands' must be a list; got {quote(hands_data)}"
        raise InvalidNotationError(msg, code="bad-record")
    hands = tuple(
        _hand_from_json(item, number) for number, item in enumerate(hands_data, 1)
    )
    return rules, seed, hands, json.loads(metadata_text(metadata, "record, metadata"))


def _object(value: object, where: str, keys: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(value, dict):
        msg = f"invalid {where}: expected a JSON object; got {quote(value)}"
        raise InvalidNotationError(msg, code="bad-record")
    unknown = sorted(set(value) - set(keys))
    if unknown:
        msg = f"invalid {where}: unknown key(s) {', '.join(map(quote, unknown))}"
        raise InvalidNotationError(msg, code="bad-record")
    missing = [key for key in keys if key not in value]
    if missing:
        msg = f"invalid {where}: missing key(s) {', '.join(map(quote, missing))}"
        raise InvalidNotationError(msg, code="bad-record")
    return value


def _hand_to_json(hand: HandRecord) -> dict[str, object]:
    return {
        "dealer": hand.dealer,
        "hands": [format_cards(cards) for cards in hand.hands],
        "kitty": format_cards(hand.kitty),
        "actions": [str(action) for action in hand.actions],
        "result": None if hand.result is None else list(hand.result),
        "scores": list(hand.scores),
    }


def _int_list(value: object, where: str) -> tuple[int, ...]:
    if not isinstance(value, list) or any(type(v) is not int for v in value):
        msg = f"invalid {where}: expected a list of whole numbers; got {quote(value)}"
        raise InvalidNotationError(msg, code="bad-record")
    return tuple(value)


def _action(text: object, where: str) -> Action:
    if not isinstance(text, str):
        msg = f"invalid {where}: expected an action as text; got {quote(text)}"
        raise InvalidNotationError(msg, code="bad-record")
    try:
        return parse_action(text)
    except InvalidNotationError as error:
        msg = f"invalid {where}: {error}"
        raise InvalidNotationError(msg, code="bad-record") from None


def _hand_from_json(value: object, number: int) -> HandRecord:
    where = f"hand {number}"
    obj = _object(
        value, where, ("dealer", "hands", "kitty", "actions", "result", "scores")
    )
    dealer = obj["dealer"]
    if type(dealer) is not int:
        msg = f"invalid {where}: the dealer must be a seat number; got {quote(dealer)}"
        raise InvalidNotationError(msg, code="bad-record")
    hands = obj["hands"]
    if not isinstance(hands, list):
        msg = f"invalid {where}: 'hands' must be a list of hands; got {quote(hands)}"
        raise InvalidNotationError(msg, code="bad-record")
    actions = obj["actions"]
    if not isinstance(actions, list):
        msg = f"invalid {where}: 'actions' must be a list; got {quote(actions)}"
        raise InvalidNotationError(msg, code="bad-record")
    result = obj["result"]
    return HandRecord(
        dealer,
        tuple(
            cards_of(cards, f"{where}, seat {seat}") for seat, cards in enumerate(hands)
        ),
        cards_of(obj["kitty"], f"{where}, kitty"),
        tuple(
            _action(text, f"{where}, action {index}")
            for index, text in enumerate(actions, 1)
        ),
        None if result is None else _int_list(result, f"{where}, result"),
        _int_list(obj["scores"], f"{where}, scores"),
    )
