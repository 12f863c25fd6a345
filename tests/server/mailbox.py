"""A real SMTP server for the e-mail tests (aiosmtpd, on a free local port): the messages it
receives, and the links in them."""

from __future__ import annotations

import email
import email.policy
import re
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller

LINK = re.compile(r"https?://\S+")


class Mailbox:
    """Every message the server received, in order."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self._arrived = threading.Condition()

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self._arrived:
            self.messages.append(message)  # type: ignore[arg-type]
            self._arrived.notify_all()
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.messages if m["To"] == address]

    def wait(self, address: str, count: int = 1, timeout: float = 30.0) -> EmailMessage:
        """The ``count``-th message to ``address``, once it arrived."""
        deadline = time.monotonic() + timeout
        with self._arrived:
            while len(self.to(address)) < count:
                left = deadline - time.monotonic()
                assert left > 0, f"no message {count} to {address}: {len(self.to(address))}"
                self._arrived.wait(left)
            return self.to(address)[count - 1]


def body(message: EmailMessage) -> str:
    part = message.get_body(("plain",))
    assert part is not None
    return str(part.get_content())


def links(message: EmailMessage) -> list[str]:
    return LINK.findall(body(message))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def smtp_server() -> Iterator[tuple[Mailbox, str]]:
    """A mailbox and the SMTP URL that delivers to it."""
    box = Mailbox()
    port = free_port()
    controller = Controller(box, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield box, f"smtp://127.0.0.1:{port}"
    finally:
        controller.stop()
