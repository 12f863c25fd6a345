"""Accounts: people who sign up with an e-mail address, a display name and a password, and
the sessions that keep them signed in (docs/web.md, "Accounts").

The tables live beside the games' (:mod:`terranova.server.db`); :class:`AccountStore` is
their blocking queries, :class:`Accounts` the rules over them that the routes call.

What no answer may tell: whether an e-mail address has an account. Sign-up, sign-in and a
reset answer alike for a known and an unknown address, and do the same work (one password
hash each, the e-mail sent after the answer).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
import secrets
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from argon2 import PasswordHasher, profiles
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import (
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    delete,
    func,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from terranova.core.i18n import LANGUAGES, PSEUDO, SOURCE, Text, _, _n
from terranova.server.background import Every
from terranova.server.db import Base, Database, SeatRow, now
from terranova.server.errors import BadRequest, Forbidden, MailOff, SignInRefused, Throttled
from terranova.server.limits import address_digest
from terranova.server.mail import Mailer, SmtpServer
from terranova.server.seats import seat_name
from terranova.server.settings import Settings
from terranova.server.store import new_public_id

log = logging.getLogger(__name__)

DELETED_NAME = "deleted player"
"""The name a deleted account's seats and profile show."""

EMAIL = re.compile(r"[^@\s]{1,64}@[^@\s]+\.[^@\s]+")
MIN_PASSWORD = 8
MAX_PASSWORD = 256
MAX_EMAIL = 254


class AccountRow(Base):
    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    public_id: Mapped[str] = mapped_column(String(32), unique=True)
    """The account as pages name it (its profile's address)."""
    email: Mapped[str | None] = mapped_column(String(MAX_EMAIL), unique=True, nullable=True)
    """Lower case; null once the account is deleted."""
    name: Mapped[str] = mapped_column(String(64))
    name_key: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)
    """The display name folded for comparison: two accounts never share a name."""
    password_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)
    verified: Mapped[bool] = mapped_column(Boolean)
    """The address was confirmed by a link sent to it (or e-mail is off)."""
    suspended: Mapped[bool] = mapped_column(Boolean, default=False)
    deleted: Mapped[bool] = mapped_column(Boolean, default=False)
    turn_emails: Mapped[bool] = mapped_column(Boolean, default=False)
    """Opted in to the e-mails that say it has been one's turn for a while."""
    unsubscribe_key: Mapped[str] = mapped_column(String(64))
    """The secret of the link that turns the turn e-mails off without signing in."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    language: Mapped[str | None] = mapped_column(String(8), nullable=True)
    """The language of its pages and e-mails (null: the browser's; migration 0017)."""


class SessionRow(Base):
    """A signed-in browser: the cookie's token is kept as its digest only."""

    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class LinkRow(Base):
    """A link sent by e-mail (to confirm an address, to reset a password): single use, until
    ``expires_at``; its token kept as its digest only."""

    __tablename__ = "account_links"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    purpose: Mapped[str] = mapped_column(String(16))
    """``verify`` or ``reset``."""
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    used: Mapped[bool] = mapped_column(Boolean, default=False)


class AttemptRow(Base):
    """One counted attempt (a failed sign-in, a sign-up, an e-mail sent) under a key such as
    ``sign-in:address:<digest>``: the throttles count them in a window, across processes."""

    __tablename__ = "attempts"
    __table_args__ = (Index("ix_attempts_key_at", "key", "at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(80))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True)
class Account:
    """What the server tells of an account: never its password's hash."""

    id: int
    public_id: str
    email: str | None
    name: str
    verified: bool
    suspended: bool
    deleted: bool
    turn_emails: bool
    created_at: datetime
    language: str | None = None
    """Its chosen language (``en``, ``fr``, ``de``), or None: the browser's."""

    def speaks(self, fallback: str = SOURCE) -> str:
        """The language to write to it in: its own, else ``fallback`` (the language of
        the request that made the e-mail, where there is one)."""
        return self.language or fallback


def _account(row: AccountRow) -> Account:
    return Account(
        row.id,
        row.public_id,
        row.email,
        row.name,
        row.verified,
        row.suspended,
        row.deleted,
        row.turn_emails,
        row.created_at,
        row.language,
    )


def digest(token: str) -> str:
    """What the database keeps of a secret token (a session's, a link's)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def name_key(name: str) -> str:
    """A display name folded so that names a reader would confuse compare equal.

    >>> name_key("Ana") == name_key(" ANA ") == name_key("ana")
    True
    """
    return " ".join(name.casefold().split())


class NameTaken(Exception):
    """Another account has this display name."""


class AccountStore:
    """The accounts' queries (blocking: the service calls them in threads)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def add(self, email: str, name: str, password_hash: str, verified: bool) -> Account | None:
        """A new account; None if ``email`` has one already. NameTaken if ``name`` is."""
        with self.db.writing() as session:
            # the name first: names are public, and a taken name must be refused alike
            # whether the address has an account or not
            if session.scalar(select(AccountRow.id).where(AccountRow.name_key == name_key(name))):
                raise NameTaken(name)
            if session.scalar(select(AccountRow.id).where(AccountRow.email == email)):
                return None
            row = AccountRow(
                public_id=new_public_id(),
                email=email,
                name=name,
                name_key=name_key(name),
                password_hash=password_hash,
                verified=verified,
                suspended=False,
                deleted=False,
                turn_emails=False,
                unsubscribe_key=secrets.token_urlsafe(24),
                created_at=now(),
            )
            session.add(row)
            try:
                session.flush()
            except IntegrityError:  # another sign-up of the same address or name won the race
                raise NameTaken(name) from None
            return _account(row)

    def by_email(self, email: str) -> tuple[Account, str | None] | None:
        """The account of ``email`` and its password's hash."""
        with self.db.session() as session:
            row = session.scalars(select(AccountRow).where(AccountRow.email == email)).first()
            return None if row is None else (_account(row), row.password_hash)

    def get(self, account_id: int) -> tuple[Account, str | None] | None:
        with self.db.session() as session:
            row = session.get(AccountRow, account_id)
            return None if row is None else (_account(row), row.password_hash)

    def by_public_id(self, public_id: str) -> Account | None:
        with self.db.session() as session:
            row = session.scalars(
                select(AccountRow).where(AccountRow.public_id == public_id)
            ).first()
            return None if row is None else _account(row)

    def add_session(self, account_id: int, token_hash: str, expires_at: datetime) -> None:
        with self.db.writing() as session:
            session.add(
                SessionRow(
                    token_hash=token_hash,
                    account_id=account_id,
                    created_at=now(),
                    expires_at=expires_at,
                )
            )

    def session_account(self, token_hash: str) -> Account | None:
        """The account a session token signs in: None if the session is unknown, expired,
        or its account suspended or deleted."""
        with self.db.session() as session:
            row = session.scalars(
                select(AccountRow)
                .join(SessionRow, SessionRow.account_id == AccountRow.id)
                .where(
                    SessionRow.token_hash == token_hash,
                    SessionRow.expires_at > now(),
                    AccountRow.deleted.is_(False),
                    AccountRow.suspended.is_(False),
                )
            ).first()
            return None if row is None else _account(row)

    def drop_session(self, token_hash: str) -> None:
        with self.db.writing() as session:
            session.execute(delete(SessionRow).where(SessionRow.token_hash == token_hash))

    def drop_sessions(self, account_id: int, keep: str | None = None) -> int:
        """Sign an account out everywhere (but the session ``keep``); how many ended."""
        with self.db.writing() as session:
            query = delete(SessionRow).where(SessionRow.account_id == account_id)
            if keep is not None:
                query = query.where(SessionRow.token_hash != keep)
            return _count(session.execute(query))

    def add_link(self, account_id: int, purpose: str, token_hash: str, expires: datetime) -> None:
        with self.db.writing() as session:
            session.add(
                LinkRow(
                    token_hash=token_hash,
                    account_id=account_id,
                    purpose=purpose,
                    expires_at=expires,
                    used=False,
                )
            )

    def use_link(self, token_hash: str, purpose: str) -> int | None:
        """The account of a link not used yet and not expired, marked used (by one request
        only, however many come at once); None otherwise."""
        with self.db.writing() as session:
            account_id = session.scalar(
                select(LinkRow.account_id).where(
                    LinkRow.token_hash == token_hash, LinkRow.purpose == purpose
                )
            )
            used = session.execute(
                update(LinkRow)
                .where(
                    LinkRow.token_hash == token_hash,
                    LinkRow.purpose == purpose,
                    LinkRow.used.is_(False),
                    LinkRow.expires_at > now(),
                )
                .values(used=True)
            )
            return account_id if _count(used) == 1 else None

    def set_password(self, account_id: int, password_hash: str) -> None:
        with self.db.writing() as session:
            session.execute(
                update(AccountRow)
                .where(AccountRow.id == account_id)
                .values(password_hash=password_hash)
            )

    def set_verified(self, account_id: int) -> None:
        with self.db.writing() as session:
            session.execute(
                update(AccountRow).where(AccountRow.id == account_id).values(verified=True)
            )

    def _change(self, account_id: int, **values: object) -> Account | None:
        """Change an account's settings; the account as it now is (None if it is gone)."""
        with self.db.writing() as session:
            row = session.get(AccountRow, account_id)
            if row is None or row.deleted:
                return None
            for name, value in values.items():
                setattr(row, name, value)
            session.flush()
            return _account(row)

    def set_turn_emails(self, account_id: int, on: bool) -> Account | None:
        """Opt in to (or out of) the turn e-mails; the account as it now is (None if it is
        gone)."""
        return self._change(account_id, turn_emails=on)

    def set_language(self, account_id: int, language: str | None) -> Account | None:
        """Choose the account's language (None: the browser's); the account as it now is
        (None if it is gone)."""
        return self._change(account_id, language=language)

    def set_suspended(self, account_id: int, suspended: bool) -> None:
        with self.db.writing() as session:
            session.execute(
                update(AccountRow).where(AccountRow.id == account_id).values(suspended=suspended)
            )
            if suspended:
                session.execute(delete(SessionRow).where(SessionRow.account_id == account_id))

    def delete(self, account_id: int) -> None:
        """Delete an account: its games stay, its seats and profile named
        :data:`DELETED_NAME`; its address, password, sessions and links are gone."""
        with self.db.writing() as session:
            session.execute(
                update(AccountRow)
                .where(AccountRow.id == account_id)
                .values(
                    email=None,
                    name=DELETED_NAME,
                    name_key=None,
                    password_hash=None,
                    deleted=True,
                    turn_emails=False,
                )
            )
            session.execute(
                update(SeatRow).where(SeatRow.account_id == account_id).values(name=DELETED_NAME)
            )
            session.execute(delete(SessionRow).where(SessionRow.account_id == account_id))
            session.execute(delete(LinkRow).where(LinkRow.account_id == account_id))

    def attempts(self, key: str, window: timedelta) -> int:
        """Attempts counted under ``key`` within the past ``window`` (older ones forgotten)."""
        with self.db.writing() as session:
            return self._counted(session, key, window)

    def take_attempt(self, key: str, window: timedelta, most: int) -> int | None:
        """Count one attempt under ``key`` if fewer than ``most`` were counted within the
        past ``window``: its row's id; None (nothing counted) if there were as many. The
        count and the new row are one transaction, taken in turn by every process (an
        advisory lock on PostgreSQL, the one writer on SQLite), so that attempts made at
        once cannot all pass the count."""
        with self.db.writing() as session:
            lock_key(session, key)
            if self._counted(session, key, window) >= most:
                return None
            row = AttemptRow(key=key, at=now())
            session.add(row)
            session.flush()
            return row.id

    def refund(self, ids: Sequence[int]) -> None:
        """Take back attempts counted by :meth:`take_attempt` (a sign-in that succeeded)."""
        with self.db.writing() as session:
            session.execute(delete(AttemptRow).where(AttemptRow.id.in_(ids)))

    @staticmethod
    def _counted(session: Session, key: str, window: timedelta) -> int:
        since = now() - window
        session.execute(delete(AttemptRow).where(AttemptRow.key == key, AttemptRow.at <= since))
        return int(session.scalar(select(func.count()).where(AttemptRow.key == key)) or 0)

    def drop_links(self, account_id: int, purpose: str) -> None:
        """Every link of the account for ``purpose`` stops working (a password changed)."""
        with self.db.writing() as session:
            session.execute(
                delete(LinkRow).where(LinkRow.account_id == account_id, LinkRow.purpose == purpose)
            )

    def prune(self) -> int:
        """Forget what no longer counts: expired sessions, links past their time and
        attempts older than a day (no window is longer). How many rows went."""
        with self.db.writing() as session:
            moment = now()
            gone = _count(
                session.execute(delete(SessionRow).where(SessionRow.expires_at <= moment))
            )
            gone += _count(session.execute(delete(LinkRow).where(LinkRow.expires_at <= moment)))
            gone += _count(
                session.execute(
                    delete(AttemptRow).where(AttemptRow.at <= moment - timedelta(days=1))
                )
            )
            return gone

    def count_attempt(self, key: str) -> None:
        with self.db.writing() as session:
            session.add(AttemptRow(key=key, at=now()))


def _count(result: object) -> int:
    return int(getattr(result, "rowcount", 0) or 0)


def lock_key(session: Session, key: str) -> None:
    """On PostgreSQL, wait for the other transactions counting under ``key`` (an advisory
    lock held until this transaction ends); SQLite has one writer at a time anyway."""
    if session.get_bind().dialect.name == "postgresql":
        session.execute(select(func.pg_advisory_xact_lock(func.hashtext(key))))


WRONG = _("that e-mail address and password do not match an account")


@dataclass(frozen=True)
class SignedIn:
    """A new session: its token goes into the cookie, and nowhere else."""

    account: Account
    token: str


def hasher(profile: str) -> PasswordHasher:
    if profile == "standard":
        return PasswordHasher.from_parameters(profiles.RFC_9106_LOW_MEMORY)
    if profile == "cheap":
        return PasswordHasher.from_parameters(profiles.CHEAPEST)
    raise ValueError(f"password_hashing is 'standard' or 'cheap', not {profile!r}")


def for_mail(lang: str) -> str:
    """The language to write a mail in: the tests' pseudo-language is for pages only, and a
    mail asked from a page in it is written in English."""
    return SOURCE if lang == PSEUDO else lang


class Accounts:
    """Signing up, in and out, and looking after an account (module doc). Methods are
    ``async``: the store's queries and the password hashes run in threads."""

    def __init__(self, db: Database, settings: Settings) -> None:
        self.store = AccountStore(db)
        self.settings = settings
        self.hasher = hasher(settings.password_hashing)
        self._hashing = asyncio.Semaphore(max(1, settings.max_hashes_in_flight))
        self._dummy = self.hasher.hash(secrets.token_urlsafe(16))
        """A hash to verify against for an unknown address, so that it costs the same."""
        self.mailer = (
            Mailer(SmtpServer.from_url(settings.smtp_url), settings.mail_from)
            if settings.smtp_url
            else None
        )
        self.hashes = 0
        """Passwords hashed or verified so far (the enumeration tests compare the work)."""
        self._sending: set[asyncio.Task[None]] = set()
        self._pruner = Every(
            "forgetting expired sessions", settings.prune_every_seconds, self._prune
        )

    @property
    def mail_on(self) -> bool:
        return self.mailer is not None

    # --------------------------------------------------------------- passwords

    async def _hash(self, password: str) -> str:
        async with self._hashing:
            self.hashes += 1
            return await asyncio.to_thread(self.hasher.hash, password)

    async def _verify(self, password_hash: str | None, password: str) -> bool:
        async with self._hashing:
            self.hashes += 1
            try:
                return await asyncio.to_thread(
                    self.hasher.verify, password_hash or self._dummy, password
                )
            except (VerificationError, InvalidHashError):
                return False

    # --------------------------------------------------------------- throttles

    async def _take(self, key: str, most: int, window: timedelta, what: Text) -> list[int]:
        """Count an attempt under ``key`` (its id, to refund; none when there is no limit):
        Throttled if ``most`` were counted within ``window`` already."""
        if most <= 0:
            return []
        taken = await asyncio.to_thread(self.store.take_attempt, key, window, most)
        if taken is None:
            minutes = max(1, round(window.total_seconds() / 60))
            raise Throttled(
                _("too many {what}: try again within {minutes} minutes", what=what, minutes=minutes)
            )
        return [taken]

    async def _refund(self, ids: Sequence[int]) -> None:
        if ids:
            await asyncio.to_thread(self.store.refund, ids)

    async def _check_mail_rate(self, address: str) -> None:
        await self._take(
            f"mail:address:{address_digest(address)}",
            self.settings.mails_per_address_per_hour,
            timedelta(hours=1),
            _("e-mails asked for from your address"),
        )

    async def _password_tries(self, account: Account) -> list[int]:
        """A password typed by a signed-in person (to change it, to delete the account)
        counts as a sign-in for the account's throttle; refund it if it was right."""
        return await self._take(
            f"sign-in:account:{digest(account.email or str(account.id))[:32]}",
            self.settings.sign_in_failures_per_account,
            timedelta(minutes=self.settings.sign_in_window_minutes),
            _("wrong passwords"),
        )

    # --------------------------------------------------------------- e-mail

    def _link(self, path: str, token: str) -> str:
        base = (self.settings.public_url or "").rstrip("/")
        return f"{base}{path}?token={token}"

    async def _new_link(self, account: Account, purpose: str) -> str:
        token = secrets.token_urlsafe(32)
        expires = now() + timedelta(minutes=self.settings.link_minutes)
        await asyncio.to_thread(self.store.add_link, account.id, purpose, digest(token), expires)
        return token

    def _mail_later(self, to: str, subject: Text, body: Text, lang: str) -> None:
        """Send after the answer (so that its time tells nothing), in ``lang``, at most
        ``mails_per_recipient_per_hour`` to one address."""
        lang = for_mail(lang)
        self._later(self._send(to, subject.render(lang), body.render(lang)))

    def _later(self, work: Coroutine[Any, Any, None]) -> None:
        """Do ``work`` after the answer: what it writes and sends takes no time of it."""
        task = asyncio.get_running_loop().create_task(work)
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    def mail_later(self, to: str, subject: Text, body: Text, lang: str) -> None:
        """Send an e-mail in ``lang`` after the answer (as :meth:`_mail_later`): for the
        other parts of the server (an invitation)."""
        self._mail_later(to, subject, body, lang)

    async def _send(self, to: str, subject: str, body: str) -> None:
        mailer = self.mailer
        if mailer is None:
            return
        key = f"mail:to:{digest(to)[:32]}"
        try:
            most = self.settings.mails_per_recipient_per_hour
            if most > 0 and (
                await asyncio.to_thread(self.store.take_attempt, key, timedelta(hours=1), most)
                is None
            ):
                log.info("an e-mail was not sent: its address had its hour's share")
                return
            await asyncio.to_thread(mailer.send, to, subject, body)
        except Exception:  # the person was answered already; the log says what failed
            log.exception("an e-mail could not be sent")

    def start(self) -> None:
        """Forget expired sessions, links and attempts now and every
        ``prune_every_seconds``."""
        self._pruner.start()

    async def _prune(self) -> None:
        gone = await asyncio.to_thread(self.store.prune)
        if gone:
            log.info("forgot %d expired sessions, links and attempts", gone)

    async def close(self) -> None:
        """Stop forgetting, and send the e-mails still being sent."""
        await self._pruner.close()
        await self.drain()

    async def drain(self) -> None:
        """Wait for the e-mails being sent (at shutdown, and in tests)."""
        while self._sending:
            await asyncio.gather(*list(self._sending), return_exceptions=True)

    def _send_verification(self, account: Account, lang: str) -> None:
        """A link to confirm the account's address, made and sent after the answer (in the
        account's language, else ``lang``: the request's)."""
        self._later(self._link_mail(account, "verify", lang))

    async def _link_mail(self, account: Account, purpose: str, lang: str) -> None:
        if account.email is None:
            return
        try:
            token = await self._new_link(account, purpose)
        except Exception:
            log.exception("a link could not be made")
            return
        minutes = round(self.settings.link_minutes)
        if purpose == "verify":
            subject = _("Confirm your e-mail address for Terranova")
            body = _n(
                "Hello {name},\n\nto confirm this address and sign in, open\n\n{link}\n\n"
                "The link works once, for {n} minute. If you did not sign up, ignore this "
                "message.\n",
                "Hello {name},\n\nto confirm this address and sign in, open\n\n{link}\n\n"
                "The link works once, for {n} minutes. If you did not sign up, ignore this "
                "message.\n",
                minutes,
                name=account.name,
                link=self._link("/account/verify", token),
            )
        else:
            subject = _("Reset your Terranova password")
            body = _n(
                "Hello {name},\n\nto choose a new password, open\n\n{link}\n\nThe link works "
                "once, for {n} minute. If you did not ask for it, ignore this message: your "
                "password is unchanged.\n",
                "Hello {name},\n\nto choose a new password, open\n\n{link}\n\nThe link works "
                "once, for {n} minutes. If you did not ask for it, ignore this message: your "
                "password is unchanged.\n",
                minutes,
                name=account.name,
                link=self._link("/account/reset", token),
            )
        lang = for_mail(account.speaks(lang))
        await self._send(account.email, subject.render(lang), body.render(lang))

    async def _taken_mail(self, email: str, lang: str) -> None:
        """The message to an address that has an account already, which someone tried to
        sign up with again (in that account's language, else ``lang``)."""
        try:
            found = await asyncio.to_thread(self.store.by_email, email)
        except Exception:
            log.exception("an account could not be read")
            return
        lang = for_mail(found[0].speaks(lang) if found is not None else lang)
        subject = _("Your Terranova account")
        body = _(
            "Hello,\n\nsomeone (perhaps you) tried to sign up with this address, which has an "
            "account already. Sign in, or reset your password from the sign-in page if you "
            "forgot it.\n"
        )
        await self._send(email, subject.render(lang), body.render(lang))

    # --------------------------------------------------------------- sessions

    async def _session(self, account: Account) -> SignedIn:
        token = secrets.token_urlsafe(32)
        expires = now() + timedelta(days=self.settings.session_days)
        await asyncio.to_thread(self.store.add_session, account.id, digest(token), expires)
        return SignedIn(account, token)

    async def account_of(self, token: str | None) -> Account | None:
        """The account a session cookie signs in, or None."""
        if not token or len(token) > 200:
            return None
        return await asyncio.to_thread(self.store.session_account, digest(token))

    async def sign_out(self, token: str | None) -> None:
        if token:
            await asyncio.to_thread(self.store.drop_session, digest(token))

    async def sign_out_everywhere(self, account: Account) -> int:
        return await asyncio.to_thread(self.store.drop_sessions, account.id)

    # --------------------------------------------------------------- the routes' calls

    async def sign_up(
        self,
        email: str,
        name: str,
        password: str,
        address: str,
        old_token: str | None,
        lang: str = SOURCE,
    ) -> SignedIn | None:
        """A new account. With e-mail on, nobody is signed in yet (None): a link to confirm
        the address is sent, and an address that has an account already gets a message
        saying so instead, the answer being the same. With e-mail off the account is made
        confirmed and signed in (an address taken is then refused: without e-mail nothing
        can prove whose it is). The e-mail is in ``lang`` (the request's language)."""
        email = read_email(email)
        name = read_name(name)
        read_password(password)
        await self._take(
            f"sign-up:address:{address_digest(address)}",
            self.settings.sign_ups_per_address_per_hour,
            timedelta(hours=1),
            _("sign-ups from your address"),
        )
        if self.mail_on:
            await self._check_mail_rate(address)
        password_hash = await self._hash(password)
        try:
            account = await asyncio.to_thread(
                self.store.add, email, name, password_hash, not self.mail_on
            )
        except NameTaken:
            raise BadRequest(_("the name '{name}' is taken: choose another", name=name)) from None
        if account is None:
            if not self.mail_on:
                raise BadRequest(_("that e-mail address has an account already: sign in"))
            self._later(self._taken_mail(email, lang))
            return None
        if self.mail_on:
            self._send_verification(account, lang)
            return None
        await self.sign_out(old_token)
        return await self._session(account)

    async def verify(self, token: str, old_token: str | None) -> SignedIn:
        """Confirm an address by the link's token, and sign in."""
        account_id = await asyncio.to_thread(self.store.use_link, digest(token), "verify")
        found = None if account_id is None else await asyncio.to_thread(self.store.get, account_id)
        if found is None or found[0].deleted or found[0].suspended:
            raise Forbidden(_("this link was used already, has expired or is not ours"))
        await asyncio.to_thread(self.store.set_verified, found[0].id)
        await self.sign_out(old_token)
        return await self._session(replace(found[0], verified=True))

    async def sign_in(
        self, email: str, password: str, address: str, old_token: str | None, lang: str = SOURCE
    ) -> SignedIn:
        """Sign in (a new session, the one the request came with ended: never a session
        someone else chose). One answer for an unknown address and a wrong password. A new
        link to confirm an address not confirmed yet is in ``lang`` if the account has no
        language."""
        email = email.strip().lower()[:MAX_EMAIL]
        by_account = f"sign-in:account:{digest(email)[:32]}"
        by_address = f"sign-in:address:{address_digest(address)}"
        window = timedelta(minutes=self.settings.sign_in_window_minutes)
        what = _("failed sign-ins")
        # counted before the password is checked, refunded if it was right: tries made at
        # once cannot all pass the count
        tries = await self._take(
            by_account, self.settings.sign_in_failures_per_account, window, what
        )
        try:
            tries += await self._take(
                by_address, self.settings.sign_in_failures_per_address, window, what
            )
        except Throttled:
            await self._refund(tries)
            raise
        found = await asyncio.to_thread(self.store.by_email, email)
        good = await self._verify(found[1] if found else None, password[:MAX_PASSWORD])
        if found is None or not good or found[0].deleted:
            raise SignInRefused(WRONG)
        await self._refund(tries)
        account = found[0]
        if account.suspended:
            raise Forbidden(_("this account is suspended"))
        if not account.verified:
            await self._check_mail_rate(address)
            self._send_verification(account, lang)
            raise Forbidden(_("confirm your e-mail address first: we sent you a new link"))
        if found[1] and self.hasher.check_needs_rehash(found[1]):
            await asyncio.to_thread(self.store.set_password, account.id, await self._hash(password))
        await self.sign_out(old_token)
        return await self._session(account)

    async def change_password(
        self, account: Account, current: str, new: str, token: str | None
    ) -> None:
        """A new password; every other session of the account ends."""
        read_password(new)
        tries = await self._password_tries(account)
        found = await asyncio.to_thread(self.store.get, account.id)
        if found is None or not await self._verify(found[1], current[:MAX_PASSWORD]):
            raise Forbidden(_("the current password is not right"))
        await self._refund(tries)
        await asyncio.to_thread(self.store.set_password, account.id, await self._hash(new))
        await asyncio.to_thread(self.store.drop_sessions, account.id, digest(token or ""))
        await asyncio.to_thread(self.store.drop_links, account.id, "reset")

    async def ask_reset(self, email: str, address: str, lang: str = SOURCE) -> None:
        """Send a link to reset the password of ``email``'s account, if it has one (the
        answer is the same whether it does or not); in its language, else ``lang``."""
        if not self.mail_on:
            raise MailOff(_("e-mail is off on this server: a password cannot be reset by e-mail"))
        email = email.strip().lower()[:MAX_EMAIL]
        await self._check_mail_rate(address)
        found = await asyncio.to_thread(self.store.by_email, email)
        if found is None or found[0].deleted or found[0].email is None:
            return
        self._later(self._link_mail(found[0], "reset", lang))

    async def reset(self, token: str, password: str, old_token: str | None) -> SignedIn:
        """A new password by a reset link: every session of the account ends, and this
        browser is signed in."""
        read_password(password)
        account_id = await asyncio.to_thread(self.store.use_link, digest(token), "reset")
        found = None if account_id is None else await asyncio.to_thread(self.store.get, account_id)
        if found is None or found[0].deleted:
            raise Forbidden(_("this link was used already, has expired or is not ours"))
        account = replace(found[0], verified=True)
        await asyncio.to_thread(self.store.set_password, account.id, await self._hash(password))
        await asyncio.to_thread(self.store.drop_sessions, account.id)
        await asyncio.to_thread(self.store.drop_links, account.id, "reset")  # older ones too
        await asyncio.to_thread(self.store.set_verified, account.id)  # the link proved it
        if account.suspended:
            raise Forbidden(_("this account is suspended"))
        await self.sign_out(old_token)
        return await self._session(account)

    async def set_turn_emails(self, account: Account, on: bool) -> Account:
        """The account's choice of the e-mails that say it has been its turn for a while
        (only with e-mail on: turning them on with e-mail off is refused)."""
        if on and not self.mail_on:
            raise MailOff(_("e-mail is off on this server: it sends no e-mail about turns"))
        changed = await asyncio.to_thread(self.store.set_turn_emails, account.id, on)
        if changed is None:
            raise Forbidden(_("sign in first"))
        return changed

    async def set_language(self, account: Account, language: str | None) -> Account:
        """The account's language: one offered, or None (the browser's); BadRequest, and
        nothing changed, for another."""
        if language is not None and language not in LANGUAGES:
            offered = ", ".join(LANGUAGES)
            raise BadRequest(
                _("language: one of {offered}, or null for the browser's", offered=offered)
            )
        changed = await asyncio.to_thread(self.store.set_language, account.id, language)
        if changed is None:
            raise Forbidden(_("sign in first"))
        return changed

    async def delete(self, account: Account, password: str) -> None:
        tries = await self._password_tries(account)
        found = await asyncio.to_thread(self.store.get, account.id)
        if found is None or not await self._verify(found[1], password[:MAX_PASSWORD]):
            raise Forbidden(_("the password is not right"))
        await self._refund(tries)
        await asyncio.to_thread(self.store.delete, account.id)


def read_email(text: str) -> str:
    """An e-mail address as kept (lower case); BadRequest if it does not look like one."""
    email = text.strip().lower()
    if len(email) > MAX_EMAIL or not EMAIL.fullmatch(email):
        raise BadRequest(_("email: an e-mail address such as ana@example.org"))
    return email


def read_name(text: str, most: int = 40) -> str:
    """A display name as kept (as a seat's name: :func:`~terranova.server.seats.seat_name`)."""
    try:
        name = seat_name(text)
    except ValueError as exc:
        raise BadRequest(
            _("name: the character {reason} is not allowed in a name", reason=str(exc))
        ) from None
    if not name:
        raise BadRequest(_("name: a display name is needed"))
    if len(name) > most:
        raise BadRequest(_("name: at most {most} characters", most=most))
    if name_key(name) == name_key(DELETED_NAME):
        raise BadRequest(_("name: '{name}' is not a name one may take", name=DELETED_NAME))
    return name


def read_password(password: str) -> None:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise BadRequest(
            _("password: {least} to {most} characters", least=MIN_PASSWORD, most=MAX_PASSWORD)
        )
