"""Running the web app with uvicorn: ``terranova.server.serve(settings, host, port)``."""

from __future__ import annotations

import contextlib
import copy
import faulthandler
import gc
import logging
import os
import re
import socket
import sys
import threading
import time
from collections.abc import Callable
from types import FrameType
from typing import Any, TextIO

import uvicorn
from fastapi import FastAPI
from pythonjsonlogger.core import RESERVED_ATTRS
from uvicorn.config import LOGGING_CONFIG, STARTUP_FAILURE

from terranova.core.errors import TerranovaError
from terranova.server.app import create_app
from terranova.server.db import check_database
from terranova.server.limits import SocketProtocol, guarded_protocol
from terranova.server.settings import Settings

WS_MAX_FRAME = 65_536
"""Frames larger than this are refused by the protocol layer already (the app's own limit
on client messages is smaller: ``Settings.ws_max_message_bytes``)."""

log = logging.getLogger("terranova.server")

_TOKEN = re.compile(r"(token=)[^&\s\"']+")


class RedactTokens(logging.Filter):
    """Keeps seat tokens out of the logs: request lines show ``token=…``."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = _TOKEN.sub(r"\1…", record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(
                _TOKEN.sub(r"\1…", arg) if isinstance(arg, str) else arg for arg in record.args
            )
        return True


JSON_FIELDS = "%(asctime)s %(levelname)s %(name)s %(process)d %(message)s"
"""The fields of each JSON log line (``time``, ``level``, ``logger``, ``process``,
``message``), besides those a record adds: a request's ``client_addr``, ``method``..."""


def log_config(log_format: str = "text") -> dict[str, Any]:
    """Uvicorn's logging, with seat tokens redacted; ``json``: one JSON object per line
    (python-json-logger), for log collectors."""
    config: dict[str, Any] = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["redact_tokens"] = {"()": RedactTokens}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("redact_tokens")
    if log_format == "json":
        for name in config["formatters"]:
            config["formatters"][name] = {
                "()": "pythonjsonlogger.json.JsonFormatter",
                "fmt": JSON_FIELDS,
                "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
                "timestamp": False,
                # uvicorn's copy of a message with terminal colours
                "reserved_attrs": [*RESERVED_ATTRS, "color_message"],
            }
    elif log_format != "text":
        raise ValueError(f"a log format is text or json, not {log_format!r}")
    config["loggers"]["terranova"] = {"handlers": ["default"], "level": "INFO", "propagate": False}
    return config


SHUTDOWN_SECONDS = 1
"""How long a stopping server waits for open connections before closing them."""


class AddressTaken(TerranovaError):
    """The address and port the server is to listen on are taken."""


def check_address(host: str, port: int) -> None:
    """Raise :class:`AddressTaken` if another program listens on ``host:port`` (asked as
    uvicorn binds, address reuse allowed: a port left in TIME_WAIT is free)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise AddressTaken(f"cannot listen on {host}: {exc.strerror}") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            raise AddressTaken(
                f"cannot listen on {host}:{port}: {exc.strerror} (another server there? "
                "--port chooses another)"
            ) from None


def preflight(settings: Settings, host: str, port: int) -> None:
    """What keeps the server from starting, said in one line
    (:class:`~terranova.core.errors.TerranovaError`): a database it cannot connect to, an
    address already taken."""
    check_database(settings.database_url)
    check_address(host, port)


def serve(settings: Settings, host: str, port: int, log_format: str = "text") -> None:
    """Run the web app until interrupted (the database is created or upgraded at start).
    SIGINT or SIGTERM stops it within a second or two, thinking bots included.
    :func:`preflight` first."""
    preflight(settings, host, port)
    print(f"Terranova on http://{host}:{port} (Ctrl-C stops it)", file=sys.stderr, flush=True)
    app = create_app(settings)
    # Live games hold many small objects; full collections of everything imported so far
    # stalled moves by tens of milliseconds. Freeze what exists now and collect the oldest
    # generation rarely.
    gc.collect()
    gc.freeze()
    gc.set_threshold(700, 10, 1000)
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_config=log_config(log_format),
        **uvicorn_options(settings, app),
    )
    server = Server(config)
    with contextlib.suppress(KeyboardInterrupt):  # raised again after a graceful stop
        server.run()
    if not server.started:
        sys.exit(STARTUP_FAILURE)  # uvicorn has said why


STOP_DEADLINE_SECONDS = 10.0
"""How long a server told to stop may take at most: past it, it writes every thread's
stack to stderr and exits at once (status 1)."""


class Server(uvicorn.Server):
    """uvicorn's server, with a deadline on stopping once told to."""

    _deadline: threading.Thread | None = None

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        super().handle_exit(sig, frame)
        if self._deadline is None:
            self._deadline = stop_deadline(STOP_DEADLINE_SECONDS)


def stop_deadline(
    seconds: float, out: TextIO | None = None, exit: Callable[[int], Any] = os._exit
) -> threading.Thread:
    """Start a daemon thread that, unless the process has ended within ``seconds``, writes
    every thread's stack to ``out`` (stderr) and calls ``exit(1)``. A server must stop
    within a second or two whatever it is doing; should some wait hang instead (a thread
    joined at exit, a shutdown step), it still ends, and its log says where it hung."""

    def expire() -> None:
        time.sleep(seconds)
        stream = sys.stderr if out is None else out
        log.error("the server did not stop within %.0f s; its threads were at:", seconds)
        stream.flush()
        faulthandler.dump_traceback(stream, all_threads=True)
        stream.flush()
        exit(1)

    thread = threading.Thread(target=expire, name="terranova-stop-deadline", daemon=True)
    thread.start()
    return thread


def uvicorn_options(settings: Settings, app: FastAPI) -> dict[str, Any]:
    """How uvicorn serves ``app``: its protocols, with the guards of ``settings`` (the
    WebSockets' connection attempts counted before the upgrade, in the app's count)."""
    return {
        "ws_max_size": WS_MAX_FRAME,
        "http": guarded_protocol(settings, app.state.sockets),
        "ws": SocketProtocol,
        # the app reads X-Forwarded-For itself, from its trusted proxies only
        "proxy_headers": False,
        "limit_concurrency": settings.max_connections,
        "timeout_graceful_shutdown": SHUTDOWN_SECONDS,
    }
