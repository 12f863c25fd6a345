"""Turn e-mails (docs/web.md, "Turn e-mails"): a person who opted in (``accounts.turn_emails``)
and holds a seat through their account gets an e-mail once it has been their turn for
``turn_email_minutes`` and they are not connected, at most one per game and seat in
``turn_email_period_hours``.

Whose turn it is and since when is stored with each write (``games.to_move`` and
``to_move_since``): nothing is replayed to find it. "Not connected" means no WebSocket of
that seat is open on any server process: each process writes the seats it has open into
``connected_seats`` every ``turn_email_check_seconds`` (rows expire after three times that,
if the process dies), and also asks its own hub at once. A connection opened on another
process is thus seen within ``turn_email_check_seconds``.

Each e-mail is claimed first by a row per game and seat (``turn_mails``), updated only if
its last e-mail is older than the period: two processes never both send one.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime, timedelta
from urllib.parse import urlencode

from sqlalchemy import DateTime, ForeignKey, Integer, String, delete, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Mapped, mapped_column

from terranova.core.i18n import SOURCE, Text, _, _n
from terranova.core.registry import game_info
from terranova.server.accounts import AccountRow, Accounts
from terranova.server.background import Every
from terranova.server.db import Base, Database, GameRow, SeatRow, _utc, now
from terranova.server.hub import Hub
from terranova.server.metrics import Metrics
from terranova.server.settings import Settings

log = logging.getLogger(__name__)


class ConnectedSeatRow(Base):
    """A seat with a WebSocket open on server process ``holder``, until ``expires_at``
    unless that process writes it again (migration 0016)."""

    __tablename__ = "connected_seats"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    holder: Mapped[str] = mapped_column(String(64), primary_key=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class TurnMailRow(Base):
    """The last turn e-mail of a game's seat: the claim that makes it one per period."""

    __tablename__ = "turn_mails"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    sent_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True)
class TurnDue:
    """A seat whose person is due a turn e-mail."""

    pk: int
    game_id: str
    game: str
    seat: int
    since: datetime
    email: str
    name: str
    unsubscribe_key: str
    language: str | None = None
    """The account's language (None: none chosen, the e-mail is in English)."""


class TurnMailStore:
    """The turn e-mails' queries (blocking: called in threads)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def mark_connected(
        self, holder: str, seats: Collection[tuple[str, int]], until: datetime
    ) -> None:
        """The seats (public game id, seat) with a WebSocket open on ``holder`` now: theirs
        kept until ``until``, its others dropped."""
        with self.db.writing() as session:
            session.execute(delete(ConnectedSeatRow).where(ConnectedSeatRow.holder == holder))
            if not seats:
                return
            ids = {
                public_id: pk
                for public_id, pk in session.execute(
                    select(GameRow.public_id, GameRow.id).where(
                        GameRow.public_id.in_({game for game, _ in seats})
                    )
                )
            }
            for game, seat in sorted(set(seats)):
                if game in ids:
                    session.add(
                        ConnectedSeatRow(
                            game_id=ids[game], seat=seat, holder=holder, expires_at=until
                        )
                    )

    def due(self, waited_since: datetime, last_mail_before: datetime, most: int) -> list[TurnDue]:
        """Seats held by an account that opted in (confirmed, not suspended or deleted)
        whose turn it has been since before ``waited_since``, with no WebSocket open on any
        process and no turn e-mail since ``last_mail_before``; at most ``most``, longest
        waiting first."""
        moment = now()
        connected = (
            select(ConnectedSeatRow.game_id)
            .where(
                ConnectedSeatRow.game_id == GameRow.id,
                ConnectedSeatRow.seat == GameRow.to_move,
                ConnectedSeatRow.expires_at > moment,
            )
            .exists()
        )
        mailed = (
            select(TurnMailRow.game_id)
            .where(
                TurnMailRow.game_id == GameRow.id,
                TurnMailRow.seat == GameRow.to_move,
                TurnMailRow.sent_at > last_mail_before,
            )
            .exists()
        )
        query = (
            select(
                GameRow.id,
                GameRow.public_id,
                GameRow.game,
                SeatRow.seat,
                GameRow.to_move_since,
                AccountRow.email,
                AccountRow.name,
                AccountRow.unsubscribe_key,
                AccountRow.language,
            )
            .join(SeatRow, (SeatRow.game_id == GameRow.id) & (SeatRow.seat == GameRow.to_move))
            .join(AccountRow, AccountRow.id == SeatRow.account_id)
            .where(
                GameRow.status == "playing",
                GameRow.to_move_since <= waited_since,
                SeatRow.kind == "human",
                AccountRow.turn_emails.is_(True),
                AccountRow.verified.is_(True),
                AccountRow.suspended.is_(False),
                AccountRow.deleted.is_(False),
                AccountRow.email.is_not(None),
                ~connected,
                ~mailed,
            )
            .order_by(GameRow.to_move_since)
            .limit(most)
        )
        with self.db.session() as session:
            return [
                TurnDue(pk, game_id, game, seat, since or moment, email or "", name, key, lang)
                for pk, game_id, game, seat, since, email, name, key, lang in session.execute(query)
            ]

    def claim(self, pk: int, seat: int, since: datetime, last_mail_before: datetime) -> bool:
        """Whether this process may send the turn e-mail of game ``pk``'s ``seat``: the
        seat's last e-mail is older than ``last_mail_before`` (or there is none) and its
        turn began at ``since`` still; marked sent now, by one caller only."""
        moment = now()
        with self.db.writing() as session:
            still = session.scalar(
                select(GameRow.id).where(
                    GameRow.id == pk,
                    GameRow.status == "playing",
                    GameRow.to_move == seat,
                    GameRow.to_move_since == since,
                )
            )
            if still is None:
                return False
            renewed = session.execute(
                update(TurnMailRow)
                .where(
                    TurnMailRow.game_id == pk,
                    TurnMailRow.seat == seat,
                    TurnMailRow.sent_at <= last_mail_before,
                )
                .values(sent_at=moment)
            )
            if int(getattr(renewed, "rowcount", 0) or 0) == 1:
                return True
            insert = pg_insert if self.db.engine.dialect.name == "postgresql" else sqlite_insert
            added = session.execute(
                insert(TurnMailRow)
                .values(game_id=pk, seat=seat, sent_at=moment)
                .on_conflict_do_nothing(index_elements=[TurnMailRow.game_id, TurnMailRow.seat])
                .returning(TurnMailRow.game_id)
            ).first()
            return added is not None

    def unsubscribe(self, key: str) -> str | None:
        """Turn the turn e-mails off for the account of this unsubscribe key; its name, or
        None if no account has that key."""
        with self.db.writing() as session:
            name = session.scalar(
                select(AccountRow.name).where(
                    AccountRow.unsubscribe_key == key, AccountRow.deleted.is_(False)
                )
            )
            if name is None:
                return None
            session.execute(
                update(AccountRow)
                .where(AccountRow.unsubscribe_key == key)
                .values(turn_emails=False)
            )
            return name


def _waited(since: datetime, moment: datetime) -> Text:
    minutes = max(1, round((moment - _utc(since)).total_seconds() / 60))
    if minutes < 120:
        return _n("{n} minute", "{n} minutes", minutes)
    hours = round(minutes / 60)
    if hours < 48:
        return _n("{n} hour", "{n} hours", hours)
    return _n("{n} day", "{n} days", round(hours / 24))


class TurnMails:
    """The periodic job of one server process (module doc); does nothing with e-mail off."""

    BATCH = 100
    """Seats handled per look (the others wait for the next)."""

    def __init__(
        self,
        db: Database,
        hub: Hub,
        settings: Settings,
        accounts: Accounts,
        metrics: Metrics | None = None,
    ) -> None:
        self.store = TurnMailStore(db)
        self.metrics = metrics or Metrics()
        self.origin = db.origin
        self.hub = hub
        self.settings = settings
        self.accounts = accounts
        self._looks = Every(
            "the look for turn e-mails", settings.turn_email_check_seconds, self.run_once
        )

    def start(self) -> None:
        if self.accounts.mailer is not None and self.settings.turn_email_check_seconds > 0:
            self._looks.start()

    @property
    def looking(self) -> bool:
        """Whether this process looks for turn e-mails to send (not with e-mail off)."""
        return self._looks.running

    async def close(self) -> None:
        await self._looks.close()

    def connected_here(self) -> set[tuple[str, int]]:
        """The seats (public game id, seat) with a WebSocket open on this process."""
        return {
            (game_id, connection.seat)
            for game_id in self.hub.game_ids()
            for connection in self.hub.connections(game_id)
            if connection.seat is not None and not connection.closing
        }

    async def run_once(self) -> int:
        """Tell the others which seats are connected here, then send the turn e-mails due
        (module doc); how many were sent."""
        mailer = self.accounts.mailer
        if mailer is None:
            return 0
        here = self.connected_here()
        until = now() + timedelta(seconds=3 * self.settings.turn_email_check_seconds)
        await asyncio.to_thread(self.store.mark_connected, self.origin, here, until)
        moment = now()
        waited_since = moment - timedelta(minutes=self.settings.turn_email_minutes)
        last_before = moment - timedelta(hours=self.settings.turn_email_period_hours)
        due = await asyncio.to_thread(self.store.due, waited_since, last_before, self.BATCH)
        sent = 0
        for turn in due:
            if (turn.game_id, turn.seat) in self.connected_here():
                continue
            claimed = await asyncio.to_thread(
                self.store.claim, turn.pk, turn.seat, turn.since, last_before
            )
            if not claimed:
                continue
            subject, body = self.message(turn, moment)
            try:
                await asyncio.to_thread(mailer.send, turn.email, subject, body)
            except Exception:  # claimed: no other process sends it this period either
                log.exception("the turn e-mail of game %s could not be sent", turn.game_id)
                continue
            sent += 1
            self.metrics.turn_emails.inc()
        self.metrics.turn_email_looks.inc()
        return sent

    def message(self, turn: TurnDue, moment: datetime) -> tuple[str, str]:
        """The subject and text of a turn e-mail, in the account's language (English if it
        chose none: no request of theirs tells another)."""
        base = (self.settings.public_url or "").rstrip("/")
        link = f"{base}/play/{turn.game_id}?" + urlencode({"seat": turn.seat})
        stop = f"{base}/account/unsubscribe?" + urlencode({"key": turn.unsubscribe_key})
        try:
            title = game_info(turn.game).name
        except Exception:  # a game this server no longer knows
            title = turn.game
        hours = max(1, round(self.settings.turn_email_period_hours))
        lang = turn.language or SOURCE
        subject = _("Your turn in {game} on Terranova", game=title)
        body = _n(
            "Hello {name},\n\nit has been your turn in a game of {game} for {waited}. To play, "
            "open\n\n{link}\n\n(sign in first if this browser is not signed in). You get at "
            "most one such e-mail per game every hour.\n\nTo stop these e-mails, open\n\n"
            "{stop}\n\nand press the button there (no need to sign in). To turn them back on, "
            'sign in and tick "E-mail me when it has been my turn for a while" in your account '
            "settings.\n",
            "Hello {name},\n\nit has been your turn in a game of {game} for {waited}. To play, "
            "open\n\n{link}\n\n(sign in first if this browser is not signed in). You get at "
            "most one such e-mail per game every {n} hours.\n\nTo stop these e-mails, open\n\n"
            "{stop}\n\nand press the button there (no need to sign in). To turn them back on, "
            'sign in and tick "E-mail me when it has been my turn for a while" in your account '
            "settings.\n",
            hours,
            name=turn.name,
            game=title,
            waited=_waited(turn.since, moment),
            link=link,
            stop=stop,
        )
        return subject.render(lang), body.render(lang)
