"""The browser UI: the lobby, the play page, the account pages, the rules pages and their
pictures, and the static files (docs/web.md, "Pages")."""

from __future__ import annotations

import asyncio
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send

from terranova.server.game_files import revalidated
from terranova.server.routes.deps import SettingsDep
from terranova.server.rules_pages import RulesPageError, page_html, picture, rules_page

router = APIRouter()


def page(static_dir: Path, name: str) -> Response:
    path = static_dir / name
    if not path.is_file():
        return JSONResponse(
            {"detail": f"the browser UI is not installed (no static/{name})"}, status_code=404
        )
    return FileResponse(path, headers={"Cache-Control": "no-cache"})


@router.get("/", include_in_schema=False)
async def index(settings: SettingsDep) -> Response:
    """The lobby."""
    return page(Path(settings.static_dir), "index.html")


@router.get("/play/{game_id}", include_in_schema=False)
async def play(game_id: str, settings: SettingsDep) -> Response:
    """A game's board (the page reads its seat and token from the query)."""
    return page(Path(settings.static_dir), "play.html")


ACCOUNT_VIEWS = frozenset({"sign-in", "sign-up", "forgot", "verify", "reset"})
"""The views of ``/account/{view}`` (``static/account.js`` draws them)."""


@router.get("/account", include_in_schema=False)
async def account(settings: SettingsDep) -> Response:
    """The signed-in person's account: name, address, password, e-mail, deletion."""
    return page(Path(settings.static_dir), "account.html")


@router.get("/account/{view}", include_in_schema=False)
async def account_view(view: str, settings: SettingsDep) -> Response:
    """Signing up and in, a forgotten password, and the pages the e-mailed links open."""
    if view not in ACCOUNT_VIEWS:
        return JSONResponse({"detail": f"there is no page /account/{view}"}, status_code=404)
    return page(Path(settings.static_dir), "account.html")


@router.get("/rules/{game_id}", include_in_schema=False)
async def rules(game_id: str) -> Response:
    """A game's rules for players."""
    try:
        found = await asyncio.to_thread(rules_page, game_id)  # reads a file
    except RulesPageError as err:
        return JSONResponse({"detail": str(err)}, status_code=404)
    return HTMLResponse(page_html(found), headers={"Cache-Control": "no-cache"})


@router.get("/rules/{game_id}/pictures/{name}.svg", include_in_schema=False)
async def rules_picture(game_id: str, name: str) -> Response:
    """A picture a game's rules page shows."""
    try:
        # drawing may take a moment the first time: off the event loop
        svg = await asyncio.to_thread(picture, game_id, name)
    except RulesPageError as err:
        return JSONResponse({"detail": str(err)}, status_code=404)
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})


class StaticDirectory:
    """The ASGI app for ``/static``: the files of ``directory``, to be revalidated by the
    browser (``Cache-Control: no-cache``); 404 for all if the directory is missing."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.files = StaticFiles(directory=directory, check_dir=False)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.directory.is_dir():
            await self.files(scope, receive, revalidated(send))
        else:
            await JSONResponse({"detail": "Not Found"}, status_code=404)(scope, receive, send)
