"""What the game service asks of its storage (as boardgame.io's StorageAPI): games, their
seats and their append-only logs. :class:`~terranova.server.db.Database` keeps them in
SQLite or PostgreSQL through SQLAlchemy; the service, the cache of live games and the
live games know only this interface and the types it owns, defined here: the stored game,
its seats and log entries, the lists' rows, and the errors a write raises (``db`` imports
them from here, never the other way).

Every method is blocking (the service calls it in a thread) and is one transaction: it
writes everything or nothing. A write that another writer got to first raises
:class:`ConflictError`.

Leases: a game whose position needs a runner (a bot or chance to move, a response window
open, a person's move timed) has a lease naming the one server process that runs it, until
when. A write says whether the position it leaves needs a runner (``runner``): the lease is
then kept, or taken if it is free or has expired, and dropped otherwise, in the same
transaction as the write; the answer says whether this process holds it.
"""

from __future__ import annotations

import secrets
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol


@dataclass(frozen=True)
class StoredAnalysis:
    """A game's analysis as stored (see :class:`AnalysisRow`)."""

    bot: str
    iterations: int
    total: int
    done: int
    next_ply: int
    judged: list[dict[str, Any]]
    finished: bool
    holder: str
    expires_at: datetime


@dataclass(frozen=True)
class StoredSeat:
    seat: int
    kind: str
    name: str
    bot: str | None
    token_hash: str | None
    account_id: int | None = None
    """The account holding the seat (None: a guest's, held by its token only)."""


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
    creator: str | None = None
    """The digest of the client address that created the game (None: not known)."""
    rated: bool = False
    """Once over, the game moves its people's ratings (:mod:`terranova.server.ratings`)."""


@dataclass(frozen=True)
class OpenGame:
    """A game of the open tables: what the list shows of it."""

    public_id: str
    game: str
    params: dict[str, Any]
    created_at: datetime
    seats: list[StoredSeat]


@dataclass(frozen=True)
class AccountGame:
    """A game of an account's "My games": what the list shows of it."""

    public_id: str
    game: str
    status: str
    result: dict[str, Any] | None
    to_move: int | None
    created_at: datetime
    seats: list[StoredSeat]


ATTACH_UNKNOWN = "there is no such game or seat"
ATTACH_WRONG = "that is not the seat's token (or the seat is no longer a person's)"
ATTACH_YOURS = "your account holds the seat already"
ATTACH_TAKEN = "another account holds the seat"


class GameLimitReached(Exception):
    """The game's creator has as many games being played as it may; nothing was written."""


class HourlyLimitReached(GameLimitReached):
    """The game's creator has created as many games in the past hour as it may; nothing
    was written. Another may be created at ``frees_at``."""

    def __init__(self, message: str, frees_at: datetime) -> None:
        super().__init__(message)
        self.frees_at = frees_at


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


def new_public_id() -> str:
    """A fresh public id of 12 URL-safe characters. It never begins with "-", so that it
    can be given on a command line without being read as an option."""
    while True:
        drawn = secrets.token_urlsafe(9)
        if not drawn.startswith("-"):
            return drawn
