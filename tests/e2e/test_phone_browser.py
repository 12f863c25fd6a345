"""On a phone: the map and the move's controls stay on the screen together (the sidebar
scrolls on its own), the colour-blind switch keeps a name, and a finger resting on a tile,
a card or a start point shows its tooltip, in every game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import Server, no_horizontal_scroll, wait_ready_to_act, wait_until

ANA = {"kind": "human", "name": "Ana"}
GREEDY = {"kind": "bot", "bot": "greedy"}
GAMES = ["discovery", "entdecker", "evolution-explore", "small-islands"]

FIND_TITLED = """() => {
  // the first thing on the board with a tooltip (a title, or an SVG title), in view
  const titled = (el) => {
    const own = el.getAttribute('title');
    if (own) return own;
    const child = [...el.children].find((c) => c.localName === 'title');
    return child && child.textContent ? child.textContent : null;
  };
  for (const el of document.querySelectorAll('#map *, #board-panel *')) {
    const text = titled(el);
    if (!text || el.localName === 'title') continue;
    const r = el.getBoundingClientRect();
    if (r.width < 8 || r.height < 8) continue;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue;
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(hit === el || el.contains(hit))) continue;
    window.touched = { el: hit, x, y, clicks: 0 };
    hit.addEventListener('click', () => { window.touched.clicks += 1; });
    return text;
  }
  return null;
}"""

TOUCH = """(kind) => {
  const { el, x, y } = window.touched;
  const init = { pointerType: 'touch', isPrimary: true, bubbles: true, clientX: x, clientY: y };
  el.dispatchEvent(new PointerEvent(kind, init));
  const at = { bubbles: true, clientX: x, clientY: y };
  if (kind === 'pointerup') el.dispatchEvent(new MouseEvent('click', at));
}"""


def open_phone(server: Server, new_page: Any, game: str) -> Any:
    created = server.post("/api/games", {"game": game, "seats": [ANA, GREEDY], "bot_delay_ms": 0})
    page = new_page(390, 844)
    page.goto(
        f"{server.base}/play/{created['game_id']}?seat=0&token={created['seats'][0]['token']}"
    )
    page.wait_for_selector("body[data-conn='online']")
    wait_ready_to_act(page)
    return page


@pytest.mark.parametrize("game", GAMES)
def test_a_finger_resting_on_the_board_shows_its_tooltip(
    game: str, server: Server, new_page: Any, screenshots: Path
) -> None:
    page = open_phone(server, new_page, game)
    text = page.evaluate(FIND_TITLED)
    assert text, "nothing on the board has a tooltip"
    page.evaluate(TOUCH, "pointerdown")
    tip = page.locator("[data-testid='touch-tip']")
    tip.wait_for()
    assert tip.inner_text() == text
    box = tip.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
    page.screenshot(path=str(screenshots / f"touch-tip-{game}.png"))
    page.evaluate(TOUCH, "pointerup")  # lifting the finger does not also click
    assert page.evaluate("window.touched.clicks") == 0
    assert tip.is_visible()
    page.evaluate(TOUCH, "pointerdown")  # the next touch takes it away
    wait_until(page, "() => !document.querySelector(\"[data-testid='touch-tip']\")")


def test_on_a_phone_the_map_and_the_moves_controls_stay_in_view(
    server: Server, new_page: Any, screenshots: Path
) -> None:
    page = open_phone(server, new_page, "discovery")
    layout = page.evaluate(
        """() => {
          const map = document.getElementById('map').getBoundingClientRect();
          const panel = document.getElementById('board-panel').getBoundingClientRect();
          return { scroll: document.scrollingElement.scrollHeight, height: innerHeight,
                   mapTop: map.top, mapBottom: map.bottom, panelTop: panel.top };
        }"""
    )
    assert layout["scroll"] <= layout["height"] + 1, layout  # the page itself never scrolls
    assert layout["mapTop"] >= 0 and layout["mapBottom"] - layout["mapTop"] >= 220, layout
    assert layout["panelTop"] + 60 <= layout["height"], layout  # the move's controls in view
    assert no_horizontal_scroll(page)
    palette = page.locator(".palette-short")
    assert palette.is_visible() and "Colour-blind" in palette.inner_text()
    page.screenshot(path=str(screenshots / "phone-play.png"))
