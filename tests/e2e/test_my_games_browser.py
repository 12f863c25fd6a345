"""The lobby's "My games" shows a finished game's scores as a player reads them: whole
points, not the returns with their tie-breaks ("23.030401")."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import Server, play_at_random

ANA = {"kind": "human", "name": "Ana"}
GREEDY = {"kind": "bot", "bot": "greedy"}


def test_my_games_shows_the_points(server: Server, new_page: Any) -> None:
    game_id, token = play_at_random(server, "small-islands", [ANA, GREEDY, GREEDY], seed=2)
    summary = server.get(f"/api/games/{game_id}")
    assert summary["status"] == "finished"
    points = summary["result"]["points"]
    page = new_page()
    page.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
    page.wait_for_selector("body[data-ply]")  # its first state came: the seat is remembered
    page.goto(f"{server.base}/")
    chips = page.locator(f".my-game[data-game-id='{game_id}'] .player-chip")
    chips.first.locator("b").wait_for()
    shown = [chip.locator("b").inner_text().strip() for chip in chips.all()]
    assert shown == [str(p) for p in points], (shown, summary["result"])
    stars = [chip.inner_text().count("★") for chip in chips.all()]
    assert [k for k, n in enumerate(stars) if n] == summary["result"]["winners"]
