"""The web app: play in the browser against bots or friends (HTTP and WebSocket API in
docs/web.md). Game-agnostic: it uses only the core protocol, the registry and the bots.

``create_app(Settings(...))`` builds the FastAPI app; ``serve(settings, host, port)``
runs it with uvicorn.

Importing the package loads no web stack (FastAPI, SQLAlchemy, uvicorn): the command line
imports ``terranova serve``'s options from :mod:`terranova.server.command` at every start.
``create_app`` and ``serve`` load it on their first use.
"""

from typing import Any

from terranova.server.settings import Settings

__all__ = ["Settings", "create_app", "serve"]


def __getattr__(name: str) -> Any:
    """``create_app`` (:mod:`.app`) and ``serve`` (:mod:`.runner`), loaded when first asked
    for."""
    if name == "create_app":
        from terranova.server.app import create_app

        return create_app
    if name == "serve":
        from terranova.server.runner import serve

        return serve
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
