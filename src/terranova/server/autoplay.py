"""The server's own moves in its games: the bots' and the automaton's decisions, and chance,
played as soon as it is their turn (after the table's ``bot_delay_ms``, and in a game no
person plays at least ``min_unwatched_bot_delay_ms``: :func:`bot_delay`, and no more than
``unwatched_bot_moves_per_second`` of them a second for one creator: :class:`CreatorPace`),
each through the service's one way of committing a move.

Determinism: a bot's decision comes from ``make_agent(spec, derive_seed(seed, "bot", seat,
ply))`` and chance from ``derive_seed(seed, "chance", ply)``, so a restarted server goes on
with every game exactly as it would have (unless a search was cut by the server's time
limit: see :mod:`terranova.server.bots`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from terranova.agents.worker import BotJob
from terranova.core.errors import TerranovaError
from terranova.core.rng import derive_seed
from terranova.core.state import CHANCE, State
from terranova.server.background import GameTasks
from terranova.server.bots import BotRunner
from terranova.server.cache import GameCache
from terranova.server.errors import Stale
from terranova.server.live import LiveGame, Move

log = logging.getLogger("terranova.server")

Commit = Callable[[LiveGame, Move, int | None], Awaitable[None]]
"""The service's commit: write these actions (played from the live state, giving the state
passed), apply them to the live game and tell everyone; the seat whose decision it is, if
any. Raises Stale if another move landed first."""


def position_job(game: LiveGame, spec: str, seed: int, **kind: Any) -> BotJob:
    """A bot worker's job on ``game``'s position now: a move, or with ``advice=True`` or
    ``review=True`` (and its ``seconds``) a hint or a review."""
    return BotJob(
        game.public_id,
        game.game,
        game.params,
        tuple(game.timeline.texts),
        spec,
        seed,
        creator=game.creator,
        **kind,
    )


def needs_server(game: LiveGame) -> bool:
    """Whether the server is to move in ``game``: chance, or a bot's turn."""
    if game.abandoned:
        return False
    actor = game.state.current_player()
    return actor == CHANCE or (actor >= 0 and game.seats[actor].kind == "bot")


def unwatched(game: LiveGame) -> bool:
    """Whether no person holds or may take a seat of ``game`` (every seat a bot's or the
    automaton's, as once everyone resigned): nobody waits on such a game."""
    return all(seat.kind in ("bot", "automaton") for seat in game.seats)


def bot_delay(game: LiveGame, unwatched_ms: int) -> float:
    """Seconds to pause before a bot's move in ``game``: its ``bot_delay_ms``, and at least
    ``unwatched_ms`` in a game no person plays (:func:`unwatched`), which must not play, and
    fill the database, as fast as the server can."""
    if unwatched(game):
        return max(game.bot_delay_ms, unwatched_ms) / 1000
    return game.bot_delay_ms / 1000


class CreatorPace:
    """The bot moves of the games one creator (a client address's digest) made that no
    person plays, all together: at most ``rate`` a second (0: no limit). Each move takes
    the next free slot of its creator, no sooner than its own pause."""

    KEPT = 1024
    """Creators remembered before those whose slots are all past are forgotten."""

    def __init__(self, rate: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.clock = clock
        self._next: dict[str, float] = {}

    def wait(self, creator: str | None, pause: float) -> float:
        """Seconds to wait before a move of ``creator``'s that would pause ``pause``."""
        if self.rate <= 0:
            return pause
        now = self.clock()
        if len(self._next) > self.KEPT:
            self._next = {key: at for key, at in self._next.items() if at > now}
        key = creator or ""
        start = max(now + pause, self._next.get(key, now))
        self._next[key] = start + 1 / self.rate
        return start - now


class Autoplay:
    """Moves for the bots (and resolves chance) of the games this process runs (module
    doc); ``runs`` says which."""

    def __init__(
        self,
        games: GameCache,
        bots: BotRunner,
        commit: Commit,
        runs: Callable[[str], bool],
        unwatched_ms: int = 0,
        unwatched_rate: float = 0.0,
    ) -> None:
        self.games = games
        self.bots = bots
        self._commit = commit
        self.runs = runs
        self.unwatched_ms = unwatched_ms
        self.pace = CreatorPace(unwatched_rate)
        self.sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
        """How a bot's pause is waited out (a test counts the pauses through it)."""
        self._tasks = GameTasks("bots")
        self.closing = False

    def moved(self, game: LiveGame) -> None:
        """``game`` changed (:meth:`~terranova.server.service.GameService.moved`)."""
        self.ensure(game.public_id)

    def ensure(self, game_id: str) -> None:
        """Start the task that moves for the bots of ``game_id`` if they are to move."""
        if self.closing or not self.runs(game_id) or self._tasks.running(game_id):
            return
        game = self.games.peek(game_id)
        if game is not None and not needs_server(game):
            return
        self._tasks.start(game_id, self._loop(game_id))

    def stop(self, game_id: str) -> None:
        self._tasks.stop(game_id)

    def active(self) -> set[asyncio.Task[None]]:
        return self._tasks.active()

    async def close(self) -> None:
        self.closing = True
        await self._tasks.close()

    async def _loop(self, game_id: str) -> None:
        """Move for the bots (and resolve chance) while a bot is to move."""
        while not self.closing:
            async with self.games.lock(game_id):
                game = await self.games.load(game_id)
                if not needs_server(game):
                    return
                seq = game.seq
                actor = game.state.current_player()
                if actor == CHANCE:  # resolved at once (normally done with the move)
                    move = game.timeline.begin()
                    move.settle(game.seed)
                    await self._commit(game, move, None)
                    continue
                if actor < 0 or game.seats[actor].kind != "bot":
                    return
                delay = bot_delay(game, self.unwatched_ms)
                if unwatched(game):
                    delay = self.pace.wait(game.creator, delay)
            if delay > 0:
                await self.sleep(delay)
            async with self.games.lock(game_id):
                game = await self.games.load(game_id)
                if game.seq != seq:
                    continue
                snapshot = game.state.clone()
                job = position_job(
                    game,
                    game.seats[actor].bot or "random",
                    derive_seed(game.seed, "bot", actor, game.ply),
                )
            if not await self.play_chosen(job, snapshot, seq, actor):
                return

    async def play_chosen(self, job: BotJob, snapshot: State, seq: int, actor: int) -> bool:
        """Play for ``actor`` the move ``job``'s bot chooses on ``snapshot``, the position
        ``seq`` of its game, with what follows it at once (the early passes of a response
        window it answers, chance); nothing if the game has moved on meanwhile. False if the
        bot chose an illegal action."""
        action = await self.bots.choose(job, snapshot)
        async with self.games.lock(job.game_id):
            game = await self.games.load(job.game_id)
            if game.seq != seq or not game.playing:
                return True
            move = game.timeline.begin()
            try:
                move.apply(action)
            except TerranovaError as exc:
                log.error("game %s: bot %s chose an illegal action: %s", job.game_id, job.spec, exc)
                return False
            if game.window is not None:
                move.early_passes(game.window)
            move.settle(game.seed)
            with contextlib.suppress(Stale):
                await self._commit(game, move, actor)
        return True
