"""The WebSocket ``/ws/lobby``: the lobby's chat and who is online there (docs/web.md,
"Chat" and "Presence")."""

from __future__ import annotations

from fastapi import APIRouter, WebSocket

from terranova.server.chat import LOBBY, Listener
from terranova.server.hub import Connection
from terranova.server.models import LOBBY_MESSAGE
from terranova.server.routes.deps import AccountDep, AccountsDep, ChatDep, SettingsDep, SocketsDep
from terranova.server.routes.sockets import (
    CHAT_FORMS,
    chat_message,
    read_message,
    refuse,
    serve_messages,
    session_reader,
    socket_account,
)
from terranova.server.service import ServiceError

router = APIRouter()


@router.websocket("/ws/lobby")
async def lobby_socket(
    websocket: WebSocket,
    settings: SettingsDep,
    sockets: SocketsDep,
    chat: ChatDep,
    account: AccountDep,
    accounts: AccountsDep,
) -> None:
    """The lobby's live connection: its chat's history, then each message, and who is
    online; a signed-in account may write and is online while it is open."""
    await websocket.accept()
    try:
        address = sockets.take(websocket.scope)
    except ServiceError as err:
        await refuse(websocket, err)
        return
    connection = Connection(websocket, LOBBY, None)
    talker = socket_account(websocket, settings, account)
    again = session_reader(websocket, settings, accounts)
    listener = Listener(connection, LOBBY, talker, address, again=again)

    async def handle(raw: str | bytes) -> None:
        message = read_message(connection, LOBBY_MESSAGE, raw, CHAT_FORMS)
        if message is not None:
            await chat_message(chat, listener, message)  # type: ignore[arg-type]

    try:
        await chat.join(listener)
        await serve_messages(websocket, connection, settings, handle)
    finally:
        await chat.leave(listener)
        sockets.give_back(address)
