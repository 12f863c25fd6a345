"""The game service: creates games, checks and applies moves, and is the one way a move
is committed, whoever makes it (a person through a route, a bot, a clock).

A move goes down the layers once: under the game's lock (:mod:`~terranova.server.cache`)
the service checks it, writes it to the store (one transaction: the decision and the
chance outcomes it leads to), applies it to the live game, then tells the parts that
follow a game: the move clock (:mod:`~terranova.server.clocks`), the live-update fan-out
(:mod:`~terranova.server.hub`), the server's own moves (:mod:`~terranova.server.autoplay`)
and the response windows' clock. The store's ``UNIQUE(game, seq)`` stops a second writer
(another process) whose live copy was behind: its insert fails, the request answers 409
and the copy is dropped, to be rebuilt from the store.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import math
import secrets
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any, TypeVar

from terranova.agents import available_agents, check_agent
from terranova.core.errors import TerranovaError
from terranova.core.i18n import SOURCE, Text, _, _n, translate
from terranova.core.registry import GameInfo, game_info, games
from terranova.core.state import CHANCE, State
from terranova.server.autoplay import Autoplay
from terranova.server.bots import BotRunner, limits
from terranova.server.cache import GameCache, catch_up
from terranova.server.clocks import MoveClocks, WindowClocks
from terranova.server.errors import (
    ABANDONED,
    GAME_OVER,
    BadRequest,
    Busy,
    Forbidden,
    Illegal,
    NotFound,
    Refused,
    ServiceError,
    Stale,
    TooManyGames,
    Unavailable,
)
from terranova.server.hub import Hub
from terranova.server.languages import game_domains
from terranova.server.limits import address_digest
from terranova.server.live import (
    Appended,
    LiveGame,
    Move,
    SeatInfo,
    Timeline,
    chance_outcome,
    needs_runner,
    record_seats,
    result_of,
    waits_for,
)
from terranova.server.metrics import Metrics
from terranova.server.models import CreateGameRequest, SeatKind
from terranova.server.rules_pages import rules_link
from terranova.server.searches import Searches
from terranova.server.seats import authorize, hash_token, seat_name
from terranova.server.settings import Settings
from terranova.server.store import (
    AccountGame,
    ConflictError,
    Entry,
    GameLimitReached,
    GameStore,
    HourlyLimitReached,
    OpenGame,
    new_public_id,
    resign_entry,
)

log = logging.getLogger("terranova.server")

T = TypeVar("T")

RESIGNED_BOT = "greedy"
"""Who plays on for a person who resigns."""
MIN_MOVE_SECONDS = 1.0
"""The shortest time per move a table may set."""


def describe_game(info: GameInfo, lang: str = SOURCE) -> dict[str, Any]:
    """``GameInfo.describe()`` with only the variants the web may set, its texts in
    ``lang``, the bots that play the game and its rules page (``rules``: ``/rules/<game>``,
    or None)."""
    data = info.describe()
    dom = game_domains().get(info.id)
    allowed = set(info.settable_variants())
    data["description"] = translate(dom, lang, data["description"])
    data["variants"] = {
        k: v | {t: translate(dom, lang, v[t]) for t in ("description", "note", "label")}
        for k, v in data["variants"].items()
        if k in allowed
    }
    data["bots"] = available_agents(info.id, served=True)
    data["rules"] = rules_link(info)
    return data


def distinct_names(seats: list[SeatInfo]) -> list[SeatInfo]:
    """The seats, those that share a name numbered in seat order ("greedy 1", "greedy 2"),
    so that "greedy wins" says which one."""
    counts = Counter(seat.name for seat in seats)
    taken = set(counts)
    numbered: Counter[str] = Counter()
    out: list[SeatInfo] = []
    for seat in seats:
        name = seat.name
        if counts[name] > 1:
            numbered[name] += 1
            name = f"{seat.name} {numbered[seat.name]}"
            while name in taken:  # a seat already named so ("greedy 2" beside two "greedy")
                name += "'"
            taken.add(name)
        out.append(replace(seat, name=name))
    return out


def catalog(lang: str = SOURCE) -> dict[str, Any]:
    """The games that may be played, their texts in ``lang``, and the bots."""
    return {
        "games": [describe_game(info, lang) for _, info in sorted(games().items())],
        "bots": available_agents(served=True),
    }


class GameService:
    """Every game of one store, as seen by one server process."""

    def __init__(
        self, store: GameStore, settings: Settings, hub: Hub, metrics: Metrics | None = None
    ) -> None:
        self.store = store
        self.metrics = metrics or Metrics()
        self.settings = settings
        self.hub = hub
        self.games = GameCache(store, settings, self._loaded)
        self.bots = BotRunner(settings)
        self.published_ratings: Callable[[], dict[str, dict[str, Any]]] | None = None
        """The bots' published ratings, by game and bot (None: no game is rated here)."""
        self.on_finished: Callable[[int], None] | None = None
        """Told the key of each game that a move of this process ended (its ratings)."""
        self.held: set[str] = set()
        """The games this process runs: it holds their leases (see :mod:`.store`)."""
        self._writes = itertools.count(1)
        self._leased: dict[str, int] = {}
        """The games held, by the number of the write here that last took or kept their
        lease (a renewal that misses a lease checks that no write decided it since)."""
        self.unresumable: set[str] = set()
        """Games whose lease this process took but which it cannot run (their rules changed
        since, say): it gives their leases up and takes them no more, for another process."""
        self.autoplay = Autoplay(
            self.games,
            self.bots,
            self.commit,
            self.runs,
            settings.min_unwatched_bot_delay_ms,
            settings.unwatched_bot_moves_per_second,
        )
        self.move_clocks = MoveClocks(self.games, self.autoplay, hub.broadcast, self.runs)
        self.windows = WindowClocks(self.games, self.commit, self.runs)
        self.searches = Searches(self.games, store, self.bots, settings, self._tell)
        self.listeners: list[Callable[[LiveGame], None]] = [
            Searches.moved_on,  # the hints of the position left
            self.games.remember_window,  # kept for a rebuild
            # after the window: no move is timed while one is open
            self.move_clocks.ensure,
            self.autoplay.moved,  # the server's own moves, if due
            self.windows.moved,  # the window's clock
            self.hub.broadcast,  # every connection its own message, last
        ]
        """Who :meth:`moved` tells of a change, in order."""
        self._resume: asyncio.Task[None] | None = None
        self._leaser: asyncio.Task[None] | None = None
        self._pruner: asyncio.Task[None] | None = None
        self._closing = False
        self._background: set[asyncio.Task[None]] = set()
        self._resuming: set[str] = set()

    # ------------------------------------------------------------------ lifecycle

    @property
    def running(self) -> bool:
        """Started and not stopping."""
        return self._resume is not None and not self._closing

    @property
    def stopping(self) -> bool:
        return self._closing

    @property
    def resuming(self) -> int:
        """Games whose lease this process took (their process died) still to resume."""
        return len(self._resuming)

    def start(self) -> None:
        """Resume the bots (and pending chance) of every unfinished game, in the background."""
        self._closing = False
        for part in (self.autoplay, self.move_clocks, self.windows):
            part.closing = False
        self.bots.start()
        self._resume = asyncio.create_task(self._take_orphans())
        self._leaser = asyncio.create_task(self._lease_loop())
        if self.settings.abandon_after_hours > 0:
            self._pruner = asyncio.create_task(self._prune_loop())

    async def close(self) -> None:
        self._closing = True
        tasks = [t for t in (self._resume, self._leaser, self._pruner) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(
            self.searches.close(),
            self.autoplay.close(),
            self.windows.close(),
            self.move_clocks.close(),
            *tasks,
            return_exceptions=True,
        )
        try:  # another process takes the games over at once
            await asyncio.to_thread(self.store.give_up_leases)
        except Exception:
            log.exception("the leases are not given up: they expire on their own")
        self.held.clear()
        self._leased.clear()
        await self.bots.close()

    def _tell(self, game_id: str, message: dict[str, Any]) -> None:
        """Send ``message`` to every WebSocket of the game on this process."""
        self.hub.send(game_id, json.dumps(message))

    def runs(self, game_id: str) -> bool:
        """Whether this process runs the game's own moves and clocks (it holds its lease)."""
        return game_id in self.held

    def _hold(self, game_id: str, held: bool) -> None:
        """A write of the game left its lease to this process or not."""
        if held:
            self.held.add(game_id)
            self._leased[game_id] = next(self._writes)
        else:
            self.held.discard(game_id)
            self._leased.pop(game_id, None)

    def _loaded(self, game: LiveGame) -> None:
        """A game came into memory (new, or rebuilt): its clocks and bots go on."""
        self.move_clocks.ensure(game)
        self.autoplay.ensure(game.public_id)
        self.windows.ensure(game.public_id)

    async def _take_orphans(self) -> None:
        """Take the leases that have expired (their process died, or the server restarted)
        and resume those games."""
        held = await asyncio.to_thread(self.store.take_orphans, set(self.unresumable))
        await self._adopt(set(held))
        if not self._closing:
            try:
                await self.searches.resume_analyses()
            except Exception:  # the games' leases come first: tried again at the next look
                log.exception("the analyses nobody makes could not be resumed")

    async def _adopt(self, held: set[str]) -> None:
        """Run the games of ``held`` (leases this process holds) that it does not run yet."""
        waiting = sorted(held - self.held - self.unresumable)
        self._resuming.update(waiting)
        try:
            for game_id in waiting:
                if self._closing:
                    return
                await self._resume_one(game_id)
                self._resuming.discard(game_id)
        finally:
            self._resuming.difference_update(waiting)

    async def _resume_one(self, game_id: str) -> None:
        """Run ``game_id``, whose lease this process has taken (:meth:`_adopt`)."""
        self.held.add(game_id)
        try:
            game = await self.games.get(game_id)
        except ServiceError as err:
            # given up for good here: another process (with other rules, say) may resume it
            self.held.discard(game_id)
            self.unresumable.add(game_id)
            log.warning("game %s is not resumed: %s", game_id, err.message)
            await asyncio.to_thread(self.store.give_up_leases, [game_id])
            return
        if not needs_runner(game.state, game.seats, game.move_seconds) or not game.playing:
            self.held.discard(game_id)  # as leased before leases, or finished meanwhile
            await asyncio.to_thread(self.store.release_lease, game_id)
            return
        log.info("game %s is run by this process (%s)", game_id, self.store.origin)
        self._loaded(game)

    async def _lease_loop(self) -> None:
        """Renew this process's leases a few times per lease (:meth:`renew_leases`)."""
        period = self.store.lease_seconds / 3
        while not self._closing:
            await asyncio.sleep(period)
            try:
                await self.renew_leases()
            except Exception:
                log.exception("the leases could not be renewed; tried again shortly")

    async def renew_leases(self) -> None:
        """Renew this process's leases, stop running the games whose lease another process
        took (this one stalled), and take the orphans."""
        before = set(self.held)
        decided = {game_id: self._leased.get(game_id) for game_id in before}
        renewed = set(await asyncio.to_thread(self.store.renew_leases, before))
        for game_id in sorted(before - renewed):
            async with self.games.lock(game_id):  # after any write of the game in flight
                # a write since the snapshot decided the lease: its own move may have
                # dropped it (the turn passed to a person), which is no loss
                if game_id in self.held and self._leased.get(game_id) == decided[game_id]:
                    log.info("game %s: this process no longer holds its lease", game_id)
                    self._stop_running(game_id)
        await self._take_orphans()  # which also resumes the games it holds but not runs

    def _stop_running(self, game_id: str) -> None:
        self.held.discard(game_id)
        self._leased.pop(game_id, None)
        self.autoplay.stop(game_id)
        self.windows.stop(game_id)
        self.move_clocks.stop(game_id)

    # ------------------------------------------------------------------ other processes

    async def refresh(self, game_id: str, holder: str | None = "?") -> None:
        """Another process changed ``game_id`` (:mod:`~terranova.server.relay`), leaving
        its lease to ``holder`` (None: nobody; ``"?"``: not said). The copy held here, if
        any (or if someone here watches or runs the game), is brought up to date from the
        store and its watchers here are told; seats whose person resigned stop seeing
        them; this process runs the game if and only if it holds the lease."""
        try:
            async with self.games.lock(game_id):
                if holder != "?":
                    if holder == self.store.origin:
                        self.held.add(game_id)
                    elif game_id in self.held:
                        self._stop_running(game_id)
                copy = self.games.peek(game_id)
                if copy is None and not self.hub.count(game_id) and not self.runs(game_id):
                    return
                stored = await asyncio.to_thread(self.store.load_game, game_id)
                if stored is None:
                    return
                caught = None if copy is None else catch_up(copy, stored)
                if copy is not None and caught is not None:
                    if caught.changed:
                        self.moved(copy, caught.answered_by)  # as after a move made here
                    return
                game = await self.games.rebuilt(stored)
                for seat in game.resigned:
                    self.hub.unseat(game_id, seat)
                self.hub.broadcast(game)
        except ServiceError as err:
            log.warning("game %s is not refreshed: %s", game_id, err.message)
        except Exception:
            log.exception("game %s is not refreshed", game_id)

    async def refresh_all(self) -> None:
        """Refresh every game held, watched or run here (announcements may have been
        missed)."""
        for game_id in sorted({*self.games.ids(), *self.hub.game_ids(), *self.held}):
            await self.refresh(game_id)

    async def idle(self, timeout: float = 10.0) -> None:
        """Wait until no bot task runs (for tests and orderly shutdowns)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            if self._resume is not None and not self._resume.done():
                await asyncio.wait({self._resume}, timeout=max(0.0, deadline - loop.time()))
            running = self.autoplay.active()
            if not running or loop.time() >= deadline:
                return
            await asyncio.wait(running, timeout=max(0.0, deadline - loop.time()))

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
        ids = await asyncio.to_thread(self.store.abandon_idle, self.settings.abandon_after_hours)
        for game_id in ids:
            log.info("game %s is closed as abandoned", game_id)
            async with self.games.lock(game_id):
                self._stop_running(game_id)  # the store dropped its lease
                self.games.forget_window(game_id)
                game = self.games.peek(game_id)
                if game is None and self.hub.count(game_id):
                    with contextlib.suppress(ServiceError):
                        game = await self.games.load(game_id)  # its players are told
                if game is not None:
                    game.abandoned = True
                    game.window = None
                    game.move_ends_at = None
                    game.changed()
                    self.hub.broadcast(game)
        return ids

    # ------------------------------------------------------------------ the requests

    async def hint(
        self, game_id: str, seat: int, token: str | None, account: int | None = None
    ) -> tuple[int, dict[str, Any]]:
        """See :meth:`Searches.hint`."""
        return await self.searches.hint(game_id, seat, token, account)

    async def analysis(self, game_id: str) -> tuple[int, dict[str, Any]]:
        """See :meth:`Searches.analysis`."""
        return await self.searches.analysis(game_id)

    async def create(
        self, request: CreateGameRequest, address: str | None = None, account: int | None = None
    ) -> tuple[LiveGame, dict[int, str]]:
        """A new game, created from the client ``address`` (if given: TooManyGames if that
        address has ``max_games_per_address`` unfinished games) by the signed-in
        ``account`` (if any), which holds the human seats the request marks ``held``;
        returns it with the token of every human seat."""
        try:
            info = game_info(request.game)
        except TerranovaError as exc:
            raise BadRequest(_("the game cannot be created: {reason}", reason=str(exc))) from None
        params: dict[str, Any] = dict(request.params)
        allowed = set(info.settable_variants())
        for name, value in params.items():
            if name in info.variants and name not in allowed and value is not None:
                raise BadRequest(
                    _("{id}'s parameter '{name}' cannot be set on the web", id=info.id, name=name)
                )
        players = params.setdefault("players", len(request.seats))
        if str(players) != str(len(request.seats)):
            raise BadRequest(
                _(
                    "players is {players} but {seats} seats are given",
                    players=players,
                    seats=len(request.seats),
                )
            )
        try:
            resolved: dict[str, Any] = dict(info.resolve(params))
        except TerranovaError as exc:
            raise BadRequest(_("the game cannot be created: {reason}", reason=str(exc))) from None
        delay = self.settings.bot_delay_ms if request.bot_delay_ms is None else request.bot_delay_ms
        if delay > self.settings.max_bot_delay_ms:
            raise BadRequest(
                _(
                    "bot_delay_ms is at most {most}",
                    most=self.settings.max_bot_delay_ms,
                )
            )
        response = (
            self.settings.response_seconds
            if request.response_seconds is None
            else request.response_seconds
        )
        if response > self.settings.max_response_seconds:
            raise BadRequest(
                _(
                    "response_seconds is at most {most}",
                    most=self.settings.max_response_seconds,
                )
            )
        move_seconds = request.move_seconds
        if move_seconds is not None and not (
            MIN_MOVE_SECONDS <= move_seconds <= self.settings.max_move_seconds
        ):
            raise BadRequest(
                _(
                    "move_seconds is from {least} to {most}",
                    least=MIN_MOVE_SECONDS,
                    most=self.settings.max_move_seconds,
                )
            )

        seats: list[SeatInfo] = []
        tokens: dict[int, str] = {}
        automata = info.automaton_seats(resolved)
        for index, seat in enumerate(request.seats):
            try:
                name = seat_name(seat.name)
            except ValueError as exc:
                raise BadRequest(
                    _(
                        "seat {seat}: a name has no control, separator or direction-changing "
                        "characters ({reason})",
                        seat=index + 1,
                        reason=str(exc),
                    )
                ) from None
            if len(name) > self.settings.max_seat_name:
                raise BadRequest(
                    _(
                        "seat {seat}: a name has at most {most} characters",
                        seat=index + 1,
                        most=self.settings.max_seat_name,
                    )
                )
            if seat.held and seat.kind != "human":
                raise BadRequest(
                    _("seat {seat}: only a human seat is held by its creator", seat=index + 1)
                )
            if seat.kind == "automaton" or index in automata:
                seats.append(_automaton(info, automata, index, seat.kind, seat.bot, name))
                continue
            if seat.kind == "bot":
                spec = (seat.bot or "").strip()
                if not spec:
                    raise BadRequest(
                        _("seat {seat} is a bot: say which (bot: 'greedy', …)", seat=index + 1)
                    )
                try:
                    check_agent(spec, info.id, limits(self.settings), resolved)
                except TerranovaError as exc:
                    raise BadRequest(
                        _("seat {seat}: {reason}", seat=index + 1, reason=str(exc))
                    ) from None
                seats.append(SeatInfo(index, "bot", name or spec, spec, None))
            elif seat.kind == "open":
                if seat.bot is not None:
                    raise BadRequest(
                        _("seat {seat} is open to a person: it has no bot", seat=index + 1)
                    )
                seats.append(SeatInfo(index, "open", name or f"Player {index + 1}", None, None))
            else:
                if seat.bot is not None:
                    raise BadRequest(_("seat {seat} is human: it has no bot", seat=index + 1))
                token = secrets.token_urlsafe(24)
                tokens[index] = token
                holder = account if seat.held else None
                seats.append(
                    SeatInfo(
                        index,
                        "human",
                        name or f"Player {index + 1}",
                        None,
                        hash_token(token),
                        holder,
                    )
                )
        seats = distinct_names(seats)
        if request.rated:
            self._check_rated(info.id, seats, account)
        game = await self._start(
            info,
            resolved,
            seats,
            delay,
            response,
            request.practice,
            hints=request.hints,
            move_seconds=move_seconds,
            address=address,
            rated=request.rated,
        )
        return game, tokens

    def _check_rated(self, game: str, seats: Sequence[SeatInfo], account: int | None) -> None:
        """BadRequest unless a rated game of these seats can be rated: its creator signed
        in, every person's seat held by them or open to one who signs in, its bots the
        lobby's levels (each with a published rating), and at least two rated seats."""
        if account is None:
            raise BadRequest(_("sign in to create a rated game: ratings are kept with accounts"))
        if self.published_ratings is None:
            raise BadRequest(_("this server rates no game"))
        bots = any(seat.kind == "bot" for seat in seats)
        levels = self.published_ratings().get(game, {}) if bots else {}
        for seat in seats:
            if seat.kind == "human" and seat.account_id != account:
                raise BadRequest(
                    _(
                        "seat {seat}: in a rated game each person plays from their own account: "
                        "leave the other people's seats open for them to join",
                        seat=seat.seat + 1,
                    )
                )
            if seat.kind == "bot" and seat.bot not in levels:
                named: object = ", ".join(sorted(levels)) or _("none")
                raise BadRequest(
                    _(
                        "seat {seat}: a rated game's bots are the lobby's levels ({named}), each "
                        "with its published rating",
                        seat=seat.seat + 1,
                        named=named,
                    )
                )
        if sum(s.kind == "human" for s in seats) > 1:
            raise BadRequest(_("in a rated game one account holds one seat"))
        if sum(s.kind != "automaton" for s in seats) < 2:
            raise BadRequest(_("a rated game needs an opponent: a solo game is not rated"))

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
        address: str | None = None,
        rated: bool = False,
    ) -> LiveGame:
        """Deal a new game of ``info`` with these checked parameters and seats, store it
        (as the rematch of the game ``rematch_of``, if given; as created from the client
        ``address``, if given, which may have at most ``max_games_per_address`` unfinished
        games: TooManyGames beyond) and start its bots."""
        seed = secrets.randbits(63)
        try:
            timeline = Timeline(info.id, resolved, record_seats(seats), seed)
            while timeline.state.current_player() == CHANCE:
                timeline.apply(chance_outcome(timeline.state, seed, timeline.ply))
        except TerranovaError as exc:
            raise BadRequest(_("the game cannot start: {reason}", reason=str(exc))) from None
        params_stored = timeline.state.params()
        entries = [Entry(ply, ply, text) for ply, text in enumerate(timeline.texts)]
        stored_seats = [s.stored() for s in seats]
        public_id = new_public_id()
        state = timeline.state
        runner = needs_runner(state, seats, move_seconds)
        most = self.settings.max_games_per_address
        # shielded, as _write: a cancelled request may still have written the game
        try:
            stored = await asyncio.shield(
                asyncio.to_thread(
                    self.store.create_game,
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
                    result_of(state),
                    practice,
                    rematch_of,
                    hints,
                    move_seconds,
                    runner,
                    None if address is None else address_digest(address),
                    most,
                    self.settings.max_games_per_address_per_hour,
                    waits_for(state),
                    rated,
                )
            )
        except HourlyLimitReached as exc:
            per_hour = self.settings.max_games_per_address_per_hour
            minutes = max(1, math.ceil((exc.frees_at - datetime.now(UTC)).total_seconds() / 60))
            raise TooManyGames(
                _(
                    "this address has created {games} in the past hour: another may be created "
                    "in {wait}, once the oldest of them is an hour old "
                    "(max_games_per_address_per_hour)",
                    games=_n("{n} game", "{n} games", per_hour),
                    wait=_n("{n} minute", "{n} minutes", minutes),
                )
            ) from None
        except GameLimitReached:
            games = _n("{n} unfinished game", "{n} unfinished games", most)
            hours = self.settings.abandon_after_hours
            raise TooManyGames(
                _(
                    "this address already has {games}: a game counts until it ends, or until "
                    "closed after {hours} hours without a move (max_games_per_address)",
                    games=games,
                    hours=hours,
                )
                if hours
                else _(
                    "this address already has {games}: a game counts until it ends "
                    "(max_games_per_address)",
                    games=games,
                )
            ) from None
        self._hold(public_id, runner)
        game = LiveGame.from_stored(stored, seats, timeline)
        self.games.keep(game)
        return game

    async def open_tables(self) -> list[OpenGame]:
        """The newest games being played that have an open seat (at most
        ``max_open_tables``), as the database has them: nothing is replayed to list them."""
        listed = await asyncio.to_thread(self.store.open_games, self.settings.max_open_tables)
        known = games()
        return [game for game in listed if game.game in known]

    async def account_games(self, account: int) -> dict[str, list[AccountGame]]:
        """The account's games, grouped (:meth:`GameStore.account_games`), as the database
        has them: nothing is replayed; a game whose rules this server lacks is left out."""
        groups = await asyncio.to_thread(
            self.store.account_games, account, self.settings.max_account_games
        )
        known = games()
        return {name: [g for g in group if g.game in known] for name, group in groups.items()}

    async def attach(
        self, account: int, claims: Sequence[tuple[str, int, str]]
    ) -> list[str | None]:
        """Give the account the seats whose tokens a browser holds (each a game's public
        id, a seat, a token), those no account holds yet; answers, claim by claim, None
        (attached) or why not. The live games here follow at once, the other processes'
        when told."""
        most = self.settings.max_attach_seats
        if len(claims) > most:
            raise BadRequest(_("at most {most} seats at once (max_attach_seats)", most=most))
        hashed = [(game_id, seat, hash_token(token)) for game_id, seat, token in claims]
        reasons = await asyncio.to_thread(self.store.attach_seats, account, hashed)
        for (game_id, seat, _token), reason in zip(claims, reasons, strict=True):
            if reason is None:
                async with self.games.lock(game_id):
                    game = self.games.peek(game_id)
                    if game is not None and 0 <= seat < len(game.seats):
                        game.seats[seat] = replace(game.seats[seat], account_id=account)
        return reasons

    async def account_deleted(self, account: int) -> None:
        """An account was deleted (its seats renamed in the store): the games it held seats
        in are refreshed here, and the other processes told, so that every page shows its
        new name."""
        ids = await asyncio.to_thread(self.store.announce_account_games, account)
        for game_id in ids:
            await self.refresh(game_id)

    async def join(
        self, game_id: str, seat: int | None, name: str | None, account: int | None = None
    ) -> tuple[LiveGame, int, str]:
        """Give an open seat of a game being played (``seat``, or the first one) to whoever
        asks: it becomes a person's seat with this name, held by their ``account`` if they
        are signed in; answers the game, the seat and its new token. Stale if no seat is
        open any more (someone joined first)."""
        async with self.games.lock(game_id):
            game = await self.games.load(game_id)
            if not game.playing:
                raise Stale(_("the game is not being played any more"))
            free = [s.seat for s in game.seats if s.kind == "open"]
            if seat is None:
                if not free:
                    raise Stale(_("every seat of this game is taken"))
                seat = free[0]
            elif not 0 <= seat < len(game.seats):
                raise BadRequest(_("this game has no seat {seat}", seat=seat + 1))
            elif seat not in free:
                raise Stale(_("seat {seat} is not open: someone holds it", seat=seat + 1))
            try:
                shown = seat_name(name) or game.seats[seat].name
            except ValueError as exc:
                raise BadRequest(
                    _(
                        "a name has no control, separator or direction-changing characters "
                        "({reason})",
                        reason=str(exc),
                    )
                ) from None
            if len(shown) > self.settings.max_seat_name:
                raise BadRequest(
                    _(
                        "a name has at most {most} characters",
                        most=self.settings.max_seat_name,
                    )
                )
            if game.rated and account is None:
                raise Forbidden(
                    _("this table is rated: sign in to join, so that your rating is kept")
                )
            if game.rated and any(s.account_id == account for s in game.seats):
                raise Forbidden(
                    _("you hold a seat at this table already: a rated game is one seat each")
                )
            token = secrets.token_urlsafe(24)
            await self._change_seat(
                game,
                SeatInfo(seat, "human", shown, None, hash_token(token), account),
                (),
                _("seat {seat} is not open any more: someone joined first", seat=seat + 1),
            )
            self.moved(game)
            return game, seat, token

    async def resign(
        self, game_id: str, seat: int, token: str | None, account: int | None = None
    ) -> LiveGame:
        """``seat``'s person leaves a game being played: the seat goes on as the bot
        ``RESIGNED_BOT``, named "<name> (resigned)" (so the record says so), and neither
        the token nor the account plays it (the account is kept: the game stays among
        its games)."""
        async with self.games.lock(game_id):
            game = await self.games.load(game_id)
            authorize(game, seat, token, account)
            if not game.playing:
                raise Refused(GAME_OVER if game.finished else ABANDONED)
            name = f"{game.seats[seat].name} (resigned)"
            await self._change_seat(
                game,
                SeatInfo(seat, "bot", name, RESIGNED_BOT, None, game.seats[seat].account_id),
                [resign_entry(game.seq, game.ply, seat)],
                _("the game has moved on: the seat or the game changed"),
            )
            game.resigned.add(seat)
            game.seq += 1
            self.hub.unseat(game_id, seat)
            self.moved(game)
            return game

    async def rematch(
        self,
        game_id: str,
        seat: int,
        token: str | None,
        address: str | None = None,
        account: int | None = None,
    ) -> tuple[LiveGame, int]:
        """The rematch of a finished game, asked for by one of its people: the same game,
        variants and seats, a new deal, everyone one seat on (:meth:`LiveGame.rematch_seats`),
        each person with the token they had. Asked again, by anyone, it is the same game.
        Its creator is the client ``address`` of the one who first asks (TooManyGames as
        :meth:`create`); an account holding a seat holds it in the rematch too. Answers it
        with the seat of the one who asked."""
        async with self.games.lock(game_id):
            game = await self.games.load(game_id)
            authorize(game, seat, token, account)
            if not game.finished:
                raise Stale(_("a rematch is offered once the game is over"))
            moved = game.rematch_seats()
            if game.rematch is None:
                info = game_info(game.game)
                try:
                    resolved = dict(info.resolve(game.params))
                except TerranovaError as exc:
                    raise Unavailable(
                        _("the game cannot be replayed: {reason}", reason=str(exc))
                    ) from None
                seats = [
                    self._rematch_seat(info, resolved, s, moved[s.seat], s.seat in game.resigned)
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
                        address=address,
                    )
                except asyncio.CancelledError:
                    self.games.forget(game_id)  # the rematch may have been written all the same
                    raise
                except ConflictError:  # another process made it first
                    self.games.forget(game_id)
                    game = await self.games.load(game_id)
                else:
                    game.rematch = new.public_id
                self.moved(game)
            if game.rematch is None:  # the game was marked, then is not: never seen
                raise Unavailable(_("the rematch could not be made: try again"))
            return await self.games.get(game.rematch), moved[seat]

    def _rematch_seat(
        self,
        info: GameInfo,
        params: Mapping[str, Any],
        seat: SeatInfo,
        moved_to: int,
        resigned: bool,
    ) -> SeatInfo:
        """``seat``'s player at seat ``moved_to`` of the rematch, checked as a new game's
        seat is (a bot over this server's limits now is refused); a default name follows
        the seat."""
        if seat.kind == "bot" and seat.bot is not None:
            try:
                check_agent(seat.bot, info.id, limits(self.settings), params)
            except TerranovaError as exc:
                raise Refused(
                    _(
                        "the rematch cannot be made: seat {seat}: {reason}",
                        seat=seat.seat + 1,
                        reason=str(exc),
                    )
                ) from None
        name = seat.name[: self.settings.max_seat_name]
        if resigned:
            name = seat.bot or RESIGNED_BOT  # the person left: the bot plays the rematch
        if name == f"Player {seat.seat + 1}":
            name = f"Player {moved_to + 1}"
        holder = seat.account_id if seat.kind == "human" else None
        return replace(seat, seat=moved_to, name=name, account_id=holder)

    async def act(
        self,
        game_id: str,
        seat: int,
        token: str | None,
        text: str,
        ply: int,
        account: int | None = None,
    ) -> LiveGame:
        """Play ``text`` for ``seat`` (with its token, or for the ``account`` holding it) if
        it is legal at ``ply``; the game is unchanged otherwise (Forbidden, BadRequest,
        Stale, Illegal)."""
        began = time.perf_counter()
        async with self.games.held(game_id) as game:
            authorize(game, seat, token, account)
            move = game.begin_move(seat, text, ply)
            if move is None:  # the seat let the window pass: only its own message changes
                # (telling the others would tell them it was asked: in a game that asks
                # only some seats, e.g. those holding a card that answers, that it holds one)
                self.hub.broadcast(game, seat, only=True)
                self.windows.ensure(game_id)
                return game
            await self.commit(game, move, answered_by=seat, person=True)
        self.metrics.move_seconds.observe(time.perf_counter() - began)
        return game

    async def undo(
        self, game_id: str, seat: int, token: str | None, account: int | None = None
    ) -> LiveGame:
        """Take back ``seat``'s previous decision (and, in a practice game, whatever
        followed it)."""
        async with self.games.lock(game_id):
            game = await self.games.load(game_id)
            authorize(game, seat, token, account)
            target = game.undo_target(seat)
            if target is None:
                if game.finished:
                    raise Refused(GAME_OVER)
                if game.abandoned:
                    raise Refused(ABANDONED)
                if game.timeline.last_decision(seat) is None:
                    raise Refused(_("you have nothing to undo"))
                if not game.against_machines(seat) and (
                    not game.in_own_turn(seat) or game.timeline.others_decided_since(seat)
                ):
                    raise Refused(
                        _(
                            "your last move stands: your turn has passed to another seat (between "
                            "people, undo goes back to the start of your turn only)"
                        )
                    )
                raise Refused(
                    _(
                        "your last move stands: something you could not see has been shown since "
                        "(a draw, another seat's move, or what your move revealed); only practice "
                        "games undo without limit"
                    )
                )
            entry = Entry(game.seq, target, f"back to ply {target}", "undo")
            back = Timeline.replay(
                game.game, game.params, game.record_seats(), game.seed, game.timeline.texts[:target]
            )
            await self._write(game, [entry], back.state)
            game.timeline = back
            game.seq += 1
            game.window = None
            self.moved(game)
            return game

    async def commit(
        self,
        game: LiveGame,
        move: Move,
        answered_by: int | None = None,
        person: bool = False,
    ) -> None:
        """Write ``move``'s actions (begun from the live state: :meth:`Timeline.begin`),
        then make its state the live state (nothing is applied again) and fire
        :meth:`moved`. ``answered_by``: the seat whose decision this
        is, which keeps the clock of a response window it answered; ``person``: the first
        action is a person's decision, asked for now (the rest are counted as the server's:
        chance, and the passes of a window taken early). Cancelled meanwhile (a lease lost,
        a clock stopped, a shutdown), it still runs to its end, then raises the
        cancellation: a move the store has taken is applied here and told."""
        actions = move.actions
        entries = [
            Entry(game.seq + i, move.ply + i, str(action)) for i, action in enumerate(actions)
        ]
        # the write runs to its end even if this is cancelled meanwhile (the rest is not
        # awaited): ``cancelled`` says so, raised once the move is applied and told
        cancelled = await self._write(game, entries, move.state, finish=True, facts=move.facts)
        game.timeline.adopt(move)
        game.seq += len(entries)
        if person:
            self.metrics.moves.labels("person").inc()
        if len(actions) > person:
            self.metrics.moves.labels("server").inc(len(actions) - person)
        self.moved(game, answered_by)
        if cancelled:
            raise asyncio.CancelledError

    async def _write(
        self,
        game: LiveGame,
        entries: Sequence[Entry],
        after: State,
        finish: bool = False,
        facts: Appended | None = None,
    ) -> bool:
        """Append ``entries``, which lead ``game`` to the position ``after``, with the
        lease that position needs (Stale if another move landed first). ``finish``: if
        the caller is cancelled meanwhile and the write lands, True is returned for the
        caller to finish its change, then raise the cancellation (:meth:`_stored`).
        ``facts``: what the store is told of ``after``, if the live game has said it."""
        if facts is None:
            facts = game.appended(after)
        cancelled = await self._stored(
            game,
            _("the game has moved on: another move landed first, or it was closed"),
            self.store.append,
            game.pk,
            entries,
            *facts,
            finish=finish,
        )
        if facts.status == "finished" and self.on_finished is not None:
            self.on_finished(game.pk)
        return cancelled

    async def _change_seat(
        self, game: LiveGame, now: SeatInfo, entries: Sequence[Entry], stale: Text
    ) -> None:
        """Seat ``now.seat`` of ``game`` becomes ``now``, with these log ``entries``, in the
        store then here (Stale with ``stale`` if it changed first)."""
        was = game.seats[now.seat]
        seats = [*game.seats[: now.seat], now, *game.seats[now.seat + 1 :]]
        runner = needs_runner(game.state, seats, game.move_seconds)
        change = self.store.change_seat
        await self._stored(
            game, stale, change, game.pk, was.stored(), now.stored(), entries, runner
        )
        game.seats[now.seat] = now

    async def _stored(
        self,
        game: LiveGame,
        stale: Text,
        write: Callable[..., bool],
        *args: Any,
        finish: bool = False,
    ) -> bool:
        """Run the store's ``write`` for ``game`` in a thread, to its end even if the request
        is cancelled, and hold the game's lease as the write leaves it; Stale with
        ``stale`` if another write came first. Cancelled meanwhile, the game is rebuilt
        from the store and the cancellation raised; but with ``finish``, a write that
        landed returns True instead: the caller finishes its change (with no further wait)
        and raises the cancellation itself."""
        writing = asyncio.ensure_future(asyncio.to_thread(write, *args))
        try:
            held = await to_the_end(writing)
        except asyncio.CancelledError:
            if finish and not writing.cancelled() and writing.exception() is None:
                self._hold(game.public_id, writing.result())
                return True
            # the write may have landed: the game is rebuilt from the store, its watchers told
            self.games.forget(game.public_id)
            if not writing.cancelled() and writing.exception() is None:
                self._hold(game.public_id, writing.result())
            self._later(self.refresh(game.public_id))
            raise
        except ConflictError:
            self.games.forget(game.public_id)
            raise Stale(stale) from None
        self._hold(game.public_id, held)
        return False

    def _later(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` in the background, kept until it ends."""
        task = asyncio.create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def moved(self, game: LiveGame, answered_by: int | None = None) -> None:
        """The one event of a change to ``game`` (a move, an undo, a seat's change, a
        change another process made): the game forgets its old messages and follows its
        response window (``answered_by``: the seat that answered it), then each of
        :attr:`listeners` is told, in order."""
        game.changed()
        game.track_window(answered_by)
        for listener in self.listeners:
            listener(game)


async def to_the_end(work: Awaitable[T]) -> T:
    """``work``'s result, waited for to its end even if the caller is cancelled meanwhile;
    the cancellation is raised then."""
    task = asyncio.ensure_future(work)
    cancelled = False
    while not task.done():
        try:
            await asyncio.wait({task})
        except asyncio.CancelledError:
            cancelled = True
    if cancelled:
        if not task.cancelled():
            task.exception()  # retrieved: the cancellation is what the caller gets
        raise asyncio.CancelledError
    return task.result()


def _automaton(
    info: GameInfo, automata: range, index: int, kind: SeatKind, bot: str | None, name: str
) -> SeatInfo:
    """Seat ``index``, which the request makes ``kind`` and the game's ``automata`` (the seats
    it plays itself) may make its automaton's; raises BadRequest unless both agree."""
    variant = info.automaton_variant
    if variant is None:
        raise BadRequest(
            _(
                "seat {seat}: {id} plays no seat itself (it has no automaton)",
                seat=index + 1,
                id=info.id,
            )
        )
    count = f"{variant}={len(automata)}"
    if index not in automata:
        plays = (
            _("no seat")
            if not automata
            else _("seat {seat}", seat=automata.start + 1)
            if len(automata) == 1
            else _("seats {first} to {last}", first=automata.start + 1, last=automata.stop)
        )
        raise BadRequest(
            _(
                "seat {seat}: with {count}, the automaton plays {plays}",
                seat=index + 1,
                count=count,
                plays=plays,
            )
        )
    if kind != "automaton":
        raise BadRequest(
            _(
                "seat {seat} is played by the automaton ({count}): its kind is automaton, not "
                "{kind}",
                seat=index + 1,
                count=count,
                kind=kind,
            )
        )
    if bot is not None:
        raise BadRequest(_("seat {seat} is played by the automaton: it has no bot", seat=index + 1))
    return SeatInfo(index, "automaton", name or "Automaton", None, None)


__all__ = [
    "BadRequest",
    "Busy",
    "Forbidden",
    "GameService",
    "Illegal",
    "NotFound",
    "Refused",
    "ServiceError",
    "Stale",
    "TooManyGames",
    "Unavailable",
    "catalog",
    "describe_game",
    "hash_token",
]
