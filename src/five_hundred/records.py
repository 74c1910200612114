"""Game records: save a game as JSON or as text, load it back and replay it.

:func:`record` turns a :class:`~five_hundred.state.GameState` into a frozen
:class:`GameRecord`: the rules (every option), the game's seed, and for each hand the
dealer, the deal (every hand, the dead hand of the two-player game, the kitty), every
action and the scores.  :meth:`GameRecord.replay` rebuilds the game from it.

>>> from five_hundred import GameRecord, apply, new_game, next_hand, parse_action, record
>>> state = new_game(seed=5)
>>> for text in ["PASS", "PASS", "PASS", "PASS"]:  # thrown in
...     state = apply(state, parse_action(text))
>>> state = next_hand(state)
>>> for text in ["6S", "PASS", "PASS", "PASS", "DISCARD 6S 5C 7C"]:
...     state = apply(state, parse_action(text))
>>> saved = record(state)
>>> GameRecord.from_json(saved.to_json()) == saved
True
>>> GameRecord.from_text(saved.to_text()) == saved
True
>>> saved.replay() == state
True

The text form is meant to be read (and written) by people:

>>> print(saved.to_text())  # doctest: +ELLIPSIS
# five_hundred game record
[Rules]
players = 4
<BLANKLINE>
[Game]
seed = 5
<BLANKLINE>
[Hand 1]
Dealer: 0
Seat 0: ...
Kitty: ...
Calls: PASS PASS PASS PASS
Result: 0 0
Scores: 0 0
<BLANKLINE>
[Hand 2]
Dealer: 1
...
Calls: 6S PASS PASS PASS
Discard: 6S 5C 7C
Scores: 0 0
<BLANKLINE>

Loading checks everything, because records come from files and other programs; the
errors are those of the library (each a :class:`~five_hundred.errors.FiveHundredError`
and a :class:`ValueError`):

- :class:`~five_hundred.errors.InvalidNotationError`: the input is not a record
  (not JSON, a missing or unknown key, a value of the wrong type, a card or action
  that is not notation);
- :class:`~five_hundred.errors.RulesConfigError`: the rules in the record (an unknown
  option, a value of the wrong type, an inconsistent combination);
- :class:`~five_hundred.errors.InvalidStateError`: content that cannot happen (a card
  twice, a hand of nine cards, a deal that does not match the seed, a dealer out of
  turn, scores that do not add up);
- :class:`~five_hundred.errors.IllegalActionError` (the same subclass that
  :func:`~five_hundred.state.apply` raises): an action the rules forbid, with the
  hand and the action's number in front of the reason.

>>> GameRecord.from_json('{"format": "five_hundred record"}')
Traceback (most recent call last):
...
five_hundred.errors.InvalidNotationError: invalid record: missing key(s) 'version', 'rules', 'seed', 'hands'
"""

import json
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, Self, cast

import attrs

from five_hundred.actions import (
    Action,
    CallPartner,
    Discard,
    NominateJoker,
    PlayCard,
    parse_action,
)
from five_hundred.bidding import MisereBid, Pass, TrickBid, parse_bid
from five_hundred.cards import Card, format_cards, parse_cards, quote
from five_hundred.errors import (
    IllegalActionError,
    InvalidNotationError,
    InvalidStateError,
    RulesConfigError,
)
from five_hundred.rules import AVONDALE, PERFECT, JokerLeadSuit, Rules, ScoringTable
from five_hundred.state import GameState, Phase, apply, new_game, new_hand, next_hand

__all__ = ["GameRecord", "HandRecord", "record"]

FORMAT: Final = "five_hundred record"
"""The value of the ``format`` key of a JSON record."""
VERSION: Final = 1
"""The version of the record format this module writes and reads."""

_TABLES: Final = {"avondale": AVONDALE, "perfect": PERFECT}
_RULE_FIELDS: Final = {field.name: field for field in attrs.fields(Rules)}
_DEFAULTS: Final = Rules()


def _tuple_of_tuples(value: Sequence[Sequence[Card]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(hand) for hand in value)


def _cards_tuple(value: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(value)


def _actions_tuple(value: Sequence[Action]) -> tuple[Action, ...]:
    return tuple(value)


def _ints_tuple(value: Sequence[int]) -> tuple[int, ...]:
    return tuple(value)


def _hands_tuple(value: Sequence["HandRecord"]) -> tuple["HandRecord", ...]:
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


@attrs.frozen
class GameRecord:
    """A whole game as data: the rules, the seed and every hand.

    Build one with :func:`record`, or load one with :meth:`from_json` or
    :meth:`from_text` (which check it); :meth:`replay` rebuilds the game.
    """

    rules: Rules
    """The rules of the game."""
    seed: int | None
    """The game's seed (``None`` for a game started from an explicit deal)."""
    hands: tuple[HandRecord, ...] = attrs.field(converter=_hands_tuple)
    """The hands of the game, the first one first (the last may still go on)."""

    # -- JSON --------------------------------------------------------------------------

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as JSON (every rules option written out).

        ``indent`` is passed to :func:`json.dumps` for a pretty layout.
        """
        data = {
            "format": FORMAT,
            "version": VERSION,
            "rules": {
                name: _encode_option(getattr(self.rules, name)) for name in _RULE_FIELDS
            },
            "seed": self.seed,
            "hands": [_hand_to_json(hand) for hand in self.hands],
        }
        return json.dumps(data, indent=indent)

    @classmethod
    def from_json(cls, text: str) -> Self:
        """Load and check a record written by :meth:`to_json`.

        Raises:
            InvalidNotationError: if ``text`` is not a JSON record.
            RulesConfigError: if the rules in it are not valid rules.
            InvalidStateError: if its content cannot happen.
            IllegalActionError: if it holds an action the rules forbid.
        """
        if not isinstance(cast(object, text), str):
            msg = f"invalid record {quote(text)}: expected text"
            raise InvalidNotationError(msg)
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            msg = f"invalid record: not JSON ({error})"
            raise InvalidNotationError(msg) from None
        obj = _object(data, "record", ("format", "version", "rules", "seed", "hands"))
        if obj["format"] != FORMAT:
            msg = f"invalid record: 'format' must be {FORMAT!r}; got {quote(obj['format'])}"
            raise InvalidNotationError(msg)
        if obj["version"] != VERSION or type(obj["version"]) is not int:
            msg = f"invalid record: unsupported version {quote(obj['version'])} (this library reads version {VERSION})"
            raise InvalidNotationError(msg)
        rules_data = obj["rules"]
        if not isinstance(rules_data, dict):
            msg = f"invalid record: 'rules' must be an object; got {quote(rules_data)}"
            raise InvalidNotationError(msg)
        rules = _decode_rules(rules_data)
        seed = _seed(obj["seed"])
        hands_data = obj["hands"]
        if not isinstance(hands_data, list):
            msg = f"invalid record: 'hands' must be a list; got {quote(hands_data)}"
            raise InvalidNotationError(msg)
        hands = tuple(
            _hand_from_json(item, number) for number, item in enumerate(hands_data, 1)
        )
        return cls._checked(rules, seed, hands)

    # -- text --------------------------------------------------------------------------

    def to_text(self) -> str:
        """The record as text: one line per fact, in sections.

        ``[Rules]`` lists ``players`` and every option that differs from the
        standard game; ``[Game]`` holds the seed; each ``[Hand n]`` holds the dealer,
        the deal, the actions (``Calls``, ``Discard``, ``Partner``, ``Nominate`` and
        one ``Trick`` line per trick) and the scores.
        """
        lines = ["# five_hundred game record", "[Rules]"]
        for name in _RULE_FIELDS:
            value = getattr(self.rules, name)
            if name == "players" or value != getattr(_DEFAULTS, name):
                lines.append(f"{name} = {_text_option(value)}")
        if self.seed is not None:
            lines += ["", "[Game]", f"seed = {self.seed}"]
        for number, hand in enumerate(self.hands, 1):
            lines += ["", f"[Hand {number}]", f"Dealer: {hand.dealer}"]
            for seat, cards in enumerate(hand.hands):
                label = (
                    "Dead" if self.rules.players == 2 and seat == 2 else f"Seat {seat}"
                )
                lines.append(f"{label}: {format_cards(cards)}")
            lines.append(f"Kitty: {format_cards(hand.kitty)}")
            lines.extend(_action_lines(self.rules, hand.actions))
            if hand.result is not None:
                lines.append(f"Result: {_ints(hand.result)}")
            lines.append(f"Scores: {_ints(hand.scores)}")
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> Self:
        """Load and check a record written by :meth:`to_text` (or by hand).

        Blank lines and lines starting with ``#`` are ignored; keys ignore case.

        Raises:
            InvalidNotationError: if ``text`` is not a text record.
            RulesConfigError: if the rules in it are not valid rules.
            InvalidStateError: if its content cannot happen.
            IllegalActionError: if it holds an action the rules forbid.
        """
        if not isinstance(cast(object, text), str):
            msg = f"invalid record {quote(text)}: expected text"
            raise InvalidNotationError(msg)
        sections = _sections(text)
        options: dict[str, object] = {}
        seed: int | None = None
        raw_hands: list[list[tuple[int, str, str]]] = []
        for name, lines in sections:
            if name == "rules":
                options = _text_pairs(lines, "[Rules]")
            elif name == "game":
                game = _text_pairs(lines, "[Game]")
                unknown = sorted(set(game) - {"seed"})
                if unknown:
                    msg = f"invalid record: unknown key(s) in [Game]: {', '.join(unknown)}"
                    raise InvalidNotationError(msg)
                seed = _seed(game.get("seed"))
            else:
                raw_hands.append(lines)
        rules = _decode_rules(options)
        hands = tuple(
            _hand_from_text(lines, number, rules)
            for number, lines in enumerate(raw_hands, 1)
        )
        return cls._checked(rules, seed, hands)

    # -- replay ------------------------------------------------------------------------

    @classmethod
    def _checked(
        cls, rules: Rules, seed: int | None, hands: tuple[HandRecord, ...]
    ) -> Self:
        loaded = cls(rules, seed, hands)
        loaded.replay()
        return loaded

    def replay(self) -> GameState:
        """The game state at the end of the record, rebuilt by playing every action.

        A game dealt from a seed (:func:`~five_hundred.state.new_game`) is rebuilt
        with the same seed; a game started from an explicit deal
        (:func:`~five_hundred.state.new_hand`) from its first deal.  Each later hand
        comes from :func:`~five_hundred.state.next_hand`: dealt by the game's seed
        when that matches the record, else from the recorded deal.  Either way the
        state equals the one recorded.

        Raises:
            InvalidStateError: if the record's content cannot happen.
            IllegalActionError: for an action the rules forbid (the message names the
                hand and the action).
        """
        rules = self.rules
        if not self.hands:
            msg = "invalid record: a game record needs at least one hand"
            raise InvalidStateError(msg)
        if not isinstance(cast(object, rules), Rules):
            msg = f"invalid record: expected a Rules value; got {quote(rules)}"
            raise InvalidStateError(msg)
        first = self.hands[0]
        start = _start_scores(rules, first)
        state = _explicit_hand(rules, first, 1, start)
        if self.seed is not None:
            if any(start):
                msg = f"hand 1: a seeded game starts from zero scores; the record starts from {_ints(start)}"
                raise InvalidStateError(msg)
            state = new_game(rules, seed=self.seed, dealer=first.dealer)
            if not _same_deal(state, first):
                msg = f"hand 1: the deal does not match the game's seed {self.seed} (dealer {first.dealer})"
                raise InvalidStateError(msg)
        state = _play(state, first, 1)
        for number, hand in enumerate(self.hands[1:], 2):
            state = _play(_next(state, hand, number), hand, number)
        return state


# -- building a record ------------------------------------------------------------------


def record(state: GameState) -> GameRecord:
    """The record of the game so far: every finished hand and the current one.

    >>> from five_hundred import new_game, record
    >>> saved = record(new_game(seed=1))
    >>> saved.seed, len(saved.hands), saved.hands[0].actions
    (1, 1, ())
    """
    past = state.history
    current = state.hand_result
    totals = list(state.scores)
    for result in [*(hand.result for hand in past), current or ()]:
        for side, change in enumerate(result):
            totals[side] -= change
    hands = []
    for summary in past:
        for side, change in enumerate(summary.result):
            totals[side] += change
        hands.append(
            HandRecord(
                summary.dealer,
                summary.hands,
                summary.kitty,
                summary.actions,
                summary.result or None,
                tuple(totals),
            )
        )
    dealt, kitty = state.dealt
    hands.append(
        HandRecord(state.dealer, dealt, kitty, state.actions, current, state.scores)
    )
    return GameRecord(state.rules, state.seed, tuple(hands))


# -- replay helpers ---------------------------------------------------------------------


def _start_scores(rules: Rules, hand: HandRecord) -> tuple[int, ...]:
    """The totals before ``hand`` (its scores minus its result)."""
    _check_ints(hand.scores, rules.sides, "scores", 1)
    if hand.result is None:
        return hand.scores
    _check_ints(hand.result, rules.sides, "result", 1)
    return tuple(s - r for s, r in zip(hand.scores, hand.result, strict=True))


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
    """The state at the start of hand ``number``, after ``state`` (the hand before)."""
    if state.phase is Phase.GAME_OVER:
        msg = f"hand {number}: the game was over after hand {number - 1}"
        raise InvalidStateError(msg)
    if state.phase is not Phase.HAND_OVER:
        msg = f"hand {number}: hand {number - 1} is not over (its actions stop in the {state.phase.value} phase)"
        raise InvalidStateError(msg)
    dealt = next_hand(state, seed=0)
    if hand.dealer != dealt.dealer:
        msg = f"hand {number}: dealer {quote(hand.dealer)} is out of turn; seat {dealt.dealer} deals this hand"
        raise InvalidStateError(msg)
    if state.seed is not None:
        dealt = next_hand(state)
        if _same_deal(dealt, hand):
            return dealt
    try:
        return next_hand(state, hands=hand.hands, kitty=hand.kitty)
    except InvalidStateError as error:
        msg = f"hand {number}: {error}"
        raise InvalidStateError(msg) from None


def _play(state: GameState, hand: HandRecord, number: int) -> GameState:
    """Apply the hand's actions and check its result and scores."""
    for index, action in enumerate(hand.actions, 1):
        try:
            state = apply(state, action)
        except IllegalActionError as error:
            msg = f"hand {number}, action {index}: {error}"
            raise type(error)(msg) from None
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


# -- rules options ----------------------------------------------------------------------


def _encode_option(value: object) -> object:
    if isinstance(value, JokerLeadSuit):
        return value.value
    if isinstance(value, ScoringTable):
        for name, table in _TABLES.items():
            if value == table:
                return name
        return {"name": value.name, "values": [list(row) for row in value.values]}
    return value


def _text_option(value: object) -> str:
    encoded = _encode_option(value)
    if isinstance(encoded, bool):
        return "true" if encoded else "false"
    if encoded is None:
        return "none"
    if isinstance(encoded, dict):
        return json.dumps(encoded)
    return str(encoded)


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
    if value is not None and type(value) is not int:
        msg = f"invalid record: the seed must be a whole number or null; got {quote(value)}"
        raise InvalidNotationError(msg)
    return value


# -- JSON helpers -----------------------------------------------------------------------


def _object(value: object, where: str, keys: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(value, dict):
        msg = f"invalid {where}: expected a JSON object; got {quote(value)}"
        raise InvalidNotationError(msg)
    unknown = sorted(set(value) - set(keys))
    if unknown:
        msg = f"invalid {where}: unknown key(s) {', '.join(map(quote, unknown))}"
        raise InvalidNotationError(msg)
    missing = [key for key in keys if key not in value]
    if missing:
        msg = f"invalid {where}: missing key(s) {', '.join(map(quote, missing))}"
        raise InvalidNotationError(msg)
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


def _cards(value: object, where: str) -> tuple[Card, ...]:
    if not isinstance(value, str):
        msg = f'invalid {where}: expected cards as text ("9H 10H ..."); got {quote(value)}'
        raise InvalidNotationError(msg)
    try:
        return parse_cards(value)
    except InvalidNotationError as error:
        msg = f"invalid {where}: {error}"
        raise InvalidNotationError(msg) from None


def _int_list(value: object, where: str) -> tuple[int, ...]:
    if not isinstance(value, list) or any(type(v) is not int for v in value):
        msg = f"invalid {where}: expected a list of whole numbers; got {quote(value)}"
        raise InvalidNotationError(msg)
    return tuple(value)


def _action(text: object, where: str) -> Action:
    if not isinstance(text, str):
        msg = f"invalid {where}: expected an action as text; got {quote(text)}"
        raise InvalidNotationError(msg)
    try:
        return parse_action(text)
    except InvalidNotationError as error:
        msg = f"invalid {where}: {error}"
        raise InvalidNotationError(msg) from None


def _hand_from_json(value: object, number: int) -> HandRecord:
    where = f"hand {number}"
    obj = _object(
        value, where, ("dealer", "hands", "kitty", "actions", "result", "scores")
    )
    dealer = obj["dealer"]
    if type(dealer) is not int:
        msg = f"invalid {where}: the dealer must be a seat number; got {quote(dealer)}"
        raise InvalidNotationError(msg)
    hands = obj["hands"]
    if not isinstance(hands, list):
        msg = f"invalid {where}: 'hands' must be a list of hands; got {quote(hands)}"
        raise InvalidNotationError(msg)
    actions = obj["actions"]
    if not isinstance(actions, list):
        msg = f"invalid {where}: 'actions' must be a list; got {quote(actions)}"
        raise InvalidNotationError(msg)
    result = obj["result"]
    return HandRecord(
        dealer,
        tuple(
            _cards(cards, f"{where}, seat {seat}") for seat, cards in enumerate(hands)
        ),
        _cards(obj["kitty"], f"{where}, kitty"),
        tuple(
            _action(text, f"{where}, action {index}")
            for index, text in enumerate(actions, 1)
        ),
        None if result is None else _int_list(result, f"{where}, result"),
        _int_list(obj["scores"], f"{where}, scores"),
    )


# -- text helpers -----------------------------------------------------------------------

_SECTION: Final = re.compile(r"\[\s*(rules|game|hand\s+(\d{1,9}))\s*\]", re.IGNORECASE)
_TRICK_KEY: Final = re.compile(r"trick\s+(\d{1,9})", re.IGNORECASE)
_SEAT_KEY: Final = re.compile(r"seat\s+(\d{1,9})", re.IGNORECASE)
_INT: Final = re.compile(r"[+-]?[0-9]{1,40}")


def _ints(values: Sequence[int]) -> str:
    return " ".join(map(str, values))


def _sections(text: str) -> list[tuple[str, list[tuple[int, str, str]]]]:
    """The sections of a text record: (name, [(line number, line, ...)])."""
    sections: list[tuple[str, list[tuple[int, str, str]]]] = []
    seen: set[str] = set()
    hands = 0
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            match = _SECTION.fullmatch(line)
            if match is None:
                msg = f"invalid record, line {number}: unknown section {quote(line)} (expected [Rules], [Game] or [Hand n])"
                raise InvalidNotationError(msg)
            name = match.group(1).split()[0].lower()
            if name == "hand":
                hands += 1
                if int(match.group(2)) != hands:
                    msg = f"invalid record, line {number}: expected [Hand {hands}]; got {quote(line)}"
                    raise InvalidNotationError(msg)
            elif name in seen:
                msg = f"invalid record, line {number}: [{name.title()}] given twice"
                raise InvalidNotationError(msg)
            seen.add(name)
            sections.append((name, []))
            continue
        if not sections:
            msg = f"invalid record, line {number}: {quote(line)} is outside a section (start with [Rules])"
            raise InvalidNotationError(msg)
        sections[-1][1].append((number, line, raw))
    if "rules" not in seen:
        msg = "invalid record: no [Rules] section"
        raise InvalidNotationError(msg)
    return sections


def _text_value(text: str, where: str) -> object:
    lowered = text.lower()
    if lowered in {"true", "false"}:
        return lowered == "true"
    if lowered in {"none", "null"}:
        return None
    if _INT.fullmatch(text):
        return int(text)
    if text[:1] in {"{", "[", '"'}:
        try:
            return json.loads(text)
        except (ValueError, RecursionError) as error:
            msg = (
                f"invalid record, {where}: {quote(text)} is not a JSON value ({error})"
            )
            raise InvalidNotationError(msg) from None
    return text


def _text_pairs(lines: list[tuple[int, str, str]], section: str) -> dict[str, object]:
    pairs: dict[str, object] = {}
    for number, line, _ in lines:
        key, equals, value = line.partition("=")
        key = key.strip().lower()
        if not equals or not key:
            msg = f"invalid record, line {number}: expected 'key = value' in {section}; got {quote(line)}"
            raise InvalidNotationError(msg)
        if key in pairs:
            msg = f"invalid record, line {number}: {key} given twice in {section}"
            raise InvalidNotationError(msg)
        pairs[key] = _text_value(value.strip(), f"line {number}")
    return pairs


def _text_ints(text: str, where: str) -> tuple[int, ...]:
    words = text.split()
    if not all(_INT.fullmatch(word) for word in words):
        msg = f"invalid record, {where}: expected whole numbers; got {quote(text)}"
        raise InvalidNotationError(msg)
    return tuple(int(word) for word in words)


def _text_actions(key: str, value: str, where: str) -> Iterator[Action]:
    words: list[tuple[str, Callable[[str], Action]]]
    if key == "calls":
        words = [(word, parse_bid) for word in value.split()]
    elif key.startswith("trick"):
        words = [(f"PLAY {word}", parse_action) for word in value.split()]
    else:
        prefix = {"discard": "DISCARD", "partner": "CALL", "nominate": "NOMINATE"}[key]
        words = [(f"{prefix} {value}", parse_action)]
    for word, parse in words:
        try:
            yield parse(word)
        except InvalidNotationError as error:
            msg = f"invalid record, {where}: {error}"
            raise InvalidNotationError(msg) from None


_ONCE: Final = ("dealer", "kitty", "dead", "result", "scores")
_ACTION_KEYS: Final = ("calls", "discard", "partner", "nominate")


def _hand_from_text(
    lines: list[tuple[int, str, str]], number: int, rules: Rules
) -> HandRecord:
    found: dict[str, str] = {}
    seats: dict[int, tuple[Card, ...]] = {}
    actions: list[Action] = []
    for line_number, line, _ in lines:
        where = f"line {line_number}"
        head, colon, value = line.partition(":")
        key = " ".join(head.lower().split())
        value = value.strip()
        if not colon:
            msg = f"invalid record, {where}: expected 'Key: value' in [Hand {number}]; got {quote(line)}"
            raise InvalidNotationError(msg)
        seat_match = _SEAT_KEY.fullmatch(key)
        if seat_match is not None:
            seat = int(seat_match.group(1))
            if seat in seats:
                msg = f"invalid record, {where}: seat {seat} given twice in [Hand {number}]"
                raise InvalidNotationError(msg)
            seats[seat] = _cards(value, f"record, {where}")
        elif key in _ONCE:
            if key in found:
                msg = f"invalid record, {where}: {head.strip()} given twice in [Hand {number}]"
                raise InvalidNotationError(msg)
            found[key] = value
        elif key in _ACTION_KEYS or _TRICK_KEY.fullmatch(key):
            actions.extend(_text_actions(key, value, where))
        else:
            msg = f"invalid record, {where}: unknown key {quote(head.strip())} in [Hand {number}]"
            raise InvalidNotationError(msg)
    for key in ("dealer", "kitty", "scores"):
        if key not in found:
            msg = f"invalid record: [Hand {number}] has no '{key.title()}:' line"
            raise InvalidNotationError(msg)
    dealer = _text_ints(found["dealer"], f"[Hand {number}] Dealer")
    if len(dealer) != 1:
        msg = f"invalid record: [Hand {number}] Dealer must be one seat number; got {quote(found['dealer'])}"
        raise InvalidNotationError(msg)
    return HandRecord(
        dealer[0],
        _deal_hands(seats, found.get("dead"), number, rules),
        _cards(found["kitty"], f"record, [Hand {number}] Kitty"),
        tuple(actions),
        None
        if "result" not in found
        else _text_ints(found["result"], f"[Hand {number}] Result"),
        _text_ints(found["scores"], f"[Hand {number}] Scores"),
    )


def _deal_hands(
    seats: dict[int, tuple[Card, ...]], dead: str | None, number: int, rules: Rules
) -> tuple[tuple[Card, ...], ...]:
    players = rules.players
    extra = sorted(seat for seat in seats if seat >= players)
    if extra:
        msg = f"hand {number}: seat {extra[0]} is not a seat of a {players}-player game"
        raise InvalidStateError(msg)
    missing = [seat for seat in range(players) if seat not in seats]
    if missing:
        msg = f"hand {number}: no 'Seat {missing[0]}:' line (a {players}-player deal has seats 0 to {players - 1})"
        raise InvalidStateError(msg)
    hands = [seats[seat] for seat in range(players)]
    if (dead is not None) != (players == 2):
        msg = (
            f"hand {number}: a two-player deal needs a 'Dead:' line (the dead hand)"
            if dead is None
            else f"hand {number}: only a two-player deal has a dead hand"
        )
        raise InvalidStateError(msg)
    if dead is not None:
        hands.append(_cards(dead, f"record, [Hand {number}] Dead"))
    return tuple(hands)


def _trick_size(rules: Rules, actions: Sequence[Action]) -> int:
    """How many cards a trick has: fewer when a misère contractor's partners sit out."""
    bids = [a for a in actions if isinstance(a, TrickBid | MisereBid)]
    if bids and isinstance(bids[-1], MisereBid):
        return rules.players - (rules.players // rules.sides - 1)
    return rules.players


def _action_lines(rules: Rules, actions: Sequence[Action]) -> list[str]:
    """The action lines of a hand: the calls on one line, then one line per trick."""
    size = _trick_size(rules, actions)
    lines: list[str] = []
    calls: list[str] = []
    trick: list[str] = []
    tricks = 0

    def flush() -> None:
        nonlocal tricks
        if calls:
            lines.append("Calls: " + " ".join(calls))
            calls.clear()
        if trick:
            tricks += 1
            lines.append(f"Trick {tricks}: " + " ".join(trick))
            trick.clear()

    for action in actions:
        if isinstance(action, Pass | TrickBid | MisereBid):
            if trick:
                flush()
            calls.append(str(action))
            continue
        if calls:
            flush()
        if isinstance(action, PlayCard):
            trick.append(str(action).removeprefix("PLAY "))
            if len(trick) == size:
                flush()
            continue
        flush()
        if isinstance(action, Discard):
            lines.append("Discard: " + str(action).removeprefix("DISCARD "))
        elif isinstance(action, CallPartner):
            lines.append("Partner: " + str(action).removeprefix("CALL "))
        elif isinstance(action, NominateJoker):
            lines.append("Nominate: " + str(action).removeprefix("NOMINATE "))
    flush()
    return lines
