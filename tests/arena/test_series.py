"""Series of bot games: seat rotation, seeds, tallies."""

from __future__ import annotations

import math

import pytest

from terranova.arena import play_game, rotated, seat_agents, simulate
from terranova.core import InvalidParameterError
from terranova.core.records import replay
from terranova.core.rng import derive_seed


def test_rotation_puts_bot_b_in_seat_b_plus_game() -> None:
    specs = ["a", "b", "c", "d"]
    for game in range(9):
        seats = rotated(specs, game)
        for bot, spec in enumerate(specs):
            assert seats[(bot + game) % 4] == spec


def test_seat_agents_are_seeded_per_seat() -> None:
    agents = seat_agents(["random", "greedy"], seed=3)
    assert [a.name for a in agents] == ["random", "greedy"]


def test_play_game_is_reproducible_and_its_record_replays() -> None:
    record = play_game("discovery", ["greedy", "random", "random"], seed=12, params={"hand": 2})
    assert record.params["hand"] == 2
    assert record.seed == 12
    assert [s.name for s in record.seats] == ["greedy", "random", "random"]
    assert play_game("discovery", ["greedy", "random", "random"], 12, {"hand": 2}) == record
    assert replay(record).is_terminal()


def test_series_tallies() -> None:
    games = 7
    result = simulate("discovery", ["greedy", "random", "random"], games=games, seed=4)
    assert result.games == games
    assert result.params["players"] == 3
    for tally in [*result.bots, *result.seats]:
        assert tally.games == games
        assert tally.wins >= tally.win_share
        assert tally.std_score >= 0
    assert math.isclose(sum(t.win_share for t in result.bots), games)
    assert math.isclose(sum(t.win_share for t in result.seats), games)
    assert sum(t.wins for t in result.bots) >= games
    total = sum(t.mean_score for t in result.bots)
    assert math.isclose(total, sum(t.mean_score for t in result.seats))
    data = result.to_dict()
    assert data["games"] == games
    assert [b["spec"] for b in data["bots"]] == ["greedy", "random", "random"]


def test_series_game_i_is_a_single_game_with_a_derived_seed() -> None:
    specs = ["greedy", "random"]
    records = []
    simulate("discovery", specs, games=3, seed=8, on_game=lambda i, r: records.append((i, r)))
    assert [i for i, _ in records] == [0, 1, 2]
    for i, record in records:
        assert record.seed == derive_seed(8, "game", i)
        assert [s.name for s in record.seats] == rotated(specs, i)
        assert play_game("discovery", rotated(specs, i), derive_seed(8, "game", i)) == record


def test_series_is_deterministic() -> None:
    def summary(seed: int) -> dict[str, object]:
        data = simulate("discovery", ["greedy", "random"], games=4, seed=seed).to_dict()
        del data["seconds"]
        return data

    assert summary(1) == summary(1)
    assert summary(1) != summary(2)


def test_series_refuses_bad_input_before_playing() -> None:
    played: list[int] = []
    with pytest.raises(InvalidParameterError):
        simulate("discovery", ["greedy", "nobody"], 3, 0, on_game=lambda i, r: played.append(i))
    with pytest.raises(InvalidParameterError):
        simulate("discovery", ["greedy", "random"], 3, 0, {"hand": 5})
    with pytest.raises(InvalidParameterError):
        simulate("discovery", ["greedy"], 3, 0)
    assert played == []
