"""One client address has at most ``max_games_per_address`` unfinished games it created,
and creates at most ``max_games_per_address_per_hour`` games in any hour (429 beyond),
counted in the database under a digest of the address: a game over (finished, or closed
as abandoned) frees a place of the first, an hour passed one of the second, a rematch counts
for whoever asks for it, and a trusted proxy's ``X-Forwarded-For`` names the address as for
the other limits."""

from __future__ import annotations

import random
import re
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, update
from tests.server.conftest import Api, settings_for
from typer.testing import CliRunner

import terranova.server.runner
from terranova.cli import app as cli
from terranova.server import Settings, create_app
from terranova.server.autoplay import position_job
from terranova.server.db import (
    HOUR,
    ConflictError,
    Database,
    GameLimitReached,
    GameRow,
    HourlyLimitReached,
    StoredSeat,
)
from terranova.server.limits import address_digest

PROXY = "10.0.0.1"
ANA_AT = "203.0.113.7"
BO_AT = "203.0.113.8"
PEOPLE = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]
GAME = "evolution-explore"

ClientAt = Callable[..., TestClient]


@pytest.fixture
def client_at(database_url: str) -> Iterator[ClientAt]:
    """Opens apps on the test's database whose requests come from ``peer``."""
    clients: list[TestClient] = []

    def make(peer: str, **overrides: Any) -> TestClient:
        app = create_app(settings_for(database_url, **overrides))
        client = TestClient(app, client=(peer, 40000))
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for client in reversed(clients):
        client.__exit__(None, None, None)


def behind_proxy(client_at: ClientAt, limit: int) -> Api:
    """An app behind the trusted proxy ``PROXY``: each request's address is the one its
    ``X-Forwarded-For`` names (:func:`at`)."""
    return Api(client_at(PROXY, trusted_proxies=(PROXY,), max_games_per_address=limit))


def at(api: Api, address: str) -> Api:
    """``api``'s next requests forwarded by the proxy for ``address``."""
    api.client.headers["X-Forwarded-For"] = address
    return api


def create(client: TestClient, headers: dict[str, str] | None = None) -> Any:
    """``POST /api/games`` of a game between two people (nothing runs by itself)."""
    body = {"game": GAME, "seats": PEOPLE}
    return client.post("/api/games", json=body, headers=headers or {})


def assert_refused(answer: Any, limit: int) -> None:
    assert answer.status_code == 429, answer.text
    games = "1 unfinished game" if limit == 1 else f"{limit} unfinished games"
    assert answer.json()["detail"] == (
        f"this address already has {games}: a game counts until it ends, or until "
        "closed after 168 hours without a move (max_games_per_address)"
    )
    assert answer.json()["code"] == "rate"


def stored(url: str) -> list[GameRow]:
    db = Database(url)
    try:
        with db.session() as session:
            return list(session.scalars(select(GameRow).order_by(GameRow.id)))
    finally:
        db.dispose()


def test_an_address_creates_up_to_its_limit(database_url: str, client_at: ClientAt) -> None:
    ana = client_at(ANA_AT, max_games_per_address=3)
    for _ in range(3):
        assert create(ana).status_code == 200
    assert_refused(create(ana), 3)
    # counted in the database: another server process on it refuses the address too
    assert_refused(create(client_at(ANA_AT, max_games_per_address=3)), 3)
    rows = stored(database_url)
    assert len(rows) == 3  # nothing written when refused
    # the database holds a digest of the address, never the address
    assert {row.creator for row in rows} == {address_digest(ANA_AT)}
    assert not any(ANA_AT in str(value) for row in rows for value in vars(row).values())
    # another address is not affected
    assert create(client_at(BO_AT, max_games_per_address=3)).status_code == 200


def test_a_game_over_frees_a_place(client_at: ClientAt) -> None:
    api = at(behind_proxy(client_at, 2), ANA_AT)
    against_bot = api.create([PEOPLE[0], {"kind": "bot", "bot": "greedy"}], game=GAME)
    api.create(PEOPLE, game=GAME)
    assert_refused(create(api.client), 2)
    # resigned, the game is played out by the bots: once it is over, its place is free
    game_id, token = against_bot["game_id"], against_bot["seats"][0]["token"]
    resigned = api.client.post(f"/api/games/{game_id}/resign", json={"seat": 0, "token": token})
    assert resigned.status_code == 200, resigned.text
    api.wait_idle(120)
    assert api.state(game_id)["status"] == "finished"
    api.create(PEOPLE, game=GAME)
    assert_refused(create(api.client), 2)
    # games closed as abandoned are over too
    assert len(api.service.store.abandon_idle(0)) == 2
    api.create(PEOPLE, game=GAME)
    api.create(PEOPLE, game=GAME)
    assert_refused(create(api.client), 2)


def test_a_trusted_proxys_forwarded_address_is_counted(
    database_url: str, client_at: ClientAt
) -> None:
    api = behind_proxy(client_at, 1)
    assert create(api.client, {"X-Forwarded-For": ANA_AT}).status_code == 200
    assert_refused(create(api.client, {"X-Forwarded-For": ANA_AT}), 1)
    # the last address that is not the proxy's: ANA_AT again, whatever the client added
    assert_refused(create(api.client, {"X-Forwarded-For": f"198.51.100.1, {ANA_AT}"}), 1)
    assert create(api.client, {"X-Forwarded-For": BO_AT}).status_code == 200
    assert create(api.client).status_code == 200  # the proxy's own requests: its address
    assert [row.creator for row in stored(database_url)] == [
        address_digest(a) for a in (ANA_AT, BO_AT, PROXY)
    ]
    # from a peer that is not trusted, the header is ignored: the peer's address counts
    direct = client_at(ANA_AT, trusted_proxies=(PROXY,), max_games_per_address=1)
    assert_refused(create(direct, {"X-Forwarded-For": "198.51.100.2"}), 1)
    other = client_at("198.51.100.3", trusted_proxies=(PROXY,), max_games_per_address=1)
    assert create(other, {"X-Forwarded-For": "198.51.100.4"}).status_code == 200
    assert_refused(create(other, {"X-Forwarded-For": "198.51.100.5"}), 1)


@pytest.fixture
def database(database_url: str) -> Iterator[Database]:
    """The test's database, migrated, as one server process opens it."""
    db = Database(database_url)
    db.migrate()
    yield db
    db.dispose()


def add_game(
    db: Database, public_id: str, status: str = "playing", rematch_of: int | None = None
) -> Any:
    """A game between two people created from ``ANA_AT``, which may have one unfinished."""
    seats = [StoredSeat(s, "human", "P", None, None) for s in range(2)]
    return db.create_game(
        public_id, GAME, {}, 1, "1", 0, 10.0, seats, [], status, None,
        rematch_of=rematch_of, creator=address_digest(ANA_AT), most_unfinished=1,
    )  # fmt: skip


def test_a_game_over_when_made_is_not_refused(database: Database) -> None:
    for n, status in enumerate(["playing", "finished", "finished"]):
        add_game(database, f"g{n}", status)
    with pytest.raises(GameLimitReached):
        add_game(database, "g3")


def test_a_rematch_another_process_made_is_found_even_at_the_limit(database: Database) -> None:
    # the rematch's mark comes before the count: asked again from an address at its limit,
    # the rematch already made is a conflict (the caller loads it), not a refusal
    over = add_game(database, "over", "finished")
    add_game(database, "again", rematch_of=over.pk)
    with pytest.raises(ConflictError):
        add_game(database, "twice", rematch_of=over.pk)


def test_no_limit_at_zero(client_at: ClientAt) -> None:
    ana = client_at(ANA_AT, max_games_per_address=0)
    assert [create(ana).status_code for _ in range(25)] == [200] * 25


def test_a_rematch_counts_for_the_address_that_asks(client_at: ClientAt) -> None:
    api = at(behind_proxy(client_at, 1), ANA_AT)
    created = api.create(PEOPLE, game=GAME)
    game_id = created["game_id"]
    ana, bo = (s["token"] for s in created["seats"])
    resigned = api.client.post(f"/api/games/{game_id}/resign", json={"seat": 1, "token": bo})
    assert resigned.status_code == 200, resigned.text
    api.play_until(game_id, 0, ana, lambda s: False, random.Random(4))
    api.create(PEOPLE, game=GAME)  # the finished game is not counted: this one is

    def rematch(address: str) -> Any:
        body = {"seat": 0, "token": ana}
        return at(api, address).client.post(f"/api/games/{game_id}/rematch", json=body)

    assert_refused(rematch(ANA_AT), 1)
    assert api.service.games[game_id].rematch is None  # nothing written
    made = rematch(BO_AT)
    assert made.status_code == 200, made.text
    # asked again, the rematch is the same game: nothing is created, so nothing refused
    again = rematch(ANA_AT)
    assert again.status_code == 200, again.text
    assert again.json()["game_id"] == made.json()["game_id"]


@pytest.mark.parametrize("limit", ["most_unfinished", "most_per_hour"])
def test_creations_at_once_never_pass_the_limit(database_url: str, limit: str) -> None:
    first = Database(database_url)
    first.migrate()
    # PostgreSQL: as two server processes; SQLite has one
    dbs = [first, Database(database_url)] if first.shared else [first]
    creator = address_digest(ANA_AT)
    seats = [StoredSeat(s, "human", "P", None, None) for s in range(2)]
    together = threading.Barrier(12)

    def made(n: int) -> bool:
        together.wait()
        try:
            db = dbs[n % len(dbs)]
            args = (GAME, {}, 1, "1", 0, 10.0, seats, [], "playing", None)
            db.create_game(f"g{n}", *args, creator=creator, **{limit: 3})
        except GameLimitReached:
            return False
        return True

    try:
        with ThreadPoolExecutor(12) as pool:
            assert sum(pool.map(made, range(12))) == 3
    finally:
        for db in dbs:
            db.dispose()


def test_terranova_serve_sets_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    served: list[Settings] = []
    # the command loads the web stack's runner when it starts (server/command.py)
    monkeypatch.setattr(
        terranova.server.runner, "serve", lambda settings, *_, **__: served.append(settings)
    )
    for args, limit, per_hour in (
        ([], 20, 60),
        (["--max-games-per-address", "0"], 0, 60),
        (["--max-games-per-address-per-hour", "0"], 20, 0),
        (["--max-games-per-address-per-hour", "5"], 20, 5),
    ):
        result = CliRunner().invoke(cli, ["serve", *args])
        assert result.exit_code == 0, result.output
        settings = served.pop()
        assert settings.max_games_per_address == limit, args
        assert settings.max_games_per_address_per_hour == per_hour, args
    for option in ("--max-games-per-address", "--max-games-per-address-per-hour"):
        assert CliRunner().invoke(cli, ["serve", option, "-1"]).exit_code == 2


def assert_hourly_refused(answer: Any, limit: int) -> None:
    assert answer.status_code == 429, answer.text
    detail = answer.json()["detail"]
    assert re.fullmatch(
        f"this address has created {limit} games in the past hour: another may be created "
        r"in (59|60) minutes, once the oldest of them is an hour old "
        r"\(max_games_per_address_per_hour\)",
        detail,
    ), detail


def test_an_address_creates_at_most_its_games_per_hour(
    database_url: str, client_at: ClientAt
) -> None:
    limits = {"max_games_per_address": 0, "max_games_per_address_per_hour": 3}
    api = Api(client_at(ANA_AT, **limits))
    for _ in range(3):
        assert create(api.client).status_code == 200
    # games over still count: the limit bounds what one address adds to the database
    assert len(api.service.store.abandon_idle(0)) == 3
    assert_hourly_refused(create(api.client), 3)
    # counted in the database: another server process on it refuses the address too
    assert_hourly_refused(create(client_at(ANA_AT, **limits)), 3)
    assert len(stored(database_url)) == 3  # nothing written when refused
    # another address is not affected
    assert create(client_at(BO_AT, **limits)).status_code == 200


def test_a_game_an_hour_old_frees_a_place_of_the_hour(database: Database) -> None:
    creator = address_digest(ANA_AT)
    seats = [StoredSeat(s, "human", "P", None, None) for s in range(2)]

    def made(public_id: str) -> Any:
        args = (GAME, {}, 1, "1", 0, 10.0, seats, [], "finished", None)
        return database.create_game(public_id, *args, creator=creator, most_per_hour=2)

    made("g0")
    made("g1")
    with pytest.raises(HourlyLimitReached) as refused:
        made("g2")
    first = stored(database.url)[0]
    made_at = first.created_at.replace(tzinfo=first.created_at.tzinfo or UTC)  # SQLite: none
    assert refused.value.frees_at == made_at + HOUR
    # the first game made a little over an hour ago: its place is free again
    with database.session() as session, session.begin():
        earlier = first.created_at - HOUR - timedelta(seconds=1)
        session.execute(update(GameRow).where(GameRow.id == first.id).values(created_at=earlier))
    made("g2")
    with pytest.raises(HourlyLimitReached):
        made("g3")


def test_a_games_bot_jobs_name_its_creator_for_the_fair_queue(client_at: ClientAt) -> None:
    """The bots' worker queue takes addresses in turn: a game's jobs carry the digest of
    the address that created it, live and once reloaded from the database."""
    api = Api(client_at(ANA_AT, max_cached_games=1))
    game_id = api.create(PEOPLE, game=GAME)["game_id"]
    portal: Any = api.client.portal

    async def creator() -> tuple[Any, str | None]:
        game = await api.service.games.get(game_id)
        return game, position_job(game, "ismcts", 1, advice=True).creator

    fresh, live = portal.call(creator)
    api.create(PEOPLE, game=GAME)  # pushes the first out of memory
    reloaded, stored = portal.call(creator)
    assert reloaded is not fresh
    assert live == stored == address_digest(ANA_AT)
