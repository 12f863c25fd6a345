"""The score chart draws the players holding no seat (a solo Small Islands game's Alexis)
beside the seats, dashed, named as the player list names them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.conftest import Server, play_at_random, wait_until


def test_alexis_has_a_line_in_the_score_chart(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    game_id, token = play_at_random(
        server,
        "small-islands",
        [{"kind": "human", "name": "Ana"}],
        seed=2,
        stop=lambda s: len(s["scores_by_turn"]) >= 4,
        params={"players": 1},
    )
    page = new_page()
    page.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
    page.wait_for_selector("body[data-conn='online']")
    page.click("#chart-card summary")
    wait_until(page, "() => document.querySelector(\"#live-chart path[data-other='alexis']\")")
    line = page.locator("#live-chart path[data-other='alexis']")
    assert line.get_attribute("stroke-dasharray")
    assert "Alexis" in page.get_attribute("#live-chart svg", "aria-label")
    page.locator("#chart-card").screenshot(path=str(screenshots / "chart-alexis.png"))
