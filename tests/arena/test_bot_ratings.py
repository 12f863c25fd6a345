"""The bots' published ratings: the shipped file, the checks on a file, and the script
that measures them."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path

import pytest

from terranova.arena.bot_ratings import (
    BotRating,
    Measurement,
    bot_ratings,
    read_measurements,
    served_bots,
    to_toml,
)
from terranova.arena.skill import Skill
from terranova.core.errors import ContentError
from terranova.core.registry import games

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bot_ratings.py"


def _complete() -> dict[str, Measurement]:
    """A measurement of every served bot of every game, with made-up numbers."""
    return {
        game_id: Measurement(
            game=game_id,
            bots={
                spec: BotRating(Skill(20.0 + i, 1.5), 10)
                for i, spec in enumerate(served_bots(game_id))
            },
            games=20,
            players=2,
            seed=1,
            command="benchmarks/bot_ratings.py --games 20",
        )
        for game_id in games()
    }


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "bot_ratings.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_shipped_measurements_are_sound() -> None:
    """Every game and every bot the lobby offers has its published rating (the server's
    loader takes the file), and each game's counts add up."""
    assert set(bot_ratings()) == set(games())
    measured = read_measurements()
    for game_id, measurement in measured.items():
        assert game_id in games()
        assert set(served_bots(game_id)) <= set(measurement.bots)
        assert measurement.command.startswith("benchmarks/bot_ratings.py")
        played = sum(bot.games for bot in measurement.bots.values())
        assert played == measurement.games * measurement.players


def test_a_complete_file_loads(tmp_path: Path) -> None:
    measurements = _complete()
    loaded = bot_ratings(_write(tmp_path, to_toml(measurements)))
    assert set(loaded) == set(games())
    for game_id, skills in loaded.items():
        expected = {spec: bot.skill for spec, bot in measurements[game_id].bots.items()}
        assert skills == expected


def test_a_missing_game_is_refused(tmp_path: Path) -> None:
    measurements = _complete()
    del measurements["discovery"]
    with pytest.raises(ContentError, match="game 'discovery' has no bot ratings"):
        bot_ratings(_write(tmp_path, to_toml(measurements)))


def test_a_missing_served_bot_is_refused(tmp_path: Path) -> None:
    measurements = _complete()
    del measurements["entdecker"].bots["greedy"]
    with pytest.raises(ContentError, match="'entdecker' has no rating for the served bots greedy"):
        bot_ratings(_write(tmp_path, to_toml(measurements)))


@pytest.mark.parametrize(
    ("line", "broken", "message"),
    [
        ("sigma = 1.5000", "sigma = 0.0", "sigma is above 0, not 0.0"),
        ("sigma = 1.5000", "sigma = -2.0", "sigma is above 0"),
        ("mu = 20.0000", "mu = nan", "mu is a finite number, not nan"),
        ("mu = 20.0000", "mu = inf", "mu is a finite number, not inf"),
        ("mu = 20.0000", 'mu = "20"', "mu is a finite number, not '20'"),
        ("games = 10", "games = -1", "games is a whole number of at least 0"),
        ("format = 1", "format = 2", "format is 1, not 2"),
    ],
)
def test_a_broken_number_is_refused(tmp_path: Path, line: str, broken: str, message: str) -> None:
    text = to_toml(_complete())
    assert line in text
    with pytest.raises(ContentError, match=message):
        bot_ratings(_write(tmp_path, text.replace(line, broken, 1)))


def test_a_file_that_is_not_toml_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="not valid TOML"):
        bot_ratings(_write(tmp_path, "[games\n"))


def test_the_script_measures_into_a_file(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("bot_ratings_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    out = tmp_path / "ratings.toml"
    argv = ["--game", "discovery", "--games", "2", "--bots", "random,greedy", "--out", str(out)]
    assert script.main(argv) == 0
    measured = read_measurements(out)
    assert list(measured) == ["discovery"]
    discovery = measured["discovery"]
    assert discovery.games == 2
    assert set(discovery.bots) == {"random", "greedy"}
    assert all(bot.games == 2 for bot in discovery.bots.values())
    assert all(math.isfinite(bot.skill.mu) for bot in discovery.bots.values())
    # both games ranked the two bots: one of them is ahead, by as much as the other trails
    random_mu, greedy_mu = (discovery.bots[s].skill.mu for s in ("random", "greedy"))
    assert random_mu + greedy_mu == pytest.approx(50.0, abs=1e-3)
    assert "--games 2" in discovery.command and "--bots random,greedy" in discovery.command
