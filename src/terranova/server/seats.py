"""Who holds a seat of a web game: the names a seat may have, the tokens that prove a
person's seat."""

from __future__ import annotations

import hashlib
import hmac
import unicodedata

from terranova.core.i18n import _
from terranova.server.errors import Forbidden
from terranova.server.live import LiveGame

NAME_REFUSED = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
"""The Unicode categories a seat's name may not hold (but see :func:`seat_name`)."""


def seat_name(text: str | None) -> str:
    """A seat's name as it is kept: without invisible format characters (category Cf of
    bidirectional class BN: zero-width spaces and joiners, U+2060, U+FEFF, soft hyphens)
    nor white space at its ends ("" if nothing is left). Raises ValueError naming the first
    character it refuses: a control character (Cc), a surrogate (Cs), a line or paragraph
    separator (Zl, Zp) or another format character (Cf), such as the bidirectional marks,
    embeddings, overrides and isolates (U+200E, U+200F, U+061C, U+202A to U+202E, U+2066
    to U+2069).

    >>> seat_name("  An\u200ba\ufeff ")
    'Ana'
    >>> seat_name("Ana\u202egnp.exe")
    Traceback (most recent call last):
    ...
    ValueError: U+202E
    """
    visible = "".join(
        c
        for c in text or ""
        if unicodedata.category(c) != "Cf" or unicodedata.bidirectional(c) != "BN"
    ).strip()
    for c in visible:
        if unicodedata.category(c) in NAME_REFUSED:
            raise ValueError(f"U+{ord(c):04X}")
    return visible


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def authorize(
    game: LiveGame, seat: int | None, token: str | None, account: int | None = None
) -> int:
    """The seat, if ``token`` is its token or ``account`` (the id of the account signed in,
    if any) holds it; raises Forbidden, saying why, otherwise."""
    if seat is None or (not token and account is None):
        raise Forbidden(
            _("acting needs a seat and its token, or signing in to the account holding it")
        )
    if not 0 <= seat < len(game.seats):
        raise Forbidden(_("this game has no seat {seat}", seat=seat + 1))
    held = game.seats[seat]
    if held.kind == "open":
        raise Forbidden(_("seat {seat} is open: join it first", seat=seat + 1))
    if held.token_hash is None:
        raise Forbidden(
            _("seat {seat} is played by the automaton", seat=seat + 1)
            if held.kind == "automaton"
            else _("seat {seat} is played by a bot", seat=seat + 1)
        )
    if account is not None and held.account_id == account:
        return seat
    if token:
        if not hmac.compare_digest(held.token_hash, hash_token(token)):
            raise Forbidden(_("that is not the token of seat {seat}", seat=seat + 1))
        return seat
    if held.account_id is None:
        raise Forbidden(
            _(
                "seat {seat} is not held by your account: open it with its token (its link), or "
                "attach it to your account from the browser that holds it",
                seat=seat + 1,
            )
        )
    raise Forbidden(_("seat {seat} is held by another account", seat=seat + 1))
