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
    lease_seconds: float = 10.0
    """How long a game's lease holds unless its process renews it (a third of it): when a
    process dies, another takes its games' bots and clocks over within about 1.3 times
    this (PostgreSQL; see docs/web.md, "Several processes")."""
    bot_delay_ms: int = 600
    """Pause before each bot move when a game does not say (``bot_delay_ms`` at creation)."""
    max_bot_delay_ms: int = 10_000
    min_unwatched_bot_delay_ms: int = 250
    """Least pause before each bot move in a game no person plays (every seat a bot's or
    the automaton's, as once everyone resigned), whatever its ``bot_delay_ms``: such games
    must not keep a core busy and fill the database as fast as the server can play."""
    unwatched_bot_moves_per_second: float = 10.0
    """Bot moves a second, all together, in the games one client address created that no
    person plays: each waits its turn (after ``min_unwatched_bot_delay_ms``), so that twenty
    such games from one address play no faster than one or two; 0: no limit."""
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
    ws_max_per_address: int = 64
    """Open WebSockets from one client address; more are refused (close code 4429)."""
    ws_connects_per_second: float = 10.0
    ws_connect_burst: int = 30
    """WebSocket connection attempts per client address: ``ws_connect_burst`` at once,
    refilled at ``ws_connects_per_second``; more are refused (close code 4429). Each may
    rebuild a game that is not in memory from its whole log."""
    max_rebuilds_in_flight: int = 2
    """Games rebuilt from their logs at once (in threads, off the event loop); more wait."""
    http_request_timeout: float = 10.0
    """Seconds a client has to send a whole request (headers and body) before its
    connection is closed (also one that sends nothing)."""
    http_connections_per_address: int = 256
    """Open HTTP connections from one client address (a trusted proxy's are not counted);
    more are closed at once."""
    max_games_per_address: int = 20
    """Unfinished games created from one client address (through ``POST /api/games`` or
    a rematch); another is refused (429) until one of them is over (0: no limit)."""
    max_games_per_address_per_hour: int = 60
    """Games created from one client address in the past hour, over or not (through
    ``POST /api/games`` or a rematch); another is refused (429) until the oldest of them is
    an hour old (0: no limit). Bounds the games one address adds to the database."""
    max_connections: int = 2_000
    """Open connections and requests in flight, all clients together (503 beyond)."""
    trusted_proxies: tuple[str, ...] = ()
    """Addresses or networks of the reverse proxies whose ``X-Forwarded-For`` names the
    client; from anyone else that header is ignored."""
    abandon_after_hours: float = 168.0
    """An unfinished game with no move for this long is closed as abandoned (0: never);
    finished games are kept."""
    prune_every_seconds: float = 3600.0
    """How often the server applies the retention policy."""
    http_max_body_bytes: int = 16_384
    """Largest HTTP request body (413 beyond)."""
    http_requests_per_second: float = 20.0
    http_burst: int = 60
    """Requests to ``/api/`` per client address: ``http_burst`` at once, refilled at
    ``http_requests_per_second`` (429 beyond)."""
    replays_per_second: float = 2.0
    replay_burst: int = 30
    """Replays (``GET /api/games/{id}/replay/{ply}``, each replaying the game's log to that
    ply) per client address: ``replay_burst`` at once, refilled at ``replays_per_second``
    (429 beyond), besides the ``/api/`` requests they are too."""
    metrics_per_second: float = 1.0
    metrics_burst: int = 10
    """Requests to ``/metrics`` (each renders every figure) per client address:
    ``metrics_burst`` at once, refilled at ``metrics_per_second`` (429 beyond)."""
    bot_threads: int = 2
    """Threads for the quick bots' thinking (kept apart from the database's threads)."""
    bot_processes: int = 2
    """Worker processes for the searching bots (``mcts``, ``ismcts``), started when first
    needed."""
    max_bot_seconds: float = 5.0
    """The most ``seconds`` a web game's bot spec may ask for, and every decision's hard
    limit (a search is cut there; past it and a grace, the search's best move so far is
    played, or the greedy bot's if it has none)."""
    bot_grace_seconds: float = 1.0
    """How long past ``max_bot_seconds`` a decision may run (a search stops between
    iterations; a worker may first catch up with the game) before it is given up."""
    max_bot_iterations: int = 20_000
    """The most ``iterations`` a web game's bot spec may ask for."""
    max_bot_nodes: int = 200_000
    """A search stops once its tree holds this many nodes (a bound on its memory)."""
    max_bot_memory_mb: int = 2048
    """Address space of each bot worker process (0: no limit)."""
    max_cached_games: int = 256
    """Live games kept in memory; others are rebuilt from the database when needed."""
    hint_iterations: int = 1000
    """Iterations of the ``ismcts`` search behind a hint (at most ``max_bot_iterations``;
    cut at ``max_bot_seconds`` like the bots' searches)."""
    analysis_iterations: int = 200
    """Iterations of the ``ismcts`` search of each decision in a game's analysis (at most
    ``max_bot_iterations``; with ``depth=0``: the positions' estimates, no rollouts)."""
    max_analysis_seconds: float = 30.0
    """The longest the worker judging one decision of a game's analysis may say nothing
    (the worker is restarted past it, and the decision tried again once); the analysis as
    a whole has no deadline. Analyses run in at most ``bot_processes - 1`` workers at once,
    so one is always left for the bots' moves; with one bot process there are none."""
    max_searches_in_flight: int = 2
    """Hints and analyses searched at once on this server (429 beyond): they share the
    bots' worker processes, so a flood of them must not hold up the bots' moves."""
    max_move_seconds: float = 3600.0
    """The longest time per move a table may set (``move_seconds``)."""
    max_open_tables: int = 50
    """The most games the open tables list (``GET /api/games?open=1``), newest first."""
    max_seat_name: int = 40
    max_attach_seats: int = 50
    """The most seats one request may attach to an account (``POST /api/account/seats``;
    a browser keeps its 50 newest)."""
    max_account_games: int = 50
    """The most games each group of an account's games lists (``GET /api/account/games``:
    waiting for it, running, finished), newest first."""
    leaderboard_min_games: int = 5
    """Rated games of a game a person needs to be on its leaderboard."""
    leaderboard_size: int = 100
    """People listed on a game's leaderboard."""
    smtp_url: str | None = None
    """The SMTP server the server's e-mail goes through (:mod:`terranova.server.mail`);
    None: e-mail is off (no address is confirmed, no password reset by e-mail)."""
    mail_from: str = "Terranova <terranova@localhost>"
    """The sender of the server's e-mail."""
    public_url: str | None = None
    """The site's address as people reach it (``https://play.example``), for the links in
    e-mails; required with ``smtp_url``, since a link must never be built from a request's
    own ``Host`` (anyone may send one)."""
    session_days: float = 30.0
    """How long a sign-in lasts (the session cookie and its row)."""
    secure_cookies: bool | None = None
    """Mark the session cookie ``Secure``: None, when the request came over HTTPS (as the
    server or a trusted proxy's ``X-Forwarded-Proto`` says)."""
    link_minutes: float = 60.0
    """How long a link sent by e-mail (to confirm an address, to reset a password) works;
    each works once."""
    sign_in_failures_per_account: int = 5
    sign_in_failures_per_address: int = 20
    sign_in_window_minutes: float = 15.0
    """Failed sign-ins allowed for one e-mail address, and from one client address, within
    the window; more are refused (429) until the oldest leaves the window."""
    sign_ups_per_address_per_hour: int = 10
    """Sign-ups from one client address in the past hour (429 beyond)."""
    mails_per_address_per_hour: int = 10
    """Requests from one client address in the past hour that send an e-mail (a sign-up, a
    reset, a new confirmation link; 429 beyond)."""
    mails_per_recipient_per_hour: int = 3
    """E-mails to one address in the past hour; others are not sent (the answer is the
    same, so that it tells nothing about the address)."""
    chat_max_chars: int = 500
    """Characters in a chat message (after line breaks become spaces)."""
    chat_messages_per_window: int = 5
    chat_window_seconds: float = 10.0
    """Chat messages one account, and one client address, may write within the window, all
    rooms and server processes together; more are refused (``rate``) and not stored."""
    chat_history: int = 50
    """The last messages of a room sent to a socket that joins it."""
    lobby_chat_days: float = 14.0
    """The lobby's messages are deleted after this many days; a table's stay with its game."""
    max_mutes: int = 500
    """People one account may mute."""
    presence_seconds: float = 20.0
    """How often each process renews its lobby presence rows; a row not renewed for three
    times this (its process stopped) no longer counts."""
    turn_email_minutes: float = 60.0
    """How long it must have been a person's turn (since the game's last move) before the
    turn e-mail goes out, to those who opted in and are not connected (docs/web.md, "Turn
    e-mails")."""
    turn_email_period_hours: float = 24.0
    """At most one turn e-mail per game and seat in this time."""
    turn_email_check_seconds: float = 60.0
    """How often each server process looks for turn e-mails to send, and tells the others
    which seats have a WebSocket open on it (the delay before they know)."""
    invitations_per_hour: int = 20
    """Invitations one person (an account, or a seat's token) may send in the past hour,
    and from one client address (429 beyond; 0: no limit)."""
    max_pending_invitations: int = 20
    """Invitations an account may have waiting for an answer (to seats still open); more
    are refused (429)."""
    password_hashing: str = "standard"
    """``standard``: argon2id with RFC 9106's low-memory parameters (64 MiB, 3 passes, 4
    lanes); ``cheap``: the least argon2id allows, for tests only."""
    max_hashes_in_flight: int = 2
    """Password hashes computed at once (each holds 64 MiB); more wait their turn."""


def check_mail_settings(settings: Settings) -> None:
    """ValueError, saying what to change, if the e-mail settings cannot work together."""
    from terranova.server.mail import SmtpServer

    if settings.password_hashing not in ("standard", "cheap"):
        raise ValueError(
            f"password_hashing is 'standard' or 'cheap', not {settings.password_hashing!r}"
        )
    if settings.smtp_url is None:
        return
    SmtpServer.from_url(settings.smtp_url)
    if not settings.public_url:
        raise ValueError(
            "an SMTP URL needs the site's public URL too (--public-url https://...): the "
            "links in e-mails are built from it, never from a request's Host"
        )
    if not settings.public_url.startswith(("http://", "https://")):
        raise ValueError(
            f"the public URL starts with http:// or https://, not {settings.public_url!r}"
        )
