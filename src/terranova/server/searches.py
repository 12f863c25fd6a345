"""Help from our search bots on the web: a hint for the seat to move, and the analysis of a
finished game (:mod:`terranova.agents.advice`), searched in the bots' worker processes, at
most ``max_searches_in_flight`` at once on a server."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, TypeVar

from terranova.agents.advice import decisions
from terranova.agents.worker import BotJob
from terranova.core.i18n import _
from terranova.core.registry import make
from terranova.core.rng import derive_seed
from terranova.core.state import State
from terranova.server.autoplay import position_job
from terranova.server.bots import BotRunner
from terranova.server.cache import GameCache
from terranova.server.errors import (
    ABANDONED,
    GAME_OVER,
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
from terranova.server.store import GameStore, StoredAnalysis

T = TypeVar("T")

log = logging.getLogger("terranova.server")

MISTAKE = 0.1
"""A decision that lost this much of the search's value (0..1) is a mistake."""
MISTAKES_SHOWN = 5
"""The biggest mistakes an analysis lists."""


class Searches:
    """Hints and analyses (module doc)."""

    def __init__(
        self,
        games: GameCache,
        store: GameStore,
        bots: BotRunner,
        settings: Settings,
        tell: Callable[[str, dict[str, Any]], None] = lambda game_id, message: None,
    ) -> None:
        self.games = games
        self.store = store
        self.bots = bots
        self.settings = settings
        self.tell = tell
        """Sends a message to every page of a game (the game's WebSockets here)."""
        self.in_flight = 0
        """Hint and analysis searches running or queued."""
        self.analyses_in_flight = 0
        self.analysing: dict[str, _Analysing] = {}
        """The analyses made by this process now, by game."""
        self._analyses: set[asyncio.Task[None]] = set()

    async def hint(
        self, game_id: str, seat: int, token: str | None, account: int | None = None
    ) -> tuple[int, dict[str, Any]]:
        """What our search bot would play for ``seat``, which is to decide now, with its
        estimate and the moves it weighed (:func:`~terranova.agents.advice.advise`); the
        seat is noted as having asked (the record says so). One search per position and
        seat: asked again, even while it runs, the same answer. At most
        ``max_searches_in_flight`` searches at once on this server (Busy beyond). Answers the
        ply it is for, and the advice."""
        async with self.games.lock(game_id):
            game = await self.games.load(game_id)
            authorize(game, seat, token, account)
            if not game.playing:
                raise Refused(GAME_OVER if game.finished else ABANDONED)
            if not game.allows_hints(seat):
                raise Forbidden(
                    _(
                        "hints are off at this table: in a game between people, its creator must "
                        "allow them"
                    )
                )
            if game.to_move() != seat or game.window is not None:
                raise Refused(_("a hint is for your own move: it is not your turn"))
            key = (seat, game.seq)
            ply = game.ply
            search = game.advice.get(key)
            if search is None:
                if self.in_flight >= self.settings.max_searches_in_flight:
                    raise Busy(_("the search bots are busy: ask for the hint again in a moment"))
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
                raise Stale(_("the game moved on while the hint was searched")) from None
            raise
        return ply, advice

    async def analysis(self, game_id: str) -> tuple[int, dict[str, Any]]:
        """A finished game reviewed by our search bot (:func:`~terranova.agents.advice.judge`,
        decision by decision): every decision with a choice scored by what it lost against
        the move the bot preferred, the biggest mistakes, and each seat's mean loss.

        Made once per game, in the background, and kept in the database: ``(200,
        analysis)`` once made; ``(202, progress)`` while it is being made, here or by
        another server process (``{"status": "running", "done", "total"}``), starting it
        (or resuming it where a process that stopped left it) if nobody makes it. Starting
        one keeps within ``max_searches_in_flight`` and leaves a bot worker to the bots'
        moves (Busy, Unavailable beyond)."""
        async with self.games.lock(game_id):
            game = await self.games.load(game_id)
            if not game.finished:
                raise Stale(_("the analysis is available once the game is over"))
        running = self.analysing.get(game_id)
        if running is not None:
            return 202, running.progress()
        stored = await asyncio.to_thread(self.store.analysis, game.pk)
        if stored is not None and stored.finished:
            return 200, summary(stored)
        running = self.analysing.get(game_id)
        if running is not None:
            return 202, running.progress()
        if (
            stored is not None
            and stored.holder != self.store.origin
            and stored.expires_at > datetime.now(UTC)
        ):  # another process makes it
            return 202, _Analysing(stored.done, stored.total).progress()
        return await self._start_analysis(game)

    async def _start_analysis(self, game: LiveGame) -> tuple[int, dict[str, Any]]:
        """Make ``game``'s analysis here (resumed where it was left), in the background."""
        s = self.settings
        if s.bot_processes < 2:  # one bot worker at least is kept for the bots' moves
            raise Unavailable(
                _("this server keeps its one bot worker for the bots' moves: it makes no analyses")
            )
        if (
            self.in_flight >= s.max_searches_in_flight
            or self.analyses_in_flight >= s.bot_processes - 1
        ):
            raise Busy(_("the search bots are busy: ask for the analysis again in a moment"))
        game_id = game.public_id
        running = self.analysing[game_id] = _Analysing(0, 0)
        self.in_flight += 1
        self.analyses_in_flight += 1
        started = False
        try:
            iterations = min(s.analysis_iterations, s.max_bot_iterations)
            # no rollouts: the positions' own estimates, for a game's many decisions
            job = position_job(
                game,
                f"ismcts:iterations={iterations},depth=0",
                derive_seed(game.seed, "analysis"),
                review=True,
                seconds=s.max_analysis_seconds,
            )
            plies = await asyncio.to_thread(_decisions, job)
            stored, held = await asyncio.to_thread(
                self.store.claim_analysis, game.pk, job.spec, iterations, len(plies)
            )
            running.done, running.total = stored.done, stored.total
            if stored.finished:
                return 200, summary(stored)
            if not held:
                return 202, running.progress()
            running.task = asyncio.create_task(self._analyse(game_id, game.pk, job, plies, stored))
            self._analyses.add(running.task)
            running.task.add_done_callback(self._analyses.discard)
            started = True
            log.info("game %s: analysed from decision %d of %d", game_id, stored.done, len(plies))
            return 202, running.progress()
        finally:
            if not started:
                self._analysis_over(game_id)

    async def _analyse(
        self, game_id: str, pk: int, job: BotJob, plies: list[int], stored: StoredAnalysis
    ) -> None:
        """Judge the decisions of ``plies`` from ``stored.next_ply`` on, one at a time, each
        stored as it is made and told to the game's pages; the hold on the analysis renewed
        meanwhile. A decision whose worker fails twice (or falls silent for the job's
        ``seconds``) stops it: the hold is given up, and the next ask resumes it."""
        running = self.analysing[game_id]
        keeper = asyncio.create_task(self._keep(pk))
        total = len(plies)
        try:
            for ply in plies:
                if ply < stored.next_ply:
                    continue
                judged = await self._judge(replace(job, ply=ply))
                held = await asyncio.to_thread(self.store.save_analysis, pk, ply + 1, judged)
                if not held:
                    log.warning("game %s: its analysis was taken over elsewhere", game_id)
                    return
                running.done = min(total, running.done + 1)
                self.tell(game_id, {"type": "analysis", **running.progress()})
            end = plies[-1] + 1 if plies else 0
            if not await asyncio.to_thread(self.store.save_analysis, pk, end, None, True):
                return
            running.done, running.finished = total, True
            self.tell(game_id, {"type": "analysis", **running.progress()})
            log.info("game %s: analysed (%d decisions)", game_id, total)
        except Exception as exc:
            why = exc.message if isinstance(exc, ServiceError) else f"{type(exc).__name__}: {exc}"
            log.error("game %s: its analysis stopped (%s); the next ask resumes it", game_id, why)
            self.tell(game_id, {"type": "analysis", **running.progress(), "failed": why})
        finally:
            keeper.cancel()
            if not running.finished:  # stopped or stopping: another process may resume it
                with contextlib.suppress(Exception):
                    await asyncio.to_thread(self.store.renew_analysis, pk, True)
            self._analysis_over(game_id)

    async def _judge(self, job: BotJob) -> dict[str, Any] | None:
        for _attempt in range(2):
            kind, judged = await self.bots.judge(job)
            if kind == "ok":
                return judged
        raise Unavailable(_("the analysis could not be made: try again later"))

    async def _keep(self, pk: int) -> None:
        """Renew this process's hold of an analysis a few times per lease."""
        while True:
            await asyncio.sleep(self.store.lease_seconds / 3)
            with contextlib.suppress(Exception):
                await asyncio.to_thread(self.store.renew_analysis, pk)

    def _analysis_over(self, game_id: str) -> None:
        self.analysing.pop(game_id, None)
        self.in_flight -= 1
        self.analyses_in_flight -= 1

    async def resume_analyses(self) -> None:
        """Resume, as far as the limits allow, the analyses nobody makes (their process
        stopped or died)."""
        s = self.settings
        room = min(
            s.max_searches_in_flight - self.in_flight,
            s.bot_processes - 1 - self.analyses_in_flight,
        )
        if room <= 0:
            return
        for game_id in await asyncio.to_thread(self.store.orphan_analyses, room):
            if game_id not in self.analysing:
                try:
                    await self.analysis(game_id)
                except ServiceError as err:
                    log.warning("game %s: its analysis is not resumed: %s", game_id, err.message)

    async def close(self) -> None:
        """Stop the analyses made here, for another process (or this one, restarted) to
        resume at once."""
        tasks = [r.task for r in self.analysing.values() if r.task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _searching(self, work: Coroutine[Any, Any, T]) -> asyncio.Future[T]:
        """``work`` (a hint's or an analysis's search) started, counted in flight until it
        ends, however it ends (even cancelled before it began)."""
        self.in_flight += 1
        future = asyncio.ensure_future(work)
        future.add_done_callback(self._search_done)
        return future

    def _search_done(self, _: asyncio.Future[Any]) -> None:
        self.in_flight -= 1

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


@dataclass
class _Analysing:
    """An analysis being made by this process: decisions judged of how many."""

    done: int
    total: int
    finished: bool = False
    task: asyncio.Task[None] | None = None

    def progress(self) -> dict[str, Any]:
        return {
            "status": "done" if self.finished else "running",
            "done": self.done,
            "total": self.total,
        }


def _decisions(job: BotJob) -> list[int]:
    """The plies of the game of ``job`` at which a seat had a choice."""
    state = make(job.game, **job.params)
    actions = []
    for text in job.actions:
        action = state.parse_action(text)
        actions.append(action)
        state.apply(action)
    return decisions(make(job.game, **job.params), actions)


def summary(stored: StoredAnalysis) -> dict[str, Any]:
    """A finished analysis as the web gives it: the decisions judged, the biggest mistakes,
    each seat's mean loss and mistakes."""
    judged = stored.judged
    mistakes = sorted(
        (j for j in judged if j["loss"] >= MISTAKE), key=lambda j: (-j["loss"], j["ply"])
    )
    seats = sorted({j["seat"] for j in judged})
    return {
        "status": "done",
        "bot": stored.bot,
        "iterations": stored.iterations,
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
