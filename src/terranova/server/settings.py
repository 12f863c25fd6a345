"""Settings of the web app: where the database is, how long bots pause, and the limits."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_DATABASE_URL = "sqlite:///terranova.db"
STATIC_DIR = Path(__file__).parent / "static"


@dataclass(frozen=True)
class Settings:
    """Everything :func:`terranova.server.app.create_app` needs; the defaults suit one
    machine. ``database_url`` is an SQLAlchemy URL: ``sqlite:///path.db`` or
    ``postgresql+psycopg://user:password@host/dbname``."""

    database_url: str = DEFAULT_DATABASE_URL
    bot_delay_ms: int = 600
    """Pause before each bot move when a game does not say (``bot_delay_ms`` at creation)."""
    max_bot_delay_ms: int = 10_000
    response_seconds: float = 10.0
    """How long a response window waits for people when a game does not say
    (``response_seconds`` at creation)."""
    max_response_seconds: float = 600.0
    static_dir: Path = field(default=STATIC_DIR)
    """The browser UI: ``index.html``, ``play.html`` and the files under ``/static``."""
    ws_max_message_bytes: int = 4096
    """Largest client message on a WebSocket; a larger one is answered ``too_large``."""
    ws_messages_per_second: int = 20
    """Client messages allowed per connection per second; more are answered ``rate``, and a
    connection that sends twice as many in one second is closed."""
    http_max_body_bytes: int = 16_384
    """Largest HTTP request body (413 beyond)."""
    http_requests_per_second: float = 20.0
    http_burst: int = 60
    """Requests to ``/api/`` per client address: ``http_burst`` at once, refilled at
    ``http_requests_per_second`` (429 beyond)."""
    bot_threads: int = 2
    """Worker threads for bots' thinking (kept apart from the database's threads)."""
    max_cached_games: int = 256
    """Live games kept in memory; others are rebuilt from the database when needed."""
    max_seat_name: int = 40
