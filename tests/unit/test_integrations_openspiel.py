"""The OpenSpiel game python_five_hundred: OpenSpiel's own checks and bots, no leaks."""

import pickle
import random
from typing import Any

import pytest
from tests.extras import need

from five_hundred import Rules, legal_actions, new_game, view

np = need("numpy")
pyspiel = need("pyspiel")
encoding = need("five_hundred.integrations.encoding")
Encoder, Table = encoding.Encoder, encoding.Table
action_ids, describe = encoding.action_ids, encoding.describe
openspiel = need("five_hundred.integrations.openspiel")
ismcts = need("open_spiel.python.algorithms.ismcts")
mcts = need("open_spiel.python.algorithms.mcts")


def load(**params: object) -> Any:
    return pyspiel.load_game("python_five_hundred", params)


def deal(game: Any, rng: random.Random) -> Any:
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def random_walk(state: Any, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("serialize", [False, True])
def test_random_sim_test(players: int, serialize: bool) -> None:
    pyspiel.random_sim_test(
        load(players=players), num_sims=1, serialize=serialize, verbose=False
    )


def test_random_sim_test_two_players_and_whole_game() -> None:
    pyspiel.random_sim_test(load(players=2), num_sims=1, serialize=True, verbose=False)
    game = load(whole_game=True, max_hands=3)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("kind", ["ismcts", "mcts"])
def test_openspiel_bots_play_a_full_hand(kind: str) -> None:
    game = load(players=4)
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    if kind == "ismcts":
        bot = ismcts.ISMCTSBot(
            game, evaluator, 2.0, max_simulations=4, random_state=rng
        )
    else:
        bot = mcts.MCTSBot(game, 2.0, 4, evaluator, random_state=rng, solve=False)
    state = deal(game, random.Random(7))
    moves = 0
    while not state.is_terminal():
        state.apply_action(bot.step(state))
        moves += 1
    table = state.table
    assert table.state.is_over
    assert moves >= 4
    result = table.state.hand_result
    expected = [float(result[seat % 2]) for seat in range(4)] if result else [0.0] * 4
    assert state.returns() == expected


def test_whole_game_mode_deals_hand_after_hand() -> None:
    game = load(players=3, whole_game=True, target=100, max_hands=50)
    rng = random.Random(3)
    state = game.new_initial_state()
    deals = 0
    while not state.is_terminal():
        if state.is_chance_node() and not state.dealing:
            deals += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert deals == state.hands_done >= 1
    scores = state.table.state.scores
    assert state.returns() == [float(scores[seat]) for seat in range(3)]


@pytest.mark.parametrize("players", [2, 4, 5, 6])
def test_what_a_player_sees_does_not_depend_on_hidden_cards(players: int) -> None:
    """A resampled state moves every hidden card but leaves a player's tensors alone."""
    game = load(players=players)
    rng = random.Random(players)
    for steps in (3, 12, 30, 60):
        state = deal(game, rng)
        random_walk(state, rng, steps)
        if state.is_terminal():
            continue
        seat = state.current_player()
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        other = state.resample_from_infostate(seat, sampler)
        for method in (
            "information_state_string",
            "information_state_tensor",
            "observation_string",
            "observation_tensor",
        ):
            assert getattr(state, method)(seat) == getattr(other, method)(seat), method
        assert other.legal_actions() == state.legal_actions()
        # The resampled state is a real history of the game: it serializes.
        text = pyspiel.serialize_game_and_state(game, other)
        _, back = pyspiel.deserialize_game_and_state(text)
        assert str(back) == str(other)


def test_observation_tensor_is_the_shared_encoding() -> None:
    game = load(players=5)
    state = deal(game, random.Random(5))
    random_walk(state, random.Random(5), 20)
    encoder = Encoder(Rules.five_player())
    seat = 2
    table = state.table
    picks = table.picks if table.state.to_act == seat else ()
    expected = encoder.encode(view(table.state, seat), picks)
    assert np.array_equal(
        np.asarray(state.observation_tensor(seat), np.float32), expected
    )
    assert len(state.information_state_tensor(seat)) > encoder.size


def test_action_ids_name_the_legal_actions() -> None:
    for players in range(2, 7):
        rules = Rules.for_players(players)
        rng = random.Random(players)
        table = Table(new_game(rules, seed=players))
        while not table.state.is_over:
            ids = table.legal_ids()
            actions = legal_actions(table.state)
            if table.picks:
                assert all(describe(i).startswith("PICK ") for i in ids)
            elif all(len(action_ids(a)) == 1 for a in actions):
                assert sorted(i for a in actions for i in action_ids(a)) == ids
                assert {describe(i) for i in ids} == {str(a) for a in actions}
            table.step(rng.choice(ids))


def test_bad_parameters_raise_spiel_errors_with_the_library_message() -> None:
    with pytest.raises(
        pyspiel.SpielError, match=r"players must be 2 to 6 \(got players=7\)"
    ):
        load(players=7)
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
        load(colour=1)
    with pytest.raises(
        pyspiel.SpielError, match="scoring_table must be one of avondale"
    ):
        load(scoring_table="grand")
    with pytest.raises(pyspiel.SpielError, match="six_player_sides=3 needs players=6"):
        load(players=4, six_player_sides=3)


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    game = load()
    state = deal(game, random.Random(1))
    before = (state.history(), str(state), state.legal_actions())
    with pytest.raises(
        pyspiel.SpielError, match=r"PLAY .* is not legal: .*bidding phase"
    ):
        state.apply_action(200)
    assert (state.history(), str(state), state.legal_actions()) == before
    state.apply_action(state.legal_actions()[0])


def test_rule_options_reach_the_rules() -> None:
    game = load(players=6, six_player_sides=3, misere=False, defender_cap=480)
    state = game.new_initial_state()
    assert state.setup.rules == Rules.six_player_three_sides(
        misere=False, defender_cap=480
    )
    assert game.num_players() == 6
    assert len(state.chance_outcomes()) == 63


@pytest.mark.parametrize("players", [2, 5])
def test_python_answers_agree_with_openspiels_own(players: int) -> None:
    # current_player, is_terminal, is_chance_node and legal_actions are answered in
    # Python from a cached seat; OpenSpiel's C++ methods (through the callbacks)
    # must give the same answers at every node, for every player asked.
    game = load(players=players, whole_game=True, max_hands=2)
    rng = random.Random(players)
    state = game.new_initial_state()
    base = pyspiel.State
    while True:
        assert state.current_player() == base.current_player(state)
        assert state.is_terminal() == base.is_terminal(state)
        assert state.is_chance_node() == base.is_chance_node(state)
        assert state.legal_actions() == base.legal_actions(state)
        for player in range(players):
            assert state.legal_actions(player) == base.legal_actions(state, player)
        assert state.legal_actions() == sorted(set(state.legal_actions()))
        if state.is_terminal():
            break
        twin = state.clone()
        assert twin.current_player() == state.current_player()
        state.apply_action(rng.choice(state.legal_actions()))


def test_illegal_ids_in_every_phase_raise_and_change_nothing() -> None:
    game = load(players=5)
    rng = random.Random(11)
    state = deal(game, rng)
    phases = set()
    while not state.is_terminal():
        table = state.table
        phases.add(table.state.phase)
        legal = set(state.legal_actions())
        before = (str(state), state.history(), state.current_player())
        for bad in (-2, -255, 259, 2**40, *sorted(set(range(259)) - legal)[:40]):
            with pytest.raises(pyspiel.SpielError):
                state.apply_action(bad)
            assert (str(state), state.history(), state.current_player()) == before
            assert set(state.legal_actions()) == legal
        state.apply_action(rng.choice(sorted(legal)))
    assert len(phases) >= 3


@pytest.mark.parametrize("steps", [0, 5, 30])
def test_clones_and_deserialized_states_hold_their_own_table(steps: int) -> None:
    # The state's box sits in a slot; ``__dict__`` (which OpenSpiel copies for clone
    # and pickles for serialize) gives and sets it, Python's pickle goes through
    # the state's text: every
    # route gives a state that reads its own copy through the slot, and moving it
    # leaves the original alone.
    game = load(players=4)
    rng = random.Random(7 + steps)
    state = deal(game, rng)
    random_walk(state, rng, steps)
    before = (str(state), state.history(), state.legal_actions())
    text = pyspiel.serialize_game_and_state(game, state)
    twins = (
        state.clone(),
        pyspiel.deserialize_game_and_state(text)[1],
        pickle.loads(pickle.dumps(state)),
    )
    for twin in twins:
        assert type(twin) is openspiel.FiveHundredState
        assert (str(twin), twin.history(), twin.legal_actions()) == before
        assert twin.table is not state.table
        assert list(twin.__dict__) == ["box"]
        assert type(twin).__dictoffset__ == 0  # no instance dictionary
        while not twin.is_terminal():
            twin.apply_action(rng.choice(twin.legal_actions()))
        assert (str(state), state.history(), state.legal_actions()) == before


def finished(game: Any, seed: int) -> Any:
    rng = random.Random(seed)
    state = deal(game, rng)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("params", [{}, {"players": 5}, {"whole_game": True}])
def test_a_state_text_is_its_history_and_reads_back_by_replaying(
    params: dict[str, Any],
) -> None:
    game = load(**params)
    state = finished(game, 11)
    history = state.history()
    text = state.serialize()
    assert text == "\n".join(map(str, history))
    back = game.deserialize_state(text)
    assert (back.history(), str(back), back.returns()) == (
        history,
        str(state),
        state.returns(),
    )
    assert game.deserialize_state("").history() == []
    rng = random.Random(3)
    middle = deal(game, rng)
    random_walk(middle, rng, 17)
    again = game.deserialize_state(middle.serialize())
    assert (again.history(), again.legal_actions()) == (
        middle.history(),
        middle.legal_actions(),
    )


def test_a_state_text_is_canonical_whatever_the_state_has_cached() -> None:
    game = load()
    rng = random.Random(5)
    state = deal(game, rng)
    random_walk(state, rng, 9)
    fresh = game.deserialize_state(state.serialize())
    state.legal_actions()  # fills the table's caches
    state.observation_tensor(state.current_player())
    assert state.serialize() == fresh.serialize() == state.clone().serialize()
    cxx = pyspiel.serialize_game_and_state
    assert cxx(game, state) == cxx(game, fresh) == cxx(game, state.clone())
    assert pickle.dumps(state) == pickle.dumps(fresh)


def test_reading_a_state_text_never_unpickles(tmp_path: Any) -> None:
    game = load()
    target = tmp_path / "written"

    class Payload:
        def __reduce__(self) -> tuple[Any, ...]:
            return (open, (str(target), "w"))

    hostile = pickle.dumps(Payload())
    state = deal(game, random.Random(1))
    real = state.serialize()
    for text in (
        hostile.decode("latin-1"),
        "history=1:2\nmove_number=1\n__dict__=" + hostile.hex(),
        real.replace("\n", "\nx", 1),
        real + "\n",
        real[: len(real) // 2] + "r}les" + real[len(real) // 2 :],
        "1\n" * 100_000,
        "-1",
        "0\n0",  # the same card dealt twice
    ):
        with pytest.raises(pyspiel.SpielError, match="invalid serialized state"):
            game.deserialize_state(text)
    assert not target.exists()
    with pytest.raises(TypeError, match="text of a state"):
        game.deserialize_state(hostile)


def test_a_finished_state_refuses_every_action_and_keeps_its_history() -> None:
    for params in ({}, {"whole_game": True, "max_hands": 2}):
        state = finished(load(**params), 4)
        history = state.history()
        for action in (53, 0, 190):
            with pytest.raises(pyspiel.SpielError, match="the game is over"):
                state.apply_action(action)
        assert state.history() == history


@pytest.mark.parametrize("max_hands", [0, -1])
@pytest.mark.parametrize("whole_game", [False, True])
def test_max_hands_below_one_is_refused(max_hands: int, whole_game: bool) -> None:
    with pytest.raises(pyspiel.SpielError, match="max_hands"):
        load(max_hands=max_hands, whole_game=whole_game)
