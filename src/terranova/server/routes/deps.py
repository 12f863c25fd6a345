"""The app's objects, as FastAPI dependencies: :func:`terranova.server.app.create_app`
builds them and keeps them in ``app.state``.

Each takes the ``HTTPConnection``, so it serves HTTP routes and WebSockets alike; each is
``async`` so that FastAPI calls it on the event loop rather than in a worker thread.
"""

from __future__ import annotations

from typing import Annotated, cast

from fastapi import Depends
from starlette.requests import HTTPConnection

from terranova.server.accounts import Account, Accounts
from terranova.server.chat import Chat
from terranova.server.hub import Hub
from terranova.server.limits import Proxies, SocketCount, client_address
from terranova.server.service import GameService
from terranova.server.sessions import session_token
from terranova.server.settings import Settings


async def service(connection: HTTPConnection) -> GameService:
    """The app's game service."""
    return cast(GameService, connection.app.state.service)


async def settings(connection: HTTPConnection) -> Settings:
    """The app's settings."""
    return cast(Settings, connection.app.state.settings)


async def hub(connection: HTTPConnection) -> Hub:
    """The app's open WebSockets, by game."""
    return cast(Hub, connection.app.state.hub)


async def sockets(connection: HTTPConnection) -> SocketCount:
    """The app's count of open WebSockets per client address."""
    return cast(SocketCount, connection.app.state.sockets)


async def address(connection: HTTPConnection) -> str:
    """The client's address, as the per-address limits count it (a trusted proxy's
    ``X-Forwarded-For`` read: :mod:`terranova.server.limits`)."""
    return client_address(connection.scope, cast(Proxies, connection.app.state.proxies))


async def accounts(connection: HTTPConnection) -> Accounts:
    """The app's accounts and sessions."""
    return cast(Accounts, connection.app.state.accounts)


async def chat(connection: HTTPConnection) -> Chat:
    """The app's chat rooms and presence."""
    return cast(Chat, connection.app.state.chat)


async def account(connection: HTTPConnection) -> Account | None:
    """The account the request's session cookie signs in (None: nobody is signed in)."""
    return await cast(Accounts, connection.app.state.accounts).account_of(session_token(connection))


def account_id(account: Account | None) -> int | None:
    """The id of the account signed in (None: nobody), as the service takes it."""
    return None if account is None else account.id


ServiceDep = Annotated[GameService, Depends(service)]
SettingsDep = Annotated[Settings, Depends(settings)]
HubDep = Annotated[Hub, Depends(hub)]
SocketsDep = Annotated[SocketCount, Depends(sockets)]
AddressDep = Annotated[str, Depends(address)]
AccountsDep = Annotated[Accounts, Depends(accounts)]
AccountDep = Annotated[Account | None, Depends(account)]
ChatDep = Annotated[Chat, Depends(chat)]
