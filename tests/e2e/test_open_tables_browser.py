"""Open tables in the browser: a seat left open in the lobby is listed in another
browser's lobby, which joins it by name and plays it; the creator's page sees who came."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.conftest import Server, create_from_lobby, wait_until

GAME = "evolution-explore"


def test_join_an_open_seat_from_the_lobby(server: Server, new_page: Any, screenshots: Path) -> None:
    ana = new_page()
    game_id = create_from_lobby(ana, server, ["human", "open"], name="Ana", game=GAME)
    assert "Open: seat 2" in ana.inner_text("#invite-list")
    # the creator's own lobby does not offer the creator's game to join
    assert ana.locator(f"#open-tables-list li[data-game-id='{game_id}']").count() == 0
    ana.click("[data-testid='seat-0-open']")
    ana.wait_for_selector("body[data-conn='online']")
    ana.wait_for_selector("[data-testid='open-1']")
    # Ana moves first; once she has, the game waits for the open seat
    token = ana.url.split("token=")[1]
    state = server.get(f"/api/games/{game_id}/state?seat=0&token={token}")
    move = {"seat": 0, "token": token, "action": state["legal"][0], "ply": state["ply"]}
    server.post(f"/api/games/{game_id}/actions", move)
    wait_until(
        ana,
        "document.getElementById('turn-banner').textContent"
        " === 'Waiting for someone to join seat 2'",
    )

    bo = new_page()
    bo.goto(server.base + "/")
    listed = bo.locator(f"#open-tables-list li[data-game-id='{game_id}']")
    listed.wait_for()
    assert "Ana" in listed.inner_text()
    assert "open seat" in listed.inner_text()
    bo.screenshot(path=str(screenshots / "lobby-open-tables.png"))
    bo.fill("#join-name", "Bo")
    bo.click(f"[data-testid='join-{game_id}-1']")
    bo.wait_for_url(f"**/play/{game_id}?seat=1&token=*")
    bo.wait_for_selector("body[data-conn='online']")
    assert "seat 2" in bo.inner_text("#game-title")
    assert "Bo" in bo.inner_text("[data-testid='player-1']")

    # Ana's page learns who joined, at once
    wait_until(ana, "document.querySelector('[data-testid=player-1]').textContent.includes('Bo')")
    assert ana.locator("[data-testid='open-1']").count() == 0

    # the table is full: no longer listed; Bo's lobby lists it among Bo's games
    bo.goto(server.base + "/")
    bo.wait_for_selector(f"#my-games-list li[data-game-id='{game_id}'] a.button")
    assert bo.locator(f"#open-tables-list li[data-game-id='{game_id}']").count() == 0
    assert server.get("/api/games?open=1")["games"] == []
