"""The rules of a game: player count, scoring table and every variant option.

One frozen :class:`Rules` value describes a game.  Every field has the standard
(Australian, four-player) game's default, so ``Rules()`` is the standard game; presets
are named constructors.  An inconsistent combination raises
:class:`~five_hundred.errors.RulesConfigError` at construction.

>>> from five_hundred import Rules
>>> Rules().players, Rules().target
(4, 500)
>>> Rules.american().single_round_auction
True
>>> Rules(players=4, six_player_sides=3)
Traceback (most recent call last):
...
five_hundred.errors.RulesConfigError: six_player_sides=3 needs players=6 (got players=4)
"""

import enum
import inspect
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final, Self, cast

import attrs

from five_hundred._shown import MAX_DIGITS, fits_digits, short_repr
from five_hundred._values import check_strain, check_tricks
from five_hundred.cards import Strain
from five_hundred.errors import InvalidStateError, RulesConfigError, quote, wrong_type

__all__ = [
    "AVONDALE",
    "PERFECT",
    "JokerLeadSuit",
    "Rules",
    "ScoringTable",
    "seats_of",
    "side_of",
]

MIN_TRICKS: Final = 6
MAX_TRICKS: Final = 10


class JokerLeadSuit(enum.Enum):
    """Which suits the leader of an un-nominated Joker may name (:ref:`rules-joker-lead-suit`)."""

    NOT_LED_BEFORE = "not_led_before"
    """A suit that was not the suit to follow of an earlier trick of this hand."""
    NOT_SHOWN_VOID = "not_shown_void"
    """A suit in which the leader has not shown void."""
    ANY = "any"
    """Any suit."""


def _table_values(_instance: Any, _attribute: Any, values: Any) -> None:
    ok = (
        isinstance(values, tuple)
        and len(values) == MAX_TRICKS - MIN_TRICKS + 1
        and all(
            isinstance(row, tuple)
            and len(row) == len(Strain)
            and all(type(v) is int and v > 0 and fits_digits(v) for v in row)
            for row in values
        )
    )
    if not ok:
        msg = (
            "a scoring table needs 5 rows (6 to 10 tricks) of 5 positive whole numbers "
            f"(S, C, D, H, NT) of at most {MAX_DIGITS} digits; got {short_repr(values)}"
        )
        raise RulesConfigError(msg)


def _table_name(_instance: Any, _attribute: Any, name: Any) -> None:
    if type(name) is not str:
        msg = f"a scoring table's name must be text; got {short_repr(name)}"
        raise RulesConfigError(msg)


@attrs.frozen
class ScoringTable:
    """The value of every trick bid: ``values[tricks - 6][strain]``.

    >>> AVONDALE.value(8, Strain.HEARTS), PERFECT.value(10, Strain.NO_TRUMPS)
    (300, 500)
    """

    values: tuple[tuple[int, ...], ...] = attrs.field(validator=_table_values)
    name: str = attrs.field(default="custom", validator=_table_name)

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[int]], name: str = "custom") -> Self:
        """A table from five rows (6 to 10 tricks) of five values (S, C, D, H, NT)."""
        try:
            values = tuple(tuple(row) for row in rows)
        except TypeError:
            msg = f"a scoring table needs rows of numbers; got {short_repr(rows)}"
            raise RulesConfigError(msg) from None
        return cls(values, name)

    @classmethod
    def avondale(cls) -> Self:
        """The Avondale table: ``100 * (tricks - 6) + 40 + 20 * strain`` (:ref:`rules-scoring-table`)."""
        return cls(
            tuple(
                tuple(100 * (n - MIN_TRICKS) + 40 + 20 * k for k in range(len(Strain)))
                for n in range(MIN_TRICKS, MAX_TRICKS + 1)
            ),
            "avondale",
        )

    @classmethod
    def perfect(cls) -> Self:
        """The "perfect" table: Avondale minus 20, so that 10NT is worth exactly 500."""
        return cls(
            tuple(tuple(v - 20 for v in row) for row in cls.avondale().values),
            "perfect",
        )

    def value(self, tricks: int, strain: Strain) -> int:
        """The value of a bid of ``tricks`` in ``strain``.

        Raises:
            InvalidStateError: if ``tricks`` is not 6 to 10.
            TypeError: if ``strain`` is not a :class:`~five_hundred.cards.Strain`.
        """
        if (
            type(strain) is Strain
            and type(tricks) is int
            and MIN_TRICKS <= tricks <= MAX_TRICKS
        ):  # valid: the checks below are not needed
            return self.values[tricks - MIN_TRICKS][strain]
        return self.values[check_tricks(tricks) - MIN_TRICKS][check_strain(strain)]


AVONDALE: Final = ScoringTable.avondale()
"""The standard (Avondale) scoring table."""
PERFECT: Final = ScoringTable.perfect()
"""The "perfect" table (Avondale minus 20)."""
_NAMED_TABLES: Final = {"avondale": AVONDALE, "perfect": PERFECT}


def _table_data(table: ScoringTable) -> object:
    """A scoring table as data: its name if it is a named one, else name and values."""
    if _NAMED_TABLES.get(table.name) == table:
        return table.name
    return {"name": table.name, "values": [list(row) for row in table.values]}


def _table_from_data(value: object) -> ScoringTable:
    """The scoring table of :func:`_table_data`'s data."""
    if isinstance(value, str) and value in _NAMED_TABLES:
        return _NAMED_TABLES[value]
    if (
        isinstance(value, Mapping)
        and set(value) == {"name", "values"}
        and isinstance(value["name"], str)
        and isinstance(value["values"], Sequence)
        and not isinstance(value["values"], str)
    ):
        return ScoringTable.from_rows(value["values"], value["name"])
    msg = (
        "Rules.scoring_table must be 'avondale', 'perfect' or "
        f'{{"name": ..., "values": [5 rows of 5 numbers]}}; got {quote(value)}'
    )
    raise RulesConfigError(msg)


def _is_bool(name: str, value: object) -> None:
    if type(value) is not bool:
        msg = f"Rules.{name} must be True or False; got {short_repr(value)}"
        raise RulesConfigError(msg)


def _is_int(name: str, value: object) -> int:
    if type(value) is not int:
        msg = f"Rules.{name} must be a whole number; got {short_repr(value)}"
        raise RulesConfigError(msg)
    if not fits_digits(value):
        msg = f"Rules.{name} must have at most {MAX_DIGITS} digits; got {short_repr(value)}"
        raise RulesConfigError(msg)
    return value


def _check(instance: "Rules", attribute: "attrs.Attribute[Any]", value: Any) -> None:
    name = attribute.name
    default = attribute.default
    if isinstance(default, bool):
        _is_bool(name, value)
    elif isinstance(default, int):
        _is_int(name, value)
    elif name == "joker_lead_suit" and not isinstance(value, JokerLeadSuit):
        msg = f"Rules.joker_lead_suit must be a JokerLeadSuit; got {short_repr(value)}"
        raise RulesConfigError(msg)
    elif name == "scoring_table" and not isinstance(value, ScoringTable):
        msg = f"Rules.scoring_table must be a ScoringTable; got {short_repr(value)}"
        raise RulesConfigError(msg)
    elif name == "defender_cap" and value is not None:
        _is_int(name, value)


_PLAYERS_RANGE: Final = range(2, 7)


@attrs.frozen(kw_only=True, cache_hash=True)
class Rules:
    """Everything that varies between games of Five Hundred.

    The defaults are the standard game (:ref:`rules-standard`); each field is an option of
    Part B or C.  Build variants with keyword arguments, a preset, or
    :meth:`replace`.
    """

    players: int = attrs.field(default=4, validator=_check)
    """Number of players, 2 to 6."""
    six_player_sides: int = attrs.field(default=2, validator=_check)
    """Six players: 2 sides of three (seated alternately) or 3 sides of two (opposite)."""

    misere: bool = attrs.field(default=True, validator=_check)
    """Closed misère may be bid."""
    open_misere: bool = attrs.field(default=True, validator=_check)
    """Open misère may be bid."""
    blind_misere: bool = attrs.field(default=True, validator=_check)
    """Blind misère may be bid (only as a player's first call of the hand)."""
    sans_kitty: bool = attrs.field(default=True, validator=_check)
    """Trick bids may be made sans kitty (``7H-SK``)."""
    misere_needs_seven: bool = attrs.field(default=True, validator=_check)
    """Closed misère only while the standing bid is at the 7 level."""
    misere_by_value: bool = attrs.field(default=False, validator=_check)
    """Closed misère ranks between 8S and 8C instead of between 7NT and 8S."""
    open_misere_top: bool = attrs.field(default=False, validator=_check)
    """Open misère ranks above 10NT instead of between 10D and 10H."""
    misere_value: int = attrs.field(default=250, validator=_check)
    """Score of a closed misère."""
    open_misere_value: int = attrs.field(default=500, validator=_check)
    """Score of an open misère."""
    blind_misere_value: int = attrs.field(default=500, validator=_check)
    """Score of a blind misère."""

    single_round_auction: bool = attrs.field(default=False, validator=_check)
    """American auction: each player calls once, dealer last, the highest bid wins."""
    raise_after_all_pass: bool = attrs.field(default=False, validator=_check)
    """The winning bidder may raise once after all others have passed."""
    redeal_same_dealer: bool = attrs.field(default=False, validator=_check)
    """After a throw-in the same dealer deals again (instead of the next player)."""

    joker_nomination: bool = attrs.field(default=True, validator=_check)
    """The contractor of NT or misère who holds the Joker may nominate its suit."""
    joker_follows_only_when_void: bool = attrs.field(default=True, validator=_check)
    """Without trumps, the Joker may follow only a player void in the suit led."""
    joker_lead_suit: JokerLeadSuit = attrs.field(
        default=JokerLeadSuit.NOT_LED_BEFORE, validator=_check
    )
    """Which suit the leader of an un-nominated Joker may name."""
    joker_last_trick_once_all_suits_led: bool = attrs.field(
        default=True, validator=_check
    )
    """Once all four suits have been led, the Joker may be played only in the last trick."""
    joker_lead_only_last_trick: bool = attrs.field(default=False, validator=_check)
    """The un-nominated Joker may be led only in the last trick."""
    misere_joker_forced_when_void: bool = attrs.field(default=True, validator=_check)
    """In misère, a player void in the suit led who holds the Joker must play it."""
    open_misere_exposed_before_lead: bool = attrs.field(default=False, validator=_check)
    """The open-misère hand is shown before the opening lead, not after the first trick."""

    slam_bonus: bool = attrs.field(default=True, validator=_check)
    """All ten tricks on a contract worth less than 250 score 250."""
    defender_trick_points: int = attrs.field(default=10, validator=_check)
    """Points per trick for each defending side (0 turns them off)."""
    defender_cap: int | None = attrs.field(default=None, validator=_check)
    """Defenders' trick points take a side at most up to this total (490 or 480)."""
    defender_points_only_when_set: bool = attrs.field(default=False, validator=_check)
    """Defenders score their tricks only when the contract fails (not when it is made)."""
    win_requires_contract: bool = attrs.field(default=True, validator=_check)
    """A side wins only by reaching the target as the result of making a contract."""
    target: int = attrs.field(default=500, validator=_check)
    """Winning total."""
    losing_score: int = attrs.field(default=-500, validator=_check)
    """A side at or below this total loses ("out backwards")."""

    five_player_partner: bool = attrs.field(default=True, validator=_check)
    """Five players: the contractor of a trick bid may call a partner card."""

    scoring_table: ScoringTable = attrs.field(default=AVONDALE, validator=_check)
    """The value of every trick bid."""

    __signature__: ClassVar[inspect.Signature]
    """The options as keyword arguments (``__init__``'s; set below the class)."""

    def __new__(cls, *args: object, **options: object) -> Self:
        """Refuse positional and unknown arguments with the library's error.

        Every argument of the ``__init__`` attrs writes is a keyword: the others are
        refused here, before that ``__init__`` would raise a bare ``TypeError``.
        """
        if args:
            msg = (
                f"invalid Rules arguments: options are keywords "
                f"(Rules(players=4, ...)); got {len(args)} positional"
            )
            raise RulesConfigError(msg)
        unknown = [name for name in options if name not in _OPTION_NAMES]
        if unknown:
            names = ", ".join(repr(name) for name in unknown)
            msg = f"invalid Rules arguments: unexpected keyword argument(s) {names}"
            raise RulesConfigError(msg)
        return super().__new__(cls)

    def __attrs_post_init__(self) -> None:
        problems = list(self._problems())
        if problems:
            raise RulesConfigError("; ".join(problems))

    def _problems(self) -> "list[str]":
        found = []
        if self.players not in _PLAYERS_RANGE:
            found.append(f"players must be 2 to 6 (got players={self.players})")
        if self.six_player_sides not in (2, 3):
            found.append(
                f"six_player_sides must be 2 or 3 (got {self.six_player_sides})"
            )
        elif self.six_player_sides == 3 and self.players != 6:
            found.append(
                f"six_player_sides=3 needs players=6 (got players={self.players})"
            )
        if self.target <= 0:
            found.append(f"target must be positive (got target={self.target})")
        if self.losing_score >= 0:
            found.append(
                f"losing_score must be negative (got losing_score={self.losing_score})"
            )
        if self.defender_cap is not None and not 0 < self.defender_cap < self.target:
            found.append(
                f"defender_cap must be positive and below the target {self.target} "
                f"(got defender_cap={self.defender_cap})"
            )
        if self.defender_trick_points < 0:
            found.append(
                f"defender_trick_points must not be negative (got {self.defender_trick_points})"
            )
        found.extend(
            f"{name} must be positive (got {getattr(self, name)})"
            for name in ("misere_value", "open_misere_value", "blind_misere_value")
            if getattr(self, name) <= 0
        )
        if self.single_round_auction and self.raise_after_all_pass:
            found.append(
                "raise_after_all_pass needs the Australian auction "
                "(single_round_auction=False): in a single round nobody raises"
            )
        return found

    # -- derived facts -------------------------------------------------------------

    @property
    def sides(self) -> int:
        """The number of sides (teams, or players playing alone)."""
        if self.players == 4:
            return 2
        if self.players == 6:
            return self.six_player_sides
        return self.players

    @property
    def seats(self) -> int:
        """The number of seats that receive a live hand (the same as ``players``)."""
        return self.players

    @property
    def partnerships(self) -> bool:
        """Whether sides are fixed teams of more than one player (4 and 6 players)."""
        return self.sides < self.players

    # -- as data ----------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Every option as JSON-ready data (lobby settings, a saved game).

        Booleans and numbers as they are; ``joker_lead_suit`` by its value
        (``"not_led_before"``, ...); ``scoring_table`` by name (``"avondale"``,
        ``"perfect"``) or as ``{"name": ..., "values": [5 rows of 5 numbers]}``.
        :meth:`from_dict` reads it back to an equal value.

        >>> Rules.from_dict(Rules(players=3).to_dict()) == Rules(players=3)
        True
        """
        data: dict[str, Any] = {}
        for field in attrs.fields(Rules):
            value = getattr(self, field.name)
            if isinstance(value, JokerLeadSuit):
                value = value.value
            elif isinstance(value, ScoringTable):
                value = _table_data(value)
            data[field.name] = value
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """The rules of :meth:`to_dict`'s data; missing options take their default.

        Raises:
            RulesConfigError: naming the key, for an unknown option or a value of the
                wrong type, and for an inconsistent combination.

        >>> Rules.from_dict({"players": 5, "slam_bonus": False}).sides
        5
        >>> Rules.from_dict({"player": 5})
        Traceback (most recent call last):
        ...
        five_hundred.errors.RulesConfigError: unknown Rules option 'player' (options: players, six_player_sides, misere, ...)
        """
        if not isinstance(cast(object, data), Mapping):
            msg = f"Rules.from_dict needs a mapping of options; got {quote(data)}"
            raise RulesConfigError(msg)
        names = [field.name for field in attrs.fields(Rules)]
        options: dict[str, Any] = {}
        for key, value in data.items():
            if key not in names:
                shown = ", ".join(names[:3])
                msg = f"unknown Rules option {quote(key)} (options: {shown}, ...)"
                raise RulesConfigError(msg)
            if key == "joker_lead_suit":
                choices = [choice.value for choice in JokerLeadSuit]
                if value not in choices:
                    msg = f"Rules.joker_lead_suit must be one of {', '.join(choices)}; got {quote(value)}"
                    raise RulesConfigError(msg)
                value = JokerLeadSuit(value)
            elif key == "scoring_table":
                value = _table_from_data(value)
            options[key] = value
        return cls(**options)

    # -- presets ----------------------------------------------------------------

    @classmethod
    def standard(cls) -> Self:
        """The standard Australian four-player game (the same as ``Rules()``)."""
        return cls()

    @classmethod
    def american(cls, **changes: Any) -> Self:
        """The American game: one round of bidding, dealer last.

        Misère (nullo) ranks by its value, trick points may win the game, and the
        Australian extras (open and blind misère, sans kitty) are off.
        """
        options: dict[str, Any] = {
            "single_round_auction": True,
            "misere_by_value": True,
            "misere_needs_seven": False,
            "open_misere": False,
            "blind_misere": False,
            "sans_kitty": False,
            "win_requires_contract": False,
        }
        return cls(**(options | changes))

    @classmethod
    def for_players(cls, players: int, **changes: Any) -> Self:
        """The standard game for ``players`` players (:ref:`rules-player-counts`)."""
        return cls(**({"players": players} | changes))

    @classmethod
    def two_player(cls, **changes: Any) -> Self:
        """Two players: 33 cards, a dead third hand, each plays alone."""
        return cls.for_players(2, **changes)

    @classmethod
    def three_player(cls, **changes: Any) -> Self:
        """Three players: 33 cards, each plays alone."""
        return cls.for_players(3, **changes)

    @classmethod
    def five_player(cls, **changes: Any) -> Self:
        """Five players: 53 cards, a called partner, individual scores."""
        return cls.for_players(5, **changes)

    @classmethod
    def six_player(cls, **changes: Any) -> Self:
        """Six players: 63 cards, two sides of three seated alternately."""
        return cls.for_players(6, **changes)

    @classmethod
    def six_player_three_sides(cls, **changes: Any) -> Self:
        """Six players: 63 cards, three sides of two, partners opposite."""
        return cls.for_players(6, **({"six_player_sides": 3} | changes))

    def replace(self, **changes: Any) -> Self:
        """A copy with some fields changed (checked like a new value).

        Raises:
            RulesConfigError: for an unknown field or an inconsistent result.
        """
        unknown = sorted(set(changes) - _OPTION_NAMES)
        if unknown:
            msg = f"unknown Rules option(s): {', '.join(unknown)}"
            raise RulesConfigError(msg)
        return attrs.evolve(self, **changes)


_OPTION_NAMES: Final = frozenset(field.name for field in attrs.fields(Rules))
"""The names of the options (the keyword arguments of :class:`Rules`)."""

# help(Rules), Sphinx and Hypothesis's st.builds read the signature of __new__ where a
# class defines one: give them __init__'s, the options (PEP 362's __signature__).
_INIT_SIGNATURE: Final = inspect.signature(Rules.__init__)
Rules.__signature__ = _INIT_SIGNATURE.replace(
    parameters=list(_INIT_SIGNATURE.parameters.values())[1:]  # all but ``self``
)


def side_of(rules: Rules, seat: int) -> int:
    """The side (team) a seat plays for.

    Four players and six in two sides sit alternately (side ``seat % 2``); six in three
    sides have partners opposite (side ``seat % 3``); otherwise each seat is its own side.

    >>> [side_of(Rules(), seat) for seat in range(4)]
    [0, 1, 0, 1]
    >>> [side_of(Rules.six_player_three_sides(), seat) for seat in range(6)]
    [0, 1, 2, 0, 1, 2]

    Raises:
        InvalidStateError: if ``seat`` is not a seat of the rules.
    """
    if not isinstance(cast(object, rules), Rules):
        wrong_type(rules, "a Rules value")
    if type(cast(object, seat)) is not int or not 0 <= seat < rules.players:
        msg = f"invalid seat {short_repr(seat)}: seats are 0 to {rules.players - 1}"
        raise InvalidStateError(msg)
    return seat % rules.sides


def seats_of(rules: Rules, side: int) -> tuple[int, ...]:
    """The seats that play for ``side``, lowest first: the seats :func:`side_of` puts there.

    >>> seats_of(Rules(), 1)
    (1, 3)
    >>> seats_of(Rules.six_player_three_sides(), 2)
    (2, 5)
    >>> seats_of(Rules.five_player(), 4)
    (4,)

    Raises:
        InvalidStateError: if ``side`` is not a side of the rules.
        TypeError: if ``rules`` is not a ``Rules``.
    """
    if not isinstance(cast(object, rules), Rules):
        wrong_type(rules, "a Rules value")
    if type(cast(object, side)) is not int or not 0 <= side < rules.sides:
        msg = f"invalid side {short_repr(side)}: sides are 0 to {rules.sides - 1}"
        raise InvalidStateError(msg)
    return tuple(seat for seat in range(rules.players) if side_of(rules, seat) == side)
