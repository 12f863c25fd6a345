"""Where the points came from: each scoring announced while playing and kept in the log
under its move, and at the end a table of each kind of scoring by player, whose totals are
the final scores, with every scoring shown on the replay at a click."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

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
    game_id, token = play_at_random(server, game, GAMES[game], seed=3)
    final = server.get(f"/api/games/{game_id}/state?seat=0&token={token}")
    lines = final["view"]["scoring"]
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
    assert lines[-1]["what"] in logged.last.inner_text()
    page.locator(".sheet-events summary").click()
    page.screenshot(path=str(screenshots / f"score-sheet-{game}.png"), full_page=True)
    page.click("[data-testid='sheet-show-0']")
    page.wait_for_selector("#replay-bar:not([hidden])")
    wait_until(
        page,
        "(what) => document.getElementById('replay-label').textContent.includes(what)",
        arg=lines[0]["what"],
    )
    assert int(page.evaluate("document.body.dataset.ply")) >= lines[0]["ply"]


def test_a_scoring_is_announced_as_it_happens(server: Server, new_page: Any) -> None:
    """Ana's page is open while her moves go over HTTP: the first scoring after the page
    loaded comes up as a toast naming who scored, the points and what for."""
    seats = [ANA, GREEDY]
    game_id, token = play_at_random(
        server, "evolution-explore", seats, seed=5, stop=lambda s: s["ply"] >= 2
    )
    page = new_page()
    page.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
    page.wait_for_selector("body[data-ply]")
    start = server.get(f"/api/games/{game_id}/state?seat=0&token={token}")
    known = len(start["view"]["scoring"])
    state = play_until(server, game_id, token, 1, lambda s: len(s["view"]["scoring"]) > known)
    assert len(state["view"]["scoring"]) > known, "the game ended without a scoring"
    # the newest line is always among the toasts of the message that brought it
    line = state["view"]["scoring"][-1]
    toast = page.locator(".toast-score", has_text=line["what"])
    toast.first.wait_for(state="visible", timeout=10_000)
    assert ("Ana" in toast.first.inner_text()) == (0 in line["seats"])


def test_a_score_toast_lets_clicks_through_to_the_page(server: Server, new_page: Any) -> None:
    """Scorings come often, in a toast over the bottom of the page (a hand of cards): a
    click there reaches the page, while a toast saying something went wrong still takes
    the click that dismisses it."""
    page = new_page()
    page.goto(f"{server.base}/")
    page.wait_for_selector("body")
    hit = page.evaluate(
        """() => {
          const box = document.createElement("div");
          box.className = "toasts";
          const kinds = ["score", "error"];
          for (const kind of kinds) {
            const item = document.createElement("div");
            item.className = `toast toast-${kind}`;
            item.textContent = kind;
            box.append(item);
          }
          document.body.append(box);
          return kinds.map((kind) => {
            const r = box.querySelector(`.toast-${kind}`).getBoundingClientRect();
            const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
            return at.classList.contains("toast") ? at.className : "page";
          });
        }"""
    )
    assert hit == ["page", "toast toast-error"]
