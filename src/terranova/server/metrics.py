"""The server's figures for Prometheus, served at ``GET /metrics`` in its text format: moves
committed, the time to commit a person's move, HTTP requests by route, open WebSockets,
the searching bots' queue, the store's time per operation and the games in memory.

Each app has its own registry, so that several apps in one process (tests) count apart;
with several server processes, Prometheus scrapes each one.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from starlette.types import ASGIApp, Message, Receive, Scope, Send

SECONDS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
"""The histograms' buckets: a move is expected in milliseconds, a slow one in a second."""


class Metrics:
    """The figures of one app (module doc)."""

    content_type = CONTENT_TYPE_LATEST

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.moves = Counter(
            "terranova_moves",
            "Actions committed to the games' logs, by who made them (person, server: bots, "
            "chance, clocks)",
            ["by"],
            registry=r,
        )
        for by in ("person", "server"):  # shown from the start, at 0
            self.moves.labels(by)
        self.move_seconds = Histogram(
            "terranova_move_seconds",
            "Time to check, store and send a person's move (from the request to the answer)",
            buckets=SECONDS,
            registry=r,
        )
        self.request_seconds = Histogram(
            "terranova_request_seconds",
            "Time to answer an HTTP request, by method, route and status",
            ["method", "route", "status"],
            buckets=SECONDS,
            registry=r,
        )
        self.store_seconds = Histogram(
            "terranova_store_seconds",
            "Time of the store's transactions, by operation",
            ["operation"],
            buckets=SECONDS,
            registry=r,
        )
        self.sockets = Gauge("terranova_open_sockets", "Open WebSocket connections", registry=r)
        self.bot_queue = Gauge(
            "terranova_bot_queue", "Searching bots' jobs waiting for a worker process", registry=r
        )
        self.games = Gauge("terranova_games_in_memory", "Live games held in memory", registry=r)
        self.turn_email_looks = Counter(
            "terranova_turn_email_looks", "Looks for turn e-mails to send", registry=r
        )
        self.turn_emails = Counter("terranova_turn_emails", "Turn e-mails sent", registry=r)

    def watch(
        self, sockets: Callable[[], int], bot_queue: Callable[[], int], games: Callable[[], int]
    ) -> None:
        """Read the gauges from these when scraped."""
        self.sockets.set_function(sockets)
        self.bot_queue.set_function(bot_queue)
        self.games.set_function(games)

    def store_timer(self, operation: str, seconds: float) -> None:
        """Count one store operation (the store's ``observe`` hook)."""
        self.store_seconds.labels(operation).observe(seconds)

    def render(self) -> bytes:
        return generate_latest(self.registry)


class RequestTimer:
    """ASGI middleware: each HTTP request's time, labelled by its route's path template
    (``/api/games/{game_id}/actions``, so that games do not make new series) or its mount
    (``/static``) and its status; requests that match nothing count under ``unmatched``."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        began = time.perf_counter()
        status = 500

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            route = scope.get("route")
            # a route's path template; a mount's path (the router sets the scope's
            # root_path when it hands a request to /static...)
            template = getattr(route, "path", None) or scope.get("root_path") or "unmatched"
            self.metrics.request_seconds.labels(scope["method"], template, str(status)).observe(
                time.perf_counter() - began
            )
