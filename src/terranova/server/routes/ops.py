"""For whoever runs the server: liveness (``/healthz``), readiness (``/readyz``) and the
Prometheus metrics (``/metrics``). None of them is in the OpenAPI document: they are not
part of the game API."""

from __future__ import annotations

import asyncio
import math
import time
from typing import cast

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
    answers with the newest schema. 503 with the reason otherwise."""
    if not service.running:
        return JSONResponse({"status": "not ready", "why": "starting or stopping"}, 503)
    relay = cast(Relay | None, getattr(connection.app.state, "relay", None))
    if relay is not None and not relay.listening.is_set():
        deaf = "not hearing the other processes' moves (PostgreSQL's LISTEN)"
        return JSONResponse({"status": "not ready", "why": deaf}, 503)
    why = await cast(Readiness, connection.app.state.readiness).why_not()
    if why is not None:
        return JSONResponse({"status": "not ready", "why": why}, 503)
    return JSONResponse({"status": "ready"})


class Readiness:
    """The database's part of readiness, checked at most once per :data:`READY_EVERY`
    seconds however often anyone asks (``/readyz`` is open to the web): a check in
    progress is shared, a recent answer given again."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._checked = -math.inf
        self._why: str | None = None
        self._lock = asyncio.Lock()

    async def why_not(self) -> str | None:
        """Why the database is not ready, or None."""
        async with self._lock:
            if time.monotonic() - self._checked >= READY_EVERY:
                self._why = await self._check()
                self._checked = time.monotonic()
            return self._why

    async def _check(self) -> str | None:
        try:
            current, head = await asyncio.wait_for(
                asyncio.to_thread(self.db.revisions), timeout=READY_SECONDS
            )
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
