"""A move that is stored is applied and told, whatever happens around its write: a lease
renewal that no longer finds the game's lease (the move itself released it), a cancelled
task, or many bot games on short leases."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from terranova.server.db import Database
from terranova.server.hub import Hub
from terranova.server.live import LiveGame
from terranova.server.models import CreateGameRequest, SeatRequest
from terranova.server.service import GameService
from terranova.server.settings import Settings


class Told(Hub):
    """A hub that notes the ply of every game it tells its watchers of."""

    def __init__(self) -> None:
        super().__init__()
        self.told: dict[str, int] = {}

    def broadcast(self, game: LiveGame, seat: int | None = None, only: bool = False) -> None:
        self.told[game.public_id] = max(self.told.get(game.public_id, 0), game.ply)
        super().broadcast(game, seat, only)


async def served(url: str, lease_seconds: float = 10.0) -> tuple[Database, Told, GameService]:
    """A game service on a migrated database, telling a :class:`Told` hub."""
    settings = Settings(database_url=url, lease_seconds=lease_seconds)
    db = Database(url, settings.lease_seconds)
    await asyncio.to_thread(db.migrate)
    hub = Told()
    return db, hub, GameService(db, settings, hub)


async def until(check: Callable[[], bool], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "never happened"
        await asyncio.sleep(0.02)


async def person_moves(service: GameService, game_id: str, token: str) -> None:
    """Seat 0 plays its first legal actions until it is not to move."""
    game = await service.games.get(game_id)
    while game.to_move() == 0:
        legal = [str(a) for a in game.state.legal_actions()]
        game = await service.act(game_id, 0, token, legal[0], game.ply)


def bot_game() -> CreateGameRequest:
    seats = [SeatRequest(kind="human", name="Ana"), SeatRequest(kind="bot", bot="greedy")]
    return CreateGameRequest(game="discovery", seats=seats, bot_delay_ms=0)


def test_a_bot_move_that_releases_the_lease_during_a_renewal_is_applied_and_told(
    database_url: str,
) -> None:
    """The bot's move hands the turn to the person, so its write drops the game's lease;
    the lease loop renews while that write is in flight, finds no lease, and must not take
    the move back from the page (it used to cancel the bot's task, whose move then landed
    in the store but was neither applied here nor sent)."""

    async def main() -> None:
        db, hub, service = await served(database_url, 0.3)
        armed = threading.Event()
        written = threading.Event()
        renewed = threading.Event()
        append, renew = db.append, db.renew_leases

        def slow_append(*args: Any, **kwargs: Any) -> bool:
            held = append(*args, **kwargs)
            if armed.is_set() and not held and not written.is_set():  # the person's turn
                written.set()
                renewed.wait(10)  # the renewal runs while the move is on its way back
            return held

        def watched_renew(*args: Any, **kwargs: Any) -> list[str]:
            answer = renew(*args, **kwargs)
            if written.is_set():
                renewed.set()
            return answer

        db.append = slow_append  # type: ignore[method-assign]
        db.renew_leases = watched_renew  # type: ignore[method-assign]
        service.start()
        try:
            game, tokens = await service.create(bot_game())
            game_id = game.public_id
            await person_moves(service, game_id, tokens[0])
            armed.set()
            await asyncio.to_thread(written.wait, 10)
            assert written.is_set(), "the bot never moved"
            await asyncio.to_thread(renewed.wait, 10)
            stored = len(db.log(game_id))
            await until(lambda: hub.told.get(game_id, 0) >= stored_ply(db, game_id), 10)
            live = await service.games.get(game_id)
            assert live.seq == stored and live.to_move() == 0
        finally:
            await service.close()
            db.dispose()

    asyncio.run(main())


def stored_ply(db: Database, game_id: str) -> int:
    return sum(1 for entry in db.log(game_id) if entry.kind == "action")


def test_a_commit_cancelled_during_its_write_is_still_applied_and_told(sqlite_url: str) -> None:
    """Whoever cancels the task that commits a move (a lease lost, a clock stopped, a
    shutdown) after the store has it: the live game and the watchers get it all the same."""

    async def main() -> None:
        db, hub, service = await served(sqlite_url)
        service.start()
        try:
            seats = [SeatRequest(kind="human", name=n) for n in ("Ana", "Bo")]
            game, tokens = await service.create(CreateGameRequest(game="discovery", seats=seats))
            game_id = game.public_id
            entered = threading.Event()
            leave = threading.Event()
            append = db.append

            def slow_append(*args: Any, **kwargs: Any) -> bool:
                held = append(*args, **kwargs)
                entered.set()
                leave.wait(10)
                return held

            db.append = slow_append  # type: ignore[method-assign]
            legal = str(game.state.legal_actions()[0])
            task = asyncio.create_task(service.act(game_id, 0, tokens[0], legal, game.ply))
            await asyncio.to_thread(entered.wait, 10)
            task.cancel()
            await asyncio.sleep(0)
            leave.set()
            with pytest.raises(asyncio.CancelledError):
                await task
            db.append = append  # type: ignore[method-assign]
            stored = stored_ply(db, game_id)
            assert stored >= 1
            await until(lambda: hub.told.get(game_id, 0) >= stored, 10)
            live = await service.games.get(game_id)
            assert live.ply == stored
        finally:
            await service.close()
            db.dispose()

    asyncio.run(main())


def test_bot_games_on_short_leases_tell_every_move(sqlite_url: str) -> None:
    """The race as a busy server meets it: many games against a bot, on leases renewed
    every 50 ms; after each round of the people's moves and the bots' answers, every move
    stored has been told."""

    async def main() -> None:
        db, hub, service = await served(sqlite_url, 0.15)
        service.start()
        try:
            made = [await service.create(bot_game()) for _ in range(8)]
            for _ in range(12):
                for game, tokens in made:
                    await person_moves(service, game.public_id, tokens[0])
                await service.idle(10)
                for game, _ in made:
                    game_id = game.public_id
                    assert hub.told.get(game_id, 0) == stored_ply(db, game_id), game_id
        finally:
            await service.close()
            db.dispose()

    asyncio.run(main())
