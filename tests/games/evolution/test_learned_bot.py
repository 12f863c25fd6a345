"""``learned``: Explore by the shipped network (games/evolution/data/explore-learned.npz).
Its weights load and fit Explore's encoding, its prospect too; it plays whole games of legal
moves, the same for a seed, searching its turn, by its policy alone and through PUCT; it
decides from what its seat sees; it plays Explore only, within a server's limits; and it is
a real player (it beats random)."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

import terranova
from terranova.agents import available_agents, make_agent
from terranova.agents.learned import LearnedAgent, Network, TurnAgent
from terranova.agents.registry import BotLimits, check_agent
from terranova.core import CHANCE, Agent, InvalidParameterError
from terranova.core.records import play
from terranova.games.evolution.bots import explore_network
from tests.agents.checked import Checked
from tests.interop.test_examples import run_script

EXPLORE = "evolution-explore"


def test_the_shipped_network_fits_explores_encoding() -> None:
    network = explore_network()
    assert network.game == EXPLORE
    coding = network.coding()
    assert (network.inputs, network.actions) == (coding.observation_size, coding.actions.size)
    assert len(network.hidden) >= 1
    assert network.prospect and network.prospect[0][0].shape[0] == coding.observation_size


def test_learned_plays_explore_only_and_a_server_bounds_its_search() -> None:
    assert "learned" in available_agents(EXPLORE)
    assert "learned" not in available_agents("evolution-bluff")
    with pytest.raises(InvalidParameterError, match="plays only evolution-explore"):
        check_agent("learned", "evolution-bluff")
    limits = BotLimits(max_seconds=5, max_iterations=200)
    check_agent("learned:iterations=200", EXPLORE, limits)
    with pytest.raises(InvalidParameterError, match="over this server's limit"):
        check_agent("learned:iterations=201", EXPLORE, limits)
    check_agent("learned:positions=200", EXPLORE, limits)
    with pytest.raises(InvalidParameterError, match="over this server's limit"):
        check_agent("learned:positions=201", EXPLORE, limits)
    with pytest.raises(InvalidParameterError, match="positions"):
        check_agent("learned:positions=1001", EXPLORE)


def game(specs: list[str], seed: int) -> tuple[list[str], list[float]]:
    """A two-seat Explore game of these bots: its moves and returns."""
    return played([make_agent(spec, seed=seed + k) for k, spec in enumerate(specs)], seed)


def game_of(network: Network, seed: int) -> tuple[list[str], list[float]]:
    """A two-seat Explore game of ``network`` against greedy."""
    return played([LearnedAgent(seed, network), make_agent("greedy", seed=seed)], seed)


def played(bots: list[Agent], seed: int) -> tuple[list[str], list[float]]:
    """A two-seat Explore game of ``bots`` (each move checked legal): moves and returns."""
    state = terranova.make(EXPLORE, players=2)
    record = play(state, [Checked(bot) for bot in bots], seed=seed)
    return record.actions, list(state.returns())


@pytest.mark.parametrize("spec", ["learned", "learned:width=0", "learned:iterations=24,batch=4"])
def test_it_plays_a_whole_game_the_same_way_for_a_seed(spec: str) -> None:
    assert game([spec, "greedy"], 5) == game([spec, "greedy"], 5)


def test_it_decides_from_what_its_seat_sees() -> None:
    """A position and another with the same view for the seat to move (the hidden cards
    redrawn): the same move from a bot of the same seed (as the web app makes one for each
    decision), at every decision of a game."""
    state = terranova.make(EXPLORE, players=2)
    rng = random.Random(8)
    decisions = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        seat = state.current_player()
        other = state.resample(seat, random.Random(decisions))
        assert other.view(seat) == state.view(seat)
        move = make_agent("learned", seed=decisions).select(state)
        assert make_agent("learned", seed=decisions).select(other) == move
        state.apply(move)
        decisions += 1
    assert decisions > 20


def test_it_beats_random() -> None:
    won = 0
    for seed in range(10):
        seats = ["learned", "random"] if seed % 2 == 0 else ["random", "learned"]
        _moves, returns = game(seats, 100 + seed)
        mine = seats.index("learned")
        won += returns[mine] > returns[1 - mine]
    assert won >= 9


def test_settings_it_did_not_learn_are_refused_before_a_game_is_played() -> None:
    check_agent("learned", EXPLORE, params={"players": 2})
    for params in ({"players": 3}, {"players": 2, "jokers": 2}):
        with pytest.raises(InvalidParameterError, match="2 players and the default variants"):
            check_agent("learned", EXPLORE, params=params)


def test_the_training_script_runs_and_its_network_plays(tmp_path: Path) -> None:
    out, plot = tmp_path / "n.npz", tmp_path / "curve.png"
    done = run_script(
        "scripts/train_learned.py", EXPLORE, "--games", "4", "--rounds", "1", "--epochs", "1",
        "--eval", "2", "--hidden", "8", "--also", "random", "--out", str(out),
        "--plot", str(plot),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "DAgger 1:" in done.stdout and "against random" in done.stdout
    assert plot.read_bytes().startswith(b"\x89PNG")
    network = Network.load(out)
    _moves, returns = game_of(network, 3)
    assert len(returns) == 2


def test_the_prospect_is_learned_by_the_training_script_and_plays(tmp_path: Path) -> None:
    out, plot = tmp_path / "n.npz", tmp_path / "errors.png"
    start = tmp_path / "start.npz"
    dataclasses.replace(explore_network(), prospect=()).save(start)
    done = run_script(
        "scripts/train_learned.py", EXPLORE, "--prospect", "4", "--workers", "2",
        "--start", str(start), "--epochs", "2", "--hidden", "8", "--eval", "2",
        "--also", "random", "--out", str(out), "--plot", str(plot),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "held-out error" in done.stdout and "without: won" in done.stdout
    assert plot.read_bytes().startswith(b"\x89PNG")
    network = Network.load(out)
    assert len(network.prospect) == 2 and network.prospect_scale > 0
    bots = [TurnAgent(3, network), make_agent("greedy", seed=3)]
    assert len(played(bots, 3)[1]) == 2
    refused = run_script("scripts/train_learned.py", EXPLORE, "--prospect", "4", "--out", str(out))
    assert refused.returncode == 2 and "--start" in refused.stderr
