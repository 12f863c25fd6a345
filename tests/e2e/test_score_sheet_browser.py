"""Where the points came from: each scoring announced while playing and kept in the log
under its move, and at the end a table of each kind of scoring by player, whose totals are
the final scores, with every scoring shown on the replay at a click."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

from terranova.core.i18n import from_data
from tests.e2e.conftest import Server, play_at_random, play_until, wait_until

ANA = {"kind": "human", "name": "Ana"}
GREEDY = {"kind": "bot", "bot": "greedy"}
GAMES = {
    "discovery": [ANA, GREEDY],
    "evolution-explore": [ANA, GREEDY],
    "small-islands": [ANA],  # solo, against Alexis
    "entdecker": [ANA, GREEDY],
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_end_card_says_where_the_points_came_from(
    server: Server, new_page: Any, screenshots: Path, game: str
) -> None:
    # Each deal is the server's own, and random play scores nothing in about 3 % of solo
    # Small Islands games (no house, no ship by a port, no Discovery token): another deal.
    for seed in range(3, 9):
        game_id, token = play_at_random(server, game, GAMES[game], seed=seed)
        final = server.get(f"/api/games/{game_id}/state?seat=0&token={token}")
        lines = final["view"]["scoring"]
        if lines:
            break
    assert lines, "random play against greedy scores something"
    page = new_page()
    page.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
    page.wait_for_selector("[data-testid='points-sheet']:visible")
    for seat, score in enumerate(final["result"]["scores"]):
        shown = page.locator(f"[data-testid='sheet-total-{seat}']").inner_text()
        assert int(shown) == math.floor(score), (seat, shown, score)  # a tie-break aside
    kinds = page.locator(".sheet tbody tr[data-kind]")
    assert sorted(kinds.evaluate_all("rows => rows.map(r => r.dataset.kind)")) == sorted(
        {line["kind"] for line in lines}
    )
    # the log keeps each scoring under the move that scored it
    logged = page.locator("[data-testid='log-score']")
    assert logged.count() == len([x for x in lines if x["ply"] > final["ply"] - 400])
    assert str(from_data(lines[-1]["what"])) in logged.last.inner_text()
    page.locator(".sheet-events summary").click()
    page.screenshot(path=str(screenshots / f"score-sheet-{game}.png"), full_page=True)
    page.click("[data-testid='sheet-show-0']")
    page.wait_for_selector("#replay-bar:not([hidden])")
    wait_until(
        page,
        "(what) => document.getElementById('replay-label').textContent.includes(what)",
        arg=str(from_data(lines[0]["what"])),
    )
    assert int(page.evaluate("document.body.dataset.ply")) >= lines[0]["ply"]


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_a_scoring_is_announced_out_of_the_way(
    server: Server, new_page: Any, screenshots: Path, width: int, height: int
) -> None:
    """Ana's page is open while her moves go over HTTP: the first scoring after the page
    loaded comes up on one compact line at the top edge, naming who scored, the points and
    what for, over the top bar and not over the board or the panel (on a phone too); a
    click on the line goes through to the page, its close button dismisses it, and it goes by itself
    in a few seconds."""
    seats = [ANA, GREEDY]
    game_id, token = play_at_random(
        server, "evolution-explore", seats, seed=5, stop=lambda s: s["ply"] >= 2
    )
    page = new_page(width=width, height=height)
    page.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
    page.wait_for_selector("body[data-ply]")
    start = server.get(f"/api/games/{game_id}/state?seat=0&token={token}")
    known = len(start["view"]["scoring"])
    state = play_until(server, game_id, token, 1, lambda s: len(s["view"]["scoring"]) > known)
    assert len(state["view"]["scoring"]) > known, "the game ended without a scoring"
    line = state["view"]["scoring"][-1]
    shown = page.locator("[data-testid='scoring-line']", has_text=str(from_data(line["what"])))
    shown.wait_for(state="visible", timeout=10_000)
    assert ("Ana" in shown.inner_text()) == (0 in line["seats"])
    assert page.locator(".toast").count() == 0  # no toast over the page
    page.wait_for_timeout(300)  # its fade in
    page.screenshot(path=str(screenshots / f"score-line-{width}.png"))
    box = shown.bounding_box()
    assert box["height"] <= 40
    assert box["y"] + box["height"] <= 52  # the top bar's height: over it, not the board
    for part in ("#map", "#board-panel", ".players-card"):
        other = page.locator(part).bounding_box()
        assert other["y"] >= box["y"] + box["height"], part
    # a click on the line reaches the page; its close button takes it away
    hit = page.evaluate(
        """() => {
          const r = document.querySelector('.score-line-text').getBoundingClientRect();
          const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          return at.closest('.score-line') ? 'line' : 'page';
        }"""
    )
    assert hit == "page"
    page.click(".score-line-close")
    assert page.locator("[data-testid='scoring-line']").is_hidden()
    # the next one goes by itself
    known = len(state["view"]["scoring"])
    state = play_until(server, game_id, token, 2, lambda s: len(s["view"]["scoring"]) > known)
    if len(state["view"]["scoring"]) > known:
        page.locator("[data-testid='scoring-line']").wait_for(state="visible", timeout=10_000)
        # it goes in 3.5 s by the page's clock, which a loaded machine holds back
        page.locator("[data-testid='scoring-line']").wait_for(state="hidden", timeout=60_000)
