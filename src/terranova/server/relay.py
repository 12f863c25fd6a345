"""Live updates across server processes on one PostgreSQL database: each write to a game
is announced on the channel :data:`~terranova.server.db.CHANGES` when it commits
(``NOTIFY``, in the write's own transaction, so no announcement is ever heard of a write
that did not land), and every process listens there (``LISTEN``) and tells its own
WebSocket clients.

PostgreSQL's LISTEN/NOTIFY serves better here than a message broker: it is the database the
games are in already, an announcement goes out exactly when its write commits, and there is
no other service to run. Its payloads are small (a game's public id and the writer's name),
and each process reads the game itself from the database.

Each announcement also names the game's lease holder as the write left it, so that a
process learns at once that it runs a game, or no longer does.

A listener that loses its connection connects again (waiting a little longer each time, at
most :data:`MOST_WAIT` seconds); since announcements made meanwhile are lost, it then
refreshes every game it holds or runs, as if each had been announced (and so it does when
it first starts listening).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping

import psycopg
from sqlalchemy.engine import make_url

from terranova.server.db import CHANGES

log = logging.getLogger("terranova.server")

MOST_WAIT = 5.0
"""The longest wait before connecting again."""


def libpq_url(url: str) -> str:
    """An SQLAlchemy PostgreSQL URL as libpq takes it (without the driver's name).

    >>> libpq_url("postgresql+psycopg://ana:secret@db:5432/terranova")
    'postgresql://ana:secret@db:5432/terranova'
    """
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Relay:
    """Hears of the writes the other server processes make (module doc): ``changed`` is
    awaited with the game's public id and its lease holder after the write (None: none),
    for each of theirs, in the order they committed; ``missed`` each time it starts
    listening (announcements made before were not heard). ``others``: more channels, each
    with what to await with each of their payloads (the chat's, :mod:`.chat`)."""

    def __init__(
        self,
        url: str,
        origin: str,
        changed: Callable[[str, str | None], Awaitable[None]],
        missed: Callable[[], Awaitable[None]],
        others: Mapping[str, Callable[[str], Awaitable[None]]] | None = None,
    ) -> None:
        self.url = libpq_url(url)
        self.origin = origin
        self._changed = changed
        self._missed = missed
        self._others = dict(others or {})
        self._task: asyncio.Task[None] | None = None
        self.listening = asyncio.Event()
        """Set while the listener's connection is open (readiness, tests)."""

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    async def _run(self) -> None:
        wait = 0.1
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True
                ) as connection:
                    for channel in (CHANGES, *self._others):
                        await connection.execute(f"LISTEN {channel}")
                    self.listening.set()
                    wait = 0.1
                    await self._missed()
                    async for note in connection.notifies():
                        other = self._others.get(note.channel)
                        if other is not None:
                            await other(note.payload)
                            continue
                        game_id, origin, holder = [*note.payload.split(" ", 2), "", ""][:3]
                        if origin != self.origin:
                            await self._changed(game_id, None if holder == "-" else holder)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("live updates from other processes stop (%s): again in %gs", exc, wait)
            self.listening.clear()
            await asyncio.sleep(wait)
            wait = min(MOST_WAIT, wait * 2)
