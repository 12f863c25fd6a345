"""Every encoded game as an OpenSpiel game (terranova.interop.openspiel), checked by
OpenSpiel's own tests: ``pyspiel.random_sim_test`` and the ``sim_game`` loop of its
``games_sim_test`` (pickling, serialization, clones, returns within bounds, no legal action
at the end), for the default parameters and every seat count."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.tests import games_sim_test

from terranova.core.encoding import STANDARD, encoding_of, encodings
from terranova.core.errors import InvalidParameterError
from terranova.interop.openspiel import Resampler, register_games, short_name
from terranova.interop.table import Table, encoded_games
from tests.interop.cases import GAMES, chosen, coded

SEATS = [
    (g, n)
    for g in GAMES
    for n in range(encoded_games()[g].min_seats, encoded_games()[g].max_seats + 1)
]


def load(game_id: str, **params: object) -> pyspiel.Game:
    return pyspiel.load_game(short_name(game_id), params)


def test_every_encoded_game_is_registered() -> None:
    names = set(register_games())
    assert names == {short_name(g) for g in GAMES}
    registered = {t.short_name for t in pyspiel.registered_games()}
    assert names <= registered
    assert short_name("small-islands") == "python_terranova_small_islands"


@pytest.mark.parametrize("game_id", GAMES)
def test_game_type_and_info(game_id: str) -> None:
    info = encoded_games()[game_id]
    game = load(game_id)
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (kind.min_num_players, kind.max_num_players) == (info.min_seats, info.max_seats)
    coding = encoding_of(info, {})
    assert game.num_distinct_actions() == coding.actions.size
    assert game.max_chance_outcomes() == coding.chance.size
    assert game.num_players() == info.default_seats
    assert game.min_utility() < game.max_utility()
    assert game.observation_tensor_size() == coding.observation_size
    assert game.information_state_tensor_size() == coding.information_state_size


@coded
def test_random_sim_test(game_id: str, encoding: str) -> None:
    pyspiel.random_sim_test(
        load(game_id, **chosen(encoding)), num_sims=2, serialize=True, verbose=False
    )


@pytest.mark.parametrize(("game_id", "players"), SEATS)
def test_games_sim_test(game_id: str, players: int) -> None:
    # their TestCase, run as a library: imported as a module so pytest does not collect it
    games_sim_test.GamesSimTest("test_breakthrough").sim_game(load(game_id, players=players))


@coded
def test_games_sim_test_in_each_encoding(game_id: str, encoding: str) -> None:
    game = load(game_id, **chosen(encoding))
    games_sim_test.GamesSimTest("test_breakthrough").sim_game(game)


def test_the_encoding_is_a_parameter_of_every_game() -> None:
    for game_id, info in encoded_games().items():
        spec = load(game_id).get_type().parameter_specification
        assert spec["encoding"] == STANDARD
        for name in encodings(info):
            size = encoding_of(info, {}, name).actions.size
            assert load(game_id, encoding=name).num_distinct_actions() == size
    with pytest.raises(InvalidParameterError, match=r"no encoding 'compact'; it has: standard$"):
        load("entdecker", encoding="compact")
    with pytest.raises(
        InvalidParameterError, match="no encoding 'tiny'; it has: standard, compact"
    ):
        load("discovery", encoding="tiny")


def asked(method: Callable[..., object], *args: object) -> object:
    """What a call returns, or the error it raises, as text."""
    try:
        return method(*args)
    except pyspiel.SpielError as error:
        return f"SpielError: {error}"


@coded
def test_the_python_answers_are_openspiels_own(game_id: str, encoding: str) -> None:
    # the state answers these in Python, sparing Python callers two crossings into C++;
    # they must say what OpenSpiel's own methods (which ask current_player and
    # _legal_actions) say, for every player argument, at every position of a game
    game = load(game_id, **chosen(encoding))
    state = game.new_initial_state()
    rng = random.Random(3)
    seats = range(-5, game.num_players() + 1)  # chance, terminal, invalid, the seats, one more
    while True:
        for name in ("legal_actions", "is_chance_node", "is_player_node", "is_terminal"):
            ours, theirs = getattr(state, name), getattr(pyspiel.State, name)
            assert asked(ours) == asked(theirs, state), name
        for player in seats:
            assert asked(state.legal_actions, player) == asked(
                pyspiel.State.legal_actions, state, player
            )
        if state.is_terminal():
            break
        play_to(state, 1, rng)


def play_to(state: pyspiel.State, plies: int, rng: random.Random) -> None:
    for _ in range(plies):
        if state.is_terminal():
            return
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


@coded
def test_an_illegal_index_is_refused_and_changes_nothing(game_id: str, encoding: str) -> None:
    game = load(game_id, **chosen(encoding))
    state = game.new_initial_state()
    play_to(state, 60, random.Random(1))
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    legal = set(state.legal_actions())
    bad = next(i for i in range(game.num_distinct_actions()) if i not in legal)
    before = (str(state), state.history())
    with pytest.raises(Exception, match=rf"action index {bad} \(.+\) is not legal here"):
        state.apply_action(bad)
    assert (str(state), state.history()) == before


@coded
def test_tensors_hold_only_what_the_seat_sees(game_id: str, encoding: str) -> None:
    """A state resampled for a seat gives that seat the same observation tensor."""
    game = load(game_id, **chosen(encoding))
    observe = game.make_py_observer()
    state = game.new_initial_state()
    rng = random.Random(3)
    resample = Resampler(5)
    for _ in range(8):
        play_to(state, 25, rng)
        for seat in range(game.num_players()):
            other = resample(state, seat)
            observe.set_from(state, seat)
            mine = observe.tensor.copy()
            observe.set_from(other, seat)
            assert np.array_equal(mine, observe.tensor)
            assert state.observation_string(seat) == other.observation_string(seat)
            # what information-set MCTS asks of a resampled state: the same key
            assert state.information_state_string(seat) == other.information_state_string(seat)


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiels_own_resampling_hook_works_without_a_resampler(game_id: str) -> None:
    """ISMCTSBot with no resampler set asks the state's resample_from_infostate: it gives
    the seat a state it cannot tell from the real one, and the bot a legal move."""
    game = load(game_id)
    state = game.new_initial_state()
    play_to(state, 25, random.Random(8))
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    seat = state.current_player()
    other = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert isinstance(other, type(state)) and other is not state
    assert state.information_state_string(seat) == other.information_state_string(seat)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(4))
    bot = ismcts.ISMCTSBot(game, evaluator, 10.0, 8, random_state=np.random.RandomState(4))
    assert bot.step(state) in state.legal_actions()


@coded
def test_an_observer_reused_over_a_game_gives_fresh_tensors(game_id: str, encoding: str) -> None:
    """The observers fill one buffer in place: nothing of an earlier position stays in it
    (the tile just placed moves, a card leaves a hand), seat after seat, both kinds."""
    game = load(game_id, **chosen(encoding))
    plain = game.make_py_observer()
    recall = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    state = game.new_initial_state()
    rng = random.Random(6)
    while not state.is_terminal():
        play_to(state, 7, rng)
        for seat in range(game.num_players()):
            plain.set_from(state, seat)
            assert np.array_equal(plain.tensor, state.table.observation(seat))
            recall.set_from(state, seat)
            assert np.array_equal(recall.tensor, state.table.information_state(seat))


@coded
def test_the_information_state_keeps_what_was_seen(game_id: str, encoding: str) -> None:
    game = load(game_id, **chosen(encoding))
    coding = encoding_of(encoded_games()[game_id], {}, encoding)
    state = game.new_initial_state()
    rng = random.Random(4)
    memory = [np.zeros(coding.memory_size, np.float32) for _ in range(game.num_players())]
    for _ in range(12):
        play_to(state, 15, rng)
        for seat in range(game.num_players()):
            tensor = np.asarray(state.information_state_tensor(seat), dtype=np.float32)
            assert tensor.shape == (coding.information_state_size,)
            assert np.array_equal(tensor[: coding.observation_size], state.observation_tensor(seat))
            # the memory never forgets: each cell only grows
            assert (tensor[coding.observation_size :] >= memory[seat]).all()
            memory[seat] = tensor[coding.observation_size :]
    # a clone and a state rebuilt from pickle recall the same
    for copy in (state.clone(), pickle.loads(pickle.dumps(state))):
        for seat in range(game.num_players()):
            assert copy.information_state_tensor(seat) == state.information_state_tensor(seat)


@pytest.mark.parametrize("game_id", GAMES)
def test_observations_of_a_seat_that_does_not_play_are_refused(game_id: str) -> None:
    game = load(game_id)
    state = game.new_initial_state()
    for call in (
        state.observation_tensor,
        state.information_state_tensor,
        state.observation_string,
        state.information_state_string,
    ):
        with pytest.raises(pyspiel.SpielError):
            call(game.num_players())


@coded
def test_an_observer_refuses_chance_and_a_seat_the_game_does_not_have(
    game_id: str, encoding: str
) -> None:
    """The fast observer checks its player as OpenSpiel's own calls do: a loop that asks for
    ``state.current_player()`` at a chance node learns so, rather than getting a tensor
    counted from a seat that does not exist."""
    game = load(game_id, **({} if encoding == STANDARD else {"encoding": encoding}))
    state = game.new_initial_state()
    for recall in (False, True):
        observer = game.make_py_observer(
            pyspiel.IIGObservationType(perfect_recall=recall) if recall else None
        )
        for player in (pyspiel.PlayerId.CHANCE, game.num_players()):
            with pytest.raises(ValueError, match=f"seat {player} is not one of"):
                observer.set_from(state, player)
        observer.set_from(state, 0)  # a seat's view, at a chance node too


@coded
def test_a_resampled_state_keeps_the_seats_memory_and_refuses_pickling(
    game_id: str, encoding: str
) -> None:
    game = load(game_id, **chosen(encoding))
    state = game.new_initial_state()
    play_to(state, 40, random.Random(6))
    seat = 0
    other = Resampler(1)(state, seat)
    assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
    with pytest.raises(TypeError, match="resampled state cannot be pickled"):
        pickle.dumps(other)


def test_a_public_information_state_is_refused() -> None:
    kind = pyspiel.IIGObservationType(
        perfect_recall=True, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(NotImplementedError, match="no public information state"):
        load(GAMES[0]).make_py_observer(kind)


def test_a_chance_outcome_listed_twice_is_refused() -> None:
    from terranova.core.errors import ActionSpaceError
    from terranova.interop.table import Table

    table = Table.new("discovery")
    outcomes = table.state.chance_outcomes()
    assert outcomes, "The Discovery starts with a draw"

    class Twice:  # the same outcome object listed twice, as a faulty game might
        def __getattr__(self, name: str) -> object:
            return getattr(table.state, name)

        def chance_outcomes(self) -> list[tuple[object, float]]:
            return [*outcomes, outcomes[0]]

    table.state = Twice()  # type: ignore[assignment]
    with pytest.raises(ActionSpaceError, match="listed twice"):
        table.chance()


def test_a_table_keeps_the_encoding_of_its_coding_through_pickling() -> None:
    info = encoded_games()["discovery"]
    compact = encoding_of(info, {}, "compact")
    table = Table(info, {}, coding=compact)  # the name comes with the coding
    assert table.encoding == "compact"
    for copy in (pickle.loads(pickle.dumps(table)), table.copy(), table.restarted()):
        assert copy.encoding == "compact"
        assert copy.coding.actions.size == compact.actions.size


def test_a_remembered_share_is_in_the_information_state_string() -> None:
    """Évolution remembers the jokers seen in a hand as a share of the jokers (1 of 4:
    0.25): the information-state string gives that cell's value, so that having seen one
    joker and having seen two are two information states."""
    game = load("evolution-explore", players=4, jokers=4)
    state = game.new_initial_state()
    rng = random.Random(5)
    shares: set[str] = set()
    for _ in range(400):
        if state.is_terminal():
            break
        play_to(state, 1, rng)
        for seat in range(game.num_players()):
            seen = state.information_state_string(seat).rsplit(" seen:", 1)[1]
            shares.update(cell for cell in seen.split(",") if "=" in cell)
    assert shares, "no joker share was remembered in 400 plies"
    assert all(0 < float(cell.split("=")[1]) < 1 for cell in shares), shares
