"""The requests the web service refuses, each with its HTTP status and error code; a
refused request leaves the game unchanged."""

from __future__ import annotations

from terranova.server.models import ErrorCode

ABANDONED = "this game was closed as abandoned: nobody had moved for a long time"


class ServiceError(Exception):
    """A request the service refuses; the game is unchanged."""

    status = 400
    code: ErrorCode = "malformed"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


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
