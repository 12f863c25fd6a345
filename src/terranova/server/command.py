"""``terranova serve``, the web app's start from the command line: its options, checked,
become :class:`~terranova.server.settings.Settings` and the server runs. The command line
(``terranova.cli``) takes this command as it is, and ``python -m terranova.server`` runs it
alone; the server never imports the command line.

This module loads no web stack (FastAPI, SQLAlchemy, uvicorn): the command line reads these
options at every start, whatever the command.
"""

from __future__ import annotations

import enum
import ipaddress
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from terranova.core.errors import InvalidParameterError, TerranovaError
from terranova.server.settings import DEFAULT_DATABASE_URL, Settings, check_mail_settings

EXIT_ERROR = 2
"""Exit code of a start refused (a bad option, a database or an address it cannot use)."""


@contextmanager
def _refused() -> Iterator[None]:
    """A start refused is one red line and :data:`EXIT_ERROR` (no traceback)."""
    try:
        yield
    except TerranovaError as exc:
        Console(stderr=True, highlight=False).print(
            f"[bold red]error:[/] [red]{escape(str(exc))}[/]", soft_wrap=True
        )
        raise typer.Exit(EXIT_ERROR) from None


DatabaseUrl = Annotated[
    str | None,
    typer.Option(
        help="SQLAlchemy URL: sqlite:///FILE (default sqlite:///terranova.db) or "
        "postgresql+psycopg://USER:PASSWORD@HOST/DB"
    ),
]


class LogFormat(enum.StrEnum):
    """How the server writes its log."""

    text = "text"
    json = "json"


def serve_command(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    database_url: DatabaseUrl = None,
    max_bot_seconds: Annotated[
        float,
        typer.Option(
            min=0.01, max=600, help="the most seconds a bot may think per decision (web games)"
        ),
    ] = 5.0,
    max_bot_iterations: Annotated[
        int,
        typer.Option(min=1, help="the most search iterations a bot spec may ask for (web games)"),
    ] = 20_000,
    bot_processes: Annotated[
        int, typer.Option(min=1, max=64, help="worker processes for the searching bots")
    ] = 2,
    sockets_per_address: Annotated[
        int, typer.Option(min=1, help="open WebSockets allowed from one client address")
    ] = 64,
    socket_connects_per_second: Annotated[
        float,
        typer.Option(
            min=0.01,
            help="WebSocket connection attempts allowed per second from one client address "
            "(30 at once)",
        ),
    ] = 10.0,
    requests_per_second: Annotated[
        float,
        typer.Option(
            min=0.01,
            help="requests to /api/ allowed per second from one client address (60 at once)",
        ),
    ] = 20.0,
    request_timeout: Annotated[
        float,
        typer.Option(
            min=0.1, help="seconds a client has to send a whole request (headers and body)"
        ),
    ] = 10.0,
    connections_per_address: Annotated[
        int, typer.Option(min=1, help="open HTTP connections allowed from one client address")
    ] = 256,
    max_games_per_address: Annotated[
        int,
        typer.Option(
            min=0, help="unfinished games one client address may have created (0: no limit)"
        ),
    ] = 20,
    max_games_per_address_per_hour: Annotated[
        int,
        typer.Option(
            min=0,
            help="games one client address may create in any hour, over or not (0: no limit)",
        ),
    ] = 60,
    min_unwatched_bot_delay_ms: Annotated[
        int,
        typer.Option(
            min=0,
            help="least pause before a bot's move in a game no person plays (all bots, or "
            "everyone resigned), whatever the game asked for",
        ),
    ] = 250,
    unwatched_bot_moves_per_second: Annotated[
        float,
        typer.Option(
            min=0,
            help="bot moves a second, all together, in the games one client address created "
            "that no person plays (0: no limit)",
        ),
    ] = 10.0,
    trusted_proxy: Annotated[
        list[str] | None,
        typer.Option(
            help="address or network of a reverse proxy whose X-Forwarded-For names the "
            "client (repeat for several)"
        ),
    ] = None,
    abandon_after_hours: Annotated[
        float,
        typer.Option(
            min=0,
            help="close unfinished games with no move for this long as abandoned (0: never)",
        ),
    ] = 168.0,
    lease_seconds: Annotated[
        float,
        typer.Option(
            min=0.5,
            max=600,
            help="how long a game's bots and clocks stay with a server process that stops "
            "answering, before another process on the same PostgreSQL database takes them",
        ),
    ] = 10.0,
    log_format: Annotated[
        LogFormat,
        typer.Option(help="text lines for people, or one JSON object per line for log tools"),
    ] = LogFormat.text,
    smtp_url: Annotated[
        str | None,
        typer.Option(
            envvar="TERRANOVA_SMTP_URL",
            help="the SMTP server for the site's e-mail: smtp://[USER:PASSWORD@]HOST[:PORT], "
            "smtp+starttls://... or smtps://... (none: e-mail is off)",
        ),
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option(help="the site's address as people reach it, for the links in e-mails"),
    ] = None,
    mail_from: Annotated[
        str, typer.Option(help="the sender of the site's e-mail")
    ] = "Terranova <terranova@localhost>",
    turn_email_minutes: Annotated[
        float,
        typer.Option(
            min=0,
            help="how long it must have been a person's turn before the turn e-mail goes "
            "out (to those who opted in and are not connected)",
        ),
    ] = 60.0,
    turn_email_period_hours: Annotated[
        float,
        typer.Option(min=0, help="at most one turn e-mail per game and seat in this time"),
    ] = 24.0,
    turn_email_check_seconds: Annotated[
        float,
        typer.Option(
            min=0.1,
            help="how often each server process looks for turn e-mails to send and tells "
            "the others which seats are connected to it",
        ),
    ] = 60.0,
    invitations_per_hour: Annotated[
        int,
        typer.Option(
            min=0,
            help="invitations one person, and one client address, may send in an hour "
            "(0: no limit)",
        ),
    ] = 20,
    max_pending_invitations: Annotated[
        int,
        typer.Option(
            min=0, help="invitations an account may have waiting for its answer (0: no limit)"
        ),
    ] = 20,
) -> None:
    """Start the web app: play in the browser at http://HOST:PORT."""
    from terranova.server.runner import serve  # the web stack loads only when it starts

    with _refused():
        settings = Settings(
            database_url=database_url or DEFAULT_DATABASE_URL,
            max_bot_seconds=max_bot_seconds,
            max_bot_iterations=max_bot_iterations,
            bot_processes=bot_processes,
            ws_max_per_address=sockets_per_address,
            ws_connects_per_second=socket_connects_per_second,
            http_requests_per_second=requests_per_second,
            http_request_timeout=request_timeout,
            http_connections_per_address=connections_per_address,
            max_games_per_address=max_games_per_address,
            max_games_per_address_per_hour=max_games_per_address_per_hour,
            min_unwatched_bot_delay_ms=min_unwatched_bot_delay_ms,
            unwatched_bot_moves_per_second=unwatched_bot_moves_per_second,
            trusted_proxies=tuple(_trusted(trusted_proxy or [])),
            abandon_after_hours=abandon_after_hours,
            lease_seconds=lease_seconds,
            smtp_url=smtp_url,
            public_url=public_url,
            mail_from=mail_from,
            turn_email_minutes=turn_email_minutes,
            turn_email_period_hours=turn_email_period_hours,
            turn_email_check_seconds=turn_email_check_seconds,
            invitations_per_hour=invitations_per_hour,
            max_pending_invitations=max_pending_invitations,
        )
        try:
            check_mail_settings(settings)
        except ValueError as exc:
            raise InvalidParameterError(str(exc)) from None
        serve(settings, host, port, log_format=log_format.value)


def _trusted(items: list[str]) -> list[str]:
    for item in items:
        try:
            ipaddress.ip_network(item, strict=False)
        except ValueError:
            raise InvalidParameterError(
                f"--trusted-proxy takes an address or a network, not {item!r}"
            ) from None
    return items


app = typer.Typer(
    name="terranova-server",
    help="Start the web app.",
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.command("serve")(serve_command)
