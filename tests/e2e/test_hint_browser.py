"""The Hint button: against a bot it shows what our search bot would play, with its
estimate and the moves it weighed, until the position changes; at a table of people that
does not allow hints there is no button."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import Server, wait_ready_to_act, wait_until
from tests.load import burning, every_core

GAME = "evolution-explore"
ANA = {"kind": "human", "name": "Ana"}


def test_a_hint_against_a_bot(server: Server, new_page: Any, screenshots: Path) -> None:
    created = server.post(
        "/api/games",
        {"game": GAME, "seats": [ANA, {"kind": "bot", "bot": "greedy"}], "bot_delay_ms": 0},
    )
    game_id, token = created["game_id"], created["seats"][0]["token"]
    page = new_page()
    page.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
    page.wait_for_selector("body[data-conn='online']")
    wait_ready_to_act(page)
    button = page.locator("[data-testid='hint']")
    assert button.is_visible() and button.is_enabled()
    button.click()
    best = page.locator("[data-testid='hint-best']")
    best.wait_for()
    state = server.get(f"/api/games/{game_id}/state?seat=0&token={token}")
    assert best.get_attribute("data-action") in state["legal"]
    box = page.inner_text("[data-testid='hint-box']")
    if "a plain greedy suggestion" in box:  # a machine too busy for any search in time
        assert "Our greedy bot would play" in box
    else:
        assert "Our search bot would play" in box
        assert "points over the best other player" in box
    page.screenshot(path=str(screenshots / "hint.png"))

    move = {"seat": 0, "token": token, "action": state["legal"][0], "ply": state["ply"]}
    server.post(f"/api/games/{game_id}/actions", move)
    page.wait_for_selector("[data-testid='hint-box']", state="hidden")


def test_no_hint_button_between_people(server: Server, new_page: Any) -> None:
    created = server.post(
        "/api/games", {"game": GAME, "seats": [ANA, {"kind": "human", "name": "Bo"}]}
    )
    game_id, token = created["game_id"], created["seats"][0]["token"]
    page = new_page()
    page.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
    page.wait_for_selector("body[data-conn='online']")
    wait_ready_to_act(page)
    assert page.locator("[data-testid='hint']").is_hidden()


def test_the_lobby_allows_hints_between_people(server: Server, new_page: Any) -> None:
    page = new_page()
    page.goto(server.base + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#game-select", GAME)
    page.select_option("#players-select", "2")
    page.select_option("#seat-1-kind", "human")
    page.check("#hints")
    page.click("#create-button")
    page.wait_for_selector("#created:not([hidden])")
    game_id = page.get_attribute("#created", "data-game-id")
    assert server.get(f"/api/games/{game_id}")["hints"] is True
    page.click("[data-testid='seat-0-open']")
    page.wait_for_selector("body[data-conn='online']")
    wait_ready_to_act(page)
    assert page.locator("[data-testid='hint']").is_visible()


def test_a_hint_cut_short_or_greedys_says_so(server: Server, new_page: Any) -> None:
    """The server's answer is rewritten in the browser as a busy machine makes it: a search
    cut short, then greedy's suggestion; the hint box says which."""
    created = server.post(
        "/api/games",
        {"game": GAME, "seats": [ANA, {"kind": "bot", "bot": "greedy"}], "bot_delay_ms": 0},
    )
    game_id, token = created["game_id"], created["seats"][0]["token"]
    page = new_page()
    busy: list[dict[str, Any]] = [
        {"complete": False, "iterations": 412},
        {"source": "greedy", "bot": "greedy", "complete": False, "iterations": 0},
    ]

    def rewrite(route: Any) -> None:
        given = route.fetch().json()
        given.update(busy.pop(0))
        if given["source"] == "greedy":
            given["best"].update(visits=0, value=None, margin=None)
            given["alternatives"] = []
        route.fulfill(json=given)

    page.route("**/hint?*", rewrite)
    page.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
    page.wait_for_selector("body[data-conn='online']")
    wait_ready_to_act(page)
    button = page.locator("[data-testid='hint']")
    note = page.locator("[data-testid='hint-note']")
    button.click()
    note.wait_for()
    assert note.inner_text() == "Cut short: searched 412 of 1,000 simulations."  # in English
    assert "Our search bot would play" in page.inner_text("[data-testid='hint-box']")
    wait_until(page, "() => !document.querySelector(\"[data-testid='hint']\").disabled")
    button.click()
    wait_until(
        page,
        "() => document.querySelector(\"[data-testid='hint-box']\").innerText.includes('greedy')",
    )
    box = page.inner_text("[data-testid='hint-box']")
    assert "Our greedy bot would play" in box
    assert "a plain greedy suggestion" in box


BOARD_GAMES = {
    "discovery": [ANA, {"kind": "bot", "bot": "greedy"}],
    "entdecker": [ANA, {"kind": "bot", "bot": "greedy"}],
    "evolution-explore": [ANA, {"kind": "bot", "bot": "greedy"}],
    "evolution-bluff": [ANA, {"kind": "bot", "bot": "greedy"}],
    "small-islands": [ANA, {"kind": "bot", "bot": "greedy"}],
}


@pytest.mark.parametrize("game", sorted(BOARD_GAMES))
def test_a_hint_is_drawn_on_the_board(
    game: str, server: Server, new_page: Any, screenshots: Path
) -> None:
    """With every core kept busy, the hint still answers and is drawn on the map (the
    board's showHint: a mark of the move not made), with its lead in words; another move
    it weighed is drawn at a click, and the marks go once the position changes."""
    created = server.post(
        "/api/games", {"game": game, "seats": BOARD_GAMES[game], "bot_delay_ms": 0}
    )
    game_id, token = created["game_id"], created["seats"][0]["token"]
    page = new_page()
    page.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
    page.wait_for_selector("body[data-conn='online']")
    wait_ready_to_act(page)
    with burning(every_core()):
        page.locator("[data-testid='hint']").click()
        page.locator("[data-testid='hint-best']").wait_for(timeout=120_000)
    assert page.evaluate("document.body.dataset.hintMarks") == "hint"
    mark = page.locator("#map [data-testid='hint-mark']").first
    mark.wait_for()
    assert mark.is_visible()
    page.screenshot(path=str(screenshots / f"hint-{game}.png"))
    # long moves in words wrap inside the sidebar
    assert page.evaluate(
        "() => { const b = document.querySelector(\"[data-testid='hint-box']\");"
        " return b.scrollWidth <= b.clientWidth + 1; }"
    )
    others = page.locator(".hint-others button")
    if others.count():
        lead = page.inner_text("[data-testid='hint-lead']")
        # "about 2 points better than…", or with moves tied "about as good as…"
        assert re.search(r"(than|as good as) the next move it weighed", lead), lead
        others.first.click()
        page.locator("#map [data-testid='hint-mark']").first.wait_for()
    state = server.get(f"/api/games/{game_id}/state?seat=0&token={token}")
    move = {"seat": 0, "token": token, "action": state["legal"][0], "ply": state["ply"]}
    server.post(f"/api/games/{game_id}/actions", move)
    page.wait_for_selector("[data-testid='hint-box']", state="hidden")
    wait_until(page, "() => !document.querySelector(\"#map [data-testid='hint-mark']\")")
