"""The record values: a game record, its hands, and the record of a game state.

:class:`~five_hundred.records.GameRecord`, :class:`~five_hundred.records.HandRecord`
and :func:`~five_hundred.records.record` are defined here and imported from
:mod:`five_hundred.records`. A record is plain data: frozen, hashable, compared by value. Its methods are the
ways in and out, each a short call into the module that owns the work:
:mod:`~five_hundred.records.json_form` and :mod:`~five_hundred.records.text_form`
write and read the two forms, :mod:`~five_hundred.records.validate` checks a record
by replaying it. Those modules read a game record through its fields and build its
hands (:class:`~five_hundred.records.HandRecord`, defined with the checks they share in
``records/_common.py``), so this module imports them and none of them imports it.

>>> from five_hundred.records.model import GameRecord, record
>>> from five_hundred import new_game
>>> saved = record(new_game(seed=3))
>>> GameRecord.from_text(saved.to_text()) == saved
True
"""

import contextlib
import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Self

import attrs

from five_hundred.errors import InvalidStateError
from five_hundred.records._common import HandRecord
from five_hundred.records.json_form import parse_json, to_json
from five_hundred.records.text_form import parse_text, to_text
from five_hundred.records.validate import replay
from five_hundred.rules import Rules
from five_hundred.state import GameState, checked_state

__all__ = ["GameRecord", "HandRecord", "record"]


def _hands_tuple(value: Sequence["HandRecord"]) -> tuple["HandRecord", ...]:
    return tuple(value)


@contextlib.contextmanager
def _writable() -> Iterator[None]:
    """Turn Python's refusal to print a huge integer into the library's error."""
    try:
        yield
    except ValueError as error:
        if "integer string conversion" not in str(error):
            raise
        msg = f"cannot write the record: it holds a whole number too long to print ({error})"
        raise InvalidStateError(msg) from None


def _metadata_json(value: Mapping[str, Any] | str | None) -> str:
    """An app's metadata as canonical JSON text (checked: see :attr:`GameRecord.metadata`)."""
    from five_hundred.records._common import metadata_text

    return metadata_text(value)


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
    _metadata: str = attrs.field(
        default=None, alias="metadata", converter=_metadata_json, repr=False
    )
    """The app's metadata as canonical JSON text (read :attr:`metadata`)."""

    @property
    def metadata(self) -> dict[str, Any]:
        """An app's own data about the game, kept through every round trip (a copy).

        Give it as ``GameRecord(..., metadata={...})`` or
        ``record(state, metadata={...})``: a JSON object (text keys; values text,
        whole or decimal numbers, booleans, null, lists and objects), at most
        65,536 characters as JSON and
        nested at most 32 deep.  The
        JSON form writes it under the key ``metadata``, the text form as
        ``metadata = {...}`` in ``[Game]``; both leave it out when it is empty.  The
        library never reads it.

        >>> from five_hundred import GameRecord, new_game, record
        >>> saved = record(new_game(seed=3), metadata={"table": "t-17", "round": 2})
        >>> GameRecord.from_json(saved.to_json()).metadata
        {'round': 2, 'table': 't-17'}
        >>> GameRecord.from_text(saved.to_text()) == saved
        True
        """
        data: dict[str, Any] = json.loads(self._metadata)
        return data

    # -- JSON (five_hundred.records.json_form) -----------------------------------------

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as JSON (every rules option written out).

        ``indent`` is passed to :func:`json.dumps` for a pretty layout.

        Raises:
            InvalidStateError: for a record made by hand holding a whole number too
                long to write (the library itself takes in at most 1000 digits).
        """
        with _writable():
            return to_json(self, indent=indent)

    @classmethod
    def from_json(cls, text: str) -> Self:
        """Load and check a record written by :meth:`to_json`.

        Raises:
            InvalidNotationError: if ``text`` is not a JSON record.
            RulesConfigError: if the rules in it are not valid rules.
            InvalidStateError: if its content cannot happen.
            IllegalActionError: if it holds an action the rules forbid.
        """
        return cls._checked(*parse_json(text))

    # -- text (five_hundred.records.text_form) -----------------------------------------

    def to_text(self) -> str:
        """The record as text: one line per fact, in sections.

        ``[Rules]`` lists ``players`` and every option that differs from the
        standard game; ``[Game]`` holds the seed; each ``[Hand n]`` holds the dealer,
        the deal, the actions (``Calls``, ``Discard``, ``Partner``, ``Nominate`` and
        one ``Trick`` line per trick) and the scores.

        Raises:
            InvalidStateError: as :meth:`to_json`.
        """
        with _writable():
            return to_text(self)

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
        return cls._checked(*parse_text(text))

    # -- replay (five_hundred.records.validate) ----------------------------------------

    @classmethod
    def _checked(
        cls,
        rules: Rules,
        seed: int | None,
        hands: tuple[HandRecord, ...],
        metadata: Mapping[str, Any] | None = None,
    ) -> Self:
        loaded = cls(rules, seed, hands, metadata=metadata)
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
        return replay(self)


def record(
    state: GameState, *, metadata: Mapping[str, Any] | None = None
) -> GameRecord:
    """The record of the game so far: every finished hand and the current one.

    ``metadata`` is the app's own data to keep with it (:attr:`GameRecord.metadata`).

    >>> from five_hundred import new_game, record
    >>> saved = record(new_game(seed=1))
    >>> saved.seed, len(saved.hands), saved.hands[0].actions
    (1, 1, ())
    """
    checked_state(state)
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
    return GameRecord(state.rules, state.seed, tuple(hands), metadata=metadata)
