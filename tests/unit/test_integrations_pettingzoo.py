"""The PettingZoo environment: PettingZoo's own tests, masks, seeding and bad input."""

from typing import Any

import pytest
from tests.extras import need

from five_hundred import IllegalActionError, InvalidStateError, RulesConfigError, view

np = need("numpy")
need("pettingzoo")
encoding = need("five_hundred.integrations.encoding")
NUM_ACTIONS, Encoder = encoding.NUM_ACTIONS, encoding.Encoder
pz_test = need("pettingzoo.test")
fz = need("five_hundred.integrations.pettingzoo")

# PettingZoo's checks warn about every dict observation, classic games' included.
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_api_test(players: int) -> None:
    pz_test.api_test(fz.env(players=players), num_cycles=100)


def test_api_test_whole_game() -> None:
    pz_test.api_test(fz.env(players=4, whole_game=True), num_cycles=100)


@pytest.mark.parametrize("players", [3, 5])
def test_seed_test(players: int) -> None:
    pz_test.seed_test(lambda: fz.env(players=players, whole_game=True), num_cycles=100)


def test_the_same_seed_deals_the_same_games() -> None:
    one, two = fz.env(), fz.env()
    one.reset(seed=9)
    two.reset(seed=9)
    assert one.unwrapped.table.state.hands == two.unwrapped.table.state.hands
    one.reset()
    two.reset()
    assert one.unwrapped.table.state.hands == two.unwrapped.table.state.hands
    two.reset(seed=10)
    assert one.unwrapped.table.state.hands != two.unwrapped.table.state.hands


def play_out(env: Any, rng: Any) -> dict[str, float]:
    totals: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        if termination or truncation:
            env.step(None)
        else:
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(rng.choice(legal)))
    return totals


def test_a_hand_ends_with_each_sides_score_as_reward() -> None:
    env = fz.env(players=4)
    env.reset(seed=3)
    totals = play_out(env, np.random.default_rng(3))
    state = env.unwrapped.table.state
    result = state.hand_result or (0, 0)
    assert totals == {f"player_{s}": float(result[s % 2]) for s in range(4)}


def test_observations_are_the_shared_encoding_and_masks_the_legal_ids() -> None:
    env = fz.env(players=5)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    encoder = Encoder(env.unwrapped.rules)
    for _ in range(40):
        agent = env.agent_selection
        table = env.unwrapped.table
        seat = table.state.to_act
        observation = env.observe(agent)
        assert np.array_equal(
            observation["observation"],
            encoder.encode(view(table.state, seat), table.picks),
        )
        assert list(np.flatnonzero(observation["action_mask"])) == table.legal_ids()
        other = env.observe(f"player_{(seat + 1) % 5}")
        assert not other["action_mask"].any()
        assert env.observation_space(agent).contains(observation)
        env.step(int(rng.choice(table.legal_ids())))


def test_max_cycles_truncates_the_episode() -> None:
    # pettingzoo.test.max_cycles_test needs a parallel env that takes random
    # unmasked actions: it does not apply to a turn-based game with masks.
    env = fz.env(players=4, max_cycles=5)
    env.reset(seed=1)
    steps = 0
    for _ in env.agent_iter():
        _, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            continue
        steps += 1
        env.step(env.unwrapped.table.legal_ids()[0])
    assert steps == 5


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    env = fz.env(players=4)
    env.reset(seed=2)
    agent = env.agent_selection
    before = env.observe(agent)
    with pytest.raises(IllegalActionError, match=r"PLAY JK:H \(id 258\) is not legal"):
        env.step(258)
    after = env.observe(agent)
    assert env.agent_selection == agent
    assert all(np.array_equal(before[k], after[k]) for k in before)
    with pytest.raises(AssertionError):
        env.step(NUM_ACTIONS)


def test_illegal_reward_ends_the_episode_instead() -> None:
    env = fz.env(players=4, illegal_reward=-1)
    env.reset(seed=2)
    agent = env.agent_selection
    env.step(258)
    assert env.terminations[agent]
    assert env.rewards[agent] == -1


def test_bad_arguments() -> None:
    with pytest.raises(RulesConfigError, match="players must be 2 to 6"):
        fz.env(players=7)
    with pytest.raises(ValueError, match="render_mode must be 'ansi'"):
        fz.env(render_mode="human")


def test_render_ansi_shows_the_view_of_the_agent_to_act() -> None:
    env = fz.env(players=3, render_mode="ansi")
    env.reset(seed=5)
    seat = env.unwrapped.table.state.to_act
    assert env.render() == str(view(env.unwrapped.table.state, seat))


@pytest.mark.parametrize("action", ["53", 1.5, True, None])
def test_an_id_that_is_not_a_whole_number_is_a_type_error(action: object) -> None:
    raw = fz.raw_env(players=4)
    raw.reset(seed=2)
    agent = raw.agent_selection
    before = raw.observe(agent)
    moves = raw.table.state.moves
    with pytest.raises(TypeError, match="action id"):
        raw.step(action)
    assert raw.agent_selection == agent
    assert raw.table.state.moves == moves
    after = raw.observe(agent)
    assert all(np.array_equal(before[k], after[k]) for k in before)


@pytest.mark.parametrize("seed", [1.5, "x", True, float("nan")])
def test_a_seed_that_is_not_a_whole_number_is_refused_naming_it(seed: object) -> None:
    raw = fz.raw_env(players=4)
    with pytest.raises(InvalidStateError, match="invalid seed"):
        raw.reset(seed=seed)


def test_a_numpy_seed_deals_as_the_same_int() -> None:
    one, other = fz.raw_env(players=4), fz.raw_env(players=4)
    one.reset(seed=np.int64(5))
    other.reset(seed=5)
    assert one.table.state.hands == other.table.state.hands
