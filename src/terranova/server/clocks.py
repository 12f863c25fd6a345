"""The server's clocks: a live table's time per move (when a person's time runs out, the
bot ``TIMEOUT_BOT`` plays for them), and response windows (when a window's time runs out,
the seats still silent let the action pass)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable

from terranova.core.rng import derive_seed
from terranova.server.autoplay import Autoplay, Commit, position_job
from terranova.server.background import GameTasks
from terranova.server.cache import GameCache
from terranova.server.errors import Stale
from terranova.server.live import LiveGame

log = logging.getLogger("terranova.server")

TIMEOUT_BOT = "greedy"
"""Who plays a person's move when its time runs out."""


class MoveClocks:
    """The time per move of the tables that have one: a clock per position (log length),
    kept while the position stands, even if the game leaves memory."""

    def __init__(
        self,
        games: GameCache,
        autoplay: Autoplay,
        broadcast: Callable[[LiveGame], None],
        runs: Callable[[str], bool],
    ) -> None:
        self.games = games
        self.autoplay = autoplay
        self._broadcast = broadcast
        self.runs = runs
        self._clocks: dict[str, tuple[int, float, asyncio.Task[None] | None]] = {}
        """Per game: the position (log length) whose move is timed, when it runs out, and
        the task that plays for the person then (None: another process runs the game; this
        one only shows the time)."""
        self.closing = False

    def ensure(self, game: LiveGame) -> None:
        """Time the move of the person to move, if the table limits it (and stop a clock of
        a position that is gone); ``game.move_ends_at`` says when it runs out."""
        game_id = game.public_id
        actor = game.to_move()
        timed = (
            game.move_seconds is not None
            and game.playing
            and game.window is None
            and actor is not None
            and game.seats[actor].kind == "human"
            and not self.closing
        )
        kept = self._clocks.get(game_id)
        if kept is not None and (not timed or kept[0] != game.seq):
            if kept[2] is not None and kept[2] is not asyncio.current_task():
                kept[2].cancel()
            del self._clocks[game_id]
            kept = None
        if not timed or actor is None or game.move_seconds is None:
            game.move_ends_at = None
            return
        ends_at = time.time() + game.move_seconds if kept is None else kept[1]
        task = None if kept is None else kept[2]
        if task is None and self.runs(game_id):
            task = asyncio.create_task(self._run(game_id, game.seq, actor, ends_at))
        self._clocks[game_id] = (game.seq, ends_at, task)
        game.move_ends_at = ends_at

    def stop(self, game_id: str) -> None:
        kept = self._clocks.pop(game_id, None)
        if kept is not None and kept[2] is not None:
            kept[2].cancel()

    async def close(self) -> None:
        self.closing = True
        tasks = [task for _, _, task in self._clocks.values() if task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._clocks.clear()

    async def _run(self, game_id: str, seq: int, seat: int, ends_at: float) -> None:
        """When the time of ``seat``'s move runs out at the position ``seq``, play
        ``TIMEOUT_BOT``'s move for it."""
        try:
            await asyncio.sleep(max(0.0, ends_at - time.time()))
            async with self.games.lock(game_id):
                game = await self.games.load(game_id)
                if game.seq != seq or game.to_move() != seat or game.window is not None:
                    return
                snapshot = game.state.clone()
                job = position_job(
                    game, TIMEOUT_BOT, derive_seed(game.seed, "timeout", seat, game.ply)
                )
            log.info("game %s: seat %d ran out of time; %s plays for it", game_id, seat, job.spec)
            await self.autoplay.play_chosen(job, snapshot, seq, seat)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the move clock of game %s stops", game_id)
        finally:
            kept = self._clocks.get(game_id)
            if kept is not None and kept[2] is asyncio.current_task():
                del self._clocks[game_id]
                cached = self.games.peek(game_id)
                if cached is not None and cached.move_ends_at == ends_at:
                    cached.move_ends_at = None  # stopped early: no countdown to nothing
                    cached.changed()
                    self._broadcast(cached)


class WindowClocks:
    """The clocks of the open response windows: each lets its window pass for the seats
    that have let it pass already or are out of time."""

    def __init__(self, games: GameCache, commit: Commit, runs: Callable[[str], bool]) -> None:
        self.games = games
        self._commit = commit
        self.runs = runs
        self._tasks = GameTasks("response clock")
        self._wake: dict[str, asyncio.Event] = {}
        self.closing = False

    def moved(self, game: LiveGame) -> None:
        """``game`` changed (:meth:`~terranova.server.service.GameService.moved`)."""
        self.ensure(game.public_id)

    def ensure(self, game_id: str) -> None:
        """Start (or wake) the clock of the game's open window, if this process runs it."""
        if self.closing or not self.runs(game_id):
            return
        game = self.games.peek(game_id)
        if game is not None and game.window is None:
            return
        wake = self._wake.get(game_id)
        if wake is not None:
            wake.set()
        if self._tasks.running(game_id):
            return
        self._wake[game_id] = asyncio.Event()
        self._tasks.start(game_id, self._loop(game_id))

    def stop(self, game_id: str) -> None:
        self._tasks.stop(game_id)
        self._wake.pop(game_id, None)  # the task stopped no longer owns it

    async def close(self) -> None:
        self.closing = True
        await self._tasks.close()
        self._wake.clear()

    async def _loop(self, game_id: str) -> None:
        """Let the open window pass for its seats that have let it pass or are out of time,
        sleeping until its clock runs out or a change wakes it."""
        try:
            await self._run(game_id)
        finally:
            if self._tasks.is_current(game_id):
                self._wake.pop(game_id, None)

    async def _run(self, game_id: str) -> None:
        while not self.closing:
            wake = self._wake[game_id]
            wake.clear()
            async with self.games.lock(game_id):
                game = await self.games.load(game_id)
                window = game.window
                if window is None or not game.playing:
                    return
                first = window.rules.seats[0]
                if game.seats[first].kind == "bot":
                    return  # the bots' task answers; a commit starts this again
                now = time.monotonic()
                if first in window.passed or now >= window.deadline:
                    move = game.timeline.begin()
                    move.apply(window.rules.let_pass)
                    move.early_passes(window)
                    move.settle(game.seed)
                    with contextlib.suppress(Stale):
                        await self._commit(game, move, first)
                    continue
                wait = window.deadline - now
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), timeout=wait)
