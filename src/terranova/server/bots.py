"""Where the bots of web games think: bounded, so that no game's bots can hold up another's.

Two lanes:

- **quick** bots (no budget: ``random``, ``greedy``, ``memory``) think in a small pool of
  threads of the server process: a decision costs milliseconds;
- **searching** bots (a ``seconds`` or ``iterations`` budget: ``mcts``, ``ismcts``) think in
  worker processes (``bot_processes`` of them, started when first needed, at a lower
  priority than the server): they hold neither the server's interpreter lock nor its
  memory. Each worker has an address-space limit (``max_bot_memory_mb``), each search a
  hard limit of seconds and of tree nodes; a worker that does not answer in time is killed
  and started again.

Every decision has a hard deadline (``max_bot_seconds`` and ``bot_grace_seconds``): past
it, or when a bot fails, the server plays a random legal action for that move (seeded, so a
replay of the log is unaffected: the log holds the action played), and logs why. Closing
the runner kills the workers at once, so a server stops within a second or two whatever its
bots are doing.

A worker keeps the last positions it was sent by game, so a decision costs it only the
actions played since its previous decision in that game.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from terranova.agents import BotLimits, SearchAgent, agent_kind, make_agent
from terranova.core.actions import Action
from terranova.core.errors import TerranovaError
from terranova.core.registry import make
from terranova.core.state import State
from terranova.server.settings import Settings

log = logging.getLogger("terranova.server")

WORKER_POSITIONS = 16
"""Games whose last position a worker keeps."""


@dataclass(frozen=True)
class BotJob:
    """One decision: which bot, with which seed, on which game's position (given as the
    game's parameters and its effective actions, so that a worker can rebuild it)."""

    game_id: str
    game: str
    params: dict[str, Any]
    actions: tuple[str, ...]
    spec: str
    seed: int


def limits(settings: Settings) -> BotLimits:
    """The bounds a web game's bot specs must keep."""
    return BotLimits(
        max_seconds=settings.max_bot_seconds,
        max_iterations=settings.max_bot_iterations,
        max_nodes=settings.max_bot_nodes,
    )


def decide(spec: str, seed: int, state: State, bounds: BotLimits) -> Action:
    """A bot's decision on ``state``, its search (if any) cut short by ``bounds``."""
    agent = make_agent(spec, seed)
    if isinstance(agent, SearchAgent):
        agent.limit(bounds.max_seconds, bounds.max_nodes)
    return agent.select(state)


def fallback(state: State, seed: int) -> Action:
    """The move played for a bot that failed or ran out of time."""
    return make_agent("random", seed).select(state)


class BotRunner:
    """Runs the bots' decisions of one server (module doc)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.bounds = limits(settings)
        self.deadline = settings.max_bot_seconds + settings.bot_grace_seconds
        self._threads: ThreadPoolExecutor | None = None
        self._jobs: asyncio.Queue[tuple[BotJob, asyncio.Future[str | None]]] | None = None
        self._dispatchers: list[asyncio.Task[None]] = []
        self._workers: list[_Worker] = []
        self.killed = 0
        """Workers killed for running past the deadline (for tests and logs)."""

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
        """The bot's decision for the seat to move in ``state`` (the position of ``job``),
        or a random legal action if the bot fails or runs out of time."""
        try:
            if agent_kind(job.spec).searches:
                text = await self._in_worker(job)
                if text is not None:
                    return state.parse_action(text)
            else:
                return await self._in_thread(job, state)
        except (TerranovaError, ValueError) as exc:
            log.error(
                "game %s: bot %r failed (%s); a random move is played", job.game_id, job.spec, exc
            )
        return fallback(state, job.seed)

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
            return fallback(state, job.seed)

    async def _in_worker(self, job: BotJob) -> str | None:
        if self._jobs is None:
            self._jobs = asyncio.Queue()
            for index in range(max(1, self.settings.bot_processes)):
                self._dispatchers.append(asyncio.create_task(self._dispatch(index)))
        answer: asyncio.Future[str | None] = asyncio.get_running_loop().create_future()
        await self._jobs.put((job, answer))
        return await answer

    async def _dispatch(self, index: int) -> None:
        """Hand the queued decisions, one at a time, to one worker process."""
        assert self._jobs is not None
        jobs = self._jobs
        worker: _Worker | None = None
        try:
            while True:
                job, answer = await jobs.get()
                if answer.done():  # the game moved on while this waited
                    continue
                if worker is None or not worker.alive():
                    worker = _Worker.spawn(self.settings, self.bounds)
                    self._workers.append(worker)
                try:
                    text = await worker.ask(job, self.deadline)
                except TimeoutError:
                    self.killed += 1
                    log.error(
                        "game %s: bot %r took over %gs; its worker is restarted and a "
                        "random move is played",
                        job.game_id,
                        job.spec,
                        self.deadline,
                    )
                    text = None
                except (EOFError, OSError) as exc:
                    log.error(
                        "game %s: bot %r's worker died (%s); a random move is played",
                        job.game_id,
                        job.spec,
                        exc,
                    )
                    text = None
                if text is None:
                    worker.kill()
                    self._workers.remove(worker)
                    worker = None
                if not answer.done():
                    answer.set_result(text)
        finally:
            if worker is not None:
                worker.kill()


def _decide_quick(spec: str, seed: int, state: State, bounds: BotLimits, game_id: str) -> Action:
    try:
        return decide(spec, seed, state, bounds)
    except Exception:
        log.exception("game %s: bot %r failed; a random move is played", game_id, spec)
        return fallback(state, seed)


class _Worker:
    """One worker process and the pipe to it."""

    def __init__(self, process: BaseProcess, connection: Connection) -> None:
        self.process = process
        self.connection = connection

    @classmethod
    def spawn(cls, settings: Settings, bounds: BotLimits) -> _Worker:
        context = multiprocessing.get_context("spawn")
        mine, theirs = context.Pipe()
        process = context.Process(
            target=worker_main,
            args=(theirs, bounds, settings.max_bot_memory_mb),
            name="terranova-bot-worker",
            daemon=True,
        )
        process.start()
        theirs.close()
        return cls(process, mine)

    def alive(self) -> bool:
        return self.process.is_alive()

    async def ask(self, job: BotJob, timeout: float) -> str | None:
        """Send ``job``; its answer (None: the bot failed). Raises TimeoutError past
        ``timeout`` seconds, EOFError if the worker died."""
        loop = asyncio.get_running_loop()
        self.connection.send(job)
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
        kind, text = self.connection.recv()
        return str(text) if kind == "ok" else None

    def kill(self) -> None:
        with contextlib.suppress(Exception):
            self.process.kill()
            self.process.join(timeout=1)
        with contextlib.suppress(Exception):
            self.connection.close()


def worker_main(connection: Connection, bounds: BotLimits, memory_mb: int) -> None:
    """A worker process: answers decisions until its pipe closes."""
    with contextlib.suppress(OSError):
        os.nice(5)  # the server process (people's moves, quick bots) comes first
    if memory_mb > 0:
        import resource

        limit = memory_mb * 1024 * 1024
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    positions: OrderedDict[str, tuple[tuple[str, ...], State]] = OrderedDict()
    while True:
        try:
            job: BotJob = connection.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        try:
            state = _position(positions, job)
            action = decide(job.spec, job.seed, state.clone(), bounds)
            answer: tuple[str, str] = ("ok", str(action))
        except MemoryError:
            positions.clear()
            answer = ("error", "out of memory")
        except Exception as exc:  # the server plays a random move and logs it
            answer = ("error", f"{type(exc).__name__}: {exc}")
        try:
            connection.send(answer)
        except (OSError, KeyboardInterrupt):
            return


def _position(positions: OrderedDict[str, tuple[tuple[str, ...], State]], job: BotJob) -> State:
    """The position of ``job``, from the last one kept for its game when it leads there."""
    kept = positions.pop(job.game_id, None)
    done: Sequence[str] = ()
    if kept is not None and job.actions[: len(kept[0])] == kept[0]:
        done, state = kept
    else:
        state = make(job.game, **job.params)
    for text in job.actions[len(done) :]:
        state.apply(state.parse_action(text))
    positions[job.game_id] = (job.actions, state)
    while len(positions) > WORKER_POSITIONS:
        positions.popitem(last=False)
    return state
