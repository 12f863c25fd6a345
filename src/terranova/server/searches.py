"""Help from our search bots on the web: a hint for the seat to move, and the analysis of a
finished game (:mod:`terranova.agents.advice`), searched in the bots' worker processes, at
most ``max_searches_in_flight`` at once on a server."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any, TypeVar

from terranova.agents.worker import BotJob
from terranova.core.rng import derive_seed
from terranova.core.state import State
from terranova.server.autoplay import position_job
from terranova.server.bots import BotRunner
from terranova.server.cache import GameCache
from terranova.server.errors import (
    ABANDONED,
    Busy,
    Forbidden,
    Refused,
    ServiceError,
    Stale,
    Unavailable,
)
from terranova.server.live import LiveGame
from terranova.server.seats import authorize
from terranova.server.settings import Settings
from terranova.server.store import GameStore

T = TypeVar("T")

log = logging.getLogger("terranova.server")

MISTAKE = 0.1
"""A decision that lost this much of the search's value (0..1) is a mistake."""
MISTAKES_SHOWN = 5
"""The biggest mistakes an analysis lists."""


class Searches:
    """Hints and analyses (module doc)."""

    def __init__(
        self, games: GameCache, store: GameStore, bots: BotRunner, settings: Settings
    ) -> None:
        self.games = games
        self.store = store
        self.bots = bots
        self.settings = settings
        self.in_flight = 0
        """Hint and analysis searches running or queued."""
        self.analyses_in_flight = 0

    async def hint(self, game_id: str, seat: int, token: str | None) -> tuple[int, dict[str, Any]]:
        """What our search bot would play for ``seat``, which is to decide now, with its
        estimate and the moves it weighed (:func:`~terranova.agents.advice.advise`); the
        seat is noted as having asked (the record says so). One search per position and
        seat: asked again, even while it runs, the same answer. At most
        ``max_searches_in_flight`` searches at once on this server (Busy beyond). Answers the
        ply it is for, and the advice."""
        async with self.games.lock(game_id):
            game = await self.games.load(game_id)
            authorize(game, seat, token)
            if not game.playing:
                raise Refused("the game is over" if game.finished else ABANDONED)
            if not game.allows_hints(seat):
                raise Forbidden(
                    "hints are off at this table: in a game between people, its creator "
                    "must allow them"
                )
            if game.to_move() != seat or game.window is not None:
                raise Refused("a hint is for your own move: it is not your turn")
            key = (seat, game.seq)
            ply = game.ply
            search = game.advice.get(key)
            if search is None:
                if self.in_flight >= self.settings.max_searches_in_flight:
                    raise Busy("the search bots are busy: ask for the hint again in a moment")
                s = self.settings
                job = position_job(
                    game,
                    f"ismcts:iterations={min(s.hint_iterations, s.max_bot_iterations)}",
                    derive_seed(game.seed, "hint", seat, game.seq),
                    advice=True,
                )
                position = game.state.clone()  # for greedy's suggestion, if it comes to that
                search = game.advice[key] = self._searching(self._advise(job, position))
                if seat not in game.hinted:
                    try:
                        hinted = await asyncio.to_thread(self.store.mark_hinted, game.pk, seat)
                    except BaseException:
                        search.cancel()
                        game.advice.pop(key, None)
                        raise
                    game.hinted = set(hinted)
        # awaited without the game's lock: moves go on meanwhile, the answer names its ply
        try:
            advice = await asyncio.shield(search)
        except ServiceError:
            if game.advice.get(key) is search:
                del game.advice[key]  # a failed search is not kept: the next ask tries again
            raise
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if search.cancelled() and not (task is not None and task.cancelling()):
                raise Stale("the game moved on while the hint was searched") from None
            raise
        return ply, advice

    async def analysis(self, game_id: str) -> dict[str, Any]:
        """A finished game reviewed by our search bot (:func:`~terranova.agents.advice.review`):
        every decision with a choice scored by what it lost against the move the bot
        preferred, the biggest mistakes, and each seat's mean loss. Searched once per game
        (kept while the game is in memory), within ``max_searches_in_flight``."""
        async with self.games.lock(game_id):
            game = await self.games.load(game_id)
            if not game.finished:
                raise Stale("the analysis is available once the game is over")
            search = game.analysis
            if search is None:
                s = self.settings
                # one bot worker at least is kept for the bots' moves
                if s.bot_processes < 2:
                    raise Unavailable(
                        "this server keeps its one bot worker for the bots' moves: it makes "
                        "no analyses"
                    )
                if (
                    self.in_flight >= s.max_searches_in_flight
                    or self.analyses_in_flight >= s.bot_processes - 1
                ):
                    raise Busy("the search bots are busy: ask for the analysis again in a moment")
                iterations = min(s.analysis_iterations, s.max_bot_iterations)
                job = position_job(
                    game,
                    # no rollouts: the positions' own estimates, for a game's many decisions
                    f"ismcts:iterations={iterations},depth=0",
                    derive_seed(game.seed, "analysis"),
                    review=True,
                    seconds=s.max_analysis_seconds,
                )
                self.analyses_in_flight += 1
                search = game.analysis = self._searching(self._review(job, iterations))
                search.add_done_callback(self._analysis_done)
        try:
            timeout = self.settings.max_analysis_seconds + 10
            return await asyncio.wait_for(asyncio.shield(search), timeout=timeout)
        except TimeoutError:
            if game.analysis is search:
                game.analysis = None
            raise Unavailable("the analysis took too long: try again later") from None
        except ServiceError:
            if game.analysis is search:
                game.analysis = None  # a failed review is not kept: the next ask tries again
            raise

    def _searching(self, work: Coroutine[Any, Any, T]) -> asyncio.Future[T]:
        """``work`` (a hint's or an analysis's search) started, counted in flight until it
        ends, however it ends (even cancelled before it began)."""
        self.in_flight += 1
        future = asyncio.ensure_future(work)
        future.add_done_callback(self._search_done)
        return future

    def _search_done(self, _: asyncio.Future[Any]) -> None:
        self.in_flight -= 1

    def _analysis_done(self, _: asyncio.Future[Any]) -> None:
        self.analyses_in_flight -= 1

    async def _review(self, job: BotJob, iterations: int) -> dict[str, Any]:
        judged = await self.bots.review(job)
        if judged is None:
            raise Unavailable("the analysis could not be made: try again later")
        mistakes = sorted(
            (j for j in judged if j["loss"] >= MISTAKE), key=lambda j: (-j["loss"], j["ply"])
        )
        seats = sorted({j["seat"] for j in judged})
        return {
            "bot": job.spec,
            "iterations": iterations,
            "decisions": judged,
            "mistakes": mistakes[:MISTAKES_SHOWN],
            "seats": [
                {
                    "seat": seat,
                    "decisions": len(mine),
                    "mean_loss": round(sum(j["loss"] for j in mine) / len(mine), 3),
                    "mistakes": sum(j["loss"] >= MISTAKE for j in mine),
                }
                for seat in seats
                for mine in [[j for j in judged if j["seat"] == seat]]
            ],
        }

    async def _advise(self, job: BotJob, position: State) -> dict[str, Any]:
        """The hint: the search's advice when it ends (its budget of iterations spent, or
        its wall-clock cap reached: ``complete`` False); its best so far when it runs out
        of time; greedy's suggestion (``source`` greedy) when the search found nothing in
        time, its worker died, or no worker took it in time (a busy machine)."""
        s = self.settings
        wait = 2 * (s.max_bot_seconds + s.bot_grace_seconds) + 5
        try:
            kind, advice = await asyncio.wait_for(self.bots.advise(job), timeout=wait)
        except TimeoutError:  # still queued: then skipped by the workers
            kind, advice = "late", None
        if advice is None:
            log.warning(
                "game %s: no search answered the hint (%s); greedy's suggestion is given",
                job.game_id,
                kind,
            )
            advice = await self.bots.suggest(job, position)
        return advice

    @staticmethod
    def moved_on(game: LiveGame) -> None:
        """Drop the hints of positions the game has left (searches still running stop)."""
        for key in [k for k in game.advice if k[1] != game.seq]:
            game.advice.pop(key).cancel()
