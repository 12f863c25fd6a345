"""The WebSocket ``/ws/games/{game_id}``: a game's state messages as it changes, and a
seat's actions, undo and pings; with ``chat=1``, the table's chat too (docs/web.md,
"WebSocket" and "Chat")."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

from fastapi import APIRouter, Query, WebSocket
from pydantic import TypeAdapter, ValidationError
from starlette.websockets import WebSocketDisconnect

from terranova.core.i18n import Text, _
from terranova.server.accounts import Account, Accounts
from terranova.server.chat import Chat, Listener
from terranova.server.hub import Connection, Hub, RateWindow
from terranova.server.languages import reader_language
from terranova.server.models import (
    CLIENT_MESSAGE,
    ClientAction,
    ClientChat,
    ClientMute,
    ClientPing,
    ErrorCode,
    PongMessage,
)
from terranova.server.routes.common import SeatQuery, error_text, query_seat, validation_message
from terranova.server.routes.deps import (
    AccountDep,
    AccountsDep,
    ChatDep,
    HubDep,
    ServiceDep,
    SettingsDep,
    SocketsDep,
    account_id,
)
from terranova.server.seats import authorize
from terranova.server.service import Forbidden, GameService, ServiceError
from terranova.server.sessions import cross_site, public_hosts, session_token
from terranova.server.settings import Settings

log = logging.getLogger("terranova.server")

CLOSE_POLICY = 1008
FAILED = _("the server failed on this message")

router = APIRouter()


@router.websocket("/ws/games/{game_id}")
async def game_socket(
    websocket: WebSocket,
    game_id: str,
    service: ServiceDep,
    settings: SettingsDep,
    hub: HubDep,
    sockets: SocketsDep,
    chat: ChatDep,
    account: AccountDep,
    accounts: AccountsDep,
    seat_query: SeatQuery = None,
    token: str | None = None,
    with_chat: bool = Query(False, alias="chat", description="also the table's chat"),
) -> None:
    """A game's live connection, for a seat (with its token, or signed in to the account
    holding it) or a spectator. A page of another site is not taken as signed in: a
    browser sends the cookie with its WebSocket too (cross-site WebSocket hijacking)."""
    await websocket.accept()
    try:
        address = sockets.take(websocket.scope)
    except ServiceError as err:
        await refuse(websocket, err)
        return
    holder = account_id(account)
    if holder is not None and cross_site(websocket.headers, public_hosts(settings.public_url)):
        if not token and seat_query is not None:
            sockets.give_back(address)
            await refuse(
                websocket,
                Forbidden(
                    _(
                        "a page of another site cannot open a seat by your account: open the game "
                        "from this site"
                    )
                ),
            )
            return
        holder = None
    cookie = session_token(websocket)

    async def signed_in() -> int | None:
        """The account signed in now: one deleted, suspended or signed out since the
        connection opened acts no more by it."""
        return None if holder is None else account_id(await accounts.account_of(cookie))

    talker = socket_account(websocket, settings, account) if with_chat else None
    try:
        await _serve_socket(
            websocket,
            game_id,
            seat_query,
            token,
            holder,
            signed_in,
            service,
            settings,
            hub,
            chat if with_chat else None,
            talker,
            session_reader(websocket, settings, accounts),
            address,
        )
    finally:
        sockets.give_back(address)


def session_reader(
    websocket: WebSocket, settings: Settings, accounts: Accounts
) -> Callable[[], Awaitable[Account | None]]:
    """Reads the account a socket chats as again, from its session cookie (as
    :func:`socket_account` does at connect): none once it signed out, or was deleted or
    suspended."""
    cookie = session_token(websocket)

    async def again() -> Account | None:
        return socket_account(websocket, settings, await accounts.account_of(cookie))

    return again


def socket_account(
    websocket: WebSocket, settings: Settings, account: Account | None
) -> Account | None:
    """The account a socket chats as: none when its page is another site's (a browser sends
    the cookie with a socket opened from any page; the ``Origin`` tells whose page it is)."""
    return None if cross_site(websocket.headers, public_hosts(settings.public_url)) else account


async def refuse(websocket: WebSocket, err: ServiceError) -> None:
    """Refuse a connection: its error, then close code 4000 + the HTTP status."""
    with contextlib.suppress(Exception):
        await websocket.send_text(error_text(err.text, err.code, reader_language(websocket)))
        await websocket.close(code=4000 + err.status)


async def _serve_socket(
    websocket: WebSocket,
    game_id: str,
    seat_query: str | None,
    token: str | None,
    holder: int | None,
    signed_in: Callable[[], Awaitable[int | None]],
    service: GameService,
    settings: Settings,
    hub: Hub,
    chat: Chat | None,
    talker: Account | None,
    again: Callable[[], Awaitable[Account | None]],
    address: str,
) -> None:
    try:
        seat = query_seat(seat_query)
        game = await service.games.get(game_id)
        if seat is not None or token is not None:
            authorize(game, seat, token, holder)
    except ServiceError as err:
        await refuse(websocket, err)
        return
    connection = Connection(websocket, game_id, seat)
    hub.add(connection)
    connection.send(game.message_json(seat))
    listener = Listener(connection, game_id, talker, address, again=again)
    try:
        if chat is not None:
            await chat.join(listener)

        async def handle(raw: str | bytes) -> None:
            await _handle(connection, raw, token, signed_in, service, chat, listener)

        await serve_messages(websocket, connection, settings, handle)
    finally:
        hub.remove(connection)
        if chat is not None:
            await chat.leave(listener)


async def serve_messages(
    websocket: WebSocket,
    connection: Connection,
    settings: Settings,
    handle: Callable[[str | bytes], Awaitable[None]],
) -> None:
    """Send what ``connection`` queues, and hand each message the client sends to ``handle``
    (within the per-connection rate and size limits), until either side closes."""
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
                most = settings.ws_messages_per_second
                say_error(connection, _("at most {most} messages a second", most=most), "rate")
                if verdict == RateWindow.CLOSE:
                    connection.close(CLOSE_POLICY)
                continue
            if size > settings.ws_max_message_bytes:
                most = settings.ws_max_message_bytes
                say_error(
                    connection, _("a message has at most {most} bytes", most=most), "too_large"
                )
                continue
            raw = text if text is not None else data or b""
            await handle(raw)
    except WebSocketDisconnect:
        pass
    finally:
        if connection.closing:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(pump, timeout=2)
        pump.cancel()
        with contextlib.suppress(BaseException):
            await pump


async def _handle(
    connection: Connection,
    raw: str | bytes,
    token: str | None,
    signed_in: Callable[[], Awaitable[int | None]],
    service: GameService,
    chat: Chat | None,
    listener: Listener,
) -> None:
    message = read_message(
        connection,
        CLIENT_MESSAGE,
        raw,
        '{"type": "action", "action": "…", "ply": N}, {"type": "undo"}, ' + CHAT_FORMS,
    )
    if message is None:
        return
    if isinstance(message, ClientChat | ClientMute):
        if chat is None:
            say_error(connection, _("connect with chat=1 to chat at this table"), "refused")
        else:
            await chat_message(chat, listener, message)
        return
    try:
        if connection.seat is None:
            raise Forbidden(_("spectators cannot act: connect with a seat and its token"))
        account = None if token else await signed_in()
        if isinstance(message, ClientAction):
            await service.act(
                connection.game_id, connection.seat, token, message.action, message.ply, account
            )
        else:
            await service.undo(connection.game_id, connection.seat, token, account)
    except ServiceError as err:
        say_error(connection, err.text, err.code)
    except Exception:
        log.exception("game %s: a message failed", connection.game_id)
        say_error(connection, FAILED, "server")


CHAT_FORMS = (
    '{"type": "chat", "text": "…"}, {"type": "mute", "account_id": "…"} (or "unmute") '
    'or {"type": "ping"}'
)
"""The chat's client messages, as the error for a malformed one names them."""

M = TypeVar("M")


def read_message(
    connection: Connection, adapter: TypeAdapter[M], raw: str | bytes, forms: str
) -> M | None:
    """A client's message; None if it is malformed (answered, naming ``forms``) or a ping
    (answered with a pong)."""
    try:
        message = adapter.validate_json(raw)
    except ValidationError as exc:
        text = _("a message is {forms} ({problem})", forms=forms, problem=validation_message(exc))
        say_error(connection, text, "malformed")
        return None
    if isinstance(message, ClientPing):
        connection.send(PongMessage().model_dump_json())
        return None
    return message


async def chat_message(chat: Chat, listener: Listener, message: ClientChat | ClientMute) -> None:
    """A chat message or a mute from a socket; a refusal is answered on it."""
    try:
        if isinstance(message, ClientChat):
            await chat.post(listener, message.text)
        else:
            await chat.mute(listener, message.account_id, message.type == "mute")
    except ServiceError as err:
        say_error(listener.connection, err.text, err.code)
    except Exception:
        log.exception("a chat message failed")
        say_error(listener.connection, FAILED, "server")


def say_error(connection: Connection, text: Text, code: ErrorCode) -> None:
    """Send an error on a socket, said in the language of its connection."""
    connection.send(error_text(text, code, reader_language(connection.websocket)))
