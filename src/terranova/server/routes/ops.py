"""For whoever runs the server: liveness (``/healthz``), readiness (``/readyz``) and the
Prometheus metrics (``/metrics``). None of them is in the OpenAPI document: they are not
part of the game API.

Readiness waits only for what serving needs: the service started, the other processes'
moves heard, the database's answer. Not for the games left by a process that died: games
load when first asked for, so those are resumed in the background, and ``/readyz`` says how
many are left; its database check has a thread of its own, so it never queues behind the
games' own loads and writes."""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, cast

from fastapi import APIRouter
from fastapi.responses import JSONResponse, Response
from starlette.requests import HTTPConnection

from terranova.server.db import Database
from terranova.server.metrics import Metrics
from terranova.server.relay import Relay
from terranova.server.routes.deps import ServiceDep

router = APIRouter(include_in_schema=False)

READY_SECONDS = 2.0
"""How long readiness waits for the database before it answers 503."""
READY_EVERY = 1.0
"""The database is asked at most this often for readiness."""


@router.get("/healthz")
async def healthz() -> JSONResponse:
    """The process answers: its event loop runs."""
    return JSONResponse({"status": "ok"})


@router.get("/readyz")
async def readyz(connection: HTTPConnection, service: ServiceDep) -> JSONResponse:
    """The process may take games: it has started, is not stopping, and its database
    answers with the newest schema. 503 otherwise, with everything it still waits for
    (``waiting_for``; ``why``: the first of them). Either way, how many games left by a
    process that died it has still to resume (``resuming``)."""
    waiting: list[str] = []
    if not service.running:
        waiting.append("stopping" if service.stopping else "starting")
    relay = cast(Relay | None, getattr(connection.app.state, "relay", None))
    if relay is not None and not relay.listening.is_set():
        waiting.append("not hearing the other processes' moves (PostgreSQL's LISTEN)")
    if service.running:
        why = await cast(Readiness, connection.app.state.readiness).why_not()
        if why is not None:
            waiting.append(why)
    body: dict[str, Any] = {"status": "ready"}
    if waiting:
        body = {"status": "not ready", "why": waiting[0], "waiting_for": waiting}
    body["resuming"] = service.resuming
    return JSONResponse(body, 200 if not waiting else 503)


class Readiness:
    """The database's part of readiness, checked at most once per :data:`READY_EVERY`
    seconds however often anyone asks (``/readyz`` is open to the web): a check in
    progress is shared, a recent answer given again."""

    def __init__(self, db: Database, clock: Callable[[], float] = time.monotonic) -> None:
        self.db = db
        self.clock = clock
        self._checked = -math.inf
        self._why: str | None = None
        self._lock = asyncio.Lock()
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="terranova-ready")
        """The check's own thread: the shared ones may all be busy with games."""

    def close(self) -> None:
        self._thread.shutdown(wait=False, cancel_futures=True)

    async def why_not(self) -> str | None:
        """Why the database is not ready, or None."""
        async with self._lock:
            if self.clock() - self._checked >= READY_EVERY:
                self._why = await self._check()
                self._checked = self.clock()
            return self._why

    async def _check(self) -> str | None:
        try:
            asked = asyncio.get_running_loop().run_in_executor(self._thread, self.db.revisions)
            current, head = await asyncio.wait_for(asked, timeout=READY_SECONDS)
        except TimeoutError:
            return "the database does not answer"
        except Exception as exc:  # any driver error: the database cannot be reached
            return f"the database cannot be reached ({type(exc).__name__})"
        if current != head:
            return f"the database's schema is at {current}, not {head}"
        return None


@router.get("/metrics")
async def metrics(connection: HTTPConnection) -> Response:
    """The server's figures in Prometheus' text format (:mod:`terranova.server.metrics`)."""
    figures = cast(Metrics, connection.app.state.metrics)
    return Response(figures.render(), media_type=figures.content_type)
