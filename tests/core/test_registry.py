"""The game registry: ``make`` and ``games``."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest

import terranova
from terranova.core.errors import InvalidParameterError, TerranovaError, UnknownGameError
from terranova.core.registry import GameInfo, Variant, game_info, games, make, parse_variants
from terranova.core.state import State


def test_terranova_games_lists_the_discovery() -> None:
    listed = games()
    assert "discovery" in listed
    assert all(isinstance(info, GameInfo) for info in listed.values())
    assert all(game_id == info.id for game_id, info in listed.items())


def test_terranova_games_stays_callable_after_a_game_is_loaded() -> None:
    """``terranova.games`` is the registry's function, also once the ``terranova.games``
    package (where the games live) has been imported; checked in a fresh interpreter."""
    src = str(Path(terranova.__file__).resolve().parents[1])
    script = (
        "import terranova\n"
        "first = sorted(terranova.games())\n"
        "state = terranova.make('discovery')\n"
        "second = sorted(terranova.games())\n"
        "assert first == second and 'discovery' in first, (first, second)\n"
        "print('ok')\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": src, "PATH": ""},
        timeout=60,
    )
    assert out.returncode == 0, out.stderr.strip().splitlines()[-1:]
    assert out.stdout.strip() == "ok"


def test_games_returns_a_copy() -> None:
    listed = games()
    listed.pop("discovery")
    assert "discovery" in games()


def test_discovery_metadata() -> None:
    info = game_info("discovery")
    assert info.name == "The Discovery"
    assert (info.min_seats, info.max_seats, info.default_seats) == (2, 5, 2)
    assert info.has_chance is True
    assert info.has_hidden_information is True
    assert info.has_response_windows is False
    assert info.describe()["response_windows"] is False
    assert game_info("evolution-bluff").describe()["response_windows"] is True
    assert info.describe()["automaton_variant"] is None
    assert game_info("evolution-bluff").describe()["automaton_variant"] == "automata"
    assert set(info.variants) == {"hand", "hand_visibility", "equal_turns", "tileset"}
    assert info.variants["hand"].default == 1
    assert info.variants["hand"].choices == (1, 2)
    assert info.variants["hand_visibility"].choices == ("public", "private")
    assert info.variants["equal_turns"].default == "off"
    assert info.variants["equal_turns"].choices == ("off", "rulebook", "exact")
    assert info.variants["tileset"].default is None
    assert info.rules_version
    described = info.describe()
    assert json.loads(json.dumps(described)) == described
    assert described["seats"] == {"min": 2, "max": 5, "default": 2}
    assert described["variants"]["equal_turns"]["choices"] == ["off", "rulebook", "exact"]


@pytest.mark.parametrize("game_id", sorted(games()))
def test_make_with_defaults(game_id: str) -> None:
    info = game_info(game_id)
    state = make(game_id)
    assert isinstance(state, State)
    assert state.game_id == game_id
    assert state.num_seats == info.default_seats
    params = state.params()
    assert params["players"] == info.default_seats
    for name, variant in info.variants.items():
        assert params[name] == variant.default


def test_make_discovery_params() -> None:
    state = make("discovery", players=4, hand=2, hand_visibility="private", equal_turns="exact")
    assert state.num_seats == 4
    assert state.params() == {
        "players": 4,
        "hand": 2,
        "hand_visibility": "private",
        "equal_turns": "exact",
        "tileset": None,
    }


def test_make_coerces_text_values() -> None:
    """Values typed on a command line arrive as text."""
    state = make("discovery", players="3", hand="2")
    assert state.num_seats == 3
    assert state.params()["hand"] == 2


@pytest.mark.parametrize("players", ["three", 3.5, 3.0, True])
def test_players_must_be_a_whole_number(players: object) -> None:
    with pytest.raises(InvalidParameterError, match="players must be a whole number, not"):
        game_info("entdecker").resolve({"players": players})


def test_unknown_game_is_refused_with_the_known_ones() -> None:
    with pytest.raises(UnknownGameError) as error:
        make("carcassonne")
    message = str(error.value)
    assert "carcassonne" in message
    assert "discovery" in message
    assert isinstance(error.value, TerranovaError)
    with pytest.raises(UnknownGameError):
        game_info("")


def test_unknown_parameter_is_refused_naming_it_and_the_known_ones() -> None:
    with pytest.raises(InvalidParameterError) as error:
        make("discovery", hands=2)
    message = str(error.value)
    assert "'hands'" in message
    for known in ("players", "hand", "hand_visibility", "equal_turns", "tileset"):
        assert known in message


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"players": 1}, ["2", "5", "1"]),
        ({"players": 6}, ["2", "5", "6"]),
        ({"players": "many"}, ["players", "many"]),
        ({"hand": 3}, ["hand", "3", "1, 2"]),
        ({"hand": "two"}, ["hand", "two", "whole number"]),
        ({"hand": 1.5}, ["hand", "1.5"]),
        ({"hand_visibility": "secret"}, ["hand_visibility", "secret", "public, private"]),
        ({"equal_turns": "yes"}, ["equal_turns", "yes", "off, rulebook, exact"]),
        ({"hand": None}, ["hand"]),
    ],
)
def test_bad_values_are_refused_with_a_clear_message(
    params: dict[str, object], words: list[str]
) -> None:
    with pytest.raises(InvalidParameterError) as error:
        make("discovery", **params)
    for word in words:
        assert word in str(error.value)


def test_parse_variants() -> None:
    assert parse_variants(["hand=2", " equal_turns = exact "]) == {
        "hand": "2",
        "equal_turns": "exact",
    }
    assert parse_variants(None) == {}
    assert parse_variants(["tileset=a=b.toml"]) == {"tileset": "a=b.toml"}
    for bad in ["hand", "=2", " =2"]:
        with pytest.raises(InvalidParameterError) as error:
            parse_variants([bad])
        assert repr(bad) in str(error.value)


def test_a_game_may_be_asked_by_an_alias() -> None:
    info = game_info("evolution")
    assert info is game_info("evolution-explore")
    assert "evolution" not in games()  # the registry lists each game once, by its id
    state = make("evolution", players=2)
    assert state.game_id == "evolution-explore"  # records name the game by its id
    with pytest.raises(UnknownGameError, match=r"evolution \(= evolution-explore\)"):
        game_info("evolutions")


def test_a_declared_automaton_variant_is_a_number_variant_of_the_game() -> None:
    for info in games().values():
        if info.automaton_variant is not None:
            variant = info.variants[info.automaton_variant]
            assert variant.kind is int and variant.default == 0, info.id


@pytest.mark.parametrize("name", ["players", "encoding"])
def test_a_variant_may_not_take_a_name_every_game_has(name: str) -> None:
    """``players`` is every game's seat count, and ``encoding`` is taken beside a game's own
    parameters by the research interfaces (``env(game, encoding=...)``)."""
    base = game_info("discovery")
    variant = Variant(name, "x", "a clash")
    with pytest.raises(ValueError, match=f"may not be named {name!r}"):
        dataclasses.replace(base, id="clash", variants={**base.variants, name: variant})


def test_games_asked_from_many_threads_at_once_are_all_there() -> None:
    """The first questions to the registry may come from several threads at once (a
    restarted server rebuilds games in threads): each waits for every installed game, none
    sees a registry still being filled."""
    script = """
import threading
from terranova.core.registry import game_info
barrier = threading.Barrier(8)
failed = []
def ask():
    barrier.wait()
    try:
        game_info("discovery")
        game_info("small-islands")
    except Exception as exc:
        failed.append(exc)
threads = [threading.Thread(target=ask) for _ in range(8)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(len(failed))
"""
    for _ in range(3):
        done = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == "0", done.stdout
