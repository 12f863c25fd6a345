"""The WebSocket ``/ws/games/{game_id}``: a game's state messages as it changes, and a
seat's actions, undo and pings (docs/web.md, "WebSocket")."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from fastapi import APIRouter, WebSocket
from pydantic import ValidationError
from starlette.websockets import WebSocketDisconnect

from terranova.server.hub import Connection, Hub, RateWindow
from terranova.server.models import CLIENT_MESSAGE, ClientAction, ClientPing, PongMessage
from terranova.server.routes.common import SeatQuery, error_text, query_seat, validation_message
from terranova.server.routes.deps import HubDep, ServiceDep, SettingsDep, SocketsDep
from terranova.server.seats import authorize
from terranova.server.service import Forbidden, GameService, ServiceError
from terranova.server.settings import Settings

log = logging.getLogger("terranova.server")

CLOSE_POLICY = 1008

router = APIRouter()


@router.websocket("/ws/games/{game_id}")
async def game_socket(
    websocket: WebSocket,
    game_id: str,
    service: ServiceDep,
    settings: SettingsDep,
    hub: HubDep,
    sockets: SocketsDep,
    seat_query: SeatQuery = None,
    token: str | None = None,
) -> None:
    """A game's live connection, for a seat (with its token) or a spectator."""
    await websocket.accept()
    try:
        address = sockets.take(websocket.scope)
    except ServiceError as err:
        await _refuse(websocket, err)
        return
    try:
        await _serve_socket(websocket, game_id, seat_query, token, service, settings, hub)
    finally:
        sockets.give_back(address)


async def _refuse(websocket: WebSocket, err: ServiceError) -> None:
    """Refuse a connection: its error, then close code 4000 + the HTTP status."""
    with contextlib.suppress(Exception):
        await websocket.send_text(error_text(err.message, err.code))
        await websocket.close(code=4000 + err.status)


async def _serve_socket(
    websocket: WebSocket,
    game_id: str,
    seat_query: str | None,
    token: str | None,
    service: GameService,
    settings: Settings,
    hub: Hub,
) -> None:
    try:
        seat = query_seat(seat_query)
        game = await service.games.get(game_id)
        if seat is not None or token is not None:
            authorize(game, seat, token)
    except ServiceError as err:
        await _refuse(websocket, err)
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
                    error_text(
                        f"at most {settings.ws_messages_per_second} messages a second", "rate"
                    )
                )
                if verdict == RateWindow.CLOSE:
                    connection.close(CLOSE_POLICY)
                continue
            if size > settings.ws_max_message_bytes:
                connection.send(
                    error_text(
                        f"a message has at most {settings.ws_max_message_bytes} bytes",
                        "too_large",
                    )
                )
                continue
            raw = text if text is not None else data or b""
            await _handle(connection, raw, token, service)
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


async def _handle(
    connection: Connection, raw: str | bytes, token: str | None, service: GameService
) -> None:
    try:
        message = CLIENT_MESSAGE.validate_json(raw)
    except ValidationError as exc:
        connection.send(
            error_text(
                'a message is {"type": "action", "action": "…", "ply": N}, '
                f'{{"type": "undo"}} or {{"type": "ping"}} ({validation_message(exc)})',
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
        connection.send(error_text(err.message, err.code))
    except Exception:
        log.exception("game %s: a message failed", connection.game_id)
        connection.send(error_text("the server failed on this message", "server"))
