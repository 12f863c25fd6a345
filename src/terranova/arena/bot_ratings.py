"""The bots' published ratings: per game, the skill (:mod:`terranova.arena.skill`) of each
bot the web lobby offers, measured by a tournament and shipped in ``data/bot_ratings.toml``.

A person's rated game against bots rates the person against these fixed ratings, so their
first games already place them. :func:`measure` plays the tournament of one game: every
pair of served bots at a two-seat table, each deal in both seatings (see
:mod:`terranova.arena.tournament`), and rates its games one after another, in deal order,
every bot starting from :data:`~terranova.arena.skill.DEFAULT` and none fixed. Nothing is
anchored: Plackett-Luce moves the winners' means up as much as the losers' go down, so the
bots' mean stays at a newcomer's ``mu``, and a newcomer is taken for an average bot until
their games say more. ``benchmarks/bot_ratings.py`` writes the file.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from terranova.agents.registry import available_agents
from terranova.arena.skill import DEFAULT, Skill, rate
from terranova.arena.tournament import ProgressCallback, TournamentConfig, run_tournament
from terranova.core.content import read_toml
from terranova.core.errors import ContentError
from terranova.core.registry import games

FORMAT = 1
"""The version of the file's layout."""
DATA_FILE = "bot_ratings.toml"
PLAYERS = 2
"""Seats per game of the measurement: every pair of bots meets, at the cheapest table."""


class BotRating(NamedTuple):
    """A bot's measured skill in one game and the games it was measured by."""

    skill: Skill
    games: int


@dataclass(frozen=True)
class Measurement:
    """The measured ratings of one game's bots and how they were measured."""

    game: str
    bots: dict[str, BotRating]
    games: int
    players: int
    seed: int
    command: str


def served_bots(game_id: str) -> list[str]:
    """The bot specs the web lobby offers for ``game_id`` (each kind at its defaults)."""
    return available_agents(game_id, served=True)


def measure(
    game_id: str,
    n_games: int,
    seed: int,
    command: str,
    bots: Sequence[str] | None = None,
    workers: int = 1,
    on_deal: ProgressCallback | None = None,
) -> Measurement:
    """The ratings of ``bots`` (default: the served ones) in ``game_id`` after a tournament
    of about ``n_games`` two-seat games (whole deals), rated in deal order."""
    specs = list(bots) if bots is not None else served_bots(game_id)
    config = TournamentConfig(game=game_id, bots=specs, players=PLAYERS, games=n_games, seed=seed)
    result = run_tournament(config, workers=workers, on_deal=on_deal)
    skills = [DEFAULT] * len(specs)
    played = [0] * len(specs)
    for outcome in result.outcomes:
        after = rate([skills[bot] for bot in outcome.seating], outcome.scores)
        for seat, bot in enumerate(outcome.seating):
            skills[bot] = after[seat]
            played[bot] += 1
    return Measurement(
        game=game_id,
        bots={s: BotRating(k, n) for s, k, n in zip(specs, skills, played, strict=True)},
        games=result.games,
        players=PLAYERS,
        seed=seed,
        command=command,
    )


def to_toml(measurements: Mapping[str, Measurement]) -> str:
    """The data file's text, games in id order."""
    lines = [
        "# The bots' published ratings per game (docs/ratings.md): Plackett-Luce skills",
        "# measured by benchmarks/bot_ratings.py; each game says the command that made it.",
        f"format = {FORMAT}",
    ]
    for game_id in sorted(measurements):
        m = measurements[game_id]
        lines += [
            "",
            f"[games.{json.dumps(game_id)}]",
            f"command = {json.dumps(m.command)}",
            f"games = {m.games}",
            f"players = {m.players}",
            f"seed = {m.seed}",
        ]
        for spec, bot in m.bots.items():
            lines += [
                "",
                f"[games.{json.dumps(game_id)}.bots.{json.dumps(spec)}]",
                f"mu = {bot.skill.mu:.4f}",
                f"sigma = {bot.skill.sigma:.4f}",
                f"games = {bot.games}",
            ]
    return "\n".join(lines) + "\n"


def read_measurements(path: str | Path | None = None) -> dict[str, Measurement]:
    """Every game's measurement in the data file (the shipped one unless ``path``),
    checked: ContentError naming what is wrong. Games need not all be there: see
    :func:`bot_ratings` for the file the server relies on."""
    data, source = read_toml(
        "terranova.arena", DATA_FILE, None if path is None else str(path), "bot ratings file"
    )
    if data.get("format") != FORMAT:
        raise ContentError(f"{source}: format is {FORMAT}, not {data.get('format')!r}")
    tables = data.get("games")
    if not isinstance(tables, dict):
        raise ContentError(f"{source}: no [games.<id>] tables")
    return {game_id: _measurement(source, game_id, table) for game_id, table in tables.items()}


def _measurement(source: str, game_id: str, table: Any) -> Measurement:
    where = f"{source}: game {game_id!r}"
    if not isinstance(table, dict) or not isinstance(table.get("bots"), dict):
        raise ContentError(f"{where}: no [games.{game_id}.bots.<spec>] tables")
    command = table.get("command")
    if not isinstance(command, str) or not command:
        raise ContentError(f"{where}: command (what measured it) is missing")
    bots = {
        spec: BotRating(
            Skill(_number(where, spec, row, "mu"), _number(where, spec, row, "sigma")),
            _count(f"{where}, bot {spec!r}", row, "games"),
        )
        for spec, row in table["bots"].items()
    }
    return Measurement(
        game=game_id,
        bots=bots,
        games=_count(where, table, "games"),
        players=_count(where, table, "players"),
        seed=_count(where, table, "seed"),
        command=command,
    )


def _number(where: str, spec: str, row: Any, key: str) -> float:
    value = row.get(key) if isinstance(row, dict) else None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ContentError(f"{where}, bot {spec!r}: {key} is a finite number, not {value!r}")
    if key == "sigma" and value <= 0:
        raise ContentError(f"{where}, bot {spec!r}: sigma is above 0, not {value!r}")
    return float(value)


def _count(where: str, row: Any, key: str) -> int:
    value = row.get(key) if isinstance(row, dict) else None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ContentError(f"{where}: {key} is a whole number of at least 0, not {value!r}")
    return value


def bot_ratings(path: str | Path | None = None) -> dict[str, dict[str, Skill]]:
    """The published skill of every served bot in every registered game, by game id and
    bot spec (the shipped file unless ``path``). ContentError when a game or a served
    bot is missing, or a number is not finite, or a sigma not above 0."""
    measurements = read_measurements(path)
    source = str(path) if path is not None else f"built-in {DATA_FILE}"
    out: dict[str, dict[str, Skill]] = {}
    for game_id in sorted(games()):
        measured = measurements.get(game_id)
        if measured is None:
            raise ContentError(f"{source}: game {game_id!r} has no bot ratings")
        missing = [spec for spec in served_bots(game_id) if spec not in measured.bots]
        if missing:
            raise ContentError(
                f"{source}: game {game_id!r} has no rating for the served bots {', '.join(missing)}"
            )
        out[game_id] = {spec: bot.skill for spec, bot in measured.bots.items()}
    return out
