"""Entdecker: the tile just laid stays in sight under the ship and the units on it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.conftest import Server, play_at_random

ANA = {"kind": "human", "name": "Ana"}
GREEDY = {"kind": "bot", "bot": "greedy"}


def laid_this_turn(state: dict[str, Any]) -> bool:
    """Mid-turn for Ana, with a tile laid this turn (the ship by it) and units on the map
    (the outline is to be drawn over them)."""
    turn = state["view"].get("turn")
    placed = state["view"].get("units")
    return bool(turn and turn["seat"] == 0 and turn["laid"] and placed and state["legal"])


def test_the_tile_just_laid_is_outlined_above_the_ship_and_units(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    for seed in range(1, 13):
        game_id, token = play_at_random(
            server, "entdecker", [ANA, GREEDY], seed=seed, stop=laid_this_turn
        )
        state = server.get(f"/api/games/{game_id}/state?seat=0&token={token}")
        if laid_this_turn(state):
            break
    else:
        raise AssertionError("no turn of Ana's laid a tile")
    page = new_page()
    page.goto(f"{server.base}/play/{game_id}?seat=0&token={token}")
    page.wait_for_selector(".laid-this-turn")
    page.wait_for_timeout(300)
    page.screenshot(path=str(screenshots / "entdecker-laid.png"))
    found = page.evaluate(
        """() => {
          const svg = document.querySelector('#map svg');
          const outline = document.querySelector('.laid-this-turn');
          const layers = [...svg.querySelectorAll('g[class^="layer-"], g[class*=" layer-"]')];
          const at = (sel) => layers.findIndex((g) => g.querySelector(sel));
          const box = outline.getBoundingClientRect();
          // how much of the tile the units and the ship over it hide
          let hidden = 0;
          for (const el of document.querySelectorAll('.unit, .ship')) {
            const r = el.getBoundingClientRect();
            const w = Math.min(r.right, box.right) - Math.max(r.left, box.left);
            const h = Math.min(r.bottom, box.bottom) - Math.max(r.top, box.top);
            if (w > 0 && h > 0) hidden += w * h;
          }
          return { outline: at('.laid-this-turn'), units: at('.unit'), ship: at('.ship'),
                   hidden: hidden / (box.width * box.height) };
        }"""
    )
    assert found["outline"] > found["units"] >= 0, found  # drawn over the units
    assert found["ship"] < 0 or found["outline"] > found["ship"], found  # and the ship
    assert found["hidden"] < 0.3, found
