"""Accounts on two server processes sharing one PostgreSQL database: a session made
through one signs in through the other, signing out everywhere ends it in both, and the
failed sign-ins counted by both hold the same account back."""

from __future__ import annotations

from pathlib import Path

import httpx
from tests.server.process import server
from tests.server.test_processes import two_servers

from terranova.server.sessions import COOKIE, csrf_token

PASSWORD = "correct horse battery"
ANA = {"email": "ana@example.org", "name": "Ana", "password": PASSWORD}


def browser(port: int, token: str | None = None) -> httpx.Client:
    cookies = {COOKIE: token} if token else {}
    return httpx.Client(base_url=f"http://127.0.0.1:{port}", cookies=cookies, timeout=30)


def test_a_session_made_through_one_process_holds_in_the_other(
    postgres_url: str, tmp_path: Path
) -> None:
    with two_servers(postgres_url, tmp_path) as (a, b):
        made = a.client.post("/api/account", json=ANA)
        assert made.status_code == 200, made.text
        token = made.cookies[COOKIE]
        with browser(b.port, token) as there, browser(a.port, token) as here:
            assert there.get("/api/account").json()["account"]["name"] == "Ana"
            ended = there.delete("/api/sessions", headers={"X-CSRF-Token": csrf_token(token)})
            assert ended.status_code == 200, ended.text
            assert here.get("/api/account").json()["account"] is None


def test_failed_sign_ins_through_both_processes_count_together(
    postgres_url: str, tmp_path: Path
) -> None:
    with two_servers(postgres_url, tmp_path) as (a, b):
        assert a.client.post("/api/account", json=ANA).status_code == 200
        wrong = {"email": "ana@example.org", "password": "not the password"}
        answers = []
        for srv in (a, b, a, b, a, b):  # the limit is 5 failures for one address in 15 min
            with browser(srv.port) as client:
                answers.append(client.post("/api/session", json=wrong).status_code)
        assert answers == [401, 401, 401, 401, 401, 429]


def test_an_smtp_url_without_a_public_url_stops_the_server(
    postgres_url: str, tmp_path: Path
) -> None:
    with server(postgres_url, tmp_path / "c.log", ["--smtp-url", "smtp://127.0.0.1:1"]) as c:
        c.spawn()
        assert c.process is not None and c.process.wait(timeout=60) != 0
    assert "--public-url" in (tmp_path / "c.log").read_text()
