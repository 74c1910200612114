"""What the modules of :mod:`five_hundred.records` share: the hand's value and the checks.

:class:`HandRecord` (re-exported by :mod:`~five_hundred.records.model` and the
package), :class:`GameParts` (what a form reads of a game record), and the checks of
untrusted input both forms make (the text to load, the rules and their options, the
seed, card notation, the nesting of JSON data).  The forms and the replay import
this module; none of them imports another's private names, and the record values
(:mod:`~five_hundred.records.model`) import the forms: no cycle.
"""

import json
from collections.abc import Mapping, Sequence
from typing import Any, Final, Protocol

import attrs

from five_hundred._checks import quote_value, wrong_type
from five_hundred._shown import MAX_DIGITS, fits_digits
from five_hundred.actions import Action
from five_hundred.cards import Card, parse_cards, quote
from five_hundred.errors import InvalidNotationError, RulesConfigError
from five_hundred.rules import AVONDALE, PERFECT, JokerLeadSuit, Rules, ScoringTable

__all__ = [
    "MAX_METADATA",
    "MAX_NESTING",
    "RULE_FIELDS",
    "TABLES",
    "GameParts",
    "HandRecord",
    "cards_of",
    "check_nesting",
    "decode_rules",
    "encode_option",
    "ints",
    "metadata_text",
    "require_text",
    "seed_of",
]

TABLES: Final = {"avondale": AVONDALE, "perfect": PERFECT}
"""The scoring tables a record names rather than writes out."""
RULE_FIELDS: Final = {field.name: field for field in attrs.fields(Rules)}
"""Every rules option, in the order both forms write them."""


MAX_NESTING: Final = 32
"""The deepest nesting of lists and objects a record may hold (a record needs 5)."""


def _tuple_of_tuples(value: Sequence[Sequence[Card]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(hand) for hand in value)


def _cards_tuple(value: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(value)


def _actions_tuple(value: Sequence[Action]) -> tuple[Action, ...]:
    return tuple(value)


def _ints_tuple(value: Sequence[int]) -> tuple[int, ...]:
    return tuple(value)


def _optional_tuple(value: Sequence[int] | None) -> tuple[int, ...] | None:
    return None if value is None else tuple(value)


@attrs.frozen
class HandRecord:
    """One hand of a game record: its deal, its actions and the scores.

    ``hands`` are the seats' cards as dealt, seat 0 first (two players: the dead hand
    third); ``result`` is the change to each side's total once the hand is over
    (``None`` while it goes on); ``scores`` are the sides' running totals after the
    hand (while it goes on: the totals now).
    """

    dealer: int
    """The dealer of the hand."""
    hands: tuple[tuple[Card, ...], ...] = attrs.field(converter=_tuple_of_tuples)
    """The hands as dealt, seat 0 first (and the dead hand for two players)."""
    kitty: tuple[Card, ...] = attrs.field(converter=_cards_tuple)
    """The kitty as dealt."""
    actions: tuple[Action, ...] = attrs.field(converter=_actions_tuple)
    """Every action of the hand, in order."""
    result: tuple[int, ...] | None = attrs.field(converter=_optional_tuple)
    """The change to each side's total, once the hand is over."""
    scores: tuple[int, ...] = attrs.field(converter=_ints_tuple)
    """Each side's running total after the hand (or now, if it goes on)."""


class GameParts(Protocol):
    """What the forms and the replay read of a game record (a ``GameRecord``)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def hands(self) -> tuple[HandRecord, ...]: ...
    @property
    def metadata(self) -> dict[str, Any]: ...


def ints(values: Sequence[int]) -> str:
    return " ".join(map(str, values))


def check_nesting(value: object, where: str) -> None:
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


def require_text(text: object) -> str:
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
    if isinstance(value, str) and value in TABLES:
        return TABLES[value]
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


def decode_rules(options: dict[str, object]) -> Rules:
    unknown = sorted(set(options) - set(RULE_FIELDS))
    if unknown:
        msg = f"unknown Rules option(s): {', '.join(map(quote, unknown))}"
        raise RulesConfigError(msg)
    decoded: dict[str, Any] = {
        name: _decode_option(name, value) for name, value in options.items()
    }
    return Rules(**decoded)


def seed_of(value: object) -> int | None:
    if value is not None and (type(value) is not int or not fits_digits(value)):
        msg = f"invalid record: the seed must be a whole number of at most {MAX_DIGITS} digits, or null; got {quote(value)}"
        raise InvalidNotationError(msg, code="bad-record")
    return value


def cards_of(value: object, where: str) -> tuple[Card, ...]:
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
    check_nesting(dict(value), where)
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


def encode_option(value: object) -> object:
    """A rules option as a JSON value (the text form writes the same values)."""
    if isinstance(value, JokerLeadSuit):
        return value.value
    if isinstance(value, ScoringTable):
        for name, table in TABLES.items():
            if value == table:
                return name
        return {"name": value.name, "values": [list(row) for row in value.values]}
    return value
