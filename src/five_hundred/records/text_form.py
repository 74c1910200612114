"""The text form of a record: for people to read, and to write by hand.

One fact per line, in sections: ``[Rules]`` lists ``players`` and each option that
differs from the standard game (``key = value``); ``[Game]`` holds the seed; each
``[Hand n]`` holds ``Dealer:``, one ``Seat n:`` line per seat (``Dead:`` for the
two-player game's dead hand), ``Kitty:``, the actions (``Calls:`` for the auction,
``Discard:``, ``Partner:``, ``Nominate:`` and one ``Trick n:`` line per trick),
then ``Result:`` once the hand is over, and ``Scores:``.

>>> from five_hundred import new_game, record
>>> from five_hundred.records.text_form import parse_text, to_text
>>> text = to_text(record(new_game(seed=2)))
>>> print(text.split("[Hand 1]")[0])
# five_hundred game record
[Rules]
players = 4
<BLANKLINE>
[Game]
seed = 2
<BLANKLINE>
<BLANKLINE>
>>> rules, seed, hands, metadata = parse_text(text)
>>> seed, len(hands), hands[0].actions
(2, 1, ())

:meth:`GameRecord.to_text <five_hundred.records.GameRecord.to_text>` and
:meth:`GameRecord.from_text <five_hundred.records.GameRecord.from_text>` are the
way to use this module; :func:`parse_text` alone checks the notation and the shape
of each deal but does not replay the record.
"""

import json
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final

from five_hundred.actions import (
    Action,
    CallPartner,
    Discard,
    NominateJoker,
    PlayCard,
    parse_action,
)
from five_hundred.bidding import MisereBid, Pass, TrickBid, parse_bid
from five_hundred.cards import Card, format_cards, quote
from five_hundred.errors import InvalidNotationError, InvalidStateError
from five_hundred.records._common import (
    RULE_FIELDS,
    GameParts,
    HandRecord,
    cards_of,
    check_nesting,
    decode_rules,
    encode_option,
    ints,
    metadata_text,
    require_text,
    seed_of,
)
from five_hundred.rules import Rules

__all__ = ["parse_text", "to_text"]

_DEFAULTS: Final = Rules()


def to_text(game: GameParts) -> str:
    """``game`` as text: one line per fact, in sections."""
    lines = ["# five_hundred game record", "[Rules]"]
    for name in RULE_FIELDS:
        value = getattr(game.rules, name)
        if name == "players" or value != getattr(_DEFAULTS, name):
            lines.append(f"{name} = {_text_option(value)}")
    metadata = game.metadata
    if game.seed is not None or metadata:
        lines += ["", "[Game]"]
    if game.seed is not None:
        lines.append(f"seed = {game.seed}")
    if metadata:
        # ASCII JSON: one line whatever the text holds (a line separator is escaped).
        lines.append(f"metadata = {json.dumps(metadata)}")
    for number, hand in enumerate(game.hands, 1):
        lines += ["", f"[Hand {number}]", f"Dealer: {hand.dealer}"]
        for seat, cards in enumerate(hand.hands):
            label = "Dead" if game.rules.players == 2 and seat == 2 else f"Seat {seat}"
            lines.append(f"{label}: {format_cards(cards)}")
        lines.append(f"Kitty: {format_cards(hand.kitty)}")
        lines.extend(_action_lines(game.rules, hand.actions))
        if hand.result is not None:
            lines.append(f"Result: {ints(hand.result)}")
        lines.append(f"Scores: {ints(hand.scores)}")
    return "\n".join(lines) + "\n"


def parse_text(
    text: str,
) -> tuple[Rules, int | None, tuple[HandRecord, ...], dict[str, Any]]:
    """The rules, the seed and the hands of a text record, its notation checked.

    Blank lines and lines starting with ``#`` are ignored; keys ignore case. The
    record is not replayed: :meth:`GameRecord.from_text
    <five_hundred.records.GameRecord.from_text>` does that too.

    Raises:
        InvalidNotationError: if ``text`` is not a text record.
        RulesConfigError: if the rules in it are not valid rules.
        InvalidStateError: if a deal has the wrong seats.
    """
    sections = _sections(require_text(text))
    options: dict[str, object] = {}
    seed: int | None = None
    metadata: object = None
    raw_hands: list[list[tuple[int, str, str]]] = []
    for name, lines in sections:
        if name == "rules":
            options = _text_pairs(lines, "[Rules]")
        elif name == "game":
            game = _text_pairs(lines, "[Game]")
            unknown = sorted(set(game) - {"seed", "metadata"})
            if unknown:
                msg = f"invalid record: unknown key(s) in [Game]: {', '.join(unknown)}"
                raise InvalidNotationError(msg, code="bad-record")
            seed = seed_of(game.get("seed"))
            metadata = game.get("metadata")
            if "metadata" in game and not isinstance(metadata, dict):
                msg = f"invalid record: the metadata in [Game] must be a JSON object; got {quote(metadata)}"
                raise InvalidNotationError(msg, code="bad-record")
        else:
            raw_hands.append(lines)
    rules = decode_rules(options)
    hands = tuple(
        _hand_from_text(lines, number, rules)
        for number, lines in enumerate(raw_hands, 1)
    )
    return rules, seed, hands, json.loads(metadata_text(metadata, "record, metadata"))


def _text_option(value: object) -> str:
    encoded = encode_option(value)
    if isinstance(encoded, bool):
        return "true" if encoded else "false"
    if encoded is None:
        return "none"
    if isinstance(encoded, dict):
        return json.dumps(encoded)
    return str(encoded)


_ASCII: Final = re.IGNORECASE | re.ASCII
"""Keys and numbers are ASCII, as in the notation: no look-alike digits or letters."""
_SECTION: Final = re.compile(r"\[\s*(rules|game|hand\s+(\d{1,9}))\s*\]", _ASCII)
_TRICK_KEY: Final = re.compile(r"trick\s+(\d{1,9})", _ASCII)
_SEAT_KEY: Final = re.compile(r"seat\s+(\d{1,9})", _ASCII)
_INT: Final = re.compile(r"[+-]?[0-9]{1,4300}")
"""A whole number: as many digits as Python prints (the checks then bound its size)."""


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
                raise InvalidNotationError(msg, code="bad-record")
            name = match.group(1).split()[0].lower()
            if name == "hand":
                hands += 1
                if int(match.group(2)) != hands:
                    msg = f"invalid record, line {number}: expected [Hand {hands}]; got {quote(line)}"
                    raise InvalidNotationError(msg, code="bad-record")
            elif name in seen:
                msg = f"invalid record, line {number}: [{name.title()}] given twice"
                raise InvalidNotationError(msg, code="bad-record")
            seen.add(name)
            sections.append((name, []))
            continue
        if not sections:
            msg = f"invalid record, line {number}: {quote(line)} is outside a section (start with [Rules])"
            raise InvalidNotationError(msg, code="bad-record")
        sections[-1][1].append((number, line, raw))
    if "rules" not in seen:
        msg = "invalid record: no [Rules] section"
        raise InvalidNotationError(msg, code="bad-record")
    return sections


def _text_value(text: str, where: str) -> object:
    lowered = text.lower() if text.isascii() else text
    if lowered in {"true", "false"}:
        return lowered == "true"
    if lowered in {"none", "null"}:
        return None
    if _INT.fullmatch(text):
        return int(text)
    if text[:1] in {"{", "[", '"'}:
        try:
            value = json.loads(text)
        except (ValueError, RecursionError) as error:
            msg = (
                f"invalid record, {where}: {quote(text)} is not a JSON value ({error})"
            )
            raise InvalidNotationError(msg, code="bad-record") from None
        check_nesting(value, f"record, {where}")
        return value
    return text


def _text_pairs(lines: list[tuple[int, str, str]], section: str) -> dict[str, object]:
    pairs: dict[str, object] = {}
    for number, line, _ in lines:
        key, equals, value = line.partition("=")
        key = key.strip().lower()
        if not equals or not key or not key.isascii():
            msg = f"invalid record, line {number}: expected 'key = value' in {section}; got {quote(line)}"
            raise InvalidNotationError(msg, code="bad-record")
        if key in pairs:
            msg = f"invalid record, line {number}: {key} given twice in {section}"
            raise InvalidNotationError(msg, code="bad-record")
        pairs[key] = _text_value(value.strip(), f"line {number}")
    return pairs


def _text_ints(text: str, where: str) -> tuple[int, ...]:
    words = text.split()
    if not all(_INT.fullmatch(word) for word in words):
        msg = f"invalid record, {where}: expected whole numbers; got {quote(text)}"
        raise InvalidNotationError(msg, code="bad-record")
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
            raise InvalidNotationError(msg, code="bad-record") from None


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
        key = " ".join(head.lower().split()) if head.isascii() else ""
        value = value.strip()
        if not colon:
            msg = f"invalid record, {where}: expected 'Key: value' in [Hand {number}]; got {quote(line)}"
            raise InvalidNotationError(msg, code="bad-record")
        seat_match = _SEAT_KEY.fullmatch(key)
        if seat_match is not None:
            seat = int(seat_match.group(1))
            if seat in seats:
                msg = f"invalid record, {where}: seat {seat} given twice in [Hand {number}]"
                raise InvalidNotationError(msg, code="bad-record")
            seats[seat] = cards_of(value, f"record, {where}")
        elif key in _ONCE:
            if key in found:
                msg = f"invalid record, {where}: {head.strip()} given twice in [Hand {number}]"
                raise InvalidNotationError(msg, code="bad-record")
            found[key] = value
        elif key in _ACTION_KEYS or _TRICK_KEY.fullmatch(key):
            actions.extend(_text_actions(key, value, where))
        else:
            msg = f"invalid record, {where}: unknown key {quote(head.strip())} in [Hand {number}]"
            raise InvalidNotationError(msg, code="bad-record")
    for key in ("dealer", "kitty", "scores"):
        if key not in found:
            msg = f"invalid record: [Hand {number}] has no '{key.title()}:' line"
            raise InvalidNotationError(msg, code="bad-record")
    dealer = _text_ints(found["dealer"], f"[Hand {number}] Dealer")
    if len(dealer) != 1:
        msg = f"invalid record: [Hand {number}] Dealer must be one seat number; got {quote(found['dealer'])}"
        raise InvalidNotationError(msg, code="bad-record")
    return HandRecord(
        dealer[0],
        _deal_hands(seats, found.get("dead"), number, rules),
        cards_of(found["kitty"], f"record, [Hand {number}] Kitty"),
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
        hands.append(cards_of(dead, f"record, [Hand {number}] Dead"))
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
