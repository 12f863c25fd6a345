"""Bot games and series of them, seeded so that every game can be played again exactly.

A game with seed ``s`` gives seat ``k`` the bot seed ``derive_seed(s, "seat", k)``; game ``i``
of a series with seed ``S`` has seed ``derive_seed(S, "game", i)`` and seats rotated so that
bot ``b`` plays seat ``(b + i) % players``. Game ``i`` of a series is therefore the single
game ``play_game(game, rotated(specs, i), derive_seed(S, "game", i), params)``, and its record
(seats named by their specs, seed included) says how to play it again.

>>> result = simulate("discovery", ["greedy", "random"], games=2, seed=1)
>>> [bot.games for bot in result.bots], result.games
([2, 2], 2)
>>> sum(bot.win_share for bot in result.bots)
2.0
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from terranova.agents.registry import check_agent, make_agent
from terranova.core.agent import Agent
from terranova.core.errors import InvalidParameterError
from terranova.core.records import GameRecord, play
from terranova.core.registry import ParamValue, game_info, make
from terranova.core.rng import derive_seed


def seat_agents(specs: Sequence[str], seed: int) -> list[Agent]:
    """The bots of one game with seed ``seed``: ``specs[k]`` plays seat ``k``."""
    return [make_agent(spec, derive_seed(seed, "seat", k)) for k, spec in enumerate(specs)]


def play_game(
    game: str, specs: Sequence[str], seed: int, params: Mapping[str, object] | None = None
) -> GameRecord:
    """One complete game between bots (``specs[k]`` plays seat ``k``); returns its record."""
    state = make(game, **{**(params or {}), "players": len(specs)})
    return play(state, seat_agents(specs, seed), seed)


def rotated(specs: Sequence[str], index: int) -> list[str]:
    """The seats' bots in game ``index`` of a series: bot ``b`` plays seat ``(b + index) % n``.

    >>> rotated(["a", "b", "c"], 1)
    ['c', 'a', 'b']
    """
    n = len(specs)
    seats = [""] * n
    for bot, spec in enumerate(specs):
        seats[(bot + index) % n] = spec
    return seats


@dataclass
class Tally:
    """Results gathered for one bot (or one seat) over a series."""

    index: int
    label: str
    scores: list[float] = field(default_factory=list)
    wins: int = 0
    """Games it won, a shared win counting as a win."""
    win_share: float = 0.0
    """Wins with a win shared by k winners counting 1/k."""

    @property
    def games(self) -> int:
        return len(self.scores)

    @property
    def win_rate(self) -> float:
        """``win_share`` per game (the shares of all bots add up to 1)."""
        return self.win_share / self.games if self.scores else 0.0

    @property
    def mean_score(self) -> float:
        return math.fsum(self.scores) / len(self.scores) if self.scores else 0.0

    @property
    def std_score(self) -> float:
        """Sample standard deviation of the final scores (0 with fewer than two games)."""
        n = len(self.scores)
        if n < 2:
            return 0.0
        mean = self.mean_score
        return math.sqrt(math.fsum((s - mean) ** 2 for s in self.scores) / (n - 1))

    def add(self, score: float, winners: Sequence[int], seat: int) -> None:
        self.scores.append(score)
        if seat in winners:
            self.wins += 1
            self.win_share += 1.0 / len(winners)

    def to_dict(self, key: str) -> dict[str, Any]:
        """JSON-safe, the index under ``key`` (``bot`` also names its spec)."""
        out: dict[str, Any] = {key: self.index}
        if key == "bot":
            out["spec"] = self.label
        return out | {
            "games": self.games,
            "wins": self.wins,
            "win_share": round(self.win_share, 6),
            "win_rate": round(self.win_rate, 6),
            "mean_score": round(self.mean_score, 6),
            "std_score": round(self.std_score, 6),
        }


@dataclass
class SeriesResult:
    """The outcome of :func:`simulate`: per bot and per seat tallies."""

    game: str
    params: dict[str, ParamValue]
    seed: int
    specs: list[str]
    bots: list[Tally]
    seats: list[Tally]
    games: int = 0
    ties: int = 0
    """Games won by more than one seat."""
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe summary."""
        return {
            "game": self.game,
            "params": self.params,
            "players": len(self.specs),
            "seed": self.seed,
            "games": self.games,
            "ties": self.ties,
            "rotation": "bot b plays seat (b + game) % players",
            "bots": [t.to_dict("bot") for t in self.bots],
            "seats": [t.to_dict("seat") for t in self.seats],
            "seconds": round(self.seconds, 3),
        }


def simulate(
    game: str,
    specs: Sequence[str],
    games: int,
    seed: int,
    params: Mapping[str, object] | None = None,
    on_game: Callable[[int, GameRecord], None] | None = None,
) -> SeriesResult:
    """Play ``games`` bot games with rotated seats (see the module doc) and tally them per
    bot and per seat. ``on_game(i, record)`` is called after each game (progress, saving)."""
    if games < 0:
        raise InvalidParameterError(f"the number of games cannot be negative ({games})")
    n = len(specs)
    variants = {k: v for k, v in (params or {}).items() if k != "players"}
    info = game_info(game)
    resolved = info.resolve({**variants, "players": n})
    for spec in specs:  # refuse a bad spec before playing anything
        check_agent(spec, info.id, params=resolved)
    result = SeriesResult(
        game=game,
        params=resolved,
        seed=seed,
        specs=list(specs),
        bots=[Tally(b, spec) for b, spec in enumerate(specs)],
        seats=[Tally(s, f"seat {s}") for s in range(n)],
    )
    start = time.perf_counter()
    for index in range(games):
        record = play_game(game, rotated(specs, index), derive_seed(seed, "game", index), variants)
        assert record.result is not None
        scores: list[float] = record.result["scores"]
        winners: list[int] = record.result["winners"]
        for bot in range(n):
            seat = (bot + index) % n
            result.bots[bot].add(scores[seat], winners, seat)
            result.seats[seat].add(scores[seat], winners, seat)
        result.games += 1
        result.ties += len(winners) > 1
        if on_game is not None:
            on_game(index, record)
    result.seconds = time.perf_counter() - start
    return result
