"""Accounts and sessions: signing up with e-mail confirmed by a link (a real SMTP server),
signing in and out, new passwords, deletion, and what an attacker cannot do: tell whether an
address has an account, guess passwords quickly, forge a request from another site, fix a
session, reuse a link."""

from __future__ import annotations

import asyncio
import warnings
from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from sqlalchemy import text, update

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
from fastapi.testclient import TestClient  # noqa: E402

from terranova.server import create_app  # noqa: E402
from terranova.server.accounts import DELETED_NAME, LinkRow, digest  # noqa: E402
from terranova.server.db import now  # noqa: E402
from terranova.server.sessions import COOKIE, csrf_token  # noqa: E402

from .conftest import settings_for  # noqa: E402
from .mailbox import Mailbox, body, links, smtp_server  # noqa: E402

PUBLIC = "http://play.example"
PASSWORD = "correct horse battery"

Open = Callable[..., TestClient]


@pytest.fixture
def mail() -> Iterator[tuple[Mailbox, str]]:
    with smtp_server() as served:
        yield served


@pytest.fixture
def open_client(database_url: str) -> Iterator[Open]:
    clients: list[TestClient] = []

    def open_(**overrides: Any) -> TestClient:
        client = TestClient(create_app(settings_for(database_url, **overrides)))
        client.__enter__()
        clients.append(client)
        return client

    yield open_
    for client in reversed(clients):
        client.__exit__(None, None, None)


def device(client: TestClient, **kwargs: Any) -> TestClient:
    """Another browser on the same running app (its event loop: what the answers leave to
    do, such as sending an e-mail, runs there)."""
    other = TestClient(client.app, **kwargs)
    other.portal = client.portal
    return other


def drain(client: TestClient) -> None:
    """Wait until the e-mails the answers promised are sent."""
    client.portal.call(client.app.state.accounts.drain)  # type: ignore[attr-defined, union-attr]


def csrf(client: TestClient) -> dict[str, str]:
    answer = client.get("/api/account").json()
    return {"X-CSRF-Token": answer["csrf"]} if answer["csrf"] else {}


def sign_up(client: TestClient, email: str, name: str = "Ana", password: str = PASSWORD) -> Any:
    return client.post("/api/account", json={"email": email, "name": name, "password": password})


def sign_in(client: TestClient, email: str, password: str = PASSWORD) -> Any:
    return client.post("/api/session", json={"email": email, "password": password})


def token_of(link: str) -> str:
    return parse_qs(urlsplit(link).query)["token"][0]


def with_mail(open_client: Open, url: str, **overrides: Any) -> TestClient:
    return open_client(smtp_url=url, public_url=PUBLIC, **overrides)


def verified(client: TestClient, box: Mailbox, email: str, name: str = "Ana") -> None:
    """Sign up and follow the link received: signed in."""
    assert sign_up(client, email, name).status_code == 202
    drain(client)
    link = links(box.wait(email))[0]
    assert link.startswith(f"{PUBLIC}/account/verify?token=")
    answer = client.post("/api/account/verify", json={"token": token_of(link)})
    assert answer.status_code == 200, answer.text


def test_without_email_a_sign_up_signs_in_at_once(open_client: Open) -> None:
    client = open_client()
    assert client.get("/api/account").json() == {"account": None, "csrf": None, "mail": False}
    answer = sign_up(client, "Ana@Example.org")
    assert answer.status_code == 200, answer.text
    cookie = answer.headers["set-cookie"]
    assert f"{COOKIE}=" in cookie and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert "Secure" not in cookie  # plain HTTP
    me = client.get("/api/account").json()
    assert me["account"]["email"] == "ana@example.org" and me["account"]["verified"]
    assert me["csrf"] == answer.json()["csrf"]
    again = sign_up(device(client), "ana@example.org", "Bo")
    assert again.status_code == 400 and "has an account" in again.json()["detail"]


def test_the_cookie_is_secure_behind_tls(open_client: Open) -> None:
    client = open_client(secure_cookies=True)
    assert "Secure" in sign_up(client, "ana@example.org").headers["set-cookie"]


def test_bad_sign_ups_are_refused_and_nothing_is_made(open_client: Open) -> None:
    client = open_client()
    for email, name, password, says in [
        ("not an address", "Ana", PASSWORD, "email"),
        ("ana@example.org", "", PASSWORD, "name"),
        ("ana@example.org", "A\u202enA", PASSWORD, "U+202E"),
        ("ana@example.org", "Deleted Player", PASSWORD, "not a name"),
        ("ana@example.org", "Ana", "short", "8 to 256"),
    ]:
        answer = sign_up(client, email, name, password)
        assert answer.status_code == 400 and says in answer.json()["detail"], answer.text
    assert client.get("/api/account").json()["account"] is None
    assert sign_up(client, "ana@example.org").status_code == 200
    taken = sign_up(device(client), "bo@example.org", " ANA ")
    assert taken.status_code == 400 and "taken" in taken.json()["detail"]


def test_sign_up_confirmed_by_the_link_received(
    open_client: Open, mail: tuple[Mailbox, str]
) -> None:
    box, url = mail
    client = with_mail(open_client, url)
    answer = sign_up(client, "ana@example.org")
    assert answer.status_code == 202 and COOKIE not in answer.headers.get("set-cookie", "")
    unconfirmed = sign_in(client, "ana@example.org")
    assert unconfirmed.status_code == 403 and "confirm" in unconfirmed.json()["detail"]
    drain(client)
    first, second = box.wait("ana@example.org", 1), box.wait("ana@example.org", 2)
    assert "Confirm" in first["Subject"] and links(first) != links(second)
    token = token_of(links(first)[0])
    followed = client.post("/api/account/verify", json={"token": token})
    assert followed.status_code == 200 and followed.json()["account"]["verified"]
    assert client.get("/api/account").json()["account"]["name"] == "Ana"
    reused = device(client).post("/api/account/verify", json={"token": token})
    assert reused.status_code == 403 and "used already" in reused.json()["detail"]
    other = device(client)  # a second device
    assert sign_in(other, "ana@example.org").status_code == 200
    assert other.get("/api/account").json()["account"]["email"] == "ana@example.org"


def test_answers_tell_nothing_of_an_address(open_client: Open, mail: tuple[Mailbox, str]) -> None:
    """Sign-up, sign-in and reset answer alike for a known and an unknown address, after the
    same work (one password hash each), and the e-mail is sent after the answer."""
    box, url = mail
    client = with_mail(open_client, url)
    verified(client, box, "ana@example.org")
    accounts = client.app.state.accounts  # type: ignore[attr-defined]

    def alike(call: Callable[[TestClient, str], Any], unknown: str) -> None:
        seen = []
        for email in ("ana@example.org", unknown):
            before = accounts.hashes
            answer = call(device(client), email)
            headers = {k: v for k, v in answer.headers.items() if k not in ("date",)}
            seen.append((answer.status_code, answer.text, headers, accounts.hashes - before))
        assert seen[0] == seen[1], seen

    alike(lambda c, email: sign_up(c, email, f"N{len(email)}"), "new@example.org")
    alike(lambda c, email: sign_in(c, email, "wrong password"), "nobody@example.org")
    alike(lambda c, email: c.post("/api/account/reset", json={"email": email}), "no@example.org")
    drain(client)
    box.wait("ana@example.org", 3)
    confirm, reset, told = sorted(box.to("ana@example.org"), key=lambda m: str(m["Subject"]))
    assert "has an account already" in body(told) and not links(told)  # someone tried
    assert "Reset" in reset["Subject"] and "Confirm" in confirm["Subject"]
    assert len(box.to("new@example.org")) == 1  # its confirmation link
    assert not box.to("nobody@example.org") and not box.to("no@example.org")


def test_sign_in_is_throttled_per_account_and_per_address(open_client: Open) -> None:
    first = open_client(sign_in_failures_per_account=3, sign_in_failures_per_address=5)
    assert sign_up(first, "ana@example.org").status_code == 200
    client = device(first)
    for _ in range(3):
        assert sign_in(client, "ana@example.org", "wrong password").status_code == 401
    held = sign_in(client, "ana@example.org")  # even the right password, until it passes
    assert held.status_code == 429 and "try again within 15 minutes" in held.json()["detail"]
    unknown = [sign_in(client, "nobody@example.org", "x" * 8).status_code for _ in range(4)]
    assert unknown == [401, 401, 429, 429]  # the address's 5 failures are spent
    assert sign_in(client, "bo@example.org").status_code == 429


def test_a_request_with_the_cookie_needs_the_csrf_header(open_client: Open) -> None:
    client = open_client()
    assert sign_up(client, "ana@example.org").status_code == 200
    change = {"current": PASSWORD, "new": "another password"}
    bare = client.post("/api/account/password", json=change)
    assert bare.status_code == 403 and "X-CSRF-Token" in bare.json()["detail"]
    wrong = client.post("/api/account/password", json=change, headers={"X-CSRF-Token": "0" * 64})
    assert wrong.status_code == 403
    game = client.post("/api/games", json={"game": "discovery", "seats": []})
    assert game.status_code == 403  # every request that changes something
    ok = client.post("/api/account/password", json=change, headers=csrf(client))
    assert ok.status_code == 200, ok.text


def test_a_request_from_another_site_is_refused(open_client: Open) -> None:
    client = open_client()
    forged = client.post(
        "/api/session",
        json={"email": "ana@example.org", "password": PASSWORD},
        headers={"Origin": "https://evil.example"},
    )
    assert forged.status_code == 403 and "another site" in forged.json()["detail"]
    same = client.post(
        "/api/account",
        json={"email": "ana@example.org", "name": "Ana", "password": PASSWORD},
        headers={"Origin": "http://testserver"},
    )
    assert same.status_code == 200


def test_a_session_someone_chose_is_never_taken(open_client: Open) -> None:
    """Session fixation: a cookie the server did not make signs nobody in, and signing in
    always makes a new session, ending the one the browser came with."""
    first = open_client()
    assert sign_up(first, "ana@example.org").status_code == 200
    chosen = "chosen-by-an-attacker"
    client = device(first, cookies={COOKIE: chosen})
    assert client.get("/api/account").json()["account"] is None
    answer = client.post(
        "/api/session",
        json={"email": "ana@example.org", "password": PASSWORD},
        headers={"X-CSRF-Token": csrf_token(chosen)},
    )
    assert answer.status_code == 200
    new = answer.cookies.get(COOKIE)
    assert new and new != chosen
    assert device(first, cookies={COOKIE: chosen}).get("/api/account").json()["account"] is None
    again = sign_in(device(first, cookies={COOKIE: new}), "ana@example.org")
    assert again.status_code == 403  # signing in again, from a page, sends its header too
    again = device(first, cookies={COOKIE: new}).post(
        "/api/session",
        json={"email": "ana@example.org", "password": PASSWORD},
        headers={"X-CSRF-Token": csrf_token(new)},
    )
    assert again.status_code == 200 and again.cookies.get(COOKIE) != new
    stale = device(first, cookies={COOKIE: new})
    assert stale.get("/api/account").json()["account"] is None  # rotated away


def test_sign_out_here_and_everywhere(open_client: Open) -> None:
    first = open_client()
    assert sign_up(first, "ana@example.org").status_code == 200
    second, third = device(first), device(first)
    for other in (second, third):
        assert sign_in(other, "ana@example.org").status_code == 200
    assert second.delete("/api/session", headers=csrf(second)).status_code == 204
    assert second.get("/api/account").json()["account"] is None
    assert first.get("/api/account").json()["account"] is not None
    everywhere = first.delete("/api/sessions", headers=csrf(first))
    assert everywhere.json() == {"message": "signed out of 2 session(s)"}
    for client in (first, third):
        assert client.get("/api/account").json()["account"] is None


def test_a_new_password_signs_the_other_browsers_out(open_client: Open) -> None:
    here = open_client()
    assert sign_up(here, "ana@example.org").status_code == 200
    there = device(here)
    assert sign_in(there, "ana@example.org").status_code == 200
    wrong = here.post(
        "/api/account/password",
        json={"current": "not it at all", "new": "x" * 10},
        headers=csrf(here),
    )
    assert wrong.status_code == 403
    changed = here.post(
        "/api/account/password",
        json={"current": PASSWORD, "new": "a new password"},
        headers=csrf(here),
    )
    assert changed.status_code == 200
    assert here.get("/api/account").json()["account"] is not None
    assert there.get("/api/account").json()["account"] is None
    assert sign_in(device(here), "ana@example.org").status_code == 401
    assert sign_in(device(here), "ana@example.org", "a new password").status_code == 200


def test_a_password_reset_by_its_link_once(open_client: Open, mail: tuple[Mailbox, str]) -> None:
    box, url = mail
    client = with_mail(open_client, url)
    verified(client, box, "ana@example.org")
    asked = device(client).post("/api/account/reset", json={"email": "ana@example.org"})
    assert asked.status_code == 202
    drain(client)
    link = links(box.wait("ana@example.org", 2))[0]
    assert link.startswith(f"{PUBLIC}/account/reset?token=")
    phone = device(client)
    done = phone.post(
        "/api/account/reset/confirm", json={"token": token_of(link), "password": "brand new pw"}
    )
    assert done.status_code == 200 and phone.get("/api/account").json()["account"]
    assert client.get("/api/account").json()["account"] is None  # every other session ended
    used = device(client).post(
        "/api/account/reset/confirm", json={"token": token_of(link), "password": "again new pw"}
    )
    assert used.status_code == 403 and "used already" in used.json()["detail"]
    assert sign_in(device(client), "ana@example.org", "brand new pw").status_code == 200


def test_an_expired_reset_link_is_refused(open_client: Open, mail: tuple[Mailbox, str]) -> None:
    box, url = mail
    client = with_mail(open_client, url)
    verified(client, box, "ana@example.org")
    client.post("/api/account/reset", json={"email": "ana@example.org"}, headers=csrf(client))
    drain(client)
    token = token_of(links(box.wait("ana@example.org", 2))[0])
    db = client.app.state.db  # type: ignore[attr-defined]
    with db.writing() as session:  # an hour and a second later
        session.execute(update(LinkRow).values(expires_at=now() - timedelta(seconds=1)))
    late = device(client).post(
        "/api/account/reset/confirm", json={"token": token, "password": "brand new pw"}
    )
    assert late.status_code == 403 and "expired" in late.json()["detail"]
    assert sign_in(device(client), "ana@example.org").status_code == 200  # unchanged


def test_without_email_a_reset_says_so(open_client: Open) -> None:
    answer = open_client().post("/api/account/reset", json={"email": "ana@example.org"})
    assert answer.status_code == 409 and "e-mail is off" in answer.json()["detail"]


def test_turn_emails_are_chosen_by_the_account(
    open_client: Open, mail: tuple[Mailbox, str]
) -> None:
    box, url = mail
    client = with_mail(open_client, url)
    nobody = client.patch("/api/account", json={"turn_emails": True})
    assert nobody.status_code == 403 and "sign in" in nobody.json()["detail"]
    verified(client, box, "ana@example.org")
    assert client.get("/api/account").json()["account"]["turn_emails"] is False
    forged = client.patch("/api/account", json={"turn_emails": True})
    assert forged.status_code == 403  # the cookie without its X-CSRF-Token
    for bad in ({"turn_emails": "yes"}, {"turn_emails": 1}, {}, {"turn_emails": True, "x": 1}):
        refused = client.patch("/api/account", json=bad, headers=csrf(client))
        assert refused.status_code == 400, bad
    assert client.get("/api/account").json()["account"]["turn_emails"] is False
    on = client.patch("/api/account", json={"turn_emails": True}, headers=csrf(client))
    assert on.status_code == 200 and on.json()["account"]["turn_emails"] is True
    assert on.json()["csrf"] == csrf(client)["X-CSRF-Token"]
    other = device(client)
    assert sign_in(other, "ana@example.org").status_code == 200
    assert other.get("/api/account").json()["account"]["turn_emails"] is True
    off = other.patch("/api/account", json={"turn_emails": False}, headers=csrf(other))
    assert off.status_code == 200 and off.json()["account"]["turn_emails"] is False
    assert client.get("/api/account").json()["account"]["turn_emails"] is False


def test_without_email_turn_emails_cannot_be_turned_on(open_client: Open) -> None:
    client = open_client()
    assert sign_up(client, "ana@example.org").status_code == 200
    refused = client.patch("/api/account", json={"turn_emails": True}, headers=csrf(client))
    assert refused.status_code == 409 and "e-mail is off" in refused.json()["detail"]
    assert client.get("/api/account").json()["account"]["turn_emails"] is False
    kept_off = client.patch("/api/account", json={"turn_emails": False}, headers=csrf(client))
    assert kept_off.status_code == 200 and kept_off.json()["account"]["turn_emails"] is False


def test_e_mail_asked_too_often_from_one_address_is_refused(
    open_client: Open, mail: tuple[Mailbox, str]
) -> None:
    client = with_mail(open_client, mail[1], mails_per_address_per_hour=2)
    for _ in range(2):
        assert client.post("/api/account/reset", json={"email": "x@example.org"}).status_code == 202
    refused = client.post("/api/account/reset", json={"email": "x@example.org"})
    assert refused.status_code == 429


def test_a_deleted_account_keeps_its_games_under_another_name(open_client: Open) -> None:
    client = open_client()
    assert sign_up(client, "ana@example.org").status_code == 200
    other = device(client)
    assert sign_in(other, "ana@example.org").status_code == 200
    game = (
        device(client)
        .post(
            "/api/games",
            json={
                "game": "discovery",
                "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "greedy"}],
            },
        )
        .json()
    )
    db = client.app.state.db  # type: ignore[attr-defined]
    store = client.app.state.accounts.store  # type: ignore[attr-defined]
    account_id = store.by_email("ana@example.org")[0].id
    with db.writing() as session:
        session.execute(text("UPDATE seats SET account_id = :a WHERE seat = 0"), {"a": account_id})
    refused = client.request(
        "DELETE", "/api/account", json={"password": "not the password"}, headers=csrf(client)
    )
    assert refused.status_code == 403
    deleted = client.request(
        "DELETE", "/api/account", json={"password": PASSWORD}, headers=csrf(client)
    )
    assert deleted.status_code == 200
    assert other.get("/api/account").json()["account"] is None  # its sessions are gone
    assert sign_in(device(client), "ana@example.org").status_code == 401
    stored = db.load_game(game["game_id"])
    assert stored is not None and stored.seats[0].name == DELETED_NAME
    assert sign_up(device(client), "ana@example.org", "Ana").status_code == 200


def test_mail_settings_are_checked_at_start(database_url: str) -> None:
    with pytest.raises(ValueError, match="public URL"):
        create_app(settings_for(database_url, smtp_url="smtp://127.0.0.1:25"))
    with pytest.raises(ValueError, match="SMTP URL starts with"):
        create_app(settings_for(database_url, smtp_url="http://x", public_url=PUBLIC))


def test_expired_sessions_links_and_old_attempts_are_forgotten(open_client: Open) -> None:
    client = open_client()
    assert sign_up(client, "ana@example.org").status_code == 200
    keep = device(client)
    assert sign_in(keep, "ana@example.org").status_code == 200
    assert sign_in(device(client), "ana@example.org", "wrong password").status_code == 401
    store = client.app.state.accounts.store  # type: ignore[attr-defined]
    db = client.app.state.db  # type: ignore[attr-defined]
    with db.writing() as session:  # the first session expired, the failure is two days old
        session.execute(
            text("UPDATE sessions SET expires_at = :t WHERE token_hash = :h"),
            {"t": now() - timedelta(seconds=1), "h": digest(client.cookies[COOKIE])},
        )
        aged = session.execute(
            text("UPDATE attempts SET at = :t"), {"t": now() - timedelta(days=2)}
        )
    assert aged.rowcount == 3  # the sign-up, and the failure for the account and the address
    assert store.prune() == 1 + 3
    assert client.get("/api/account").json()["account"] is None
    assert keep.get("/api/account").json()["account"]["name"] == "Ana"
    assert store.prune() == 0


def test_tries_made_at_once_cannot_all_pass_the_count(open_client: Open) -> None:
    """Each try is counted before its password is checked: of twelve at once for one
    address, five are checked (and refused), the others throttled without a hash."""
    client = open_client(sign_in_failures_per_account=5, sign_in_failures_per_address=50)
    assert sign_up(client, "ana@example.org").status_code == 200
    accounts = client.app.state.accounts  # type: ignore[attr-defined]
    before = accounts.hashes

    async def at_once() -> list[str]:
        async def one(k: int) -> str:
            try:
                await accounts.sign_in("ana@example.org", f"wrong {k:02d} pw", "203.0.113.9", None)
            except Exception as exc:
                return type(exc).__name__
            return "signed in"

        return list(await asyncio.gather(*(one(k) for k in range(12))))

    outcomes = client.portal.call(at_once)  # type: ignore[union-attr]
    assert sorted(set(outcomes)) == ["SignInRefused", "Throttled"]
    assert outcomes.count("SignInRefused") == 5 and accounts.hashes - before == 5


def test_a_taken_name_is_refused_alike_for_any_address(
    open_client: Open, mail: tuple[Mailbox, str]
) -> None:
    box, url = mail
    client = with_mail(open_client, url)
    verified(client, box, "ana@example.org", "Ana")
    answers = [
        (answer.status_code, answer.text)
        for answer in (
            sign_up(device(client), email, "ANA") for email in ("ana@example.org", "x@example.org")
        )
    ]
    assert answers[0] == answers[1] and answers[0][0] == 400 and "taken" in answers[0][1]


def test_wrong_passwords_typed_while_signed_in_are_throttled(open_client: Open) -> None:
    client = open_client(sign_in_failures_per_account=3)
    assert sign_up(client, "ana@example.org").status_code == 200
    wrong = {"current": "not the password", "new": "a new password"}
    seen = [
        client.post("/api/account/password", json=wrong, headers=csrf(client)).status_code
        for _ in range(3)
    ]
    seen.append(
        client.request(
            "DELETE", "/api/account", json={"password": "still not it"}, headers=csrf(client)
        ).status_code
    )
    assert seen == [403, 403, 403, 429]


def test_a_reset_link_stops_working_once_another_was_used(
    open_client: Open, mail: tuple[Mailbox, str]
) -> None:
    box, url = mail
    client = with_mail(open_client, url)
    verified(client, box, "ana@example.org")
    for _ in range(2):
        asked = device(client).post("/api/account/reset", json={"email": "ana@example.org"})
        assert asked.status_code == 202
    drain(client)
    first, second = (token_of(links(box.wait("ana@example.org", n))[0]) for n in (2, 3))
    new = {"password": "brand new pw"}
    done = device(client).post("/api/account/reset/confirm", json={"token": second, **new})
    assert done.status_code == 200
    old = device(client).post("/api/account/reset/confirm", json={"token": first, **new})
    assert old.status_code == 403
