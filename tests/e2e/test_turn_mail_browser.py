"""Turn e-mails and invitations in the browser: a turn e-mail, received through a real SMTP
server, whose link leads into the game at the seat to play; an invitation sent from the play
page's Invite control, seen in the invitee's lobby and accepted there."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select, update

from terranova.server.accounts import AccountRow, AccountStore, hasher
from terranova.server.db import Database, GameRow, SeatRow, now
from tests.e2e.conftest import Server, create_from_lobby, wait_until
from tests.server.mailbox import Mailbox, links, smtp_server

PASSWORD = "correct horse battery"

Start = Callable[..., Server]


@pytest.fixture(name="start_server")
def start_server_fixture(tmp_path: Path) -> Iterator[Start]:
    """start_server(*args): a server like the ``server`` fixture's, with these options too
    (``{base}`` in one stands for its own address)."""
    running: list[Server] = []

    def start(*args: str) -> Server:
        srv = Server(tmp_path)
        srv.extra = [arg.replace("{base}", srv.base) for arg in args]
        srv.start()
        running.append(srv)
        return srv

    yield start
    for srv in running:
        srv.stop()


@pytest.fixture(name="mail")
def mail_fixture() -> Iterator[tuple[Mailbox, str]]:
    with smtp_server() as served:
        yield served


def add_account(srv: Server, email: str, name: str, turn_emails: bool) -> int:
    """A confirmed account, made in the server's database."""
    db = Database(srv.database_url)
    try:
        account = AccountStore(db).add(email, name, hasher("cheap").hash(PASSWORD), True)
        assert account is not None
        with db.writing() as session:
            session.execute(
                update(AccountRow)
                .where(AccountRow.id == account.id)
                .values(turn_emails=turn_emails)
            )
        return account.id
    finally:
        db.dispose()


def hold(srv: Server, game_id: str, seat: int, account_id: int, waited: float = 0) -> None:
    """The account holds the seat; the game's position ``waited`` minutes old."""
    db = Database(srv.database_url)
    try:
        with db.writing() as session:
            pk = session.scalar(select(GameRow.id).where(GameRow.public_id == game_id))
            session.execute(
                update(SeatRow)
                .where(SeatRow.game_id == pk, SeatRow.seat == seat)
                .values(account_id=account_id)
            )
            if waited:
                session.execute(
                    update(GameRow)
                    .where(GameRow.id == pk)
                    .values(to_move_since=now() - timedelta(minutes=waited))
                )
    finally:
        db.dispose()


def opted_in(srv: Server, account_id: int) -> bool:
    db = Database(srv.database_url)
    try:
        with db.session() as session:
            return bool(
                session.scalar(select(AccountRow.turn_emails).where(AccountRow.id == account_id))
            )
    finally:
        db.dispose()


def sign_in(page: Any, email: str) -> None:
    """Sign the page's browser in (through the API, as the sign-in form does)."""
    answer = page.evaluate(
        """async (body) => {
            const r = await fetch('/api/session', {method: 'POST',
                headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)});
            return r.status;
        }""",
        {"email": email, "password": PASSWORD},
    )
    assert answer == 200


def test_a_turn_email_link_leads_into_the_game(
    start_server: Start, mail: tuple[Mailbox, str], new_page: Any, screenshots: Path
) -> None:
    box, url = mail
    srv = start_server(
        *("--smtp-url", url, "--public-url", "{base}"),
        *("--turn-email-minutes", "60", "--turn-email-check-seconds", "0.3"),
    )
    ana = add_account(srv, "ana@example.org", "Ana", turn_emails=True)
    page = new_page()
    game_id = create_from_lobby(page, srv, ["human", "human"])
    seat = int(srv.get(f"/api/games/{game_id}/state")["to_move"])
    hold(srv, game_id, seat, ana, waited=90)
    message = box.wait("ana@example.org")
    link = links(message)[0]
    assert link == f"{srv.base}/play/{game_id}?seat={seat}"
    page.goto(link)  # the browser that created the game keeps the seat's token
    page.wait_for_selector("body[data-ply]")
    wait_until(page, "() => window.terranova.state() && window.terranova.state().legal.length > 0")
    state = page.evaluate("() => window.terranova.state()")
    assert state["seat"] == seat and state["to_move"] == seat
    assert page.locator(f"[data-testid='player-{seat}'] .tag.you").count() == 1
    page.screenshot(path=str(screenshots / "turn-email-link.png"))
    # its unsubscribe link, opened in a browser not signed in: a button, then done
    stop = links(message)[1]
    other = new_page()
    other.goto(stop)
    other.wait_for_selector("body[data-ready='1']")
    assert opted_in(srv, ana)  # opening the page changed nothing
    other.click("[data-testid='unsubscribe']")
    wait_until(
        other, "() => document.querySelector('[data-testid=unsubscribe-answer]').textContent"
    )
    assert "no more turn e-mails for Ana" in other.inner_text("[data-testid='unsubscribe-answer']")
    other.screenshot(path=str(screenshots / "unsubscribe.png"))
    assert not opted_in(srv, ana)


def test_an_invitation_seen_in_the_lobby_and_accepted(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    add_account(server, "bo@example.org", "Bo", turn_emails=False)
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "open"}]
    created = server.post("/api/games", {"game": "discovery", "seats": seats})
    game_id, token = created["game_id"], created["seats"][0]["token"]
    ana = new_page()
    ana.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
    ana.wait_for_selector("body[data-ply]")
    ana.click("[data-testid='invite-1']")
    ana.fill("[data-testid='invite-name']", "Bo")
    ana.locator(".players-card").screenshot(path=str(screenshots / "invitation-form.png"))
    ana.click("[data-testid='invite-send']")
    ana.wait_for_selector(".toast-ok")
    assert "Bo is invited" in ana.inner_text(".toast-ok")
    ana.screenshot(path=str(screenshots / "invitation-sent.png"))
    bo = new_page()
    bo.goto(server.base + "/")
    sign_in(bo, "bo@example.org")
    bo.goto(server.base + "/")
    bo.wait_for_selector("body[data-ready='1']")
    panel = bo.locator("[data-testid='invitations']")
    assert panel.is_visible()
    assert "Ana invites you to seat 2" in panel.inner_text()
    panel.screenshot(path=str(screenshots / "invitation-lobby.png"))
    bo.click("[data-testid='invitations'] button:has-text('Join seat 2')")
    bo.wait_for_url(f"**/play/{game_id}?seat=1&token=*")
    bo.wait_for_selector("body[data-ply]")
    wait_until(bo, "() => window.terranova.state() && window.terranova.state().seat === 1")
    stored = json.loads(bo.evaluate("() => localStorage.getItem('terranova.seats')"))
    assert [(s["game_id"], s["seat"], s["name"]) for s in stored] == [(game_id, 1, "Bo")]
    # Ana's page shows Bo at the table
    wait_until(ana, "() => window.terranova.state().seats[1].kind === 'human'")
    assert ana.locator("[data-testid='invite-1']").count() == 0
