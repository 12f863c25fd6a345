"""Chat at each table and in the lobby, muting, and who is online in the lobby
(docs/web.md, "Chat" and "Presence").

Messages are stored (``chat_messages``) and reach the sockets of every server process: the
process that stores one sends it to its own sockets, and announces it on the PostgreSQL
channel :data:`CHAT` in the same transaction; the others read it back and send it to
theirs. Presence is a row per account and process with the lobby open (``chat_presence``),
renewed every ``presence_seconds``: the rows of a process that died expire, so it never
keeps anyone online for long.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

import anyio
from sqlalchemy import (
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    delete,
    func,
    select,
    update,
)
from sqlalchemy.orm import Mapped, Session, mapped_column

from terranova.core.i18n import _
from terranova.server.accounts import DELETED_NAME, Account, AccountRow, AttemptRow, lock_key
from terranova.server.db import Base, Database, GameRow, SeatRow, _utc, now
from terranova.server.errors import BadRequest, Forbidden, NotFound, Throttled
from terranova.server.hub import Connection
from terranova.server.limits import address_digest
from terranova.server.models import (
    ChatDeletedMessage,
    ChatHistoryMessage,
    ChatMessage,
    ChatOut,
    PersonOut,
    PresenceMessage,
)
from terranova.server.seats import seat_name
from terranova.server.settings import Settings

log = logging.getLogger("terranova.server")

CHAT = "terranova_chat"
"""The PostgreSQL channel of chat and presence news: ``<kind> <writer> <argument>``, with
kind ``chat`` (a message's id), ``deleted`` (a message's id), ``mutes`` (an account whose
mutes changed) or ``presence``."""

LOBBY = "lobby"
"""The lobby's room (a table's is its game's public id)."""

ADMIN = "admin"
"""The writer's name in the announcements ``terranova admin`` makes."""

SIGN_IN = "sign in to chat"


class ChatRow(Base):
    """A chat message: at a table (``game_id``) or in the lobby (null)."""

    __tablename__ = "chat_messages"
    __table_args__ = (Index("ix_chat_messages_game_id_id", "game_id", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[int | None] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), nullable=True
    )
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    name: Mapped[str] = mapped_column(String(64))
    """The author's name when they wrote it."""
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    spectator: Mapped[bool] = mapped_column(Boolean)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    deleted: Mapped[bool] = mapped_column(Boolean, default=False)
    """Deleted by an administrator: shown nowhere any more."""


class MuteRow(Base):
    """``account_id`` does not see ``muted_id``'s messages."""

    __tablename__ = "chat_mutes"

    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    muted_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PresenceRow(Base):
    """An account with the lobby open in the server process ``origin``, as of ``seen_at``."""

    __tablename__ = "chat_presence"

    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    origin: Mapped[str] = mapped_column(String(80), primary_key=True)
    seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


def read_text(text: str, most: int) -> str:
    """A chat message's text as kept: the same characters as a name
    (:func:`~terranova.server.seats.seat_name`; line breaks and tabs become spaces), at most
    ``most`` characters; BadRequest otherwise.

    >>> read_text(" hi\\nthere\\u200b ", 500)
    'hi there'
    """
    flat = text.replace("\r\n", " ").translate({ord("\r"): " ", ord("\n"): " ", ord("\t"): " "})
    try:
        kept = seat_name(flat)
    except ValueError as exc:
        raise BadRequest(
            _("the character {reason} is not allowed in a chat message", reason=str(exc))
        ) from None
    if not kept:
        raise BadRequest(_("a chat message needs some text"))
    if len(kept) > most:
        raise BadRequest(_("a chat message has at most {most} characters", most=most))
    return kept


@dataclass(frozen=True)
class Stored:
    """A message as the store gives it back: its JSON, and its author's row id (mutes)."""

    out: ChatOut
    author_id: int


def _out(row: ChatRow, room: str, author: str, deleted_account: bool) -> Stored:
    return Stored(
        ChatOut(
            id=row.id,
            room=room,
            author=author,
            name=DELETED_NAME if deleted_account else row.name,
            seat=row.seat,
            spectator=row.spectator,
            text=row.text,
            at=_utc(row.created_at).timestamp() * 1000,
        ),
        row.account_id,
    )


def _room_filter(room: str) -> object:
    if room == LOBBY:
        return ChatRow.game_id.is_(None)
    return ChatRow.game_id == select(GameRow.id).where(GameRow.public_id == room).scalar_subquery()


class ChatStore:
    """The chat's queries (blocking: called in threads)."""

    def __init__(self, db: Database, origin: str | None = None) -> None:
        self.db = db
        self.origin = origin or db.origin

    def _announce(self, session: Session, kind: str, argument: object) -> None:
        if self.db.shared:
            session.execute(select(func.pg_notify(CHAT, f"{kind} {self.origin} {argument}")))

    def _messages(self, session: Session, query: object) -> list[Stored]:
        rows = session.execute(
            select(ChatRow, AccountRow.public_id, AccountRow.deleted, GameRow.public_id)
            .join(AccountRow, AccountRow.id == ChatRow.account_id)
            .outerjoin(GameRow, GameRow.id == ChatRow.game_id)
            .where(query)  # type: ignore[arg-type]
            .order_by(ChatRow.id.desc())
        ).all()
        return [_out(row, game or LOBBY, author, gone) for row, author, gone, game in rows]

    def add(
        self,
        room: str,
        account_id: int,
        seat: int | None,
        text: str,
        keys: Iterable[tuple[str, int]],
        window: timedelta,
    ) -> Stored:
        """Store a message by ``account_id`` (Forbidden if it is suspended or deleted, or the
        table does not exist), counting it under each of ``keys``, which may each count at
        most so many within ``window`` (Throttled, nothing stored, if one has that many)."""
        with self.db.writing() as session:
            account = session.get(AccountRow, account_id)
            if account is None or account.deleted or account.suspended:
                raise Forbidden(_("this account may not chat"))
            game_id: int | None = None
            spectator = False
            if room != LOBBY:
                game_id = session.scalar(select(GameRow.id).where(GameRow.public_id == room))
                if game_id is None:
                    raise NotFound(_("no such game"))
                if seat is None:
                    seat = session.scalar(
                        select(func.min(SeatRow.seat)).where(
                            SeatRow.game_id == game_id, SeatRow.account_id == account_id
                        )
                    )
                spectator = seat is None
            since = now() - window
            for key in sorted(k for k, _ in keys):  # in one order, so two never wait on each other
                lock_key(session, key)
            for key, most in keys:
                session.execute(
                    delete(AttemptRow).where(AttemptRow.key == key, AttemptRow.at <= since)
                )
                counted = session.scalar(select(func.count()).where(AttemptRow.key == key)) or 0
                if most > 0 and counted >= most:
                    seconds = round(window.total_seconds())
                    raise Throttled(
                        _(
                            "at most {most} chat messages in {seconds} seconds: wait a moment",
                            most=most,
                            seconds=seconds,
                        )
                    )
            moment = now()
            for key, _most in keys:
                session.add(AttemptRow(key=key, at=moment))
            row = ChatRow(
                game_id=game_id,
                account_id=account_id,
                name=account.name,
                seat=seat,
                spectator=spectator,
                text=text,
                created_at=moment,
                deleted=False,
            )
            session.add(row)
            session.flush()
            self._announce(session, "chat", row.id)
            return _out(row, room, account.public_id, False)

    def get(self, message_id: int) -> Stored | None:
        """A message not deleted."""
        with self.db.session() as session:
            found = self._messages(session, (ChatRow.id == message_id) & ChatRow.deleted.is_(False))
            return found[0] if found else None

    def room_of(self, message_id: int) -> str | None:
        with self.db.session() as session:
            row = session.execute(
                select(ChatRow.game_id, GameRow.public_id)
                .outerjoin(GameRow, GameRow.id == ChatRow.game_id)
                .where(ChatRow.id == message_id)
            ).first()
            return None if row is None else (row[1] or LOBBY)

    def history(self, room: str, viewer: int | None, most: int) -> list[Stored]:
        """The last ``most`` messages of a room, oldest first, without those deleted or by
        someone ``viewer`` muted."""
        query = _room_filter(room) & ChatRow.deleted.is_(False)  # type: ignore[operator]
        if viewer is not None:
            muted = select(MuteRow.muted_id).where(MuteRow.account_id == viewer)
            query = query & ChatRow.account_id.not_in(muted)
        with self.db.session() as session:
            rows = session.execute(
                select(ChatRow.id).where(query).order_by(ChatRow.id.desc()).limit(most)
            ).scalars()
            ids = list(rows)
            if not ids:
                return []
            return list(reversed(self._messages(session, ChatRow.id.in_(ids))))

    def delete(self, message_id: int) -> bool:
        """Delete a message (an administrator's); False if there is none (or it was)."""
        with self.db.writing() as session:
            done = session.execute(
                update(ChatRow)
                .where(ChatRow.id == message_id, ChatRow.deleted.is_(False))
                .values(deleted=True)
            )
            if not getattr(done, "rowcount", 0):
                return False
            self._announce(session, "deleted", message_id)
            return True

    def mutes(self, account_id: int) -> list[tuple[int, PersonOut]]:
        """The accounts ``account_id`` muted."""
        with self.db.session() as session:
            rows = session.execute(
                select(AccountRow)
                .join(MuteRow, MuteRow.muted_id == AccountRow.id)
                .where(MuteRow.account_id == account_id)
                .order_by(AccountRow.name)
            ).scalars()
            return [(row.id, PersonOut(account_id=row.public_id, name=row.name)) for row in rows]

    def set_mute(self, account_id: int, public_id: str, muted: bool, most: int) -> None:
        """Mute or unmute the account ``public_id``; NotFound if there is none, BadRequest
        for oneself or past ``most`` mutes."""
        with self.db.writing() as session:
            other = session.scalar(select(AccountRow.id).where(AccountRow.public_id == public_id))
            if other is None:
                raise NotFound(_("no such account"))
            if other == account_id:
                raise BadRequest(_("one cannot mute oneself"))
            session.execute(
                delete(MuteRow).where(MuteRow.account_id == account_id, MuteRow.muted_id == other)
            )
            if muted:
                count = session.scalar(select(func.count()).where(MuteRow.account_id == account_id))
                if (count or 0) >= most:
                    raise BadRequest(
                        _("at most {most} people muted: unmute someone first", most=most)
                    )
                session.add(MuteRow(account_id=account_id, muted_id=other, created_at=now()))
            self._announce(session, "mutes", account_id)

    def seen(self, account_ids: Iterable[int], gone: Iterable[int], announce: bool) -> None:
        """This process has the lobby open for ``account_ids`` now, no more for ``gone``."""
        moment = now()
        with self.db.writing() as session:
            ids = list(account_ids)
            left = list(gone)
            session.execute(
                delete(PresenceRow).where(
                    PresenceRow.origin == self.origin, PresenceRow.account_id.in_(ids + left)
                )
            )
            for account_id in ids:
                session.add(PresenceRow(account_id=account_id, origin=self.origin, seen_at=moment))
            if announce:
                self._announce(session, "presence", "-")

    def online(self, ttl: timedelta) -> list[PersonOut]:
        """The accounts with the lobby open in some process (rows renewed within ``ttl``;
        older ones, of a process that stopped, are dropped)."""
        with self.db.writing() as session:
            session.execute(delete(PresenceRow).where(PresenceRow.seen_at < now() - ttl))
            rows = session.execute(
                select(AccountRow.public_id, AccountRow.name)
                .where(
                    AccountRow.id.in_(select(PresenceRow.account_id)),
                    AccountRow.deleted.is_(False),
                    AccountRow.suspended.is_(False),
                )
                .order_by(AccountRow.name)
            ).all()
            return [PersonOut(account_id=public_id, name=name) for public_id, name in rows]

    def forget_origin(self) -> None:
        """Drop this process's presence rows (at start: an SQLite server keeps its name)."""
        with self.db.writing() as session:
            session.execute(delete(PresenceRow).where(PresenceRow.origin == self.origin))

    def prune(self, lobby_days: float) -> int:
        """Delete the lobby's messages older than ``lobby_days`` (a table's stay with it)."""
        with self.db.writing() as session:
            done = session.execute(
                delete(ChatRow).where(
                    ChatRow.game_id.is_(None),
                    ChatRow.created_at < now() - timedelta(days=lobby_days),
                )
            )
            return int(getattr(done, "rowcount", 0) or 0)


@dataclass(eq=False)
class Listener:
    """A socket in a chat room: its account (None: a guest), its client's address, the
    accounts it muted. Its connection's seat is the one it holds by the seat's token."""

    connection: Connection
    room: str
    account: Account | None
    address: str
    muted: set[int] = field(default_factory=set)
    again: Callable[[], Awaitable[Account | None]] | None = None
    """Reads the socket's account again from its session (None: it stays as it was)."""


async def speaker(listener: Listener) -> Account | None:
    """The account a socket speaks as now: none once that account signed out, was deleted
    or suspended since the socket opened (a guest's from then on)."""
    if listener.account is not None and listener.again is not None:
        now = await listener.again()
        if now is None or now.id != listener.account.id:
            listener.account = None
    return listener.account


class Chat:
    """The chat rooms of this process's sockets, and presence (module doc)."""

    def __init__(self, db: Database, settings: Settings) -> None:
        self.store = ChatStore(db)
        self.settings = settings
        self.rooms: dict[str, set[Listener]] = {}
        self.here: Counter[int] = Counter()
        """Accounts with the lobby open in this process: their number of lobby sockets."""
        self.online: list[PersonOut] = []
        self._presence = asyncio.Lock()
        """Held while the lobby's sockets or presence change: a socket joining while its
        account's row is being written waits, and is then told a list that names it."""
        self._task: asyncio.Task[None] | None = None
        self._pruned = 0.0

    @property
    def ttl(self) -> timedelta:
        return timedelta(seconds=3 * self.settings.presence_seconds)

    def start(self) -> None:
        self._presence = asyncio.Lock()  # this event loop's (an app may be started again)
        self._task = asyncio.create_task(self._loop())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        with contextlib.suppress(Exception):
            await asyncio.to_thread(self.store.forget_origin)

    async def _loop(self) -> None:
        with contextlib.suppress(Exception):
            await asyncio.to_thread(self.store.forget_origin)
        while True:
            try:
                async with self._presence:  # not a row renewed for a socket just gone
                    await asyncio.to_thread(self.store.seen, list(self.here), [], False)
                    await self._read_presence()
                if time.monotonic() - self._pruned > self.settings.prune_every_seconds:
                    self._pruned = time.monotonic()
                    await asyncio.to_thread(self.store.prune, self.settings.lobby_chat_days)
            except Exception:
                log.exception("chat presence could not be renewed; it is tried again later")
            await asyncio.sleep(self.settings.presence_seconds)

    # ------------------------------------------------------------------ rooms

    async def join(self, listener: Listener) -> None:
        """Add a socket to its room, and send it the room's history (and in the lobby, who
        is online)."""
        if listener.room != LOBBY:
            await self._send_history(listener)
            self.rooms.setdefault(listener.room, set()).add(listener)
            return
        async with self._presence:
            await self._send_history(listener)
            self.rooms.setdefault(LOBBY, set()).add(listener)
            account = listener.account
            told = False
            if account is not None:
                self.here[account.id] += 1
                if self.here[account.id] == 1:
                    await asyncio.to_thread(self.store.seen, [account.id], [], True)
                    told = await self._read_presence()
            if not told:
                listener.connection.send(PresenceMessage(online=self.online).model_dump_json())

    async def _send_history(self, listener: Listener) -> None:
        """Read the listener's mutes, and send it its room's history."""
        account = listener.account
        muted: list[PersonOut] = []
        if account is not None:
            pairs = await asyncio.to_thread(self.store.mutes, account.id)
            listener.muted = {pk for pk, _person in pairs}
            muted = [person for _pk, person in pairs]
        history = await asyncio.to_thread(
            self.store.history,
            listener.room,
            None if account is None else account.id,
            self.settings.chat_history,
        )
        listener.connection.send(
            ChatHistoryMessage(
                room=listener.room,
                messages=[stored.out for stored in history],
                can_write=account is not None,
                why=None if account is not None else SIGN_IN,
                me=None if account is None else account.public_id,
                muted=muted,
            ).model_dump_json()
        )

    async def leave(self, listener: Listener) -> None:
        """Take a socket out of its room. Called as its task ends, often a cancelled one (a
        client gone, the server stopping): shielded, so that an account leaving the lobby is
        told to the others now, not when its presence row expires."""
        with anyio.CancelScope(shield=True):
            await self._leave(listener)

    async def _leave(self, listener: Listener) -> None:
        listeners = self.rooms.get(listener.room)
        if listeners is None or listener not in listeners:
            return
        listeners.discard(listener)
        if not listeners:
            del self.rooms[listener.room]
        account = listener.account
        if listener.room == LOBBY and account is not None:
            async with self._presence:
                self.here[account.id] -= 1
                if self.here[account.id] <= 0:
                    del self.here[account.id]
                    await asyncio.to_thread(self.store.seen, [], [account.id], True)
                    await self._read_presence()

    def _deliver(self, stored: Stored) -> None:
        text = ChatMessage(message=stored.out).model_dump_json()
        for listener in list(self.rooms.get(stored.out.room, ())):
            if stored.author_id not in listener.muted:
                listener.connection.send(text)

    # ------------------------------------------------------------------ what sockets send

    async def post(self, listener: Listener, text: str) -> None:
        """Store and send a message (ServiceError, nothing stored, if it may not be)."""
        account = await speaker(listener)
        if account is None:
            raise Forbidden(_("sign in to chat: guests read the chat only"))
        body = read_text(text, self.settings.chat_max_chars)
        most = self.settings.chat_messages_per_window
        keys = [
            (f"chat:account:{account.id}", most),
            (f"chat:address:{address_digest(listener.address)}", most),
        ]
        window = timedelta(seconds=self.settings.chat_window_seconds)
        stored = await asyncio.to_thread(
            self.store.add,
            listener.room,
            account.id,
            listener.connection.seat,
            body,
            keys,
            window,
        )
        self._deliver(stored)

    async def mute(self, listener: Listener, public_id: str, muted: bool) -> None:
        account = await speaker(listener)
        if account is None:
            raise Forbidden(_("sign in to mute someone"))
        await asyncio.to_thread(
            self.store.set_mute, account.id, public_id, muted, self.settings.max_mutes
        )
        await self._reload_mutes(account.id)

    async def _reload_mutes(self, account_id: int) -> None:
        """Send each socket of ``account_id`` its mutes again (as a fresh history)."""
        for listeners in list(self.rooms.values()):
            for listener in list(listeners):
                if listener.account is not None and listener.account.id == account_id:
                    await self._send_history(listener)

    # ------------------------------------------------------------------ other processes

    async def hear(self, payload: str) -> None:
        """An announcement on :data:`CHAT` (this process's own are ignored: it has acted)."""
        kind, origin, argument = [*payload.split(" ", 2), "", ""][:3]
        if origin == self.store.origin:
            return
        try:
            await self.heard(kind, argument)
        except Exception:
            log.exception("chat news from another process failed: %s", payload[:80])

    async def heard(self, kind: str, argument: str) -> None:
        """News from another process (or ``terranova admin``) on :data:`CHAT`."""
        if kind == "chat":
            stored = await asyncio.to_thread(self.store.get, int(argument))
            if stored is not None:
                self._deliver(stored)
        elif kind == "deleted":
            room = await asyncio.to_thread(self.store.room_of, int(argument))
            text = ChatDeletedMessage(id=int(argument)).model_dump_json()
            for listener in list(self.rooms.get(room or "", ())):
                listener.connection.send(text)
        elif kind == "mutes":
            await self._reload_mutes(int(argument))
        elif kind == "presence":
            await self.refresh_presence()

    async def missed(self) -> None:
        """Announcements may have been lost: read presence again."""
        await self.refresh_presence()

    async def refresh_presence(self) -> bool:
        """Read who is online; tell the lobby's sockets if it changed (True then)."""
        async with self._presence:
            return await self._read_presence()

    async def _read_presence(self) -> bool:
        """:meth:`refresh_presence`, the lock held: reads never cross, so an older read
        cannot replace a newer one."""
        online = await asyncio.to_thread(self.store.online, self.ttl)
        if online == self.online:
            return False
        self.online = online
        text = PresenceMessage(online=online).model_dump_json()
        for listener in list(self.rooms.get(LOBBY, ())):
            listener.connection.send(text)
        return True
