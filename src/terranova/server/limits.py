"""What one client may make the server spend: request bodies, request rates (of the
``/api/`` requests, and apart of the costly replays and ``/metrics``), open connections and
WebSockets and connection attempts per client address, its share of the server's
connections, and the time to send a request's headers (the games one address has
unfinished, or created in the past hour, are counted in the database: :func:`address_digest`).

A client's address is the peer's, unless the peer is one of the configured trusted proxies:
then it is the last address in ``X-Forwarded-For`` that is not itself a trusted proxy.
Nobody else can choose the address they are counted under.
"""

from __future__ import annotations

import asyncio
import hashlib
import ipaddress
import json
import re
import time
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from terranova.core.i18n import Text, _
from terranova.server.errors import TooManySockets, error_body, error_response
from terranova.server.languages import reader_language
from terranova.server.models import ErrorCode
from terranova.server.settings import Settings

TOO_MANY_REQUESTS = _("too many requests: slow down")

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class Proxies:
    """The trusted proxies (addresses or networks, e.g. ``10.0.0.0/8``) and the client
    address they vouch for.

    >>> Proxies(["127.0.0.1"]).client("127.0.0.1", [(b"x-forwarded-for", b"1.2.3.4, 5.6.7.8")])
    '5.6.7.8'
    >>> Proxies([]).client("127.0.0.1", [(b"x-forwarded-for", b"1.2.3.4")])
    '127.0.0.1'
    """

    def __init__(self, trusted: Iterable[str]) -> None:
        self.networks: list[Network] = [ipaddress.ip_network(t, strict=False) for t in trusted]

    def trusts(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in self.networks)

    def client(self, peer: str, headers: Iterable[tuple[bytes, bytes]]) -> str:
        """The address a request from ``peer`` with ``headers`` is counted under."""
        if not self.networks or not self.trusts(peer):
            return peer
        hops: list[str] = []
        for name, value in headers:
            if name.lower() == b"x-forwarded-for":
                hops.extend(h.strip() for h in value.decode("latin-1").split(","))
        for hop in reversed(hops):
            if hop and not self.trusts(hop):
                return hop
        return peer


def client_address(scope: Scope, proxies: Proxies) -> str:
    client = scope.get("client")
    peer = str(client[0]) if client else "?"
    return proxies.client(peer, scope.get("headers", ()))


def address_digest(address: str) -> str:
    """What the database keeps of the client address that created a game, to count that
    address's unfinished games: a digest, so that the database does not hold people's
    addresses (it stays a pseudonym, not a secret: whoever has the database and guesses an
    address can check it). The same in every process.

    >>> address_digest("203.0.113.7") == address_digest("203.0.113.7") != address_digest("::1")
    True
    >>> len(address_digest("203.0.113.7"))
    32
    """
    return hashlib.sha256(b"terranova creator " + address.encode("utf-8")).hexdigest()[:32]


REPLAY_PATH = re.compile(r"/api/games/[^/]+/replay/[^/]+")


class TokenBucket:
    """Uses per key (a client address): ``burst`` at once, refilled at ``rate`` a second."""

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}

    def allow(self, key: str) -> bool:
        """Take one of ``key``'s tokens; False, taking none, if it has none left."""
        now = self.clock()
        tokens, last = self._buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        if tokens < 1.0:
            self._buckets[key] = (tokens, now)
            return False
        self._buckets[key] = (tokens - 1.0, now)
        if len(self._buckets) > 10_000:  # forget the addresses that are back to full
            cutoff = self.burst / max(self.rate, 1e-9)
            self._buckets = {
                k: v for k, v in self._buckets.items() if now - v[1] < cutoff or k == key
            }
        return True


class Limits:
    """Request limits: bodies of at most ``http_max_body_bytes`` (413), and token buckets
    per client address (429) of ``/api/`` requests, and apart of replays, which replay a
    game's log each, and of ``/metrics``, which renders every figure: neither may take the
    server's time from the games."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.max_body = settings.http_max_body_bytes
        self.proxies = Proxies(settings.trusted_proxies)
        self.requests = TokenBucket(settings.http_requests_per_second, settings.http_burst)
        self.replays = TokenBucket(settings.replays_per_second, settings.replay_burst)
        self.metrics = TokenBucket(settings.metrics_per_second, settings.metrics_burst)
        self.replay_refusal = _(
            "too many replays: at most {rate} a second from one address after {burst} at "
            "once; wait a moment (replays_per_second)",
            rate=settings.replays_per_second,
            burst=settings.replay_burst,
        )
        self.metrics_refusal = _(
            "too many requests for /metrics: at most {rate} a second from one address after "
            "{burst} at once (metrics_per_second)",
            rate=settings.metrics_per_second,
            burst=settings.metrics_burst,
        )
        self.too_large = _("the body is larger than {most} bytes", most=self.max_body)

    def _refusal(self, scope: Scope) -> Text | None:
        """Why the request is refused (429), or None."""
        path = scope["path"]
        if path.startswith("/api/"):
            address = client_address(scope, self.proxies)
            if not self.requests.allow(address):
                return TOO_MANY_REQUESTS
            if REPLAY_PATH.fullmatch(path) and not self.replays.allow(address):
                return self.replay_refusal
        elif path == "/metrics" and not self.metrics.allow(client_address(scope, self.proxies)):
            return self.metrics_refusal
        return None

    @staticmethod
    async def _refuse(scope: Scope, receive: Receive, send: Send, status: int, text: Text) -> None:
        code: ErrorCode = "rate" if status == 429 else "too_large"
        await error_response(HTTPConnection(scope), text, code, status)(scope, receive, send)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = self._refusal(scope)
        if refusal is not None:
            await self._refuse(scope, receive, send, 429, refusal)
            return
        if scope["method"] not in ("POST", "PUT", "PATCH"):
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and value.isdigit() and int(value) > self.max_body:
                await self._refuse(scope, receive, send, 413, self.too_large)
                return
        messages: list[Message] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client left
            size += len(message.get("body", b""))
            if size > self.max_body:
                await self._refuse(scope, receive, send, 413, self.too_large)
                return
            messages.append(message)
            if not message.get("more_body", False):
                break

        async def replay() -> Message:
            return messages.pop(0) if messages else await receive()

        await self.app(scope, replay, send)


ATTEMPT_COUNTED = "terranova.attempt_counted"
"""The scope extension by which the HTTP protocol tells the app that it has counted a
WebSocket's connection attempt."""


class SocketCount:
    """Open WebSockets per client address, at most ``ws_max_per_address`` each, and their
    connection attempts: ``ws_connect_burst`` at once, refilled at ``ws_connects_per_second``
    (each attempt may rebuild a game from its log)."""

    def __init__(self, settings: Settings, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = settings.ws_max_per_address
        self.attempts = TokenBucket(
            settings.ws_connects_per_second, settings.ws_connect_burst, clock
        )
        self.proxies = Proxies(settings.trusted_proxies)
        self.open: Counter[str] = Counter()

    def attempt(self, address: str) -> None:
        """Count a connection attempt from ``address``; TooManySockets beyond its bucket."""
        if not self.attempts.allow(address):
            raise TooManySockets(
                _(
                    "at most {burst} connection attempts at once from one address, then {rate} a "
                    "second (ws_connects_per_second)",
                    burst=self.attempts.burst,
                    rate=self.attempts.rate,
                )
            )

    def take(self, scope: Scope) -> str:
        """Count a new socket: its address; TooManySockets if that address may not open
        one now. Its attempt is counted here unless the server's HTTP protocol counted it
        before the upgrade (:class:`GuardedProtocol`)."""
        address = client_address(scope, self.proxies)
        if ATTEMPT_COUNTED not in scope.get("extensions", {}):
            self.attempt(address)
        if self.open[address] >= self.limit:
            raise TooManySockets(
                _("at most {limit} open connections from one address", limit=self.limit)
            )
        self.open[address] += 1
        return address

    def give_back(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]


class GuardedProtocol(HttpToolsProtocol):
    """Uvicorn's HTTP protocol with the guards it lacks (half-sent requests were held for
    ever, and a few addresses could take every connection the server allows):

    - a request (headers and body) must arrive within ``request_timeout`` seconds of the
      connection opening or of its previous response, or the connection is closed;
    - one client address holds at most ``per_address`` HTTP connections at once (its
      WebSockets are counted by the app, :class:`SocketCount`); a trusted proxy's
      connections are not counted, since they carry many clients;
    - at the cap of connections (``max_connections``, beyond which uvicorn answers 503), a
      new connection from an address holding less than its share of the cap makes room:
      the oldest idle connections (no request being answered) of the addresses holding
      more than their share are closed;
    - a WebSocket upgrade beyond its address's bucket of connection attempts
      (:class:`SocketCount`, ``sockets``) is answered 429 before the upgrade: refused at
      the cost of a short HTTP answer, where accepting the socket to close it cost the
      server a handshake, a task and the app's dependencies."""

    request_timeout: ClassVar[float] = 10.0
    per_address: ClassVar[int] = 256
    proxies: ClassVar[Proxies] = Proxies(())
    held: ClassVar[dict[str, dict[GuardedProtocol, None]]] = {}
    """The counted connections of each address, oldest first (of the class made for one
    server)."""
    sockets: ClassVar[SocketCount | None] = None
    """The app's count of WebSockets, whose attempts are counted at the upgrade."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._timer: asyncio.TimerHandle | None = None
        self._counted: str | None = None
        self.answering = False
        """Whether a request is being answered (an idle connection is not)."""

    def _arm(self) -> None:
        self._disarm()
        self._timer = self.loop.call_later(self.request_timeout, self._late)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _late(self) -> None:
        self._timer = None
        if self.transport is not None and not self.transport.is_closing():
            self.transport.close()

    def _uncount(self) -> None:
        if self._counted is not None:
            mine = self.held[self._counted]
            mine.pop(self, None)
            if not mine:
                del self.held[self._counted]
            self._counted = None

    def _make_room(self, address: str) -> None:
        """Close idle connections of the addresses over their share of the cap while the
        server is at it and ``address`` is under its share (class doc)."""
        cap = self.limit_concurrency
        while cap is not None and len(self.connections) >= cap:
            share = cap // len(self.held)
            if len(self.held[address]) >= share:
                return
            heavy = sorted(self.held.values(), key=len, reverse=True)
            idle = (
                connection
                for mine in heavy
                if len(mine) > share
                for connection in mine
                if not connection.answering
            )
            oldest = next(idle, None)
            if oldest is None:
                return
            oldest.evict()

    def evict(self) -> None:
        """Close this idle connection to make room for another address's."""
        self._disarm()
        self._uncount()
        # out of uvicorn's count now, not once the transport has closed
        self.connections.discard(self)
        self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        peer = str(self.client[0]) if self.client else "?"
        if not self.proxies.trusts(peer):
            if len(self.held.get(peer, ())) >= self.per_address:
                transport.close()
                return
            self.held.setdefault(peer, {})[self] = None
            self._counted = peer
            self._make_room(peer)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._uncount()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._timer is None:
            self._arm()

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def on_headers_complete(self) -> None:
        self.answering = True
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        self.answering = False
        super().on_response_complete()

    def handle_websocket_upgrade(self) -> None:
        sockets = self.sockets
        if sockets is not None:
            try:
                peer = str(self.client[0]) if self.client else "?"
                sockets.attempt(self.proxies.client(peer, self.scope["headers"]))
            except TooManySockets as err:
                self._refuse_upgrade(err)
                return
        # from here on the connection is a WebSocket: the app counts and limits those
        self._disarm()
        self._uncount()
        super().handle_websocket_upgrade()
        if sockets is not None:
            upgraded = self.transport.get_protocol()
            scope = getattr(upgraded, "scope", None)
            if isinstance(scope, dict):  # the handshake was read: its app task waits
                scope.setdefault("extensions", {})[ATTEMPT_COUNTED] = {}
        # This protocol is done with, but its parser holds its bound methods and it holds
        # the parser: a cycle that kept it, the transport and the socket alive until a
        # full collection (uvicorn breaks it only when an HTTP connection is lost).
        del self.parser

    def _refuse_upgrade(self, err: TooManySockets) -> None:
        lang = reader_language(HTTPConnection(dict(self.scope)))
        body = json.dumps(error_body(err.text, err.code, lang), ensure_ascii=False).encode()
        head = (
            "HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\n"
            f"retry-after: 1\r\nconnection: close\r\ncontent-length: {len(body)}\r\n\r\n"
        )
        self.transport.write(head.encode() + body)
        self.transport.close()


class SocketProtocol(WebSocketsSansIOProtocol):
    """Uvicorn's WebSocket protocol, freed as soon as its connection is lost: the websockets
    library's state machine and its parser, a generator, hold each other, so every closed
    socket waited for a full collection (rare in the server: runner.py)."""

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        self.conn.parser.close()


def guarded_protocol(
    settings: Settings, sockets: SocketCount | None = None
) -> type[GuardedProtocol]:
    """The protocol class for uvicorn's ``http`` setting, with ``settings``' guards (and
    ``sockets``, the app's count of WebSockets, whose attempts it counts at the upgrade)."""
    return type(
        "Guarded",
        (GuardedProtocol,),
        {
            "request_timeout": settings.http_request_timeout,
            "per_address": settings.http_connections_per_address,
            "proxies": Proxies(settings.trusted_proxies),
            "held": {},
            "sockets": sockets,
        },
    )
