"""Two moves at once for one game: exactly one lands, in one process (the game's lock) and
across processes sharing the database (the log's UNIQUE(game, seq))."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from typing import Any

import httpx
from fastapi import FastAPI

from terranova.server import Settings, create_app
from terranova.server.db import Database

TWO_HUMANS = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]


@asynccontextmanager
async def running(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    """A client of ``app`` with the app started (lifespan) and stopped after."""
    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as client,
    ):
        yield client


async def create(client: httpx.AsyncClient) -> tuple[str, list[str]]:
    response = await client.post("/api/games", json={"game": "discovery", "seats": TWO_HUMANS})
    assert response.status_code == 200, response.text
    data = response.json()
    return data["game_id"], [s["token"] for s in data["seats"]]


async def state_of(client: httpx.AsyncClient, game_id: str, token: str) -> dict[str, Any]:
    response = await client.get(f"/api/games/{game_id}/state", params={"seat": 0, "token": token})
    assert response.status_code == 200
    return dict(response.json())


def act(
    client: httpx.AsyncClient, game_id: str, token: str, action: str, ply: int
) -> Any:  # an awaitable response
    return client.post(
        f"/api/games/{game_id}/actions",
        json={"seat": 0, "token": token, "action": action, "ply": ply},
    )


def test_two_moves_at_once_in_one_process(
    database_url: str, settings_for: Callable[..., Settings]
) -> None:
    async def main() -> None:
        async with running(create_app(settings_for(database_url))) as client:
            game_id, tokens = await create(client)
            for _ in range(5):
                state = await state_of(client, game_id, tokens[0])
                if len(state["legal"]) < 2:
                    break
                first, second = state["legal"][0], state["legal"][-1]
                answers = await asyncio.gather(
                    act(client, game_id, tokens[0], first, state["ply"]),
                    act(client, game_id, tokens[0], second, state["ply"]),
                )
                codes = sorted(a.status_code for a in answers)
                assert codes == [200, 409], [a.text for a in answers]
                landed = next(a for a in answers if a.status_code == 200).json()
                after = await state_of(client, game_id, tokens[0])
                assert after == landed
                played = next(e for e in after["log"] if e["ply"] == state["ply"] + 1)
                assert played["seat"] == 0 and played["text"] in (first, second)
                if after["to_move"] != 0:
                    break

    asyncio.run(main())


def test_two_processes_one_database(
    database_url: str, settings_for: Callable[..., Settings]
) -> None:
    """Two apps (as two server processes would) on one database: each has its own live
    copy and lock, so only the database's unique (game, seq) keeps the log straight."""

    async def main() -> None:
        async with AsyncExitStack() as stack:
            one = await stack.enter_async_context(running(create_app(settings_for(database_url))))
            two = await stack.enter_async_context(running(create_app(settings_for(database_url))))
            game_id, tokens = await create(one)

            # at once: exactly one lands
            state = await state_of(one, game_id, tokens[0])
            assert await state_of(two, game_id, tokens[0]) == state  # both copies warm
            answers = await asyncio.gather(
                act(one, game_id, tokens[0], state["legal"][0], state["ply"]),
                act(two, game_id, tokens[0], state["legal"][-1], state["ply"]),
            )
            codes = [a.status_code for a in answers]
            assert sorted(codes) == [200, 409], [a.text for a in answers]
            winner, loser = (one, two) if codes[0] == 200 else (two, one)
            landed = answers[codes.index(200)].json()
            assert await state_of(winner, game_id, tokens[0]) == landed
            assert await state_of(loser, game_id, tokens[0]) == landed  # rebuilt after 409

            # one after the other, the second on a copy that is behind: refused by the
            # database, and its copy is rebuilt
            nxt = landed["legal"][0]
            response = await act(winner, game_id, tokens[0], nxt, landed["ply"])
            assert response.status_code == 200
            moved = response.json()
            response = await act(loser, game_id, tokens[0], landed["legal"][-1], landed["ply"])
            assert response.status_code == 409
            assert "moved on" in response.json()["detail"]
            assert await state_of(loser, game_id, tokens[0]) == moved

        db = Database(database_url)
        try:
            entries = db.log(game_id)
            assert [e.seq for e in entries] == list(range(len(entries)))
            assert [e.ply for e in entries] == list(range(len(entries)))
        finally:
            db.dispose()

    asyncio.run(main())
