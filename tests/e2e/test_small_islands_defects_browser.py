"""Small Islands as a new player met it: the players scrolled out of the sidebar, a round's
end where you built nothing passed silently, tiles in hand small and named by their id,
and the rules page's tile catalogue squeezed unreadably small."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from terranova.core.i18n import from_data
from tests.e2e.conftest import Server, wait_until

ANA = {"kind": "human", "name": "Ana"}
GREEDY = {"kind": "bot", "bot": "greedy"}


def play_building_nothing(server: Server, game_id: str, token: str, stop: Any) -> dict[str, Any]:
    """Ana plays at random but never builds a house, until ``stop(state)``."""
    rng = random.Random(4)
    deadline = time.monotonic() + 120
    while True:
        state = server.get(f"/api/games/{game_id}/state?seat=0&token={token}")
        if state["status"] == "finished" or stop(state):
            return dict(state)
        assert time.monotonic() < deadline, state
        legal = [a for a in state["legal"] if not a.startswith("house")]
        if legal:
            move = {"seat": 0, "token": token, "action": rng.choice(legal), "ply": state["ply"]}
            server.post(f"/api/games/{game_id}/actions", move)


def test_small_islands_reads_plainly(server: Server, new_page: Any, screenshots: Path) -> None:
    created = server.post(
        "/api/games",
        {"game": "small-islands", "seats": [ANA, GREEDY, GREEDY], "bot_delay_ms": 0},
    )
    game_id, token = created["game_id"], created["seats"][0]["token"]
    # on to round 2, Ana having built nothing in round 1, and her turn to lay a tile
    state = play_building_nothing(
        server,
        game_id,
        token,
        lambda s: s["view"]["round"] >= 2 and any(a.startswith("take") for a in s["legal"]),
    )
    assert state["view"]["round"] >= 2, (state["status"], state["view"]["step"], state["legal"])
    page = new_page()
    page.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
    # ready means the board is loaded; the state comes after, over the WebSocket
    page.wait_for_selector(f"body[data-ply='{state['ply']}']")
    title = page.locator("[data-testid='round-end-title']")
    assert title.is_visible()
    assert "Round 1 ended: you built nothing" in title.inner_text()

    # the tiles in the face-up row are large, named by what they show
    take = page.locator("[data-testid='take']").first
    take.wait_for()
    size = take.locator("svg.mini-tile").bounding_box()
    assert size["width"] >= 80
    # take one: the hand to lay from, each tile large and named by its symbols, not its id
    take.click()
    page.wait_for_selector("[data-testid='hand-tile']")
    components = server.get(f"/api/games/{game_id}/components")
    names = {d["id"]: str(from_data(d["name"])) for d in components["designs"]}
    for tile in page.locator("[data-testid='hand-tile']").all():
        design = str(tile.get_attribute("data-design"))
        label = tile.locator(".hand-label").inner_text()
        assert names[design] in label and design not in label, (design, label)
        assert tile.locator("svg.mini-tile").bounding_box()["width"] >= 96
    page.screenshot(path=str(screenshots / "small-islands-hand.png"))

    # the players stay in sight when the sidebar scrolls to its end
    page.evaluate("document.querySelector('.sidebar').scrollTop = 1e6")
    page.wait_for_timeout(100)
    scrolled = page.evaluate("document.querySelector('.sidebar').scrollTop")
    box = page.locator("[data-testid='players']").bounding_box()
    assert box["y"] >= 52 and box["y"] + 40 <= 800, (scrolled, box)
    assert page.evaluate(
        """() => {
          const r = document.querySelector('[data-testid=players] li').getBoundingClientRect();
                   const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                   return Boolean(at && at.closest('[data-testid=players]')); }"""
    )
    page.screenshot(path=str(screenshots / "small-islands-sidebar-scrolled.png"))


def test_the_tile_catalogue_is_readable(server: Server, new_page: Any, screenshots: Path) -> None:
    page = new_page()
    page.goto(f"{server.base}/rules/small-islands")
    image = page.locator(".rules-picture[data-picture='components'] img")
    image.wait_for()
    wait_until(
        page,
        "() => document.querySelector(\".rules-picture[data-picture='components'] img\").complete",
    )
    box = image.bounding_box()
    natural = image.evaluate("(img) => [img.naturalWidth, img.naturalHeight]")
    # drawn at the page's width, not squeezed into a strip: a tile at least 80 px wide
    tile = 112 * box["width"] / natural[0]
    assert tile >= 80, (box, natural)
    svg = page.evaluate(
        "async () => (await fetch('/rules/small-islands/pictures/components.svg')).text()"
    )
    assert svg.count(">house symbol<") == 2  # the key above and below
    assert "2 flowers" in svg  # each tile named by what it shows
    image.screenshot(path=str(screenshots / "small-islands-catalogue.png"))
