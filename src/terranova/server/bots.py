"""Where the bots of web games think: bounded, so that no game's bots can hold up another's.

Two lanes:

- **quick** bots (no budget: ``random``, ``greedy``, ``memory``) think in a small pool of
  threads of the server process: a decision costs milliseconds;
- **searching** bots (a ``seconds`` or ``iterations`` budget: ``mcts``, ``ismcts``) think in
  worker processes (``bot_processes`` of them, started when first needed, at a lower
  priority than the server): they hold neither the server's interpreter lock nor its
  memory. Each worker has an address-space limit (``max_bot_memory_mb``), each search a
  hard limit of seconds and of tree nodes.

Every decision has a hard deadline (``max_bot_seconds`` and ``bot_grace_seconds``), and
searching bots are *anytime*: while a search runs, its worker reports the move it would
play so far, and at the deadline that move is played. A worker that has reported nothing
yet (on a busy machine it may still be catching up with the game) gets the ``greedy`` bot's
move played for it (seeded, in the quick bots' threads), never a random one; the log says
which. The late worker is not killed: its answer is read and thrown away, and it takes the
next decision once it is done. Only a worker that says nothing at all for
:data:`SILENT_DEADLINES` deadlines is killed and started again (and one judging a decision
of a game's analysis, silent for that job's ``seconds``). Hints are anytime the same way: a
worker reports its advice so far, and at the deadline that is the hint
(:meth:`BotRunner.advise`), or greedy's suggestion. When a bot fails, the server plays a
random legal action for that move (seeded, so a replay of the log is unaffected: the log
holds the action played), and logs why. Closing
the runner kills the workers at once, so a server stops within a second or two whatever its
bots are doing; and a worker dies at once with its server, even one killed with SIGKILL
(:mod:`terranova.agents.worker`).

The searching bots' moves, hints and analyses wait for a worker in a fair queue
(:class:`FairQueue`): the workers go round the client addresses that created the games with
jobs waiting, and within an address round its games, one job of a game at a time; so a
flood of searching games and hints from one address delays another address's bot by a
job or so, not by the whole flood.

A worker keeps the last positions it was sent by game, so a decision costs it only the
actions played since its previous decision in that game.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
from collections import OrderedDict, deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from terranova.agents import BotLimits, agent_kind
from terranova.agents.advice import suggest
from terranova.agents.worker import BotJob, decide, fallback, worker_main
from terranova.core.actions import Action
from terranova.core.errors import TerranovaError
from terranova.core.state import State
from terranova.server.settings import Settings

log = logging.getLogger("terranova.server")

_Entry = tuple[BotJob, "asyncio.Future[tuple[str, Any]]"]
"""A job waiting for a worker, and where its answer goes."""

SILENT_DEADLINES = 4
"""A worker that sends nothing (no answer, no best move so far) for this many decision
deadlines is taken for stuck: killed and started again."""
SPAWN_SECONDS = 60.0
"""How long a new worker process may take to start (import its modules) before it is
given up; this is not counted in any decision's deadline."""


def limits(settings: Settings) -> BotLimits:
    """The bounds a web game's bot specs must keep."""
    return BotLimits(
        max_seconds=settings.max_bot_seconds,
        max_iterations=settings.max_bot_iterations,
        max_nodes=settings.max_bot_nodes,
    )


class BotRunner:
    """Runs the bots' decisions of one server (module doc)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.bounds = limits(settings)
        self.deadline = settings.max_bot_seconds + settings.bot_grace_seconds
        self._threads: ThreadPoolExecutor | None = None
        self._jobs: FairQueue | None = None
        self._dispatchers: list[asyncio.Task[None]] = []
        self._workers: list[_Worker] = []
        self.killed = 0
        """Workers killed for falling silent: for tests
        and logs."""

    def queued(self) -> int:
        """Searching bots' jobs waiting for a worker process."""
        return 0 if self._jobs is None else len(self._jobs)

    def start(self) -> None:
        self._threads = ThreadPoolExecutor(
            max_workers=max(1, self.settings.bot_threads), thread_name_prefix="terranova-bot"
        )

    async def close(self) -> None:
        """Stop at once: cancel what waits, kill the workers."""
        for task in self._dispatchers:
            task.cancel()
        await asyncio.gather(*self._dispatchers, return_exceptions=True)
        self._dispatchers.clear()
        for worker in self._workers:
            worker.kill()
        self._workers.clear()
        self._jobs = None
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)
            self._threads = None

    async def choose(self, job: BotJob, state: State) -> Action:
        """The bot's decision for the seat to move in ``state`` (the position of ``job``):
        a searching bot's best move so far if it runs out of time, ``greedy``'s if it has
        none yet; a random legal action if the bot fails."""
        try:
            if agent_kind(job.spec).searches:
                kind, text = await self._in_worker(job)
                if kind == "late":
                    return await self._in_thread(replace(job, spec="greedy"), state)
                if isinstance(text, str) and kind != "failed":
                    return state.parse_action(text)
            else:
                return await self._in_thread(job, state)
        except (TerranovaError, ValueError) as exc:
            log.error(
                "game %s: bot %r failed (%s); a random move is played", job.game_id, job.spec, exc
            )
        return fallback(state, job.seed)

    async def advise(self, job: BotJob) -> tuple[str, dict[str, Any] | None]:
        """A searching bot's advice on the position of ``job`` (an ``advice`` job), from a
        worker process under the same limits as the bots' moves: ``("ok", advice)``;
        ``("best", advice)``, the advice of the search so far when it ran out of time or
        its worker died; ``("late", None)`` or ``("failed", None)`` without any."""
        kind, answer = await self._in_worker(job)
        if isinstance(answer, dict) and kind in ("ok", "best"):
            return kind, answer
        return ("late" if kind == "late" else "failed"), None

    async def suggest(self, job: BotJob, state: State) -> dict[str, Any]:
        """The greedy bot's move on ``state`` (the position of ``job``) as advice
        (:func:`~terranova.agents.advice.suggest`), in the quick bots' threads: a hint
        when no search could give one."""
        loop = asyncio.get_running_loop()
        advice = await loop.run_in_executor(self._threads, suggest, state, job.seed)
        return advice.to_dict()

    async def judge(self, job: BotJob) -> tuple[str, dict[str, Any] | None]:
        """A searching bot's judgement of one decision of a finished game (a ``review`` job
        with its ``ply``, and its ``seconds``: how long its worker may say nothing), from a
        worker process: ``("ok", judged)`` (None: no choice there), or ``("failed", None)``
        (the worker failed, or fell silent: it is then restarted)."""
        kind, answer = await self._in_worker(job)
        if kind == "ok" and (answer is None or isinstance(answer, dict)):
            return kind, answer
        return "failed", None

    async def _in_thread(self, job: BotJob, state: State) -> Action:
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(
            self._threads, _decide_quick, job.spec, job.seed, state, self.bounds, job.game_id
        )
        try:
            return await asyncio.wait_for(future, timeout=self.deadline)
        except TimeoutError:
            log.error(
                "game %s: bot %r took over %gs; a random move is played",
                job.game_id,
                job.spec,
                self.deadline,
            )
            # the late thread may still be reading ``state``
            return fallback(state.clone(), job.seed)

    async def _in_worker(self, job: BotJob) -> tuple[str, Any]:
        """``("ok", answer)``; ``("best", action text)``, a search's best move so far at
        the deadline; ``("late", None)`` without one; ``("failed", None)``."""
        if self._jobs is None:
            self._jobs = FairQueue()
            for _ in range(max(1, self.settings.bot_processes)):
                self._dispatchers.append(asyncio.create_task(self._dispatch()))
        answer: asyncio.Future[tuple[str, Any]] = asyncio.get_running_loop().create_future()
        self._jobs.put(job, answer)
        return await answer

    async def _dispatch(self) -> None:
        """Hand the queued decisions, one at a time, to one worker process. Never stops
        but when cancelled: every decision taken from the queue gets an answer."""
        assert self._jobs is not None
        jobs = self._jobs
        worker: _Worker | None = None
        try:
            while True:
                job, answer = await jobs.get()
                try:
                    worker = await self._run(worker, job, answer)
                finally:
                    jobs.done(job)
        finally:
            if worker is not None:
                self._drop(worker)

    async def _run(
        self, worker: _Worker | None, job: BotJob, answer: asyncio.Future[tuple[str, Any]]
    ) -> _Worker | None:
        """Answer ``job`` with ``worker`` (or a new one): the worker to keep for the next."""
        if answer.done():  # the game moved on while this waited
            return worker
        deadline = self.deadline if job.seconds is None else job.seconds
        result: tuple[str, Any] = ("failed", None)
        try:
            if worker is None or not worker.alive():
                if worker is not None:
                    self._drop(worker)
                worker = await _Worker.spawn(self.settings, self.bounds)
                self._workers.append(worker)
            result = await worker.ask(job, deadline)
            if result[0] == "error":
                log.error(
                    "game %s: bot %r failed in its worker (%s); %s",
                    job.game_id,
                    job.spec,
                    result[1],
                    _instead(job, None),
                )
                result = ("failed", None)
            elif result[0] in ("best", "late"):
                if job.review:
                    raise TimeoutError
                log.error(
                    "game %s: bot %r took over %gs; %s",
                    job.game_id,
                    job.spec,
                    deadline,
                    _instead(job, result),
                )
                if not answer.done():
                    answer.set_result(result)
                await worker.finish(SILENT_DEADLINES * deadline)
        except TimeoutError:
            self.killed += 1
            log.error(
                "game %s: bot %r's worker %s; it is restarted%s",
                job.game_id,
                job.spec,
                "fell silent" if answer.done() else f"took over {deadline:g}s",
                "" if answer.done() else f" and {_instead(job, None)}",
            )
            if worker is not None:
                self._drop(worker)
            worker = None
        except Exception as exc:  # a worker that died or could not start
            best = None if worker is None or job.review else worker.best
            result = ("failed", None) if best is None else ("best", best)
            log.error(
                "game %s: bot %r's worker failed (%s: %s)%s",
                job.game_id,
                job.spec,
                type(exc).__name__,
                exc,
                "" if answer.done() else f"; {_instead(job, None if best is None else result)}",
            )
            if worker is not None:
                self._drop(worker)
            worker = None
        if not answer.done():
            answer.set_result(result)
        return worker

    def _drop(self, worker: _Worker) -> None:
        worker.kill()
        if worker in self._workers:
            self._workers.remove(worker)


class FairQueue:
    """Jobs waiting for a worker, taken in turn by the address that created their game (the
    game itself when that is not known), within an address by game, one job of a game at a
    time, a game's own jobs first come first served (module doc)."""

    def __init__(self) -> None:
        self._waiting: OrderedDict[str, OrderedDict[str, deque[_Entry]]] = OrderedDict()
        """Jobs by address then by game, each in the order it takes its next turn."""
        self._busy: set[str] = set()
        """Games with a job taken and not yet :meth:`done`."""
        self._changed = asyncio.Event()
        self._count = 0

    def __len__(self) -> int:
        return self._count

    def put(self, job: BotJob, answer: asyncio.Future[tuple[str, Any]]) -> None:
        address = job.creator or f"game {job.game_id}"
        games = self._waiting.setdefault(address, OrderedDict())
        games.setdefault(job.game_id, deque()).append((job, answer))
        self._count += 1
        self._changed.set()

    async def get(self) -> _Entry:
        """The next job in turn; :meth:`done` must be called when it is answered."""
        while (entry := self._next()) is None:
            self._changed.clear()
            await self._changed.wait()
        return entry

    def done(self, job: BotJob) -> None:
        """The job taken for ``job``'s game is answered: its next may be taken."""
        self._busy.discard(job.game_id)
        self._changed.set()

    def _next(self) -> _Entry | None:
        for address, games in self._waiting.items():
            for game, jobs in games.items():
                if game in self._busy:
                    continue
                entry = jobs.popleft()
                self._count -= 1
                self._busy.add(game)
                # both go to the back of their turns
                games.move_to_end(game)
                if not jobs:
                    del games[game]
                self._waiting.move_to_end(address)
                if not games:
                    del self._waiting[address]
                return entry
        return None


def _instead(job: BotJob, late: tuple[str, Any] | None) -> str:
    """What is given instead of the answer of ``job`` (``late``: what a searching bot that
    ran out of time has to show; None: a failure)."""
    if job.review:
        return "no analysis is given"
    if job.advice:
        if late is not None and late[0] == "best":
            return "its best advice so far is given"
        return "greedy's suggestion is given as the hint"
    if late is None:
        return "a random move is played"
    if late[0] == "best":
        return "its best move so far is played"
    return "it had no move yet: greedy's move is played"


def _decide_quick(spec: str, seed: int, state: State, bounds: BotLimits, game_id: str) -> Action:
    try:
        return decide(spec, seed, state, bounds)
    except Exception:
        log.exception("game %s: bot %r failed; a random move is played", game_id, spec)
        return fallback(state, seed)


class _Worker:
    """One worker process and the pipe to it."""

    def __init__(self, process: BaseProcess, connection: Connection, lifeline: Connection) -> None:
        self.process = process
        self.connection = connection
        self.best: Any = None
        """The last best move (or advice) so far the job being asked reported."""
        self.lifeline = lifeline
        """The write end of the worker's lifeline: held open, never written (the worker
        exits when it closes, with this process)."""

    @classmethod
    async def spawn(cls, settings: Settings, bounds: BotLimits) -> _Worker:
        """A new worker, once it says it is ready (its start is not counted in any
        decision's time)."""
        context = multiprocessing.get_context("spawn")
        mine, theirs = context.Pipe()
        lifeline, held = context.Pipe(duplex=False)
        process = context.Process(
            target=worker_main,
            args=(theirs, bounds, settings.max_bot_memory_mb, lifeline, os.getpid()),
            name="terranova-bot-worker",
            daemon=True,
        )
        process.start()
        theirs.close()
        lifeline.close()
        worker = cls(process, mine, held)
        try:
            kind, _ = await worker.receive(SPAWN_SECONDS)
        except BaseException:
            worker.kill()
            raise
        if kind != "ready":
            worker.kill()
            raise RuntimeError(f"a bot worker started with {kind!r}, not 'ready'")
        return worker

    def alive(self) -> bool:
        return self.process.is_alive()

    async def receive(self, timeout: float) -> tuple[str, Any]:
        """The worker's next message; TimeoutError past ``timeout`` seconds, EOFError if
        it died."""
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()
        fd = self.connection.fileno()

        def readable() -> None:
            if not ready.done():
                ready.set_result(None)

        loop.add_reader(fd, readable)
        try:
            await asyncio.wait_for(ready, timeout=timeout)
        finally:
            loop.remove_reader(fd)
        kind, value = self.connection.recv()
        return str(kind), value

    async def ask(self, job: BotJob, deadline: float) -> tuple[str, Any]:
        """Send ``job``; the worker's answer, ``("ok", action text or advice)`` or
        ``("error", why)``, or past ``deadline`` seconds ``("best", action text)``, its last
        best move so far (for advice, its advice so far), or ``("late", None)`` without one
        (then :meth:`finish` must read its answer before the next job)."""
        self.best = None
        self.connection.send(job)
        loop = asyncio.get_running_loop()
        end = loop.time() + deadline
        best: Any = None
        while (left := end - loop.time()) > 0:
            try:
                kind, value = await self.receive(left)
            except TimeoutError:
                break
            if kind == "best":
                best = self.best = value if isinstance(value, dict) else str(value)
                if job.review and job.ply is not None:  # a bound on silence, not on time
                    end = loop.time() + deadline
            elif kind == "ok" and (isinstance(value, dict | list) or value is None):
                return kind, value
            else:
                return kind, str(value)
        return ("late", None) if best is None else ("best", best)

    async def finish(self, silence: float) -> None:
        """Read and drop the rest of a late job's messages, up to its answer; TimeoutError
        if the worker says nothing for ``silence`` seconds."""
        while True:
            kind, _ = await self.receive(silence)
            if kind != "best":
                return

    def kill(self) -> None:
        with contextlib.suppress(Exception):
            self.process.kill()
            self.process.join(timeout=1)
        with contextlib.suppress(Exception):
            self.connection.close()
        with contextlib.suppress(Exception):
            self.lifeline.close()
