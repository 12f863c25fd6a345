"""The game object: one per configuration, shared by all its states."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import terranova
from terranova.core.state import CHANCE
from terranova.games.discovery import DiscoveryGame, DiscoveryState
from terranova.games.discovery.content import discovery_game
from terranova.games.discovery.game import game_of
from terranova.games.discovery.rules import new_game
from tests.games.discovery.reference import LAB

BUILT_IN = Path(terranova.__file__).parent / "games" / "discovery" / "data" / "tiles.toml"


def test_the_states_of_one_configuration_share_one_game() -> None:
    a = terranova.make("discovery", players=3, hand=2)
    b = terranova.make("discovery", hand=2, players=3)
    assert isinstance(a, DiscoveryState) and isinstance(b, DiscoveryState)
    assert isinstance(a.game, DiscoveryGame)
    assert a.game is b.game
    assert a.game is discovery_game(players=3, hand=2)
    rng = random.Random(1)
    for _ in range(30):  # play a little: the game object stays the same
        if a.current_player() == CHANCE:
            a.apply(a.sample_chance(rng))
        else:
            a.apply(a.legal_actions()[0])
    copy = a.clone()
    assert copy.game is a.game
    assert a.resample(1, rng).game is a.game
    assert (
        a.game.params()
        == a.params()
        == {
            "players": 3,
            "hand": 2,
            "hand_visibility": "public",
            "equal_turns": "off",
            "tileset": None,
        }
    )


def test_states_built_from_a_tile_set_share_its_game() -> None:
    a = DiscoveryState(LAB, players=2, hand=2)
    b = DiscoveryState(LAB, 2, 2)
    assert a.game is b.game is game_of(LAB, 2, hand=2)
    assert a.game.tiles is DiscoveryState(LAB, players=4).game.tiles


@pytest.mark.parametrize(
    "params",
    [
        {"players": 3},
        {"hand": 2},
        {"hand": 2, "hand_visibility": "private"},
        {"equal_turns": "rulebook"},
        {"equal_turns": "exact"},
        {"tileset": str(BUILT_IN)},
    ],
)
def test_other_configurations_have_other_games(params: dict[str, object]) -> None:
    default = terranova.make("discovery")
    other = terranova.make("discovery", **params)
    assert isinstance(default, DiscoveryState) and isinstance(other, DiscoveryState)
    assert other.game is not default.game
    assert other.params() == {**default.params(), **params}
    assert other.game is terranova.make("discovery", **params).game  # (made once)


def test_a_tile_file_is_known_by_its_resolved_path(monkeypatch: pytest.MonkeyPatch) -> None:
    absolute = discovery_game(tileset=str(BUILT_IN))
    monkeypatch.chdir(BUILT_IN.parent)
    relative = discovery_game(tileset=BUILT_IN.name)
    assert relative is discovery_game(tileset=BUILT_IN.name)
    assert relative is not absolute  # the file as given is a parameter (params())
    assert relative.tileset == absolute.tileset
    assert relative.tiles is absolute.tiles  # equal tile sets share their tables
    assert relative.params()["tileset"] == BUILT_IN.name


def test_new_states_are_independent_copies_of_the_set_up_one() -> None:
    game = discovery_game(players=2, equal_turns="rulebook")
    fresh = DiscoveryState.set_up(game)
    a, b = new_game(game), new_game(game)
    assert a is not b
    rng = random.Random(7)
    while not a.is_terminal():
        if a.current_player() == CHANCE:
            a.apply(a.sample_chance(rng))
        else:
            a.apply(rng.choice(a.legal_actions()))
    for untouched in (b, new_game(game)):
        assert untouched.view(None) == fresh.view(None)
        assert untouched.history() == [] and untouched.current_player() == CHANCE
