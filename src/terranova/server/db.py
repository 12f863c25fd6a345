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

import functools
import hmac
import os
import secrets
import socket
import threading
import time
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar, cast

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
    Index,
    Integer,
    MetaData,
    Select,
    String,
    Text,
    UniqueConstraint,
    and_,
    create_engine,
    delete,
    event,
    false,
    func,
    literal,
    select,
    text,
    update,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, NoSuchModuleError, SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker
from sqlalchemy.pool import StaticPool

from terranova.core.errors import TerranovaError
from terranova.server.store import (
    ATTACH_TAKEN as ATTACH_TAKEN,
)
from terranova.server.store import (
    ATTACH_UNKNOWN as ATTACH_UNKNOWN,
)
from terranova.server.store import (
    ATTACH_WRONG as ATTACH_WRONG,
)
from terranova.server.store import (
    ATTACH_YOURS as ATTACH_YOURS,
)
from terranova.server.store import (
    AccountGame as AccountGame,
)
from terranova.server.store import (
    ConflictError as ConflictError,
)
from terranova.server.store import (
    Entry as Entry,
)
from terranova.server.store import (
    GameFacts as GameFacts,
)
from terranova.server.store import (
    GameLimitReached as GameLimitReached,
)
from terranova.server.store import (
    HourlyLimitReached as HourlyLimitReached,
)
from terranova.server.store import (
    LogError as LogError,
)
from terranova.server.store import (
    OpenGame as OpenGame,
)
from terranova.server.store import (  # the storage interface's types, kept here too
    StoredAnalysis as StoredAnalysis,
)
from terranova.server.store import (
    StoredGame as StoredGame,
)
from terranova.server.store import (
    StoredSeat as StoredSeat,
)
from terranova.server.store import (
    effective_actions as effective_actions,
)
from terranova.server.store import (
    resign_entry as resign_entry,
)
from terranova.server.store import (
    resigned_seats as resigned_seats,
)

MIGRATIONS = Path(__file__).parent / "migrations"

MIGRATION_LOCK = 0x7E5A_0A0A
"""The PostgreSQL advisory lock that migrations hold (any number of our own choosing)."""

CREATOR_LOCKS = 0x7E5B
"""The first key of the PostgreSQL advisory locks that take turns to create games from one
address (the second is the address's digest, read as a number): two processes never both
count its games before either adds one."""

HOUR = timedelta(hours=1)
"""The window of ``max_games_per_address_per_hour``."""

CHANGES = "terranova_games"
"""The PostgreSQL channel on which each write to a game is announced to the other server
processes, when it commits (see :mod:`terranova.server.relay`)."""

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
    __table_args__ = (
        Index("ix_games_creator_status", "creator", "status"),
        Index("ix_games_creator_created_at", "creator", "created_at"),
    )

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
    rated: Mapped[bool] = mapped_column(Boolean, server_default=false())
    """The creator marked the game rated: once over it moves its people's ratings
    (:mod:`terranova.server.ratings`; migration 0015)."""
    rated_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When the game's ratings were settled (null: not yet, or not rated)."""
    creator: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """A digest of the client address that created the game, not the address itself
    (:func:`~terranova.server.limits.address_digest`), to count that address's unfinished
    games and its games of the past hour (null: made without an address, or before
    migration 0009)."""
    to_move: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat to decide in the game's last stored position (null: nobody, as when it is
    over, or not known: written before migration 0014), kept with every move so that an
    account's games say whose turn it is without replaying their logs."""
    to_move_since: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True, index=True
    )
    """When that position was written (the game's last log entry): the turn e-mails'
    clock (:mod:`terranova.server.turnmail`)."""


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
    account_id: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)
    """The account of the person holding the seat, who may then act from any device
    (null: a guest's seat, held by its token only; migration 0012)."""


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


class LeaseRow(Base):
    """Which server process runs a game's own moves and clocks (bots, chance, response
    windows, time per move), until when: a row exactly while the game's last committed
    position needs a runner (migration 0008)."""

    __tablename__ = "game_leases"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    holder: Mapped[str] = mapped_column(String(64))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class AnalysisRow(Base):
    """A finished game's analysis, made or being made one decision at a time by the server
    process holding it until ``expires_at`` (renewed as it goes; another process resumes
    it, from ``next_ply``, once that has passed): migration 0011."""

    __tablename__ = "analyses"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    bot: Mapped[str] = mapped_column(String(200))
    iterations: Mapped[int] = mapped_column(Integer)
    total: Mapped[int] = mapped_column(Integer)
    """Decisions with a choice in the game: those to judge."""
    done: Mapped[int] = mapped_column(Integer)
    """Decisions judged so far."""
    next_ply: Mapped[int] = mapped_column(Integer)
    """The ply from which the decisions are still to judge."""
    judged: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    """The decisions judged so far, in order."""
    finished: Mapped[bool] = mapped_column(Boolean)
    holder: Mapped[str] = mapped_column(String(64))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


def _ids(public_ids: Collection[str]) -> Select[int]:
    """The primary keys of the games with these public ids (a subquery)."""
    return select(GameRow.id).where(GameRow.public_id.in_(list(public_ids)))


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
        creator=row.creator,
        rated=row.rated,
    )


def _seat(row: SeatRow) -> StoredSeat:
    return StoredSeat(row.seat, row.kind, row.name, row.bot, row.token_hash, row.account_id)


def _analysis(row: AnalysisRow) -> StoredAnalysis:
    return StoredAnalysis(
        bot=row.bot,
        iterations=row.iterations,
        total=row.total,
        done=row.done,
        next_ply=row.next_ply,
        judged=list(row.judged),
        finished=row.finished,
        holder=row.holder,
        expires_at=_utc(row.expires_at),
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


class DatabaseUnusable(TerranovaError):
    """The database a server is given cannot be used (said in one line, before it starts)."""


def database_url(url: str) -> URL:
    """``url`` read as a database URL; DatabaseUnusable if it is none (the text is not
    shown: a mistyped URL may still hold a password)."""
    try:
        return make_url(url)
    except ArgumentError:
        raise DatabaseUnusable(f"not a database URL{ENGINES}") from None


def check_database(url: str) -> None:
    """Raise :class:`DatabaseUnusable` unless ``url`` names a database this server can
    connect to (its schema is created or upgraded later)."""
    parsed = database_url(url)
    shown = parsed.render_as_string(hide_password=True)
    try:
        engine = make_engine(url)
    except (NoSuchModuleError, ImportError):
        kind = parsed.drivername
        raise DatabaseUnusable(f"no database of the kind {kind!r} here{ENGINES}") from None
    except OSError as exc:  # the SQLite file's folder cannot be made
        raise DatabaseUnusable(f"cannot use {shown}: {exc.strerror or exc}") from None
    try:
        with engine.connect():
            pass
    except SQLAlchemyError as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        raise DatabaseUnusable(f"cannot connect to {shown}: {reason}") from None
    finally:
        engine.dispose()


ENGINES = ": use sqlite:///FILE or postgresql+psycopg://USER:PASSWORD@HOST/DB"


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
    # the checks made before a write (Database._check_creator's count, a rematch's mark)
    # must see what committed while they waited for their lock: so never the server's
    # default isolation if it were set higher
    return create_engine(url, pool_pre_ping=True, isolation_level="READ COMMITTED")


def alembic_config() -> Config:
    """The Alembic configuration, built in code: the scripts live in this package."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS).replace("%", "%%"))
    return config


P = ParamSpec("P")
R = TypeVar("R")


def timed(method: Callable[Concatenate[Database, P], R]) -> Callable[Concatenate[Database, P], R]:
    """A store operation whose time (the whole transaction, its commit included) is told to
    the database's ``observe`` hook, under the operation's name."""
    name = method.__name__

    @functools.wraps(method)
    def run(self: Database, /, *args: P.args, **kwargs: P.kwargs) -> R:
        began = time.perf_counter()
        try:
            return method(self, *args, **kwargs)
        finally:
            self.observe(name, time.perf_counter() - began)

    return run


def _unobserved(operation: str, seconds: float) -> None:
    pass


class Database:
    """The tables of one database, reached through one engine."""

    observe: Callable[[str, float], None] = staticmethod(_unobserved)
    """Told the time of each store operation (the server's metrics set it)."""

    def __init__(self, url: str, lease_seconds: float = 10.0) -> None:
        self.url = url
        self.engine = make_engine(url)
        self._head: str | None = None
        self.lease_seconds = lease_seconds
        """How long a lease holds unless its holder renews it."""
        self.shared = self.engine.dialect.name != "sqlite"
        """Whether other server processes may use this database (not SQLite's one-process
        mode); they hear of each write through :data:`CHANGES`."""
        self.origin = (
            f"{socket.gethostname()[:32]}:{os.getpid()}:{secrets.token_hex(4)}"
            if self.shared
            else "local"
        )
        """This process's name as a lease holder and in the notifications (SQLite's one
        process keeps the same name across restarts, so it resumes its games at once)."""
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        # SQLite has one writer: writers queued here never meet its busy handler's sleeps
        self._write_lock: AbstractContextManager[object] = (
            threading.Lock() if self.engine.dialect.name == "sqlite" else nullcontext()
        )

    def migrate(self) -> None:
        """Create or upgrade the schema to the newest migration. On PostgreSQL, processes
        starting at once take turns (an advisory lock held by the migration's transaction):
        the first migrates, the others find the schema up to date."""
        config = alembic_config()
        with self.engine.begin() as connection:
            if self.engine.dialect.name == "postgresql":
                connection.execute(select(func.pg_advisory_xact_lock(MIGRATION_LOCK)))
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def revisions(self) -> tuple[str | None, str]:
        """The schema's migration revision (None: no schema yet) and the newest one."""
        from alembic.runtime.migration import MigrationContext
        from alembic.script import ScriptDirectory

        if self._head is None:  # read from the migration files once
            self._head = str(ScriptDirectory.from_config(alembic_config()).get_current_head())
        head = self._head
        with self.engine.connect() as connection:
            current = MigrationContext.configure(connection).get_current_revision()
        return current, str(head)

    def dispose(self) -> None:
        self.engine.dispose()

    def session(self) -> Session:
        return self._sessions()

    @contextmanager
    def writing(self) -> Iterator[Session]:
        """A session in a transaction that writes (committed at the end, rolled back on an
        error), taking its turn with this process's other writers on SQLite."""
        with self._write_lock, self.session() as session, session.begin():
            yield session

    @timed
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
        runner: bool = False,
        creator: str | None = None,
        most_unfinished: int = 0,
        most_per_hour: int = 0,
        to_move: int | None = None,
        rated: bool = False,
    ) -> StoredGame:
        """Insert a game with its seats and its first log entries, in one transaction; with
        ``rematch_of``, as the rematch of that game, which must have none yet (else
        ConflictError, and nothing is written). ``runner``: the game needs one at once
        (a bot or chance to move...): this process takes its lease. ``creator``: the
        digest of the address creating it, which may have at most ``most_unfinished``
        games being played (0: any number); GameLimitReached (nothing written) if it has
        that many already and this game is being played too; HourlyLimitReached if it
        has created ``most_per_hour`` games in the past hour (0: any number). ``to_move``:
        the seat whose decision the first position waits for (:attr:`GameRow.to_move`)."""
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
                self._announce(session, rematch_of)
            # after the rematch's mark: a rematch another process made is found as such,
            # not refused; a refusal here rolls the mark back
            if creator is not None:
                most = most_unfinished if status == "playing" else 0
                self._check_creator(session, creator, most, most_per_hour, created)
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
                creator=creator,
                to_move=to_move,
                rated=rated,
                to_move_since=created,
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
                        account_id=seat.account_id,
                    )
                )
            self._add_entries(session, pk, entries, created)
            if runner:
                self._lease(session, pk, True)
        return _stored(row, seats, entries)

    def _check_creator(
        self, session: Session, creator: str, most: int, most_per_hour: int, moment: datetime
    ) -> None:
        """Within the write that adds a game at ``moment``: GameLimitReached if ``creator``
        has ``most`` games being played, HourlyLimitReached if it created ``most_per_hour``
        games in the hour before (0: no limit). On PostgreSQL the writes of one creator take
        turns from here to their commit (a lock of the transaction), so two processes never
        both count before either adds; SQLite's writers take turns already
        (``_write_lock``)."""
        if most <= 0 and most_per_hour <= 0:
            return
        if self.engine.dialect.name == "postgresql":
            key = int(creator[:8], 16) - 2**31  # the digest's first 32 bits, as an int4
            lock = func.pg_advisory_xact_lock(
                literal(CREATOR_LOCKS, Integer), literal(key, Integer)
            )
            session.execute(select(lock))
        if most > 0:
            unfinished = session.scalar(
                select(func.count())
                .select_from(GameRow)
                .where(GameRow.creator == creator, GameRow.status == "playing")
            )
            if (unfinished or 0) >= most:
                raise GameLimitReached(f"{unfinished} games being played")
        if most_per_hour > 0:
            recent = session.scalars(
                select(GameRow.created_at)
                .where(GameRow.creator == creator, GameRow.created_at > moment - HOUR)
                .order_by(GameRow.created_at.desc())
                .limit(most_per_hour)
            ).all()
            if len(recent) >= most_per_hour:
                raise HourlyLimitReached(
                    f"{len(recent)} games in the past hour", _utc(recent[-1]) + HOUR
                )

    @staticmethod
    def _follow(session: Session, pk: int, entries: Sequence[Entry]) -> None:
        """ConflictError unless ``entries`` follow the game's log without a gap (a writer
        whose copy ran ahead of the log, as after a database crash lost its last
        commits, rebuilds its copy instead of leaving a hole)."""
        if not entries:
            return
        last = session.scalar(select(func.max(ActionRow.seq)).where(ActionRow.game_id == pk))
        following = 0 if last is None else last + 1
        if entries[0].seq != following:
            raise ConflictError(f"the log's next entry is {following}, not {entries[0].seq}")

    # ------------------------------------------------------------------ leases

    def _lease(self, session: Session, pk: int, runner: bool) -> bool:
        """Within a write: the game's lease kept, or taken if it is free or has expired
        (``runner``: the position needs one), or dropped whoever held it (it needs none).
        Whether this process holds it now."""
        if not runner:
            session.execute(delete(LeaseRow).where(LeaseRow.game_id == pk))
            return False
        moment = now()
        until = moment + timedelta(seconds=self.lease_seconds)
        insert = pg_insert if self.engine.dialect.name == "postgresql" else sqlite_insert
        taken = session.execute(
            insert(LeaseRow)
            .values(game_id=pk, holder=self.origin, expires_at=until)
            .on_conflict_do_update(
                index_elements=[LeaseRow.game_id],
                set_={"holder": self.origin, "expires_at": until},
                where=(LeaseRow.expires_at < moment) | (LeaseRow.holder == self.origin),
            )
            .returning(LeaseRow.holder)
        ).first()
        return taken is not None

    @timed
    def renew_leases(self, public_ids: Collection[str]) -> list[str]:
        """The leases this process holds of these games (the ones it runs), held
        ``lease_seconds`` longer; the public ids of all the games whose lease it holds (a
        lease missing was taken over: its holder stalled)."""
        until = now() + timedelta(seconds=self.lease_seconds)
        with self._write_lock, self.session() as session, session.begin():
            session.execute(
                update(LeaseRow)
                .where(LeaseRow.holder == self.origin, LeaseRow.game_id.in_(_ids(public_ids)))
                .values(expires_at=until)
            )
            return self._held(session)

    @timed
    def take_orphans(self, skip: Collection[str] = ()) -> list[str]:
        """The leases that have expired (their holder died or stalled), taken by this
        process, but those of the games ``skip``; the public ids of all the games it
        holds now."""
        moment = now()
        until = moment + timedelta(seconds=self.lease_seconds)
        with self._write_lock, self.session() as session, session.begin():
            session.execute(
                update(LeaseRow)
                .where(LeaseRow.expires_at < moment, LeaseRow.game_id.not_in(_ids(skip)))
                .values(holder=self.origin, expires_at=until)
            )
            return self._held(session)

    @timed
    def give_up_leases(self, public_ids: Collection[str] | None = None) -> None:
        """This process's leases (of these games only, if given) expired at once, for
        another process to take (it is stopping, or cannot run them)."""
        mine = LeaseRow.holder == self.origin
        if public_ids is not None:
            mine &= LeaseRow.game_id.in_(_ids(public_ids))
        with self._write_lock, self.session() as session, session.begin():
            session.execute(
                update(LeaseRow).where(mine).values(expires_at=now() - timedelta(seconds=1))
            )

    def _held(self, session: Session) -> list[str]:
        return list(
            session.scalars(
                select(GameRow.public_id)
                .join(LeaseRow, LeaseRow.game_id == GameRow.id)
                .where(LeaseRow.holder == self.origin)
                .order_by(GameRow.id)
            ).all()
        )

    def _announce(self, session: Session, pk: int) -> None:
        """Within a write to game ``pk``: tell the other server processes, once it commits
        (PostgreSQL's NOTIFY on :data:`CHANGES`: ``<public id> <writer> <lease holder>``,
        the holder as the write leaves it, ``-`` for none)."""
        if self.shared:
            public_id = select(GameRow.public_id).where(GameRow.id == pk).scalar_subquery()
            holder = select(LeaseRow.holder).where(LeaseRow.game_id == pk).scalar_subquery()
            payload = public_id.concat(f" {self.origin} ").concat(func.coalesce(holder, "-"))
            session.execute(select(func.pg_notify(CHANGES, payload)))

    @timed
    def release_lease(self, public_id: str) -> None:
        """Drop this process's lease of a game whose position needs no runner."""
        game = select(GameRow.id).where(GameRow.public_id == public_id).scalar_subquery()
        with self._write_lock, self.session() as session, session.begin():
            session.execute(
                delete(LeaseRow).where(LeaseRow.game_id == game, LeaseRow.holder == self.origin)
            )

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

    @timed
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
                [_seat(s) for s in seats],
                [Entry(a.seq, a.ply, a.text, a.kind) for a in actions],
            )

    @timed
    def append(
        self,
        pk: int,
        entries: Sequence[Entry],
        status: str,
        result: dict[str, Any] | None,
        runner: bool = False,
        durable: bool = True,
        to_move: int | None = None,
    ) -> bool:
        """Append log entries and set the game's status (and ``to_move``, the seat to decide
        now), in one transaction; raises
        ConflictError (and writes nothing) if another writer took one of these ``seq``, or
        if they do not follow the log's last entry. ``runner``: whether the position now
        needs a runner (:meth:`_lease`); answers whether this process holds the game's
        lease. ``durable=False``: on PostgreSQL the commit does not wait for the disk (a
        crash of the database may lose the last fraction of a second of such writes,
        never half of one). ``to_move``: the seat whose decision the position now waits
        for (:attr:`GameRow.to_move`)."""
        try:
            with self._write_lock, self.session() as session, session.begin():
                if not durable and self.engine.dialect.name == "postgresql":
                    session.execute(text("SET LOCAL synchronous_commit TO OFF"))
                self._follow(session, pk, entries)
                written = now()
                self._add_entries(session, pk, entries, written)
                session.flush()
                changed = session.execute(
                    update(GameRow)
                    .where(GameRow.id == pk, GameRow.status == "playing")
                    .values(status=status, result=result, to_move=to_move, to_move_since=written)
                )
                if cast(CursorResult[Any], changed).rowcount != 1:
                    raise ConflictError("the game is no longer being played")
                held = self._lease(session, pk, runner)
                self._announce(session, pk)
                return held
        except IntegrityError as exc:
            raise ConflictError(str(exc.orig)) from None

    # ------------------------------------------------------------------ analyses

    @timed
    def analysis(self, pk: int) -> StoredAnalysis | None:
        """The analysis of game ``pk``, made or being made; None if none was begun."""
        with self.session() as session:
            row = session.get(AnalysisRow, pk)
            return None if row is None else _analysis(row)

    @timed
    def claim_analysis(
        self, pk: int, bot: str, iterations: int, total: int
    ) -> tuple[StoredAnalysis, bool]:
        """The analysis of game ``pk`` (begun if it was not: ``bot`` judging its ``total``
        decisions), and whether this process holds it now: taken unless it is finished or
        another process holds it (until its ``expires_at``), for ``lease_seconds``."""
        moment = now()
        until = moment + timedelta(seconds=self.lease_seconds)
        insert = pg_insert if self.engine.dialect.name == "postgresql" else sqlite_insert
        with self._write_lock, self.session() as session, session.begin():
            session.execute(
                insert(AnalysisRow)
                .values(
                    game_id=pk,
                    bot=bot,
                    iterations=iterations,
                    total=total,
                    done=0,
                    next_ply=0,
                    judged=[],
                    finished=False,
                    holder=self.origin,
                    expires_at=moment - timedelta(seconds=1),
                    updated_at=moment,
                )
                .on_conflict_do_nothing(index_elements=[AnalysisRow.game_id])
            )
            row = session.get(AnalysisRow, pk, with_for_update=True)
            assert row is not None
            held = not row.finished and (row.holder == self.origin or _utc(row.expires_at) < moment)
            if held:
                row.holder = self.origin
                row.expires_at = until
            return _analysis(row), held

    @timed
    def save_analysis(
        self, pk: int, next_ply: int, judged: dict[str, Any] | None, finished: bool = False
    ) -> bool:
        """One more decision of game ``pk``'s analysis judged (``judged``: it, or None for
        one the search could not weigh), the next to judge at ``next_ply``; ``finished``:
        that was the last. The lease is renewed. Only by the process holding the analysis:
        whether it does (False: another took it over, and nothing is written)."""
        moment = now()
        with self._write_lock, self.session() as session, session.begin():
            row = session.get(AnalysisRow, pk, with_for_update=True)
            if row is None or row.holder != self.origin or row.finished:
                return False
            if next_ply > row.next_ply:
                row.judged = [*row.judged, *([] if judged is None else [judged])]
                row.done = min(row.total, row.done + 1)
                row.next_ply = next_ply
            row.finished = finished
            row.expires_at = moment + timedelta(seconds=self.lease_seconds)
            row.updated_at = moment
            return True

    @timed
    def renew_analysis(self, pk: int, give_up: bool = False) -> bool:
        """This process's hold of game ``pk``'s analysis renewed for ``lease_seconds`` (or
        ``give_up``: expired at once, for another process to resume); whether it held it."""
        moment = now()
        until = (
            moment - timedelta(seconds=1)
            if give_up
            else moment + timedelta(seconds=self.lease_seconds)
        )
        with self._write_lock, self.session() as session, session.begin():
            changed = session.execute(
                update(AnalysisRow)
                .where(AnalysisRow.game_id == pk, AnalysisRow.holder == self.origin)
                .values(expires_at=until)
            )
            return bool(cast(CursorResult[Any], changed).rowcount)

    @timed
    def orphan_analyses(self, most: int) -> list[str]:
        """The public ids of at most ``most`` analyses being made whose holder let them
        go or died (expired), the oldest first, for this process to resume."""
        with self.session() as session:
            return list(
                session.scalars(
                    select(GameRow.public_id)
                    .join(AnalysisRow, AnalysisRow.game_id == GameRow.id)
                    .where(AnalysisRow.finished == false(), AnalysisRow.expires_at < now())
                    .order_by(AnalysisRow.updated_at)
                    .limit(most)
                ).all()
            )

    @timed
    def mark_hinted(self, pk: int, seat: int) -> list[int]:
        """Note that ``seat`` asked for a hint; answers the seats that have, sorted."""
        with self._write_lock, self.session() as session, session.begin():
            row = session.get(GameRow, pk, with_for_update=True)
            if row is None:
                raise ConflictError("the game is gone")
            hinted = sorted({*(row.hinted or []), seat})
            row.hinted = hinted
            self._announce(session, pk)
            return hinted

    @timed
    def change_seat(
        self,
        pk: int,
        was: StoredSeat,
        becomes: StoredSeat,
        entries: Sequence[Entry] = (),
        runner: bool = False,
    ) -> bool:
        """Change seat ``was`` of a game being played into ``becomes`` (a person joining an
        open seat, a person resigning to a bot), with these log ``entries``, in one
        transaction. ConflictError (nothing written) if the seat is not ``was``'s kind with
        ``was``'s token any more, the game is not being played, or an entry's ``seq`` is
        taken. ``runner`` and the answer: as :meth:`append`'s."""
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
                    account_id=becomes.account_id,
                )
            )
            if cast(CursorResult[Any], changed).rowcount != 1:
                raise ConflictError(f"seat {was.seat + 1} has changed meanwhile")
            try:
                self._follow(session, pk, entries)
                self._add_entries(session, pk, entries, now())
                session.flush()
            except IntegrityError as exc:
                raise ConflictError(str(exc.orig)) from None
            held = self._lease(session, pk, runner)
            self._announce(session, pk)
            return held

    @timed
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
                seats[s.game_id].append(_seat(s))
            return [
                OpenGame(r.public_id, r.game, dict(r.params), _utc(r.created_at), seats[r.id])
                for r in rows
            ]

    @timed
    def account_games(self, account_id: int, most: int) -> dict[str, list[AccountGame]]:
        """The games where the account holds a seat, newest first, in three groups of at
        most ``most``: ``waiting`` (being played, one of its seats to decide: the stored
        ``to_move``), ``running`` (being played, someone else's turn) and ``finished``
        (over or abandoned). Read from four queries, without the games' logs."""
        mine = (
            select(SeatRow.id)
            .where(SeatRow.game_id == GameRow.id, SeatRow.account_id == account_id)
            .exists()
        )
        to_decide = (
            select(SeatRow.id)
            .where(
                SeatRow.game_id == GameRow.id,
                SeatRow.account_id == account_id,
                SeatRow.seat == GameRow.to_move,
                SeatRow.kind == "human",
            )
            .exists()
        )
        playing = GameRow.status == "playing"
        groups = {
            "waiting": and_(playing, to_decide),
            "running": and_(playing, mine, ~to_decide),
            "finished": and_(~playing, mine),
        }
        with self.session() as session:
            rows = {
                name: session.scalars(
                    select(GameRow).where(where).order_by(GameRow.id.desc()).limit(most)
                ).all()
                for name, where in groups.items()
            }
            seats: dict[int, list[StoredSeat]] = {
                r.id: [] for group in rows.values() for r in group
            }
            for s in session.scalars(
                select(SeatRow).where(SeatRow.game_id.in_(seats)).order_by(SeatRow.seat)
            ):
                seats[s.game_id].append(_seat(s))
            return {
                name: [
                    AccountGame(
                        r.public_id,
                        r.game,
                        r.status,
                        r.result,
                        r.to_move,
                        _utc(r.created_at),
                        seats[r.id],
                    )
                    for r in group
                ]
                for name, group in rows.items()
            }

    @timed
    def attach_seats(
        self, account_id: int, claims: Sequence[tuple[str, int, str]]
    ) -> list[str | None]:
        """Give the account each claimed seat (a game's public id, a seat, the hash of the
        token its holder has) that is a person's seat with that token and that no account
        holds, in one transaction; answers, claim by claim, None (attached) or why not. The
        other processes are told of every game changed."""
        reasons: list[str | None] = []
        changed: set[int] = set()
        with self._write_lock, self.session() as session, session.begin():
            for public_id, seat, token_hash in claims:
                row = session.scalars(
                    select(SeatRow)
                    .join(GameRow, GameRow.id == SeatRow.game_id)
                    .where(GameRow.public_id == public_id, SeatRow.seat == seat)
                ).first()
                if row is None:
                    reasons.append(ATTACH_UNKNOWN)
                elif (
                    row.kind != "human"
                    or row.token_hash is None
                    or not hmac.compare_digest(row.token_hash, token_hash)
                ):
                    reasons.append(ATTACH_WRONG)
                elif row.account_id is not None:
                    reasons.append(ATTACH_YOURS if row.account_id == account_id else ATTACH_TAKEN)
                else:
                    taken = session.execute(
                        update(SeatRow)
                        .where(SeatRow.id == row.id, SeatRow.account_id.is_(None))
                        .values(account_id=account_id)
                    )
                    if cast(CursorResult[Any], taken).rowcount == 1:
                        reasons.append(None)
                        changed.add(row.game_id)
                    else:  # another process attached it meanwhile
                        reasons.append(ATTACH_TAKEN)
            for pk in sorted(changed):
                self._announce(session, pk)
        return reasons

    @timed
    def announce_account_games(self, account_id: int) -> list[str]:
        """Tell the other processes that the games where the account holds a seat changed
        (their seats were renamed, say); answers their public ids."""
        with self._write_lock, self.session() as session, session.begin():
            rows = session.execute(
                select(GameRow.id, GameRow.public_id)
                .where(
                    select(SeatRow.id)
                    .where(SeatRow.game_id == GameRow.id, SeatRow.account_id == account_id)
                    .exists()
                )
                .order_by(GameRow.id)
            ).all()
            for pk, _ in rows:
                self._announce(session, pk)
        return [public_id for _, public_id in rows]

    @timed
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

    @timed
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
                closed = [pk for pk, _ in rows]
                session.execute(
                    update(GameRow)
                    .where(GameRow.id.in_(closed), GameRow.status == "playing")
                    .values(status="abandoned")
                )
                session.execute(delete(LeaseRow).where(LeaseRow.game_id.in_(closed)))
                for pk in closed:
                    self._announce(session, pk)
        return [public_id for _, public_id in rows]

    def log(self, public_id: str) -> list[Entry]:
        """A game's whole log (for tests and audits)."""
        game = self.load_game(public_id)
        return [] if game is None else game.entries
