"""Five Hundred as a PettingZoo AEC environment (agent-environment cycle).

Needs ``pip install 'five-hundred[pettingzoo]'``.  :func:`env` returns the environment
wrapped the usual way (an out-of-bounds action fails an assertion; calls out of order
are refused); :class:`raw_env` is the class itself:

>>> from five_hundred.integrations.pettingzoo import env
>>> table = env(players=4, render_mode="ansi")
>>> table.reset(seed=1)
>>> table.agent_selection, table.possible_agents[:2]
('player_1', ['player_0', 'player_1'])
>>> observation, reward, termination, truncation, info = table.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((1246,), 53)
>>> table.step(16)  # 7H: see five_hundred.integrations.encoding for the ids
>>> print(table.render().splitlines()[0])
Seat 2 (side 0), hand 1, dealer 0: bidding, seat 2 to act

Agents are ``player_0`` to ``player_{n-1}`` (the seats).  An observation is a dict:
``observation``, the float32 vector of
:class:`~five_hundred.integrations.encoding.Encoder` (the same as the OpenSpiel
game's observation tensor), and ``action_mask``, an int8 vector over the 259 action ids
(zeros for an agent not to act).  Each agent's reward at the end of a hand is its
side's score for the hand.  An illegal id raises
:class:`~five_hundred.errors.IllegalActionError` and leaves the environment as it was,
unless ``illegal_reward`` is given: then the usual ``TerminateIllegalWrapper`` ends the
episode with that reward for the offender.
"""

import secrets
from typing import Any, Final, cast

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from five_hundred._checks import check_seed
from five_hundred.dealing import SplitMix64
from five_hundred.integrations.encoding import NUM_ACTIONS, Encoder, Table
from five_hundred.rules import Rules, side_of
from five_hundred.state import Phase, new_game, next_hand

__all__ = ["env", "raw_env"]

_LOOSE: Final = ("scores", "hand_result")
"""Parts of the vector that are not between 0 and 1: scores over the target."""


def env(**kwargs: Any) -> AECEnv:
    """The environment, wrapped as PettingZoo's classic games are.

    Takes the keyword arguments of :class:`raw_env`, and ``illegal_reward``: if given,
    an illegal action ends the episode with that reward for the agent that made it
    (PettingZoo's ``TerminateIllegalWrapper``) instead of raising.
    """
    illegal_reward = kwargs.pop("illegal_reward", None)
    wrapped: AECEnv = raw_env(**kwargs)
    if illegal_reward is not None:
        wrapped = wrappers.TerminateIllegalWrapper(
            wrapped, illegal_reward=illegal_reward
        )
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801 (PettingZoo's name)
    """Five Hundred for ``players`` agents (2 to 6), one hand an episode by default.

    Args:
        players: the number of players.
        rules: the :class:`~five_hundred.rules.Rules` (default: the standard game for
            ``players``); give one or the other.
        whole_game: deal hand after hand until the game is over (rewards at the end of
            each hand), instead of one hand.
        max_cycles: truncate the episode after this many steps (default: never).
        render_mode: ``"ansi"`` (:meth:`render` returns the text of the view of the
            agent to act) or ``None``.

    Raises:
        ValueError: for bad arguments (the library's
            :class:`~five_hundred.errors.RulesConfigError` for bad rules).
    """

    metadata: Final = {
        "render_modes": ["ansi"],
        "name": "five_hundred_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 4,
        *,
        rules: Rules | None = None,
        whole_game: bool = False,
        max_cycles: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if rules is None:
            rules = Rules.for_players(players)
        elif rules.players != players and players != 4:
            msg = f"players={players} and rules for {rules.players} players disagree"
            raise ValueError(msg)
        if render_mode not in (None, "ansi"):
            msg = f"render_mode must be 'ansi' or None; got {render_mode!r}"
            raise ValueError(msg)
        if max_cycles is not None and max_cycles < 1:
            msg = f"max_cycles must be at least 1; got {max_cycles}"
            raise ValueError(msg)
        self.rules = rules
        self.whole_game = whole_game
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.encoder = Encoder(rules)
        self.possible_agents = [f"player_{seat}" for seat in range(rules.players)]
        self.agents: list[str] = []
        low = np.zeros(self.encoder.size, np.float32)
        high = np.ones(self.encoder.size, np.float32)
        for name, shape in self.encoder.pieces:
            if name in _LOOSE or name == "hand_sizes":
                start = self.encoder.offset(name)
                part = slice(start, start + int(np.prod(shape)))
                low[part] = -np.inf if name in _LOOSE else 0.0
                high[part] = np.inf if name in _LOOSE else 2.0
        space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(low, high, dtype=np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {
            agent: gymnasium.spaces.Discrete(NUM_ACTIONS)
            for agent in self.possible_agents
        }
        self.table: Table | None = None
        self._seeds: SplitMix64 | None = None
        self._steps = 0

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space of every agent (a ``Dict``)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The action space of every agent: ``Discrete(259)``."""
        return self.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> None:
        """Deal a new game (seeded: the same seed gives the same deals).

        Raises:
            InvalidStateError: if ``seed`` is not a whole number (``None``: drawn).
        """
        if seed is not None:
            given: object = seed  # (a NumPy integer is taken as its int)
            self._seeds = SplitMix64(
                check_seed(int(given) if isinstance(given, np.integer) else given)
            )
        game_seed = (
            secrets.randbits(64) if self._seeds is None else self._seeds.next64()
        )
        self.table = Table(new_game(self.rules, seed=game_seed))
        self._steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        assert self.table is not None
        seat = self.table.to_act
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        elif self.agents:
            self.agent_selection = self.agents[0]

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """What ``agent`` knows, and (when it is to act) its legal ids."""
        table = self.table
        assert table is not None, "reset() the environment first"
        seat = self._seat(agent)
        to_act = table.to_act == seat
        vector = self.encoder.encode(table.view(seat), table.picks if to_act else ())
        mask = table.mask() if to_act else np.zeros(NUM_ACTIONS, np.int8)
        return {"observation": vector, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action id (``None`` once it is done).

        Raises:
            IllegalActionError: for an id that is not legal now (nothing changes).
            TypeError: for an id that is not a whole number (``"53"``, ``1.5``).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        assert table is not None, "reset() the environment first"
        next_seat = table.step(cast(int, action))  # (checked: a str, a float, None)
        self._steps += 1
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if next_seat is None:
            state = table.state
            result = state.hand_result or (0,) * self.rules.sides
            for seat, each in enumerate(self.possible_agents):
                self.rewards[each] = float(result[side_of(self.rules, seat)])
            if self.whole_game and state.phase is Phase.HAND_OVER:
                self.table = Table(next_hand(state))
            else:
                self.terminations = dict.fromkeys(self.agents, True)
        if self.max_cycles is not None and self._steps >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._select()

    def render(self) -> str | None:
        """The text of the view of the agent to act (``render_mode="ansi"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs render_mode='ansi'")
            return None
        table = self.table
        if table is None:
            return "Not dealt yet: call reset()"
        seat = table.state.to_act
        return str(
            table.view(self._seat(self.agent_selection) if seat is None else seat)
        )

    def close(self) -> None:
        """Nothing to release."""
