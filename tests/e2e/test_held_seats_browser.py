"""Seats held through accounts, in the browser: a game created while signed in is found
under "My games" in a second browser signed in to the same account, and played there
without its token; a guest's game kept in this browser is attached to the account it
signs up for."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.conftest import Server, create_from_lobby, wait_until

PASSWORD = "correct horse battery"


def account_call(page: Any, path: str, body: dict[str, Any]) -> Any:
    """POST to the account API from the page, as its forms do (no cookie yet: no CSRF
    token is needed); the answer's status."""
    return page.evaluate(
        """async ([path, body]) => {
            const r = await fetch(path, {method: 'POST', headers: {'Content-Type':
              'application/json'}, body: JSON.stringify(body)});
            return r.status;
        }""",
        [path, body],
    )


def open_lobby(page: Any, server: Server) -> None:
    page.goto(server.base + "/")
    page.wait_for_selector("body[data-ready='1']")


def test_my_games_on_a_second_browser_and_played_there(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    home = new_page()
    open_lobby(home, server)
    signed = {"email": "ana@example.org", "name": "Ana", "password": PASSWORD}
    assert account_call(home, "/api/account", signed) == 200
    game_id = create_from_lobby(home, server, ["human", "random"])
    phone = new_page(width=420, height=860)
    open_lobby(phone, server)
    credentials = {"email": "ana@example.org", "password": PASSWORD}
    assert account_call(phone, "/api/session", credentials) == 200
    open_lobby(phone, server)
    link = phone.locator(f"[data-testid='my-game-{game_id}-0']")
    link.wait_for()
    assert link.get_attribute("href") == f"/play/{game_id}?seat=0"  # no token here
    item = phone.locator(f".my-game[data-game-id='{game_id}']")
    assert "your turn" in item.inner_text()
    phone.screenshot(path=str(screenshots / "held_seats_my_games_phone.png"))
    link.click()
    phone.wait_for_selector("body[data-ply]")
    wait_until(phone, "() => document.body.dataset.myTurn === '1'")
    before = int(phone.evaluate("() => window.terranova.state().ply"))
    phone.evaluate("() => window.terranova.send(window.terranova.state().legal[0])")
    wait_until(phone, f"() => Number(document.body.dataset.ply) > {before}")
    assert "seat 1" in phone.locator("#game-title").inner_text()


def test_a_guest_attaches_the_game_kept_in_this_browser(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    page = new_page()
    game_id = create_from_lobby(page, server, ["human", "random"])
    kept = page.evaluate("() => JSON.parse(localStorage.getItem('terranova.seats'))")
    assert [(s["game_id"], s["seat"]) for s in kept] == [(game_id, 0)]
    signed = {"email": "bo@example.org", "name": "Bo", "password": PASSWORD}
    assert account_call(page, "/api/account", signed) == 200
    open_lobby(page, server)
    page.wait_for_selector(f".my-game[data-game-id='{game_id}'][data-held='account']")
    held = page.evaluate("async () => (await fetch('/api/account/games')).json()")
    listed = [g["game_id"] for group in held.values() for g in group]
    assert listed == [game_id]
    assert page.locator(f".my-game[data-game-id='{game_id}']").count() == 1  # no duplicate
    page.screenshot(path=str(screenshots / "held_seats_attached.png"), full_page=True)
