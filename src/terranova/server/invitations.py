"""Invitations to an open seat (docs/web.md, "Invitations"): a person at a table invites an
account to one of its open seats; the invitee sees it in the lobby, and by e-mail if they
opted in to e-mails about their games (the same ``accounts.turn_emails``), and joins the
seat as anyone joins an open seat, or declines.

An invitation is pending while it is not answered and its seat is still open in a game
being played; one whose seat was taken meanwhile is no longer listed.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import datetime, timedelta
from urllib.parse import urlencode

from sqlalchemy import DateTime, ForeignKey, Integer, Select, String, select, update
from sqlalchemy.orm import Mapped, mapped_column

from terranova.core.i18n import SOURCE, _, _n
from terranova.core.registry import game_info
from terranova.server.accounts import Account, AccountRow, Accounts, _account, name_key
from terranova.server.db import Base, Database, GameRow, SeatRow, _utc, now
from terranova.server.errors import BadRequest, Forbidden, NotFound, Stale, Throttled
from terranova.server.limits import address_digest
from terranova.server.seats import authorize
from terranova.server.service import GameService
from terranova.server.settings import Settings
from terranova.server.store import new_public_id


class InvitationRow(Base):
    """An invitation of an account to a game's open seat (migration 0016)."""

    __tablename__ = "invitations"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    public_id: Mapped[str] = mapped_column(String(32), unique=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    inviter_account_id: Mapped[int | None] = mapped_column(
        ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True
    )
    """The inviter's account (null: a guest, by their seat's token)."""
    inviter_name: Mapped[str] = mapped_column(String(64))
    """The inviter's seat's name, as the table shows it."""
    invitee_account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    answered_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    answer: Mapped[str | None] = mapped_column(String(16), nullable=True)
    """``declined`` (joining is answered by the seat being taken)."""


@dataclass(frozen=True)
class Invitation:
    """A pending invitation as its invitee sees it."""

    invitation_id: str
    game_id: str
    game: str
    seat: int
    inviter: str
    created_at: datetime


class InvitationStore:
    """The invitations' queries (blocking: called in threads)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    @staticmethod
    def _pending() -> Select[InvitationRow, str, str]:
        return (
            select(InvitationRow, GameRow.public_id, GameRow.game)
            .join(GameRow, GameRow.id == InvitationRow.game_id)
            .join(
                SeatRow,
                (SeatRow.game_id == InvitationRow.game_id) & (SeatRow.seat == InvitationRow.seat),
            )
            .where(
                InvitationRow.answered_at.is_(None),
                GameRow.status == "playing",
                SeatRow.kind == "open",
            )
        )

    def invitee(self, name: str | None, public_id: str | None) -> tuple[Account, str] | None:
        """The account named ``name`` (compared as names are) or of ``public_id`` (not
        deleted nor suspended), with its unsubscribe key."""
        query = select(AccountRow).where(
            AccountRow.deleted.is_(False), AccountRow.suspended.is_(False)
        )
        if public_id is not None:
            query = query.where(AccountRow.public_id == public_id)
        else:
            query = query.where(AccountRow.name_key == name_key(name or ""))
        with self.db.session() as session:
            row = session.scalars(query).first()
            if row is None:
                return None
            return _account(row), row.unsubscribe_key

    def seats_of(self, game_id: str, account_id: int) -> list[int]:
        """The seats of the game that ``account_id`` holds."""
        with self.db.session() as session:
            return list(
                session.scalars(
                    select(SeatRow.seat)
                    .join(GameRow, GameRow.id == SeatRow.game_id)
                    .where(
                        GameRow.public_id == game_id,
                        SeatRow.account_id == account_id,
                        SeatRow.kind == "human",
                    )
                    .order_by(SeatRow.seat)
                ).all()
            )

    def add(
        self,
        game_id: str,
        seat: int,
        inviter_account_id: int | None,
        inviter_name: str,
        invitee: Account,
        most_pending: int,
    ) -> str:
        """A new invitation; its public id. Stale if the seat is not open in a game being
        played; BadRequest if the invitee is invited to it already or holds a seat of the
        game; Throttled if they have ``most_pending`` invitations waiting."""
        with self.db.writing() as session:
            found = session.execute(
                select(GameRow.id, SeatRow.kind)
                .join(SeatRow, SeatRow.game_id == GameRow.id)
                .where(
                    GameRow.public_id == game_id,
                    GameRow.status == "playing",
                    SeatRow.seat == seat,
                )
            ).first()
            if found is None or found[1] != "open":
                raise Stale(
                    _(
                        "seat {seat} is not open any more: someone took it, or the game ended",
                        seat=seat + 1,
                    )
                )
            pk = found[0]
            if session.scalar(
                select(SeatRow.id).where(SeatRow.game_id == pk, SeatRow.account_id == invitee.id)
            ):
                raise BadRequest(_("{name} is at this table already", name=invitee.name))
            pending = self._pending().where(InvitationRow.invitee_account_id == invitee.id)
            rows = session.execute(pending).all()
            if any(row[0].game_id == pk and row[0].seat == seat for row in rows):
                raise BadRequest(
                    _("{name} is invited to seat {seat} already", name=invitee.name, seat=seat + 1)
                )
            if most_pending > 0 and len(rows) >= most_pending:
                raise Throttled(
                    _n(
                        "{name} has {n} invitation waiting for an answer already: try again "
                        "once they have answered it",
                        "{name} has {n} invitations waiting for an answer already: try again "
                        "once they have answered some",
                        len(rows),
                        name=invitee.name,
                    )
                )
            public_id = new_public_id()
            session.add(
                InvitationRow(
                    public_id=public_id,
                    game_id=pk,
                    seat=seat,
                    inviter_account_id=inviter_account_id,
                    inviter_name=inviter_name,
                    invitee_account_id=invitee.id,
                    created_at=now(),
                )
            )
            return public_id

    def pending(self, account_id: int) -> list[Invitation]:
        """The invitations waiting for ``account_id``'s answer, newest first."""
        query = (
            self._pending()
            .where(InvitationRow.invitee_account_id == account_id)
            .order_by(InvitationRow.id.desc())
        )
        with self.db.session() as session:
            return [
                Invitation(
                    row.public_id, game_id, game, row.seat, row.inviter_name, _utc(row.created_at)
                )
                for row, game_id, game in session.execute(query).all()
            ]

    def decline(self, public_id: str, account_id: int) -> bool:
        """Decline an invitation of ``account_id`` not answered yet; whether there was one."""
        with self.db.writing() as session:
            declined = session.execute(
                update(InvitationRow)
                .where(
                    InvitationRow.public_id == public_id,
                    InvitationRow.invitee_account_id == account_id,
                    InvitationRow.answered_at.is_(None),
                )
                .values(answered_at=now(), answer="declined")
            )
            return int(getattr(declined, "rowcount", 0) or 0) == 1


class Invitations:
    """Inviting, listing and declining (module doc)."""

    def __init__(
        self, db: Database, service: GameService, accounts: Accounts, settings: Settings
    ) -> None:
        self.store = InvitationStore(db)
        self.service = service
        self.accounts = accounts
        self.settings = settings

    async def invite(
        self,
        game_id: str,
        seat: int,
        name: str | None,
        account_id: str | None,
        by_seat: int | None,
        token: str | None,
        account: Account | None,
        address: str,
    ) -> tuple[str, Account, bool]:
        """Invite an account (by ``name`` or ``account_id``) to the open ``seat`` of a
        game, as the person at its seat ``by_seat`` (with its ``token``) or the signed-in
        ``account`` holding one of its seats. Answers the invitation's id, the invitee and
        whether an e-mail tells them."""
        if (name is None) == (account_id is None):
            raise BadRequest(_("name the account to invite: its name or its account_id"))
        game = await self.service.games.load(game_id)
        if not 0 <= seat < len(game.seats):
            raise BadRequest(_("this game has no seat {seat}", seat=seat + 1))
        if token is not None:
            inviter_seat = authorize(game, by_seat, token)
        else:
            held = (
                []
                if account is None
                else await asyncio.to_thread(self.store.seats_of, game_id, account.id)
            )
            if not held:
                raise Forbidden(
                    _("only a person at the table may invite: sign in, or use your seat")
                )
            inviter_seat = held[0]
        inviter_name = game.seats[inviter_seat].name
        by = (
            f"invite:account:{account.id}"
            if account is not None
            else f"invite:seat:{game_id}:{inviter_seat}"
        )
        counted = (by, f"invite:address:{address_digest(address)}")
        await self._throttle(counted)
        found = await asyncio.to_thread(self.store.invitee, name, account_id)
        if found is None:
            raise NotFound(
                _("no account is named '{name}'", name=name) if name else _("no such account")
            )
        invitee, key = found
        if account is not None and invitee.id == account.id:
            raise BadRequest(_("you cannot invite yourself"))
        invitation = await asyncio.to_thread(
            self.store.add,
            game_id,
            seat,
            None if account is None else account.id,
            inviter_name,
            invitee,
            self.settings.max_pending_invitations,
        )
        for key_counted in counted:
            await asyncio.to_thread(self.accounts.store.count_attempt, key_counted)
        return invitation, invitee, self._tell(invitee, key, inviter_name, game.game)

    async def _throttle(self, keys: tuple[str, ...]) -> None:
        """Throttled if the inviter, or the client address, has made
        ``invitations_per_hour`` invitations in the past hour (only those made count)."""
        most = self.settings.invitations_per_hour
        if most <= 0:
            return
        for key in keys:
            if (
                await asyncio.to_thread(self.accounts.store.attempts, key, timedelta(hours=1))
                >= most
            ):
                raise Throttled(
                    _(
                        "too many invitations: at most {most} an hour (invitations_per_hour)",
                        most=most,
                    )
                )

    def _tell(self, invitee: Account, key: str, inviter: str, game: str) -> bool:
        """Send the invitation e-mail if the invitee opted in and e-mail is on; whether. It
        is in the invitee's language (English if they chose none: the inviter's is no
        guide)."""
        if not (self.accounts.mail_on and invitee.turn_emails and invitee.verified):
            return False
        if invitee.email is None:
            return False
        base = (self.settings.public_url or "").rstrip("/")
        title = game_info(game).name
        lobby = f"{base}/"
        stop = f"{base}/account/unsubscribe?{urlencode({'key': key})}"
        self.accounts.mail_later(
            invitee.email,
            _("{inviter} invites you to play {game} on Terranova", inviter=inviter, game=title),
            _(
                "Hello {name},\n\n{inviter} invites you to a game of {game}. To join or "
                "decline, sign in and open the lobby:\n\n{lobby}\n\nYou get this e-mail "
                "because you turned on e-mails about your games in your account settings. To "
                "stop them, open\n\n{stop}\n\nand press the button there (no need to sign "
                "in).\n",
                name=invitee.name,
                inviter=inviter,
                game=title,
                lobby=lobby,
                stop=stop,
            ),
            invitee.speaks(SOURCE),
        )
        return True

    async def pending(self, account: Account) -> list[Invitation]:
        return await asyncio.to_thread(self.store.pending, account.id)

    async def decline(self, invitation_id: str, account: Account) -> None:
        if not await asyncio.to_thread(self.store.decline, invitation_id[:32], account.id):
            raise NotFound(_("no such invitation waits for your answer"))
