"""The session cookie, and the guard against cross-site requests made with it (docs/web.md,
"Sessions and CSRF").

The cookie ``terranova_session`` holds a session's secret token: ``HttpOnly`` (no script
reads it), ``SameSite=Lax`` (no other site's page sends it with its requests, but a link
followed to us does) and ``Secure`` over HTTPS. A request that changes something and carries
the cookie must also carry the header ``X-CSRF-Token``, whose value the signed-in page reads
from ``GET /api/account``: a digest of the session's token that another site can neither
read nor compute. And any request that changes something and says it comes from another
site's page (its ``Origin``) is refused, with a cookie or without (so no other site can sign
a browser in to an account of its choosing).
"""

from __future__ import annotations

import hashlib
import hmac
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

from terranova.core.i18n import Text, _
from terranova.server.errors import error_response

COOKIE = "terranova_session"
CSRF_HEADER = "x-csrf-token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def csrf_token(session_token: str) -> str:
    """The value ``X-CSRF-Token`` must have with this session's cookie.

    >>> csrf_token("abc") == csrf_token("abc") != csrf_token("abd")
    True
    """
    return hashlib.sha256(b"terranova csrf\0" + session_token.encode("utf-8")).hexdigest()


def session_token(connection: HTTPConnection) -> str | None:
    """The session cookie's token, if the request has one."""
    return connection.cookies.get(COOKIE) or None


def public_hosts(public_url: str | None) -> frozenset[str]:
    """The host of the site's public URL (if any): a request whose ``Origin`` names it
    comes from our own pages even behind a proxy that rewrites ``Host``.

    >>> sorted(public_hosts("https://Play.example/"))
    ['play.example']
    """
    return frozenset({urlsplit(public_url).netloc.lower()} if public_url else ())


def cross_site(headers: Headers, hosts: frozenset[str] = frozenset()) -> bool:
    """Whether the request says it comes from a page of another site: its ``Origin``
    (sent by browsers with every request that changes something) names another host than
    the one it was sent to and than ``hosts`` (the public URL's).

    >>> cross_site(Headers({"host": "a.example", "origin": "https://b.example"}))
    True
    >>> cross_site(Headers({"host": "a.example:8000", "origin": "http://a.example:8000"}))
    False
    """
    origin = headers.get("origin")
    if origin is None:
        return False
    if origin == "null":
        return True
    netloc = urlsplit(origin).netloc.lower()
    return netloc != (headers.get("host") or "").lower() and netloc not in hosts


class CsrfGuard:
    """Refuses (403) a request that changes something if it comes from another site's page
    or carries the session cookie without the matching ``X-CSRF-Token`` (module doc)."""

    def __init__(self, app: ASGIApp, public_url: str | None = None) -> None:
        self.app = app
        self.hosts = public_hosts(public_url)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in SAFE_METHODS:
            refusal = self.refusal(scope)
            if refusal is not None:
                answer = error_response(HTTPConnection(scope), refusal, "forbidden", 403)
                await answer(scope, receive, send)
                return
        await self.app(scope, receive, send)

    def refusal(self, scope: Scope) -> Text | None:
        connection = HTTPConnection(scope)
        if cross_site(connection.headers, self.hosts):
            return _("a request from another site's page is refused")
        token = session_token(connection)
        if token is None:
            return None
        sent = connection.headers.get(CSRF_HEADER, "")
        if not hmac.compare_digest(sent.encode("utf-8"), csrf_token(token).encode("utf-8")):
            return _(
                "a request made while signed in needs the X-CSRF-Token header that "
                "GET /api/account gives: reload the page"
            )
        return None
