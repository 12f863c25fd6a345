"""The network file the ``learned`` bot reads: it round-trips (as float16), it is checked on
load and against the game it is asked to play, and it plays only legal moves, by its policy
or through a search it guides."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import numpy as np
import pytest

import terranova
from terranova.agents.learned import (
    LearnedAgent,
    Network,
    NetworkModel,
    TurnAgent,
    learned_search,
    margin,
)
from terranova.agents.mcts import SearchAgent
from terranova.core.agent import Agent
from terranova.core.encoding import encoding_of
from terranova.core.errors import InvalidParameterError
from terranova.core.registry import game_info
from terranova.core.state import CHANCE

GAME = "discovery"


def small(game: str = GAME, seed: int = 0, width: int = 8) -> Network:
    """A random network of one hidden layer for ``game``'s standard encoding."""
    params = terranova.make(game, players=2).params()
    coding = encoding_of(game_info(game), params)
    rng = np.random.default_rng(seed)

    def layer(a: int, b: int) -> tuple[np.ndarray, np.ndarray]:
        return rng.normal(0, 0.5, (a, b)).astype(np.float32), rng.normal(0, 0.1, b).astype(
            np.float32
        )

    return Network(
        (layer(coding.observation_size, width),),
        layer(width, coding.actions.size),
        layer(width, 1),
        game,
        params,
    )


def test_a_network_round_trips_through_its_file_as_float16(tmp_path: Path) -> None:
    network = small()
    network.save(tmp_path / "n.npz")
    back = Network.load(tmp_path / "n.npz")
    assert back.game == GAME and back.params == network.params and back.encoding == "standard"
    rounded = Network(
        tuple((w.astype(np.float16).astype(np.float32), b.astype(np.float16).astype(np.float32))
              for w, b in network.hidden),
        tuple(a.astype(np.float16).astype(np.float32) for a in network.policy),  # type: ignore[arg-type]
        tuple(a.astype(np.float16).astype(np.float32) for a in network.value),  # type: ignore[arg-type]
        GAME,
        network.params,
    )  # fmt: skip
    x = np.random.default_rng(1).random((3, network.inputs)).astype(np.float32)
    for got, want in zip(back.forward(x), rounded.forward(x), strict=True):
        np.testing.assert_array_equal(got, want)
    assert all(w.dtype == np.float32 for w, _b in back.hidden)


def test_a_file_that_is_not_a_network_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.npz"
    np.savez(path, weights=np.zeros(3))
    with pytest.raises(ValueError, match="not a network file"):
        Network.load(path)


def test_layers_that_do_not_fit_are_refused() -> None:
    network = small()
    with pytest.raises(ValueError, match="policy layer does not fit"):
        Network(network.hidden, (np.zeros((3, 4), np.float32), np.zeros(4, np.float32)),
                network.value, GAME, network.params)  # fmt: skip


def test_a_network_of_another_game_is_refused_by_the_game() -> None:
    network = small()
    other = Network(network.hidden, network.policy, network.value, "evolution-explore", {})
    with pytest.raises(InvalidParameterError, match="evolution-explore's standard encoding"):
        other.coding()


@pytest.mark.parametrize("how", ["policy", "puct", "turn"])
def test_it_plays_a_whole_game_of_legal_moves_the_same_way_for_a_seed(how: str) -> None:
    network = with_prospect(small())

    def bot(seed: int) -> Agent:
        if how == "puct":
            return learned_search(seed, network, 16)
        if how == "turn":
            return TurnAgent(seed, network, width=2, positions=16)
        return LearnedAgent(seed, network)

    def play(seed: int) -> list[str]:
        state = terranova.make(GAME, players=2)
        bots = [bot(seed) for _ in range(2)]
        rng = np.random.default_rng(seed)
        moves = []
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                outcomes = state.chance_outcomes()
                state.apply(outcomes[int(rng.integers(len(outcomes)))][0])
                continue
            move = bots[state.current_player()].select(state)
            assert move in state.legal_actions()
            moves.append(str(move))
            state.apply(move)
            if len(moves) >= 12:
                break
        return moves

    assert play(3) == play(3)


def test_the_policy_plays_the_legal_move_with_the_largest_logit() -> None:
    network = small(seed=4)
    state = terranova.make(GAME, players=2)
    while state.current_player() == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    model = NetworkModel(network)
    (row,), _values = model.logits([state])
    legal = state.legal_actions()
    assert len(row) == len(legal) > 1
    assert LearnedAgent(0, network).select(state) == legal[int(np.argmax(row))]
    (evaluation,) = model.evaluate([state])
    assert sum(evaluation.values) == pytest.approx(1.0)
    best = int(np.argmax(evaluation.priors))
    assert legal[best] == legal[int(np.argmax(row))]


def test_it_refuses_a_game_its_network_did_not_learn_and_a_position_with_no_decision() -> None:
    bot = LearnedAgent(0, small())
    state = terranova.make(GAME, players=3)
    while state.current_player() == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    with pytest.raises(InvalidParameterError, match="network plays discovery with"):
        bot.select(state)
    with pytest.raises(InvalidParameterError, match="no seat is to move"):
        bot.select(terranova.make(GAME, players=2))


def test_numbers_that_are_not_finite_are_refused(tmp_path: Path) -> None:
    network = small()
    weights, bias = network.policy
    with pytest.raises(ValueError, match="not a finite number"):
        Network(network.hidden, (weights, bias * np.inf), network.value, GAME, network.params)
    big = Network(network.hidden, (weights * 1e6, bias), network.value, GAME, network.params)
    with pytest.raises(ValueError, match="too large for float16"):
        big.save(tmp_path / "big.npz")
    (tmp_path / "plain.npy").write_bytes(b"\x93NUMPY not really")
    with pytest.raises(ValueError, match="not a network file"):
        Network.load(tmp_path / "plain.npy")


def test_the_search_it_guides_is_a_search_bot_a_server_bounds() -> None:
    """The worker bounds a ``SearchAgent``'s time and tree: the guided search is one, and
    its game ends score 1, 0.5 or 0, as the network's values (a chance to win) learned."""
    search = learned_search(1, small(), iterations=64, name="learned:iterations=64")
    assert isinstance(search, SearchAgent) and search.name == "learned:iterations=64"
    search.limit(5, 10)
    state = terranova.make(GAME, players=2)
    while state.current_player() == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    assert search.select(state) in state.legal_actions()
    assert search.last_nodes <= 10 + len(state.legal_actions()) * 8
    assert search.last_iterations < 64


def with_prospect(network: Network, seed: int = 5, scale: float = 7.0) -> Network:
    """``network`` with a random prospect of one hidden layer."""
    rng = np.random.default_rng(seed)
    prospect = (
        (rng.normal(0, 0.5, (network.inputs, 4)).astype(np.float32), np.zeros(4, np.float32)),
        (rng.normal(0, 1, (4, 1)).astype(np.float32), np.full(1, 0.25, np.float32)),
    )
    return dataclasses.replace(network, prospect=prospect, prospect_scale=scale)


def decision(seed: int = 0, game: str = GAME) -> terranova.core.State:
    """A position of ``game`` after a few random moves, a seat to move."""
    state = terranova.make(game, players=2)
    rng = np.random.default_rng(seed)
    for _ in range(60):
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            state.apply(outcomes[int(rng.integers(len(outcomes)))][0])
        elif len(state.legal_actions()) > 1 and rng.random() < 0.2:
            break
        else:
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
    assert state.current_player() >= 0
    return state


def test_a_prospect_round_trips_and_is_checked(tmp_path: Path) -> None:
    network = with_prospect(small())
    network.save(tmp_path / "n.npz")
    back = Network.load(tmp_path / "n.npz")
    assert back.prospect_scale == 7.0 and len(back.prospect) == 2
    x = np.random.default_rng(2).random((3, network.inputs)).astype(np.float32)
    np.testing.assert_allclose(back.prospects(x), network.prospects(x), rtol=0.01, atol=0.05)
    assert not np.allclose(network.prospects(x), 0)
    np.testing.assert_array_equal(small().prospects(x), np.zeros(3, np.float32))
    (first, _last) = network.prospect
    with pytest.raises(ValueError, match="prospect's last layer gives one number"):
        dataclasses.replace(network, prospect=(first,))
    with pytest.raises(ValueError, match="prospect layer 1 does not fit"):
        dataclasses.replace(network, prospect=(first, first))
    with pytest.raises(ValueError, match="scale is a positive number"):
        dataclasses.replace(network, prospect_scale=float("nan"))
    with np.load(tmp_path / "n.npz") as data:
        arrays = dict(data)
    unscaled = json.dumps({"game": GAME, "params": dict(network.params)})
    for why, broken in (
        ("a prospect without its scale", {**arrays, "meta": np.array(unscaled)}),
        ("not prospect0, prospect_bias0", {**arrays, "prospect5": arrays["prospect1"]}),
    ):
        np.savez(tmp_path / "broken.npz", **broken)
        with pytest.raises(ValueError, match=f"not a network file: .*{why}"):
            Network.load(tmp_path / "broken.npz")


def test_a_position_is_worth_its_margin_now_and_its_prospect_until_the_end() -> None:
    network = with_prospect(small())
    model = NetworkModel(network)
    state = decision(3)
    seat = 1 - state.current_player()
    scores = list(state.scores())
    x = model.coding.observation(state.view(seat), ())
    (expected,) = network.prospects(x[None])
    (worth,) = model.worth(seat, [state])
    assert worth == pytest.approx(scores[seat] - scores[1 - seat] + expected, abs=1e-4)
    assert margin(state, seat) == scores[seat] - scores[1 - seat]
    over = terranova.make(GAME, players=2)
    rng = np.random.default_rng(0)
    while not over.is_terminal():
        legal = over.chance_outcomes() if over.current_player() == CHANCE else None
        over.apply(legal[int(rng.integers(len(legal)))][0] if legal else over.legal_actions()[0])
    final = list(over.scores())
    assert list(model.worth(0, [over])) == [final[0] - final[1]]


def test_a_turn_search_one_move_wide_plays_the_policys_move() -> None:
    network = with_prospect(small(seed=6))
    for seed in range(6):
        state = decision(seed)
        assert TurnAgent(seed, network, width=1).select(state) == LearnedAgent(
            seed, network
        ).select(state)


def judged_ends(
    bot: TurnAgent, state: terranova.core.State, monkeypatch: pytest.MonkeyPatch
) -> tuple[object, list[terranova.core.State]]:
    """The move ``bot`` plays in ``state`` and the line ends it judged on the way."""
    seen: list[list[terranova.core.State]] = []
    worth = bot.model.worth

    def judged(seat: int, ends: list[terranova.core.State]) -> np.ndarray:
        seen.append(ends)
        return worth(seat, ends)

    with monkeypatch.context() as patch:
        patch.setattr(bot.model, "worth", judged)
        move = bot.select(state)
    (ends,) = seen
    return move, ends


def test_a_turn_search_plays_the_first_move_of_the_line_worth_most(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    network = with_prospect(small(seed=7))
    state = decision(4)
    bot = TurnAgent(2, network, width=3, positions=12)
    move, ends = judged_ends(bot, state, monkeypatch)
    seat = state.current_player()
    assert 1 < len(ends) <= 12
    assert all(end.is_terminal() or end.current_player() != seat for end in ends)
    values = bot.model.worth(seat, ends)
    firsts = [end.history()[len(state.history())] for end in ends]
    assert move in state.legal_actions()
    assert firsts[int(np.argmax(values))] == move


@pytest.mark.parametrize(("width", "positions"), [(16, 17), (3, 100), (2, 5), (4, 1)])
def test_a_turn_search_judges_at_most_its_positions_and_ends_every_line_with_its_turn(
    width: int, positions: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    network = with_prospect(small(seed=9))
    for seed in range(8):
        state = decision(seed)
        seat = state.current_player()
        _move, ends = judged_ends(TurnAgent(seed, network, width, positions), state, monkeypatch)
        assert 1 <= len(ends) <= positions
        assert all(end.is_terminal() or end.current_player() != seat for end in ends)


def test_a_turn_search_keeps_at_least_one_move_and_position() -> None:
    for settings in ({"width": 0}, {"positions": 0}):
        with pytest.raises(InvalidParameterError, match="at least one move and position"):
            TurnAgent(0, small(), **settings)
