"""The web app: play in the browser against bots or friends (HTTP and WebSocket API in
docs/web.md). Game-agnostic: it uses only the core protocol, the registry and the bots.

``create_app(Settings(...))`` builds the FastAPI app; ``serve(settings, host, port)``
runs it with uvicorn.
"""

from terranova.server.app import create_app
from terranova.server.runner import serve
from terranova.server.settings import Settings

__all__ = ["Settings", "create_app", "serve"]
