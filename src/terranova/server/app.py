"""The web app: HTTP API, WebSocket and the browser UI's files (docs/web.md)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import FastAPI, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

import terranova
from terranova.core.registry import BOARD_PATH, game_info
from terranova.server.db import Database
from terranova.server.game_files import GameFiles, revalidated
from terranova.server.hub import Connection, Hub, RateWindow
from terranova.server.limits import Limits, SocketCount
from terranova.server.live import replay_message, seat_out
from terranova.server.models import (
    CLIENT_MESSAGE,
    ActionRequest,
    AnalysisResponse,
    CatalogResponse,
    ClientAction,
    ClientPing,
    CreatedSeat,
    CreateGameRequest,
    CreateGameResponse,
    ErrorCode,
    ErrorMessage,
    ErrorResponse,
    GameSummary,
    HintResponse,
    JoinRequest,
    JoinResponse,
    OpenTable,
    OpenTablesResponse,
    PongMessage,
    RematchRequest,
    RematchResponse,
    ResignRequest,
    StateMessage,
    UndoRequest,
)
from terranova.server.rules_pages import (
    RulesPageError,
    page_html,
    picture,
    rules_link,
    rules_page,
)
from terranova.server.service import (
    BadRequest,
    Forbidden,
    GameService,
    Malformed,
    NotFound,
    ServiceError,
    Stale,
    catalog,
)
from terranova.server.settings import Settings

log = logging.getLogger("terranova.server")

CLOSE_POLICY = 1008
ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorResponse} for status in (400, 403, 404, 409, 413, 429)
}

SEAT_QUERY = re.compile(r"-?[0-9]{1,9}")
SeatQuery = Annotated[str | None, Query(alias="seat", description="a seat number")]


def _json_response(text: str) -> Response:
    return Response(content=text, media_type="application/json")


def _error_text(message: str, code: ErrorCode) -> str:
    return ErrorMessage(message=message, code=code).model_dump_json()


def _validation_message(exc: RequestValidationError | ValidationError) -> str:
    parts = []
    for error in exc.errors()[:3]:
        where = ".".join(str(x) for x in error.get("loc", ()) if x not in ("body",))
        parts.append(f"{where}: {error.get('msg', 'invalid')}" if where else error.get("msg", ""))
    return "; ".join(parts) or "invalid request"


def _query_seat(text: str | None) -> int | None:
    """The ``seat`` of a query string (absent: None); raises Malformed unless it is a whole
    number written plainly (``0``, ``2``: not ``1.0``, ``+1`` or ``abc``)."""
    if text is None:
        return None
    if not SEAT_QUERY.fullmatch(text):
        raise Malformed(f"seat: a seat number such as 0 or 1, not {text[:40]!r}")
    return int(text)


def create_app(settings: Settings | None = None) -> FastAPI:
    """The web app for ``settings`` (its database is migrated when the app starts)."""
    settings = settings or Settings()
    db = Database(settings.database_url)
    hub = Hub()
    service = GameService(db, settings, hub)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(db.migrate)
        service.start()
        try:
            yield
        finally:
            await service.close()
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
    app.add_middleware(Limits, settings=settings)
    sockets = SocketCount(settings)
    app.state.sockets = sockets

    @app.exception_handler(ServiceError)
    async def service_error(_request: Request, exc: ServiceError) -> JSONResponse:
        return JSONResponse({"detail": exc.message}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def validation_error(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": _validation_message(exc)}, status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse(
            {"detail": str(exc.detail)}, status_code=exc.status_code, headers=exc.headers
        )

    # ---------------------------------------------------------------- HTTP API

    @app.get("/api/catalog", response_model=CatalogResponse)
    async def get_catalog() -> dict[str, Any]:
        """The games that can be played, with their variants, and the bots."""
        return catalog()

    @app.post("/api/games", response_model=CreateGameResponse, responses=ERRORS)
    async def create_game(body: CreateGameRequest) -> CreateGameResponse:
        """A new game. The seats' tokens are in this answer only."""
        game, tokens = await service.create(body)
        seats = []
        for seat in game.seats:
            token = tokens.get(seat.seat)
            seats.append(
                CreatedSeat(
                    seat=seat.seat,
                    kind=seat.out().kind,
                    name=seat.name,
                    bot=seat.bot,
                    token=token,
                    link=(
                        f"/play/{game.public_id}?seat={seat.seat}&token={token}" if token else None
                    ),
                )
            )
        return CreateGameResponse(
            game_id=game.public_id, seats=seats, spectator_link=f"/play/{game.public_id}"
        )

    @app.get("/api/games/{game_id}", response_model=GameSummary, responses=ERRORS)
    async def get_game(game_id: str) -> GameSummary:
        """What a game is and where it stands."""
        game = await service.get(game_id)
        info = game_info(game.game)
        return GameSummary(
            game_id=game.public_id,
            game=game.game,
            name=info.name,
            rules_version=game.rules_version,
            params=game.params,
            seats=[s.out() for s in game.seats],
            status=game.status,
            ply=game.ply,
            to_move=game.to_move(),
            result=game.timeline.result(),
            bot_delay_ms=game.bot_delay_ms,
            response_seconds=game.response_seconds,
            created=game.created_at.isoformat(),
            practice=game.practice,
            hints=game.hints,
            move_seconds=game.move_seconds,
            board=info.describe()["board"],
            rules=rules_link(info),
        )

    @app.get("/api/games/{game_id}/state", response_model=StateMessage, responses=ERRORS)
    async def get_state(
        game_id: str, seat_query: SeatQuery = None, token: str | None = None
    ) -> Any:
        """The state message for a seat (with its token), or for a spectator."""
        seat = _query_seat(seat_query)
        game = await service.get(game_id)
        if seat is not None or token is not None:
            service.authorize(game, seat, token)
        return _json_response(game.message_json(seat))

    @app.post("/api/games/{game_id}/actions", response_model=StateMessage, responses=ERRORS)
    async def post_action(game_id: str, body: ActionRequest) -> Any:
        """Play an action for a seat; answers the seat's new state message."""
        game = await service.act(game_id, body.seat, body.token, body.action, body.ply)
        return _json_response(game.message_json(body.seat))

    @app.post("/api/games/{game_id}/undo", response_model=StateMessage, responses=ERRORS)
    async def post_undo(game_id: str, body: UndoRequest) -> Any:
        """Against bots only: back to before this seat's previous decision, if nothing has
        been shown since (any decision in a practice game)."""
        game = await service.undo(game_id, body.seat, body.token)
        return _json_response(game.message_json(body.seat))

    @app.get("/api/games", response_model=OpenTablesResponse, responses=ERRORS)
    async def list_games(open_: Annotated[str | None, Query(alias="open")] = None) -> Any:
        """``?open=1``: the open tables, the newest games being played that have a seat
        anyone may join (other games are reached by their id only)."""
        if open_ != "1":
            raise BadRequest("only the open tables are listed: GET /api/games?open=1")
        tables = [
            OpenTable(
                game_id=game.public_id,
                game=game.game,
                name=game_info(game.game).name,
                params=game.params,
                seats=[seat_out(s.seat, s.kind, s.name, s.bot) for s in game.seats],
                created=game.created_at.isoformat(),
            )
            for game in await service.open_tables()
        ]
        return OpenTablesResponse(games=tables)

    @app.post("/api/games/{game_id}/join", response_model=JoinResponse, responses=ERRORS)
    async def post_join(game_id: str, body: JoinRequest) -> JoinResponse:
        """Take an open seat of a game being played (the one named, or the first): it
        becomes yours, with the name given; answers its token, given only here."""
        game, seat, token = await service.join(game_id, body.seat, body.name)
        link = f"/play/{game.public_id}?" + urlencode({"seat": seat, "token": token})
        return JoinResponse(game_id=game.public_id, seat=seat, token=token, link=link)

    @app.get("/api/games/{game_id}/hint", response_model=HintResponse, responses=ERRORS)
    async def get_hint(
        game_id: str, seat_query: SeatQuery = None, token: str | None = None
    ) -> HintResponse:
        """For the seat to move, with its token: the move our search bot (``ismcts``)
        would play, its estimate and the moves it weighed most; in a game between people
        only if the table allows hints. The seat is noted as having asked."""
        seat = _query_seat(seat_query)
        if seat is None:
            raise Forbidden("a hint needs a seat and its token")
        ply, advice = await service.hint(game_id, seat, token)
        return HintResponse(ply=ply, **advice)

    @app.get("/api/games/{game_id}/analysis", response_model=AnalysisResponse, responses=ERRORS)
    async def get_analysis(game_id: str) -> Any:
        """A finished game reviewed by our search bot: every decision scored by what it
        lost against the bot's preferred move, the biggest mistakes, each seat's mean."""
        return await service.analysis(game_id)

    @app.post("/api/games/{game_id}/rematch", response_model=RematchResponse, responses=ERRORS)
    async def post_rematch(game_id: str, body: RematchRequest) -> RematchResponse:
        """A finished game again, for a seat of it with its token: the same game, variants
        and seats, a new deal, everyone one seat on, each person with the token they had.
        Every seat is offered it in its state messages; asked again, it is the same game."""
        game, seat = await service.rematch(game_id, body.seat, body.token)
        link = f"/play/{game.public_id}?" + urlencode({"seat": seat, "token": body.token})
        return RematchResponse(game_id=game.public_id, seat=seat, link=link)

    @app.post("/api/games/{game_id}/resign", response_model=StateMessage, responses=ERRORS)
    async def post_resign(game_id: str, body: ResignRequest) -> Any:
        """Leave a game being played: the seat goes on as a bot, named as resigned, and its
        token no longer plays it. Answers the spectator's state message."""
        game = await service.resign(game_id, body.seat, body.token)
        return _json_response(game.message_json(None))

    @app.get("/api/games/{game_id}/components", responses=ERRORS)
    async def get_components(game_id: str) -> dict[str, Any]:
        """What the board needs to draw the game's components (tiles, cards)."""
        game = await service.get(game_id)
        return game.state.components()

    @app.get("/api/games/{game_id}/record", responses=ERRORS)
    async def get_record(game_id: str) -> JSONResponse:
        """The game record (as ``terranova replay`` reads it); finished games only."""
        game = await service.get(game_id)
        if not game.finished:
            raise Stale("the record is available once the game is over")
        return JSONResponse(
            game.record.to_dict(),
            headers={
                "Content-Disposition": (
                    f'attachment; filename="terranova-{game.game}-{game.public_id}.json"'
                )
            },
        )

    @app.get("/api/games/{game_id}/replay/{ply}", response_model=StateMessage, responses=ERRORS)
    async def get_replay(game_id: str, ply: int) -> StateMessage:
        """Finished games: the spectator state message after ``ply`` actions."""
        game = await service.get(game_id)
        if not game.finished:
            raise Stale("replays are available once the game is over")
        if not 0 <= ply <= game.ply:
            raise NotFound(f"the game has plies 0 to {game.ply}, not {ply}")
        return await asyncio.to_thread(replay_message, game, ply)

    # ---------------------------------------------------------------- WebSocket

    @app.websocket("/ws/games/{game_id}")
    async def game_socket(
        websocket: WebSocket, game_id: str, seat_query: SeatQuery = None, token: str | None = None
    ) -> None:
        await websocket.accept()
        address = sockets.take(websocket.scope)
        if address is None:
            with contextlib.suppress(Exception):
                await websocket.send_text(
                    _error_text(
                        f"at most {sockets.limit} open connections from one address", "rate"
                    )
                )
                await websocket.close(code=4429)
            return
        try:
            await _serve_socket(websocket, game_id, seat_query, token)
        finally:
            sockets.give_back(address)

    async def _serve_socket(
        websocket: WebSocket, game_id: str, seat_query: str | None, token: str | None
    ) -> None:
        try:
            seat = _query_seat(seat_query)
            game = await service.get(game_id)
            if seat is not None or token is not None:
                service.authorize(game, seat, token)
        except ServiceError as err:
            with contextlib.suppress(Exception):
                await websocket.send_text(_error_text(err.message, err.code))
                await websocket.close(code=4000 + err.status)
            return
        connection = Connection(websocket, game_id, seat)
        hub.add(connection)
        connection.send(game.message_json(seat))
        pump = asyncio.create_task(connection.pump())
        window = RateWindow(settings.ws_messages_per_second)
        try:
            while not connection.closing and not pump.done():
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                data = message.get("bytes")
                size = len(text.encode("utf-8")) if text is not None else len(data or b"")
                verdict = window.hit()
                if verdict != RateWindow.OK:
                    connection.send(
                        _error_text(
                            f"at most {settings.ws_messages_per_second} messages a second",
                            "rate",
                        )
                    )
                    if verdict == RateWindow.CLOSE:
                        connection.close(CLOSE_POLICY)
                    continue
                if size > settings.ws_max_message_bytes:
                    connection.send(
                        _error_text(
                            f"a message has at most {settings.ws_max_message_bytes} bytes",
                            "too_large",
                        )
                    )
                    continue
                await _handle(connection, text if text is not None else data or b"", token)
        except WebSocketDisconnect:
            pass
        finally:
            hub.remove(connection)
            if connection.closing:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(pump, timeout=2)
            pump.cancel()
            with contextlib.suppress(BaseException):
                await pump

    async def _handle(connection: Connection, raw: str | bytes, token: str | None) -> None:
        try:
            message = CLIENT_MESSAGE.validate_json(raw)
        except ValidationError as exc:
            connection.send(
                _error_text(
                    'a message is {"type": "action", "action": "…", "ply": N}, '
                    f'{{"type": "undo"}} or {{"type": "ping"}} ({_validation_message(exc)})',
                    "malformed",
                )
            )
            return
        if isinstance(message, ClientPing):
            connection.send(PongMessage().model_dump_json())
            return
        try:
            if connection.seat is None or token is None:
                raise Forbidden("spectators cannot act: connect with a seat and its token")
            if isinstance(message, ClientAction):
                await service.act(
                    connection.game_id, connection.seat, token, message.action, message.ply
                )
            else:
                await service.undo(connection.game_id, connection.seat, token)
        except ServiceError as err:
            connection.send(_error_text(err.message, err.code))
        except Exception:
            log.exception("game %s: a message failed", connection.game_id)
            connection.send(_error_text("the server failed on this message", "server"))

    # ---------------------------------------------------------------- the browser UI

    static_dir = Path(settings.static_dir)

    def _page(name: str) -> Response:
        path = static_dir / name
        if not path.is_file():
            return JSONResponse(
                {"detail": f"the browser UI is not installed (no static/{name})"}, status_code=404
            )
        return FileResponse(path, headers={"Cache-Control": "no-cache"})

    @app.get("/", include_in_schema=False)
    async def index() -> Response:
        return _page("index.html")

    @app.get("/play/{game_id}", include_in_schema=False)
    async def play(game_id: str) -> Response:
        return _page("play.html")

    @app.get("/rules/{game_id}", include_in_schema=False)
    async def rules(game_id: str) -> Response:
        try:
            page = await asyncio.to_thread(rules_page, game_id)  # reads a file
        except RulesPageError as err:
            return JSONResponse({"detail": str(err)}, status_code=404)
        return HTMLResponse(page_html(page), headers={"Cache-Control": "no-cache"})

    @app.get("/rules/{game_id}/pictures/{name}.svg", include_in_schema=False)
    async def rules_picture(game_id: str, name: str) -> Response:
        try:
            # drawing may take a moment the first time: off the event loop
            svg = await asyncio.to_thread(picture, game_id, name)
        except RulesPageError as err:
            return JSONResponse({"detail": str(err)}, status_code=404)
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})

    files = StaticFiles(directory=static_dir, check_dir=False)

    async def static(scope: Scope, receive: Receive, send: Send) -> None:
        if static_dir.is_dir():
            await files(scope, receive, revalidated(send))
        else:
            await JSONResponse({"detail": "Not Found"}, status_code=404)(scope, receive, send)

    # each game's board, from its own package (before /static, which would take the path)
    app.mount(BOARD_PATH, GameFiles(), name="games")
    app.mount("/static", static, name="static")
    return app
