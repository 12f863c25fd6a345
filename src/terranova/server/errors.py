"""The requests the web service refuses, each with its HTTP status and error code; a
refused request leaves the game unchanged.

Each refusal's message is a :class:`~terranova.core.i18n.Text` (a message id of the site's
catalog and its parameters): the answer says it in the reader's language, and gives an API
client its id and parameters beside the stable ``code`` (docs/web.md, "Errors")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from starlette.requests import HTTPConnection
from starlette.responses import JSONResponse

from terranova.core.i18n import Text, _
from terranova.server.languages import reader_language
from terranova.server.models import ErrorCode

ABANDONED = _("this game was closed as abandoned: nobody had moved for a long time")
GAME_OVER = _("the game is over")
NOT_FOUND = _("Not Found")
METHOD_NOT_ALLOWED = _("Method Not Allowed")


def error_body(text: Text, code: ErrorCode, lang: str) -> dict[str, Any]:
    """An HTTP error's JSON: the sentence in ``lang``, the code, the message id and params."""
    return {"detail": text.render(lang), "code": code, "message": text.as_json()}


def error_response(
    conn: HTTPConnection,
    text: Text,
    code: ErrorCode,
    status: int,
    headers: Mapping[str, str] | None = None,
) -> JSONResponse:
    """An HTTP error answer, said in the language of the person who asked."""
    body = error_body(text, code, reader_language(conn))
    return JSONResponse(body, status_code=status, headers=headers)


class ServiceError(Exception):
    """A request the service refuses; the game is unchanged."""

    status = 400
    code: ErrorCode = "malformed"

    def __init__(self, text: Text) -> None:
        super().__init__(str(text))
        self.text = text
        self.message = str(text)
        """The message in English (logs, tests)."""

    def response(self, conn: HTTPConnection) -> JSONResponse:
        """The error's answer, said in the language of the person who asked."""
        return error_response(conn, self.text, self.code, self.status)


class BadRequest(ServiceError):
    """A request the server cannot read or will not take (its own fault, not the game's)."""

    status, code = 400, "malformed"


class Illegal(ServiceError):
    status, code = 400, "illegal"


class Refused(ServiceError):
    status, code = 400, "refused"


class Forbidden(ServiceError):
    status, code = 403, "forbidden"


class NotFound(ServiceError):
    status, code = 404, "not_found"


class Stale(ServiceError):
    status, code = 409, "stale"


class Busy(ServiceError):
    """Too much searching going on already (the hints in flight): ask again shortly."""

    status, code = 429, "rate"


class TooManyGames(ServiceError):
    """The creating address has as many unfinished games as it may (``max_games_per_address``):
    one must be over first; or it created as many in the past hour as it may
    (``max_games_per_address_per_hour``)."""

    status, code = 429, "rate"


class TooManySockets(ServiceError):
    """A WebSocket refused at connect: its address has as many open as it may, or tried to
    connect too often."""

    status, code = 429, "rate"


class Unavailable(ServiceError):
    """A stored game that this server cannot rebuild (its rules changed since)."""

    status, code = 409, "refused"


class SignInRefused(ServiceError):
    """An e-mail address and password that match no account (one answer for both)."""

    status, code = 401, "forbidden"


class Throttled(ServiceError):
    """Too many failed sign-ins, sign-ups or e-mails asked for, in the window."""

    status, code = 429, "rate"


class MailOff(ServiceError):
    """What needs e-mail, on a server without an SMTP server."""

    status, code = 409, "refused"
