"""The web app: HTTP API, WebSocket and the browser UI's files (docs/web.md).

:func:`create_app` builds the app's objects and includes the routers of
:mod:`terranova.server.routes`, which reach those objects through ``app.state``.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import BaseRoute, Match, Route
from starlette.types import Scope

import terranova
from terranova.core.i18n import Text
from terranova.core.registry import BOARD_PATH
from terranova.server.accounts import Accounts
from terranova.server.chat import CHAT, Chat
from terranova.server.db import Database
from terranova.server.errors import METHOD_NOT_ALLOWED, NOT_FOUND, error_response
from terranova.server.game_files import GameFiles
from terranova.server.hub import Hub
from terranova.server.invitations import Invitations
from terranova.server.limits import Limits, Proxies, SocketCount
from terranova.server.metrics import Metrics, RequestTimer
from terranova.server.models import ErrorCode
from terranova.server.ratings import Ratings, RatingStore
from terranova.server.relay import Relay
from terranova.server.routes import (
    accounts,
    advice,
    games,
    held,
    invitations,
    lobby,
    ops,
    pages,
    play,
    players,
    sockets,
)
from terranova.server.routes.common import validation_message
from terranova.server.service import GameService, ServiceError
from terranova.server.sessions import CsrfGuard
from terranova.server.settings import Settings, check_mail_settings
from terranova.server.turnmail import TurnMails


def create_app(settings: Settings | None = None) -> FastAPI:
    """The web app for ``settings`` (its database is migrated when the app starts)."""
    settings = settings or Settings()
    check_mail_settings(settings)
    db = Database(settings.database_url, settings.lease_seconds)
    hub = Hub()
    metrics = Metrics()
    service = GameService(db, settings, hub, metrics)
    db.observe = metrics.store_timer
    metrics.watch(hub.total, service.bots.queued, lambda: len(service.games))
    readiness = ops.Readiness(db)
    people = Accounts(db, settings)
    chat = Chat(db, settings)
    ratings = Ratings(RatingStore(db), settings.prune_every_seconds)
    service.on_finished = ratings.finished
    service.published_ratings = lambda: ratings.store.published
    turn_mails = TurnMails(db, hub, settings, people, metrics)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(db.migrate)

        async def missed() -> None:
            await service.refresh_all()
            await chat.missed()

        relay = (
            Relay(settings.database_url, db.origin, service.refresh, missed, {CHAT: chat.hear})
            if db.shared
            else None
        )
        service.start()
        people.start()
        chat.start()
        ratings.start()
        turn_mails.start()
        app.state.relay = relay
        if relay is not None:
            relay.start()
        try:
            yield
        finally:
            if relay is not None:
                await relay.close()
            await turn_mails.close()
            await service.close()
            await chat.close()
            await ratings.close()
            await people.close()
            readiness.close()
            db.dispose()

    app = FastAPI(
        title="Terranova",
        version=terranova.__version__,
        description="Play tabletop games in the browser against bots or friends (see docs/web.md).",
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.db = db
    app.state.hub = hub
    app.state.service = service
    app.state.metrics = metrics
    app.state.readiness = readiness
    app.state.accounts = people
    app.state.chat = chat
    app.state.ratings = ratings
    app.state.turn_mails = turn_mails
    app.state.invitations = Invitations(db, service, people, settings)
    app.add_middleware(CsrfGuard, public_url=settings.public_url)
    app.add_middleware(Limits, settings=settings)
    app.add_middleware(RequestTimer, metrics=metrics)  # outermost: refused requests count too
    app.state.sockets = SocketCount(settings)
    app.state.proxies = Proxies(settings.trusted_proxies)

    @app.exception_handler(ServiceError)
    async def service_error(request: Request, exc: ServiceError) -> JSONResponse:
        return exc.response(request)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        return error_response(request, validation_message(exc), "malformed", 400)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        headers = exc.headers
        allowed = allowed_methods(routes, request.scope) if exc.status_code == 405 else []
        if allowed:  # Starlette's Allow names the methods of the first route on the path only
            headers = {**(headers or {}), "Allow": ", ".join(allowed)}
        text, code = http_error_text(exc.status_code, str(exc.detail))
        return error_response(request, text, code, exc.status_code, headers)

    modules = (
        games,
        play,
        advice,
        accounts,
        held,
        invitations,
        players,
        sockets,
        lobby,
        ops,
        pages,
    )
    for module in modules:
        app.include_router(module.router)
    routes = [route for module in modules for route in module.router.routes]
    # the files last, each game's board, from its own package, before /static (which would
    # take the path)
    app.mount(BOARD_PATH, GameFiles(), name="games")
    app.mount("/static", pages.StaticDirectory(Path(settings.static_dir)), name="static")
    return app


HTTP_CODES: dict[int, ErrorCode] = {
    400: "malformed",
    401: "forbidden",
    403: "forbidden",
    404: "not_found",
    409: "stale",
    413: "too_large",
    429: "rate",
}


def http_error_text(status: int, detail: str) -> tuple[Text, ErrorCode]:
    """The message and code of an HTTP error Starlette raised (a path or method it has no
    route for, most often)."""
    code: ErrorCode = HTTP_CODES.get(status, "malformed" if status < 500 else "server")
    if status == 404:
        return NOT_FOUND, code
    if status == 405:
        return METHOD_NOT_ALLOWED, code
    return Text(detail), code  # not one of ours: said as it is


def allowed_methods(routes: Iterable[BaseRoute], scope: Scope) -> list[str]:
    """The methods of every one of ``routes`` on ``scope``'s path, sorted."""
    methods: set[str] = set()
    for route in routes:
        if isinstance(route, Route) and route.methods and route.matches(scope)[0] != Match.NONE:
            methods |= route.methods
    return sorted(methods)
