"""The WebSocket connections of every game, and what goes out to each of them.

Every connection has its own outgoing queue drained by one task, so a broadcast never waits
for a slow client, and messages to one client keep their order. A client that lets its
queue fill up is disconnected.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from typing import TYPE_CHECKING

from starlette.websockets import WebSocket

if TYPE_CHECKING:
    from terranova.server.live import LiveGame

log = logging.getLogger("terranova.server")

CLOSE_TOO_SLOW = 1013


class Connection:
    """One WebSocket of one game, for one seat (None: a spectator)."""

    def __init__(self, websocket: WebSocket, game_id: str, seat: int | None, queue_size: int = 64):
        self.websocket = websocket
        self.game_id = game_id
        self.seat = seat
        self._queue: asyncio.Queue[str | int] = asyncio.Queue(maxsize=queue_size)
        self._closing = False

    def send(self, text: str) -> None:
        """Queue a message (a slow client whose queue is full is closed instead)."""
        if self._closing:
            return
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:
            log.info("closing a connection to game %s that does not keep up", self.game_id)
            self.close(CLOSE_TOO_SLOW)

    def close(self, code: int) -> None:
        """Close the connection after what is queued has been sent."""
        if self._closing:
            return
        self._closing = True
        with contextlib.suppress(asyncio.QueueFull):
            self._queue.put_nowait(code)
        if self._queue.full():  # no room for the close: drop what waits, then close
            while not self._queue.empty():
                self._queue.get_nowait()
            self._queue.put_nowait(code)

    @property
    def closing(self) -> bool:
        return self._closing

    async def pump(self) -> None:
        """Send the queued messages until the connection is closed."""
        while True:
            item = await self._queue.get()
            if isinstance(item, int):
                with contextlib.suppress(Exception):
                    await self.websocket.close(code=item)
                return
            await self.websocket.send_text(item)


class Hub:
    """Every open connection, by game."""

    def __init__(self) -> None:
        self._games: dict[str, set[Connection]] = {}

    def add(self, connection: Connection) -> None:
        self._games.setdefault(connection.game_id, set()).add(connection)

    def remove(self, connection: Connection) -> None:
        connections = self._games.get(connection.game_id)
        if connections is not None:
            connections.discard(connection)
            if not connections:
                del self._games[connection.game_id]

    def connections(self, game_id: str) -> list[Connection]:
        return list(self._games.get(game_id, ()))

    def count(self, game_id: str) -> int:
        return len(self._games.get(game_id, ()))

    def game_ids(self) -> list[str]:
        """The games someone watches."""
        return list(self._games)

    def total(self) -> int:
        """Open connections, all games together."""
        return sum(len(connections) for connections in self._games.values())

    def unseat(self, game_id: str, seat: int) -> None:
        """Turn the connections of ``seat`` into a spectator's (its person has left it):
        they see no more of it than anyone, and may no longer act."""
        for connection in self.connections(game_id):
            if connection.seat == seat:
                connection.seat = None

    def send(self, game_id: str, text: str) -> None:
        """Send the same message to every connection of a game."""
        for connection in self.connections(game_id):
            connection.send(text)

    def broadcast(self, game: LiveGame, seat: int | None = None, only: bool = False) -> None:
        """Send every connection of ``game`` its own state message (``only``: just the
        connections of ``seat``, when nothing changed for the others)."""
        for connection in self.connections(game.public_id):
            if not only or connection.seat == seat:
                connection.send(game.message_json(connection.seat))


class RateWindow:
    """At most ``limit`` messages in any second; a client sending twice that is cut off."""

    OK, DROP, CLOSE = 0, 1, 2

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._accepted: deque[float] = deque()
        self._dropped: deque[float] = deque()

    def hit(self, now: float | None = None) -> int:
        now = time.monotonic() if now is None else now
        start = now - 1.0
        for times in (self._accepted, self._dropped):
            while times and times[0] <= start:
                times.popleft()
        if len(self._accepted) < self.limit:
            self._accepted.append(now)
            return self.OK
        self._dropped.append(now)
        return self.CLOSE if len(self._dropped) >= self.limit else self.DROP
