"""The browser UI: the lobby, the play page, the account pages, the rules pages and their
pictures, and the static files (docs/web.md, "Pages")."""

from __future__ import annotations

import asyncio
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from starlette.requests import HTTPConnection
from starlette.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send

from terranova.core.i18n import LANGUAGES, SOURCE, _
from terranova.server.errors import NOT_FOUND, error_response
from terranova.server.game_files import revalidated
from terranova.server.languages import messages_body, offered, reader_language, render_page
from terranova.server.routes.deps import SettingsDep
from terranova.server.rules_pages import page_html, picture, rules_page

router = APIRouter()


def page(static_dir: Path, name: str, request: Request) -> Response:
    """A page of the browser UI, in the reader's language."""
    path = static_dir / name
    if not path.is_file():
        text = _("the browser UI is not installed (no static/{name})", name=name)
        return error_response(request, text, "not_found", 404)
    html = render_page(static_dir, name, reader_language(request))
    return HTMLResponse(
        html, headers={"Cache-Control": "no-cache", "Vary": "Cookie, Accept-Language"}
    )


@router.get("/api/messages/{lang}")
async def messages(lang: str, request: Request) -> Response:
    """The catalogs the browser reads its texts from, in one language."""
    if not offered(lang):
        known = ", ".join(LANGUAGES)
        text = _("no language '{lang}'; there are: {known}", lang=lang, known=known)
        return error_response(request, text, "not_found", 404)
    body, etag = messages_body(lang)
    headers = {"ETag": etag, "Cache-Control": "no-cache"}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


@router.get("/", include_in_schema=False)
async def index(settings: SettingsDep, request: Request) -> Response:
    """The lobby."""
    return page(Path(settings.static_dir), "index.html", request)


@router.get("/play/{game_id}", include_in_schema=False)
async def play(game_id: str, settings: SettingsDep, request: Request) -> Response:
    """A game's board (the page reads its seat and token from the query)."""
    return page(Path(settings.static_dir), "play.html", request)


ACCOUNT_VIEWS = frozenset({"sign-in", "sign-up", "forgot", "verify", "reset"})
"""The views of ``/account/{view}`` (``static/account.js`` draws them)."""


@router.get("/account", include_in_schema=False)
async def account(settings: SettingsDep, request: Request) -> Response:
    """The signed-in person's account: name, address, password, e-mail, deletion."""
    return page(Path(settings.static_dir), "account.html", request)


@router.get("/account/{view}", include_in_schema=False)
async def account_view(view: str, settings: SettingsDep, request: Request) -> Response:
    """Signing up and in, a forgotten password, and the pages the e-mailed links open."""
    if view not in ACCOUNT_VIEWS:
        text = _("there is no page /account/{view}", view=view)
        return error_response(request, text, "not_found", 404)
    return page(Path(settings.static_dir), "account.html", request)


@router.get("/rules/{game_id}", include_in_schema=False)
async def rules(game_id: str, request: Request) -> Response:
    """A game's rules for players, in the reader's language where the game has them in it."""
    # reads a file (RulesPageError: 404)
    found = await asyncio.to_thread(rules_page, game_id, reader_language(request))
    headers = {"Cache-Control": "no-cache", "Vary": "Cookie, Accept-Language"}
    return HTMLResponse(page_html(found), headers=headers)


@router.get("/rules/{game_id}/pictures/{name}.svg", include_in_schema=False)
async def rules_picture(game_id: str, name: str, lang: str = SOURCE) -> Response:
    """A picture a game's rules page shows, its words in ``lang``."""
    # drawing may take a moment the first time: off the event loop (RulesPageError: 404)
    svg = await asyncio.to_thread(picture, game_id, name, lang)
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})


class StaticDirectory:
    """The ASGI app for ``/static``: the files of ``directory``, to be revalidated by the
    browser (``Cache-Control: no-cache``), but its pages (``*.html``, templates rendered at
    ``/``, ``/play/...``); 404 for all if the directory is missing."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.files = StaticFiles(directory=directory, check_dir=False)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        # the pages are templates, served rendered at their own addresses only
        if self.directory.is_dir() and not str(scope.get("path", "")).endswith(".html"):
            await self.files(scope, receive, revalidated(send))
        else:
            found = error_response(HTTPConnection(scope), NOT_FOUND, "not_found", 404)
            await found(scope, receive, send)
