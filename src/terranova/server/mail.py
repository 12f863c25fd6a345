"""E-mail: the messages the server sends (an address to confirm, a password to reset), through
the SMTP server that ``smtp_url`` names. Without one, e-mail is off: nothing is sent and the
pages say so.

``smtp_url``: ``smtp://[USER:PASSWORD@]HOST[:PORT]`` (plain, port 25; STARTTLS when the
server offers it), ``smtp+starttls://…`` (STARTTLS required, port 587) or ``smtps://…`` (TLS
from the start, port 465).
"""

from __future__ import annotations

import logging
import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import make_msgid
from urllib.parse import unquote, urlsplit

log = logging.getLogger(__name__)

SCHEMES = {"smtp": 25, "smtp+starttls": 587, "smtps": 465}


class MailSettingsError(ValueError):
    """An SMTP URL or a sender the server cannot use."""


@dataclass(frozen=True)
class SmtpServer:
    """Where e-mail goes, read from an SMTP URL (module doc)."""

    scheme: str
    host: str
    port: int
    user: str | None = None
    password: str | None = None

    @classmethod
    def from_url(cls, url: str) -> SmtpServer:
        """The server ``url`` names; MailSettingsError if it is not an SMTP URL.

        >>> SmtpServer.from_url("smtps://me:p%40ss@mail.example:2465").password
        'p@ss'
        >>> SmtpServer.from_url("smtp://localhost").port
        25
        """
        parts = urlsplit(url)
        if parts.scheme not in SCHEMES:
            raise MailSettingsError(
                f"an SMTP URL starts with {', '.join(s + '://' for s in SCHEMES)}, not {url!r}"
            )
        if not parts.hostname:
            raise MailSettingsError(f"the SMTP URL {url!r} names no host")
        try:
            port = parts.port or SCHEMES[parts.scheme]
        except ValueError:
            raise MailSettingsError(f"the SMTP URL {url!r} has no valid port") from None
        return cls(
            parts.scheme,
            parts.hostname,
            port,
            unquote(parts.username) if parts.username else None,
            unquote(parts.password) if parts.password else None,
        )

    def __repr__(self) -> str:  # never the password, in a log or a traceback
        return f"SmtpServer({self.scheme}://{self.host}:{self.port})"


class Mailer:
    """Sends the server's e-mail through one SMTP server (blocking: call it in a thread)."""

    def __init__(self, server: SmtpServer, sender: str, timeout: float = 20.0) -> None:
        self.server = server
        self.sender = sender
        self.timeout = timeout

    def send(self, to: str, subject: str, body: str) -> None:
        """Send one plain-text message; raises OSError or smtplib.SMTPException if the SMTP
        server cannot be reached or refuses it."""
        message = EmailMessage()
        message["From"] = self.sender
        message["To"] = to
        message["Subject"] = subject
        message["Message-ID"] = make_msgid(domain=self.sender.rpartition("@")[2] or None)
        message.set_content(body)
        server = self.server
        smtp: smtplib.SMTP
        if server.scheme == "smtps":
            smtp = smtplib.SMTP_SSL(
                server.host, server.port, timeout=self.timeout, context=ssl.create_default_context()
            )
        else:
            smtp = smtplib.SMTP(server.host, server.port, timeout=self.timeout)
        with smtp:
            if server.scheme != "smtps":
                smtp.ehlo()
                if server.scheme == "smtp+starttls" or smtp.has_extn("starttls"):
                    smtp.starttls(context=ssl.create_default_context())
                    smtp.ehlo()
            if server.user:
                smtp.login(server.user, server.password or "")
            smtp.send_message(message)
