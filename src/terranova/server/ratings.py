"""People's ratings per game (docs/web.md, "Ratings"): a rated game, once over, moves the
ratings of the accounts at its table by the model of :mod:`terranova.arena.skill`, against
each other and against the bots' published ratings, which do not move.

A game is rated when its creator marks it so (``games.rated``) and every person seated holds
an account. It is rated once, by whichever server process first claims it
(``games.rated_at``, set in the same transaction as the new ratings); a process that stops
between the game's last move and its rating leaves it to the next look for unrated games.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import (
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    func,
    select,
    update,
)
from sqlalchemy.orm import Mapped, Session, mapped_column

from terranova.arena.bot_ratings import bot_ratings
from terranova.arena.skill import DEFAULT, Skill, rate, rated_seats
from terranova.server.accounts import AccountRow
from terranova.server.background import Every
from terranova.server.db import Base, Database, GameRow, SeatRow, now

log = logging.getLogger(__name__)


class RatingRow(Base):
    """An account's skill in one game, after ``games`` rated games."""

    __tablename__ = "ratings"
    __table_args__ = (Index("ix_ratings_game", "game"),)

    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingChangeRow(Base):
    """An account's skill in a game after one rated game: its rating's history."""

    __tablename__ = "rating_changes"
    __table_args__ = (Index("ix_rating_changes_account_game", "account_id", "game"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    game: Mapped[str] = mapped_column(String(64))
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True)
class RatedSeat:
    """Who sat at a seat of a rated game, as the rating reads it."""

    account_id: int | None
    kind: str
    bot: str | None


class NotRatable(Exception):
    """A game that cannot be rated as its seats stand (the reason in words)."""


def contestants(
    game: str, seats: Sequence[RatedSeat], published: dict[str, dict[str, Skill]]
) -> list[int]:
    """The seats a rated game of ``game`` rates (the automaton's are left out); NotRatable
    if a person's seat holds no account, an account holds two seats, a bot is not one of the
    published levels, or no account would be rated."""
    automata = [i for i, seat in enumerate(seats) if seat.kind == "automaton"]
    rated = rated_seats(len(seats), automata)
    accounts = [seats[i].account_id for i in rated if seats[i].account_id is not None]
    if not accounts:
        raise NotRatable("a rated game needs at least one person with an account and an opponent")
    if len(set(accounts)) != len(accounts):
        raise NotRatable("in a rated game one account holds one seat")
    for i in rated:
        seat = seats[i]
        if seat.account_id is not None:
            continue
        if seat.kind != "bot":
            raise NotRatable(f"seat {i + 1} is a person's without an account")
        if seat.bot not in published.get(game, {}):
            levels = ", ".join(sorted(published.get(game, {}))) or "none"
            raise NotRatable(f"seat {i + 1}'s bot {seat.bot!r} has no published rating ({levels})")
    return rated


@dataclass(frozen=True)
class Standing:
    """A person's place on a game's leaderboard."""

    account_id: str
    name: str
    rating: int
    games: int


@dataclass(frozen=True)
class Point:
    """A rating after one rated game."""

    at: datetime
    rating: int
    game_id: str


@dataclass(frozen=True)
class RecentGame:
    public_id: str
    game: str
    created_at: datetime
    rated: bool
    seats: list[tuple[int, str, str, str | None]]
    """(seat, kind, name, bot) of each seat."""
    result: dict[str, Any] | None


class RatingStore:
    """The ratings' queries (blocking: called in threads)."""

    def __init__(self, db: Database, published: dict[str, dict[str, Skill]] | None = None):
        self.db = db
        self._published = published

    @property
    def published(self) -> dict[str, dict[str, Skill]]:
        """The bots' published ratings (read and checked on first use)."""
        if self._published is None:
            self._published = bot_ratings()
        return self._published

    @published.setter
    def published(self, ratings: dict[str, dict[str, Skill]]) -> None:
        self._published = ratings

    def settle(self, pk: int) -> bool:
        """Rate the finished game ``pk`` if it is rated and not rated yet (by any process);
        whether this call rated it. A game that cannot be rated is marked done, and logged."""
        with self.db.writing() as session:
            claimed = session.execute(
                update(GameRow)
                .where(
                    GameRow.id == pk,
                    GameRow.rated.is_(True),
                    GameRow.rated_at.is_(None),
                    GameRow.status == "finished",
                )
                .values(rated_at=now())
            )
            if getattr(claimed, "rowcount", 0) != 1:
                return False
            row = session.get(GameRow, pk)
            assert row is not None
            stored = session.scalars(
                select(SeatRow).where(SeatRow.game_id == pk).order_by(SeatRow.seat)
            ).all()
            seats = [RatedSeat(s.account_id, s.kind, s.bot) for s in stored]
            scores = list((row.result or {}).get("scores") or [])
            try:
                bots = any(seat.kind == "bot" for seat in seats)
                rated = contestants(row.game, seats, self.published if bots else {})
                if len(scores) != len(seats):
                    raise NotRatable("the game's result has no score for every seat")
            except NotRatable as why:
                log.warning("game %s is not rated: %s", row.public_id, why)
                return False
            self._rate(session, row, seats, rated, [float(scores[i]) for i in rated])
            return True

    def _rate(
        self,
        session: Session,
        row: GameRow,
        seats: Sequence[RatedSeat],
        rated: Sequence[int],
        scores: Sequence[float],
    ) -> None:
        accounts = [seats[i].account_id for i in rated if seats[i].account_id is not None]
        held = {
            r.account_id: r
            for r in session.scalars(
                # locked until the new ratings are written: two games of one account
                # settled at once by two processes take turns, neither update lost (a
                # first rating written by both at once fails one, which the sweep retries)
                select(RatingRow)
                .where(RatingRow.game == row.game, RatingRow.account_id.in_(accounts))
                .order_by(RatingRow.account_id)
                .with_for_update()
            )
        }
        before: list[Skill] = []
        for i in rated:
            account = seats[i].account_id
            if account is None:
                before.append(self.published[row.game][str(seats[i].bot)])
            else:
                mine = held.get(account)
                before.append(DEFAULT if mine is None else Skill(mine.mu, mine.sigma))
        fixed = [seats[i].account_id is None for i in rated]
        after = rate(before, scores, fixed)
        moment = now()
        for i, skill in zip(rated, after, strict=True):
            account = seats[i].account_id
            if account is None:
                continue
            mine = held.get(account)
            if mine is None:
                session.add(
                    RatingRow(
                        account_id=account,
                        game=row.game,
                        mu=skill.mu,
                        sigma=skill.sigma,
                        games=1,
                        updated_at=moment,
                    )
                )
            else:
                mine.mu, mine.sigma, mine.games, mine.updated_at = (
                    skill.mu,
                    skill.sigma,
                    mine.games + 1,
                    moment,
                )
            session.add(
                RatingChangeRow(
                    account_id=account,
                    game=row.game,
                    game_id=row.id,
                    mu=skill.mu,
                    sigma=skill.sigma,
                    at=moment,
                )
            )

    def unrated(self, most: int = 50) -> list[int]:
        """Rated games over but not rated yet (their process stopped first)."""
        with self.db.session() as session:
            return list(
                session.scalars(
                    select(GameRow.id)
                    .where(
                        GameRow.rated.is_(True),
                        GameRow.rated_at.is_(None),
                        GameRow.status == "finished",
                    )
                    .limit(most)
                )
            )

    def leaderboard(self, game: str, min_games: int, limit: int) -> list[Standing]:
        """The people with at least ``min_games`` rated games of ``game``, best first (by the
        conservative rating), at most ``limit``."""
        with self.db.session() as session:
            rows = session.execute(
                select(
                    AccountRow.public_id,
                    AccountRow.name,
                    RatingRow.mu,
                    RatingRow.sigma,
                    RatingRow.games,
                )
                .join(AccountRow, AccountRow.id == RatingRow.account_id)
                .where(
                    RatingRow.game == game,
                    RatingRow.games >= min_games,
                    AccountRow.deleted.is_(False),
                )
                .order_by((RatingRow.mu - 3 * RatingRow.sigma).desc(), AccountRow.name)
                .limit(limit)
            ).all()
        return [Standing(p, n, Skill(mu, sigma).display, g) for p, n, mu, sigma, g in rows]

    def ratings(self, account_id: int) -> dict[str, tuple[int, int]]:
        """An account's rating and rated games, by game."""
        with self.db.session() as session:
            rows = session.scalars(select(RatingRow).where(RatingRow.account_id == account_id))
            return {r.game: (Skill(r.mu, r.sigma).display, r.games) for r in rows}

    def history(self, account_id: int, most: int = 200) -> dict[str, list[Point]]:
        """An account's rating after each of its last ``most`` rated games, by game, oldest
        first."""
        with self.db.session() as session:
            rows = session.execute(
                select(RatingChangeRow, GameRow.public_id)
                .join(GameRow, GameRow.id == RatingChangeRow.game_id)
                .where(RatingChangeRow.account_id == account_id)
                .order_by(RatingChangeRow.id.desc())
                .limit(most)
            ).all()
        out: dict[str, list[Point]] = {}
        for change, public_id in reversed(rows):
            out.setdefault(change.game, []).append(
                Point(change.at, Skill(change.mu, change.sigma).display, public_id)
            )
        return out

    def recent_games(self, account_id: int, most: int = 20) -> list[RecentGame]:
        """An account's newest finished games, with their seats."""
        with self.db.session() as session:
            rows = session.scalars(
                select(GameRow)
                .where(
                    GameRow.id.in_(select(SeatRow.game_id).where(SeatRow.account_id == account_id)),
                    GameRow.status == "finished",
                )
                .order_by(GameRow.created_at.desc(), GameRow.id.desc())
                .limit(most)
            ).all()
            seats: dict[int, list[tuple[int, str, str, str | None]]] = {}
            for seat in session.scalars(
                select(SeatRow)
                .where(SeatRow.game_id.in_([r.id for r in rows]))
                .order_by(SeatRow.game_id, SeatRow.seat)
            ):
                seats.setdefault(seat.game_id, []).append(
                    (seat.seat, seat.kind, seat.name, seat.bot)
                )
            return [
                RecentGame(
                    r.public_id, r.game, r.created_at, r.rated, seats.get(r.id, []), r.result
                )
                for r in rows
            ]

    def games_played(self, account_id: int) -> dict[str, int]:
        """An account's finished games, by game (rated or not)."""
        with self.db.session() as session:
            rows = session.execute(
                select(GameRow.game, func.count(func.distinct(GameRow.id)))
                .join(SeatRow, SeatRow.game_id == GameRow.id)
                .where(SeatRow.account_id == account_id, GameRow.status == "finished")
                .group_by(GameRow.game)
            ).all()
        return {game: int(count) for game, count in rows}


class Ratings:
    """Settles rated games as they end, and those a stopped process left (module doc)."""

    def __init__(self, store: RatingStore, every_seconds: float) -> None:
        self.store = store
        self._tasks: set[asyncio.Task[None]] = set()
        self._sweeper = Every("the look for unrated games", every_seconds, self._sweep)

    def finished(self, pk: int) -> None:
        """Game ``pk`` just ended: rate it, if it is rated, in the background."""
        task = asyncio.get_running_loop().create_task(self._settle(pk))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _settle(self, pk: int) -> None:
        try:
            await asyncio.to_thread(self.store.settle, pk)
        except Exception:  # the sweep tries again
            log.exception("game %d could not be rated now; tried again later", pk)

    def start(self) -> None:
        self._sweeper.start()

    async def _sweep(self) -> None:
        for pk in await asyncio.to_thread(self.store.unrated):
            await self._settle(pk)

    async def close(self) -> None:
        await self._sweeper.close()
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)
