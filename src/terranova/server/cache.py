"""The live games of one server process: each rebuilt from its stored log when it is not in
memory (in a thread, under its lock), the most recently used kept (``max_cached_games``),
each changed only under its own lock.
"""

from __future__ import annotations

import asyncio
import re
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from weakref import WeakValueDictionary

from terranova.core.errors import TerranovaError
from terranova.core.i18n import _
from terranova.core.registry import game_info
from terranova.server.errors import NotFound, Unavailable
from terranova.server.live import (
    LiveGame,
    OpenWindow,
    ReplayError,
    Timeline,
    record_seats,
    stored_seats,
)
from terranova.server.settings import Settings
from terranova.server.store import GameStore, LogError, StoredGame, effective_actions

GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


class GameCache:
    """The live games (module doc). ``loaded`` is told of every game that comes into memory,
    new or rebuilt, once it is kept."""

    def __init__(
        self, store: GameStore, settings: Settings, loaded: Callable[[LiveGame], None]
    ) -> None:
        self.store = store
        self.settings = settings
        self._loaded = loaded
        self._games: OrderedDict[str, LiveGame] = OrderedDict()
        self._locks: WeakValueDictionary[str, asyncio.Lock] = WeakValueDictionary()
        self._rebuilds = asyncio.Semaphore(max(1, settings.max_rebuilds_in_flight))
        self._windows: dict[str, OpenWindow] = {}
        """The open windows by game, kept for when a game leaves memory and comes back (a
        window's clock and the seats that let it pass are not stored)."""

    def lock(self, game_id: str) -> asyncio.Lock:
        """The lock every change to ``game_id`` is made under (one per live game)."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock

    def __len__(self) -> int:
        return len(self._games)

    def ids(self) -> list[str]:
        """The games in memory."""
        return list(self._games)

    def __getitem__(self, game_id: str) -> LiveGame:
        return self._games[game_id]

    def peek(self, game_id: str) -> LiveGame | None:
        """The game if it is in memory (not rebuilt, not marked as used)."""
        return self._games.get(game_id)

    def keep(self, game: LiveGame) -> None:
        """Keep ``game`` (new, or rebuilt) as the most recently used, and tell ``loaded``."""
        self._games[game.public_id] = game
        self._games.move_to_end(game.public_id)
        while len(self._games) > max(1, self.settings.max_cached_games):
            self._games.popitem(last=False)
        self._loaded(game)

    def forget(self, game_id: str) -> None:
        """Drop the live copy; the next use rebuilds it from the store."""
        self._games.pop(game_id, None)

    def remember_window(self, game: LiveGame) -> None:
        """Keep the game's open window (or forget it, once closed) for its next rebuild."""
        if game.window is None:
            self._windows.pop(game.public_id, None)
        else:
            self._windows[game.public_id] = game.window

    def forget_window(self, game_id: str) -> None:
        self._windows.pop(game_id, None)

    async def load(self, game_id: str) -> LiveGame:
        """The live game (rebuilt from the store if it is not in memory). Callers that
        change it hold its lock."""
        game = self._games.get(game_id)
        if game is not None:
            self._games.move_to_end(game_id)
            return game
        if not GAME_ID.fullmatch(game_id):
            raise NotFound(_("no game '{game_id}'", game_id=game_id))
        stored = await asyncio.to_thread(self.store.load_game, game_id)
        if stored is None:
            raise NotFound(_("no game '{game_id}'", game_id=game_id))
        return await self.rebuilt(stored)

    @asynccontextmanager
    async def held(self, game_id: str) -> AsyncIterator[LiveGame]:
        """The live game (:meth:`load`), changed under its lock while the block runs."""
        async with self.lock(game_id):
            yield await self.load(game_id)

    async def rebuilt(self, stored: StoredGame) -> LiveGame:
        """The game rebuilt from ``stored``, kept in place of any copy held. The caller holds
        its lock; the log is replayed in a thread (a long one would stall every other
        request), at most ``max_rebuilds_in_flight`` at once."""
        async with self._rebuilds:
            game = await asyncio.to_thread(rebuild, stored)
        game.keep_window(self._windows.get(game.public_id))
        self.keep(game)
        return game

    async def get(self, game_id: str) -> LiveGame:
        """The live game, for reading."""
        game = self._games.get(game_id)
        if game is not None:
            return game
        async with self.lock(game_id):
            return await self.load(game_id)


@dataclass(frozen=True)
class CaughtUp:
    """What :func:`catch_up` changed."""

    added: int
    """Actions applied."""
    answered_by: int | None
    """The seat whose decision answered the response window open before, if one did."""
    changed: bool
    """Whether anything a message shows changed (actions, status, rematch, hints)."""


def catch_up(game: LiveGame, stored: StoredGame) -> CaughtUp | None:
    """Bring ``game`` up to ``stored``, the same game as the store has it after another
    process wrote to it, if ``game`` is a prefix of it and only actions were added since
    (the status, the rematch or the hints may have changed). None, with ``game``
    unchanged, otherwise (an undo, a seat's change, a log that is not ``game``'s past any
    more), for the caller to rebuild the game whole."""
    added = stored.entries[game.seq :]
    if (
        len(stored.entries) < game.seq
        or any(entry.kind != "action" for entry in added)
        or list(game.seats) != stored_seats(game_info(game.game), stored)
        or effective_actions(stored.entries[: game.seq]) != game.timeline.texts
    ):
        return None
    move = game.timeline.begin()
    try:
        for entry in added:
            move.apply(move.state.parse_action(entry.text))
    except Exception:  # whatever the rules raise: rebuilt whole, which says why
        return None
    window = game.window
    actions = move.actions
    game.timeline.adopt(move)
    actors = game.timeline.actors[len(game.timeline.actors) - len(actions) :]
    answered_by = next((a for a in actors if window is not None and a in window.rules.seats), None)
    was = (game.abandoned, game.rematch, game.hinted)
    game.seq = len(stored.entries)
    game.abandoned = stored.status == "abandoned"
    game.rematch = stored.rematch
    game.hinted = set(stored.hinted)
    changed = bool(actions) or was != (game.abandoned, game.rematch, game.hinted)
    return CaughtUp(len(actions), answered_by, changed)


def rebuild(stored: StoredGame) -> LiveGame:
    """The live game of a stored one, its log replayed; Unavailable if this server cannot
    (its rules changed since, or the log does not replay)."""
    try:
        info = game_info(stored.game)
    except TerranovaError as exc:
        raise Unavailable(
            _(
                "game {public_id} cannot be played here: {reason}",
                public_id=stored.public_id,
                reason=str(exc),
            )
        ) from None
    if info.rules_version != stored.rules_version:
        raise Unavailable(
            _(
                "game {public_id} was played under {name} rules {played}; this server has "
                "rules {here}",
                public_id=stored.public_id,
                name=info.name,
                played=stored.rules_version,
                here=info.rules_version,
            )
        )
    seats = stored_seats(info, stored)
    try:
        timeline = Timeline.replay(
            stored.game,
            stored.params,
            record_seats(seats),
            stored.seed,
            effective_actions(stored.entries),
        )
    except (ReplayError, LogError, TerranovaError) as exc:
        raise Unavailable(
            _(
                "game {public_id} does not replay: {reason}",
                public_id=stored.public_id,
                reason=str(exc),
            )
        ) from None
    return LiveGame.from_stored(stored, seats, timeline)
