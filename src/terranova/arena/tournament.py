"""Tournaments between bots: seat-balanced deals, ratings, pairwise tables, SPRT.

A tournament plays *deals*. Deal ``d`` has the seed ``derive_seed(S, "deal", d)`` (``S`` the
tournament's seed), which seeds the chance of every game of the deal, so all of them see the
same tiles in the same order, and each bot's own generator (``derive_seed(deal seed, "bot",
b)`` for bot ``b``, whatever seat it has). A deal is played once for every *seating*:

- every *table*: every choice of ``players`` bots out of the bots named (one table when as
  many bots as players are named; a spec named twice is two bots);
- every order of the table's bots around it: all permutations for up to 3 players (2 or 6
  seatings: every bot plays every seat, and after every other bot), the ``players``
  rotations for 4 or more (every bot plays every seat once; 24 or 120 permutations would
  make a deal too long).

So no bot profits from its seat or from the tiles. ``games`` asks for a number of games; it
is rounded up to whole deals. A deal is the unit of work (one task, local or on Ray) and of
statistics (intervals resample or average deals, whose games are not independent). Results
are gathered in deal order, so they are the same whatever the number of workers or the
backend; an SPRT is checked after each deal in that order and stops the tournament when it
decides.

>>> config = TournamentConfig("discovery", ["greedy", "random"], players=2, games=4, seed=1)
>>> config.deals, config.games_per_deal
(2, 2)
>>> result = run_tournament(config)
>>> [bot.games for bot in result.bots], round(result.bots[0].win_share + result.bots[1].win_share)
([4, 4], 4)
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any, Protocol

import numpy as np

from terranova.agents.registry import check_agent, make_agent
from terranova.arena.series import Tally
from terranova.arena.stats import (
    MeanInterval,
    Rating,
    Sprt,
    bootstrap_ratings,
    mean_interval,
)
from terranova.core.actions import Action
from terranova.core.agent import Agent
from terranova.core.errors import InvalidParameterError
from terranova.core.records import play
from terranova.core.registry import ParamValue, game_info, make
from terranova.core.rng import derive_seed
from terranova.core.state import State

FORMAT = "terranova-tournament/1"
BOOTSTRAP_SAMPLES = 1000
"""Bootstrap resamples of the deals for the rating intervals."""
RATING_PRIOR = 1.0
"""Virtual games between every pair of bots, split evenly, in the Bradley-Terry fit."""
PERMUTATIONS_UP_TO = 3
"""All seat permutations up to this many players, rotations above."""


def seatings(bots: int, players: int) -> list[tuple[int, ...]]:
    """The bot of every seat in each game of a deal (see the module doc).

    >>> seatings(2, 2)
    [(0, 1), (1, 0)]
    >>> seatings(3, 2)
    [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]
    >>> seatings(4, 4)
    [(0, 1, 2, 3), (3, 0, 1, 2), (2, 3, 0, 1), (1, 2, 3, 0)]
    """
    out: list[tuple[int, ...]] = []
    for table in itertools.combinations(range(bots), players):
        if players <= PERMUTATIONS_UP_TO:
            out.extend(itertools.permutations(table))
        else:
            out.extend(
                tuple(table[(seat - shift) % players] for seat in range(players))
                for shift in range(players)
            )
    return out


def bot_labels(specs: Sequence[str]) -> list[str]:
    """Names for the bots: their specs, numbered when a spec is named more than once.

    >>> bot_labels(["greedy", "mcts", "greedy"])
    ['greedy #0', 'mcts', 'greedy #2']
    """
    counts: dict[str, int] = {}
    for spec in specs:
        counts[spec] = counts.get(spec, 0) + 1
    return [spec if counts[spec] == 1 else f"{spec} #{i}" for i, spec in enumerate(specs)]


@dataclass(frozen=True)
class TournamentConfig:
    """What to play: the game, its variants, the bots (specs), the seats and how much."""

    game: str
    bots: list[str]
    players: int
    games: int
    seed: int
    variants: dict[str, str] = field(default_factory=dict)
    sprt: Sprt | None = None

    def __post_init__(self) -> None:
        info = game_info(self.game)
        if "players" in self.variants:
            raise InvalidParameterError("the number of players is not a variant")
        info.resolve({**self.variants, "players": self.players})  # checks seats and variants
        if len(self.bots) < self.players:
            raise InvalidParameterError(
                f"{len(self.bots)} bots for {self.players} players: name at least as many "
                "bots as players (a spec may be named twice)"
            )
        if self.games < 1:
            raise InvalidParameterError(f"a tournament plays at least one game, not {self.games}")
        for spec in self.bots:  # refuse a bad spec before anything is played
            check_agent(spec, info.id, params={**self.variants, "players": self.players})
        if self.sprt is not None and len(self.bots) != 2:
            raise InvalidParameterError(
                f"an SPRT compares two bots, not {len(self.bots)} ({', '.join(self.bots)})"
            )

    @property
    def seatings(self) -> list[tuple[int, ...]]:
        return seatings(len(self.bots), self.players)

    @property
    def games_per_deal(self) -> int:
        return len(self.seatings)

    @property
    def deals(self) -> int:
        """Deals to play (at most, with an SPRT): ``games`` rounded up to whole deals."""
        return -(-self.games // self.games_per_deal)

    def params(self) -> dict[str, ParamValue]:
        """The game's parameters, resolved."""
        return game_info(self.game).resolve({**self.variants, "players": self.players})

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "bots": list(self.bots),
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "variants": dict(self.variants),
            "sprt": self.sprt.to_dict() if self.sprt else None,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TournamentConfig:
        sprt = data.get("sprt")
        return cls(
            game=data["game"],
            bots=list(data["bots"]),
            players=int(data["players"]),
            games=int(data["games"]),
            seed=int(data["seed"]),
            variants=dict(data.get("variants") or {}),
            sprt=Sprt(sprt["p0"], sprt["p1"], sprt["alpha"], sprt["beta"]) if sprt else None,
        )


@dataclass(frozen=True)
class GameOutcome:
    """One game of a deal: who sat where, the final scores and the winners."""

    deal: int
    seating: tuple[int, ...]
    """``seating[seat]`` is the bot in that seat."""
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    """Winning seats (a tie shares the win)."""
    actions: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "seats": list(self.seating),
            "scores": list(self.scores),
            "winners": list(self.winners),
            "actions": self.actions,
        }


@dataclass(frozen=True)
class DecisionTimes:
    """Time a bot spent deciding in some games (not part of the results proper): wall time,
    which includes waiting for a core on a busy machine, and CPU time, which does not."""

    decisions: int = 0
    seconds: float = 0.0
    longest: float = 0.0
    cpu_seconds: float = 0.0
    cpu_longest: float = 0.0

    def __add__(self, other: DecisionTimes) -> DecisionTimes:
        return DecisionTimes(
            self.decisions + other.decisions,
            self.seconds + other.seconds,
            max(self.longest, other.longest),
            self.cpu_seconds + other.cpu_seconds,
            max(self.cpu_longest, other.cpu_longest),
        )


@dataclass(frozen=True)
class DealResult:
    """Every game of one deal, and how long its bots took."""

    deal: int
    games: tuple[GameOutcome, ...]
    times: tuple[DecisionTimes, ...]
    """Per bot (index into the config's bots)."""


class _Timed:
    """Wraps a bot to time its decisions."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.name = inner.name
        self.times = DecisionTimes()

    def select(self, state: State) -> Action:
        start = time.perf_counter()
        cpu = time.thread_time()
        action = self.inner.select(state)
        used = time.thread_time() - cpu
        elapsed = time.perf_counter() - start
        self.times = self.times + DecisionTimes(1, elapsed, elapsed, used, used)
        return action


def play_deal(config: TournamentConfig, deal: int) -> DealResult:
    """Play every seating of one deal (a pure function of the config and the deal index)."""
    seed = derive_seed(config.seed, "deal", deal)
    games = []
    times = [DecisionTimes()] * len(config.bots)
    for seating in config.seatings:
        agents = [_Timed(make_agent(config.bots[b], derive_seed(seed, "bot", b))) for b in seating]
        state = make(config.game, **{**config.variants, "players": config.players})
        record = play(state, agents, seed)
        assert record.result is not None
        games.append(
            GameOutcome(
                deal=deal,
                seating=tuple(seating),
                scores=tuple(float(s) for s in record.result["scores"]),
                winners=tuple(record.result["winners"]),
                actions=len(record.actions),
            )
        )
        for bot, agent in zip(seating, agents, strict=True):
            times[bot] = times[bot] + agent.times
    return DealResult(deal, tuple(games), tuple(times))


def play_deal_from_data(config: dict[str, Any], deal: int) -> DealResult:
    """:func:`play_deal` for a worker process or a Ray task: the config travels as its plain
    dict (:meth:`TournamentConfig.to_dict`)."""
    return play_deal(TournamentConfig.from_dict(config), deal)


# ------------------------------------------------------------------------- results


@dataclass
class BotSummary(Tally):
    """One bot's results over the tournament: a tally, its spec and its thinking times."""

    spec: str = ""
    times: DecisionTimes = field(default_factory=DecisionTimes)

    def to_dict(self, key: str = "bot") -> dict[str, Any]:
        counts = super().to_dict(key)
        return {
            key: self.index,
            "spec": self.spec,
            "label": self.label,
            **{k: v for k, v in counts.items() if k not in (key, "spec")},
        }


@dataclass
class SprtState:
    """Where an SPRT stands: the first bot's wins and losses (ties split) and its decision."""

    test: Sprt
    wins: float = 0.0
    losses: float = 0.0
    decision: str | None = None
    deal: int | None = None
    """The deal after which it decided."""

    @property
    def llr(self) -> float:
        return self.test.llr(self.wins, self.losses)

    def to_dict(self) -> dict[str, Any]:
        return self.test.to_dict() | {
            "hypotheses": (
                "p = P(first bot wins a game against the second, a tie counting half); "
                f"H0: p = {self.test.p0}, H1: p = {self.test.p1}"
            ),
            "wins": self.wins,
            "losses": self.losses,
            "llr": round(self.llr, 6),
            "decision": self.decision,
            "decided_after_deal": self.deal,
        }


@dataclass
class TournamentResult:
    """Everything measured in a tournament; :meth:`to_dict` is its JSON document."""

    config: TournamentConfig
    bots: list[BotSummary]
    outcomes: list[GameOutcome] = field(default_factory=list)
    deals: int = 0
    sprt: SprtState | None = None
    seconds: float = 0.0
    workers: int = 1
    backend: str = "local"
    ratings: list[Rating] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.outcomes)

    @property
    def stopped_early(self) -> bool:
        return self.sprt is not None and self.sprt.decision is not None

    def add(self, deal: DealResult) -> None:
        """Count one deal (deals are added in order)."""
        assert deal.deal == self.deals, "deals are added in order"
        self.deals += 1
        for game in deal.games:
            self.outcomes.append(game)
            for seat, bot in enumerate(game.seating):
                self.bots[bot].add(game.scores[seat], game.winners, seat)
        for bot, times in enumerate(deal.times):
            self.bots[bot].times = self.bots[bot].times + times
        sprt = self.sprt
        if sprt is not None and sprt.decision is None:
            for game in deal.games:
                first = game.seating.index(0)
                second = game.seating.index(1)
                a, b = game.scores[first], game.scores[second]
                x = 1.0 if a > b else 0.0 if a < b else 0.5
                sprt.wins += x
                sprt.losses += 1.0 - x
            sprt.decision = sprt.test.decide(sprt.llr)
            if sprt.decision is not None:
                sprt.deal = deal.deal

    def pair_wins(self) -> np.ndarray[Any, np.dtype[np.float64]]:
        """``out[d, i, j]``: how often bot ``i`` outscored bot ``j`` in deal ``d`` (ties
        count half), over every pair of seats of every game."""
        m = len(self.bots)
        out = np.zeros((max(self.deals, 1), m, m))
        for game in self.outcomes:
            for s, t in itertools.combinations(range(len(game.seating)), 2):
                i, j = game.seating[s], game.seating[t]
                a, b = game.scores[s], game.scores[t]
                x = 1.0 if a > b else 0.0 if a < b else 0.5
                out[game.deal, i, j] += x
                out[game.deal, j, i] += 1.0 - x
        return out

    def compute_ratings(self) -> list[Rating]:
        """Bradley-Terry ratings of the bots with 95 % bootstrap intervals over deals."""
        self.ratings = bootstrap_ratings(
            self.pair_wins(),
            BOOTSTRAP_SAMPLES,
            derive_seed(self.config.seed, "bootstrap"),
            RATING_PRIOR,
        )
        return self.ratings

    def pairwise(self) -> list[list[dict[str, Any] | None]]:
        """``table[i][j]``: games between bots ``i`` and ``j`` and how often ``i`` scored more
        (a tie counting half); ``None`` on the diagonal."""
        total = self.pair_wins().sum(axis=0)
        m = len(self.bots)
        table: list[list[dict[str, Any] | None]] = []
        for i in range(m):
            row: list[dict[str, Any] | None] = []
            for j in range(m):
                games = total[i, j] + total[j, i]
                if i == j:
                    row.append(None)
                else:
                    rate = total[i, j] / games if games else None
                    row.append(
                        {
                            "games": round(float(games)),
                            "win_rate": None if rate is None else round(float(rate), 6),
                        }
                    )
            table.append(row)
        return table

    def score_difference(self) -> MeanInterval | None:
        """With two bots: the first's score minus the second's, per game, averaged per deal,
        with a 95 % t interval over deals."""
        if len(self.bots) != 2:
            return None
        per_deal: dict[int, list[float]] = {}
        for game in self.outcomes:
            first, second = game.seating.index(0), game.seating.index(1)
            per_deal.setdefault(game.deal, []).append(game.scores[first] - game.scores[second])
        return mean_interval([sum(v) / len(v) for _, v in sorted(per_deal.items())])

    def to_dict(self) -> dict[str, Any]:
        """The JSON document (``timing`` is the only part that varies between runs)."""
        ratings = self.ratings or self.compute_ratings()
        config = self.config
        difference = self.score_difference()
        return {
            "format": FORMAT,
            "config": config.to_dict(),
            "game": config.game,
            "params": config.params(),
            "players": config.players,
            "seed": config.seed,
            "seating": (
                "every deal is played for every table (choice of players among the bots) in "
                + (
                    "every seat permutation"
                    if config.players <= PERMUTATIONS_UP_TO
                    else "every seat rotation"
                )
                + "; deal d has seed derive_seed(seed, 'deal', d), bot b the seed "
                "derive_seed(deal seed, 'bot', b)"
            ),
            "games_per_deal": config.games_per_deal,
            "deals": self.deals,
            "games": self.games,
            "stopped_early": self.stopped_early,
            "bots": [
                b.to_dict() | {"rating": r.to_dict()}
                for b, r in zip(self.bots, ratings, strict=True)
            ],
            "ratings": {
                "model": "Bradley-Terry over every pair of seats of every game (a higher "
                "score wins, a tie counts half), Elo scale, mean 0",
                "interval": f"95 % percentile bootstrap over deals ({BOOTSTRAP_SAMPLES} resamples)",
                "prior": f"{RATING_PRIOR:g} virtual game between every pair, split evenly",
                "bots": [r.to_dict() for r in ratings],
            },
            "pairwise": self.pairwise(),
            "score_difference": (
                None
                if difference is None
                else difference.to_dict()
                | {
                    "of": f"{self.bots[0].label} minus {self.bots[1].label}",
                    "interval": "95 % t interval over deals (a deal's games averaged)",
                }
            ),
            "sprt": self.sprt.to_dict() if self.sprt else None,
            "outcomes": [g.to_dict() for g in self.outcomes],
            "timing": {
                "seconds": round(self.seconds, 3),
                "workers": self.workers,
                "backend": self.backend,
                "bots": [
                    {
                        "bot": b.index,
                        "decisions": b.times.decisions,
                        "mean_seconds": round(b.times.seconds / b.times.decisions, 6)
                        if b.times.decisions
                        else None,
                        "max_seconds": round(b.times.longest, 6),
                        "mean_cpu_seconds": round(b.times.cpu_seconds / b.times.decisions, 6)
                        if b.times.decisions
                        else None,
                        "max_cpu_seconds": round(b.times.cpu_longest, 6),
                    }
                    for b in self.bots
                ],
            },
        }


# ---------------------------------------------------------------------------- running

ProgressCallback = Callable[[DealResult, "TournamentResult"], None]


def _in_order(results: Iterator[DealResult], result: TournamentResult) -> Iterator[DealResult]:
    """Deals as they finish, put back in deal order."""
    waiting: dict[int, DealResult] = {}
    for deal in results:
        waiting[deal.deal] = deal
        while result.deals in waiting:
            yield waiting.pop(result.deals)


class DealBackend(Protocol):
    """Where a tournament's deals are played: :class:`LocalBackend` here, or
    :class:`terranova.arena.ray_backend.RayBackend` on Ray (``arena.backends.deal_backend``
    picks one by its name). Either gives the same results for a seed."""

    @property
    def name(self) -> str:
        """Its name in the results (``local``, ``ray``)."""
        ...

    def deals(
        self, config: TournamentConfig, workers: int, stop: Callable[[], bool]
    ) -> Iterator[DealResult]:
        """Deal results as they finish, none started once ``stop()``."""
        ...


@dataclass(frozen=True)
class LocalBackend:
    """Deals in this process (one worker) or in ``workers`` spawned processes."""

    name: str = "local"

    def deals(
        self, config: TournamentConfig, workers: int, stop: Callable[[], bool]
    ) -> Iterator[DealResult]:
        if workers <= 1:
            for deal in range(config.deals):
                if stop():
                    return
                yield play_deal(config, deal)
            return
        payload = config.to_dict()
        window = 2 * workers
        # spawn: fresh interpreters, safe whatever threads this process runs (a progress bar)
        executor = ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn"))
        try:
            pending: set[Future[DealResult]] = set()
            next_deal = 0
            while next_deal < config.deals or pending:
                while next_deal < config.deals and len(pending) < window and not stop():
                    pending.add(executor.submit(play_deal_from_data, payload, next_deal))
                    next_deal += 1
                if not pending:
                    return
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in sorted(done, key=lambda f: f.result().deal):
                    yield future.result()
                if stop():
                    return
        finally:
            executor.shutdown(wait=True, cancel_futures=True)


LOCAL = LocalBackend()


def run_tournament(
    config: TournamentConfig,
    workers: int = 1,
    backend: DealBackend = LOCAL,
    on_deal: ProgressCallback | None = None,
) -> TournamentResult:
    """Play the tournament and gather its results (in deal order, whatever the backend).

    ``workers``: processes (local) or CPUs of a Ray started for the run; ``backend``: where
    the deals are played (:class:`LocalBackend` by default). ``on_deal(deal, result)`` is
    called after each deal is counted (progress)."""
    if workers < 1:
        raise InvalidParameterError(f"workers is at least 1, not {workers}")
    result = TournamentResult(
        config=config,
        bots=[
            BotSummary(i, label, spec=spec)
            for i, (spec, label) in enumerate(
                zip(config.bots, bot_labels(config.bots), strict=True)
            )
        ],
        sprt=SprtState(config.sprt) if config.sprt else None,
        workers=workers,
        backend=backend.name,
    )

    def stop() -> bool:
        return result.stopped_early

    start = time.perf_counter()
    source = backend.deals(config, workers, stop)
    try:
        for deal in _in_order(source, result):
            if result.stopped_early:
                break
            result.add(deal)
            if on_deal is not None:
                on_deal(deal, result)
    finally:
        close = getattr(source, "close", None)
        if close is not None:
            close()
    result.seconds = time.perf_counter() - start
    result.compute_ratings()
    return result
