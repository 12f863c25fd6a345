"""What the game service asks of its storage (as boardgame.io's StorageAPI): games, their
seats and their append-only logs. :class:`~terranova.server.db.Database` keeps them in
SQLite or PostgreSQL through SQLAlchemy; the service knows only this interface.

Every method is blocking (the service calls it in a thread) and is one transaction: it
writes everything or nothing. A write that another writer got to first raises
:class:`~terranova.server.db.ConflictError`.

Leases: a game whose position needs a runner (a bot or chance to move, a response window
open, a person's move timed) has a lease naming the one server process that runs it, until
when. A write says whether the position it leaves needs a runner (``runner``): the lease is
then kept, or taken if it is free or has expired, and dropped otherwise, in the same
transaction as the write; the answer says whether this process holds it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, Protocol

from terranova.server.db import AccountGame, Entry, OpenGame, StoredAnalysis, StoredGame, StoredSeat


class GameStore(Protocol):
    """The games of one database (module doc)."""

    shared: bool
    """Whether other server processes may use the store (they hear of each write)."""
    origin: str
    """This process's name as a lease holder and in the notifications of its writes."""
    lease_seconds: float

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
        """A new game with its seats and first log entries (as the rematch of the game
        ``rematch_of``: ConflictError if that one has its rematch already); with its lease
        held by this process if it needs a runner. ``creator``: a digest of the address
        creating it, counted in the same transaction: GameLimitReached if that address has
        ``most_unfinished`` games being played already, HourlyLimitReached if it created
        ``most_per_hour`` games in the past hour (0: no limit). ``to_move``: the seat whose
        decision the first position waits for, if any."""

    def load_game(self, public_id: str) -> StoredGame | None:
        """The game with its seats and whole log, or None."""

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
        """Log entries added and the game's status set (and the seat whose decision the
        position waits for, ``to_move``); ConflictError if one of these
        ``seq`` is taken, they do not follow the log's last entry, or the game is not
        being played. Whether this process holds the game's lease (module doc).
        ``durable=False``: the commit need not wait for the disk."""

    def mark_hinted(self, pk: int, seat: int) -> list[int]:
        """``seat`` noted as having asked for a hint; the seats that have."""

    def analysis(self, pk: int) -> StoredAnalysis | None:
        """The game's analysis, made or being made (None: never begun)."""

    def claim_analysis(
        self, pk: int, bot: str, iterations: int, total: int
    ) -> tuple[StoredAnalysis, bool]:
        """The game's analysis (begun if need be), and whether this process holds it now
        (taken unless finished or held by another process until its ``expires_at``)."""

    def save_analysis(
        self, pk: int, next_ply: int, judged: dict[str, Any] | None, finished: bool = False
    ) -> bool:
        """One more decision judged, by the analysis's holder (False: not this process)."""

    def renew_analysis(self, pk: int, give_up: bool = False) -> bool:
        """This process's hold of the analysis renewed (or given up); whether it held it."""

    def orphan_analyses(self, most: int) -> list[str]:
        """Games whose analysis is being made by nobody (its holder's time passed)."""

    def change_seat(
        self,
        pk: int,
        was: StoredSeat,
        becomes: StoredSeat,
        entries: Sequence[Entry] = (),
        runner: bool = False,
    ) -> bool:
        """Seat ``was`` becomes ``becomes`` (with these log entries); ConflictError if the
        seat is not ``was`` any more. Whether this process holds the game's lease."""

    def open_games(self, limit: int) -> list[OpenGame]:
        """The newest games being played with an open seat."""

    def account_games(self, account_id: int, most: int) -> dict[str, list[AccountGame]]:
        """The games where the account holds a seat: ``waiting`` (its turn), ``running``
        and ``finished``, at most ``most`` each, newest first."""

    def attach_seats(
        self, account_id: int, claims: Sequence[tuple[str, int, str]]
    ) -> list[str | None]:
        """Each claimed seat (game, seat, token hash) given to the account if its token is
        right and no account holds it; per claim, None or why not."""

    def announce_account_games(self, account_id: int) -> list[str]:
        """The other processes told that the account's games changed; their ids."""

    def abandon_idle(self, hours: float, dry_run: bool = False) -> list[str]:
        """Close as abandoned the games being played with no move for ``hours``; their ids."""

    def renew_leases(self, public_ids: Collection[str]) -> list[str]:
        """This process's leases of these games held longer; the public ids of every game
        whose lease it holds."""

    def take_orphans(self, skip: Collection[str] = ()) -> list[str]:
        """The expired leases taken, but those of the games ``skip``; the public ids of
        every game this process holds."""

    def give_up_leases(self, public_ids: Collection[str] | None = None) -> None:
        """This process's leases (of these games, if given) expired at once."""

    def release_lease(self, public_id: str) -> None:
        """This process's lease of a game that needs no runner dropped."""
