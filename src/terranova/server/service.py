"""The game service: creates games, checks and applies moves, runs the bots, and keeps the
live games in memory, rebuilt from the database's log whenever they are not.

Consistency: every change to a game happens under that game's asyncio lock, is written to
the database first (one transaction: the decision and the chance outcomes it leads to), and
only then applied to the live game and broadcast. The database's ``UNIQUE(game, seq)``
stops a second writer (another process) whose live copy was behind: its insert fails, the
request answers 409 and the copy is dropped, to be rebuilt from the database.

Determinism: chance outcomes come from ``derive_seed(seed, "chance", ply)`` and a bot's
decision from ``make_agent(spec, derive_seed(seed, "bot", seat, ply))``, so a restarted
server continues every game exactly as it would have gone on (unless a search was cut by
the server's time limit: see :mod:`terranova.server.bots`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import re
import secrets
import time
import unicodedata
from collections import OrderedDict
from collections.abc import Coroutine, Sequence
from dataclasses import replace
from typing import Any, TypeVar
from weakref import WeakValueDictionary

from terranova.agents import available_agents, check_agent
from terranova.agents.worker import BotJob
from terranova.core.actions import Action
from terranova.core.errors import TerranovaError
from terranova.core.registry import GameInfo, game_info, games
from terranova.core.rng import derive_seed
from terranova.core.state import CHANCE, State
from terranova.server.bots import BotRunner, limits
from terranova.server.db import (
    ConflictError,
    Database,
    Entry,
    LogError,
    OpenGame,
    StoredGame,
    StoredSeat,
    effective_actions,
    resign_entry,
)
from terranova.server.hub import Hub
from terranova.server.live import (
    LiveGame,
    OpenWindow,
    ReplayError,
    SeatInfo,
    Timeline,
    chance_outcome,
    record_seats,
    settle,
    stored_seats,
)
from terranova.server.models import CreateGameRequest, ErrorCode, SeatKind
from terranova.server.rules_pages import rules_link
from terranova.server.settings import Settings

log = logging.getLogger("terranova.server")
T = TypeVar("T")

ABANDONED = "this game was closed as abandoned: nobody had moved for a long time"

RESIGNED_BOT = "greedy"
"""Who plays on for a person who resigns."""
TIMEOUT_BOT = "greedy"
"""Who plays a person's move when its time runs out."""
MIN_MOVE_SECONDS = 1.0
"""The shortest time per move a table may set."""
MISTAKE = 0.1
"""A decision that lost this much of the search's value (0..1) is a mistake."""
MISTAKES_SHOWN = 5
"""The biggest mistakes an analysis lists."""

GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
NAME_REFUSED = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
"""The Unicode categories a seat's name may not hold (but see :func:`seat_name`)."""


class ServiceError(Exception):
    """A request the service refuses; the game is unchanged."""

    status = 400
    code: ErrorCode = "malformed"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class BadRequest(ServiceError):
    status, code = 400, "malformed"


class Malformed(ServiceError):
    status, code = 400, "malformed"


class Illegal(ServiceError):
    status, code = 400, "illegal"


class Refused(ServiceError):
    status, code = 400, "refused"


class Forbidden(ServiceError):
    status, code = 403, "forbidden"


class NotFound(ServiceError):
    status, code = 404, "not_found"


class Stale(ServiceError):
    status, code = 409, "stale"


class Busy(ServiceError):
    """Too much searching going on already (the hints in flight): ask again shortly."""

    status, code = 429, "rate"


class Unavailable(ServiceError):
    """A stored game that this server cannot rebuild (its rules changed since)."""

    status, code = 409, "refused"


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


def describe_game(info: GameInfo) -> dict[str, Any]:
    """``GameInfo.describe()`` with only the variants the web may set, the bots that play
    the game and its rules page (``rules``: ``/rules/<game>``, or None)."""
    data = info.describe()
    allowed = set(info.settable_variants())
    data["variants"] = {k: v for k, v in data["variants"].items() if k in allowed}
    data["bots"] = available_agents(info.id, served=True)
    data["rules"] = rules_link(info)
    return data


def catalog() -> dict[str, Any]:
    return {
        "games": [describe_game(info) for _, info in sorted(games().items())],
        "bots": available_agents(served=True),
    }


def _result(state: State) -> dict[str, Any] | None:
    if not state.is_terminal():
        return None
    return {"scores": list(state.returns()), "winners": state.winners()}


class GameService:
    """Every game of one database, as seen by one server process."""

    def __init__(self, db: Database, settings: Settings, hub: Hub) -> None:
        self.db = db
        self.settings = settings
        self.hub = hub
        self._cache: OrderedDict[str, LiveGame] = OrderedDict()
        self._locks: WeakValueDictionary[str, asyncio.Lock] = WeakValueDictionary()
        self._bots: dict[str, asyncio.Task[None]] = {}
        self._clocks: dict[str, asyncio.Task[None]] = {}
        self._wake: dict[str, asyncio.Event] = {}
        self._windows: dict[str, OpenWindow] = {}
        """The open windows by game, kept for when a game leaves the cache and comes back."""
        self._resume: asyncio.Task[None] | None = None
        self._pruner: asyncio.Task[None] | None = None
        self._closing = False
        self._searches_in_flight = 0
        self._move_clocks: dict[str, tuple[int, float, asyncio.Task[None]]] = {}
        """Per game: the position (log length) whose move is timed, when it runs out, and
        the task that plays for the person then."""
        self._analyses_in_flight = 0
        self.bots = BotRunner(settings)

    # ------------------------------------------------------------------ lifecycle

    def start(self) -> None:
        """Resume the bots (and pending chance) of every unfinished game, in the background."""
        self._closing = False
        self.bots.start()
        self._resume = asyncio.create_task(self._resume_all())
        if self.settings.abandon_after_hours > 0:
            self._pruner = asyncio.create_task(self._prune_loop())

    async def close(self) -> None:
        self._closing = True
        tasks: list[asyncio.Task[None]] = [*self._bots.values(), *self._clocks.values()]
        tasks += [task for _, _, task in self._move_clocks.values()]
        tasks += [t for t in (self._resume, self._pruner) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._bots.clear()
        self._clocks.clear()
        self._move_clocks.clear()
        await self.bots.close()

    async def _resume_all(self) -> None:
        ids = await asyncio.to_thread(self.db.unfinished_games)
        for game_id in ids:
            if self._closing:
                return
            try:
                async with self.lock(game_id):
                    await self.load(game_id)
            except ServiceError as err:
                log.warning("game %s is not resumed: %s", game_id, err.message)
                continue
            self._ensure_bot(game_id)
            self._ensure_clock(game_id)

    # ------------------------------------------------------------------ retention

    async def _prune_loop(self) -> None:
        while not self._closing:
            try:
                await self.prune()
            except Exception:
                log.exception("the retention policy failed; it is tried again later")
            await asyncio.sleep(self.settings.prune_every_seconds)

    async def prune(self) -> list[str]:
        """Apply the retention policy (``abandon_after_hours``): close the unfinished games
        with no move for that long as abandoned, stop their bots and clocks, and tell their
        players. Returns their ids."""
        ids = await asyncio.to_thread(self.db.abandon_idle, self.settings.abandon_after_hours)
        for game_id in ids:
            log.info("game %s is closed as abandoned", game_id)
            async with self.lock(game_id):
                for tasks in (self._bots, self._clocks):
                    task = tasks.pop(game_id, None)
                    if task is not None:
                        task.cancel()
                timed = self._move_clocks.pop(game_id, None)
                if timed is not None:
                    timed[2].cancel()
                self._windows.pop(game_id, None)
                game = self._cache.get(game_id)
                if game is None and self.hub.count(game_id):
                    with contextlib.suppress(ServiceError):
                        game = await self.load(game_id)  # its players are told
                if game is not None:
                    game.abandoned = True
                    game.window = None
                    game.move_ends_at = None
                    game.changed()
                    self.hub.broadcast(game)
        return ids

    async def idle(self, timeout: float = 10.0) -> None:
        """Wait until no bot task runs (for tests and orderly shutdowns)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            if self._resume is not None and not self._resume.done():
                await asyncio.wait({self._resume}, timeout=max(0.0, deadline - loop.time()))
            running = {t for t in self._bots.values() if not t.done()}
            if not running or loop.time() >= deadline:
                return
            await asyncio.wait(running, timeout=max(0.0, deadline - loop.time()))

    # ------------------------------------------------------------------ the cache

    def lock(self, game_id: str) -> asyncio.Lock:
        """The lock every change to ``game_id`` is made under (one per live game)."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock

    def _remember(self, game: LiveGame) -> None:
        self._cache[game.public_id] = game
        self._cache.move_to_end(game.public_id)
        while len(self._cache) > max(1, self.settings.max_cached_games):
            self._cache.popitem(last=False)

    def forget(self, game_id: str) -> None:
        """Drop the live copy; the next use rebuilds it from the database."""
        self._cache.pop(game_id, None)

    async def load(self, game_id: str) -> LiveGame:
        """The live game (rebuilt from the database if it is not in memory). Callers that
        change it hold its lock."""
        game = self._cache.get(game_id)
        if game is not None:
            self._cache.move_to_end(game_id)
            return game
        if not GAME_ID.fullmatch(game_id):
            raise NotFound(f"no game {game_id!r}")
        stored = await asyncio.to_thread(self.db.load_game, game_id)
        if stored is None:
            raise NotFound(f"no game {game_id!r}")
        game = self._build(stored)
        game.keep_window(self._windows.get(game_id))
        self._ensure_move_clock(game)
        self._remember(game)
        self._ensure_bot(game_id)
        self._ensure_clock(game_id)
        return game

    async def get(self, game_id: str) -> LiveGame:
        """The live game, for reading."""
        game = self._cache.get(game_id)
        if game is not None:
            return game
        async with self.lock(game_id):
            return await self.load(game_id)

    def _build(self, stored: StoredGame) -> LiveGame:
        try:
            info = game_info(stored.game)
        except TerranovaError as exc:
            raise Unavailable(f"game {stored.public_id} cannot be played here: {exc}") from None
        if info.rules_version != stored.rules_version:
            raise Unavailable(
                f"game {stored.public_id} was played under {info.name} rules "
                f"{stored.rules_version}; this server has rules {info.rules_version}"
            )
        seats = stored_seats(info, stored)
        try:
            timeline = Timeline.replay(
                stored.game,
                stored.params,
                record_seats(seats),
                stored.seed,
                effective_actions(stored.entries),
            )
        except (ReplayError, LogError, TerranovaError) as exc:
            raise Unavailable(f"game {stored.public_id} does not replay: {exc}") from None
        return LiveGame.from_stored(stored, seats, timeline)

    # ------------------------------------------------------------------ creating

    async def create(self, request: CreateGameRequest) -> tuple[LiveGame, dict[int, str]]:
        """A new game; returns it with the token of every human seat."""
        try:
            info = game_info(request.game)
        except TerranovaError as exc:
            raise BadRequest(str(exc)) from None
        params: dict[str, Any] = dict(request.params)
        allowed = set(info.settable_variants())
        for name, value in params.items():
            if name in info.variants and name not in allowed and value is not None:
                raise BadRequest(f"{info.id}'s parameter {name!r} cannot be set on the web")
        players = params.setdefault("players", len(request.seats))
        if str(players) != str(len(request.seats)):
            raise BadRequest(f"players is {players} but {len(request.seats)} seats are given")
        try:
            resolved: dict[str, Any] = dict(info.resolve(params))
        except TerranovaError as exc:
            raise BadRequest(str(exc)) from None
        delay = self.settings.bot_delay_ms if request.bot_delay_ms is None else request.bot_delay_ms
        if delay > self.settings.max_bot_delay_ms:
            raise BadRequest(f"bot_delay_ms is at most {self.settings.max_bot_delay_ms}")
        response = (
            self.settings.response_seconds
            if request.response_seconds is None
            else request.response_seconds
        )
        if response > self.settings.max_response_seconds:
            raise BadRequest(f"response_seconds is at most {self.settings.max_response_seconds:g}")
        move_seconds = request.move_seconds
        if move_seconds is not None and not (
            MIN_MOVE_SECONDS <= move_seconds <= self.settings.max_move_seconds
        ):
            raise BadRequest(
                f"move_seconds is from {MIN_MOVE_SECONDS:g} to {self.settings.max_move_seconds:g}"
            )

        seats: list[SeatInfo] = []
        tokens: dict[int, str] = {}
        automata = info.automaton_seats(resolved)
        for index, seat in enumerate(request.seats):
            try:
                name = seat_name(seat.name)
            except ValueError as exc:
                raise BadRequest(
                    f"seat {index}: a name has no control, separator or direction-changing "
                    f"characters ({exc})"
                ) from None
            if len(name) > self.settings.max_seat_name:
                raise BadRequest(
                    f"seat {index}: a name has at most {self.settings.max_seat_name} characters"
                )
            if seat.kind == "automaton" or index in automata:
                seats.append(_automaton(info, automata, index, seat.kind, seat.bot, name))
                continue
            if seat.kind == "bot":
                spec = (seat.bot or "").strip()
                if not spec:
                    raise BadRequest(f"seat {index} is a bot: say which (bot: 'greedy', …)")
                try:
                    check_agent(spec, info.id, limits(self.settings))
                except TerranovaError as exc:
                    raise BadRequest(f"seat {index}: {exc}") from None
                seats.append(SeatInfo(index, "bot", name or spec, spec, None))
            elif seat.kind == "open":
                if seat.bot is not None:
                    raise BadRequest(f"seat {index} is open to a person: it has no bot")
                seats.append(SeatInfo(index, "open", name or f"Player {index + 1}", None, None))
            else:
                if seat.bot is not None:
                    raise BadRequest(f"seat {index} is human: it has no bot")
                token = secrets.token_urlsafe(24)
                tokens[index] = token
                seats.append(
                    SeatInfo(index, "human", name or f"Player {index + 1}", None, hash_token(token))
                )
        game = await self._start(
            info,
            resolved,
            seats,
            delay,
            response,
            request.practice,
            hints=request.hints,
            move_seconds=move_seconds,
        )
        return game, tokens

    async def _start(
        self,
        info: GameInfo,
        resolved: dict[str, Any],
        seats: list[SeatInfo],
        delay: int,
        response: float,
        practice: bool,
        rematch_of: int | None = None,
        hints: bool = False,
        move_seconds: float | None = None,
    ) -> LiveGame:
        """Deal a new game of ``info`` with these checked parameters and seats, store it
        (as the rematch of the game ``rematch_of``, if given) and start its bots."""
        seed = secrets.randbits(63)
        try:
            timeline = Timeline(info.id, resolved, record_seats(seats), seed)
            while timeline.state.current_player() == CHANCE:
                timeline.apply(chance_outcome(timeline.state, seed, timeline.ply))
        except TerranovaError as exc:
            raise BadRequest(f"the game cannot start: {exc}") from None
        params_stored = timeline.state.params()
        entries = [Entry(ply, ply, text) for ply, text in enumerate(timeline.texts)]
        stored_seats = [StoredSeat(s.seat, s.kind, s.name, s.bot, s.token_hash) for s in seats]
        public_id = secrets.token_urlsafe(9)
        state = timeline.state
        # shielded, as _write: a cancelled request may still have written the game
        stored = await asyncio.shield(
            asyncio.to_thread(
                self.db.create_game,
                public_id,
                info.id,
                params_stored,
                seed,
                info.rules_version,
                delay,
                response,
                stored_seats,
                entries,
                "finished" if state.is_terminal() else "playing",
                _result(state),
                practice,
                rematch_of,
                hints,
                move_seconds,
            )
        )
        game = LiveGame.from_stored(stored, seats, timeline)
        self._ensure_move_clock(game)
        self._remember(game)
        self._ensure_bot(public_id)
        self._ensure_clock(public_id)
        return game

    async def open_tables(self) -> list[OpenGame]:
        """The newest games being played that have an open seat (at most
        ``max_open_tables``), as the database has them: nothing is replayed to list them."""
        listed = await asyncio.to_thread(self.db.open_games, self.settings.max_open_tables)
        known = games()
        return [game for game in listed if game.game in known]

    async def join(
        self, game_id: str, seat: int | None, name: str | None
    ) -> tuple[LiveGame, int, str]:
        """Give an open seat of a game being played (``seat``, or the first one) to whoever
        asks: it becomes a person's seat with this name; answers the game, the seat and its
        new token. Stale if no seat is open any more (someone joined first)."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            if not game.playing:
                raise Stale("the game is not being played any more")
            free = [s.seat for s in game.seats if s.kind == "open"]
            if seat is None:
                if not free:
                    raise Stale("every seat of this game is taken")
                seat = free[0]
            elif not 0 <= seat < len(game.seats):
                raise BadRequest(f"this game has no seat {seat}")
            elif seat not in free:
                raise Stale(f"seat {seat} is not open: someone holds it")
            try:
                shown = seat_name(name) or game.seats[seat].name
            except ValueError as exc:
                raise BadRequest(
                    f"a name has no control, separator or direction-changing characters ({exc})"
                ) from None
            if len(shown) > self.settings.max_seat_name:
                raise BadRequest(f"a name has at most {self.settings.max_seat_name} characters")
            token = secrets.token_urlsafe(24)
            digest = hash_token(token)
            try:
                was = StoredSeat(seat, "open", game.seats[seat].name, None, None)
                now = StoredSeat(seat, "human", shown, None, digest)
                await asyncio.shield(asyncio.to_thread(self.db.change_seat, game.pk, was, now))
            except asyncio.CancelledError:
                self.forget(game_id)  # the seat may have been taken all the same
                raise
            except ConflictError:
                self.forget(game_id)
                raise Stale(f"seat {seat} is not open any more: someone joined first") from None
            game.seats[seat] = SeatInfo(seat, "human", shown, None, digest)
            self._changed(game)
            return game, seat, token

    async def resign(self, game_id: str, seat: int, token: str | None) -> LiveGame:
        """``seat``'s person leaves a game being played: the seat goes on as the bot
        ``RESIGNED_BOT``, named "<name> (resigned)" (so the record says so), and the
        token no longer plays it."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            self.authorize(game, seat, token)
            if not game.playing:
                raise Refused("the game is over" if game.finished else ABANDONED)
            old = game.seats[seat]
            now = SeatInfo(seat, "bot", f"{old.name} (resigned)", RESIGNED_BOT, None)
            was = StoredSeat(seat, old.kind, old.name, old.bot, old.token_hash)
            stored = StoredSeat(seat, now.kind, now.name, now.bot, None)
            entry = resign_entry(game.seq, game.ply, seat)
            try:
                await asyncio.shield(
                    asyncio.to_thread(self.db.change_seat, game.pk, was, stored, [entry])
                )
            except asyncio.CancelledError:
                self.forget(game_id)  # the seat may have changed all the same
                raise
            except ConflictError:
                self.forget(game_id)
                raise Stale("the game has moved on: the seat or the game changed") from None
            game.seats[seat] = now
            game.resigned.add(seat)
            game.seq += 1
            self.hub.unseat(game_id, seat)
            self._changed(game)
            return game

    async def rematch(self, game_id: str, seat: int, token: str | None) -> tuple[LiveGame, int]:
        """The rematch of a finished game, asked for by one of its people: the same game,
        variants and seats, a new deal, everyone one seat on (:meth:`LiveGame.rematch_seats`),
        each person with the token they had. Asked again, by anyone, it is the same game.
        Answers it with the seat of the one who asked."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            self.authorize(game, seat, token)
            if not game.finished:
                raise Stale("a rematch is offered once the game is over")
            moved = game.rematch_seats()
            if game.rematch is None:
                info = game_info(game.game)
                try:
                    resolved = dict(info.resolve(game.params))
                except TerranovaError as exc:
                    raise Unavailable(f"the game cannot be replayed: {exc}") from None
                seats = [
                    self._rematch_seat(info, s, moved[s.seat], s.seat in game.resigned)
                    for s in sorted(game.seats, key=lambda s: moved[s.seat])
                ]
                try:
                    new = await self._start(
                        info,
                        resolved,
                        seats,
                        min(game.bot_delay_ms, self.settings.max_bot_delay_ms),
                        min(game.response_seconds, self.settings.max_response_seconds),
                        game.practice,
                        rematch_of=game.pk,
                        hints=game.hints,
                        move_seconds=game.move_seconds,
                    )
                except asyncio.CancelledError:
                    self.forget(game_id)  # the rematch may have been written all the same
                    raise
                except ConflictError:  # another process made it first
                    self.forget(game_id)
                    game = await self.load(game_id)
                else:
                    game.rematch = new.public_id
                self._changed(game)
            if game.rematch is None:  # the game was marked, then is not: never seen
                raise Unavailable("the rematch could not be made: try again")
            return await self.get(game.rematch), moved[seat]

    async def hint(self, game_id: str, seat: int, token: str | None) -> tuple[int, dict[str, Any]]:
        """What our search bot would play for ``seat``, which is to decide now, with its
        estimate and the moves it weighed (:func:`~terranova.agents.advice.advise`); the
        seat is noted as having asked (the record says so). One search per position and
        seat: asked again, even while it runs, the same answer. At most
        ``max_searches_in_flight`` searches at once on this server (Busy beyond). Answers the
        ply it is for, and the advice."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            self.authorize(game, seat, token)
            if not game.playing:
                raise Refused("the game is over" if game.finished else ABANDONED)
            if not game.allows_hints(seat):
                raise Forbidden(
                    "hints are off at this table: in a game between people, its creator "
                    "must allow them"
                )
            if game.to_move() != seat or game.window is not None:
                raise Refused("a hint is for your own move: it is not your turn")
            key = (seat, game.seq)
            ply = game.ply
            search = game.advice.get(key)
            if search is None:
                if self._searches_in_flight >= self.settings.max_searches_in_flight:
                    raise Busy("the search bots are busy: ask for the hint again in a moment")
                s = self.settings
                job = position_job(
                    game,
                    f"ismcts:iterations={min(s.hint_iterations, s.max_bot_iterations)}",
                    derive_seed(game.seed, "hint", seat, game.seq),
                    advice=True,
                )
                search = game.advice[key] = self._searching(self._advise(job))
                if seat not in game.hinted:
                    try:
                        hinted = await asyncio.to_thread(self.db.mark_hinted, game.pk, seat)
                    except BaseException:
                        search.cancel()
                        game.advice.pop(key, None)
                        raise
                    game.hinted = set(hinted)
        # awaited without the game's lock: moves go on meanwhile, the answer names its ply
        wait = 2 * (self.settings.max_bot_seconds + self.settings.bot_grace_seconds) + 5
        try:
            advice = await asyncio.wait_for(asyncio.shield(search), timeout=wait)
        except TimeoutError:
            search.cancel()  # a job still queued is then skipped by the workers
            game.advice.pop(key, None)
            raise Unavailable("no hint could be found in time: try again") from None
        except ServiceError:
            if game.advice.get(key) is search:
                del game.advice[key]  # a failed search is not kept: the next ask tries again
            raise
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if search.cancelled() and not (task is not None and task.cancelling()):
                raise Stale("the game moved on while the hint was searched") from None
            raise
        return ply, advice

    async def analysis(self, game_id: str) -> dict[str, Any]:
        """A finished game reviewed by our search bot (:func:`~terranova.agents.advice.review`):
        every decision with a choice scored by what it lost against the move the bot
        preferred, the biggest mistakes, and each seat's mean loss. Searched once per game
        (kept while the game is in memory), within ``max_searches_in_flight``."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            if not game.finished:
                raise Stale("the analysis is available once the game is over")
            search = game.analysis
            if search is None:
                s = self.settings
                # one bot worker at least is kept for the bots' moves
                if s.bot_processes < 2:
                    raise Unavailable(
                        "this server keeps its one bot worker for the bots' moves: it makes "
                        "no analyses"
                    )
                if (
                    self._searches_in_flight >= s.max_searches_in_flight
                    or self._analyses_in_flight >= s.bot_processes - 1
                ):
                    raise Busy("the search bots are busy: ask for the analysis again in a moment")
                iterations = min(s.analysis_iterations, s.max_bot_iterations)
                job = position_job(
                    game,
                    # no rollouts: the positions' own estimates, for a game's many decisions
                    f"ismcts:iterations={iterations},depth=0",
                    derive_seed(game.seed, "analysis"),
                    review=True,
                    seconds=s.max_analysis_seconds,
                )
                self._analyses_in_flight += 1
                search = game.analysis = self._searching(self._review(job, iterations))
                search.add_done_callback(self._analysis_done)
        try:
            timeout = self.settings.max_analysis_seconds + 10
            return await asyncio.wait_for(asyncio.shield(search), timeout=timeout)
        except TimeoutError:
            if game.analysis is search:
                game.analysis = None
            raise Unavailable("the analysis took too long: try again later") from None
        except ServiceError:
            if game.analysis is search:
                game.analysis = None  # a failed review is not kept: the next ask tries again
            raise

    def _searching(self, work: Coroutine[Any, Any, T]) -> asyncio.Future[T]:
        """``work`` (a hint's or an analysis's search) started, counted in flight until it
        ends, however it ends (even cancelled before it began)."""
        self._searches_in_flight += 1
        future = asyncio.ensure_future(work)
        future.add_done_callback(self._search_done)
        return future

    def _search_done(self, _: asyncio.Future[Any]) -> None:
        self._searches_in_flight -= 1

    def _analysis_done(self, _: asyncio.Future[Any]) -> None:
        self._analyses_in_flight -= 1

    async def _review(self, job: BotJob, iterations: int) -> dict[str, Any]:
        judged = await self.bots.review(job)
        if judged is None:
            raise Unavailable("the analysis could not be made: try again later")
        mistakes = sorted(
            (j for j in judged if j["loss"] >= MISTAKE), key=lambda j: (-j["loss"], j["ply"])
        )
        seats = sorted({j["seat"] for j in judged})
        return {
            "bot": job.spec,
            "iterations": iterations,
            "decisions": judged,
            "mistakes": mistakes[:MISTAKES_SHOWN],
            "seats": [
                {
                    "seat": seat,
                    "decisions": len(mine),
                    "mean_loss": round(sum(j["loss"] for j in mine) / len(mine), 3),
                    "mistakes": sum(j["loss"] >= MISTAKE for j in mine),
                }
                for seat in seats
                for mine in [[j for j in judged if j["seat"] == seat]]
            ],
        }

    async def _advise(self, job: BotJob) -> dict[str, Any]:
        advice = await self.bots.advise(job)
        if advice is None:
            raise Unavailable("no hint could be found in time: try again")
        return advice

    def _rematch_seat(
        self, info: GameInfo, seat: SeatInfo, moved_to: int, resigned: bool
    ) -> SeatInfo:
        """``seat``'s player at seat ``moved_to`` of the rematch, checked as a new game's
        seat is (a bot over this server's limits now is refused); a default name follows
        the seat."""
        if seat.kind == "bot" and seat.bot is not None:
            try:
                check_agent(seat.bot, info.id, limits(self.settings))
            except TerranovaError as exc:
                raise Refused(f"the rematch cannot be made: seat {seat.seat}: {exc}") from None
        name = seat.name[: self.settings.max_seat_name]
        if resigned:
            name = seat.bot or RESIGNED_BOT  # the person left: the bot plays the rematch
        if name == f"Player {seat.seat + 1}":
            name = f"Player {moved_to + 1}"
        return replace(seat, seat=moved_to, name=name)

    # ------------------------------------------------------------------ playing

    def authorize(self, game: LiveGame, seat: int | None, token: str | None) -> int:
        """The seat, if ``token`` is its token; raises Forbidden otherwise."""
        if seat is None or not token:
            raise Forbidden("acting needs a seat and its token")
        if not 0 <= seat < len(game.seats):
            raise Forbidden(f"this game has no seat {seat}")
        expected = game.seats[seat].token_hash
        if game.seats[seat].kind == "open":
            raise Forbidden(f"seat {seat} is open: join it first")
        if expected is None:
            raise Forbidden(f"seat {seat} is played by {_machine(game.seats[seat].kind)}")
        if not hmac.compare_digest(expected, hash_token(token)):
            raise Forbidden(f"that is not the token of seat {seat}")
        return seat

    async def act(
        self, game_id: str, seat: int, token: str | None, text: str, ply: int
    ) -> LiveGame:
        """Play ``text`` for ``seat`` if it is legal at ``ply``; the game is unchanged
        otherwise (Forbidden, Malformed, Stale, Illegal)."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            self.authorize(game, seat, token)
            state = game.state
            try:
                action = state.parse_action(text)
            except (TerranovaError, ValueError) as exc:
                raise Malformed(str(exc)) from None
            if game.finished:
                raise Illegal("the game is over")
            if game.abandoned:
                raise Illegal(ABANDONED)
            window = game.window
            answering = window is not None and seat in window.rules.seats
            # an answer to a window may be sent from any position of that window
            if ply != game.ply and not (
                answering and window and window.opened_at_ply <= ply <= game.ply
            ):
                raise Stale(f"the game has moved on: it is at ply {game.ply}, not {ply}")
            if answering and window is not None:
                if seat in window.passed:
                    raise Illegal("you have already let this action pass")
                if seat != game.to_move() and action == window.rules.let_pass:
                    window.passed.add(seat)
                    game.changed()
                    # only this seat's message changes: telling the others would tell
                    # them it was asked (in a game that asks only some seats, e.g. those
                    # holding a card that answers, that it holds one)
                    self.hub.broadcast(game, seat, only=True)
                    self._ensure_clock(game_id)
                    return game
                actions = game.window_answer(seat, action)
            else:
                to_move = game.to_move()
                if to_move != seat:
                    who = (
                        "nobody"
                        if to_move is None
                        else f"{game.seats[to_move].name} (seat {to_move})"
                    )
                    raise Illegal(f"it is not your turn: {who} is to move")
                actions = [action]
            probe = state.clone()
            try:
                for step in actions:
                    probe.apply(step)
            except TerranovaError as exc:
                raise Illegal(str(exc)) from None
            except Exception:
                log.exception("game %s: the rules failed on %r", game_id, text)
                raise Illegal(f"the rules cannot apply {text!r}") from None
            if answering and window is not None:
                actions += _early_passes(probe, window)
            drawn = settle(probe, game.seed)
            await self._commit(game, [*actions, *drawn], probe, answered_by=seat)
            return game

    async def undo(self, game_id: str, seat: int, token: str | None) -> LiveGame:
        """Take back ``seat``'s previous decision (and, in a practice game, whatever
        followed it)."""
        async with self.lock(game_id):
            game = await self.load(game_id)
            self.authorize(game, seat, token)
            target = game.undo_target(seat)
            if target is None:
                if game.finished:
                    raise Refused("the game is over")
                if game.abandoned:
                    raise Refused(ABANDONED)
                if not game.against_machines(seat):
                    raise Refused("undo is only for games against bots")
                if game.timeline.last_decision(seat) is None:
                    raise Refused("you have nothing to undo")
                raise Refused(
                    "your last move stands: something you could not see has been shown since "
                    "(a draw, a bot's move, or what your move revealed); only practice games "
                    "undo without limit"
                )
            entry = Entry(game.seq, target, f"back to ply {target}", "undo")
            await self._write(game, [entry], "playing", None)
            game.timeline = Timeline.replay(
                game.game, game.params, game.record_seats(), game.seed, game.timeline.texts[:target]
            )
            game.seq += 1
            game.window = None
            self._changed(game)
            return game

    async def _commit(
        self,
        game: LiveGame,
        actions: Sequence[Action],
        after: State,
        answered_by: int | None = None,
    ) -> None:
        """Write ``actions`` (played from the live state, giving ``after``), then apply them
        to the live game and tell everyone. ``answered_by``: the seat whose decision this
        is, which keeps the clock of a response window it answered."""
        entries = [
            Entry(game.seq + i, game.ply + i, str(action)) for i, action in enumerate(actions)
        ]
        status = "finished" if after.is_terminal() else "playing"
        await self._write(game, entries, status, _result(after))
        for action in actions:
            game.timeline.apply(action)
        game.seq += len(entries)
        self._changed(game, answered_by)

    async def _write(
        self,
        game: LiveGame,
        entries: Sequence[Entry],
        status: str,
        result: dict[str, Any] | None,
    ) -> None:
        write = asyncio.ensure_future(
            asyncio.to_thread(self.db.append, game.pk, entries, status, result)
        )
        try:
            await asyncio.shield(write)
        except asyncio.CancelledError:
            # the write may land all the same: the next use rebuilds from the database
            self.forget(game.public_id)
            raise
        except ConflictError:
            self.forget(game.public_id)
            raise Stale(
                "the game has moved on: another move landed first, or it was closed"
            ) from None

    def _changed(self, game: LiveGame, answered_by: int | None = None) -> None:
        game.changed()
        for key in [k for k in game.advice if k[1] != game.seq]:
            game.advice.pop(key).cancel()  # a hint for a position that is gone
        game.track_window(answered_by)
        if game.window is None:
            self._windows.pop(game.public_id, None)
        else:
            self._windows[game.public_id] = game.window
        self._ensure_move_clock(game)  # after the window: no move is timed while one is open
        self.hub.broadcast(game)
        self._ensure_bot(game.public_id)
        self._ensure_clock(game.public_id)

    # ------------------------------------------------------------------ time per move

    def _ensure_move_clock(self, game: LiveGame) -> None:
        """At a table with a time per move, time the move of the person to move: a clock per
        position (log length), kept while the position stands, even if the game leaves the
        cache; ``game.move_ends_at`` says when it runs out."""
        game_id = game.public_id
        actor = game.to_move()
        timed = (
            game.move_seconds is not None
            and game.playing
            and game.window is None
            and actor is not None
            and game.seats[actor].kind == "human"
            and not self._closing
        )
        kept = self._move_clocks.get(game_id)
        if kept is not None and (not timed or kept[0] != game.seq):
            if kept[2] is not asyncio.current_task():
                kept[2].cancel()
            del self._move_clocks[game_id]
            kept = None
        if not timed or actor is None or game.move_seconds is None:
            game.move_ends_at = None
            return
        if kept is None:
            ends_at = time.time() + game.move_seconds
            task = asyncio.create_task(self._move_clock(game_id, game.seq, actor, ends_at))
            kept = self._move_clocks[game_id] = (game.seq, ends_at, task)
        game.move_ends_at = kept[1]

    async def _move_clock(self, game_id: str, seq: int, seat: int, ends_at: float) -> None:
        """When the time of ``seat``'s move runs out at the position ``seq``, play
        ``greedy``'s move for it."""
        try:
            await asyncio.sleep(max(0.0, ends_at - time.time()))
            async with self.lock(game_id):
                game = await self.load(game_id)
                if game.seq != seq or game.to_move() != seat or game.window is not None:
                    return
                snapshot = game.state.clone()
                job = position_job(
                    game, TIMEOUT_BOT, derive_seed(game.seed, "timeout", seat, game.ply)
                )
            log.info("game %s: seat %d ran out of time; %s plays for it", game_id, seat, job.spec)
            await self._play_chosen(job, snapshot, seq, seat)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the move clock of game %s stops", game_id)
        finally:
            kept = self._move_clocks.get(game_id)
            if kept is not None and kept[2] is asyncio.current_task():
                del self._move_clocks[game_id]
                cached = self._cache.get(game_id)
                if cached is not None and cached.move_ends_at == ends_at:
                    cached.move_ends_at = None  # stopped early: no countdown to nothing
                    cached.changed()
                    self.hub.broadcast(cached)

    # ------------------------------------------------------------------ response windows

    def _ensure_clock(self, game_id: str) -> None:
        """Start (or wake) the task that lets a response window pass for the people who
        have let it pass or who are out of time."""
        if self._closing:
            return
        game = self._cache.get(game_id)
        if game is not None and game.window is None:
            return
        wake = self._wake.get(game_id)
        if wake is not None:
            wake.set()
        task = self._clocks.get(game_id)
        if task is not None and not task.done():
            return
        self._wake[game_id] = asyncio.Event()
        self._clocks[game_id] = asyncio.create_task(
            self._guarded("response clock", game_id, self._clocks, self._clock_loop(game_id))
        )

    async def _clock_loop(self, game_id: str) -> None:
        """Let the open window pass for its seats that have let it pass or are out of time,
        sleeping until its clock runs out or a change wakes it."""
        try:
            await self._run_clock(game_id)
        finally:
            if self._clocks.get(game_id) is asyncio.current_task():
                self._wake.pop(game_id, None)

    async def _run_clock(self, game_id: str) -> None:
        while not self._closing:
            wake = self._wake[game_id]
            wake.clear()
            async with self.lock(game_id):
                game = await self.load(game_id)
                window = game.window
                if window is None or not game.playing:
                    return
                first = window.rules.seats[0]
                if game.seats[first].kind == "bot":
                    return  # the bots' task answers; a commit starts this again
                now = time.monotonic()
                if first in window.passed or now >= window.deadline:
                    probe = game.state.clone()
                    probe.apply(window.rules.let_pass)
                    actions = [window.rules.let_pass, *_early_passes(probe, window)]
                    drawn = settle(probe, game.seed)
                    with contextlib.suppress(Stale):
                        await self._commit(game, [*actions, *drawn], probe, answered_by=first)
                    continue
                wait = window.deadline - now
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), timeout=wait)

    # ------------------------------------------------------------------ bots

    def _needs_server(self, game: LiveGame) -> bool:
        if game.abandoned:
            return False
        actor = game.state.current_player()
        return actor == CHANCE or (actor >= 0 and game.seats[actor].kind == "bot")

    def _ensure_bot(self, game_id: str) -> None:
        """Start the task that moves for the bots of ``game_id`` if they are to move."""
        if self._closing:
            return
        task = self._bots.get(game_id)
        if task is not None and not task.done():
            return
        game = self._cache.get(game_id)
        if game is not None and not self._needs_server(game):
            return
        self._bots[game_id] = asyncio.create_task(
            self._guarded("bots", game_id, self._bots, self._bot_loop(game_id))
        )

    async def _bot_loop(self, game_id: str) -> None:
        """Move for the bots (and resolve chance) while a bot is to move."""
        while not self._closing:
            async with self.lock(game_id):
                game = await self.load(game_id)
                if not self._needs_server(game):
                    return
                seq = game.seq
                actor = game.state.current_player()
                if actor == CHANCE:  # resolved at once (normally done with the move)
                    probe = game.state.clone()
                    await self._commit(game, settle(probe, game.seed), probe)
                    continue
                if actor < 0 or game.seats[actor].kind != "bot":
                    return
                delay = game.bot_delay_ms / 1000
            if delay > 0:
                await asyncio.sleep(delay)
            async with self.lock(game_id):
                game = await self.load(game_id)
                if game.seq != seq:
                    continue
                snapshot = game.state.clone()
                job = position_job(
                    game,
                    game.seats[actor].bot or "random",
                    derive_seed(game.seed, "bot", actor, game.ply),
                )
            if not await self._play_chosen(job, snapshot, seq, actor):
                return

    async def _play_chosen(self, job: BotJob, snapshot: State, seq: int, actor: int) -> bool:
        """Play for ``actor`` the move ``job``'s bot chooses on ``snapshot``, the position
        ``seq`` of its game, with what follows it at once (the early passes of a response
        window it answers, chance); nothing if the game has moved on meanwhile. False if the
        bot chose an illegal action."""
        action = await self.bots.choose(job, snapshot)
        async with self.lock(job.game_id):
            game = await self.load(job.game_id)
            if game.seq != seq or not game.playing:
                return True
            probe = game.state.clone()
            try:
                probe.apply(action)
            except TerranovaError as exc:
                log.error("game %s: bot %s chose an illegal action: %s", job.game_id, job.spec, exc)
                return False
            answered = game.window
            early = _early_passes(probe, answered) if answered is not None else []
            drawn = [*early, *settle(probe, game.seed)]
            with contextlib.suppress(Stale):
                await self._commit(game, [action, *drawn], probe, answered_by=actor)
        return True

    async def _guarded(
        self,
        what: str,
        game_id: str,
        tasks: dict[str, asyncio.Task[None]],
        work: Coroutine[Any, Any, None],
    ) -> None:
        """Run a game's background ``work``: a failure is logged, never raised, and the task
        leaves ``tasks`` when it ends."""
        try:
            await work
        except asyncio.CancelledError:
            raise
        except ServiceError as err:
            log.warning("%s of game %s stops: %s", what, game_id, err.message)
        except Exception:
            log.exception("%s of game %s stops", what, game_id)
        finally:
            if tasks.get(game_id) is asyncio.current_task():
                del tasks[game_id]


def position_job(game: LiveGame, spec: str, seed: int, **kind: Any) -> BotJob:
    """A bot worker's job on ``game``'s position now: a move, or with ``advice=True`` or
    ``review=True`` (and its ``seconds``) a hint or a review."""
    return BotJob(
        game.public_id, game.game, game.params, tuple(game.timeline.texts), spec, seed, **kind
    )


def _automaton(
    info: GameInfo, automata: range, index: int, kind: SeatKind, bot: str | None, name: str
) -> SeatInfo:
    """Seat ``index``, which the request makes ``kind`` and the game's ``automata`` (the seats
    it plays itself) may make its automaton's; raises BadRequest unless both agree."""
    variant = info.automaton_variant
    if variant is None:
        raise BadRequest(f"seat {index}: {info.id} plays no seat itself (it has no automaton)")
    count = f"{variant}={len(automata)}"
    if index not in automata:
        plays = (
            "no seat"
            if not automata
            else f"seat {automata.start}"
            if len(automata) == 1
            else f"seats {automata.start} to {automata.stop - 1}"
        )
        raise BadRequest(f"seat {index}: with {count}, the automaton plays {plays}")
    if kind != "automaton":
        raise BadRequest(
            f"seat {index} is played by the automaton ({count}): its kind is automaton, not {kind}"
        )
    if bot is not None:
        raise BadRequest(f"seat {index} is played by the automaton: it has no bot")
    return SeatInfo(index, "automaton", name or "Automaton", None, None)


def _machine(kind: str) -> str:
    return "the automaton" if kind == "automaton" else "a bot"


def _early_passes(state: State, window: OpenWindow) -> list[Action]:
    """Apply (to ``state``) the answers of the seats next in ``window`` that have let it pass
    already; returns them."""
    played: list[Action] = []
    while True:
        rules = state.response_window()
        if (
            rules is None
            or rules.seats[0] not in window.passed
            or window.rules.seats[len(window.rules.seats) - len(rules.seats) :] != rules.seats
        ):
            return played
        state.apply(rules.let_pass)
        played.append(rules.let_pass)


__all__ = [
    "BadRequest",
    "Forbidden",
    "GameService",
    "Illegal",
    "Malformed",
    "NotFound",
    "Refused",
    "ServiceError",
    "Stale",
    "Unavailable",
    "catalog",
    "describe_game",
    "hash_token",
]
