"""Resign in the browser: after a confirmation the seat is a bot's, and the page goes on as
a spectator's."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import Server, wait_ready_to_act

GAME = "evolution-explore"


def test_resign_hands_the_seat_to_a_bot(server: Server, new_page: Any) -> None:
    created = server.post(
        "/api/games",
        {
            "game": GAME,
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}],
            "bot_delay_ms": 0,
        },
    )
    game_id, token = created["game_id"], created["seats"][0]["token"]
    page = new_page()
    page.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
    page.wait_for_selector("body[data-conn='online']")
    wait_ready_to_act(page)
    asked = []
    page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    page.click("[data-testid='resign']")
    page.wait_for_url(f"**/play/{game_id}")
    page.wait_for_selector("body[data-conn='online']")
    assert asked and asked[0].startswith("Resign?")
    assert "spectator" in page.inner_text("#game-title")
    assert "Ana (resigned)" in page.inner_text("[data-testid='player-0']")
    assert page.locator("[data-testid='resign']").is_hidden()
    assert server.get(f"/api/games/{game_id}")["seats"][0]["kind"] == "bot"
    held = page.evaluate("JSON.parse(localStorage.getItem('terranova.seats') || '[]')")
    assert all(s["game_id"] != game_id for s in held)  # the browser no longer holds it
