"""The analysis on the end card: each player's mean loss and the biggest mistakes, each
shown on the replay at a click."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from tests.e2e.conftest import Server
from tests.e2e.test_rematch_browser import polite

GAME = "evolution-explore"


def test_the_analysis_lists_mistakes_and_shows_them(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    created = server.post(
        "/api/games",
        {
            "game": GAME,
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "greedy"}],
            "bot_delay_ms": 0,
        },
    )
    game_id, token = created["game_id"], created["seats"][0]["token"]
    rng = random.Random(6)  # Ana plays at random: the bot finds mistakes
    while True:
        state = polite(server.get, f"/api/games/{game_id}/state?seat=0&token={token}")
        if state["status"] == "finished":
            break
        if state["legal"]:
            move = {
                "seat": 0,
                "token": token,
                "action": rng.choice(state["legal"]),
                "ply": state["ply"],
            }
            polite(server.post, f"/api/games/{game_id}/actions", move)
    page = new_page()
    page.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
    page.wait_for_selector("[data-testid='end-card']:visible")
    page.click("[data-testid='analysis-button']")
    box = page.locator("[data-testid='analysis']")
    box.wait_for(state="visible", timeout=60_000)
    assert "Ana: " in box.inner_text() and "greedy: " in box.inner_text()
    first = page.locator("[data-testid='mistake-0']")
    assert first.is_visible()
    ply = int(str(page.locator(".mistake").first.get_attribute("data-ply")))
    page.screenshot(path=str(screenshots / "analysis.png"))
    first.click()
    page.wait_for_selector("#replay-bar:not([hidden])")
    page.wait_for_function(
        "document.getElementById('replay-label').textContent.includes('the bot preferred')"
    )
    assert page.evaluate("document.body.dataset.ply") == str(ply)
