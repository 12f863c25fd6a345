"""Each game's browser board, served from the game's own package: the directory its
``GameInfo.web`` names, at ``/static/games/<game id>/…`` (docs/web.md, "Pages")."""

from __future__ import annotations

import logging
from importlib import resources
from pathlib import Path

from starlette.exceptions import HTTPException
from starlette.staticfiles import StaticFiles
from starlette.types import Message, Receive, Scope, Send
from starlette.websockets import WebSocketClose

from terranova.core.registry import GameInfo, games

log = logging.getLogger("terranova.server")

NO_CACHE = (b"cache-control", b"no-cache")


def revalidated(send: Send) -> Send:
    """``send`` adding ``Cache-Control: no-cache`` to the response: browsers must ask again
    (ETag, Last-Modified) after an upgrade rather than run old scripts."""

    async def send_revalidated(message: Message) -> None:
        if message["type"] == "http.response.start":
            message["headers"] = [*message.get("headers", []), NO_CACHE]
        await send(message)

    return send_revalidated


def web_directory(info: GameInfo) -> Path | None:
    """The directory of the game's ``web`` package (with or without an ``__init__.py``), found
    through importlib.resources so a game installed on its own is found too; None when the
    game declares none, or it cannot be imported or is not a directory of files (a zipped
    package)."""
    if info.web is None:
        return None
    try:
        root = resources.files(info.web)
    except (ImportError, TypeError) as exc:
        log.warning("game %s: its web package %r cannot be found (%s)", info.id, info.web, exc)
        return None
    # a regular package is a Path; a directory without __init__.py (a namespace package) is
    # a MultiplexedPath, whose files are Paths
    if isinstance(root, Path):
        folder: Path | None = root
    else:
        board = root.joinpath("board.js")
        folder = board.parent if isinstance(board, Path) else None
    if folder is None or not folder.is_dir():
        log.warning("game %s: its web package %r is not a directory", info.id, info.web)
        return None
    return folder


def _route_path(scope: Scope) -> str:
    """The request's path below the mount point (``/<game id>/<file>``)."""
    path: str = scope["path"]
    root: str = scope.get("root_path", "")
    return path[len(root) :] if root and path.startswith(root) else path


class GameFiles:
    """The ASGI app mounted at ``/static/games``: ``/<game id>/<file>`` answers a file of that
    registered game's ``web`` directory (GET and HEAD, as StaticFiles does: ETag,
    Last-Modified, 304; plus ``Cache-Control: no-cache``). An unknown game, a game without
    a board, a file that is not there, a directory, and a path leading out of the directory
    (``..``, a symbolic link) answer 404."""

    def __init__(self) -> None:
        self._served: dict[str, tuple[GameInfo, StaticFiles | None]] = {}

    def files(self, game_id: str) -> StaticFiles | None:
        """The files of a registered game's board, or None (no such game, or no board);
        looked up when first asked, and again if the game is registered anew."""
        info = games().get(game_id)
        if info is None:
            return None
        known = self._served.get(game_id)
        if known is not None and known[0] is info:
            return known[1]
        folder = web_directory(info)
        files = StaticFiles(directory=folder) if folder is not None else None
        self._served[game_id] = (info, files)
        return files

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await WebSocketClose()(scope, receive, send)
            return
        game_id, sep, _rest = _route_path(scope).lstrip("/").partition("/")
        files = self.files(game_id) if sep else None
        if files is None:
            raise HTTPException(status_code=404)
        # below the game's own folder, as if StaticFiles were mounted at /static/games/<id>
        child = {**scope, "root_path": f"{scope.get('root_path', '')}/{game_id}"}
        await files(child, receive, revalidated(send))
