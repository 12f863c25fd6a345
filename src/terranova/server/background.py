"""The server's background work: per game, at most one task of a kind (its bots, its
response window's clock), started when needed; and the work done again and again (forgetting
what expired, looking for e-mails to send). A failure is logged, never raised."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from terranova.server.errors import ServiceError

log = logging.getLogger("terranova.server")


class GameTasks:
    """One task per game at most, for one kind of work (``what``, as the log names it)."""

    def __init__(self, what: str) -> None:
        self.what = what
        self._tasks: dict[str, asyncio.Task[None]] = {}

    def running(self, game_id: str) -> bool:
        task = self._tasks.get(game_id)
        return task is not None and not task.done()

    def start(self, game_id: str, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` for the game (the caller checked that none runs)."""
        self._tasks[game_id] = asyncio.create_task(self._guarded(game_id, work))

    def is_current(self, game_id: str) -> bool:
        """Whether the task running now is the game's (not one that replaced it)."""
        return self._tasks.get(game_id) is asyncio.current_task()

    def stop(self, game_id: str) -> None:
        task = self._tasks.pop(game_id, None)
        if task is not None:
            task.cancel()

    def active(self) -> set[asyncio.Task[None]]:
        return {task for task in self._tasks.values() if not task.done()}

    async def close(self) -> None:
        """Cancel every task and wait for them to end."""
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()

    async def _guarded(self, game_id: str, work: Coroutine[Any, Any, None]) -> None:
        try:
            await work
        except asyncio.CancelledError:
            raise
        except ServiceError as err:
            log.warning("%s of game %s stops: %s", self.what, game_id, err.message)
        except Exception:
            log.exception("%s of game %s stops", self.what, game_id)
        finally:
            if self._tasks.get(game_id) is asyncio.current_task():
                del self._tasks[game_id]


class Every:
    """``work`` now and then every ``seconds`` until closed; a failure is logged (``what``
    failed) and the work tried again at its next time."""

    def __init__(self, what: str, seconds: float, work: Callable[[], Awaitable[object]]) -> None:
        self.what = what
        self.seconds = seconds
        self.work = work
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._loop())

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    async def _loop(self) -> None:
        while True:
            try:
                await self.work()
            except Exception:
                log.exception("%s failed; it is tried again later", self.what)
            await asyncio.sleep(self.seconds)

    async def close(self) -> None:
        """Stop, and wait for the work under way to end."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
