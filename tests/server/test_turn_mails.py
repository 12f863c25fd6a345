"""Turn e-mails and invitations, with a real SMTP server whose messages' links are followed:
an e-mail once it has been someone's turn long enough (not before, not while connected, one
per period), the unsubscribe link (a GET changes nothing), invitations to an open seat."""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from alembic import command
from sqlalchemy import select, text, update

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
from fastapi.testclient import TestClient  # noqa: E402

from terranova.server import create_app  # noqa: E402
from terranova.server.accounts import AccountRow, AccountStore, hasher  # noqa: E402
from terranova.server.db import (  # noqa: E402
    Database,
    Entry,
    GameRow,
    SeatRow,
    StoredSeat,
    alembic_config,
    now,
)
from terranova.server.invitations import InvitationRow  # noqa: E402
from terranova.server.turnmail import TurnMailRow, TurnMailStore  # noqa: E402

from .conftest import settings_for  # noqa: E402
from .mailbox import Mailbox, body, links, smtp_server  # noqa: E402
from .process import Server, server  # noqa: E402
from .test_accounts import PASSWORD, PUBLIC, csrf, device, drain  # noqa: E402

TWO = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]

Open = Callable[..., TestClient]


@pytest.fixture(name="mail")
def mail_fixture() -> Iterator[tuple[Mailbox, str]]:
    with smtp_server() as served:
        yield served


@pytest.fixture(name="open_client")
def open_client_fixture(database_url: str) -> Iterator[Open]:
    """Opens apps on the test's database whose periodic look for turn e-mails runs once at
    the start: the tests then look themselves (:func:`look`)."""
    with ExitStack() as stack:

        def open_(**overrides: Any) -> TestClient:
            values = {"turn_email_check_seconds": 3600.0, **overrides}
            return stack.enter_context(TestClient(create_app(settings_for(database_url, **values))))

        yield open_


def db_of(client: TestClient) -> Database:
    return client.app.state.db  # type: ignore[attr-defined, no-any-return]


def look(client: TestClient) -> int:
    """One look of the app's turn e-mails (as its periodic job makes); how many it sent."""
    mails = client.app.state.turn_mails  # type: ignore[attr-defined]
    return int(client.portal.call(mails.run_once))  # type: ignore[union-attr]


def person(client: TestClient, email: str, name: str, turn_emails: bool = True) -> TestClient:
    """A confirmed account (opted in to turn e-mails or not), signed in in a browser of
    its own."""
    accounts = client.app.state.accounts  # type: ignore[attr-defined]
    account = accounts.store.add(email, name, accounts.hasher.hash(PASSWORD), True)
    assert account is not None
    with db_of(client).writing() as session:
        session.execute(
            update(AccountRow).where(AccountRow.id == account.id).values(turn_emails=turn_emails)
        )
    browser = device(client)
    signed = browser.post("/api/session", json={"email": email, "password": PASSWORD})
    assert signed.status_code == 200, signed.text
    return browser


def account_id(client: TestClient, email: str) -> int:
    with db_of(client).session() as session:
        found = session.scalar(select(AccountRow.id).where(AccountRow.email == email))
    assert found is not None
    return int(found)


def hold(client: TestClient, game_id: str, seat: int, email: str) -> None:
    """The account of ``email`` holds the seat (as a signed-in creator's seat is held)."""
    with db_of(client).writing() as session:
        pk = session.scalar(select(GameRow.id).where(GameRow.public_id == game_id))
        session.execute(
            update(SeatRow)
            .where(SeatRow.game_id == pk, SeatRow.seat == seat)
            .values(account_id=account_id(client, email))
        )


def wait_longer(client: TestClient, game_id: str, minutes: float) -> None:
    """The game's position written ``minutes`` earlier than it was (as if nobody had moved
    since)."""
    with db_of(client).writing() as session:
        since = session.scalar(select(GameRow.to_move_since).where(GameRow.public_id == game_id))
        assert since is not None
        session.execute(
            update(GameRow)
            .where(GameRow.public_id == game_id)
            .values(to_move_since=since - timedelta(minutes=minutes))
        )


def waiting(client: TestClient, email: str, minutes: float = 120) -> tuple[str, int]:
    """A new game whose seat to move the account of ``email`` holds, waiting ``minutes``
    already; its id and that seat."""
    game_id, seat, _ = new_game(client)
    hold(client, game_id, seat, email)
    wait_longer(client, game_id, minutes)
    return game_id, seat


def new_game(client: TestClient) -> tuple[str, int, dict[int, str]]:
    """A game between two people; its id, the seat to move, and the seats' tokens."""
    created = client.post("/api/games", json={"game": "discovery", "seats": TWO})
    assert created.status_code == 200, created.text
    game_id = created.json()["game_id"]
    tokens = {s["seat"]: s["token"] for s in created.json()["seats"]}
    state = client.get(f"/api/games/{game_id}/state").json()
    return game_id, int(state["to_move"]), tokens


def test_a_turn_email_comes_once_the_turn_has_waited_and_its_link_leads_to_the_seat(
    open_client: Open, mail: tuple[Mailbox, str]
) -> None:
    box, url = mail
    client = open_client(smtp_url=url, public_url=PUBLIC, turn_email_minutes=60)
    person(client, "ana@example.org", "Ana")
    game_id, seat, tokens = new_game(client)
    hold(client, game_id, seat, "ana@example.org")
    assert look(client) == 0  # not an hour yet
    wait_longer(client, game_id, 59)
    assert look(client) == 0
    wait_longer(client, game_id, 2)
    assert look(client) == 1
    message = box.wait("ana@example.org")
    assert "Your turn" in message["Subject"]
    text = body(message)
    assert "61 minutes" in text and "account settings" in text
    link, stop = links(message)
    assert link == f"{PUBLIC}/play/{game_id}?seat={seat}"
    assert stop.startswith(f"{PUBLIC}/account/unsubscribe?key=")
    # the link, followed: the play page, and that seat's state, whose turn it is
    path = urlsplit(link)
    page = client.get(path.path + "?" + path.query)
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    query_seat = int(parse_qs(path.query)["seat"][0])
    state = client.get(
        f"/api/games/{game_id}/state", params={"seat": query_seat, "token": tokens[query_seat]}
    ).json()
    assert state["to_move"] == query_seat and state["legal"]
    # one per period: still their turn, no second e-mail
    wait_longer(client, game_id, 600)
    assert look(client) == 0
    assert len(box.to("ana@example.org")) == 1


def test_a_new_period_brings_another_and_a_move_restarts_the_wait(
    open_client: Open, mail: tuple[Mailbox, str]
) -> None:
    box, url = mail
    client = open_client(
        smtp_url=url, public_url=PUBLIC, turn_email_minutes=60, turn_email_period_hours=24
    )
    person(client, "ana@example.org", "Ana")
    game_id, seat, tokens = new_game(client)
    hold(client, game_id, seat, "ana@example.org")
    wait_longer(client, game_id, 61)
    assert look(client) == 1
    with db_of(client).writing() as session:  # the e-mail as if sent a day ago
        session.execute(update(TurnMailRow).values(sent_at=now() - timedelta(hours=25)))
    assert look(client) == 1
    assert len(box.to("ana@example.org")) == 2
    # Ana moves: her wait starts again from the move (the game's last write)
    with db_of(client).session() as session:
        before = session.scalar(select(GameRow.to_move_since))
    state = client.get(
        f"/api/games/{game_id}/state", params={"seat": seat, "token": tokens[seat]}
    ).json()
    moved = client.post(
        f"/api/games/{game_id}/actions",
        json={
            "seat": seat,
            "token": tokens[seat],
            "action": state["legal"][0],
            "ply": state["ply"],
        },
    )
    assert moved.status_code == 200, moved.text
    with db_of(client).session() as session:
        after = session.scalar(select(GameRow.to_move_since))
    assert before is not None and after is not None and after > before
    assert look(client) == 0


def test_no_turn_email_while_connected_nor_without_the_opt_in_nor_with_email_off(
    open_client: Open, mail: tuple[Mailbox, str]
) -> None:
    box, url = mail
    client = open_client(smtp_url=url, public_url=PUBLIC, turn_email_minutes=1)
    person(client, "ana@example.org", "Ana")
    person(client, "bo@example.org", "Bo", turn_emails=False)
    game_id, seat, tokens = new_game(client)
    hold(client, game_id, seat, "ana@example.org")
    wait_longer(client, game_id, 120)
    with client.websocket_connect(f"/ws/games/{game_id}?seat={seat}&token={tokens[seat]}") as ws:
        assert ws.receive_json()["type"] == "state"
        assert look(client) == 0
    # the connection is gone: the next look sends it
    assert look(client) == 1
    assert len(box.to("ana@example.org")) == 1
    waiting(client, "bo@example.org")
    assert look(client) == 0 and not box.to("bo@example.org")


def test_with_email_off_nothing_is_sent(open_client: Open) -> None:
    client = open_client(turn_email_minutes=1)
    person(client, "ana@example.org", "Ana")
    waiting(client, "ana@example.org")
    assert look(client) == 0
    assert not client.app.state.turn_mails.looking  # type: ignore[attr-defined]


def test_a_connection_on_another_process_counts_once_it_is_told(
    open_client: Open, mail: tuple[Mailbox, str]
) -> None:
    """What another process told of its connections (connected_seats) holds the e-mail back
    until its rows expire."""
    box, url = mail
    client = open_client(smtp_url=url, public_url=PUBLIC, turn_email_minutes=1)
    person(client, "ana@example.org", "Ana")
    game_id, seat = waiting(client, "ana@example.org")
    store = client.app.state.turn_mails.store  # type: ignore[attr-defined]
    store.mark_connected("elsewhere", {(game_id, seat)}, now() + timedelta(minutes=5))
    assert look(client) == 0
    store.mark_connected("elsewhere", {(game_id, seat)}, now() - timedelta(seconds=1))
    assert look(client) == 1
    assert len(box.to("ana@example.org")) == 1


def test_unsubscribe_by_get_changes_nothing_and_by_post_stops_the_emails(
    open_client: Open, mail: tuple[Mailbox, str]
) -> None:
    box, url = mail
    client = open_client(smtp_url=url, public_url=PUBLIC, turn_email_minutes=1)
    person(client, "ana@example.org", "Ana")
    waiting(client, "ana@example.org")
    assert look(client) == 1
    stop = links(box.wait("ana@example.org"))[1]
    key = parse_qs(urlsplit(stop).query)["key"][0]
    stranger = TestClient(client.app)
    stranger.portal = client.portal  # not signed in
    page = stranger.get(urlsplit(stop).path + "?" + urlsplit(stop).query)
    assert page.status_code == 200 and "Stop the turn e-mails" in page.text
    with db_of(client).session() as session:
        assert session.scalar(select(AccountRow.turn_emails)) is True
    wrong = stranger.post("/api/account/unsubscribe", json={"key": key + "x"})
    assert wrong.status_code == 404
    done = stranger.post("/api/account/unsubscribe", json={"key": key})
    assert done.status_code == 200, done.text
    assert done.json()["message"] == "no more turn e-mails for Ana"
    with db_of(client).session() as session:
        assert session.scalar(select(AccountRow.turn_emails)) is False
    waiting(client, "ana@example.org")
    assert look(client) == 0
    assert len(box.to("ana@example.org")) == 1


# ------------------------------------------------------------------ invitations


def invite(browser: TestClient, game_id: str, **body: Any) -> Any:
    return browser.post(f"/api/games/{game_id}/invitations", json=body, headers=csrf(browser))


def open_table(client: TestClient) -> tuple[str, str]:
    """A game of Ana's (seat 0, by token) with seat 1 open; its id and Ana's token."""
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "open"}]
    created = client.post("/api/games", json={"game": "discovery", "seats": seats})
    assert created.status_code == 200, created.text
    return created.json()["game_id"], created.json()["seats"][0]["token"]


def test_an_invitation_is_listed_declined_or_joined(open_client: Open) -> None:
    client = open_client()
    bo = person(client, "bo@example.org", "Bo")
    game_id, token = open_table(client)
    made = invite(client, game_id, seat=1, name="bo", by_seat=0, token=token)
    assert made.status_code == 201, made.text
    assert made.json()["invitee"] == "Bo" and made.json()["mailed"] is False
    listed = bo.get("/api/account/invitations").json()["invitations"]
    assert [(i["game_id"], i["seat"], i["inviter"]) for i in listed] == [(game_id, 1, "Ana")]
    declined = bo.post(
        f"/api/account/invitations/{listed[0]['invitation_id']}/decline", headers=csrf(bo)
    )
    assert declined.status_code == 200
    assert bo.get("/api/account/invitations").json()["invitations"] == []
    again = bo.post(
        f"/api/account/invitations/{listed[0]['invitation_id']}/decline", headers=csrf(bo)
    )
    assert again.status_code == 404
    # invited again, Bo joins the seat: the invitation is answered by it
    assert invite(client, game_id, seat=1, name="Bo", by_seat=0, token=token).status_code == 201
    joined = bo.post(f"/api/games/{game_id}/join", json={"seat": 1, "name": "Bo"}, headers=csrf(bo))
    assert joined.status_code == 200, joined.text
    assert bo.get("/api/account/invitations").json()["invitations"] == []
    late = invite(client, game_id, seat=1, name="Bo", by_seat=0, token=token)
    assert late.status_code == 409 and "not open any more" in late.json()["detail"]


def test_invitations_refused_change_nothing(open_client: Open) -> None:
    client = open_client(invitations_per_hour=3, max_pending_invitations=2)
    bo = person(client, "bo@example.org", "Bo")
    ana = person(client, "ana@example.org", "Ana")
    person(client, "cy@example.org", "Cy")
    game_id, token = open_table(client)
    stranger = TestClient(client.app)
    stranger.portal = client.portal
    assert invite(stranger, game_id, seat=1, name="Bo").status_code == 403  # not at the table
    assert invite(bo, game_id, seat=1, name="Bo").status_code == 403  # signed in, no seat
    assert invite(client, game_id, seat=1, name="Bo", by_seat=0, token="nope").status_code == 403
    assert invite(client, game_id, seat=1, by_seat=0, token=token).status_code == 400
    assert invite(client, game_id, seat=0, name="Bo", by_seat=0, token=token).status_code == 409
    assert invite(client, game_id, seat=7, name="Bo", by_seat=0, token=token).status_code == 400
    nobody = invite(client, game_id, seat=1, name="Nobody", by_seat=0, token=token)
    assert nobody.status_code == 404 and "Nobody" in nobody.json()["detail"]
    with db_of(client).session() as session:
        assert session.scalars(select(InvitationRow)).all() == []
    # the signed-in holder of a seat may invite, and invites one account once per seat
    hold(client, game_id, 0, "ana@example.org")
    assert invite(ana, game_id, seat=1, name="Bo").status_code == 201
    twice = invite(ana, game_id, seat=1, name="Bo")
    assert twice.status_code == 400 and "already" in twice.json()["detail"]
    assert invite(ana, game_id, seat=1, name="Ana").status_code == 400  # herself
    # pending per invitee: Bo has 2 waiting at most
    second, _ = open_table(client)
    hold(client, second, 0, "ana@example.org")
    third, _ = open_table(client)
    hold(client, third, 0, "ana@example.org")
    assert invite(ana, second, seat=1, name="Bo").status_code == 201
    full = invite(ana, third, seat=1, account_id=bo_public_id(client))
    assert full.status_code == 429 and "waiting" in full.json()["detail"]
    # per inviter (and address) per hour: the invitations made count, 3 at most
    assert invite(ana, third, seat=1, name="Cy").status_code == 201
    more = invite(ana, game_id, seat=1, name="Cy")
    assert more.status_code == 429 and "an hour" in more.json()["detail"]
    assert len(bo.get("/api/account/invitations").json()["invitations"]) == 2


def bo_public_id(client: TestClient) -> str:
    with db_of(client).session() as session:
        found = session.scalar(
            select(AccountRow.public_id).where(AccountRow.email == "bo@example.org")
        )
    assert found is not None
    return str(found)


def test_an_invitation_email_to_who_opted_in(open_client: Open, mail: tuple[Mailbox, str]) -> None:
    box, url = mail
    client = open_client(smtp_url=url, public_url=PUBLIC)
    person(client, "bo@example.org", "Bo")
    person(client, "cy@example.org", "Cy", turn_emails=False)
    game_id, token = open_table(client)
    made = invite(client, game_id, seat=1, name="Bo", by_seat=0, token=token)
    assert made.status_code == 201 and made.json()["mailed"] is True
    assert (
        invite(client, game_id, seat=1, name="Cy", by_seat=0, token=token).json()["mailed"] is False
    )
    drain(client)
    message = box.wait("bo@example.org")
    assert "Ana invites you" in message["Subject"]
    lobby, stop = links(message)
    assert lobby == f"{PUBLIC}/" and stop.startswith(f"{PUBLIC}/account/unsubscribe?key=")
    assert not box.to("cy@example.org")


def counter(srv: Server, name: str) -> float:
    """A counter of ``srv``'s metrics."""
    for line in srv.client.get("/metrics").text.splitlines():
        if line.startswith(f"{name}_total "):
            return float(line.split()[-1])
    return 0.0


def test_two_processes_send_exactly_one_turn_email(
    postgres_url: str, tmp_path: Path, mail: tuple[Mailbox, str]
) -> None:
    """Both processes find the same seat due at once; its claim lets one of them send."""
    box, url = mail
    args = [
        *("--smtp-url", url, "--public-url", PUBLIC),
        *("--turn-email-minutes", "60", "--turn-email-check-seconds", "0.2"),
    ]
    with ExitStack() as stack:
        a = stack.enter_context(server(postgres_url, tmp_path / "a.log", args))
        b = stack.enter_context(server(postgres_url, tmp_path / "b.log", args))
        a.spawn()
        b.spawn()
        a.wait_started()
        b.wait_started()
        game_id = a.create(TWO)["game_id"]
        seat = int(a.state(game_id)["to_move"])
        db = Database(postgres_url)
        try:
            store = AccountStore(db)
            account = store.add("ana@example.org", "Ana", hasher("cheap").hash(PASSWORD), True)
            assert account is not None
            with db.writing() as session:
                session.execute(
                    update(AccountRow).where(AccountRow.id == account.id).values(turn_emails=True)
                )
                pk = session.scalar(select(GameRow.id).where(GameRow.public_id == game_id))
                session.execute(
                    update(SeatRow)
                    .where(SeatRow.game_id == pk, SeatRow.seat == seat)
                    .values(account_id=account.id)
                )
                session.execute(
                    update(GameRow)
                    .where(GameRow.id == pk)
                    .values(to_move_since=now() - timedelta(hours=2))
                )
        finally:
            db.dispose()
        message = box.wait("ana@example.org")
        assert links(message)[0] == f"{PUBLIC}/play/{game_id}?seat={seat}"
        # both processes look three more times at least: no second e-mail comes
        looked = {srv.port: counter(srv, "terranova_turn_email_looks") for srv in (a, b)}
        deadline = time.monotonic() + 60
        while any(
            counter(srv, "terranova_turn_email_looks") < looked[srv.port] + 3 for srv in (a, b)
        ):
            assert time.monotonic() < deadline, "a process stopped looking for turn e-mails"
            time.sleep(0.1)
        assert len(box.to("ana@example.org")) == 1
        assert counter(a, "terranova_turn_emails") + counter(b, "terranova_turn_emails") == 1


def test_older_games_have_no_turn_until_their_next_write(database_url: str) -> None:
    """A game stored before migrations 0014 and 0016 has no seat to move (it is never due) until its
    next write; going back to 0012 keeps the games and drops the new tables with their rows."""
    db = Database(database_url)
    config = alembic_config()
    try:
        with db.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "0012")
        seat = StoredSeat(0, "human", "Ana", None, None)
        args = ("discovery", {"players": 2}, 1, "1", 0, 10.0, [seat], [], "playing", None)
        with db.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO games (public_id, game, params, seed, rules_version,"
                    " bot_delay_ms, created_at, status, response_seconds, practice, hints)"
                    " VALUES ('old', 'discovery', '{\"players\": 2}', 1, '1', 0,"
                    " '2026-01-01 00:00:00', 'playing', 10, false, false)"
                )
            )
        db.migrate()
        with db.session() as session:
            assert session.execute(select(GameRow.to_move, GameRow.to_move_since)).one() == (
                None,
                None,
            )
        old = db.load_game("old")
        assert old is not None
        db.append(old.pk, [Entry(0, 0, "draw 01")], "playing", None, to_move=0)
        with db.session() as session:
            assert session.scalar(select(GameRow.to_move)) == 0
        stored = db.create_game("new", *args, to_move=1)
        since, claims = since_of(db, "new"), TurnMailStore(db)
        assert claims.claim(stored.pk, 1, since, now())
        # claimed: not again within the period, nor for a turn that has changed
        assert not claims.claim(stored.pk, 1, since, now() - timedelta(hours=1))
        assert not claims.claim(stored.pk, 0, since, now())
        with db.engine.begin() as connection:  # back, the new tables holding rows
            config.attributes["connection"] = connection
            command.downgrade(config, "0012")
            assert connection.execute(text("SELECT count(*) FROM games")).scalar() == 2
        db.migrate()
    finally:
        db.dispose()


def since_of(db: Database, game_id: str) -> Any:
    with db.session() as session:
        return session.scalar(select(GameRow.to_move_since).where(GameRow.public_id == game_id))
