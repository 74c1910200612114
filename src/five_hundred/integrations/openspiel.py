"""Five Hundred as an OpenSpiel game: ``python_five_hundred``.

Importing this module registers the game with ``pyspiel.register_game`` (it needs
``pip install 'five-hundred[openspiel]'``):

>>> import pyspiel
>>> import five_hundred.integrations.openspiel
>>> game = pyspiel.load_game("python_five_hundred", {"players": 3})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(3, 259, 65)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 33)

The game parameters are ``players`` (2 to 6), every whole-number and yes/no option of
:class:`~five_hundred.rules.Rules` under its own name (``misere``, ``sans_kitty``,
``target``, ...), ``joker_lead_suit`` and ``scoring_table`` by name, ``defender_cap``
(0 for none), ``dealer`` (of the first hand), and ``whole_game``: false (the default)
plays one hand and returns each player's side's score for it; true deals hand after
hand until the game is over (or ``max_hands`` hands) and returns each side's total.

The deal is a run of chance nodes, one per card of the pack: outcome ``k`` puts the
card of code ``k`` at the next place of the pack, which is then dealt as
:func:`~five_hundred.dealing.deal` deals it from dealer 0's left (every order of the
pack is equally likely, so every deal is).  The player actions are the fixed ids of
:mod:`five_hundred.integrations.encoding`, with the sequential three-card discard.

A state's text, :meth:`FiveHundredState.serialize`, is its history: the ids of every
chance outcome and action taken, in order, one per line (the empty text is the state
before the deal).  :meth:`FiveHundredGame.deserialize_state` reads such a text back by
replaying it on a new state of the game, each line checked as it is applied (a line
that is not a number or an action that is not legal is a ``pyspiel.SpielError``
naming it); it never unpickles anything.  OpenSpiel's own
``pyspiel.serialize_game_and_state`` stores a Python game's state pickled (with this
state's history as its only content): only give ``pyspiel.deserialize_game_and_state``
text you wrote yourself.
"""

import random
import re
from collections.abc import Callable
from typing import Any, Final

import attrs
import numpy as np
import pyspiel

from five_hundred._engine.adapter import play_listing
from five_hundred._engine.codes import PICK_CODE
from five_hundred.bidding import bid_ladder, bid_value
from five_hundred.cards import CARDS_BY_CODE, card_code
from five_hundred.dealing import deal, deal_order, pack
from five_hundred.errors import FiveHundredError, quote
from five_hundred.integrations.encoding import (
    _PLAY_ACTIONS,
    _PLAY_TABLE,
    CARDS,
    NUM_ACTIONS,
    Encoder,
    Table,
    action_ids,
    describe,
)
from five_hundred.rules import AVONDALE, PERFECT, JokerLeadSuit, Rules, side_of
from five_hundred.search.resample import resample
from five_hundred.state import GameState, Phase, new_hand, next_hand

__all__ = ["GAME_TYPE", "FiveHundredGame", "FiveHundredState", "rules_from_params"]

_TABLES: Final = {"avondale": AVONDALE, "perfect": PERFECT}
_RULE_FIELDS: Final = tuple(
    field
    for field in attrs.fields(Rules)
    if isinstance(field.default, bool | int) and field.name != "players"
)
PARAMETERS: Final[dict[str, Any]] = {
    "players": 4,
    **{field.name: field.default for field in _RULE_FIELDS},
    "joker_lead_suit": Rules().joker_lead_suit.value,
    "scoring_table": "avondale",
    "defender_cap": 0,
    "dealer": 0,
    "whole_game": False,
    "max_hands": 100,
}
"""The game parameters and their defaults (the standard four-player game, one hand)."""

GAME_TYPE: Final = pyspiel.GameType(
    short_name="python_five_hundred",
    long_name="Python Five Hundred",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=PARAMETERS,
)
"""The OpenSpiel game type of ``python_five_hundred``."""


def rules_from_params(params: dict[str, Any]) -> Rules:
    """The :class:`~five_hundred.rules.Rules` of a set of game parameters.

    Raises:
        pyspiel.SpielError: with the library's message, for an unknown parameter or
            rules that are not valid.
    """
    unknown = sorted(set(params) - set(PARAMETERS))
    if unknown:
        msg = f"unknown parameter(s) of python_five_hundred: {', '.join(unknown)}"
        raise pyspiel.SpielError(msg)
    values = PARAMETERS | dict(params)
    options = {field.name: values[field.name] for field in _RULE_FIELDS}
    try:
        table = _TABLES[values["scoring_table"]]
        lead = JokerLeadSuit(values["joker_lead_suit"])
    except (KeyError, ValueError):
        msg = (
            f"scoring_table must be one of {', '.join(_TABLES)} and joker_lead_suit one "
            f"of {', '.join(s.value for s in JokerLeadSuit)}; got "
            f"{values['scoring_table']!r}, {values['joker_lead_suit']!r}"
        )
        raise pyspiel.SpielError(msg) from None
    try:
        return Rules(
            players=values["players"],
            joker_lead_suit=lead,
            scoring_table=table,
            defender_cap=values["defender_cap"] or None,
            **options,
        )
    except FiveHundredError as error:
        raise pyspiel.SpielError(str(error)) from None


def _biggest_swing(rules: Rules) -> int:
    """The most a side can win or lose in one hand."""
    values = [bid_value(bid, rules) for bid in bid_ladder(rules)]
    return max(*values, 250, 10 * rules.defender_trick_points)


@attrs.frozen
class Setup:
    """What a game's parameters mean: the rules, the mode and the pack."""

    rules: Rules
    whole_game: bool
    max_hands: int
    first_dealer: int
    pack_codes: tuple[int, ...]

    @classmethod
    def of(cls, params: dict[str, Any]) -> "Setup":
        """The setup of a set of game parameters (checked: ``pyspiel.SpielError``)."""
        key = tuple(sorted(params.items()))
        found = _SETUPS.get(key)
        if found is None:
            found = _SETUPS[key] = cls._build(params)
        return found

    @classmethod
    def _build(cls, params: dict[str, Any]) -> "Setup":
        rules = rules_from_params(params)
        values = PARAMETERS | params
        whole_game = bool(values["whole_game"])
        dealer, hands = values["dealer"], values["max_hands"]
        if (
            type(dealer) is not int
            or not 0 <= dealer < rules.players
            or type(hands) is not int
            or hands < 1
        ):
            msg = (
                f"dealer must be a seat (0 to {rules.players - 1}) and max_hands a "
                f"whole number at least 1; got {dealer!r}, {hands!r}"
            )
            raise pyspiel.SpielError(msg)
        max_hands = hands if whole_game else 1
        codes = tuple(sorted(map(card_code, pack(rules))))
        return cls(rules, whole_game, max_hands, dealer, codes)


_SETUPS: Final[dict[tuple[tuple[str, Any], ...], Setup]] = {}


class FiveHundredGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game; build it with ``pyspiel.load_game("python_five_hundred")``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        setup = Setup.of(params)
        rules = setup.rules
        swing = _biggest_swing(rules)
        calls = len(bid_ladder(rules)) + rules.players + 1
        per_hand = calls + 3 + 2 + 10 * rules.players
        if setup.whole_game:
            low = float(rules.losing_score - swing)
            high = float(setup.max_hands * swing)
        else:
            low, high = float(-swing), float(swing)
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=CARDS,
            num_players=rules.players,
            min_utility=low,
            max_utility=high,
            max_game_length=per_hand * setup.max_hands,
        )
        super().__init__(GAME_TYPE, info, params)
        self.rules = rules
        """The rules of the game."""

    def __deepcopy__(self, memo: dict[int, object]) -> "FiveHundredGame":
        return self  # immutable: a copied state shares its game

    def deserialize_state(self, text: str) -> "FiveHundredState":
        """The state whose :meth:`FiveHundredState.serialize` is ``text``.

        The history is replayed on a new state, each id checked as it is applied.

        Raises:
            pyspiel.SpielError: naming the line, for a line that is not an id, an id
                that is not legal where it comes, or more lines than a game holds.
            TypeError: if ``text`` is not a ``str``.
        """
        setup = Setup.of(self.get_parameters())
        return _replayed(self, _history_of(text, _most_steps(setup)))

    def new_initial_state(self) -> "FiveHundredState":
        """The state before the first card is dealt."""
        return FiveHundredState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> "FiveHundredObserver":
        """The observer of information states (perfect recall) or observations."""
        if params:
            msg = f"python_five_hundred observers take no parameters; got {params}"
            raise ValueError(msg)
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return FiveHundredObserver(self, perfect_recall=recall)


_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)


class _Now:
    """What a :class:`FiveHundredState` holds, in slots of a plain object.

    A pybind11 object's own attributes are read through its instance dictionary
    (about 500 instructions a read: Python's attribute caches do not apply), so the
    state keeps this one box, and the methods called at every step read the box's
    slots.  OpenSpiel copies a Python state's dictionary with ``copy.deepcopy`` (a
    state's ``clone``): :meth:`__deepcopy__` copies the table.
    """

    __slots__ = ("dealing", "game", "hand_start", "hands_done", "player", "table")

    def __init__(self, game: Setup) -> None:
        self.game = game
        self.table: Table | None = None
        self.dealing: list[int] = []
        self.hands_done = 0
        self.hand_start = 0
        self.player = _CHANCE

    def __reduce__(self) -> tuple[Any, ...]:
        msg = "a box is pickled through its state (FiveHundredState.__dict__)"
        raise TypeError(msg)

    def __deepcopy__(self, memo: dict[int, object]) -> "_Now":
        twin = _Now.__new__(_Now)
        twin.game, twin.player = self.game, self.player
        twin.table = None if self.table is None else self.table.copy()
        twin.dealing = list(self.dealing)
        twin.hands_done, twin.hand_start = self.hands_done, self.hand_start
        return twin


class FiveHundredState(pyspiel.State):  # type: ignore[misc]
    """A state of ``python_five_hundred``: the deal so far, or a table in play."""

    # The box sits in a slot, which the per-step methods read.  OpenSpiel copies a
    # Python state through its ``__dict__`` (``clone``: each entry set on the new
    # state, deep-copied; ``serialize`` and pickling: the entries pickled, then set
    # again): the state has no instance dictionary, and ``__dict__`` is a property
    # that gives ``{"box": ...}`` and sets the box from such a dictionary.  Without an
    # instance dictionary, Python specialises the calls of the state's methods (with
    # one, each call looked the method's name up in that dictionary first).
    __slots__ = ("_now",)

    def __init__(self, game: FiveHundredGame) -> None:
        super().__init__(game)
        # From the parameters, not the game object's attributes: a state may be handed
        # a new Python wrapper of the same C++ game (after deserialization).
        self.box = _Now(Setup.of(game.get_parameters()))

    @property
    def box(self) -> _Now:
        """What the state holds (the slot's box)."""
        return self._now

    @box.setter
    def box(self, now: _Now) -> None:
        self._now = now

    @property  # (in place of the instance dictionary)
    def __dict__(self) -> dict[str, Any]:
        """What OpenSpiel copies and pickles: ``{"box": ...}``.

        OpenSpiel's ``clone`` deep-copies it (the box, copied), and its
        serialization pickles it: the box is then pickled as the game's parameters
        and the state's history, replayed when it is read back (no cached data).
        """
        return {"box": _Saved(self)}

    @__dict__.setter
    def __dict__(self, values: dict[str, Any]) -> None:
        self.box = values["box"]

    def serialize(self) -> str:
        """The state as text: its history, one id a line (see the module).

        Read back with :meth:`FiveHundredGame.deserialize_state`; the same history
        always gives the same text.
        """
        return "\n".join(map(str, self.history()))

    def __reduce__(self) -> tuple[Any, ...]:
        # Python's pickle: the game's parameters and the text (never the box).
        return _unpickled, (_parameters(self.get_game()), self.serialize())

    @property
    def setup(self) -> Setup:
        """What the game's parameters mean (read from the parameters themselves)."""
        return self._now.game

    @property
    def table(self) -> Table | None:
        """The game once dealt (``None`` while the pack is being dealt)."""
        return self._now.table

    @property
    def dealing(self) -> list[int]:
        """The codes dealt so far in this hand's pack."""
        return self._now.dealing

    @property
    def hands_done(self) -> int:
        """Hands finished so far."""
        return self._now.hands_done

    @property
    def hand_start(self) -> int:
        """The length of the history when this hand's deal began."""
        return self._now.hand_start

    # -- the pyspiel.State interface ------------------------------------------------
    #
    # OpenSpiel's C++ side calls back into Python for each of these (some 2 us a
    # call); the methods a Python caller uses at every step (``current_player``,
    # ``is_terminal``, ``is_chance_node``, ``legal_actions``) are defined here too, so
    # that they are plain Python calls reading the cached seat to act.

    @staticmethod
    def _refresh(now: _Now) -> None:
        """Cache the player to act after a change (the one home of that answer)."""
        table = now.table
        if table is None:
            now.player = _CHANCE
            return
        seat = table.to_act
        if seat is not None:
            now.player = seat
        elif _finished(now):
            now.player = _TERMINAL
        else:
            now.player = _CHANCE

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` while dealing, ``TERMINAL`` at the end."""
        return self._now.player

    def is_terminal(self) -> bool:
        """Whether the hand (or the whole game) is over."""
        return self._now.player == _TERMINAL

    def is_chance_node(self) -> bool:
        """Whether a card of the pack is to be dealt."""
        return self._now.player == _CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions (of ``player``): OpenSpiel's ``legal_actions``."""
        now = self._now
        current = now.player
        table = now.table  # there once the cards are dealt, when a player acts
        if current >= 0 and table is not None and (player is None or player == current):
            ids = table._ids  # (Table.legal's cache, read without its frame)
            return list(table.legal() if ids is None else ids)
        if player is None:
            return list(super().legal_actions())
        return list(super().legal_actions(player))

    def _legal_actions(self, player: int) -> list[int]:
        table = self._now.table
        assert table is not None
        return list(table.legal())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not yet dealt, each equally likely."""
        left = sorted(self.game_pack_left())
        chance = 1.0 / len(left)
        return [(code, chance) for code in left]

    def _apply_action(self, action: int) -> None:
        now = self._now
        if now.player == _TERMINAL:
            msg = f"action {action}: the game is over (no action can be applied)"
            raise pyspiel.SpielError(msg)
        if now.player >= 0:
            table = now.table
            assert table is not None  # a player acts only once the cards are dealt
            # Table.step, inline (a card play within the hand is the most frequent
            # step, and a frame costs more than the step's own Python): the engine's
            # (record, seat to act, its ids) unpacked straight into the table.
            played = play_listing(table._record, action, _PLAY_ACTIONS, _PLAY_TABLE)
            if played is not None:
                after, seat, ids = played
                if seat is not None:
                    table._record, table._ids = after, ids
                    table._state = None
                    now.player = seat
                    return
            try:
                if played is None:
                    seat = table._other_step(action)
                else:  # the hand's last card: the state scores it
                    table._hand_over(action)
                    seat = None
            except FiveHundredError as error:
                raise pyspiel.SpielError(str(error)) from None
            if seat is None:
                now.hands_done += 1
                self._refresh(now)
            else:
                now.player = seat
            return
        if action not in self.game_pack_left():
            msg = f"chance outcome {action} is not a card left to deal"
            raise pyspiel.SpielError(msg)
        if not now.dealing:
            now.hand_start = len(self.history())
        now.dealing.append(action)
        if len(now.dealing) == len(now.game.pack_codes):
            _deal(now)
            self._refresh(now)

    def game_pack_left(self) -> set[int]:
        """The codes of the cards still to deal in this hand."""
        now = self._now
        return set(now.game.pack_codes) - set(now.dealing)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"Deal {CARDS_BY_CODE[action]}"
        return describe(action)

    def returns(self) -> list[float]:
        """Each player's side's score for the hand (whole game: its total)."""
        now = self._now
        table = now.table
        players = now.game.rules.players
        if table is None or not _finished(now):
            return [0.0] * players
        state = table.state
        points = state.scores if now.game.whole_game else state.hand_result
        if points is None:
            return [0.0] * players
        return [float(points[side_of(state.rules, seat)]) for seat in range(players)]

    def __str__(self) -> str:
        table = self.table
        if table is None:
            pack = self._now.game.pack_codes
            return f"Dealing: {len(self.dealing)} of {len(pack)} cards"
        state = table.state
        lines = [
            repr(state),
            *(f"Seat {s}: {' '.join(map(str, h))}" for s, h in enumerate(state.hands)),
        ]
        lines.append("Actions: " + " ".join(map(str, state.actions)))
        if table.picks:
            lines.append(
                "Picked: " + " ".join(str(CARDS_BY_CODE[c]) for c in table.picks)
            )
        if self.dealing:
            lines.append(f"Dealing the next hand: {len(self.dealing)} cards")
        return "\n".join(lines)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> "FiveHundredState":
        """A state drawn from those ``player_id`` cannot tell from this one.

        The hidden cards are guessed by :func:`~five_hundred.search.resample.resample`
        (seeded from ``probability_sampler``); the result replays this game's history
        up to this hand's deal, then the guessed deal and the hand's actions.
        """
        table = self.table
        if table is None or self.dealing:
            # Nothing of this hand's deal is known to anyone yet: any deal will do,
            # and the undealt rest of the pack is chance's.
            twin: FiveHundredState = self.clone()
            return twin
        seed = int(probability_sampler() * (1 << 53))
        guess = resample(table.view(player_id), random.Random(seed))
        rules = self._now.game.rules
        ids = [*self.history()[: self.hand_start], *_pack_ids(rules, guess)]
        for action in guess.actions:
            ids.extend(action_ids(action))
        ids.extend(PICK_CODE + code for code in table.picks)
        state: FiveHundredState = self.get_game().new_initial_state()
        for action_id in ids:
            state.apply_action(action_id)
        return state


class _Saved:
    """A state's box as OpenSpiel copies and pickles it (see ``__dict__``)."""

    __slots__ = ("state",)

    def __init__(self, state: FiveHundredState) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, object]) -> _Now:
        return self.state.box.__deepcopy__(memo)

    def __reduce__(self) -> tuple[Any, ...]:
        state = self.state
        return _box_of, (_parameters(state.get_game()), tuple(state.history()))


def _parameters(game: Any) -> tuple[tuple[str, Any], ...]:
    """A game's parameters in a canonical order (what rebuilds it)."""
    return tuple(sorted(game.get_parameters().items()))


def _loaded(params: tuple[tuple[str, Any], ...]) -> FiveHundredGame:
    game: FiveHundredGame = pyspiel.load_game(GAME_TYPE.short_name, dict(params))
    return game


def _box_of(params: tuple[tuple[str, Any], ...], history: tuple[int, ...]) -> _Now:
    """The box of the state of ``history`` (OpenSpiel's serialization, read back)."""
    game = _loaded(params)
    setup = Setup.of(game.get_parameters())
    if len(history) > _most_steps(setup) or any(type(i) is not int for i in history):
        msg = "invalid serialized state: not a history of this game"
        raise pyspiel.SpielError(msg)
    return _replayed(game, list(history)).box


def _unpickled(params: tuple[tuple[str, Any], ...], text: str) -> FiveHundredState:
    """The state of ``text`` in the game of ``params`` (Python's pickle, read back)."""
    return _loaded(params).deserialize_state(text)


_ID_LINE: Final = re.compile(r"[0-9]{1,3}")
"""A line of a state's text: an id (OpenSpiel's ids here are below 259)."""


def _most_steps(setup: Setup) -> int:
    """The longest history of a game: every hand's deal and its longest play."""
    rules = setup.rules
    calls = len(bid_ladder(rules)) + rules.players + 1
    per_hand = len(setup.pack_codes) + calls + 3 + 2 + 10 * rules.players
    return per_hand * setup.max_hands


def _history_of(text: object, most: int) -> list[int]:
    """The ids of a state's text, each line checked (at most ``most`` of them)."""
    if not isinstance(text, str):
        msg = f"expected the text of a state (a str); got the {type(text).__name__}"
        raise TypeError(msg)
    if not text:
        return []
    if text.count("\n") >= most:
        msg = f"invalid serialized state: more than {most} ids (the longest game)"
        raise pyspiel.SpielError(msg)
    ids = []
    for number, line in enumerate(text.split("\n"), 1):
        if not _ID_LINE.fullmatch(line):
            msg = (
                f"invalid serialized state: line {number} is {quote(line)}, not an "
                "action id"
            )
            raise pyspiel.SpielError(msg)
        ids.append(int(line))
    return ids


def _replayed(game: FiveHundredGame, history: list[int]) -> "FiveHundredState":
    """A new state of ``game`` after the ids of ``history``, each checked."""
    state: FiveHundredState = game.new_initial_state()
    for number, action in enumerate(history, 1):
        try:
            state.apply_action(action)
        except pyspiel.SpielError as error:
            msg = f"invalid serialized state: line {number} ({action}): {error}"
            raise pyspiel.SpielError(msg) from None
    return state


def _finished(now: _Now) -> bool:
    """Whether the game of ``now`` is over (the hand, or in whole-game mode the game)."""
    table = now.table
    if table is None or table.to_act is not None:
        return False
    game = now.game
    return (
        not game.whole_game
        or table.state.phase is Phase.GAME_OVER
        or now.hands_done >= game.max_hands
    )


def _deal(now: _Now) -> None:
    """Deal the hand of the pack's order in ``now.dealing``: a new table."""
    game = now.game
    hands, kitty = deal(game.rules, [CARDS_BY_CODE[c] for c in now.dealing])
    now.dealing = []
    if now.table is None:
        state = new_hand(game.rules, hands, kitty, dealer=game.first_dealer)
    else:
        state = next_hand(now.table.state, hands=hands, kitty=kitty)
    now.table = Table(state)


def _pack_ids(rules: Rules, state: GameState) -> list[int]:
    """The chance outcomes that deal ``state``'s hands and kitty."""
    hands, kitty = state.dealt
    places = [list(hand) for hand in hands]
    rest = list(kitty)
    ids = []
    for seat in deal_order(rules):
        source = rest if seat is None else places[2 if seat == -1 else seat]
        ids.append(card_code(source.pop()))
    return ids


class FiveHundredObserver:
    """The observer of OpenSpiel's ``PyObserver`` protocol (``tensor``, ``dict``).

    Tensors come from :class:`~five_hundred.integrations.encoding.Encoder` over the
    player's :func:`~five_hundred.views.view`; strings are the view's text.
    """

    def __init__(self, game: FiveHundredGame, *, perfect_recall: bool) -> None:
        self.encoder = Encoder(
            Setup.of(game.get_parameters()).rules, perfect_recall=perfect_recall
        )
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict = self.encoder.views(self.tensor)

    def set_from(self, state: FiveHundredState, player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` knows of ``state``."""
        table = state.table
        if table is None:
            self.tensor.fill(0.0)
            self.dict["seat"][player] = 1.0
            return
        self.encoder.encode(table.view(player), _own_picks(table, player), self.tensor)

    def string_from(self, state: FiveHundredState, player: int) -> str:
        """What ``player`` knows of ``state``, as text (the view's text)."""
        table = state.table
        if table is None:
            return f"Seat {player}: dealing"
        text = str(table.view(player))
        picks = _own_picks(table, player)
        if picks:
            text += "\nPicked: " + " ".join(str(CARDS_BY_CODE[c]) for c in picks)
        if self.perfect_recall and state.hands_done:
            text = f"Hands done: {state.hands_done}\n" + text
        return text


def _own_picks(table: Table, player: int) -> tuple[int, ...]:
    """The discard picks, for the player making them (nobody else sees them)."""
    return table.picks if table.to_act == player else ()


pyspiel.register_game(GAME_TYPE, FiveHundredGame)
