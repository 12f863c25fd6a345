"""What one client may make the server spend: request bodies, request rates and open
WebSockets per client address, and the time to send a request's headers.

A client's address is the peer's, unless the peer is one of the configured trusted proxies:
then it is the last address in ``X-Forwarded-For`` that is not itself a trusted proxy.
Nobody else can choose the address they are counted under.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import time
from collections import Counter
from collections.abc import Iterable
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from terranova.server.settings import Settings

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


class Limits:
    """Request limits: bodies of at most ``http_max_body_bytes`` (413) and a token bucket of
    ``/api/`` requests per client address (429)."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.max_body = settings.http_max_body_bytes
        self.rate = settings.http_requests_per_second
        self.burst = float(settings.http_burst)
        self.proxies = Proxies(settings.trusted_proxies)
        self._buckets: dict[str, tuple[float, float]] = {}

    def _allow(self, key: str) -> bool:
        now = time.monotonic()
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

    @staticmethod
    async def _refuse(send: Send, status: int, detail: str) -> None:
        body = json.dumps({"detail": detail}).encode()
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope["path"].startswith("/api/") and not self._allow(
            client_address(scope, self.proxies)
        ):
            await self._refuse(send, 429, "too many requests: slow down")
            return
        if scope["method"] not in ("POST", "PUT", "PATCH"):
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and value.isdigit() and int(value) > self.max_body:
                await self._refuse(send, 413, f"the body is larger than {self.max_body} bytes")
                return
        messages: list[Message] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client left
            size += len(message.get("body", b""))
            if size > self.max_body:
                await self._refuse(send, 413, f"the body is larger than {self.max_body} bytes")
                return
            messages.append(message)
            if not message.get("more_body", False):
                break

        async def replay() -> Message:
            return messages.pop(0) if messages else await receive()

        await self.app(scope, replay, send)


class SocketCount:
    """Open WebSockets per client address, at most ``limit`` each."""

    def __init__(self, settings: Settings) -> None:
        self.limit = settings.ws_max_per_address
        self.proxies = Proxies(settings.trusted_proxies)
        self.open: Counter[str] = Counter()

    def take(self, scope: Scope) -> str | None:
        """Count a new socket: its address, or None if that address has too many."""
        address = client_address(scope, self.proxies)
        if self.open[address] >= self.limit:
            return None
        self.open[address] += 1
        return address

    def give_back(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]


class HeaderTimeoutProtocol(HttpToolsProtocol):
    """Uvicorn's HTTP protocol, closing a connection whose request headers are not all in
    ``header_timeout`` seconds after it opens or after its previous response (uvicorn has
    no such timeout: half-sent requests were held for ever)."""

    header_timeout = 10.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_timer: asyncio.TimerHandle | None = None

    def _arm(self) -> None:
        self._disarm()
        self._header_timer = self.loop.call_later(self.header_timeout, self._headers_late)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_late(self) -> None:
        self._header_timer = None
        if self.transport is not None and not self.transport.is_closing():
            self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._header_timer is None:
            self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()


def header_timeout_protocol(seconds: float) -> type[HeaderTimeoutProtocol]:
    """The protocol class for uvicorn's ``http`` setting, with its header timeout."""
    return type("HeaderTimeout", (HeaderTimeoutProtocol,), {"header_timeout": seconds})
