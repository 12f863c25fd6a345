"""Two game services of one PostgreSQL database in one test (as two server processes would
be): the process holding a game's lease runs its bots and clocks whatever the other does,
and a copy is brought up to date only when it is the log's past."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from terranova.server.cache import catch_up, rebuild
from terranova.server.db import Database
from terranova.server.hub import Hub
from terranova.server.models import CreateGameRequest, SeatRequest
from terranova.server.relay import Relay
from terranova.server.service import GameService
from terranova.server.settings import Settings


class Process:
    """A game service with its database and relay, as ``create_app`` wires them."""

    def __init__(self, url: str, **settings: Any) -> None:
        self.settings = Settings(database_url=url, lease_seconds=3.0, **settings)
        self.db = Database(url, self.settings.lease_seconds)
        self.service = GameService(self.db, self.settings, Hub())
        self.relay = Relay(url, self.db.origin, self.service.refresh, self.service.refresh_all)

    async def start(self) -> None:
        await asyncio.to_thread(self.db.migrate)
        self.service.start()
        self.relay.start()
        await asyncio.wait_for(self.relay.listening.wait(), 10)

    async def close(self) -> None:
        await self.relay.close()
        await self.service.close()
        self.db.dispose()


@asynccontextmanager
async def processes(url: str, **first: Any) -> AsyncIterator[tuple[Process, Process]]:
    a, b = Process(url, **first), Process(url)
    await a.start()
    await b.start()
    try:
        yield a, b
    finally:
        await a.close()
        await b.close()


async def until(check: Any, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "never happened"
        await asyncio.sleep(0.05)


def test_a_game_out_of_its_runners_memory_still_gets_its_bots_moves(postgres_url: str) -> None:
    async def main() -> None:
        async with processes(postgres_url, max_cached_games=1) as (a, b):
            seats = [SeatRequest(kind="human", name="Ana"), SeatRequest(kind="bot", bot="greedy")]
            # a timed move: the person's turn needs a runner too, so a keeps the lease
            made = CreateGameRequest(game="discovery", seats=seats, bot_delay_ms=0, move_seconds=60)
            game, tokens = await a.service.create(made)
            game_id = game.public_id
            people = [SeatRequest(kind="human", name=n) for n in ("X", "Y")]
            await a.service.create(CreateGameRequest(game="discovery", seats=people))
            assert a.service.games.peek(game_id) is None and a.service.runs(game_id)
            copy = await b.service.games.get(game_id)
            while copy.to_move() == 0:  # the person moves through b
                legal = [str(x) for x in copy.state.legal_actions()]
                await b.service.act(game_id, 0, tokens[0], legal[0], copy.ply)
            moved = copy.seq
            await until(lambda: len(b.db.log(game_id)) > moved, 60)  # a's bot answered
            assert not b.service.runs(game_id)

    asyncio.run(main())


def test_an_answer_through_another_process_keeps_the_runners_early_passes(
    postgres_url: str,
) -> None:
    async def main() -> None:
        async with processes(postgres_url) as (a, b):
            seats = [SeatRequest(kind="human", name=n) for n in ("A", "B", "C")]
            made = CreateGameRequest(game="evolution-bluff", seats=seats, response_seconds=30)
            game, tokens = await a.service.create(made)
            game_id = game.public_id
            legal = [str(x) for x in game.state.legal_actions()]
            place = next(x for x in legal if x.startswith("place hand "))
            await a.service.act(game_id, 0, tokens[0], place, game.ply)
            window = game.window
            assert window is not None and window.rules.seats[-1] == 2 and a.service.runs(game_id)
            let_pass = str(window.rules.let_pass)
            # the last seat asked lets it pass early, through a (which runs the window)
            await a.service.act(game_id, 2, tokens[2], let_pass, game.ply)
            copy = await b.service.games.get(game_id)
            before = len(b.db.log(game_id))
            # the first seat asked answers through b, which does not know of the early pass
            await b.service.act(game_id, window.rules.seats[0], tokens[1], let_pass, copy.ply)
            # a passes for seat 2 at once, as one process would, not after 30 s
            await until(lambda: len(b.db.log(game_id)) >= before + 2, 20)  # < its 30 s

    asyncio.run(main())


def test_a_copy_is_caught_up_only_when_it_is_the_logs_past(api: Any) -> None:
    created = api.create([{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}])
    game_id, tokens = created["game_id"], [s["token"] for s in created["seats"]]
    for _ in range(3):
        seat = api.client.get(f"/api/games/{game_id}").json()["to_move"]
        state = api.state(game_id, seat, tokens[seat])
        answer = api.act(game_id, seat, tokens[seat], state["legal"][0], state["ply"])
        assert answer.status_code == 200
    stored = api.client.app.state.db.load_game(game_id)
    last = len(stored.entries) - 1
    # a copy one entry behind catches up with the entry
    behind = rebuild(dataclasses.replace(stored, entries=stored.entries[:last]))
    caught = catch_up(behind, stored)
    assert caught is not None and caught.added == 1 and caught.changed
    assert behind.timeline.texts == [e.text for e in stored.entries]
    # nothing new: nothing to tell anyone
    again = catch_up(behind, stored)
    assert again is not None and again.added == 0 and not again.changed
    # a log whose past is not the copy's (as after a crash lost a move and another was made)
    copy = rebuild(stored)
    rewritten = [*stored.entries[:last], dataclasses.replace(stored.entries[last], text="x")]
    assert catch_up(copy, dataclasses.replace(stored, entries=rewritten)) is None
    assert copy.seq == len(stored.entries)  # unchanged


def test_a_game_this_process_cannot_resume_is_given_up_not_held(
    sqlite_url: str, caplog: Any
) -> None:
    """A game whose lease this process took but which it cannot run (its rules changed
    since) is tried once: its lease is given up for another process, and neither renewed
    nor taken again."""
    from sqlalchemy import select, update

    from terranova.server.db import GameRow, LeaseRow, now

    async def main() -> None:
        settings = Settings(database_url=sqlite_url, lease_seconds=0.6)
        db = Database(sqlite_url, settings.lease_seconds)
        db.migrate()
        first = GameService(db, settings, Hub())
        seats = [SeatRequest(kind="human", name="Ana"), SeatRequest(kind="human", name="Bo")]
        request = CreateGameRequest(game="discovery", seats=seats, move_seconds=60)
        game, _ = await first.create(request)
        assert first.runs(game.public_id)  # a timed move needs a runner
        with db.session() as session, session.begin():
            session.execute(
                update(GameRow)
                .where(GameRow.public_id == game.public_id)
                .values(rules_version="an older one")
            )
        await first.close()  # gives the lease up
        again = GameService(db, settings, Hub())
        again.start()
        try:
            # once it has tried (however late a loaded machine lets it), ten renewals more
            await until(lambda: tried(caplog.records), 60)
            await asyncio.sleep(2.0)
            assert not again.runs(game.public_id)
            with db.session() as session:
                expires = session.scalars(select(LeaseRow.expires_at)).one()
            assert expires.replace(tzinfo=now().tzinfo) < now()
        finally:
            await again.close()
            db.dispose()

    def tried(records: list[Any]) -> list[Any]:
        return [r for r in records if "is not resumed" in r.getMessage()]

    caplog.set_level("WARNING", logger="terranova.server")
    asyncio.run(main())
    assert len(tried(caplog.records)) == 1, [r.getMessage() for r in tried(caplog.records)]
