"""Rematch in the browser: the end card's button starts the rematch and takes its player
to their new seat; the other player is offered it on their open page, and a spectator a
link to watch it."""

from __future__ import annotations

import random
import time
import urllib.error
from pathlib import Path
from typing import Any

from tests.e2e.conftest import Server, wait_until

GAME = "evolution-explore"


def finished_game(server: Server) -> tuple[str, dict[int, str]]:
    """Ana, Bo and a greedy bot, played to the end with random moves over HTTP."""
    created = server.post(
        "/api/games",
        {
            "game": GAME,
            "seats": [
                {"kind": "human", "name": "Ana"},
                {"kind": "human", "name": "Bo"},
                {"kind": "bot", "bot": "greedy"},
            ],
            "bot_delay_ms": 0,
        },
    )
    game_id = created["game_id"]
    tokens = {s["seat"]: s["token"] for s in created["seats"] if s["token"]}
    rng = random.Random(8)
    deadline = time.monotonic() + 90
    while True:
        state = server.get(f"/api/games/{game_id}/state")
        if state["status"] == "finished":
            return game_id, tokens
        assert time.monotonic() < deadline, state
        seat = state["to_move"]
        if seat in tokens:
            query = f"seat={seat}&token={tokens[seat]}"
            mine = server.get(f"/api/games/{game_id}/state?{query}")
            if mine["legal"]:
                body = {
                    "seat": seat,
                    "token": tokens[seat],
                    "action": rng.choice(mine["legal"]),
                    "ply": mine["ply"],
                }
                try:
                    server.post(f"/api/games/{game_id}/actions", body)
                except urllib.error.HTTPError as error:
                    assert error.code == 409  # a bot moved meanwhile
                continue
        time.sleep(0.05)


def test_rematch_from_the_end_card(server: Server, new_page: Any, screenshots: Path) -> None:
    old, tokens = finished_game(server)
    ana, bo, watcher = new_page(), new_page(), new_page()
    ana.goto(f"{server.base}/play/{old}?seat=0&token={tokens[0]}")
    bo.goto(f"{server.base}/play/{old}?seat=1&token={tokens[1]}")
    watcher.goto(f"{server.base}/play/{old}")
    for page in (ana, bo, watcher):
        page.wait_for_selector("[data-testid='end-card']:visible")
        page.wait_for_selector("body[data-conn='online']")
    assert bo.locator("[data-testid='rematch']").is_visible()
    assert not watcher.locator("[data-testid='rematch']").is_visible()
    assert not bo.locator("[data-testid='rematch-link']").is_visible()

    ana.click("[data-testid='rematch']")
    ana.wait_for_url(f"**/play/*?seat=1&token={tokens[0]}")
    new = ana.url.split("/play/")[1].split("?")[0]
    assert new != old
    wait_until(ana, "document.body.dataset.status === 'playing'")
    assert "Ana" in ana.inner_text("#players")

    # Bo's page, still on the old game, is offered the rematch at once
    link = bo.locator("[data-testid='rematch-link']")
    link.wait_for(state="visible")
    assert not bo.locator("[data-testid='rematch']").is_visible()
    assert bo.inner_text("[data-testid='rematch-note']") == (
        "A rematch is ready: you play seat 3 in it."
    )
    bo.screenshot(path=str(screenshots / "rematch-offered.png"))
    watch = watcher.locator("[data-testid='rematch-link']")
    watch.wait_for(state="visible")
    assert watch.inner_text() == "Watch the rematch"
    assert watch.get_attribute("href") == f"/play/{new}"

    link.click()
    bo.wait_for_url(f"**/play/{new}?seat=2&token={tokens[1]}")
    bo.wait_for_selector("body[data-conn='online']")
    assert "seat 3" in bo.inner_text("#game-title")
    summary = server.get(f"/api/games/{new}")
    assert [s["name"] for s in summary["seats"]] == ["greedy", "Ana", "Bo"]
