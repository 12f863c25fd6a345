"""Persistence: the tables (typed SQLAlchemy ORM), the migrations run at start, and the few
queries the game service makes. Every method here is blocking; the service runs them in
worker threads.

A game's log is append-only: an ``action`` entry at ply ``p`` is the ``p``-th action
(0-based: played when ``p`` actions had been applied); an ``undo`` entry at ply ``p`` takes
the game back to ``p`` actions. The effective action list is derived from the entries in
``seq`` order (:func:`effective_actions`). ``UNIQUE(game, seq)`` guarantees that two writers
appending at once for one game never both land.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, cast

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CursorResult,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    false,
    func,
    select,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker
from sqlalchemy.pool import StaticPool

MIGRATIONS = Path(__file__).parent / "migrations"

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    public_id: Mapped[str] = mapped_column(String(32), unique=True)
    game: Mapped[str] = mapped_column(String(64))
    params: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    rules_version: Mapped[str] = mapped_column(String(32))
    bot_delay_ms: Mapped[int] = mapped_column(Integer)
    response_seconds: Mapped[float] = mapped_column(Float, server_default="10")
    practice: Mapped[bool] = mapped_column(Boolean, server_default=false())
    """Unlimited undo (see docs/web.md, "Undo")."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    status: Mapped[str] = mapped_column(String(16), index=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The public id of this game's rematch, once someone at the table asked for it."""
    hints: Mapped[bool] = mapped_column(Boolean, server_default=false())
    """The table allows hints between people (against bots they are always allowed)."""
    hinted: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    """The seats that asked for a hint, sorted."""
    move_seconds: Mapped[float | None] = mapped_column(Float, nullable=True)
    """A live table's limit on a person's move (null: none)."""


class SeatRow(Base):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    """``human``, ``bot``, ``automaton`` or ``open`` (a person's seat nobody has joined
    yet; migration 0003 widened it from 8 characters)."""
    name: Mapped[str] = mapped_column(String(64))
    bot: Mapped[str | None] = mapped_column(String(200), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """Hex SHA-256 of the seat's token (human seats only); the token itself is not kept."""


class ActionRow(Base):
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    ply: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    kind: Mapped[str] = mapped_column(String(8))
    """``action``, ``undo`` or ``resign`` (a seat's person left; no action)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True)
class StoredSeat:
    seat: int
    kind: str
    name: str
    bot: str | None
    token_hash: str | None


@dataclass(frozen=True)
class Entry:
    """One entry of a game's log."""

    seq: int
    ply: int
    text: str
    kind: str = "action"


@dataclass
class GameFacts:
    """What a game is, fixed when it is created: the stored and the live game both have it."""

    pk: int
    public_id: str
    game: str
    params: dict[str, Any]
    seed: int
    rules_version: str
    bot_delay_ms: int
    response_seconds: float
    created_at: datetime
    practice: bool
    """Unlimited undo, for people learning the game."""


@dataclass
class StoredGame(GameFacts):
    """A game as the database holds it: its facts, status, seats and whole log."""

    status: str
    result: dict[str, Any] | None
    seats: list[StoredSeat]
    entries: list[Entry]
    rematch: str | None = None
    """The public id of the game's rematch, if one was asked for."""
    hints: bool = False
    """The table allows hints between people."""
    hinted: list[int] = field(default_factory=list)
    """The seats that asked for a hint."""
    move_seconds: float | None = None
    """A live table's limit on a person's move (None: none)."""


@dataclass(frozen=True)
class OpenGame:
    """A game of the open tables: what the list shows of it."""

    public_id: str
    game: str
    params: dict[str, Any]
    created_at: datetime
    seats: list[StoredSeat]


class ConflictError(Exception):
    """Another writer appended to the game's log first, or the game was closed (abandoned)
    meanwhile; nothing was written."""


class LogError(Exception):
    """A game's log is inconsistent (an entry at an impossible ply)."""


def effective_actions(entries: Iterable[Entry]) -> list[str]:
    """The actions in force after the log ``entries`` (in ``seq`` order).

    >>> effective_actions([Entry(0, 0, "a"), Entry(1, 1, "b"), Entry(2, 1, "back", "undo"),
    ...                    Entry(3, 1, "seat 1 resigned", "resign"), Entry(4, 1, "c")])
    ['a', 'c']
    """
    actions: list[str] = []
    for entry in entries:
        if entry.kind == "resign":
            continue  # a seat's person left: no action
        if entry.kind == "undo":
            if not 0 <= entry.ply <= len(actions):
                raise LogError(f"log entry {entry.seq} goes back to ply {entry.ply} of {actions}")
            del actions[entry.ply :]
        else:
            if entry.ply != len(actions):
                raise LogError(
                    f"log entry {entry.seq} is at ply {entry.ply}, the game is at {len(actions)}"
                )
            actions.append(entry.text)
    return actions


def resigned_seats(entries: Iterable[Entry]) -> set[int]:
    """The seats whose person resigned, from the log's ``resign`` entries.

    >>> resigned_seats([Entry(0, 0, "a"), Entry(1, 1, "seat 2 resigned", "resign")])
    {2}
    """
    return {int(e.text.split()[1]) for e in entries if e.kind == "resign"}


def resign_entry(seq: int, ply: int, seat: int) -> Entry:
    """The log entry of ``seat``'s person resigning at ``ply``."""
    return Entry(seq, ply, f"seat {seat} resigned", "resign")


def _stored(row: GameRow, seats: Iterable[StoredSeat], entries: Iterable[Entry]) -> StoredGame:
    """A game as stored: its row, with its seats and log."""
    return StoredGame(
        pk=row.id,
        public_id=row.public_id,
        game=row.game,
        params=dict(row.params),
        seed=row.seed,
        rules_version=row.rules_version,
        bot_delay_ms=row.bot_delay_ms,
        response_seconds=row.response_seconds,
        created_at=_utc(row.created_at),
        practice=row.practice,
        status=row.status,
        result=row.result,
        seats=list(seats),
        entries=list(entries),
        rematch=row.rematch,
        hints=row.hints,
        hinted=list(row.hinted or []),
        move_seconds=row.move_seconds,
    )


def now() -> datetime:
    return datetime.now(UTC)


def _utc(moment: datetime) -> datetime:
    """SQLite gives back times without their zone; they were stored in UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _enable_sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=15000")
    cursor.close()


def _enable_sqlite_wal(dbapi_connection: Any, _record: Any) -> None:
    """Write-ahead logging: a commit is one write, readers do not wait for writers."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    # with WAL, NORMAL needs no fsync per commit and still survives a crash of the server
    # (only a power cut can lose the last commits)
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def make_engine(url: str) -> Engine:
    """An engine for ``url``, set up for use from several threads."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database or ""
        memory = database in ("", ":memory:") or database.startswith("file::memory:")
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False, "timeout": 15},
            poolclass=StaticPool if memory else None,
        )
        event.listen(engine, "connect", _enable_sqlite_pragmas)
        if not memory:
            event.listen(engine, "connect", _enable_sqlite_wal)
        if not memory and database:
            Path(database).parent.mkdir(parents=True, exist_ok=True)
        return engine
    return create_engine(url, pool_pre_ping=True)


def alembic_config() -> Config:
    """The Alembic configuration, built in code: the scripts live in this package."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS).replace("%", "%%"))
    return config


class Database:
    """The tables of one database, reached through one engine."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        # SQLite has one writer: writers queued here never meet its busy handler's sleeps
        self._write_lock: AbstractContextManager[object] = (
            threading.Lock() if self.engine.dialect.name == "sqlite" else nullcontext()
        )

    def migrate(self) -> None:
        """Create or upgrade the schema to the newest migration."""
        config = alembic_config()
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def revisions(self) -> tuple[str | None, str]:
        """The schema's migration revision (None: no schema yet) and the newest one."""
        from alembic.runtime.migration import MigrationContext
        from alembic.script import ScriptDirectory

        head = ScriptDirectory.from_config(alembic_config()).get_current_head()
        with self.engine.connect() as connection:
            current = MigrationContext.configure(connection).get_current_revision()
        return current, str(head)

    def dispose(self) -> None:
        self.engine.dispose()

    def session(self) -> Session:
        return self._sessions()

    def create_game(
        self,
        public_id: str,
        game: str,
        params: dict[str, Any],
        seed: int,
        rules_version: str,
        bot_delay_ms: int,
        response_seconds: float,
        seats: Sequence[StoredSeat],
        entries: Sequence[Entry],
        status: str,
        result: dict[str, Any] | None,
        practice: bool = False,
        rematch_of: int | None = None,
        hints: bool = False,
        move_seconds: float | None = None,
    ) -> StoredGame:
        """Insert a game with its seats and its first log entries, in one transaction; with
        ``rematch_of``, as the rematch of that game, which must have none yet (else
        ConflictError, and nothing is written)."""
        created = now()
        with self._write_lock, self.session() as session, session.begin():
            if rematch_of is not None:
                marked = session.execute(
                    update(GameRow)
                    .where(GameRow.id == rematch_of, GameRow.rematch.is_(None))
                    .values(rematch=public_id)
                )
                if cast(CursorResult[Any], marked).rowcount != 1:
                    raise ConflictError("the game has its rematch already")
            row = GameRow(
                public_id=public_id,
                game=game,
                params=params,
                seed=seed,
                rules_version=rules_version,
                bot_delay_ms=bot_delay_ms,
                response_seconds=response_seconds,
                created_at=created,
                status=status,
                result=result,
                practice=practice,
                hints=hints,
                move_seconds=move_seconds,
            )
            session.add(row)
            session.flush()
            pk = row.id
            for seat in seats:
                session.add(
                    SeatRow(
                        game_id=pk,
                        seat=seat.seat,
                        kind=seat.kind,
                        name=seat.name,
                        bot=seat.bot,
                        token_hash=seat.token_hash,
                    )
                )
            self._add_entries(session, pk, entries, created)
        return _stored(row, seats, entries)

    @staticmethod
    def _add_entries(
        session: Session, pk: int, entries: Iterable[Entry], created: datetime
    ) -> None:
        for entry in entries:
            session.add(
                ActionRow(
                    game_id=pk,
                    seq=entry.seq,
                    ply=entry.ply,
                    text=entry.text,
                    kind=entry.kind,
                    created_at=created,
                )
            )

    def load_game(self, public_id: str) -> StoredGame | None:
        """A game with its seats and its whole log, or None."""
        with self.session() as session:
            row = session.scalars(select(GameRow).where(GameRow.public_id == public_id)).first()
            if row is None:
                return None
            seats = session.scalars(
                select(SeatRow).where(SeatRow.game_id == row.id).order_by(SeatRow.seat)
            ).all()
            actions = session.scalars(
                select(ActionRow).where(ActionRow.game_id == row.id).order_by(ActionRow.seq)
            ).all()
            return _stored(
                row,
                [StoredSeat(s.seat, s.kind, s.name, s.bot, s.token_hash) for s in seats],
                [Entry(a.seq, a.ply, a.text, a.kind) for a in actions],
            )

    def append(
        self,
        pk: int,
        entries: Sequence[Entry],
        status: str,
        result: dict[str, Any] | None,
    ) -> None:
        """Append log entries and set the game's status, in one transaction; raises
        ConflictError (and writes nothing) if another writer took one of these ``seq``."""
        try:
            with self._write_lock, self.session() as session, session.begin():
                self._add_entries(session, pk, entries, now())
                session.flush()
                changed = session.execute(
                    update(GameRow)
                    .where(GameRow.id == pk, GameRow.status == "playing")
                    .values(status=status, result=result)
                )
                if cast(CursorResult[Any], changed).rowcount != 1:
                    raise ConflictError("the game is no longer being played")
        except IntegrityError as exc:
            raise ConflictError(str(exc.orig)) from None

    def mark_hinted(self, pk: int, seat: int) -> list[int]:
        """Note that ``seat`` asked for a hint; answers the seats that have, sorted."""
        with self._write_lock, self.session() as session, session.begin():
            row = session.get(GameRow, pk, with_for_update=True)
            if row is None:
                raise ConflictError("the game is gone")
            hinted = sorted({*(row.hinted or []), seat})
            row.hinted = hinted
            return hinted

    def change_seat(
        self, pk: int, was: StoredSeat, becomes: StoredSeat, entries: Sequence[Entry] = ()
    ) -> None:
        """Change seat ``was`` of a game being played into ``becomes`` (a person joining an
        open seat, a person resigning to a bot), with these log ``entries``, in one
        transaction. ConflictError (nothing written) if the seat is not ``was``'s kind with
        ``was``'s token any more, the game is not being played, or an entry's ``seq`` is
        taken."""
        playing = select(GameRow.id).where(GameRow.id == pk, GameRow.status == "playing")
        same_token = (
            SeatRow.token_hash.is_(None)
            if was.token_hash is None
            else SeatRow.token_hash == was.token_hash
        )
        with self._write_lock, self.session() as session, session.begin():
            changed = session.execute(
                update(SeatRow)
                .where(SeatRow.game_id == pk, SeatRow.seat == was.seat, SeatRow.kind == was.kind)
                .where(same_token, playing.exists())
                .values(
                    kind=becomes.kind,
                    name=becomes.name,
                    bot=becomes.bot,
                    token_hash=becomes.token_hash,
                )
            )
            if cast(CursorResult[Any], changed).rowcount != 1:
                raise ConflictError(f"seat {was.seat} has changed meanwhile")
            try:
                self._add_entries(session, pk, entries, now())
                session.flush()
            except IntegrityError as exc:
                raise ConflictError(str(exc.orig)) from None

    def open_games(self, limit: int) -> list[OpenGame]:
        """The games being played that have an open seat, newest first, with their seats:
        read from two queries, without their logs."""
        with self.session() as session:
            rows = session.scalars(
                select(GameRow)
                .where(GameRow.status == "playing")
                .where(
                    select(SeatRow.id)
                    .where(SeatRow.game_id == GameRow.id, SeatRow.kind == "open")
                    .exists()
                )
                .order_by(GameRow.id.desc())
                .limit(limit)
            ).all()
            seats: dict[int, list[StoredSeat]] = {row.id: [] for row in rows}
            for s in session.scalars(
                select(SeatRow).where(SeatRow.game_id.in_(seats)).order_by(SeatRow.seat)
            ):
                seats[s.game_id].append(StoredSeat(s.seat, s.kind, s.name, s.bot, s.token_hash))
            return [
                OpenGame(r.public_id, r.game, dict(r.params), _utc(r.created_at), seats[r.id])
                for r in rows
            ]

    def unfinished_games(self) -> list[str]:
        """Public ids of the games still being played."""
        with self.session() as session:
            return list(
                session.scalars(
                    select(GameRow.public_id)
                    .where(GameRow.status == "playing")
                    .order_by(GameRow.id)
                ).all()
            )

    def abandon_idle(self, hours: float, dry_run: bool = False) -> list[str]:
        """The retention policy: games still being played whose last log entry is more than
        ``hours`` old are closed as ``abandoned`` (finished games are kept); returns their
        public ids. With ``dry_run``, only lists them."""
        cutoff = now() - timedelta(hours=hours)
        last_move = (
            select(func.max(ActionRow.created_at))
            .where(ActionRow.game_id == GameRow.id)
            .scalar_subquery()
        )
        idle = (
            select(GameRow.id, GameRow.public_id)
            .where(GameRow.status == "playing")
            .where(func.coalesce(last_move, GameRow.created_at) < cutoff)
            .order_by(GameRow.id)
        )
        with self._write_lock, self.session() as session, session.begin():
            rows = session.execute(idle).all()
            if rows and not dry_run:
                session.execute(
                    update(GameRow)
                    .where(GameRow.id.in_([pk for pk, _ in rows]), GameRow.status == "playing")
                    .values(status="abandoned")
                )
        return [public_id for _, public_id in rows]

    def log(self, public_id: str) -> list[Entry]:
        """A game's whole log (for tests and audits)."""
        game = self.load_game(public_id)
        return [] if game is None else game.entries
